//! Differential tests of colors (XCC, Knuth's DLX2) and multiplicities
//! (MCC, DLX3): the engine against a brute-force oracle that tries every
//! subset of the options of small random problems, and a few problems whose
//! counts can be checked by hand.
//!
//! # What the oracle counts
//!
//! A *solution* is a **set** of options (each option at most once) in which
//!
//! - every primary item lies in between `lo` and `hi` of the options (both
//!   included; exactly one unless [`Problem::set_bounds`] changed that),
//! - every secondary item lies in none of them, or in exactly one without a
//!   color, or in any number that all give it the same color,
//! - every option has a primary item, unless it was forced: the search only
//!   ever chooses an option to cover a primary item (Knuth's programs drop
//!   the other options when they read them). A forced option is put into
//!   every solution by the caller, so it may have no primary item.
//!
//! If every primary item allows 0 (or there are none), the empty set is a
//! solution. Those are the rules of `/work/shared/data/xcc/README.md`, which
//! follow DLX2 and DLX3.

use std::collections::HashSet;

use dlx_core::memo::{Memo, MemoError};
use dlx_core::split::Branch;
use dlx_core::{
    Branching, BuildError, Color, ForceError, Item, Kind, OptionId, Outcome, Problem, Step,
    Uniqueness,
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::{subsequence, Index};

use crate::common::{count_by_splitting, count_by_splitting_with, BRANCHINGS};

/// An entry of an option: an item index (primary items first, as in
/// [`Problem`]) and the index of the color it gives the item, if any.
type Entry = (usize, Option<usize>);

/// A set of options as a bit mask over option ids (the oracle's problems
/// have at most 20 options).
type OptionSet = u32;

/// A small problem with colors and bounds, kept as plain data for the
/// oracle.
#[derive(Clone, Debug)]
struct Model {
    primary: usize,
    secondary: usize,
    /// Is [`Problem::set_bounds`] called for every primary item (else for
    /// none)? Any call, even with `1:1`, makes the problem bounded.
    bounded: bool,
    /// The bounds `(lo, hi)` of each primary item (`(1, 1)` when not
    /// `bounded`).
    bounds: Vec<(u32, u32)>,
    /// Are the bounds set before the options are added (or after)?
    bounds_first: bool,
    /// The options, each a list of entries in the order they are added.
    options: Vec<Vec<Entry>>,
}

/// How the options of a set use a secondary item, so far.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Free,
    Uncolored,
    Colored(usize),
}

/// The options of `set`, in increasing order.
fn members(set: OptionSet) -> impl Iterator<Item = usize> {
    (0..OptionSet::BITS as usize).filter(move |&o| set & (1 << o) != 0)
}

/// A solution as a set, checking that it names no option twice.
fn as_set(solution: &[OptionId]) -> OptionSet {
    let set: OptionSet = solution
        .iter()
        .map(|o| 1 << o.index())
        .fold(0, |a, b| a | b);
    assert_eq!(
        set.count_ones() as usize,
        solution.len(),
        "an option repeats in {solution:?}"
    );
    set
}

impl Model {
    /// A problem with the given items, every primary item exactly once, and
    /// no options.
    fn new(primary: usize, secondary: usize) -> Model {
        Model {
            primary,
            secondary,
            bounded: false,
            bounds: vec![(1, 1); primary],
            bounds_first: true,
            options: Vec::new(),
        }
    }

    /// The kind of search the engine should pick for this problem: bounds
    /// set on any item (even `1:1`, as a DLX3 file may write them) need
    /// Algorithm M.
    fn kind(&self) -> Kind {
        if self.bounded && self.primary > 0 {
            Kind::Multiplicities
        } else if self.options.iter().flatten().any(|e| e.1.is_some()) {
            Kind::Colors
        } else {
            Kind::Exact
        }
    }

    /// Sets the bounds of every primary item in `p` (of none, when the
    /// problem is not `bounded`).
    fn set_bounds(&self, p: &mut Problem) {
        if !self.bounded {
            return;
        }
        for (i, &(lo, hi)) in self.bounds.iter().enumerate() {
            p.set_bounds(p.primary(i), lo, hi).expect("valid bounds");
        }
    }

    /// Adds option `o` to `p`, checking the id it gets.
    fn add_option(&self, p: &mut Problem, o: usize) {
        let entries = self.options[o]
            .iter()
            .map(|&(i, c)| (Item::new(i), c.map(Color::new)));
        let id = p.add_colored_option(entries).expect("a valid option");
        assert_eq!(id, OptionId::new(o));
    }

    /// The problem as the engine holds it; checks that it reads back as
    /// built.
    fn problem(&self) -> Problem {
        let mut p = Problem::new(self.primary, self.secondary);
        if self.bounds_first {
            self.set_bounds(&mut p);
        }
        for o in 0..self.options.len() {
            self.add_option(&mut p, o);
        }
        if !self.bounds_first {
            self.set_bounds(&mut p);
        }
        self.assert_built(&p);
        p
    }

    /// Checks that `p` holds exactly this problem: items, bounds, options
    /// with their colors, and kind.
    fn assert_built(&self, p: &Problem) {
        assert_eq!(p.primary_count(), self.primary);
        assert_eq!(p.secondary_count(), self.secondary);
        assert_eq!(p.option_count(), self.options.len());
        for i in 0..self.primary + self.secondary {
            assert_eq!(
                p.bounds(Item::new(i)),
                self.bounds.get(i).copied(),
                "item {i}"
            );
        }
        for (o, entries) in self.options.iter().enumerate() {
            let id = OptionId::new(o);
            let got: Vec<Entry> = p
                .option_items(id)
                .zip(p.option_colors(id))
                .map(|(i, c)| (i.index(), c.map(Color::index)))
                .collect();
            assert_eq!(&got, entries, "option {o}");
        }
        assert_eq!(p.kind(), self.kind());
    }

    /// Why `set` breaks an upper bound or the color rule (`None` if it
    /// breaks neither). Lower bounds and primary-less options are not
    /// looked at: this is what forcing checks.
    fn clash(&self, set: OptionSet) -> Option<String> {
        let mut count = vec![0u32; self.primary];
        let mut uses = vec![Use::Free; self.secondary];
        for o in members(set) {
            for &(i, c) in &self.options[o] {
                if i < self.primary {
                    count[i] += 1;
                    if count[i] > self.bounds[i].1 {
                        return Some(format!(
                            "primary item {i} is in more than {:?}",
                            self.bounds[i]
                        ));
                    }
                    continue;
                }
                let u = &mut uses[i - self.primary];
                *u = match (*u, c) {
                    (Use::Free, None) => Use::Uncolored,
                    (Use::Free, Some(c)) => Use::Colored(c),
                    (Use::Colored(a), Some(b)) if a == b => Use::Colored(a),
                    _ => return Some(format!("secondary item {i} clashes in option {o}")),
                };
            }
        }
        None
    }

    /// Why `set` is not a solution by the rules (`None` if it is one), when
    /// the options of `forced` were forced.
    fn violation(&self, set: OptionSet, forced: OptionSet) -> Option<String> {
        if set & forced != forced {
            return Some("a forced option is missing".into());
        }
        if let Some(o) = members(set & !forced)
            .find(|&o| self.options[o].iter().all(|&(i, _)| i >= self.primary))
        {
            return Some(format!("option {o} has no primary item and was not forced"));
        }
        if let Some(why) = self.clash(set) {
            return Some(why);
        }
        for (i, &(lo, _)) in self.bounds.iter().enumerate() {
            let n = members(set)
                .filter(|&o| self.options[o].iter().any(|e| e.0 == i))
                .count() as u32;
            if n < lo {
                return Some(format!("primary item {i} is in {n} options, below {lo}"));
            }
        }
        None
    }

    /// The oracle: every set of options that contains `forced` and is a
    /// solution by the rules.
    fn solutions(&self, forced: OptionSet) -> HashSet<OptionSet> {
        let n = self.options.len();
        assert!(n <= 20, "too many options to enumerate");
        (0..1 << n)
            .filter(|&set| self.violation(set, forced).is_none())
            .collect()
    }

    /// The item that [`Solver::force`](dlx_core::Solver::force) should name
    /// when option `o` is forced after the options of `accepted`, or `None`
    /// when the force should succeed: the first item of `o`, in its order,
    /// whose upper bound (primary) or color rule (secondary) the forced
    /// options would break; an option forced twice clashes at its first
    /// item.
    fn force_conflict(&self, accepted: OptionSet, o: usize) -> Option<Item> {
        if accepted & (1 << o) != 0 {
            return Some(Item::new(self.options[o][0].0));
        }
        let entry = self.options[o].iter().find(|&&(item, color)| {
            let mut others = members(accepted)
                .flat_map(|a| self.options[a].iter())
                .filter(|e| e.0 == item);
            if item < self.primary {
                others.count() as u32 >= self.bounds[item].1
            } else {
                others.any(|&(_, c)| color.is_none() || c != color)
            }
        });
        assert_eq!(
            entry.is_some(),
            self.clash(accepted | 1 << o).is_some(),
            "two ways of saying whether option {o} fits"
        );
        entry.map(|e| Item::new(e.0))
    }

    /// Checks `solution` by the rules (not by asking the engine), given the
    /// options of `forced` were forced; returns it as a set.
    fn check(&self, solution: &[OptionId], forced: OptionSet) -> OptionSet {
        let set = as_set(solution);
        if let Some(why) = self.violation(set, forced) {
            panic!("{solution:?} is not a solution: {why}");
        }
        set
    }

    /// Checks every solution by the rules and that they are distinct sets;
    /// returns them as sets.
    fn checked_sets(&self, solutions: &[Vec<OptionId>], forced: OptionSet) -> HashSet<OptionSet> {
        let mut sets = HashSet::new();
        for s in solutions {
            assert!(sets.insert(self.check(s, forced)), "{s:?} is found twice");
        }
        sets
    }

    /// The problem made of the first `options` options, with the bounds
    /// when `bounds` (else with none set).
    fn prefix(&self, options: usize, bounds: bool) -> Model {
        let bounds = bounds && self.bounded;
        Model {
            primary: self.primary,
            secondary: self.secondary,
            bounded: bounds,
            bounds: if bounds {
                self.bounds.clone()
            } else {
                vec![(1, 1); self.primary]
            },
            bounds_first: true,
            options: self.options[..options].to_vec(),
        }
    }
}

/// Random problems of up to `max_primary` primary and `max_secondary`
/// secondary items and up to 12 options, each a nonempty set of items in
/// random order (repeated options included), two thirds of its secondary
/// entries colored from a palette of 1 to 3 colors when `colors`, and random
/// bounds `lo..=hi` (`lo` from 0, `hi` from 1 to 3; a quarter of them 1:1)
/// set on every primary item when `bounded`.
fn model(
    max_primary: usize,
    max_secondary: usize,
    colors: bool,
    bounded: bool,
) -> impl Strategy<Value = Model> {
    (0..=max_primary, 0..=max_secondary, 1..=3usize)
        .prop_filter("at least one item", |&(p, s, _)| p + s > 0)
        .prop_flat_map(move |(p, s, palette)| {
            let n = p + s;
            let all: Vec<usize> = (0..n).collect();
            // Small options make solutions likely; any size exercises hiding.
            let items = prop_oneof![
                subsequence(all.clone(), 1..=n.min(2)),
                subsequence(all, 1..=n),
            ]
            .prop_shuffle();
            let option = (items, vec(option::weighted(0.67, 0..palette), n)).prop_map(
                move |(items, color)| {
                    items
                        .into_iter()
                        .map(|i| (i, color[i].filter(|_| colors && i >= p)))
                        .collect::<Vec<Entry>>()
                },
            );
            let bound = (0u32..=3, 1u32..=3).prop_map(|(lo, hi)| (lo.min(hi), hi));
            let bounds = if bounded {
                vec(bound, p).boxed()
            } else {
                Just(vec![(1, 1); p]).boxed()
            };
            (Just(p), Just(s), bounds, any::<bool>(), vec(option, 0..=12))
        })
        .prop_map(
            move |(primary, secondary, bounds, bounds_first, options)| Model {
                primary,
                secondary,
                bounded,
                bounds,
                bounds_first,
                options,
            },
        )
}

/// Any of the random problems: plain, colored, bounded, or both.
fn any_model() -> impl Strategy<Value = Model> {
    prop_oneof![
        model(5, 3, false, false),
        model(5, 3, true, false),
        model(4, 3, false, true),
        model(4, 3, true, true),
    ]
}

/// Compares every way of asking `p` (built from `m`) for solutions with the
/// oracle.
fn check_against_oracle(m: &Model, p: &mut Problem) {
    let oracle = m.solutions(0);
    let total = oracle.len() as u64;

    assert_eq!(p.count(), total, "count");
    let all: Vec<Vec<OptionId>> = p.solutions().collect();
    assert_eq!(m.checked_sets(&all, 0), oracle, "the solutions");
    assert_eq!(p.count_with_stats().solutions, total);
    assert_eq!(p.first_solution(), all.first().cloned());

    match p.uniqueness() {
        Uniqueness::None => assert_eq!(total, 0),
        Uniqueness::Unique(s) => {
            assert_eq!(total, 1);
            assert_eq!(HashSet::from([m.check(&s, 0)]), oracle);
        }
        Uniqueness::Multiple => assert!(total >= 2, "{total} solutions"),
        Uniqueness::Undecided => panic!("undecided without a node limit"),
    }

    // Every limit up to the total and past it (when there are many, the
    // small ones and those near the total).
    let limits = (0..=total + 1).filter(|&k| k < 20 || k + 20 > total || k % 97 == 0);
    for k in limits {
        assert_eq!(p.count_up_to(k), k.min(total), "count_up_to({k})");
    }

    // Colored searches map the rule onto Algorithm C, bounded ones follow
    // DLX3 under every rule, plain ones follow it. Either way the same
    // sets come out, each once.
    for branching in BRANCHINGS {
        let mut s = p.solver();
        s.set_branching(branching);
        let mut found = Vec::new();
        while s.next_solution() == Step::Found {
            assert_eq!(s.solution_len(), s.solution().count());
            found.push(s.solution().collect::<Vec<_>>());
        }
        assert_eq!(s.stats().solutions, total, "{branching:?}");
        drop(s);
        assert_eq!(m.checked_sets(&found, 0), oracle, "{branching:?}");
    }
}

/// Option ids picked at random from `m` (none when it has no options).
fn pick(m: &Model, picks: &[Index]) -> Vec<usize> {
    if m.options.is_empty() {
        return Vec::new();
    }
    picks.iter().map(|i| i.index(m.options.len())).collect()
}

/// Every solution the solver finds from where it stands, in order.
fn rest(s: &mut dlx_core::Solver<'_>) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    while s.next_solution() == Step::Found {
        found.push(s.solution().collect());
    }
    found
}

/// A problem operation that must fail (or, for `CountNow`, a search in the
/// middle of building), inserted among the options of a random problem.
#[derive(Clone, Copy, Debug)]
enum Bad {
    /// A color on a primary item.
    ColorOnPrimary,
    /// A secondary item twice with the same color.
    RepeatSameColor,
    /// A secondary item twice with different colors.
    RepeatOtherColor,
    /// An item twice without a color (a primary one even when its upper
    /// bound allows two options).
    RepeatUncolored,
    /// An item the problem does not have (with a color).
    UnknownItem,
    /// No entries at all.
    Empty,
    /// Bounds on a secondary item.
    BoundsOnSecondary,
    /// `lo > hi`.
    LowerAboveUpper,
    /// `0:0`.
    ZeroUpper,
    /// Bounds on an item the problem does not have.
    BoundsUnknown,
    /// Not an error: counts the problem built so far.
    CountNow,
}

/// Every [`Bad`] operation.
const BAD: [Bad; 11] = [
    Bad::ColorOnPrimary,
    Bad::RepeatSameColor,
    Bad::RepeatOtherColor,
    Bad::RepeatUncolored,
    Bad::UnknownItem,
    Bad::Empty,
    Bad::BoundsOnSecondary,
    Bad::LowerAboveUpper,
    Bad::ZeroUpper,
    Bad::BoundsUnknown,
    Bad::CountNow,
];

/// Applies `bad` to `p` (built from the first `built` options of `m`, with
/// `m`'s bounds when `bounds`), picking items with `which` and colors with
/// `color`; checks the typed error and that nothing changed. Returns
/// without doing anything when the problem has no item of the kind needed.
fn apply_bad(
    p: &mut Problem,
    m: &Model,
    (built, bounds): (usize, bool),
    bad: Bad,
    which: Index,
    color: usize,
) {
    let n = m.primary + m.secondary;
    let primary = (m.primary > 0).then(|| Item::new(which.index(m.primary)));
    let secondary = (m.secondary > 0).then(|| Item::new(m.primary + which.index(m.secondary)));
    let any = Item::new(which.index(n));
    let c = |k: usize| Some(Color::new(k));
    let before = m.prefix(built, bounds);
    let (result, expected) = match bad {
        Bad::ColorOnPrimary => {
            let Some(x) = primary else { return };
            // An uncolored entry of another item first, when there is one.
            let mut entries = vec![];
            if n > 1 {
                entries.push((Item::new((x.index() + 1) % n), None));
            }
            entries.push((x, c(color)));
            (
                p.add_colored_option(entries).map(drop),
                BuildError::ColorOnPrimary { item: x },
            )
        }
        Bad::RepeatSameColor => {
            let Some(x) = secondary else { return };
            (
                p.add_colored_option([(x, c(color)), (x, c(color))])
                    .map(drop),
                BuildError::RepeatedItem { item: x },
            )
        }
        Bad::RepeatOtherColor => {
            let Some(x) = secondary else { return };
            (
                p.add_colored_option([(x, c(color)), (x, c(color + 1))])
                    .map(drop),
                BuildError::RepeatedItem { item: x },
            )
        }
        Bad::RepeatUncolored => (
            p.add_colored_option([(any, None), (any, None)]).map(drop),
            BuildError::RepeatedItem { item: any },
        ),
        Bad::UnknownItem => {
            let x = Item::new(n + which.index(3));
            (
                p.add_colored_option([(any, None), (x, c(color))]).map(drop),
                BuildError::UnknownItem { item: x, items: n },
            )
        }
        Bad::Empty => (
            p.add_colored_option(std::iter::empty()).map(drop),
            BuildError::EmptyOption,
        ),
        Bad::BoundsOnSecondary => {
            let Some(x) = secondary else { return };
            (
                p.set_bounds(x, 0, 2),
                BuildError::BoundsOnSecondary { item: x },
            )
        }
        Bad::LowerAboveUpper => {
            let Some(x) = primary else { return };
            let hi = 1 + color as u32;
            (
                p.set_bounds(x, hi + 1, hi),
                BuildError::LowerAboveUpper {
                    item: x,
                    lo: hi + 1,
                    hi,
                },
            )
        }
        Bad::ZeroUpper => {
            let Some(x) = primary else { return };
            (
                p.set_bounds(x, 0, 0),
                BuildError::ZeroUpperBound { item: x },
            )
        }
        Bad::BoundsUnknown => {
            let x = Item::new(n + which.index(3));
            (
                p.set_bounds(x, 1, 2),
                BuildError::UnknownItem { item: x, items: n },
            )
        }
        Bad::CountNow => {
            // The count of the problem built so far; the options added
            // after it must be searched too (the links are rebuilt).
            assert_eq!(p.count(), before.solutions(0).len() as u64, "count midway");
            return;
        }
    };
    assert_eq!(result, Err(expected), "{bad:?}");
    before.assert_built(p);
}

mod known;
mod searches;
mod splits;

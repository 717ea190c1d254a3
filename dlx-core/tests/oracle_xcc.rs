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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Colors, no bounds (Algorithm C).
    #[test]
    fn colored_problems_match_the_oracle(m in model(5, 3, true, false)) {
        check_against_oracle(&m, &mut m.problem());
    }

    /// The memoised search's diagram of a colored problem (its key holds
    /// the colors given to secondary items): its count, and the solutions
    /// it enumerates, checked by the rules, each once; with a memo of any
    /// size and under two item choices. Bounds other than exactly once are
    /// refused, and the problem is left as it was either way.
    #[test]
    fn the_memo_diagram_of_colored_problems_matches_the_oracle(
        // Up to 24 secondary items: keys whose states straddle two words.
        m in prop_oneof![
            model(5, 3, true, false),
            model(4, 3, true, true),
            model(3, 24, true, false),
        ],
    ) {
        let oracle = m.solutions(0);
        let mut p = m.problem();
        for memo in [
            Memo::new(),
            Memo::new().max_entries(2),
            Memo::new().branching(Branching::First),
        ] {
            match p.zdd_with(&memo) {
                Ok((zdd, stats)) => {
                    prop_assert!(m.bounds.iter().all(|&b| b == (1, 1)), "bounds {:?}", m.bounds);
                    prop_assert_eq!(zdd.count(), Ok(oracle.len() as u128));
                    prop_assert_eq!(stats.zdd_nodes, zdd.len());
                    let all: Vec<Vec<OptionId>> = zdd.solutions().collect();
                    prop_assert_eq!(m.checked_sets(&all, 0), oracle.clone());
                }
                Err(e) => {
                    prop_assert_eq!(e, MemoError::Kind(Kind::Multiplicities));
                    prop_assert!(m.bounds.iter().any(|&b| b != (1, 1)));
                }
            }
        }
        prop_assert_eq!(p.count(), oracle.len() as u64);
    }

    /// Bounds, no colors (Algorithm M).
    #[test]
    fn bounded_problems_match_the_oracle(m in model(4, 3, false, true)) {
        check_against_oracle(&m, &mut m.problem());
    }

    /// Bounds and colors (Algorithm M).
    #[test]
    fn bounded_colored_problems_match_the_oracle(m in model(4, 3, true, true)) {
        check_against_oracle(&m, &mut m.problem());
    }

    /// Built with `add_colored_option` but no color and no bound: the plain
    /// search.
    #[test]
    fn uncolored_problems_built_with_colored_options_match_the_oracle(
        m in model(5, 3, false, false),
    ) {
        prop_assert_eq!(m.kind(), Kind::Exact);
        check_against_oracle(&m, &mut m.problem());
    }

    /// A deadline already past, or a cancelled handle, stops every kind of
    /// search before its first node; once lifted, the same search finds
    /// the oracle's solutions with an unstopped search's statistics.
    #[test]
    fn a_past_deadline_or_a_cancel_stops_at_once_and_lifting_it_resumes(
        m in any_model(),
        cancel in any::<bool>(),
    ) {
        let mut p = m.problem();
        let full_stats = p.count_with_stats();
        let handle = dlx_core::Cancel::new();
        let mut s = p.solver();
        if cancel {
            handle.cancel();
            s.set_cancel(Some(handle.clone()));
        } else {
            s.set_deadline(Some(std::time::Instant::now()));
        }
        let stopped = if cancel { Outcome::Cancelled } else { Outcome::Deadline };
        prop_assert_eq!(s.count(None).outcome, stopped);
        prop_assert_eq!(s.stats(), dlx_core::Stats::default());
        handle.reset();
        s.set_deadline(None);
        let mut found = Vec::new();
        while s.next_solution() == Step::Found {
            found.push(s.solution().collect::<Vec<_>>());
        }
        prop_assert_eq!(s.stats(), full_stats);
        drop(s);
        prop_assert_eq!(m.checked_sets(&found, 0), m.solutions(0));
    }

    /// A seed reorders the search but never changes its solutions: the
    /// oracle's, each once, in an order and with statistics that the seed
    /// alone decides; the next unseeded search is DLX1's (DLX2's, DLX3's)
    /// again.
    #[test]
    fn a_seed_changes_the_order_but_not_the_solutions(
        m in any_model(),
        seed in any::<u64>(),
        branching in proptest::sample::select(BRANCHINGS.to_vec()),
    ) {
        let mut p = m.problem();
        let plain_stats = p.count_with_stats();
        let plain: Vec<Vec<OptionId>> = p.solutions().collect();
        let run = |p: &mut Problem| {
            let mut s = p.solver();
            s.set_branching(branching);
            s.set_seed(seed).expect("nothing forced");
            let mut found = Vec::new();
            while s.next_solution() == Step::Found {
                prop_assert_eq!(s.solution_len(), s.solution().count());
                found.push(s.solution().collect::<Vec<_>>());
            }
            Ok((found, s.stats()))
        };
        let (found, stats) = run(&mut p)?;
        prop_assert_eq!(stats.solutions, plain_stats.solutions);
        prop_assert_eq!(m.checked_sets(&found, 0), m.solutions(0));
        // The same seed, the same run, on the problem or a copy of it.
        prop_assert_eq!(run(&mut p)?, (found.clone(), stats));
        prop_assert_eq!(run(&mut p.clone())?, (found, stats));
        // Unseeded again: the first search's order and statistics.
        prop_assert_eq!(p.count_with_stats(), plain_stats);
        prop_assert_eq!(p.solutions().collect::<Vec<_>>(), plain);
    }

    /// A search stopped every few nodes and resumed finds the oracle's
    /// solutions in the order of an unlimited search, with the same
    /// statistics.
    #[test]
    fn a_node_limit_pauses_the_search_and_raising_it_resumes(
        m in any_model(),
        first in 0u64..30,
        step in 1u64..6,
    ) {
        let mut p = m.problem();
        let full_stats = p.count_with_stats();
        let full: Vec<Vec<OptionId>> = p.solutions().collect();
        prop_assert_eq!(full.len(), m.solutions(0).len());

        let mut s = p.solver();
        let mut limit = first;
        s.set_node_limit(Some(limit));
        let mut found = Vec::new();
        let mut stops = 0;
        loop {
            match s.next_solution() {
                Step::Found => found.push(s.solution().collect::<Vec<_>>()),
                Step::NodeLimit => {
                    stops += 1;
                    prop_assert!(s.stats().nodes >= limit);
                    prop_assert!(limit < full_stats.nodes, "stopped though the limit suffices");
                    limit += step;
                    s.set_node_limit(Some(limit));
                }
                Step::Exhausted => break,
                Step::Deadline | Step::Cancelled => prop_assert!(false, "no deadline or handle was set"),
            }
        }
        // The same solutions in the same order, and the same work done.
        prop_assert_eq!(&found, &full);
        prop_assert_eq!(s.stats(), full_stats);
        if first == 0 {
            prop_assert!(stops > 0, "a limit of 0 stops at the root");
        }
        drop(s);

        // Counting: a lower bound at the limit, the total once it is lifted.
        let mut s = p.solver();
        s.set_node_limit(Some(first));
        let partial = s.count(None);
        match partial.outcome {
            Outcome::NodeLimit => {
                prop_assert!(first < full_stats.nodes);
                prop_assert!(partial.solutions <= full_stats.solutions);
            }
            Outcome::Complete => prop_assert_eq!(partial.solutions, full_stats.solutions),
            Outcome::SolutionLimit => prop_assert!(false, "no solution limit was set"),
            Outcome::Deadline | Outcome::Cancelled => prop_assert!(false, "no deadline or handle was set"),
        }
        s.set_node_limit(None);
        let complete = s.count(None);
        prop_assert_eq!(complete.outcome, Outcome::Complete);
        prop_assert_eq!(complete.solutions, full_stats.solutions);
        prop_assert_eq!(s.stats(), full_stats);
        drop(s);

        // A search dropped midway leaves the problem as it was.
        {
            let mut s = p.solver();
            s.set_node_limit(Some(first));
            let _ = s.next_solution();
        }
        prop_assert_eq!(p.count_with_stats(), full_stats);
        prop_assert_eq!(p.solutions().collect::<Vec<_>>(), full);
    }

    /// Under every rule (the early one included, which backs up inside a
    /// commit on colored problems), a search paused by node limits and
    /// resumed finds what the unlimited one finds, in its order and with
    /// its statistics; searching in slices and splitting off the rest, the
    /// pieces add up to the oracle's count; so do the parts of a cut
    /// entered under the rule, and the parallel count under it.
    #[test]
    fn every_rule_pauses_splits_and_counts_in_parallel(
        m in any_model(),
        branching in proptest::sample::select(BRANCHINGS.to_vec()),
        step in 1u64..5,
        slice in 1u64..12,
        depth in 1usize..3,
    ) {
        let mut p = m.problem();
        let total = m.solutions(0).len() as u64;
        let mut s = p.solver();
        s.set_branching(branching);
        let mut full = Vec::new();
        while s.next_solution() == Step::Found {
            full.push(s.solution().collect::<Vec<_>>());
        }
        let full_stats = s.stats();
        drop(s);
        prop_assert_eq!(full.len() as u64, total);

        let mut s = p.solver();
        s.set_branching(branching);
        let mut limit = step;
        s.set_node_limit(Some(limit));
        let mut found = Vec::new();
        loop {
            match s.next_solution() {
                Step::Found => found.push(s.solution().collect::<Vec<_>>()),
                Step::NodeLimit => {
                    limit += step;
                    s.set_node_limit(Some(limit));
                }
                Step::Exhausted => break,
                other => prop_assert!(false, "{:?}", other),
            }
        }
        prop_assert_eq!(&found, &full, "{:?}", branching);
        prop_assert_eq!(s.stats(), full_stats, "{:?}", branching);
        drop(s);

        prop_assert_eq!(count_by_splitting_with(&mut p, slice, branching).solutions, total);

        let mut in_parts = 0;
        for part in p.cut(depth) {
            let mut s = p.solver();
            s.set_branching(branching);
            s.enter(&part).expect("a part of this problem");
            in_parts += s.count(None).solutions;
        }
        prop_assert_eq!(in_parts, total, "{:?}", branching);

        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let counted = pool.install(|| {
                dlx_core::parallel::Counter::new().branching(branching).count(&mut p)
            });
            prop_assert_eq!(counted.stats.solutions, total, "{:?}", branching);
        }
    }

    /// Forcing a random list of options: the oracle counts the solutions
    /// that contain the accepted ones (which may lack a primary item),
    /// under each rule set before or after the forcing (the early rule
    /// builds the colored links again when it starts, and commits the
    /// forced options again on them).
    #[test]
    fn forced_options_match_the_oracle(
        m in any_model(),
        picks in vec(any::<Index>(), 0..5),
        branching in proptest::sample::select(BRANCHINGS.to_vec()),
        rule_first in any::<bool>(),
    ) {
        let mut p = m.problem();
        let mut s = p.solver();
        if rule_first {
            s.set_branching(branching);
        }

        // Force the picks in order; each must succeed unless it breaks an
        // upper bound or the color rule together with those accepted before
        // it, or was accepted before (then the first such item, in the
        // option's order, is named).
        let mut accepted = Vec::new();
        let mut forced: OptionSet = 0;
        for o in pick(&m, &picks) {
            let result = s.force(OptionId::new(o));
            match m.force_conflict(forced, o) {
                None => {
                    prop_assert_eq!(result, Ok(()), "forcing {}", o);
                    forced |= 1 << o;
                    accepted.push(OptionId::new(o));
                }
                Some(item) => prop_assert_eq!(
                    result,
                    Err(ForceError::Conflict { option: OptionId::new(o), item }),
                    "forcing {}", o
                ),
            }
        }

        if !rule_first {
            s.set_branching(branching);
        }
        let all = rest(&mut s);
        let stats = s.stats();
        drop(s);

        for solution in &all {
            prop_assert_eq!(&solution[..accepted.len()], &accepted[..], "forced options come first");
        }
        let oracle = m.solutions(forced);
        prop_assert_eq!(m.checked_sets(&all, forced), oracle.clone());
        prop_assert_eq!(stats.solutions, oracle.len() as u64);

        // Counting under the same forcing agrees.
        let mut s = p.solver();
        s.set_branching(branching);
        for &o in &accepted {
            s.force(o).unwrap();
        }
        prop_assert_eq!(s.count(None).solutions, oracle.len() as u64);
        drop(s);

        // Dropping the solver undid the forcing.
        prop_assert_eq!(p.count(), m.solutions(0).len() as u64);
    }

    /// Without bounds, the parts given away by `split_off` and by `parts`
    /// and what a search keeps partition the oracle's solutions.
    #[test]
    fn split_off_and_parts_partition_the_colored_solutions(
        m in model(5, 3, true, false),
        first in 0u64..12,
        slice in 1u64..5,
    ) {
        let mut p = m.problem();
        let oracle = m.solutions(0);
        let total = oracle.len() as u64;

        // What the search would branch on at the root.
        let branch = p.solver().branch();
        match &branch {
            Branch::Solved => prop_assert_eq!(&oracle, &HashSet::from([0])),
            Branch::DeadEnd(_) => prop_assert!(oracle.is_empty()),
            Branch::On(item, options) => {
                for &o in options {
                    prop_assert!(p.option_items(o).any(|i| i == *item));
                }
                let set = as_set(options);
                for &sol in &oracle {
                    prop_assert_eq!((sol & set).count_ones(), 1, "{:b} and {:?}", sol, branch);
                }
            }
        }

        // One split after `first` nodes: the solutions this search found
        // before and after it, and those of the parts, are the oracle's,
        // each once.
        let mut s = p.solver();
        s.set_node_limit(Some(first));
        let mut mine = rest(&mut s);
        let split = s.split_off();
        s.set_node_limit(None);
        mine.extend(rest(&mut s));
        drop(s);
        let mut sets = m.checked_sets(&mine, 0);
        for part in &split.parts {
            let mut s = p.solver();
            for &o in part {
                s.force(o).unwrap_or_else(|e| panic!("{part:?}: {e}"));
            }
            let theirs = rest(&mut s);
            drop(s);
            for solution in &theirs {
                prop_assert!(solution.starts_with(part));
                prop_assert!(sets.insert(m.check(solution, 0)), "{:?} found twice", solution);
            }
        }
        prop_assert_eq!(&sets, &oracle);

        // Splitting again and again, each part likewise.
        let split = count_by_splitting(&mut p, slice);
        prop_assert_eq!(split.solutions, total);
        prop_assert!((split.shares - 1.0).abs() < 1e-9, "shares add up to {}", split.shares);

        // Cutting the tree at a depth.
        for depth in 0..=3 {
            let mut sets = HashSet::new();
            for part in p.parts(depth) {
                prop_assert!(part.len() <= depth, "{:?} deeper than {}", part, depth);
                let mut s = p.solver();
                for &o in &part {
                    s.force(o).unwrap_or_else(|e| panic!("{part:?}: {e}"));
                }
                let theirs = rest(&mut s);
                drop(s);
                for solution in &theirs {
                    prop_assert!(sets.insert(m.check(solution, 0)), "{:?} found twice", solution);
                }
            }
            prop_assert_eq!(&sets, &oracle, "depth {}", depth);
        }
        prop_assert_eq!(p.count(), total);
    }

    /// Under bounds nothing is split off and `parts` is the whole problem;
    /// the count is still the oracle's.
    #[test]
    fn split_off_gives_nothing_under_bounds(
        m in model(4, 3, true, true),
        slice in 1u64..5,
    ) {
        // A level of Algorithm M is not "one of these options" (its tweaks
        // rule earlier options out below it, a null move chooses none), so
        // nothing is split off; the search itself still counts everything.
        let mut p = m.problem();
        let total = m.solutions(0).len() as u64;
        if p.kind() == Kind::Multiplicities {
            let mut s = p.solver();
            let mut limit = slice;
            loop {
                s.set_node_limit(Some(limit));
                if s.count(None).outcome != Outcome::NodeLimit {
                    break;
                }
                prop_assert!(s.split_off().parts.is_empty());
                limit += slice;
            }
            prop_assert_eq!(s.stats().solutions, total);
            drop(s);
            // For the same reason the tree is cut nowhere: one part, the
            // whole problem.
            for depth in 0..=2 {
                prop_assert_eq!(p.parts(depth), vec![Vec::<OptionId>::new()]);
            }
        }
        prop_assert_eq!(count_by_splitting(&mut p, slice).solutions, total);
    }

    /// `cut` partitions the solutions of every kind of problem, bounds
    /// included: entering each part and listing its solutions gives each of
    /// the oracle's solutions exactly once; a part's choices name the
    /// options it starts with (null moves only under bounds); a part does
    /// not enter a started solver.
    #[test]
    fn the_parts_of_a_cut_partition_the_solutions(
        m in any_model(),
        depth in 0usize..5,
    ) {
        let mut p = m.problem();
        let oracle = m.solutions(0);
        let parts = p.cut(depth);
        let mut found = Vec::new();
        for part in &parts {
            prop_assert!(part.choices().len() <= depth);
            if p.kind() != Kind::Multiplicities {
                prop_assert!(part.choices().iter().all(Option::is_some));
            }
            let mut s = p.solver();
            s.enter(part).expect("a part of this problem");
            let mut mine = Vec::new();
            while s.next_solution() == Step::Found {
                mine.push(s.solution().collect::<Vec<_>>());
            }
            prop_assert_eq!(s.enter(part), Err(ForceError::SearchStarted));
            drop(s);
            // Every solution of the part contains the options it starts with.
            for solution in &mine {
                for o in part.choices().iter().flatten() {
                    prop_assert!(solution.contains(o), "{:?} lacks {:?}", solution, o);
                }
            }
            found.extend(mine);
        }
        prop_assert_eq!(found.len(), oracle.len(), "a solution in two parts");
        prop_assert_eq!(m.checked_sets(&found, 0), oracle);
        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let counted = pool.install(|| {
                dlx_core::parallel::Counter::new().count_cut(&mut p, &parts)
            });
            prop_assert_eq!(counted.stats.solutions, found.len() as u64);
        }
        prop_assert_eq!(p.count(), found.len() as u64);
    }

    /// The parallel count under bounds cuts the tree into paths of moves
    /// and replays each: on 2 and 3 threads (so that small trees are cut
    /// all the way down, and larger ones part-way), the oracle's count and
    /// exactly the sequential search's nodes.
    #[cfg(feature = "parallel")]
    #[test]
    fn the_parallel_count_under_bounds_matches(m in model(4, 3, true, true)) {
        let mut p = m.problem();
        let total = m.solutions(0).len() as u64;
        let sequential = p.count_with_stats();
        prop_assert_eq!(sequential.solutions, total);
        for threads in [2, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let stats = pool.install(|| dlx_core::parallel::count(&mut p));
            prop_assert_eq!(
                (stats.solutions, stats.nodes),
                (sequential.solutions, sequential.nodes),
                "{} threads", threads
            );
        }
        // The problem is intact afterwards.
        prop_assert_eq!(p.count_with_stats(), sequential);
    }

    /// Typed errors at random places while building change nothing: the
    /// problem still has the oracle's solutions.
    #[test]
    fn errors_leave_the_problem_unchanged(
        m in any_model(),
        bad in vec((any::<Index>(), 0..BAD.len(), any::<Index>(), 0..3usize), 0..8),
    ) {
        // The problem is built with failing operations (and counts) at
        // random places among the options; it must end up as `m`.
        let mut p = Problem::new(m.primary, m.secondary);
        if m.bounds_first {
            m.set_bounds(&mut p);
        }
        let n = m.options.len();
        for o in 0..=n {
            for &(at, kind, which, color) in &bad {
                if at.index(n + 1) == o {
                    apply_bad(&mut p, &m, (o, m.bounds_first), BAD[kind], which, color);
                }
            }
            if o < n {
                m.add_option(&mut p, o);
            }
        }
        if !m.bounds_first {
            m.set_bounds(&mut p);
        }
        m.assert_built(&p);
        check_against_oracle(&m, &mut p);
    }
}

/// Builds a problem with `primary` and `secondary` items, the given bounds
/// (item index, lo, hi) and options (entries as `(item, color)`), as a model
/// and as the engine's problem.
fn build(
    primary: usize,
    secondary: usize,
    bounds: &[(usize, u32, u32)],
    options: &[&[Entry]],
) -> (Model, Problem) {
    let mut m = Model::new(primary, secondary);
    m.bounded = !bounds.is_empty();
    for &(i, lo, hi) in bounds {
        m.bounds[i] = (lo, hi);
    }
    m.options = options.iter().map(|o| o.to_vec()).collect();
    let p = m.problem();
    (m, p)
}

/// The solutions of `p` as sorted lists of option indices, sorted.
fn sorted_solutions(p: &mut Problem) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = p
        .solutions()
        .map(|s| {
            let mut s: Vec<usize> = s.iter().map(|o| o.index()).collect();
            s.sort();
            s
        })
        .collect();
    all.sort();
    all
}

#[test]
fn colored_uses_of_a_secondary_item_must_agree() {
    // Primary A B C, secondary X (item 3); colors a = 0, b = 1.
    let a = Some(0);
    let b = Some(1);
    // Three options give X the same color: one solution, all three.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(1, None), (3, a)],
            &[(2, None), (3, a)],
        ],
    );
    assert_eq!(p.kind(), Kind::Colors);
    assert_eq!(sorted_solutions(&mut p), [[0, 1, 2]]);
    check_against_oracle(&m, &mut p);
    // The third gives another color: no solution.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(1, None), (3, a)],
            &[(2, None), (3, b)],
        ],
    );
    assert_eq!(p.count(), 0);
    check_against_oracle(&m, &mut p);
    // The third names X without a color: it excludes the others.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(1, None), (3, a)],
            &[(2, None), (3, None)],
        ],
    );
    assert_eq!(p.count(), 0);
    check_against_oracle(&m, &mut p);
    // Each primary item has an option with X:a and one with X:b, and C also
    // one without X: {A:a, B:a, C:a}, {A:a, B:a, C}, {A:b, B:b, C:b},
    // {A:b, B:b, C} = 4.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(0, None), (3, b)],
            &[(3, a), (1, None)],
            &[(3, b), (1, None)],
            &[(2, None), (3, a)],
            &[(2, None), (3, b)],
            &[(2, None)],
        ],
    );
    assert_eq!(p.count(), 4);
    check_against_oracle(&m, &mut p);
}

#[test]
fn options_without_a_primary_item_are_chosen_only_when_forced() {
    // Primary A; secondary X (item 1). Options {A} (0), {X:a} (1), {A, X:a}
    // (2), {X} (3). By the rules alone {A} + {X:a}, {A} + {X} and
    // {A, X:a} + {X:a} would be solutions too; the search never chooses an
    // option without a primary item, so the count is 2: {A}, {A, X:a}.
    let (m, mut p) = build(
        1,
        1,
        &[],
        &[
            &[(0, None)],
            &[(1, Some(0))],
            &[(0, None), (1, Some(0))],
            &[(1, None)],
        ],
    );
    assert_eq!(sorted_solutions(&mut p), [vec![0], vec![2]]);
    check_against_oracle(&m, &mut p);
    // Forced, {X:a} may join either: {X:a, A}, {X:a, A + X:a}.
    let mut s = p.solver();
    s.force(OptionId::new(1)).unwrap();
    assert_eq!(
        rest(&mut s),
        [
            vec![OptionId::new(1), OptionId::new(0)],
            vec![OptionId::new(1), OptionId::new(2)]
        ]
    );
    drop(s);
    assert_eq!(m.solutions(0b0010), HashSet::from([0b0011, 0b0110]));
    // Forced {X} excludes {A, X:a} and {X:a}.
    let mut s = p.solver();
    s.force(OptionId::new(3)).unwrap();
    assert_eq!(
        s.force(OptionId::new(1)),
        Err(ForceError::Conflict {
            option: OptionId::new(1),
            item: Item::new(1)
        })
    );
    assert_eq!(rest(&mut s), [vec![OptionId::new(3), OptionId::new(0)]]);
    drop(s);

    // Under bounds (A 0:2) likewise: {}, {A}, {A, X:a}, {A} + {A, X:a} = 4.
    let (m, mut p) = build(
        1,
        1,
        &[(0, 0, 2)],
        &[
            &[(0, None)],
            &[(1, Some(0))],
            &[(0, None), (1, Some(0))],
            &[(1, None)],
        ],
    );
    assert_eq!(p.kind(), Kind::Multiplicities);
    assert_eq!(
        sorted_solutions(&mut p),
        [vec![], vec![0], vec![0, 2], vec![2]]
    );
    check_against_oracle(&m, &mut p);
}

#[test]
fn a_solution_is_a_set_of_options() {
    // One primary item A with bounds lo..=hi and five identical options
    // {A}: the solutions are the sets of lo to hi of them, so the count is
    // C(5, lo) + ... + C(5, hi) (never the 5^k sequences or multisets).
    let binomial = [1, 5, 10, 10, 5, 1];
    for lo in 0..=3u32 {
        for hi in lo.max(1)..=3 {
            let (m, mut p) = build(1, 0, &[(0, lo, hi)], &[&[(0, None)][..]; 5]);
            let expected: u64 = binomial[lo as usize..=hi as usize].iter().sum();
            assert_eq!(p.count(), expected, "{lo}:{hi}");
            check_against_oracle(&m, &mut p);
        }
    }
    // Bounds 2:2 on A and two options {A}: the one solution is both.
    let (_, mut p) = build(1, 0, &[(0, 2, 2)], &[&[(0, None)], &[(0, None)]]);
    assert_eq!(sorted_solutions(&mut p), [[0, 1]]);
}

#[test]
fn lower_bounds_of_zero_admit_the_empty_set() {
    // No options: the empty set is a solution when every lower bound is 0.
    let (_, mut p) = build(2, 1, &[(0, 0, 1), (1, 0, 3)], &[]);
    assert_eq!(p.solutions().collect::<Vec<_>>(), [Vec::<OptionId>::new()]);
    assert_eq!(p.uniqueness(), Uniqueness::Unique(vec![]));
    let (_, mut p) = build(2, 1, &[(0, 0, 1), (1, 1, 3)], &[]);
    assert_eq!(p.count(), 0);
    // No primary items at all: the empty set, and never the option {X}.
    let (m, mut p) = build(0, 1, &[], &[&[(0, Some(0))]]);
    assert_eq!(p.count(), 1);
    check_against_oracle(&m, &mut p);
    // A 0:1 and B 0:1, options {A, X:a}, {B, X:b}, {A, B}: {}, {A X:a},
    // {B X:b}, {A B} (the first two clash on X) = 4.
    let (m, mut p) = build(
        2,
        1,
        &[(0, 0, 1), (1, 0, 1)],
        &[
            &[(0, None), (2, Some(0))],
            &[(1, None), (2, Some(1))],
            &[(0, None), (1, None)],
        ],
    );
    assert_eq!(p.count(), 4);
    check_against_oracle(&m, &mut p);
}

/// The 0-1 matrices of order `n` with every row and column sum `k`, as an
/// MCC problem: rows and columns primary with bounds `k:k`, an option per
/// cell.
fn line_sums(n: usize, k: u32) -> Problem {
    let mut p = Problem::new(2 * n, 0);
    for i in 0..2 * n {
        p.set_bounds(p.primary(i), k, k).unwrap();
    }
    for r in 0..n {
        for c in 0..n {
            p.add_option([p.primary(r), p.primary(n + c)]).unwrap();
        }
    }
    p
}

#[test]
fn zero_one_matrices_with_two_ones_per_line() {
    // n = 3: the complements of the 3! permutation matrices, 6. n = 4: 90,
    // n = 5: 2040 (OEIS A001499, 1, 0, 1, 6, 90, 2040).
    for (n, expected) in [(2, 1), (3, 6), (4, 90), (5, 2040)] {
        let mut p = line_sums(n, 2);
        assert_eq!(p.kind(), Kind::Multiplicities);
        assert_eq!(p.count(), expected, "n = {n}");
        // Every solution has 2n ones and is a different matrix.
        let all: Vec<Vec<OptionId>> = p.solutions().collect();
        let sets: HashSet<Vec<OptionId>> = all
            .iter()
            .map(|s| {
                assert_eq!(s.len(), 2 * n);
                let mut s = s.clone();
                s.sort();
                s
            })
            .collect();
        assert_eq!(sets.len() as u64, expected);
    }
    // k = 1 is the permutation matrices: n!.
    assert_eq!(line_sums(5, 1).count(), 120);
    // k = n: the all-ones matrix.
    assert_eq!(line_sums(4, 4).count(), 1);
}

/// Queens on an `n`×`n` board with `lo..=hi` queens in every row and
/// column; the diagonals are secondary (at most one queen) when `diagonal`
/// is `None`, else primary with bounds `0..=d`.
fn kqueens(n: usize, lo: u32, hi: u32, diagonal: Option<u32>) -> Problem {
    let d = 2 * n - 1;
    let mut p = match diagonal {
        None => Problem::new(2 * n, 2 * d),
        Some(_) => Problem::new(2 * n + 2 * d, 0),
    };
    for i in 0..2 * n {
        p.set_bounds(p.primary(i), lo, hi).unwrap();
    }
    if let Some(k) = diagonal {
        for i in 2 * n..2 * n + 2 * d {
            p.set_bounds(p.primary(i), 0, k).unwrap();
        }
    }
    for r in 0..n {
        for c in 0..n {
            let a = Item::new(2 * n + r + c);
            let b = Item::new(2 * n + d + (n - 1 - r + c));
            p.add_option([p.primary(r), p.primary(n + c), a, b])
                .unwrap();
        }
    }
    p
}

#[test]
fn several_queens_per_line() {
    // Exactly 2 per row and column with at most one per diagonal is
    // impossible: 2n queens on distinct diagonals of one direction, of which
    // there are only 2n - 1.
    for n in 2..=6 {
        assert_eq!(kqueens(n, 2, 2, None).count(), 0, "n = {n}");
        assert_eq!(kqueens(n, 2, 2, Some(1)).count(), 0, "n = {n}");
    }
    // Exactly 1 per row and column: the n-queens counts.
    for (n, expected) in [(4, 2), (5, 10), (6, 4), (8, 92)] {
        assert_eq!(kqueens(n, 1, 1, None).count(), expected, "n = {n}");
        assert_eq!(kqueens(n, 1, 1, Some(1)).count(), expected, "n = {n}");
    }
    // Counts of Knuth's DLX3 (`/work/shared/data/xcc/COUNTS.txt`, files
    // kq_n6_12_sec, kq_n6_12_d1, kq_n6_2_d2, kq_n8_12_sec).
    assert_eq!(kqueens(6, 1, 2, None).count(), 128);
    assert_eq!(kqueens(6, 1, 2, Some(1)).count(), 128);
    assert_eq!(kqueens(6, 2, 2, Some(2)).count(), 1097);
    assert_eq!(kqueens(8, 1, 2, None).count(), 3432);
}

#[test]
fn small_kqueens_match_the_oracle() {
    // 3×3 and 4×4 boards (9 and 16 options): the oracle tries all subsets.
    for (n, lo, hi, diagonal) in [
        (3, 1, 2, None),
        (3, 0, 2, Some(1)),
        (4, 1, 2, None),
        (4, 0, 2, Some(2)),
        (4, 1, 3, Some(1)),
    ] {
        let d = 2 * n - 1;
        let mut m = match diagonal {
            None => Model::new(2 * n, 2 * d),
            Some(_) => Model::new(2 * n + 2 * d, 0),
        };
        m.bounded = true;
        for i in 0..2 * n {
            m.bounds[i] = (lo, hi);
        }
        if let Some(k) = diagonal {
            for i in 2 * n..2 * n + 2 * d {
                m.bounds[i] = (0, k);
            }
        }
        for r in 0..n {
            for c in 0..n {
                m.options.push(vec![
                    (r, None),
                    (n + c, None),
                    (2 * n + r + c, None),
                    (2 * n + d + (n - 1 - r + c), None),
                ]);
            }
        }
        let mut p = kqueens(n, lo, hi, diagonal);
        m.assert_built(&p);
        check_against_oracle(&m, &mut p);
    }
}

/// Latin squares of order `n` as an XCC problem: a primary item per cell,
/// and secondary items (row, symbol) colored by the column and (column,
/// symbol) colored by the row, so a symbol occurs once per row and column.
fn latin(n: usize) -> Problem {
    let mut p = Problem::new(n * n, 2 * n * n);
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                let entries = [
                    (p.primary(i * n + j), None),
                    (p.secondary(i * n + k), Some(Color::new(j))),
                    (p.secondary(n * n + j * n + k), Some(Color::new(i))),
                ];
                p.add_colored_option(entries).unwrap();
            }
        }
    }
    p
}

#[test]
fn latin_squares_by_colors() {
    // The numbers of Latin squares of orders 1 to 4 (OEIS A002860).
    for (n, expected) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        let mut p = latin(n);
        assert_eq!(p.kind(), Kind::Colors);
        assert_eq!(p.count(), expected, "n = {n}");
    }
    // Parts of the tree and the rest of a split search add up too.
    let mut p = latin(4);
    let total: u64 = p
        .parts(2)
        .iter()
        .map(|part| {
            let mut s = p.solver();
            part.iter().for_each(|&o| s.force(o).unwrap());
            s.count(None).solutions
        })
        .sum();
    assert_eq!(total, 576);
    assert_eq!(count_by_splitting(&mut p, 20).solutions, 576);
}

/// Word squares of size 2 over an alphabet of `k` letters, every word
/// allowed: a primary item per row and column slot, a secondary item per
/// cell colored by its letter, an option per slot and word; with `distinct`,
/// also an uncolored secondary item per word, so no word is used twice.
fn word_squares(k: usize, distinct: bool) -> Problem {
    let words = k * k;
    let mut p = Problem::new(4, 4 + if distinct { words } else { 0 });
    // Slots 0, 1: rows; 2, 3: columns. Cell (i, j) is secondary 2i + j.
    for slot in 0..4 {
        for w in 0..words {
            let letters = [w / k, w % k];
            let cells = if slot < 2 {
                [2 * slot, 2 * slot + 1]
            } else {
                [slot - 2, 2 + slot - 2]
            };
            let mut entries = vec![(p.primary(slot), None)];
            for (cell, letter) in cells.into_iter().zip(letters) {
                entries.push((p.secondary(cell), Some(Color::new(letter))));
            }
            if distinct {
                entries.push((p.secondary(4 + w), None));
            }
            p.add_colored_option(entries).unwrap();
        }
    }
    p
}

#[test]
fn word_squares_by_colors() {
    for k in 1..=3usize {
        // Every filling of the 4 cells is one solution: k^4.
        assert_eq!(word_squares(k, false).count(), (k as u64).pow(4), "k = {k}");
        // With distinct words: the fillings whose two rows and two columns
        // are four different words, counted directly.
        let mut expected = 0;
        for cells in 0..k.pow(4) {
            let x = |i: usize| cells / k.pow(i as u32) % k;
            let words = HashSet::from([(x(0), x(1)), (x(2), x(3)), (x(0), x(2)), (x(1), x(3))]);
            expected += u64::from(words.len() == 4);
        }
        assert_eq!(word_squares(k, true).count(), expected, "k = {k}, distinct");
    }
}

#[test]
fn build_errors_are_typed_and_change_nothing() {
    // Primary A B (0, 1), secondary X Y (2, 3).
    let (m, mut p) = build(
        2,
        2,
        &[(1, 0, 2)],
        &[&[(0, None), (2, Some(0))], &[(1, None), (3, None)]],
    );
    let (a, b, x, y) = (Item::new(0), Item::new(1), Item::new(2), Item::new(3));
    let c = |k: usize| Some(Color::new(k));
    let count = p.count();
    let errors = [
        (
            p.add_colored_option([(x, None), (a, c(0))]).map(drop),
            BuildError::ColorOnPrimary { item: a },
        ),
        (
            p.add_colored_option([(x, c(1)), (x, c(1))]).map(drop),
            BuildError::RepeatedItem { item: x },
        ),
        (
            p.add_colored_option([(a, None), (y, c(0)), (y, c(1))])
                .map(drop),
            BuildError::RepeatedItem { item: y },
        ),
        (
            // B has upper bound 2, and still may not be repeated.
            p.add_colored_option([(b, None), (b, None)]).map(drop),
            BuildError::RepeatedItem { item: b },
        ),
        (
            p.add_colored_option([(a, None), (Item::new(4), c(0))])
                .map(drop),
            BuildError::UnknownItem {
                item: Item::new(4),
                items: 4,
            },
        ),
        (
            p.add_colored_option(std::iter::empty()).map(drop),
            BuildError::EmptyOption,
        ),
        (
            p.set_bounds(x, 0, 1),
            BuildError::BoundsOnSecondary { item: x },
        ),
        (
            p.set_bounds(a, 3, 2),
            BuildError::LowerAboveUpper {
                item: a,
                lo: 3,
                hi: 2,
            },
        ),
        (
            p.set_bounds(b, 0, 0),
            BuildError::ZeroUpperBound { item: b },
        ),
        (
            p.set_bounds(Item::new(9), 1, 1),
            BuildError::UnknownItem {
                item: Item::new(9),
                items: 4,
            },
        ),
    ];
    for (result, expected) in errors {
        assert_eq!(result, Err(expected));
    }
    // An upper bound of 0 with a lower bound above it is an error either way.
    assert!(matches!(
        p.set_bounds(a, 2, 0),
        Err(BuildError::ZeroUpperBound { .. } | BuildError::LowerAboveUpper { .. })
    ));
    m.assert_built(&p);
    assert_eq!(p.count(), count);
    check_against_oracle(&m, &mut p);

    // Options of more than 8 entries take another path: the same errors.
    let mut p = Problem::new(5, 6);
    let long: Vec<(Item, Option<Color>)> = (0..11)
        .map(|i| (Item::new(i), (i >= 5).then(|| Color::new(i % 2))))
        .collect();
    let with =
        |extra: (Item, Option<Color>)| long.iter().copied().chain([extra]).collect::<Vec<_>>();
    assert_eq!(
        p.add_colored_option(with((Item::new(7), c(1)))),
        Err(BuildError::RepeatedItem { item: Item::new(7) })
    );
    assert_eq!(
        p.add_colored_option(with((Item::new(2), c(0)))),
        Err(BuildError::ColorOnPrimary { item: Item::new(2) })
    );
    assert_eq!(
        p.add_colored_option(with((Item::new(11), c(0)))),
        Err(BuildError::UnknownItem {
            item: Item::new(11),
            items: 11
        })
    );
    assert_eq!(p.option_count(), 0);
    assert_eq!(p.kind(), Kind::Exact);
    let id = p.add_colored_option(long.iter().copied()).unwrap();
    assert_eq!(
        p.option_colors(id).collect::<Vec<_>>(),
        long.iter().map(|e| e.1).collect::<Vec<_>>()
    );
    assert_eq!(p.kind(), Kind::Colors);
    assert_eq!(p.count(), 1);
}

#[test]
fn explicit_bounds_of_one_take_the_bounded_search() {
    // Setting 1:1 (as a DLX3 file may write `1|A`) makes the problem
    // bounded: Algorithm M searches it, and finds what the plain search
    // finds. Primary A B, secondary X; options {A X}, {B}, {A}, {B X}:
    // {A X} + {B} and {A} + {B X} and {A} + {B} = 3.
    let options = |p: &mut Problem| {
        let (a, b, x) = (p.primary(0), p.primary(1), p.secondary(0));
        for o in [&[a, x][..], &[b], &[a], &[b, x]] {
            p.add_option(o.iter().copied()).unwrap();
        }
    };
    let mut plain = Problem::new(2, 1);
    options(&mut plain);
    assert_eq!(plain.kind(), Kind::Exact);
    let mut bounded = Problem::new(2, 1);
    bounded.set_bounds(bounded.primary(1), 1, 1).unwrap();
    options(&mut bounded);
    assert_eq!(bounded.kind(), Kind::Multiplicities);
    assert_eq!(bounded.bounds(bounded.primary(1)), Some((1, 1)));
    assert_eq!(bounded.bounds(bounded.secondary(0)), None);
    assert_eq!(sorted_solutions(&mut bounded), sorted_solutions(&mut plain));
    assert_eq!(bounded.count(), 3);
    // A failed call sets nothing.
    let mut p = Problem::new(2, 1);
    options(&mut p);
    assert!(p.set_bounds(p.primary(0), 2, 1).is_err());
    assert!(p.set_bounds(p.secondary(0), 1, 1).is_err());
    assert_eq!(p.kind(), Kind::Exact);
    // Bounds 0:1 on B admit {A X} and {A} alone as well: 5.
    p.set_bounds(p.primary(1), 0, 1).unwrap();
    assert_eq!(p.kind(), Kind::Multiplicities);
    assert_eq!(p.count(), 5);
}

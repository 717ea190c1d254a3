//! Preprocessing ([`Problem::reduce`]): the reduced problem, its solutions
//! mapped back, has exactly the solutions of the original, checked against
//! a brute-force oracle on small random problems (plain, colored, bounded)
//! and against the known counts of the data files; reducing again removes
//! nothing.
//!
//! The oracle counts what the search counts: sets of options, each with a
//! primary item, that put every primary item in between `lo` and `hi` of
//! them (exactly one without bounds) and every secondary item in none, in
//! one without a color, or in any number that all give it the same color.

use std::collections::HashSet;

use dlx_core::reduce::{ItemRemoval, OptionRemoval};
use dlx_core::{text, Color, Item, Kind, OptionId, Problem};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::subsequence;

use crate::common::data_path;

/// An entry of an option: an item index (primary first) and a color index.
type Entry = (usize, Option<usize>);

/// A small problem as plain data.
#[derive(Clone, Debug)]
struct Model {
    primary: usize,
    secondary: usize,
    /// The bounds of each primary item, set on the problem when `Some`.
    bounds: Option<Vec<(u32, u32)>>,
    options: Vec<Vec<Entry>>,
}

impl Model {
    fn problem(&self) -> Problem {
        let mut p = Problem::new(self.primary, self.secondary);
        if let Some(bounds) = &self.bounds {
            for (i, &(lo, hi)) in bounds.iter().enumerate() {
                p.set_bounds(p.primary(i), lo, hi).unwrap();
            }
        }
        for o in &self.options {
            p.add_colored_option(o.iter().map(|&(i, c)| (Item::new(i), c.map(Color::new))))
                .unwrap();
        }
        p
    }

    fn bounds(&self, i: usize) -> (u32, u32) {
        self.bounds.as_ref().map_or((1, 1), |b| b[i])
    }

    /// Is `set` (a bit mask of options) a solution by the rules?
    fn is_solution(&self, set: u32) -> bool {
        let chosen = || (0..self.options.len()).filter(move |&o| set >> o & 1 == 1);
        if chosen().any(|o| self.options[o].iter().all(|e| e.0 >= self.primary)) {
            return false;
        }
        let mut count = vec![0u32; self.primary];
        let mut colors: Vec<Vec<Option<usize>>> = vec![Vec::new(); self.secondary];
        for o in chosen() {
            for &(i, c) in &self.options[o] {
                if i < self.primary {
                    count[i] += 1;
                } else {
                    colors[i - self.primary].push(c);
                }
            }
        }
        let primary_ok = (0..self.primary).all(|i| {
            let (lo, hi) = self.bounds(i);
            (lo..=hi).contains(&count[i])
        });
        let secondary_ok = colors
            .iter()
            .all(|u| u.len() <= 1 || (u[0].is_some() && u.iter().all(|&c| c == u[0])));
        primary_ok && secondary_ok
    }

    /// Every solution, as a bit mask of options.
    fn solutions(&self) -> HashSet<u32> {
        assert!(self.options.len() <= 16);
        (0..1u32 << self.options.len())
            .filter(|&s| self.is_solution(s))
            .collect()
    }
}

/// A solution as a bit mask, checking that no option repeats.
fn as_set(solution: &[OptionId]) -> u32 {
    let set = solution.iter().fold(0u32, |s, o| s | 1 << o.index());
    assert_eq!(set.count_ones() as usize, solution.len(), "{solution:?}");
    set
}

/// Random problems of up to `max_primary` primary and `max_secondary`
/// secondary items and up to 14 options, mostly short (so that options
/// block each other), colored from a palette of 1 to 3 when `colors`, with
/// random bounds (`lo` from 0 to 2, `hi` from 1 to 2) when `bounded`.
fn model(
    max_primary: usize,
    max_secondary: usize,
    colors: bool,
    bounded: bool,
) -> impl Strategy<Value = Model> {
    (1..=max_primary, 0..=max_secondary, 1..=3usize)
        .prop_flat_map(move |(p, s, palette)| {
            let all: Vec<usize> = (0..p + s).collect();
            let n = all.len();
            let items = prop_oneof![
                3 => subsequence(all.clone(), 1..=n.min(3)),
                1 => subsequence(all, 1..=n),
            ]
            .prop_shuffle();
            let option = (items, vec(option::weighted(0.7, 0..palette), n)).prop_map(
                move |(items, color)| {
                    items
                        .into_iter()
                        .map(|i| (i, color[i].filter(|_| colors && i >= p)))
                        .collect::<Vec<Entry>>()
                },
            );
            let bound = (0u32..=2, 1u32..=2).prop_map(|(lo, hi)| (lo.min(hi), hi));
            let bounds = if bounded {
                vec(bound, p).prop_map(Some).boxed()
            } else {
                Just(None).boxed()
            };
            (Just(p), Just(s), bounds, vec(option, 0..=14))
        })
        .prop_map(|(primary, secondary, bounds, options)| Model {
            primary,
            secondary,
            bounds,
            options,
        })
}

fn any_model() -> impl Strategy<Value = Model> {
    prop_oneof![
        model(6, 3, false, false),
        model(6, 4, true, false),
        model(4, 3, false, true),
        model(4, 3, true, true),
    ]
}

/// Checks that `r` is a faithful reduction of `p`: the kept and removed
/// options and items partition the original ones, the mapping goes both
/// ways, and each reduced option is its original minus the removed items,
/// colors kept.
fn check_mapping(p: &Problem, r: &dlx_core::reduce::Reduction) {
    let q = r.problem();
    assert_eq!(
        q.option_count() + r.removed_options().len(),
        p.option_count(),
        "options kept and removed"
    );
    assert_eq!(q.item_count() + r.removed_items().len(), p.item_count());
    for k in 0..q.option_count() {
        let o = r.original_option(OptionId::new(k));
        assert_eq!(r.reduced_option(o), Some(OptionId::new(k)));
        let original: Vec<(Item, Option<Color>)> = p
            .option_items(o)
            .zip(p.option_colors(o))
            .filter_map(|(i, c)| r.reduced_item(i).map(|i| (i, c)))
            .collect();
        let reduced: Vec<(Item, Option<Color>)> = q
            .option_items(OptionId::new(k))
            .zip(q.option_colors(OptionId::new(k)))
            .collect();
        assert_eq!(reduced, original, "option {k} (originally {o})");
    }
    for &(o, _) in r.removed_options() {
        assert_eq!(r.reduced_option(o), None);
    }
    for k in 0..q.item_count() {
        let i = r.original_item(Item::new(k));
        assert_eq!(r.reduced_item(i), Some(Item::new(k)));
        assert_eq!(q.is_primary(Item::new(k)), p.is_primary(i), "item {k}");
    }
    for &(i, _) in r.removed_items() {
        assert_eq!(r.reduced_item(i), None);
    }
    if let Some(bad) = r.infeasible() {
        assert!(p.is_primary(bad));
        assert_eq!(q.option_count(), 0);
    }
}

/// The solutions of the reduced problem, mapped back, checked to be
/// distinct sets.
fn reduced_solutions(r: &mut dlx_core::reduce::Reduction) -> HashSet<u32> {
    let all: Vec<Vec<OptionId>> = r.problem_mut().solutions().collect();
    let mut sets = HashSet::new();
    for s in &all {
        assert!(sets.insert(as_set(&r.original_solution(s))), "{s:?} twice");
    }
    sets
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The reduced problem's solutions, mapped back, are the original's;
    /// every removed option is in no solution; and reducing again removes
    /// nothing.
    #[test]
    fn reduction_keeps_the_solutions(m in any_model()) {
        let p = m.problem();
        let oracle = m.solutions();
        let mut r = p.reduce();
        check_mapping(&p, &r);
        prop_assert_eq!(reduced_solutions(&mut r), oracle.clone());
        prop_assert_eq!(r.problem_mut().count(), oracle.len() as u64);
        let in_solutions = oracle.iter().fold(0u32, |a, &s| a | s);
        for &(o, why) in r.removed_options() {
            prop_assert!(in_solutions >> o.index() & 1 == 0, "{:?} removed ({:?})", o, why);
        }
        if r.infeasible().is_some() {
            prop_assert!(oracle.is_empty());
        }
        // A bounded problem stays bounded (the same algorithm searches it).
        if m.bounds.is_some() && r.infeasible().is_none() && r.problem().primary_count() > 0 {
            prop_assert_eq!(r.problem().kind(), Kind::Multiplicities);
        }

        let again = r.problem().reduce();
        prop_assert!(again.is_unchanged(), "{:?} {:?}", again.removed_options(), again.removed_items());
        prop_assert_eq!(again.infeasible().is_some(), r.infeasible().is_some());
    }

    /// Options that block nothing and clash with nothing stay; an item's
    /// only option is never removed for blocking an item of its own.
    #[test]
    fn removal_reasons_hold(m in model(6, 4, true, false)) {
        let p = m.problem();
        let r = p.reduce();
        for &(o, why) in r.removed_options() {
            match why {
                OptionRemoval::NoPrimaryItem => {
                    prop_assert!(m.options[o.index()].iter().all(|e| e.0 >= m.primary));
                }
                OptionRemoval::Blocks(item) => {
                    prop_assert!(p.is_primary(item));
                    prop_assert!(p.option_items(o).all(|i| i != item));
                }
                OptionRemoval::Infeasible => prop_assert!(r.infeasible().is_some()),
                _ => {}
            }
        }
        for &(i, why) in r.removed_items() {
            if let ItemRemoval::ImpliedBy(by) = why {
                prop_assert!(p.is_primary(by));
                prop_assert!(
                    r.infeasible().is_some() || r.reduced_item(by).is_some(),
                    "{:?} implied by a removed item", i
                );
            }
        }
    }
}

/// Knuth's second example in DLX-PRE (colors): `X:0 Y:1` has no primary
/// item; `A B X:0 Y:0` leaves `C` without an option; then `C` is implied by
/// `A` and `C Y:1` goes.
#[test]
fn knuths_color_example() {
    let input = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let file = text::parse(input.as_bytes()).unwrap();
    let mut r = file.problem.reduce();
    let removed: Vec<(usize, OptionRemoval)> = r
        .removed_options()
        .iter()
        .map(|&(o, why)| (o.index(), why))
        .collect();
    assert_eq!(removed[0], (0, OptionRemoval::Blocks(Item::new(2))));
    assert!(removed.contains(&(2, OptionRemoval::NoPrimaryItem)));
    // Knuth keeps `A X:1 Y:1` and `B X:1`; the colored items that every
    // remaining option gives one color are idle, and go too.
    assert_eq!(r.original_options(), [1, 3].map(OptionId::new));
    assert_eq!(r.problem().kind(), Kind::Exact);
    assert_eq!(r.problem_mut().count(), 1);
}

#[test]
fn an_item_without_options_means_no_solution() {
    let mut p = Problem::new(3, 1);
    p.add_option([p.primary(0), p.secondary(0)]).unwrap();
    p.add_option([p.primary(1), p.secondary(0)]).unwrap();
    p.add_option([p.primary(2)]).unwrap();
    // Items 0 and 1 both need the secondary item: neither option can be
    // chosen without leaving the other item uncovered.
    let mut r = p.reduce();
    // Checking item 0 removes item 1's option.
    assert_eq!(r.infeasible(), Some(p.primary(1)));
    assert_eq!(r.problem().option_count(), 0);
    assert_eq!(r.problem_mut().count(), 0);
    assert_eq!(p.count(), 0);

    let mut empty = Problem::new(2, 0);
    empty.add_option([empty.primary(0)]).unwrap();
    let r = empty.reduce();
    assert_eq!(r.infeasible(), Some(empty.primary(1)));
    assert_eq!(
        r.removed_options(),
        [(OptionId::new(0), OptionRemoval::Infeasible)]
    );
}

#[test]
fn nothing_to_remove_leaves_the_problem_as_it_is() {
    let mut p = Problem::new(3, 0);
    let [a, b, c] = [0, 1, 2].map(|i| p.primary(i));
    for o in [vec![a, b], vec![c], vec![b, c], vec![a]] {
        p.add_option(o).unwrap();
    }
    let r = p.reduce();
    assert!(r.is_unchanged());
    assert_eq!(r.problem().option_count(), 4);
    assert_eq!(r.infeasible(), None);

    // No items, no options: one (empty) solution before and after.
    let mut none = Problem::new(0, 0);
    let mut r = none.reduce();
    assert_eq!((none.count(), r.problem_mut().count()), (1, 1));
}

/// Bounds merge when two primary items have the same options: `0..=2` and
/// `1..=1` become `1..=1`, and the item whose bounds cannot both hold
/// makes the problem infeasible.
#[test]
fn twin_items_merge_their_bounds() {
    let mut p = Problem::new(3, 0);
    let [a, b, c] = [0, 1, 2].map(|i| p.primary(i));
    p.set_bounds(a, 0, 2).unwrap();
    p.set_bounds(b, 1, 1).unwrap();
    p.set_bounds(c, 0, 3).unwrap();
    for o in [vec![a, b], vec![a, b, c], vec![c]] {
        p.add_option(o).unwrap();
    }
    let mut r = p.reduce();
    assert_eq!(r.removed_items(), [(b, ItemRemoval::ImpliedBy(a))]);
    assert_eq!(r.problem().bounds(Item::new(0)), Some((1, 1)));
    assert_eq!(r.problem_mut().count(), p.count());

    let mut q = Problem::new(2, 0);
    let [a, b] = [q.primary(0), q.primary(1)];
    q.set_bounds(a, 2, 2).unwrap();
    q.set_bounds(b, 0, 1).unwrap();
    q.add_option([a, b]).unwrap();
    q.add_option([b, a]).unwrap();
    let r = q.reduce();
    assert_eq!(r.infeasible(), Some(a));
    assert_eq!(q.count(), 0);
}

/// The data files: the reduced problem counts what the original counts
/// (the known counts of `COUNTS.txt`), each solution mapped back is one by
/// the rules, and the reduction is a fixed point.
#[test]
fn data_files_keep_their_counts() {
    for (dir, column) in [("xc", 5), ("xcc", 2)] {
        let counts = std::fs::read_to_string(data_path(&format!("{dir}/COUNTS.txt"))).unwrap();
        let mut seen = HashSet::new();
        for row in counts.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = row.split_whitespace().collect();
            if f.len() <= column || f[column] == "error" || !seen.insert(f[0].to_string()) {
                continue;
            }
            let expected: u64 = f[column].parse().unwrap();
            // The slow ones (over a million nodes) are left to
            // the release measurements of benches/README.md.
            let nodes: u64 = f[if dir == "xc" { 6 } else { 3 }].parse().unwrap();
            if nodes > 1_000_000 {
                continue;
            }
            let bytes = std::fs::read(data_path(&format!("{dir}/{}", f[0]))).unwrap();
            let file = text::parse(&bytes).unwrap();
            let mut r = file.problem.reduce();
            check_mapping(&file.problem, &r);
            let some: Vec<Vec<OptionId>> = r.problem_mut().solutions().take(200).collect();
            for s in &some {
                check_original_rules(&file.problem, &r.original_solution(s), f[0]);
            }
            assert_eq!(r.problem_mut().count(), expected, "{}", f[0]);
            assert!(some.len() as u64 <= expected);
            assert!(
                r.problem().reduce().is_unchanged(),
                "{} reduces further",
                f[0]
            );
            // Options of one length keep one length (the search's faster
            // loops need it): latin_n8_g20 has idle items that stay.
            let one = |p: &Problem| {
                let lens: HashSet<usize> = (0..p.option_count())
                    .map(OptionId::new)
                    .filter(|&o| p.option_items(o).any(|i| p.is_primary(i)))
                    .map(|o| p.option_items(o).len())
                    .collect();
                lens.len() <= 1
            };
            if one(&file.problem) {
                assert!(
                    one(r.problem()),
                    "{}: options of one length no longer",
                    f[0]
                );
            }
            if f[0] == "latin_n8_g20.dlx" {
                assert!(r.is_unchanged());
            }
        }
    }
}

/// Checks a solution of `p` by the rules of colors and bounds.
fn check_original_rules(p: &Problem, solution: &[OptionId], name: &str) {
    let mut uses = vec![Vec::new(); p.item_count()];
    for &o in solution {
        assert!(p.option_items(o).any(|i| p.is_primary(i)), "{name}");
        for (i, c) in p.option_items(o).zip(p.option_colors(o)) {
            uses[i.index()].push(c);
        }
    }
    for (i, u) in uses.iter().enumerate() {
        match p.bounds(Item::new(i)) {
            Some((lo, hi)) => assert!((lo..=hi).contains(&(u.len() as u32)), "{name}: item {i}"),
            None => assert!(
                u.len() <= 1 || (u[0].is_some() && u.iter().all(|&c| c == u[0])),
                "{name}: secondary item {i}"
            ),
        }
    }
}

/// The example of the README's "Preprocessing" section.
#[test]
fn readme_example() {
    let mut p = Problem::new(3, 0);
    let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    for option in [vec![a, b], vec![b, c], vec![c]] {
        p.add_option(option).unwrap();
    }
    let mut r = p.reduce();
    assert_eq!(r.removed_options().len(), 1);
    let solution = r.problem_mut().first_solution().unwrap();
    let mut solution = r.original_solution(&solution);
    solution.sort();
    assert_eq!(solution, [OptionId::new(0), OptionId::new(2)]);
}

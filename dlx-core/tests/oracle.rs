//! Differential tests: the engine against a brute-force oracle that tries
//! every subset of the options of small random matrices.
//!
//! # What the oracle counts
//!
//! A *cover* is a set of options in which every primary item occurs exactly
//! once and every secondary item at most once. An option made only of
//! secondary items can be added to a cover whose other options leave its
//! items free, and the result still obeys those rules; but Algorithm X only
//! ever chooses an option to cover a primary item, so it never picks such an
//! option (Knuth's DLX1 drops them on input). The engine follows DLX1, so
//! the oracle counts the covers *without* all-secondary options. Forced
//! options are the exception: the caller puts them in the solution, so a
//! forced all-secondary option is allowed.

use std::collections::HashSet;

use dlx_core::memo::Memo;
use dlx_core::{text, Branching, ForceError, Item, OptionId, Outcome, Problem, Step, Uniqueness};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::{subsequence, Index};

use crate::common::{check_cover, data_path, BRANCHINGS};

/// A small exact-cover matrix: each option lists item indices (primary
/// items first, as in [`Problem`]), in the order they are added.
#[derive(Clone, Debug)]
struct Matrix {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

/// A set of options as a bit mask over option ids (at most 12 options).
type OptionSet = u32;

impl Matrix {
    /// The items of option `o` as a bit mask.
    fn items(&self, o: usize) -> u32 {
        self.options[o].iter().map(|&i| 1 << i).sum()
    }

    /// All primary items as a bit mask.
    fn primary_items(&self) -> u32 {
        (1 << self.primary) - 1
    }

    fn problem(&self) -> Problem {
        let mut p = Problem::new(self.primary, self.secondary);
        for (o, items) in self.options.iter().enumerate() {
            let id = p
                .add_option(items.iter().map(|&i| Item::new(i)))
                .expect("a valid option");
            assert_eq!(id, OptionId::new(o));
        }
        p
    }

    /// The oracle: every set of options that contains `forced`, covers each
    /// primary item exactly once and each secondary item at most once, and
    /// whose unforced options each have a primary item.
    fn covers(&self, forced: OptionSet) -> HashSet<OptionSet> {
        let n = self.options.len();
        let mut covers = HashSet::new();
        'subsets: for set in 0..1u32 << n {
            if set & forced != forced {
                continue;
            }
            let mut covered = 0;
            for o in (0..n).filter(|&o| set & (1 << o) != 0) {
                let items = self.items(o);
                let chosen_by_search = forced & (1 << o) == 0;
                if covered & items != 0 || (chosen_by_search && items & self.primary_items() == 0) {
                    continue 'subsets;
                }
                covered |= items;
            }
            if covered & self.primary_items() == self.primary_items() {
                covers.insert(set);
            }
        }
        covers
    }
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

/// Checks every solution by the rules and that they are distinct; returns
/// them as sets.
fn checked_sets(p: &Problem, solutions: &[Vec<OptionId>]) -> HashSet<OptionSet> {
    let mut sets = HashSet::new();
    for s in solutions {
        check_cover(p, s);
        assert!(sets.insert(as_set(s)), "{s:?} is found twice");
    }
    sets
}

/// Random matrices with up to `max_primary` primary and `max_secondary`
/// secondary items and up to 12 options, each a nonempty set of items in
/// random order (repeated options included).
fn matrix(max_primary: usize, max_secondary: usize) -> impl Strategy<Value = Matrix> {
    (0..=max_primary, 0..=max_secondary)
        .prop_filter("at least one item", |&(p, s)| p + s > 0)
        .prop_flat_map(|(p, s)| {
            let n = p + s;
            let all: Vec<usize> = (0..n).collect();
            // Small options make covers likely; any size exercises hiding.
            let option = prop_oneof![
                subsequence(all.clone(), 1..=n.min(2)),
                subsequence(all, 1..=n),
            ]
            .prop_shuffle();
            (Just(p), Just(s), vec(option, 0..=12))
        })
        .prop_map(|(primary, secondary, options)| Matrix {
            primary,
            secondary,
            options,
        })
}

/// Random matrices whose options are all pairs (as in domino tilings),
/// which the search handles apart: an option's other node is a neighbour.
fn pairs(max_primary: usize, max_secondary: usize) -> impl Strategy<Value = Matrix> {
    (0..=max_primary, 0..=max_secondary)
        .prop_filter("at least two items", |&(p, s)| p + s >= 2)
        .prop_flat_map(|(p, s)| {
            let all: Vec<usize> = (0..p + s).collect();
            let option = subsequence(all, 2..=2).prop_shuffle();
            (Just(p), Just(s), vec(option, 0..=16))
        })
        .prop_map(|(primary, secondary, options)| Matrix {
            primary,
            secondary,
            options,
        })
}

/// Compares every way of asking for solutions with the oracle.
fn check_against_oracle(m: &Matrix) {
    let mut p = m.problem();
    let covers = m.covers(0);
    let total = covers.len() as u64;

    assert_eq!(p.count(), total);
    let all: Vec<Vec<OptionId>> = p.solutions().collect();
    assert_eq!(checked_sets(&p, &all), covers);
    assert_eq!(p.count_with_stats().solutions, total);

    // The first solution is the first one the iterator yields.
    assert_eq!(p.first_solution(), all.first().cloned());

    match p.uniqueness() {
        Uniqueness::None => assert_eq!(total, 0),
        Uniqueness::Unique(s) => {
            assert_eq!(total, 1);
            assert_eq!(covers, HashSet::from([as_set(&s)]));
        }
        Uniqueness::Multiple => assert!(total >= 2, "{total} solutions"),
        Uniqueness::Undecided => panic!("undecided without a node limit"),
    }

    for k in 0..=total + 1 {
        assert_eq!(p.count_up_to(k), k.min(total), "count_up_to({k})");
    }

    // Every branching rule finds the same covers, each once.
    for branching in BRANCHINGS {
        let mut s = p.solver();
        s.set_branching(branching);
        let mut found = Vec::new();
        while s.next_solution() == Step::Found {
            found.push(s.solution().collect::<Vec<_>>());
        }
        assert_eq!(s.stats().solutions, total, "{branching:?}");
        drop(s);
        assert_eq!(checked_sets(&p, &found), covers, "{branching:?}");
    }
}

/// Option ids picked at random from `m` (none when it has no options).
fn pick(m: &Matrix, picks: &[Index]) -> Vec<usize> {
    if m.options.is_empty() {
        return Vec::new();
    }
    picks.iter().map(|i| i.index(m.options.len())).collect()
}

/// The memoised search's diagram against the oracle: its count, and the
/// solutions it enumerates (checked by the rules, each once), with a
/// memo of any size and under two item choices.
fn check_memo_against_oracle(m: &Matrix) {
    let want = m.covers(0);
    let mut p = m.problem();
    for memo in [
        Memo::new(),
        Memo::new().max_entries(2),
        Memo::new().branching(Branching::First),
    ] {
        let (zdd, _) = p.zdd_with(&memo).expect("an exact-cover problem");
        assert_eq!(zdd.count(), Ok(want.len() as u128), "{memo:?}");
        let solutions: Vec<Vec<OptionId>> = zdd.solutions().collect();
        assert_eq!(checked_sets(&p, &solutions), want, "{memo:?}");
    }
    // The problem is as it was: the plain search agrees.
    assert_eq!(p.count(), want.len() as u64);
}

proptest! {
    #[test]
    fn the_memo_diagram_matches_the_oracle(m in matrix(7, 3)) {
        check_memo_against_oracle(&m);
    }

    #[test]
    fn the_memo_diagram_of_pairs_matches_the_oracle(m in pairs(10, 3)) {
        check_memo_against_oracle(&m);
    }

    #[test]
    fn counts_and_solutions_match_the_oracle(m in matrix(7, 3)) {
        check_against_oracle(&m);
    }

    #[test]
    fn counts_and_solutions_match_the_oracle_without_secondary_items(m in matrix(7, 0)) {
        check_against_oracle(&m);
    }

    #[test]
    fn options_of_two_items_match_the_oracle(m in pairs(10, 3)) {
        check_against_oracle(&m);
    }

    #[test]
    fn changing_the_rule_between_solutions_still_finds_each_once(
        m in matrix(7, 3),
        rules in vec(0..BRANCHINGS.len(), 1..8),
    ) {
        // Each rule keeps different state (the covered flag, the short
        // stack); a search that changes rule as it goes must still
        // partition the covers.
        let mut p = m.problem();
        let mut s = p.solver();
        let mut found = Vec::new();
        for k in 0.. {
            s.set_branching(BRANCHINGS[rules[k % rules.len()]]);
            s.set_node_limit(Some(s.stats().nodes + 1 + (k % 3) as u64));
            match s.next_solution() {
                Step::Found => found.push(s.solution().collect::<Vec<_>>()),
                Step::NodeLimit => continue,
                Step::Exhausted => break,
                Step::Deadline | Step::Cancelled => prop_assert!(false, "no deadline or handle was set"),
            }
        }
        drop(s);
        prop_assert_eq!(found.len(), m.covers(0).len());
        prop_assert_eq!(checked_sets(&p, &found), m.covers(0));
        // The links are whole again: a fresh count agrees.
        prop_assert_eq!(p.count(), m.covers(0).len() as u64);
    }

    #[test]
    fn forced_options_match_the_oracle(
        m in matrix(7, 3),
        picks in vec(any::<Index>(), 0..4),
    ) {
        let forced = pick(&m, &picks);
        let mut p = m.problem();
        let mut s = p.solver();

        // Force the picks in order; each must succeed unless it shares an
        // item with one accepted before (then the first such item, in the
        // option's order, is named).
        let mut covered = 0u32;
        let mut accepted = Vec::new();
        for &o in &forced {
            let conflict = m.options[o].iter().find(|&&i| covered & (1 << i) != 0);
            let result = s.force(OptionId::new(o));
            match conflict {
                None => {
                    prop_assert_eq!(result, Ok(()));
                    covered |= m.items(o);
                    accepted.push(OptionId::new(o));
                }
                Some(&item) => prop_assert_eq!(
                    result,
                    Err(ForceError::Conflict { option: OptionId::new(o), item: Item::new(item) })
                ),
            }
        }

        let mut all = Vec::new();
        while s.next_solution().is_found() {
            all.push(s.solution().collect::<Vec<_>>());
        }
        let stats = s.stats();
        drop(s);

        for solution in &all {
            prop_assert_eq!(&solution[..accepted.len()], &accepted[..], "forced options come first");
        }
        let forced_set: OptionSet = accepted.iter().map(|o| 1 << o.index()).sum();
        let covers = m.covers(forced_set);
        prop_assert_eq!(checked_sets(&p, &all), covers.clone());
        prop_assert_eq!(stats.solutions, covers.len() as u64);

        // Dropping the solver undid the forcing.
        prop_assert_eq!(p.count(), m.covers(0).len() as u64);
    }

    #[test]
    fn a_node_limit_pauses_the_search_and_raising_it_resumes(
        m in matrix(7, 3),
        first in 0u64..30,
        step in 1u64..10,
    ) {
        let mut p = m.problem();
        let full_stats = p.count_with_stats();
        let full: Vec<Vec<OptionId>> = p.solutions().collect();
        prop_assert_eq!(full.len(), m.covers(0).len());

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
    }

    #[test]
    fn links_are_restored_after_any_interrupted_search(
        m in matrix(7, 3),
        steps in 0usize..4,
        limit in option::of(0u64..40),
        picks in vec(any::<Index>(), 0..3),
    ) {
        let mut p = m.problem();
        let base_stats = p.count_with_stats();
        let base: Vec<Vec<OptionId>> = p.solutions().collect();
        // Searching twice gives the same result.
        prop_assert_eq!(p.count_with_stats(), base_stats);

        {
            let mut s = p.solver();
            for o in pick(&m, &picks) {
                // Conflicts are allowed here; they must change nothing.
                let _ = s.force(OptionId::new(o));
            }
            s.set_node_limit(limit);
            for _ in 0..steps {
                if s.next_solution() == Step::Exhausted {
                    break;
                }
            }
        } // Dropped midway: everything it covered is uncovered.

        prop_assert_eq!(p.count_with_stats(), base_stats);
        prop_assert_eq!(&p.solutions().collect::<Vec<_>>(), &base);

        // The same through the iterator, dropped after `steps` solutions.
        prop_assert_eq!(p.solutions().take(steps).count(), steps.min(base.len()));
        prop_assert_eq!(p.count_with_stats(), base_stats);
        prop_assert_eq!(&p.solutions().collect::<Vec<_>>(), &base);
    }
}

#[test]
fn the_oracle_leaves_out_options_of_secondary_items_only() {
    // Primary a; secondary x, y. Options {a}, {x}, {a, y}, {x, y}.
    // By the rules alone {a} + {x}, {a} + {x, y} and {a, y} + {x} would also
    // be covers; the search never chooses {x} or {x, y}, and neither does the oracle.
    let m = Matrix {
        primary: 1,
        secondary: 2,
        options: vec![vec![0], vec![1], vec![0, 2], vec![1, 2]],
    };
    assert_eq!(m.covers(0), HashSet::from([0b0001, 0b0100]));
    // Forced, {x} may join.
    assert_eq!(m.covers(0b0010), HashSet::from([0b0011, 0b0110]));
    check_against_oracle(&m);
}

/// Solutions and statistics of a larger problem survive every way of
/// abandoning a search.
#[test]
fn queens8_is_restored_after_abandoned_searches() {
    let bytes = std::fs::read(data_path("xc/queens8.dlx")).unwrap();
    let mut f = text::parse(&bytes).unwrap();
    let p = &mut f.problem;
    let base_stats = p.count_with_stats();
    let base: Vec<Vec<OptionId>> = p.solutions().collect();
    assert_eq!(base.len(), 92);

    for stop_after in [0, 1, 2, 46, 91, 92, 93] {
        let mut s = p.solver();
        for _ in 0..stop_after {
            s.next_solution();
        }
        drop(s);
        assert_eq!(p.count_with_stats(), base_stats, "after {stop_after}");
    }
    for limit in [0, 1, 2, 7, 100, 500, base_stats.nodes - 1] {
        let mut s = p.solver();
        s.set_node_limit(Some(limit));
        while s.next_solution() == Step::Found {}
        drop(s);
        assert_eq!(p.count_with_stats(), base_stats, "after limit {limit}");
    }
    {
        // Forced options, then abandoned after one solution.
        let mut s = p.solver();
        s.force(base[10][0]).unwrap();
        s.force(base[10][1]).unwrap();
        assert!(s.next_solution().is_found());
    }
    assert_eq!(p.solutions().collect::<Vec<_>>(), base);
    assert_eq!(p.count_with_stats(), base_stats);
}

/// Node and guess counts of a search tree.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tree {
    nodes: u64,
    guesses: u64,
    solutions: u64,
    /// The guesses made when each solution was found.
    guesses_at: Vec<u64>,
}

impl Matrix {
    /// An independent Algorithm X on bit masks, with DLX1's rule (the
    /// leftmost primary item of fewest options, its options in input
    /// order), counting as [`dlx_core::Stats`] does: a node per level
    /// entered and per solution; a guess per option tried while a later
    /// option of the item is still possible.
    fn tree(&self) -> Tree {
        // As DLX1 reads its input, options without a primary item are
        // never chosen.
        let usable: Vec<usize> = (0..self.options.len())
            .filter(|&o| self.items(o) & self.primary_items() != 0)
            .collect();
        let mut tree = Tree::default();
        if self.primary == 0 {
            // Nothing to cover: the root is the one solution.
            tree.nodes = 2;
            tree.solutions = 1;
            tree.guesses_at.push(0);
            return tree;
        }
        tree.nodes = 1;
        self.grow(&usable, 0, &mut tree);
        tree
    }

    fn grow(&self, usable: &[usize], covered: u32, tree: &mut Tree) {
        let fits = |o: usize| self.items(o) & covered == 0;
        let best = (0..self.primary)
            .filter(|&i| covered & (1 << i) == 0)
            .min_by_key(|&i| {
                usable
                    .iter()
                    .filter(|&&o| fits(o) && self.items(o) & (1 << i) != 0)
                    .count()
            })
            .expect("an uncovered primary item");
        let tries: Vec<usize> = usable
            .iter()
            .copied()
            .filter(|&o| fits(o) && self.items(o) & (1 << best) != 0)
            .collect();
        for (k, &o) in tries.iter().enumerate() {
            tree.guesses += u64::from(k + 1 < tries.len());
            tree.nodes += 1;
            let now = covered | self.items(o);
            if now & self.primary_items() == self.primary_items() {
                tree.solutions += 1;
                tree.guesses_at.push(tree.guesses);
            } else {
                self.grow(usable, now, tree);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Guesses (and nodes) under DLX1's rule equal those of an independent
    /// search: at each solution (the search paused with options still to
    /// try) and at the end.
    #[test]
    fn guesses_match_an_independent_search(m in matrix(7, 3)) {
        let want = m.tree();
        let mut p = m.problem();
        let mut s = p.solver();
        s.set_branching(Branching::MinLength);
        let mut at = Vec::new();
        while s.next_solution() == Step::Found {
            at.push(s.stats().guesses);
        }
        prop_assert_eq!(&at, &want.guesses_at);
        prop_assert_eq!(s.stats().guesses, want.guesses);
        drop(s);
        let mut s = p.solver();
        s.set_branching(Branching::MinLength);
        s.count(None);
        let got = s.stats();
        prop_assert_eq!(
            (got.nodes, got.guesses, got.solutions),
            (want.nodes, want.guesses, want.solutions)
        );
    }
}

//! Differential tests of the min-cost search (Knuth's DLX5): the `k` best
//! costs of small random problems, with colors and costs that tie often,
//! against a brute force that tries every subset of the options and adds
//! up the costs of those that are solutions; and the text format's cost
//! tokens against the sum they stand for.
//!
//! A solution is a set of options, each with a primary item, that covers
//! every primary item exactly once and every secondary item at most once
//! without a color, or in any number of options that all give it one color
//! (the rules of `tests/data/cost/README.md`, DLX2's plus costs).

use std::collections::HashSet;

use dlx_core::cost::{CostError, CostSearch};
use dlx_core::{text, Color, Item, OptionId, Outcome, Problem};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::subsequence;

/// An entry of an option: an item index (primary items first) and the
/// index of the color it gives the item, if any.
type Entry = (usize, Option<usize>);

/// A small problem with colors and costs, as plain data for the oracle.
#[derive(Clone, Debug)]
struct Model {
    primary: usize,
    secondary: usize,
    /// The options: their entries, in the order they are added, and cost.
    options: Vec<(Vec<Entry>, u64)>,
}

impl Model {
    fn problem(&self) -> Problem {
        let mut p = Problem::new(self.primary, self.secondary);
        for (entries, cost) in &self.options {
            let entries = entries
                .iter()
                .map(|&(i, c)| (Item::new(i), c.map(Color::new)));
            let o = p.add_colored_option(entries).unwrap();
            p.set_cost(o, *cost);
            assert_eq!(p.cost(o), *cost);
        }
        p
    }

    /// The cost of `set` if it is a solution by the rules.
    fn cost(&self, set: u32) -> Option<u64> {
        let mut covered = vec![0; self.primary];
        // Per secondary item: unused, or used with this color (`None`:
        // uncolored, which no other option may share).
        let mut uses: Vec<Option<Option<usize>>> = vec![None; self.secondary];
        let mut total = 0;
        for (o, (entries, cost)) in self.options.iter().enumerate() {
            if set & 1 << o == 0 {
                continue;
            }
            if entries.iter().all(|&(i, _)| i >= self.primary) {
                return None; // never chosen: no primary item
            }
            total += cost;
            for &(i, c) in entries {
                if i < self.primary {
                    covered[i] += 1;
                    continue;
                }
                let u = &mut uses[i - self.primary];
                match (*u, c) {
                    (None, _) => *u = Some(c),
                    (Some(Some(a)), Some(b)) if a == b => {}
                    _ => return None,
                }
            }
        }
        covered.iter().all(|&n| n == 1).then_some(total)
    }

    /// Every solution's cost, in increasing order, ties repeated.
    fn all_costs(&self) -> Vec<u64> {
        let n = self.options.len();
        let mut costs: Vec<u64> = (0..1u32 << n).filter_map(|s| self.cost(s)).collect();
        costs.sort_unstable();
        costs
    }
}

/// Random problems of up to 5 primary and 3 secondary items and up to 13
/// options (repeats possible), secondary entries colored from a palette of
/// 1 to 3 colors two times in three, costs mostly below 4 (ties), else up
/// to 10^12 (64-bit sums).
fn model() -> impl Strategy<Value = Model> {
    (0..=5usize, 0..=3usize, 1..=3usize)
        .prop_filter("at least one item", |&(p, s, _)| p + s > 0)
        .prop_flat_map(|(p, s, palette)| {
            let n = p + s;
            let all: Vec<usize> = (0..n).collect();
            let items = prop_oneof![
                subsequence(all.clone(), 1..=n.min(2)),
                subsequence(all, 1..=n),
            ]
            .prop_shuffle();
            let cost = prop_oneof![4 => 0..4u64, 1 => 0..1_000_000_000_000u64];
            let option = (items, vec(option::weighted(0.67, 0..palette), n), cost).prop_map(
                move |(items, colors, cost)| {
                    let entries = items
                        .iter()
                        .zip(colors)
                        .map(|(&i, c)| (i, if i < p { None } else { c }))
                        .collect();
                    (entries, cost)
                },
            );
            vec(option, 0..=13).prop_map(move |options| Model {
                primary: p,
                secondary: s,
                options,
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The `k` best costs are the `k` least of all solutions' costs, ties
    /// counted; every solution returned is one, of the cost it says, and
    /// none twice. With `k` past the number of solutions, all are found.
    #[test]
    fn best_costs_match_brute_force(m in model(), k in 1..8usize) {
        let p = m.problem();
        let all = m.all_costs();
        let report = CostSearch::new(&p).best(k).run().unwrap();
        prop_assert_eq!(report.outcome, Outcome::Complete);
        let want: Vec<u64> = all.iter().take(k).copied().collect();
        prop_assert_eq!(report.costs(), want);
        let mut sets = HashSet::new();
        for s in &report.solutions {
            let set = s.options.iter().fold(0u32, |a, o| a | 1 << o.index());
            prop_assert_eq!(set.count_ones() as usize, s.options.len());
            prop_assert_eq!(m.cost(set), Some(s.cost), "{:?}", s.options);
            prop_assert!(sets.insert(set), "{:?} twice", s.options);
        }
        let least = p.min_cost().unwrap();
        prop_assert_eq!(least.map(|s| s.cost), all.first().copied());
        prop_assert_eq!(report.stats.solutions >= report.solutions.len() as u64, true);

        // The disjoint bound prunes only subtrees whose solutions could
        // not beat the cutoff: the same solutions are found, in the same
        // order, in a subset of the tree.
        let pruned = CostSearch::new(&p).best(k).disjoint_bound(true).run().unwrap();
        prop_assert_eq!(&pruned.solutions, &report.solutions);
        prop_assert_eq!(pruned.stats.solutions, report.stats.solutions);
        prop_assert!(pruned.stats.nodes <= report.stats.nodes);
    }

    /// A node limit stops the search with the best found so far, each a
    /// solution, after entering at most that many levels (nodes count one
    /// more per solution); enough nodes finish it.
    #[test]
    fn a_node_limit_keeps_what_was_found(m in model(), limit in 1..20u64, disjoint: bool) {
        let p = m.problem();
        let report = CostSearch::new(&p)
            .best(2)
            .node_limit(Some(limit))
            .disjoint_bound(disjoint)
            .run()
            .unwrap();
        prop_assert!(report.stats.nodes - report.stats.solutions <= limit);
        for s in &report.solutions {
            let set = s.options.iter().fold(0u32, |a, o| a | 1 << o.index());
            prop_assert_eq!(m.cost(set), Some(s.cost));
        }
        if report.outcome == Outcome::Complete {
            let all = m.all_costs();
            prop_assert_eq!(report.costs(), all.into_iter().take(2).collect::<Vec<_>>());
        }
    }

    /// Cost tokens anywhere after an option's first item add up, split
    /// into any number of tokens with leading zeros; the rest of the
    /// option reads as without them.
    #[test]
    fn cost_tokens_add_up(
        options in vec((subsequence(vec!["a", "b", "c", "x:1", "y"], 1..=5).prop_shuffle(),
                        vec((0..1_000_000u64, 0..3usize, 0..6usize), 0..4)), 1..8),
    ) {
        let mut input = String::from("a b c | x y\n");
        let mut want = Vec::new();
        for (items, tokens) in &options {
            let mut words: Vec<String> = items.iter().map(|s| s.to_string()).collect();
            let mut cost = 0;
            for &(n, zeros, at) in tokens {
                cost += n;
                let token = format!("|{}{n}", "0".repeat(zeros));
                words.insert(1 + at % words.len(), token);
            }
            input += &words.join(" ");
            input += "\n";
            want.push((items.join(" "), cost));
        }
        let file = text::parse(input.as_bytes()).unwrap();
        prop_assert_eq!(file.problem.option_count(), options.len());
        for (o, (line, cost)) in want.iter().enumerate() {
            prop_assert_eq!(&file.option_text(OptionId::new(o)), line);
            prop_assert_eq!(file.problem.cost(OptionId::new(o)), *cost);
        }
    }
}

#[test]
fn bounds_other_than_one_are_an_error() {
    let mut p = Problem::new(2, 0);
    p.add_option([p.primary(0), p.primary(1)]).unwrap();
    p.set_bounds(p.primary(1), 1, 1).unwrap();
    assert_eq!(p.min_cost().unwrap().unwrap().cost, 0);
    p.set_bounds(p.primary(0), 0, 1).unwrap();
    assert_eq!(p.min_cost(), Err(CostError::Multiplicities));
    assert!(!CostError::Multiplicities.to_string().is_empty());
}

#[test]
fn zero_best_is_an_error() {
    let p = Problem::new(1, 0);
    assert_eq!(p.best(0), Err(CostError::ZeroBest));
    assert_eq!(p.best(1).unwrap(), []);
}

#[test]
fn costs_are_kept_and_reset() {
    let mut p = Problem::new(1, 0);
    let o = p.add_option([p.primary(0)]).unwrap();
    let q = p.add_option([p.primary(0)]).unwrap();
    assert_eq!((p.cost(o), p.cost(q)), (0, 0));
    p.set_cost(q, 9);
    p.set_cost(o, 4);
    assert_eq!((p.cost(o), p.cost(q)), (4, 9));
    assert_eq!(
        p.best(3)
            .unwrap()
            .iter()
            .map(|s| s.cost)
            .collect::<Vec<_>>(),
        [4, 9]
    );
    // Counting ignores costs.
    assert_eq!(p.count(), 2);
    p.reset(1, 0);
    let o = p.add_option([p.primary(0)]).unwrap();
    assert_eq!(p.cost(o), 0);
}

/// No primary item: the empty set is the one solution, of cost 0, as
/// `count` says; options of secondary items only are never chosen.
#[test]
fn no_primary_item_means_the_empty_solution() {
    let mut p = Problem::new(0, 2);
    let o = p.add_option([p.secondary(0)]).unwrap();
    p.set_cost(o, 5);
    assert_eq!(p.count(), 1);
    let best = p.best(2).unwrap();
    assert_eq!(best.len(), 1);
    assert_eq!((best[0].cost, best[0].options.len()), (0, 0));
}

#[test]
#[should_panic(expected = "out of range")]
fn the_cost_of_an_unknown_option_panics() {
    let mut p = Problem::new(1, 0);
    p.set_cost(OptionId::new(0), 1);
}

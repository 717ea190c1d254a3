//! Hostile inputs of issue 28 (see `data/hostile/README.md`): deep chains
//! cut without recursion, cuts streamed and stopped, seeded searches on
//! chains, costs near 2^64, absurd `k`. Results are checked by the rules
//! or against a brute force, never by wall time.

use std::collections::BTreeSet;
use std::time::Instant;

use dlx_core::cost::{CostError, CostSearch, MAX_BEST};
use dlx_core::split::Part;
use dlx_core::text::{self, ParseErrorKind};
use dlx_core::{Branching, Cancel, Color, Item, OptionId, Outcome, Problem, Step};

use crate::common::{check_cover, data_path};

/// `n` primary items, each in one option of its own (with bounds `1:2`
/// when `bounded`): one solution, a tree one node wide and `n` deep.
fn chain(n: usize, bounded: bool) -> Problem {
    let mut p = Problem::new(n, 0);
    for i in 0..n {
        if bounded {
            p.set_bounds(p.primary(i), 1, 2).unwrap();
        }
        p.add_option([p.primary(i)]).unwrap();
    }
    p
}

/// Runs `f` on a thread with a 256 KB stack: a recursion per level of a
/// deep tree would overflow it.
fn in_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_chain_of_60000_items_is_cut_at_its_full_depth_in_a_small_stack() {
    let n = 60_000;
    let (parts, cut) = in_small_stack(move || {
        let mut p = chain(n, false);
        (p.parts(n), p.cut_iter(n + 5).collect::<Vec<Part>>())
    });
    let all: Vec<OptionId> = (0..n).map(OptionId::new).collect();
    assert_eq!(parts, std::slice::from_ref(&all));
    assert_eq!(cut.len(), 1);
    assert_eq!(cut[0].choices().len(), n);
    assert!(cut[0]
        .choices()
        .iter()
        .zip(&all)
        .all(|(c, &o)| *c == Some(o)));
}

#[test]
fn a_bounded_chain_is_cut_at_its_full_depth_in_a_small_stack() {
    // Algorithm M: each item takes its one option (or the null move, a dead
    // end below its lower bound); the path is 5,000 moves long.
    let n = 5_000;
    let counted = in_small_stack(move || {
        let mut p = chain(n, true);
        let parts = p.cut(1_000_000);
        let mut total = 0;
        for part in &parts {
            let mut s = p.solver();
            s.enter(part).unwrap();
            total += s.count(None).solutions;
        }
        (parts.len(), total)
    });
    assert_eq!(counted, (1, 1));
}

/// 12 items with 8 options each: 8^12 solutions, 8^9 parts at depth 9.
fn independent() -> Problem {
    let mut p = Problem::new(12, 0);
    for i in 0..12 {
        for _ in 0..8 {
            p.add_option([p.primary(i)]).unwrap();
        }
    }
    p
}

#[test]
fn a_cut_of_134_million_parts_streams_and_stops_when_told() {
    let mut p = independent();
    let cancel = Cancel::new();
    let mut cut = p.cut_iter(9);
    cut.set_cancel(Some(cancel.clone()));
    let mut given = 0;
    for part in cut.by_ref() {
        assert_eq!(part.choices().len(), 9);
        given += 1;
        if given == 1_000 {
            cancel.cancel();
        }
    }
    assert_eq!(given, 1_000);
    assert_eq!(cut.outcome(), Some(Outcome::Cancelled));
    assert_eq!(cut.next(), None, "fused");
    drop(cut);
    // A deadline already past: not one part.
    let mut cut = p.cut_iter(9);
    cut.set_deadline(Some(Instant::now()));
    assert_eq!(cut.next(), None);
    assert_eq!(cut.outcome(), Some(Outcome::Deadline));
    drop(cut);
    // Nor at depth 0, where the one part is the root.
    let mut cut = p.cut_iter(0);
    cut.set_deadline(Some(Instant::now()));
    assert_eq!((cut.next(), cut.outcome()), (None, Some(Outcome::Deadline)));
    drop(cut);
    // The first parts, in the search's order: 0, 0, ..., then the last
    // level's next options.
    let first: Vec<Part> = p.cut_iter(9).take(3).collect();
    for (k, part) in first.iter().enumerate() {
        let expected: Vec<Option<OptionId>> = (0..9)
            .map(|i| Some(OptionId::new(8 * i + if i == 8 { k } else { 0 })))
            .collect();
        assert_eq!(part.choices(), expected);
    }
}

/// Exact covers of `p` by brute force over subsets of options, as sorted
/// option lists (colors: a secondary item in several options must have
/// one color in all; bounds: each primary item's count within them).
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let m = p.option_count();
    let mut found = BTreeSet::new();
    'subsets: for mask in 0u32..1 << m {
        let mut hits = vec![0u32; p.item_count()];
        let mut colors: Vec<Vec<Option<Color>>> = vec![Vec::new(); p.item_count()];
        let chosen: Vec<usize> = (0..m).filter(|&o| mask >> o & 1 == 1).collect();
        for &o in &chosen {
            let o = OptionId::new(o);
            if !p.option_items(o).any(|i| p.is_primary(i)) {
                continue 'subsets;
            }
            for (i, c) in p.option_items(o).zip(p.option_colors(o)) {
                hits[i.index()] += 1;
                colors[i.index()].push(c);
            }
        }
        // A secondary item in several options: one color in all.
        for c in colors.iter().skip(p.primary_count()) {
            if c.len() > 1 && (c[0].is_none() || c.iter().any(|&x| x != c[0])) {
                continue 'subsets;
            }
        }
        for (i, &h) in hits.iter().enumerate().take(p.primary_count()) {
            let (lo, hi) = p.bounds(p.primary(i)).unwrap_or((1, 1));
            if h < lo || h > hi {
                continue 'subsets;
            }
        }
        found.insert(chosen);
    }
    found
}

/// A random small problem: plain (0), colored (1) or bounded (2).
fn random_problem(seed: &mut u64, kind: usize) -> Problem {
    let mut next = |n: usize| {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        ((*seed >> 33) as usize) % n
    };
    let primary = 1 + next(5);
    let secondary = next(3);
    let mut p = Problem::new(primary, secondary);
    if kind == 2 {
        for i in 0..primary {
            let lo = next(3) as u32;
            p.set_bounds(p.primary(i), lo, (lo + next(2) as u32).max(1))
                .unwrap();
        }
    }
    for _ in 0..next(12) {
        let mut items: Vec<(Item, Option<Color>)> = Vec::new();
        for i in 0..primary + secondary {
            if next(3) == 0 {
                let (item, secondary) = if i < primary {
                    (p.primary(i), false)
                } else {
                    (p.secondary(i - primary), true)
                };
                let color = (kind == 1 && secondary && next(2) == 0).then(|| Color::new(next(2)));
                items.push((item, color));
            }
        }
        if !items.is_empty() {
            p.add_colored_option(items).unwrap();
        }
    }
    p
}

#[test]
fn parts_hold_the_solutions_in_the_order_the_search_finds_them() {
    let mut seed = 28;
    for round in 0..450 {
        let kind = round % 3;
        let mut p = random_problem(&mut seed, kind);
        let expected = brute_force(&p);
        let sorted = |s: &dlx_core::Solver<'_>| {
            let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
            o.sort_unstable();
            o
        };
        let mut sequential = Vec::new();
        let mut s = p.solver();
        while s.next_solution() == Step::Found {
            sequential.push(sorted(&s));
        }
        drop(s);
        assert_eq!(
            sequential.iter().cloned().collect::<BTreeSet<_>>(),
            expected,
            "round {round}"
        );
        for depth in 0..4 {
            let mut by_parts = Vec::new();
            for part in p.cut(depth) {
                let mut s = p.solver();
                s.enter(&part).unwrap();
                while s.next_solution() == Step::Found {
                    if kind == 0 {
                        check_cover(s.problem(), &s.solution().collect::<Vec<_>>());
                    }
                    by_parts.push(sorted(&s));
                }
            }
            assert_eq!(by_parts, sequential, "round {round}, depth {depth}");
        }
    }
}

#[test]
fn seeded_searches_on_a_chain_make_the_unseeded_tree() {
    // Each item has one option: every rule, seeded or not, makes one node
    // per item. A seeded scan that ranked every item of length 1 read all
    // active items at every node (29 s on 200,000 items); this one stops
    // where the unseeded scan does.
    let n = 60_000;
    let mut p = chain(n, false);
    for rule in [
        Branching::First,
        Branching::MinLengthUpToOne,
        Branching::Early,
        Branching::Fast,
    ] {
        let mut s = p.solver();
        s.set_seed(7).unwrap();
        s.set_branching(rule);
        let count = s.count(None);
        assert_eq!((count.solutions, count.outcome), (1, Outcome::Complete));
        assert_eq!(s.stats().nodes, n as u64 + 1, "{rule:?}");
    }
}

fn read(name: &str) -> Result<text::DlxFile, text::ParseError> {
    let bytes = std::fs::read(data_path(&format!("hostile/{name}"))).unwrap();
    text::parse(&bytes)
}

#[test]
fn costs_near_2_pow_64_are_judged_on_real_totals() {
    let e19 = 10_000_000_000_000_000_000;
    let file = read("cost_1e19.dlx").unwrap();
    let report = CostSearch::new(&file.problem).best(10).run().unwrap();
    assert_eq!(report.costs(), [e19, e19]);
    for s in &report.solutions {
        check_cover(&file.problem, &s.options);
    }
    // 2^64 - 1: refused by the reader, at its token.
    let e = read("cost_max.dlx").unwrap_err();
    assert_eq!((e.line, e.column), (3, 3));
    assert_eq!(
        e.kind,
        ParseErrorKind::CostTooLarge("18446744073709551615".into())
    );
    // A real total past the limit: the error names an option, whose line
    // the caller can give.
    let file = read("cost_total.dlx").unwrap();
    let Err(CostError::Overflow { option }) = file.problem.min_cost() else {
        panic!("the total fits?")
    };
    assert_eq!(file.option_lines[option.index()], 3);
}

#[test]
fn an_absurd_k_is_refused_before_the_search() {
    let p = independent();
    let k = 1_000_000_000;
    assert_eq!(
        CostSearch::new(&p).best(k).run(),
        Err(CostError::TooManyBest { k })
    );
    assert!(CostError::TooManyBest { k }.to_string().contains("1048576"));
    // The cap itself is accepted (here the search keeps 1,000 of 8^12).
    let report = CostSearch::new(&p)
        .best(MAX_BEST)
        .node_limit(Some(1_000))
        .run()
        .unwrap();
    assert!(report.solutions.len() <= 1_000);
    assert_eq!(report.outcome, Outcome::NodeLimit);
}

/// `n` primary items with bounds `lo:hi`, each in `k` options of its own
/// item alone.
fn chain_of(n: usize, (lo, hi): (u32, u32), k: usize) -> Problem {
    let mut p = Problem::new(n, 0);
    for i in 0..n {
        p.set_bounds(p.primary(i), lo, hi).unwrap();
        for _ in 0..k {
            p.add_option([p.primary(i)]).unwrap();
        }
    }
    p
}

#[test]
fn long_chains_under_bounds_count_by_their_formulas() {
    // Issue 37, case 10: 60,000 items covered twice, by two one-item
    // options each: one solution; DLX3 enters a level per option and one
    // for the solution, and tweaks each option once. (The choice among so
    // many items is the tree's, not the scan's; cut and entered, the part
    // counts the nodes below the cut.)
    let n = 60_000;
    let mut p = chain_of(n, (2, 2), 2);
    let mut s = p.solver();
    let count = s.count(None);
    assert_eq!((count.solutions, count.outcome), (1, Outcome::Complete));
    assert_eq!(
        (s.stats().nodes, s.stats().updates),
        (2 * n as u64 + 1, 2 * n as u64)
    );
    drop(s);
    for depth in [1, 1000, 2 * n] {
        let parts = p.cut(depth);
        assert_eq!(parts.len(), 1, "depth {depth}");
        let mut s = p.solver();
        s.enter(&parts[0]).unwrap();
        assert_eq!(s.count(None).solutions, 1);
        let below = (2 * n + 1).saturating_sub(depth).max(1);
        assert_eq!(s.stats().nodes, below as u64, "depth {depth}");
    }
    // 20,000 items, exactly once in one option each but for 8 (spread
    // out) with bounds lo:hi in two options each: (2 choose lo) + ... + (2
    // choose hi) solutions for each of the 8.
    for ((lo, hi), each) in [((1, 2), 3u64), ((0, 2), 4), ((0, 1), 3), ((2, 2), 1)] {
        let n = 20_000;
        let mut p = Problem::new(n, 0);
        for i in 0..n {
            p.add_option([p.primary(i)]).unwrap();
            if i % 2_500 == 7 {
                p.set_bounds(p.primary(i), lo, hi).unwrap();
                p.add_option([p.primary(i)]).unwrap();
            }
        }
        assert_eq!(p.count(), each.pow(8), "bounds {lo}:{hi}");
    }
}

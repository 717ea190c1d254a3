//! Bytes → a small problem (plain, colored or bounded) with costs near
//! 2^64 → the cut of its tree and the min-cost search, against a brute
//! force over subsets (issue 28).
//!
//! Layout: `b0 % 3` the kind (plain, colored, bounded), `b0 / 3 % 5` the
//! cut depth, `b1 % 6 + 1` primary items, `b2 % 3` secondary items, `b3 %
//! 12` options, `b4` how many parts to take before cancelling; under
//! bounds one byte per primary item (`lo = b % 3`, `hi = lo + b / 3 % 2`,
//! at least 1); per option a byte of item mask, a byte of colors (bit `j`:
//! the `j`-th secondary item gets a color, the one of bit `j + 4`) and a byte
//! that picks the cost among 0, 1..=250, 2^63, 2^64 - 2 (`MAX_COST`) and
//! 2^64 - 1.
//!
//! Checks:
//! - the parts of `cut(depth)`, each entered on a fresh solver, list the
//!   sequential search's solutions in its order, and those are the brute
//!   force's solutions;
//! - `cut_iter` cancelled after `b4` parts gives exactly the first `b4`
//!   parts (all, if fewer) and says `Cancelled` (or `Complete`);
//! - without bounds, `best(3)` is the 3 least totals of the brute force
//!   (summed in `u128`), or `CostTooLarge` naming an option that costs more
//!   than `MAX_COST`, or `Overflow` exactly when one of those 3 totals is
//!   past `MAX_COST`.
#![no_main]

use std::collections::BTreeSet;

use dlx_core::{Cancel, Color, Item, OptionId, Outcome, Problem, Step};
use dlx_core::cost::{CostError, CostSearch};
use dlx_core::Kind;
use dlx_core::cost::MAX_COST;
use libfuzzer_sys::fuzz_target;

/// The solutions by brute force, as sorted option lists.
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let m = p.option_count();
    let mut found = BTreeSet::new();
    'subsets: for mask in 0u32..1 << m {
        let chosen: Vec<usize> = (0..m).filter(|&o| mask >> o & 1 == 1).collect();
        let mut hits = vec![0u32; p.item_count()];
        let mut colors: Vec<Vec<Option<Color>>> = vec![Vec::new(); p.item_count()];
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
        for (i, &h) in hits.iter().enumerate() {
            if i < p.primary_count() {
                let (lo, hi) = p.bounds(p.primary(i)).unwrap_or((1, 1));
                if h < lo || h > hi {
                    continue 'subsets;
                }
            } else {
                let c = &colors[i];
                if c.len() > 1 && (c[0].is_none() || c.iter().any(|&x| x != c[0])) {
                    continue 'subsets;
                }
            }
        }
        found.insert(chosen);
    }
    found
}

fn sorted(s: &dlx_core::Solver<'_>) -> Vec<usize> {
    let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
    o.sort_unstable();
    o
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0);
    let b0 = next();
    let kind = b0 % 3;
    let depth = usize::from(b0 / 3 % 5);
    let primary = usize::from(next() % 6) + 1;
    let secondary = usize::from(next() % 3);
    let options = usize::from(next() % 12);
    let take = usize::from(next());
    let mut p = Problem::new(primary, secondary);
    if kind == 2 {
        for i in 0..primary {
            let b = next();
            let lo = u32::from(b % 3);
            let hi = (lo + u32::from(b / 3 % 2)).max(1);
            p.set_bounds(p.primary(i), lo, hi).unwrap();
        }
    }
    for _ in 0..options {
        let (mask, colors, cost) = (next(), next(), next());
        let mut items: Vec<(Item, Option<Color>)> = Vec::new();
        for i in 0..primary + secondary {
            if mask >> i & 1 == 1 {
                if i < primary {
                    items.push((p.primary(i), None));
                } else {
                    let j = i - primary;
                    let color = (kind == 1 && colors >> j & 1 == 1)
                        .then(|| Color::new(usize::from(colors >> (j + 4) & 1)));
                    items.push((p.secondary(j), color));
                }
            }
        }
        let Ok(o) = p.add_colored_option(items) else {
            continue;
        };
        let cost = match cost {
            0..=4 => 0,
            251 => 1 << 63,
            252 | 253 => MAX_COST,
            254 | 255 => u64::MAX,
            c => u64::from(c),
        };
        p.set_cost(o, cost);
    }
    let expected = brute_force(&p);

    // The cut, against the sequential search.
    let mut sequential = Vec::new();
    let mut s = p.solver();
    while s.next_solution() == Step::Found {
        sequential.push(sorted(&s));
    }
    drop(s);
    assert_eq!(
        sequential.iter().cloned().collect::<BTreeSet<_>>(),
        expected
    );
    let parts = p.cut(depth);
    let mut by_parts = Vec::new();
    for part in &parts {
        let mut s = p.solver();
        s.enter(part).expect("a part of the cut");
        while s.next_solution() == Step::Found {
            by_parts.push(sorted(&s));
        }
    }
    assert_eq!(by_parts, sequential, "parts out of the search's order");
    let cancel = Cancel::new();
    let mut cut = p.cut_iter(depth);
    cut.set_cancel(Some(cancel.clone()));
    let mut given = Vec::new();
    if take == 0 {
        cancel.cancel();
    }
    while let Some(part) = cut.next() {
        given.push(part);
        if given.len() == take {
            cancel.cancel();
        }
    }
    let n = take.min(parts.len());
    assert_eq!(given[..], parts[..n]);
    let outcome = cut.outcome();
    assert!(
        outcome == Some(Outcome::Complete) && given.len() == parts.len()
            || outcome == Some(Outcome::Cancelled) && given.len() == take,
        "{outcome:?} after {} of {} parts, cancelled at {take}",
        given.len(),
        parts.len()
    );
    drop(cut);

    // The min-cost search, against the brute force's totals.
    if p.kind() == Kind::Multiplicities {
        return;
    }
    let report = CostSearch::new(&p).best(3).run();
    let dear = (0..p.option_count())
        .map(OptionId::new)
        .find(|&o| p.cost(o) > MAX_COST);
    let total = |s: &Vec<usize>| -> u128 {
        s.iter()
            .map(|&o| u128::from(p.cost(OptionId::new(o))))
            .sum()
    };
    let mut totals: Vec<u128> = expected.iter().map(total).collect();
    totals.sort_unstable();
    totals.truncate(3);
    match report {
        Err(CostError::CostTooLarge { option }) => {
            assert!(dear.is_some() && p.cost(option) > MAX_COST)
        }
        Err(CostError::Overflow { option }) => {
            assert!(dear.is_none(), "{option:?}");
            assert!(
                totals.iter().any(|&t| t > u128::from(MAX_COST)),
                "{totals:?}"
            );
        }
        Err(e) => panic!("{e}"),
        Ok(report) => {
            assert!(dear.is_none());
            let costs: Vec<u128> = report.costs().into_iter().map(u128::from).collect();
            assert_eq!(costs, totals);
            for s in &report.solutions {
                let mut o: Vec<usize> = s.options.iter().map(|o| o.index()).collect();
                o.sort_unstable();
                assert!(expected.contains(&o));
                assert_eq!(total(&o), u128::from(s.cost));
            }
        }
    }
});

//! `Problem::add_options` (in bulk) against `Problem::add_option` (one by
//! one): chunks of fuzzed options, some invalid, added to both problems
//! with abandoned searches, clones and full searches in between; the same
//! errors (a rejected chunk adds nothing), the same options, and the same
//! solutions and statistics under every branching rule; counts against
//! brute force on small problems.
#![no_main]

use dlx_core::{Branching, Item, OptionId, Problem, Step};
use dlx_fuzz::{brute_force_count, check_cover};
use libfuzzer_sys::fuzz_target;

const BR: [Branching; 5] = [
    Branching::MinLength,
    Branching::MinLengthUpToOne,
    Branching::ShortFirst,
    Branching::ShortFirstDegree,
    Branching::First,
];

fn run<const K: usize>(mut next: impl FnMut() -> u8, primary: usize, secondary: usize) {
    let n = primary + secondary;
    let count = usize::from(next()) % 160;
    let mut opts: Vec<[Item; K]> = Vec::new();
    let mut ops: Vec<u8> = Vec::new();
    for _ in 0..count {
        let o: [Item; K] = std::array::from_fn(|_| Item::new(usize::from(next()) % (n + 1)));
        opts.push(o);
        ops.push(next());
    }
    let mut one = Problem::new(primary, secondary);
    let mut bulk = Problem::new(primary, secondary);
    let mut i = 0;
    while i < opts.len() {
        let op = ops[i];
        let len = usize::from(op >> 2) * 3 % 140;
        let j = (i + len + 1).min(opts.len());
        match op & 3 {
            1 => {
                // Abandon a search mid-way.
                let nopt = bulk.option_count();
                let mut s = bulk.solver();
                s.set_branching(BR[usize::from(op >> 4) % BR.len()]);
                if nopt > 0 && op & 0x40 != 0 {
                    let _ = s.force(OptionId::new(usize::from(op) % nopt));
                }
                s.set_node_limit(Some(1 + u64::from(op >> 5)));
                let _ = s.next_solution();
            }
            2 => bulk = bulk.clone(),
            3 => {
                let _ = bulk.first_solution();
            }
            _ => {}
        }
        let chunk = &opts[i..j];
        let before = bulk.option_count();
        let r = bulk.add_options(chunk);
        // Reference: one by one on a clone until the first error.
        let mut trial = one.clone();
        let mut expect = Ok(OptionId::new(trial.option_count()));
        for o in chunk {
            if let Err(e) = trial.add_option(*o) {
                expect = Err(e);
                break;
            }
        }
        assert_eq!(r, expect, "chunk {chunk:?}");
        if r.is_ok() {
            one = trial;
        } else {
            assert_eq!(bulk.option_count(), before);
        }
        i = j;
    }
    assert_eq!(one.option_count(), bulk.option_count());
    for k in 0..one.option_count() {
        let o = OptionId::new(k);
        assert!(one.option_items(o).eq(bulk.option_items(o)));
    }
    for b in BR {
        let mut sa = one.solver();
        let mut sb = bulk.solver();
        sa.set_branching(b);
        sb.set_branching(b);
        sa.set_node_limit(Some(20_000));
        sb.set_node_limit(Some(20_000));
        let mut found = 0;
        loop {
            let (x, y) = (sa.next_solution(), sb.next_solution());
            assert_eq!(x, y);
            if x != Step::Found {
                break;
            }
            let a: Vec<OptionId> = sa.solution().collect();
            let bb: Vec<OptionId> = sb.solution().collect();
            assert_eq!(a, bb);
            found += 1;
            if found > 2000 {
                break;
            }
        }
        assert_eq!(sa.stats(), sb.stats());
    }
    let c = bulk.solver().count(Some(100_000));
    if let Some(brute) = brute_force_count(&bulk, 18) {
        assert_eq!(c.solutions, brute);
        for s in bulk.solutions().take(50).collect::<Vec<_>>() {
            check_cover(&bulk, &s).unwrap();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0);
    let primary = usize::from(next() % 12);
    let secondary = usize::from(next() % 6);
    match next() % 6 {
        0 => run::<0>(next, primary, secondary),
        1 => run::<1>(next, primary, secondary),
        2 => run::<2>(next, primary, secondary),
        3 => run::<3>(next, primary, secondary),
        4 => run::<4>(next, primary, secondary),
        _ => run::<9>(next, primary, secondary),
    }
});

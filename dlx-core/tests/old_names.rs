//! The names the crate's root had before issue 39 moved them into modules
//! (`cost`, `memo`, `split`, `reduce`, `seed`) still work for a caller
//! written against them, with a deprecation warning: as types, in
//! constructor calls, in patterns and, for the unit struct
//! `CountOverflow`, as a value.
//!
//! Not covered, because a type alias cannot do it: importing an enum's
//! variants through an old name (`use dlx_core::Branch::Solved;`,
//! `use dlx_core::CostError::*;`) no longer compiles; `Branch::Solved`
//! written in full does.

#![allow(deprecated)]

use dlx_core::{
    BigUint, Branch, CostError, CostReport, CostSearch, CostedSolution, CountOverflow, Cut,
    ItemRemoval, Memo, MemoError, MemoStats, OptionRemoval, Part, Problem, Reduction, SplitMix64,
    SplitOff, Zdd, ZddSolutions, DEFAULT_MEMO_ENTRIES, DEFAULT_MEMO_MEMORY, MAX_BEST, MAX_COST,
    UNPROFITABLE,
};

/// Items a, b, c and the options {a, b}, {c}, {b, c}, {a}: two covers.
fn small() -> Problem {
    let mut p = Problem::new(3, 0);
    let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    for items in [vec![a, b], vec![c], vec![b, c], vec![a]] {
        p.add_option(items).unwrap();
    }
    p
}

#[test]
fn the_old_root_names_still_name_the_types() {
    let mut p = small();
    let zdd: Zdd = p.zdd().unwrap();
    let solutions: ZddSolutions<'_> = zdd.solutions();
    assert_eq!(solutions.count(), 2);
    let count: Result<u128, CountOverflow> = zdd.count();
    assert_eq!(count, Ok(2));
    let big: BigUint = zdd.count_big();
    assert_eq!(big, BigUint::from(2u32));
    let (zdd, stats): (Zdd, MemoStats) = p.zdd_with(&Memo::new()).unwrap();
    assert_eq!(zdd.count(), Ok(2));
    assert!(stats.nodes >= 1);
    let parts: Vec<Part> = p.cut(1);
    assert!(!parts.is_empty());
    let cut: Cut<'_> = p.cut_iter(1);
    assert_eq!(cut.count(), parts.len());
    let report: Result<CostReport, CostError> = CostSearch::new(&p).best(2).run();
    let report = report.unwrap();
    let first: &CostedSolution = &report.solutions[0];
    assert_eq!(first.cost, 0);
    let r: Reduction = p.reduce();
    let _: Vec<(dlx_core::OptionId, OptionRemoval)> = r.removed_options().to_vec();
    let _: Vec<(dlx_core::Item, ItemRemoval)> = r.removed_items().to_vec();
    let mut rng: SplitMix64 = SplitMix64::new(7);
    assert!(rng.below(10) < 10);
    let mut s = p.solver();
    let branch: Branch = s.branch();
    assert!(matches!(branch, Branch::On(..)));
    let split: SplitOff = s.split_off();
    let SplitOff { parts, .. } = split;
    assert!(parts.len() <= 4);
    let e: MemoError = MemoError::Deadline;
    assert!(matches!(e, MemoError::Deadline));
    assert!(matches!(
        ItemRemoval::NoOptions,
        ItemRemoval::NoOptions | ItemRemoval::Unconstrained
    ));
    assert!(matches!(
        OptionRemoval::Infeasible,
        OptionRemoval::Infeasible
    ));
    assert!(matches!(
        CostError::Multiplicities,
        CostError::Multiplicities
    ));
    let sol = CostedSolution {
        cost: 3,
        options: vec![],
    };
    assert_eq!(sol.cost, 3);
    assert!(matches!(3u64, MAX_COST) == (MAX_COST == 3));
    assert_eq!(
        [MAX_BEST, DEFAULT_MEMO_ENTRIES, DEFAULT_MEMO_MEMORY],
        [
            dlx_core::cost::MAX_BEST,
            dlx_core::memo::DEFAULT_MEMO_ENTRIES,
            dlx_core::memo::DEFAULT_MEMO_MEMORY
        ]
    );
    assert_eq!(UNPROFITABLE, dlx_core::memo::UNPROFITABLE);
}

/// `CountOverflow` is a unit struct: its old name was a value, and a
/// pattern, too (a type alias alone names neither).
#[test]
fn the_old_unit_struct_is_still_a_value_and_a_pattern() {
    let r: Result<u128, CountOverflow> = Err(dlx_core::CountOverflow);
    assert!(matches!(r, Err(dlx_core::CountOverflow)));
    assert_eq!(dlx_core::CountOverflow, dlx_core::memo::CountOverflow);
    assert!(!dlx_core::CountOverflow.to_string().is_empty());
}

//! Bytes → a 4×4 or 9×9 board → the Sudoku solver, with a node limit.
//!
//! The first byte picks the order (bit 0: 2 or 3) and a second solver
//! configuration (the other bits); each next byte is a cell,
//! `byte % (side + 1)` (0 is empty), missing bytes are empty cells.
//!
//! Checks:
//! - a solution keeps the clues and satisfies the rules;
//! - `solve` and `count(Some(2))` agree: Solved ↔ at least one solution,
//!   NoSolution ↔ none (a complete count), clashing clues → NoSolution;
//! - on any other outcome the output board holds the puzzle;
//! - another configuration (clue pruning or singles off, any branching
//!   rule) gives the same count;
//! - the solutions listed by `for_each_solution` are valid and distinct;
//! - a plain backtracking counter (with a step budget) gives the same count.
#![no_main]

use std::collections::HashSet;

use dlx_core::{Branching, Count, Outcome as CountOutcome};
use dlx_fuzz::{backtrack_count, check_sudoku, clues_clash};
use dlx_sudoku::{Board, Outcome, Solver, SolverConfig};
use libfuzzer_sys::fuzz_target;

const NODE_LIMIT: u64 = 10_000;
const BACKTRACK_BUDGET: u64 = 5_000;
const LISTED: usize = 20;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let order = 2 + usize::from(first & 1);
    let side = order * order;
    let cells = (0..side * side)
        .map(|i| rest.get(i).map_or(0, |&b| b % (side as u8 + 1)))
        .collect();
    let puzzle = Board::from_cells(order, cells).expect("cells are in range");

    let mut solver = Solver::new();
    solver.set_node_limit(Some(NODE_LIMIT));
    let mut solution = Board::empty(if order == 2 { 3 } else { 2 });
    let outcome = solver.solve(&puzzle, &mut solution);
    let count = solver.count(&puzzle, Some(2));
    match outcome {
        Outcome::Solved => {
            check_sudoku(&puzzle, &solution).unwrap_or_else(|e| panic!("{e}: {solution:?}"));
            assert!(count.solutions >= 1, "solved, but count says {count:?}");
        }
        Outcome::NoSolution => {
            assert_eq!(solution, puzzle, "output board after no solution");
            assert_eq!(
                (count.solutions, count.outcome),
                (0, CountOutcome::Complete),
                "no solution, but count says {count:?}"
            );
        }
        Outcome::NodeLimit => {
            assert_eq!(solution, puzzle, "output board after the node limit");
            assert_ne!(count.outcome, CountOutcome::Complete, "{count:?}");
        }
    }
    if count.outcome == CountOutcome::SolutionLimit {
        assert_eq!(count.solutions, 2);
    }
    if clues_clash(&puzzle) {
        assert_eq!(outcome, Outcome::NoSolution, "clashing clues");
    }

    // Another configuration (picked by the first byte) counts the same.
    let configs = configs();
    let config = configs[usize::from(first >> 1) % configs.len()];
    let mut other = Solver::with_config(config);
    other.set_node_limit(Some(NODE_LIMIT));
    let c = other.count(&puzzle, Some(2));
    let default = settled(&count);
    if let (Some(a), Some(b)) = (default, settled(&c)) {
        assert_eq!(a, b, "{config:?} counts {c:?}, the default {count:?}");
    }

    let mut listed = HashSet::new();
    let listing = solver.for_each_solution(&puzzle, |s| {
        check_sudoku(&puzzle, s).unwrap_or_else(|e| panic!("listed {e}: {s:?}"));
        assert!(listed.insert(s.clone()), "a solution listed twice");
        listed.len() < LISTED
    });
    assert_eq!(listing.solutions, listed.len() as u64);

    if let Some(n) = backtrack_count(&puzzle, 2, BACKTRACK_BUDGET) {
        if let Some(k) = default {
            assert_eq!(k, n, "solver and backtracking disagree");
        }
        if outcome != Outcome::NodeLimit {
            assert_eq!(
                outcome == Outcome::Solved,
                n > 0,
                "{outcome:?}, backtracking {n}"
            );
        }
    }
    if listing.outcome == CountOutcome::Complete {
        if let Some(n) = backtrack_count(&puzzle, LISTED as u64 + 1, BACKTRACK_BUDGET) {
            assert_eq!(listing.solutions, n, "listed vs backtracking");
        }
    }
});

/// The count when the search settled it (no node limit).
fn settled(c: &Count) -> Option<u64> {
    (c.outcome != CountOutcome::NodeLimit).then_some(c.solutions)
}

fn configs() -> Vec<SolverConfig> {
    let mut v = Vec::new();
    // The same list, in the same order, as `decode_board` in
    // dlx-sudoku/tests/fuzz_regressions.rs, which replays saved inputs.
    for (prune_clues, singles, locked_candidates) in [
        (true, true, true),
        (true, false, false),
        (false, false, false),
        (true, true, false),
    ] {
        for branching in [
            Branching::MinLength,
            Branching::MinLengthUpToOne,
            Branching::ShortFirst,
            Branching::ShortFirstDegree,
            Branching::First,
        ] {
            v.push(SolverConfig {
                prune_clues,
                singles,
                locked_candidates,
                branching,
            });
        }
    }
    v
}

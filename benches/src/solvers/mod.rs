//! One interface over every Sudoku solver compared: the naive baseline, the
//! peer crates and ours.
//!
//! Every adapter takes a [`Grid`] and returns a [`Grid`]; whatever the
//! solver needs (a string, an exact-cover matrix, a board) is built inside
//! the adapter, so a timed call measures what a user of that crate pays to
//! go from a puzzle to its answer. No adapter checks its own answers:
//! callers do, with [`check_solution`](crate::check::check_solution).

use crate::puzzle::Grid;

mod dlx_crate;
mod dlx_rs;
mod naive;
#[cfg(feature = "ours")]
mod ours;
mod zero_alloc;

pub use dlx_crate::DlxCrate;
pub use dlx_rs::DlxRs;
pub use naive::Naive;
#[cfg(feature = "ours")]
pub use ours::Ours;
pub use zero_alloc::ZeroAlloc;

/// What a solver answered for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A filled grid (still to be checked).
    Solved(Grid),
    /// The solver says there is no solution (or rejected the puzzle as
    /// malformed, for instance clashing clues).
    NoSolution,
    /// The solver's node budget ran out.
    GaveUp,
}

/// What a solver answered when asked to count solutions up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// This many solutions, at most the limit.
    Solutions(u64),
    /// The solver's node budget ran out.
    GaveUp,
    /// The solver cannot count (it stops at the first solution).
    Unsupported,
}

/// A Sudoku solver under comparison.
pub trait SudokuSolver {
    /// A short name for tables and benchmark ids.
    fn name(&self) -> &str;

    /// Finds the first solution of `puzzle`.
    fn solve(&mut self, puzzle: &Grid) -> Answer;

    /// Counts the solutions of `puzzle`, stopping at `limit`.
    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Counted;

    /// Can [`SudokuSolver::count_up_to`] count (rather than answer
    /// [`Counted::Unsupported`])?
    fn can_count(&self) -> bool {
        true
    }

    /// Search-tree nodes of the last call, for solvers that count them.
    fn nodes(&self) -> Option<u64> {
        None
    }
}

/// The default node budget of the naive baseline in the comparison: enough
/// for most hard classic puzzles, far too little for 17-clue ones.
pub const NAIVE_BUDGET: u64 = 20_000_000;

/// Every solver, ours first (when the `ours` feature is on; the first is
/// the default configuration, the one ratios are taken against), then the
/// baselines. `naive_budget` caps the nodes per puzzle of the solvers that
/// need a cap: the naive one and our first-item variant.
pub fn all_solvers(naive_budget: u64) -> Vec<Box<dyn SudokuSolver>> {
    let baselines: [Box<dyn SudokuSolver>; 4] = [
        Box::new(Naive::new(naive_budget)),
        Box::new(DlxCrate::new()),
        Box::new(DlxRs::new()),
        Box::new(ZeroAlloc::new()),
    ];
    #[cfg(feature = "ours")]
    let v: Vec<Box<dyn SudokuSolver>> = Ours::variants(naive_budget)
        .into_iter()
        .map(|s| Box::new(s) as Box<dyn SudokuSolver>)
        .chain(baselines)
        .collect();
    #[cfg(not(feature = "ours"))]
    let v = Vec::from(baselines);
    v
}

/// Is `name` a solver without a branching heuristic (the naive baseline,
/// our first-item variants), which runs under a node budget and is
/// hopeless on some sets?
pub fn is_slow(name: &str) -> bool {
    name == "naive" || name.ends_with("-first")
}

/// Is `name` one of our own solvers (as opposed to a baseline)?
pub fn is_ours(name: &str) -> bool {
    name == "ours" || name.starts_with("ours-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::puzzle::{parse_line, PuzzleSet};

    /// Each solver on a spread of every shipped set, checked by the rules;
    /// the naive one only on puzzles its budget allows.
    #[test]
    fn every_solver_solves_and_counts_correctly() {
        for name in ["unbiased_1k", "top1465", "forum_hardest_1106", "17clue"] {
            let set = PuzzleSet::named(name).unwrap();
            let puzzles = set.spread(12);
            for mut solver in all_solvers(2_000_000) {
                for p in &puzzles {
                    match solver.solve(p) {
                        Answer::Solved(g) => {
                            if let Err(e) = check_solution(p, &g) {
                                panic!("{} on {name}: wrong answer: {e}", solver.name());
                            }
                        }
                        Answer::GaveUp if is_slow(solver.name()) => continue,
                        other => panic!("{} on {name}: {other:?}", solver.name()),
                    }
                    match solver.count_up_to(p, 2) {
                        Counted::Solutions(n) => assert_eq!(n, 1, "{}", solver.name()),
                        Counted::Unsupported => {}
                        Counted::GaveUp if is_slow(solver.name()) => {}
                        Counted::GaveUp => panic!("{} gave up counting", solver.name()),
                    }
                }
            }
        }
    }

    #[test]
    fn every_solver_sees_no_solution_and_several() {
        // A unique puzzle plus one clue that disagrees with its solution has
        // no solution; the blank grid has many.
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let p = parse_line(line, 1).unwrap();
        for mut solver in all_solvers(20_000_000) {
            let Answer::Solved(s) = solver.solve(&p) else {
                panic!("{} did not solve", solver.name());
            };
            let blank = p.iter().position(|&v| v == 0).unwrap();
            let mut q = p;
            q[blank] = s[blank] % 9 + 1;
            assert_eq!(solver.solve(&q), Answer::NoSolution, "{}", solver.name());
            // Clashing clues: the exact-cover solvers and ours must see that
            // nothing fits; the naive one takes clues on trust (its grid
            // would fail the check), but must not panic.
            let mut clash = p;
            clash[blank] = 3; // row 1 already holds a 3
            let answer = solver.solve(&clash);
            if solver.name() != "naive" {
                assert_eq!(answer, Answer::NoSolution, "{}", solver.name());
            }
            match solver.count_up_to(&q, 2) {
                Counted::Solutions(n) => assert_eq!(n, 0, "{}", solver.name()),
                Counted::Unsupported => {}
                Counted::GaveUp => panic!("{} gave up", solver.name()),
            }
            match solver.count_up_to(&[0; 81], 3) {
                Counted::Solutions(n) => assert_eq!(n, 3, "{}", solver.name()),
                Counted::Unsupported => {}
                Counted::GaveUp => panic!("{} gave up", solver.name()),
            }
        }
    }
}

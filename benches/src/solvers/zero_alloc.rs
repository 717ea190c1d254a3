//! Adapter for the `zero-alloc-sudoku` crate (1.0): bitmask candidates per
//! row, column and box, and backtracking on the cell with the fewest
//! candidates. It finds one solution and cannot count.

use zero_alloc_sudoku::Sudoku;

use super::{Answer, Counted, SudokuSolver};
use crate::puzzle::Grid;

/// The `zero-alloc-sudoku` solver, fed the puzzle through its string parser
/// (its only way in).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroAlloc;

impl ZeroAlloc {
    /// A fresh adapter.
    pub fn new() -> ZeroAlloc {
        ZeroAlloc
    }
}

impl SudokuSolver for ZeroAlloc {
    fn name(&self) -> &str {
        "zero-alloc-sudoku"
    }

    fn solve(&mut self, puzzle: &Grid) -> Answer {
        let mut text = [b'0'; 81];
        for (t, &v) in text.iter_mut().zip(puzzle) {
            // Anything above 9 becomes a non-digit, which its parser rejects.
            *t = b'0'.saturating_add(v);
        }
        let Ok(text) = std::str::from_utf8(&text) else {
            return Answer::NoSolution;
        };
        // Its parser rejects clashing clues: no solution.
        let Ok(mut sudoku) = text.parse::<Sudoku>() else {
            return Answer::NoSolution;
        };
        if sudoku.solve() {
            Answer::Solved(*sudoku.cells())
        } else {
            Answer::NoSolution
        }
    }

    fn count_up_to(&mut self, _puzzle: &Grid, _limit: u64) -> Counted {
        Counted::Unsupported
    }

    fn can_count(&self) -> bool {
        false
    }
}

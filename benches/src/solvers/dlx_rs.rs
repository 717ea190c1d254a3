//! Adapter for the `dlx-rs` crate (1.3, Thomas Veness): Algorithm X on
//! dancing links as a resumable state machine, with named options.

use dlx_rs::Solver;

use super::{Answer, Counted, SudokuSolver};
use crate::cover::{SudokuCover, ITEMS};
use crate::puzzle::Grid;

/// The `dlx-rs` generic solver on the 324-item cover of [`crate::cover`]
/// (options named by their index). It branches on an item of minimum
/// length.
///
/// The crate also ships a `Sudoku` type, which builds all 729 options with
/// string names and then selects the clues by searching the names; it is not
/// used here because that set-up, not the search, would dominate its time.
#[derive(Debug, Default)]
pub struct DlxRs {
    cover: SudokuCover,
}

impl DlxRs {
    /// A fresh adapter.
    pub fn new() -> DlxRs {
        DlxRs::default()
    }

    fn solver(&mut self, puzzle: &Grid) -> Solver<u16> {
        self.cover.build(puzzle);
        let mut solver = Solver::new(ITEMS);
        for (o, items) in self.cover.options().iter().enumerate() {
            // dlx-rs numbers items from 1.
            let items = items.map(|i| usize::from(i) + 1);
            solver.add_option(o as u16, &items);
        }
        solver
    }
}

impl SudokuSolver for DlxRs {
    fn name(&self) -> &str {
        "dlx-rs"
    }

    fn solve(&mut self, puzzle: &Grid) -> Answer {
        let mut solver = self.solver(puzzle);
        match solver.next() {
            Some(options) => {
                Answer::Solved(self.cover.grid_of(options.into_iter().map(usize::from)))
            }
            None => Answer::NoSolution,
        }
    }

    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Counted {
        let mut solver = self.solver(puzzle);
        let mut n = 0;
        while n < limit && solver.next().is_some() {
            n += 1;
        }
        Counted::Solutions(n)
    }
}

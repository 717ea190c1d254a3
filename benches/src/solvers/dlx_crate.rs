//! Adapter for the `dlx` crate (0.8, Ed McCardell): Knuth's Algorithm X on
//! dancing links, generic over the problem.

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::{make_problem, Problem};
use dlx::{OptOrder, Solver, Uint};

use super::{Answer, Counted, SudokuSolver};
use crate::cover::{SudokuCover, ITEMS};
use crate::puzzle::Grid;

/// The `dlx` crate on the 324-item cover of [`crate::cover`], branching on
/// an item of minimum length (its `mrv_chooser`, leftmost on ties, as
/// Knuth's DLX1).
#[derive(Debug, Default)]
pub struct DlxCrate {
    cover: SudokuCover,
    // Kept between puzzles so that building reuses the option vectors.
    options: Vec<Vec<Uint>>,
}

impl DlxCrate {
    /// A fresh adapter.
    pub fn new() -> DlxCrate {
        DlxCrate::default()
    }

    fn problem(&mut self, puzzle: &Grid) -> Problem {
        self.cover.build(puzzle);
        let opts = self.cover.options();
        self.options.resize_with(opts.len(), Vec::new);
        for (dst, src) in self.options.iter_mut().zip(opts) {
            dst.clear();
            dst.extend(src.iter().map(|&i| Uint::from(i)));
        }
        make_problem(ITEMS as Uint, 0, &self.options, OptOrder::Seq)
    }
}

impl SudokuSolver for DlxCrate {
    fn name(&self) -> &str {
        "dlx"
    }

    fn solve(&mut self, puzzle: &Grid) -> Answer {
        let mut problem = self.problem(puzzle);
        let mut solver = Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        if solver.next_solution(&mut chooser) {
            let options = solver.fmt_solution().iter().map(|&o| o as usize);
            Answer::Solved(self.cover.grid_of(options))
        } else {
            Answer::NoSolution
        }
    }

    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Counted {
        let mut problem = self.problem(puzzle);
        let mut solver = Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut n = 0;
        while n < limit && solver.next_solution(&mut chooser) {
            n += 1;
        }
        Counted::Solutions(n)
    }
}

//! Adapter for the naive baseline in [`crate::naive`].

use super::{Answer, Counted, SudokuSolver};
use crate::naive::{self, NaiveOutcome, NaiveResult};
use crate::puzzle::Grid;

/// The naive row-major backtracking, with a node budget per puzzle.
#[derive(Clone, Debug)]
pub struct Naive {
    budget: u64,
    nodes: u64,
}

impl Naive {
    /// A naive solver that gives up after placing `budget` digits.
    pub fn new(budget: u64) -> Naive {
        Naive { budget, nodes: 0 }
    }

    fn record(&mut self, r: &NaiveResult) {
        self.nodes = r.nodes;
    }
}

impl SudokuSolver for Naive {
    fn name(&self) -> &str {
        "naive"
    }

    fn solve(&mut self, puzzle: &Grid) -> Answer {
        let r = naive::solve(puzzle, self.budget);
        self.record(&r);
        match (r.first, r.outcome) {
            (Some(g), _) => Answer::Solved(g),
            (None, NaiveOutcome::BudgetExhausted) => Answer::GaveUp,
            (None, NaiveOutcome::Done) => Answer::NoSolution,
        }
    }

    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Counted {
        let r = naive::count(puzzle, limit, self.budget);
        self.record(&r);
        match r.outcome {
            NaiveOutcome::Done => Counted::Solutions(r.solutions),
            NaiveOutcome::BudgetExhausted => Counted::GaveUp,
        }
    }

    fn nodes(&self) -> Option<u64> {
        Some(self.nodes)
    }
}

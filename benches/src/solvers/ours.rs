//! Adapter for our own solver, `dlx_sudoku::solver`.

use dlx_core::Branching;
use dlx_sudoku::solver::{Outcome, Solver, SolverConfig};
use dlx_sudoku::Board;

use super::{Answer, Counted, SudokuSolver};
use crate::puzzle::Grid;

/// Our Sudoku solver on dlx-core, in one configuration.
pub struct Ours {
    name: &'static str,
    solver: Solver,
    /// The puzzle, copied into one board for every call.
    input: Board,
    out: Board,
    nodes: u64,
}

impl Ours {
    /// The default configuration (`Solver::new()`), named `ours`.
    pub fn new() -> Ours {
        Ours::from_solver("ours", Solver::new())
    }

    /// A configuration under `name`, stopping each search after
    /// `node_limit` nodes when given.
    pub fn with_config(name: &'static str, config: SolverConfig, node_limit: Option<u64>) -> Ours {
        let mut solver = Solver::with_config(config);
        solver.set_node_limit(node_limit);
        Ours::from_solver(name, solver)
    }

    fn from_solver(name: &'static str, solver: Solver) -> Ours {
        Ours {
            name,
            solver,
            input: Board::empty(3),
            out: Board::empty(3),
            nodes: 0,
        }
    }

    /// The default configuration and the variants compared, each differing
    /// from the default in one setting: no singles settled before the
    /// search; singles without locked candidates; no clue pruning; forced
    /// moves first but no degree tie-break (`ShortFirst`); the minimum
    /// length up to 1 by a scan; Knuth's exact minimum-length rule (DLX1's
    /// tree); branching on the first item, with no heuristic, which like the
    /// naive baseline is hopeless on some puzzles and so gets the node
    /// budget `slow_budget`.
    // The struct updates keep these valid if SolverConfig grows a field;
    // today some of them may set every field.
    #[allow(clippy::needless_update)]
    pub fn variants(slow_budget: u64) -> Vec<Ours> {
        let default = SolverConfig::default();
        vec![
            Ours::new(),
            Ours::with_config(
                "ours-nosingles",
                SolverConfig {
                    singles: false,
                    ..default
                },
                None,
            ),
            Ours::with_config(
                "ours-nolocked",
                SolverConfig {
                    locked_candidates: false,
                    ..default
                },
                None,
            ),
            Ours::with_config(
                "ours-noprune",
                SolverConfig {
                    prune_clues: false,
                    singles: false,
                    ..default
                },
                None,
            ),
            Ours::with_config(
                "ours-shortfirst",
                SolverConfig {
                    branching: Branching::ShortFirst,
                    ..default
                },
                None,
            ),
            Ours::with_config(
                "ours-upto1",
                SolverConfig {
                    branching: Branching::MinLengthUpToOne,
                    ..default
                },
                None,
            ),
            Ours::with_config(
                "ours-mrv",
                SolverConfig {
                    branching: Branching::MinLength,
                    ..default
                },
                None,
            ),
            Ours::with_config(
                "ours-first",
                SolverConfig {
                    branching: Branching::First,
                    ..default
                },
                Some(slow_budget),
            ),
        ]
    }

    /// Copies `puzzle` into the input board; `false` for a value above 9,
    /// the only thing a board refuses.
    fn load(&mut self, puzzle: &Grid) -> bool {
        self.input.set_cells(puzzle).is_ok()
    }
}

impl Default for Ours {
    fn default() -> Ours {
        Ours::new()
    }
}

impl SudokuSolver for Ours {
    fn name(&self) -> &str {
        self.name
    }

    fn solve(&mut self, puzzle: &Grid) -> Answer {
        if !self.load(puzzle) {
            return Answer::NoSolution;
        }
        let outcome = self.solver.solve(&self.input, &mut self.out);
        self.nodes = self.solver.stats().nodes;
        match outcome {
            Outcome::Solved => {
                let mut grid = [0u8; 81];
                grid.copy_from_slice(self.out.cells());
                Answer::Solved(grid)
            }
            Outcome::NoSolution => Answer::NoSolution,
            Outcome::NodeLimit => Answer::GaveUp,
        }
    }

    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Counted {
        if !self.load(puzzle) {
            return Counted::Solutions(0);
        }
        let count = self.solver.count(&self.input, Some(limit));
        self.nodes = self.solver.stats().nodes;
        match count.outcome {
            dlx_core::Outcome::NodeLimit
            | dlx_core::Outcome::Deadline
            | dlx_core::Outcome::Cancelled => Counted::GaveUp,
            dlx_core::Outcome::Complete | dlx_core::Outcome::SolutionLimit => {
                Counted::Solutions(count.solutions)
            }
        }
    }

    fn nodes(&self) -> Option<u64> {
        Some(self.nodes)
    }
}

//! Difficulty rating from the search itself.
//!
//! # The score
//!
//! A puzzle's score is the mean amount of work the engine needs to solve it
//! *and prove the solution unique* (a count with limit 2, which explores
//! the whole search tree of a unique puzzle), over several random
//! relabellings of the puzzle ([`Transform`]: rows, columns, bands, stacks,
//! transposition, values; for variants the relabellings that keep their
//! houses). A relabelled puzzle is exactly as hard, but the engine meets its
//! items in another order and so breaks ties between equally short items
//! differently; the mean smooths out the luck of one order.
//!
//! The work is counted in dancing-links *updates* (Knuth's measure in DLX1:
//! items unlinked plus option nodes hidden), with the solver's singles pass
//! switched off (`singles: false`), so the search does everything itself:
//! the forced moves that propagate a placement and the guesses that open
//! the tree. Clues the puzzle gives are not work; every cell the puzzle
//! leaves open is.
//!
//! Measured alternatives, on evenly spread samples of 50 puzzles of the
//! shared sets (20 samples, 8 relabellings each): search nodes after the
//! singles pass put the uniformly sampled set below the 17-clue set in only
//! 16 of 20 samples, since the two differ little in guessing and mostly in
//! how much propagation fewer clues need; nodes without the singles pass,
//! 18 of 20; updates without it, 20 of 20, by a margin of a quarter or
//! more. Updates separate the hard sets as clearly (see the README).
//!
//! # Levels
//!
//! | level | score (updates) | typical puzzles |
//! |---|---|---|
//! | easy | up to 1,500 | singles solve most of them |
//! | medium | up to 5,000 | a few guesses |
//! | hard | up to 25,000 | real search |
//! | fiendish | up to 100,000 | deep search |
//! | extreme | above 100,000 | among the hardest known 9×9 puzzles |
//!
//! The bounds were set on the shared benchmark sets (see the README's
//! "Puzzle tools" section): uniformly sampled minimal puzzles are mostly
//! easy or medium, the top1465 list mostly hard, the forum's hardest
//! fiendish or extreme. They are calibrated for 9×9 boards; larger boards
//! take more work and so get higher levels.
//!
//! ```
//! use dlx_sudoku::rate::{Level, Rater};
//! use dlx_sudoku::variant::Variant;
//! use dlx_sudoku::Board;
//!
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let puzzle = Board::from_cells(3, cells)?;
//!
//! let mut rater = Rater::new(&Variant::classic());
//! let rating = rater.rate(&puzzle)?;
//! assert!(rating.level >= Level::Hard);
//! assert_eq!(rating.level, Level::of(rating.score));
//! // The same puzzle gets the same score.
//! assert_eq!(rater.rate(&puzzle)?, rating);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use dlx_core::Branching;

use crate::rng::Rng;
use crate::solver::{Solver, SolverConfig};
use crate::variant::{Transform, Variant};
use crate::Board;

/// A named difficulty level; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub enum Level {
    /// Score up to 1,500.
    Easy,
    /// Score up to 5,000.
    Medium,
    /// Score up to 25,000.
    Hard,
    /// Score up to 100,000.
    Fiendish,
    /// Score above 100,000.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::Extreme,
    ];

    /// The highest score of each level but the last.
    const BOUNDS: [f64; 4] = [1500.0, 5000.0, 25_000.0, 100_000.0];

    /// The level of a score.
    pub fn of(score: f64) -> Level {
        Level::BOUNDS
            .iter()
            .position(|&b| score <= b)
            .map_or(Level::Extreme, |k| Level::ALL[k])
    }

    /// The scores of the level: above the first bound, up to the second
    /// (0 for easy, infinity for extreme).
    pub fn range(self) -> (f64, f64) {
        let k = self as usize;
        let low = if k == 0 { 0.0 } else { Level::BOUNDS[k - 1] };
        let high = Level::BOUNDS.get(k).copied().unwrap_or(f64::INFINITY);
        (low, high)
    }

    /// The level's name, as printed: `easy`, `medium`, `hard`, `fiendish`,
    /// `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rating of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Mean dancing-links updates over the relabellings.
    pub score: f64,
    /// The score's level.
    pub level: Level,
    /// Search nodes over all relabellings.
    pub nodes: u64,
    /// Dancing-links updates over all relabellings.
    pub updates: u64,
}

/// Why a puzzle has no rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unrated {
    /// The puzzle has no solution.
    #[error("no solution")]
    NoSolution,
    /// The puzzle has more than one solution.
    #[error("multiple solutions")]
    Multiple,
    /// The node limit stopped a search.
    #[error("search limit reached")]
    NodeLimit,
}

/// Relabellings per puzzle by default.
pub const DEFAULT_SAMPLES: usize = 8;

/// Rates puzzles of one variant; keeps its solver between puzzles.
#[derive(Debug)]
pub struct Rater {
    variant: Variant,
    solver: Solver,
    samples: usize,
    seed: u64,
}

impl Rater {
    /// A rater of puzzles under `variant`, with [`DEFAULT_SAMPLES`]
    /// relabellings per puzzle and seed 0.
    pub fn new(variant: &Variant) -> Rater {
        Rater {
            variant: variant.clone(),
            // The rule the levels were calibrated with: the score must not
            // move when the solver's default rule does.
            solver: Solver::with_config(SolverConfig {
                singles: false,
                branching: Branching::MinLengthUpToOne,
                ..SolverConfig::default()
            }),
            samples: DEFAULT_SAMPLES,
            seed: 0,
        }
    }

    /// Rates with `samples` relabellings per puzzle (at least 1).
    pub fn set_samples(&mut self, samples: usize) {
        self.samples = samples.max(1);
    }

    /// Draws the relabellings from `seed`. A puzzle's relabellings depend
    /// only on the seed and the puzzle, so its rating does not depend on
    /// where it stands in the input.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Rates later puzzles under `variant`.
    pub fn set_variant(&mut self, variant: &Variant) {
        if self.variant != *variant {
            self.variant.clone_from(variant);
        }
    }

    /// Stops each search after `limit` nodes (`None`: no limit).
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.solver.set_node_limit(limit);
    }

    /// Stops each search after `limit` of searching (`None`: no limit), as
    /// the node limit does.
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.solver.set_time_limit(limit);
    }

    /// Rates `puzzle`.
    ///
    /// # Errors
    /// [`Unrated`] when the puzzle does not have exactly one solution or the
    /// node limit stops a search.
    ///
    /// # Panics
    /// If the variant's regions are of another size than the puzzle.
    pub fn rate(&mut self, puzzle: &Board) -> Result<Rating, Unrated> {
        let mut rng = Rng::keyed(self.seed, puzzle.cells());
        let (mut nodes, mut updates) = (0u64, 0u64);
        for _ in 0..self.samples {
            let t = Transform::random(&self.variant, puzzle.order(), &mut rng);
            if self.variant.regions().is_some() {
                self.solver.set_variant(&t.variant(&self.variant));
            } else {
                self.solver.set_variant(&self.variant);
            }
            let count = self.solver.count(&t.board(puzzle), Some(2));
            match (count.outcome, count.solutions) {
                (dlx_core::Outcome::NodeLimit, _) => return Err(Unrated::NodeLimit),
                (_, 0) => return Err(Unrated::NoSolution),
                (_, 1) => {}
                _ => return Err(Unrated::Multiple),
            }
            let stats = self.solver.stats();
            nodes += stats.nodes;
            updates += stats.updates;
        }
        let score = updates as f64 / self.samples as f64;
        Ok(Rating {
            score,
            level: Level::of(score),
            nodes,
            updates,
        })
    }
}

//! Difficulty rating as players mean it: by the hardest technique the
//! solution needs, and by search effort beyond the techniques.
//!
//! # The score
//!
//! A puzzle is solved step by step with the techniques of
//! [`crate::logic`], each step the easiest one available (the techniques
//! are tried in the order of their weight). If the techniques solve it,
//! its score is the [rating](crate::logic::Step::rating) of the hardest
//! step, on Sudoku Explainer's scale: the technique's
//! [weight](Technique::weight) (1.2 for a hidden single up to 9.5 for
//! nested forcing chains), and for a chain its length's addition as SE
//! counts it ([`crate::logic::length_bonus`]). A player who knows that
//! technique and the easier ones can solve the puzzle without guessing.
//!
//! | SE's rating | techniques |
//! |---|---|
//! | 1.2 - 4.6 | singles to simple colouring |
//! | 5.0 - 5.6 | naked quad, jellyfish, hidden quad, BUG+1 |
//! | 6.6 - 6.9 | skyscraper, 2-string kite, turbot fish, X-chains, XY-chains |
//! | 7.0 - 7.5 | alternating inference chains, forcing chains (contradictions) |
//! | 8.0 - 8.7 | cell and unit forcing chains |
//! | 8.5 - 9.5 | dynamic forcing chains |
//! | 9.0 - 10.0 | dynamic forcing chains (+): with the techniques up to wings inside |
//! | 9.5 - 11 | nested forcing chains: with dynamic forcing chains inside |
//!
//! If the techniques run out (rare on 9×9 boards; the chains are not
//! tried on larger ones), the puzzle needs search, and its score is above
//! every technique's: `12 + log10(1 + u / 1000)`, where `u` is the mean amount of
//! work the engine needs to solve it and prove the solution unique (a
//! count with limit 2), over several random relabellings of the puzzle
//! ([`Transform`]: rows, columns, bands, stacks, transposition, values;
//! for variants the relabellings that keep their houses), counted in
//! dancing-links *updates* (Knuth's measure in DLX1: items unlinked plus
//! option nodes hidden) with the solver's singles pass switched off. A
//! relabelled puzzle is exactly as hard, but the engine meets its items
//! in another order; the mean smooths out the luck of one order.
//!
//! # Levels
//!
//! | level | score | the hardest technique needed |
//! |---|---|---|
//! | easy | up to 2.3 | singles |
//! | medium | up to 3.4 | pointing, claiming, naked and hidden pairs, X-wing |
//! | hard | up to 4.0 | naked and hidden triples, swordfish |
//! | fiendish | up to 4.6 | XY-wing, XYZ-wing, unique rectangle, simple colouring |
//! | extreme | above 4.6 | quads, jellyfish, BUG+1, chains and forcing chains (5.0 to about 11), or search (12 and above) |
//!
//! So a puzzle that singles solve is always easy, and one that needs
//! search is always above every technique. The README's "Puzzle
//! tools" section shows the levels on the shared benchmark sets.
//!
//! ```
//! use dlx_sudoku::logic::Technique;
//! use dlx_sudoku::rate::{Level, Rater};
//! use dlx_sudoku::variant::Variant;
//! use dlx_sudoku::Board;
//!
//! // The first of the forum's hardest puzzles.
//! let line = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
//! let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let puzzle = Board::from_cells(3, cells)?;
//!
//! let mut rater = Rater::new(&Variant::classic());
//! let rating = rater.rate(&puzzle)?;
//! assert_eq!(rating.level, Level::Extreme);
//! // Forcing chains solve it, on SE's scale above 9.
//! assert!(rating.hardest.is_some() && rating.score > 9.0, "{rating:?}");
//! assert_eq!(rating.level, Level::of(rating.score));
//! // The same puzzle gets the same score.
//! assert_eq!(rater.rate(&puzzle)?, rating);
//!
//! let easy = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
//! let cells = easy.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let rating = rater.rate(&Board::from_cells(3, cells)?)?;
//! assert_eq!(rating.level, Level::Easy);
//! assert!(matches!(rating.hardest, Some(Technique::NakedSingle | Technique::HiddenSingle)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::time::{Duration, Instant};

use dlx_core::{Branching, Stats};

use crate::logic::{Logic, Technique};
use crate::names::{Name, Named};
use crate::rng::Rng;
use crate::solver::{Solver, SolverConfig};
use crate::variant::{Transform, Variant};
use crate::Board;

/// A named difficulty level; see the [module documentation](self), and
/// [`Level::NAMES`] for their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles solve it (score up to 2.3).
    Easy,
    /// Up to locked candidates, pairs and X-wings (score up to 3.4).
    Medium,
    /// Up to triples and swordfish (score up to 4.0).
    Hard,
    /// Up to XY-wings, XYZ-wings, unique rectangles (types 1 to 4) and
    /// simple colouring (score up to 4.6).
    Fiendish,
    /// Needs quads, jellyfish, BUG+1, chains (and the patterns of their
    /// weight: empty rectangles, finned fish, W-wings), forcing chains or
    /// search beyond the techniques (score above 4.6).
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
    const BOUNDS: [f64; 4] = [2.3, 3.4, 4.0, 4.6];

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
    /// `extreme` (its row in [`Level::NAMES`]).
    pub fn name(self) -> &'static str {
        Named::name(self)
    }
}

/// Each level's `about` names the techniques that are hardest in it.
impl Named for Level {
    const NAMES: &'static [Name<Level>] = &[
        Name {
            value: Level::Easy,
            name: "easy",
            aliases: &[],
            about: "singles",
        },
        Name {
            value: Level::Medium,
            name: "medium",
            aliases: &[],
            about: "locked candidates, pairs, X-wings",
        },
        Name {
            value: Level::Hard,
            name: "hard",
            aliases: &[],
            about: "triples, swordfish",
        },
        Name {
            value: Level::Fiendish,
            name: "fiendish",
            aliases: &[],
            // The row of `rate --help` fits 80 columns.
            about: "XY- and XYZ-wings, unique rectangles, simple colouring",
        },
        Name {
            value: Level::Extreme,
            name: "extreme",
            aliases: &[],
            about: "quads, jellyfish, BUG+1, chains, forcing chains, search",
        },
    ];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The score of a puzzle that needs search: above every technique's
/// (Sudoku Explainer's scale ends at 11.9).
pub const SEARCH_SCORE: f64 = 12.0;

/// The rating of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating of the hardest step needed, or for a puzzle that
    /// needs search [`SEARCH_SCORE`] plus its search effort (see the
    /// [module documentation](self)); 0 for a puzzle without open cells.
    pub score: f64,
    /// The score's level.
    pub level: Level,
    /// The hardest technique the solution needs; `None` when the puzzle
    /// needs search (or has no open cell).
    pub hardest: Option<Technique>,
    /// Search nodes: of the uniqueness check, and for a puzzle that needs
    /// search of the counts over all relabellings.
    pub nodes: u64,
    /// Dancing-links updates, counted as the nodes are.
    pub updates: u64,
    /// Guesses ([`Stats::guesses`](dlx_core::Stats::guesses)), counted as
    /// the nodes are.
    pub guesses: u64,
}

impl Rating {
    /// What set the level: the hardest technique's name, `search`, or
    /// `given` for a puzzle without open cells.
    pub fn reason(&self) -> &'static str {
        match self.hardest {
            Some(t) => t.name(),
            None if self.score >= SEARCH_SCORE => "search",
            None => "given",
        }
    }
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
    /// The node limit stopped a search, or the time limit (or deadline) a
    /// search or the logic.
    #[error("search limit reached")]
    NodeLimit,
}

/// How far a long rating has got; see [`Rater::rate_with_progress`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateProgress {
    /// The search under way: 0 the uniqueness check, then 1 to `samples`
    /// the counts of the relabellings.
    pub search: usize,
    /// The relabellings of the rating.
    pub samples: usize,
    /// Time since the rating started.
    pub elapsed: Duration,
}

/// The reporting state of [`Rater::rate_with_progress`].
struct Progress<'a> {
    start: Instant,
    /// When the next report is due (`None`: never).
    next: Option<Instant>,
    every: Duration,
    report: &'a mut dyn FnMut(&RateProgress),
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
    /// The time limit of each search, which bounds the logic too.
    time_limit: Option<std::time::Duration>,
    /// The searches' work of the last rating (see [`Rater::work`]).
    work: Stats,
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
            time_limit: None,
            work: Stats::default(),
        }
    }

    /// Rates with `samples` relabellings per puzzle (at least 1).
    pub fn set_samples(&mut self, samples: usize) {
        self.samples = samples.max(1);
    }

    /// The relabellings per puzzle.
    pub fn samples(&self) -> usize {
        self.samples
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

    /// The work of the last rating's searches, whether it was rated or
    /// not (stopped at a limit, or without one solution): their nodes,
    /// updates and guesses, summed.
    pub fn work(&self) -> Stats {
        self.work
    }

    /// Stops each search after `limit` nodes (`None`: no limit).
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.solver.set_node_limit(limit);
    }

    /// Stops each search after `limit` of searching (`None`: no limit), as
    /// the node limit does, and the logic after `limit` from its start.
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.solver.set_time_limit(limit);
        self.time_limit = limit;
    }

    /// Stops every search at `deadline` (`None`: no deadline), as the time
    /// limit does; a deadline bounds all the searches of a rating together
    /// (see [`Solver::set_deadline`]).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.solver.set_deadline(deadline);
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
        self.rate_inner(puzzle, None)
    }

    /// [`Rater::rate`], calling `report` about every `every` while the
    /// rating runs (never for one that ends sooner): a 25×25 puzzle that
    /// needs search can take minutes. The ratings are those of
    /// [`Rater::rate`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use dlx_sudoku::{rate::Rater, variant::Variant, Board};
    ///
    /// let mut rater = Rater::new(&Variant::classic());
    /// let mut reports = Vec::new();
    /// let puzzle = Board::empty(2); // 288 solutions
    /// let rated = rater.rate_with_progress(&puzzle, Duration::ZERO, |p| reports.push(p.search));
    /// assert!(rated.is_err()); // several solutions: not rated
    /// assert!(reports.is_empty()); // done before the clock is read
    /// ```
    ///
    /// # Errors
    /// As [`Rater::rate`].
    pub fn rate_with_progress(
        &mut self,
        puzzle: &Board,
        every: Duration,
        mut report: impl FnMut(&RateProgress),
    ) -> Result<Rating, Unrated> {
        let start = Instant::now();
        let mut progress = Progress {
            start,
            next: start.checked_add(every),
            every,
            report: &mut report,
        };
        self.rate_inner(puzzle, Some(&mut progress))
    }

    /// Rates `puzzle`, reporting on `progress` when given.
    fn rate_inner(
        &mut self,
        puzzle: &Board,
        mut progress: Option<&mut Progress<'_>>,
    ) -> Result<Rating, Unrated> {
        self.solver.set_variant(&self.variant);
        self.work = Stats::default();
        self.count_one(puzzle, 0, progress.as_deref_mut())?;
        let mut logic = Logic::new(puzzle, &self.variant);
        let mut hardest: Option<Technique> = None;
        let mut score = 0.0;
        // The deadline and the time limit bound the logic too, checked
        // between steps (a nested forcing chain can take a second), as
        // `explain` does.
        let limit = self.time_limit.and_then(|t| Instant::now().checked_add(t));
        let deadline = match (self.solver.deadline(), limit) {
            (Some(d), Some(l)) => Some(d.min(l)),
            (d, l) => d.or(l),
        };
        while let Some(step) = logic.step() {
            let rating = step.rating();
            if hardest.is_none() || rating > score {
                hardest = Some(step.technique);
                score = rating;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) && !logic.is_solved() {
                return Err(Unrated::NodeLimit);
            }
        }
        if logic.is_solved() {
            return Ok(self.rating(score, hardest));
        }
        let mut rng = Rng::keyed(self.seed, puzzle.cells());
        let mut work = 0u64;
        for sample in 0..self.samples {
            let t = Transform::random(&self.variant, puzzle.order(), &mut rng);
            if self.variant.regions().is_some() {
                self.solver.set_variant(&t.variant(&self.variant));
            }
            self.count_one(&t.board(puzzle), sample + 1, progress.as_deref_mut())?;
            work += self.solver.stats().updates;
        }
        let mean = work as f64 / self.samples as f64;
        let score = SEARCH_SCORE + (1.0 + mean / 1000.0).log10();
        Ok(self.rating(score, None))
    }

    /// The rating of `score` and `hardest`, with the work of its searches.
    fn rating(&self, score: f64, hardest: Option<Technique>) -> Rating {
        Rating {
            score,
            level: Level::of(score),
            hardest,
            nodes: self.work.nodes,
            updates: self.work.updates,
            guesses: self.work.guesses,
        }
    }

    /// Counts `puzzle`'s solutions up to 2 with the solver as set: the
    /// rating's search number `search` (0 the uniqueness check, then the
    /// relabellings).
    fn count_one(
        &mut self,
        puzzle: &Board,
        search: usize,
        progress: Option<&mut Progress<'_>>,
    ) -> Result<(), Unrated> {
        let samples = self.samples;
        let count = match progress {
            None => self.solver.count(puzzle, Some(2)),
            // Called after every slice of the count; reports when due.
            Some(p) => self
                .solver
                .count_with_progress(puzzle, Some(2), Duration::ZERO, |_| {
                    let now = Instant::now();
                    if p.next.is_some_and(|next| now >= next) {
                        (p.report)(&RateProgress {
                            search,
                            samples,
                            elapsed: now - p.start,
                        });
                        p.next = now.checked_add(p.every);
                    }
                }),
        };
        // Counted whatever the outcome: a stopped rating reports its work.
        self.work += self.solver.stats();
        match (count.outcome, count.solutions) {
            (dlx_core::Outcome::NodeLimit, _) => Err(Unrated::NodeLimit),
            (_, 0) => Err(Unrated::NoSolution),
            (_, 1) => Ok(()),
            _ => Err(Unrated::Multiple),
        }
    }
}

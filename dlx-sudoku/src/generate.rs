//! Puzzle generation: a random full grid, then clues taken away while the
//! puzzle keeps exactly one solution.
//!
//! # Method
//!
//! 1. **A random grid.** The engine's search order is deterministic, so
//!    randomness comes from the input: `side` clues are dropped on random
//!    cells with random values that clash with no clue placed before, and the
//!    solver completes the board (trying again with new clues when they
//!    happen to admit no grid). Without regions the grid then goes through a
//!    random [`Transform`] (rows within bands, bands, columns within stacks,
//!    stacks, a transposition, the values; with diagonals, the subgroup
//!    that keeps them); with regions, through a random permutation of the
//!    values.
//! 2. **Clue removal.** The cells are grouped into orbits of the
//!    [`Symmetry`] (single cells, pairs mirrored through the centre or the
//!    vertical axis) and visited in random order. An orbit's clues are
//!    removed when the puzzle stays unique without them, as the counter
//!    says (a count with limit 2), else they are put back. One pass makes a
//!    minimal puzzle when there is no symmetry: if removing a clue left
//!    two solutions once, it still does after more clues are gone.
//! 3. **Goals.** With a target clue count the pass stops when the count is
//!    reached (skipping orbits that would overshoot it). With `minimal`, the
//!    pass runs to the end and the puzzle is then checked clue by clue:
//!    with symmetry, a puzzle from which no orbit can go may still have
//!    a removable single clue. A puzzle that misses a goal is retried on a
//!    new grid, up to [`Options::attempts`] times; the closest one is kept.
//! 4. **Level.** With a target [`Level`] the puzzle is rated as
//!    [`Rater`] rates it by default (so that `dlx-sudoku rate` agrees) and,
//!    when the level is not the one asked for, changed by a random walk: a
//!    move puts back one clue orbit of the grid and runs the removal pass
//!    again (with a target clue count: takes one orbit away and puts back
//!    another of the same size, if the puzzle stays unique), and is taken
//!    unless its score is more than [`CLIMB_SLACK`] further from the
//!    level's range (on a log scale); the best puzzle met is kept. Random minimal 9×9 puzzles are about 65%
//!    easy, 34% medium and 1% hard, and none of 20,000 was fiendish: the
//!    harder levels come from these moves. After [`CLIMB_MOVES`] moves
//!    without reaching the level the next grid is tried; the closest puzzle
//!    of all is kept (fewest goals missed, then the smallest level gap,
//!    then the clue count's distance).
//!
//! Every puzzle returned has been counted once more at the end: exactly one
//! solution, found without a node limit.
//!
//! # Randomness
//!
//! [`Rng`] is SplitMix64 ([`crate::rng`]): the same seed gives the same
//! puzzles on every build and platform. Puzzle `i` of a run gets its own
//! stream, [`Rng::stream`]`(seed, i)`, so the puzzles do not depend on how
//! many threads generate them.
//!
//! ```
//! use dlx_sudoku::generate::{Generator, Options};
//! use dlx_sudoku::rng::Rng;
//! use dlx_sudoku::variant::Variant;
//! use dlx_sudoku::Solver;
//!
//! let mut generator = Generator::new(&Variant::classic());
//! let options = Options { order: 3, ..Options::default() };
//! let g = generator.generate(&options, &mut Rng::new(7))?;
//! assert!(g.goal_met);
//! assert_eq!(Solver::new().count(&g.puzzle, Some(2)).solutions, 1);
//!
//! // The same seed gives the same puzzle.
//! let again = generator.generate(&options, &mut Rng::new(7))?;
//! assert_eq!(again.puzzle, g.puzzle);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Instant;

use crate::board::{MAX_ORDER, MIN_ORDER};
use crate::names::{Name, Named};
use crate::rate::{Level, Rater, Rating};
use crate::rng::Rng;
use crate::solver::{Outcome, Solver};
use crate::variant::{Transform, Variant};
use crate::Board;

/// The symmetry of the clue pattern; [`Symmetry::NAMES`] names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Clues anywhere.
    #[default]
    None,
    /// Turning the board half way round (180°) maps clues onto clues.
    Rotational,
    /// Mirroring the board left to right maps clues onto clues.
    Mirror,
}

impl Named for Symmetry {
    const NAMES: &'static [Name<Symmetry>] = &[
        Name {
            value: Symmetry::None,
            name: "none",
            aliases: &[],
            about: "clues anywhere",
        },
        Name {
            value: Symmetry::Rotational,
            name: "rotational",
            aliases: &[],
            about: "a half turn (180 degrees) maps clues onto clues",
        },
        Name {
            value: Symmetry::Mirror,
            name: "mirror",
            aliases: &[],
            about: "mirroring left to right maps clues onto clues",
        },
    ];
}

impl Symmetry {
    /// The cell that (`row`, `col`) maps to on a board of `side`.
    pub fn image(self, side: usize, row: usize, col: usize) -> (usize, usize) {
        match self {
            Symmetry::None => (row, col),
            Symmetry::Rotational => (side - 1 - row, side - 1 - col),
            Symmetry::Mirror => (row, side - 1 - col),
        }
    }

    /// Does the clue pattern of `board` have this symmetry?
    pub fn holds(self, board: &Board) -> bool {
        let side = board.side();
        (0..side * side).all(|cell| {
            let (r, c) = self.image(side, cell / side, cell % side);
            (board.cells()[cell] == 0) == (board.get(r, c) == 0)
        })
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Board order (box side): 2 (4×4), 3 (9×9), 4 (16×16) or 5 (25×25).
    pub order: usize,
    /// Symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// No clue may be removable without losing uniqueness.
    pub minimal: bool,
    /// The number of clues wanted, if any.
    pub clues: Option<usize>,
    /// Grids to try at most for one puzzle when a goal is missed.
    pub attempts: usize,
    /// The difficulty level wanted, if any (as [`Rater`] rates it with its
    /// defaults).
    pub level: Option<Level>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            order: 3,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            attempts: 100,
            level: None,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Board,
    /// Its solution.
    pub solution: Board,
    /// Did the puzzle meet every goal (clue count, minimality)? When not, it
    /// is the closest of all attempts.
    pub goal_met: bool,
    /// Is the puzzle minimal (no clue removable)? Known when the removal
    /// pass proves it (no symmetry, no target) or `minimal` was asked for;
    /// `None` otherwise, or when the counter could not tell within its
    /// node limit.
    pub minimal: Option<bool>,
    /// Grids tried.
    pub attempts: usize,
    /// The puzzle's rating, when a level was asked for.
    pub rating: Option<Rating>,
}

/// Why no puzzle could be generated at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The order is not 2 to 5.
    #[error("unsupported board order {0} (box side must be 2 to 5: 4x4 to 25x25)")]
    Order(usize),
    /// The variant's regions are of another size.
    #[error("the regions are {side}x{side} but the board is {board}x{board}")]
    Size {
        /// The regions' side.
        side: usize,
        /// The board's side.
        board: usize,
    },
    /// The variant admits no full grid at all (regions that cannot be
    /// filled).
    #[error("no grid satisfies the {0} rules (the regions cannot all hold every value)")]
    NoGrid(&'static str),
    /// Random starts kept failing within the node limit, or no first grid
    /// was found within the budget ([`FEASIBLE_NODES`] on the empty board,
    /// then a few random starts).
    #[error(
        "no grid found for the {0} rules within the search limits (the regions may admit none)"
    )]
    GridSearch(&'static str),
    /// The deadline ([`Generator::set_deadline`]) passed before any puzzle
    /// was made.
    #[error("time limit reached before a puzzle was made")]
    TimeLimit,
}

/// Search nodes allowed for one uniqueness check while clues are removed;
/// a check stopped by it keeps the clue (the puzzle is then not known to be
/// minimal, and `minimal` verifies it again without the limit).
const CHECK_NODES: u64 = 100_000;

/// Search nodes allowed to complete one random start to a grid.
const GRID_NODES: u64 = 200_000;

/// Moves of the walk towards a level, per grid.
pub const CLIMB_MOVES: usize = 400;

/// How much further from the level (on the log scale of [`level_gap`]) a
/// move of the walk may lead and still be taken.
pub const CLIMB_SLACK: f64 = 0.1;

/// Random starts tried before giving up on finding a grid.
const GRID_TRIES: usize = 1000;

/// Random starts tried for a first grid when the empty board's search ran
/// out of [`FEASIBLE_NODES`]: with them, at most 6,000,000 nodes before a
/// variant is given up.
const UNPROVEN_TRIES: usize = 20;

/// Search nodes allowed to find a first grid of the variant (an empty
/// board completed) before any puzzle is made: a layout of regions that
/// no grid fits can take the search for ever to prove so. Ordinary
/// layouts need a few hundred nodes; past the budget the variant is given
/// up ([`GenerateError::GridSearch`]), about a second's work.
pub const FEASIBLE_NODES: u64 = 2_000_000;

/// Makes puzzles of one variant; keeps its solver and buffers between them.
#[derive(Debug)]
pub struct Generator {
    variant: Variant,
    solver: Solver,
    /// The order the peer lists are for (0: none yet).
    order: usize,
    /// The cells that share a house with each cell.
    peers: Vec<Vec<usize>>,
    /// Can the variant's houses be filled at all (as far as the empty
    /// board's search within [`FEASIBLE_NODES`] tells)? Why not, if not.
    feasible: Result<(), GenerateError>,
    /// Has a grid of the variant been found?
    proven: bool,
    /// Rates puzzles when a level is asked for (made on first use).
    rater: Option<Rater>,
    /// No new grid, move or removal is started after this.
    deadline: Option<Instant>,
}

impl Generator {
    /// A generator of puzzles under `variant`.
    pub fn new(variant: &Variant) -> Generator {
        let mut solver = Solver::new();
        solver.set_variant(variant);
        Generator {
            variant: variant.clone(),
            solver,
            order: 0,
            peers: Vec::new(),
            feasible: Ok(()),
            proven: false,
            rater: None,
            deadline: None,
        }
    }

    /// Stops the work on a puzzle at `deadline`: no grid, move of the walk
    /// or clue removal is started after it, and the closest puzzle made so
    /// far is returned (its goals missed), or
    /// [`GenerateError::TimeLimit`] when there is none.
    ///
    /// The searches themselves stop at the deadline too (a count on a
    /// 25×25 board, or a rating's, can take many seconds), and the final
    /// recount of the puzzle's uniqueness is left out past it, so the work
    /// ends soon after the deadline.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.solver.set_deadline(deadline);
        if let Some(rater) = &mut self.rater {
            rater.set_deadline(deadline);
        }
    }

    /// Has the deadline passed?
    fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Generates one puzzle as `options` ask, drawing randomness from `rng`.
    ///
    /// # Errors
    /// [`GenerateError`] when the order is unsupported or does not fit the
    /// variant, or when the variant admits no grid.
    pub fn generate(
        &mut self,
        options: &Options,
        rng: &mut Rng,
    ) -> Result<Generated, GenerateError> {
        self.prepare(options.order)?;
        let order = options.order;
        let side = order * order;
        let orbits = orbits(side, options.symmetry);
        // The closest puzzle so far, how far it is, and its grid.
        let mut best: Option<(Miss, Generated)> = None;
        let mut attempts = 0;
        while attempts < options.attempts.max(1) {
            if self.late() {
                break;
            }
            attempts += 1;
            let grid = match self.grid(order, rng) {
                Ok(grid) => grid,
                // The deadline stopped the grid's search.
                Err(_) if self.late() => break,
                Err(e) => return Err(e),
            };
            let start = grid.clone();
            let (mut puzzle, mut proven_minimal) = self.reduce(&grid, start, &orbits, options, rng);
            let mut rating = None;
            if let Some(level) = options.level {
                let climbed = self.climb(&grid, puzzle, level, &orbits, options, rng);
                (puzzle, rating) = (climbed.0, Some(climbed.1));
                proven_minimal &= climbed.2;
            }
            let clues = puzzle.clue_count();
            let minimal = if proven_minimal {
                Some(true)
            } else if options.minimal {
                self.is_minimal(&puzzle)
            } else {
                None
            };
            let clue_gap = options.clues.map_or(0, |k| k.abs_diff(clues));
            let gap = match (options.level, rating) {
                (Some(level), Some(r)) => level_gap(level, r.score),
                _ => 0.0,
            };
            let miss = Miss {
                // A deadline may have cut the removal or the walk short.
                goals: usize::from(clue_gap > 0)
                    + usize::from(options.minimal && minimal != Some(true))
                    + usize::from(gap > 0.0)
                    + usize::from(self.late()),
                level_gap: gap,
                clue_gap,
            };
            if best.as_ref().is_none_or(|b| miss.better_than(&b.0)) {
                let made = Generated {
                    puzzle,
                    solution: grid,
                    goal_met: miss.goals == 0,
                    minimal,
                    attempts: 0,
                    rating,
                };
                best = Some((miss, made));
            }
            if miss.goals == 0 {
                break;
            }
        }
        let Some((_, mut made)) = best else {
            return Err(GenerateError::TimeLimit);
        };
        made.attempts = attempts;
        // The final word on uniqueness: count again, without a node limit
        // or the deadline. Every clue removed and every move was kept only
        // after a count found one solution, so this is a check of that;
        // past the deadline it is left out (on 256 threads, 256 counts of
        // 25x25 puzzles took 9 s past the time limit).
        if !self.late() {
            self.solver.set_node_limit(None);
            self.solver.set_deadline(None);
            let count = self.solver.count(&made.puzzle, Some(2));
            self.solver.set_deadline(self.deadline);
            assert!(
                count.solutions == 1 && count.outcome == dlx_core::Outcome::Complete,
                "a generated puzzle lost its uniqueness"
            );
        }
        Ok(made)
    }

    /// Checks the order and builds the peer lists for it.
    fn prepare(&mut self, order: usize) -> Result<(), GenerateError> {
        if !(MIN_ORDER..=MAX_ORDER).contains(&order) {
            return Err(GenerateError::Order(order));
        }
        if !self.variant.fits(order) {
            return Err(GenerateError::Size {
                side: self.variant.side().unwrap_or(0),
                board: order * order,
            });
        }
        if self.order != order {
            let side = order * order;
            let mut peers = vec![Vec::new(); side * side];
            for (_, cells) in self.variant.houses(order) {
                for &a in &cells {
                    peers[a].extend(cells.iter().copied().filter(|&b| b != a));
                }
            }
            for p in &mut peers {
                p.sort_unstable();
                p.dedup();
            }
            self.peers = peers;
            self.order = order;
            // Regions that no grid fits would send every random start into
            // a failing search: find out once, from the empty board, within
            // a budget.
            let empty = Board::empty(order);
            let mut grid = Board::empty(order);
            self.solver.set_node_limit(Some(FEASIBLE_NODES));
            // Past the budget, random starts decide (some layouts of
            // 16x16 and 25x25 regions need them): at most UNPROVEN_TRIES.
            (self.feasible, self.proven) = match self.solver.solve(&empty, &mut grid) {
                Outcome::Solved => (Ok(()), true),
                Outcome::NoSolution => (Err(GenerateError::NoGrid(self.variant.name())), false),
                _ => (Ok(()), false),
            };
        }
        self.feasible.clone()
    }

    /// A random full grid of `order` under the variant.
    ///
    /// # Errors
    /// When the variant admits no grid, or none is found within the limits.
    pub fn grid(&mut self, order: usize, rng: &mut Rng) -> Result<Board, GenerateError> {
        self.prepare(order)?;
        let side = order * order;
        let empty = Board::empty(order);
        let mut grid = Board::empty(order);
        let tries = if self.proven {
            GRID_TRIES
        } else {
            UNPROVEN_TRIES
        };
        for _ in 0..tries {
            if self.late() {
                // Each try would stop at once, after building its problem.
                return Err(GenerateError::TimeLimit);
            }
            let mut start = empty.clone();
            for &cell in rng.permutation(side * side).iter().take(side) {
                let used = self.peers[cell]
                    .iter()
                    .fold(0u32, |m, &p| match start.cells()[p] {
                        0 => m,
                        v => m | 1 << (v - 1),
                    });
                let free: Vec<u8> = (1..=side as u8)
                    .filter(|v| used & (1 << (v - 1)) == 0)
                    .collect();
                if !free.is_empty() {
                    let v = free[rng.below(free.len() as u64) as usize];
                    start.set(cell / side, cell % side, v);
                }
            }
            self.solver.set_node_limit(Some(GRID_NODES));
            if self.solver.solve(&start, &mut grid) == Outcome::Solved {
                self.proven = true;
                let t = if self.variant.regions().is_some() {
                    Transform::relabel(order, rng)
                } else {
                    Transform::random(&self.variant, order, rng)
                };
                return Ok(t.board(&grid));
            }
        }
        // Is there any grid at all? (`prepare` found one within this
        // budget, so this one is bounded too.)
        self.solver.set_node_limit(Some(FEASIBLE_NODES));
        Err(match self.solver.solve(&empty, &mut grid) {
            Outcome::NoSolution => GenerateError::NoGrid(self.variant.name()),
            _ => GenerateError::GridSearch(self.variant.name()),
        })
    }

    /// Is `puzzle` unique, as far as the node limit lets the counter tell?
    /// `None` when the limit stopped it.
    fn unique(&mut self, puzzle: &Board, limit: Option<u64>) -> Option<bool> {
        self.solver.set_node_limit(limit);
        let count = self.solver.count(puzzle, Some(2));
        match count.outcome {
            dlx_core::Outcome::NodeLimit if count.solutions < 2 => None,
            _ => Some(count.solutions == 1),
        }
    }

    /// Removes clues from `start` (clues of `grid`) orbit by orbit while
    /// the puzzle stays unique; stops at the target clue count unless `minimal` is asked.
    /// Also says whether the result is proven minimal by the pass itself.
    fn reduce(
        &mut self,
        grid: &Board,
        start: Board,
        orbits: &[Vec<usize>],
        options: &Options,
        rng: &mut Rng,
    ) -> (Board, bool) {
        let side = grid.side();
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        let mut puzzle = start;
        let mut clues = puzzle.clue_count();
        let target = if options.minimal { None } else { options.clues };
        let mut undecided = false;
        let mut stopped = false;
        for &k in &order {
            if self.late() {
                stopped = true;
                break;
            }
            let orbit = &orbits[k];
            if puzzle.cells()[orbit[0]] == 0 {
                continue;
            }
            if let Some(t) = target {
                if clues == t {
                    stopped = true;
                    break;
                }
                if clues - orbit.len() < t {
                    continue;
                }
            }
            for &cell in orbit {
                puzzle.set(cell / side, cell % side, 0);
            }
            match self.unique(&puzzle, Some(CHECK_NODES)) {
                Some(true) => clues -= orbit.len(),
                answer => {
                    undecided |= answer.is_none();
                    for &cell in orbit {
                        puzzle.set(cell / side, cell % side, grid.cells()[cell]);
                    }
                }
            }
        }
        let proven = options.symmetry == Symmetry::None && !undecided && !stopped;
        (puzzle, proven)
    }

    /// Moves `puzzle` (clues of `grid`) towards `level` by the local search
    /// of the module notes: the puzzle reached, its rating, and whether
    /// the last removal pass proved it minimal (as [`Generator::reduce`]).
    fn climb(
        &mut self,
        grid: &Board,
        puzzle: Board,
        level: Level,
        orbits: &[Vec<usize>],
        options: &Options,
        rng: &mut Rng,
    ) -> (Board, Rating, bool) {
        let side = grid.side();
        let rating = self.rating(&puzzle);
        let mut gap = level_gap(level, rating.score);
        let mut best = (puzzle.clone(), rating, gap, true);
        let mut puzzle = puzzle;
        let mut moves = 0;
        while best.2 > 0.0 && moves < CLIMB_MOVES && !self.late() {
            moves += 1;
            let (full, empty): (Vec<usize>, Vec<usize>) =
                (0..orbits.len()).partition(|&k| puzzle.cells()[orbits[k][0]] != 0);
            if full.is_empty() || empty.is_empty() {
                break;
            }
            let mut next = puzzle.clone();
            let mut next_proven = false;
            if options.clues.is_none() {
                // One more clue keeps the puzzle unique; the removal pass
                // then takes away what it can (the new clue, or others).
                let back = empty[rng.below(empty.len() as u64) as usize];
                for &cell in &orbits[back] {
                    next.set(cell / side, cell % side, grid.cells()[cell]);
                }
                (next, next_proven) = self.reduce(grid, next, orbits, options, rng);
            } else {
                // A clue count to keep: one orbit out, one of the same
                // size in, if the puzzle stays unique.
                let out = full[rng.below(full.len() as u64) as usize];
                let fits: Vec<usize> = empty
                    .into_iter()
                    .filter(|&k| orbits[k].len() == orbits[out].len())
                    .collect();
                if fits.is_empty() {
                    continue;
                }
                let back = fits[rng.below(fits.len() as u64) as usize];
                for &cell in &orbits[out] {
                    next.set(cell / side, cell % side, 0);
                }
                for &cell in &orbits[back] {
                    next.set(cell / side, cell % side, grid.cells()[cell]);
                }
                if self.unique(&next, Some(CHECK_NODES)) != Some(true) {
                    continue;
                }
            }
            let r = self.rating(&next);
            let g = level_gap(level, r.score);
            // A walk, not a strict climb: a move a little worse is taken
            // too, so that the search crosses plateaus; the best puzzle
            // met is kept.
            if g < gap + CLIMB_SLACK {
                if g < best.2 {
                    best = (next.clone(), r, g, next_proven);
                }
                (puzzle, gap) = (next, g);
            }
        }
        (best.0, best.1, best.3)
    }

    /// The rating of a unique puzzle, as `dlx-sudoku rate` gives it.
    fn rating(&mut self, puzzle: &Board) -> Rating {
        let variant = &self.variant;
        let deadline = self.deadline;
        let rater = self.rater.get_or_insert_with(|| {
            let mut rater = Rater::new(variant);
            rater.set_deadline(deadline);
            rater
        });
        match rater.rate(puzzle) {
            Ok(r) => r,
            // Unique puzzles are rated; should a search ever fail, the
            // puzzle counts as infinitely far from every level.
            Err(_) => Rating {
                score: f64::INFINITY,
                level: Level::Extreme,
                hardest: None,
                nodes: 0,
                updates: 0,
                guesses: 0,
            },
        }
    }

    /// Is no clue of `puzzle` removable without losing uniqueness? `None`
    /// if the counter could not tell within a generous node limit, or the
    /// deadline ([`Generator::set_deadline`]) passed before it could (a
    /// 25×25 puzzle takes hundreds of counts).
    pub fn is_minimal(&mut self, puzzle: &Board) -> Option<bool> {
        let side = puzzle.side();
        let mut p = puzzle.clone();
        for cell in 0..side * side {
            let v = puzzle.cells()[cell];
            if v == 0 {
                continue;
            }
            if self.late() {
                return None;
            }
            p.set(cell / side, cell % side, 0);
            let unique = self.unique(&p, Some(CHECK_NODES * 10))?;
            p.set(cell / side, cell % side, v);
            if unique {
                return Some(false);
            }
        }
        Some(true)
    }
}

/// The cells of a side×side board grouped into orbits of `symmetry`, each
/// listed once, in reading order of their first cell.
fn orbits(side: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let mut orbits = Vec::new();
    for cell in 0..side * side {
        let (r, c) = symmetry.image(side, cell / side, cell % side);
        let image = r * side + c;
        if image > cell {
            orbits.push(vec![cell, image]);
        } else if image == cell {
            orbits.push(vec![cell]);
        }
    }
    orbits
}

/// How far a generated puzzle is from its goals; see [`Miss::better_than`].
#[derive(Clone, Copy, Debug)]
struct Miss {
    /// Goals missed (clue count, minimality, level).
    goals: usize,
    /// [`level_gap`] of its score (0 without a level).
    level_gap: f64,
    /// Distance of its clue count from the target (0 without one).
    clue_gap: usize,
}

impl Miss {
    /// Fewer goals missed, then a smaller level gap, then a smaller clue
    /// gap.
    fn better_than(&self, other: &Miss) -> bool {
        if self.goals != other.goals {
            return self.goals < other.goals;
        }
        if self.level_gap != other.level_gap {
            return self.level_gap < other.level_gap;
        }
        self.clue_gap < other.clue_gap
    }
}

/// How far `score` is from the range of `level`, on a log scale: 0 inside
/// it, else the log of the ratio to the nearest bound.
pub fn level_gap(level: Level, score: f64) -> f64 {
    if Level::of(score) == level {
        return 0.0;
    }
    // Outside the range: at least a little, even on a bound.
    let (low, high) = level.range();
    let gap = if score <= low {
        (low / score.max(1.0)).ln()
    } else {
        (score / high).ln()
    };
    gap.max(f64::EPSILON)
}

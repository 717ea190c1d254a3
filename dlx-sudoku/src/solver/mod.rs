//! Sudoku as exact cover, solved by [`dlx_core`].
//!
//! A board of side s = n² is the exact-cover problem with 4s² primary items
//! and one option per (cell, value):
//!
//! | items            | count | meaning                                 |
//! |------------------|-------|-----------------------------------------|
//! | `p(cell)`        | s²    | the cell holds a value                  |
//! | `r(row, value)`  | s²    | the row holds the value                 |
//! | `c(col, value)`  | s²    | the column holds the value              |
//! | `b(box, value)`  | s²    | the box holds the value                 |
//!
//! Option (cell, v) is `p(cell) r(row, v) c(col, v) b(box, v)`: 324 items and
//! at most 729 options for a 9×9 board. With clue pruning (the default) an
//! empty cell gets options only for the values that no clue in its row,
//! column or box rules out, and a clue gets just its own option, which is
//! [forced](dlx_core::Solver::force) before the search. Without pruning every
//! (cell, value) option is built and the clues' options are forced, which
//! hides the ruled-out ones: the same search, after more work.
//!
//! Variants ([`Variant`]) change the houses: a jigsaw's regions take the
//! boxes' place in the `b` family, and an X-Sudoku adds the families
//! `d(diagonal, value)` for its two diagonals (2s more items; an option of a
//! cell on a diagonal has 5 or, at the centre, 6 items). The singles pass
//! works on the same houses.
//!
//! The [`Solver`] keeps its problem and buffers between puzzles, so after
//! the first puzzle of a size it allocates nothing.

use std::time::{Duration, Instant};

use dlx_core::{Branching, Cancel, Count, ForceError, Item, OptionId, Problem, Stats, Step};

use crate::board::Board;
use crate::singles9;
use crate::variant::Variant;

// Their home is `house`, below this module and `variant`; their public
// path stays here.
pub use crate::house::{Conflict, Unit};

/// Options of the Sudoku solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Build only the options the clues allow (the default). `false` builds
    /// all side³ options and lets forcing the clues hide the rest: a
    /// baseline that shows what pruning is worth.
    pub prune_clues: bool,
    /// With pruning, also settle naked singles (a cell with one possible
    /// value) and hidden singles (a value with one possible cell in a row,
    /// column or box) on bit masks before building the problem (the
    /// default). These are the moves the search makes first anyway, on items
    /// of length 1; made here, they cost a fraction and leave the engine a
    /// smaller problem. Solutions and counts are the same either way; search
    /// statistics count only the engine's part. On the classic 9×9 board the
    /// pass works on bit boards, all houses of a value at once.
    pub singles: bool,
    /// With the singles pass on the classic 9×9 board, also remove locked
    /// candidates when singles run out (a box whose cells for a value lie
    /// in one row or column, a row or column whose cells for a value lie in
    /// one box), then look for singles again (the default). Half the
    /// 17-clue puzzles that singles leave open are then settled without
    /// building the problem; the others reach the engine smaller. Other
    /// boards and variants ignore it.
    pub locked_candidates: bool,
    /// How the engine picks the item to branch on:
    /// [`Branching::ShortFirstDegree`] by default, since about nine search
    /// nodes in ten of a Sudoku are forced moves (taken without a scan),
    /// and where none is, a branch that removes the most candidates leaves
    /// a smaller tree (28% fewer nodes on the forum's hardest puzzles).
    pub branching: Branching,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            prune_clues: true,
            singles: true,
            locked_candidates: true,
            branching: Branching::ShortFirstDegree,
        }
    }
}

/// The result of [`Solver::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution was written to the output board.
    Solved,
    /// The puzzle has no solution (clashing clues included).
    NoSolution,
    /// The node limit (or the time limit) stopped the search first.
    NodeLimit,
}

/// `count` with a stop by the time limit reported as one by the node limit:
/// for the programs both are "search limit reached".
fn search_limit(mut count: Count) -> Count {
    if matches!(
        count.outcome,
        dlx_core::Outcome::Deadline | dlx_core::Outcome::Cancelled
    ) {
        count.outcome = dlx_core::Outcome::NodeLimit;
    }
    count
}

/// The engine's search of `problem` under `branching` and the limits.
fn engine_search<'p>(
    problem: &'p mut Problem,
    branching: dlx_core::Branching,
    node_limit: Option<u64>,
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<&Cancel>,
) -> dlx_core::Solver<'p> {
    let mut s = problem.solver();
    s.set_cancel(cancel.cloned());
    s.set_branching(branching);
    s.set_node_limit(node_limit);
    // The sooner of the search's own limit and the caller's deadline.
    let own = time_limit.and_then(|t| Instant::now().checked_add(t));
    s.set_deadline(match (own, deadline) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    });
    s
}

/// How far a long count has got; see [`Solver::count_with_progress`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountProgress {
    /// Solutions counted so far.
    pub solutions: u64,
    /// Search nodes so far.
    pub nodes: u64,
    /// Knuth's estimate of the share of the tree searched, 0 to 1 (see
    /// [`dlx_core::Solver::progress`]): rough, and very small on trees as
    /// large as an empty grid's.
    pub share: f64,
    /// Time since the count started.
    pub elapsed: Duration,
}

/// Search nodes between two looks at the clock in
/// [`Solver::count_with_progress`].
const PROGRESS_NODES: u64 = 1 << 20;

/// The first pair of clues that share a value in a row, column or box, if
/// any (rows first, then columns, then boxes). [`Variant::find_conflict`]
/// does the same for the houses of a variant.
///
/// ```
/// use dlx_sudoku::{solver::{find_conflict, Unit}, Board};
///
/// let mut b = Board::empty(3);
/// b.set(4, 1, 7);
/// b.set(4, 8, 7);
/// let c = find_conflict(&b).unwrap();
/// assert_eq!(c.unit, Unit::Row(4));
/// assert_eq!(c.to_string(), "row 5 has value 7 twice (r5c2 and r5c9)");
/// ```
pub fn find_conflict(board: &Board) -> Option<Conflict> {
    Variant::classic().find_conflict(board)
}

/// A reusable Sudoku solver.
///
/// ```
/// use dlx_sudoku::{solver::{Outcome, Solver}, Board};
///
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
/// let puzzle = Board::from_cells(3, cells).unwrap();
///
/// let mut solver = Solver::new();
/// let mut solution = Board::empty(3);
/// assert_eq!(solver.solve(&puzzle, &mut solution), Outcome::Solved);
/// assert!(solution.is_full());
/// assert_eq!(solver.count(&puzzle, Some(2)).solutions, 1);
/// ```
#[derive(Debug)]
pub struct Solver {
    config: SolverConfig,
    node_limit: Option<u64>,
    time_limit: Option<Duration>,
    /// Stops every search at this instant (see [`Solver::set_deadline`]).
    deadline: Option<Instant>,
    /// Stops each search when cancelled (see [`Solver::set_cancel`]).
    cancel: Option<Cancel>,
    /// The houses puzzles are solved under.
    variant: Variant,
    problem: Problem,
    /// Options of the clues, to force (without clue pruning).
    clues: Vec<OptionId>,
    /// (cell, value) of each option.
    options: Vec<(u16, u8)>,
    /// The items of each option, when all have four (no diagonals), to
    /// add in one go.
    quads: Vec<[Item; 4]>,
    /// The puzzle with the cells settled before the search.
    grid: Vec<u8>,
    /// The problem's item for each constraint (side² cells, then side
    /// values of each house), or `u32::MAX` for one already satisfied.
    item: Vec<u32>,
    /// The values still possible in each empty cell.
    cand: Vec<u32>,
    /// Cells with one possible value, to place.
    stack: Vec<u16>,
    /// The shape of boards of the current order and variant.
    geometry: Geometry,
    stats: Stats,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// Puzzle encoded, or why there is nothing to search.
enum Encoded {
    Ready,
    Clash,
    /// The singles pass (and locked candidates) filled every cell (the
    /// problem is not built).
    Settled,
}

impl Solver {
    /// A solver with the default configuration.
    pub fn new() -> Solver {
        Solver::with_config(SolverConfig::default())
    }

    /// A solver with the given configuration.
    pub fn with_config(config: SolverConfig) -> Solver {
        Solver {
            config,
            node_limit: None,
            time_limit: None,
            deadline: None,
            cancel: None,
            variant: Variant::classic(),
            problem: Problem::new(0, 0),
            clues: Vec::new(),
            options: Vec::new(),
            quads: Vec::new(),
            grid: Vec::new(),
            item: Vec::new(),
            cand: Vec::new(),
            stack: Vec::new(),
            geometry: Geometry::default(),
            stats: Stats::default(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> SolverConfig {
        self.config
    }

    /// Stops each search after `limit` search nodes (`None`: no limit).
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
    }

    /// Stops each search after `limit` of searching (`None`: no limit); the
    /// search then ends as at the node limit ([`Outcome::NodeLimit`], and
    /// [`dlx_core::Outcome::NodeLimit`] for counts: either is "a search
    /// limit").
    pub fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
    }

    /// Stops every search at `deadline` (`None`: no deadline), as the time
    /// limit does: where the time limit bounds each search on its own, a
    /// deadline bounds several together (all the searches of one puzzle,
    /// or of a run). With both, the search stops at the sooner.
    ///
    /// ```
    /// use std::time::Instant;
    /// use dlx_sudoku::{Board, Solver};
    ///
    /// let mut solver = Solver::new();
    /// solver.set_deadline(Some(Instant::now())); // passed at once
    /// let count = solver.count(&Board::empty(3), None);
    /// assert_eq!(count.outcome, dlx_core::Outcome::NodeLimit);
    /// ```
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// The instant every search stops at, if any (see
    /// [`Solver::set_deadline`]); work beside the searches (`explain`'s
    /// logic) watches it too.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Stops each search once `cancel` (or a clone of it, from any thread)
    /// is cancelled, within about a millisecond (`None`: stop watching).
    /// The search then ends as at the node limit ([`Outcome::NodeLimit`],
    /// and [`dlx_core::Outcome::NodeLimit`] for counts), as a time limit
    /// does: how a caller that cancels (a Ctrl-C handler, a GUI's stop
    /// button) ends a count that would take too long.
    ///
    /// ```
    /// use dlx_core::Cancel;
    /// use dlx_sudoku::{Board, Solver};
    ///
    /// let cancel = Cancel::new();
    /// let mut solver = Solver::new();
    /// solver.set_cancel(Some(cancel.clone()));
    /// cancel.cancel(); // as another thread would, during the count
    /// let count = solver.count(&Board::empty(3), None); // 6.67e21 solutions
    /// assert_eq!(count.outcome, dlx_core::Outcome::NodeLimit);
    /// ```
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// Solves later puzzles under the houses of `variant` (the classic
    /// Sudoku by default). Cheap when the variant is the current one.
    ///
    /// ```
    /// use dlx_sudoku::{solver::{Outcome, Solver}, variant::Variant, Board};
    ///
    /// let mut solver = Solver::new();
    /// solver.set_variant(&Variant::x());
    /// let mut solution = Board::empty(3);
    /// assert_eq!(solver.solve(&Board::empty(3), &mut solution), Outcome::Solved);
    /// let diagonal: Vec<u8> = (0..9).map(|i| solution.get(i, i)).collect();
    /// assert!((1..=9).all(|v| diagonal.contains(&v)));
    /// ```
    pub fn set_variant(&mut self, variant: &Variant) {
        if self.variant != *variant {
            self.variant.clone_from(variant);
            // Rebuilt for the next puzzle.
            self.geometry.order = 0;
        }
    }

    /// Sets the rule the engine's searches choose items by (see
    /// [`SolverConfig::branching`]); every rule finds the same solutions.
    ///
    /// ```
    /// use dlx_core::Branching;
    /// use dlx_sudoku::solver::Solver;
    /// use dlx_sudoku::Board;
    ///
    /// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    /// let puzzle = Board::from_cells(3, cells)?;
    /// let mut solver = Solver::new();
    /// solver.set_branching(Branching::LookAhead);
    /// assert_eq!(solver.count(&puzzle, Some(2)).solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_branching(&mut self, rule: Branching) {
        self.config.branching = rule;
    }

    /// The variant puzzles are solved under.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Statistics of the last search. When the singles pass (with locked
    /// candidates, when on) fills every cell, [`Solver::solve`] does not
    /// run the engine: no nodes, no updates, one solution.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Solves `puzzle`, writing the first solution found into `solution`
    /// (which takes the puzzle's size). On any other outcome `solution`
    /// holds the puzzle.
    ///
    /// # Panics
    /// If the variant's regions are of another size than the puzzle (see
    /// [`Variant::fits`]); likewise for the other searches.
    pub fn solve(&mut self, puzzle: &Board, solution: &mut Board) -> Outcome {
        solution.clone_from(puzzle);
        self.stats = Stats::default();
        match self.encode(puzzle, false) {
            Encoded::Ready => {}
            Encoded::Clash => return Outcome::NoSolution,
            Encoded::Settled => {
                // Nothing left to search: the engine is not run.
                solution.cells_mut().copy_from_slice(&self.grid);
                self.stats.solutions = 1;
                return Outcome::Solved;
            }
        }
        let mut s = engine_search(
            &mut self.problem,
            self.config.branching,
            self.node_limit,
            self.time_limit,
            self.deadline,
            self.cancel.as_ref(),
        );
        if force_all(&mut s, &self.clues).is_err() {
            self.stats = s.stats();
            return Outcome::NoSolution;
        }
        let step = s.next_solution();
        if step == Step::Found {
            fill(&self.grid, &self.options, &s, solution);
        }
        self.stats = s.stats();
        match step {
            Step::Found => Outcome::Solved,
            Step::Exhausted => Outcome::NoSolution,
            Step::NodeLimit | Step::Deadline | Step::Cancelled => Outcome::NodeLimit,
        }
    }

    /// Counts the solutions of `puzzle`, stopping at `limit` solutions when
    /// given (`Some(2)` answers "is it unique?").
    pub fn count(&mut self, puzzle: &Board, limit: Option<u64>) -> Count {
        self.stats = Stats::default();
        let none = Count {
            solutions: 0,
            outcome: dlx_core::Outcome::Complete,
        };
        if let Encoded::Clash = self.encode(puzzle, true) {
            return none;
        }
        let mut s = engine_search(
            &mut self.problem,
            self.config.branching,
            self.node_limit,
            self.time_limit,
            self.deadline,
            self.cancel.as_ref(),
        );
        if force_all(&mut s, &self.clues).is_err() {
            return none;
        }
        let count = search_limit(s.count(limit));
        self.stats = s.stats();
        count
    }

    /// [`Solver::count`], calling `report` every `every` while the count
    /// runs (never for a count that ends sooner). The clock is read every
    /// million search nodes or so; counts, node statistics and the node
    /// limit are those of [`Solver::count`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use dlx_sudoku::{Board, Solver};
    ///
    /// let mut solver = Solver::new();
    /// let mut reports = 0;
    /// let count = solver.count_with_progress(&Board::empty(2), None, Duration::ZERO, |_| {
    ///     reports += 1
    /// });
    /// assert_eq!(count.solutions, 288); // done before the clock is read
    /// assert_eq!(reports, 0);
    /// ```
    pub fn count_with_progress(
        &mut self,
        puzzle: &Board,
        limit: Option<u64>,
        every: Duration,
        mut report: impl FnMut(&CountProgress),
    ) -> Count {
        self.stats = Stats::default();
        let none = Count {
            solutions: 0,
            outcome: dlx_core::Outcome::Complete,
        };
        if let Encoded::Clash = self.encode(puzzle, true) {
            return none;
        }
        let mut s = engine_search(
            &mut self.problem,
            self.config.branching,
            None,
            self.time_limit,
            self.deadline,
            self.cancel.as_ref(),
        );
        if force_all(&mut s, &self.clues).is_err() {
            return none;
        }
        let start = Instant::now();
        let mut next = every;
        let user_limit = self.node_limit.unwrap_or(u64::MAX);
        let count = loop {
            // A search stopped by its node limit resumes when it is raised.
            let slice = s
                .stats()
                .nodes
                .saturating_add(PROGRESS_NODES)
                .min(user_limit);
            s.set_node_limit(Some(slice));
            let count = s.count(limit);
            if count.outcome != dlx_core::Outcome::NodeLimit || slice >= user_limit {
                // A stop by the time limit ends it too.
                break search_limit(count);
            }
            let elapsed = start.elapsed();
            if elapsed >= next {
                let stats = s.stats();
                report(&CountProgress {
                    solutions: stats.solutions,
                    nodes: stats.nodes,
                    share: s.progress(),
                    elapsed,
                });
                next = elapsed + every;
            }
        };
        self.stats = s.stats();
        count
    }

    /// Calls `visit` with each solution of `puzzle` in search order until it
    /// returns `false` or the solutions run out; returns how the search
    /// ended (see [`Solver::count`]).
    pub fn for_each_solution(
        &mut self,
        puzzle: &Board,
        mut visit: impl FnMut(&Board) -> bool,
    ) -> Count {
        self.stats = Stats::default();
        let mut count = Count {
            solutions: 0,
            outcome: dlx_core::Outcome::Complete,
        };
        if let Encoded::Clash = self.encode(puzzle, true) {
            return count;
        }
        let mut s = engine_search(
            &mut self.problem,
            self.config.branching,
            self.node_limit,
            self.time_limit,
            self.deadline,
            self.cancel.as_ref(),
        );
        if force_all(&mut s, &self.clues).is_err() {
            return count;
        }
        let mut board = puzzle.clone();
        loop {
            match s.next_solution() {
                Step::Found => {
                    count.solutions += 1;
                    fill(&self.grid, &self.options, &s, &mut board);
                    if !visit(&board) {
                        count.outcome = dlx_core::Outcome::SolutionLimit;
                        break;
                    }
                }
                Step::Exhausted => break,
                Step::NodeLimit => {
                    count.outcome = dlx_core::Outcome::NodeLimit;
                    break;
                }
                Step::Deadline | Step::Cancelled => {
                    count.outcome = dlx_core::Outcome::NodeLimit;
                    break;
                }
            }
        }
        self.stats = s.stats();
        count
    }

    /// Builds the exact-cover problem of `puzzle` into `self.problem`, and
    /// the cells it settles without search into `self.grid`; when those are
    /// all of them, builds nothing unless `always`.
    fn encode(&mut self, puzzle: &Board, always: bool) -> Encoded {
        if self.geometry.order != puzzle.order() {
            self.geometry = Geometry::new(puzzle.order(), &self.variant);
        }
        let g = &self.geometry;
        let (side, area) = (g.side, g.side * g.side);
        let full: u32 = (1u32 << side) - 1;
        let prune = self.config.prune_clues;
        self.clues.clear();
        self.options.clear();
        self.grid.clear();
        self.grid.extend_from_slice(puzzle.cells());
        let mut units = Units::default();
        self.cand.clear();
        if prune && self.config.singles && g.classic9 {
            self.cand.resize(area, 0);
            let settled = match (
                <&mut [u8; 81]>::try_from(&mut self.grid[..]),
                <&mut [u32; 81]>::try_from(&mut self.cand[..]),
            ) {
                (Ok(grid), Ok(cand)) => singles9::settle(grid, cand, self.config.locked_candidates),
                _ => unreachable!("a 9×9 board has 81 cells"),
            };
            if !settled {
                return Encoded::Clash;
            }
            if !always && !self.grid.contains(&0) {
                return Encoded::Settled;
            }
            for (cell, &v) in self.grid.iter().enumerate() {
                if v != 0 {
                    units.record(g, cell, v);
                }
            }
        } else if prune {
            for (cell, &v) in puzzle.cells().iter().enumerate() {
                if v != 0 && !units.place(g, cell, v) {
                    return Encoded::Clash;
                }
            }
            self.cand
                .extend((0..area).map(|cell| match self.grid[cell] {
                    0 => units.free(g, cell),
                    _ => 0,
                }));
            if self.config.singles
                && !singles(
                    g,
                    &mut self.grid,
                    &mut self.cand,
                    &mut units,
                    &mut self.stack,
                )
            {
                return Encoded::Clash;
            }
        } else {
            self.cand.resize(area, full);
        }
        if !always && prune && !self.grid.contains(&0) {
            return Encoded::Settled;
        }
        // Number the items still to cover: all of them without pruning;
        // with pruning, those that no placed value satisfies.
        self.item.clear();
        self.item.resize(area + g.house_count * side, u32::MAX);
        let (cell_items, house_items) = self.item.split_at_mut(area);
        let mut next = 0u32;
        for (id, &v) in cell_items.iter_mut().zip(&self.grid) {
            if !prune || v == 0 {
                *id = next;
                next += 1;
            }
        }
        for (ids, &used) in house_items.chunks_exact_mut(side).zip(&units.mask) {
            let mut free = full & !used;
            while free != 0 {
                ids[free.trailing_zeros() as usize] = next;
                next += 1;
                free &= free - 1;
            }
        }
        self.problem.reset(next as usize, 0);
        self.quads.clear();
        let (cell_items, house_items) = self.item.split_at(area);
        let item = |i: usize| Item::from(house_items[i]);
        for (cell, (&value, &values)) in self.grid.iter().zip(&self.cand).enumerate() {
            if (prune && value != 0) || values == 0 {
                continue;
            }
            let [r, c, b] = g.units_of[cell].map(usize::from);
            let (r, c, b) = (r * side, c * side, b * side);
            let ci = Item::from(cell_items[cell]);
            let mut values = values;
            while values != 0 {
                let v = values.trailing_zeros() as usize;
                values &= values - 1;
                let items = [ci, item(r + v), item(c + v), item(b + v)];
                // Options are numbered in the order they are made.
                if usize::from(value) == v + 1 {
                    self.clues.push(OptionId::new(self.options.len()));
                }
                self.options.push((cell as u16, v as u8 + 1));
                if g.diagonals {
                    // Up to two more items: the diagonals through the cell.
                    let mut more = [items[0]; 6];
                    more[..4].copy_from_slice(&items);
                    let mut len = 4;
                    for d in g.diagonals_of(cell) {
                        more[len] = item(d * side + v);
                        len += 1;
                    }
                    self.problem
                        .add_option(more[..len].iter().copied())
                        .expect("Sudoku options are well formed");
                } else {
                    self.quads.push(items);
                }
            }
        }
        if !g.diagonals {
            self.problem
                .add_options(&self.quads)
                .expect("Sudoku options are well formed");
        }
        Encoded::Ready
    }
}

/// Writes the grid settled before the search and the solution `s` just
/// found into `board`; `options` gives each option's (cell, value).
fn fill(grid: &[u8], options: &[(u16, u8)], s: &dlx_core::Solver<'_>, board: &mut Board) {
    let cells = board.cells_mut();
    cells.copy_from_slice(grid);
    for o in s.solution() {
        let (cell, value) = options[o.index()];
        cells[usize::from(cell)] = value;
    }
}

/// Forces every clue option; a conflict means clashing clues.
fn force_all(s: &mut dlx_core::Solver<'_>, clues: &[OptionId]) -> Result<(), ForceError> {
    clues.iter().try_for_each(|&o| s.force(o))
}

mod geometry;
mod singles;
#[cfg(test)]
mod tests;

use geometry::{Geometry, Units};
use singles::singles;

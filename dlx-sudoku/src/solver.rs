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
//! The [`Solver`] keeps its problem and buffers between puzzles, so after
//! the first puzzle of a size it allocates nothing.

use std::fmt;

use dlx_core::{Branching, Count, ForceError, Item, OptionId, Problem, Stats, Step};

use crate::board::Board;

/// Options of the Sudoku solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Build only the options the clues allow (the default). `false` builds
    /// all side³ options and lets forcing the clues hide the rest: a
    /// baseline that shows what pruning is worth.
    pub prune_clues: bool,
    /// How the engine picks the item to branch on.
    pub branching: Branching,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            prune_clues: true,
            branching: Branching::MinLengthUpToOne,
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
    /// The node limit stopped the search first.
    NodeLimit,
}

/// A house of the board: a row, a column or a box (all 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Column(usize),
    /// Box `b`, counted row by row.
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// Two clues with the same value in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// Where the clash is.
    pub unit: Unit,
    /// The repeated value.
    pub value: u8,
    /// The two cells, as 0-based (row, column), in reading order.
    pub cells: [(usize, usize); 2],
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [(r1, c1), (r2, c2)] = self.cells;
        write!(
            f,
            "{} has value {} twice (r{}c{} and r{}c{})",
            self.unit,
            self.value,
            r1 + 1,
            c1 + 1,
            r2 + 1,
            c2 + 1
        )
    }
}

/// The first pair of clues that share a value in a row, column or box, if
/// any (rows first, then columns, then boxes).
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
    let side = board.side();
    let n = board.order();
    // The k-th cell of house u of each kind, as (row, column).
    let cell = |unit: Unit, k: usize| match unit {
        Unit::Row(u) => (u, k),
        Unit::Column(u) => (k, u),
        Unit::Box(u) => ((u / n) * n + k / n, (u % n) * n + k % n),
    };
    let kinds: [fn(usize) -> Unit; 3] = [Unit::Row, Unit::Column, Unit::Box];
    for unit in kinds.iter().flat_map(|kind| (0..side).map(kind)) {
        let mut seen = [None; 26];
        for k in 0..side {
            let (r, c) = cell(unit, k);
            let v = board.get(r, c);
            if v == 0 {
                continue;
            }
            if let Some(first) = seen[usize::from(v)] {
                return Some(Conflict {
                    unit,
                    value: v,
                    cells: [first, (r, c)],
                });
            }
            seen[usize::from(v)] = Some((r, c));
        }
    }
    None
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
    problem: Problem,
    /// Options of the clues, to force.
    clues: Vec<OptionId>,
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
            problem: Problem::new(0, 0),
            clues: Vec::new(),
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

    /// Statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Solves `puzzle`, writing the first solution found into `solution`
    /// (which takes the puzzle's size). On any other outcome `solution`
    /// holds the puzzle.
    pub fn solve(&mut self, puzzle: &Board, solution: &mut Board) -> Outcome {
        solution.clone_from(puzzle);
        self.stats = Stats::default();
        if let Encoded::Clash = self.encode(puzzle) {
            return Outcome::NoSolution;
        }
        let mut s = self.problem.solver();
        s.set_branching(self.config.branching);
        s.set_node_limit(self.node_limit);
        if force_all(&mut s, &self.clues).is_err() {
            self.stats = s.stats();
            return Outcome::NoSolution;
        }
        let step = s.next_solution();
        if step == Step::Found {
            fill(&s, solution);
        }
        self.stats = s.stats();
        match step {
            Step::Found => Outcome::Solved,
            Step::Exhausted => Outcome::NoSolution,
            Step::NodeLimit => Outcome::NodeLimit,
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
        if let Encoded::Clash = self.encode(puzzle) {
            return none;
        }
        let mut s = self.problem.solver();
        s.set_branching(self.config.branching);
        s.set_node_limit(self.node_limit);
        if force_all(&mut s, &self.clues).is_err() {
            return none;
        }
        let count = s.count(limit);
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
        if let Encoded::Clash = self.encode(puzzle) {
            return count;
        }
        let mut s = self.problem.solver();
        s.set_branching(self.config.branching);
        s.set_node_limit(self.node_limit);
        if force_all(&mut s, &self.clues).is_err() {
            return count;
        }
        let mut board = puzzle.clone();
        loop {
            match s.next_solution() {
                Step::Found => {
                    count.solutions += 1;
                    board.clone_from(puzzle);
                    fill(&s, &mut board);
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
            }
        }
        self.stats = s.stats();
        count
    }

    /// Builds the exact-cover problem of `puzzle` into `self.problem`.
    fn encode(&mut self, puzzle: &Board) -> Encoded {
        let side = puzzle.side();
        let n = puzzle.order();
        let area = side * side;
        self.problem.reset(4 * area, 0);
        self.clues.clear();
        let full: u32 = (1u32 << side) - 1;
        // Values used in each row, column and box, as bit masks (bit v-1).
        let mut rows = [0u32; 25];
        let mut cols = [0u32; 25];
        let mut boxes = [0u32; 25];
        if self.config.prune_clues {
            for (cell, &v) in puzzle.cells().iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let (r, c) = (cell / side, cell % side);
                let b = (r / n) * n + c / n;
                let bit = 1u32 << (v - 1);
                if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                    return Encoded::Clash;
                }
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        for (cell, &clue) in puzzle.cells().iter().enumerate() {
            let (r, c) = (cell / side, cell % side);
            let b = (r / n) * n + c / n;
            let mut values = if !self.config.prune_clues {
                full
            } else if clue != 0 {
                1 << (clue - 1)
            } else {
                full & !(rows[r] | cols[c] | boxes[b])
            };
            while values != 0 {
                let v = values.trailing_zeros() as usize;
                values &= values - 1;
                let items = [
                    cell,
                    area + r * side + v,
                    2 * area + c * side + v,
                    3 * area + b * side + v,
                ]
                .map(|i| Item::from(i as u32));
                let id = self
                    .problem
                    .add_option(items)
                    .expect("Sudoku options are well formed");
                if usize::from(clue) == v + 1 {
                    self.clues.push(id);
                }
            }
        }
        Encoded::Ready
    }
}

/// Writes the solution the solver just found into `board`. An option's
/// first item is its cell and its second `r(row, value)`, which gives the
/// value.
fn fill(s: &dlx_core::Solver<'_>, board: &mut Board) {
    let side = board.side();
    let area = board.cell_count();
    let p = s.problem();
    let cells = board.cells_mut();
    for o in s.solution() {
        let mut items = p.option_items(o);
        if let (Some(cell), Some(row_value)) = (items.next(), items.next()) {
            let value = (row_value.index() - area) % side + 1;
            cells[cell.index()] = value as u8;
        }
    }
}

/// Forces every clue option; a conflict means clashing clues.
fn force_all(s: &mut dlx_core::Solver<'_>, clues: &[OptionId]) -> Result<(), ForceError> {
    clues.iter().try_for_each(|&o| s.force(o))
}

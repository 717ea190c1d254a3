//! Solving as players do: one logical step at a time, each named and
//! explained, for `dlx-sudoku explain` and `hint`.
//!
//! [`Logic`] keeps the pencil marks of a puzzle (the values each open cell
//! can still take, given the values placed in its houses) and finds the
//! simplest step that places a value or removes pencil marks, trying the
//! techniques in this order:
//!
//! | technique | what it sees | what it does |
//! |---|---|---|
//! | naked single | a cell with one candidate | places it |
//! | hidden single | a value with one cell left in a house | places it |
//! | pointing | a box's cells for a value lie in one row or column | removes the value from the rest of that line |
//! | claiming | a row's or column's cells for a value lie in one box | removes the value from the rest of the box |
//! | naked pair (triple) | two (three) cells of a house with only two (three) values between them | removes those values from the house's other cells |
//! | hidden pair (triple) | two (three) values of a house with only two (three) cells between them | removes the other values from those cells |
//! | X-wing | a value's cells in two rows lie in the same two columns (or the other way round) | removes the value from the rest of those columns (rows) |
//!
//! Every step holds in every solution of the puzzle (the tests check each
//! placement and each removal against the unique solution, and each step's
//! reason against the pencil marks). Houses are those of the
//! [`Variant`]: jigsaw regions play the boxes' part, and the diagonals of an
//! X-Sudoku are houses for singles, subsets and locked candidates
//! ("locked candidates" when a diagonal is involved).
//!
//! ```
//! use dlx_sudoku::logic::{Logic, Technique};
//! use dlx_sudoku::variant::Variant;
//! use dlx_sudoku::Board;
//!
//! let line = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
//! let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let puzzle = Board::from_cells(3, cells)?;
//! let mut logic = Logic::new(&puzzle, &Variant::classic());
//! let first = logic.step().expect("a step");
//! assert_eq!(first.technique, Technique::NakedSingle);
//! assert_eq!(first.to_string(), "r1c6 = 9: naked single");
//! while logic.step().is_some() {}
//! assert!(logic.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::board::Board;
use crate::solver::Unit;
use crate::variant::Variant;

/// A solving technique; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate.
    NakedSingle,
    /// A value with one cell left in a house.
    HiddenSingle,
    /// A box's (region's) cells for a value lie in one row or column.
    Pointing,
    /// A row's or column's cells for a value lie in one box (region).
    Claiming,
    /// A house's cells for a value all lie in another house, where a
    /// diagonal is one of the two.
    LockedCandidates,
    /// Two cells of a house whose candidates are the same two values.
    NakedPair,
    /// Two values of a house that fit in the same two cells only.
    HiddenPair,
    /// Three cells of a house with three values between them.
    NakedTriple,
    /// Three values of a house that fit in the same three cells only.
    HiddenTriple,
    /// A value's cells in two rows (columns) lie in the same two columns
    /// (rows).
    XWing,
}

impl Technique {
    /// The technique's name, as players say it (`naked single`, `X-wing`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One logical step: a value placed, or candidates removed, and why.
///
/// Its [`Display`](fmt::Display) is one line in players' words:
/// `r3c5 = 7: naked single`, `7 in box 2 only in row 1: pointing, removes
/// 7 from r1c7 r1c8`. Cells are named `rRcC` (1-based row and column);
/// values above 9 are written `A` = 10 … `P` = 25, as in the line format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How the step was found.
    pub technique: Technique,
    /// The cell (row-major index) and the value placed, for singles.
    pub placement: Option<(usize, u8)>,
    /// The candidates removed, as (cell, value), sorted by value then cell.
    pub eliminations: Vec<(usize, u8)>,
    /// The houses the reason names: the house of a hidden single or of a
    /// subset; the house whose cells for the value are locked, then the
    /// house that loses it; for an X-wing the two rows (columns) that hold
    /// the pattern, then the two columns (rows) that lose the value.
    pub houses: Vec<Unit>,
    /// The values of the pattern (one for singles, locked candidates and
    /// X-wings, two or three for subsets), ascending.
    pub values: Vec<u8>,
    /// The cells of a naked or hidden subset, in reading order (empty for
    /// the other techniques).
    pub cells: Vec<usize>,
    /// The board side, to name cells.
    side: usize,
}

/// The character of a value: `1`-`9`, then `A` = 10 … `P` = 25.
fn value_char(v: u8) -> char {
    char::from(b"0123456789ABCDEFGHIJKLMNOP"[usize::from(v).min(25)])
}

/// Writes `rRcC` names of cells, separated by spaces.
struct Cells<'a>(&'a [usize], usize);

impl fmt::Display for Cells<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, &cell) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "r{}c{}", cell / self.1 + 1, cell % self.1 + 1)?;
        }
        Ok(())
    }
}

/// Writes values joined by `sep` before the last one (`3 and 8`, `1, 3 or 8`).
struct Values<'a>(&'a [u8], &'static str);

impl fmt::Display for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (k, &v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(if k + 1 == n { self.1 } else { ", " })?;
            }
            write!(f, "{}", value_char(v))?;
        }
        Ok(())
    }
}

/// Writes two houses of one kind together: `rows 2 and 8`.
struct Pair(Unit, Unit);

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (Unit::Row(a), Unit::Row(b)) => write!(f, "rows {} and {}", a + 1, b + 1),
            (Unit::Column(a), Unit::Column(b)) => write!(f, "columns {} and {}", a + 1, b + 1),
            (a, b) => write!(f, "{a} and {b}"),
        }
    }
}

impl Step {
    /// Writes `removes 3 from r1c7, 8 from r1c7 r1c9`.
    fn write_removals(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("removes ")?;
        let mut rest = &self.eliminations[..];
        let mut first = true;
        while let Some(&(_, v)) = rest.first() {
            let n = rest.iter().take_while(|e| e.1 == v).count();
            let cells: Vec<usize> = rest[..n].iter().map(|e| e.0).collect();
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{} from {}", value_char(v), Cells(&cells, self.side))?;
            rest = &rest[n..];
        }
        Ok(())
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side;
        if let Some((cell, v)) = self.placement {
            write!(
                f,
                "r{}c{} = {}: {}",
                cell / side + 1,
                cell % side + 1,
                value_char(v),
                self.technique
            )?;
            if let (Technique::HiddenSingle, Some(house)) = (self.technique, self.houses.first()) {
                write!(f, " in {house}")?;
            }
            return Ok(());
        }
        match self.technique {
            Technique::Pointing | Technique::Claiming | Technique::LockedCandidates => {
                write!(
                    f,
                    "{} in {} only in {}: {}, ",
                    Values(&self.values, " and "),
                    self.houses[0],
                    self.houses[1],
                    self.technique
                )?;
            }
            Technique::NakedPair | Technique::NakedTriple => {
                write!(
                    f,
                    "{} can only be {}: {} in {}, ",
                    Cells(&self.cells, side),
                    Values(&self.values, " or "),
                    self.technique,
                    self.houses[0]
                )?;
            }
            Technique::HiddenPair | Technique::HiddenTriple => {
                write!(
                    f,
                    "{} in {} only in {}: {}, ",
                    Values(&self.values, " and "),
                    self.houses[0],
                    Cells(&self.cells, side),
                    self.technique
                )?;
            }
            Technique::XWing => {
                write!(
                    f,
                    "{} in {} only in {}: {}, ",
                    Values(&self.values, " and "),
                    Pair(self.houses[0], self.houses[1]),
                    Pair(self.houses[2], self.houses[3]),
                    self.technique
                )?;
            }
            Technique::NakedSingle | Technique::HiddenSingle => {}
        }
        self.write_removals(f)
    }
}

/// The pencil marks of a puzzle, and the steps that solve it.
///
/// The steps are deductions: each holds in every solution of the puzzle.
/// On a puzzle with no solution they may lead to a cell without
/// candidates; [`Logic::step`] then finds no more steps (it never panics).
#[derive(Clone, Debug)]
pub struct Logic {
    side: usize,
    order: usize,
    /// The values placed (0: open).
    grid: Vec<u8>,
    /// The candidates of each open cell (bit `v - 1` for value `v`; 0 for
    /// a filled cell).
    cand: Vec<u32>,
    /// Every house and its cells.
    houses: Vec<(Unit, Vec<usize>)>,
    /// The houses of each cell.
    of_cell: Vec<Vec<usize>>,
    /// The houses in the order players scan them: boxes (regions), rows,
    /// columns, diagonals.
    scan: Vec<usize>,
}

/// The rank of a house kind in the scan order.
fn scan_rank(unit: Unit) -> u8 {
    match unit {
        Unit::Box(_) | Unit::Region { .. } => 0,
        Unit::Row(_) => 1,
        Unit::Column(_) => 2,
        Unit::Diagonal(_) => 3,
    }
}

/// Is the house a box or a jigsaw region?
fn is_box(unit: Unit) -> bool {
    matches!(unit, Unit::Box(_) | Unit::Region { .. })
}

/// Is the house a row or a column?
fn is_line(unit: Unit) -> bool {
    matches!(unit, Unit::Row(_) | Unit::Column(_))
}

/// The set bits of `m`, lowest first, as values (`bit + 1`).
fn values_of(m: u32) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |b| m & (1 << b) != 0).map(|b| b + 1)
}

/// Every `k`-element subset of `0..n`, in lexicographic order, passed to
/// `visit` until it returns `true` (found).
fn subsets(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    if k == 0 || k > n {
        return false;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        if visit(&idx) {
            return true;
        }
        // The rightmost index that can still move.
        let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else {
            return false;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

impl Logic {
    /// The pencil marks of `puzzle` under the houses of `variant`: every
    /// open cell may take each value that no clue in its houses holds.
    ///
    /// # Panics
    /// If the variant's regions are of another size than the puzzle (see
    /// [`Variant::fits`]).
    pub fn new(puzzle: &Board, variant: &Variant) -> Logic {
        let order = puzzle.order();
        assert!(
            variant.fits(order),
            "the regions do not fit a board of this size"
        );
        let side = puzzle.side();
        let area = side * side;
        let houses = variant.houses(order);
        let mut of_cell = vec![Vec::new(); area];
        for (h, (_, cells)) in houses.iter().enumerate() {
            for &c in cells {
                of_cell[c].push(h);
            }
        }
        let mut scan: Vec<usize> = (0..houses.len()).collect();
        scan.sort_by_key(|&h| (scan_rank(houses[h].0), h));
        let full = if side == 32 {
            u32::MAX
        } else {
            (1u32 << side) - 1
        };
        let grid = puzzle.cells().to_vec();
        let cand = (0..area)
            .map(|cell| {
                if grid[cell] != 0 {
                    return 0;
                }
                let used =
                    of_cell[cell]
                        .iter()
                        .flat_map(|&h| houses[h].1.iter())
                        .fold(0u32, |m, &p| match grid[p] {
                            0 => m,
                            v => m | 1 << (v - 1),
                        });
                full & !used
            })
            .collect();
        Logic {
            side,
            order,
            grid,
            cand,
            houses,
            of_cell,
            scan,
        }
    }

    /// The board as far as the steps so far have filled it.
    pub fn board(&self) -> Board {
        Board::from_cells(self.order, self.grid.clone()).expect("values stay within the side")
    }

    /// The candidates of `cell` (row-major index): bit `v - 1` for value
    /// `v`; 0 for a filled cell.
    ///
    /// # Panics
    /// If the cell is off the board.
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// Is every cell filled?
    pub fn is_solved(&self) -> bool {
        !self.grid.contains(&0)
    }

    /// Cells still open.
    pub fn open_cells(&self) -> usize {
        self.grid.iter().filter(|&&v| v == 0).count()
    }

    /// Finds the simplest next step and makes it; `None` when the puzzle
    /// is solved or no technique applies.
    pub fn step(&mut self) -> Option<Step> {
        let step = self.find()?;
        self.apply(&step);
        Some(step)
    }

    /// Finds the simplest next step without making it.
    pub fn find(&self) -> Option<Step> {
        if self
            .grid
            .iter()
            .zip(&self.cand)
            .any(|(&v, &c)| v == 0 && c == 0)
        {
            // A cell without candidates: the puzzle has no solution.
            return None;
        }
        self.naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.locked())
            .or_else(|| self.naked_subset(2))
            .or_else(|| self.hidden_subset(2))
            .or_else(|| self.naked_subset(3))
            .or_else(|| self.hidden_subset(3))
            .or_else(|| self.x_wing())
    }

    /// Makes `step`: places its value (removing it from the cell's peers)
    /// and removes its eliminations.
    pub fn apply(&mut self, step: &Step) {
        if let Some((cell, v)) = step.placement {
            self.place(cell, v);
        }
        for &(cell, v) in &step.eliminations {
            self.cand[cell] &= !(1 << (v - 1));
        }
    }

    fn place(&mut self, cell: usize, v: u8) {
        let bit = 1u32 << (v - 1);
        self.grid[cell] = v;
        self.cand[cell] = 0;
        for &h in &self.of_cell[cell] {
            for &p in &self.houses[h].1 {
                self.cand[p] &= !bit;
            }
        }
    }

    fn new_step(&self, technique: Technique) -> Step {
        Step {
            technique,
            placement: None,
            eliminations: Vec::new(),
            houses: Vec::new(),
            values: Vec::new(),
            cells: Vec::new(),
            side: self.side,
        }
    }

    /// The open cells of house `h` where value bit `bit` can go.
    fn cells_with(&self, h: usize, bit: u32) -> impl Iterator<Item = usize> + '_ {
        self.houses[h]
            .1
            .iter()
            .copied()
            .filter(move |&c| self.cand[c] & bit != 0)
    }

    fn naked_single(&self) -> Option<Step> {
        let cell =
            (0..self.cand.len()).find(|&c| self.grid[c] == 0 && self.cand[c].count_ones() == 1)?;
        let mut step = self.new_step(Technique::NakedSingle);
        let v = self.cand[cell].trailing_zeros() as u8 + 1;
        step.placement = Some((cell, v));
        step.values = vec![v];
        Some(step)
    }

    fn hidden_single(&self) -> Option<Step> {
        for &h in &self.scan {
            for v in 1..=self.side as u8 {
                let bit = 1u32 << (v - 1);
                let mut cells = self.cells_with(h, bit);
                if let (Some(cell), None) = (cells.next(), cells.next()) {
                    let mut step = self.new_step(Technique::HiddenSingle);
                    step.placement = Some((cell, v));
                    step.values = vec![v];
                    step.houses = vec![self.houses[h].0];
                    return Some(step);
                }
            }
        }
        None
    }

    fn locked(&self) -> Option<Step> {
        for &a in &self.scan {
            for v in 1..=self.side as u8 {
                let bit = 1u32 << (v - 1);
                let cells: Vec<usize> = self.cells_with(a, bit).collect();
                if cells.len() < 2 {
                    continue;
                }
                // The other houses holding all of them.
                for &b in &self.of_cell[cells[0]] {
                    if b == a || !cells.iter().all(|c| self.of_cell[*c].contains(&b)) {
                        continue;
                    }
                    let gone: Vec<(usize, u8)> = self
                        .cells_with(b, bit)
                        .filter(|c| !self.of_cell[*c].contains(&a))
                        .map(|c| (c, v))
                        .collect();
                    if gone.is_empty() {
                        continue;
                    }
                    let (ua, ub) = (self.houses[a].0, self.houses[b].0);
                    let technique = if is_box(ua) && is_line(ub) {
                        Technique::Pointing
                    } else if is_line(ua) && is_box(ub) {
                        Technique::Claiming
                    } else {
                        Technique::LockedCandidates
                    };
                    let mut step = self.new_step(technique);
                    step.eliminations = gone;
                    step.houses = vec![ua, ub];
                    step.values = vec![v];
                    return Some(step);
                }
            }
        }
        None
    }

    fn naked_subset(&self, k: usize) -> Option<Step> {
        for &h in &self.scan {
            let open: Vec<usize> = self.houses[h]
                .1
                .iter()
                .copied()
                .filter(|&c| self.grid[c] == 0)
                .collect();
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (2..=k as u32).contains(&self.cand[c].count_ones()))
                .collect();
            let mut found = None;
            subsets(small.len(), k, &mut |idx| {
                let union = idx.iter().fold(0, |m, &i| m | self.cand[small[i]]);
                if union.count_ones() as usize != k {
                    return false;
                }
                let chosen: Vec<usize> = idx.iter().map(|&i| small[i]).collect();
                let mut gone: Vec<(usize, u8)> = open
                    .iter()
                    .filter(|c| !chosen.contains(c))
                    .flat_map(|&c| values_of(self.cand[c] & union).map(move |v| (c, v)))
                    .collect();
                if gone.is_empty() {
                    return false;
                }
                gone.sort_by_key(|&(c, v)| (v, c));
                let technique = if k == 2 {
                    Technique::NakedPair
                } else {
                    Technique::NakedTriple
                };
                let mut step = self.new_step(technique);
                step.eliminations = gone;
                step.houses = vec![self.houses[h].0];
                step.values = values_of(union).collect();
                step.cells = chosen;
                found = Some(step);
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn hidden_subset(&self, k: usize) -> Option<Step> {
        for &h in &self.scan {
            let cells = &self.houses[h].1;
            // For each value, the positions in the house where it can go
            // (values placed in the house have none and are left out).
            let mut values = Vec::new();
            let mut where_ = Vec::new();
            for v in 1..=self.side as u8 {
                let bit = 1u32 << (v - 1);
                let at = cells
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| self.cand[c] & bit != 0)
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                if (2..=k as u32).contains(&at.count_ones()) {
                    values.push(v);
                    where_.push(at);
                }
            }
            let mut found = None;
            subsets(values.len(), k, &mut |idx| {
                let union = idx.iter().fold(0, |m, &i| m | where_[i]);
                if union.count_ones() as usize != k {
                    return false;
                }
                let keep = idx.iter().fold(0u32, |m, &i| m | 1 << (values[i] - 1));
                let chosen: Vec<usize> = (0..cells.len())
                    .filter(|i| union & (1 << i) != 0)
                    .map(|i| cells[i])
                    .collect();
                let mut gone: Vec<(usize, u8)> = chosen
                    .iter()
                    .flat_map(|&c| values_of(self.cand[c] & !keep).map(move |v| (c, v)))
                    .collect();
                if gone.is_empty() {
                    return false;
                }
                gone.sort_by_key(|&(c, v)| (v, c));
                let technique = if k == 2 {
                    Technique::HiddenPair
                } else {
                    Technique::HiddenTriple
                };
                let mut step = self.new_step(technique);
                step.eliminations = gone;
                step.houses = vec![self.houses[h].0];
                step.values = idx.iter().map(|&i| values[i]).collect();
                let mut sorted = chosen;
                sorted.sort_unstable();
                step.cells = sorted;
                found = Some(step);
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn x_wing(&self) -> Option<Step> {
        let side = self.side;
        let at = |row: bool, line: usize, cross: usize| {
            if row {
                line * side + cross
            } else {
                cross * side + line
            }
        };
        for v in 1..=side as u8 {
            let bit = 1u32 << (v - 1);
            for rows in [true, false] {
                // For each line, the crossing lines where the value can go.
                let masks: Vec<u32> = (0..side)
                    .map(|l| {
                        (0..side)
                            .filter(|&x| self.cand[at(rows, l, x)] & bit != 0)
                            .fold(0u32, |m, x| m | 1 << x)
                    })
                    .collect();
                for l1 in 0..side {
                    if masks[l1].count_ones() != 2 {
                        continue;
                    }
                    for l2 in l1 + 1..side {
                        if masks[l2] != masks[l1] {
                            continue;
                        }
                        let x1 = masks[l1].trailing_zeros() as usize;
                        let x2 = 31 - masks[l1].leading_zeros() as usize;
                        let mut gone: Vec<(usize, u8)> = (0..side)
                            .filter(|&l| l != l1 && l != l2)
                            .flat_map(|l| [at(rows, l, x1), at(rows, l, x2)])
                            .filter(|&c| self.cand[c] & bit != 0)
                            .map(|c| (c, v))
                            .collect();
                        if gone.is_empty() {
                            continue;
                        }
                        gone.sort_unstable();
                        let mut step = self.new_step(Technique::XWing);
                        step.eliminations = gone;
                        step.values = vec![v];
                        step.houses = if rows {
                            vec![
                                Unit::Row(l1),
                                Unit::Row(l2),
                                Unit::Column(x1),
                                Unit::Column(x2),
                            ]
                        } else {
                            vec![
                                Unit::Column(l1),
                                Unit::Column(l2),
                                Unit::Row(x1),
                                Unit::Row(x2),
                            ]
                        };
                        return Some(step);
                    }
                }
            }
        }
        None
    }
}

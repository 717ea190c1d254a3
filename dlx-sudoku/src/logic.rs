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
//! | swordfish | a value's cells in three rows lie in three columns between them | removes the value from the rest of those columns (rows) |
//! | XY-wing | a cell {x, y} sees cells {x, z} and {y, z} | removes z from every cell that sees both of those |
//! | XYZ-wing | a cell {x, y, z} sees cells {x, z} and {y, z} | removes z from every cell that sees all three |
//! | unique rectangle (type 1) | four cells in two rows, two columns and two boxes, three of them with only {a, b} | removes a and b from the fourth (else the puzzle would have two solutions) |
//! | unique rectangle type 2 | the same, two (the floor, in a line) with only {a, b}, the other two (the roof) both {a, b, z} | removes z from every cell that sees both roof cells |
//! | unique rectangle type 4 | the same, the roof cells the only places of a in one of their houses | removes b from the roof cells |
//! | simple colouring | a value's conjugate pairs (its only two cells in a house) chained and coloured in turn | two cells of one colour see each other: removes the value from that colour; else from cells that see both colours |
//! | unique rectangle type 3 | the same, the roof cells' other candidates forming a naked subset with other cells of a house of the roof | removes the subset's values from the rest of that house |
//! | naked quad, jellyfish, hidden quad | a naked or hidden subset of four, a fish of four lines | as for pairs and triples, X-wings and swordfish |
//! | BUG+1 | every open cell has two candidates but one, with three; in each house every value has two places, but one value of that cell three | places that value (else the puzzle would have no solution or several) |
//! | skyscraper, 2-string kite, turbot fish, X-chain | an alternating chain on one value: strong links (the value's only two cells in a house) and weak links (two cells that see each other) in turn, from a candidate assumed false to one then true | removes the value from the cells that see both ends |
//! | empty rectangle | a box's cells for a value in one row and one column, and a strong link on the value in a line crossing one of them | removes the value where the line of the link's other end meets the box's other line |
//! | finned (sashimi) X-wing | an X-wing but for some cells (the fins) in one box (sashimi: without the fins a line would have one cell only) | removes the value from the cells of the fish's columns (rows) that also see every fin |
//! | XY-chain | an alternating chain through bivalue cells | removes what is weakly linked to both ends |
//! | finned (sashimi) swordfish, jellyfish | the same, of three and four lines | the same |
//! | W-wing | two cells {x, y} that do not see each other, and a value's only two places in a house (a strong link on x), one seeing each cell | removes y from every cell that sees both cells |
//! | AIC | an alternating chain of any strong links (a cell's only two values, a value's only two cells) and weak links | removes every candidate weakly linked to both ends (places the first if the chain comes back to it) |
//! | continuous nice loop | an AIC as short as the shortest one, whose last candidate is weakly linked to its first: one end of every link is true | removes every candidate weakly linked to both ends of any link of the loop |
//! | grouped AIC | an AIC (or a continuous nice loop) whose nodes may be groups: a value's two or three cells in one box and one line (`r1c23=5`), strongly linked to a node that is with it the only places of the value in a house, weakly to one whose cells all see the group's | as for AICs and loops |
//! | ALS-XZ | two almost locked sets (N cells of a house with N + 1 candidates) whose cells for a value x all see each other (x, the restricted common, is in one set at most), and which share another value z | removes z from every cell that sees all the z's of both sets |
//! | ALS-XY-wing | two almost locked sets sharing z, joined to a third by restricted commons x and y | removes z from every cell that sees all the z's of the two sets |
//! | forcing chain; cell and unit forcing chains | a candidate assumed true, its consequences followed by the links of the pencil marks | a contradiction: removes the candidate; every candidate of a cell, or every place of a value in a house, leading to one conclusion: makes it |
//! | dynamic forcing chains | the same, each branch working on the pencil marks as its assumption changes them (any single counts) | the same |
//! | dynamic forcing chains (+) | the same, each branch also using the techniques up to wings | the same |
//! | nested forcing chains | the same, each branch also dropping candidates whose own dynamic branch contradicts itself | a contradiction: removes the candidate |
//!
//! The unique rectangles, the empty rectangle, the finned fish and the
//! W-wing are each found by a search of their own pattern, not by a chain
//! search; they weigh what Sudoku Explainer gives the chains that would
//! find them (see [`Technique::weight`]), and are tried among the chains
//! by that weight, so a skyscraper (a sashimi X-wing too) keeps its name.
//! They work on every board and variant (no unique rectangles with
//! diagonals, see [`Logic::find`]).
//!
//! The chains are shortest first (forcing chains: the fewest implications
//! in all); they are tried on boards of side 9 or less only. A chain
//! step's [`Step::chains`] hold its chains, written in HoDoKu's notation
//! (see [`Step`]).
//!
//! The techniques are tried in the order of their [weight](Technique::weight)
//! (singles first), so the hardest technique a solution uses is as easy as
//! it can be; the rating of [`crate::rate`] is that technique's weight.
//!
//! Every step holds in every solution of the puzzle (the tests check each
//! placement and each removal against the unique solution, and each step's
//! reason against the pencil marks), except a unique rectangle's and a
//! BUG+1's, which hold in puzzles with one solution (the ones `explain` takes; a
//! [`Logic`] made with [`Logic::without_uniqueness`] does without it; the
//! same for the unique rectangles of types 2 to 4). Houses are those of the
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

use crate::board::Board;
use crate::solver::Unit;
use crate::variant::Variant;

mod advanced;
mod als;
mod basic;
mod chains;
mod forcing;
mod grouped;
mod patterns;
mod technique;
mod text;
mod uniqueness;

pub use technique::Technique;

use text::value_char;

/// One logical step: a value placed, or candidates removed, and why.
///
/// Its [`Display`](std::fmt::Display) is one line in players' words:
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
    /// house that loses it; for a fish (X-wing, swordfish) the rows
    /// (columns) that hold the pattern, then as many columns (rows) that
    /// lose the value, and for a finned fish then the fins' box; for a
    /// W-wing the house of the strong link; for an empty rectangle the
    /// box, its row and its column, then the line of the strong link; for
    /// a unique rectangle of type 3 or 4 the house of the roof that holds
    /// the subset or the strong link; for ALS steps,
    /// the house of each of [`Step::sets`].
    pub houses: Vec<Unit>,
    /// The values of the pattern: one for singles, locked candidates, fish,
    /// colouring and BUG+1; two to four for subsets and the two of a unique
    /// rectangle, ascending; for a wing x, y and z: the pivot's {x, y}
    /// (XYZ-wing: {x, y, z}), the pincers' {x, z} and {y, z}; z is removed;
    /// for a chain, the values of its candidates, and for forcing chains
    /// those of the assumptions, ascending. For a W-wing x (the strong
    /// link's) then y (removed); for an empty rectangle its value; for a
    /// unique rectangle of types 2 to 4 {a, b} ascending, then type 2's z,
    /// or type 3's subset's values, ascending (type 4 removes one of a
    /// and b, and the other is the strong link's).
    /// For ALS-XZ the restricted common x then the value removed, z;
    /// for an ALS-XY-wing x (between the first wing and the pivot), y
    /// (the second wing and the pivot) and z.
    pub values: Vec<u8>,
    /// The cells of a naked or hidden subset or of a unique rectangle, in
    /// reading order; of a wing, the pivot then the two pincers; of a
    /// colouring chain, the cells of the first colour then those of the
    /// second, each in reading order; of a BUG+1, the cell with three
    /// candidates; of a finned fish, its fins, in reading order; of a
    /// W-wing, its two bivalue cells, then the ends of the strong link,
    /// the one that sees the first cell first; of an empty rectangle, the
    /// ends of its strong link, the one in the box's row (column) first;
    /// of a unique rectangle of types 2 to 4 the floor's two cells (only
    /// {a, b}), then the roof's two, each pair in reading order, and for
    /// type 3 then the other cells of its subset (empty for the other
    /// techniques; a chain's cells are in [`Step::chains`]).
    pub cells: Vec<usize>,
    /// For simple colouring, the colour of each of [`Step::cells`] (empty
    /// for the other techniques).
    pub colours: Vec<bool>,
    /// The chains of a chain technique (empty for the others). An X-chain,
    /// XY-chain or AIC (grouped or not) is one chain of candidates, the
    /// first off, then alternately on and off, the last on: its links are
    /// alternately strong (the first candidate false makes the second
    /// true) and weak (the second true makes the third false). A
    /// continuous nice loop is such a chain whose last candidate is also
    /// weakly linked to its first, closing the loop (the first is not
    /// repeated). A forcing chain step has
    /// one chain per assumption: the assumption, then what follows from
    /// it, each node from the one before, up to the conclusion (the last
    /// node) or, for a contradiction, two chains from the same assumption
    /// to a candidate both on and off, or to a cell or house left without
    /// a place.
    pub chains: Vec<Vec<ChainNode>>,
    /// For a chain through groups (grouped AIC, or a continuous nice loop
    /// through groups), the cells of each node of [`Step::chains`], in the
    /// same shape: one cell for a candidate, two or three for a group of
    /// one value in one box and one line, whose [`ChainNode::cell`] is the
    /// first of them (empty for the other steps).
    pub groups: Vec<Vec<Vec<usize>>>,
    /// For ALS-XZ, the two almost locked sets (N cells of one house with
    /// N + 1 candidates between them), each in reading order; for an
    /// ALS-XY-wing the two wings, then the pivot set (empty for the other
    /// techniques).
    pub sets: Vec<Vec<usize>>,
    /// The size of a chain step: the candidates of its chains (a group
    /// counts its cells), or for a forcing chain step the implications it
    /// rests on (the chains shown are one path through them), counted as
    /// Sudoku Explainer counts its chains' complexity: each branch of a
    /// cell or house whole, both chains of a dynamic contradiction whole
    /// (the implications they share once each), and, in a nested forcing
    /// chain, the length of every forcing chain nested in it; for ALS
    /// steps the cells of the sets; 0 for the other techniques.
    pub length: usize,
    /// The board side, to name cells.
    side: usize,
}

/// A candidate in a chain: `value` in `cell` (row-major index), true
/// (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The cell, as a row-major index.
    pub cell: usize,
    /// The value.
    pub value: u8,
    /// Is the candidate true at this point of the chain?
    pub on: bool,
}

/// Sudoku Explainer's addition for a chain's length: 0.1 for each of the
/// bounds 4, 6, 8, 12, 16, 24, 32, 48, … (each alternately 3/2 and 4/3 of
/// the last) that `length - 2` exceeds.
pub fn length_bonus(length: usize) -> f64 {
    // In 128 bits the bound passes any `usize` before it can overflow.
    let n = length.saturating_sub(2) as u128;
    let (mut bound, mut steps, mut odd) = (4u128, 0u32, false);
    while n > bound {
        steps += 1;
        bound = if odd { bound * 4 / 3 } else { bound * 3 / 2 };
        odd = !odd;
    }
    f64::from(steps) / 10.0
}

impl Step {
    /// The step's difficulty on Sudoku Explainer's scale: its technique's
    /// [weight](Technique::weight), plus for a chain technique the
    /// [length bonus](length_bonus) of its [length](Step::length), rounded
    /// to a tenth. A hidden single in a row, column or diagonal is 1.5 (in
    /// a box or region, the weight: 1.2). A unique rectangle of type 3
    /// adds 0.1 for each value of its subset past two, as Sudoku
    /// Explainer does. No step rates above [`MAX_RATING`] (11.9).
    pub fn rating(&self) -> f64 {
        if self.technique == Technique::HiddenSingle
            && self.houses.first().is_some_and(|&u| !is_box(u))
        {
            return 1.5;
        }
        let bonus = if self.length > 0 {
            length_bonus(self.length)
        } else if self.technique == Technique::UniqueRectangle3 {
            self.values.len().saturating_sub(4) as f64 / 10.0
        } else {
            0.0
        };
        let rating = ((self.technique.weight() + bonus) * 10.0).round() / 10.0;
        rating.min(MAX_RATING)
    }
}

/// The highest rating of a step: Sudoku Explainer's scale ends at 11.9
/// (its hardest puzzles rate 11.9), and a puzzle that needs search rates
/// above every step ([`SEARCH_SCORE`](crate::rate::SEARCH_SCORE), 12). A
/// nested forcing chain whose nested chains make it longer than that
/// (one puzzle in about 400 of the forum's 11+ list reached 12.0) rates
/// 11.9.
pub const MAX_RATING: f64 = 11.9;

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
    /// Are the diagonals houses (X-Sudoku)?
    diagonals: bool,
    /// May steps assume the puzzle has one solution (unique rectangles,
    /// BUG+1)?
    unique: bool,
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
            diagonals: variant.diagonals(),
            unique: true,
        }
    }

    /// The same pencil marks, without the techniques that assume the
    /// puzzle has one solution (unique rectangles, BUG+1): for a puzzle
    /// that may have several, every step then holds in each of them.
    pub fn without_uniqueness(mut self) -> Logic {
        self.unique = false;
        self
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

    /// The board with its pencil marks, as players print them: each cell
    /// its value or, if open, its candidates; the columns as wide as their
    /// widest cell; `|` and a rule between boxes (not on jigsaw boards).
    /// One line per row, each ending in a newline.
    ///
    /// ```
    /// use dlx_sudoku::logic::Logic;
    /// use dlx_sudoku::variant::Variant;
    /// use dlx_sudoku::Board;
    ///
    /// let puzzle = Board::from_cells(2, vec![
    ///     1, 0, 0, 0,
    ///     0, 0, 3, 0,
    ///     0, 4, 0, 0,
    ///     0, 0, 0, 2,
    /// ])?;
    /// let marks = Logic::new(&puzzle, &Variant::classic()).pencil_marks();
    /// assert_eq!(marks.lines().next(), Some("1  23 | 24 4"));
    /// assert_eq!(marks.lines().nth(2), Some("------+------"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pencil_marks(&self) -> String {
        let side = self.side;
        let text: Vec<String> = (0..side * side)
            .map(|c| match self.grid[c] {
                0 if self.cand[c] == 0 => ".".to_string(),
                0 => values_of(self.cand[c]).map(value_char).collect(),
                v => value_char(v).to_string(),
            })
            .collect();
        let width: Vec<usize> = (0..side)
            .map(|col| {
                (0..side)
                    .map(|r| text[r * side + col].len())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let boxes = !self
            .houses
            .iter()
            .any(|(u, _)| matches!(u, Unit::Region { .. }));
        let edge = |c: usize| boxes && c > 0 && c % self.order == 0;
        let mut rule = String::new();
        for (c, &w) in width.iter().enumerate() {
            match c {
                0 => {}
                _ if edge(c) => rule.push_str("-+-"),
                _ => rule.push('-'),
            }
            rule.push_str(&"-".repeat(w));
        }
        let mut out = String::new();
        for r in 0..side {
            if edge(r) {
                out.push_str(&rule);
                out.push('\n');
            }
            let mut line = String::new();
            for c in 0..side {
                match c {
                    0 => {}
                    _ if edge(c) => line.push_str(" | "),
                    _ => line.push(' '),
                }
                line.push_str(&format!("{:<w$}", text[r * side + c], w = width[c]));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
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

    /// Finds the simplest next step without making it. The unique
    /// rectangles (every type) and BUG+1 are not tried on a [`Logic`]
    /// made with [`Logic::without_uniqueness`], nor with diagonals; the
    /// other techniques work on every variant.
    pub fn find(&self) -> Option<Step> {
        if self.has_empty_cell() {
            // A cell without candidates: the puzzle has no solution.
            return None;
        }
        // By weight (Technique::weight).
        self.naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.locked_to_wings())
            .or_else(|| self.unique.then(|| self.unique_rectangle()).flatten())
            .or_else(|| self.unique_rectangle_2())
            .or_else(|| self.unique_rectangle_4())
            .or_else(|| self.colouring())
            .or_else(|| self.unique_rectangle_3())
            .or_else(|| self.naked_subset(4))
            .or_else(|| self.fish(4))
            .or_else(|| self.hidden_subset(4))
            .or_else(|| self.unique.then(|| self.bug_plus_one()).flatten())
            .or_else(|| self.chains_up_to_nets())
    }

    /// Is there an open cell without candidates (the puzzle, or a branch
    /// of a forcing chain, has no solution)?
    fn has_empty_cell(&self) -> bool {
        self.grid
            .iter()
            .zip(&self.cand)
            .any(|(&v, &c)| v == 0 && c == 0)
    }

    /// The techniques from locked candidates to wings, by weight (what
    /// [`Logic::find`] tries after the singles, and the branches of the
    /// dynamic (+) forcing chains use).
    fn locked_to_wings(&self) -> Option<Step> {
        self.locked()
            .or_else(|| self.naked_subset(2))
            .or_else(|| self.fish(2))
            .or_else(|| self.hidden_subset(2))
            .or_else(|| self.naked_subset(3))
            .or_else(|| self.fish(3))
            .or_else(|| self.hidden_subset(3))
            .or_else(|| self.xy_wing())
            .or_else(|| self.xyz_wing())
    }

    /// The chain techniques and the patterns of their weight (empty
    /// rectangle, finned fish, W-wing), in the order of their weight: the
    /// X-chains of four candidates, then the patterns of 6.6, then the
    /// longer X-chains. The chains only on boards of side 9 or less (on
    /// larger ones they would take too long); the patterns on all.
    fn chains_up_to_nets(&self) -> Option<Step> {
        let chains = self.side <= 9;
        chains
            .then(|| self.x_chain_shorter_than(Some(5)))
            .flatten()
            .or_else(|| self.empty_rectangle())
            .or_else(|| self.finned_fish(2))
            .or_else(|| chains.then(|| self.x_chain()).flatten())
            .or_else(|| chains.then(|| self.xy_chain()).flatten())
            .or_else(|| self.finned_fish(3))
            .or_else(|| self.finned_fish(4))
            .or_else(|| self.w_wing())
            .or_else(|| chains.then(|| self.nets()).flatten())
    }

    /// AIC, continuous nice loops, grouped AICs, the almost locked sets
    /// and the forcing chains, by weight.
    fn nets(&self) -> Option<Step> {
        self.aic_or_loop(false)
            .or_else(|| self.aic_or_loop(true))
            .or_else(|| self.almost_locked())
            .or_else(|| self.forcing(forcing::Mode::Static))
            .or_else(|| self.forcing(forcing::Mode::Dynamic))
            .or_else(|| self.forcing(forcing::Mode::Plus))
            .or_else(|| self.forcing(forcing::Mode::Nested))
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
            colours: Vec::new(),
            chains: Vec::new(),
            groups: Vec::new(),
            sets: Vec::new(),
            length: 0,
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
}

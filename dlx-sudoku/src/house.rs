//! The houses of a board ([`Unit`]) and two clues that clash in one
//! ([`Conflict`]): the words of both the solver and the variants, which
//! say where a puzzle breaks the rules.

use std::fmt;

/// A house of the board: a row, a column, a box, a jigsaw region or a
/// diagonal (all 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Column(usize),
    /// Box `b`, counted row by row.
    Box(usize),
    /// A jigsaw region (see [`Regions`](crate::variant::Regions)).
    Region {
        /// The region's number, in order of its first cell.
        index: usize,
        /// Its label in the regions file.
        label: char,
    },
    /// Diagonal 0 (top left to bottom right) or 1 (top right to bottom
    /// left) of an X-Sudoku.
    Diagonal(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
            Unit::Region { label, .. } => write!(f, "region '{label}'"),
            Unit::Diagonal(0) => f.write_str("the main diagonal"),
            Unit::Diagonal(_) => f.write_str("the anti-diagonal"),
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

//! Boards: an n²×n² grid of cells, each empty or holding a value 1..=n².

use std::fmt;

/// The smallest supported box side (4×4 boards).
pub const MIN_ORDER: usize = 2;
/// The largest supported box side (25×25 boards).
pub const MAX_ORDER: usize = 5;

/// A Sudoku board of order n: side n², n² boxes of n×n cells.
///
/// Cells are stored row by row; `0` is an empty cell and `1..=n²` a value.
/// Rows, columns and values are 0-based inside the library (`row`, `col` in
/// `0..side`); only the text formats use 1-based digits.
///
/// ```
/// use dlx_sudoku::Board;
///
/// let mut b = Board::empty(3);
/// assert_eq!((b.side(), b.cell_count()), (9, 81));
/// b.set(0, 4, 7);
/// assert_eq!(b.get(0, 4), 7);
/// assert_eq!(b.clue_count(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    order: u8,
    cells: Vec<u8>,
}

/// Why cells could not make a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The order (box side) is outside 2..=5.
    #[error("unsupported board order {0} (box side must be 2 to 5: 4x4 to 25x25 boards)")]
    Order(usize),
    /// The number of cells is not side⁴.
    #[error("expected {expected} cells, got {got}")]
    CellCount {
        /// side × side
        expected: usize,
        /// what was given
        got: usize,
    },
    /// A cell value is larger than the side.
    #[error("cell {index} holds {value}, larger than the board side {side}")]
    Value {
        /// Row-major index of the cell.
        index: usize,
        /// The value found.
        value: u8,
        /// The largest allowed value.
        side: usize,
    },
}

impl Board {
    /// An empty board of the given order (box side).
    ///
    /// # Panics
    /// If `order` is not in `MIN_ORDER..=MAX_ORDER`.
    pub fn empty(order: usize) -> Board {
        assert!(
            (MIN_ORDER..=MAX_ORDER).contains(&order),
            "board order {order} out of range"
        );
        let side = order * order;
        Board {
            order: order as u8,
            cells: vec![0; side * side],
        }
    }

    /// A board from row-major cells (0 empty, 1..=n² values).
    ///
    /// # Errors
    /// [`BoardError`] for an unsupported order, a wrong number of cells or a
    /// value out of range.
    pub fn from_cells(order: usize, cells: Vec<u8>) -> Result<Board, BoardError> {
        if !(MIN_ORDER..=MAX_ORDER).contains(&order) {
            return Err(BoardError::Order(order));
        }
        let side = order * order;
        if cells.len() != side * side {
            return Err(BoardError::CellCount {
                expected: side * side,
                got: cells.len(),
            });
        }
        check_values(&cells, side)?;
        Ok(Board {
            order: order as u8,
            cells,
        })
    }

    /// Replaces the cells with `cells` (row-major, 0 empty), keeping the
    /// board's order and its buffer: a batch of puzzles read into one
    /// board allocates nothing.
    ///
    /// ```
    /// use dlx_sudoku::Board;
    ///
    /// let mut board = Board::empty(2);
    /// board.set_cells(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    /// assert_eq!(board.get(3, 0), 4);
    /// assert!(board.set_cells(&[5; 16]).is_err()); // 5 is not a value of a 4x4 board
    /// assert!(board.set_cells(&[0; 9]).is_err());
    /// assert_eq!(board.get(3, 0), 4); // unchanged by a refused call
    /// ```
    ///
    /// # Errors
    /// [`BoardError`] for a wrong number of cells or a value out of range, as
    /// [`Board::from_cells`]; the board is then unchanged.
    pub fn set_cells(&mut self, cells: &[u8]) -> Result<(), BoardError> {
        let side = self.side();
        if cells.len() != self.cells.len() {
            return Err(BoardError::CellCount {
                expected: self.cells.len(),
                got: cells.len(),
            });
        }
        check_values(cells, side)?;
        self.cells.copy_from_slice(cells);
        Ok(())
    }

    /// The order n: the side of a box.
    #[inline]
    pub fn order(&self) -> usize {
        usize::from(self.order)
    }

    /// The side n² of the board, which is also the largest value.
    #[inline]
    pub fn side(&self) -> usize {
        self.order() * self.order()
    }

    /// Number of cells, side².
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The cells, row by row (0 empty).
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, writable within the crate (values must stay <= side).
    #[inline]
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The value at (`row`, `col`), 0 when empty.
    ///
    /// # Panics
    /// If the position is off the board.
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(row < self.side() && col < self.side(), "cell off the board");
        self.cells[row * self.side() + col]
    }

    /// Sets (`row`, `col`) to `value` (0 empties it).
    ///
    /// # Panics
    /// If the position is off the board or the value exceeds the side.
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        let side = self.side();
        assert!(row < side && col < side, "cell off the board");
        assert!(usize::from(value) <= side, "value {value} out of range");
        self.cells[row * side + col] = value;
    }

    /// Number of filled cells.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Is every cell filled?
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The box (0-based, row-major over boxes) that holds (`row`, `col`).
    #[inline]
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        let n = self.order();
        (row / n) * n + col / n
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board(order {}):", self.order)?;
        for row in self.cells.chunks(self.side()) {
            for &v in row {
                write!(f, "{:>3}", v)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The first cell of `cells` whose value is above `side`, as an error.
fn check_values(cells: &[u8], side: usize) -> Result<(), BoardError> {
    match cells.iter().position(|&v| usize::from(v) > side) {
        Some(index) => Err(BoardError::Value {
            index,
            value: cells[index],
            side,
        }),
        None => Ok(()),
    }
}

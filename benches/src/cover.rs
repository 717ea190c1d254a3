//! Sudoku as a 324-item exact-cover problem, for the generic DLX crates.
//!
//! Items (all primary), numbered from 0:
//!
//! | items | meaning |
//! |---|---|
//! | `9r + c` | cell (r, c) holds a digit |
//! | `81 + 9r + d` | row r holds digit d + 1 |
//! | `162 + 9c + d` | column c holds digit d + 1 |
//! | `243 + 9b + d` | box b holds digit d + 1 |
//!
//! Options, in cell order: a clue is one option (its digit); a blank cell
//! has one option for each digit that no clue in its row, column or box
//! already holds. This is the encoding of the `sudoku_*.dlx` files in
//! `dlx-core/tests/data/xc` (324 items, clue options kept), the usual way to
//! hand a Sudoku to a generic exact-cover solver.

use crate::puzzle::Grid;

/// The number of items.
pub const ITEMS: usize = 324;

/// The exact cover of one puzzle; [`SudokuCover::build`] refills it, reusing
/// its buffers.
#[derive(Clone, Debug, Default)]
pub struct SudokuCover {
    options: Vec<[u16; 4]>,
    placements: Vec<(u8, u8)>,
}

impl SudokuCover {
    /// An empty cover; call [`SudokuCover::build`].
    pub fn new() -> SudokuCover {
        SudokuCover::default()
    }

    /// Builds the options of `puzzle`. Values above 9 are treated as blanks
    /// (they never reach here from [`crate::puzzle`]).
    pub fn build(&mut self, puzzle: &Grid) {
        self.options.clear();
        self.placements.clear();
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for (cell, &v) in puzzle.iter().enumerate() {
            if (1..=9).contains(&v) {
                let (r, c, b) = unit_of(cell);
                rows[r] |= 1 << v;
                cols[c] |= 1 << v;
                boxes[b] |= 1 << v;
            }
        }
        for (cell, &v) in puzzle.iter().enumerate() {
            if (1..=9).contains(&v) {
                self.push(cell, v);
            } else {
                let (r, c, b) = unit_of(cell);
                let used = rows[r] | cols[c] | boxes[b];
                for digit in 1..=9u8 {
                    if used & (1 << digit) == 0 {
                        self.push(cell, digit);
                    }
                }
            }
        }
    }

    fn push(&mut self, cell: usize, digit: u8) {
        let (r, c, b) = unit_of(cell);
        let d = usize::from(digit - 1);
        let items = [cell, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d];
        self.options.push(items.map(|i| i as u16));
        self.placements.push((cell as u8, digit));
    }

    /// The options: four item numbers each.
    pub fn options(&self) -> &[[u16; 4]] {
        &self.options
    }

    /// The cell (row-major index) and digit that option `o` places.
    pub fn placement(&self, o: usize) -> (usize, u8) {
        let (cell, digit) = self.placements[o];
        (usize::from(cell), digit)
    }

    /// The grid that a set of options spells out, starting from blanks.
    /// Cells no option fills stay 0, so a short answer fails the check.
    pub fn grid_of(&self, options: impl IntoIterator<Item = usize>) -> Grid {
        let mut grid = [0u8; 81];
        for o in options {
            let (cell, digit) = self.placement(o);
            grid[cell] = digit;
        }
        grid
    }
}

/// Row, column and box of a cell.
fn unit_of(cell: usize) -> (usize, usize, usize) {
    let (r, c) = (cell / 9, cell % 9);
    (r, c, r / 3 * 3 + c / 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_grid_has_729_options_covering_each_item_nine_times() {
        let mut cover = SudokuCover::new();
        cover.build(&[0; 81]);
        assert_eq!(cover.options().len(), 729);
        let mut uses = [0u32; ITEMS];
        for o in cover.options() {
            for &i in o {
                uses[usize::from(i)] += 1;
            }
        }
        assert!(uses.iter().all(|&n| n == 9));
    }

    #[test]
    fn clues_prune_their_peers() {
        let mut p = [0u8; 81];
        p[0] = 5;
        let mut cover = SudokuCover::new();
        cover.build(&p);
        // The clue's cell has one option; each of its 20 peers loses digit 5.
        assert_eq!(cover.options().len(), 729 - 8 - 20);
        assert_eq!(cover.placement(0), (0, 5));
        assert_eq!(cover.options()[0], [0, 81 + 4, 162 + 4, 243 + 4]);
        let g = cover.grid_of([0]);
        assert_eq!((g[0], g[1]), (5, 0));
    }
}

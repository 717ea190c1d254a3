//! Clues, naked singles and hidden singles of the classic 9×9 board on bit
//! boards: the moves of the generic pass in [`solver`](crate::solver), made
//! for all rows, columns and boxes of a value at once.
//!
//! # Layout
//!
//! A set of cells is three 64-bit words, one per band of three rows: row
//! `r`, column `c` is bit `16·(r mod 3) + c` of word `r / 3`. Each row is a
//! 16-bit lane with bits 0..9 in use, so
//!
//! - the three rows of a word are tested together: setting bit 15 of every
//!   lane (a guard) before subtracting 1 from every lane keeps borrows inside
//!   the lanes, which gives "lane not empty" and "lane has one bit" for three
//!   rows in a few operations;
//! - the columns of a band line up across its lanes, so OR-ing and AND-ing
//!   the lanes counts a value's cells per column (none / one / more), and
//!   three adjacent columns of that count make a box.
//!
//! The board keeps, for each value, the open cells where it can still go;
//! placing a value clears it from the cell's peers and clears the cell from
//! every value. Per pass it costs about a hundred word operations per value,
//! where the generic pass reads every cell of every house.

/// A set of cells (see the module notes).
type Cells = [u64; 3];

/// The bits of one row in its lane.
const ROW: u64 = 0x1FF;
/// The nine cells of a word's three rows.
const LANES: u64 = ROW | ROW << 16 | ROW << 32;
/// Bit 15 of each lane.
const GUARD: u64 = 1 << 15 | 1 << 31 | 1 << 47;
/// Bit 0 of each lane.
const LOW: u64 = 1 | 1 << 16 | 1 << 32;
/// The first column of each box (bits 0, 3, 6 of a row).
const BOX_FIRST: u64 = 0o111;
/// The columns of box `j` of a band, in each of its three lanes.
const BOX_COLS: [u64; 3] = [0o7 * LOW, 0o70 * LOW, 0o700 * LOW];

/// The word and bit of a cell.
const fn locate(cell: usize) -> (usize, u64) {
    let (r, c) = (cell / 9, cell % 9);
    (r / 3, 1 << (16 * (r % 3) + c))
}

/// The cell at bit `p` of word `w`.
#[inline]
fn cell_at(w: usize, p: u32) -> usize {
    27 * w + 9 * (p as usize >> 4) + (p as usize & 15)
}

/// The cells that share a row, column or box with each cell, itself
/// included.
const PEERS: [Cells; 81] = peers();

const fn peers() -> [Cells; 81] {
    let mut table = [[0u64; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            if r == r2 || c == c2 || (r / 3 == r2 / 3 && c / 3 == c2 / 3) {
                let (w, bit) = locate(other);
                table[cell][w] |= bit;
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// Guard bits of the lanes of `x` that hold at least one bit.
#[inline]
fn nonempty_lanes(x: u64) -> u64 {
    ((x | GUARD) - LOW) & GUARD
}

/// Where a cell is, in the encodings the scans use (see [`Board9`]).
#[derive(Clone, Copy)]
struct Place {
    /// Its word (band).
    w: u8,
    /// Its bit in the word.
    p: u8,
    /// Its row, column and box as bit numbers of `Board9::rows`, `cols`
    /// and `boxes`.
    row: u8,
    col: u8,
    bx: u8,
}

const PLACES: [Place; 81] = places();

const fn places() -> [Place; 81] {
    let mut table = [Place {
        w: 0,
        p: 0,
        row: 0,
        col: 0,
        bx: 0,
    }; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let (w, lane) = (r / 3, r % 3);
        table[cell] = Place {
            w: w as u8,
            p: (16 * lane + c) as u8,
            row: (15 + 16 * lane + w) as u8,
            col: c as u8,
            bx: (3 * (c / 3) + 9 * w) as u8,
        };
        cell += 1;
    }
    table
}

/// The candidates of a 9×9 board under the singles pass.
///
/// Houses are kept in the encodings the hidden-singles scan produces, so
/// that it compares without converting: a row as the guard bit of its lane
/// shifted left by its word (`15 + 16·lane + w`), a column as bit `c`, a
/// box as bit `3·j + 9·w` (box `j` of band `w`).
struct Board9 {
    /// The cells where value `d + 1` can go, read through `open`: placing
    /// a value clears it from the cell's peers, but the cell itself stays
    /// in the other values' sets (one store instead of nine).
    pos: [Cells; 9],
    /// The cells without a value.
    open: Cells,
    /// For value `d + 1`: the rows, columns and boxes that hold it.
    rows: [u64; 9],
    cols: [u64; 9],
    boxes: [u64; 9],
    /// How many cells hold value `d + 1`.
    placed: [u8; 9],
}

impl Board9 {
    fn new() -> Board9 {
        Board9 {
            pos: [[LANES; 3]; 9],
            open: [LANES; 3],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            placed: [0; 9],
        }
    }

    /// Puts value `d + 1` in `cell`; `false` if the cell is taken or a peer
    /// holds the value.
    #[inline(always)]
    fn place(&mut self, grid: &mut [u8; 81], cell: usize, d: usize) -> bool {
        let Place { w, p, row, col, bx } = PLACES[cell];
        let (w, bit) = (usize::from(w), 1u64 << p);
        if self.pos[d][w] & self.open[w] & bit == 0 {
            return false;
        }
        for (q, &peers) in self.pos[d].iter_mut().zip(&PEERS[cell]) {
            *q &= !peers;
        }
        // The other values keep the cell's bit: every reader masks `pos`
        // with `open`.
        self.open[w] &= !bit;
        grid[cell] = d as u8 + 1;
        self.rows[d] |= 1 << row;
        self.cols[d] |= 1 << col;
        self.boxes[d] |= 1 << bx;
        self.placed[d] += 1;
        true
    }

    /// The open cells where value `d + 1` can go.
    #[inline]
    fn candidates(&self, d: usize) -> Cells {
        let (p, o) = (&self.pos[d], &self.open);
        [p[0] & o[0], p[1] & o[1], p[2] & o[2]]
    }

    /// Places every naked single, and those they make, until none is left;
    /// `false` when a cell runs out of values.
    fn naked(&mut self, grid: &mut [u8; 81]) -> bool {
        loop {
            let mut single = [0u64; 3];
            for w in 0..3 {
                let (mut once, mut twice) = (0u64, 0u64);
                for p in &self.pos {
                    twice |= once & p[w];
                    once |= p[w];
                }
                let open = self.open[w];
                if open & !once != 0 {
                    return false;
                }
                single[w] = once & !twice & open;
            }
            if single == [0; 3] {
                return true;
            }
            for (w, bits) in single.into_iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let p = bits.trailing_zeros();
                    bits &= bits - 1;
                    let bit = 1u64 << p;
                    // An earlier single of this batch may have taken the
                    // cell's last value from it.
                    let Some(d) = (0..9).find(|&d| self.pos[d][w] & bit != 0) else {
                        return false;
                    };
                    self.place(grid, cell_at(w, p), d);
                }
            }
        }
    }

    /// Places the hidden singles of value `d + 1`: `None` on a
    /// contradiction (a house where the value has no cell left), else
    /// whether anything was placed.
    fn hidden(&mut self, grid: &mut [u8; 81], d: usize) -> Option<bool> {
        // The deductions are made on this snapshot; placing one of them
        // changes `pos` but not the others' validity.
        let x = self.candidates(d);
        let mut row_single = [0u64; 3];
        let (mut row_one, mut row_none) = (0u64, 0u64);
        let (mut col_once, mut col_many) = (0u64, 0u64);
        let (mut box_one, mut box_none) = (0u64, 0u64);
        for (w, &v) in x.iter().enumerate() {
            // Rows: a lane with one bit is empty once its lowest bit is
            // cleared.
            let nonempty = nonempty_lanes(v);
            let many = nonempty_lanes(v & ((v | GUARD) - LOW));
            row_single[w] = nonempty & !many;
            row_one |= row_single[w];
            row_none |= (GUARD & !nonempty) << w;
            // Columns of the band: in one of its rows / in two or more.
            let (l0, l1, l2) = (v & ROW, (v >> 16) & ROW, (v >> 32) & ROW);
            let once = l0 | l1 | l2;
            let twice = (l0 & l1) | ((l0 | l1) & l2);
            col_many |= twice | (col_once & once);
            col_once |= once;
            // Boxes: three adjacent columns of the band.
            let (c0, c1, c2) = (
                once & BOX_FIRST,
                (once >> 1) & BOX_FIRST,
                (once >> 2) & BOX_FIRST,
            );
            let box_once = c0 | c1 | c2;
            let box_many =
                ((twice | twice >> 1 | twice >> 2) & BOX_FIRST) | (c0 & c1) | ((c0 | c1) & c2);
            box_one |= (box_once & !box_many) << (9 * w);
            box_none |= (BOX_FIRST & !box_once) << (9 * w);
        }
        let col_none = ROW & !col_once;
        if (row_none & !self.rows[d]) | (col_none & !self.cols[d]) | (box_none & !self.boxes[d])
            != 0
        {
            return None;
        }
        let col_one = col_once & !col_many;
        if row_one | col_one | box_one == 0 {
            return Some(false);
        }
        // The cells to place, as sets: a row's only cell (its lane), a
        // column's (its bit in every lane), a box's (its three columns in
        // every lane of its band). A cell found by two houses is one cell;
        // two cells that exclude each other make the second placement fail.
        for (w, (&v, &single)) in x.iter().zip(&row_single).enumerate() {
            let boxes = (box_one >> (9 * w)) & BOX_FIRST;
            let columns = col_one | (boxes * 0o7);
            let mut cells = v & (((single >> 15) * ROW) | (columns * LOW));
            while cells != 0 {
                let p = cells.trailing_zeros();
                cells &= cells - 1;
                if !self.place(grid, cell_at(w, p), d) {
                    return None;
                }
            }
        }
        Some(true)
    }
}

impl Board9 {
    /// Locked candidates of value `d + 1`: where a box's cells for the
    /// value lie in one row or one column, the rest of that row or column
    /// loses the value (pointing); where a row's or a column's cells lie in
    /// one box, the rest of that box loses it (claiming). Both hold in
    /// every solution. `true` when a cell lost the value.
    fn locked(&mut self, d: usize) -> bool {
        let x = self.candidates(d);
        let mut clear: Cells = [0; 3];
        let mut band_cols = [0u64; 3];
        for (w, &v) in x.iter().enumerate() {
            let cols = (v | v >> 16 | v >> 32) & ROW;
            band_cols[w] = cols;
            for (j, &box_cols) in BOX_COLS.iter().enumerate() {
                let y = v & box_cols;
                if y == 0 {
                    continue;
                }
                // The box's cells in one row: the guard bit of one lane.
                let lanes = nonempty_lanes(y);
                if lanes & (lanes - 1) == 0 {
                    clear[w] |= ((lanes >> 15) * ROW) & !box_cols;
                }
                // The box's cells in one column: that column in the other
                // bands.
                let c = cols & (0o7 << (3 * j));
                if c & (c - 1) == 0 {
                    for (w2, other) in clear.iter_mut().enumerate() {
                        if w2 != w {
                            *other |= c * LOW;
                        }
                    }
                }
            }
            // A row's cells in one box: the box's other two rows.
            for lane in 0..3 {
                let r = (v >> (16 * lane)) & ROW;
                for (j, &box_cols) in BOX_COLS.iter().enumerate() {
                    if r != 0 && r & !(0o7 << (3 * j)) == 0 {
                        clear[w] |= box_cols & !(ROW << (16 * lane));
                    }
                }
            }
        }
        // A column's cells in one band (so in one box): the box's other
        // two columns.
        let [b0, b1, b2] = band_cols;
        let one_band = (b0 | b1 | b2) & !((b0 & b1) | (b0 & b2) | (b1 & b2));
        for (w, &b) in band_cols.iter().enumerate() {
            for c in bits(one_band & b) {
                clear[w] |= BOX_COLS[c / 3] & !(LOW << c);
            }
        }
        let mut changed = false;
        for (w, (p, &gone)) in self.pos[d].iter_mut().zip(&clear).enumerate() {
            changed |= x[w] & gone != 0;
            *p &= !gone;
        }
        changed
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Places the clues of `grid` (81 cells, 0 blank, row by row) and then
/// naked and hidden singles until none is left (with `locked`, then locked
/// candidates, and singles again while they remove any), writing the
/// values into `grid` and each open cell's possible values into `cand`
/// (bit `v - 1` for value `v`; 0 for a filled cell). `false` when the clues
/// clash or the moves lead to a contradiction: the puzzle has no solution.
// Not inlined into the solver's `encode`: inlined, the comparison binary
// ran the forum sets' searches 2% slower with the same instructions (code
// placement), and the whole program is no faster for it.
#[inline(never)]
pub(crate) fn settle(grid: &mut [u8; 81], cand: &mut [u32; 81], locked: bool) -> bool {
    let mut board = Board9::new();
    for cell in 0..81 {
        let v = grid[cell];
        if v != 0 && !board.place(grid, cell, usize::from(v) - 1) {
            return false;
        }
    }
    loop {
        if !board.naked(grid) {
            return false;
        }
        let mut progress = false;
        for d in 0..9 {
            // A value's own placements are what most often make it a hidden
            // single again elsewhere: scan it until it finds nothing more
            // (17clue: 4% fewer instructions in all than one scan a round).
            while board.placed[d] != 9 {
                match board.hidden(grid, d) {
                    None => return false,
                    Some(false) => break,
                    Some(true) => progress = true,
                }
            }
        }
        if !progress {
            if !locked {
                break;
            }
            for d in 0..9 {
                if board.placed[d] != 9 {
                    progress |= board.locked(d);
                }
            }
            if !progress {
                break;
            }
        }
    }
    cand.fill(0);
    for d in 0..9 {
        for (w, &word) in board.candidates(d).iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let bit = word.trailing_zeros();
                word &= word - 1;
                cand[cell_at(w, bit)] |= 1 << d;
            }
        }
    }
    true
}

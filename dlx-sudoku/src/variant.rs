//! Sudoku variants by encoding: more houses, or other houses, on the same
//! engine.
//!
//! A Sudoku is the exact cover of "each cell holds a value" and "each house
//! holds each value once". A variant changes only the houses:
//!
//! - **X-Sudoku** ([`Variant::x`]): both main diagonals are houses too, two
//!   more families of side items.
//! - **Jigsaw** ([`Variant::jigsaw`]): the boxes are replaced by irregular
//!   [`Regions`], read from a grid of region labels.
//!
//! The two combine (a jigsaw with diagonals). The [`Solver`](crate::Solver)
//! builds the exact-cover problem from the variant's houses, and its singles
//! pass works on the same houses, so solving, counting, checking, generating
//! and rating all work for every variant.
//!
//! # Regions
//!
//! A regions file is a grid of `side` rows of `side` labels, one character per
//! cell; the cells with the same label form a region. Any character that is
//! not a blank can be a label; blanks between the labels are ignored, as are
//! blank lines and lines whose first non-blank character is `#`. The side must
//! be one of the board sizes the crate supports (4, 9, 16 or 25) and the
//! labels must split the board into exactly `side` regions of exactly `side`
//! cells each.
//!
//! Regions need **not** be contiguous: the encoding does not care whether a
//! region's cells touch, and layouts with scattered regions (a "disjoint
//! groups" pattern, a Latin-square layout) are proper puzzles too. Rows and
//! columns remain houses in every variant.
//!
//! ```
//! use dlx_sudoku::variant::{Regions, Variant};
//! use dlx_sudoku::solver::{Outcome, Solver};
//! use dlx_sudoku::Board;
//!
//! let regions = Regions::parse(b"\
//! AABB
//! CABB
//! CADD
//! CCDD
//! ")?;
//! // Regions are numbered in order of their first cell: A, B, C, D.
//! assert_eq!((regions.side(), regions.region_of(1, 0)), (4, 2));
//! let variant = Variant::jigsaw(regions);
//!
//! let mut solver = Solver::new();
//! solver.set_variant(&variant);
//! let mut solution = Board::empty(2);
//! assert_eq!(solver.solve(&Board::empty(2), &mut solution), Outcome::Solved);
//! assert_eq!(variant.find_conflict(&solution), None);
//!
//! let error = Regions::parse(b"AABB\nAABB\nCCDD\nCCDA\n").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "4:4: region 'A' has 5 cells (expected 4 regions of 4 cells each)"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::board::{MAX_ORDER, MIN_ORDER};
use crate::house::{Conflict, Unit};
use crate::plural::Plural;
use crate::rng::Rng;
use crate::Board;

/// The houses of a Sudoku variant: rows and columns always, the standard
/// boxes or irregular [`Regions`], and optionally both main diagonals.
///
/// The default is the classic Sudoku.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    diagonals: bool,
    regions: Option<Regions>,
}

impl Variant {
    /// Classic Sudoku: rows, columns and boxes.
    pub fn classic() -> Variant {
        Variant::default()
    }

    /// X-Sudoku: rows, columns, boxes and both main diagonals.
    pub fn x() -> Variant {
        Variant {
            diagonals: true,
            regions: None,
        }
    }

    /// Jigsaw Sudoku: rows, columns and `regions` instead of the boxes.
    pub fn jigsaw(regions: Regions) -> Variant {
        Variant {
            diagonals: false,
            regions: Some(regions),
        }
    }

    /// This variant with both main diagonals as houses (`true`) or without.
    pub fn with_diagonals(mut self, diagonals: bool) -> Variant {
        self.diagonals = diagonals;
        self
    }

    /// Are the main diagonals houses?
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// The irregular regions, if they replace the boxes.
    pub fn regions(&self) -> Option<&Regions> {
        self.regions.as_ref()
    }

    /// Is this the classic Sudoku (standard boxes, no diagonals)?
    pub fn is_classic(&self) -> bool {
        !self.diagonals && self.regions.is_none()
    }

    /// A short name: `classic`, `x`, `jigsaw` or `jigsaw x`.
    pub fn name(&self) -> &'static str {
        match (self.regions.is_some(), self.diagonals) {
            (false, false) => "classic",
            (false, true) => "x",
            (true, false) => "jigsaw",
            (true, true) => "jigsaw x",
        }
    }

    /// The board side the variant requires, if any (the regions' side).
    pub fn side(&self) -> Option<usize> {
        self.regions.as_ref().map(Regions::side)
    }

    /// Can puzzles of `order` (box side) be played under this variant? Only
    /// regions fix a size.
    pub fn fits(&self, order: usize) -> bool {
        self.side().is_none_or(|s| s == order * order)
    }

    /// Every house of a board of `order` as (name, cells), the cells as
    /// row-major indices in reading order: rows, then columns, then boxes
    /// (or regions, numbered in order of their first cell), then the main
    /// diagonal and the anti-diagonal.
    ///
    /// # Panics
    /// If the variant does not [fit](Variant::fits) the order.
    pub fn houses(&self, order: usize) -> Vec<(Unit, Vec<usize>)> {
        assert!(
            self.fits(order),
            "a {}-sided board under {}x{} regions",
            order * order,
            self.side().unwrap_or(0),
            self.side().unwrap_or(0)
        );
        let side = order * order;
        let mut houses = Vec::with_capacity(3 * side + 2);
        houses.extend((0..side).map(|r| (Unit::Row(r), (0..side).map(|c| r * side + c).collect())));
        houses.extend(
            (0..side).map(|c| (Unit::Column(c), (0..side).map(|r| r * side + c).collect())),
        );
        match &self.regions {
            None => houses.extend((0..side).map(|b| {
                let (r0, c0) = ((b / order) * order, (b % order) * order);
                let cells = (0..side).map(|k| (r0 + k / order) * side + c0 + k % order);
                (Unit::Box(b), cells.collect())
            })),
            Some(regions) => {
                let mut cells = vec![Vec::with_capacity(side); side];
                for (cell, &k) in regions.region.iter().enumerate() {
                    cells[usize::from(k)].push(cell);
                }
                houses.extend(cells.into_iter().enumerate().map(|(k, cells)| {
                    let unit = Unit::Region {
                        index: k,
                        label: regions.labels[k],
                    };
                    (unit, cells)
                }));
            }
        }
        if self.diagonals {
            houses.push((Unit::Diagonal(0), (0..side).map(|i| i * side + i).collect()));
            houses.push((
                Unit::Diagonal(1),
                (0..side).map(|i| i * side + side - 1 - i).collect(),
            ));
        }
        houses
    }

    /// The first pair of clues of `board` that share a value in a house, if
    /// any, houses taken in the order of [`Variant::houses`].
    ///
    /// # Panics
    /// If the variant does not [fit](Variant::fits) the board.
    pub fn find_conflict(&self, board: &Board) -> Option<Conflict> {
        let (order, side) = (board.order(), board.side());
        assert!(self.fits(order), "a board of another size than the regions");
        let area = side * side;
        // The first repeated value among `cells` (row-major indices).
        let clash = |unit: Unit, cells: &mut dyn Iterator<Item = usize>| {
            let mut seen = [None; 26];
            for cell in cells {
                let v = board.cells()[cell];
                if v == 0 {
                    continue;
                }
                let here = (cell / side, cell % side);
                match seen[usize::from(v)] {
                    Some(first) => {
                        return Some(Conflict {
                            unit,
                            value: v,
                            cells: [first, here],
                        })
                    }
                    None => seen[usize::from(v)] = Some(here),
                }
            }
            None
        };
        // The houses in the order of `houses`, without building them.
        let rows = |r: usize| clash(Unit::Row(r), &mut (0..side).map(move |c| r * side + c));
        let cols = |c: usize| clash(Unit::Column(c), &mut (0..side).map(move |r| r * side + c));
        let region = |k: usize| match &self.regions {
            None => {
                let (r0, c0) = ((k / order) * order, (k % order) * order);
                let cells = (0..side).map(|j| (r0 + j / order) * side + c0 + j % order);
                clash(Unit::Box(k), &mut { cells })
            }
            Some(regions) => {
                let unit = Unit::Region {
                    index: k,
                    label: regions.labels[k],
                };
                let cells = (0..area).filter(|&c| usize::from(regions.region[c]) == k);
                clash(unit, &mut { cells })
            }
        };
        let diagonal = |d: usize| {
            let cells = (0..side).map(|i| i * side + if d == 0 { i } else { side - 1 - i });
            clash(Unit::Diagonal(d), &mut { cells })
        };
        let diagonals = if self.diagonals { 2 } else { 0 };
        (0..side)
            .find_map(rows)
            .or_else(|| (0..side).find_map(cols))
            .or_else(|| (0..side).find_map(region))
            .or_else(|| (0..diagonals).find_map(diagonal))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Irregular regions that replace the boxes of a jigsaw Sudoku: a partition
/// of the side×side cells into side regions of side cells each.
///
/// See the [module documentation](self) for the text format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    side: usize,
    /// The region (0-based, numbered in order of first appearance) of each
    /// cell, row by row.
    region: Vec<u8>,
    /// The label of each region, as written in the text.
    labels: Vec<char>,
}

/// The longest regions file read, in bytes. A valid file is at most 25 rows
/// of 25 labels (1,300 bytes with a blank between labels); the rest of the
/// room is for comments and blank lines.
pub const MAX_REGIONS_BYTES: usize = 64 * 1024;

impl Regions {
    /// Reads regions from the text of a regions file.
    ///
    /// # Errors
    /// A [`RegionsError`] naming the line (and column) of the first problem:
    /// text that is not UTF-8, an unsupported side, rows of the wrong
    /// length, too many or too few rows, and labels that do not make side
    /// regions of side cells.
    ///
    /// Text longer than [`MAX_REGIONS_BYTES`] is refused before anything
    /// is parsed, naming the line and column where it passes the limit.
    pub fn parse(text: &[u8]) -> Result<Regions, RegionsError> {
        let error = |line: usize, column: Option<usize>, kind| RegionsError { line, column, kind };
        if text.len() > MAX_REGIONS_BYTES {
            let head = &text[..MAX_REGIONS_BYTES];
            let line_start = head.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let line = 1 + head.iter().filter(|&&b| b == b'\n').count();
            let column = 1 + String::from_utf8_lossy(&head[line_start..]).chars().count();
            let kind = RegionsErrorKind::TooLarge {
                max: MAX_REGIONS_BYTES,
            };
            return Err(error(line, Some(column), kind));
        }
        // (line, column, label) of every cell, row by row.
        let mut cells: Vec<(usize, usize, char)> = Vec::new();
        let mut side = 0;
        let mut rows = 0;
        let mut last_line = 0;
        let text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
        for (k, raw) in text.split(|&b| b == b'\n').enumerate() {
            let line = k + 1;
            last_line = line;
            let Ok(s) = std::str::from_utf8(raw) else {
                return Err(error(line, None, RegionsErrorKind::NotUtf8));
            };
            let s = s.strip_suffix('\r').unwrap_or(s);
            let trimmed = s.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let row: Vec<(usize, char)> = s
                .chars()
                .enumerate()
                .filter(|(_, ch)| !ch.is_whitespace())
                .map(|(i, ch)| (i + 1, ch))
                .collect();
            if rows == 0 {
                side = row.len();
                if !(MIN_ORDER..=MAX_ORDER).any(|n| n * n == side) {
                    return Err(error(line, None, RegionsErrorKind::Side(side)));
                }
            } else if rows == side {
                return Err(error(
                    line,
                    Some(row[0].0),
                    RegionsErrorKind::TooManyRows { side },
                ));
            }
            if row.len() != side {
                // Point at the first cell too many, if there is one.
                let column = row.get(side).map(|&(column, _)| column);
                return Err(error(
                    line,
                    column,
                    RegionsErrorKind::RowLength {
                        got: row.len(),
                        side,
                    },
                ));
            }
            cells.extend(row.into_iter().map(|(column, ch)| (line, column, ch)));
            rows += 1;
        }
        if rows == 0 {
            return Err(error(last_line.max(1), None, RegionsErrorKind::Empty));
        }
        if rows < side {
            return Err(error(
                last_line,
                None,
                RegionsErrorKind::TooFewRows { got: rows, side },
            ));
        }
        // Number the labels in order of first appearance.
        let mut labels: Vec<char> = Vec::with_capacity(side);
        let mut region = Vec::with_capacity(side * side);
        let mut size = vec![0usize; side];
        for &(line, column, ch) in &cells {
            let k = match labels.iter().position(|&l| l == ch) {
                Some(k) => k,
                None if labels.len() == side => {
                    return Err(error(
                        line,
                        Some(column),
                        RegionsErrorKind::TooManyRegions { label: ch, side },
                    ));
                }
                None => {
                    labels.push(ch);
                    labels.len() - 1
                }
            };
            region.push(k as u8);
            size[k] += 1;
        }
        if labels.len() < side {
            let (line, _, _) = cells[0];
            return Err(error(
                line,
                None,
                RegionsErrorKind::TooFewRegions {
                    got: labels.len(),
                    side,
                },
            ));
        }
        // Side labels on side² cells: a region too large exists exactly when
        // one is too small. Point at the cell that overflows the first one.
        if let Some(k) = size.iter().position(|&n| n > side) {
            let (line, column, _) = cells
                .iter()
                .zip(&region)
                .filter(|&(_, &r)| usize::from(r) == k)
                .map(|(&cell, _)| cell)
                .nth(side)
                .expect("the region has more than side cells");
            return Err(error(
                line,
                Some(column),
                RegionsErrorKind::RegionSize {
                    label: labels[k],
                    got: size[k],
                    side,
                },
            ));
        }
        Ok(Regions {
            side,
            region,
            labels,
        })
    }

    /// The standard boxes of a board of `order`, labelled `A`, `B`, … as
    /// regions: a jigsaw that is a classic Sudoku.
    ///
    /// # Panics
    /// If `order` is not a supported board order (2 to 5).
    pub fn boxes(order: usize) -> Regions {
        assert!((MIN_ORDER..=MAX_ORDER).contains(&order), "order {order}");
        let side = order * order;
        let region = (0..side * side)
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                ((r / order) * order + c / order) as u8
            })
            .collect();
        let labels = (0..side as u8).map(|k| char::from(b'A' + k)).collect();
        Regions {
            side,
            region,
            labels,
        }
    }

    /// The side of the board (4, 9, 16 or 25).
    pub fn side(&self) -> usize {
        self.side
    }

    /// The order (box side) of the boards the regions fit.
    pub fn order(&self) -> usize {
        (MIN_ORDER..=MAX_ORDER)
            .find(|n| n * n == self.side)
            .expect("regions have a supported side")
    }

    /// The region (0-based, in order of first appearance in reading order)
    /// of the cell at (`row`, `col`).
    ///
    /// # Panics
    /// If the cell is off the board.
    pub fn region_of(&self, row: usize, col: usize) -> usize {
        assert!(row < self.side && col < self.side, "cell off the board");
        usize::from(self.region[row * self.side + col])
    }

    /// The label of region `k` as written in the text.
    ///
    /// # Panics
    /// If `k` is not below the side.
    pub fn label(&self, k: usize) -> char {
        self.labels[k]
    }

    /// The regions as text: one line of labels per row.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.side * (self.side + 1));
        for row in self.region.chunks(self.side) {
            s.extend(row.iter().map(|&k| self.labels[usize::from(k)]));
            s.push('\n');
        }
        s
    }

    /// Are the cells of every region connected through shared edges?
    /// (Informational: the solver accepts scattered regions too.)
    pub fn is_contiguous(&self) -> bool {
        let side = self.side;
        let mut seen = vec![false; side * side];
        let mut stack = Vec::new();
        let mut components = 0;
        for start in 0..side * side {
            if seen[start] {
                continue;
            }
            components += 1;
            seen[start] = true;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                let (r, c) = (cell / side, cell % side);
                let near = [
                    (r > 0).then(|| cell - side),
                    (r + 1 < side).then(|| cell + side),
                    (c > 0).then(|| cell - 1),
                    (c + 1 < side).then(|| cell + 1),
                ];
                for n in near.into_iter().flatten() {
                    if !seen[n] && self.region[n] == self.region[cell] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        components == side
    }

    /// These regions with cell (r, c) moved to `map(r, c)`, for a bijection
    /// `map` of the cells.
    fn moved(&self, map: impl Fn(usize, usize) -> (usize, usize)) -> Regions {
        let side = self.side;
        let mut region = vec![0u8; side * side];
        for (cell, &k) in self.region.iter().enumerate() {
            let (r, c) = map(cell / side, cell % side);
            region[r * side + c] = k;
        }
        // Renumber in order of first appearance, so that equal layouts
        // compare equal.
        let mut order: Vec<Option<u8>> = vec![None; side];
        let mut labels = Vec::with_capacity(side);
        for k in region.iter_mut() {
            let old = usize::from(*k);
            *k = *order[old].get_or_insert_with(|| {
                labels.push(self.labels[old]);
                (labels.len() - 1) as u8
            });
        }
        Regions {
            side,
            region,
            labels,
        }
    }
}

/// Why a regions file was rejected: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}{}: {kind}", column.map(|c| format!(":{c}")).unwrap_or_default())]
pub struct RegionsError {
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column (in characters), when one cell is at fault.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: RegionsErrorKind,
}

/// What is wrong with a regions file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegionsErrorKind {
    /// The line is not valid UTF-8.
    #[error("not valid UTF-8 text")]
    NotUtf8,
    /// No row at all.
    #[error("no rows of region labels (expected a grid of 4, 9, 16 or 25 rows)")]
    Empty,
    /// The first row's length is not a supported side.
    #[error(
        "the first row has {} (expected 4, 9, 16 or 25: the side of the board)",
        Plural(*.0 as u64, "cell")
    )]
    Side(usize),
    /// A row with another length than the first.
    #[error("row has {} (expected {side}, like the first row)", Plural(*.got as u64, "cell"))]
    RowLength {
        /// Cells in this row.
        got: usize,
        /// Cells in the first row.
        side: usize,
    },
    /// More rows than the side.
    #[error("more than {side} rows (expected {side} rows of {side} cells)")]
    TooManyRows {
        /// The side.
        side: usize,
    },
    /// The text goes on past [`MAX_REGIONS_BYTES`] (the position is the
    /// first byte beyond it).
    #[error("the file is longer than {max} bytes (expected at most 25 rows of 25 labels, with comments)")]
    TooLarge {
        /// [`MAX_REGIONS_BYTES`].
        max: usize,
    },
    /// Fewer rows than the side.
    #[error("only {} (expected {side} rows of {side} cells)", Plural(*.got as u64, "row"))]
    TooFewRows {
        /// Rows found.
        got: usize,
        /// The side.
        side: usize,
    },
    /// A label beyond the side-th.
    #[error("label '{label}' starts region {} (expected {side} regions of {side} cells each)", side + 1)]
    TooManyRegions {
        /// The extra label.
        label: char,
        /// The side.
        side: usize,
    },
    /// Fewer labels than the side.
    #[error(
        "only {} (expected {side} regions of {side} cells each)",
        Plural(*.got as u64, "different label")
    )]
    TooFewRegions {
        /// Labels found.
        got: usize,
        /// The side.
        side: usize,
    },
    /// A region larger than the side (the position is its first extra cell);
    /// some other region is then smaller.
    #[error(
        "region '{label}' has {} (expected {side} regions of {side} cells each)",
        Plural(*.got as u64, "cell")
    )]
    RegionSize {
        /// The region's label.
        label: char,
        /// Its cells.
        got: usize,
        /// The side.
        side: usize,
    },
}

/// A relabelling of a board that turns every puzzle of a variant into an
/// equivalent one: rows and columns permuted, perhaps the board transposed,
/// and the values permuted. Solutions map to solutions, and the puzzle is
/// as hard as before; only the order in which the search meets its items
/// (its tie-breaks) changes.
///
/// For the classic Sudoku the rows move within bands and bands as wholes
/// (columns likewise), keeping the boxes. Under regions any row and column
/// permutation is fine, since the regions move along. With diagonals, the
/// same permutation moves rows and columns (possibly mirrored) and commutes
/// with the reversal i ↦ side-1-i, which maps the two diagonals onto
/// themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    /// Row r goes to row `rows[r]`.
    rows: Vec<usize>,
    /// Column c goes to column `cols[c]`.
    cols: Vec<usize>,
    /// Then rows and columns are swapped.
    transpose: bool,
    /// Value v goes to `values[v - 1] + 1`.
    values: Vec<u8>,
}

impl Transform {
    /// The identity on boards of `order`.
    pub fn identity(order: usize) -> Transform {
        let side = order * order;
        Transform {
            rows: (0..side).collect(),
            cols: (0..side).collect(),
            transpose: false,
            values: (0..side as u8).collect(),
        }
    }

    /// A random permutation of the values only: it keeps puzzles of every
    /// variant equivalent without moving any cell.
    pub fn relabel(order: usize, rng: &mut Rng) -> Transform {
        let side = order * order;
        Transform {
            values: rng.permutation(side).into_iter().map(|v| v as u8).collect(),
            ..Transform::identity(order)
        }
    }

    /// A random transform of boards of `order` that keeps puzzles of
    /// `variant` equivalent.
    pub fn random(variant: &Variant, order: usize, rng: &mut Rng) -> Transform {
        let side = order * order;
        let (rows, cols) = match (variant.diagonals, variant.regions.is_some()) {
            (false, false) => (band_shuffle(order, rng), band_shuffle(order, rng)),
            (false, true) => (rng.permutation(side), rng.permutation(side)),
            (true, regions) => {
                let p = if regions {
                    mirror_shuffle(side, rng)
                } else {
                    mirror_band_shuffle(order, rng)
                };
                let q = if rng.below(2) == 0 {
                    p.clone()
                } else {
                    p.iter().map(|&i| side - 1 - i).collect()
                };
                (p, q)
            }
        };
        let values = rng.permutation(side).into_iter().map(|v| v as u8).collect();
        Transform {
            rows,
            cols,
            transpose: rng.below(2) == 1,
            values,
        }
    }

    /// Where the cell at (`row`, `col`) goes.
    pub fn cell(&self, row: usize, col: usize) -> (usize, usize) {
        let (r, c) = (self.rows[row], self.cols[col]);
        if self.transpose {
            (c, r)
        } else {
            (r, c)
        }
    }

    /// The image of `board` (which must have this transform's size).
    ///
    /// # Panics
    /// If the board's side differs from the transform's.
    pub fn board(&self, board: &Board) -> Board {
        let side = board.side();
        assert_eq!(side, self.rows.len(), "board and transform sizes differ");
        let mut cells = vec![0u8; side * side];
        for (cell, &v) in board.cells().iter().enumerate() {
            let (r, c) = self.cell(cell / side, cell % side);
            cells[r * side + c] = if v == 0 {
                0
            } else {
                self.values[usize::from(v) - 1] + 1
            };
        }
        Board::from_cells(board.order(), cells).expect("a permutation keeps the board valid")
    }

    /// The image of `variant`: regions move with the cells; the diagonals
    /// stay (the transform keeps them, when built for a variant with
    /// diagonals).
    pub fn variant(&self, variant: &Variant) -> Variant {
        Variant {
            diagonals: variant.diagonals,
            regions: variant
                .regions
                .as_ref()
                .map(|r| r.moved(|row, col| self.cell(row, col))),
        }
    }
}

/// A permutation of the rows of a board of `order` that moves rows within
/// bands and bands as wholes.
fn band_shuffle(order: usize, rng: &mut Rng) -> Vec<usize> {
    let bands = rng.permutation(order);
    let mut p = Vec::with_capacity(order * order);
    for &band in &bands {
        let within = rng.permutation(order);
        p.extend(within.iter().map(|&j| band * order + j));
    }
    invert(&p)
}

/// A random permutation p of 0..k with p(k-1-i) = k-1-p(i).
fn mirror_shuffle(k: usize, rng: &mut Rng) -> Vec<usize> {
    let half = k / 2;
    let pairs = rng.permutation(half);
    let mut p: Vec<usize> = (0..k).collect();
    for (i, &j) in pairs.iter().enumerate() {
        let target = if rng.below(2) == 0 { j } else { k - 1 - j };
        p[i] = target;
        p[k - 1 - i] = k - 1 - target;
    }
    p
}

/// A permutation of the rows of a board of `order` that keeps bands (as
/// [`band_shuffle`]) and commutes with the reversal of the rows.
fn mirror_band_shuffle(order: usize, rng: &mut Rng) -> Vec<usize> {
    let bands = mirror_shuffle(order, rng);
    let mut within: Vec<Vec<usize>> = vec![Vec::new(); order];
    for b in 0..order {
        let mirror = order - 1 - b;
        within[b] = match b.cmp(&mirror) {
            std::cmp::Ordering::Less => rng.permutation(order),
            std::cmp::Ordering::Equal => mirror_shuffle(order, rng),
            std::cmp::Ordering::Greater => within[mirror]
                .iter()
                .rev()
                .map(|&j| order - 1 - j)
                .collect(),
        };
    }
    (0..order * order)
        .map(|i| {
            let (b, j) = (i / order, i % order);
            bands[b] * order + within[b][j]
        })
        .collect()
}

/// The inverse of permutation `p`.
fn invert(p: &[usize]) -> Vec<usize> {
    let mut q = vec![0; p.len()];
    for (i, &j) in p.iter().enumerate() {
        q[j] = i;
    }
    q
}

//! Counts the ways to pack the twelve pentominoes into a box of 60 cells.
//!
//! ```text
//! cargo run --release -p dlx-core --example pentominoes                    # 6x10: 9356
//! cargo run --release -p dlx-core --example pentominoes -- --one-quadrant  # 2339
//! cargo run --release -p dlx-core --example pentominoes -- 5x12            # 4040
//! cargo run --release -p dlx-core --example pentominoes -- 4x15            # 1472
//! cargo run --release -p dlx-core --example pentominoes -- 3x20            # 8
//! ```
//!
//! As an exact-cover problem (TAOCP 7.2.2.1) the items are the twelve pieces
//! and the cells of the box, all primary; an option is one piece in one
//! orientation at one place, covering the piece and its five cells. Only the
//! base shape of each piece is written down; its rotations and reflections
//! and its places in the box are computed.
//!
//! Every packing has four images under the symmetries of the box (two
//! reflections and the half turn), and all of them are counted. With
//! `--one-quadrant` the centre of the X piece (which no symmetry changes) is
//! kept in the top-left quadrant, which picks one image of each packing when
//! both sides are even (6x10: 9356 / 4 = 2339). When a side is odd, the X can
//! sit on the middle line and the packings with it there are still counted
//! with their mirror images.

use std::process::ExitCode;

use dlx_core::{OptionId, Problem};

/// The twelve pentominoes, named by Golomb's letters, each drawn in one
/// orientation (`#` is a cell).
pub const PIECES: [(char, &str); 12] = [
    ('F', ".##/##./.#."),
    ('I', "#####"),
    ('L', "####/#..."),
    ('N', "###./..##"),
    ('P', "##/##/#."),
    ('T', "###/.#./.#."),
    ('U', "#.#/###"),
    ('V', "#../#../###"),
    ('W', "#../##./.##"),
    ('X', ".#./###/.#."),
    ('Y', "####/.#.."),
    ('Z', "##./.#./.##"),
];

/// A shape as its cells `(row, column)`, moved so that the smallest row and
/// the smallest column are 0, and sorted.
pub type Shape = Vec<(usize, usize)>;

/// One option of the problem: a piece in one orientation at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The piece's letter.
    pub piece: char,
    /// The five cells `(row, column)` it covers in the box.
    pub cells: Vec<(usize, usize)>,
}

/// Pentomino packing as an exact-cover problem.
pub struct Pentominoes {
    /// The problem: items `0..12` are the pieces in the order of [`PIECES`],
    /// then the cells `(r, c)` as item `12 + r * cols + c`.
    pub problem: Problem,
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
    /// The placement of each option, by option id.
    pub placements: Vec<Placement>,
}

/// Parses a drawing such as `".#./###"` (rows separated by `/`).
fn parse_shape(drawing: &str) -> Shape {
    let mut cells: Shape = drawing
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.char_indices()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (r, c))
        })
        .collect();
    cells.sort_unstable();
    cells
}

/// Moves signed cells so that their smallest row and column are 0, sorted.
fn normalize(cells: &[(i32, i32)]) -> Shape {
    let min_r = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
    let min_c = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
    let mut shape: Shape = cells
        .iter()
        .map(|&(r, c)| ((r - min_r) as usize, (c - min_c) as usize))
        .collect();
    shape.sort_unstable();
    shape
}

/// The distinct orientations of a shape: its images under the four
/// rotations, with and without a reflection.
pub fn orientations(shape: &Shape) -> Vec<Shape> {
    let mut cells: Vec<(i32, i32)> = shape.iter().map(|&(r, c)| (r as i32, c as i32)).collect();
    let mut found: Vec<Shape> = Vec::new();
    for _reflection in 0..2 {
        for _rotation in 0..4 {
            let s = normalize(&cells);
            if !found.contains(&s) {
                found.push(s);
            }
            // A quarter turn: (r, c) -> (c, -r).
            cells = cells.iter().map(|&(r, c)| (c, -r)).collect();
        }
        // A mirror image: (r, c) -> (r, -c).
        cells = cells.iter().map(|&(r, c)| (r, -c)).collect();
    }
    found
}

impl Pentominoes {
    /// Builds the problem for a box of `rows`×`cols` cells. With
    /// `one_quadrant`, the X piece's centre `(r, c)` is restricted to
    /// `2r < rows` and `2c < cols`.
    ///
    /// Any box is accepted; only those of 60 cells can have solutions.
    pub fn new(rows: usize, cols: usize, one_quadrant: bool) -> Pentominoes {
        let mut problem = Problem::new(PIECES.len() + rows * cols, 0);
        let mut placements = Vec::new();
        for (p, &(piece, drawing)) in PIECES.iter().enumerate() {
            for shape in orientations(&parse_shape(drawing)) {
                let height = shape.iter().map(|&(r, _)| r).max().unwrap_or(0) + 1;
                let width = shape.iter().map(|&(_, c)| c).max().unwrap_or(0) + 1;
                for dr in 0..(rows + 1).saturating_sub(height) {
                    for dc in 0..(cols + 1).saturating_sub(width) {
                        // The X is symmetric, so its centre is always the
                        // middle cell of its 3x3 bounding box.
                        let (centre_r, centre_c) = (dr + 1, dc + 1);
                        if one_quadrant
                            && piece == 'X'
                            && (2 * centre_r >= rows || 2 * centre_c >= cols)
                        {
                            continue;
                        }
                        let cells: Vec<(usize, usize)> =
                            shape.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                        let mut items = vec![problem.primary(p)];
                        items.extend(
                            cells
                                .iter()
                                .map(|&(r, c)| problem.primary(PIECES.len() + r * cols + c)),
                        );
                        problem
                            .add_option(items)
                            .expect("a piece and five distinct cells of the box");
                        placements.push(Placement { piece, cells });
                    }
                }
            }
        }
        Pentominoes {
            problem,
            rows,
            cols,
            placements,
        }
    }

    /// A solution drawn as the box with each cell showing its piece's letter
    /// (`.` for a cell no option covers).
    pub fn render(&self, solution: &[OptionId]) -> String {
        let mut grid = vec![vec!['.'; self.cols]; self.rows];
        for &o in solution {
            let placement = &self.placements[o.index()];
            for &(r, c) in &placement.cells {
                grid[r][c] = placement.piece;
            }
        }
        grid.into_iter()
            .map(|row| row.into_iter().collect::<String>() + "\n")
            .collect()
    }
}

/// The box size and the symmetry option from the command line.
fn parse_args(args: impl Iterator<Item = String>) -> Result<(usize, usize, bool), String> {
    let (mut rows, mut cols, mut one_quadrant) = (6, 10, false);
    for arg in args {
        if arg == "--one-quadrant" {
            one_quadrant = true;
            continue;
        }
        let size = arg
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
        match size {
            Some((r, c)) if r.checked_mul(c) == Some(60) => (rows, cols) = (r, c),
            Some(_) => return Err(format!("the box {arg} does not have 60 cells")),
            None => return Err(format!("expected ROWSxCOLS or --one-quadrant, got {arg:?}")),
        }
    }
    Ok((rows, cols, one_quadrant))
}

fn main() -> ExitCode {
    let (rows, cols, one_quadrant) = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("pentominoes: {message}");
            eprintln!("usage: pentominoes [ROWSxCOLS] [--one-quadrant]   (default 6x10)");
            return ExitCode::from(2);
        }
    };
    let mut box_ = Pentominoes::new(rows, cols, one_quadrant);
    if let Some(first) = box_.problem.first_solution() {
        print!("{}", box_.render(&first));
    }
    let quadrant = if one_quadrant {
        ", X in one quadrant"
    } else {
        ""
    };
    println!(
        "pentominoes in {rows}x{cols}{quadrant}: {} solutions",
        box_.problem.count()
    );
    ExitCode::SUCCESS
}

//! Counts the ways to pack a box with the tetrominoes I, O, T, S and L when
//! each may be used a bounded number of times: an exact cover with
//! multiplicities (Knuth's MCC problems, his program DLX3).
//!
//! ```text
//! cargo run --release -p dlx-core --example tetrominoes                 # 5x8, two of each: 3106
//! cargo run --release -p dlx-core --example tetrominoes -- 4x10         # 1796
//! cargo run --release -p dlx-core --example tetrominoes -- 4x6 1:2      # 1 or 2 of each
//! ```
//!
//! The items are the five pieces and the cells of the box, all primary.
//! Every cell is covered exactly once, as in the pentomino example; a piece
//! is covered between `LO` and `HI` times (default 2:2), which is the
//! bound [`Problem::set_bounds`] puts on its item. An option is one piece in
//! one fixed orientation at one place: the piece's item and its four cells.
//! Every rotation and reflection is allowed, so the S stands for the Z too
//! and the L for the J; orientations that coincide (the O's eight images
//! are one) are kept once, or every packing would be counted several times.
//!
//! A solution is a *set* of options, so the copies of a piece are
//! interchangeable: two S's at two places are one packing, not two. Each
//! packing is still counted with all its images under the symmetries of the
//! box. The program checks every packing it finds by the rules (each cell
//! once, each piece within its bounds, each placement a true orientation of
//! its piece) and that no packing is found twice.

use std::collections::HashSet;
use std::process::ExitCode;

use dlx_core::{OptionId, Problem};

/// The five tetrominoes, each drawn in one orientation (`#` is a cell).
pub const PIECES: [(char, &str); 5] = [
    ('I', "####"),
    ('O', "##/##"),
    ('T', "###/.#."),
    ('S', ".##/##."),
    ('L', "###/#.."),
];

/// A shape as its cells `(row, column)`, moved so that the smallest row and
/// the smallest column are 0, and sorted.
pub type Shape = Vec<(usize, usize)>;

/// One option of the problem: a piece in one orientation at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The piece's index in [`PIECES`].
    pub piece: usize,
    /// The four cells `(row, column)` it covers in the box.
    pub cells: Vec<(usize, usize)>,
}

/// Tetromino packing with bounded copies as an MCC problem.
pub struct Tetrominoes {
    /// The problem: items `0..5` are the pieces in the order of [`PIECES`]
    /// (bounds `lo..=hi`), then the cells `(r, c)` as item `5 + r * cols + c`.
    pub problem: Problem,
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
    /// The fewest copies of each piece.
    pub lo: u32,
    /// The most copies of each piece.
    pub hi: u32,
    /// The placement of each option, by option id.
    pub placements: Vec<Placement>,
}

/// Parses a drawing such as `".##/##."` (rows separated by `/`).
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

/// The distinct fixed orientations of a shape: its images under the four
/// rotations, with and without a reflection, each kept once.
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

impl Tetrominoes {
    /// Builds the problem for a box of `rows`×`cols` cells with between
    /// `lo` and `hi` copies of each piece (`1 <= hi`, `lo <= hi`).
    pub fn new(rows: usize, cols: usize, lo: u32, hi: u32) -> Tetrominoes {
        let mut problem = Problem::new(PIECES.len() + rows * cols, 0);
        for p in 0..PIECES.len() {
            problem
                .set_bounds(problem.primary(p), lo, hi)
                .expect("a primary item and 1 <= hi, lo <= hi");
        }
        let mut placements = Vec::new();
        for (p, &(_, drawing)) in PIECES.iter().enumerate() {
            for shape in orientations(&parse_shape(drawing)) {
                let height = shape.iter().map(|&(r, _)| r).max().unwrap_or(0) + 1;
                let width = shape.iter().map(|&(_, c)| c).max().unwrap_or(0) + 1;
                for dr in 0..(rows + 1).saturating_sub(height) {
                    for dc in 0..(cols + 1).saturating_sub(width) {
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
                            .expect("a piece and four distinct cells of the box");
                        placements.push(Placement { piece: p, cells });
                    }
                }
            }
        }
        Tetrominoes {
            problem,
            rows,
            cols,
            lo,
            hi,
            placements,
        }
    }

    /// Checks a packing by the rules, independently of the problem's items:
    /// every cell of the box is covered exactly once, every piece is used
    /// between `lo` and `hi` times, and every placement is one of its
    /// piece's orientations moved into the box.
    ///
    /// # Panics
    /// If a rule is broken.
    pub fn check(&self, solution: &[OptionId]) {
        let mut covered = vec![vec![0u32; self.cols]; self.rows];
        let mut used = [0u32; PIECES.len()];
        for &o in solution {
            let placement = &self.placements[o.index()];
            used[placement.piece] += 1;
            let signed: Vec<(i32, i32)> = placement
                .cells
                .iter()
                .map(|&(r, c)| (r as i32, c as i32))
                .collect();
            let base = parse_shape(PIECES[placement.piece].1);
            assert!(
                orientations(&base).contains(&normalize(&signed)),
                "option {o} is not a {}",
                PIECES[placement.piece].0
            );
            for &(r, c) in &placement.cells {
                covered[r][c] += 1;
            }
        }
        for (r, row) in covered.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                assert_eq!(n, 1, "cell ({r}, {c}) covered {n} times");
            }
        }
        for (p, &n) in used.iter().enumerate() {
            assert!(
                (self.lo..=self.hi).contains(&n),
                "{} used {n} times, not {}..={}",
                PIECES[p].0,
                self.lo,
                self.hi
            );
        }
    }

    /// Counts the packings by plain backtracking, as an oracle that shares
    /// nothing with the dancing links: the first empty cell in reading order
    /// must be the first cell of some orientation of some piece with copies
    /// left, which finds every packing exactly once.
    pub fn count_by_backtracking(&self) -> u64 {
        let shapes: Vec<(usize, Shape)> = PIECES
            .iter()
            .enumerate()
            .flat_map(|(p, &(_, drawing))| {
                orientations(&parse_shape(drawing))
                    .into_iter()
                    .map(move |s| (p, s))
            })
            .collect();
        let mut grid = vec![false; self.rows * self.cols];
        let mut used = [0u32; PIECES.len()];
        self.backtrack(&shapes, &mut grid, &mut used)
    }

    fn backtrack(&self, shapes: &[(usize, Shape)], grid: &mut [bool], used: &mut [u32]) -> u64 {
        let Some(first) = grid.iter().position(|&full| !full) else {
            return u64::from(used.iter().all(|&n| n >= self.lo));
        };
        let (r0, c0) = (first / self.cols, first % self.cols);
        let mut count = 0;
        for (p, shape) in shapes {
            if used[*p] == self.hi {
                continue;
            }
            // The shape's first cell (in reading order) goes on `first`.
            let (sr, sc) = shape[0];
            let cells: Option<Vec<usize>> = shape
                .iter()
                .map(|&(r, c)| {
                    let r = (r0 + r).checked_sub(sr)?;
                    let c = (c0 + c).checked_sub(sc)?;
                    (r < self.rows && c < self.cols && !grid[r * self.cols + c])
                        .then_some(r * self.cols + c)
                })
                .collect();
            if let Some(cells) = cells {
                cells.iter().for_each(|&x| grid[x] = true);
                used[*p] += 1;
                count += self.backtrack(shapes, grid, used);
                used[*p] -= 1;
                cells.iter().for_each(|&x| grid[x] = false);
            }
        }
        count
    }

    /// A solution drawn as the box with each cell showing its piece's letter
    /// (`.` for a cell no option covers).
    pub fn render(&self, solution: &[OptionId]) -> String {
        let mut grid = vec![vec!['.'; self.cols]; self.rows];
        for &o in solution {
            let placement = &self.placements[o.index()];
            for &(r, c) in &placement.cells {
                grid[r][c] = PIECES[placement.piece].0;
            }
        }
        grid.into_iter()
            .map(|row| row.into_iter().collect::<String>() + "\n")
            .collect()
    }
}

/// The command line: the box and the bounds.
#[derive(Clone, Copy, Debug)]
struct Config {
    rows: usize,
    cols: usize,
    lo: u32,
    hi: u32,
}

/// Reads `[ROWSxCOLS] [LO:HI]` (defaults 5x8 and 2:2).
fn parse_args(args: impl Iterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        rows: 5,
        cols: 8,
        lo: 2,
        hi: 2,
    };
    for arg in args {
        if let Some((lo, hi)) = arg.split_once(':') {
            match (lo.parse::<u32>(), hi.parse::<u32>()) {
                (Ok(lo), Ok(hi)) if 1 <= hi && lo <= hi && hi <= 100 => {
                    (config.lo, config.hi) = (lo, hi);
                }
                _ => return Err(format!("expected bounds LO:HI with LO <= HI, got {arg:?}")),
            }
        } else if let Some((r, c)) = arg.split_once('x') {
            match (r.parse::<usize>(), c.parse::<usize>()) {
                (Ok(r), Ok(c)) if (1..=64).contains(&r) && (1..=64).contains(&c) => {
                    (config.rows, config.cols) = (r, c);
                }
                _ => return Err(format!("expected a box ROWSxCOLS up to 64x64, got {arg:?}")),
            }
        } else {
            return Err(format!("expected ROWSxCOLS or LO:HI, got {arg:?}"));
        }
    }
    Ok(config)
}

fn main() -> ExitCode {
    let Config { rows, cols, lo, hi } = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("tetrominoes: {message}");
            eprintln!("usage: tetrominoes [ROWSxCOLS] [LO:HI]   (default 5x8 2:2)");
            return ExitCode::from(2);
        }
    };
    let mut packing = Tetrominoes::new(rows, cols, lo, hi);
    println!(
        "tetrominoes IOTSL, {lo} to {hi} of each, in {rows}x{cols}: {} options",
        packing.problem.option_count()
    );
    if let Some(first) = packing.problem.first_solution() {
        packing.check(&first);
        print!("{}", packing.render(&first));
    }
    let stats = packing.problem.count_with_stats();
    // Every packing again, each checked by the rules and seen only once.
    let mut seen = HashSet::new();
    let all: Vec<Vec<OptionId>> = packing.problem.solutions().collect();
    for solution in all {
        packing.check(&solution);
        let mut key = solution;
        key.sort_unstable();
        assert!(seen.insert(key), "a packing was found twice");
    }
    assert_eq!(seen.len() as u64, stats.solutions);
    let oracle = packing.count_by_backtracking();
    assert_eq!(stats.solutions, oracle, "plain backtracking disagrees");
    println!(
        "{} packings ({:?} search: {} nodes, {} updates), each checked; backtracking agrees",
        stats.solutions,
        packing.problem.kind(),
        stats.nodes,
        stats.updates
    );
    ExitCode::SUCCESS
}

//! Solves an edge-matching puzzle: square tiles with a color on each edge
//! fill a board, each tile once and in any rotation, so that neighbouring
//! edges have the same color and the edges on the border of the board, and
//! only those, have the border color 0. It is an exact cover with colors
//! (Knuth's XCC problems, his program DLX2).
//!
//! ```text
//! cargo run --release -p dlx-core --example edge_matching                      # 5x5, 4 colors: 24
//! cargo run --release -p dlx-core --example edge_matching -- --seed 2          # 32
//! cargo run --release -p dlx-core --example edge_matching -- 5x5 --colors 3    # 8512
//! cargo run --release -p dlx-core --example edge_matching -- 7x7 --colors 7    # 8
//! ```
//!
//! The puzzle is made from the seed: every inner edge of the board gets a
//! random color `1..=K`, the tiles are cut out, shuffled and turned at
//! random. So it has at least one solution, and often more.
//!
//! The primary items are the tiles and the cells; the secondary items are
//! the inner edges between two neighbouring cells. An option puts one tile
//! in one rotation on one cell: the tile, the cell, and the inner edges of
//! the cell, each colored by the tile's color on that side. Two tiles that
//! share an edge can both be chosen only when they give it the same color.
//! The border rule is kept when the options are made: a tile goes on a cell
//! in a rotation only when its 0 sides face the border, and only they.
//! Rotations of a tile that look the same are one option, not several.
//!
//! The tiles are numbered, so two tiles that look the same give two
//! solutions when they swap places; and turning a whole solution around
//! (a half turn, or a quarter turn on a square board) gives another
//! solution. The program also counts the distinct pictures (the colors of
//! all edges), checks every solution by the rules, and compares the count
//! with plain backtracking, cell by cell.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use dlx_core::{Color, Item, OptionId, Problem};

/// Solutions are enumerated and checked one by one up to this many.
const CHECK_ALL: u64 = 1_000_000;

/// The colors of a tile's sides, clockwise from the top: north, east,
/// south, west. Color 0 is the border.
pub type Tile = [u32; 4];

const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

/// A tile turned clockwise by `quarter` quarter turns: its old west side
/// is its new north side after one turn.
pub fn rotate(tile: Tile, quarter: usize) -> Tile {
    std::array::from_fn(|side| tile[(side + 4 - quarter % 4) % 4])
}

/// Sebastiano Vigna's SplitMix64, a tiny seeded generator.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`; the tiny bias of `%` does not matter
    /// here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Makes a solvable puzzle of `rows`×`cols` tiles with inner colors
/// `1..=colors`: the tiles of a random board, shuffled and turned.
pub fn make_puzzle(rows: usize, cols: usize, colors: u32, seed: u64) -> Vec<Tile> {
    let mut rng = SplitMix64(seed);
    let mut color = || 1 + rng.below(colors as usize) as u32;
    // across[r][c]: the edge between (r, c) and (r, c + 1);
    // down[r][c]: the edge between (r, c) and (r + 1, c).
    let across: Vec<Vec<u32>> = (0..rows)
        .map(|_| (0..cols - 1).map(|_| color()).collect())
        .collect();
    let down: Vec<Vec<u32>> = (0..rows - 1)
        .map(|_| (0..cols).map(|_| color()).collect())
        .collect();
    let mut tiles: Vec<Tile> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            tiles.push([
                if r > 0 { down[r - 1][c] } else { 0 },
                if c + 1 < cols { across[r][c] } else { 0 },
                if r + 1 < rows { down[r][c] } else { 0 },
                if c > 0 { across[r][c - 1] } else { 0 },
            ]);
        }
    }
    // Fisher–Yates, and a random turn for each tile.
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, rng.below(i + 1));
    }
    tiles.iter().map(|&t| rotate(t, rng.below(4))).collect()
}

/// One option: a tile, turned, on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The tile's index.
    pub tile: usize,
    /// Quarter turns clockwise, `0..4`.
    pub quarter: usize,
    /// The cell `(row, column)`.
    pub cell: (usize, usize),
}

/// An edge-matching puzzle as an XCC problem.
pub struct EdgeMatching {
    /// The problem: items `0..n` are the tiles, `n..2n` the cells
    /// `(r, c)` as item `n + r * cols + c` (primary, `n = rows * cols`);
    /// then the inner edges (secondary): the edge east of `(r, c)` is
    /// item `r * (cols - 1) + c`, the edge south of `(r, c)` is item
    /// `rows * (cols - 1) + r * cols + c`.
    pub problem: Problem,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The tiles as given.
    pub tiles: Vec<Tile>,
    /// The placement of each option, by option id.
    pub placements: Vec<Placement>,
}

/// Which sides of cell `(r, c)` face the border of the board.
fn border_sides(rows: usize, cols: usize, (r, c): (usize, usize)) -> [bool; 4] {
    [r == 0, c + 1 == cols, r + 1 == rows, c == 0]
}

impl EdgeMatching {
    /// Builds the problem for placing `tiles` on a board of `rows`×`cols`
    /// cells (`tiles.len() == rows * cols`).
    pub fn new(rows: usize, cols: usize, tiles: Vec<Tile>) -> EdgeMatching {
        let n = rows * cols;
        assert_eq!(tiles.len(), n, "one tile per cell");
        let east_edges = rows * (cols - 1);
        let mut problem = Problem::new(2 * n, east_edges + (rows - 1) * cols);
        let mut placements = Vec::new();
        for (t, &tile) in tiles.iter().enumerate() {
            let mut turns: Vec<Tile> = Vec::new();
            for quarter in 0..4 {
                let turned = rotate(tile, quarter);
                if turns.contains(&turned) {
                    continue;
                }
                turns.push(turned);
                for r in 0..rows {
                    for c in 0..cols {
                        let border = border_sides(rows, cols, (r, c));
                        if (0..4).any(|side| border[side] != (turned[side] == 0)) {
                            continue;
                        }
                        // The secondary item of each inner side of the cell.
                        let edges: [Option<usize>; 4] = [
                            (r > 0).then(|| east_edges + (r - 1) * cols + c),
                            (c + 1 < cols).then(|| r * (cols - 1) + c),
                            (r + 1 < rows).then(|| east_edges + r * cols + c),
                            (c > 0).then(|| r * (cols - 1) + c - 1),
                        ];
                        let mut entries: Vec<(Item, Option<Color>)> = vec![
                            (problem.primary(t), None),
                            (problem.primary(n + r * cols + c), None),
                        ];
                        for side in 0..4 {
                            if let Some(edge) = edges[side] {
                                let color = Color::new(turned[side] as usize);
                                entries.push((problem.secondary(edge), Some(color)));
                            }
                        }
                        problem
                            .add_colored_option(entries)
                            .expect("a tile, a cell and its distinct inner edges");
                        placements.push(Placement {
                            tile: t,
                            quarter,
                            cell: (r, c),
                        });
                    }
                }
            }
        }
        EdgeMatching {
            problem,
            rows,
            cols,
            tiles,
            placements,
        }
    }

    /// The board of a solution: the tile and its turned sides on each cell.
    pub fn board(&self, solution: &[OptionId]) -> Vec<Vec<Option<(usize, Tile)>>> {
        let mut board = vec![vec![None; self.cols]; self.rows];
        for &o in solution {
            let Placement {
                tile,
                quarter,
                cell: (r, c),
            } = self.placements[o.index()];
            assert!(board[r][c].is_none(), "two tiles on ({r}, {c})");
            board[r][c] = Some((tile, rotate(self.tiles[tile], quarter)));
        }
        board
    }

    /// Checks a solution by the rules, on the board rather than the items:
    /// every cell has a tile, every tile is used once, neighbouring sides
    /// have the same color, and the sides with color 0 are exactly those
    /// on the border.
    ///
    /// # Panics
    /// If a rule is broken.
    pub fn check(&self, solution: &[OptionId]) {
        let board = self.board(solution);
        let mut used = vec![false; self.tiles.len()];
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (tile, sides) = board[r][c].expect("every cell has a tile");
                assert!(!used[tile], "tile {tile} used twice");
                used[tile] = true;
                let border = border_sides(self.rows, self.cols, (r, c));
                for side in 0..4 {
                    assert_eq!(
                        border[side],
                        sides[side] == 0,
                        "side {side} of ({r}, {c}) breaks the border rule"
                    );
                }
                if c + 1 < self.cols {
                    let (_, east) = board[r][c + 1].expect("every cell has a tile");
                    assert_eq!(sides[EAST], east[WEST], "({r}, {c}) and its east");
                }
                if r + 1 < self.rows {
                    let (_, south) = board[r + 1][c].expect("every cell has a tile");
                    assert_eq!(sides[SOUTH], south[NORTH], "({r}, {c}) and its south");
                }
            }
        }
    }

    /// The picture of a solution: the colors of every cell's sides, with
    /// the tile numbers left out.
    pub fn picture(&self, solution: &[OptionId]) -> Vec<Tile> {
        self.board(solution)
            .into_iter()
            .flatten()
            .map(|cell| cell.map_or([0; 4], |(_, sides)| sides))
            .collect()
    }

    /// A solution drawn in ASCII: each cell shows its tile number in the
    /// middle and its colors on the four sides (`.` for the border, `a`
    /// for color 1, `b` for 2, ...).
    pub fn render(&self, solution: &[OptionId]) -> String {
        let board = self.board(solution);
        let color = |k: u32| match k {
            0 => '.',
            k => char::from(b'a' + (k - 1) as u8),
        };
        let rule = "+-------".repeat(self.cols) + "+\n";
        let mut out = rule.clone();
        for row in &board {
            let mut lines = [String::new(), String::new(), String::new()];
            for cell in row {
                let (tile, s) = cell.expect("every cell has a tile");
                let _ = write!(lines[0], "|   {}   ", color(s[NORTH]));
                let _ = write!(
                    lines[1],
                    "|{} {:^3} {}",
                    color(s[WEST]),
                    tile,
                    color(s[EAST])
                );
                let _ = write!(lines[2], "|   {}   ", color(s[SOUTH]));
            }
            for line in lines {
                out += &line;
                out += "|\n";
            }
            out += &rule;
        }
        out
    }
}

/// Counts the solutions by plain backtracking: fill the cells in reading
/// order, trying every unused tile in every distinct turn that fits its
/// north and west neighbours and the border.
pub fn count_by_backtracking(rows: usize, cols: usize, tiles: &[Tile]) -> u64 {
    fn fill(
        rows: usize,
        cols: usize,
        turns: &[Vec<Tile>],
        used: &mut [bool],
        placed: &mut Vec<Tile>,
    ) -> u64 {
        let cell = placed.len();
        if cell == rows * cols {
            return 1;
        }
        let (r, c) = (cell / cols, cell % cols);
        let border = border_sides(rows, cols, (r, c));
        let mut count = 0;
        for t in 0..turns.len() {
            if used[t] {
                continue;
            }
            for &sides in &turns[t] {
                let fits = (0..4).all(|side| border[side] == (sides[side] == 0))
                    && (r == 0 || placed[cell - cols][SOUTH] == sides[NORTH])
                    && (c == 0 || placed[cell - 1][EAST] == sides[WEST]);
                if fits {
                    used[t] = true;
                    placed.push(sides);
                    count += fill(rows, cols, turns, used, placed);
                    placed.pop();
                    used[t] = false;
                }
            }
        }
        count
    }
    let turns: Vec<Vec<Tile>> = tiles
        .iter()
        .map(|&tile| {
            let mut distinct: Vec<Tile> = Vec::new();
            for quarter in 0..4 {
                let turned = rotate(tile, quarter);
                if !distinct.contains(&turned) {
                    distinct.push(turned);
                }
            }
            distinct
        })
        .collect();
    let mut used = vec![false; tiles.len()];
    fill(rows, cols, &turns, &mut used, &mut Vec::new())
}

/// The command line.
#[derive(Clone, Copy, Debug)]
struct Config {
    rows: usize,
    cols: usize,
    colors: u32,
    seed: u64,
}

/// Reads `[ROWSxCOLS] [--colors K] [--seed S]` (defaults 5x5, 4, 1).
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        rows: 5,
        cols: 5,
        colors: 4,
        seed: 1,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--colors" => {
                let k = args.next().unwrap_or_default();
                config.colors = match k.parse() {
                    Ok(k) if (1..=26).contains(&k) => k,
                    _ => return Err(format!("--colors needs 1 to 26, got {k:?}")),
                };
            }
            "--seed" => {
                let s = args.next().unwrap_or_default();
                config.seed = s
                    .parse()
                    .map_err(|_| format!("--seed needs a number, got {s:?}"))?;
            }
            _ => {
                let size = arg
                    .split_once('x')
                    .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
                match size {
                    Some((r, c)) if (2..=16).contains(&r) && (2..=16).contains(&c) => {
                        (config.rows, config.cols) = (r, c);
                    }
                    _ => return Err(format!("expected ROWSxCOLS from 2x2 to 16x16, got {arg:?}")),
                }
            }
        }
    }
    Ok(config)
}

fn main() -> ExitCode {
    let Config {
        rows,
        cols,
        colors,
        seed,
    } = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("edge_matching: {message}");
            eprintln!(
                "usage: edge_matching [ROWSxCOLS] [--colors K] [--seed S]   (default 5x5 4 1)"
            );
            return ExitCode::from(2);
        }
    };
    let tiles = make_puzzle(rows, cols, colors, seed);
    let mut puzzle = EdgeMatching::new(rows, cols, tiles.clone());
    println!(
        "{rows}x{cols} board, {colors} inner colors, seed {seed}: {} options",
        puzzle.problem.option_count()
    );
    let color = |k: u32| {
        if k == 0 {
            '.'
        } else {
            char::from(b'a' + (k - 1) as u8)
        }
    };
    let listed: Vec<String> = tiles
        .iter()
        .enumerate()
        .map(|(t, tile)| format!("{t}:{}", tile.iter().map(|&k| color(k)).collect::<String>()))
        .collect();
    println!("tiles (north east south west): {}", listed.join(" "));

    let Some(first) = puzzle.problem.first_solution() else {
        panic!("the puzzle was made from a solution, yet none was found");
    };
    puzzle.check(&first);
    print!("{}", puzzle.render(&first));

    let start = Instant::now();
    let stats = puzzle.problem.count_with_stats();
    let dlx_time = start.elapsed();
    println!(
        "{} solutions ({} search nodes, {} updates, {dlx_time:.2?})",
        stats.solutions, stats.nodes, stats.updates
    );
    if stats.solutions <= CHECK_ALL {
        let all: Vec<Vec<OptionId>> = puzzle.problem.solutions().collect();
        assert_eq!(all.len() as u64, stats.solutions);
        let mut boards = HashSet::new();
        let mut pictures = HashSet::new();
        for solution in &all {
            puzzle.check(solution);
            assert!(
                boards.insert(puzzle.board(solution)),
                "a solution found twice"
            );
            pictures.insert(puzzle.picture(solution));
        }
        println!(
            "all {} checked, all distinct; {} distinct pictures",
            all.len(),
            pictures.len()
        );
    }
    let start = Instant::now();
    let oracle = count_by_backtracking(rows, cols, &tiles);
    assert_eq!(stats.solutions, oracle, "plain backtracking disagrees");
    println!("plain backtracking agrees ({:.2?})", start.elapsed());
    ExitCode::SUCCESS
}

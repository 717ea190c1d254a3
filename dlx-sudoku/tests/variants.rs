//! Sudoku variants (X-Sudoku, jigsaw, both) through the library and the
//! `dlx-sudoku` program.
//!
//! Answers are judged by [`Rules`], written here from the variants' rules:
//! every house a permutation, clues kept, and a plain backtracking counter
//! (bit masks, fewest candidates first, no exact cover) for uniqueness. The
//! region layouts are read by this file's own parser, not the library's.
//!
//! Past the house's ~800 lines on purpose: the oracle (a solver and a
//! regions parser of its own) and the cases it checks stay in one file.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use dlx_sudoku::generate::{Generator, Options};
use dlx_sudoku::programs::dlx_sudoku::{run, Args, Exit};
use dlx_sudoku::rng::Rng;
use dlx_sudoku::solver::{Outcome, Solver, Unit};
use dlx_sudoku::variant::{Regions, RegionsErrorKind, Transform, Variant};
use dlx_sudoku::{Board, SolverConfig};

// ---------------------------------------------------------------------------
// The oracle

/// The houses of a variant, built from the rules alone.
pub struct Rules {
    pub side: usize,
    pub houses: Vec<Vec<usize>>,
    /// The houses of each cell.
    of_cell: Vec<Vec<usize>>,
}

impl Rules {
    fn from_houses(side: usize, houses: Vec<Vec<usize>>) -> Rules {
        let mut of_cell = vec![Vec::new(); side * side];
        for (h, cells) in houses.iter().enumerate() {
            assert_eq!(cells.len(), side, "house {h} has {} cells", cells.len());
            for &c in cells {
                of_cell[c].push(h);
            }
        }
        Rules {
            side,
            houses,
            of_cell,
        }
    }

    fn lines(side: usize) -> Vec<Vec<usize>> {
        let rows = (0..side).map(|r| (0..side).map(|c| r * side + c).collect());
        let cols = (0..side).map(|c| (0..side).map(|r| r * side + c).collect());
        rows.chain(cols).collect()
    }

    fn diagonals(side: usize) -> [Vec<usize>; 2] {
        [
            (0..side).map(|i| i * side + i).collect(),
            (0..side).map(|i| i * side + side - 1 - i).collect(),
        ]
    }

    /// Rows, columns and n×n boxes.
    pub fn classic(order: usize) -> Rules {
        let side = order * order;
        let mut houses = Rules::lines(side);
        for b in 0..side {
            let (r0, c0) = ((b / order) * order, (b % order) * order);
            houses.push(
                (0..side)
                    .map(|k| (r0 + k / order) * side + c0 + k % order)
                    .collect(),
            );
        }
        Rules::from_houses(side, houses)
    }

    /// Classic plus both main diagonals.
    pub fn x(order: usize) -> Rules {
        let mut rules = Rules::classic(order);
        rules.houses.extend(Rules::diagonals(rules.side));
        Rules::from_houses(rules.side, rules.houses)
    }

    /// Rows, columns and the regions of a layout (one line of labels per
    /// row), plus the diagonals when asked.
    pub fn jigsaw(layout: &str, diagonals: bool) -> Rules {
        let rows: Vec<Vec<char>> = layout
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect())
            .filter(|r: &Vec<char>| !r.is_empty())
            .collect();
        let side = rows.len();
        let mut labels: Vec<char> = Vec::new();
        let mut regions = vec![Vec::new(); side];
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), side, "layout row {r}");
            for (c, &ch) in row.iter().enumerate() {
                let k = labels.iter().position(|&l| l == ch).unwrap_or_else(|| {
                    labels.push(ch);
                    labels.len() - 1
                });
                regions[k].push(r * side + c);
            }
        }
        let mut houses = Rules::lines(side);
        houses.extend(regions);
        if diagonals {
            houses.extend(Rules::diagonals(side));
        }
        Rules::from_houses(side, houses)
    }

    /// `Ok` when `solution` is full, keeps the clues of `puzzle` and holds
    /// every value once in every house.
    pub fn check_solution(&self, puzzle: &[u8], solution: &[u8]) -> Result<(), String> {
        let side = self.side;
        if solution.len() != side * side {
            return Err(format!("{} cells", solution.len()));
        }
        for (i, (&p, &s)) in puzzle.iter().zip(solution).enumerate() {
            if s == 0 || usize::from(s) > side {
                return Err(format!("cell {i} holds {s}"));
            }
            if p != 0 && p != s {
                return Err(format!("clue {p} at cell {i} changed to {s}"));
            }
        }
        for (h, cells) in self.houses.iter().enumerate() {
            let mut seen = vec![false; side + 1];
            for &c in cells {
                let v = usize::from(solution[c]);
                if seen[v] {
                    return Err(format!("house {h} has {v} twice"));
                }
                seen[v] = true;
            }
        }
        Ok(())
    }

    /// Solutions of `puzzle` under these rules, counted up to `limit` by
    /// plain backtracking.
    pub fn count(&self, puzzle: &[u8], limit: u64) -> u64 {
        let mut used = vec![0u32; self.houses.len()];
        for (cell, &v) in puzzle.iter().enumerate() {
            if v != 0 {
                for &h in &self.of_cell[cell] {
                    if used[h] & (1 << v) != 0 {
                        return 0;
                    }
                    used[h] |= 1 << v;
                }
            }
        }
        let mut cells = puzzle.to_vec();
        let mut found = 0;
        self.search(&mut cells, &mut used, limit, &mut found);
        found
    }

    fn search(&self, cells: &mut [u8], used: &mut [u32], limit: u64, found: &mut u64) {
        let all = ((1u32 << self.side) - 1) << 1;
        let mut best: Option<(usize, u32)> = None;
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let taken = self.of_cell[cell].iter().fold(0, |m, &h| m | used[h]);
            let free = all & !taken;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mut free)) = best else {
            *found += 1;
            return;
        };
        while free != 0 && *found < limit {
            let v = free.trailing_zeros();
            free &= free - 1;
            cells[cell] = v as u8;
            for &h in &self.of_cell[cell] {
                used[h] |= 1 << v;
            }
            self.search(cells, used, limit, found);
            for &h in &self.of_cell[cell] {
                used[h] &= !(1 << v);
            }
        }
        cells[cell] = 0;
    }
}

// ---------------------------------------------------------------------------
// Layouts (made for these tests: boxes reshaped by swapping cells along
// region borders; each admits a grid, which the tests confirm)

/// A contiguous 9×9 jigsaw layout.
pub const JIGSAW9: &str = "\
AAAABBBCC
AAAABCCCC
ABBBBCEEC
DBDEEEEEC
DDDEEFFFF
DDDDFFFIF
GGGGHIIIF
GGHHHHIII
GGGHHHHII
";

/// A 4×4 jigsaw layout.
pub const JIGSAW4: &str = "\
AABB
CABB
CADD
CCDD
";

/// A contiguous 16×16 jigsaw layout.
pub const JIGSAW16: &str = "\
AAAABBBBCCCDDDDD
AAAAABBBCCDDDCDD
AAAABBBBCCCCCCDD
EAABBFBBCCCCDDDH
EEAEEFBFGGGHHDHH
EEEEEFFFFGGHHHHH
EEFFFFFGGGGHGGHH
EIIIFFFFGGGGGHHL
EEEIIJJJKKKKKHLL
IIIIJJJJKLLLLLLL
IIJJJJJJKLKKKKLL
MIIIIJNJKKKKPKLL
MMINNJNOOOPPPPPL
MMMMNNNNOOPPPOPP
MMMMNNNNOOOOOOOP
MMMMMNNNNOOOPPPP
";

/// A scattered 25×25 layout: region (r + c) mod 25, labelled A-Y. The grid
/// (r + 2c) mod 25 + 1 fills it.
pub fn wrapped25() -> String {
    let mut s = String::new();
    for r in 0..25 {
        for c in 0..25 {
            s.push(char::from(b'A' + ((r + c) % 25) as u8));
        }
        s.push('\n');
    }
    s
}

// ---------------------------------------------------------------------------
// Helpers

/// A file in the temporary directory, removed when dropped.
pub struct Temp(pub PathBuf);

impl Temp {
    pub fn new(text: &[u8]) -> Temp {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "dlx-sudoku-puzzle-tools-{}-{n}.txt",
            std::process::id()
        ));
        std::fs::write(&path, text).expect("write a temporary file");
        Temp(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `dlx-sudoku ARGS` in process on `stdin`: (exit, stdout, stderr).
/// A usage error comes back as `Exit::Failure` with clap's or the config's
/// message on stderr.
pub fn cli(args: &[&str], stdin: &str) -> (Exit, String, String) {
    let mut argv = vec!["dlx-sudoku"];
    argv.extend_from_slice(args);
    let config = match Args::try_parse_from(argv) {
        Ok(a) => a.config(),
        Err(e) => Err(e.to_string()),
    };
    let config = match config {
        Ok(c) => c,
        Err(message) => return (Exit::Failure, String::new(), message),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = run(&config, stdin.as_bytes(), &mut out, &mut err);
    (
        exit,
        String::from_utf8(out).expect("UTF-8 output"),
        String::from_utf8(err).expect("UTF-8 messages"),
    )
}

/// The cells of a line-format puzzle (`.` or `0` blank, `A` = 10 …).
pub fn cells(line: &str) -> Vec<u8> {
    line.trim()
        .chars()
        .map(|ch| match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            'A'..='P' => ch as u8 - b'A' + 10,
            _ => panic!("unexpected {ch:?} in {line:?}"),
        })
        .collect()
}

/// A board from cells.
pub fn board(cells: &[u8]) -> Board {
    let order = (2..=5)
        .find(|n: &usize| n.pow(4) == cells.len())
        .expect("a square board");
    Board::from_cells(order, cells.to_vec()).expect("a board")
}

fn regions(layout: &str) -> Variant {
    Variant::jigsaw(Regions::parse(layout.as_bytes()).expect("a valid layout"))
}

// ---------------------------------------------------------------------------
// The layouts and the oracle

/// A known failure, kept as a test until it is fixed (a hostile run, issue
/// 41): on an empty board of the 9×9 jigsaw layout the default rule
/// (`degree`) takes 386 million nodes, 36 s, for a first solution that
/// DLX1's rule finds in 161 nodes; the degree tie-break places values far
/// apart that no solution completes, then refutes them. Neither fix tried
/// holds on other boards (benches/README.md, "Heavy tails on jigsaw
/// boards"). Run with `--ignored`.
#[test]
#[ignore = "a known heavy tail of the degree rule (issue 41): 36 s"]
fn an_empty_jigsaw_board_is_solved_in_under_a_million_nodes() {
    let rules = Rules::jigsaw(JIGSAW9, false);
    let empty = Board::empty(3);
    let mut solver = Solver::new();
    solver.set_variant(&regions(JIGSAW9));
    solver.set_node_limit(Some(1_000_000));
    let mut solution = Board::empty(3);
    assert_eq!(solver.solve(&empty, &mut solution), Outcome::Solved);
    rules
        .check_solution(empty.cells(), solution.cells())
        .unwrap();
}

#[test]
fn every_layout_admits_a_grid_by_the_rules() {
    let cases: Vec<(Variant, Rules, usize)> = vec![
        (Variant::x(), Rules::x(3), 3),
        (Variant::x(), Rules::x(2), 2),
        (Variant::x(), Rules::x(4), 4),
        (regions(JIGSAW4), Rules::jigsaw(JIGSAW4, false), 2),
        (regions(JIGSAW9), Rules::jigsaw(JIGSAW9, false), 3),
        (
            regions(JIGSAW9).with_diagonals(true),
            Rules::jigsaw(JIGSAW9, true),
            3,
        ),
        (regions(JIGSAW16), Rules::jigsaw(JIGSAW16, false), 4),
    ];
    // (The scattered 25×25 layout is not here: from an empty board its
    // Latin-square structure sends the search into millions of nodes. Its
    // grid is checked directly below, and a puzzle on it is solved.)
    //
    // Each grid is the generator's (the solver on a board of random
    // clues, retried under a node limit): from an empty board the 9×9
    // jigsaw took the solver 44 s of the test run, the others
    // milliseconds.
    let mut rng = Rng::new(2026);
    for (variant, rules, order) in cases {
        let grid = Generator::new(&variant)
            .grid(order, &mut rng)
            .unwrap_or_else(|e| panic!("{variant} {order}: {e}"));
        let empty = Board::empty(order);
        rules
            .check_solution(empty.cells(), grid.cells())
            .unwrap_or_else(|e| panic!("{variant} {order}: {e}"));
    }
    // From an empty board too, where that is quick.
    let quick = [
        (Variant::x(), Rules::x(4)),
        (regions(JIGSAW16), Rules::jigsaw(JIGSAW16, false)),
    ];
    for (variant, rules) in quick {
        let mut solver = Solver::new();
        solver.set_variant(&variant);
        let empty = Board::empty(4);
        let mut solution = Board::empty(4);
        assert_eq!(
            solver.solve(&empty, &mut solution),
            Outcome::Solved,
            "{variant}"
        );
        rules
            .check_solution(empty.cells(), solution.cells())
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
    }
}

#[test]
fn the_wrapped_layout_has_the_grid_it_claims() {
    let grid: Vec<u8> = (0..625)
        .map(|i| ((i / 25 + 2 * (i % 25)) % 25 + 1) as u8)
        .collect();
    let rules = Rules::jigsaw(&wrapped25(), false);
    rules.check_solution(&vec![0; 625], &grid).unwrap();
    assert!(!Regions::parse(wrapped25().as_bytes())
        .unwrap()
        .is_contiguous());
    assert!(Regions::parse(JIGSAW9.as_bytes()).unwrap().is_contiguous());
}

#[test]
fn the_oracle_knows_the_classic_rules() {
    // A full grid, and the same grid with two values swapped in a row.
    let grid =
        cells("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    let rules = Rules::classic(3);
    rules.check_solution(&grid, &grid).unwrap();
    // Swapping two cells of a row breaks their columns.
    let mut bad = grid.clone();
    bad.swap(0, 1);
    assert!(rules.check_solution(&[0; 81], &bad).is_err());
    // A changed clue is caught.
    let mut other = grid.clone();
    other[0] = 0;
    assert!(rules.check_solution(&other, &grid).is_ok());
    other[0] = 4;
    assert!(rules.check_solution(&other, &grid).is_err());
    // Counting: a full grid has one solution, its first row alone many,
    // a clash none.
    assert_eq!(rules.count(&grid, 2), 1);
    let mut row = vec![0; 81];
    row[..9].copy_from_slice(&grid[..9]);
    assert_eq!(rules.count(&row, 2), 2);
    row[9] = row[0];
    assert_eq!(rules.count(&row, 2), 0);
}

// ---------------------------------------------------------------------------
// Counting agrees with the oracle

/// Random partial boards of `variant`: a generated grid with cells blanked.
fn partial_boards(variant: &Variant, order: usize, n: usize, seed: u64) -> Vec<Board> {
    let mut g = Generator::new(variant);
    let mut rng = Rng::new(seed);
    let side = order * order;
    (0..n)
        .map(|k| {
            let grid = g.grid(order, &mut rng).expect("a grid");
            let keep = [35, 30, 25, 20, 45][k % 5] * side * side / 81;
            let mut cells = vec![0u8; side * side];
            for &c in rng.permutation(side * side).iter().take(keep) {
                cells[c] = grid.cells()[c];
            }
            board(&cells)
        })
        .collect()
}

#[test]
fn counts_match_the_oracle_for_every_variant() {
    let cases: Vec<(Variant, Rules, usize)> = vec![
        (Variant::x(), Rules::x(3), 3),
        (Variant::x(), Rules::x(2), 2),
        (regions(JIGSAW9), Rules::jigsaw(JIGSAW9, false), 3),
        (regions(JIGSAW4), Rules::jigsaw(JIGSAW4, false), 2),
        (
            regions(JIGSAW9).with_diagonals(true),
            Rules::jigsaw(JIGSAW9, true),
            3,
        ),
    ];
    let mut configs = vec![
        SolverConfig {
            singles: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            prune_clues: false,
            ..SolverConfig::default()
        },
    ];
    // Every item-choice rule (the default, degree, among them).
    configs.extend(dlx_core::Branching::ALL.map(|branching| SolverConfig {
        branching,
        ..SolverConfig::default()
    }));
    for (k, (variant, rules, order)) in cases.iter().enumerate() {
        for puzzle in partial_boards(variant, *order, 25, k as u64) {
            let expected = rules.count(puzzle.cells(), 50);
            assert!(expected >= 1, "a grid's subset has a solution");
            for &config in &configs {
                let mut solver = Solver::with_config(config);
                solver.set_variant(variant);
                let got = solver.count(&puzzle, Some(50)).solutions;
                assert_eq!(got, expected, "{variant} {config:?}\n{puzzle:?}");
                let mut solution = Board::empty(*order);
                assert_eq!(solver.solve(&puzzle, &mut solution), Outcome::Solved);
                rules
                    .check_solution(puzzle.cells(), solution.cells())
                    .unwrap_or_else(|e| panic!("{variant}: {e}\n{puzzle:?}"));
            }
        }
    }
}

#[test]
fn a_clash_on_a_variant_house_has_no_solution() {
    // Two 5s on the main diagonal: fine for the classic rules.
    let mut b = Board::empty(3);
    b.set(0, 0, 5);
    b.set(4, 4, 5);
    let c = Variant::x().find_conflict(&b).expect("a clash");
    assert_eq!(c.unit, Unit::Diagonal(0));
    assert_eq!(
        c.to_string(),
        "the main diagonal has value 5 twice (r1c1 and r5c5)"
    );
    assert_eq!(Variant::classic().find_conflict(&b), None);
    let mut solver = Solver::new();
    solver.set_variant(&Variant::x());
    assert_eq!(solver.count(&b, None).solutions, 0);

    // Two 3s in jigsaw region 'B' (r1c5 and r3c2), in no common box.
    let mut b = Board::empty(3);
    b.set(0, 4, 3);
    b.set(2, 1, 3);
    let v = regions(JIGSAW9);
    let c = v.find_conflict(&b).expect("a clash");
    assert_eq!(
        c.to_string(),
        "region 'B' has value 3 twice (r1c5 and r3c2)"
    );
    assert_eq!(Variant::classic().find_conflict(&b), None);
    let (exit, out, _) = cli(
        &["check", "--regions", Temp::new(JIGSAW9.as_bytes()).path()],
        &format!("{}\n", line(&b)),
    );
    assert_eq!(exit, Exit::PuzzleFailed);
    assert_eq!(
        out,
        "no solution: region 'B' has value 3 twice (r1c5 and r3c2)\n"
    );
}

/// A board as a line-format puzzle.
pub fn line(b: &Board) -> String {
    b.cells()
        .iter()
        .map(|&v| match v {
            0 => '.',
            1..=9 => char::from(b'0' + v),
            _ => char::from(b'A' + v - 10),
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Known puzzles, made by the generator and checked by the rules

#[test]
fn generated_x_sudoku_puzzles_are_unique_by_the_rules() {
    let rules = Rules::x(3);
    let classic = Rules::classic(3);
    let (exit, out, err) = cli(
        &["generate", "--variant", "x", "-n", "6", "--seed", "11"],
        "",
    );
    assert_eq!(exit, Exit::Success, "{err}");
    let puzzles: Vec<Vec<u8>> = out.lines().map(cells).collect();
    assert_eq!(puzzles.len(), 6);
    let mut needs_diagonals = 0;
    for p in &puzzles {
        assert_eq!(rules.count(p, 2), 1, "{p:?}");
        if classic.count(p, 2) > 1 {
            needs_diagonals += 1;
        }
    }
    // Fewer clues than a classic puzzle could have: the diagonals carry
    // information, so most of these are not unique as classic Sudoku.
    assert!(needs_diagonals >= 3, "{needs_diagonals} of 6");

    // Solve them back with the program and judge the answers by the rules.
    let input: String = puzzles.iter().map(|p| line(&board(p)) + "\n").collect();
    let (exit, out, err) = cli(&["--variant", "x"], &input);
    assert_eq!(exit, Exit::Success, "{err}");
    for (p, s) in puzzles.iter().zip(out.lines()) {
        rules.check_solution(p, &cells(s)).unwrap();
    }
    let (exit, out, _) = cli(&["check", "--variant", "x"], &input);
    assert_eq!((exit, out), (Exit::Success, "unique\n".repeat(6)));
    let (_, out, _) = cli(&["count", "--variant", "x"], &input);
    assert_eq!(out, "1\n".repeat(6));
}

#[test]
fn generated_jigsaw_puzzles_are_unique_by_the_rules() {
    for (layout, size, n) in [(JIGSAW9, "9", 6), (JIGSAW4, "4", 6)] {
        let rules = Rules::jigsaw(layout, false);
        let file = Temp::new(layout.as_bytes());
        let (exit, out, err) = cli(
            &[
                "generate",
                "--regions",
                file.path(),
                "-n",
                &n.to_string(),
                "--seed",
                "5",
                "--size",
                size,
            ],
            "",
        );
        assert_eq!(exit, Exit::Success, "{err}");
        let puzzles: Vec<Vec<u8>> = out.lines().map(cells).collect();
        assert_eq!(puzzles.len(), n);
        for p in &puzzles {
            assert_eq!(rules.count(p, 2), 1, "{p:?}");
        }
        let (exit, out, err) = cli(&["--regions", file.path()], &out);
        assert_eq!(exit, Exit::Success, "{err}");
        for (p, s) in puzzles.iter().zip(out.lines()) {
            rules.check_solution(p, &cells(s)).unwrap();
        }
    }
}

#[test]
fn generated_jigsaw_x_puzzles_are_unique_by_the_rules() {
    let rules = Rules::jigsaw(JIGSAW9, true);
    let mut g = Generator::new(&regions(JIGSAW9).with_diagonals(true));
    // Minimal puzzles of this variant have 10 to 12 clues, which the plain
    // counter takes seconds to prove unique; a target of 20 keeps it quick.
    let options = Options {
        clues: Some(20),
        ..Options::default()
    };
    for seed in 0..4 {
        let made = g.generate(&options, &mut Rng::new(seed)).unwrap();
        assert!(made.goal_met);
        assert_eq!(made.puzzle.clue_count(), 20);
        assert_eq!(rules.count(made.puzzle.cells(), 2), 1);
        rules
            .check_solution(made.puzzle.cells(), made.solution.cells())
            .unwrap();
    }
}

/// X-Sudoku puzzles made once by `generate --variant x --seed 2024 -n 2
/// --symmetry rotational`, kept as they are.
const KNOWN_X: [&str; 2] = [
    "3..5..69......8..3.1........3..9.......8.2.......3..2........5.1..2......74..3..8",
    "...9....6.9...5......61.....52.....3..1...4..7.....85.....48......3...8.8....9...",
];

/// Jigsaw puzzles on [`JIGSAW9`] made once by `generate --seed 2024 -n 2
/// --symmetry mirror`, and a jigsaw X-Sudoku with `--variant x --clues 16`.
const KNOWN_JIGSAW: [&str; 2] = [
    "..43.15....69.24...........4..5.8..796.....58..........7.4.5.6.6.......9.........",
    "7.......9.521.487.....8......9.5.7....................86.....91..1.4.2...1.....3.",
];
const KNOWN_JIGSAW_X: &str =
    "2...5.7...........7...........46..............3.27.......9.58.....8....6.....4.3.";

#[test]
fn known_variant_puzzles_have_one_solution_which_the_program_finds() {
    let file = Temp::new(JIGSAW9.as_bytes());
    let cases: [(&[&str], Rules, Vec<&str>); 3] = [
        (&KNOWN_X, Rules::x(3), vec!["--variant", "x"]),
        (
            &KNOWN_JIGSAW,
            Rules::jigsaw(JIGSAW9, false),
            vec!["--regions", file.path()],
        ),
        (
            &[KNOWN_JIGSAW_X],
            Rules::jigsaw(JIGSAW9, true),
            vec!["--variant", "x", "--regions", file.path()],
        ),
    ];
    for (puzzles, rules, flags) in cases {
        let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
        for p in puzzles {
            assert_eq!(rules.count(&cells(p), 2), 1, "{p}");
        }
        let (exit, out, err) = cli(&flags, &input);
        assert_eq!(exit, Exit::Success, "{err}");
        for (p, s) in puzzles.iter().zip(out.lines()) {
            rules.check_solution(&cells(p), &cells(s)).unwrap();
        }
        for (command, expected) in [("count", "1"), ("check", "unique")] {
            let mut args = vec![command];
            args.extend(&flags);
            let (exit, out, _) = cli(&args, &input);
            assert_eq!(exit, Exit::Success);
            assert_eq!(out, format!("{expected}\n").repeat(puzzles.len()));
        }
        let mut args = vec!["rate"];
        args.extend(&flags);
        let (exit, out, err) = cli(&args, &input);
        assert_eq!(exit, Exit::Success, "{err}");
        assert_eq!(out.lines().count(), puzzles.len());
        // Under the classic rules these puzzles are not uniquely solvable
        // (too few clues, or clues that clash in a box).
        for p in puzzles {
            assert_ne!(Rules::classic(3).count(&cells(p), 2), 1, "{p}");
        }
    }
}

#[test]
fn a_16x16_jigsaw_is_generated_and_solved() {
    let rules = Rules::jigsaw(JIGSAW16, false);
    let mut g = Generator::new(&regions(JIGSAW16));
    let options = Options {
        order: 4,
        clues: Some(140),
        ..Options::default()
    };
    let made = g.generate(&options, &mut Rng::new(3)).unwrap();
    assert_eq!(made.puzzle.clue_count(), 140);
    // With this many clues the plain counter proves uniqueness quickly.
    assert_eq!(rules.count(made.puzzle.cells(), 2), 1);
    let file = Temp::new(JIGSAW16.as_bytes());
    let (exit, out, err) = cli(&["--regions", file.path()], &(line(&made.puzzle) + "\n"));
    assert_eq!(exit, Exit::Success, "{err}");
    rules
        .check_solution(made.puzzle.cells(), &cells(out.trim()))
        .unwrap();
}

#[test]
fn a_25x25_scattered_jigsaw_is_solved() {
    let layout = wrapped25();
    let rules = Rules::jigsaw(&layout, false);
    // The known grid with a third of its cells blanked.
    let mut rng = Rng::new(9);
    let mut puzzle: Vec<u8> = (0..625)
        .map(|i| ((i / 25 + 2 * (i % 25)) % 25 + 1) as u8)
        .collect();
    for &c in rng.permutation(625).iter().take(200) {
        puzzle[c] = 0;
    }
    let file = Temp::new(layout.as_bytes());
    let (exit, out, err) = cli(&["--regions", file.path()], &(line(&board(&puzzle)) + "\n"));
    assert_eq!(exit, Exit::Success, "{err}");
    rules.check_solution(&puzzle, &cells(out.trim())).unwrap();
}

// ---------------------------------------------------------------------------
// Relabellings

#[test]
fn transforms_keep_solutions_of_every_variant() {
    // (variant, order, its layout if any)
    let cases = [
        (Variant::classic(), 3, None),
        (Variant::x(), 3, None),
        (Variant::x(), 4, None),
        (regions(JIGSAW9), 3, Some(JIGSAW9)),
        (regions(JIGSAW9).with_diagonals(true), 3, Some(JIGSAW9)),
    ];
    for (variant, order, layout) in cases {
        let side = order * order;
        let mut g = Generator::new(&variant);
        let mut rng = Rng::new(1);
        let grid = g.grid(order, &mut rng).unwrap();
        for _ in 0..20 {
            let t = Transform::random(&variant, order, &mut rng);
            let image = t.board(&grid);
            let moved = t.variant(&variant);
            let rules = match layout {
                None if variant.diagonals() => Rules::x(order),
                None => Rules::classic(order),
                Some(layout) => {
                    // Move the labels cell by cell, as the transform moves
                    // the values, and expect the same layout.
                    let labels: Vec<char> = layout.chars().filter(|c| !c.is_whitespace()).collect();
                    let mut to = vec![' '; side * side];
                    for (cell, &ch) in labels.iter().enumerate() {
                        let (r, c) = t.cell(cell / side, cell % side);
                        to[r * side + c] = ch;
                    }
                    let text: String = to
                        .chunks(side)
                        .map(|row| row.iter().collect::<String>() + "\n")
                        .collect();
                    assert_eq!(moved.regions().unwrap().to_text(), text);
                    Rules::jigsaw(&text, variant.diagonals())
                }
            };
            rules
                .check_solution(&vec![0; image.cell_count()], image.cells())
                .unwrap_or_else(|e| panic!("{variant}: {e}"));
        }
    }
}

// ---------------------------------------------------------------------------
// Regions files

fn regions_error(text: &str) -> (usize, Option<usize>, RegionsErrorKind, String) {
    let e = Regions::parse(text.as_bytes()).unwrap_err();
    let message = e.to_string();
    (e.line, e.column, e.kind, message)
}

#[test]
fn bad_partitions_are_reported_with_line_and_column() {
    // Region 'A' has five cells, so region 'D' has three.
    let (line, column, kind, message) = regions_error("AABB\nAABB\nCCDD\nCCDA\n");
    assert_eq!((line, column), (4, Some(4)));
    assert_eq!(
        kind,
        RegionsErrorKind::RegionSize {
            label: 'A',
            got: 5,
            side: 4
        }
    );
    assert_eq!(
        message,
        "4:4: region 'A' has 5 cells (expected 4 regions of 4 cells each)"
    );
    // A fifth label.
    let (line, column, _, message) = regions_error("# four by four\nAABB\nAABB\nCCDD\nCCDE\n");
    assert_eq!((line, column), (5, Some(4)));
    assert_eq!(
        message,
        "5:4: label 'E' starts region 5 (expected 4 regions of 4 cells each)"
    );
    // Three labels only.
    let (_, _, kind, _) = regions_error("AABB\nAABB\nCCCC\nCCCC\n");
    assert_eq!(kind, RegionsErrorKind::TooFewRegions { got: 3, side: 4 });
    // A short row, named by its line.
    let (line, column, _, message) = regions_error("AABB\nAAB\nCCDD\nCCDD\n");
    assert_eq!((line, column), (2, None));
    assert_eq!(
        message,
        "2: row has 3 cells (expected 4, like the first row)"
    );
    let (line, column, _, message) = regions_error("AABB\nAA BBC\nCCDD\nCCDD\n");
    assert_eq!((line, column), (2, Some(6)));
    assert_eq!(
        message,
        "2:6: row has 5 cells (expected 4, like the first row)"
    );
    // Too many and too few rows.
    let (line, column, kind, _) = regions_error("AABB\nAABB\nCCDD\nCCDD\nAABB\n");
    assert_eq!(
        (line, column, kind),
        (5, Some(1), RegionsErrorKind::TooManyRows { side: 4 })
    );
    let (_, _, kind, _) = regions_error("AABB\nAABB\nCCDD\n");
    assert_eq!(kind, RegionsErrorKind::TooFewRows { got: 3, side: 4 });
    // A side no board has, an empty file, bytes that are not text.
    let (line, _, kind, _) = regions_error("\n\nAAABB\n");
    assert_eq!((line, kind), (3, RegionsErrorKind::Side(5)));
    let (_, _, kind, _) = regions_error("# nothing\n\n");
    assert_eq!(kind, RegionsErrorKind::Empty);
    let e = Regions::parse(b"AABB\nAA\xffB\n").unwrap_err();
    assert_eq!((e.line, e.kind), (2, RegionsErrorKind::NotUtf8));
}

#[test]
fn regions_files_allow_blanks_comments_and_scattered_regions() {
    let spaced = "# a comment\r\n A A B B \r\n\r\nA A B B\r\nC C D D\r\nC C D D";
    let r = Regions::parse(spaced.as_bytes()).unwrap();
    assert_eq!(r, Regions::boxes(2));
    assert_eq!(r.to_text(), "AABB\nAABB\nCCDD\nCCDD\n");
    // Regions need not be contiguous: the four corners make one.
    let scattered = "AbbA\nccdd\nccdd\nAbbA\n";
    let r = Regions::parse(scattered.as_bytes()).unwrap();
    assert!(!r.is_contiguous());
    let rules = Rules::jigsaw(scattered, false);
    let mut solver = Solver::new();
    solver.set_variant(&Variant::jigsaw(r));
    let mut solution = Board::empty(2);
    // It has grids (rows 1234, 2143, 4321, 3412 is one); the solver finds
    // one that the rules accept, and as many as the oracle counts.
    assert_eq!(
        solver.solve(&Board::empty(2), &mut solution),
        Outcome::Solved
    );
    rules.check_solution(&[0; 16], solution.cells()).unwrap();
    assert_eq!(
        solver.count(&Board::empty(2), None).solutions,
        rules.count(&[0; 16], u64::MAX)
    );
}

#[test]
fn the_program_rejects_a_bad_regions_file() {
    let file = Temp::new(b"AABB\nAABB\nCCDD\nCCDA\n");
    for args in [
        vec!["--regions", file.path()],
        vec!["count", "--regions", file.path()],
        vec!["generate", "--regions", file.path()],
    ] {
        let (exit, out, err) = cli(&args, "");
        assert_eq!(exit, Exit::Failure);
        assert_eq!(out, "");
        assert_eq!(
            err,
            format!(
                "dlx-sudoku: {}:4:4: region 'A' has 5 cells (expected 4 regions of 4 cells each)",
                file.path()
            )
        );
    }
    let (exit, _, err) = cli(&["--regions", "/nonexistent/regions.txt"], "");
    assert_eq!(exit, Exit::Failure);
    assert!(
        err.starts_with("dlx-sudoku: cannot read the regions file /nonexistent/regions.txt"),
        "{err}"
    );
}

#[test]
fn regions_that_no_grid_fits_are_reported() {
    // A valid partition, but no grid fills it (the oracle agrees).
    let layout = "AACC\nCABB\nBDCD\nBDDA\n";
    assert_eq!(Rules::jigsaw(layout, false).count(&[0; 16], 1), 0);
    let file = Temp::new(layout.as_bytes());
    let (exit, out, err) = cli(&["generate", "--regions", file.path()], "");
    assert_eq!((exit, out.as_str()), (Exit::Failure, ""));
    assert_eq!(
        err,
        "dlx-sudoku: generate: no grid satisfies the jigsaw rules \
         (the regions cannot all hold every value)\n"
    );
    let (exit, out, _) = cli(
        &["count", "--regions", file.path()],
        "....\n....\n....\n....\n",
    );
    // A count of 0 is a puzzle without a solution: status 1.
    assert_eq!((exit, out.as_str()), (Exit::PuzzleFailed, "0\n"));
}

#[test]
fn puzzles_of_another_size_than_the_regions_are_invalid() {
    let file = Temp::new(JIGSAW4.as_bytes());
    let four = "1...\n....\n....\n...2\n";
    let nine = format!("{}\n", ".".repeat(81));
    let input = format!("{}\n{nine}", four.replace('\n', ""));
    let (exit, out, err) = cli(&["count", "--limit", "3", "--regions", file.path()], &input);
    assert_eq!(exit, Exit::PuzzleFailed);
    assert_eq!(out, "3+\ninvalid puzzle\n");
    assert_eq!(
        err,
        "<stdin>:2: the puzzle is 9x9 but the regions are 4x4\n"
    );
    // In a block format the message takes the record's place between the
    // blank lines.
    let grids = format!("{four}\n{}", ".........\n".repeat(9));
    let (exit, out, err) = cli(&["--regions", file.path(), "--format", "grid"], &grids);
    assert_eq!(exit, Exit::PuzzleFailed);
    let records: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(records.len(), 2, "{out}");
    Rules::jigsaw(JIGSAW4, false)
        .check_solution(
            &cells(&four.replace('\n', "")),
            &cells(&records[0].replace('\n', "")),
        )
        .unwrap();
    assert_eq!(records[1], "invalid puzzle\n");
    assert_eq!(
        err,
        "<stdin>:6: the puzzle is 9x9 but the regions are 4x4\n"
    );
}

#[test]
fn variants_change_the_answer() {
    // The X-Sudoku grid found from an empty board is a valid classic grid
    // too, but a classic grid is usually not an X grid.
    let (_, out, _) = cli(&["--variant", "x"], &format!("{}\n", ".".repeat(81)));
    Rules::x(3)
        .check_solution(&[0; 81], &cells(out.trim()))
        .unwrap();
    let (_, out, _) = cli(&[], &format!("{}\n", ".".repeat(81)));
    let classic = cells(out.trim());
    Rules::classic(3)
        .check_solution(&[0; 81], &classic)
        .unwrap();
    assert!(Rules::x(3).check_solution(&[0; 81], &classic).is_err());
    // So a full classic grid has no solution as an X-Sudoku.
    let (exit, out, _) = cli(
        &["--variant", "x"],
        &format!("{}\n", line(&board(&classic))),
    );
    assert_eq!((exit, out.as_str()), (Exit::PuzzleFailed, "no solution\n"));
}

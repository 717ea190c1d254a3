//! Helpers shared by the solver, `dlx-sudoku` and hostile-input tests.
//!
//! Everything that judges an answer lives here and owes nothing to the
//! library's solver: a rules checker, a plain backtracking counter (bit
//! masks, most-constrained cell first, no exact cover), a grid generator,
//! and parsers of the program's output written from the format
//! descriptions in `--help`, not with the library's readers.
//!
//! Past the house's ~800 lines on purpose: the tests' own readers and checkers
//! (an independent oracle for each format and rule) sit together so that
//! no test trusts the library to check the library.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use assert_cmd::Command;
use dlx_core::Branching;
use dlx_sudoku::format::Format;
use dlx_sudoku::Board;

/// Every branching rule of the engine.
pub const BRANCHINGS: [Branching; 5] = [
    Branching::MinLength,
    Branching::MinLengthUpToOne,
    Branching::ShortFirst,
    Branching::ShortFirstDegree,
    Branching::First,
];

// ---------------------------------------------------------------------------
// Files

/// The formats a reader reads: all of them, the first seven in the order
/// the `sudoku_formats` fuzz target numbers them.
pub const READABLE: [Format; 8] = [
    Format::Line,
    Format::Grid,
    Format::Poj2676,
    Format::Hdu1426,
    Format::Spaced,
    Format::Poj3076,
    Format::Leetcode,
    Format::Pretty,
];

/// `dlx-sudoku/tests/data/<rel>`.
pub fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// `dlx-sudoku/tests/data/judge/<name>`.
pub fn judge(name: &str) -> PathBuf {
    data("judge").join(name)
}

/// A file of the workspace, `<workspace>/<rel>`.
pub fn workspace(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

/// The bytes of a file, or a panic naming it.
pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The first line of a workspace file.
pub fn first_line(rel: &str) -> String {
    let text = String::from_utf8(read(&workspace(rel))).expect("UTF-8 file");
    text.lines()
        .next()
        .expect("a first line")
        .trim()
        .to_string()
}

/// A file in the temporary directory, removed when dropped.
pub struct TempFile {
    path: PathBuf,
}

impl TempFile {
    /// A new file holding `bytes`; `tag` goes into its name.
    pub fn new(tag: &str, bytes: &[u8]) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "dlx-sudoku-test-{}-{}-{tag}.txt",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        TempFile { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path as a command-line argument (and as the program names it).
    pub fn arg(&self) -> String {
        self.path.to_str().expect("UTF-8 temp path").to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

// ---------------------------------------------------------------------------
// The program

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Run {
    pub fn out(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("UTF-8 stdout")
    }
}

/// Runs `dlx-sudoku` with `args` and `stdin`. The timeout only keeps a hung
/// program from hanging the suite; nothing is measured.
pub fn run_bin<S: AsRef<OsStr>>(args: &[S], stdin: &[u8]) -> Run {
    let out = Command::cargo_bin("dlx-sudoku")
        .expect("the dlx-sudoku binary")
        .args(args)
        .write_stdin(stdin.to_vec())
        .timeout(Duration::from_secs(120))
        .output()
        .expect("dlx-sudoku runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        !stderr.contains("panicked"),
        "dlx-sudoku {:?} panicked:\n{stderr}",
        args.iter().map(|a| a.as_ref()).collect::<Vec<_>>()
    );
    Run {
        code: out
            .status
            .code()
            .unwrap_or_else(|| panic!("killed by a signal; stderr:\n{stderr}")),
        stdout: out.stdout,
        stderr,
    }
}

// ---------------------------------------------------------------------------
// Boards as text

/// Runs the `dlx` binary with `args` (and `stdin`, if given) and returns its
/// exit status, stdout and stderr.
pub fn run_dlx(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    let mut cmd = Command::cargo_bin("dlx").expect("the dlx binary");
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_vec());
    }
    let out = cmd.output().expect("dlx runs");
    (
        out.status.code().expect("dlx exits with a status"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

/// The value of a character of the line and grid formats: `1`-`9`, then
/// `A` = 10 … `P` = 25; `.` and `0` are blank.
pub fn std_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='P' => Some(c as u8 - b'A' + 10),
        _ => None,
    }
}

/// The character of value `v` (0 is `.`).
pub fn std_char(v: u8) -> char {
    b".123456789ABCDEFGHIJKLMNOP"[usize::from(v)] as char
}

/// The order (box side) of a board of `side`.
pub fn order_of(side: usize) -> Option<usize> {
    (2..=5).find(|n| n * n == side)
}

/// A board from a line-format puzzle (16, 81, 256 or 625 characters).
pub fn board(line: &str) -> Board {
    let order = (2..=5)
        .find(|n: &usize| n.pow(4) == line.chars().count())
        .unwrap_or_else(|| panic!("{line:?} is no puzzle line"));
    let cells = line
        .chars()
        .map(|c| std_value(c).unwrap_or_else(|| panic!("{c:?} in {line:?}")))
        .collect();
    Board::from_cells(order, cells).expect("a board")
}

/// A board as one line, `.` blank.
pub fn line(b: &Board) -> String {
    b.cells().iter().map(|&v| std_char(v)).collect()
}

/// A board as rows of characters, `blank` for an empty cell and
/// `spell(value)` for the others.
pub fn rows(b: &Board, spell: impl Fn(u8) -> String) -> Vec<String> {
    b.cells()
        .chunks(b.side())
        .map(|row| row.iter().map(|&v| spell(v)).collect())
        .collect()
}

/// A board in the grid format (one row per line, `.` blank).
pub fn grid_text(b: &Board) -> String {
    rows(b, |v| std_char(v).to_string())
        .iter()
        .map(|r| format!("{r}\n"))
        .collect()
}

/// A board in the POJ 2676 rows (`0` blank).
pub fn poj2676_text(b: &Board) -> String {
    grid_text(b).replace('.', "0")
}

/// A board in the HDU 1426 format (`?` blank, cells separated by spaces).
pub fn hdu_text(b: &Board) -> String {
    b.cells()
        .chunks(b.side())
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| match v {
                    0 => "?".to_string(),
                    v => v.to_string(),
                })
                .collect();
            format!("{}\n", cells.join(" "))
        })
        .collect()
}

/// A board in the POJ 3076 format (`A` = 1, `-` blank).
pub fn poj3076_text(b: &Board) -> String {
    rows(b, |v| match v {
        0 => "-".to_string(),
        v => ((b'A' + v - 1) as char).to_string(),
    })
    .iter()
    .map(|r| format!("{r}\n"))
    .collect()
}

/// A board as a LeetCode JSON board on one line.
pub fn leetcode_text(b: &Board) -> String {
    let rows: Vec<String> = b
        .cells()
        .chunks(b.side())
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| format!("\"{}\"", std_char(v)))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]\n", rows.join(","))
}

// ---------------------------------------------------------------------------
// The rules

/// Checks `solution` against the rules and `puzzle`: same size, every cell
/// filled, every row, column and box a permutation of 1..=side, every clue
/// kept. The error says what is wrong.
pub fn check_solution(puzzle: &Board, solution: &Board) -> Result<(), String> {
    if puzzle.order() != solution.order() {
        return Err(format!(
            "the solution has order {}, the puzzle {}",
            solution.order(),
            puzzle.order()
        ));
    }
    let n = solution.order();
    let side = n * n;
    let cells = solution.cells();
    if cells.len() != side * side {
        return Err(format!("{} cells", cells.len()));
    }
    let at = |r: usize, c: usize| cells[r * side + c];
    // The k-th cell of house h of each kind, as (row, column).
    let cell = |kind: &str, h: usize, k: usize| match kind {
        "row" => (h, k),
        "column" => (k, h),
        _ => ((h / n) * n + k / n, (h % n) * n + k % n),
    };
    for kind in ["row", "column", "box"] {
        for h in 0..side {
            let mut seen = vec![false; side + 1];
            for k in 0..side {
                let (r, c) = cell(kind, h, k);
                let v = usize::from(at(r, c));
                if v == 0 || v > side {
                    return Err(format!("r{}c{} holds {v}", r + 1, c + 1));
                }
                if seen[v] {
                    return Err(format!("{kind} {} holds {v} twice", h + 1));
                }
                seen[v] = true;
            }
        }
    }
    for (i, (&p, &s)) in puzzle.cells().iter().zip(cells).enumerate() {
        if p != 0 && p != s {
            return Err(format!(
                "clue {p} at r{}c{} became {s}",
                i / side + 1,
                i % side + 1
            ));
        }
    }
    Ok(())
}

/// Panics with the puzzle and the answer unless `solution` solves `puzzle`.
pub fn assert_solves(puzzle: &Board, solution: &Board) {
    if let Err(e) = check_solution(puzzle, solution) {
        panic!(
            "not a solution: {e}\npuzzle   {}\nanswer   {}",
            line(puzzle),
            line(solution)
        );
    }
}

// ---------------------------------------------------------------------------
// Plain backtracking

/// A plain backtracking solver on bit masks: it branches on the empty cell
/// with the fewest candidates or the missing value of a house with the
/// fewest places, alternatives in increasing order (or in the order a
/// random generator gives). No exact cover, nothing shared with the
/// library.
struct Backtrack<'r> {
    n: usize,
    side: usize,
    cells: Vec<u8>,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    found: u64,
    limit: u64,
    first: Option<Vec<u8>>,
    rng: Option<&'r mut Rng>,
}

impl<'r> Backtrack<'r> {
    /// `None` when two clues clash.
    fn new(b: &Board, limit: u64, rng: Option<&'r mut Rng>) -> Option<Backtrack<'r>> {
        let (n, side) = (b.order(), b.side());
        let mut t = Backtrack {
            n,
            side,
            cells: b.cells().to_vec(),
            rows: vec![0; side],
            cols: vec![0; side],
            boxes: vec![0; side],
            found: 0,
            limit,
            first: None,
            rng,
        };
        for i in 0..side * side {
            let v = t.cells[i];
            if v != 0 {
                let bit = 1u32 << (v - 1);
                let (r, c, x) = t.houses(i);
                if (t.rows[r] | t.cols[c] | t.boxes[x]) & bit != 0 {
                    return None;
                }
                t.rows[r] |= bit;
                t.cols[c] |= bit;
                t.boxes[x] |= bit;
            }
        }
        Some(t)
    }

    fn houses(&self, i: usize) -> (usize, usize, usize) {
        let (r, c) = (i / self.side, i % self.side);
        (r, c, (r / self.n) * self.n + c / self.n)
    }

    fn candidates(&self, i: usize) -> u32 {
        let (r, c, x) = self.houses(i);
        ((1u32 << self.side) - 1) & !(self.rows[r] | self.cols[c] | self.boxes[x])
    }

    /// Cell `k` (0-based) of house `h` of `kind` (0 rows, 1 columns, 2 boxes).
    fn cell_of(&self, kind: usize, h: usize, k: usize) -> usize {
        let (n, side) = (self.n, self.side);
        let (r, c) = match kind {
            0 => (h, k),
            1 => (k, h),
            _ => ((h / n) * n + k / n, (h % n) * n + k % n),
        };
        r * side + c
    }

    fn placed(&self, kind: usize, h: usize) -> u32 {
        match kind {
            0 => self.rows[h],
            1 => self.cols[h],
            _ => self.boxes[h],
        }
    }

    /// Puts `v` in cell `i`, searches on, and takes it back.
    fn place_and_search(&mut self, i: usize, v: u8) {
        let bit = 1u32 << (v - 1);
        let (r, c, x) = self.houses(i);
        self.cells[i] = v;
        self.rows[r] |= bit;
        self.cols[c] |= bit;
        self.boxes[x] |= bit;
        self.search();
        self.rows[r] &= !bit;
        self.cols[c] &= !bit;
        self.boxes[x] &= !bit;
        self.cells[i] = 0;
    }

    /// Branches on the most constrained choice: the empty cell with the
    /// fewest candidate values, or the missing value of a row, column or box
    /// with the fewest places, whichever has fewer alternatives.
    fn search(&mut self) {
        let side = self.side;
        let mut best_cell: Option<(usize, u32)> = None;
        let mut best = u32::MAX;
        for i in 0..self.cells.len() {
            if self.cells[i] == 0 {
                let cand = self.candidates(i);
                if cand.count_ones() < best {
                    best = cand.count_ones();
                    best_cell = Some((i, cand));
                }
            }
        }
        let Some((cell, cand)) = best_cell else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(self.cells.clone());
            }
            return;
        };
        // Places of each missing value in each house.
        let mut best_house = None;
        if best > 1 {
            for kind in 0..3 {
                for h in 0..side {
                    let mut places = vec![0u32; side];
                    for k in 0..side {
                        let i = self.cell_of(kind, h, k);
                        if self.cells[i] == 0 {
                            let cand = self.candidates(i);
                            for (v, p) in places.iter_mut().enumerate() {
                                *p += (cand >> v) & 1;
                            }
                        }
                    }
                    let placed = self.placed(kind, h);
                    for (v, &p) in places.iter().enumerate() {
                        if placed & (1 << v) == 0 && p < best {
                            best = p;
                            best_house = Some((kind, h, v as u8 + 1));
                        }
                    }
                }
            }
        }
        if best == 0 {
            return;
        }
        if let Some((kind, h, v)) = best_house {
            let bit = 1u32 << (v - 1);
            let mut cells: Vec<usize> = (0..side)
                .map(|k| self.cell_of(kind, h, k))
                .filter(|&i| self.cells[i] == 0 && self.candidates(i) & bit != 0)
                .collect();
            if let Some(rng) = self.rng.as_deref_mut() {
                rng.shuffle(&mut cells);
            }
            for i in cells {
                self.place_and_search(i, v);
                if self.found >= self.limit {
                    return;
                }
            }
            return;
        }
        let mut values: Vec<u8> = (1..=side as u8)
            .filter(|v| cand & (1 << (v - 1)) != 0)
            .collect();
        if let Some(rng) = self.rng.as_deref_mut() {
            rng.shuffle(&mut values);
        }
        for v in values {
            self.place_and_search(cell, v);
            if self.found >= self.limit {
                return;
            }
        }
    }
}

/// The number of solutions of `b`, counting up to `limit` (clashing clues:
/// 0).
pub fn bt_count(b: &Board, limit: u64) -> u64 {
    match Backtrack::new(b, limit, None) {
        None => 0,
        Some(mut t) => {
            t.search();
            t.found
        }
    }
}

/// Do two clues of `b` share a row, column or box?
pub fn clues_clash(b: &Board) -> bool {
    Backtrack::new(b, 1, None).is_none()
}

/// The first solution of `b` in the backtracker's order, if any.
pub fn bt_solve(b: &Board) -> Option<Board> {
    let mut t = Backtrack::new(b, 1, None)?;
    t.search();
    let cells = t.first?;
    Some(Board::from_cells(b.order(), cells).expect("a board"))
}

/// A random complete grid of `order`: backtracking from an empty board
/// with the values of each cell tried in random order.
pub fn random_grid(order: usize, rng: &mut Rng) -> Board {
    let empty = Board::empty(order);
    let mut t = Backtrack::new(&empty, 1, Some(rng)).expect("an empty board");
    t.search();
    Board::from_cells(order, t.first.expect("an empty board has solutions")).expect("a board")
}

/// A complete grid of `order` from a formula: row r is the first row
/// shifted by (r mod n)·n + r div n.
pub fn pattern_grid(order: usize) -> Board {
    let (n, side) = (order, order * order);
    let cells = (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            (((r % n) * n + r / n + c) % side + 1) as u8
        })
        .collect();
    Board::from_cells(order, cells).expect("a board")
}

/// `grid` with its values relabelled, rows shuffled within their bands,
/// bands shuffled, and the same for columns: still a valid grid.
pub fn scramble(grid: &Board, rng: &mut Rng) -> Board {
    let (n, side) = (grid.order(), grid.side());
    let mut labels: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut labels);
    let order = |rng: &mut Rng| {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut lines = Vec::with_capacity(side);
        for band in bands {
            let mut inner: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut inner);
            lines.extend(inner.into_iter().map(|k| band * n + k));
        }
        lines
    };
    let (rows, cols) = (order(rng), order(rng));
    let mut cells = Vec::with_capacity(side * side);
    for &r in &rows {
        for &c in &cols {
            cells.push(labels[usize::from(grid.get(r, c)) - 1]);
        }
    }
    Board::from_cells(n, cells).expect("a board")
}

/// `b` with each cell emptied with probability `blank_per_mille` / 1000.
pub fn blank_out(b: &Board, blank_per_mille: u64, rng: &mut Rng) -> Board {
    let cells = b
        .cells()
        .iter()
        .map(|&v| {
            if rng.below(1000) < blank_per_mille {
                0
            } else {
                v
            }
        })
        .collect();
    Board::from_cells(b.order(), cells).expect("a board")
}

/// A small deterministic generator (SplitMix64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

// ---------------------------------------------------------------------------
// The program's output, read back

/// One output record: a board or a message in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    Board(Board),
    Message(String),
}

/// The messages printed in place of a board (the last by `solve --unique`).
pub const MESSAGES: [&str; 4] = [
    "no solution",
    "invalid puzzle",
    "search limit reached",
    "multiple solutions",
];

fn is_message(line: &str) -> bool {
    MESSAGES.contains(&line)
}

/// A board from rows of cell values, or a panic naming `text`.
fn board_of_rows(rows: Vec<Vec<u8>>, text: &str) -> Board {
    let side = rows.len();
    let order = order_of(side).unwrap_or_else(|| panic!("{side} rows in\n{text}"));
    assert!(
        rows.iter().all(|r| r.len() == side),
        "rows of unequal length in\n{text}"
    );
    Board::from_cells(order, rows.concat()).unwrap_or_else(|e| panic!("{e} in\n{text}"))
}

/// Splits block-format output at its blank lines, checking the layout:
/// each line ends with a newline, exactly one blank line between records,
/// none after the last.
fn blocks(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    assert!(
        text.ends_with('\n') && !text.ends_with("\n\n") && !text.starts_with('\n'),
        "bad record layout:\n{text}"
    );
    assert!(!text.contains("\n\n\n"), "two blank lines in\n{text}");
    text[..text.len() - 1].split("\n\n").collect()
}

/// Reads the program's output in `format` back into records, with parsers
/// written from the format descriptions.
pub fn records(text: &str, format: Format) -> Vec<Record> {
    assert!(text.is_empty() || text.ends_with('\n'), "no final newline");
    let cell_rows = |block: &str, spell: &dyn Fn(&str) -> Vec<u8>| -> Record {
        if is_message(block) {
            return Record::Message(block.to_string());
        }
        Record::Board(board_of_rows(block.lines().map(spell).collect(), block))
    };
    let std_row = |r: &str| -> Vec<u8> {
        r.chars()
            .map(|c| std_value(c).unwrap_or_else(|| panic!("{c:?} in {r:?}")))
            .collect()
    };
    let letter_row = |r: &str| -> Vec<u8> {
        r.chars()
            .map(|c| match c {
                '-' => 0,
                'A'..='Y' => c as u8 - b'A' + 1,
                _ => panic!("{c:?} in {r:?}"),
            })
            .collect()
    };
    let number_row = |blank: &'static str| {
        move |r: &str| -> Vec<u8> {
            r.split(' ')
                .map(|t| {
                    if t == blank {
                        0
                    } else {
                        t.parse().unwrap_or_else(|_| panic!("{t:?} in {r:?}"))
                    }
                })
                .collect()
        }
    };
    match format {
        Format::Line => text
            .lines()
            .map(|l| match is_message(l) {
                true => Record::Message(l.to_string()),
                false => Record::Board(board(l)),
            })
            .collect(),
        Format::Grid => blocks(text)
            .iter()
            .map(|b| cell_rows(b, &std_row))
            .collect(),
        Format::Poj3076 => blocks(text)
            .iter()
            .map(|b| cell_rows(b, &letter_row))
            .collect(),
        Format::Hdu1426 => blocks(text)
            .iter()
            .map(|b| cell_rows(b, &number_row("?")))
            .collect(),
        Format::Spaced => blocks(text)
            .iter()
            .map(|b| cell_rows(b, &number_row("0")))
            .collect(),
        Format::Poj2676 => {
            // No separator: a message is one line, a board its side's rows.
            let lines: Vec<&str> = text.lines().collect();
            let mut out = Vec::new();
            let mut k = 0;
            while k < lines.len() {
                if is_message(lines[k]) {
                    out.push(Record::Message(lines[k].to_string()));
                    k += 1;
                    continue;
                }
                let side = lines[k].len();
                assert!(k + side <= lines.len(), "cut board in\n{text}");
                let rows = lines[k..k + side].iter().map(|r| std_row(r)).collect();
                out.push(Record::Board(board_of_rows(rows, text)));
                k += side;
            }
            out
        }
        Format::Leetcode => text
            .lines()
            .map(|l| {
                if is_message(l) {
                    return Record::Message(l.to_string());
                }
                let inner = l
                    .strip_prefix("[[")
                    .and_then(|l| l.strip_suffix("]]"))
                    .unwrap_or_else(|| panic!("not a JSON board: {l:?}"));
                let rows = inner
                    .split("],[")
                    .map(|row| {
                        row.split(',')
                            .map(|cell| {
                                let c = cell
                                    .strip_prefix('"')
                                    .and_then(|c| c.strip_suffix('"'))
                                    .unwrap_or_else(|| panic!("cell {cell:?} in {l:?}"));
                                let mut chars = c.chars();
                                match (chars.next(), chars.next()) {
                                    (Some(ch), None) => std_value(ch)
                                        .unwrap_or_else(|| panic!("cell {cell:?} in {l:?}")),
                                    _ => panic!("cell {cell:?} in {l:?}"),
                                }
                            })
                            .collect()
                    })
                    .collect();
                Record::Board(board_of_rows(rows, l))
            })
            .collect(),
        Format::Pretty => blocks(text)
            .iter()
            .map(|b| {
                if is_message(b) {
                    return Record::Message(b.to_string());
                }
                // Rule lines start with '+'; cell lines with '|', the cells
                // being the words that are not bars.
                let rows =
                    b.lines()
                        .filter(|l| {
                            assert!(l.starts_with('+') || l.starts_with('|'), "{l:?}");
                            l.starts_with('|')
                        })
                        .map(|l| {
                            l.split(' ')
                                .filter(|w| !w.is_empty() && *w != "|")
                                .map(|w| {
                                    let mut chars = w.chars();
                                    match (chars.next(), chars.next()) {
                                        (Some(ch), None) => std_value(ch)
                                            .unwrap_or_else(|| panic!("{w:?} in {l:?}")),
                                        _ => panic!("{w:?} in {l:?}"),
                                    }
                                })
                                .collect()
                        })
                        .collect();
                Record::Board(board_of_rows(rows, b))
            })
            .collect(),
    }
}

/// What one record should be.
#[derive(Clone, Debug)]
pub enum Expect {
    /// A solution of this puzzle, checked by the rules.
    Solved(Board),
    /// This message in place of a board.
    Message(&'static str),
}

/// Checks `text` (output in `format`) record by record against `expected`.
pub fn check_records(text: &str, format: Format, expected: &[Expect]) {
    let got = records(text, format);
    assert_eq!(
        got.len(),
        expected.len(),
        "{} records, expected {}; output:\n{text}",
        got.len(),
        expected.len()
    );
    for (k, (g, e)) in got.iter().zip(expected).enumerate() {
        match (g, e) {
            (Record::Board(b), Expect::Solved(p)) => {
                if let Err(why) = check_solution(p, b) {
                    panic!(
                        "record {}: {why}\npuzzle {}\noutput:\n{text}",
                        k + 1,
                        line(p)
                    );
                }
            }
            (Record::Message(m), Expect::Message(want)) => {
                assert_eq!(m, want, "record {}; output:\n{text}", k + 1)
            }
            _ => panic!("record {} is {g:?}, expected {e:?}; output:\n{text}", k + 1),
        }
    }
}

/// Starts `command` with its output piped, reads one line of its standard
/// output and closes the pipe (as `| head -1` does); returns the line and
/// how the program ended.
pub fn first_line_then_close(
    command: &mut std::process::Command,
) -> (String, std::process::Output) {
    use std::io::BufRead;
    use std::process::Stdio;
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut first = String::new();
    {
        let mut reader = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        reader.read_line(&mut first).expect("a first line");
    }
    (first, child.wait_with_output().expect("the program ends"))
}

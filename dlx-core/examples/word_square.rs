//! Counts word squares and word rectangles: grids whose rows and columns
//! are all words of a list, such as
//!
//! ```text
//! heart
//! ember
//! abuse
//! resin
//! trend
//! ```
//!
//! It is an exact cover with colors (Knuth's XCC problems, his program
//! DLX2), run as
//!
//! ```text
//! cargo run --release -p dlx-core --example word_square                # 4x4: 1413 squares
//! cargo run --release -p dlx-core --example word_square -- --distinct  # 38
//! cargo run --release -p dlx-core --example word_square -- 5           # 5x5: 4
//! cargo run --release -p dlx-core --example word_square -- 3x4         # rectangles: 416
//! cargo run --release -p dlx-core --example word_square -- 5 --words my-words.txt --show 10
//! ```
//!
//! For a grid of `R` rows and `C` columns the primary items are the `R` row
//! slots and the `C` column slots; the secondary items are the `R·C` cells.
//! An option puts a word in a slot: the slot and the word's cells, each
//! colored by its letter. A cell lies in exactly one row option and one
//! column option, and the colors let both be chosen only when they give
//! it the same letter.
//!
//! Rows may equal columns: a symmetric square, whose row `i` is its column
//! `i`, counts, and so does each of the two transposes of a square that is
//! not symmetric. With `--distinct` every word also gets an uncolored
//! secondary item, in each option that uses it, so no word is used twice
//! (which rules out the symmetric squares).
//!
//! The same problem without colors, for comparison: the cells become one
//! secondary item per (cell, letter). A column option takes the item of
//! its letter in each cell; a row option takes, in each cell, the items of
//! every *other* letter. A row and a column word then clash exactly when
//! they disagree on their common cell. The search tree is the same (as
//! many nodes), but the row options are some 20 times longer, and the
//! search makes 10 to 20 times as many updates. The program prints the
//! search nodes, updates and times of both.
//!
//! The word lists `data/words3.txt`, `data/words4.txt` and
//! `data/words5.txt` are short lists of common English words (342, 526 and
//! 436 of them) written by hand for this example; `--words FILE` reads
//! another list (words separated by white space, `#` starts a comment).
//! The program checks every grid it prints by the rules, checks all of them
//! when there are not too many, and compares the count with plain
//! backtracking, row by row, over prefixes of the column words.
//!
//! The colored links are not the fast way to count these: the plain
//! backtracking is faster here (four times at 4x4), because every slot
//! has hundreds of options and covering a slot hides them all. The point here
//! is the encoding, and the cost of doing without colors.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use dlx_core::{Color, Item, OptionId, Problem, Stats};

/// Solutions are enumerated and checked one by one up to this many.
const CHECK_ALL: u64 = 1_000_000;

/// The hand-made lists of three-, four- and five-letter words.
const WORDS3: &str = include_str!("data/words3.txt");
const WORDS4: &str = include_str!("data/words4.txt");
const WORDS5: &str = include_str!("data/words5.txt");

/// The letters `a` to `z` are the colors `0..26`.
const LETTERS: usize = 26;

/// How the letters of the cells are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// One secondary item per cell, colored by the letter (XCC).
    Colors,
    /// One secondary item per (cell, letter), no colors (plain exact cover).
    BlownUp,
}

/// A slot of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Row `r`, read across.
    Row(usize),
    /// Column `c`, read down.
    Column(usize),
}

/// One option: a word in a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Where the word goes.
    pub slot: Slot,
    /// Its index in [`WordSquare::words`].
    pub word: usize,
}

/// Word rectangles as an exact-cover problem, with or without colors.
pub struct WordSquare {
    /// The problem: items `0..rows` are the row slots, `rows..rows + cols`
    /// the column slots (primary); then the cells `(r, c)` as secondary
    /// item `r * cols + c` (with [`Encoding::Colors`]) or the pairs (cell,
    /// letter) as secondary item `(r * cols + c) * 26 + letter` (with
    /// [`Encoding::BlownUp`]); then, with `distinct`, one secondary item per
    /// word.
    pub problem: Problem,
    /// Rows of the grid (the length of the column words).
    pub rows: usize,
    /// Columns of the grid (the length of the row words).
    pub cols: usize,
    /// Every word of length `rows` or `cols`, once each, as bytes `a..=z`.
    pub words: Vec<Vec<u8>>,
    /// Is each word to be used at most once?
    pub distinct: bool,
    /// The placement of each option, by option id.
    pub placements: Vec<Placement>,
}

/// The words of a list: white-space separated, `#` to the end of a line is
/// a comment, lowercased; words with anything but letters are skipped.
pub fn read_words(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .map(str::to_ascii_lowercase)
        .filter(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
        .collect()
}

impl WordSquare {
    /// Builds the problem for a grid of `rows`×`cols` cells from the words
    /// of `list` that have `rows` or `cols` letters (`a` to `z`).
    pub fn new(
        rows: usize,
        cols: usize,
        list: &[String],
        distinct: bool,
        encoding: Encoding,
    ) -> WordSquare {
        let mut words: Vec<Vec<u8>> = list
            .iter()
            .filter(|w| w.len() == rows || w.len() == cols)
            .map(|w| w.as_bytes().to_vec())
            .collect();
        words.sort_unstable();
        words.dedup();
        let cells = rows * cols;
        let cell_items = match encoding {
            Encoding::Colors => cells,
            Encoding::BlownUp => cells * LETTERS,
        };
        let word_items = if distinct { words.len() } else { 0 };
        let mut problem = Problem::new(rows + cols, cell_items + word_items);
        let mut placements = Vec::new();
        for (w, word) in words.iter().enumerate() {
            let slots = (0..rows)
                .filter(|_| word.len() == cols)
                .map(Slot::Row)
                .chain((0..cols).filter(|_| word.len() == rows).map(Slot::Column));
            for slot in slots {
                let slot_item = match slot {
                    Slot::Row(r) => r,
                    Slot::Column(c) => rows + c,
                };
                // The cell of the word's letter `i`.
                let cell_of = |i: usize| match slot {
                    Slot::Row(r) => r * cols + i,
                    Slot::Column(c) => i * cols + c,
                };
                let mut entries: Vec<(Item, Option<Color>)> =
                    vec![(problem.primary(slot_item), None)];
                for (i, &letter) in word.iter().enumerate() {
                    let cell = cell_of(i);
                    let letter = usize::from(letter - b'a');
                    match (encoding, slot) {
                        (Encoding::Colors, _) => {
                            entries.push((problem.secondary(cell), Some(Color::new(letter))));
                        }
                        (Encoding::BlownUp, Slot::Column(_)) => {
                            entries.push((problem.secondary(cell * LETTERS + letter), None));
                        }
                        (Encoding::BlownUp, Slot::Row(_)) => entries.extend(
                            (0..LETTERS)
                                .filter(|&other| other != letter)
                                .map(|other| (problem.secondary(cell * LETTERS + other), None)),
                        ),
                    }
                }
                if distinct {
                    entries.push((problem.secondary(cell_items + w), None));
                }
                problem
                    .add_colored_option(entries)
                    .expect("a slot and distinct cells, colors only on cells");
                placements.push(Placement { slot, word: w });
            }
        }
        WordSquare {
            problem,
            rows,
            cols,
            words,
            distinct,
            placements,
        }
    }

    /// The grid of a solution, filled in from its row words.
    pub fn grid(&self, solution: &[OptionId]) -> Vec<Vec<u8>> {
        let mut grid = vec![vec![b'?'; self.cols]; self.rows];
        for &o in solution {
            let Placement { slot, word } = self.placements[o.index()];
            if let Slot::Row(r) = slot {
                grid[r].clone_from(&self.words[word]);
            }
        }
        grid
    }

    /// Checks a solution by the rules, from the words it places and not
    /// from the problem's items: one word in each slot; each column word
    /// agrees with the row words on every cell; every row and column of
    /// the grid is a word of `list`; with `distinct`, no word twice.
    ///
    /// # Panics
    /// If a rule is broken.
    pub fn check(&self, solution: &[OptionId], list: &HashSet<&[u8]>) {
        let grid = self.grid(solution);
        let mut filled = vec![0; self.rows + self.cols];
        for &o in solution {
            let Placement { slot, word } = self.placements[o.index()];
            let word = &self.words[word];
            match slot {
                Slot::Row(r) => filled[r] += 1,
                Slot::Column(c) => {
                    filled[self.rows + c] += 1;
                    for (r, &letter) in word.iter().enumerate() {
                        assert_eq!(grid[r][c], letter, "column {c} disagrees in row {r}");
                    }
                }
            }
        }
        assert!(filled.iter().all(|&n| n == 1), "slots filled {filled:?}");
        let columns: Vec<Vec<u8>> = (0..self.cols)
            .map(|c| grid.iter().map(|row| row[c]).collect())
            .collect();
        for line in grid.iter().chain(&columns) {
            assert!(
                list.contains(line.as_slice()),
                "{:?} is not a word",
                String::from_utf8_lossy(line)
            );
        }
        if self.distinct {
            let used: HashSet<&Vec<u8>> = grid.iter().chain(&columns).collect();
            assert_eq!(used.len(), self.rows + self.cols, "a word is used twice");
        }
    }

    /// Is the grid of a solution its own transpose?
    pub fn is_symmetric(&self, solution: &[OptionId]) -> bool {
        let grid = self.grid(solution);
        self.rows == self.cols && (0..self.rows).all(|r| (0..r).all(|c| grid[r][c] == grid[c][r]))
    }

    /// Counts the grids by backtracking row by row, over the prefixes of
    /// the column words: an oracle that shares nothing with the dancing
    /// links.
    pub fn count_by_backtracking(&self) -> u64 {
        let across: Vec<&[u8]> = self
            .words
            .iter()
            .filter(|w| w.len() == self.cols)
            .map(Vec::as_slice)
            .collect();
        let mut prefixes: HashSet<&[u8]> = HashSet::new();
        for word in self.words.iter().filter(|w| w.len() == self.rows) {
            for i in 0..=word.len() {
                prefixes.insert(&word[..i]);
            }
        }
        let mut grid: Vec<&[u8]> = Vec::new();
        self.backtrack(&across, &prefixes, &mut grid)
    }

    fn backtrack<'w>(
        &self,
        across: &[&'w [u8]],
        prefixes: &HashSet<&[u8]>,
        grid: &mut Vec<&'w [u8]>,
    ) -> u64 {
        if grid.len() == self.rows {
            if self.distinct {
                let columns: Vec<Vec<u8>> = (0..self.cols)
                    .map(|c| grid.iter().map(|row| row[c]).collect())
                    .collect();
                let mut used: HashSet<&[u8]> = grid.iter().copied().collect();
                used.extend(columns.iter().map(Vec::as_slice));
                return u64::from(used.len() == self.rows + self.cols);
            }
            return 1;
        }
        let mut count = 0;
        let mut column = Vec::with_capacity(self.rows);
        for &word in across {
            let fits = (0..self.cols).all(|c| {
                column.clear();
                column.extend(grid.iter().map(|row| row[c]));
                column.push(word[c]);
                prefixes.contains(column.as_slice())
            });
            if fits {
                grid.push(word);
                count += self.backtrack(across, prefixes, grid);
                grid.pop();
            }
        }
        count
    }
}

/// The command line.
#[derive(Clone, Debug)]
struct Config {
    rows: usize,
    cols: usize,
    distinct: bool,
    show: usize,
    words: Option<String>,
}

/// Reads `[N | ROWSxCOLS] [--distinct] [--show K] [--words FILE]`.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        rows: 4,
        cols: 4,
        distinct: false,
        show: 4,
        words: None,
    };
    let size = |s: &str| s.parse::<usize>().ok().filter(|n| (1..=12).contains(n));
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--distinct" => config.distinct = true,
            "--show" => {
                let k = args.next().unwrap_or_default();
                config.show = k
                    .parse()
                    .map_err(|_| format!("--show needs a number, got {k:?}"))?;
            }
            "--words" => {
                config.words = Some(args.next().ok_or("--words needs a file")?);
            }
            _ => {
                let (r, c) = match arg.split_once('x') {
                    Some((r, c)) => (size(r), size(c)),
                    None => (size(&arg), size(&arg)),
                };
                match (r, c) {
                    (Some(r), Some(c)) => (config.rows, config.cols) = (r, c),
                    _ => return Err(format!("expected N or ROWSxCOLS (1 to 12), got {arg:?}")),
                }
            }
        }
    }
    Ok(config)
}

/// Counts with statistics and the time taken.
fn timed_count(problem: &mut Problem) -> (Stats, Duration) {
    let start = Instant::now();
    let stats = problem.count_with_stats();
    (stats, start.elapsed())
}

fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("word_square: {message}");
            eprintln!(
                "usage: word_square [N | ROWSxCOLS] [--distinct] [--show K] [--words FILE]   \
                 (default 4x4, built-in lists of 3-, 4- and 5-letter words)"
            );
            return ExitCode::from(2);
        }
    };
    let Config {
        rows,
        cols,
        distinct,
        show,
        ..
    } = config;
    let list = match &config.words {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => read_words(&text),
            Err(e) => {
                eprintln!("word_square: {path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => [WORDS3, WORDS4, WORDS5]
            .into_iter()
            .flat_map(read_words)
            .collect(),
    };
    let mut squares = WordSquare::new(rows, cols, &list, distinct, Encoding::Colors);
    let lengths: HashSet<usize> = [rows, cols].into();
    for len in lengths {
        if !squares.words.iter().any(|w| w.len() == len) {
            eprintln!("word_square: the list has no words of {len} letters");
            return ExitCode::FAILURE;
        }
    }
    let dictionary: HashSet<&[u8]> = squares.words.iter().map(Vec::as_slice).collect();
    let kind = if rows == cols {
        "squares"
    } else {
        "rectangles"
    };
    let repeats = if distinct {
        "no word twice"
    } else if rows == cols {
        "rows may equal columns"
    } else {
        "a word may repeat"
    };
    println!(
        "word {kind} {rows}x{cols} from {} words of {} letters, {repeats}; {} options",
        squares.words.len(),
        if rows == cols {
            rows.to_string()
        } else {
            format!("{} or {}", rows.min(cols), rows.max(cols))
        },
        squares.problem.option_count()
    );

    let shown: Vec<Vec<OptionId>> = squares.problem.solutions().take(show).collect();
    for solution in &shown {
        squares.check(solution, &dictionary);
    }
    let grids: Vec<Vec<Vec<u8>>> = shown.iter().map(|s| squares.grid(s)).collect();
    for r in (0..rows).filter(|_| !grids.is_empty()) {
        let line: Vec<String> = grids
            .iter()
            .map(|g| String::from_utf8_lossy(&g[r]).into_owned())
            .collect();
        println!("{}", line.join("   "));
    }

    let (colored, colored_time) = timed_count(&mut squares.problem);
    let count = colored.solutions;
    if count <= CHECK_ALL {
        let all: Vec<Vec<OptionId>> = squares.problem.solutions().collect();
        assert_eq!(all.len() as u64, count);
        let mut seen = HashSet::new();
        for solution in &all {
            squares.check(solution, &dictionary);
            assert!(seen.insert(squares.grid(solution)), "a grid found twice");
        }
        let symmetric = all.iter().filter(|s| squares.is_symmetric(s)).count();
        if rows == cols {
            println!("{count} {kind}, {symmetric} of them symmetric; all checked, all distinct");
        } else {
            println!("{count} {kind}; all checked, all distinct");
        }
    } else {
        println!("{count} {kind}");
    }
    let start = Instant::now();
    let oracle = squares.count_by_backtracking();
    assert_eq!(count, oracle, "plain backtracking disagrees");
    println!("plain backtracking agrees ({:.2?})", start.elapsed());

    let mut blown_up = WordSquare::new(rows, cols, &list, distinct, Encoding::BlownUp);
    let (plain, plain_time) = timed_count(&mut blown_up.problem);
    assert_eq!(plain.solutions, count, "the two encodings disagree");
    println!(
        "colors (XCC):           {:>10} nodes {:>12} updates {:>10.2?}",
        colored.nodes, colored.updates, colored_time
    );
    println!(
        "(cell, letter) items:   {:>10} nodes {:>12} updates {:>10.2?}",
        plain.nodes, plain.updates, plain_time
    );
    ExitCode::SUCCESS
}

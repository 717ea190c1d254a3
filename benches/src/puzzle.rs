//! The Sudoku data sets: one puzzle per line, 81 characters, row-major,
//! `1`-`9` a clue, `.` or `0` a blank (the POJ 3074 line format).

use std::error::Error;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// A 9×9 grid, row-major: `0` is a blank cell, `1..=9` a digit.
pub type Grid = [u8; 81];

/// The names of the data sets shipped in `benches/data/` (`<name>.txt`),
/// easiest first.
pub const SET_NAMES: [&str; 5] = [
    "unbiased_1k",
    "17clue",
    "top1465",
    "forum_hardest_1106",
    "forum_hardest_11_train",
];

/// The directory holding the data sets.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Why a line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleErrorKind {
    /// The line does not have 81 characters.
    Length {
        /// Characters found on the line.
        found: usize,
    },
    /// A character other than `1`-`9`, `.` or `0`.
    Character {
        /// The offending character.
        found: char,
    },
}

/// A line that is not a puzzle, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the problem; for a wrong length,
    /// the column just past the end of the line.
    pub column: usize,
    /// What is wrong.
    pub kind: PuzzleErrorKind,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        match self.kind {
            PuzzleErrorKind::Length { found } => {
                write!(f, "expected 81 cells on the line, found {found}")
            }
            PuzzleErrorKind::Character { found } => {
                write!(f, "expected a digit 1-9, '.' or '0', found {found:?}")
            }
        }
    }
}

impl Error for PuzzleError {}

/// Parses one puzzle line. `line_number` (1-based) only goes into errors.
///
/// ```
/// use dlx_benches::puzzle::parse_line;
///
/// let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// let grid = parse_line(line, 1)?;
/// assert_eq!((grid[0], grid[1], grid[4]), (4, 0, 3));
/// assert!(parse_line("123", 7).is_err());
/// # Ok::<(), dlx_benches::puzzle::PuzzleError>(())
/// ```
///
/// # Errors
/// [`PuzzleError`] when the line is not 81 characters of `1`-`9`, `.`, `0`.
pub fn parse_line(line: &str, line_number: usize) -> Result<Grid, PuzzleError> {
    let mut grid = [0u8; 81];
    let mut n = 0;
    for (i, ch) in line.chars().enumerate() {
        let value = match ch {
            '1'..='9' => ch as u8 - b'0',
            '.' | '0' => 0,
            _ => {
                return Err(PuzzleError {
                    line: line_number,
                    column: i + 1,
                    kind: PuzzleErrorKind::Character { found: ch },
                })
            }
        };
        if i < 81 {
            grid[i] = value;
        }
        n = i + 1;
    }
    if n != 81 {
        return Err(PuzzleError {
            line: line_number,
            column: n + 1,
            kind: PuzzleErrorKind::Length { found: n },
        });
    }
    Ok(grid)
}

/// Parses a whole data set. Empty lines (and a `\r` before a newline) are
/// skipped; every other line must be a puzzle.
///
/// # Errors
/// The first line that is not a puzzle.
pub fn parse_set(text: &str) -> Result<Vec<Grid>, PuzzleError> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix('\r').unwrap_or(line)))
        .filter(|(_, line)| !line.is_empty())
        .map(|(n, line)| parse_line(line, n))
        .collect()
}

/// Why a data set could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
    /// A line is not a puzzle.
    Parse {
        /// The file.
        path: PathBuf,
        /// The line and what is wrong with it.
        error: PuzzleError,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            LoadError::Parse { path, error } => write!(f, "{}:{error}", path.display()),
        }
    }
}

impl Error for LoadError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            LoadError::Io { source, .. } => Some(source),
            LoadError::Parse { error, .. } => Some(error),
        }
    }
}

/// A loaded data set.
#[derive(Clone, Debug)]
pub struct PuzzleSet {
    /// The set's name: the file name without `.txt`.
    pub name: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// The puzzles in file order.
    pub puzzles: Vec<Grid>,
    /// SHA-256 of the file's bytes.
    pub sha256: [u8; 32],
}

impl PuzzleSet {
    /// Loads a file of puzzle lines.
    ///
    /// # Errors
    /// [`LoadError`] when the file cannot be read or a line is not a puzzle.
    pub fn load(path: impl AsRef<Path>) -> Result<PuzzleSet, LoadError> {
        let path = path.as_ref().to_path_buf();
        let bytes = fs::read(&path).map_err(|source| LoadError::Io {
            path: path.clone(),
            source,
        })?;
        let text = String::from_utf8_lossy(&bytes);
        let puzzles = parse_set(&text).map_err(|error| LoadError::Parse {
            path: path.clone(),
            error,
        })?;
        let name = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        Ok(PuzzleSet {
            name,
            path,
            puzzles,
            sha256: Sha256::digest(&bytes).into(),
        })
    }

    /// Loads a shipped set by name (see [`SET_NAMES`]), or any file when
    /// `name_or_path` names an existing file.
    ///
    /// # Errors
    /// As [`PuzzleSet::load`].
    pub fn named(name_or_path: &str) -> Result<PuzzleSet, LoadError> {
        let as_path = Path::new(name_or_path);
        if as_path.is_file() {
            PuzzleSet::load(as_path)
        } else {
            PuzzleSet::load(data_dir().join(format!("{name_or_path}.txt")))
        }
    }

    /// The first `hex_digits` hexadecimal digits of the file's SHA-256.
    pub fn sha256_prefix(&self, hex_digits: usize) -> String {
        let hex: String = self.sha256.iter().map(|b| format!("{b:02x}")).collect();
        hex[..hex_digits.min(hex.len())].to_string()
    }

    /// At most `n` puzzles spread evenly over the set (every k-th), so that a
    /// benchmark on a subset still samples the whole file.
    pub fn spread(&self, n: usize) -> Vec<Grid> {
        let len = self.puzzles.len();
        if n >= len {
            return self.puzzles.clone();
        }
        (0..n).map(|i| self.puzzles[i * len / n]).collect()
    }
}

/// Formats a grid as its 81-character line (`.` for blanks).
pub fn to_line(grid: &Grid) -> String {
    grid.iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_line_and_column() {
        let mut line = ".".repeat(81);
        line.replace_range(10..11, "x");
        let e = parse_line(&line, 3).unwrap_err();
        assert_eq!((e.line, e.column), (3, 11));
        assert_eq!(e.kind, PuzzleErrorKind::Character { found: 'x' });

        let e = parse_set(&format!("{}\n\n{}\n", ".".repeat(81), "1".repeat(80))).unwrap_err();
        assert_eq!((e.line, e.column), (3, 81));
        assert_eq!(e.kind, PuzzleErrorKind::Length { found: 80 });
        assert!(parse_line(&".".repeat(82), 1).is_err());
        assert!(parse_line("", 1).is_err());
    }

    #[test]
    fn zero_and_dot_are_blank() {
        let line = format!("0.5{}", ".".repeat(78));
        let g = parse_line(&line, 1).unwrap();
        assert_eq!(&g[..3], &[0, 0, 5]);
        assert_eq!(to_line(&g), format!("..5{}", ".".repeat(78)));
    }

    #[test]
    fn shipped_sets_load_with_known_sizes() {
        for (name, size) in [
            ("unbiased_1k", 1000),
            ("top1465", 1465),
            ("forum_hardest_1106", 375),
            ("17clue", 49_158),
            ("forum_hardest_11_train", 40_766),
        ] {
            let set = PuzzleSet::named(name).unwrap();
            assert_eq!(set.puzzles.len(), size, "{name}");
            assert_eq!(set.spread(100).len(), 100.min(size));
        }
    }

    #[test]
    fn shipped_sets_match_the_recorded_hashes() {
        // The sha256 sums listed in data/README.md.
        for (name, sha) in [
            (
                "17clue",
                "0041377124d2982cbfdabfbf3f9ceab7649c975ade3ff731cdeaf799b7ad1b87",
            ),
            (
                "top1465",
                "21d82f285082dc0db051f407cf23103af76bf077b368b04bd9e619f2bf6d2c1b",
            ),
            (
                "forum_hardest_1106",
                "fb88ac7cfcc462154a41c62262192ccd40255c39db9bd827e5199f1e1660cd17",
            ),
            (
                "unbiased_1k",
                "fc176210734cdec76977bf6320f0fe90f27a89efb2755657967dfe438e7612d6",
            ),
            (
                "forum_hardest_11_train",
                "b500af25a76909d50bea97e5dd6f7f32a0eee152ebc3717437284b591f2120f1",
            ),
        ] {
            let set = PuzzleSet::named(name).unwrap();
            assert_eq!(set.sha256_prefix(64), sha, "{name}");
            assert_eq!(set.sha256_prefix(12), sha[..12], "{name}");
        }
    }
}

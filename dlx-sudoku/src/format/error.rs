//! What can be wrong with Sudoku text, and where.

use std::fmt;
use std::io;

use crate::plural::Plural;

/// A malformed record: where and what.
///
/// Displayed as `LINE[:COLUMN]: what is wrong (what was expected)`.
///
/// ```
/// use dlx_sudoku::format::{Format, ParseErrorKind, ReadError, Reader};
///
/// let mut reader = Reader::new("12x4\n".as_bytes(), Format::Grid);
/// let Some(Err(ReadError::Parse(e))) = reader.next() else { panic!() };
/// assert_eq!((e.line, e.column), (1, Some(3)));
/// assert!(matches!(e.kind, ParseErrorKind::UnknownCharacter { found: 'x', .. }));
/// assert_eq!(e.to_string(), "1:3: unknown character 'x' (expected 1-4, or '.', '0', '_' for a blank)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}{}: {kind}", ColumnSuffix(*.column))]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column in characters, when the problem is at one place of the
    /// line (`None` when it concerns the whole line or record).
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Writes `:COLUMN` when there is a column.
struct ColumnSuffix(Option<usize>);

impl fmt::Display for ColumnSuffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, ":{c}"),
            None => Ok(()),
        }
    }
}

/// Where a truncated grid stops; see [`ParseErrorKind::TruncatedGrid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// A blank line came before the last row.
    BlankLine {
        /// 1-based number of the blank line.
        line: usize,
    },
    /// The input ended before the last row.
    EndOfInput,
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cut::BlankLine { line } => write!(f, "the blank line {line} comes first"),
            Cut::EndOfInput => f.write_str("the input ends"),
        }
    }
}

/// The list of accepted lengths, preferred first.
struct Lengths(&'static [usize]);

impl fmt::Display for Lengths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => Ok(()),
            [one] => write!(f, "{one}"),
            [first, rest @ ..] => {
                write!(f, "{first}, or ")?;
                for (k, n) in rest.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{n}")?;
                }
                f.write_str(" for other board sizes")
            }
        }
    }
}

/// What is wrong with a record; see [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A line (line format) or a row holds the wrong number of cells.
    #[error("{} (expected {})", Plural(*.found as u64, "cell"), Lengths(.expected))]
    WrongLength {
        /// The number of cells found.
        found: usize,
        /// The accepted numbers, preferred first.
        expected: &'static [usize],
    },
    /// A JSON board has the wrong number of rows.
    #[error(
        "{} in the board (expected {expected}, as many as the cells of a row)",
        Plural(*.found as u64, "row")
    )]
    WrongRowCount {
        /// The number of rows found.
        found: usize,
        /// The side of the board, given by its first row.
        expected: usize,
    },
    /// A character that is no cell of the format.
    #[error("unknown character {found:?} (expected {expected})")]
    UnknownCharacter {
        /// The character found.
        found: char,
        /// What a cell may be.
        expected: &'static str,
    },
    /// A blank-separated or JSON cell that is no cell of the format.
    #[error("unknown cell {found:?} (expected {expected})")]
    BadToken {
        /// The cell found (shortened if long).
        found: String,
        /// What a cell may be.
        expected: &'static str,
    },
    /// A value larger than the side of the board.
    #[error("value {found:?} is too large for a {side}x{side} board (expected {expected})")]
    ValueOutOfRange {
        /// The cell as written (shortened if long).
        found: String,
        /// The side of the board, also its largest value.
        side: usize,
        /// What a cell may be.
        expected: &'static str,
    },
    /// A grid stops before its last row; the error's line is the grid's first.
    #[error(
        "the puzzle has only {found} of its {expected} rows: {cut} (expected {expected} rows)"
    )]
    TruncatedGrid {
        /// The rows read.
        found: usize,
        /// The side of the board.
        expected: usize,
        /// What came instead of the next row.
        cut: Cut,
    },
    /// The first line of a [`Poj2676`](super::Format::Poj2676) input is not a
    /// number.
    #[error("{found:?} is not a case count (expected the number of cases on the first line)")]
    BadCaseCount {
        /// The line (shortened if long).
        found: String,
    },
    /// The input ends after fewer cases than its first line announces; the
    /// error's line is that of the count.
    #[error(
        "the first line announces {} but the input has {found} (expected as many cases as announced)",
        Plural(*.declared as u64, "case")
    )]
    TooFewCases {
        /// The announced count.
        declared: usize,
        /// The cases present.
        found: usize,
    },
    /// A case follows the last announced one; the error's line is its first.
    /// The extra cases are still read.
    #[error(
        "the first line announces {} but more follow (expected no more cases)",
        Plural(*.declared as u64, "case")
    )]
    TooManyCases {
        /// The announced count.
        declared: usize,
    },
    /// A line longer than [`MAX_LINE_LEN`](super::MAX_LINE_LEN) bytes; its
    /// bytes were skipped.
    #[error("line longer than {max} bytes (expected at most one puzzle per line)")]
    LineTooLong {
        /// The limit.
        max: usize,
    },
    /// Bytes that are not valid UTF-8.
    #[error("invalid UTF-8 (expected text)")]
    InvalidUtf8,
    /// JSON that is not an array of rows of cells.
    #[error("unexpected {found} (expected {expected})")]
    Json {
        /// What was found: a character, a word, `a new board`, `end of input`.
        found: String,
        /// What the JSON board needs at that place.
        expected: &'static str,
    },
    /// A JSON string without its closing quote on the same line.
    #[error("unterminated string (expected a closing '\"' on the same line)")]
    UnterminatedString,
}

/// Reading Sudoku text failed: the input could not be read, or a record is
/// malformed (the reader goes on after a malformed record, not after an
/// I/O error).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The underlying reader failed (or the format cannot be read:
    /// [`io::ErrorKind::Unsupported`]).
    #[error("read error: {0}")]
    Io(#[from] io::Error),
    /// A record is malformed.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl ReadError {
    /// The line of a parse error.
    pub fn line(&self) -> Option<usize> {
        match self {
            ReadError::Io(_) => None,
            ReadError::Parse(e) => Some(e.line),
        }
    }

    /// The parse error, if this is one.
    pub fn as_parse(&self) -> Option<&ParseError> {
        match self {
            ReadError::Io(_) => None,
            ReadError::Parse(e) => Some(e),
        }
    }
}

impl ParseError {
    /// A parse error at `line`, `column`.
    pub fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> Self {
        ParseError { line, column, kind }
    }
}

//! What is wrong with a DLX text input, with its line and column.

use super::*;

/// What is wrong with a DLX text input; see [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no item line (only blanks and comments, or nothing).
    NoItemLine,
    /// The item line has a second `|`.
    SecondDivider,
    /// An item name is declared twice.
    DuplicateItem(String),
    /// An item name is longer than [`MAX_NAME_LEN`] characters.
    NameTooLong(String),
    /// A character that cannot be part of an item name.
    BadCharacter(char),
    /// A byte sequence that is not valid UTF-8.
    InvalidUtf8,
    /// `|` inside an option other than in a cost token `|N`: alone (as in
    /// `| 3`) or inside a name (`a|3`). Only the item line has a divider.
    DividerInOption,
    /// An option names an item that the item line does not declare.
    UnknownItem(String),
    /// An option names the same item twice.
    RepeatedItem(String),
    /// A line is longer than [`MAX_LINE_LEN`] bytes.
    LineTooLong,
    /// The problem is too large for the engine's `u32` indices.
    TooLarge,
    /// A color on a primary item (`name:c` where `name` is primary).
    ColorOnPrimary(String),
    /// `name:` with no color after the colon.
    EmptyColor(String),
    /// A color of more than one character.
    LongColor(String),
    /// Bounds on a secondary item (after the `|` of the item line).
    BoundsOnSecondary(String),
    /// A bound that is not a decimal number.
    BadBound(String),
    /// A bound above `u32::MAX`.
    BoundTooLarge(String),
    /// `lo:name` without the upper bound and `|`.
    MissingUpperBound(String),
    /// Bounds `lo:hi` with `lo > hi`.
    LowerAboveUpper {
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// An upper bound of 0.
    ZeroUpperBound,
    /// A token `|` then a character other than a digit (`|-1`, `|x`): a
    /// cost is `|` then decimal digits. The column is that character's.
    CostWithoutDigits,
    /// A character other than a digit in a cost token (`|1x`, `|3|4`).
    BadCostDigit(char),
    /// A cost, or the sum of an option's costs, above [`MAX_COST`] (2^64 - 2,
    /// the largest the min-cost search takes).
    CostTooLarge(String),
}

/// A malformed DLX text input: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) where the problem starts; 0 when the
    /// error concerns the whole line or input.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column > 0 {
            write!(f, "{}:{}: ", self.line, self.column)?;
        } else {
            write!(f, "{}: ", self.line)?;
        }
        match &self.kind {
            ParseErrorKind::NoItemLine => {
                f.write_str("no item line (the input is empty, or only blank lines and comments)")
            }
            ParseErrorKind::SecondDivider => {
                f.write_str("a second '|' in the item line (expected one at most)")
            }
            ParseErrorKind::DuplicateItem(n) => write!(f, "item '{}' is declared twice", Short(n)),
            ParseErrorKind::NameTooLong(n) => write!(
                f,
                "item name '{}' is {} characters long (at most {MAX_NAME_LEN} allowed)",
                Short(n),
                n.chars().count()
            ),
            ParseErrorKind::BadCharacter(c) => write!(
                f,
                "character {c:?} cannot be part of an item name (expected printable ASCII other than ':' and '|')"
            ),
            ParseErrorKind::InvalidUtf8 => {
                f.write_str("invalid UTF-8 (expected ASCII item names)")
            }
            ParseErrorKind::DividerInOption => f.write_str(
                "'|' in an option (expected item names only, and costs written |N)",
            ),
            ParseErrorKind::UnknownItem(n) => {
                write!(f, "unknown item '{}' (not in the item line)", Short(n))
            }
            ParseErrorKind::RepeatedItem(n) => {
                write!(f, "item '{}' appears twice in this option", Short(n))
            }
            ParseErrorKind::LineTooLong => {
                write!(f, "line longer than {MAX_LINE_LEN} bytes")
            }
            ParseErrorKind::TooLarge => f.write_str("the problem is too large"),
            ParseErrorKind::ColorOnPrimary(n) => write!(
                f,
                "item '{}' is primary and cannot take a color (only secondary items can)",
                Short(n)
            ),
            ParseErrorKind::EmptyColor(n) => write!(
                f,
                "item '{}' has ':' but no color (expected one character after ':')",
                Short(n)
            ),
            ParseErrorKind::LongColor(c) => write!(
                f,
                "color '{}' is more than one character (expected exactly one)",
                Short(c)
            ),
            ParseErrorKind::BoundsOnSecondary(n) => write!(
                f,
                "item '{}' is secondary and cannot have bounds (only primary items, before '|')",
                Short(n)
            ),
            ParseErrorKind::BadBound(b) => write!(
                f,
                "bound '{}' is not a number (expected lo:hi|name or k|name)",
                Short(b)
            ),
            ParseErrorKind::BoundTooLarge(b) => {
                write!(f, "bound {} is too large (at most {})", Short(b), u32::MAX)
            }
            ParseErrorKind::MissingUpperBound(t) => write!(
                f,
                "'{}' has a lower bound but no upper bound (expected lo:hi|name)",
                Short(t)
            ),
            ParseErrorKind::LowerAboveUpper { lo, hi } => write!(
                f,
                "bounds {lo}:{hi}: the lower bound exceeds the upper"
            ),
            ParseErrorKind::ZeroUpperBound => {
                f.write_str("upper bound 0 (expected at least 1)")
            }
            ParseErrorKind::CostWithoutDigits => f.write_str(
                "expected a digit after '|' (a cost is written |N, N decimal digits)",
            ),
            ParseErrorKind::BadCostDigit(c) => write!(
                f,
                "character {c:?} in a cost (expected decimal digits, then a blank)"
            ),
            ParseErrorKind::CostTooLarge(t) => write!(
                f,
                "cost {} is too large (an option's costs must add up to at most {})",
                Short(t),
                MAX_COST
            ),
        }
    }
}

impl Error for ParseError {}

/// A token as an error message quotes it: whole up to [`Short::MAX`]
/// characters, else its first [`Short::MAX`] characters, `…` and its length
/// (a token can be as long as a line, [`MAX_LINE_LEN`] bytes).
pub(super) struct Short<'a>(&'a str);

impl Short<'_> {
    /// The most characters of a token quoted.
    const MAX: usize = 40;
}

impl fmt::Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(Short::MAX) {
            None => f.write_str(self.0),
            Some((end, _)) => write!(
                f,
                "{}… ({} characters)",
                &self.0[..end],
                self.0.chars().count()
            ),
        }
    }
}

/// Reading DLX text failed: the input could not be read, or it is malformed.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed.
    Io(io::Error),
    /// The text is malformed.
    Parse(ParseError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "read error: {e}"),
            ReadError::Parse(e) => e.fmt(f),
        }
    }
}

impl Error for ReadError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            ReadError::Parse(e) => Some(e),
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> Self {
        ReadError::Parse(e)
    }
}

//! Knuth's DLX text format: the input of DLX1 and its companions.
//!
//! ```text
//! | a comment line (the first nonblank character is '|')
//! a b c d | x y        <- the items: primary, then optionally '|' and secondary
//! a b x                <- one option per line, items in any order
//! c d
//! ```
//!
//! Item names are 1 to 8 nonblank ASCII characters other than `:` and `|`;
//! blanks are spaces or tabs; blank lines are ignored anywhere. An option
//! with no primary item is kept in the problem (so option ids follow the
//! option lines) but never chosen, as in DLX1, which drops it with a warning.
//!
//! The extensions of Knuth's later programs are read too, so one reader
//! serves DLX1, DLX2 and DLX3 files:
//!
//! - **Colors (DLX2).** In an option, a secondary item may be written
//!   `name:c`, `c` being one nonblank character, its color. Chosen options
//!   may share the item when they give it the same color.
//! - **Multiplicities (DLX3).** On the item line a primary item may be
//!   written `lo:hi|name` (between `lo` and `hi` chosen options contain it)
//!   or `k|name` (exactly `k`).
//!
//! - **Costs (DLX5).** In an option, after its first item, a token `|N`
//!   (`|` then one or more decimal digits, as `|0`, `|12`, `|007`) adds N
//!   to the option's cost ([`Problem::set_cost`]); several add up, and the
//!   total must be at most [`MAX_COST`] (2^64 - 2). `| 3`, `|-1`, `|3|4` and `|1x` are errors
//!   (a cost cannot come first: a line starting with `|` is a comment). A
//!   file without costs reads as it did before costs were read.
//!   Costs matter only to the min-cost search ([`Problem::min_cost`]);
//!   counting ignores them.
//!
//! A file that uses neither colors nor bounds is a DLX1 file and is
//! searched as one ([`Problem::kind`]).
//!
//! Comment lines are skipped unread, so they may hold any bytes.
//!
//! Where this reader is more lenient than DLX1: the last line need not end
//! with a newline; a carriage return before a newline (CRLF files) is
//! ignored; a UTF-8 byte-order mark at the start is skipped; a color may be
//! any one character, not only a byte.
//!
//! # Example
//!
//! ```
//! use dlx_core::text::parse;
//!
//! let input = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
//! let mut file = parse(input.as_bytes()).unwrap();
//! assert_eq!(file.problem.count(), 1);
//! let solution = file.problem.first_solution().unwrap();
//! let lines: Vec<String> = solution.iter().map(|&o| file.option_text(o)).collect();
//! assert_eq!(lines, ["a d f", "b g", "c e"]);
//! ```

use std::collections::HashMap;
use std::error::Error;
use std::fmt;
use std::io::{self, BufRead};

use crate::engine::cost::MAX_COST;
use crate::index::{Color, Item, OptionId};
use crate::problem::{BuildError, Problem};

/// The longest item name DLX1 accepts.
pub const MAX_NAME_LEN: usize = 8;

/// The longest line the reader accepts, in bytes (an item line of a problem
/// with a million items fits).
pub const MAX_LINE_LEN: usize = 16 << 20;

/// A problem read from text, with the names needed to print its solutions.
#[derive(Clone, Debug)]
pub struct DlxFile {
    /// The problem itself; option ids follow the option lines of the input.
    pub problem: Problem,
    /// Item names, primary first, as in the item line.
    pub item_names: Vec<String>,
    /// Line number (1-based) of the item line.
    pub item_line: usize,
    /// Line number (1-based) of each option.
    pub option_lines: Vec<usize>,
    /// Line numbers of options that have no primary item (they are never
    /// part of a solution; DLX1 drops them).
    pub ignored_options: Vec<usize>,
}

impl DlxFile {
    /// The option as a line of item names in the order of the input, each
    /// colored item followed by `:` and its color.
    pub fn option_text(&self, o: OptionId) -> String {
        let mut line = String::new();
        let p = &self.problem;
        for (k, (item, color)) in p.option_items(o).zip(p.option_colors(o)).enumerate() {
            if k > 0 {
                line.push(' ');
            }
            line.push_str(&self.item_names[item.index()]);
            if let Some(c) = color {
                line.push(':');
                line.push(color_char(c));
            }
        }
        line
    }
}

/// The color a character names in the text format: its code point.
pub fn char_color(c: char) -> Color {
    Color::new(c as usize)
}

/// The character of a color read by this module ([`char_color`]); U+FFFD
/// for a color that is no code point.
pub fn color_char(c: Color) -> char {
    u32::try_from(c.index())
        .ok()
        .and_then(char::from_u32)
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

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
struct Short<'a>(&'a str);

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

/// Reads lines of at most a given length, in memory bounded by that length:
/// an over-long line is reported as soon as it passes the limit, and the
/// rest of it skipped without being held (by the next call, or by
/// [`LineReader::skip_rest`]).
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    max: usize,
    line_no: usize,
    /// The line reported too long last has bytes left to skip.
    skipping: bool,
}

/// One line from a [`LineReader`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line (without its `\n`, or `\r\n`).
    Text(&'a [u8]),
    /// A line longer than the limit, reported once the limit was passed;
    /// the rest of it is skipped before the next line is read.
    TooLong,
}

impl<R: BufRead> LineReader<R> {
    /// Reads lines of at most `max` bytes from `inner`.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            line_no: 0,
            skipping: false,
        }
    }

    /// Skips what is left of the line last reported [`Line::TooLong`],
    /// reading at most `max` bytes of it; returns whether its end (or the
    /// input's) was reached. Without a line to skip, returns `true` at once.
    /// An input that is one endless line (`/dev/zero`) is thus read no
    /// further than the caller allows.
    pub fn skip_rest(&mut self, max: u64) -> io::Result<bool> {
        let mut left = max;
        while self.skipping {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.skipping = false;
                break;
            }
            if left == 0 {
                return Ok(false);
            }
            let room = available
                .len()
                .min(usize::try_from(left).unwrap_or(usize::MAX));
            let (used, done) = match available[..room].iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (room, false),
            };
            self.inner.consume(used);
            left -= used as u64;
            self.skipping = !done;
        }
        Ok(true)
    }

    /// 1-based number of the line returned last (0 before the first).
    pub fn line_number(&self) -> usize {
        self.line_no
    }

    /// The next line, read into `buf` (which is cleared first), or `None` at
    /// the end of the input. A line's `\r\n` or `\n` is removed; a last line
    /// without a newline is returned as it is.
    pub fn next_line<'b>(&mut self, buf: &'b mut Vec<u8>) -> io::Result<Option<Line<'b>>> {
        self.skip_rest(u64::MAX)?;
        buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], Some(i + 1)),
                None => (available, None),
            };
            if buf.len() + chunk.len() > self.max {
                // Report it now: the rest of the line may never end.
                too_long = true;
                buf.clear();
                self.skipping = done.is_none();
            } else {
                buf.extend_from_slice(chunk);
            }
            let used = done.unwrap_or(available.len());
            self.inner.consume(used);
            if done.is_some() || too_long {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no += 1;
        if too_long {
            return Ok(Some(Line::TooLong));
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        Ok(Some(Line::Text(buf)))
    }
}

/// Parses DLX text held in memory.
///
/// # Errors
/// A [`ParseError`] naming the line and column of the first problem found.
pub fn parse(input: &[u8]) -> Result<DlxFile, ParseError> {
    match read(input) {
        Ok(f) => Ok(f),
        Err(ReadError::Parse(e)) => Err(e),
        Err(ReadError::Io(e)) => unreachable!("reading a byte slice cannot fail: {e}"),
    }
}

/// Reads DLX text from `reader`, a line at a time, with lines bounded by
/// [`MAX_LINE_LEN`].
///
/// # Errors
/// [`ReadError::Io`] when reading fails, [`ReadError::Parse`] for the first
/// malformed line.
pub fn read<R: BufRead>(reader: R) -> Result<DlxFile, ReadError> {
    let mut lines = LineReader::new(reader, MAX_LINE_LEN);
    let mut buf = Vec::new();
    let mut by_name: HashMap<Vec<u8>, Item> = HashMap::new();
    let mut names: Vec<String> = Vec::new();
    let mut primary = None;
    let mut problem: Option<Problem> = None;
    let mut item_line = 0;
    let mut option_lines = Vec::new();
    let mut ignored = Vec::new();
    let mut option: Vec<(Item, Option<Color>)> = Vec::new();
    let mut bounds: Vec<(usize, Bounds)> = Vec::new();
    loop {
        let line = match lines.next_line(&mut buf)? {
            None => break,
            Some(Line::TooLong) => {
                return Err(err(lines.line_number(), 0, ParseErrorKind::LineTooLong).into())
            }
            Some(Line::Text(t)) => t,
        };
        let line_no = lines.line_number();
        let line = if line_no == 1 {
            line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line)
        } else {
            line
        };
        // Blank lines and comments (first nonblank character '|') are
        // skipped before anything else, so a comment may hold any bytes.
        match line.iter().find(|&&b| b != b' ' && b != b'\t') {
            None | Some(b'|') => continue,
            Some(_) => {}
        }
        let tokens = Tokens::new(line, line_no)?;
        let Some(p) = problem.as_mut() else {
            // The item line.
            let mut secondary_from = None;
            for t in tokens {
                if t.text == b"|" {
                    if secondary_from.is_some() {
                        return Err(err(line_no, t.column, ParseErrorKind::SecondDivider).into());
                    }
                    secondary_from = Some(names.len());
                    continue;
                }
                let (t, bound) = split_bounds(t, line_no)?;
                let name = check_name(&t, line_no)?;
                if let Some(b) = bound {
                    if secondary_from.is_some() {
                        let kind = ParseErrorKind::BoundsOnSecondary(name);
                        return Err(err(line_no, b.column, kind).into());
                    }
                    bounds.push((names.len(), b));
                }
                let item = Item::new(names.len());
                if by_name.insert(t.text.to_vec(), item).is_some() {
                    return Err(err(line_no, t.column, ParseErrorKind::DuplicateItem(name)).into());
                }
                names.push(name);
            }
            // At least one primary item: a line starting with '|' is a
            // comment, so the item line cannot start with the divider.
            let n_primary = secondary_from.unwrap_or(names.len());
            if names.len() > u32::MAX as usize / 2 {
                return Err(err(line_no, 0, ParseErrorKind::TooLarge).into());
            }
            primary = Some(n_primary);
            item_line = line_no;
            let mut p = Problem::new(n_primary, names.len() - n_primary);
            for &(i, b) in &bounds {
                let item = Item::new(i);
                let kind = match p.set_bounds(item, b.lo, b.hi) {
                    Ok(()) => continue,
                    Err(BuildError::ZeroUpperBound { .. }) => ParseErrorKind::ZeroUpperBound,
                    Err(BuildError::LowerAboveUpper { lo, hi, .. }) => {
                        ParseErrorKind::LowerAboveUpper { lo, hi }
                    }
                    Err(_) => ParseErrorKind::BoundsOnSecondary(names[i].clone()),
                };
                return Err(err(line_no, b.column, kind).into());
            }
            problem = Some(p);
            continue;
        };
        option.clear();
        let mut columns = Vec::new();
        let mut cost = 0u64;
        for t in tokens {
            if t.text[0] == b'|' && t.text.len() > 1 {
                // Not the first token: that line would be a comment.
                let c = read_cost(&t, line_no)?;
                // At most `MAX_COST`, the largest cost the min-cost
                // search takes.
                cost = cost
                    .checked_add(c)
                    .filter(|&s| s <= MAX_COST)
                    .ok_or_else(|| {
                        let total = (u128::from(cost) + u128::from(c)).to_string();
                        err(line_no, t.column, ParseErrorKind::CostTooLarge(total))
                    })?;
                continue;
            }
            if t.text.contains(&b'|') {
                return Err(err(line_no, t.column, ParseErrorKind::DividerInOption).into());
            }
            let (t, color) = split_color(t, line_no)?;
            match by_name.get(t.text) {
                Some(&item) => {
                    if color.is_some() && item.index() < primary.unwrap_or(0) {
                        let name = names[item.index()].clone();
                        let kind = ParseErrorKind::ColorOnPrimary(name);
                        return Err(err(line_no, t.column, kind).into());
                    }
                    option.push((item, color));
                    columns.push(t.column);
                }
                None => {
                    let name = check_name(&t, line_no)?;
                    return Err(err(line_no, t.column, ParseErrorKind::UnknownItem(name)).into());
                }
            }
        }
        match p.add_colored_option(option.iter().copied()) {
            Ok(id) => p.set_cost(id, cost),
            Err(BuildError::RepeatedItem { item }) => {
                // Point at the second occurrence.
                let column = option
                    .iter()
                    .zip(&columns)
                    .filter(|&(&(i, _), _)| i == item)
                    .nth(1)
                    .map_or(0, |(_, &c)| c);
                let name = names[item.index()].clone();
                return Err(err(line_no, column, ParseErrorKind::RepeatedItem(name)).into());
            }
            Err(_) => return Err(err(line_no, 0, ParseErrorKind::TooLarge).into()),
        }
        option_lines.push(line_no);
        if option
            .iter()
            .all(|(i, _)| i.index() >= primary.unwrap_or(0))
        {
            ignored.push(line_no);
        }
    }
    let Some(problem) = problem else {
        // The last line read (blank or a comment), or line 1 of an empty
        // input: the place where the item line was still missing.
        let last = lines.line_number().max(1);
        return Err(err(last, 0, ParseErrorKind::NoItemLine).into());
    };
    Ok(DlxFile {
        problem,
        item_names: names,
        item_line,
        option_lines,
        ignored_options: ignored,
    })
}

fn err(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
    ParseError { line, column, kind }
}

/// A blank-separated word of a line and its 1-based column.
struct Token<'a> {
    text: &'a [u8],
    column: usize,
}

/// Splits a line at blanks (spaces and tabs).
struct Tokens<'a> {
    line: &'a [u8],
    pos: usize,
    /// Characters before `pos` (kept as the line is walked: counting from
    /// the start for each token made a line of n tokens cost n² steps).
    chars: usize,
}

impl<'a> Tokens<'a> {
    fn new(line: &'a [u8], line_no: usize) -> Result<Self, ParseError> {
        if let Err(e) = std::str::from_utf8(line) {
            let column = String::from_utf8_lossy(&line[..e.valid_up_to()])
                .chars()
                .count()
                + 1;
            return Err(err(line_no, column, ParseErrorKind::InvalidUtf8));
        }
        Ok(Tokens {
            line,
            pos: 0,
            chars: 0,
        })
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let is_blank = |b: &u8| *b == b' ' || *b == b'\t';
        let rest = &self.line[self.pos..];
        let start = self.pos + rest.iter().position(|b| !is_blank(b))?;
        let len = self.line[start..]
            .iter()
            .position(is_blank)
            .unwrap_or(self.line.len() - start);
        // Columns count characters (the line is valid UTF-8 here); blanks
        // are one byte each.
        let column = self.chars + (start - self.pos) + 1;
        let text = &self.line[start..start + len];
        self.chars = column - 1 + utf8_chars(text);
        self.pos = start + len;
        Some(Token { text, column })
    }
}

/// The number of characters in valid UTF-8 `bytes`: the bytes that do not
/// continue a character.
fn utf8_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// The bounds written before an item name on the item line, and the column
/// where they start.
#[derive(Clone, Copy)]
struct Bounds {
    lo: u32,
    hi: u32,
    column: usize,
}

/// Splits `lo:hi|name` or `k|name` into the name and its bounds (DLX3).
/// A token without `|` is a name; `lo:name` lacks its upper bound.
fn split_bounds<'a>(
    t: Token<'a>,
    line_no: usize,
) -> Result<(Token<'a>, Option<Bounds>), ParseError> {
    let Some(bar) = t.text.iter().position(|&b| b == b'|') else {
        if let Some(colon) = t.text.iter().position(|&b| b == b':') {
            let prefix = &t.text[..colon];
            if !prefix.is_empty() && prefix.iter().all(u8::is_ascii_digit) {
                let text = String::from_utf8_lossy(t.text).into_owned();
                let kind = ParseErrorKind::MissingUpperBound(text);
                return Err(err(line_no, t.column, kind));
            }
        }
        return Ok((t, None));
    };
    let spec = &t.text[..bar];
    let number = |digits: &[u8], column: usize| -> Result<u32, ParseError> {
        let text = String::from_utf8_lossy(digits).into_owned();
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(err(line_no, column, ParseErrorKind::BadBound(text)));
        }
        text.parse()
            .map_err(|_| err(line_no, column, ParseErrorKind::BoundTooLarge(text)))
    };
    // Bounds are ASCII digits (checked), so byte offsets are columns.
    let (lo, hi) = match spec.iter().position(|&b| b == b':') {
        Some(colon) => (
            number(&spec[..colon], t.column)?,
            number(&spec[colon + 1..], t.column + colon + 1)?,
        ),
        None => {
            let k = number(spec, t.column)?;
            (k, k)
        }
    };
    let name = Token {
        text: &t.text[bar + 1..],
        column: t.column + bar + 1,
    };
    if name.text.is_empty() {
        let kind = ParseErrorKind::BadCharacter('|');
        return Err(err(line_no, t.column + bar, kind));
    }
    let bounds = Bounds {
        lo,
        hi,
        column: t.column,
    };
    Ok((name, Some(bounds)))
}

/// Splits `name:c` into the name and its color (DLX2).
fn split_color<'a>(t: Token<'a>, line_no: usize) -> Result<(Token<'a>, Option<Color>), ParseError> {
    let Some(colon) = t.text.iter().position(|&b| b == b':') else {
        return Ok((t, None));
    };
    let name = Token {
        text: &t.text[..colon],
        column: t.column,
    };
    let rest = String::from_utf8_lossy(&t.text[colon + 1..]).into_owned();
    let column = t.column + String::from_utf8_lossy(&t.text[..=colon]).chars().count();
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (None, _) => {
            let n = String::from_utf8_lossy(name.text).into_owned();
            Err(err(line_no, column - 1, ParseErrorKind::EmptyColor(n)))
        }
        (Some(c), None) => Ok((name, Some(char_color(c)))),
        (Some(_), Some(_)) => Err(err(line_no, column, ParseErrorKind::LongColor(rest))),
    }
}

/// The value of a cost token `|N` (DLX5).
fn read_cost(t: &Token<'_>, line_no: usize) -> Result<u64, ParseError> {
    let digits = &t.text[1..];
    if !digits.first().is_some_and(u8::is_ascii_digit) {
        return Err(err(
            line_no,
            t.column + 1,
            ParseErrorKind::CostWithoutDigits,
        ));
    }
    let mut value = 0u64;
    for (k, &b) in digits.iter().enumerate() {
        if !b.is_ascii_digit() {
            // The token is valid UTF-8; everything before `b` is ASCII.
            let c = std::str::from_utf8(&digits[k..])
                .ok()
                .and_then(|r| r.chars().next())
                .unwrap_or(char::REPLACEMENT_CHARACTER);
            return Err(err(
                line_no,
                t.column + 1 + k,
                ParseErrorKind::BadCostDigit(c),
            ));
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| {
                let text = String::from_utf8_lossy(digits).into_owned();
                err(line_no, t.column, ParseErrorKind::CostTooLarge(text))
            })?;
    }
    Ok(value)
}

/// Checks an item name's characters and length.
fn check_name(t: &Token<'_>, line_no: usize) -> Result<String, ParseError> {
    let name = String::from_utf8_lossy(t.text).into_owned();
    for (k, c) in name.chars().enumerate() {
        if !c.is_ascii_graphic() || c == ':' || c == '|' {
            return Err(err(line_no, t.column + k, ParseErrorKind::BadCharacter(c)));
        }
    }
    if t.text.len() > MAX_NAME_LEN {
        return Err(err(line_no, t.column, ParseErrorKind::NameTooLong(name)));
    }
    Ok(name)
}

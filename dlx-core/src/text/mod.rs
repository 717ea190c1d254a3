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

mod error;
mod lines;
mod tokens;

pub use error::{ParseError, ParseErrorKind, ReadError};
pub use lines::{Line, LineReader};
use tokens::*;

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

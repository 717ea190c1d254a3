//! The streaming reader: line and block formats here, JSON in `json`.

use std::io::{self, BufRead};

use super::alphabet::{Alphabet, Cell};
use super::error::{Cut, ParseError, ParseErrorKind, ReadError};
use super::json::Json;
use super::lines::{Fetch, Lines};
use super::{
    board_from, char_at, column, exactly, excerpt, is_blank, single_char, trim, Format, Puzzle,
    MAX_LINE_LEN, SIDES,
};

/// The accepted lengths of a line-format puzzle: side² for each side.
const LINE_LENGTHS: &[usize] = &[81, 16, 256, 625];

/// The accepted first-row lengths of a [`Format::Poj3076`] grid.
const SIDES_16_FIRST: &[usize] = &[16, 4, 9, 25];

/// The side of a board of `cells` cells (a line-format length).
fn side_of_cells(cells: usize) -> usize {
    match cells {
        16 => 4,
        81 => 9,
        256 => 16,
        _ => 25,
    }
}

/// Reads puzzles one record at a time; see the [module documentation](super)
/// for the formats and the recovery after errors.
///
/// Each item is a puzzle, or the error of one malformed record (the reader
/// then goes on with the next record), or an I/O error (the last item).
///
/// ```
/// use dlx_sudoku::format::{Format, Reader};
///
/// let input = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n\
///              700803004\n000401000\n009205800\n804000107\n";
/// let puzzles: Vec<_> = Reader::new(input.as_bytes(), Format::Poj2676)
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(puzzles.len(), 1);
/// assert_eq!(puzzles[0].line, 2);
/// assert_eq!(puzzles[0].board.get(0, 2), 3);
/// ```
pub struct Reader<R> {
    lines: Lines<R>,
    format: Format,
    state: State,
    done: bool,
}

/// The per-format part of a reader.
enum State {
    Line,
    Block(Block),
    Json(Json),
}

impl<R: BufRead> Reader<R> {
    /// Reads `format` from `inner`.
    pub fn new(inner: R, format: Format) -> Self {
        let state = match format {
            Format::Line => State::Line,
            Format::Grid => State::Block(Block::new(Row::Chars(Alphabet::Std), None, true, false)),
            Format::Poj2676 => {
                State::Block(Block::new(Row::Chars(Alphabet::Std), Some(9), false, true))
            }
            Format::Hdu1426 | Format::Spaced => State::Block(Block::new(
                Row::Tokens(Alphabet::Numbers),
                Some(9),
                false,
                false,
            )),
            Format::Poj3076 => State::Block(Block::new(
                Row::Chars(Alphabet::Letters),
                Some(16),
                false,
                false,
            )),
            Format::Leetcode => State::Json(Json::new()),
            Format::Pretty => {
                let mut block = Block::new(Row::Boxed, None, true, false);
                block.rules = true;
                State::Block(block)
            }
        };
        Reader {
            lines: Lines::new(inner),
            format,
            state,
            done: false,
        }
    }

    /// Detects the format from the start of the input (what `fill_buf`
    /// returns, normally the first few KiB; see [`detect`](super::detect)),
    /// without consuming it, and reads that format. When the start of the
    /// input fits no format (or is empty) the format is [`Format::Line`].
    ///
    /// # Errors
    /// An error of `inner.fill_buf()`.
    ///
    /// ```
    /// use dlx_sudoku::format::{Format, Reader};
    ///
    /// let (reader, format) = Reader::detect("? 5 ? 4 ? 8 ? ? 2\n".as_bytes()).unwrap();
    /// assert_eq!(format, Format::Hdu1426);
    /// assert_eq!(reader.format(), Format::Hdu1426);
    /// ```
    pub fn detect(mut inner: R) -> io::Result<(Self, Format)> {
        let format = loop {
            match inner.fill_buf() {
                Ok(sample) => break super::detect(sample).unwrap_or(Format::Line),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        Ok((Reader::new(inner, format), format))
    }

    /// The format being read.
    pub fn format(&self) -> Format {
        self.format
    }

    /// 1-based number of the last line read (0 before the first).
    pub fn line_number(&self) -> usize {
        self.lines.line_no()
    }
}

/// What a reader step produced: a record, or the end (`None`).
type Step = io::Result<Option<Result<Puzzle, ParseError>>>;

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let step = match &mut self.state {
            State::Line => next_line_puzzle(&mut self.lines),
            State::Block(block) => block.next(&mut self.lines),
            State::Json(json) => json.next(&mut self.lines),
        };
        match step {
            Ok(Some(Ok(puzzle))) => Some(Ok(puzzle)),
            Ok(Some(Err(e))) => Some(Err(ReadError::Parse(e))),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(ReadError::Io(e)))
            }
        }
    }
}

/// The next record of the line format.
fn next_line_puzzle<R: BufRead>(lines: &mut Lines<R>) -> Step {
    loop {
        match lines.fetch()? {
            Fetch::End => return Ok(None),
            Fetch::TooLong => {
                return Ok(Some(Err(too_long(lines.line_no()))));
            }
            Fetch::Text => {}
        }
        let text = lines.text();
        let (start, end) = trim(text);
        let t = &text[start..end];
        if t.is_empty() || t[0] == b'#' {
            continue;
        }
        if t.eq_ignore_ascii_case(b"end") {
            return Ok(None);
        }
        let line = lines.line_no();
        let mut cells = Vec::new();
        return Ok(Some(
            match parse_row(
                text,
                Row::Chars(Alphabet::Std),
                LINE_LENGTHS,
                true,
                &mut cells,
                &mut None,
            ) {
                Ok(side) => Ok(Puzzle {
                    board: board_from(side, cells),
                    line,
                }),
                Err((column, kind)) => Err(ParseError::new(line, column, kind)),
            },
        ));
    }
}

fn too_long(line: usize) -> ParseError {
    ParseError::new(
        line,
        None,
        ParseErrorKind::LineTooLong { max: MAX_LINE_LEN },
    )
}

/// How the cells of a row are written.
#[derive(Clone, Copy, Debug)]
enum Row {
    /// One character per cell.
    Chars(Alphabet),
    /// Blank-separated tokens.
    Tokens(Alphabet),
    /// One character of [`Alphabet::Std`] per cell, cells separated by
    /// blanks and `|` ([`Format::Pretty`]).
    Boxed,
}

/// Is `b` a blank or the `|` between boxes of [`Format::Pretty`]?
fn is_boxed_blank(b: u8) -> bool {
    b == b'|' || is_blank(b)
}

/// Parses one row (or a whole line-format puzzle when `per_line`) of
/// `line`, appending its cells to `out`. The number of cells must be one of
/// `allowed`; it gives the side (its square root when `per_line`).
///
/// Returns the side, or the column (if any) and kind of the first problem.
/// The side is also stored in `side_found` as soon as the length is known
/// good, so that a caller can skip the rest of a record whose row has a bad
/// cell.
fn parse_row(
    line: &[u8],
    row: Row,
    allowed: &'static [usize],
    per_line: bool,
    out: &mut Vec<u8>,
    side_found: &mut Option<usize>,
) -> Result<usize, (Option<usize>, ParseErrorKind)> {
    let (start, end) = trim(line);
    let text = &line[start..end];
    if let Err(e) = std::str::from_utf8(text) {
        return Err((
            Some(column(line, start + e.valid_up_to())),
            ParseErrorKind::InvalidUtf8,
        ));
    }
    match row {
        Row::Chars(alphabet) => {
            let n = if text.is_ascii() {
                text.len()
            } else {
                column(text, text.len()) - 1
            };
            if !allowed.contains(&n) {
                return Err((
                    None,
                    ParseErrorKind::WrongLength {
                        found: n,
                        expected: allowed,
                    },
                ));
            }
            let side = if per_line { side_of_cells(n) } else { n };
            *side_found = Some(side);
            // The common case, every byte a value of the board, in one
            // pass through a table; the loop below finds what is wrong.
            let table = alphabet.table();
            if text
                .iter()
                .all(|&b| usize::from(table[usize::from(b)]) <= side)
            {
                out.extend(text.iter().map(|&b| table[usize::from(b)]));
                return Ok(side);
            }
            out.reserve(n);
            for (i, &b) in text.iter().enumerate() {
                if b & 0xC0 == 0x80 {
                    continue; // inside a non-ASCII character, reported below
                }
                let pos = start + i;
                let cell = if b.is_ascii() {
                    alphabet.char_value(b)
                } else {
                    Cell::Unknown
                };
                match cell {
                    Cell::Value(v) if v <= side => out.push(v as u8),
                    Cell::Value(_) => {
                        return Err((
                            Some(column(line, pos)),
                            ParseErrorKind::ValueOutOfRange {
                                found: char::from(b).to_string(),
                                side,
                                expected: alphabet.expected(side),
                            },
                        ))
                    }
                    Cell::Unknown => {
                        return Err((
                            Some(column(line, pos)),
                            ParseErrorKind::UnknownCharacter {
                                found: char_at(line, pos).unwrap_or(char::REPLACEMENT_CHARACTER),
                                expected: alphabet.expected(side),
                            },
                        ))
                    }
                }
            }
            Ok(side)
        }
        Row::Boxed => {
            let n = words_by(text, is_boxed_blank).count();
            if !allowed.contains(&n) {
                return Err((
                    None,
                    ParseErrorKind::WrongLength {
                        found: n,
                        expected: allowed,
                    },
                ));
            }
            let side = n;
            *side_found = Some(side);
            out.reserve(n);
            let alphabet = Alphabet::Std;
            for (offset, word) in words_by(text, is_boxed_blank) {
                let pos = start + offset;
                let cell = match word {
                    [b] if b.is_ascii() => alphabet.char_value(*b),
                    _ => Cell::Unknown,
                };
                match cell {
                    Cell::Value(v) if v <= side => out.push(v as u8),
                    Cell::Value(_) => {
                        return Err((
                            Some(column(line, pos)),
                            ParseErrorKind::ValueOutOfRange {
                                found: excerpt(word),
                                side,
                                expected: alphabet.expected(side),
                            },
                        ))
                    }
                    Cell::Unknown => {
                        let kind = match std::str::from_utf8(word).ok().and_then(single_char) {
                            Some(c) => ParseErrorKind::UnknownCharacter {
                                found: c,
                                expected: alphabet.expected(side),
                            },
                            None => ParseErrorKind::BadToken {
                                found: excerpt(word),
                                expected: alphabet.expected(side),
                            },
                        };
                        return Err((Some(column(line, pos)), kind));
                    }
                }
            }
            Ok(side)
        }
        Row::Tokens(alphabet) => {
            let n = words(text).count();
            if !allowed.contains(&n) {
                return Err((
                    None,
                    ParseErrorKind::WrongLength {
                        found: n,
                        expected: allowed,
                    },
                ));
            }
            let side = n;
            *side_found = Some(side);
            out.reserve(n);
            for (offset, word) in words(text) {
                let pos = start + offset;
                match alphabet.token_value(word) {
                    Cell::Value(v) if v <= side => out.push(v as u8),
                    Cell::Value(_) => {
                        return Err((
                            Some(column(line, pos)),
                            ParseErrorKind::ValueOutOfRange {
                                found: excerpt(word),
                                side,
                                expected: alphabet.expected(side),
                            },
                        ))
                    }
                    Cell::Unknown => {
                        let kind = match std::str::from_utf8(word).ok().and_then(single_char) {
                            Some(c) => ParseErrorKind::UnknownCharacter {
                                found: c,
                                expected: alphabet.expected(side),
                            },
                            None => ParseErrorKind::BadToken {
                                found: excerpt(word),
                                expected: alphabet.expected(side),
                            },
                        };
                        return Err((Some(column(line, pos)), kind));
                    }
                }
            }
            Ok(side)
        }
    }
}

/// The blank-separated words of `text`, each with its byte offset.
fn words(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    words_by(text, is_blank)
}

/// The words of `text` between bytes that `sep` accepts, each with its
/// byte offset.
fn words_by(text: &[u8], sep: fn(u8) -> bool) -> impl Iterator<Item = (usize, &[u8])> {
    let mut pos = 0;
    std::iter::from_fn(move || {
        let start = pos + text[pos..].iter().position(|&b| !sep(b))?;
        let len = text[start..]
            .iter()
            .position(|&b| sep(b))
            .unwrap_or(text.len() - start);
        pos = start + len;
        Some((start, &text[start..pos]))
    })
}

/// The state of a block-format reader.
struct Block {
    row: Row,
    /// The side assumed for skipping a broken record when neither its first
    /// nor its second row has the length of a side (`None`: skip to the
    /// next blank line).
    default_side: Option<usize>,
    /// The accepted lengths of a record's first row.
    first_row: &'static [usize],
    /// Are `#` comment lines allowed?
    comments: bool,
    /// Are rules (lines of `+` and `-`, [`Format::Pretty`]) skipped like
    /// comments?
    rules: bool,
    /// The case count of [`Format::Poj2676`].
    count: Option<Count>,
    /// Lines to skip before the next record, after an error.
    skip: Option<Skip>,
}

/// What to skip after a malformed record.
#[derive(Clone, Copy, Debug)]
enum Skip {
    /// Up to this many rows, stopping early at a blank line.
    Rows(usize),
    /// The rest of a record whose first row gave no side: the next row's
    /// length gives it (or the format's usual side), stopping early at a
    /// blank line.
    Infer,
}

/// The case count of a [`Format::Poj2676`] input.
struct Count {
    state: CountState,
    /// Records begun so far, good or bad.
    cases: usize,
    /// Was [`ParseErrorKind::TooManyCases`] reported?
    extra_reported: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CountState {
    /// The first line is still to be read.
    Unread,
    /// The first line announced `n` cases.
    Declared { n: usize, line: usize },
    /// No usable count (or its mismatch was reported).
    Unknown,
}

impl Block {
    fn new(row: Row, default_side: Option<usize>, comments: bool, counted: bool) -> Self {
        Block {
            row,
            default_side,
            first_row: if default_side == Some(16) {
                SIDES_16_FIRST
            } else {
                SIDES
            },
            comments,
            rules: false,
            count: counted.then_some(Count {
                state: CountState::Unread,
                cases: 0,
                extra_reported: false,
            }),
            skip: None,
        }
    }

    /// Is the current line (trimmed) a comment (and comments allowed), or
    /// a rule of [`Format::Pretty`]?
    fn is_comment(&self, t: &[u8]) -> bool {
        (self.comments && t.first() == Some(&b'#'))
            || (self.rules
                && t.first() == Some(&b'+')
                && t.iter().all(|&b| b == b'+' || b == b'-' || is_blank(b)))
    }

    /// What to skip after an error in row `rows_done` of a record of side
    /// `side` (if known).
    fn skip_after(&self, side: Option<usize>, rows_done: usize) -> Option<Skip> {
        if self.rules && side.is_none_or(|s| s > rows_done) {
            // A broken rule cannot be told from a broken row, so counting
            // rows could stop short: skip to the blank line that pretty
            // output puts between records.
            return Some(Skip::Rows(usize::MAX));
        }
        match side {
            Some(s) if s > rows_done => Some(Skip::Rows(s - rows_done)),
            Some(_) => None,
            None => Some(Skip::Infer),
        }
    }

    /// The number of cells of a row, for skipping (no checks).
    fn row_len(&self, text: &[u8]) -> usize {
        let (s, e) = trim(text);
        match self.row {
            Row::Chars(_) => column(&text[s..e], e - s) - 1,
            Row::Tokens(_) => words(&text[s..e]).count(),
            Row::Boxed => words_by(&text[s..e], is_boxed_blank).count(),
        }
    }

    fn next<R: BufRead>(&mut self, lines: &mut Lines<R>) -> Step {
        if let Some(skip) = self.skip.take() {
            self.resync(lines, skip)?;
        }
        if matches!(&self.count, Some(c) if c.state == CountState::Unread) {
            if let Some(e) = self.read_count(lines)? {
                return Ok(Some(Err(e)));
            }
        }
        // The first row of the record; in the pretty format the record
        // starts at the rule above it.
        let mut rule_line = None;
        let fetched = loop {
            match lines.fetch()? {
                Fetch::End => return Ok(self.end_of_input().map(Err)),
                Fetch::TooLong => break Fetch::TooLong,
                Fetch::Text => {
                    let text = lines.text();
                    let (s, e) = trim(text);
                    if s == e {
                        rule_line = None;
                        continue;
                    }
                    if self.is_comment(&text[s..e]) {
                        if self.rules && text[s] == b'+' {
                            rule_line = Some(lines.line_no());
                        }
                        continue;
                    }
                    break Fetch::Text;
                }
            }
        };
        let start = rule_line.unwrap_or(lines.line_no());
        if let Some(count) = &mut self.count {
            if let CountState::Declared { n, .. } = count.state {
                if count.cases == n && !count.extra_reported && fetched == Fetch::Text {
                    count.extra_reported = true;
                    lines.push_back();
                    return Ok(Some(Err(ParseError::new(
                        start,
                        None,
                        ParseErrorKind::TooManyCases { declared: n },
                    ))));
                }
            }
            count.cases += 1;
        }
        if fetched == Fetch::TooLong {
            self.skip = self.skip_after(None, 1);
            return Ok(Some(Err(too_long(lines.line_no()))));
        }
        let mut cells = Vec::new();
        let mut side_found = None;
        let first = parse_row(
            lines.text(),
            self.row,
            self.first_row,
            false,
            &mut cells,
            &mut side_found,
        );
        let side = match first {
            Ok(side) => side,
            Err((column, kind)) => {
                self.skip = self.skip_after(side_found, 1);
                // The row's line (the record's, but for a pretty rule).
                let line = lines.line_no();
                return Ok(Some(Err(ParseError::new(line, column, kind))));
            }
        };
        cells.reserve(side * side - side);
        let mut rows = 1;
        while rows < side {
            match lines.fetch()? {
                Fetch::End => {
                    return Ok(Some(Err(truncated(start, rows, side, Cut::EndOfInput))));
                }
                Fetch::TooLong => {
                    rows += 1;
                    self.skip = self.skip_after(Some(side), rows);
                    return Ok(Some(Err(too_long(lines.line_no()))));
                }
                Fetch::Text => {}
            }
            let text = lines.text();
            let (s, e) = trim(text);
            if s == e {
                let cut = Cut::BlankLine {
                    line: lines.line_no(),
                };
                return Ok(Some(Err(truncated(start, rows, side, cut))));
            }
            if self.is_comment(&text[s..e]) {
                continue;
            }
            rows += 1;
            let parsed = parse_row(text, self.row, exactly(side), false, &mut cells, &mut None);
            if let Err((column, kind)) = parsed {
                self.skip = self.skip_after(Some(side), rows);
                return Ok(Some(Err(ParseError::new(lines.line_no(), column, kind))));
            }
        }
        Ok(Some(Ok(Puzzle {
            board: board_from(side, cells),
            line: start,
        })))
    }

    /// Skips the rest of a malformed record.
    fn resync<R: BufRead>(&self, lines: &mut Lines<R>, skip: Skip) -> io::Result<()> {
        // Rows left to skip; `None` up to a blank line. The first row of
        // the record is already read.
        let (mut left, mut infer) = match skip {
            Skip::Rows(0) => return Ok(()),
            Skip::Rows(n) => (Some(n), false),
            Skip::Infer => (None, true),
        };
        loop {
            match lines.fetch()? {
                Fetch::End => return Ok(()),
                Fetch::TooLong => {}
                Fetch::Text => {
                    let text = lines.text();
                    let (s, e) = trim(text);
                    if s == e {
                        return Ok(());
                    }
                    if self.is_comment(&text[s..e]) {
                        continue;
                    }
                }
            }
            if infer {
                infer = false;
                // This row is the second of the record (empty after a
                // too-long line: then the usual side is assumed).
                let n = self.row_len(lines.text());
                let side = Some(n).filter(|n| SIDES.contains(n)).or(self.default_side);
                left = side.map(|s| s.saturating_sub(1));
            }
            if let Some(n) = &mut left {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    return Ok(());
                }
            }
        }
    }

    /// Reads the case count line of [`Format::Poj2676`].
    fn read_count<R: BufRead>(&mut self, lines: &mut Lines<R>) -> io::Result<Option<ParseError>> {
        let Some(count) = &mut self.count else {
            return Ok(None);
        };
        count.state = CountState::Unknown;
        loop {
            match lines.fetch()? {
                Fetch::End => return Ok(None),
                Fetch::TooLong => return Ok(Some(too_long(lines.line_no()))),
                Fetch::Text => {}
            }
            let text = lines.text();
            let (s, e) = trim(text);
            let t = &text[s..e];
            if t.is_empty() {
                continue;
            }
            let line = lines.line_no();
            let parsed = std::str::from_utf8(t)
                .ok()
                .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|t| t.parse::<usize>().ok());
            if let Some(n) = parsed {
                count.state = CountState::Declared { n, line };
                return Ok(None);
            }
            let bad = t.iter().position(|b| !b.is_ascii_digit()).unwrap_or(0);
            let error = ParseError::new(
                line,
                Some(column(text, s + bad)),
                ParseErrorKind::BadCaseCount { found: excerpt(t) },
            );
            // A first line that looks like a row is most likely the first
            // row of a case whose count is missing: read it as one.
            if SIDES.contains(&(column(t, t.len()) - 1)) {
                lines.push_back();
            }
            return Ok(Some(error));
        }
    }

    /// The error owed at the end of the input, if any.
    fn end_of_input(&mut self) -> Option<ParseError> {
        let count = self.count.as_mut()?;
        if let CountState::Declared { n, line } = count.state {
            count.state = CountState::Unknown;
            if count.cases < n {
                return Some(ParseError::new(
                    line,
                    None,
                    ParseErrorKind::TooFewCases {
                        declared: n,
                        found: count.cases,
                    },
                ));
            }
        }
        None
    }
}

fn truncated(start: usize, found: usize, expected: usize, cut: Cut) -> ParseError {
    ParseError::new(
        start,
        None,
        ParseErrorKind::TruncatedGrid {
            found,
            expected,
            cut,
        },
    )
}

//! The LeetCode JSON board reader: a small tokenizer over bounded lines and
//! a parser for one array of rows of cells at a time.
//!
//! Only what a board needs is understood: brackets, commas, strings (cells)
//! and bare words (numbers as cells). After an error the reader skips to
//! the end of the broken board by counting brackets, or stops skipping at a
//! line that starts a new board (`[[` first), so a board that lacks its
//! closing bracket does not swallow the next one; then it skips to the next
//! `[` `[` pair (blanks allowed between), the start of a board.

use std::io::{self, BufRead};

use super::alphabet::{Alphabet, Cell};
use super::error::{ParseError, ParseErrorKind};
use super::lines::{Fetch, Lines};
use super::{
    board_from, char_at, exactly, excerpt, is_blank, single_char, trim, Puzzle, MAX_LINE_LEN, SIDES,
};

/// The largest side: longer rows are counted, not stored.
const MAX_SIDE: usize = 25;

/// A token of the current line.
#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: Kind,
    line: usize,
    /// 1-based column of the token's first character.
    col: usize,
    /// Byte range in the current line: a string's contents, a word, a
    /// character.
    start: usize,
    end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Open,
    Close,
    Comma,
    /// A string; `start..end` is its contents, escapes undecoded.
    Str,
    /// A run of letters, digits and `.+-_`: a bare number, `null`, `true`…
    Word,
    /// Any other character.
    Other,
    /// A line starting with `[[` while a board is open.
    NewBoard,
    /// A string without its closing quote on its line.
    Unterminated,
    /// A byte that is not valid UTF-8.
    BadUtf8,
    /// A line longer than [`MAX_LINE_LEN`].
    TooLong,
    /// The end of the input.
    End,
}

/// What to skip after an error.
#[derive(Clone, Copy, Debug)]
enum Resync {
    /// The rest of the broken board (up to bracket depth 0), then as
    /// [`ToBoard`](Resync::ToBoard).
    Board,
    /// Anything up to the next `[` `[`.
    ToBoard,
}

/// A cell as read, checked once the side is known (at the end of the
/// first row).
#[derive(Clone, Debug)]
struct RowCell {
    cell: CellText,
    line: usize,
    col: usize,
}

#[derive(Clone, Debug)]
enum CellText {
    /// A value (0 blank), with its character when it was one.
    Value(usize, Option<char>),
    /// One character that is not a cell.
    Unknown(char),
    /// Anything else, shortened.
    Bad(String),
    /// Not valid UTF-8.
    BadUtf8,
}

/// The state of a JSON reader.
pub(super) struct Json {
    /// Bracket depth: 0 between boards, 1 in a board, 2 in a row.
    depth: usize,
    /// Is a line being tokenized (at `pos`, column `col`)?
    in_line: bool,
    pos: usize,
    col: usize,
    /// After a too-long line: skip lines until one starts a board.
    wait_for_board_line: bool,
    /// Tokens put back, the next one last.
    pending: Vec<Tok>,
    resync: Option<Resync>,
    /// Where the board being read starts.
    board_start: (usize, usize),
    row: Vec<RowCell>,
}

impl Json {
    pub(super) fn new() -> Self {
        Json {
            depth: 0,
            in_line: false,
            pos: 0,
            col: 1,
            wait_for_board_line: false,
            pending: Vec::with_capacity(2),
            resync: None,
            board_start: (0, 0),
            row: Vec::with_capacity(MAX_SIDE),
        }
    }

    /// The next board, or the error of one.
    pub(super) fn next<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> io::Result<Option<Result<Puzzle, ParseError>>> {
        if let Some(resync) = self.resync.take() {
            self.skip(lines, resync)?;
        }
        let open = loop {
            let t = self.token(lines)?;
            match t.kind {
                Kind::End => return Ok(None),
                Kind::Comma => continue,
                Kind::Open => break t,
                _ => {
                    let e = self.error(lines, &t, "'[' starting a board");
                    self.resync = Some(Resync::ToBoard);
                    return Ok(Some(Err(e)));
                }
            }
        };
        self.board_start = (open.line, open.col);
        let result = self.board(lines, &open)?;
        if result.is_err() {
            self.resync = Some(if self.depth > 0 {
                Resync::Board
            } else {
                Resync::ToBoard
            });
        }
        Ok(Some(result))
    }

    /// Reads a board after its opening bracket.
    fn board<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        open: &Tok,
    ) -> io::Result<Result<Puzzle, ParseError>> {
        let mut side = None;
        let mut rows = 0;
        let mut cells = Vec::new();
        loop {
            let row_open = self.token(lines)?;
            match row_open.kind {
                Kind::Open => {}
                Kind::Close if rows == 0 => {
                    return Ok(Err(ParseError::new(
                        open.line,
                        Some(open.col),
                        ParseErrorKind::WrongRowCount {
                            found: 0,
                            expected: 9,
                        },
                    )));
                }
                _ => return Ok(Err(self.error(lines, &row_open, "'[' starting a row"))),
            }
            let n = match self.row(lines)? {
                Ok(n) => n,
                Err(e) => return Ok(Err(e)),
            };
            // Check the row now that its length, hence the side, is known.
            let s = match side {
                None if SIDES.contains(&n) => n,
                None => return Ok(Err(wrong_length(&row_open, n, SIDES))),
                Some(s) if s == n => s,
                Some(s) => return Ok(Err(wrong_length(&row_open, n, exactly(s)))),
            };
            side = Some(s);
            for c in &self.row {
                let v = match check_cell(c, s) {
                    Ok(v) => v,
                    Err(e) => return Ok(Err(e)),
                };
                // Rows past the side are checked but not kept: the board
                // is reported too long at its end.
                if rows < s {
                    cells.push(v);
                }
            }
            rows += 1;
            let t = self.token(lines)?;
            match t.kind {
                Kind::Comma => continue,
                Kind::Close => break,
                _ => return Ok(Err(self.error(lines, &t, "',' or ']' after a row"))),
            }
        }
        let s = side.unwrap_or(9);
        if rows != s {
            return Ok(Err(ParseError::new(
                open.line,
                Some(open.col),
                ParseErrorKind::WrongRowCount {
                    found: rows,
                    expected: s,
                },
            )));
        }
        Ok(Ok(Puzzle {
            board: board_from(s, cells),
            line: open.line,
        }))
    }

    /// Reads the cells of a row after its opening bracket into `self.row`
    /// (at most [`MAX_SIDE`] of them: a longer row is an error anyway), and
    /// returns their number.
    fn row<R: BufRead>(&mut self, lines: &mut Lines<R>) -> io::Result<Result<usize, ParseError>> {
        self.row.clear();
        let mut count = 0usize;
        loop {
            let t = self.token(lines)?;
            match t.kind {
                Kind::Close if count == 0 => break,
                Kind::Str | Kind::Word => {
                    count += 1;
                    if self.row.len() < MAX_SIDE {
                        let cell = cell_text(&lines.text()[t.start..t.end]);
                        self.row.push(RowCell {
                            cell,
                            line: t.line,
                            col: t.col,
                        });
                    }
                }
                _ => return Ok(Err(self.error(lines, &t, "a cell such as \"5\" or \".\""))),
            }
            let t = self.token(lines)?;
            match t.kind {
                Kind::Comma => continue,
                Kind::Close => break,
                _ => return Ok(Err(self.error(lines, &t, "',' or ']' after a cell"))),
            }
        }
        Ok(Ok(count))
    }

    /// The error for an unexpected token `t`, and the state changes it
    /// calls for.
    fn error<R: BufRead>(
        &mut self,
        lines: &Lines<R>,
        t: &Tok,
        expected: &'static str,
    ) -> ParseError {
        let found = match t.kind {
            Kind::TooLong => {
                self.after_long_line();
                return ParseError::new(
                    t.line,
                    None,
                    ParseErrorKind::LineTooLong { max: MAX_LINE_LEN },
                );
            }
            Kind::Unterminated => {
                return ParseError::new(t.line, Some(t.col), ParseErrorKind::UnterminatedString)
            }
            Kind::BadUtf8 => {
                return ParseError::new(t.line, Some(t.col), ParseErrorKind::InvalidUtf8)
            }
            Kind::NewBoard => {
                // The open board ends here (the error is its own, at its
                // start); the new one is read next.
                self.depth = 0;
                let (line, col) = self.board_start;
                return ParseError::new(
                    line,
                    Some(col),
                    ParseErrorKind::Json {
                        found: format!("a new board at line {}", t.line),
                        expected: "']' closing this board",
                    },
                );
            }
            Kind::End => {
                return ParseError::new(
                    t.line,
                    None,
                    ParseErrorKind::Json {
                        found: "end of input".to_string(),
                        expected,
                    },
                )
            }
            Kind::Open => "'['".to_string(),
            Kind::Close => "']'".to_string(),
            Kind::Comma => "','".to_string(),
            Kind::Str => format!("string \"{}\"", excerpt(&lines.text()[t.start..t.end])),
            Kind::Word | Kind::Other => format!("'{}'", excerpt(&lines.text()[t.start..t.end])),
        };
        ParseError::new(
            t.line,
            Some(t.col),
            ParseErrorKind::Json { found, expected },
        )
    }

    /// Skips what follows an error.
    fn skip<R: BufRead>(&mut self, lines: &mut Lines<R>, resync: Resync) -> io::Result<()> {
        if let Resync::Board = resync {
            loop {
                let t = self.token(lines)?;
                match t.kind {
                    Kind::End => return Ok(()),
                    Kind::TooLong => {
                        self.after_long_line();
                        break;
                    }
                    Kind::NewBoard => {
                        self.depth = 0;
                        break;
                    }
                    Kind::Close if self.depth == 0 => break,
                    _ => {}
                }
            }
        }
        // To the next `[` `[`; brackets of the skipped text do not count.
        loop {
            self.depth = 0;
            let t = self.token(lines)?;
            match t.kind {
                Kind::End => return Ok(()),
                Kind::TooLong => self.after_long_line(),
                Kind::Open => {
                    let second = self.token(lines)?;
                    match second.kind {
                        Kind::Open => {
                            self.pending.push(second);
                            self.pending.push(t);
                            return Ok(());
                        }
                        Kind::End => return Ok(()),
                        Kind::TooLong => self.after_long_line(),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }

    /// After a too-long line the bracket depth is unknown: skip to a line
    /// that starts a board.
    fn after_long_line(&mut self) {
        self.depth = 0;
        self.in_line = false;
        self.pending.clear();
        self.wait_for_board_line = true;
    }

    /// The next token, fetching lines as needed.
    fn token<R: BufRead>(&mut self, lines: &mut Lines<R>) -> io::Result<Tok> {
        if let Some(t) = self.pending.pop() {
            return Ok(t);
        }
        loop {
            if !self.in_line {
                let simple = |kind, line| Tok {
                    kind,
                    line,
                    col: 1,
                    start: 0,
                    end: 0,
                };
                match lines.fetch()? {
                    Fetch::End => return Ok(simple(Kind::End, lines.line_no())),
                    Fetch::TooLong if self.wait_for_board_line => continue,
                    Fetch::TooLong => return Ok(simple(Kind::TooLong, lines.line_no())),
                    Fetch::Text => {}
                }
                let text = lines.text();
                let (s, e) = trim(text);
                let starts_board = text[s..e].starts_with(b"[[");
                if self.wait_for_board_line {
                    if !starts_board {
                        continue;
                    }
                    self.wait_for_board_line = false;
                }
                self.in_line = true;
                self.pos = 0;
                self.col = 1;
                if starts_board && self.depth > 0 {
                    return Ok(Tok {
                        kind: Kind::NewBoard,
                        line: lines.line_no(),
                        col: super::column(text, s),
                        start: s,
                        end: s,
                    });
                }
            }
            let text = lines.text();
            while self.pos < text.len() && is_blank(text[self.pos]) {
                self.pos += 1;
                self.col += 1;
            }
            if self.pos == text.len() {
                self.in_line = false;
                continue;
            }
            let start = self.pos;
            let (kind, range, next) = scan(text, start);
            let tok = Tok {
                kind,
                line: lines.line_no(),
                col: self.col,
                start: range.0,
                end: range.1,
            };
            self.col += text[start..next]
                .iter()
                .filter(|&&b| b & 0xC0 != 0x80)
                .count();
            self.pos = next;
            match kind {
                Kind::Open => self.depth += 1,
                Kind::Close => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
            return Ok(tok);
        }
    }
}

/// Scans the token at `start` (not a blank) of `text`: its kind, its byte
/// range, and where the next token may begin.
fn scan(text: &[u8], start: usize) -> (Kind, (usize, usize), usize) {
    let is_word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-' | b'_');
    match text[start] {
        b'[' => (Kind::Open, (start, start + 1), start + 1),
        b']' => (Kind::Close, (start, start + 1), start + 1),
        b',' => (Kind::Comma, (start, start + 1), start + 1),
        b'"' => {
            let mut i = start + 1;
            while i < text.len() {
                match text[i] {
                    b'"' => return (Kind::Str, (start + 1, i), i + 1),
                    b'\\' => i += 2,
                    _ => i += 1,
                }
            }
            (Kind::Unterminated, (start + 1, text.len()), text.len())
        }
        b if is_word(b) => {
            let end = text[start..]
                .iter()
                .position(|&b| !is_word(b))
                .map_or(text.len(), |k| start + k);
            (Kind::Word, (start, end), end)
        }
        _ => match char_at(text, start) {
            Some(c) => {
                let end = start + c.len_utf8();
                (Kind::Other, (start, end), end)
            }
            None => (Kind::BadUtf8, (start, start + 1), start + 1),
        },
    }
}

/// What a cell string or word holds.
fn cell_text(text: &[u8]) -> CellText {
    let Ok(s) = std::str::from_utf8(text) else {
        return CellText::BadUtf8;
    };
    match Alphabet::Json.token_value(text) {
        Cell::Value(v) => CellText::Value(v, single_char(s)),
        Cell::Unknown => match single_char(s) {
            Some(c) => CellText::Unknown(c),
            None => CellText::Bad(excerpt(text)),
        },
    }
}

/// The value of a cell of a board of side `side`.
fn check_cell(c: &RowCell, side: usize) -> Result<u8, ParseError> {
    let expected = Alphabet::Json.expected(side);
    let kind = match &c.cell {
        CellText::Value(v, _) if *v <= side => return Ok(*v as u8),
        CellText::Value(v, ch) => ParseErrorKind::ValueOutOfRange {
            found: ch.map_or_else(|| v.to_string(), String::from),
            side,
            expected,
        },
        CellText::Unknown(ch) => ParseErrorKind::UnknownCharacter {
            found: *ch,
            expected,
        },
        CellText::Bad(s) => ParseErrorKind::BadToken {
            found: s.clone(),
            expected,
        },
        CellText::BadUtf8 => ParseErrorKind::InvalidUtf8,
    };
    Err(ParseError::new(c.line, Some(c.col), kind))
}

fn wrong_length(row_open: &Tok, found: usize, expected: &'static [usize]) -> ParseError {
    ParseError::new(
        row_open.line,
        Some(row_open.col),
        ParseErrorKind::WrongLength { found, expected },
    )
}

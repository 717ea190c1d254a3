//! Printing boards and messages in each format.

use std::io::{self, Write};

use super::alphabet::STD_DIGITS;
use super::Format;
use crate::Board;

/// Prints records (boards or messages) in one format, with the separators
/// the format wants between records and nothing after the last.
///
/// ```
/// use dlx_sudoku::format::{Format, Writer};
/// use dlx_sudoku::Board;
///
/// let mut board = Board::empty(2);
/// board.set(0, 0, 1);
/// board.set(3, 3, 4);
/// let mut out = Vec::new();
/// let mut writer = Writer::new(Format::Grid);
/// writer.board(&mut out, &board).unwrap();
/// writer.message(&mut out, "no solution").unwrap();
/// writer.finish(&mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "1...\n....\n....\n...4\n\nno solution\n");
/// ```
#[derive(Clone, Debug)]
pub struct Writer {
    format: Format,
    records: usize,
    buf: Vec<u8>,
}

impl Writer {
    /// A writer of `format` (every format can be written).
    pub fn new(format: Format) -> Self {
        Writer {
            format,
            records: 0,
            buf: Vec::new(),
        }
    }

    /// The format written.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The number of records written so far.
    pub fn records(&self) -> usize {
        self.records
    }

    /// Writes one board as a record.
    ///
    /// # Errors
    /// An error of `out`.
    pub fn board<W: Write>(&mut self, out: &mut W, board: &Board) -> io::Result<()> {
        self.buf.clear();
        self.separator();
        render(self.format, board, &mut self.buf);
        self.records += 1;
        out.write_all(&self.buf)
    }

    /// Writes a message as a record, in place of a board (e.g. `no solution`):
    /// the text on one line, with the same separators as boards. The text
    /// should be one line; a final line end in it is dropped.
    ///
    /// # Errors
    /// An error of `out`.
    pub fn message<W: Write>(&mut self, out: &mut W, text: &str) -> io::Result<()> {
        self.buf.clear();
        self.separator();
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        self.buf.extend_from_slice(text.as_bytes());
        self.buf.push(b'\n');
        self.records += 1;
        out.write_all(&self.buf)
    }

    /// Ends the output. No format owes anything at the end (every record
    /// ends with its newline), so this only flushes `out`.
    ///
    /// # Errors
    /// An error of `out`.
    pub fn finish<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.flush()
    }

    /// The blank line between records of the block formats.
    fn separator(&mut self) {
        let blocks = matches!(
            self.format,
            Format::Grid | Format::Hdu1426 | Format::Spaced | Format::Poj3076 | Format::Pretty
        );
        if blocks && self.records > 0 {
            self.buf.push(b'\n');
        }
    }
}

/// Appends `board` in `format` to `out`, ending with a newline.
fn render(format: Format, board: &Board, out: &mut Vec<u8>) {
    let side = board.side();
    let std = |v: u8, blank: u8| {
        if v == 0 {
            blank
        } else {
            STD_DIGITS[usize::from(v)]
        }
    };
    match format {
        Format::Line => {
            out.extend(board.cells().iter().map(|&v| std(v, b'.')));
            out.push(b'\n');
        }
        Format::Grid | Format::Poj2676 => {
            let blank = if format == Format::Grid { b'.' } else { b'0' };
            for row in board.cells().chunks(side) {
                out.extend(row.iter().map(|&v| std(v, blank)));
                out.push(b'\n');
            }
        }
        Format::Poj3076 => {
            for row in board.cells().chunks(side) {
                out.extend(
                    row.iter()
                        .map(|&v| if v == 0 { b'-' } else { b'A' + v - 1 }),
                );
                out.push(b'\n');
            }
        }
        Format::Hdu1426 | Format::Spaced => {
            let blank = if format == Format::Hdu1426 {
                b'?'
            } else {
                b'0'
            };
            for row in board.cells().chunks(side) {
                for (k, &v) in row.iter().enumerate() {
                    if k > 0 {
                        out.push(b' ');
                    }
                    match v {
                        0 => out.push(blank),
                        1..=9 => out.push(b'0' + v),
                        _ => out.extend_from_slice(&[b'0' + v / 10, b'0' + v % 10]),
                    }
                }
                out.push(b'\n');
            }
        }
        Format::Leetcode => {
            out.push(b'[');
            for (r, row) in board.cells().chunks(side).enumerate() {
                if r > 0 {
                    out.push(b',');
                }
                out.push(b'[');
                for (k, &v) in row.iter().enumerate() {
                    if k > 0 {
                        out.push(b',');
                    }
                    out.extend_from_slice(&[b'"', std(v, b'.'), b'"']);
                }
                out.push(b']');
            }
            out.extend_from_slice(b"]\n");
        }
        Format::Pretty => {
            let n = board.order();
            let rule = |out: &mut Vec<u8>| {
                for _ in 0..n {
                    out.push(b'+');
                    out.resize(out.len() + 2 * n + 1, b'-');
                }
                out.extend_from_slice(b"+\n");
            };
            for (r, row) in board.cells().chunks(side).enumerate() {
                if r % n == 0 {
                    rule(out);
                }
                for (c, &v) in row.iter().enumerate() {
                    if c % n == 0 {
                        out.extend_from_slice(b"| ");
                    }
                    out.extend_from_slice(&[std(v, b'.'), b' ']);
                }
                out.extend_from_slice(b"|\n");
            }
            rule(out);
        }
    }
}

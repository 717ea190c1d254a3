//! The lines the readers read: of bounded length, the byte-order mark
//! removed, with one line of push-back.

use std::io::{self, BufRead};

use dlx_core::text::{Line, LineReader};

use super::MAX_LINE_LEN;

/// The UTF-8 byte-order mark, skipped at the start of the input.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The most bytes skipped of a line longer than [`MAX_LINE_LEN`] before the
/// input is given up as one endless line: 16 MiB, the line limit of the
/// `dlx` program's format. A shorter over-long line is an error for its
/// record only, and reading goes on.
const MAX_SKIP: u64 = 16 << 20;

/// What [`Lines::fetch`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fetch {
    /// A line, now in [`Lines::text`].
    Text,
    /// A line longer than [`MAX_LINE_LEN`]; its bytes were skipped (a line
    /// longer than [`MAX_SKIP`] ends the input with an error instead).
    TooLong,
    /// The end of the input.
    End,
}

/// Lines of bounded length, with the byte-order mark removed and one line
/// of push-back.
pub(super) struct Lines<R> {
    reader: LineReader<R>,
    buf: Vec<u8>,
    pushed_back: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(inner: R) -> Self {
        Lines {
            reader: LineReader::new(inner, MAX_LINE_LEN),
            buf: Vec::new(),
            pushed_back: false,
        }
    }

    /// Reads the next line (or returns the pushed-back one).
    pub(super) fn fetch(&mut self) -> io::Result<Fetch> {
        if self.pushed_back {
            self.pushed_back = false;
            return Ok(Fetch::Text);
        }
        match self.reader.next_line(&mut self.buf)? {
            None => Ok(Fetch::End),
            Some(Line::TooLong) => {
                // Skip the rest now, within a bound: an endless line
                // (`/dev/zero`) ends the input instead of the run.
                if self.reader.skip_rest(MAX_SKIP)? {
                    Ok(Fetch::TooLong)
                } else {
                    Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "line {} goes on past {} bytes (at most {MAX_LINE_LEN} are read): the input is not read further",
                            self.reader.line_number(),
                            MAX_SKIP + MAX_LINE_LEN as u64
                        ),
                    ))
                }
            }
            Some(Line::Text(_)) => {
                if self.reader.line_number() == 1 && self.buf.starts_with(BOM) {
                    self.buf.drain(..BOM.len());
                }
                Ok(Fetch::Text)
            }
        }
    }

    /// Makes the next [`fetch`](Self::fetch) return the current line again
    /// (only after [`Fetch::Text`]).
    pub(super) fn push_back(&mut self) {
        self.pushed_back = true;
    }

    /// The current line, without its line end.
    pub(super) fn text(&self) -> &[u8] {
        &self.buf
    }

    /// 1-based number of the current line (0 before the first).
    pub(super) fn line_no(&self) -> usize {
        self.reader.line_number()
    }
}

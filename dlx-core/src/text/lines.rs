//! Lines of bounded length, read in bounded memory: the reader the text
//! formats share (`dlx-sudoku`'s puzzle readers use it too).

use super::*;

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

//! What `dlx` writes: the text of options and solutions, the labels of
//! `-H` and `-n`, the statistics line, and what a failed write means for
//! the exit status.

use std::io::{self, Write};

use dlx_core::text::DlxFile;
use dlx_core::{OptionId, Stats};

use super::{Config, Exit, Input};

/// The text of every option of `file`, as `--print` writes it: after the
/// label `-H` (`SOURCE:LINE: `) or `-n` (`LINE: `) asks for, and, under
/// `--min-cost`, followed by the option's cost as the input writes costs
/// (` |N`), so that two options with the same items never print alike.
pub(super) fn option_lines(config: &Config, input: &Input, file: &DlxFile) -> Vec<String> {
    let costs = config.min_cost.is_some();
    (0..file.problem.option_count())
        .map(|i| {
            let o = OptionId::new(i);
            let line = file.option_lines[i];
            let mut text = if config.with_filename {
                format!("{input}:{line}: ")
            } else if config.line_numbers {
                format!("{line}: ")
            } else {
                String::new()
            };
            text.push_str(&file.option_text(o));
            if costs {
                text.push_str(&format!(" |{}", file.problem.cost(o)));
            }
            text
        })
        .collect()
}

/// How the lines about one input are labelled.
pub(super) struct Labels {
    /// The prefix of a line about the whole problem (a count, a cost):
    /// `SOURCE:LINE: ` with the item line under `-H`, else nothing.
    pub(super) head: String,
    /// The start of a message on stderr: `dlx: `, or `dlx: SOURCE: ` under
    /// `-H`.
    pub(super) dlx: String,
    /// The prefix of the `--stats` line: `SOURCE: ` under `-H`.
    pub(super) stats: String,
    /// The input's name (`<stdin>` for standard input).
    pub(super) source: String,
}

impl Labels {
    /// The labels of `input`, read into `file`.
    pub(super) fn new(config: &Config, input: &Input, file: &DlxFile) -> Labels {
        if config.with_filename {
            Labels {
                head: format!("{input}:{}: ", file.item_line),
                dlx: format!("dlx: {input}: "),
                stats: format!("{input}: "),
                source: input.to_string(),
            }
        } else {
            Labels {
                head: String::new(),
                dlx: "dlx: ".to_string(),
                stats: String::new(),
                source: input.to_string(),
            }
        }
    }
}

/// A writer that puts `prefix` before every line that is not empty (for
/// `--list-parts` under `-H`).
pub(super) struct Prefixed<'p, W> {
    pub(super) inner: W,
    pub(super) prefix: &'p str,
    /// Is the next byte the first of a line?
    pub(super) at_start: bool,
}

impl<W: Write> Write for Prefixed<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, mut buf: &[u8]) -> io::Result<()> {
        while !buf.is_empty() {
            if self.at_start && buf[0] != b'\n' {
                self.inner.write_all(self.prefix.as_bytes())?;
            }
            let end = buf
                .iter()
                .position(|&b| b == b'\n')
                .map_or(buf.len(), |i| i + 1);
            self.inner.write_all(&buf[..end])?;
            self.at_start = buf[end - 1] == b'\n';
            buf = &buf[end..];
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes `options`, one line each, from `lines`.
pub(super) fn options<W: Write>(
    out: &mut W,
    lines: &[String],
    options: impl IntoIterator<Item = OptionId>,
) -> io::Result<()> {
    for o in options {
        out.write_all(lines[o.index()].as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The last line of `--stats`, after `prefix`.
pub(super) fn stats<E: Write>(stderr: &mut E, prefix: &str, stats: Stats, seconds: f64) {
    let Stats {
        nodes,
        updates,
        solutions,
        guesses,
    } = stats;
    let _ = writeln!(
        stderr,
        "{prefix}solutions={solutions} nodes={nodes} updates={updates} guesses={guesses} \
         seconds={seconds:.3}"
    );
}

/// What writing the output came to: its value, or the status to end with
/// at once. A closed pipe (`dlx --print | head`) ends quietly with
/// success; another error is said on `stderr`.
pub(super) fn written<T, E: Write>(result: io::Result<T>, stderr: &mut E) -> Result<T, Exit> {
    match result {
        Ok(value) => Ok(value),
        // The reader has gone: nothing more to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(Exit::Success),
        Err(e) => {
            let _ = writeln!(stderr, "dlx: cannot write the output: {e}");
            Err(Exit::Failure)
        }
    }
}

//! What `dlx` writes: the text of options and solutions, the statistics
//! line, and what a failed write means for the exit status.

use std::io::{self, Write};

use dlx_core::text::DlxFile;
use dlx_core::{OptionId, Stats};

use super::Exit;

/// The text of every option of `file`, as `--print` writes it.
pub(super) fn option_lines(file: &DlxFile) -> Vec<String> {
    (0..file.problem.option_count())
        .map(|i| file.option_text(OptionId::new(i)))
        .collect()
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

/// The last line of `--stats`.
pub(super) fn stats<E: Write>(stderr: &mut E, stats: Stats, seconds: f64) {
    let Stats {
        nodes,
        updates,
        solutions,
    } = stats;
    let _ = writeln!(
        stderr,
        "solutions={solutions} nodes={nodes} updates={updates} seconds={seconds:.3}"
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

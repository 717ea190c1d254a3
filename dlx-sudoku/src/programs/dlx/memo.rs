//! `--memo`: the count by the memoised search (DXZ), and with it
//! `--sample N` (solutions drawn uniformly) and `--zdd FILE` (the
//! decision diagram as text). A count alone falls back to the plain
//! search where subproblems seldom repeat
//! ([`Memo::give_up_when_unprofitable`](dlx_core::memo::Memo::give_up_when_unprofitable)).
//!
//! The diagram's file is checked before anything is read or searched
//! ([`ZddTarget::prepare`]): one input only, never one of the inputs, in
//! a folder that takes a new file; it is written only once the search
//! has finished, so that a stopped search leaves an old file as it was.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use dlx_core::memo::{MemoError, Zdd};
use dlx_core::seed::SplitMix64;
use dlx_core::{Branching, OptionId};

use super::print::{self, Labels};
use super::read::Read;
use super::{Config, Exit, Input, Memo};
use crate::plural::Plural;

/// Where `--zdd` writes the diagram, checked before the search.
#[derive(Debug)]
pub(super) enum ZddTarget {
    /// `--zdd -`: standard output, in place of the count.
    Stdout,
    /// A file, written when the search has finished.
    File(PathBuf),
}

impl ZddTarget {
    /// Checks `--zdd` against the run's inputs, before any is read: `None`
    /// without `--zdd`, `Err` (the message said on `stderr`) for a path
    /// the diagram cannot or must not go to.
    pub(super) fn prepare<E: Write>(
        config: &Config,
        stderr: &mut E,
    ) -> Result<Option<ZddTarget>, Exit> {
        let Some(memo) = &config.memo else {
            return Ok(None);
        };
        let Some(path) = &memo.zdd else {
            return Ok(None);
        };
        let refuse = |stderr: &mut E, why: String| {
            let _ = writeln!(stderr, "dlx: --zdd {}: {why}", path.display());
            Err(Exit::BadInput)
        };
        if config.inputs.len() > 1 {
            return refuse(
                stderr,
                format!(
                    "one diagram, one input: {} inputs given (run dlx once per file)",
                    config.inputs.len()
                ),
            );
        }
        if path == Path::new("-") {
            if memo.sample.is_some() {
                return refuse(
                    stderr,
                    "the diagram and --sample would both go to standard output".into(),
                );
            }
            return Ok(Some(ZddTarget::Stdout));
        }
        for input in &config.inputs {
            let is_input = match input {
                Input::File(file) => same_file(path, file),
                Input::Stdin => is_stdin(path),
            };
            if is_input {
                return refuse(stderr, "is an input: it would be overwritten".into());
            }
        }
        if path.is_dir() {
            return refuse(stderr, "is a folder: expected a file's path".into());
        }
        // Can the file be written? An existing file is opened without
        // truncating it (not a pipe or a device: opening a pipe would wait
        // for its reader); for a new one, its folder must take a file (an
        // unnamed one, gone when closed).
        let check = if path.is_file() {
            OpenOptions::new().append(true).open(path).map(drop)
        } else if path.exists() {
            Ok(())
        } else {
            let folder = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            tempfile::tempfile_in(folder).map(drop)
        };
        if let Err(e) = check {
            let _ = writeln!(
                stderr,
                "dlx: cannot write the diagram to {}: {e}",
                path.display()
            );
            return Err(Exit::Failure);
        }
        Ok(Some(ZddTarget::File(path.clone())))
    }
}

/// Are `a` and `b` the same file (the same device and inode, through any
/// links)? A path that does not exist is no file yet.
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        x.dev() == y.dev() && x.ino() == y.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (x, y);
        matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(p), Ok(q)) if p == q)
    }
}

/// Is `path` the file that standard input reads (`--zdd /dev/stdin <
/// a.dlx`, or `--zdd a.dlx < a.dlx`)?
fn is_stdin(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (Ok(file), Ok(stdin)) = (fs::metadata(path), rustix::fs::fstat(io::stdin())) else {
            return false;
        };
        file.dev() == stdin.st_dev && file.ino() == stdin.st_ino
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Counts `read`'s solutions by the memoised search, prints the count (or
/// the samples, or the diagram for `--zdd -`), writes the diagram to its
/// file if asked. `Err` is the status to end the whole run with: the
/// output could not be written.
#[allow(clippy::too_many_arguments)]
pub(super) fn count<W: Write, E: Write>(
    config: &Config,
    memo: &Memo,
    target: Option<&ZddTarget>,
    labels: &Labels,
    read: &mut Read,
    stdout: W,
    mut stderr: E,
) -> Result<Exit, Exit> {
    let start = Instant::now();
    let mut search = dlx_core::memo::Memo::new().max_memory(memo.memory);
    if let Some(rule) = memo.rule {
        search = search.branching(rule);
    }
    let deadline = config.time_limit.and_then(|t| start.checked_add(t));
    if let Some(at) = deadline {
        search = search.deadline(at);
    }
    let count_only = memo.sample.is_none() && target.is_none();
    if count_only {
        search = search.give_up_when_unprofitable();
    }
    let (zdd, stats) = search.run_with_stats(&mut read.file.problem);
    let head = &labels.head;
    let dlx = &labels.dlx;
    let zdd = match zdd {
        Ok(zdd) => zdd,
        Err(MemoError::Unprofitable { nodes, hits }) => {
            // Only the count is asked for: the plain search gives it
            // sooner, within what is left of the time limit.
            let _ = writeln!(
                stderr,
                "{dlx}the memo met {hits} of {nodes} subproblems again: counting by the plain search instead"
            );
            let rest = Config {
                time_limit: config.time_limit.map(|t| t.saturating_sub(start.elapsed())),
                ..config.clone()
            };
            let lines = read.lines.as_deref();
            return super::count::count(&rest, labels, &mut read.file, lines, stdout, stderr);
        }
        Err(e @ MemoError::Kind(_)) => {
            let _ = writeln!(stderr, "dlx: {}: {e}", labels.source);
            return Ok(Exit::BadInput);
        }
        Err(e) => {
            // Stopped: no solution is known yet, so the count printed is
            // the lower bound 0+, as a stopped plain count prints its N+.
            let why = match e {
                MemoError::TooLarge { .. } => format!("{e} (--memo-memory MIB sets the limit)"),
                _ => e.to_string(),
            };
            let _ = writeln!(
                stderr,
                "{dlx}{why}: the memoised search stopped after {}",
                Plural(stats.nodes, "subproblem")
            );
            let written = if count_only {
                let mut out = BufWriter::new(stdout);
                writeln!(out, "{head}0+").and_then(|()| out.flush())
            } else {
                Ok(())
            };
            print::written(written, &mut stderr)?;
            stats_line(config, memo, labels, &stats, start, &mut stderr);
            return Ok(Exit::TimeLimit);
        }
    };
    let mut out = BufWriter::new(stdout);
    let mut status = Exit::Success;
    let mut drawn = 0;
    let written = (|| -> io::Result<()> {
        match (memo.sample, read.lines.as_deref()) {
            (Some(n), Some(lines)) => {
                let mut rng = SplitMix64::new(memo.seed);
                for k in 0..n {
                    // The time limit bounds the draws too (a huge N).
                    if deadline.is_some_and(|d| k % 64 == 0 && Instant::now() >= d) {
                        status = Exit::TimeLimit;
                        drawn = k;
                        break;
                    }
                    let Some(solution) = zdd.sample(&mut rng) else {
                        // A sample was asked for and there is none: as
                        // --print says, status 1.
                        status = Exit::NoSolution;
                        break;
                    };
                    if k > 0 {
                        writeln!(out)?;
                    }
                    print::options(&mut out, lines, solution)?;
                }
            }
            _ => match target {
                Some(ZddTarget::Stdout) => write_zdd(&zdd, read.original.as_deref(), &mut out)?,
                _ => writeln!(out, "{head}{}", zdd.count_big())?,
            },
        }
        out.flush()
    })();
    print::written(written, &mut stderr)?;
    match status {
        Exit::NoSolution => {
            let _ = writeln!(stderr, "{dlx}no solution to draw");
        }
        Exit::TimeLimit => {
            let _ = writeln!(
                stderr,
                "{dlx}time limit reached after {}",
                Plural(drawn, "sample")
            );
        }
        _ => {}
    }
    if let Some(ZddTarget::File(path)) = target {
        let saved = File::create(path).and_then(|f| {
            let mut w = BufWriter::new(f);
            write_zdd(&zdd, read.original.as_deref(), &mut w)?;
            w.flush()
        });
        if let Err(e) = saved {
            let _ = writeln!(
                stderr,
                "dlx: cannot write the diagram to {}: {e}",
                path.display()
            );
            return Ok(Exit::Failure);
        }
    }
    if stats.nodes >= 1000 && stats.hits.saturating_mul(10) < stats.nodes {
        // Sudoku, queens, pentominoes: subproblems seldom repeat, and the
        // memo's keys cost more than they save.
        let _ = writeln!(
            stderr,
            "{dlx}the memo met {} of {} subproblems again: the plain search (without --memo) is likely faster here",
            stats.hits, stats.nodes
        );
    }
    stats_line(config, memo, labels, &stats, start, &mut stderr);
    Ok(status)
}

/// Writes `zdd` as text, each option numbered as in the input: through
/// `original` when the problem was preprocessed.
fn write_zdd<W: Write>(zdd: &Zdd, original: Option<&[OptionId]>, out: W) -> io::Result<()> {
    match original {
        Some(kept) => zdd.write_text_with(out, |o| kept[o.index()].index()),
        None => zdd.write_text(out),
    }
}

/// The `--stats` line of a memoised search, finished or not.
fn stats_line<E: Write>(
    config: &Config,
    memo: &Memo,
    labels: &Labels,
    stats: &dlx_core::memo::MemoStats,
    start: Instant,
    stderr: &mut E,
) {
    if !config.stats {
        return;
    }
    let rule = memo.rule.unwrap_or(Branching::MinLength);
    let _ = writeln!(
        stderr,
        "{}rule={} nodes={} memo-hits={} memo-entries={} zdd-nodes={} seconds={:.3}",
        labels.stats,
        rule.name(),
        stats.nodes,
        stats.hits,
        stats.entries,
        stats.zdd_nodes,
        start.elapsed().as_secs_f64(),
    );
}

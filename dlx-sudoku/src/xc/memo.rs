//! `--memo`: the count by the memoised search (DXZ), and with it
//! `--sample N` (solutions drawn uniformly) and `--zdd FILE` (the
//! decision diagram as text). A count alone falls back to the plain
//! search where subproblems seldom repeat
//! ([`Memo::give_up_when_unprofitable`](dlx_core::Memo::give_up_when_unprofitable)).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::time::Instant;

use dlx_core::text::DlxFile;
use dlx_core::{Branching, MemoError, SplitMix64};

use super::print::{self, Labels};
use super::{Config, Exit, Memo};

/// Counts `file`'s solutions by the memoised search, prints the count (or
/// the samples), writes the diagram if asked. `Err` is the status to end
/// the whole run with: the output could not be written.
pub(super) fn count<W: Write, E: Write>(
    config: &Config,
    memo: &Memo,
    labels: &Labels,
    file: &mut DlxFile,
    lines: Option<&[String]>,
    stdout: W,
    mut stderr: E,
) -> Result<Exit, Exit> {
    let start = Instant::now();
    let mut search = dlx_core::Memo::new().max_memory(memo.memory);
    if let Some(rule) = memo.rule {
        search = search.branching(rule);
    }
    if let Some(at) = config.time_limit.and_then(|t| start.checked_add(t)) {
        search = search.deadline(at);
    }
    let count_only = memo.sample.is_none() && memo.zdd.is_none();
    if count_only {
        search = search.give_up_when_unprofitable();
    }
    let (zdd, stats) = match file.problem.zdd_with(&search) {
        Ok(done) => done,
        Err(MemoError::Unprofitable { nodes, hits }) => {
            // Only the count is asked for: the plain search gives it
            // sooner (its time limit counted from here).
            let _ = writeln!(
                stderr,
                "{}the memo met {hits} of {nodes} subproblems again: counting by the plain search instead",
                labels.dlx
            );
            return super::count::count(config, labels, file, lines, stdout, stderr);
        }
        Err(e @ MemoError::Kind(_)) => {
            let _ = writeln!(stderr, "dlx: {}: {e}", labels.source);
            return Ok(Exit::BadInput);
        }
        Err(e @ MemoError::TooLarge { .. }) => {
            let _ = writeln!(
                stderr,
                "dlx: {}: {e} (--memo-memory MIB sets the limit)",
                labels.source
            );
            return Ok(Exit::of(dlx_core::Outcome::Deadline));
        }
        Err(e) => {
            let _ = writeln!(stderr, "dlx: {}: {e}", labels.source);
            return Ok(Exit::of(dlx_core::Outcome::Deadline));
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let head = &labels.head;
    let mut out = BufWriter::new(stdout);
    let written = (|| -> io::Result<()> {
        match (memo.sample, lines) {
            (Some(n), Some(lines)) => {
                let mut rng = SplitMix64::new(memo.seed);
                for k in 0..n {
                    let Ok(Some(solution)) = zdd.sample(&mut rng) else {
                        break;
                    };
                    if k > 0 {
                        writeln!(out)?;
                    }
                    print::options(&mut out, lines, solution)?;
                }
            }
            _ => match zdd.count() {
                Ok(n) => writeln!(out, "{head}{n}")?,
                Err(e) => writeln!(out, "{head}{e}")?,
            },
        }
        out.flush()
    })();
    print::written(written, &mut stderr)?;
    if let Some(path) = &memo.zdd {
        let saved = File::create(path).and_then(|f| {
            let mut w = BufWriter::new(f);
            zdd.write_text(&mut w)?;
            w.flush()
        });
        if let Err(e) = saved {
            let _ = writeln!(stderr, "dlx: {}: {e}", path.display());
            return Ok(Exit::Failure);
        }
    }
    if stats.nodes >= 1000 && stats.hits.saturating_mul(10) < stats.nodes {
        // Sudoku, queens, pentominoes: subproblems seldom repeat, and the
        // memo's keys cost more than they save.
        let _ = writeln!(
            stderr,
            "{}the memo met {} of {} subproblems again: the plain search (without --memo) is likely faster here",
            labels.dlx, stats.hits, stats.nodes
        );
    }
    if config.stats {
        let rule = memo.rule.unwrap_or(Branching::MinLength);
        let _ = writeln!(
            stderr,
            "{}rule={} nodes={} memo-hits={} memo-entries={} zdd-nodes={} seconds={seconds:.3}",
            labels.stats,
            rule.name(),
            stats.nodes,
            stats.hits,
            stats.entries,
            stats.zdd_nodes,
        );
    }
    Ok(Exit::Success)
}

//! Counting on threads, and the parts of the search tree: `-j N`,
//! `--split-depth D` with `--part I/N` (count some of the parts) or
//! `--list-parts` (say what they are).
//!
//! The parts are never all held at once: a cut can have billions of them
//! (8 independent items with 8 options each, cut at depth 8, have 8^8).
//! They stream from [`dlx_core::Problem::cut_iter`], a batch at a time,
//! under the run's time limit.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use dlx_core::parallel::{Counter, Progress};
use dlx_core::split::Part;
use dlx_core::text::DlxFile;
use dlx_core::{Outcome, Stats};

use super::{progress, Config, SplitMode};

/// At most this many parts are counted together (times the threads): the
/// threads share out a batch, so a larger one balances better; the parts
/// of a batch are held in memory.
const BATCH_PER_THREAD: usize = 256;

/// At most this many choices (summed over the parts) are held in a batch,
/// whatever the depth of the cut.
const BATCH_CHOICES: usize = 1 << 20;

/// Counts with several threads, or only some parts of the tree (see
/// [`super::Split`]); lists the parts for [`SplitMode::List`].
pub(super) fn count<W: Write>(
    config: &Config,
    deadline: Option<Instant>,
    file: &mut DlxFile,
    out: &mut W,
) -> io::Result<(Outcome, Stats)> {
    let pool = crate::programs::common::pool(config.threads).map_err(io::Error::other)?;
    let (depth, index, count) = match config.split {
        None => (None, 0, 1),
        Some(split) => match split.mode {
            SplitMode::List => return list(file, split.depth, deadline, out),
            SplitMode::Part { index, count } => (Some(split.depth), index, count),
        },
    };
    let bar = config.progress.then(progress::bar);
    let start = Instant::now();
    let every = if bar.is_some() {
        progress::EVERY
    } else {
        Duration::MAX
    };
    // The totals of the batches counted before, and the share of the tree
    // they and the parts the cut skipped make up.
    let mut total = Stats::default();
    let mut before = 0.0;
    let mut count_batch = |problem: &mut dlx_core::Problem, parts: Option<&[Part]>, after: f64| {
        let report = |p: &Progress| {
            if let Some(bar) = &bar {
                let done = before + (after - before) * p.done;
                let solutions = total.solutions.saturating_add(p.solutions);
                let nodes = total.nodes.saturating_add(p.nodes);
                progress::show(bar, done, solutions, nodes, start);
            }
        };
        let mut counter = Counter::new()
            .branching(config.rule)
            .progress(every, &report);
        if let Some(t) = deadline {
            counter = counter.deadline(t);
        }
        let counted = pool.install(|| match parts {
            None => counter.count(problem),
            Some(parts) => counter.count_cut(problem, parts),
        });
        total += counted.stats;
        before = after;
        counted.outcome
    };
    let outcome = match depth {
        None => count_batch(&mut file.problem, None, 1.0),
        Some(depth) => {
            // The cut walks a copy of the problem while the parts are
            // counted on the original.
            let mut walker = file.problem.clone();
            let mut cut = walker.cut_iter(depth);
            cut.set_deadline(deadline);
            let batch_len = BATCH_PER_THREAD * pool.current_num_threads().max(1);
            let mut k = 0usize;
            let mut batch = Vec::new();
            loop {
                batch.clear();
                let mut choices = 0;
                while batch.len() < batch_len && choices < BATCH_CHOICES {
                    let Some(part) = cut.next() else { break };
                    if k % count == index {
                        choices += part.choices().len() + 1;
                        batch.push(part);
                    }
                    k = k.wrapping_add(1);
                }
                if batch.is_empty() {
                    break cut.outcome().unwrap_or(Outcome::Complete);
                }
                let outcome = count_batch(&mut file.problem, Some(&batch), cut.progress());
                if outcome != Outcome::Complete {
                    break outcome;
                }
            }
        }
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok((outcome, total))
}

/// `--list-parts`: the number of parts, then one line per part, the input
/// line numbers of the options it starts with (`-` for a null move). The
/// cut is walked twice, to count the parts and then to print them, so
/// that nothing but one part is held; the time limit stops either walk
/// (nothing is printed if it stops the first).
fn list<W: Write>(
    file: &mut DlxFile,
    depth: usize,
    deadline: Option<Instant>,
    out: &mut W,
) -> io::Result<(Outcome, Stats)> {
    let (parts, outcome) = {
        let mut cut = file.problem.cut_iter(depth);
        cut.set_deadline(deadline);
        let parts = cut.by_ref().count();
        (parts, cut.outcome().unwrap_or(Outcome::Complete))
    };
    if outcome != Outcome::Complete {
        return Ok((outcome, Stats::default()));
    }
    writeln!(out, "{parts}")?;
    let mut cut = file.problem.cut_iter(depth);
    cut.set_deadline(deadline);
    let mut line = String::new();
    for part in cut.by_ref() {
        line.clear();
        for (i, c) in part.choices().iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            match c {
                Some(o) => line.push_str(&file.option_lines[o.index()].to_string()),
                None => line.push('-'),
            }
        }
        writeln!(out, "{line}")?;
    }
    Ok((cut.outcome().unwrap_or(Outcome::Complete), Stats::default()))
}

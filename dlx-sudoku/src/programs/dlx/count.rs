//! Counting or listing the solutions: the search on one thread (or on
//! several, through [`super::parts`]), within `--limit`, `--max-nodes` and
//! `--time-limit`, and what it says when it ends.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use dlx_core::text::DlxFile;
use dlx_core::{Outcome, Stats, Step};

use super::print::{Labels, Prefixed};
use super::{parts, print, progress, Config, Exit, Split, SplitMode};
use crate::plural::Plural;

/// How the search ended.
struct Finish {
    outcome: Outcome,
    stats: Stats,
    seconds: f64,
}

/// Searches `file` and writes its solutions (when `lines`, the text of
/// every option, is given), or their number, to `stdout`; the end of the
/// search and `--stats` go to `stderr`. `Err` is the status to end the
/// whole run with: the output could not be written.
pub(super) fn count<W: Write, E: Write>(
    config: &Config,
    labels: &Labels,
    file: &mut DlxFile,
    lines: Option<&[String]>,
    stdout: W,
    mut stderr: E,
) -> Result<Exit, Exit> {
    let mut out = BufWriter::new(stdout);
    let written = search(config, labels, file, lines, &mut out).and_then(|finish| {
        let listed = matches!(
            config.split,
            Some(Split {
                mode: SplitMode::List,
                ..
            })
        );
        if !config.print && !listed {
            let more = match finish.outcome {
                Outcome::NodeLimit | Outcome::Deadline | Outcome::Cancelled => "+",
                Outcome::Complete | Outcome::SolutionLimit => "",
            };
            writeln!(out, "{}{}{more}", labels.head, finish.stats.solutions)?;
        }
        out.flush()?;
        Ok(finish)
    });
    let finish = print::written(written, &mut stderr)?;
    let dlx = &labels.dlx;
    let nodes = Plural(finish.stats.nodes, "node");
    match finish.outcome {
        Outcome::NodeLimit => {
            let _ = writeln!(stderr, "{dlx}search limit reached after {nodes}");
        }
        Outcome::Deadline => {
            let _ = writeln!(stderr, "{dlx}time limit reached after {nodes}");
        }
        _ => {}
    }
    if config.stats {
        if finish.outcome == Outcome::SolutionLimit {
            let _ = writeln!(
                stderr,
                "{dlx}stopped at the limit of {} (there may be more)",
                Plural(finish.stats.solutions, "solution")
            );
        }
        print::stats(&mut stderr, &labels.stats, finish.stats, finish.seconds);
    }
    // A solution to print was asked for: none is a failure, as in
    // dlx-sudoku (a count of 0 is an answer).
    if config.print && finish.outcome == Outcome::Complete && finish.stats.solutions == 0 {
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::of(finish.outcome))
}

/// Searches `file`, writing each solution to `out` when `lines` (the text of
/// every option) is given.
fn search<W: Write>(
    config: &Config,
    labels: &Labels,
    file: &mut DlxFile,
    lines: Option<&[String]>,
    out: &mut W,
) -> io::Result<Finish> {
    let start = Instant::now();
    let deadline = config.time_limit.and_then(|t| start.checked_add(t));
    if config.split.is_some() || config.threads != 1 {
        // Under -H, --list-parts labels its lines as a count's line is.
        let mut out = Prefixed {
            inner: out,
            prefix: &labels.head,
            at_start: true,
        };
        let (outcome, stats) = parts::count(config, deadline, file, &mut out)?;
        return Ok(Finish {
            outcome,
            stats,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let mut solver = file.problem.solver();
    solver.set_branching(config.rule);
    solver.set_node_limit(config.max_nodes);
    solver.set_deadline(deadline);
    if let Some(seed) = config.seed {
        // Nothing is forced and nothing searched yet, so it cannot fail.
        solver.set_seed(seed).map_err(io::Error::other)?;
    }
    let limit = config.limit.unwrap_or(u64::MAX);
    let max_nodes = config.max_nodes.unwrap_or(u64::MAX);
    let bar = config.progress.then(progress::bar);
    if lines.is_none() && bar.is_none() {
        // A plain count runs the search loop to the end without stopping at
        // each solution (dom8x8: 13 million stops, 6% of its time).
        let outcome = solver.count(config.limit).outcome;
        return Ok(Finish {
            outcome,
            stats: solver.stats(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let mut found = 0u64;
    let outcome = loop {
        if found >= limit {
            break Outcome::SolutionLimit;
        }
        if let Some(bar) = &bar {
            // Stop every progress::NODES nodes to redraw (the search resumes
            // where it stopped).
            let nodes = solver.stats().nodes;
            solver.set_node_limit(Some(max_nodes.min(nodes.saturating_add(progress::NODES))));
            progress::show(bar, solver.progress(), found, nodes, start);
        }
        match solver.next_solution() {
            Step::Found => {
                if let Some(lines) = lines {
                    if found > 0 {
                        out.write_all(b"\n")?;
                    }
                    print::options(out, lines, solver.solution())?;
                }
                found += 1;
            }
            Step::Exhausted => break Outcome::Complete,
            Step::NodeLimit if bar.is_some() && solver.stats().nodes < max_nodes => {}
            Step::NodeLimit => break Outcome::NodeLimit,
            Step::Deadline => break Outcome::Deadline,
            Step::Cancelled => break Outcome::Cancelled,
        }
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(Finish {
        outcome,
        stats: solver.stats(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

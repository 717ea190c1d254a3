//! `--min-cost`: the least total costs of a solution (Knuth's DLX5), and
//! with `--print` a solution of each.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use dlx_core::cost::CostSearch;
use dlx_core::text::DlxFile;
use dlx_core::Outcome;

use super::print::Labels;
use super::{print, Config, Exit};
use crate::plural::Plural;

/// The min-cost search of `--min-cost`: the `k` least costs, and with
/// `--print` (when `lines` is given) a solution of each. `Err` is the
/// status to end the whole run with: the output could not be written.
pub(super) fn min_cost<W: Write, E: Write>(
    config: &Config,
    labels: &Labels,
    k: usize,
    file: &DlxFile,
    lines: Option<&[String]>,
    stdout: W,
    mut stderr: E,
) -> Result<Exit, Exit> {
    let start = Instant::now();
    let report = match CostSearch::new(&file.problem)
        .best(k)
        .node_limit(config.max_nodes)
        .deadline(config.time_limit.and_then(|t| start.checked_add(t)))
        .disjoint_bound(config.disjoint_bound)
        .run()
    {
        Ok(report) => report,
        Err(e) => {
            let _ = writeln!(stderr, "dlx: {}: {e}", labels.source);
            return Ok(Exit::BadInput);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let stopped = matches!(
        report.outcome,
        Outcome::NodeLimit | Outcome::Deadline | Outcome::Cancelled
    );
    let head = &labels.head;
    let mut out = BufWriter::new(stdout);
    let written = (|| -> io::Result<()> {
        if report.solutions.is_empty() {
            let none = if stopped {
                "no solution found"
            } else {
                "no solution"
            };
            writeln!(out, "{head}{none}")?;
        }
        for (i, solution) in report.solutions.iter().enumerate() {
            if config.print && i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{head}{}", solution.cost)?;
            if let Some(lines) = lines {
                print::options(&mut out, lines, solution.options.iter().copied())?;
            }
        }
        out.flush()
    })();
    print::written(written, &mut stderr)?;
    if stopped {
        let limit = if report.outcome == Outcome::NodeLimit {
            "search"
        } else {
            "time"
        };
        let _ = writeln!(
            stderr,
            "{}{limit} limit reached after {} (the costs found may not be the least)",
            labels.dlx,
            Plural(report.stats.nodes, "node")
        );
    }
    if config.stats {
        print::stats(&mut stderr, &labels.stats, report.stats, seconds);
    }
    if !stopped && report.solutions.is_empty() {
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::of(report.outcome))
}

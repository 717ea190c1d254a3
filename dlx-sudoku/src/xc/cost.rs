//! `--min-cost`: the least total costs of a solution (Knuth's DLX5), and
//! with `--print` a solution of each.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use dlx_core::text::DlxFile;
use dlx_core::{CostSearch, Outcome};

use super::{print, Config, Exit};

/// The min-cost search of `--min-cost`: the `k` least costs, and with
/// `--print` (when `lines` is given) a solution of each.
pub(super) fn min_cost<W: Write, E: Write>(
    config: &Config,
    k: usize,
    file: &DlxFile,
    lines: Option<&[String]>,
    stdout: W,
    mut stderr: E,
) -> Exit {
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
            let _ = writeln!(stderr, "dlx: {}: {e}", config.input);
            return Exit::BadInput;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let stopped = matches!(
        report.outcome,
        Outcome::NodeLimit | Outcome::Deadline | Outcome::Cancelled
    );
    let mut out = BufWriter::new(stdout);
    let written = (|| -> io::Result<()> {
        if report.solutions.is_empty() {
            let none = if stopped {
                "no solution found"
            } else {
                "no solution"
            };
            writeln!(out, "{none}")?;
        }
        for (i, solution) in report.solutions.iter().enumerate() {
            if config.print && i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{}", solution.cost)?;
            if let Some(lines) = lines {
                print::options(&mut out, lines, solution.options.iter().copied())?;
            }
        }
        out.flush()
    })();
    if let Err(exit) = print::written(written, &mut stderr) {
        return exit;
    }
    if stopped {
        let limit = if report.outcome == Outcome::NodeLimit {
            "search"
        } else {
            "time"
        };
        let _ = writeln!(
            stderr,
            "dlx: {limit} limit reached after {} nodes (the costs found may not be the least)",
            report.stats.nodes
        );
    }
    if config.stats {
        print::stats(&mut stderr, report.stats, seconds);
    }
    Exit::of(report.outcome)
}

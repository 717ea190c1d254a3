//! Counting on threads, and the parts of the search tree: `-j N`,
//! `--split-depth D` with `--part I/N` (count some of the parts) or
//! `--list-parts` (say what they are).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use dlx_core::parallel::{Counted, Counter, Progress};
use dlx_core::text::DlxFile;
use dlx_core::Part;

use super::{progress, Config, SplitMode};

/// Counts with several threads, or only some parts of the tree (see
/// [`super::Split`]); lists the parts for [`SplitMode::List`].
pub(super) fn count<W: Write>(
    config: &Config,
    deadline: Option<Instant>,
    file: &mut DlxFile,
    out: &mut W,
) -> io::Result<Counted> {
    let pool = crate::cli_common::pool(config.threads).map_err(io::Error::other)?;
    let mine = match config.split {
        None => None,
        Some(split) => {
            let parts = file.problem.cut(split.depth);
            match split.mode {
                SplitMode::List => {
                    list(file, &parts, out)?;
                    return Ok(Counter::new().count_parts(&mut file.problem, &[]));
                }
                SplitMode::Part { index, count } => Some(
                    parts
                        .into_iter()
                        .skip(index)
                        .step_by(count)
                        .collect::<Vec<_>>(),
                ),
            }
        }
    };
    let bar = config.progress.then(progress::bar);
    let start = Instant::now();
    let every = if bar.is_some() {
        progress::EVERY
    } else {
        Duration::MAX
    };
    let report = |p: &Progress| {
        if let Some(bar) = &bar {
            progress::show(bar, p.done, p.solutions, p.nodes, start);
        }
    };
    let mut counter = Counter::new()
        .branching(config.rule)
        .progress(every, &report);
    if let Some(t) = deadline {
        counter = counter.deadline(t);
    }
    let counted = pool.install(|| match &mine {
        None => counter.count(&mut file.problem),
        Some(parts) => counter.count_cut(&mut file.problem, parts),
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(counted)
}

/// `--list-parts`: the number of parts, then one line per part, the input
/// line numbers of the options it starts with (`-` for a null move).
fn list<W: Write>(file: &DlxFile, parts: &[Part], out: &mut W) -> io::Result<()> {
    writeln!(out, "{}", parts.len())?;
    for part in parts {
        let lines: Vec<String> = part
            .choices()
            .iter()
            .map(|c| match c {
                Some(o) => file.option_lines[o.index()].to_string(),
                None => "-".to_string(),
            })
            .collect();
        writeln!(out, "{}", lines.join(" "))?;
    }
    Ok(())
}

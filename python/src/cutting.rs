//! The cut of a `Problem`'s search tree into parts, and the counts of
//! parts (`Problem.cut`, `count_parts`, `count_each_part`): what
//! `dlxrs.dask` sends to other processes and machines. The runs themselves
//! are `search`'s; this module turns them into `Part`s and Python answers.

use std::time::Instant;

use dlx_core::{Cancel, Outcome};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::limit_reached;
use crate::parts::Part;
use crate::search::{self, Counted, Settings};
use crate::searching::counted;
use crate::shared::Shared;
use crate::wait::detached;

/// A part's row in `count_each_part`: its index, solutions, nodes and
/// seconds.
type Row = (usize, u64, u64, f64);

/// `Problem.cut`: the parts of the cut at `depth`, in the search's order.
pub(crate) fn cut(
    shared: &Shared,
    py: Python<'_>,
    depth: usize,
    deadline: Option<Instant>,
) -> PyResult<Vec<Part>> {
    let cancel = Cancel::new();
    let (parts, outcome) = shared.with_built(py, |built| {
        let problem = &mut built.problem;
        detached(py, &cancel, || {
            search::cut(problem, depth, None, deadline, &cancel)
        })
    })?;
    let parts: Vec<Part> = parts
        .into_iter()
        .map(|(index, part)| Part {
            depth,
            index,
            choices: part
                .choices()
                .iter()
                .map(|c| c.map(|o| o.index()))
                .collect(),
        })
        .collect();
    match outcome {
        Some(Outcome::Deadline) => {
            let n = parts.len();
            let found = parts.into_pyobject(py)?.into_any();
            Err(limit_reached(
                py,
                &format!("{n} parts cut"),
                found,
                dlx_core::Stats::default(),
            ))
        }
        _ => Ok(parts),
    }
}

/// `Problem.count_parts`: the number of solutions in `parts`, found again
/// in this problem's cut.
pub(crate) fn count_parts(
    shared: &Shared,
    py: Python<'_>,
    parts: Vec<PyRef<'_, Part>>,
    settings: &Settings,
) -> PyResult<u64> {
    let (depth, wanted) = sorted_parts(parts)?;
    let cancel = Cancel::new();
    let c = shared
        .with_built(py, |built| {
            let problem = &mut built.problem;
            detached(py, &cancel, || {
                match search::find_parts(problem, depth, &wanted, settings.deadline, &cancel)? {
                    Err(stopped) => Ok(stopped),
                    Ok(found) => search::count_parts(problem, &found, settings, &cancel),
                }
            })
        })?
        .map_err(PyValueError::new_err)?;
    counted(py, c)
}

/// `Problem.count_each_part`: each of `parts` counted apart, a [`Row`]
/// each, in the order of the cut.
pub(crate) fn count_each_part(
    shared: &Shared,
    py: Python<'_>,
    parts: Vec<PyRef<'_, Part>>,
    settings: &Settings,
) -> PyResult<Vec<Row>> {
    let (depth, wanted) = sorted_parts(parts)?;
    let cancel = Cancel::new();
    let (rows, last) = shared
        .with_built(py, |built| {
            let problem = &mut built.problem;
            detached(py, &cancel, || -> Result<(Vec<Row>, Counted), String> {
                let found = match search::find_parts(
                    problem,
                    depth,
                    &wanted,
                    settings.deadline,
                    &cancel,
                )? {
                    Err(stopped) => return Ok((Vec::new(), stopped)),
                    Ok(found) => found,
                };
                let mut rows = Vec::with_capacity(found.len());
                for ((c, seconds), want) in search::count_each(problem, &found, settings, &cancel)?
                    .into_iter()
                    .zip(&wanted)
                {
                    if c.outcome != Outcome::Complete {
                        return Ok((rows, c));
                    }
                    rows.push((want.index, c.solutions, c.stats.nodes, seconds));
                }
                let done = Counted {
                    solutions: rows.iter().map(|r| r.1).sum(),
                    outcome: Outcome::Complete,
                    stats: dlx_core::Stats::default(),
                };
                Ok((rows, done))
            })
        })?
        .map_err(PyValueError::new_err)?;
    match last.outcome {
        Outcome::Complete => Ok(rows),
        _ => {
            let n = rows.len();
            let found = rows.into_pyobject(py)?.into_any();
            Err(limit_reached(
                py,
                &format!("{n} parts counted"),
                found,
                last.stats,
            ))
        }
    }
}

/// The depth of `parts` (all of one cut, or `ValueError`) and the parts
/// sorted by their position in the cut (one listed twice: `ValueError`).
fn sorted_parts(parts: Vec<PyRef<'_, Part>>) -> PyResult<(usize, Vec<Part>)> {
    let depth = parts.first().map_or(0, |p| p.depth);
    let mut wanted: Vec<Part> = Vec::with_capacity(parts.len());
    for part in &parts {
        if part.depth != depth {
            return Err(PyValueError::new_err(format!(
                "parts of cuts at depths {depth} and {} (expected one cut)",
                part.depth
            )));
        }
        wanted.push((**part).clone());
    }
    wanted.sort_by_key(|p| p.index);
    if let Some(w) = wanted.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(PyValueError::new_err(format!(
            "part {} is listed twice",
            w[0].index
        )));
    }
    Ok((depth, wanted))
}

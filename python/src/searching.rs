//! The searches of a `Problem`, as its methods run them: each takes the
//! built problem (see `shared`), searches it without the GIL and stoppable
//! by Ctrl-C (see `wait`), and answers in Python's terms. The arguments
//! arrive checked (see `search::Settings`); the cut and its parts are in
//! `cutting`.

use std::time::Instant;

use dlx_core::cost::CostSearch;
use dlx_core::memo::Memo;
use dlx_core::{Branching, Cancel, Kind, OptionId, Outcome, Step};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::building::State;
use crate::errors::{limit_reached, memo_error, CostError};
use crate::labels::{OptionTable, ShowSolution};
use crate::search::{self, Counted, Settings};
use crate::shared::Shared;
use crate::solutions::Solutions;
use crate::wait::detached;
use crate::zdd::Zdd;

/// What a search found in a problem as the Python side numbers options.
type Solution = Vec<usize>;

/// The memoised search's limits: the arguments of `Problem.zdd`.
pub(crate) struct ZddSettings {
    /// The item choice.
    pub(crate) rule: Branching,
    /// The most subproblems the memo keeps; `None`: dlx-core's default.
    pub(crate) max_entries: Option<u64>,
    /// The bytes the memo and the diagram may take; `None`: dlx-core's
    /// default.
    pub(crate) max_memory: Option<u64>,
    /// When to stop; `None`: never.
    pub(crate) deadline: Option<Instant>,
}

/// A count's answer: the count, or `LimitReached` holding it.
pub(crate) fn counted(py: Python<'_>, c: Counted) -> PyResult<u64> {
    match c.outcome {
        Outcome::Complete | Outcome::SolutionLimit => Ok(c.solutions),
        Outcome::Deadline | Outcome::NodeLimit => {
            let found = c.solutions.into_pyobject(py)?.into_any();
            Err(limit_reached(
                py,
                &format!("{} solutions counted (a lower bound)", c.solutions),
                found,
                c.stats,
            ))
        }
        Outcome::Cancelled => Err(PyRuntimeError::new_err("the search was cancelled")),
    }
}

/// `Problem.kind`: which of Knuth's searches the problem needs.
pub(crate) fn kind(shared: &Shared, py: Python<'_>) -> PyResult<&'static str> {
    shared.with_built(py, |built| {
        Ok(match built.problem.kind() {
            Kind::Exact => "exact",
            Kind::Colors => "colors",
            Kind::Multiplicities => "multiplicities",
            _ => "other",
        })
    })
}

/// `Problem.count`: the number of solutions, at most `limit`.
pub(crate) fn count(
    shared: &Shared,
    py: Python<'_>,
    settings: &Settings,
    limit: Option<u64>,
) -> PyResult<u64> {
    let cancel = Cancel::new();
    let c = shared
        .with_built(py, |built| {
            detached(py, &cancel, || {
                search::count(&mut built.problem, settings, limit, &cancel)
            })
        })?
        .map_err(PyValueError::new_err)?;
    counted(py, c)
}

/// `Problem.zdd`: the diagram of every solution, by the memoised search.
pub(crate) fn zdd(shared: &Shared, py: Python<'_>, settings: &ZddSettings) -> PyResult<Zdd> {
    let cancel = Cancel::new();
    shared.with_built(py, |built| {
        // Taken after the built problem: options are only ever added,
        // so the table names every option the diagram can hold.
        let options = option_table(shared, py)?;
        let problem = &mut built.problem;
        let made = detached(py, &cancel, || {
            let mut memo = Memo::new().branching(settings.rule).cancel(&cancel);
            if let Some(n) = settings.max_entries {
                memo = memo.max_entries(n as usize);
            }
            if let Some(n) = settings.max_memory {
                memo = memo.max_memory(n as usize);
            }
            if let Some(d) = settings.deadline {
                memo = memo.deadline(d);
            }
            problem.zdd_with(&memo)
        })?;
        let (zdd, stats) = made.map_err(|e| memo_error(py, e))?;
        Ok(Zdd::new(zdd, stats, options))
    })
}

/// A copy of the problem's options as Python shows them, for what outlives
/// a change of the problem.
fn option_table(shared: &Shared, py: Python<'_>) -> PyResult<OptionTable> {
    let state = shared.lock(py)?;
    Ok(OptionTable::new(py, &state.labels, &state.options))
}

/// `Problem.solutions`: the lazy iterator, over a copy of the problem made
/// now; solutions as option numbers (`indices`) or as options' entries.
pub(crate) fn solutions(
    shared: &Shared,
    py: Python<'_>,
    settings: Settings,
    limit: Option<u64>,
    indices: bool,
) -> PyResult<Solutions> {
    let core = shared.with_built(py, |built| Ok(built.problem.clone()))?;
    // Taken after the copy: options are only ever added, so the table
    // names every option the copy can return.
    let options = if indices {
        None
    } else {
        Some(option_table(shared, py)?)
    };
    Solutions::start(core, settings, limit, options)
}

/// `Problem.first_solution`: the first solution found, or `None`.
pub(crate) fn first_solution<'py>(
    shared: &Shared,
    py: Python<'py>,
    settings: &Settings,
    indices: bool,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let cancel = Cancel::new();
    let (step, solution, stats) = shared.with_built(py, |built| {
        let problem = &mut built.problem;
        detached(py, &cancel, || {
            let mut s = problem.solver();
            s.set_branching(settings.rule);
            s.set_deadline(settings.deadline);
            s.set_cancel(Some(cancel.clone()));
            if let Some(seed) = settings.seed {
                s.set_seed(seed).expect("nothing forced or searched yet");
            }
            let step = s.next_solution();
            let solution: Solution = s.solution().map(|o| o.index()).collect();
            (step, solution, s.stats())
        })
    })?;
    match step {
        Step::Found => {
            let state = shared.lock(py)?;
            Ok(Some(state.solution(py, &solution, indices)?.into_any()))
        }
        Step::Exhausted => Ok(None),
        Step::Deadline | Step::NodeLimit => Err(limit_reached(
            py,
            "no solution found yet",
            py.None().into_bound(py),
            stats,
        )),
        _ => Err(PyRuntimeError::new_err("the search was cancelled")),
    }
}

/// `Problem.min_cost`: the `k` cheapest solutions, as `(cost, solution)`.
pub(crate) fn min_cost<'py>(
    shared: &Shared,
    py: Python<'py>,
    k: usize,
    deadline: Option<Instant>,
    disjoint_bound: bool,
    indices: bool,
) -> PyResult<Vec<(u64, Bound<'py, PyAny>)>> {
    let cancel = Cancel::new();
    let report = shared
        .with_built(py, |built| {
            let problem = &built.problem;
            detached(py, &cancel, || {
                CostSearch::new(problem)
                    .best(k)
                    .deadline(deadline)
                    .cancel(Some(cancel.clone()))
                    .disjoint_bound(disjoint_bound)
                    .run()
            })
        })?
        .map_err(|e| CostError::new_err(e.to_string()))?;
    let mut best = Vec::with_capacity(report.solutions.len());
    {
        let state = shared.lock(py)?;
        for s in &report.solutions {
            let options: Solution = s.options.iter().map(|o| o.index()).collect();
            best.push((s.cost, state.solution(py, &options, indices)?.into_any()));
        }
    }
    match report.outcome {
        Outcome::Complete | Outcome::SolutionLimit => Ok(best),
        Outcome::Deadline | Outcome::NodeLimit => {
            let found = best.into_pyobject(py)?.into_any();
            Err(limit_reached(
                py,
                "the best solutions found so far may not be the best",
                found,
                report.stats,
            ))
        }
        _ => Err(PyRuntimeError::new_err("the search was cancelled")),
    }
}

/// `Problem.reduce`: the problem reduced by DLX-PRE, labels, colors and
/// costs kept, and the number here of each of its options.
pub(crate) fn reduce(shared: &Shared, py: Python<'_>) -> PyResult<(State, Vec<usize>)> {
    let cancel = Cancel::new();
    shared.with_built(py, |labeled| {
        let core = &labeled.problem;
        let r = detached(py, &cancel, || core.reduce())?;
        // Items, colors and options are only ever added: the numbers
        // of the built problem name the same ones in the state now.
        let state = shared.lock(py)?;
        let names = state.labels.names();
        let reduced = State::from_core(
            py,
            r.problem(),
            |item| names.items()[*labeled.item_label(r.original_item(item)) as usize].clone_ref(py),
            |c| names.colors()[*labeled.color_label(c) as usize - 1].clone_ref(py),
            |o| state.costs[r.original_option(OptionId::new(o)).index()],
        )?;
        let original = r.original_options().iter().map(|o| o.index()).collect();
        Ok((reduced, original))
    })
}

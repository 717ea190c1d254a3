//! The Sudoku solver of dlx-sudoku, on cells given as bytes: the Python
//! module `dlxrs.sudoku` converts strings and grids to them and back.

use std::time::{Duration, Instant};

use dlx_core::Cancel;
use dlx_sudoku::solver::{find_conflict, Outcome, Solver};
use dlx_sudoku::Board;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args;
use crate::errors::limit_reached;
use crate::search;
use crate::wait::detached;

/// A board of box side `order` (2 to 5) with row-major `cells` (0 empty).
/// Clues that clash (one value twice in a house) are bad input, not a
/// puzzle without solution: a `ValueError` that names them.
fn board(order: usize, cells: Vec<u8>) -> PyResult<Board> {
    let board =
        Board::from_cells(order, cells).map_err(|e| PyValueError::new_err(e.to_string()))?;
    match find_conflict(&board) {
        Some(c) => Err(PyValueError::new_err(format!("clues clash: {c}"))),
        None => Ok(board),
    }
}

/// The time from now to `deadline` (none: no limit).
fn remaining(deadline: Option<Instant>) -> Option<Duration> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()))
}

/// The first solution of the puzzle (its cells, row-major) or `None` if it
/// has none. Raises `LimitReached` after `time_limit` seconds, `ValueError`
/// for clues that clash.
#[pyfunction]
#[pyo3(signature = (order, cells, time_limit=None))]
pub(crate) fn sudoku_solve(
    py: Python<'_>,
    order: usize,
    cells: Vec<u8>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Vec<u8>>> {
    let puzzle = board(order, cells)?;
    let deadline = search::deadline(time_limit)?;
    let cancel = Cancel::new();
    let (outcome, solution, stats) = detached(py, &cancel, || {
        let mut solver = Solver::new();
        solver.set_time_limit(remaining(deadline));
        solver.set_cancel(Some(cancel.clone()));
        let mut solution = puzzle.clone();
        let outcome = solver.solve(&puzzle, &mut solution);
        (outcome, solution, solver.stats())
    })?;
    match outcome {
        Outcome::Solved => Ok(Some(solution.cells().to_vec())),
        Outcome::NoSolution => Ok(None),
        Outcome::NodeLimit => Err(limit_reached(
            py,
            "no solution found yet",
            py.None().into_bound(py),
            stats,
        )),
    }
}

/// The number of solutions of the puzzle, at most `limit` (at least 1) if
/// given. Raises `LimitReached` (holding the count so far) after
/// `time_limit` seconds, `ValueError` for clues that clash.
#[pyfunction]
#[pyo3(signature = (order, cells, limit=None, time_limit=None))]
pub(crate) fn sudoku_count(
    py: Python<'_>,
    order: usize,
    cells: Vec<u8>,
    limit: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let limit = args::limit(limit)?;
    let puzzle = board(order, cells)?;
    let deadline = search::deadline(time_limit)?;
    let cancel = Cancel::new();
    let (count, stats) = detached(py, &cancel, || {
        let mut solver = Solver::new();
        solver.set_time_limit(remaining(deadline));
        solver.set_cancel(Some(cancel.clone()));
        let count = solver.count(&puzzle, limit);
        (count, solver.stats())
    })?;
    match count.outcome {
        dlx_core::Outcome::Complete | dlx_core::Outcome::SolutionLimit => Ok(count.solutions),
        _ => Err(limit_reached(
            py,
            &format!("{} solutions counted (a lower bound)", count.solutions),
            count.solutions.into_pyobject(py)?.into_any(),
            stats,
        )),
    }
}

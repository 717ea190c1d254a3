//! `dlxrs._dlxrs`: the Python extension over dlx-core and dlx-sudoku.
//!
//! A thin layer in the manner of pydantic-core and polars: Python values
//! are converted at the edge (labels interned in a dict, options checked by
//! dlx-core's `Builder`), the search is dlx-core's own, run without the GIL
//! ([`wait`]). The Python package `dlxrs` (in `dlxrs/`) re-exports what is
//! here and adds the Sudoku front end's conversions and Dask.
//!
//! | module | what it owns |
//! |---|---|
//! | `problem` | `Problem`: its Python methods, each a thin door to the modules below |
//! | `cutting` | the cut of the search tree into parts, and the counts of parts |
//! | `searching` | `Problem`'s searches (count, solutions, min cost, zdd, reduce) in Python's terms |
//! | `pickling` | a problem's state as plain values for pickle, and back |
//! | `shared` | the state behind its lock, shared by threads; the built problem searches take |
//! | `building` | a problem's state: items, bounds, options and costs by label, each change checked |
//! | `solutions` | `Solutions`: the lazy iterator, a search on a thread of its own |
//! | `zdd` | `Zdd`: the memoised search's diagram, its count, samples and solutions |
//! | `sudoku` | the Sudoku solver's two calls |
//! | `search` | the searches' settings and their runs on a problem (no Python) |
//! | `parts` | `Part`: a picklable part of a cut of the search tree |
//! | `labels` | labels to numbers and back, options by number, solutions shown by label |
//! | `args` | int arguments checked at the edge (`ValueError` naming the range) |
//! | `errors` | the exception classes and the errors mapped to them |
//! | `wait` | running a search without the GIL, stoppable by Ctrl-C |
//!
//! Each module imports only modules listed below it, never one above (so
//! `labels`, `args`, `errors` and `wait` are at the bottom):
//! `../shared/tools/import-circles.py python/src`, run from the repository's
//! root, finds no circle.
#![forbid(unsafe_code)]

mod args;
mod building;
mod cutting;
mod errors;
mod labels;
mod parts;
mod pickling;
mod problem;
mod search;
mod searching;
mod shared;
mod solutions;
mod sudoku;
mod wait;
mod zdd;

use std::fs::File;
use std::io::BufReader;

use dlx_core::text::{self, ReadError};
use pyo3::prelude::*;

use crate::building::State;
use crate::errors::{file_path, os_error, parse_error};
use crate::problem::Problem;

/// Reads a problem written in Knuth's DLX text format (the input of his
/// programs DLX1, DLX2, DLX3 and DLX5: an item line, `|` before the
/// secondary items, `lo:hi|item` bounds, `item:c` colors, `|N` costs), and
/// returns it as a `Problem` whose item labels are the names in the file
/// and whose colors are one-character strings.
///
/// Options are numbered in the order of their lines, leaving out the lines
/// of options without a primary item (which no solution can contain; DLX1
/// drops them too).
///
/// Raises `ParseError` (with `line` and `column`) for a malformed file and
/// `OSError` when it cannot be read (`FileNotFoundError`, ..., with
/// `errno`, `strerror` and `filename` set, as `open()` raises them).
#[pyfunction]
fn read_dlx(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let (path, name) = file_path(path)?;
    let read = py.detach(|| {
        File::open(&path)
            .map_err(ReadError::Io)
            .and_then(|file| text::read(BufReader::new(file)))
    });
    match read {
        Ok(dlx) => State::from_dlx(py, &dlx).map(Problem::from),
        Err(ReadError::Io(e)) => Err(os_error(py, &e, &name)),
        Err(ReadError::Parse(e)) => Err(parse_error(py, &path.display().to_string(), &e)),
        Err(e) => Err(pyo3::exceptions::PyOSError::new_err(e.to_string())),
    }
}

/// Reads a problem in Knuth's DLX text format from a string; see
/// `read_dlx`.
#[pyfunction]
fn parse_dlx(py: Python<'_>, text: &str) -> PyResult<Problem> {
    match text::parse(text.as_bytes()) {
        Ok(dlx) => State::from_dlx(py, &dlx).map(Problem::from),
        Err(e) => Err(parse_error(py, "<string>", &e)),
    }
}

/// The names of the branching rules `rule=` accepts, the default first.
#[pyfunction]
fn rules() -> Vec<&'static str> {
    dlx_core::Branching::ALL.iter().map(|b| b.name()).collect()
}

/// The extension module.
#[pymodule]
fn _dlxrs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Problem>()?;
    m.add_class::<solutions::Solutions>()?;
    m.add_class::<parts::Part>()?;
    m.add_class::<zdd::Zdd>()?;
    m.add_class::<zdd::ZddStats>()?;
    m.add_class::<zdd::ZddSolutions>()?;
    m.add_class::<zdd::ZddSamples>()?;
    m.add_function(wrap_pyfunction!(read_dlx, m)?)?;
    m.add_function(wrap_pyfunction!(parse_dlx, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_count, m)?)?;
    m.add("DlxError", py.get_type::<errors::DlxError>())?;
    m.add("BuildError", py.get_type::<errors::BuildError>())?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("CostError", py.get_type::<errors::CostError>())?;
    m.add("MemoError", py.get_type::<errors::MemoError>())?;
    m.add("LimitReached", py.get_type::<errors::LimitReached>())?;
    m.add("MAX_COST", dlx_core::cost::MAX_COST)?;
    m.add("MAX_BEST", dlx_core::cost::MAX_BEST)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

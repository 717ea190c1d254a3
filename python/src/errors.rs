//! The exceptions, and dlx-core's errors turned into them with their own
//! messages.

use std::fmt;

use dlx_core::memo::MemoError as CoreMemoError;
use dlx_core::text::ParseError as TextError;
use dlx_core::{BuilderError, Stats};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

// Named `dlxrs.X`, where the package re-exports them, so that they pickle
// (Dask sends a worker's exception back to the client).
create_exception!(
    dlxrs,
    DlxError,
    PyException,
    "Base class of the errors of dlxrs."
);
create_exception!(
    dlxrs,
    BuildError,
    DlxError,
    "An item, bounds or option was refused (a duplicate or unknown label, an item twice in one option, a color on a primary item, ...); the problem is unchanged."
);
create_exception!(
    dlxrs,
    ParseError,
    DlxError,
    "Malformed DLX text; `line` and `column` (1-based, 0 when the whole line is meant) say where."
);
create_exception!(
    dlxrs,
    CostError,
    DlxError,
    "The min-cost search cannot answer: bounds other than 1, k out of range, or a best total above MAX_COST."
);
create_exception!(
    dlxrs,
    MemoError,
    DlxError,
    "The memoised search (Problem.zdd) does not take this problem; the message says why."
);
create_exception!(
    dlxrs,
    LimitReached,
    DlxError,
    "The time limit stopped a search before it finished; `solutions` holds what it had found (a count, or the best solutions so far) and `nodes` the search nodes."
);

/// A label as Python's `repr` shows it, printed verbatim by dlx-core's
/// messages (which print labels with `{:?}`).
pub(crate) struct Repr(pub(crate) String);

impl fmt::Debug for Repr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `repr(obj)`, or a stand-in if `repr` itself fails.
pub(crate) fn repr(obj: &Bound<'_, PyAny>) -> Repr {
    Repr(
        obj.repr()
            .map(|s| s.to_string())
            .unwrap_or_else(|_| "<label without repr>".to_string()),
    )
}

/// A `BuildError` with dlx-core's message for `e`, its labels (declaration
/// numbers) shown as `name` gives them.
pub(crate) fn build_error(e: BuilderError<u32>, name: impl Fn(u32) -> Repr) -> PyErr {
    let named: BuilderError<Repr> = match e {
        BuilderError::DuplicateLabel { label } => {
            BuilderError::DuplicateLabel { label: name(label) }
        }
        BuilderError::UnknownLabel { label } => BuilderError::UnknownLabel { label: name(label) },
        BuilderError::RepeatedItem { label } => BuilderError::RepeatedItem { label: name(label) },
        BuilderError::ColorOnPrimary { label } => {
            BuilderError::ColorOnPrimary { label: name(label) }
        }
        BuilderError::EmptyColor { label } => BuilderError::EmptyColor { label: name(label) },
        BuilderError::BoundsOnSecondary { label } => {
            BuilderError::BoundsOnSecondary { label: name(label) }
        }
        BuilderError::LowerAboveUpper { label, lo, hi } => BuilderError::LowerAboveUpper {
            label: name(label),
            lo,
            hi,
        },
        BuilderError::ZeroUpperBound { label } => {
            BuilderError::ZeroUpperBound { label: name(label) }
        }
        BuilderError::EmptyOption => BuilderError::EmptyOption,
        BuilderError::TooLarge => BuilderError::TooLarge,
        other => return BuildError::new_err(other.to_string()),
    };
    BuildError::new_err(named.to_string())
}

/// A `ParseError` for DLX text from `source`, with `line` and `column`.
pub(crate) fn parse_error(py: Python<'_>, source: &str, e: &TextError) -> PyErr {
    let err = ParseError::new_err(format!("{source}:{e}"));
    let value = err.value(py);
    // Setting attributes on a fresh exception cannot fail.
    let _ = value.setattr("line", e.line);
    let _ = value.setattr("column", e.column);
    err
}

/// `LimitReached` for a search that the time limit stopped, holding what
/// it had found.
pub(crate) fn limit_reached<'py>(
    py: Python<'py>,
    what: &str,
    found: Bound<'py, PyAny>,
    stats: Stats,
) -> PyErr {
    let err = LimitReached::new_err(format!(
        "time limit reached after {} search nodes: {what}",
        stats.nodes
    ));
    let value = err.value(py);
    let _ = value.setattr("solutions", found);
    let _ = value.setattr("nodes", stats.nodes);
    err
}

/// A `ValueError` for a time limit that is not a finite number of seconds
/// of at least 0.
pub(crate) fn bad_time_limit(t: &str) -> PyErr {
    PyValueError::new_err(format!(
        "time_limit must be a finite number of seconds >= 0, got {t}"
    ))
}

/// The exception for a memoised search that gave no diagram: the time
/// limit's `LimitReached` (holding `solutions=None`, nothing being known
/// before the diagram is finished, and `nodes=0`: the search does not
/// report them), `MemoError` for a problem it does not take, each with
/// dlx-core's message.
pub(crate) fn memo_error(py: Python<'_>, e: CoreMemoError) -> PyErr {
    match e {
        CoreMemoError::Deadline => {
            let err = LimitReached::new_err(format!("{e} before the diagram was finished"));
            let value = err.value(py);
            let _ = value.setattr("solutions", py.None());
            let _ = value.setattr("nodes", 0);
            err
        }
        CoreMemoError::Cancelled => PyRuntimeError::new_err("the search was cancelled"),
        e => MemoError::new_err(e.to_string()),
    }
}

/// A file's path as `open()` takes it (a str, bytes or os.PathLike), and
/// its name as `open()`'s errors give it (`os.fspath` of it). A path with
/// a NUL byte is a `ValueError`, as for `open()`.
pub(crate) fn file_path<'py>(
    path: &Bound<'py, PyAny>,
) -> PyResult<(std::path::PathBuf, Bound<'py, PyAny>)> {
    let os = path.py().import("os")?;
    let name = os.call_method1("fspath", (path,))?;
    let decoded: String = os.call_method1("fsdecode", (&name,))?.extract()?;
    if decoded.contains('\0') {
        return Err(PyValueError::new_err("embedded null byte"));
    }
    Ok((std::path::PathBuf::from(decoded), name))
}

/// The `OSError` that `open(filename)` raises for `e`: `OSError(errno,
/// strerror, filename)`, which Python makes the subclass for the errno
/// (`FileNotFoundError`, `IsADirectoryError`, ...).
pub(crate) fn os_error(py: Python<'_>, e: &std::io::Error, filename: &Bound<'_, PyAny>) -> PyErr {
    let Some(errno) = e.raw_os_error() else {
        return PyOSError::new_err(e.to_string());
    };
    let strerror = py
        .import("os")
        .and_then(|os| os.call_method1("strerror", (errno,)))
        .and_then(|s| s.extract::<String>())
        .unwrap_or_else(|_| e.to_string());
    PyOSError::new_err((errno, strerror, filename.clone().unbind()))
}

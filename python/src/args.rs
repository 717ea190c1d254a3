//! Int arguments checked at the edge: a value out of range is a
//! `ValueError` that names the argument and the range, never a bare
//! `OverflowError` from the conversion (Python ints have no size limit).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::errors::repr;

/// `value` as an int from `lo` to `hi` (both included), or a `ValueError`
/// naming `what` and the range (`TypeError` for what is no int: a float,
/// a string).
pub(crate) fn int_in(value: &Bound<'_, PyAny>, what: &str, lo: u64, hi: u64) -> PyResult<u64> {
    let wide = match value.extract::<i128>() {
        Ok(v) => Some(v),
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => None,
        Err(_) => {
            let type_name = value
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!(
                "{what} must be an int, not {type_name} ({})",
                repr(value).0
            )));
        }
    };
    match wide {
        Some(v) if (i128::from(lo)..=i128::from(hi)).contains(&v) => Ok(v as u64),
        _ => Err(PyValueError::new_err(format!(
            "{what} must be an int from {lo} to {hi}, got {}",
            repr(value).0
        ))),
    }
}

/// An optional int (`None`: absent) as [`int_in`] checks it.
pub(crate) fn opt_int_in(
    value: Option<&Bound<'_, PyAny>>,
    what: &str,
    lo: u64,
    hi: u64,
) -> PyResult<Option<u64>> {
    match value {
        Some(v) if !v.is_none() => int_in(v, what, lo, hi).map(Some),
        _ => Ok(None),
    }
}

/// A search's `limit=`: `None` for none, else at least 1 (a limit of 0
/// would answer 0 without searching; the CLI refuses it too).
pub(crate) fn limit(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    opt_int_in(value, "limit (None for no limit)", 1, u64::MAX)
}

/// A `seed=`: any 64-bit unsigned int, `None` for none.
pub(crate) fn seed(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    opt_int_in(value, "seed", 0, u64::MAX)
}

/// A count of things held in memory (`usize`), from `lo` to `hi`.
pub(crate) fn size_in(
    value: &Bound<'_, PyAny>,
    what: &str,
    lo: usize,
    hi: usize,
) -> PyResult<usize> {
    // usize is at most 64 bits on every platform Python runs on.
    int_in(value, what, lo as u64, hi as u64).map(|v| v as usize)
}

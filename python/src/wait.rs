//! Long searches without the GIL, stoppable by Ctrl-C.
//!
//! A search runs on a thread of its own while the calling thread, the GIL
//! released, waits for its answer in slices of [`POLL`]; between two slices
//! it takes the GIL back just long enough to run Python's signal handlers
//! (`PyErr_CheckSignals`). When a handler raises (Ctrl-C raises
//! `KeyboardInterrupt`), the search's [`Cancel`] is set; the engine reads it
//! between its own slices of about a millisecond, so the search ends almost
//! at once, and the error goes back to Python.
//!
//! Why a thread rather than slices on the calling thread: not every search
//! of dlx-core can be resumed after it stops (the min-cost search, the cut,
//! the parallel count start again), but every one watches a `Cancel`.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use dlx_core::Cancel;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call looks for signals: Ctrl-C is answered within
/// this, plus the engine's slice.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a scoped thread with the GIL released and returns what it
/// returns. Python's signal handlers run every [`POLL`]; if one raises,
/// `cancel` is set, `work` is waited for (it must watch `cancel`, or the
/// wait lasts until it ends), and the handler's exception is returned. A
/// panic of `work` (a bug) is a `RuntimeError`, never Python's
/// `PanicException`.
pub(crate) fn detached<T, F>(py: Python<'_>, cancel: &Cancel, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            scope.spawn(move || {
                // Caught here, so that the scope does not panic in turn.
                let done = panic::catch_unwind(AssertUnwindSafe(work));
                // The receiver is gone only if the waiting side failed.
                let _ = tx.send(done);
            });
            let (done, ()) = wait(&rx, cancel)?;
            done.map_err(|_| {
                PyRuntimeError::new_err("internal error: the search panicked (a bug of dlxrs)")
            })
        })
    })
}

/// Waits for a reply on `rx` with the GIL released (the caller released
/// it), running Python's signal handlers every [`POLL`]. When a handler
/// raises, sets `cancel`, still waits for the reply (the worker, watching
/// `cancel`, sends it soon), and returns the reply with the exception:
/// `Ok((reply, None))` normally, `Ok((reply, Some(err)))` after a signal.
pub(crate) fn wait_interruptible<T>(
    rx: &Receiver<T>,
    cancel: &Cancel,
) -> PyResult<(T, Option<PyErr>)> {
    loop {
        match rx.recv_timeout(POLL) {
            Ok(value) => return Ok((value, None)),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(err) = Python::attach(|py| py.check_signals()) {
                    cancel.cancel();
                    return match rx.recv() {
                        Ok(value) => Ok((value, Some(err))),
                        Err(_) => Err(err),
                    };
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the search thread ended without an answer (it panicked)",
                ))
            }
        }
    }
}

/// [`wait_interruptible`], with a signal's exception returned as the error
/// (the reply that came after it is dropped).
fn wait<T>(rx: &Receiver<T>, cancel: &Cancel) -> PyResult<(T, ())> {
    match wait_interruptible(rx, cancel)? {
        (value, None) => Ok((value, ())),
        (_, Some(err)) => Err(err),
    }
}

/// How long a call that holds the GIL (drawing samples, handing out
/// solutions found earlier) works before it lets other threads run.
const SLICE: Duration = Duration::from_millis(5);

/// Paces work done while holding the GIL: every [`SLICE`], the GIL is let
/// go for a moment (other Python threads run, a timer that sends SIGINT
/// among them) and Python's signal handlers run, so that Ctrl-C stops the
/// work even when Python calls it from C (`list(it)`, `deque(it)`).
pub(crate) struct Pacer {
    last: Instant,
}

impl Pacer {
    /// A pacer whose first slice starts now.
    pub(crate) fn new() -> Pacer {
        Pacer {
            last: Instant::now(),
        }
    }

    /// Checks for signals, and lets the GIL go if a slice has passed: an
    /// exception from a signal handler (`KeyboardInterrupt`) is returned.
    pub(crate) fn tick(&mut self, py: Python<'_>) -> PyResult<()> {
        if self.last.elapsed() >= SLICE {
            py.detach(|| ());
            self.last = Instant::now();
        }
        py.check_signals()
    }
}

//! `Solutions`: the lazy iterator over a problem's solutions.
//!
//! A dlx-core `Solver` borrows its problem, and a Python iterator cannot
//! hold a borrow of another object's field. So the iterator's search runs on
//! a thread of its own that owns a copy of the problem and its solver, and
//! finds one solution per request: each `next()` sends a request and waits
//! for the reply without the GIL (see `wait`). Nothing is searched ahead.
//! Dropping the iterator cancels the search and ends the thread.
//!
//! The iterator may be shared by threads (a frozen class): one `next()` runs
//! at a time, and another thread's `next()` meanwhile raises `ValueError`,
//! as a generator already executing does; `close()` and `found` work at
//! any time. Each `next()` first runs Python's signal handlers, so Ctrl-C
//! stops `list(it)` (which calls `next()` from C) between two solutions
//! too.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, PoisonError, TryLockError};

use dlx_core::{Cancel, OptionId, Problem, Stats, Step};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::limit_reached;
use crate::labels::{OptionTable, ShowSolution};
use crate::search::Settings;
use crate::wait::wait_interruptible;

/// What the search thread answers a request with.
enum Reply {
    /// The next solution, as option numbers of the problem given.
    Found(Vec<usize>),
    /// No more solutions.
    Exhausted,
    /// The deadline or the cancellation handle stopped the search.
    Stopped(Step, Stats),
}

/// A lazy iterator over a problem's solutions (see `Problem.solutions`):
/// each item is a list of option numbers, in the order the search chose
/// them. After a `KeyboardInterrupt` the iteration can go on where it
/// stopped; after `LimitReached` it is over. `close()` ends it early.
#[pyclass(module = "dlxrs._dlxrs", frozen)]
pub struct Solutions {
    /// What `next()` changes; held by the one `next()` running.
    inner: Mutex<Inner>,
    cancel: Cancel,
    found: AtomicU64,
    /// `close()` was called (maybe while a `next()` was running).
    closed: AtomicBool,
    /// The problem's options, to give solutions as their entries; `None`:
    /// as option numbers. (Options are never changed once added, so the
    /// numbers the copy searched name the same options here.)
    options: Option<OptionTable>,
}

/// The state of the iteration.
struct Inner {
    /// Requests to the search thread; `None` once the iteration is over.
    requests: Option<Sender<()>>,
    /// In a mutex of its own: a `Receiver` cannot be shared, and the wait
    /// runs without the GIL.
    replies: Mutex<Receiver<Reply>>,
    limit: Option<u64>,
    /// A solution that arrived with a `KeyboardInterrupt`, for the next call.
    pending: Option<Vec<usize>>,
}

impl Solutions {
    /// Starts the search thread over `problem`.
    pub(crate) fn start(
        problem: Problem,
        settings: Settings,
        limit: Option<u64>,
        options: Option<OptionTable>,
    ) -> PyResult<Solutions> {
        let (req_tx, req_rx) = mpsc::channel();
        let (rep_tx, rep_rx) = mpsc::channel();
        let cancel = Cancel::new();
        let watched = cancel.clone();
        std::thread::Builder::new()
            .name("dlxrs-solutions".to_string())
            .spawn(move || search(problem, &settings, watched, &req_rx, &rep_tx))
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search thread: {e}")))?;
        Ok(Solutions {
            inner: Mutex::new(Inner {
                requests: Some(req_tx),
                replies: Mutex::new(rep_rx),
                limit,
                pending: None,
            }),
            cancel,
            found: AtomicU64::new(0),
            closed: AtomicBool::new(false),
            options,
        })
    }

    /// Ends the iteration and the search thread.
    fn finish(&self, inner: &mut Inner) {
        self.cancel.cancel();
        inner.requests = None;
        inner.pending = None;
    }
}

/// The search thread: one solution per request, until the requests stop.
fn search(
    problem: Problem,
    settings: &Settings,
    cancel: Cancel,
    requests: &Receiver<()>,
    replies: &Sender<Reply>,
) {
    let (mut problem, original) = if settings.reduce {
        let r = problem.reduce();
        let original = r.original_options().to_vec();
        (r.into_problem(), Some(original))
    } else {
        (problem, None)
    };
    let number = |o: OptionId| original.as_ref().map_or(o, |m| m[o.index()]).index();
    let mut s = problem.solver();
    s.set_branching(settings.rule);
    s.set_deadline(settings.deadline);
    s.set_cancel(Some(cancel));
    if let Some(seed) = settings.seed {
        s.set_seed(seed).expect("nothing forced or searched yet");
    }
    while requests.recv().is_ok() {
        let reply = match s.next_solution() {
            Step::Found => Reply::Found(s.solution().map(number).collect()),
            Step::Exhausted => Reply::Exhausted,
            step => Reply::Stopped(step, s.stats()),
        };
        if replies.send(reply).is_err() {
            break;
        }
    }
}

#[pymethods]
impl Solutions {
    /// The iterator itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next solution (`StopIteration` after the last); see
    /// `Problem.solutions`.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let next = self.next_numbers(py)?;
        match (next, &self.options) {
            (None, _) => Ok(None),
            (Some(s), None) => Ok(Some(PyList::new(py, s)?.into_any())),
            (Some(s), Some(options)) => Ok(Some(options.solution(py, &s, false)?.into_any())),
        }
    }

    /// The number of solutions given so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found.load(Ordering::Relaxed)
    }

    /// Ends the iteration and its search thread (the next `next()` raises
    /// `StopIteration`; one running in another thread meanwhile stops).
    fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.cancel.cancel();
        if let Ok(mut inner) = self.inner.try_lock() {
            self.finish(&mut inner);
        }
    }
}

impl Solutions {
    /// The next solution as option numbers; `None` at the end.
    fn next_numbers(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        // Ctrl-C between two solutions found at once, when `next()` is
        // called from C (`list(it)`), where Python checks for no signals.
        py.check_signals()?;
        let mut inner = match self.inner.try_lock() {
            Ok(inner) => inner,
            Err(TryLockError::Poisoned(inner)) => inner.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err(
                    "this Solutions iterator is already running next() in another thread",
                ))
            }
        };
        if self.closed.load(Ordering::Acquire) {
            self.finish(&mut inner);
            return Ok(None);
        }
        if let Some(solution) = inner.pending.take() {
            self.found.fetch_add(1, Ordering::Relaxed);
            return Ok(Some(solution));
        }
        if inner
            .limit
            .is_some_and(|limit| self.found.load(Ordering::Relaxed) >= limit)
        {
            self.finish(&mut inner);
        }
        let Some(requests) = &inner.requests else {
            return Ok(None);
        };
        if requests.send(()).is_err() {
            inner.requests = None;
            return Err(PyRuntimeError::new_err("the search thread has ended"));
        }
        let (replies, cancel) = (&inner.replies, &self.cancel);
        let waited = py.detach(|| {
            let replies = replies.lock().unwrap_or_else(PoisonError::into_inner);
            wait_interruptible(&replies, cancel)
        });
        let (reply, interrupt) = match waited {
            Ok(r) => r,
            Err(e) => {
                self.finish(&mut inner);
                return Err(e);
            }
        };
        if self.closed.load(Ordering::Acquire) {
            self.finish(&mut inner);
            return match interrupt {
                Some(err) => Err(err),
                None => Ok(None),
            };
        }
        if let Some(err) = interrupt {
            // Keep what the search found while it was being stopped, and let
            // the next call resume it.
            match reply {
                Reply::Found(solution) => inner.pending = Some(solution),
                Reply::Stopped(Step::Cancelled, _) => {}
                Reply::Exhausted | Reply::Stopped(..) => self.finish(&mut inner),
            }
            if inner.requests.is_some() {
                self.cancel.reset();
            }
            return Err(err);
        }
        match reply {
            Reply::Found(solution) => {
                self.found.fetch_add(1, Ordering::Relaxed);
                Ok(Some(solution))
            }
            Reply::Exhausted => {
                self.finish(&mut inner);
                Ok(None)
            }
            Reply::Stopped(step, stats) => {
                self.finish(&mut inner);
                if step == Step::Cancelled {
                    return Err(PyRuntimeError::new_err("the search was cancelled"));
                }
                let found = self.found.load(Ordering::Relaxed);
                Err(limit_reached(
                    py,
                    &format!("{found} solutions given before it"),
                    found.into_pyobject(py)?.into_any(),
                    stats,
                ))
            }
        }
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        // The thread, if searching, stops within a slice and then sees the
        // requests end.
        self.cancel.cancel();
    }
}

//! `Solutions`: the lazy iterator over a problem's solutions.
//!
//! A dlx-core `Solver` borrows its problem, and a Python iterator cannot
//! hold a borrow of another object's field. So the iterator's search runs on
//! a thread of its own that owns a copy of the problem and its solver, and
//! finds one solution per request: each `next()` sends a request and waits
//! for the reply without the GIL (see `wait`). Nothing is searched ahead.
//! Dropping the iterator cancels the search and ends the thread.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;

use dlx_core::{Cancel, OptionId, Problem, Stats, Step};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::limit_reached;
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
#[pyclass(module = "dlxrs._dlxrs")]
pub struct Solutions {
    /// Requests to the search thread; `None` once the iteration is over.
    requests: Option<Sender<()>>,
    replies: Mutex<Receiver<Reply>>,
    cancel: Cancel,
    limit: Option<u64>,
    found: u64,
    /// A solution that arrived with a `KeyboardInterrupt`, for the next call.
    pending: Option<Vec<usize>>,
    /// The problem, to give solutions as its options' labels; `None`: as
    /// option numbers. (Options are never changed once added, so the
    /// numbers the copy searched name the same options here.)
    labels: Option<Py<crate::problem::Problem>>,
}

impl Solutions {
    /// Starts the search thread over `problem`.
    pub(crate) fn start(
        problem: Problem,
        settings: Settings,
        limit: Option<u64>,
        labels: Option<Py<crate::problem::Problem>>,
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
            requests: Some(req_tx),
            replies: Mutex::new(rep_rx),
            cancel,
            limit,
            found: 0,
            pending: None,
            labels,
        })
    }

    /// Ends the iteration and the search thread.
    fn finish(&mut self) {
        self.cancel.cancel();
        self.requests = None;
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
    fn __next__<'py>(slf: PyRefMut<'py, Self>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        let labels = slf.labels.as_ref().map(|p| p.clone_ref(py));
        let next = Solutions::next_numbers(slf)?;
        match (next, labels) {
            (None, _) => Ok(None),
            (Some(s), None) => Ok(Some(PyList::new(py, s)?.into_any())),
            (Some(s), Some(p)) => Ok(Some(p.bind(py).try_borrow()?.solution_of(py, &s, false)?)),
        }
    }

    /// The number of solutions given so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found
    }

    /// Ends the iteration and its search thread (the next `next()` raises
    /// `StopIteration`).
    fn close(&mut self) {
        self.pending = None;
        self.finish();
    }
}

impl Solutions {
    /// The next solution as option numbers; `None` at the end.
    fn next_numbers(mut slf: PyRefMut<'_, Self>) -> PyResult<Option<Vec<usize>>> {
        let py = slf.py();
        if let Some(solution) = slf.pending.take() {
            slf.found += 1;
            return Ok(Some(solution));
        }
        if slf.limit.is_some_and(|limit| slf.found >= limit) {
            slf.finish();
        }
        let Some(requests) = &slf.requests else {
            return Ok(None);
        };
        if requests.send(()).is_err() {
            slf.requests = None;
            return Err(PyRuntimeError::new_err("the search thread has ended"));
        }
        let this = &*slf;
        let waited = py.detach(|| {
            let replies = this.replies.lock().expect("one waiter at a time");
            wait_interruptible(&replies, &this.cancel)
        });
        let (reply, interrupt) = match waited {
            Ok(r) => r,
            Err(e) => {
                slf.finish();
                return Err(e);
            }
        };
        if let Some(err) = interrupt {
            // Keep what the search found while it was being stopped, and let
            // the next call resume it.
            match reply {
                Reply::Found(solution) => slf.pending = Some(solution),
                Reply::Stopped(Step::Cancelled, _) => {}
                Reply::Exhausted | Reply::Stopped(..) => slf.finish(),
            }
            slf.cancel.reset();
            return Err(err);
        }
        match reply {
            Reply::Found(solution) => {
                slf.found += 1;
                Ok(Some(solution))
            }
            Reply::Exhausted => {
                slf.finish();
                Ok(None)
            }
            Reply::Stopped(step, stats) => {
                slf.finish();
                if step == Step::Cancelled {
                    return Err(PyRuntimeError::new_err("the search was cancelled"));
                }
                let found = slf.found;
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

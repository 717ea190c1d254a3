//! A problem's state shared by threads: the lock around it, and the built
//! dlx-core problem that searches take out of it.
//!
//! # Implementation notes
//!
//! One `Problem` may be shared by many Python threads. Its state sits
//! behind a mutex (the class is frozen: no borrow flags) that a call holds
//! only while it reads or changes the state, never across a search. A
//! search takes the built problem out of the state (or builds a copy, if
//! another search has it or a change was made since) and runs on it
//! without the GIL and without the lock, so reads, pickling, changes and
//! other searches go on meanwhile; each search answers for the problem as
//! it was when it started. Items, colors and options are only ever added,
//! so the numbers a search returns name the same options in the state when
//! it ends.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use dlx_core::{Builder, BuilderError, Labeled, OptionId};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;

use crate::building::State;
use crate::errors::{build_error, Repr};

/// A problem's state behind its lock.
pub(crate) struct Shared {
    /// Held only while a call reads or changes the state, never across a
    /// search.
    state: Mutex<State>,
    /// The key (see `thread_key`) of the thread that holds `state`, 0 when
    /// none does: a call back into the problem from that same thread (a
    /// label's `__hash__` or `__eq__`) is refused instead of waiting for
    /// itself.
    holder: AtomicUsize,
}

/// The problem locked by the calling thread (see [`Shared::lock`]).
pub(crate) struct Held<'a> {
    /// The lock held.
    state: MutexGuard<'a, State>,
    /// Cleared when the lock is let go.
    holder: &'a AtomicUsize,
}

impl Deref for Held<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        // Before the guard unlocks (fields drop after `drop`).
        self.holder.store(0, Ordering::Release);
    }
}

/// A key of the calling thread, never 0: the address of a thread-local.
fn thread_key() -> usize {
    thread_local!(static KEY: u8 = const { 0 });
    KEY.with(|k| std::ptr::from_ref(k) as usize)
}

impl From<State> for Shared {
    fn from(state: State) -> Shared {
        Shared {
            state: Mutex::new(state),
            holder: AtomicUsize::new(0),
        }
    }
}

impl Shared {
    /// The problem's state, locked for the calling thread. Waits without
    /// the GIL while another thread holds it (briefly: no search does);
    /// refuses a call back into the problem from a thread that holds it
    /// already (a label's `__hash__` or `__eq__` that uses the problem).
    pub(crate) fn lock(&self, py: Python<'_>) -> PyResult<Held<'_>> {
        let me = thread_key();
        if self.holder.load(Ordering::Acquire) == me {
            return Err(PyRuntimeError::new_err(
                "the Problem was used from inside one of its own calls on the same thread \
                 (a label's __hash__, __eq__ or __repr__ that uses the problem)",
            ));
        }
        // A panic never happens while the state is held; if one did, the
        // state is still whole (each change is checked before it is made).
        let state = self
            .state
            .lock_py_attached(py)
            .unwrap_or_else(PoisonError::into_inner);
        self.holder.store(me, Ordering::Release);
        Ok(Held {
            state,
            holder: &self.holder,
        })
    }

    /// The built problem for a search, and the number of changes it
    /// reflects: the one kept since the last search, taken out of the
    /// state (a search that starts meanwhile builds its own), or built now,
    /// without the GIL and without holding the state.
    fn take_built(&self, py: Python<'_>) -> PyResult<(Labeled<u32, u32>, u64)> {
        let (builder, costs, changes) = {
            let mut state = self.lock(py)?;
            let changes = state.changes;
            if let Some(built) = state.built.take() {
                return Ok((built, changes));
            }
            (state.builder().clone(), state.costs.clone(), changes)
        };
        let built = py
            .detach(|| build(builder, &costs))
            .map_err(|e| build_error(e, |d| Repr(d.to_string())))?;
        Ok((built, changes))
    }

    /// Runs `search` on the built problem (see `take_built`), which it may
    /// search without the GIL: no lock is held meanwhile, so other threads
    /// read, pickle, change and search the problem. A search that ends
    /// normally gives the built problem back for the next one, unless the
    /// problem changed meanwhile; every search works on the problem as it
    /// was when it started.
    pub(crate) fn with_built<T>(
        &self,
        py: Python<'_>,
        search: impl FnOnce(&mut Labeled<u32, u32>) -> PyResult<T>,
    ) -> PyResult<T> {
        let (mut built, changes) = self.take_built(py)?;
        let out = search(&mut built);
        if out.is_ok() {
            if let Ok(mut state) = self.lock(py) {
                if state.changes == changes && state.built.is_none() {
                    state.built = Some(built);
                }
            }
        }
        out
    }
}

/// The dlx-core problem of `builder`, options costing `costs`.
fn build(
    builder: Builder<u32, u32>,
    costs: &[u64],
) -> Result<Labeled<u32, u32>, BuilderError<u32>> {
    let mut labeled = builder.build()?;
    for (o, &cost) in costs.iter().enumerate() {
        if cost != 0 {
            labeled.problem.set_cost(OptionId::new(o), cost);
        }
    }
    Ok(labeled)
}

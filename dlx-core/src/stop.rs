//! Stopping a search from outside: a deadline, or a handle that another
//! thread sets.
//!
//! A search does not look at the clock or the handle at every node: it runs
//! in slices of nodes, and checks between two slices. A slice is sized to
//! last about [`CHECK_PERIOD`] (it starts at [`FIRST_SLICE`] nodes, doubles
//! while slices end sooner than half that, and halves when one takes more
//! than twice as long), so a stop is noticed within about a millisecond
//! whatever a node costs, and the checks cost nothing measurable: the
//! search loop already compares its node count with a limit at every node,
//! and a slice is that limit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A cancellation handle: clones share one flag, so one clone can stop a
/// search (or a count of `dlx_core::parallel`, cargo feature `parallel`)
/// that runs with another,
/// from any thread.
///
/// ```
/// use dlx_core::{Cancel, Outcome, Problem};
///
/// // Queens on 10x10: 724 solutions, but the count is cancelled first.
/// let n = 10;
/// let mut p = Problem::new(2 * n, 4 * n - 2);
/// for r in 0..n {
///     for c in 0..n {
///         let d1 = p.secondary(r + c);
///         let d2 = p.secondary(2 * n - 1 + (n - 1 - r + c));
///         p.add_option([p.primary(r), p.primary(n + c), d1, d2]).unwrap();
///     }
/// }
/// let cancel = Cancel::new();
/// let mut solver = p.solver();
/// solver.set_cancel(Some(cancel.clone()));
/// cancel.cancel(); // from another thread, in real use
/// let count = solver.count(None);
/// assert_eq!(count.outcome, Outcome::Cancelled);
///
/// // Clearing the flag lets the same search go on to the end.
/// cancel.reset();
/// let count = solver.count(None);
/// assert_eq!((count.solutions, count.outcome), (724, Outcome::Complete));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A new handle, not cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every search that watches this handle (or a clone) to stop. A
    /// search notices within about a millisecond, at a node boundary, and
    /// can be resumed after [`Cancel::reset`].
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Has [`Cancel::cancel`] been called (since the last reset)?
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Clears the flag.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// How long a slice of search between two checks aims to last.
pub(crate) const CHECK_PERIOD: Duration = Duration::from_millis(1);

/// The nodes of the first slice.
pub(crate) const FIRST_SLICE: u64 = 1 << 10;

/// The most nodes in one slice.
const MAX_SLICE: u64 = 1 << 24;

/// Why a watched search must stop now, if it must.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    Deadline,
    Cancelled,
}

/// What a search watches besides its node limit, and the size of its next
/// slice.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<Cancel>,
    pub(crate) slice: u64,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch {
            deadline: None,
            cancel: None,
            slice: FIRST_SLICE,
        }
    }
}

impl Watch {
    /// Is anything watched?
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some()
    }

    /// Should the search stop now? Cancellation wins over the deadline.
    pub(crate) fn halt(&self) -> Option<Halt> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Some(Halt::Cancelled);
        }
        match self.deadline {
            Some(t) if Instant::now() >= t => Some(Halt::Deadline),
            _ => None,
        }
    }

    /// Resizes the next slice after one of `nodes` nodes took `took`.
    pub(crate) fn adapt(&mut self, nodes: u64, took: Duration) {
        if nodes < self.slice {
            // The slice ended early (a solution): it says nothing of the
            // speed.
            return;
        }
        if took < CHECK_PERIOD / 2 {
            self.slice = (self.slice * 2).min(MAX_SLICE);
        } else if took > CHECK_PERIOD * 2 {
            self.slice = (self.slice / 2).max(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_grow_when_fast_and_shrink_when_slow() {
        let mut w = Watch::default();
        w.adapt(FIRST_SLICE, Duration::from_micros(10));
        assert_eq!(w.slice, 2 * FIRST_SLICE);
        w.adapt(2 * FIRST_SLICE, Duration::from_millis(50));
        assert_eq!(w.slice, FIRST_SLICE);
        w.adapt(FIRST_SLICE, CHECK_PERIOD);
        assert_eq!(w.slice, FIRST_SLICE, "on target");
        w.adapt(3, Duration::from_micros(1));
        assert_eq!(w.slice, FIRST_SLICE, "a short slice says nothing");
        for _ in 0..100 {
            w.adapt(w.slice, Duration::from_secs(1));
        }
        assert_eq!(w.slice, 1);
    }

    #[test]
    fn cancellation_wins_and_is_shared_by_clones() {
        let past = Instant::now();
        let mut w = Watch {
            deadline: Some(past),
            ..Watch::default()
        };
        assert_eq!(w.halt(), Some(Halt::Deadline));
        let c = Cancel::new();
        w.cancel = Some(c.clone());
        c.clone().cancel();
        assert_eq!(w.halt(), Some(Halt::Cancelled));
        c.reset();
        w.deadline = None;
        assert_eq!(w.halt(), None);
    }
}

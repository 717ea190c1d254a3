//! Searching a [`Labeled`](super::Labeled) problem with its solutions as
//! labels and payloads, seeded, time-limited or stoppable:
//! [`LabelSearch`].

use std::time::{Duration, Instant};

use super::names::Names;
use crate::index::OptionId;
use crate::outcome::{Outcome, SeedError, Stats};
use crate::rule::Branching;
use crate::solver::Solutions;
use crate::stop::Cancel;

/// One option of a solution found by [`LabelSearch`]: its id, its items'
/// labels with their colors, in the order they were given, and its
/// payload.
///
/// ```
/// use dlx_core::Builder;
///
/// let mut b: Builder<&str, char, u32> = Builder::default();
/// b.primary("a")?;
/// b.secondary("x")?;
/// let o = b.option_with_colors(["a"], [("x", 'q')])?;
/// b.set_payload(o, 42);
/// let mut p = b.build()?;
/// let solution = p.search().next().expect("one solution");
/// let chosen = &solution[0];
/// assert_eq!(chosen.option, o);
/// assert_eq!(chosen.items, [(&"a", None), (&"x", Some(&'q'))]);
/// assert_eq!(chosen.payload, Some(&42));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Chosen<'a, L, C, T> {
    /// The option's id (the order in which it was added to the builder).
    pub option: OptionId,
    /// The option's items, each with its color if it has one.
    pub items: Vec<(&'a L, Option<&'a C>)>,
    /// The payload given by
    /// [`Builder::set_payload`](super::Builder::set_payload), if any.
    pub payload: Option<&'a T>,
}

/// The solutions of a [`Labeled`](super::Labeled) problem, as lists of
/// [`Chosen`] options: see [`Labeled::search`](super::Labeled::search).
///
/// The methods that set the search up ([`seed`](LabelSearch::seed),
/// [`deadline`](LabelSearch::deadline), [`time_limit`](LabelSearch::time_limit),
/// [`node_limit`](LabelSearch::node_limit), [`cancel`](LabelSearch::cancel),
/// [`branching`](LabelSearch::branching)) take and return the search, so
/// they chain. The iteration ends when every solution has been returned or
/// a limit stops the search; [`outcome`](LabelSearch::outcome) tells which.
#[derive(Debug)]
pub struct LabelSearch<'a, L, C, T> {
    inner: Solutions<'a>,
    names: &'a Names<L, C>,
    payloads: &'a [Option<T>],
}

impl<'a, L, C, T> LabelSearch<'a, L, C, T> {
    pub(super) fn new(
        inner: Solutions<'a>,
        names: &'a Names<L, C>,
        payloads: &'a [Option<T>],
    ) -> Self {
        LabelSearch {
            inner,
            names,
            payloads,
        }
    }

    /// Randomises the search with `seed` (see
    /// [`Solver::set_seed`](crate::Solver::set_seed)): the same seed gives
    /// the same solutions in the same order on every machine; the set of
    /// solutions does not depend on it.
    ///
    /// # Errors
    /// [`SeedError::SearchStarted`] once a solution has been asked for.
    ///
    /// ```
    /// use dlx_core::Builder;
    ///
    /// // Queens on 6x6: 4 solutions, in an order the seed picks.
    /// let n = 6;
    /// let mut b: Builder<(char, usize)> = Builder::new();
    /// for i in 0..n {
    ///     b.primary(('r', i))?;
    ///     b.primary(('c', i))?;
    /// }
    /// for d in 0..2 * n - 1 {
    ///     b.secondary(('a', d))?;
    ///     b.secondary(('b', d))?;
    /// }
    /// for r in 0..n {
    ///     for c in 0..n {
    ///         b.option([('r', r), ('c', c), ('a', r + c), ('b', n - 1 - r + c)])?;
    ///     }
    /// }
    /// let mut queens = b.build()?;
    /// let ids = |q: &mut dlx_core::Labeled<(char, usize)>, seed| -> Vec<Vec<usize>> {
    ///     q.search()
    ///         .seed(seed)
    ///         .unwrap()
    ///         .map(|s| s.iter().map(|o| o.option.index()).collect())
    ///         .collect()
    /// };
    /// let first = ids(&mut queens, 1);
    /// assert_eq!(first.len(), 4);
    /// assert_eq!(ids(&mut queens, 1), first, "the same seed, the same order");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seed(mut self, seed: u64) -> Result<Self, SeedError> {
        self.inner.solver_mut().set_seed(seed)?;
        Ok(self)
    }

    /// Stops the search once `deadline` has passed (within about a
    /// millisecond); the iteration then ends with
    /// [`Outcome::Deadline`].
    ///
    /// ```
    /// use std::time::Instant;
    /// use dlx_core::{Builder, Outcome};
    ///
    /// let mut b = Builder::new();
    /// b.primary("a")?;
    /// b.option(["a"])?;
    /// let mut p = b.build()?;
    /// let mut late = p.search().deadline(Instant::now()); // already past
    /// assert!(late.next().is_none());
    /// assert_eq!(late.outcome(), Some(Outcome::Deadline));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.inner.solver_mut().set_deadline(Some(deadline));
        self
    }

    /// [`LabelSearch::deadline`] at `limit` from now.
    ///
    /// ```
    /// use std::time::Duration;
    /// use dlx_core::{Builder, Outcome};
    ///
    /// let mut b = Builder::new();
    /// b.primary("a")?;
    /// b.option(["a"])?;
    /// let mut p = b.build()?;
    /// let mut search = p.search().time_limit(Duration::from_secs(60));
    /// assert_eq!(search.by_ref().count(), 1);
    /// assert_eq!(search.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.inner.solver_mut().set_time_limit(limit);
        self
    }

    /// Stops the search once it has entered `limit` nodes (see
    /// [`Stats::nodes`]); the iteration then ends with
    /// [`Outcome::NodeLimit`].
    ///
    /// ```
    /// use dlx_core::{Builder, Outcome};
    ///
    /// let mut b = Builder::new();
    /// for item in ["a", "b"] {
    ///     b.primary(item)?;
    /// }
    /// b.option(["a"])?;
    /// b.option(["b"])?;
    /// let mut p = b.build()?;
    /// let mut search = p.search().node_limit(1);
    /// assert!(search.next().is_none());
    /// assert_eq!(search.outcome(), Some(Outcome::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_limit(mut self, limit: u64) -> Self {
        self.inner.solver_mut().set_node_limit(Some(limit));
        self
    }

    /// Stops the search once `cancel` (or a clone of it, from any thread)
    /// is cancelled; the iteration then ends with
    /// [`Outcome::Cancelled`].
    ///
    /// ```
    /// use dlx_core::{Builder, Cancel, Outcome};
    ///
    /// let mut b = Builder::new();
    /// b.primary("a")?;
    /// b.option(["a"])?;
    /// let mut p = b.build()?;
    /// let cancel = Cancel::new();
    /// let mut search = p.search().cancel(cancel.clone());
    /// cancel.cancel(); // from another thread, in real use
    /// assert!(search.next().is_none());
    /// assert_eq!(search.outcome(), Some(Outcome::Cancelled));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel(mut self, cancel: Cancel) -> Self {
        self.inner.solver_mut().set_cancel(Some(cancel));
        self
    }

    /// The rule that picks the item to branch on (see [`Branching`]; the
    /// solutions are the same under every rule).
    ///
    /// ```
    /// use dlx_core::{Branching, Builder};
    ///
    /// let mut b = Builder::new();
    /// b.primary("a")?;
    /// b.option(["a"])?;
    /// let mut p = b.build()?;
    /// assert_eq!(p.search().branching(Branching::ShortFirst).count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn branching(mut self, rule: Branching) -> Self {
        self.inner.solver_mut().set_branching(rule);
        self
    }

    /// Why the iteration ended: [`Outcome::Complete`] when every solution
    /// has been returned, or the limit that stopped it; `None` while it
    /// has not ended (see [`LabelSearch::node_limit`] for an example).
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// The search statistics so far.
    ///
    /// ```
    /// use dlx_core::Builder;
    ///
    /// let mut b = Builder::new();
    /// b.primary("a")?;
    /// b.option(["a"])?;
    /// b.option(["a"])?;
    /// let mut p = b.build()?;
    /// let mut search = p.search();
    /// assert_eq!(search.by_ref().count(), 2);
    /// assert_eq!(search.stats().solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.inner.solver().stats()
    }
}

impl<'a, L, C, T> Iterator for LabelSearch<'a, L, C, T> {
    type Item = Vec<Chosen<'a, L, C, T>>;

    fn next(&mut self) -> Option<Self::Item> {
        let solution = self.inner.next()?;
        let problem = self.inner.solver().problem();
        let (names, payloads): (&'a Names<L, C>, &'a [Option<T>]) = (self.names, self.payloads);
        Some(
            solution
                .into_iter()
                .map(|o| Chosen {
                    option: o,
                    items: names.option(problem, o),
                    payload: payloads.get(o.index()).and_then(Option::as_ref),
                })
                .collect(),
        )
    }
}

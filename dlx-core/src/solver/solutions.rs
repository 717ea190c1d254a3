//! The problem's doors into the search ([`Problem::solver`],
//! [`Problem::count`], ...) and the iterator over solutions.

use super::*;

impl Problem {
    /// A solver positioned at the root of the search tree.
    ///
    /// The solver borrows the problem mutably: the search dances on its links
    /// and restores them when the solver is dropped.
    pub fn solver(&mut self) -> Solver<'_> {
        Solver::new(self)
    }

    /// The first solution in the search order (DLX1's, or DLX2's or DLX3's
    /// for colored or bounded problems), or `None` when there is none. The
    /// options come in the order the search chose them, not the order they
    /// were added.
    pub fn first_solution(&mut self) -> Option<Vec<OptionId>> {
        let mut s = self.solver();
        s.next_solution().is_found().then(|| s.solution().collect())
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.solver().count(None).solutions
    }

    /// Counts solutions, stopping after `limit` of them.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        self.solver().count(Some(limit)).solutions
    }

    /// Does the problem have no solution, exactly one, or several?
    pub fn uniqueness(&mut self) -> Uniqueness {
        self.solver().uniqueness()
    }

    /// A lazy iterator over all solutions, each a list of option ids in the
    /// order the search chose them.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.solver().into_solutions()
    }

    /// Counts every solution and returns the search statistics.
    pub fn count_with_stats(&mut self) -> Stats {
        let mut s = self.solver();
        s.count(None);
        s.stats()
    }
}

/// An iterator over all solutions of a problem; see [`Problem::solutions`].
///
/// It ends (returns `None`) when the search is finished or when a limit of
/// its solver stops it; [`Solutions::outcome`] tells which. After a stop,
/// raising the limit through [`Solutions::solver_mut`] and calling `next`
/// again resumes the search.
///
/// ```
/// use dlx_core::{Outcome, Problem};
///
/// // Two items, options {0}, {1}, {0, 1}: two exact covers.
/// let mut p = Problem::new(2, 0);
/// let (a, b) = (p.primary(0), p.primary(1));
/// p.add_option([a]).unwrap();
/// p.add_option([b]).unwrap();
/// p.add_option([a, b]).unwrap();
/// let mut all = p.solutions();
/// all.solver_mut().set_node_limit(Some(1));
/// assert_eq!(all.next(), None);
/// assert_eq!(all.outcome(), Some(Outcome::NodeLimit));
/// all.solver_mut().set_node_limit(None);
/// assert_eq!(all.by_ref().count(), 2);
/// assert_eq!(all.outcome(), Some(Outcome::Complete));
/// ```
#[derive(Debug)]
pub struct Solutions<'a> {
    pub(super) solver: Solver<'a>,
    /// How the last call to `next` ended, if it returned `None`.
    pub(super) ended: Option<Outcome>,
}

impl<'a> Solutions<'a> {
    /// The solver underneath: its statistics, and the solution last found.
    pub fn solver(&self) -> &Solver<'a> {
        &self.solver
    }

    /// The solver underneath, to change its limits (a stopped iteration
    /// resumes with the next call to `next`).
    pub fn solver_mut(&mut self) -> &mut Solver<'a> {
        &mut self.solver
    }

    /// Why the iteration ended: [`Outcome::Complete`] when every solution
    /// has been returned, or the limit that stopped it. `None` while it has
    /// not ended (the last call to `next` returned a solution, or there was
    /// none).
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended
    }
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let step = self.solver.next_solution();
        if step == Step::Found {
            self.ended = None;
            Some(self.solver.solution().collect())
        } else {
            self.ended = Some(Outcome::of(step));
            None
        }
    }
}

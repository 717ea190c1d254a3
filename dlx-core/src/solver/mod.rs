//! Algorithm X on dancing links: an iterative, resumable search. The
//! [`Solver`] runs on the engine `engine::strategy` chooses from the
//! problem's [`Kind`], the rule and the seed: the plain links
//! (`engine::exact`), the colored links (`engine::xcc`) or the lazy links
//! (`engine::lazy`).

use std::time::{Duration, Instant};

use crate::engine::arena::{Node, SPACER};
use crate::engine::exact::{LogMarks, IN_PLACE, PLAIN};
use crate::engine::levels::State;
use crate::engine::strategy::{self, Links, Strategy};
use crate::engine::work::Pending;
use crate::engine::Kind;
use crate::index::OptionId;
use crate::outcome::{Count, Outcome, SeedError, Stats, Step, Uniqueness};
use crate::problem::Problem;
use crate::rule::{Branching, Plan};
use crate::seed::{ranks, Rng};
use crate::stop::{Cancel, Watch};

mod force;
mod run;
mod solutions;
mod split;

pub use solutions::Solutions;
pub use split::{Cut, Part};

/// A search in progress over a [`Problem`].
///
/// The solver borrows the problem's links and dances on them; whatever it has
/// covered is uncovered when it is dropped, so the problem can be searched
/// again. The search is iterative (its stack is a preallocated array of one
/// node per level), resumable (each call to [`Solver::next_solution`] goes on
/// where the previous one stopped) and never allocates.
///
/// # Example
///
/// N-queens for n = 4 with rows and columns primary and diagonals secondary:
///
/// ```
/// use dlx_core::{Problem, Step};
///
/// let n = 4;
/// // items: n rows, n columns (primary); 2n-1 + 2n-1 diagonals (secondary)
/// let mut p = Problem::new(2 * n, 4 * n - 2);
/// for r in 0..n {
///     for c in 0..n {
///         let items = [
///             p.primary(r),
///             p.primary(n + c),
///             p.secondary(r + c),
///             p.secondary(2 * n - 1 + (n - 1 - r + c)),
///         ];
///         p.add_option(items).unwrap();
///     }
/// }
/// let mut solver = p.solver();
/// let mut found = 0;
/// while solver.next_solution() == Step::Found {
///     assert_eq!(solver.solution_len(), n);
///     found += 1;
/// }
/// assert_eq!(found, 2);
/// assert_eq!(solver.stats().solutions, 2);
/// ```
#[derive(Debug)]
pub struct Solver<'a> {
    p: &'a mut Problem,
    state: State,
    level: usize,
    /// Has the search begun (no more forcing)?
    started: bool,
    /// Number of chosen options in the solution last found, if the last step
    /// found one.
    solution_len: Option<usize>,
    node_limit: u64,
    /// The node count the search loop stops at: the node limit, or the end
    /// of a slice of a watched search (see [`Solver::run_watched`]).
    stop_at: u64,
    /// The deadline and the cancellation handle, if any.
    watch: Watch,
    /// The engine the search runs on, the rule's plan and the seed (see
    /// `engine::strategy`).
    strategy: Strategy,
    nodes: u64,
    guesses: u64,
    solutions: u64,
    updates_base: u64,
    /// The level a replayed part of a bounded problem starts at (see
    /// [`Solver::replay_bounded`]); 0 otherwise.
    floor: usize,
}

impl<'a> Solver<'a> {
    pub(crate) fn new(p: &'a mut Problem) -> Solver<'a> {
        p.restore();
        let kind = p.kind();
        // One level per primary item at most, plus one for the level at
        // which the search notices there is nothing left to cover. Under
        // bounds a level chooses an option (each at most once) or makes a
        // null move (once per item).
        let depth = match kind {
            Kind::Multiplicities => p.primary_count() + p.option_count() + 2,
            _ => p.primary_count() + 1,
        };
        if kind != Kind::Exact {
            p.prepare_xcc(depth);
            p.work.xcc.choice_rule = Plan::default().choice.colored();
        } else if p.links.shuffled || !p.links.rank.is_empty() {
            // A seeded search left its order behind: back to DLX1's.
            p.links.relink(None);
            p.links.rank.clear();
        }
        p.work.choice.clear();
        p.work.choice.resize(depth, Node(0));
        p.work.stop.clear();
        p.work.stop.resize(depth, Node(0));
        p.work.mark.clear();
        p.work.mark.resize(depth, 0);
        p.work.order.clear();
        p.work.order.resize(depth, 0);
        p.work.logged.clear();
        p.work.logged.resize(depth, LogMarks::default());
        p.links.short_top = 0;
        p.links.zero = SPACER;
        p.work.forced.clear();
        let updates_base = match kind {
            Kind::Exact => p.links.updates,
            _ => p.work.xcc.updates,
        };
        Solver {
            p,
            state: State::Forward,
            level: 0,
            started: false,
            solution_len: None,
            node_limit: u64::MAX,
            stop_at: u64::MAX,
            watch: Watch::default(),
            strategy: Strategy::new(kind),
            nodes: 0,
            guesses: 0,
            solutions: 0,
            updates_base,
            floor: 0,
        }
    }

    /// Stops the search once it has entered `limit` nodes (see
    /// [`Stats::nodes`]); `None` removes the limit. A stopped search resumes
    /// when the limit is raised.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit.unwrap_or(u64::MAX);
    }

    /// Stops the search (with [`Step::Deadline`], [`Outcome::Deadline`]) once
    /// `deadline` has passed; `None` removes it. The clock is read between
    /// slices of the search that last about a millisecond, so the search
    /// stops that much after the deadline at most (a deadline already past
    /// stops it before its first node). A stopped search resumes when the
    /// deadline is moved on.
    ///
    /// ```
    /// use std::time::Duration;
    /// use dlx_core::{Outcome, Problem};
    ///
    /// // Langford pairs for n = 12: 216,288 solutions, more than 5 ms of
    /// // work; the count stops after about 5 ms.
    /// let n = 12;
    /// let mut p = Problem::new(3 * n, 0);
    /// for i in 1..=n {
    ///     for j in 0..2 * n - i - 1 {
    ///         let k = j + i + 1;
    ///         p.add_option([p.primary(i - 1), p.primary(n + j), p.primary(n + k)]).unwrap();
    ///     }
    /// }
    /// let mut solver = p.solver();
    /// solver.set_time_limit(Duration::from_millis(5));
    /// let count = solver.count(None);
    /// assert_eq!(count.outcome, Outcome::Deadline);
    /// assert!(count.solutions < 216_288);
    ///
    /// // Without the deadline, the same search goes on to the end.
    /// solver.set_deadline(None);
    /// assert_eq!(solver.count(None).solutions, 216_288);
    /// ```
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.watch.deadline = deadline;
    }

    /// [`Solver::set_deadline`] at `limit` from now.
    pub fn set_time_limit(&mut self, limit: Duration) {
        // A limit too far to represent is no limit.
        self.watch.deadline = Instant::now().checked_add(limit);
    }

    /// Stops the search (with [`Step::Cancelled`], [`Outcome::Cancelled`])
    /// once `cancel` (or a clone of it, from any thread) is cancelled;
    /// `None` stops watching. The handle is read between slices of about a
    /// millisecond, as the clock is for [`Solver::set_deadline`]. A stopped
    /// search resumes after [`Cancel::reset`].
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.watch.cancel = cancel;
    }

    /// Randomises the search with `seed`: each item's options are tried in
    /// an order drawn from it, and ties between primary items of equal
    /// length (which DLX1 breaks by taking the leftmost) are broken by a
    /// ranking of the items drawn from it. The same seed gives the same
    /// search (the same solutions in the same order, the same statistics)
    /// on every machine; without a seed the search is DLX1's (DLX2's,
    /// DLX3's). The set of solutions, and so every count, never depends on
    /// the seed; the node and update counts do.
    ///
    /// A seeded first solution is a solution the seed picks, and different
    /// seeds tend to pick different ones; it is **not** drawn uniformly
    /// from all solutions (solutions in small subtrees come up more
    /// often). Under the [`Branching::ShortFirst`] rules the seed orders the
    /// options, but the items those rules pick from their stack are not
    /// ranked; nor is the item a rule's scan stops at (length 0, or 1 under
    /// the rules other than DLX1's; [`Branching::First`] ranks nothing), so
    /// that a seeded search costs no more than an unseeded one.
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// // Queens on 8x8: 92 solutions, whatever the seed.
    /// let n = 8;
    /// let mut p = Problem::new(2 * n, 4 * n - 2);
    /// for r in 0..n {
    ///     for c in 0..n {
    ///         let d1 = p.secondary(r + c);
    ///         let d2 = p.secondary(2 * n - 1 + (n - 1 - r + c));
    ///         p.add_option([p.primary(r), p.primary(n + c), d1, d2]).unwrap();
    ///     }
    /// }
    /// let first = |p: &mut Problem, seed: u64| {
    ///     let mut s = p.solver();
    ///     s.set_seed(seed).unwrap();
    ///     assert!(s.next_solution().is_found());
    ///     let mut options: Vec<_> = s.solution().collect();
    ///     options.sort();
    ///     (options, s.count(None).solutions)
    /// };
    /// let (a, count) = first(&mut p, 1);
    /// assert_eq!(count, 92);
    /// assert_eq!(first(&mut p, 1).0, a, "the same seed, the same solution");
    /// assert!((2..50).any(|seed| first(&mut p, seed).0 != a));
    /// ```
    ///
    /// # Errors
    /// [`SeedError`] once options have been forced or the search has
    /// begun (the seed reorders the lists they were taken from): seed
    /// first, then force.
    pub fn set_seed(&mut self, seed: u64) -> Result<(), SeedError> {
        if self.started {
            return Err(SeedError::SearchStarted);
        }
        if !self.p.work.forced.is_empty() {
            return Err(SeedError::OptionsForced);
        }
        let mut rng = Rng::new(seed);
        if self.strategy.is_plain() {
            let (rank, _) = ranks(self.p.primary_count(), &mut rng);
            self.p.links.rank = rank;
            self.p.links.relink(Some(&mut rng));
        } else {
            self.p.work.xcc.seed(&mut rng);
        }
        self.strategy.seeded = true;
        Ok(())
    }

    /// Sets the rule for choosing the item to branch on
    /// ([`Branching::MinLength`] by default). It may change between steps
    /// of a search; the tree is then a mix of the rules.
    pub fn set_branching(&mut self, branching: Branching) {
        let plan = strategy::plan_for(branching, self.strategy.kind, self.p);
        if !self.strategy.is_plain() {
            let colored = matches!(self.strategy.links, Links::Colored | Links::ColoredByLength);
            if self.started && colored && plan.early != self.strategy.plan.early {
                // The levels are undone as the new rule undoes them.
                let depth = match self.state {
                    State::Forward => self.level,
                    State::Recover => self.level + 1,
                    State::Done => 0,
                };
                let was_early = self.strategy.plan.early;
                let xcc = &mut self.p.work.xcc;
                let log = xcc.log_pays();
                xcc.relevel(&self.p.work.choice[..depth], was_early, log);
            } else if plan != self.strategy.plan {
                // The levels covered now are undone by the walk.
                self.p.work.xcc.forget_log();
            }
            // Colored problems map the rule onto Algorithm C; bounded ones
            // follow DLX3's rule.
            self.p.work.xcc.choice_rule = plan.choice.colored();
            self.p.work.lazy.choice_rule = self.p.work.xcc.choice_rule;
            self.strategy.plan = plan;
            return;
        }
        let ordered = self.ordered();
        if plan != self.strategy.plan {
            let looked = self.strategy.plan.look;
            if self.started && (ordered || looked) {
                // The levels covered their options' items in orders of
                // their own, which only the early rule's search undoes, or
                // the look-ahead may have taken options out, which only its
                // hide log puts back: cover them again in the options'
                // order.
                self.reorder_levels(ordered);
            }
            // The short-item stack and the heights saved per level describe
            // a search run under the `ShortFirst` rules all along; after
            // another rule they would not bound the stack, so start both
            // afresh (the stack only saves scans; it may be empty at any
            // time).
            self.p.links.short_top = 0;
            self.p.links.zero = SPACER;
            // The levels covered now are undone by walking their lists.
            self.p.links.forget_log();
            if self.started {
                // A level's mark is written when the level is entered.
                self.p.work.mark.fill(0);
            }
            // Only the `ShortFirst` rules read the covered flag, and only
            // their search keeps it.
            self.p.links.set_flags(plan.choice.is_short());
        }
        self.strategy.plan = plan;
        if self.started && !ordered && self.ordered() {
            // The levels' options were covered in their own order.
            self.p.work.order.fill(IN_PLACE);
        }
        if self.started {
            // A copy of the problem taken now undoes the levels as they
            // are covered now (after `reorder_levels`, in the options'
            // order): the record of the last run said how that run's rule
            // had covered them.
            self.record();
        }
    }

    /// Does the search cover an option's items in an order of its own
    /// ([`Links::cover_others_early`](crate::engine::exact::Links::cover_others_early)), kept in `Work::order`?
    fn ordered(&self) -> bool {
        self.strategy.is_plain()
            && self.strategy.plan.early
            && self.p.links.rank.is_empty()
            && self.shortest_first()
    }

    /// Does the early rule's search cover an option's items shortest first
    /// ([`SHORTEST_FIRST`](crate::engine::exact::SHORTEST_FIRST)): on long item lists ([`Links::long_lists`](crate::engine::exact::Links::long_lists)), and
    /// where an option has more than two nodes, or where their number
    /// varies?
    fn shortest_first(&self) -> bool {
        self.p.links.shortest_first()
    }

    /// Uncovers the levels of the search (`ordered`: covered in orders of
    /// their own, as the early rule's are), putting back what the
    /// look-ahead took out, then covers them again as the rules other than
    /// [`Branching::Early`] and [`Branching::LookAhead`] do, so that the
    /// links are as those rules' search would have left them.
    #[cold]
    fn reorder_levels(&mut self, ordered: bool) {
        let updates = self.p.links.updates;
        let depth = self.p.unwind(self.state, self.level, ordered);
        let links = &mut self.p.links;
        for &cur in &self.p.work.choice[..depth] {
            links.cover::<PLAIN, 0>(links.item[cur]);
            links.cover_others::<PLAIN, 0>(cur);
        }
        links.updates = updates;
    }

    /// The problem being searched. Its links are in use, but everything it
    /// tells about items and options is as built.
    pub fn problem(&self) -> &Problem {
        self.p
    }

    /// Statistics of the search so far.
    pub fn stats(&self) -> Stats {
        let updates = match self.strategy.links {
            Links::Plain => self.p.links.updates,
            Links::Lazy => self.p.work.lazy.updates,
            Links::Colored | Links::ColoredByLength | Links::Bounded => self.p.work.xcc.updates,
        };
        Stats {
            nodes: self.nodes,
            updates: updates - self.updates_base,
            solutions: self.solutions,
            guesses: self.guesses.saturating_sub(self.guesses_ahead()),
        }
    }

    /// The solution found by the last call to [`Solver::next_solution`]:
    /// forced options first, then the chosen options in search order. Empty
    /// when that call did not find a solution.
    pub fn solution(&self) -> impl Iterator<Item = OptionId> + '_ {
        let (forced, chosen): (&[Node], &[Node]) = match self.solution_len {
            Some(len) => (&self.p.work.forced, &self.p.work.choice[..len]),
            None => (&[], &[]),
        };
        // Under bounds a level may have made the null move (its choice is
        // its item's header): no option.
        let chosen = chosen
            .iter()
            .zip(&self.p.work.stop)
            .filter(|&(x, stop)| x != stop || !self.strategy.is_bounded())
            .map(|(x, _)| x);
        forced.iter().chain(chosen).map(|&x| self.p.option_of(x))
    }

    /// Number of options in the solution last found (0 when the last call
    /// to [`Solver::next_solution`] found none).
    pub fn solution_len(&self) -> usize {
        match self.solution_len {
            None => 0,
            Some(_) if self.strategy.is_bounded() => self.solution().count(),
            Some(len) => len + self.p.work.forced.len(),
        }
    }

    /// Runs the search to the next solution.
    pub fn next_solution(&mut self) -> Step {
        let target = self.solutions.saturating_add(1);
        self.run(target)
    }

    /// Runs the search until `self.solutions` reaches `target` (the last
    /// solution found is then available), the tree is exhausted or the node
    /// limit stops it. Counting passes its limit, so solutions are counted
    /// without leaving the loop.
    fn run(&mut self, target: u64) -> Step {
        let step = if self.watch.is_active() {
            self.run_watched(target)
        } else {
            self.stop_at = self.node_limit;
            self.run_any(target)
        };
        self.record();
        step
    }

    /// [`Solver::run`] with a deadline or a cancellation handle to watch:
    /// the search runs in slices of nodes (see [`crate::stop`]) and checks
    /// between two.
    #[cold]
    fn run_watched(&mut self, target: u64) -> Step {
        loop {
            if self.state == State::Done && self.started {
                return Step::Exhausted;
            }
            if let Some(halt) = self.watch.halt() {
                self.solution_len = None;
                return halt.into();
            }
            self.stop_at = self
                .node_limit
                .min(self.nodes.saturating_add(self.watch.slice));
            let (start, before) = (Instant::now(), self.nodes);
            let step = self.run_any(target);
            self.watch.adapt(self.nodes - before, start.elapsed());
            if step != Step::NodeLimit || self.nodes >= self.node_limit {
                return step;
            }
        }
    }

    /// Notes in the problem where the search stands, so that a copy of it
    /// ([`Solver::problem`], then `clone`) undoes the search before its
    /// first use, as the problem itself does after the solver is dropped.
    fn record(&mut self) {
        if !self.strategy.is_plain() {
            // The colored links are rebuilt from the options unless the
            // search left them as it found them.
            // A seeded search leaves its lists shuffled.
            self.p.work.xcc_ready = self.state == State::Done
                && self.p.work.forced.is_empty()
                && self.floor == 0
                && !self.strategy.seeded
                && self.strategy.links != Links::ColoredByLength;
            return;
        }
        self.p.work.pending = Some(Pending {
            state: self.state,
            level: self.level,
            ordered: self.ordered(),
        });
    }

    /// Counts solutions until the tree is exhausted, `limit` solutions have
    /// been found in all (when given), or the node limit, the deadline or
    /// the cancellation handle stops the search (which can then be resumed
    /// by calling again).
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        let limit = limit.unwrap_or(u64::MAX);
        let outcome = if self.solutions >= limit {
            Outcome::SolutionLimit
        } else {
            Outcome::of(self.run(limit))
        };
        Count {
            solutions: self.solutions,
            outcome,
        }
    }

    /// Searches for up to two solutions and says which case holds.
    pub fn uniqueness(&mut self) -> Uniqueness {
        let first = match self.next_solution() {
            Step::Found => self.solution().collect(),
            Step::Exhausted => return Uniqueness::None,
            Step::NodeLimit | Step::Deadline | Step::Cancelled => return Uniqueness::Undecided,
        };
        match self.next_solution() {
            Step::Found => Uniqueness::Multiple,
            Step::Exhausted => Uniqueness::Unique(first),
            Step::NodeLimit | Step::Deadline | Step::Cancelled => Uniqueness::Undecided,
        }
    }

    /// Turns the solver into an iterator over solutions.
    pub fn into_solutions(self) -> Solutions<'a> {
        Solutions {
            solver: self,
            ended: None,
        }
    }
}

impl Drop for Solver<'_> {
    /// Leaves the search where it stands; the problem undoes it when it is
    /// next searched or extended (see `Problem::restore`), or never, if it is
    /// reset first.
    fn drop(&mut self) {
        self.record();
    }
}

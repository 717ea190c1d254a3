//! Minimum cost: Knuth's Algorithm X with costs and branch and bound, as in
//! his program DLX5 (DLX2's colors included), on links of its own.
//!
//! Options may carry a non-negative cost ([`Problem::set_cost`]); the cost
//! of a solution is the sum of its options' costs. [`Problem::min_cost`]
//! finds a solution of least cost, [`Problem::best`] the `k` cheapest, and
//! [`CostSearch`] does either with a node limit and statistics.
//!
//! # Implementation notes
//!
//! What DLX5 adds to DLX2, and where it is here:
//!
//! - **Taxes.** Each primary item in turn, in index order, is taxed the
//!   least cost among its options, and that tax is taken off the cost of
//!   each of them ([`Arena::build`]). Every solution pays each tax exactly
//!   once, so the taxes add a constant to all solutions; what is left, the
//!   *net* cost, is still non-negative, and every item has an option of net
//!   cost 0 when it is taxed. Net costs make the cutoff below bite earlier.
//! - **Sorted lists.** Every item's list is sorted by net cost (stably:
//!   options of equal cost keep their input order), so the options of an
//!   item that a partial solution can still afford are a prefix of its list.
//! - **Cutoff.** The search keeps the `k` least net costs found so far (a
//!   heap); the largest of them is the *cutoff*, infinite until `k` are
//!   known. An option is tried only if the cost so far plus its own is below
//!   the cutoff, and a level's list is left at the first option that is not
//!   (the rest cost more). The least net cost of each active item is a lower
//!   bound on what covering it still costs: an item whose cheapest option
//!   is too dear ends the branch at once.
//! - **Thresholds.** A cover or purify hides only the options whose net cost
//!   is below a threshold, the budget the levels below it have: an option
//!   past it can never be chosen there, and since it sits past the cutoff in
//!   every sorted list, the scans stop before it. The cutoff falls during
//!   the search, so each level keeps the thresholds it covered with, and
//!   uncovers with the same ones.
//! - **Branching.** The item with the fewest *usable* options (below the
//!   budget), counting at most [`LEN_THRESHOLD`] of them and taking the
//!   whole length past that; ties go to the item whose cheapest option
//!   costs more (it must be paid anyway), then to the leftmost. Options are
//!   tried cheapest first.
//!
//! With these rules the search tree is DLX5's node for node: the tests
//! compare the node counts with Knuth's program on the shared data.
//!
//! One addition is optional ([`CostSearch::disjoint_bound`]), since it
//! changes the node counts: a *disjoint bound*. A set of primary items no
//! option has two of is chosen once (greedily, longest lists first); a
//! solution pays for each of them with a different option, so the cheapest
//! option left in each of their lists add up to a lower bound on what the
//! partial solution still has to pay, and a node whose bound reaches the
//! budget is a dead end. DLX5's own test is the same bound for one item at
//! a time. Since no pruned subtree holds a solution below the cutoff, the
//! solutions found, and the order they are found in, are DLX5's; the tree
//! is a subset of its tree. Measured in one run (nodes, CPU time of the
//! whole `dlx --min-cost`): c01 pentominoes 506,947 -> 284,177 (492 -> 330
//! ms), d06 2,962,487 -> 1,584,301 (167 -> 112 ms), b04 2,639,087 ->
//! 1,756,734 (130 -> 120 ms); on b02, b05 and c05 it prunes nothing and
//! costs a few percent (`benches/README.md`).
//!
//! The arena follows the plain links' layout (item headers, a spacer, each
//! option's nodes followed by a spacer), so a node index names the same
//! option as in [`Problem`]. A node's 16-byte record holds its `up` and
//! `down` links and the net cost of the node below it (see `arena::CostLink`: the
//! list walks read one record per option), and its item and color, read
//! when an option is hidden, are apart. An option's other nodes are found
//! by arithmetic when all options have one length (2 to 7), else over the
//! option's span (see [`Arena::for_others`]); the search loop has a copy
//! for each.
//!
//! Multiplicities (bounds other than exactly once) are not supported:
//! [`CostError::Multiplicities`].
//!
//! # Bounds
//!
//! The arena's arrays are [`Arr`](crate::engine::arena::Arr)s, indexed
//! unchecked in release builds, as in the plain and colored links (whose
//! notes measure what it is worth). Every index the search reads comes
//! from the arrays themselves or from `Arena::build`, which only stores
//! indices of entries it has written, and the arrays do not change size
//! during a search; debug builds check every bound.

use std::error::Error;
use std::fmt;
use std::time::{Duration, Instant};

use crate::index::OptionId;
use crate::outcome::{Outcome, Stats};
use crate::problem::Problem;
use crate::stop::{Cancel, Halt, Watch};

mod arena;
mod search;
#[cfg(test)]
mod tests;

use crate::engine::arena::{ItemIx, Node};
use arena::{Arena, SPANS};
use search::Search;

/// How many usable options of an item the choice counts before it settles
/// for the item's whole length (DLX5's `lenthresh`, its default 10).
const LEN_THRESHOLD: u32 = 10;

/// The color code of a node whose item was purified with the node's own
/// color (Knuth's `-1`): the node stays in the item's frozen list.
const PURIFIED: u32 = u32::MAX;

/// An infinite net cost on the links: the `down_cost` of the node above
/// an item's header (past the last option). No option costs this much
/// ([`MAX_COST`] is below it), so it never stands for a real cost.
const INFINITE: u64 = u64::MAX;

/// The largest cost of an option, and of a solution: `u64::MAX` is the
/// links' infinite cost. The text reader refuses an option whose costs add
/// up to more ([`crate::text`]), and [`CostSearch::run`] an option that
/// costs more or a best solution whose total is more.
pub const MAX_COST: u64 = u64::MAX - 1;

/// The largest `k` of [`CostSearch::best`] and [`Problem::best`]: 2^20
/// (1,048,576) solutions. The search keeps the `k` best found so far, each
/// with its options (about 60 bytes plus 4 per option), and sorts them at
/// the end, so `k` bounds its memory and the work after a deadline; a
/// larger `k` is [`CostError::TooManyBest`], not a search that fills the
/// memory.
pub const MAX_BEST: usize = 1 << 20;

/// A sum of net costs in the search: partial solutions add up to `u128`,
/// so no sum overflows (at most 2^32 options of at most [`MAX_COST`]
/// each), and only a total that [`CostSearch::run`] reports must fit in
/// [`MAX_COST`].
type Total = u128;

/// The cutoff before `k` solutions are known.
const UNBOUNDED: Total = Total::MAX;

/// `budget` as a threshold on the links' net costs: every option costs
/// less than [`INFINITE`], so a budget past it is as good as [`INFINITE`].
#[inline(always)]
fn on_links(budget: Total) -> u64 {
    budget.min(Total::from(INFINITE)) as u64
}

/// Why a min-cost search could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CostError {
    /// Some primary item has bounds other than exactly once
    /// ([`Problem::set_bounds`]): the min-cost search is DLX5's, which
    /// extends DLX2 (colors), not DLX3 (multiplicities). Bounds of `1..=1`
    /// are accepted.
    Multiplicities,
    /// One of the best solutions costs more than [`MAX_COST`]: its total
    /// cannot be reported. The search adds costs without overflow, so this
    /// is said only of a real solution the answer holds (costs that could
    /// add up past the limit, but do not in any best solution, are fine).
    /// `option` is that solution's dearest option.
    Overflow {
        /// The solution's dearest option (the first of them on a tie).
        option: OptionId,
    },
    /// An option costs more than [`MAX_COST`] ([`Problem::set_cost`]
    /// takes any `u64`; the text reader refuses such a cost).
    CostTooLarge {
        /// The option.
        option: OptionId,
    },
    /// `k` = 0 in [`Problem::best`] or [`CostSearch::best`]: no solution
    /// was asked for.
    ZeroBest,
    /// `k` above [`MAX_BEST`] in [`Problem::best`] or [`CostSearch::best`].
    TooManyBest {
        /// The `k` asked for.
        k: usize,
    },
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostError::Multiplicities => f.write_str(
                "the min-cost search does not support bounds (multiplicities) other than 1",
            ),
            CostError::Overflow { option } => write!(
                f,
                "a best solution costs more than {MAX_COST} (2^64 - 2), the largest total; \
                 its dearest option is option {}",
                option.index()
            ),
            CostError::CostTooLarge { option } => write!(
                f,
                "option {} costs more than {MAX_COST} (2^64 - 2), the largest cost",
                option.index()
            ),
            CostError::ZeroBest => f.write_str("asked for the 0 best solutions (expected k >= 1)"),
            CostError::TooManyBest { k } => write!(
                f,
                "asked for the {k} best solutions (expected k <= {MAX_BEST}: each is kept in memory)"
            ),
        }
    }
}

impl Error for CostError {}

/// A solution and its total cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CostedSolution {
    /// The sum of the options' costs.
    pub cost: u64,
    /// The options, in the order the search chose them.
    pub options: Vec<OptionId>,
}

/// What a [`CostSearch`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CostReport {
    /// The `k` cheapest solutions (fewer if the problem has fewer), by
    /// increasing cost; solutions of equal cost count separately, as in
    /// DLX5's `k`. Which of several tied solutions are listed is the
    /// search's choice. Empty when there is no solution.
    pub solutions: Vec<CostedSolution>,
    /// [`Outcome::Complete`] when the search finished (the costs are the
    /// least), [`Outcome::NodeLimit`] when the node limit stopped it (the
    /// solutions are the best found so far, and may not be the best).
    pub outcome: Outcome,
    /// Search statistics counted as DLX5 counts them: `nodes` are levels
    /// entered plus one per solution found; `updates` are items covered
    /// plus option nodes unlinked; `solutions` are the solutions found
    /// that beat the `k`-th best known at the time (not the number of
    /// exact covers).
    pub stats: Stats,
}

impl CostReport {
    /// The least total cost, if a solution was found.
    pub fn min_cost(&self) -> Option<u64> {
        self.solutions.first().map(|s| s.cost)
    }

    /// The costs of [`CostReport::solutions`], in order.
    pub fn costs(&self) -> Vec<u64> {
        self.solutions.iter().map(|s| s.cost).collect()
    }
}

/// A min-cost search over a [`Problem`], configured before it runs: how
/// many of the best solutions to keep and when to give up.
///
/// # Example
///
/// Cover `{a, b, c}` at least cost; `{a, b}` is cheap but leaves `c` to an
/// expensive option.
///
/// ```
/// use dlx_core::{CostSearch, Outcome, Problem};
///
/// let mut p = Problem::new(3, 0);
/// let [a, b, c] = [0, 1, 2].map(|i| p.primary(i));
/// for (items, cost) in [(vec![a, b], 1), (vec![c], 9), (vec![a], 3), (vec![b, c], 4)] {
///     let o = p.add_option(items)?;
///     p.set_cost(o, cost);
/// }
/// let report = CostSearch::new(&p).best(3).run()?;
/// assert_eq!(report.outcome, Outcome::Complete);
/// assert_eq!(report.costs(), [7, 10]); // {a}+{b,c}, {a,b}+{c}: only two solutions
/// let cheapest = &report.solutions[0];
/// let total: u64 = cheapest.options.iter().map(|&o| p.cost(o)).sum();
/// assert_eq!(total, 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CostSearch<'p> {
    problem: &'p Problem,
    k: usize,
    node_limit: Option<u64>,
    /// The deadline and the cancellation handle, if any.
    watch: Watch,
    disjoint: bool,
}

impl<'p> CostSearch<'p> {
    /// A search for the one cheapest solution of `problem`, with no node
    /// limit.
    pub fn new(problem: &'p Problem) -> Self {
        CostSearch {
            problem,
            k: 1,
            node_limit: None,
            watch: Watch::default(),
            disjoint: false,
        }
    }

    /// Keeps the `k` cheapest solutions (DLX5's `k`): the search prunes
    /// only what cannot beat the `k`-th best known, so a larger `k` costs
    /// more time, and memory for up to `k` solutions. `k` = 0 makes
    /// [`CostSearch::run`] fail with [`CostError::ZeroBest`], `k` above
    /// [`MAX_BEST`] with [`CostError::TooManyBest`].
    pub fn best(&mut self, k: usize) -> &mut Self {
        self.k = k;
        self
    }

    /// Stops the search after `limit` search-tree nodes (`None`: never).
    pub fn node_limit(&mut self, limit: Option<u64>) -> &mut Self {
        self.node_limit = limit;
        self
    }

    /// Stops the search once `deadline` has passed (`None`: never), with
    /// [`Outcome::Deadline`] and the best solutions found so far; the clock
    /// is read about every millisecond, as for
    /// [`Solver::set_deadline`](crate::Solver::set_deadline).
    pub fn deadline(&mut self, deadline: Option<Instant>) -> &mut Self {
        self.watch.deadline = deadline;
        self
    }

    /// [`CostSearch::deadline`] at `limit` from now.
    pub fn time_limit(&mut self, limit: Duration) -> &mut Self {
        self.watch.deadline = Instant::now().checked_add(limit);
        self
    }

    /// Stops the search once `cancel` is cancelled (`None`: never), with
    /// [`Outcome::Cancelled`] and the best solutions found so far.
    pub fn cancel(&mut self, cancel: Option<Cancel>) -> &mut Self {
        self.watch.cancel = cancel;
        self
    }

    /// Adds a lower bound that DLX5 does not have: before a node branches,
    /// the cost so far plus the cheapest option left for each of a fixed
    /// set of primary items that no option has two of (chosen greedily,
    /// longest lists first) must stay below the cutoff. The answers are the
    /// same; the tree is smaller or the same, so the node counts are no
    /// longer DLX5's. Off by default.
    pub fn disjoint_bound(&mut self, on: bool) -> &mut Self {
        self.disjoint = on;
        self
    }

    /// Runs the search.
    ///
    /// # Errors
    /// [`CostError`]: bounds on a primary item, an option's cost or a best
    /// solution's total above [`MAX_COST`], or `k` = 0 or above
    /// [`MAX_BEST`]. Nothing is
    /// searched then, but for the total, known only after the search.
    pub fn run(&self) -> Result<CostReport, CostError> {
        if self.k == 0 {
            return Err(CostError::ZeroBest);
        }
        if self.k > MAX_BEST {
            return Err(CostError::TooManyBest { k: self.k });
        }
        let p = self.problem;
        if (0..p.primary_count()).any(|i| p.bounds(p.primary(i)) != Some((1, 1))) {
            return Err(CostError::Multiplicities);
        }
        let mut arena = Arena::build(p)?;
        if self.disjoint {
            arena.choose_disjoint();
        }
        let mut search = Search::new(&arena, self.k, self.node_limit.unwrap_or(u64::MAX));
        if self.watch.is_active() {
            search.watch = Some(self.watch.clone());
            // A first check before the first node: a deadline already past
            // stops the search at once.
            search.check_at = 0;
            search.slice_start = Instant::now();
        }
        let outcome = match arena.uniform {
            1 => search.run::<SPANS>(&mut arena),
            2 => search.run::<2>(&mut arena),
            3 => search.run::<3>(&mut arena),
            4 => search.run::<4>(&mut arena),
            5 => search.run::<5>(&mut arena),
            6 => search.run::<6>(&mut arena),
            7 => search.run::<7>(&mut arena),
            _ => search.run::<0>(&mut arena),
        };
        let mut solutions = Vec::with_capacity(search.heap.len());
        for (net, slot) in search.heap.into_vec() {
            let options: Vec<OptionId> =
                search.found[slot].iter().map(|&x| p.option_of(x)).collect();
            let total = arena.total_tax + net;
            if total > Total::from(MAX_COST) {
                let dearest = options.iter().rev().max_by_key(|&&o| p.cost(o));
                let option = *dearest.expect("a total above 0 has an option");
                return Err(CostError::Overflow { option });
            }
            solutions.push(CostedSolution {
                cost: total as u64,
                options,
            });
        }
        solutions.sort_by_key(|s| s.cost);
        Ok(CostReport {
            solutions,
            outcome,
            stats: Stats {
                nodes: search.nodes,
                updates: arena.updates,
                solutions: search.count,
                guesses: 0,
            },
        })
    }
}

impl Problem {
    /// A solution of least total cost (see [`Problem::set_cost`]), or
    /// `None` when there is no solution. Knuth's DLX5 with `k` = 1; see
    /// [`CostSearch`] for the `k` best and a node limit.
    ///
    /// # Errors
    /// As [`CostSearch::run`].
    ///
    /// # Example
    ///
    /// The fewest options that cover `{a, b, c, d}`: every option costs 1.
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// let mut p = Problem::new(4, 0);
    /// let [a, b, c, d] = [0, 1, 2, 3].map(|i| p.primary(i));
    /// for items in [vec![a], vec![b], vec![c, d], vec![a, b, c], vec![d], vec![c]] {
    ///     let o = p.add_option(items)?;
    ///     p.set_cost(o, 1);
    /// }
    /// let best = p.min_cost()?.expect("a cover exists");
    /// assert_eq!(best.cost, 2); // {a, b, c} and {d}
    /// assert_eq!(best.options.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_cost(&self) -> Result<Option<CostedSolution>, CostError> {
        let report = CostSearch::new(self).run()?;
        Ok(report.solutions.into_iter().next())
    }

    /// The `k` cheapest solutions by increasing cost (fewer if there are
    /// fewer), ties counted separately as in DLX5's `k`.
    ///
    /// # Errors
    /// As [`CostSearch::run`].
    ///
    /// # Example
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// let mut p = Problem::new(2, 0);
    /// let (a, b) = (p.primary(0), p.primary(1));
    /// for (items, cost) in [(vec![a, b], 4), (vec![a], 1), (vec![b], 2), (vec![b], 3)] {
    ///     let o = p.add_option(items)?;
    ///     p.set_cost(o, cost);
    /// }
    /// let costs: Vec<u64> = p.best(5)?.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [3, 4, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best(&self, k: usize) -> Result<Vec<CostedSolution>, CostError> {
        Ok(CostSearch::new(self).best(k).run()?.solutions)
    }
}

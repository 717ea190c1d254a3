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
//! `down` links and the net cost of the node below it (see [`Link`]: the
//! list walks read one record per option), and its item and color, read
//! when an option is hidden, are apart. An option's other nodes are found
//! by arithmetic when all options have one length (2 to 7), else over the
//! option's span (see [`Arena::for_others`]); the search loop has a copy
//! for each.
//!
//! Multiplicities (bounds other than exactly once) are not supported:
//! [`CostError::Multiplicities`].

// Unchecked indexing in the search, as in the plain and colored links
// (whose notes measure what it is worth). Every index the search reads
// comes from the arrays themselves or from `Arena::build`, which only
// stores indices of entries it has written, and the arrays do not change
// size during a search; debug builds check every bound.
#![allow(unsafe_code)]

use std::collections::BinaryHeap;
use std::error::Error;
use std::fmt;

use std::time::{Duration, Instant};

use crate::index::OptionId;
use crate::links::{place_in_uniform, Node, SPACER};
use crate::problem::Problem;
use crate::solver::{Outcome, Stats};
use crate::stop::{Cancel, Halt, Watch};

/// How many usable options of an item the choice counts before it settles
/// for the item's whole length (DLX5's `lenthresh`, its default 10).
const LEN_THRESHOLD: u32 = 10;

/// The color code of a node whose item was purified with the node's own
/// color (Knuth's `-1`): the node stays in the item's frozen list.
const PURIFIED: u32 = u32::MAX;

/// An infinite cost: the cutoff before `k` solutions are known.
const INFINITE: u64 = u64::MAX;

/// Why a min-cost search could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CostError {
    /// Some primary item has bounds other than exactly once
    /// ([`Problem::set_bounds`]): the min-cost search is DLX5's, which
    /// extends DLX2 (colors), not DLX3 (multiplicities). Bounds of `1..=1`
    /// are accepted.
    Multiplicities,
    /// The costs are so large that the total of some set of options the
    /// search could choose might not fit in a `u64` (below `u64::MAX`).
    /// The check is cheap and safe, not exact: for each primary item, the
    /// dearest option whose first primary item it is; the sum of those
    /// must stay below `u64::MAX`.
    Overflow,
    /// `k` = 0 in [`Problem::best`] or [`CostSearch::best`]: no solution
    /// was asked for.
    ZeroBest,
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostError::Multiplicities => f.write_str(
                "the min-cost search does not support bounds (multiplicities) other than 1",
            ),
            CostError::Overflow => {
                f.write_str("option costs too large: a total could exceed 2^64 - 2")
            }
            CostError::ZeroBest => f.write_str("asked for the 0 best solutions (expected k >= 1)"),
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
    /// more time. `k` = 0 makes [`CostSearch::run`] fail with
    /// [`CostError::ZeroBest`].
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
    /// [`CostError`]: bounds on a primary item, costs too large for `u64`
    /// totals, or `k` = 0. Nothing is searched then.
    pub fn run(&self) -> Result<CostReport, CostError> {
        if self.k == 0 {
            return Err(CostError::ZeroBest);
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
        let mut solutions: Vec<CostedSolution> = search
            .heap
            .into_iter()
            .map(|(net, slot)| CostedSolution {
                // No overflow: every total is below the bound `build`
                // checked.
                cost: arena.total_tax + net,
                options: search.found[slot]
                    .iter()
                    .map(|&x| p.option_of(Node(x)))
                    .collect(),
            })
            .collect();
        solutions.sort_by_key(|s| s.cost);
        Ok(CostReport {
            solutions,
            outcome,
            stats: Stats {
                nodes: search.nodes,
                updates: arena.updates,
                solutions: search.count,
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
    /// [`CostError::Multiplicities`] and [`CostError::Overflow`].
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

/// The vertical links of a node, and the net cost of the node below it
/// (the option of `down`; [`INFINITE`] when `down` is the item's header).
///
/// Keeping the cost of the *next* node makes each step of a list walk one
/// load: the choice counts an item's affordable options by reading the
/// header and then one record per option, and the walks of `cover` stop
/// at the threshold without reading the node past it. The field is kept
/// when a node is unlinked (its `up` takes over its `down_cost`) and
/// restored from the option's cost, which the walk that links it back
/// has just read, when it is linked back.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    up: u32,
    down: u32,
    down_cost: u64,
}

/// The item and color code of a node (1 + the color's index; 0: none;
/// [`PURIFIED`]).
#[derive(Clone, Copy, Debug, Default)]
struct Ic {
    item: u32,
    color: u32,
}

/// The `K` of the search loops whose options have lengths that differ:
/// an option's other nodes are walked in two counted loops over its span
/// instead of testing every node for the spacer (as in the colored links).
const SPANS: usize = 1;

/// The links of a min-cost search.
struct Arena {
    link: Vec<Link>,
    ic: Vec<Ic>,
    /// For each node, the first node of its option and the option's spacer.
    spans: Vec<[u32; 2]>,
    /// The place of each node in its option (capped at 255), for
    /// [`Arena::place_in_option`].
    place: Vec<u8>,
    /// Visible options in each item's list.
    len: Vec<u32>,
    /// Bit `c % 64` of word `c / 64` is set while primary item `c` is
    /// active (DLX5's list of items, in index order).
    active: Vec<u64>,
    n_items: u32,
    n_primary: u32,
    /// How the loops walk an option: the shared length of all options (2
    /// to 7), [`SPANS`], or 0 (walk to the spacer).
    uniform: u32,
    /// Primary items no option has two of (see [`CostSearch::disjoint_bound`]);
    /// empty unless asked for.
    disjoint: Vec<u32>,
    /// The taxes taken off the options' costs, added back to every total.
    total_tax: u64,
    /// Items covered plus option nodes unlinked.
    updates: u64,
}

impl Arena {
    /// Builds the links of `p`: taxes, then every item's list sorted by net
    /// cost. Options without a primary item are left out of the lists, as
    /// DLX5 drops them.
    fn build(p: &Problem) -> Result<Arena, CostError> {
        let items = p.links.items();
        let n = p.item_count();
        let primary = p.primary_count();
        // The options' ranges of nodes, in order (option ids follow them).
        let mut ranges: Vec<(usize, usize)> = Vec::with_capacity(p.option_count());
        let mut first = n + 1;
        while first < items.len() {
            let end = first + items[first..].iter().position(|&s| s == SPACER).unwrap();
            ranges.push((first, end));
            first = end + 1;
        }
        debug_assert_eq!(ranges.len(), p.option_count());
        let is_primary = |x: usize| (items[x].0 as usize) < primary;
        // The bound on totals: per primary item, the dearest option whose
        // first primary item it is. Chosen options have distinct first
        // primary items, so no total exceeds the sum.
        let mut dearest = vec![0u64; primary];
        for (o, &(first, end)) in ranges.iter().enumerate() {
            if let Some(x) = (first..end).find(|&x| is_primary(x)) {
                let d = &mut dearest[items[x].0 as usize];
                *d = (*d).max(p.cost(OptionId::new(o)));
            }
        }
        let bound: u128 = dearest.iter().map(|&d| u128::from(d)).sum();
        if bound >= u128::from(INFINITE) {
            return Err(CostError::Overflow);
        }
        // Each item's options (those with a primary item), in input order.
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut option_of = vec![u32::MAX; items.len()];
        for (o, &(first, end)) in ranges.iter().enumerate() {
            if (first..end).any(is_primary) {
                for x in first..end {
                    lists[items[x].0 as usize].push(x as u32);
                    option_of[x] = o as u32;
                }
            }
        }
        // Taxes, item by item: each takes the least net cost of its options
        // off all of them.
        let mut net: Vec<u64> = (0..ranges.len())
            .map(|o| p.cost(OptionId::new(o)))
            .collect();
        let mut total_tax = 0u64;
        for list in &lists[..primary] {
            let net_of = |x: u32| net[option_of[x as usize] as usize];
            let Some(tax) = list.iter().map(|&x| net_of(x)).min() else {
                continue;
            };
            if tax > 0 {
                // Every solution pays each tax, so the sum is at most a
                // total, which the bound keeps below `INFINITE` (when no
                // solution exists, it is never added to one).
                total_tax = total_tax.saturating_add(tax);
                for &x in list {
                    net[option_of[x as usize] as usize] -= tax;
                }
            }
        }
        let mut cost = vec![0u64; items.len()];
        let mut ic = vec![Ic::default(); items.len()];
        for (x, (&s, i)) in items.iter().zip(&mut ic).enumerate() {
            i.item = s.0;
            i.color = p.colors.get(x).copied().unwrap_or(0);
            if let Some(&o) = option_of.get(x).filter(|&&o| o != u32::MAX) {
                cost[x] = net[o as usize];
            }
        }
        let mut link = vec![Link::default(); items.len()];
        let mut len = vec![0u32; n];
        for (c, list) in lists.iter_mut().enumerate() {
            // A stable sort: options of one cost keep their input order.
            list.sort_by_key(|&x| cost[x as usize]);
            len[c] = list.len() as u32;
            let mut prev = c as u32;
            for &x in list.iter() {
                link[prev as usize].down = x;
                link[prev as usize].down_cost = cost[x as usize];
                link[x as usize].up = prev;
                prev = x;
            }
            link[prev as usize].down = c as u32;
            link[prev as usize].down_cost = INFINITE;
            link[c].up = prev;
        }
        // Spacers: `up` is the first node of the option before, `down` the
        // last node of the option after.
        let mut spans = vec![[0u32; 2]; items.len()];
        let mut place = vec![0u8; items.len()];
        for &(first, end) in &ranges {
            link[first - 1].down = end as u32 - 1;
            link[end].up = first as u32;
            spans[first..end].fill([first as u32, end as u32]);
            for (j, p) in place[first..end].iter_mut().enumerate() {
                *p = j.min(255) as u8;
            }
        }
        let mut lengths = ranges.iter().map(|&(first, end)| end - first);
        let uniform = match lengths.next() {
            Some(k) if (2..=7).contains(&k) && lengths.all(|l| l == k) => k as u32,
            _ => SPANS as u32,
        };
        let mut active = vec![u64::MAX; primary.div_ceil(64)];
        if primary % 64 != 0 {
            if let Some(last) = active.last_mut() {
                *last = (1 << (primary % 64)) - 1;
            }
        }
        Ok(Arena {
            link,
            ic,
            spans,
            place,
            len,
            active,
            n_items: n as u32,
            n_primary: primary as u32,
            uniform,
            disjoint: Vec::new(),
            total_tax,
            updates: 0,
        })
    }

    #[inline(always)]
    fn lk(&self, x: u32) -> Link {
        debug_assert!((x as usize) < self.link.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.link.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn lk_mut(&mut self, x: u32) -> &mut Link {
        debug_assert!((x as usize) < self.link.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.link.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    fn ic(&self, x: u32) -> Ic {
        debug_assert!((x as usize) < self.ic.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.ic.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn set_color(&mut self, x: u32, color: u32) {
        debug_assert!((x as usize) < self.ic.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.ic.get_unchecked_mut(x as usize).color = color };
    }

    /// The first node of the option of node `x` and `x`'s place in it,
    /// when every option has `K` nodes: a mask where `K + 1` is a power of
    /// two, else a lookup (as in the plain links' `place_in_option`).
    #[inline(always)]
    fn place_in_option<const K: usize>(&self, x: u32) -> (u32, u32) {
        place_in_uniform::<K>(x, self.n_items, &self.place)
    }

    #[inline(always)]
    fn span(&self, x: u32) -> [u32; 2] {
        debug_assert!((x as usize) < self.spans.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.spans.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, c: u32) -> &mut u32 {
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.len.get_unchecked_mut(c as usize) }
    }

    /// Chooses the items of [`Arena::disjoint`] greedily: the primary items
    /// by decreasing length (index order on ties), each taken unless an
    /// option has it and an item taken before.
    fn choose_disjoint(&mut self) {
        let primary = self.n_primary as usize;
        let mut order: Vec<u32> = (0..self.n_primary).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(self.len[c as usize]));
        let mut blocked = vec![false; primary];
        for c in order {
            if blocked[c as usize] || self.len[c as usize] == 0 {
                continue;
            }
            self.disjoint.push(c);
            let mut r = self.lk(c).down;
            while r != c {
                self.for_others::<0>(r, |_, _, node| {
                    if (node.item as usize) < primary {
                        blocked[node.item as usize] = true;
                    }
                });
                r = self.lk(r).down;
            }
        }
        self.disjoint.sort_unstable();
    }

    /// A lower bound on the net cost still to pay: the sum, over the
    /// active items of [`Arena::disjoint`], of the cheapest option left in
    /// each list (saturated: an empty list is infinite). No option covers
    /// two of them, so a solution pays each with a different option.
    #[inline]
    fn disjoint_bound(&self) -> u64 {
        let mut sum = 0u64;
        for &c in &self.disjoint {
            if self.active[c as usize / 64] & (1 << (c % 64)) != 0 {
                sum = sum.saturating_add(self.lk(c).down_cost);
            }
        }
        sum
    }

    /// Is every primary item covered?
    #[inline]
    fn all_covered(&self) -> bool {
        self.active.iter().all(|&w| w == 0)
    }

    /// Calls `f` with each node of the option of `x` but `x` and its item
    /// and color, left to right from `x`, wrapping around: when every
    /// option has `K` nodes (`K` > 1) found by arithmetic (option `o`
    /// starts at node `n_items + 1 + o·(K + 1)`), with [`SPANS`] by the
    /// option's span, and with 0 by walking to the spacer.
    #[inline(always)]
    fn for_others<const K: usize>(&mut self, x: u32, mut f: impl FnMut(&mut Self, u32, Ic)) {
        if K == 0 {
            let mut nn = x + 1;
            while nn != x {
                let node = self.ic(nn);
                if node.item == SPACER.0 {
                    nn = self.lk(nn).up;
                    continue;
                }
                f(self, nn, node);
                nn += 1;
            }
        } else if K == SPANS {
            let [first, end] = self.span(x);
            for nn in x + 1..end {
                f(self, nn, self.ic(nn));
            }
            for nn in first..x {
                f(self, nn, self.ic(nn));
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..k {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                f(self, nn, self.ic(nn));
            }
        }
    }

    /// [`Arena::for_others`] right to left.
    #[inline(always)]
    fn for_others_rev<const K: usize>(&mut self, x: u32, mut f: impl FnMut(&mut Self, u32, Ic)) {
        if K == 0 {
            let mut nn = x - 1;
            while nn != x {
                let node = self.ic(nn);
                if node.item == SPACER.0 {
                    nn = self.lk(nn).down;
                    continue;
                }
                f(self, nn, node);
                nn -= 1;
            }
        } else if K == SPANS {
            let [first, end] = self.span(x);
            for nn in (first..x).rev() {
                f(self, nn, self.ic(nn));
            }
            for nn in (x + 1..end).rev() {
                f(self, nn, self.ic(nn));
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in (1..k).rev() {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                f(self, nn, self.ic(nn));
            }
        }
    }

    /// Hides the option of node `r` from the lists of its other items,
    /// except at purified items (their lists are frozen).
    #[inline(always)]
    fn hide<const K: usize>(&mut self, r: u32) {
        let mut updates = 0;
        self.for_others::<K>(r, |a, x, node| {
            if node.color != PURIFIED {
                let Link {
                    up,
                    down,
                    down_cost,
                } = a.lk(x);
                let above = a.lk_mut(up);
                above.down = down;
                above.down_cost = down_cost;
                a.lk_mut(down).up = up;
                *a.len_mut(node.item) -= 1;
                updates += 1;
            }
        });
        self.updates += updates;
    }

    /// Undoes [`Arena::hide`]; `cost` is the option's net cost.
    #[inline(always)]
    fn unhide<const K: usize>(&mut self, r: u32, cost: u64) {
        self.for_others::<K>(r, |a, x, node| {
            if node.color != PURIFIED {
                let Link { up, down, .. } = a.lk(x);
                let above = a.lk_mut(up);
                above.down = x;
                above.down_cost = cost;
                a.lk_mut(down).up = x;
                *a.len_mut(node.item) += 1;
            }
        });
    }

    /// Covers item `c`: deactivates it and hides the options of its list
    /// whose net cost is below `thresh` (the list is sorted: the walk stops
    /// at the first that is not).
    #[inline]
    fn cover<const K: usize>(&mut self, c: u32, thresh: u64) {
        if c < self.n_primary {
            self.active[c as usize / 64] &= !(1 << (c % 64));
        }
        self.updates += 1;
        // `l` is the record above the next option to hide. Hiding an option
        // leaves its node in `c`'s list as it is, so the walk reads the
        // next record before it hides: the load does not wait on the
        // stores.
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let r = l.down;
            l = self.lk(r);
            self.hide::<K>(r);
        }
    }

    /// Undoes [`Arena::cover`] with the same threshold. The options are
    /// restored in the order they were hidden, which is as good as the
    /// reverse (Knuth's remark in DLX5) and lets the walk stop at the
    /// threshold.
    #[inline]
    fn uncover<const K: usize>(&mut self, c: u32, thresh: u64) {
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let (r, cost) = (l.down, l.down_cost);
            l = self.lk(r);
            self.unhide::<K>(r, cost);
        }
        if c < self.n_primary {
            self.active[c as usize / 64] |= 1 << (c % 64);
        }
    }

    /// Purifies the item of node `p` with `p`'s color (DLX2), for the
    /// options of its list below `thresh`: those of another color are
    /// hidden, those of the same color marked [`PURIFIED`].
    #[inline]
    fn purify<const K: usize>(&mut self, p: u32, thresh: u64) {
        let Ic { item: c, color } = self.ic(p);
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let r = l.down;
            l = self.lk(r);
            if self.ic(r).color != color {
                self.hide::<K>(r);
            } else if r != p {
                self.set_color(r, PURIFIED);
            }
        }
    }

    /// Undoes [`Arena::purify`] with the same threshold.
    #[inline]
    fn unpurify<const K: usize>(&mut self, p: u32, thresh: u64) {
        let Ic { item: c, color } = self.ic(p);
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let (r, cost) = (l.down, l.down_cost);
            l = self.lk(r);
            if self.ic(r).color == PURIFIED {
                self.set_color(r, color);
            } else if r != p {
                self.unhide::<K>(r, cost);
            }
        }
    }

    /// Covers or purifies the other items of the option of node `cur`, left
    /// to right.
    #[inline]
    fn commit_others<const K: usize>(&mut self, cur: u32, thresh: u64) {
        self.for_others::<K>(cur, |a, x, Ic { item, color }| {
            if color == 0 {
                a.cover::<K>(item, thresh);
            } else if color != PURIFIED {
                a.purify::<K>(x, thresh);
            }
        });
    }

    /// Undoes [`Arena::commit_others`], right to left.
    #[inline]
    fn uncommit_others<const K: usize>(&mut self, cur: u32, thresh: u64) {
        self.for_others_rev::<K>(cur, |a, x, Ic { item, color }| {
            if color == 0 {
                a.uncover::<K>(item, thresh);
            } else if color != PURIFIED {
                a.unpurify::<K>(x, thresh);
            }
        });
    }

    /// DLX5's choice of an item, for a partial solution that may still
    /// spend less than `budget`: the active primary item with the fewest
    /// options below the budget (counted up to [`LEN_THRESHOLD`], past
    /// which its length stands in), ties to the item whose cheapest option
    /// costs more, then to the leftmost. `None` when no primary item is
    /// active; a count of 0 when some item has no usable option (a dead
    /// end).
    #[inline(always)]
    fn choose(&self, budget: u64) -> Option<(u32, u32)> {
        let mut best = None;
        let (mut t, mut dearest) = (u32::MAX, 0u64);
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            'items: while bits != 0 {
                let c = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let head = self.lk(c);
                // An empty list has `down_cost` infinite: no usable option.
                let min = head.down_cost;
                if min >= budget {
                    return Some((c, 0));
                }
                let mut l = self.lk(head.down);
                let mut s = 1;
                // `l` is the record of the s-th usable option.
                while l.down_cost < budget {
                    if s == t {
                        // More usable options than the best so far.
                        continue 'items;
                    }
                    if s >= LEN_THRESHOLD {
                        s = self.len[c as usize];
                        break;
                    }
                    l = self.lk(l.down);
                    s += 1;
                }
                if s < t || (s == t && min > dearest) {
                    (t, dearest, best) = (s, min, Some(c));
                }
            }
        }
        best.map(|c| (c, t))
    }
}

/// The search's state: its levels, the best costs found, its counts.
struct Search {
    /// The node chosen at each level.
    choice: Vec<u32>,
    /// The net cost of the options chosen above each level.
    partcost: Vec<u64>,
    /// The threshold each level covered its item with.
    thresh0: Vec<u64>,
    /// The threshold each level committed its option's other items with.
    thresh: Vec<u64>,
    /// The `k` least net costs found, largest on top, each with the slot
    /// of `found` that holds its solution.
    heap: BinaryHeap<(u64, usize)>,
    /// The nodes of the solutions in the heap.
    found: Vec<Vec<u32>>,
    k: usize,
    nodes: u64,
    node_limit: u64,
    /// The deadline and cancellation handle, if any, read when the node
    /// count reaches `check_at` (the node limit, or the end of the current
    /// slice of about a millisecond, whichever is first).
    watch: Option<Watch>,
    check_at: u64,
    slice_start: Instant,
    /// Solutions found (each beat the cutoff of its time).
    count: u64,
}

impl Search {
    fn new(arena: &Arena, k: usize, node_limit: u64) -> Search {
        // Each level covers a primary item: at most that many levels.
        let levels = arena.n_primary as usize + 1;
        Search {
            choice: vec![0; levels],
            partcost: vec![0; levels],
            thresh0: vec![0; levels],
            thresh: vec![0; levels],
            heap: BinaryHeap::new(),
            found: Vec::new(),
            k,
            nodes: 0,
            node_limit,
            watch: None,
            check_at: node_limit,
            slice_start: Instant::now(),
            count: 0,
        }
    }

    /// At `check_at` nodes: the outcome that stops the search (the node
    /// limit, the deadline or the cancellation), or `None` and the end of
    /// the next slice set.
    #[cold]
    fn pause(&mut self) -> Option<Outcome> {
        if self.nodes >= self.node_limit {
            return Some(Outcome::NodeLimit);
        }
        let watch = self.watch.as_mut()?;
        if let Some(halt) = watch.halt() {
            return Some(match halt {
                Halt::Deadline => Outcome::Deadline,
                Halt::Cancelled => Outcome::Cancelled,
            });
        }
        let now = Instant::now();
        watch.adapt(watch.slice, now - self.slice_start);
        self.slice_start = now;
        self.check_at = self.node_limit.min(self.nodes.saturating_add(watch.slice));
        None
    }

    /// The net cost a solution must beat: the `k`-th least found, or
    /// infinite while fewer are known.
    #[inline]
    fn cutoff(&self) -> u64 {
        if self.heap.len() < self.k {
            INFINITE
        } else {
            self.heap.peek().map_or(INFINITE, |&(c, _)| c)
        }
    }

    /// Keeps the solution `choice[..depth]` of net cost `cost`, which
    /// beats the cutoff: in a new slot while fewer than `k` are kept, else
    /// in place of the dearest.
    fn record(&mut self, cost: u64, depth: usize) {
        let nodes = &self.choice[..depth];
        if self.heap.len() < self.k {
            self.heap.push((cost, self.found.len()));
            self.found.push(nodes.to_vec());
        } else if let Some(mut top) = self.heap.peek_mut() {
            let slot = top.1;
            *top = (cost, slot);
            let kept = &mut self.found[slot];
            kept.clear();
            kept.extend_from_slice(nodes);
        }
        self.count += 1;
    }

    /// DLX5's search, to the end or the node limit, on options of `K`
    /// nodes (see [`Arena::for_others`]).
    fn run<const K: usize>(&mut self, a: &mut Arena) -> Outcome {
        #[derive(Clone, Copy)]
        enum At {
            Forward,
            Advance,
            Backup,
            Backdown,
            Recover,
        }
        let mut level = 0usize;
        let mut cur_cost = 0u64;
        let mut next_cost = 0u64;
        let mut cur = 0u32;
        let mut best = 0u32;
        let mut at = At::Forward;
        loop {
            match at {
                At::Forward => {
                    // X2-X3: enter a level and choose its item.
                    if self.nodes >= self.check_at {
                        if let Some(outcome) = self.pause() {
                            return outcome;
                        }
                    }
                    self.nodes += 1;
                    let cutoff = self.cutoff();
                    if !a.disjoint.is_empty() && a.disjoint_bound() >= cutoff - cur_cost {
                        at = At::Backdown;
                        continue;
                    }
                    let Some((c, t)) = a.choose(cutoff - cur_cost) else {
                        // No primary item at all: the empty solution (the
                        // search checks for solutions after each option
                        // below the root).
                        self.nodes += 1;
                        self.record(0, 0);
                        return Outcome::Complete;
                    };
                    if t == 0 {
                        at = At::Backdown;
                        continue;
                    }
                    best = c;
                    self.partcost[level] = cur_cost;
                    let head = a.lk(best);
                    cur = head.down;
                    self.choice[level] = cur;
                    next_cost = cur_cost + head.down_cost;
                    // Below, nothing costing this much more is affordable.
                    self.thresh0[level] = cutoff - next_cost;
                    a.cover::<K>(best, self.thresh0[level]);
                    at = At::Advance;
                }
                At::Advance => {
                    // X5: try the option `cur`, which is affordable.
                    let thresh = self.cutoff() - next_cost;
                    self.thresh[level] = thresh;
                    a.commit_others::<K>(cur, thresh);
                    if a.all_covered() {
                        self.nodes += 1;
                        self.record(next_cost, level + 1);
                        at = At::Recover;
                        continue;
                    }
                    level += 1;
                    cur_cost = next_cost;
                    at = At::Forward;
                }
                At::Backup => {
                    // X7: restore the level's item.
                    a.uncover::<K>(best, self.thresh0[level]);
                    at = At::Backdown;
                }
                At::Backdown => {
                    // X8: go up a level.
                    if level == 0 {
                        return Outcome::Complete;
                    }
                    level -= 1;
                    cur = self.choice[level];
                    best = a.ic(cur).item;
                    cur_cost = self.partcost[level];
                    at = At::Recover;
                }
                At::Recover => {
                    // X6: undo `cur` and try the next option, if affordable.
                    a.uncommit_others::<K>(cur, self.thresh[level]);
                    let l = a.lk(cur);
                    cur = l.down;
                    self.choice[level] = cur;
                    next_cost = cur_cost.saturating_add(l.down_cost);
                    // The header's `down_cost` is infinite: past the last
                    // option the level is done too.
                    at = if next_cost >= self.cutoff() {
                        At::Backup
                    } else {
                        At::Advance
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options `(items, cost)` over `primary` primary items.
    fn problem(primary: usize, options: &[(&[usize], u64)]) -> Problem {
        let mut p = Problem::new(primary, 0);
        for &(items, cost) in options {
            let o = p
                .add_option(items.iter().map(|&i| crate::Item::new(i)))
                .unwrap();
            p.set_cost(o, cost);
        }
        p
    }

    #[test]
    fn taxes_are_added_back() {
        // a b; {a} 5, {b} 7, {a b} 13: taxes 5 and 7, net costs 0, 0, 1.
        let p = problem(2, &[(&[0], 5), (&[1], 7), (&[0, 1], 13)]);
        let arena = Arena::build(&p).unwrap();
        assert_eq!(arena.total_tax, 12);
        let costs: Vec<u64> = p.best(3).unwrap().iter().map(|s| s.cost).collect();
        assert_eq!(costs, [12, 13]);
    }

    #[test]
    fn lists_are_sorted_stably_by_net_cost() {
        let p = problem(1, &[(&[0], 4), (&[0], 2), (&[0], 4), (&[0], 2)]);
        let arena = Arena::build(&p).unwrap();
        let mut x = arena.link[0].down;
        let mut order = Vec::new();
        let mut costs = vec![arena.link[0].down_cost];
        while x != 0 {
            order.push(p.option_of(Node(x)).index());
            costs.push(arena.link[x as usize].down_cost);
            x = arena.link[x as usize].down;
        }
        assert_eq!(order, [1, 3, 0, 2]);
        // The item's tax is 2: net costs 0, 0, 2, 2, then the header.
        assert_eq!(costs, [0, 0, 2, 2, INFINITE]);
    }

    #[test]
    fn overflowing_costs_are_an_error() {
        let p = problem(2, &[(&[0], u64::MAX / 2 + 1), (&[1], u64::MAX / 2)]);
        assert_eq!(p.min_cost(), Err(CostError::Overflow));
        // Alternatives for one item never add up.
        let p = problem(1, &[(&[0], u64::MAX - 1), (&[0], u64::MAX - 1)]);
        assert_eq!(p.min_cost().unwrap().unwrap().cost, u64::MAX - 1);
    }

    #[test]
    fn the_links_are_restored() {
        let mut p = problem(
            4,
            &[
                (&[0, 1], 3),
                (&[2, 3], 1),
                (&[0], 1),
                (&[1, 2], 1),
                (&[3], 2),
                (&[1], 0),
                (&[2], 5),
            ],
        );
        p.add_option([crate::Item::new(0), crate::Item::new(3)])
            .unwrap();
        let mut arena = Arena::build(&p).unwrap();
        let before: Vec<(u32, u32)> = arena.link.iter().map(|l| (l.up, l.down)).collect();
        let lens = arena.len.clone();
        let mut s = Search::new(&arena, 2, u64::MAX);
        assert_eq!(s.run::<0>(&mut arena), Outcome::Complete);
        assert_eq!(s.heap.len(), 2);
        let after: Vec<(u32, u32)> = arena.link.iter().map(|l| (l.up, l.down)).collect();
        assert_eq!(before, after);
        assert_eq!(lens, arena.len);
        assert!(arena.active.iter().all(|&w| w == 0b1111));
    }
}

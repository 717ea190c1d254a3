//! Building an exact-cover problem: items, options, and the checks on them.
//!
//! `impl Problem` here holds building and reading back. Its doors into each
//! job sit with the job, one `impl Problem` block each:
//!
//! | methods | file |
//! |---|---|
//! | `solver`, `count`, `count_up_to`, `count_with_stats`, `first_solution`, `uniqueness`, `solutions` | `solver/solutions.rs` |
//! | `parts`, `cut`, `cut_iter` | `solver/split.rs` |
//! | `min_cost`, `best` | `engine/cost/mod.rs` |
//! | `zdd`, `zdd_with` | `engine/memo/mod.rs` |
//! | `reduce` | `reduce.rs` |

use std::error::Error;
use std::fmt;

use crate::engine::arena::{ItemIx, Node, MAX_NODES, SPACER};
use crate::engine::exact::{Links, FLAGGED};
use crate::engine::lazy::LazyLinks;
use crate::engine::levels::State;
use crate::engine::work::{Pending, Work};
use crate::engine::Kind;
use crate::index::{Color, Item, OptionId};
use crate::outcome::ForceError;

/// Options of up to this many items are checked without the per-item
/// stamps.
const SHORT: usize = 8;

/// An exact-cover problem, stored as dancing links ready to search.
///
/// A problem has *primary* items, which a solution must cover exactly once,
/// and *secondary* items, which it may cover at most once. Each *option* is a
/// set of items; a solution is a set of options.
///
/// Building may allocate; searching never does. [`Problem::reset`](crate::Problem::reset) empties a
/// problem but keeps its buffers, so a program that solves many small
/// problems (one Sudoku after another) allocates only for the first.
///
/// # Example
///
/// The example of Knuth's TAOCP 7.2.2.1, (5): seven items, six options, one
/// exact cover.
///
/// ```
/// use dlx_core::{OptionId, Problem};
///
/// let mut p = Problem::new(7, 0);
/// let it = |i: usize| p.primary(i);
/// let options = [
///     vec![it(2), it(4)],        // c e
///     vec![it(0), it(3), it(6)], // a d g
///     vec![it(1), it(2), it(5)], // b c f
///     vec![it(0), it(3), it(5)], // a d f
///     vec![it(1), it(6)],        // b g
///     vec![it(3), it(4), it(6)], // d e g
/// ];
/// for o in &options {
///     p.add_option(o.iter().copied()).unwrap();
/// }
/// let mut solution = p.first_solution().expect("one cover exists");
/// solution.sort();
/// assert_eq!(solution, [OptionId::new(0), OptionId::new(3), OptionId::new(4)]);
/// assert_eq!(p.count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Problem {
    primary: u32,
    secondary: u32,
    pub(crate) links: Links,
    /// First node of each option, plus one past the last option's spacer.
    option_start: Vec<Node>,
    /// Per-item stamp used to detect an item repeated in one option.
    seen: Vec<u32>,
    stamp: u32,
    /// The items of a long option being checked.
    scratch: Vec<ItemIx>,
    /// The color code of each node (1 + the color's index; 0: none), empty
    /// while no option has a color and shorter than the nodes when the last
    /// options have none.
    pub(crate) colors: Vec<u32>,
    /// The cost of each option (Knuth's DLX5), empty while no option has
    /// one and shorter than the options when the last ones cost 0. Only
    /// the min-cost search (`engine::cost`) reads it.
    costs: Vec<u64>,
    /// The bounds `(lo, hi)` of each primary item, empty while every item
    /// is exactly once; shorter than the primary items when the last ones
    /// are.
    bounds: Vec<(u32, u32)>,
    /// The search's working state, kept with the problem (see
    /// [`Work`]).
    pub(crate) work: Work,
}

/// Why an option could not be added to a [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// The option names an item that the problem does not have.
    UnknownItem {
        /// The offending item.
        item: Item,
        /// How many items the problem has.
        items: usize,
    },
    /// The option lists the same item twice.
    RepeatedItem {
        /// The repeated item.
        item: Item,
    },
    /// The option has no items at all.
    EmptyOption,
    /// The problem would have more than `u32::MAX` nodes.
    TooLarge,
    /// A color on a primary item (only secondary items take colors).
    ColorOnPrimary {
        /// The primary item.
        item: Item,
    },
    /// Bounds on a secondary item (only primary items have them).
    BoundsOnSecondary {
        /// The secondary item.
        item: Item,
    },
    /// A lower bound above the upper bound.
    LowerAboveUpper {
        /// The item.
        item: Item,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// An upper bound of 0 (an item no option may cover is no item).
    ZeroUpperBound {
        /// The item.
        item: Item,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BuildError::UnknownItem { item, items } => {
                write!(f, "unknown item {item} (the problem has {items} items)")
            }
            BuildError::RepeatedItem { item } => {
                write!(f, "item {item} appears twice in one option")
            }
            BuildError::EmptyOption => f.write_str("an option must contain at least one item"),
            BuildError::TooLarge => f.write_str("the problem has more than 2^32 - 1 nodes"),
            BuildError::ColorOnPrimary { item } => write!(
                f,
                "item {item} is primary and cannot take a color (only secondary items can)"
            ),
            BuildError::BoundsOnSecondary { item } => write!(
                f,
                "item {item} is secondary and cannot have bounds (only primary items can)"
            ),
            BuildError::LowerAboveUpper { item, lo, hi } => write!(
                f,
                "bounds {lo}:{hi} of item {item}: the lower bound exceeds the upper"
            ),
            BuildError::ZeroUpperBound { item } => {
                write!(f, "item {item} has upper bound 0 (expected at least 1)")
            }
        }
    }
}

impl Error for BuildError {}

impl Problem {
    /// A problem with `primary` primary items, `secondary` secondary items
    /// and no options yet.
    ///
    /// # Panics
    /// If there are more than `u32::MAX - 2` items in all.
    pub fn new(primary: usize, secondary: usize) -> Problem {
        let mut p = Problem {
            primary: 0,
            secondary: 0,
            links: Links::default(),
            option_start: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
            scratch: Vec::new(),
            colors: Vec::new(),
            costs: Vec::new(),
            bounds: Vec::new(),
            work: Work::default(),
        };
        p.reset(primary, secondary);
        p
    }

    /// Empties the problem and gives it new item counts, keeping every
    /// buffer it has allocated.
    ///
    /// # Panics
    /// If there are more than `u32::MAX - 2` items in all.
    pub fn reset(&mut self, primary: usize, secondary: usize) {
        let total = primary
            .checked_add(secondary)
            .filter(|&n| n <= u32::MAX as usize - 2)
            .expect("too many items");
        self.primary = primary as u32;
        self.secondary = secondary as u32;
        self.links.reset(self.primary, self.secondary);
        self.option_start.clear();
        self.option_start.push(Node(self.links.node_count() as u32));
        if self.seen.len() < total {
            self.seen.resize(total, 0);
        }
        self.work.choice.clear();
        self.work.stop.clear();
        self.work.forced.clear();
        // The links were rebuilt: an abandoned search has nothing to undo.
        self.work.pending = None;
        self.colors.clear();
        self.costs.clear();
        self.bounds.clear();
        self.work.xcc_ready = false;
    }

    /// Uncovers whatever an abandoned search left covered.
    ///
    /// A [`Solver`](crate::Solver) that is dropped in the middle of a search does not undo
    /// its work at once: the next search or [`Problem::add_option`](crate::Problem::add_option) does it
    /// here, and [`Problem::reset`](crate::Problem::reset) skips it, which saves a one-shot caller
    /// (a Sudoku solved after another) the whole unwinding.
    #[inline]
    pub(crate) fn restore(&mut self) {
        if self.work.pending.is_some() {
            self.restore_pending();
        }
    }

    #[cold]
    fn restore_pending(&mut self) {
        let Some(Pending {
            state,
            level,
            ordered,
        }) = self.work.pending.take()
        else {
            return;
        };
        self.unwind(state, level, ordered);
        let links = &mut self.links;
        for &x in self.work.forced.iter().rev() {
            links.uncover_others::<FLAGGED, 0>(x);
            links.uncover::<FLAGGED, 0>(links.item[x]);
        }
        self.work.forced.clear();
    }

    /// Uncovers the levels of a search that stands at `level` in `state`,
    /// deepest first; `ordered` says whether they covered their options'
    /// items in the orders of `Work::order`. Returns how many levels
    /// there were.
    pub(crate) fn unwind(&mut self, state: State, level: usize, ordered: bool) -> usize {
        // The levels below `level` each hold an item and a tried option;
        // after a solution, `level` too.
        let depth = match state {
            State::Forward => level,
            State::Recover => level + 1,
            State::Done => 0,
        };
        let links = &mut self.links;
        // The look-ahead's takings-out are in the hide log only: its
        // levels are undone from there.
        let from_log = links.look.in_log;
        for (level, (&cur, &order)) in self.work.choice[..depth]
            .iter()
            .zip(&self.work.order[..depth])
            .enumerate()
            .rev()
        {
            if from_log && links.logged(level) {
                let marks = self.work.logged[level];
                links.uncover_others_logged::<FLAGGED, 0>(cur, marks.commit);
                links.uncover_logged::<FLAGGED>(links.item[cur], marks.open);
                continue;
            }
            if ordered {
                links.uncover_others_ordered(cur, order);
            } else {
                links.uncover_others::<FLAGGED, 0>(cur);
            }
            links.uncover::<FLAGGED, 0>(links.item[cur]);
        }
        depth
    }

    /// The options with a primary item (the others are never chosen), the
    /// nodes of those options, and how many of the nodes are of primary
    /// items: the shape that `fast` reads on colored problems (see
    /// `strategy::plan_for`).
    pub(crate) fn option_shape(&self) -> (usize, usize, usize) {
        let items = self.links.items();
        let first = self.item_count() + 1;
        let options = items.get(first..).unwrap_or(&[]).split(|&c| c == SPACER);
        options.fold((0, 0, 0), |(n, all, primary), o| {
            let p = o.iter().filter(|c| c.0 < self.primary).count();
            match p {
                0 => (n, all, primary),
                _ => (n + 1, all + o.len(), primary + p),
            }
        })
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary as usize
    }

    /// Number of secondary items.
    pub fn secondary_count(&self) -> usize {
        self.secondary as usize
    }

    /// Number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        (self.primary + self.secondary) as usize
    }

    /// Number of options added so far.
    pub fn option_count(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The `i`-th primary item.
    ///
    /// # Panics
    /// If `i >= self.primary_count()`.
    pub fn primary(&self, i: usize) -> Item {
        assert!(i < self.primary_count(), "primary item {i} out of range");
        Item::new(i)
    }

    /// The `j`-th secondary item.
    ///
    /// # Panics
    /// If `j >= self.secondary_count()`.
    pub fn secondary(&self, j: usize) -> Item {
        assert!(
            j < self.secondary_count(),
            "secondary item {j} out of range"
        );
        Item::new(self.primary_count() + j)
    }

    /// Is `item` one of the primary items?
    pub fn is_primary(&self, item: Item) -> bool {
        item.index() < self.primary_count()
    }

    /// Adds an option containing `items` (in any order) and returns its id.
    ///
    /// An option whose items are all secondary is kept (it has an id and can
    /// be [forced](crate::Solver::force)) but the search never chooses it, since
    /// Algorithm X only branches on primary items; this is why Knuth's DLX1
    /// drops such options.
    ///
    /// # Errors
    /// [`BuildError`] if an item is out of range or repeated, if `items` is
    /// empty, or if the problem grows past `u32` node indices. The problem is
    /// unchanged when an error is returned.
    pub fn add_option<I>(&mut self, items: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = Item>,
    {
        self.restore();
        self.work.xcc_ready = false;
        // Most options are short: check them in a local buffer (a repeat
        // by comparison) and link them in one go.
        let n = self.item_count();
        let mut buf = [ItemIx(0); SHORT];
        let mut k = 0;
        let mut has_primary = false;
        let mut items = items.into_iter();
        while let Some(item) = items.next() {
            if k == SHORT {
                let seen = buf.into_iter().map(|s| Item::new(s.0 as usize));
                return self.add_long_option(seen.chain([item]).chain(items));
            }
            let i = item.index();
            if i >= n {
                return Err(BuildError::UnknownItem { item, items: n });
            }
            let slot = ItemIx(i as u32);
            if buf[..k].contains(&slot) {
                return Err(BuildError::RepeatedItem { item });
            }
            has_primary |= i < self.primary_count();
            buf[k] = slot;
            k += 1;
        }
        if k == 0 {
            return Err(BuildError::EmptyOption);
        }
        if self.links.node_count() + k >= MAX_NODES {
            return Err(BuildError::TooLarge);
        }
        let id = OptionId::new(self.option_count());
        self.links
            .append_option(&buf[..k], has_primary, id.index() as u32);
        self.option_start.push(Node(self.links.node_count() as u32));
        Ok(id)
    }

    /// Adds options of `K` items each, in order, and returns the id of the
    /// first (the others follow it). The result is that of calling
    /// [`Problem::add_option`](crate::Problem::add_option) on each in turn, in a fraction of the time
    /// when there are many: a program that builds a problem per puzzle (a
    /// Sudoku's 4-item options) spends most of its set-up there.
    ///
    /// # Errors
    /// As [`Problem::add_option`](crate::Problem::add_option), for the first option it would reject.
    /// The problem is unchanged when an error is returned: either every
    /// option is added or none.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx_core::{Item, Problem};
    ///
    /// let mut p = Problem::new(4, 0);
    /// let it = Item::new;
    /// let first = p
    ///     .add_options(&[[it(0), it(1)], [it(2), it(3)], [it(1), it(2)]])
    ///     .unwrap();
    /// assert_eq!(first.index(), 0);
    /// assert_eq!(p.option_count(), 3);
    /// assert_eq!(p.count(), 1);
    /// assert!(p.add_options(&[[it(0), it(4)]]).is_err());
    /// assert_eq!(p.option_count(), 3);
    /// ```
    pub fn add_options<const K: usize>(
        &mut self,
        options: &[[Item; K]],
    ) -> Result<OptionId, BuildError> {
        let n = self.item_count();
        for items in options {
            if K == 0 {
                return Err(BuildError::EmptyOption);
            }
            if K > SHORT {
                // Long options: repeats by stamp, as in `add_long_option`.
                self.next_stamp();
            }
            for (j, &item) in items.iter().enumerate() {
                let i = item.index();
                if i >= n {
                    return Err(BuildError::UnknownItem { item, items: n });
                }
                let repeated = if K > SHORT {
                    std::mem::replace(&mut self.seen[i], self.stamp) == self.stamp
                } else {
                    items[..j].contains(&item)
                };
                if repeated {
                    return Err(BuildError::RepeatedItem { item });
                }
            }
        }
        let first = OptionId::new(self.option_count());
        if options.is_empty() {
            return Ok(first);
        }
        let nodes = options
            .len()
            .checked_mul(K + 1)
            .and_then(|m| m.checked_add(self.links.node_count()));
        if nodes.is_none_or(|m| m > MAX_NODES) {
            return Err(BuildError::TooLarge);
        }
        self.restore();
        self.work.xcc_ready = false;
        let start = self.links.node_count();
        self.links
            .append_options(options, self.primary, first.index() as u32);
        self.option_start
            .extend((1..=options.len()).map(|i| Node((start + i * (K + 1)) as u32)));
        Ok(first)
    }

    /// [`Problem::add_option`](crate::Problem::add_option) for an option of more than [`SHORT`] items:
    /// repeats are found with a stamp per item.
    fn add_long_option<I>(&mut self, items: I) -> Result<OptionId, BuildError>
    where
        I: Iterator<Item = Item>,
    {
        self.next_stamp();
        let n = self.item_count();
        let mut has_primary = false;
        self.scratch.clear();
        for item in items {
            let i = item.index();
            if i >= n {
                return Err(BuildError::UnknownItem { item, items: n });
            }
            if self.seen[i] == self.stamp {
                return Err(BuildError::RepeatedItem { item });
            }
            self.seen[i] = self.stamp;
            has_primary |= i < self.primary_count();
            self.scratch.push(ItemIx(i as u32));
        }
        if self.links.node_count() + self.scratch.len() >= MAX_NODES {
            return Err(BuildError::TooLarge);
        }
        let id = OptionId::new(self.option_count());
        self.links
            .append_option(&self.scratch, has_primary, id.index() as u32);
        self.option_start.push(Node(self.links.node_count() as u32));
        Ok(id)
    }

    /// Adds an option whose secondary items may have colors, and returns its
    /// id. Chosen options may share a secondary item when they all give it
    /// the same color; an entry without a color excludes every other option
    /// that has the item (Knuth's XCC problems, his program DLX2).
    ///
    /// # Errors
    /// As [`Problem::add_option`](crate::Problem::add_option), and [`BuildError::ColorOnPrimary`] for a
    /// color on a primary item. The problem is unchanged when an error is
    /// returned.
    ///
    /// # Example
    ///
    /// Two words cross at a cell: the cell is a secondary item colored by
    /// its letter, so only words that agree on it can both be chosen.
    ///
    /// ```
    /// use dlx_core::{Color, Problem};
    ///
    /// // Primary: across, down; secondary: the shared cell.
    /// let mut p = Problem::new(2, 1);
    /// let (across, down, cell) = (p.primary(0), p.primary(1), p.secondary(0));
    /// let letter = |c: char| Some(Color::new(c as usize));
    /// p.add_colored_option([(across, None), (cell, letter('a'))])?;
    /// p.add_colored_option([(across, None), (cell, letter('b'))])?;
    /// p.add_colored_option([(down, None), (cell, letter('b'))])?;
    /// p.add_colored_option([(down, None), (cell, letter('c'))])?;
    /// assert_eq!(p.count(), 1); // across and down both with 'b'
    /// # Ok::<(), dlx_core::BuildError>(())
    /// ```
    pub fn add_colored_option<I>(&mut self, entries: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = (Item, Option<Color>)>,
    {
        let mut codes: smallvec::SmallVec<[(Item, u32); SHORT]> = smallvec::SmallVec::new();
        for (item, color) in entries {
            if let Some(c) = color {
                if self.is_primary(item) {
                    return Err(BuildError::ColorOnPrimary { item });
                }
                codes.push((item, c.code()));
            } else {
                codes.push((item, 0));
            }
        }
        let id = self.add_option(codes.iter().map(|&(item, _)| item))?;
        if codes.iter().any(|&(_, c)| c != 0) {
            let (first, end) = self.option_range(id);
            self.colors.resize(end as usize, 0);
            for (x, &(_, c)) in (first..end).zip(&codes) {
                self.colors[x as usize] = c;
            }
        }
        Ok(id)
    }

    /// Sets how many chosen options must contain primary item `item`:
    /// between `lo` and `hi` (both included) instead of exactly one
    /// (Knuth's MCC problems, his program DLX3). A solution is a set of
    /// options, each chosen at most once. With `lo` = 0 the item may stay
    /// uncovered, which is not the same as a secondary item: an option needs
    /// a primary item to be chosen.
    ///
    /// # Errors
    /// [`BuildError::BoundsOnSecondary`], [`BuildError::UnknownItem`],
    /// [`BuildError::LowerAboveUpper`] and [`BuildError::ZeroUpperBound`];
    /// nothing changes then.
    ///
    /// Once any item has bounds, even exactly one, the problem is searched
    /// by Algorithm M ([`Kind::Multiplicities`]): the same solutions, and
    /// the statistics of DLX3.
    ///
    /// # Example
    ///
    /// Two queens in each row and column of a 4×4 board (no diagonal rule):
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// let n = 4;
    /// let mut p = Problem::new(2 * n, 0);
    /// for i in 0..2 * n {
    ///     p.set_bounds(p.primary(i), 2, 2)?;
    /// }
    /// for r in 0..n {
    ///     for c in 0..n {
    ///         p.add_option([p.primary(r), p.primary(n + c)])?;
    ///     }
    /// }
    /// assert_eq!(p.count(), 90); // the 4×4 0-1 matrices with all line sums 2
    /// # Ok::<(), dlx_core::BuildError>(())
    /// ```
    pub fn set_bounds(&mut self, item: Item, lo: u32, hi: u32) -> Result<(), BuildError> {
        if item.index() >= self.item_count() {
            let items = self.item_count();
            return Err(BuildError::UnknownItem { item, items });
        }
        if !self.is_primary(item) {
            return Err(BuildError::BoundsOnSecondary { item });
        }
        if hi == 0 {
            return Err(BuildError::ZeroUpperBound { item });
        }
        if lo > hi {
            return Err(BuildError::LowerAboveUpper { item, lo, hi });
        }
        let i = item.index();
        if self.bounds.len() <= i {
            self.bounds.resize(i + 1, (1, 1));
        }
        self.bounds[i] = (lo, hi);
        self.work.xcc_ready = false;
        Ok(())
    }

    /// The bounds `(lo, hi)` of primary item `item` (`(1, 1)` unless
    /// [`Problem::set_bounds`](crate::Problem::set_bounds) changed them); `None` for a secondary item.
    ///
    /// # Panics
    /// If `item` is not an item of this problem.
    pub fn bounds(&self, item: Item) -> Option<(u32, u32)> {
        assert!(item.index() < self.item_count(), "item {item} out of range");
        self.is_primary(item)
            .then(|| self.bounds.get(item.index()).copied().unwrap_or((1, 1)))
    }

    /// Is every primary item's bound exactly once (as when none was set, or
    /// a DLX3 file writes `1:1`)?
    pub(crate) fn bounds_are_exactly_once(&self) -> bool {
        self.bounds.iter().all(|&b| b == (1, 1))
    }

    /// The color of each item of option `o`, in the order of
    /// [`Problem::option_items`](crate::Problem::option_items) (`None` where it has none).
    ///
    /// # Panics
    /// If `o` is not an option of this problem.
    pub fn option_colors(&self, o: OptionId) -> impl ExactSizeIterator<Item = Option<Color>> + '_ {
        let (first, end) = self.option_range(o);
        (first..end).map(move |x| match self.colors.get(x as usize) {
            Some(&c) if c != 0 => Some(Color::new(c as usize - 1)),
            _ => None,
        })
    }

    /// Gives option `o` a cost (Knuth's DLX5): the cost of a solution is the
    /// sum of its options' costs, and [`Problem::min_cost`](crate::Problem::min_cost) and
    /// [`CostSearch`](crate::cost::CostSearch) look for the least. Options cost 0
    /// until given another cost. Costs change nothing else: counting and
    /// the other searches ignore them.
    ///
    /// # Panics
    /// If `o` is not an option of this problem.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// let mut p = Problem::new(2, 0);
    /// let (a, b) = (p.primary(0), p.primary(1));
    /// let both = p.add_option([a, b])?;
    /// p.add_option([a])?;
    /// p.add_option([b])?;
    /// p.set_cost(both, 5);
    /// assert_eq!(p.cost(both), 5);
    /// assert_eq!(p.count(), 2); // costs do not change the solutions
    /// let best = p.min_cost()?.expect("a solution");
    /// assert_eq!(best.cost, 0); // {a} and {b}
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_cost(&mut self, o: OptionId, cost: u64) {
        let i = o.index();
        assert!(i < self.option_count(), "option {i} out of range");
        if self.costs.len() <= i {
            if cost == 0 {
                return;
            }
            self.costs.resize(i + 1, 0);
        }
        self.costs[i] = cost;
    }

    /// The cost of option `o` (0 unless [`Problem::set_cost`](crate::Problem::set_cost) gave it one).
    ///
    /// # Panics
    /// If `o` is not an option of this problem.
    pub fn cost(&self, o: OptionId) -> u64 {
        let i = o.index();
        assert!(i < self.option_count(), "option {i} out of range");
        self.costs.get(i).copied().unwrap_or(0)
    }

    /// Which search the problem needs: see [`Kind`].
    pub fn kind(&self) -> Kind {
        if !self.bounds.is_empty() {
            Kind::Multiplicities
        } else if self.colors.iter().any(|&c| c != 0) {
            Kind::Colors
        } else {
            Kind::Exact
        }
    }

    /// Builds the lazy links (see `engine::lazy`) for a search of at most
    /// `levels` levels, if they suit the problem, and commits the forced
    /// options on them; returns whether they were built.
    pub(crate) fn prepare_lazy(&mut self, levels: usize) -> bool {
        let items = self.links.items();
        if !LazyLinks::suits(self.primary, items) {
            return false;
        }
        self.work
            .lazy
            .build(self.primary, items, &self.colors, levels);
        for &x in &self.work.forced {
            self.work.lazy.force(x.0);
        }
        true
    }

    /// Whether option `o` agrees by the rules with the options `forced`
    /// before it (no primary item over its upper bound, no option twice,
    /// secondary items uncolored in one option or of one color in all);
    /// if so, for each of `o`'s items, whether a forced option gave it
    /// `o`'s color already (it is then not purified again).
    pub(crate) fn agreeing_colors(
        &self,
        o: OptionId,
        forced: &[Node],
    ) -> Result<Vec<bool>, ForceError> {
        let forced: Vec<OptionId> = forced.iter().map(|&f| self.option_of(f)).collect();
        let mut colored = Vec::new();
        for (item, color) in self.option_items(o).zip(self.option_colors(o)) {
            let conflict = Err(ForceError::Conflict { option: o, item });
            let mut uses = 0u64;
            let mut same_color = false;
            for &f in &forced {
                if f == o {
                    return conflict;
                }
                for (i, c) in self.option_items(f).zip(self.option_colors(f)) {
                    if i != item {
                        continue;
                    }
                    uses += 1;
                    if !self.is_primary(item) && (color.is_none() || c != color) {
                        return conflict;
                    }
                    same_color = true;
                }
            }
            if let Some((_, hi)) = self.bounds(item) {
                if uses >= u64::from(hi) {
                    return conflict;
                }
            }
            colored.push(same_color && color.is_some());
        }
        Ok(colored)
    }

    /// Builds the colored links again with each item's options shortest
    /// first (see [`XccLinks::order_by_length`](crate::engine::xcc::XccLinks::order_by_length)) and commits the forced
    /// options on them, if the options' lengths differ; returns whether it
    /// did. `levels` is the depth the search may reach.
    pub(crate) fn prepare_by_length(&mut self, levels: usize) -> bool {
        if !self.work.xcc.mixed_lengths() {
            return false;
        }
        self.build_xcc(levels);
        self.work.xcc.order_by_length();
        for (k, &x) in self.work.forced.iter().enumerate() {
            let colored = self
                .agreeing_colors(self.option_of(x), &self.work.forced[..k])
                .expect("the forced options agreed when they were forced");
            self.work.xcc.force(x.0, &colored);
        }
        true
    }

    /// Builds the links of the colored or bounded search from the options
    /// unless they are built and at rest; `levels` is the depth the search
    /// may reach.
    pub(crate) fn prepare_xcc(&mut self, levels: usize) {
        if !self.work.xcc_ready {
            self.build_xcc(levels);
        }
        self.work.xcc_ready = false;
    }

    /// Builds the links of the colored or bounded search from the options.
    fn build_xcc(&mut self, levels: usize) {
        self.work.xcc.build(
            self.primary,
            self.links.items(),
            &self.colors,
            &self.bounds,
            levels,
        );
    }

    /// A stamp no entry of `seen` holds, for checking one option.
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// The items of option `o`, in the order they were given.
    ///
    /// # Panics
    /// If `o` is not an option of this problem.
    pub fn option_items(&self, o: OptionId) -> impl ExactSizeIterator<Item = Item> + '_ {
        let (first, end) = self.option_range(o);
        (first..end).map(move |n| Item::new(self.links.item[Node(n)].0 as usize))
    }

    /// Node range `first..end` of option `o` (its spacer excluded).
    fn option_range(&self, o: OptionId) -> (u32, u32) {
        let i = o.index();
        assert!(i < self.option_count(), "option {i} out of range");
        (self.option_start[i].0, self.option_start[i + 1].0 - 1)
    }

    /// The first node of option `o`.
    pub(crate) fn option_node(&self, o: OptionId) -> Node {
        Node(self.option_range(o).0)
    }

    /// The option that node `x` belongs to.
    #[inline]
    pub(crate) fn option_of(&self, x: Node) -> OptionId {
        OptionId::from(self.links.option[x])
    }
}

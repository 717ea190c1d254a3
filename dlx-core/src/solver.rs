//! Algorithm X on dancing links: an iterative, resumable search.

use std::error::Error;
use std::fmt;
use std::time::{Duration, Instant};

use crate::index::{Item, OptionId};
use crate::links::{
    Links, Node, Order, Slot, FLAGGED, IN_ORDER, IN_PLACE, NOT_EARLY, PLAIN, SHORTEST_FIRST,
    SPACER, TRACKED,
};
use crate::problem::{Kind, Part, Pending, Problem};
use crate::seed::{ranks, Rng};
use crate::stop::{Cancel, Halt, Watch};
use crate::xcc::Run;

/// Search statistics, counted as Knuth's DLX1 counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes entered, plus one per solution. (When the forced
    /// options already cover every primary item, the root is the solution
    /// and counts once.)
    pub nodes: u64,
    /// Items unlinked plus option nodes hidden, by `cover` (forced options
    /// included).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// What one call to [`Solver::next_solution`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; [`Solver::solution`] lists it.
    Found,
    /// The search tree is exhausted: there are no more solutions.
    Exhausted,
    /// The node limit stopped the search. Raising the limit with
    /// [`Solver::set_node_limit`] and calling again resumes it.
    NodeLimit,
    /// The deadline ([`Solver::set_deadline`]) stopped the search. Moving
    /// it on (or removing it) and calling again resumes it.
    Deadline,
    /// The cancellation handle ([`Solver::set_cancel`]) stopped the search.
    /// Resetting the handle and calling again resumes it.
    Cancelled,
}

impl Step {
    /// Is this [`Step::Found`]?
    pub fn is_found(self) -> bool {
        self == Step::Found
    }

    /// Did a limit stop the search (nodes, deadline or cancellation), so
    /// that it can be resumed?
    pub fn is_stopped(self) -> bool {
        matches!(self, Step::NodeLimit | Step::Deadline | Step::Cancelled)
    }
}

impl From<Halt> for Step {
    fn from(halt: Halt) -> Step {
        match halt {
            Halt::Deadline => Step::Deadline,
            Halt::Cancelled => Step::Cancelled,
        }
    }
}

/// Why a count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was counted.
    Complete,
    /// The solution limit was reached; there may be more.
    SolutionLimit,
    /// The node limit stopped the search; the count is a lower bound.
    NodeLimit,
    /// The deadline stopped the search; the count is a lower bound.
    Deadline,
    /// The cancellation handle stopped the search; the count is a lower
    /// bound.
    Cancelled,
}

impl Outcome {
    /// Was every solution counted?
    pub fn is_complete(self) -> bool {
        self == Outcome::Complete
    }

    /// Why a search that ended with `step` (not [`Step::Found`]) ended.
    fn of(step: Step) -> Outcome {
        match step {
            Step::Found => Outcome::SolutionLimit,
            Step::Exhausted => Outcome::Complete,
            Step::NodeLimit => Outcome::NodeLimit,
            Step::Deadline => Outcome::Deadline,
            Step::Cancelled => Outcome::Cancelled,
        }
    }
}

/// The result of [`Solver::count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found by this solver so far.
    pub solutions: u64,
    /// Why counting stopped.
    pub outcome: Outcome,
}

/// How many solutions a problem has, as far as it matters for puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution, given as its options (forced ones first).
    Unique(Vec<OptionId>),
    /// At least two solutions.
    Multiple,
    /// A limit (nodes, deadline or cancellation) stopped the search before
    /// the answer was known.
    Undecided,
}

/// The choice the search would make at the root, after the forced options:
/// see [`Solver::branch`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Every primary item is covered: the forced options are a solution.
    Solved,
    /// This primary item has no option left: there is no solution.
    DeadEnd(Item),
    /// The search branches on this item, trying these options in order;
    /// every solution contains exactly one of them.
    On(Item, Vec<OptionId>),
}

/// The work given away by [`Solver::split_off`].
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct SplitOff {
    /// The parts, each a list of options to force: every part extends the
    /// forced options of the search it came from.
    pub parts: Vec<Vec<OptionId>>,
    /// The share of that search's tree that each part stands for in
    /// Knuth's estimate (see [`Solver::progress`]): the product of `1/n`
    /// over the levels down to the part's, for levels with `n` options.
    pub share: f64,
}

/// Why an option could not be forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ForceError {
    /// The option shares an item with an option forced before it.
    Conflict {
        /// The option that could not be forced.
        option: OptionId,
        /// The item that is already covered.
        item: Item,
    },
    /// The option is not part of this problem.
    UnknownOption {
        /// The offending option.
        option: OptionId,
    },
    /// Options can only be forced before the search starts.
    SearchStarted,
    /// The part given to [`Solver::enter`] is not one of this problem's
    /// ([`Problem::cut`]), or options were forced before it.
    NotAPart,
}

impl fmt::Display for ForceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ForceError::Conflict { option, item } => write!(
                f,
                "option {option} conflicts with an option forced earlier (item {item} is already covered)"
            ),
            ForceError::UnknownOption { option } => write!(f, "option {option} does not exist"),
            ForceError::SearchStarted => {
                f.write_str("options can only be forced before the search starts")
            }
            ForceError::NotAPart => f.write_str("the part is not one of this problem's cut"),
        }
    }
}

impl Error for ForceError {}

/// Why [`Solver::set_seed`] refused a seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeedError {
    /// Options were forced already.
    OptionsForced,
    /// The search has begun.
    SearchStarted,
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeedError::OptionsForced => "a seed must be set before any option is forced",
            SeedError::SearchStarted => "a seed must be set before the search starts",
        })
    }
}

impl Error for SeedError {}

/// How the search picks the primary item to branch on.
///
/// Every rule finds the same solutions; they differ in the size of the
/// search tree and the cost of each node. On colored problems the rules
/// map onto Knuth's Algorithm C: `MinLength` is DLX2's rule, `First` the
/// leftmost item, `Early` backs up inside a commit as Knuth's SSXCC does,
/// and the others scan as `MinLengthUpToOne` (colored problems keep no
/// stack of short items). Bounded problems follow DLX3's rule under every
/// rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Branching {
    /// Knuth's rule in DLX1 (MRV): the leftmost active item whose list is
    /// shortest, scanning the items in order and stopping early only at
    /// length 0. Node and update counts equal DLX1's.
    #[default]
    MinLength,
    /// Like [`Branching::MinLength`], but the scan also stops at the first
    /// item of length 1. A forced choice is as good as any, and on problems
    /// where most nodes have one (Sudoku) the shorter scan is cheaper; the
    /// tree can differ from DLX1's when a length-0 item sits further right.
    MinLengthUpToOne,
    /// An item of length 0 or 1 whenever there is one, without a scan: the
    /// search keeps a stack of the items its covers shortened to length 1
    /// or 0 and takes the most recent one still active, except that an item
    /// a cover has just emptied comes first (a dead end found at once);
    /// when there is none, the scan of [`Branching::MinLengthUpToOne`]. The fastest rule on
    /// problems where most nodes are forced moves (Sudoku: about nine nodes
    /// in ten); the tree differs from DLX1's, and each cover pays a test.
    ShortFirst,
    /// Like [`Branching::ShortFirst`], but when no item has length 0 or 1
    /// the tie among the items of minimum length is broken by degree:
    /// of the first 8 of them in index order, the one whose options
    /// conflict with the most other options, measured as the sum of the
    /// lengths of their other items, so that each branch hides the most.
    /// The choice then costs a walk of those items' options, but the tree
    /// shrinks: the Sudoku solver's default, where it saves 28% of the
    /// nodes on the hardest puzzles (and its tree differs from
    /// `ShortFirst`'s). Counting all solutions of the engine benchmarks
    /// (queens, Langford pairs, pentominoes) it saves no time.
    ShortFirstDegree,
    /// The leftmost active item whatever its length: no heuristic at all, a
    /// baseline that shows what MRV is worth.
    First,
    /// The scan of [`Branching::MinLengthUpToOne`], with dead ends found
    /// while an option is tried rather than at the next node: trying an
    /// option first takes all its items out of the active ones, then covers
    /// them, and backs up at once (undoing what it did) when a cover leaves
    /// an active primary item with no option, as Knuth's dancing-cells
    /// solver SSXC1 does. Such an option is not a node: a node is a level
    /// entered, plus one per solution, so the tree has fewer nodes than
    /// DLX1's and the counts of nodes and updates are not DLX1's. Where the
    /// item lists are long (32 nodes an item on average or more), an
    /// option's items are covered shortest first, so that a dead end costs
    /// less work before it is found; that changes the updates, not the
    /// nodes. On colored problems whose options have three or more
    /// secondary items on average, on 32 options a secondary item or more
    /// (edge matching, word rectangles), the search leaves the secondary
    /// items out of the links: the same tree, faster there, with updates
    /// counted as items taken plus primary nodes unlinked. On other colored
    /// problems whose options' lengths differ, each item's options are
    /// tried shortest first (the links are built again when the search
    /// starts, for the life of the solver): the same tree in another order,
    /// so the solutions come in another order than DLX2's.
    Early,
    /// The rule the project recommends for speed, picked by the kind of
    /// problem from the measurements in `benches/README.md`: today
    /// [`Branching::Early`] on plain exact cover and on colored problems,
    /// DLX3's rule on bounded ones (which follow it under every rule). The
    /// solver resolves it when the rule is set.
    Fast,
}

impl Branching {
    /// Every rule, in the order of their [`Branching::name`]s.
    pub const ALL: [Branching; 7] = [
        Branching::MinLength,
        Branching::MinLengthUpToOne,
        Branching::ShortFirst,
        Branching::ShortFirstDegree,
        Branching::First,
        Branching::Early,
        Branching::Fast,
    ];

    /// The rule's short name, as `dlx --rule` takes it: `dlx1`, `up-to-one`,
    /// `short`, `degree`, `first`, `early`, `fast`.
    pub fn name(self) -> &'static str {
        match self {
            Branching::MinLength => "dlx1",
            Branching::MinLengthUpToOne => "up-to-one",
            Branching::ShortFirst => "short",
            Branching::ShortFirstDegree => "degree",
            Branching::First => "first",
            Branching::Early => "early",
            Branching::Fast => "fast",
        }
    }

    /// The rule the project recommends for speed: [`Branching::Fast`].
    pub const FAST: Branching = Branching::Fast;

    /// The rule of a short name (see [`Branching::name`]).
    ///
    /// ```
    /// use dlx_core::Branching;
    ///
    /// for rule in Branching::ALL {
    ///     assert_eq!(Branching::from_name(rule.name()), Some(rule));
    /// }
    /// assert_eq!(Branching::from_name("fast"), Some(Branching::FAST));
    /// assert_eq!(Branching::from_name("fastest"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Branching> {
        Branching::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Does the search under this rule keep the stack of short items (and
    /// the covered flag in the lengths)?
    pub(crate) fn is_short(self) -> bool {
        matches!(self, Branching::ShortFirst | Branching::ShortFirstDegree)
    }
}

/// Where the search machine stands; mirrors the labels of DLX1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Enter a new node of the search tree at `level` (DLX1 `forward`).
    Forward,
    /// Undo the option at `choice[level]` and move to the next (DLX1
    /// `recover`): the option just completed a solution.
    Recover,
    /// The tree is exhausted.
    Done,
}

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
    branching: Branching,
    nodes: u64,
    solutions: u64,
    updates_base: u64,
    /// The problem's kind, fixed for the life of the solver: which search
    /// loop runs and which links it dances on.
    kind: Kind,
    /// The level a replayed part of a bounded problem starts at (see
    /// [`Solver::replay_bounded`]); 0 otherwise.
    floor: usize,
    /// Was a seed set (see [`Solver::set_seed`])?
    seeded: bool,
    /// Does the colored search run on the lazy links (`lazy.rs`)? Decided
    /// when the search starts, for the life of the solver.
    lazy: bool,
    /// Are the colored links' lists in order of option length (see
    /// `XccLinks::order_by_length`)? Decided when the search starts, for
    /// the life of the solver.
    by_length: bool,
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
            p.xcc.choice_rule = crate::xcc::ColorChoice::of(Branching::default());
        } else if p.links.shuffled || !p.links.rank.is_empty() {
            // A seeded search left its order behind: back to DLX1's.
            p.links.relink(None);
            p.links.rank.clear();
        }
        p.choice.clear();
        p.choice.resize(depth, Node(0));
        p.stop.clear();
        p.stop.resize(depth, Node(0));
        p.mark.clear();
        p.mark.resize(depth, 0);
        p.order.clear();
        p.order.resize(depth, 0);
        p.links.short_top = 0;
        p.links.zero = SPACER;
        p.forced.clear();
        let updates_base = match kind {
            Kind::Exact => p.links.updates,
            _ => p.xcc.updates,
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
            branching: Branching::default(),
            nodes: 0,
            solutions: 0,
            updates_base,
            kind,
            floor: 0,
            seeded: false,
            lazy: false,
            by_length: false,
        }
    }

    /// Puts option `o` into every solution before the search starts (a
    /// Sudoku's clues, a partial tiling): its items are covered and the
    /// options that clash with it are hidden.
    ///
    /// # Errors
    /// [`ForceError::Conflict`] if the option shares an item with one forced
    /// before it (the problem then has no solution with both),
    /// [`ForceError::UnknownOption`] for an id out of range, and
    /// [`ForceError::SearchStarted`] once the search has begun. Nothing is
    /// changed when an error is returned.
    pub fn force(&mut self, o: OptionId) -> Result<(), ForceError> {
        if self.started {
            return Err(ForceError::SearchStarted);
        }
        if o.index() >= self.p.option_count() {
            return Err(ForceError::UnknownOption { option: o });
        }
        let x = self.p.option_node(o);
        if self.kind != Kind::Exact {
            return self.force_colored(o, x);
        }
        for item in self.p.option_items(o) {
            if !self.p.links.is_active(Slot(item.index() as u32)) {
                return Err(ForceError::Conflict { option: o, item });
            }
        }
        let links = &mut self.p.links;
        links.cover::<FLAGGED, 0>(links.item[x]);
        links.cover_others::<FLAGGED, 0>(x);
        self.p.forced.push(x);
        self.record();
        Ok(())
    }

    /// [`Solver::force`] for a colored or bounded problem: the option must
    /// agree with those forced before it by the rules (no primary item
    /// over its upper bound, no option twice, secondary items uncolored in
    /// one option or of one color in all).
    fn force_colored(&mut self, o: OptionId, x: Node) -> Result<(), ForceError> {
        let colored = self.p.agreeing_colors(o, &self.p.forced)?;
        self.p.xcc.force(x.0, &colored);
        self.p.forced.push(x);
        self.record();
        Ok(())
    }

    /// Starts the search at `part` (one of [`Problem::cut`]'s parts of this
    /// problem): the search then counts or lists that part's solutions
    /// only. Without bounds this forces the part's options; under bounds it
    /// replays the part's moves, as the sequential search makes them.
    ///
    /// # Errors
    /// [`ForceError::SearchStarted`] once the search has begun;
    /// [`ForceError::NotAPart`] for a part of another problem, or under
    /// bounds after options were forced (the solver is then exhausted);
    /// without bounds, what [`Solver::force`] returns for its options (those
    /// forced before the error stay forced). A part of this problem's cut
    /// never fails on a fresh solver.
    pub fn enter(&mut self, part: &Part) -> Result<(), ForceError> {
        if self.started {
            return Err(ForceError::SearchStarted);
        }
        if self.kind != Kind::Multiplicities {
            for &choice in part.choices() {
                self.force(choice.ok_or(ForceError::NotAPart)?)?;
            }
            return Ok(());
        }
        if part.moves.len() != part.choices().len()
            || !self.replay_bounded(&part.moves)
            || self.path_choices() != part.choices()
        {
            self.started = true;
            self.state = State::Done;
            self.record();
            return Err(ForceError::NotAPart);
        }
        Ok(())
    }

    /// Under bounds, after [`Solver::replay_bounded`]: the option of each
    /// level's move (`None` for a null move).
    pub(crate) fn path_choices(&self) -> Vec<Option<OptionId>> {
        let p = &*self.p;
        p.choice[..self.level]
            .iter()
            .zip(&p.stop)
            .map(|(&x, &stop)| (x != stop).then(|| p.option_of(x)))
            .collect()
    }

    /// The item the search would branch on first, and its options, given
    /// the options forced so far. Splitting a problem into the subproblems
    /// "force each of these options" partitions its solutions; see
    /// [`Problem::parts`]. Not so under bounds ([`Kind::Multiplicities`]):
    /// there the item is DLX3's choice and its options are the ones in its
    /// list, but a solution may contain several of them, or none.
    pub fn branch(&self) -> Branch {
        if self.kind != Kind::Exact {
            return self.branch_colored();
        }
        let links = &self.p.links;
        // Under the `ShortFirst` rules, the scan the search does when its
        // stack is empty (as it is before the search), and the degree
        // tie-break after it.
        let choice = if links.rank.is_empty() || self.branching.is_short() {
            links.choose(self.branching)
        } else {
            links.choose_ranked()
        };
        let Some(best) = choice else {
            return Branch::Solved;
        };
        let item = Item::new(best.0 as usize);
        let head = best.header();
        let mut x = links.link[head].down;
        if x == head {
            return Branch::DeadEnd(item);
        }
        let mut options = Vec::with_capacity(links.len[best] as usize);
        while x != head {
            options.push(self.p.option_of(x));
            x = links.link[x].down;
        }
        Branch::On(item, options)
    }

    /// Puts a fresh solver of a bounded problem where the sequential search
    /// stands after the moves `path` (see `XccLinks::replay_bounded`); the
    /// search then counts that subtree only, its nodes from the level the
    /// path reaches, as the sequential search counts them. This is how
    /// `parallel` shares the tree of Algorithm M, which forced options
    /// cannot describe. False (and the solver exhausted) for a path that is
    /// not one, or a solver that has started or is not under bounds.
    pub(crate) fn replay_bounded(&mut self, path: &[u32]) -> bool {
        if self.started || self.kind != Kind::Multiplicities || !self.p.forced.is_empty() {
            return false;
        }
        self.started = true;
        self.level = path.len();
        self.floor = path.len();
        let p = &mut *self.p;
        let ok = p.xcc.replay_bounded(path, &mut p.choice, &mut p.stop);
        self.state = if ok { State::Forward } else { State::Done };
        self.record();
        ok
    }

    /// What the search of a fresh bounded solver does at the root: see
    /// `XccLinks::moves_bounded`.
    pub(crate) fn moves_bounded(&self) -> crate::xcc::Moves {
        self.p.xcc.moves_bounded()
    }

    /// [`Solver::branch`] for a colored or bounded problem, by DLX2's or
    /// DLX3's choice of item.
    fn branch_colored(&self) -> Branch {
        let (p, lazy) = (&*self.p, self.lazy);
        let chosen = if lazy {
            p.lazy.choose_item()
        } else {
            p.xcc.choose_item(self.kind == Kind::Multiplicities)
        };
        let Some((best, dead)) = chosen else {
            return Branch::Solved;
        };
        let item = Item::new(best.0 as usize);
        if dead {
            return Branch::DeadEnd(item);
        }
        let head = best.header();
        let down = |x: Node| if lazy { p.lazy.down(x) } else { p.xcc.down(x) };
        let mut options = Vec::new();
        let mut n = down(head);
        while n != head {
            options.push(p.option_of(n));
            n = down(n);
        }
        Branch::On(item, options)
    }

    /// Gives away the options not yet tried at the shallowest level of the
    /// search that has any, as parts: each part is the forced options, the
    /// choices above that level and one given-away option, to be
    /// [forced](Solver::force) on a new solver of the same problem. This
    /// search will not try them any more, so its solutions and those of the
    /// parts partition the solutions it had left to find.
    ///
    /// This is how work is shared on the fly: a search that runs in slices
    /// (with [`Solver::set_node_limit`]) can split off the top of its
    /// remaining tree whenever another thread is idle, as `parallel::count`
    /// (cargo feature `parallel`) does. Nothing is split
    /// off if the search has not started, is done, or has a single path
    /// left.
    ///
    /// ```
    /// use dlx_core::{Problem, Step};
    ///
    /// // Three items; options {a}, {b}, {c}, {a, b}, {b, c}: 3 solutions.
    /// let mut p = Problem::new(3, 0);
    /// let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    /// for items in [&[a][..], &[b], &[c], &[a, b], &[b, c]] {
    ///     p.add_option(items.iter().copied()).unwrap();
    /// }
    /// let mut s = p.solver();
    /// assert_eq!(s.next_solution(), Step::Found);
    /// let split = s.split_off();
    /// // The first solution and the rest of this search's own.
    /// let mine = s.count(None).solutions;
    /// drop(s);
    /// let mut theirs = 0;
    /// for part in &split.parts {
    ///     let mut s = p.solver();
    ///     for &o in part {
    ///         s.force(o).unwrap();
    ///     }
    ///     theirs += s.count(None).solutions;
    /// }
    /// assert_eq!(mine + theirs, 3);
    /// ```
    pub fn split_off(&mut self) -> SplitOff {
        let none = SplitOff {
            parts: Vec::new(),
            share: 0.0,
        };
        if !self.started {
            return none;
        }
        // Levels that have an item covered.
        let levels = match self.state {
            State::Done => return none,
            State::Forward => self.level,
            State::Recover => self.level + 1,
        };
        if self.kind == Kind::Multiplicities {
            // A level of Algorithm M is not "one of these options": its
            // tweaks also rule the earlier ones out below it.
            return none;
        }
        // Algorithm C's levels are DLX1's: only the links differ.
        let p = &*self.p;
        let colored = self.kind == Kind::Colors;
        let lazy = self.lazy;
        let len = |stop: Node| {
            if lazy {
                p.lazy.len_of(p.lazy.item_of(stop))
            } else if colored {
                p.xcc.len_of(p.xcc.item_of(stop))
            } else {
                p.links.len_of(p.links.item[stop])
            }
        };
        let down = |x: Node| {
            if lazy {
                p.lazy.down(x)
            } else if colored {
                p.xcc.down(x)
            } else {
                p.links.link[x].down
            }
        };
        let mut share = 1.0;
        for k in 0..levels {
            let cur = p.choice[k];
            let stop = p.stop[k];
            share /= f64::from(len(stop).max(1));
            if cur == stop {
                continue;
            }
            let first = down(cur);
            if first == stop {
                continue;
            }
            let above: Vec<OptionId> = p
                .forced
                .iter()
                .chain(&p.choice[..k])
                .map(|&x| p.option_of(x))
                .collect();
            let mut parts = Vec::new();
            let mut x = first;
            while x != stop {
                let mut part = Vec::with_capacity(above.len() + 1);
                part.extend_from_slice(&above);
                part.push(p.option_of(x));
                parts.push(part);
                x = down(x);
            }
            self.p.stop[k] = first;
            return SplitOff { parts, share };
        }
        none
    }

    /// An estimate of the share of the search tree explored so far, from 0
    /// to 1: Knuth's estimate from the positions of the current choices. At
    /// a level whose item had `n` options, of which the `k`-th (0-based) is
    /// being tried, the finished siblings count `k/n` of that level's share
    /// of the tree, and each level's share is `1/n` of the one above. It
    /// assumes equal subtrees, so it is rough early on and sharpens as the
    /// search goes; it is exact (1) when the search is done.
    ///
    /// It costs a walk along the lists of the current choices: call it now
    /// and then (say every 100,000 nodes, with [`Solver::set_node_limit`]),
    /// not at every step.
    pub fn progress(&self) -> f64 {
        let depth = match self.state {
            State::Done => return 1.0,
            _ if !self.started => return 0.0,
            State::Forward => self.level,
            State::Recover => self.level + 1,
        };
        if self.kind != Kind::Exact {
            let bounded = self.kind == Kind::Multiplicities;
            let x = &self.p.xcc;
            let (mut done, mut share) = (0.0, 1.0);
            // Under bounds a solution is found on entering a level.
            let depth = if bounded { self.level } else { depth };
            for k in 0..depth {
                let (cur, stop) = (self.p.choice[k], self.p.stop[k]);
                let (i, n) = if self.lazy {
                    self.p.lazy.position(cur, stop)
                } else {
                    x.position(k, cur, stop, bounded)
                };
                if n == 0 {
                    break;
                }
                share /= f64::from(n);
                done += f64::from(i) * share;
            }
            return (done + share / 2.0).min(1.0);
        }
        let links = &self.p.links;
        let (mut done, mut share) = (0.0, 1.0);
        for &cur in &self.p.choice[..depth] {
            let best = links.item[cur];
            let head = best.header();
            let n = links.len_of(best);
            if n == 0 {
                break;
            }
            // Position of `cur` in its item's list (the header: all tried).
            let mut k = 0u32;
            let mut x = links.link[head].down;
            while x != cur && x != head {
                k += 1;
                x = links.link[x].down;
            }
            share /= f64::from(n);
            done += f64::from(k) * share;
        }
        (done + share / 2.0).min(1.0)
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
    /// ranked.
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
        if !self.p.forced.is_empty() {
            return Err(SeedError::OptionsForced);
        }
        let mut rng = Rng::new(seed);
        if self.kind == Kind::Exact {
            let (rank, _) = ranks(self.p.primary_count(), &mut rng);
            self.p.links.rank = rank;
            self.p.links.relink(Some(&mut rng));
        } else {
            self.p.xcc.seed(&mut rng);
        }
        self.seeded = true;
        Ok(())
    }

    /// Sets the rule for choosing the item to branch on
    /// ([`Branching::MinLength`] by default). It may change between steps
    /// of a search; the tree is then a mix of the rules.
    pub fn set_branching(&mut self, branching: Branching) {
        let branching = match (branching, self.kind) {
            (Branching::Fast, Kind::Multiplicities) => Branching::MinLength,
            (Branching::Fast, _) => Branching::Early,
            (rule, _) => rule,
        };
        if self.kind != Kind::Exact {
            // Colored problems map the rule onto Algorithm C; bounded ones
            // follow DLX3's rule.
            self.p.xcc.choice_rule = crate::xcc::ColorChoice::of(branching);
            self.p.lazy.choice_rule = self.p.xcc.choice_rule;
            self.branching = branching;
            return;
        }
        let ordered = self.ordered();
        if branching != self.branching {
            if self.started && ordered {
                // The levels covered their options' items in orders of
                // their own, which only the early rule's search undoes:
                // cover them again in the options' order.
                self.reorder_levels();
            }
            // The short-item stack and the heights saved per level describe
            // a search run under the `ShortFirst` rules all along; after
            // another rule they would not bound the stack, so start both
            // afresh (the stack only saves scans; it may be empty at any
            // time).
            self.p.links.short_top = 0;
            self.p.links.zero = SPACER;
            if self.started {
                // A level's mark is written when the level is entered.
                self.p.mark.fill(0);
            }
            // Only the `ShortFirst` rules read the covered flag, and only
            // their search keeps it.
            self.p.links.set_flags(branching.is_short());
        }
        self.branching = branching;
        if self.started && !ordered && self.ordered() {
            // The levels' options were covered in their own order.
            self.p.order.fill(IN_PLACE);
        }
    }

    /// Does the search cover an option's items in an order of its own
    /// ([`Links::cover_others_early`]), kept in [`Problem::order`]?
    fn ordered(&self) -> bool {
        self.kind == Kind::Exact
            && self.branching == Branching::Early
            && self.p.links.rank.is_empty()
            && self.shortest_first()
    }

    /// Does the early rule's search cover an option's items shortest first
    /// ([`SHORTEST_FIRST`]): on long item lists ([`Links::long_lists`]), and
    /// where an option has more than two nodes, or where their number
    /// varies?
    fn shortest_first(&self) -> bool {
        let links = &self.p.links;
        links.long_lists() && links.search_len() != 2
    }

    /// Uncovers the levels of the search, then covers them again as the
    /// rules other than [`Branching::Early`] do, so that the links are as
    /// those rules' search would have left them.
    #[cold]
    fn reorder_levels(&mut self) {
        let updates = self.p.links.updates;
        let depth = self.p.unwind(self.state, self.level, true);
        let links = &mut self.p.links;
        for &cur in &self.p.choice[..depth] {
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
        let updates = match self.kind {
            Kind::Exact => self.p.links.updates,
            _ if self.lazy => self.p.lazy.updates,
            _ => self.p.xcc.updates,
        };
        Stats {
            nodes: self.nodes,
            updates: updates - self.updates_base,
            solutions: self.solutions,
        }
    }

    /// The solution found by the last call to [`Solver::next_solution`]:
    /// forced options first, then the chosen options in search order. Empty
    /// when that call did not find a solution.
    pub fn solution(&self) -> impl Iterator<Item = OptionId> + '_ {
        let (forced, chosen): (&[Node], &[Node]) = match self.solution_len {
            Some(len) => (&self.p.forced, &self.p.choice[..len]),
            None => (&[], &[]),
        };
        // Under bounds a level may have made the null move (its choice is
        // its item's header): no option.
        let chosen = chosen
            .iter()
            .zip(&self.p.stop)
            .filter(|&(x, stop)| x != stop || self.kind != Kind::Multiplicities)
            .map(|(x, _)| x);
        forced.iter().chain(chosen).map(|&x| self.p.option_of(x))
    }

    /// Number of options in the solution last found (0 when the last call
    /// to [`Solver::next_solution`] found none).
    pub fn solution_len(&self) -> usize {
        match (self.solution_len, self.kind) {
            (None, _) => 0,
            (Some(_), Kind::Multiplicities) => self.solution().count(),
            (Some(len), _) => len + self.p.forced.len(),
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
        if self.kind != Kind::Exact {
            // The colored links are rebuilt from the options unless the
            // search left them as it found them.
            // A seeded search leaves its lists shuffled.
            self.p.xcc_ready = self.state == State::Done
                && self.p.forced.is_empty()
                && self.floor == 0
                && !self.seeded
                && !self.by_length;
            return;
        }
        self.p.pending = Some(Pending {
            state: self.state,
            level: self.level,
            ordered: self.ordered(),
        });
    }

    /// [`Solver::run`], in the copy of the loop for the problem's options:
    /// one for each option length that [`Links::uniform_len`] admits (the
    /// covers then find an option's other nodes by arithmetic, or for pairs
    /// as a neighbour), and one for any.
    fn run_any(&mut self, target: u64) -> Step {
        if self.kind != Kind::Exact {
            return self.run_colored(target);
        }
        if !self.p.links.rank.is_empty() && !self.branching.is_short() {
            // A seeded search breaks ties by rank, in a copy of its own.
            return self.run_with::<false, 0, true, NOT_EARLY>(target);
        }
        let k = self.p.links.search_len();
        if self.branching == Branching::Early {
            return match (k, self.shortest_first()) {
                (3, true) => self.run_with::<false, 3, false, SHORTEST_FIRST>(target),
                (4, true) => self.run_with::<false, 4, false, SHORTEST_FIRST>(target),
                (5, true) => self.run_with::<false, 5, false, SHORTEST_FIRST>(target),
                (6, true) => self.run_with::<false, 6, false, SHORTEST_FIRST>(target),
                (0, true) => self.run_with::<false, 0, false, SHORTEST_FIRST>(target),
                (3, _) => self.run_with::<false, 3, false, IN_ORDER>(target),
                (4, _) => self.run_with::<false, 4, false, IN_ORDER>(target),
                (5, _) => self.run_with::<false, 5, false, IN_ORDER>(target),
                (6, _) => self.run_with::<false, 6, false, IN_ORDER>(target),
                (2, _) => self.run_with::<false, 2, false, IN_ORDER>(target),
                _ => self.run_with::<false, 0, false, IN_ORDER>(target),
            };
        }
        if self.branching.is_short() {
            match k {
                3 => self.run_with::<true, 3, false, NOT_EARLY>(target),
                4 => self.run_with::<true, 4, false, NOT_EARLY>(target),
                _ => self.run_with::<true, 0, false, NOT_EARLY>(target),
            }
        } else {
            match k {
                3 => self.run_with::<false, 3, false, NOT_EARLY>(target),
                4 => self.run_with::<false, 4, false, NOT_EARLY>(target),
                5 => self.run_with::<false, 5, false, NOT_EARLY>(target),
                6 => self.run_with::<false, 6, false, NOT_EARLY>(target),
                2 => self.run_with::<false, 2, false, NOT_EARLY>(target),
                _ => self.run_with::<false, 0, false, NOT_EARLY>(target),
            }
        }
    }

    /// [`Solver::run`] for a colored or bounded problem: Algorithm C or M
    /// on the problem's colored links.
    #[inline(never)]
    fn run_colored(&mut self, target: u64) -> Step {
        if !self.started
            && self.kind == Kind::Colors
            && self.branching == Branching::Early
            && !self.seeded
        {
            let levels = self.p.choice.len();
            // Either links count their updates from 0, the forced options'
            // included.
            if self.p.prepare_lazy(levels) {
                self.lazy = true;
                self.updates_base = 0;
                self.p.lazy.choice_rule = self.p.xcc.choice_rule;
            } else if self.p.prepare_by_length(levels) {
                self.by_length = true;
                self.updates_base = 0;
            }
        }
        self.started = true;
        self.solution_len = None;
        let p = &mut *self.p;
        let mut run = Run {
            choice: &mut p.choice,
            stop: &mut p.stop,
            level: self.level,
            state: self.state,
            nodes: self.nodes,
            solutions: self.solutions,
            node_limit: self.stop_at,
            forced: !p.forced.is_empty(),
            solution_len: None,
            floor: self.floor,
        };
        let early = self.branching == Branching::Early;
        let step = if self.kind == Kind::Multiplicities {
            p.xcc.search_bounds(&mut run, target)
        } else if self.lazy {
            p.lazy.search(&mut run, target, early)
        } else {
            p.xcc
                .search_colors(&mut run, target, self.branching == Branching::Early)
        };
        self.level = run.level;
        self.state = run.state;
        self.nodes = run.nodes;
        self.solutions = run.solutions;
        self.solution_len = run.solution_len;
        step
    }

    /// [`Solver::run`], with the covers keeping the stack of short items
    /// when `SHORT` (the rule is one of the `ShortFirst` ones), for options of
    /// `K` nodes each (0: any lengths).
    #[inline(never)]
    fn run_with<const SHORT: bool, const K: usize, const RANKED: bool, const EARLY: u8>(
        &mut self,
        target: u64,
    ) -> Step {
        #[cfg(target_arch = "x86_64")]
        if self.p.links.bmi {
            // SAFETY: the processor has the features (checked in `reset`).
            #[allow(unsafe_code)]
            return unsafe { self.run_with_bmi::<SHORT, K, RANKED, EARLY>(target) };
        }
        self.search::<SHORT, K, RANKED, EARLY>(target)
    }

    /// [`Solver::run_with`] compiled for processors with the bit
    /// manipulation instructions (and AVX2): the search's scans of bit sets
    /// take one instruction per step where they took three (dom8x8 1.18 ->
    /// 1.11 s).
    ///
    /// # Safety
    /// The processor must have the features enabled here.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[allow(unsafe_code)]
    unsafe fn run_with_bmi<
        const SHORT: bool,
        const K: usize,
        const RANKED: bool,
        const EARLY: u8,
    >(
        &mut self,
        target: u64,
    ) -> Step {
        self.search::<SHORT, K, RANKED, EARLY>(target)
    }

    /// The body of [`Solver::run_with`].
    #[inline(always)]
    fn search<const SHORT: bool, const K: usize, const RANKED: bool, const EARLY: u8>(
        &mut self,
        target: u64,
    ) -> Step {
        self.started = true;
        self.solution_len = None;
        // The loop's transitions are direct jumps, not a dispatch on
        // `self.state` (an indirect jump at every step, mispredicted about
        // once a node on dom8x8). Between calls the state is `Forward`
        // (the node limit stopped the search), `Recover` (a solution was
        // found at `level`) or `Done`.
        let mut resume = match self.state {
            State::Done => return Step::Exhausted,
            State::Forward => false,
            State::Recover => true,
        };
        let links = &mut self.p.links;
        let choice = &mut self.p.choice[..];
        let stop = &mut self.p.stop[..];
        let mark = &mut self.p.mark[..];
        let order = &mut self.p.order[..];
        let mut level = self.level;
        let degree = self.branching == Branching::ShortFirstDegree;
        let step = 'forward: loop {
            if resume {
                resume = false;
                Self::recover::<SHORT, K, EARLY>(links, choice, mark, order, level);
            } else {
                // X2-X4: enter a node and choose its item.
                if self.nodes >= self.stop_at {
                    self.state = State::Forward;
                    break Step::NodeLimit;
                }
                self.nodes += 1;
                let next = if SHORT {
                    links.choose_short(degree)
                } else if RANKED {
                    links.choose_ranked()
                } else {
                    links.choose(self.branching)
                };
                let Some(best) = next else {
                    // Nothing to cover before any choice: the forced
                    // options (or nothing at all) are the one solution.
                    // DLX1 counts the root and the solution; forced
                    // options are the choices above a solution node, as
                    // in the search that split them off, which counts
                    // only the solution.
                    if self.p.forced.is_empty() {
                        self.nodes += 1;
                    }
                    self.solutions += 1;
                    self.state = State::Done;
                    if self.solutions >= target {
                        self.solution_len = Some(level);
                        break Step::Found;
                    }
                    break Step::Exhausted;
                };
                if links.len[best] == 0 {
                    // Dead end. DLX1 covers and uncovers the empty item;
                    // count that update without doing the work.
                    links.updates += 1;
                    if level == 0 {
                        self.state = State::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    Self::recover::<SHORT, K, EARLY>(links, choice, mark, order, level);
                } else {
                    if !SHORT {
                        links.cover::<PLAIN, K>(best);
                    } else if links.len[best] == 1 {
                        // A forced move: the covers of its option's other
                        // items follow at once, so the items this cover
                        // shortens are covered next, and pushing them would
                        // only leave stale entries on the stack.
                        links.cover::<FLAGGED, K>(best);
                    } else {
                        links.cover::<TRACKED, K>(best);
                    }
                    let head = best.header();
                    choice[level] = links.link[head].down;
                    stop[level] = head;
                    if SHORT {
                        mark[level] = links.short_top;
                    }
                }
            }
            loop {
                // X5: try the option at choice[level], unless the list of
                // the level's item is exhausted (or the rest was split off).
                let cur = choice[level];
                if cur == stop[level] {
                    // X7: restore the level's item and go up.
                    if SHORT {
                        links.uncover::<FLAGGED, K>(links.item[cur]);
                    } else {
                        links.uncover::<PLAIN, K>(links.item[cur]);
                    }
                    if level == 0 {
                        self.state = State::Done;
                        break 'forward Step::Exhausted;
                    }
                    level -= 1;
                } else {
                    if EARLY != 0 {
                        let Some(covered) = links.cover_others_early::<K, EARLY>(cur) else {
                            // A dead end, found while covering and already
                            // undone: the next option.
                            choice[level] = links.link[cur].down;
                            continue;
                        };
                        if EARLY == SHORTEST_FIRST {
                            order[level] = covered;
                        }
                    } else if SHORT {
                        links.cover_others::<TRACKED, K>(cur);
                    } else {
                        links.cover_others::<PLAIN, K>(cur);
                    }
                    if !links.all_covered() {
                        level += 1;
                        continue 'forward;
                    }
                    self.nodes += 1;
                    self.solutions += 1;
                    if self.solutions >= target {
                        self.state = State::Recover;
                        self.solution_len = Some(level + 1);
                        break 'forward Step::Found;
                    }
                }
                Self::recover::<SHORT, K, EARLY>(links, choice, mark, order, level);
            }
        };
        self.level = level;
        step
    }

    /// X6: undoes the option tried at `level` and moves to the next one in
    /// the level's item list.
    #[inline(always)]
    fn recover<const SHORT: bool, const K: usize, const EARLY: u8>(
        links: &mut Links,
        choice: &mut [Node],
        mark: &[usize],
        order: &[Order],
        level: usize,
    ) {
        let cur = choice[level];
        if EARLY == SHORTEST_FIRST {
            links.uncover_others_in::<K>(cur, order[level]);
        } else if SHORT {
            links.uncover_others::<FLAGGED, K>(cur);
        } else {
            links.uncover_others::<PLAIN, K>(cur);
        }
        if SHORT {
            // The short items the option's covers pushed are long again.
            links.short_top = mark[level];
        }
        choice[level] = links.link[cur].down;
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
    solver: Solver<'a>,
    /// How the last call to `next` ended, if it returned `None`.
    ended: Option<Outcome>,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The stats and the first solutions of a search of `file`, with the
    /// copy of the search loop compiled for BMI used or not.
    fn search(file: &[u8], branching: Branching, bmi: bool) -> (Stats, Vec<Vec<OptionId>>) {
        let mut problem = crate::text::parse(file).expect("a valid file").problem;
        problem.links.bmi &= bmi;
        let mut solver = problem.solver();
        solver.set_branching(branching);
        let mut first = Vec::new();
        while first.len() < 5 && solver.next_solution() == Step::Found {
            first.push(solver.solution().collect());
        }
        solver.count(None);
        (solver.stats(), first)
    }

    /// Tests run on a processor with the features take the copy compiled
    /// for them; the other copy, compiled from the same code for any
    /// processor, must search the same trees.
    #[test]
    fn both_copies_of_the_search_agree() {
        let files: [&[u8]; 4] = [
            include_bytes!("../tests/data/xc/dom6x6.dlx"),
            include_bytes!("../tests/data/xc/langford8.dlx"),
            include_bytes!("../tests/data/xc/queens8.dlx"),
            include_bytes!("../tests/data/xc/sudoku_hdu1426.dlx"),
        ];
        let rules = [
            Branching::MinLength,
            Branching::MinLengthUpToOne,
            Branching::ShortFirst,
            Branching::ShortFirstDegree,
            Branching::First,
        ];
        for file in files {
            for rule in rules {
                let plain = search(file, rule, false);
                assert!(plain.0.solutions > 0, "{rule:?}");
                assert_eq!(search(file, rule, true), plain, "{rule:?}");
            }
        }
    }
}

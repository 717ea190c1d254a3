//! What a search reports, whatever the engine: its statistics, how a step
//! or a count ended, the answer to "how many solutions", the branch at the
//! root, the work split off, and the errors of forcing and seeding.

use std::error::Error;
use std::fmt;

use crate::index::{Item, OptionId};
use crate::stop::Halt;

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
    /// Guesses: options tried at a node while another option of the item
    /// chosen there was still left to try (the last one left is forced
    /// once the others failed, so it is not a guess, as Sudoku solvers
    /// count them). A search that needs no guess has 0; a node of two
    /// options whose first fails adds one; under
    /// [`Branching::Early`](crate::Branching::Early) an option found a dead
    /// end while it is committed counts too. Options handed to other
    /// threads ([`Solver::split_off`](crate::Solver::split_off)) are not
    /// guesses of the search that gave them away (the option it was
    /// trying then stays one: the count never goes down). Under
    /// multiplicities (Algorithm M) a move is an option or the move that
    /// leaves the item's count where it is, and a guess is a move with
    /// another left after it at its node. Counted by the searches for exact
    /// covers, colors and multiplicities (Algorithms X, C and M); 0 under
    /// costs and the memo.
    pub guesses: u64,
}

/// The statistics of several searches together (each count saturates).
///
/// ```
/// use dlx_core::Stats;
///
/// let mut total = Stats::default();
/// total += Stats { nodes: 3, updates: 5, solutions: 1, guesses: 2 };
/// total += Stats { nodes: 4, updates: 1, solutions: 0, guesses: 1 };
/// assert_eq!(total, Stats { nodes: 7, updates: 6, solutions: 1, guesses: 3 });
/// ```
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, more: Stats) {
        self.nodes = self.nodes.saturating_add(more.nodes);
        self.updates = self.updates.saturating_add(more.updates);
        self.solutions = self.solutions.saturating_add(more.solutions);
        self.guesses = self.guesses.saturating_add(more.guesses);
    }
}

/// What one call to [`Solver::next_solution`](crate::Solver::next_solution) ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; [`Solver::solution`](crate::Solver::solution) lists it.
    Found,
    /// The search tree is exhausted: there are no more solutions.
    Exhausted,
    /// The node limit stopped the search. Raising the limit with
    /// [`Solver::set_node_limit`](crate::Solver::set_node_limit) and calling again resumes it.
    NodeLimit,
    /// The deadline ([`Solver::set_deadline`](crate::Solver::set_deadline)) stopped the search. Moving
    /// it on (or removing it) and calling again resumes it.
    Deadline,
    /// The cancellation handle ([`Solver::set_cancel`](crate::Solver::set_cancel)) stopped the search.
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
    pub(crate) fn of(step: Step) -> Outcome {
        match step {
            Step::Found => Outcome::SolutionLimit,
            Step::Exhausted => Outcome::Complete,
            Step::NodeLimit => Outcome::NodeLimit,
            Step::Deadline => Outcome::Deadline,
            Step::Cancelled => Outcome::Cancelled,
        }
    }
}

/// The result of [`Solver::count`](crate::Solver::count).
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
/// see [`Solver::branch`](crate::Solver::branch).
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

/// The work given away by [`Solver::split_off`](crate::Solver::split_off).
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct SplitOff {
    /// The parts, each a list of options to force: every part extends the
    /// forced options of the search it came from.
    pub parts: Vec<Vec<OptionId>>,
    /// The share of that search's tree that each part stands for in
    /// Knuth's estimate (see [`Solver::progress`](crate::Solver::progress)): the product of `1/n`
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
    /// The part given to [`Solver::enter`](crate::Solver::enter) is not one of this problem's
    /// ([`Problem::cut`](crate::Problem::cut)), or options were forced before it.
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

/// Why [`Solver::set_seed`](crate::Solver::set_seed) refused a seed.
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

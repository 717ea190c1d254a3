//! Memoised search (DXZ): Algorithm X that remembers each subproblem it
//! has solved, by the set of items still active, and returns for it a node
//! of a zero-suppressed decision diagram ([`Zdd`]) of all its solutions.
//!
//! After different choices the same items are often left to cover (the
//! tiles placed differently on the same cells); dancing links would search
//! that subproblem again each time, the memo looks its node up. Its key is
//! the state that decides the rest of the search: on the plain links the
//! bit set of active items they keep anyway (primary and secondary items:
//! an option is visible exactly while all its items are active); on the
//! colored links the active primary items and the state of each secondary
//! item (untouched, covered, or the color it was given). The loop is
//! Algorithm X's, iterative (its stack holds one frame per chosen item),
//! on the links' own covers ([`search`]), over either links ([`links`]).
//!
//! Problems with multiplicities (bounds other than exactly once) are
//! refused: there the rest of the search also depends on the counts left
//! and on the options already tried at each level.

mod links;
mod search;
mod table;
mod zdd;

use std::fmt;
use std::time::Instant;

use crate::engine::strategy;
use crate::engine::xcc::SPANS;
use crate::rule::Choice;
use crate::{Branching, Cancel, Kind, Problem};
pub use zdd::{CountOverflow, Zdd, ZddSolutions};

/// How a memoised search ([`Problem::zdd_with`]) runs: the item choice,
/// the memo's size, and when to stop.
#[derive(Clone, Debug)]
pub struct Memo<'c> {
    branching: Branching,
    max_entries: usize,
    max_memory: usize,
    deadline: Option<Instant>,
    cancel: Option<&'c Cancel>,
    give_up: bool,
}

impl Default for Memo<'_> {
    fn default() -> Self {
        Memo::new()
    }
}

/// Under [`Memo::give_up_when_unprofitable`], the memoised search gives
/// up unless at least one subproblem in this many is met again.
pub const UNPROFITABLE: u64 = 20;

/// The memo's size by default: 2^24 subproblems (within
/// [`DEFAULT_MEMO_MEMORY`]).
pub const DEFAULT_MEMO_ENTRIES: usize = 1 << 24;

/// The memory a memoised search may take by default: 2 GiB, half for the
/// memo and half for the diagram (see [`Memo::max_memory`]).
pub const DEFAULT_MEMO_MEMORY: usize = 1 << 31;

impl<'c> Memo<'c> {
    /// The defaults: DLX1's item choice (`Branching::MinLength`: on the
    /// shared files it searched the fewest subproblems; the scan stopping
    /// at length 1 searched 2-20% more, pent6x10_sym 622,041 against
    /// 568,420; the leftmost item, `First`, did as well on domino boards
    /// but took over a minute on pent3x20, which DLX1's choice counts in
    /// 0.04 s),
    /// [`DEFAULT_MEMO_ENTRIES`], no deadline.
    pub fn new() -> Memo<'c> {
        Memo {
            branching: Branching::MinLength,
            max_entries: DEFAULT_MEMO_ENTRIES,
            max_memory: DEFAULT_MEMO_MEMORY,
            deadline: None,
            cancel: None,
            give_up: false,
        }
    }

    /// Branches on the item `branching` chooses (its item choice only: the
    /// early and fast rules choose as DLX1 does, which on the shared
    /// files searched the fewest subproblems; the short rules scan as
    /// `MinLengthUpToOne` does).
    pub fn branching(self, branching: Branching) -> Memo<'c> {
        Memo { branching, ..self }
    }

    /// Remembers at most `entries` subproblems: a full memo is emptied and
    /// starts over, so that it holds those solved last, and the others are
    /// searched again when met (the diagram stays exact).
    pub fn max_entries(self, entries: usize) -> Memo<'c> {
        Memo {
            max_entries: entries,
            ..self
        }
    }

    /// Takes about `bytes` of memory at most: the memo holds no more
    /// subproblems than half of it takes (their keys, nodes and hashes),
    /// whatever [`Memo::max_entries`] says (and starts over when full, as
    /// there), and the search stops with
    /// [`MemoError::TooLarge`] when the diagram outgrows the other half
    /// (about 50 bytes a node, with its count). Not counted: the links,
    /// and the stack of levels (one per chosen option).
    pub fn max_memory(self, bytes: usize) -> Memo<'c> {
        Memo {
            max_memory: bytes,
            ..self
        }
    }

    /// Stops at `deadline`.
    pub fn deadline(self, deadline: Instant) -> Memo<'c> {
        Memo {
            deadline: Some(deadline),
            ..self
        }
    }

    /// Stops once `cancel` is cancelled.
    pub fn cancel(self, cancel: &'c Cancel) -> Memo<'c> {
        Memo {
            cancel: Some(cancel),
            ..self
        }
    }

    /// Gives up ([`MemoError::Unprofitable`]) where subproblems seldom
    /// repeat: when the subproblems searched reach 2^16, 2^17, ... and
    /// fewer than one in [`UNPROFITABLE`] of those met was met again. There
    /// the memo's keys cost more than they save (the plain search counted
    /// 5-20x faster on the shared Latin squares, word rectangles and random
    /// colored problems, whose subproblems hardly ever repeat), and a
    /// caller that wants only the count can count by the plain search.
    pub fn give_up_when_unprofitable(self) -> Memo<'c> {
        Memo {
            give_up: true,
            ..self
        }
    }

    /// Builds the diagram of `problem`'s solutions (see
    /// [`Problem::zdd_with`]).
    ///
    /// # Errors
    /// See [`MemoError`].
    pub fn run(&self, problem: &mut Problem) -> Result<(Zdd, MemoStats), MemoError> {
        let (zdd, stats) = self.run_with_stats(problem);
        zdd.map(|zdd| (zdd, stats))
    }

    /// Builds the diagram of `problem`'s solutions as [`Memo::run`] does,
    /// and says what the search did whether or not it finished (the
    /// subproblems searched before a deadline, say).
    ///
    /// ```
    /// use dlx_core::{Memo, MemoError, Problem};
    /// use std::time::Instant;
    ///
    /// let mut p = Problem::new(2, 0);
    /// p.add_option([p.primary(0), p.primary(1)]).unwrap();
    /// let (zdd, stats) = Memo::new().deadline(Instant::now()).run_with_stats(&mut p);
    /// // Too small to look at the clock: it finished.
    /// assert_eq!(zdd.unwrap().count(), Ok(1));
    /// assert_eq!(stats.nodes, 1);
    /// # let _ = MemoError::Deadline;
    /// ```
    pub fn run_with_stats(&self, problem: &mut Problem) -> (Result<Zdd, MemoError>, MemoStats) {
        let kind = problem.kind();
        let exactly_once = problem.bounds_are_exactly_once();
        if kind == Kind::Multiplicities && !exactly_once {
            return (Err(MemoError::Kind(kind)), MemoStats::default());
        }
        problem.restore();
        let plain = problem.colors.iter().all(|&c| c == 0);
        let choice = strategy::memo_choice(self.branching, kind, plain);
        if plain {
            return run_plain(problem, choice, self);
        }
        run_colored(problem, choice, self)
    }
}

/// The memoised search on the plain links, in the copy for the length of
/// the problem's options (see [`Links::search_len`](crate::engine::exact::Links::search_len)).
fn run_plain(
    problem: &mut Problem,
    choice: Choice,
    memo: &Memo<'_>,
) -> (Result<Zdd, MemoError>, MemoStats) {
    let links = &mut problem.links;
    macro_rules! with {
        ($k:literal) => {
            search::build(&mut links::Plain::<$k> { links, choice }, memo)
        };
    }
    match links.search_len() {
        2 => with!(2),
        3 => with!(3),
        4 => with!(4),
        5 => with!(5),
        6 => with!(6),
        _ => with!(0),
    }
}

/// The memoised search on the colored links (built here without bounds:
/// every bound is exactly once), in the copy for the length of the
/// problem's options (as [`XccLinks::search_colors`](crate::engine::xcc::XccLinks::search_colors) picks it).
fn run_colored(
    problem: &mut Problem,
    choice: Choice,
    memo: &Memo<'_>,
) -> (Result<Zdd, MemoError>, MemoStats) {
    let n_primary = problem.primary_count() as u32;
    let n_items = problem.item_count() as u32;
    let xcc = &mut problem.work.xcc;
    xcc.build(n_primary, problem.links.items(), &problem.colors, &[], 0);
    xcc.choice_rule = choice.colored();
    problem.work.xcc_ready = false;
    let most = problem.colors.iter().copied().max().unwrap_or(0);
    // Bits for the largest state, 1 + the largest code.
    let bits = u64::BITS - (u64::from(most) + 1).leading_zeros();
    let walk = xcc.walk_len();
    macro_rules! with {
        ($k:expr) => {
            search::build(
                &mut links::Colored::<{ $k }> {
                    links: &mut *xcc,
                    items: problem.links.items(),
                    colors: &problem.colors,
                    options: problem.links.options(),
                    n_primary,
                    state: vec![0; (n_items - n_primary) as usize],
                    trail: Vec::new(),
                    marks: Vec::new(),
                    bits,
                },
                memo,
            )
        };
    }
    match walk {
        1 => with!(SPANS),
        2 => with!(2),
        3 => with!(3),
        4 => with!(4),
        5 => with!(5),
        6 => with!(6),
        7 => with!(7),
        _ => with!(0),
    }
}

/// What a memoised search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// Subproblems searched (each once, while the memo has room).
    pub nodes: u64,
    /// Subproblems found in the memo.
    pub hits: u64,
    /// Subproblems in the memo at the end.
    pub entries: usize,
    /// Nodes of the diagram.
    pub zdd_nodes: usize,
}

/// Why a memoised search gave no diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoError {
    /// The problem has multiplicities (its [`Kind`]): bounds other than
    /// exactly once on some primary item.
    Kind(Kind),
    /// The deadline passed.
    Deadline,
    /// The search was cancelled.
    Cancelled,
    /// The diagram outgrew its half of [`Memo::max_memory`] at `nodes`
    /// nodes.
    TooLarge {
        /// Nodes of the diagram when the search stopped.
        nodes: usize,
    },
    /// Subproblems seldom repeated (see
    /// [`Memo::give_up_when_unprofitable`]): `hits` of the `nodes`
    /// subproblems searched so far were met again.
    Unprofitable {
        /// Subproblems searched.
        nodes: u64,
        /// Subproblems found in the memo.
        hits: u64,
    },
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::Kind(_) => f.write_str(
                "the memoised search takes problems without multiplicities (bounds other than exactly once)",
            ),
            MemoError::Deadline => f.write_str("time limit reached"),
            MemoError::Cancelled => f.write_str("cancelled"),
            MemoError::TooLarge { nodes } => write!(
                f,
                "the decision diagram passed its memory limit at {nodes} nodes"
            ),
            MemoError::Unprofitable { nodes, hits } => write!(
                f,
                "the memo met {hits} of {nodes} subproblems again: the plain search is likely faster"
            ),
        }
    }
}

impl std::error::Error for MemoError {}

impl Problem {
    /// The diagram of every solution, by the memoised search with its
    /// defaults ([`Memo::new`]): see [`Zdd`].
    ///
    /// # Errors
    /// [`MemoError::Kind`] for a problem with multiplicities.
    pub fn zdd(&mut self) -> Result<Zdd, MemoError> {
        Memo::new().run(self).map(|(zdd, _)| zdd)
    }

    /// The diagram of every solution, by the memoised search as `memo`
    /// sets it, and what the search did.
    ///
    /// # Errors
    /// See [`MemoError`].
    pub fn zdd_with(&mut self, memo: &Memo<'_>) -> Result<(Zdd, MemoStats), MemoError> {
        memo.run(self)
    }
}

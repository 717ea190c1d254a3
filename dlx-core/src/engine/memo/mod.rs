//! Memoised search (DXZ): Algorithm X that remembers each subproblem it
//! has solved, by the set of items still active, and returns for it a node
//! of a zero-suppressed decision diagram ([`Zdd`]) of all its solutions.
//!
//! After different choices the same items are often left to cover (the
//! tiles placed differently on the same cells); dancing links would search
//! that subproblem again each time, the memo looks its node up. Its key is
//! the bit set of active items the plain links keep anyway
//! ([`Links::active`], primary and secondary items), which decides the
//! rest of the search: an option is visible exactly while all its items
//! are active. The loop is Algorithm X's, iterative (its stack holds one
//! frame per chosen item), on the plain links' own covers.
//!
//! Problems with colors or multiplicities are refused: there the rest of
//! the search also depends on the colors given and the counts left.

mod zdd;

use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::time::Instant;

use super::arena::{Node, Slot};
use super::exact::{Links, PLAIN};
use crate::rule::Choice;
use crate::{Branching, Cancel, Kind, Problem};
pub use zdd::{CountOverflow, Zdd, ZddSolutions};
use zdd::{ZddBuilder, BOTTOM, TOP};

/// How a memoised search ([`Problem::zdd_with`]) runs: the item choice,
/// the memo's size, and when to stop.
#[derive(Clone, Debug)]
pub struct Memo<'c> {
    branching: Branching,
    max_entries: usize,
    deadline: Option<Instant>,
    cancel: Option<&'c Cancel>,
}

impl Default for Memo<'_> {
    fn default() -> Self {
        Memo::new()
    }
}

/// The memo's size by default: 2^24 subproblems (a few hundred MB on
/// problems of a few hundred items).
pub const DEFAULT_MEMO_ENTRIES: usize = 1 << 24;

impl<'c> Memo<'c> {
    /// The defaults: DLX1's item choice (`Branching::MinLength`: on the
    /// shared files it searched the fewest subproblems, or within 5%;
    /// the leftmost item, `First`, did as well on domino boards but took
    /// over a minute on pent3x20, which DLX1's choice counts in 0.07 s),
    /// [`DEFAULT_MEMO_ENTRIES`], no deadline.
    pub fn new() -> Memo<'c> {
        Memo {
            branching: Branching::MinLength,
            max_entries: DEFAULT_MEMO_ENTRIES,
            deadline: None,
            cancel: None,
        }
    }

    /// Branches on the item `branching` chooses (its item choice only: the
    /// early and fast variants choose as DLX1 does).
    pub fn branching(self, branching: Branching) -> Memo<'c> {
        Memo { branching, ..self }
    }

    /// Remembers at most `entries` subproblems; past that, new ones are
    /// solved again when met (the diagram stays exact, its nodes shared
    /// all the same).
    pub fn max_entries(self, entries: usize) -> Memo<'c> {
        Memo {
            max_entries: entries,
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

    /// Builds the diagram of `problem`'s solutions (see
    /// [`Problem::zdd_with`]).
    ///
    /// # Errors
    /// See [`MemoError`].
    pub fn run(&self, problem: &mut Problem) -> Result<(Zdd, MemoStats), MemoError> {
        let kind = problem.kind();
        if kind != Kind::Exact {
            return Err(MemoError::Kind(kind));
        }
        problem.restore();
        let choice = self.branching.plan(kind).choice;
        let choice = if choice.is_short() {
            Choice::UpToOne
        } else {
            choice
        };
        build(&mut problem.links, choice, self)
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
    /// The problem has colors or multiplicities (its [`Kind`]).
    Kind(Kind),
    /// The deadline passed.
    Deadline,
    /// The search was cancelled.
    Cancelled,
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::Kind(_) => f.write_str(
                "the memoised search takes exact-cover problems (no colors, no multiplicities)",
            ),
            MemoError::Deadline => f.write_str("time limit reached"),
            MemoError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for MemoError {}

/// One level of the search: the item branched on, the option being tried,
/// the diagram of the options tried before, and the subproblem's key.
struct Frame {
    item: Slot,
    row: Node,
    acc: u32,
    key: Box<[u64]>,
}

/// Subproblems between two looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 1 << 10;

/// The search: enters a subproblem (answered at once when it is solved,
/// in the memo, or a dead end; else its item is covered and its first
/// option tried), and on each answer goes back up, adding the option just
/// tried to the diagram of its level and trying the next.
fn build(
    links: &mut Links,
    choice: Choice,
    memo: &Memo<'_>,
) -> Result<(Zdd, MemoStats), MemoError> {
    let mut zdd = ZddBuilder::default();
    // The keys are bit sets the search makes itself, not input an
    // adversary picks: a fast hash serves (SipHash to FxHash: pent6x10_sym 2.31 -> 1.84 s).
    let mut table: HashMap<Box<[u64]>, u32> = HashMap::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut stats = MemoStats::default();
    loop {
        // Enter the subproblem the links stand at.
        let mut answer = if links.all_covered() {
            TOP
        } else if let Some(&id) = table.get(&links.active[..]) {
            stats.hits += 1;
            id
        } else {
            stats.nodes += 1;
            if stats.nodes % CHECK_EVERY == 0 {
                if memo.deadline.is_some_and(|d| Instant::now() >= d) {
                    unwind(links, &stack);
                    return Err(MemoError::Deadline);
                }
                if memo.cancel.is_some_and(Cancel::is_cancelled) {
                    unwind(links, &stack);
                    return Err(MemoError::Cancelled);
                }
            }
            let key: Box<[u64]> = links.active.clone().into_boxed_slice();
            let item = links.choose(choice).expect("an active primary item");
            if links.len_of(item) == 0 {
                if table.len() < memo.max_entries {
                    table.insert(key, BOTTOM);
                }
                BOTTOM
            } else {
                links.cover::<PLAIN, 0>(item);
                let row = links.link[item.header()].down;
                links.cover_others::<PLAIN, 0>(row);
                stack.push(Frame {
                    item,
                    row,
                    acc: BOTTOM,
                    key,
                });
                continue;
            }
        };
        // Go back up with the answer until a level has another option.
        loop {
            let Some(f) = stack.last_mut() else {
                stats.entries = table.len();
                stats.zdd_nodes = zdd.len();
                return Ok((zdd.finish(answer), stats));
            };
            links.uncover_others::<PLAIN, 0>(f.row);
            f.acc = zdd.node(links.option[f.row], f.acc, answer);
            f.row = links.link[f.row].down;
            if f.row != f.item.header() {
                links.cover_others::<PLAIN, 0>(f.row);
                break;
            }
            links.uncover::<PLAIN, 0>(f.item);
            let f = stack.pop().expect("a level");
            if table.len() < memo.max_entries {
                table.insert(f.key, f.acc);
            }
            answer = f.acc;
        }
    }
}

/// Undoes the covers of every level, so that the problem is as it was.
fn unwind(links: &mut Links, stack: &[Frame]) {
    for f in stack.iter().rev() {
        links.uncover_others::<PLAIN, 0>(f.row);
        links.uncover::<PLAIN, 0>(f.item);
    }
}

impl Problem {
    /// The diagram of every solution, by the memoised search with its
    /// defaults ([`Memo::new`]): see [`Zdd`].
    ///
    /// # Errors
    /// [`MemoError::Kind`] for a problem with colors or multiplicities.
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

//! A generic Dancing Links exact-cover engine: Knuth's Algorithm X on the
//! node layout of his program DLX1 (the active items are a bit set rather
//! than DLX1's list of item headers; the search tree is the same).
//!
//! An exact-cover problem has *items* and *options* (sets of items). A
//! solution is a set of options that covers every *primary* item exactly once
//! and every *secondary* item at most once. Sudoku, N-queens, polyomino
//! packing and Langford pairs are all exact-cover problems.
//!
//! - [`Problem`] builds a problem (items by index, options as lists of items)
//!   and holds it as dancing links in one arena of `u32`-indexed nodes.
//! - [`Solver`] searches it: iteratively (no recursion, so depth is limited
//!   only by memory), resumably (one solution at a time), without allocating,
//!   branching by default on the leftmost primary item of minimum length
//!   exactly as DLX1 does, so its node and update counts equal DLX1's
//!   ([`Branching`] has other rules: forced moves taken without a scan, and
//!   a degree tie-break among the shortest items, for Sudoku-like problems).
//! - [`Builder`] builds a problem from items and options named by any
//!   labels (strings, tuples, enums), without counting the items first,
//!   with a payload per option if wanted; [`Labeled::search`] reads
//!   solutions back as those labels and payloads, seeded or stopped if
//!   asked.
//! - [`Problem::reduce`] preprocesses a problem as Knuth's DLX-PRE does,
//!   removing options that are in no solution; [`Reduction`] maps the
//!   reduced problem's solutions back.
//! - [`Problem::min_cost`] and [`CostSearch`] find a solution of least
//!   total cost, or the `k` cheapest, when options have costs
//!   ([`Problem::set_cost`]): Knuth's DLX5, branch and bound.
//! - [`Problem::zdd`] and [`Memo`] count by a memoised search (DXZ) that
//!   searches each subproblem once and returns a [`Zdd`], a decision
//!   diagram of every solution: exact counts past 2^64, uniform random
//!   solutions, each solution in turn (plain and colored problems).
//! - [`text`] reads Knuth's DLX text format.
//! - `parallel` (cargo feature `parallel`) counts solutions on every core.
//!
//! # Example
//!
//! Cover {0, 1, 2} with the options {0, 1}, {2}, {1, 2}, {0}:
//!
//! ```
//! use dlx_core::{OptionId, Problem, Uniqueness};
//!
//! let mut p = Problem::new(3, 0);
//! let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
//! p.add_option([a, b])?;
//! p.add_option([c])?;
//! p.add_option([b, c])?;
//! p.add_option([a])?;
//!
//! assert_eq!(p.count(), 2);
//! let all: Vec<Vec<OptionId>> = p.solutions().collect();
//! assert_eq!(all.len(), 2);
//! assert_eq!(p.uniqueness(), Uniqueness::Multiple);
//!
//! // Force {b, c} first: only {a} can complete it.
//! let mut s = p.solver();
//! s.force(OptionId::new(2))?;
//! assert!(s.next_solution().is_found());
//! assert_eq!(s.solution().collect::<Vec<_>>(), [OptionId::new(2), OptionId::new(3)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Stopping, and seeded search
//!
//! A search stops at a deadline or a [`Cancel`] as well as a node limit,
//! says why, and resumes when the limit is lifted; a seed randomises it
//! reproducibly without changing any count (the README's example):
//!
//! ```
//! use std::time::Duration;
//! use dlx_core::{Outcome, Problem};
//!
//! // 12 queens, rows and columns primary, diagonals secondary: 14,200 solutions.
//! let n = 12;
//! let mut p = Problem::new(2 * n, 4 * n - 2);
//! for r in 0..n {
//!     for c in 0..n {
//!         let (d1, d2) = (p.secondary(r + c), p.secondary(2 * n - 1 + (n - 1 - r + c)));
//!         p.add_option([p.primary(r), p.primary(n + c), d1, d2]).unwrap();
//!     }
//! }
//! let mut s = p.solver();
//! s.set_seed(2026).unwrap(); // before any `force`
//! s.set_time_limit(Duration::from_millis(100));
//! if s.next_solution().is_found() {
//!     let queens: Vec<_> = s.solution().collect(); // a solution the seed picks
//!     assert_eq!(queens.len(), n);
//! }
//! let count = s.count(None); // all this solver found, the one above included
//! assert!(count.outcome == Outcome::Complete || count.outcome == Outcome::Deadline);
//! if count.outcome == Outcome::Complete {
//!     assert_eq!(count.solutions, 14_200);
//! }
//! ```
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod builder;
mod engine;
mod index;
mod outcome;
#[cfg(feature = "parallel")]
pub mod parallel;
mod problem;
pub mod reduce;
pub mod rule;
pub mod seed;
mod solver;
mod stop;
pub mod text;

// The core vocabulary, at the root: building, searching, what a search
// says. What belongs to one engine or one job is in its module below.
pub use builder::{
    Builder, BuilderError, Chosen, ColorLabel, LabelSearch, Labeled, LabeledSolutions,
};
pub use engine::Kind;
pub use index::{Color, Item, OptionId};
pub use outcome::{Count, ForceError, Outcome, SeedError, Stats, Step, Uniqueness};
pub use problem::{BuildError, Problem};
pub use rule::Branching;
pub use solver::{Solutions, Solver};
pub use stop::Cancel;

/// Minimum cost (Knuth's DLX5): [`Problem::min_cost`]'s search and what it
/// reports; see [`CostSearch`](cost::CostSearch).
pub mod cost {
    pub use crate::engine::cost::{
        CostError, CostReport, CostSearch, CostedSolution, MAX_BEST, MAX_COST,
    };
}

/// Memoised counting (DXZ): [`Problem::zdd`]'s search, the decision
/// diagram of every solution it returns ([`Zdd`](memo::Zdd)), and its limits.
pub mod memo {
    pub use crate::engine::memo::{
        CountOverflow, Memo, MemoError, MemoStats, Zdd, ZddSolutions, DEFAULT_MEMO_ENTRIES,
        DEFAULT_MEMO_MEMORY, UNPROFITABLE,
    };
    /// Counts past `u128` ([`Zdd::count_big`]): `num_bigint`'s,
    /// re-exported so that callers need not name the crate's version.
    pub use num_bigint::BigUint;
}

/// The search tree in pieces: its first branch ([`Solver::branch`]), work
/// split off for other threads ([`Solver::split_off`]), and the problem's
/// cut into parts ([`Problem::cut`]).
pub mod split {
    pub use crate::outcome::{Branch, SplitOff};
    pub use crate::solver::{Cut, Part};
}

// The names of the previous release at the root, kept for one release as
// deprecated aliases (hidden from the docs): each is now in the module that
// holds its job. (A `use` cannot be deprecated, hence type aliases.)

#[deprecated(since = "0.2.0", note = "moved: use dlx_core::cost::CostError")]
#[doc(hidden)]
pub type CostError = cost::CostError;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::cost::CostReport")]
#[doc(hidden)]
pub type CostReport = cost::CostReport;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::cost::CostSearch")]
#[doc(hidden)]
pub type CostSearch<'p> = cost::CostSearch<'p>;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::cost::CostedSolution")]
#[doc(hidden)]
pub type CostedSolution = cost::CostedSolution;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::cost::MAX_BEST")]
#[doc(hidden)]
pub const MAX_BEST: usize = cost::MAX_BEST;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::cost::MAX_COST")]
#[doc(hidden)]
pub const MAX_COST: u64 = cost::MAX_COST;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::CountOverflow")]
#[doc(hidden)]
pub type CountOverflow = memo::CountOverflow;
// A unit struct is a value too (`Err(dlx_core::CountOverflow)`, in a
// pattern as well): a type alias names only the type, so the value gets
// its own deprecated name.
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::CountOverflow")]
#[doc(hidden)]
#[allow(non_upper_case_globals)]
pub const CountOverflow: memo::CountOverflow = memo::CountOverflow;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::Memo")]
#[doc(hidden)]
pub type Memo<'c> = memo::Memo<'c>;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::MemoError")]
#[doc(hidden)]
pub type MemoError = memo::MemoError;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::MemoStats")]
#[doc(hidden)]
pub type MemoStats = memo::MemoStats;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::Zdd")]
#[doc(hidden)]
pub type Zdd = memo::Zdd;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::ZddSolutions")]
#[doc(hidden)]
pub type ZddSolutions<'a> = memo::ZddSolutions<'a>;
#[deprecated(
    since = "0.2.0",
    note = "moved: use dlx_core::memo::DEFAULT_MEMO_ENTRIES"
)]
#[doc(hidden)]
pub const DEFAULT_MEMO_ENTRIES: usize = memo::DEFAULT_MEMO_ENTRIES;
#[deprecated(
    since = "0.2.0",
    note = "moved: use dlx_core::memo::DEFAULT_MEMO_MEMORY"
)]
#[doc(hidden)]
pub const DEFAULT_MEMO_MEMORY: usize = memo::DEFAULT_MEMO_MEMORY;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::UNPROFITABLE")]
#[doc(hidden)]
pub const UNPROFITABLE: u64 = memo::UNPROFITABLE;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::memo::BigUint")]
#[doc(hidden)]
pub type BigUint = memo::BigUint;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::reduce::ItemRemoval")]
#[doc(hidden)]
pub type ItemRemoval = reduce::ItemRemoval;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::reduce::OptionRemoval")]
#[doc(hidden)]
pub type OptionRemoval = reduce::OptionRemoval;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::reduce::Reduction")]
#[doc(hidden)]
pub type Reduction = reduce::Reduction;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::split::Branch")]
#[doc(hidden)]
pub type Branch = split::Branch;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::split::SplitOff")]
#[doc(hidden)]
pub type SplitOff = split::SplitOff;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::split::Cut")]
#[doc(hidden)]
pub type Cut<'a> = split::Cut<'a>;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::split::Part")]
#[doc(hidden)]
pub type Part = split::Part;
#[deprecated(since = "0.2.0", note = "moved: use dlx_core::seed::SplitMix64")]
#[doc(hidden)]
pub type SplitMix64 = seed::SplitMix64;

/// The examples of `dlx-core/README.md`, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

//! The engines: one module per algorithm of Knuth's family, each owning
//! its arena, its covers and its item choice, each adding one idea to the
//! one before it.
//!
//! - [`arena`]: what every arena shares (typed node and item indices, the
//!   unchecked array, the spacer).
//! - [`exact`]: exact cover, Algorithm X as DLX1 runs it, with the early
//!   rule's covers (SSXC1's dead ends found while an option is tried).
//! - [`levels`]: Algorithm C's level machine, shared by the colored
//!   engines: the loop C1-C8 generic over [`levels::Levels`].
//! - [`xcc`]: the colored links; [`xcc::color`] adds colors (Algorithm C,
//!   DLX2: purify), [`xcc::bounds`] multiplicities (Algorithm M, DLX3:
//!   bounds, slack and tweaks).
//! - [`lazy`]: Algorithm C with the secondary items left out of the lists
//!   (options that clash on one are ruled out when met).
//! - [`cost`]: DLX5, branch and bound for the cheapest solutions.
//! - [`memo`]: DXZ, Algorithm X (on the plain links) or C (on the
//!   colored links) that remembers each subproblem and builds a decision
//!   diagram of all the solutions (counts past 2^64, uniform samples).
//!
//! The [`Solver`](crate::Solver) picks one when its search starts; no
//! engine asks at run time which one it is.

pub(crate) mod arena;
pub(crate) mod cost;
pub(crate) mod exact;
pub(crate) mod lazy;
pub(crate) mod levels;
pub(crate) mod memo;
pub(crate) mod strategy;
pub(crate) mod work;
pub(crate) mod xcc;

/// Which search a problem needs, decided when a solver starts: the plain
/// one of DLX1, Knuth's Algorithm C (colors, DLX2) or Algorithm M (bounds,
/// with or without colors, DLX3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// Exact cover: every primary item once, every secondary item at most
    /// once, no colors.
    Exact,
    /// Some option gives a secondary item a color ([`Problem::add_colored_option`](crate::Problem::add_colored_option)).
    Colors,
    /// Bounds were set on some primary item ([`Problem::set_bounds`](crate::Problem::set_bounds), even
    /// `1..=1`, as a DLX3 file may write them); options may have colors
    /// too.
    Multiplicities,
}

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
//!
//! The [`Solver`](crate::Solver) picks one when its search starts; no
//! engine asks at run time which one it is.

pub(crate) mod arena;
pub(crate) mod cost;
pub(crate) mod exact;
pub(crate) mod lazy;
pub(crate) mod levels;
pub(crate) mod work;
pub(crate) mod xcc;

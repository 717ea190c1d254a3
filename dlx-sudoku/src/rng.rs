//! The random numbers of `generate`, `rate` and the relabellings of
//! [`Transform`](crate::variant::Transform).
//!
//! [`Rng`] is `dlx-core`'s SplitMix64 ([`dlx_core::seed::SplitMix64`], the one
//! that seeds the engine's search), written out there rather than taken
//! from the `rand` crate: the same seed must give the same puzzles and
//! ratings on every build and platform, and `rand` does not promise that
//! its `StdRng` keeps its algorithm across versions.
//!
//! ```
//! use dlx_sudoku::rng::Rng;
//!
//! let mut a = Rng::new(42);
//! let mut b = Rng::new(42);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(6) < 6);
//! // Streams of one seed differ from each other.
//! assert_ne!(Rng::stream(1, 0).next_u64(), Rng::stream(1, 1).next_u64());
//! ```

/// The SplitMix64 generator (Steele, Lea and Flood, 2014): small, fast and
/// the same everywhere.
pub use dlx_core::seed::SplitMix64 as Rng;

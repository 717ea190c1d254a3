//! The random numbers of `generate`, `rate` and the relabellings of
//! [`Transform`](crate::variant::Transform).
//!
//! [`Rng`] is SplitMix64, written out here rather than taken from the
//! `rand` crate: the same seed must give the same puzzles and ratings on
//! every build and platform, and `rand` does not promise that its `StdRng`
//! keeps its algorithm across versions.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a bijection that mixes all bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// Stream `index` of `seed`: a generator whose start depends on both,
    /// mixed so that neighbouring streams do not overlap in practice.
    pub fn stream(seed: u64, index: u64) -> Rng {
        Rng::new(mix(seed ^ mix(index.wrapping_add(1).wrapping_mul(GAMMA))))
    }

    /// A generator keyed by `seed` and `key` (say, a puzzle's cells): the
    /// same pair always gives the same stream, on every platform.
    pub fn keyed(seed: u64, key: &[u8]) -> Rng {
        let h = key.iter().fold(mix(key.len() as u64), |h, &b| {
            mix(h ^ u64::from(b)).wrapping_add(GAMMA)
        });
        Rng::stream(seed, h)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// A number in `0..n`, without modulo bias.
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        // Reject the top partial copy of 0..n so every residue is equally
        // likely.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

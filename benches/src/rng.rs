//! The deterministic PRNG (SplitMix64) that shuffles puzzle order with a
//! fixed seed: runs are repeatable and need no `rand` dependency. It is
//! `dlx-sudoku`'s generator (`dlx_sudoku::generate::Rng`), under the name
//! the benches use.

/// The SplitMix64 generator (Steele, Lea and Flood, 2014).
pub use dlx_sudoku::generate::Rng as SplitMix64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // The published test vector: the first outputs of SplitMix64 seeded
        // with 1234567.
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(r.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn shuffle_is_a_repeatable_permutation() {
        let mut a: Vec<u32> = (0..100).collect();
        let mut b = a.clone();
        SplitMix64::new(7).shuffle(&mut a);
        SplitMix64::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        assert_ne!(a, (0..100).collect::<Vec<_>>());
        a.sort_unstable();
        assert_eq!(a, (0..100).collect::<Vec<_>>());
        for n in [1, 2, 3, 1000] {
            let mut r = SplitMix64::new(n);
            assert!((0..100).all(|_| r.below(n) < n));
        }
    }
}

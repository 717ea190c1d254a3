//! Seeded search: the random numbers, and the shuffled order of each item's
//! options.
//!
//! A seed changes two things before the search starts (see
//! [`Solver::set_seed`](crate::Solver::set_seed)): each item's list of
//! options is put in a random order, and each primary item gets a random
//! rank that breaks ties between items of equal length. Both come from
//! `Rng`, draws from [`SplitMix64`] written here rather than taken from a
//! crate: the sequence a seed gives is part of the promise ("the same seed
//! gives the same run on every machine"), so it must not change with a
//! dependency's version, and the generator is six lines. `dlx-sudoku`
//! (puzzles made and rated from a seed) and the benches use the same one.

/// Sebastiano Vigna's SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit
/// state, one addition and a mix per number. Its output passes BigCrush;
/// that is more than a shuffle needs. The same seed gives the same numbers
/// on every platform and in every version of this crate.
///
/// ```
/// use dlx_core::seed::SplitMix64;
///
/// // The published first outputs for seed 1234567.
/// let mut r = SplitMix64::new(1_234_567);
/// assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
/// assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
/// assert!(r.below(6) < 6);
/// // Streams of one seed differ from each other.
/// assert_ne!(SplitMix64::stream(1, 0).next_u64(), SplitMix64::stream(1, 1).next_u64());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
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

/// Fisher and Yates's shuffle of `items`, `below(n)` drawing a number in
/// `0..n`.
fn fisher_yates<T>(items: &mut [T], mut below: impl FnMut(usize) -> usize) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(i + 1));
    }
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// Stream `index` of `seed`: a generator whose start depends on both,
    /// mixed so that neighbouring streams do not overlap in practice.
    pub fn stream(seed: u64, index: u64) -> SplitMix64 {
        SplitMix64::new(mix(seed ^ mix(index.wrapping_add(1).wrapping_mul(GAMMA))))
    }

    /// A generator keyed by `seed` and `key` (say, a puzzle's cells): the
    /// same pair always gives the same stream, on every platform.
    pub fn keyed(seed: u64, key: &[u8]) -> SplitMix64 {
        let h = key.iter().fold(mix(key.len() as u64), |h, &b| {
            mix(h ^ u64::from(b)).wrapping_add(GAMMA)
        });
        SplitMix64::stream(seed, h)
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

    /// Shuffles `items` in place (Fisher and Yates, with [`below`](Self::below)).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        fisher_yates(items, |n| self.below(n as u64) as usize);
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// The seeded search's draws: [`SplitMix64`]'s numbers, brought into a
/// range by Lemire's multiply-and-shift (one draw each, where
/// [`SplitMix64::below`] may reject some). Kept apart because the orders
/// and ranks a seed has given since the start are drawn this way.
#[derive(Clone, Debug)]
pub(crate) struct Rng(SplitMix64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` > 0), by Lemire's multiply-and-shift; its
    /// bias, below `n / 2^64`, does not matter here.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Fisher and Yates's shuffle.
    pub(crate) fn shuffle<T>(&mut self, a: &mut [T]) {
        fisher_yates(a, |n| self.below(n));
    }
}

/// The random ranks of `n` primary items (a permutation of `0..n`), which
/// break ties between items of equal length, and the item of each rank.
pub(crate) fn ranks(n: usize, rng: &mut Rng) -> (Vec<u32>, Vec<u32>) {
    let mut item_of: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut item_of);
    let mut rank = vec![0; n];
    for (r, &c) in item_of.iter().enumerate() {
        rank[c as usize] = r as u32;
    }
    (rank, item_of)
}

/// The nodes of each item's list in the order to link them: item `i`'s are
/// `order[start[i]..start[i + 1]]`, in increasing order, shuffled when
/// `rng` is given. `nodes` lists every linked option node with its item.
pub(crate) fn list_orders(
    n_items: usize,
    nodes: impl Iterator<Item = (u32, u32)> + Clone,
    rng: Option<&mut Rng>,
) -> (Vec<usize>, Vec<u32>) {
    let mut start = vec![0usize; n_items + 1];
    for (_, item) in nodes.clone() {
        start[item as usize + 1] += 1;
    }
    for i in 0..n_items {
        start[i + 1] += start[i];
    }
    let mut order = vec![0u32; start[n_items]];
    let mut next = start.clone();
    for (x, item) in nodes {
        order[next[item as usize]] = x;
        next[item as usize] += 1;
    }
    if let Some(rng) = rng {
        for i in 0..n_items {
            rng.shuffle(&mut order[start[i]..start[i + 1]]);
        }
    }
    (start, order)
}

/// Under a seed, the item to branch on among the items whose bits are set
/// in `active` (item `64 * w + b` for bit `b` of word `w`): the first, in
/// index order, of length `STOP` or less, if the scan meets one (as the
/// unseeded scans stop there); else the item of least length, ties
/// broken by least `rank` (not by index).
///
/// The item the scan stops at is not ranked against the other short ones:
/// that would read every active item at every node, and so make a seeded
/// search quadratic where the unseeded one is linear (a chain of 200,000
/// items took 29 s seeded against 0.23 s under `first`).
pub(crate) fn ranked_min<const STOP: u32>(
    active: impl IntoIterator<Item = u64>,
    len: impl Fn(u32) -> u32,
    rank: &[u32],
) -> Option<u32> {
    let mut best: Option<(u32, u32, u32)> = None;
    for (w, mut bits) in active.into_iter().enumerate() {
        while bits != 0 {
            let k = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            let l = len(k);
            if l <= STOP {
                return Some(k);
            }
            let r = rank[k as usize];
            if best.is_none_or(|(bl, br, _)| (l, r) < (bl, br)) {
                best = Some((l, r, k));
            }
        }
    }
    best.map(|(_, _, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_of_a_seed_never_changes() {
        // SplitMix64's published first outputs for seed 0 and 1234567.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let mut r = Rng::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn the_public_generator_gives_the_reference_sequence() {
        // The published test vector: the first outputs of SplitMix64 seeded
        // with 1234567.
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(r.next_u64(), 9_817_491_932_198_370_423);
        // The engine's draws use the same numbers.
        let (mut a, mut b) = (SplitMix64::new(9), Rng::new(9));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
    }

    #[test]
    fn shuffles_and_draws_stay_in_range() {
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
        let mut p = SplitMix64::keyed(3, b"cells").permutation(10);
        p.sort_unstable();
        assert_eq!(p, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn shuffles_and_ranks_are_permutations() {
        let mut r = Rng::new(7);
        for n in 0..50 {
            let (rank, item_of) = ranks(n, &mut r);
            let mut sorted = item_of.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n as u32).collect::<Vec<_>>());
            for (c, &k) in rank.iter().enumerate() {
                assert_eq!(item_of[k as usize], c as u32);
            }
        }
        // Every position is reached: 3 elements, all 6 orders.
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let mut a = [0, 1, 2];
            r.shuffle(&mut a);
            seen.insert(a);
        }
        assert_eq!(seen.len(), 6);
    }

    #[test]
    fn list_orders_group_nodes_by_item() {
        let nodes = [(10u32, 1u32), (11, 0), (13, 1), (14, 2), (16, 1)];
        let (start, order) = list_orders(3, nodes.iter().copied(), None);
        assert_eq!(start, [0, 1, 4, 5]);
        assert_eq!(order, [11, 10, 13, 16, 14]);
        let (start2, mut shuffled) = list_orders(3, nodes.iter().copied(), Some(&mut Rng::new(3)));
        assert_eq!(start2, start);
        shuffled[1..4].sort_unstable();
        assert_eq!(shuffled, order);
    }

    #[test]
    fn ranked_choice_stops_where_the_unseeded_scan_does() {
        // Items 0..130 active; lengths 3, except 5 at 70 and 1 at 100 and 120.
        let active = [u64::MAX, u64::MAX, (1 << 2) - 1];
        let len = |k: u32| match k {
            70 => 5,
            100 | 120 => 1,
            _ => 3,
        };
        let reads = std::cell::Cell::new(0);
        let counted = |k: u32| {
            reads.set(reads.get() + 1);
            len(k)
        };
        // Ranks reversed: the last items rank first.
        let rank: Vec<u32> = (0..130).rev().collect();
        // Stopping at 1: item 100, after 101 reads, whatever the ranks.
        assert_eq!(ranked_min::<1>(active, counted, &rank), Some(100));
        assert_eq!(reads.get(), 101);
        // Stopping at 0: every item is read, and 120 (rank 9) beats 100.
        reads.set(0);
        assert_eq!(ranked_min::<0>(active, counted, &rank), Some(120));
        assert_eq!(reads.get(), 130);
        // Ties of length 3 go to the least rank: item 129 once 100 and 120
        // are out.
        let len3 = |k: u32| if k == 70 { 5 } else { 3 };
        assert_eq!(ranked_min::<1>(active, len3, &rank), Some(129));
        assert_eq!(ranked_min::<0>([0u64], len3, &rank), None);
    }
}

//! The plain search's choice of an item: DLX1's leftmost item of least
//! length, the scans of the other rules (up to one, first, ranked under a
//! seed, the short-item stack and the degree tie-break), and the seeded
//! order of the item lists.

#![allow(unsafe_code)]

use super::*;

impl Links {
    /// Relinks every item's list, nothing being covered: its nodes in
    /// increasing order (the order they were added in, DLX1's), or
    /// shuffled by `rng` (a seeded search; see [`crate::seed`]).
    pub(crate) fn relink(&mut self, rng: Option<&mut crate::seed::Rng>) {
        let seeded = rng.is_some();
        let first = self.n_items as usize + 1;
        let (item, link) = (&self.item, &self.link);
        // An option with no primary item is not in any list: its nodes
        // link to themselves.
        let nodes = (first..self.nodes)
            .map(|x| Node(x as u32))
            .filter(|&x| item[x] != SPACER && link[x].down != x)
            .map(|x| (x.0, item[x].0));
        let (start, order) = crate::seed::list_orders(self.n_items as usize, nodes, rng);
        for c in 0..self.n_items as usize {
            let head = Node(c as u32);
            let mut prev = head;
            for &x in &order[start[c]..start[c + 1]] {
                let x = Node(x);
                self.link[prev].down = x;
                self.link[x].up = prev;
                prev = x;
            }
            self.link[prev].down = head;
            self.link[head].up = prev;
        }
        self.shuffled = seeded;
    }

    /// The item to branch on under a seed, by `choice`'s scan with ties
    /// of length broken by least [`Links::rank`] (not by index): the
    /// active primary item of minimum length, the scan stopping where the
    /// rule's does (at length 0 for DLX1's rule, at length 1 for the
    /// others; [`Branching::First`](crate::Branching::First) takes the leftmost item, which no
    /// length ties). An item the scan stops at is taken as the unseeded
    /// scan takes it, without ranking, so that a seeded search costs what
    /// an unseeded one does: ranking every item of length 1 would read
    /// all active items at every node, quadratic on a chain.
    #[inline(never)]
    pub(crate) fn choose_ranked(&self, choice: Choice) -> Option<ItemIx> {
        match choice {
            Choice::MinLength => self.ranked_min::<0>(),
            Choice::First => self.leftmost_min::<{ u32::MAX }>(),
            // The short rules rank only where their stack is empty.
            Choice::UpToOne | Choice::Short | Choice::ShortDegree => self.ranked_min::<1>(),
        }
    }

    /// [`crate::seed::ranked_min`] over the active primary items.
    fn ranked_min<const STOP: u32>(&self) -> Option<ItemIx> {
        let words = (0..self.primary_words).map(|w| match w + 1 == self.primary_words {
            // Secondary items share the last word of primary ones.
            true => self.active[w] & self.last_mask,
            false => self.active[w],
        });
        let len = |k: u32| self.len[ItemIx(k)] & !COVERED;
        crate::seed::ranked_min::<STOP>(words, len, &self.rank).map(ItemIx)
    }

    /// The item to branch on, or `None` when every primary item is covered.
    #[inline(always)]
    pub(crate) fn choose(&self, choice: Choice) -> Option<ItemIx> {
        match choice {
            // DLX1: the leftmost item of minimum length; nothing beats 0.
            Choice::MinLength => self.leftmost_min::<0>(),
            Choice::UpToOne | Choice::Short => self.leftmost_min::<1>(),
            Choice::ShortDegree => {
                let best = self.leftmost_min::<1>()?;
                Some(self.most_constraining(best))
            }
            Choice::First => self.leftmost_min::<{ u32::MAX }>(),
        }
    }

    /// The leftmost active primary item of minimum length, or the first of
    /// length `STOP` or less (`u32::MAX`: the first active item). The
    /// items are visited by their bits, in index order.
    #[inline(always)]
    fn leftmost_min<const STOP: u32>(&self) -> Option<ItemIx> {
        let (mut best, mut t) = (0, COVERED);
        let words = self.primary_words;
        for w in 0..words {
            debug_assert!(w < self.active.len());
            // SAFETY: `primary_words` <= `active.len()` (see `reset`).
            let mut bits = unsafe { *self.active.get_unchecked(w) };
            if w + 1 == words {
                // Secondary items share the last word of primary ones.
                bits &= self.last_mask;
            }
            let base = (w * 64) as u32;
            while bits != 0 {
                let k = base + bits.trailing_zeros();
                bits &= bits - 1;
                if STOP == u32::MAX {
                    return Some(ItemIx(k));
                }
                let l = self.len[ItemIx(k)];
                debug_assert!(l & COVERED == 0, "active item {k} flagged covered");
                best = if l < t { k } else { best };
                t = t.min(l);
                if t <= STOP {
                    return Some(ItemIx(best));
                }
            }
        }
        (t < COVERED).then_some(ItemIx(best))
    }

    /// The item to branch on under [`Branching::ShortFirst`](crate::Branching::ShortFirst) (and
    /// [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree) when `degree`): the item a
    /// cover last made empty, if it still is; else the item most recently
    /// shortened to length 0 or 1 that is still active, found on `short`
    /// without a scan; failing that, the scan of
    /// [`Branching::MinLengthUpToOne`](crate::Branching::MinLengthUpToOne), and with `degree`
    /// ([`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree)) the tie-break of
    /// [`Links::most_constraining`] when it finds no item shorter than 2.
    #[inline]
    pub(crate) fn choose_short(&mut self, degree: bool) -> Option<ItemIx> {
        let z = self.zero;
        if z.0 < self.n_primary && self.len[z] == 0 {
            return Some(z);
        }
        while self.short_top > 0 {
            self.short_top -= 1;
            debug_assert!(self.short_top < self.short.len());
            // SAFETY: `short_top` < `short.len()` (see `cover`).
            let c = unsafe { *self.short.get_unchecked(self.short_top) };
            // A covered item has the flag, so it fails the length test.
            if c.0 < self.n_primary && self.len[c] <= 1 {
                return Some(c);
            }
        }
        let best = self.choose_dense(1)?;
        Some(if degree {
            self.most_constraining(best)
        } else {
            best
        })
    }

    /// The tie-break of [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree), given `first`, the
    /// leftmost active primary item of minimum length: `first` itself when
    /// that length is 0 or 1; else, of the first [`DEGREE_CANDIDATES`]
    /// active primary items of that length from `first` on (in index
    /// order), the one whose options conflict with the most others, that
    /// is with the largest sum of the lengths of their other items
    /// (leftmost on a tie). Choosing any of its options then hides the
    /// most options: the degree heuristic that constraint solvers pair
    /// with the shortest domain.
    #[inline(never)]
    pub(crate) fn most_constraining(&self, first: ItemIx) -> ItemIx {
        let t = self.len[first];
        if t <= 1 {
            return first;
        }
        let (mut best, mut most) = (first, self.conflicts(first));
        // Candidates still to compare after `first`.
        let mut left = DEGREE_CANDIDATES - 1;
        let words = self.primary_words;
        let mut w = first.at() / 64;
        // The active items after `first` in its word, then the next words.
        let mut bits = self.active[w] & (!1u64 << (first.0 % 64));
        loop {
            if w + 1 == words {
                bits &= self.last_mask;
            }
            while bits != 0 && left > 0 {
                let c = ItemIx((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
                if self.len[c] != t {
                    continue;
                }
                let n = self.conflicts(c);
                if n > most {
                    (best, most) = (c, n);
                }
                left -= 1;
            }
            if left == 0 {
                return best;
            }
            w += 1;
            if w >= words {
                return best;
            }
            bits = self.active[w];
        }
    }

    /// The sum of the lengths of the other items of the options in
    /// active item `c`'s list: how many options (counted once per item
    /// shared) conflict with them.
    fn conflicts(&self, c: ItemIx) -> u64 {
        let head = c.header();
        let mut sum = 0u64;
        let mut rr = self.link[head].down;
        while rr != head {
            let mut nn = rr.next();
            while nn != rr {
                let cc = self.item[nn];
                if cc == SPACER {
                    nn = self.link[nn].up;
                    continue;
                }
                // The items of a visible option are all active: no flag.
                debug_assert!(self.len[cc] & COVERED == 0);
                sum += u64::from(self.len[cc]);
                nn = nn.next();
            }
            rr = self.link[rr].down;
        }
        sum
    }

    /// The leftmost active primary item of minimum length, stopping at the
    /// first of length `stop` or less: the list scan's answer, found by
    /// scanning the lengths of all primary items in index order (covered
    /// ones carry [`COVERED`]) in blocks the processor can compare side by
    /// side instead of following the list one item at a time.
    #[inline]
    pub(crate) fn choose_dense(&self, stop: u32) -> Option<ItemIx> {
        let lens = &self.len.data[..self.n_primary as usize];
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: the processor has AVX2 (checked in `reset`).
            return unsafe { leftmost_min_avx2(lens, stop) };
        }
        leftmost_min(lens, stop)
    }
}
/// Items compared side by side in [`leftmost_min`].
const BLOCK: usize = 16;

/// What the list scan answers, over `lens` in index order: the first entry
/// of `stop` or less if there is one, else the leftmost smallest that is
/// not [`COVERED`]; `None` when all are covered.
#[inline(always)]
fn leftmost_min(lens: &[u32], stop: u32) -> Option<ItemIx> {
    let (mut best, mut at) = (COVERED, 0);
    let mut blocks = lens.chunks_exact(BLOCK);
    for (b, block) in blocks.by_ref().enumerate() {
        let m = block.iter().fold(u32::MAX, |m, &l| m.min(l));
        if m < best {
            (best, at) = (m, b * BLOCK);
            if m <= stop {
                break;
            }
        }
    }
    if best > stop {
        let base = lens.len() - blocks.remainder().len();
        for (i, &l) in blocks.remainder().iter().enumerate() {
            if l < best {
                (best, at) = (l, base + i);
                if l <= stop {
                    break;
                }
            }
        }
    }
    if best >= COVERED {
        return None;
    }
    // The first of length `stop` or less, where the list scan stops;
    // failing that, the first of the minimum length.
    let i = lens[at..].iter().position(|&l| l <= best.max(stop))?;
    Some(ItemIx((at + i) as u32))
}

/// [`leftmost_min`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn leftmost_min_avx2(lens: &[u32], stop: u32) -> Option<ItemIx> {
    leftmost_min(lens, stop)
}
#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift stream from `seed` (not 0): each call `next(n)` gives a
    /// number below `n`.
    fn below(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    /// The list scan's rule, one entry at a time.
    fn reference(lens: &[u32], stop: u32) -> Option<ItemIx> {
        let mut best: Option<(usize, u32)> = None;
        for (i, &l) in lens.iter().enumerate() {
            if l & COVERED != 0 {
                continue;
            }
            if best.is_none_or(|(_, b)| l < b) {
                best = Some((i, l));
                if l <= stop {
                    break;
                }
            }
        }
        best.map(|(i, _)| ItemIx(i as u32))
    }

    /// A cover that empties one item and then shortens another to length 1
    /// leaves the short stack's top on the second; the choice is the empty
    /// one, a dead end found without the forced move.
    #[test]
    fn an_item_a_cover_empties_is_chosen_first() {
        use crate::{Item, Problem};
        // Items a, b, c; options {a, b}, {a, c}, {c}.
        let mut p = Problem::new(3, 0);
        let [a, b, c] = [0, 1, 2].map(Item::new);
        for option in [vec![a, b], vec![a, c], vec![c]] {
            p.add_option(option).unwrap();
        }
        let links = &mut p.links;
        links.cover::<TRACKED, 0>(ItemIx(0));
        assert_eq!((links.len[ItemIx(1)], links.len[ItemIx(2)]), (0, 1));
        assert_eq!(links.short[links.short_top - 1], ItemIx(2));
        assert_eq!(links.choose_short(false), Some(ItemIx(1)));
        // Uncovered, b is no longer empty: the stale record is passed over
        // and the stack gives b again, for its length 1 (c has 2).
        links.uncover::<FLAGGED, 0>(ItemIx(0));
        assert_eq!((links.len[ItemIx(1)], links.len[ItemIx(2)]), (1, 2));
        assert_eq!(links.choose_short(false), Some(ItemIx(1)));
    }

    /// The degree tie-break, against a reference that knows only the
    /// options' items and which items are covered: an option with a
    /// primary item is in the lists of its items while all its items are
    /// active (options of secondary items only never are), and an
    /// item's length is the number of such options it is in. Problems of
    /// up to 200 items (so across bit words), with random items covered.
    #[test]
    fn the_degree_tie_break_answers_as_its_definition() {
        use crate::{Item, OptionId, Problem};
        let mut next = below(0x9e37_79b9_7f4a_7c15);
        let mut ties = 0;
        for _ in 0..3_000 {
            let primary = 1 + next(200) as usize;
            let uniform = next(2) == 0;
            let secondary = if uniform { 1 + next(12) } else { next(4) } as usize;
            let items = primary + secondary;
            let mut p = Problem::new(primary, secondary);
            if uniform {
                // Every primary item in two options of its own, with
                // random secondary items: all of length 2, so that the
                // window of candidates matters.
                for i in 0..2 * primary {
                    let mut option: Vec<usize> = (0..next(4))
                        .map(|_| primary + next(secondary as u64) as usize)
                        .chain([i / 2])
                        .collect();
                    option.sort_unstable();
                    option.dedup();
                    p.add_option(option.into_iter().map(Item::new)).unwrap();
                }
            } else {
                // Options of up to four random items, and more: each
                // primary item in about three, so that lengths of 2 or
                // more (where the tie-break acts) are common.
                for k in 0..(3 * primary + next(items as u64 + 1) as usize) {
                    let mut option: Vec<usize> = (0..1 + next(4))
                        .map(|_| next(items as u64) as usize)
                        .chain((k < 3 * primary).then_some(k / 3))
                        .collect();
                    option.sort_unstable();
                    option.dedup();
                    p.add_option(option.into_iter().map(Item::new)).unwrap();
                }
            }
            let options: Vec<Vec<usize>> = (0..p.option_count())
                .map(|o| {
                    p.option_items(OptionId::new(o))
                        .map(|i| i.index())
                        .collect()
                })
                .collect();
            // Cover some active items, as the search's covers do.
            let covers = next(items as u64 / 8 + 2);
            for _ in 0..covers {
                let c = ItemIx(next(items as u64) as u32);
                if p.links.is_active(c) {
                    p.links.cover::<FLAGGED, 0>(c);
                }
            }
            let links = &p.links;
            let active = |i: usize| links.is_active(ItemIx(i as u32));
            // Options of secondary items only are never linked.
            let visible: Vec<&Vec<usize>> = options
                .iter()
                .filter(|o| o.iter().all(|&i| active(i)) && o.iter().any(|&i| i < primary))
                .collect();
            let len = |i: usize| visible.iter().filter(|o| o.contains(&i)).count() as u64;
            let candidates: Vec<usize> = (0..primary).filter(|&i| active(i)).collect();
            let want = match candidates.iter().find(|&&i| len(i) <= 1) {
                Some(&i) => Some(i),
                None => candidates.iter().map(|&i| len(i)).min().map(|t| {
                    let conflicts = |i: usize| -> u64 {
                        visible
                            .iter()
                            .filter(|o| o.contains(&i))
                            .flat_map(|o| o.iter().filter(|&&j| j != i))
                            .map(|&j| len(j))
                            .sum()
                    };
                    let tied: Vec<usize> = candidates
                        .iter()
                        .copied()
                        .filter(|&i| len(i) == t)
                        .take(DEGREE_CANDIDATES as usize)
                        .collect();
                    ties += usize::from(tied.len() > 1);
                    let most = tied.iter().map(|&i| conflicts(i)).max().unwrap();
                    tied.into_iter().find(|&i| conflicts(i) == most).unwrap()
                }),
            };
            let got = links.choose(Choice::ShortDegree).map(|c| c.at());
            assert_eq!(
                got, want,
                "{primary}+{secondary} items, options {options:?}"
            );
        }
        // The tie-break itself was exercised, not just the forced moves.
        assert!(ties > 1_000, "{ties} choices among ties");
    }

    #[test]
    fn the_dense_scan_answers_as_the_list_scan() {
        let mut next = below(0x2545_f491_4f6c_dd1d);
        for _ in 0..50_000 {
            let n = next(70) as usize;
            let lens: Vec<u32> = (0..n)
                .map(|_| {
                    let l = next(6) as u32;
                    if next(4) == 0 {
                        l | COVERED
                    } else {
                        l
                    }
                })
                .collect();
            for stop in 0..3 {
                let want = reference(&lens, stop);
                assert_eq!(leftmost_min(&lens, stop), want, "{lens:?} stop {stop}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the processor has AVX2.
                    assert_eq!(unsafe { leftmost_min_avx2(&lens, stop) }, want);
                }
            }
        }
        // The case that the first version got wrong: the first item of
        // length `stop` or less, not the smallest of its block.
        let lens = [3, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
        assert_eq!(leftmost_min(&lens, 1), Some(ItemIx(1)));
    }
}

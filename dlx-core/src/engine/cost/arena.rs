//! DLX5's arena: the colored links with the net cost of the node below
//! each node, built from a [`Problem`]'s options, and the covers that stop
//! at a cost threshold (see the notes of [`super`]).

#![allow(unsafe_code)]

use super::*;
use crate::engine::arena::{place_in_uniform, SPACER};

/// The vertical links of a node, and the net cost of the node below it
/// (the option of `down`; [`INFINITE`] when `down` is the item's header).
///
/// Keeping the cost of the *next* node makes each step of a list walk one
/// load: the choice counts an item's affordable options by reading the
/// header and then one record per option, and the walks of `cover` stop
/// at the threshold without reading the node past it. The field is kept
/// when a node is unlinked (its `up` takes over its `down_cost`) and
/// restored from the option's cost, which the walk that links it back
/// has just read, when it is linked back.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Link {
    pub(super) up: u32,
    pub(super) down: u32,
    pub(super) down_cost: u64,
}

/// The item and color code of a node (1 + the color's index; 0: none;
/// [`PURIFIED`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ic {
    pub(super) item: u32,
    pub(super) color: u32,
}

/// The `K` of the search loops whose options have lengths that differ:
/// an option's other nodes are walked in two counted loops over its span
/// instead of testing every node for the spacer (as in the colored links).
pub(super) const SPANS: usize = 1;

/// The links of a min-cost search.
pub(super) struct Arena {
    pub(super) link: Vec<Link>,
    pub(super) ic: Vec<Ic>,
    /// For each node, the first node of its option and the option's spacer.
    pub(super) spans: Vec<[u32; 2]>,
    /// The place of each node in its option (capped at 255), for
    /// [`Arena::place_in_option`].
    pub(super) place: Vec<u8>,
    /// Visible options in each item's list.
    pub(super) len: Vec<u32>,
    /// Bit `c % 64` of word `c / 64` is set while primary item `c` is
    /// active (DLX5's list of items, in index order).
    pub(super) active: Vec<u64>,
    pub(super) n_items: u32,
    pub(super) n_primary: u32,
    /// How the loops walk an option: the shared length of all options (2
    /// to 7), [`SPANS`], or 0 (walk to the spacer).
    pub(super) uniform: u32,
    /// Primary items no option has two of (see [`CostSearch::disjoint_bound`]);
    /// empty unless asked for.
    pub(super) disjoint: Vec<u32>,
    /// The taxes taken off the options' costs, added back to every total.
    pub(super) total_tax: Total,
    /// Items covered plus option nodes unlinked.
    pub(super) updates: u64,
}

impl Arena {
    /// Builds the links of `p`: taxes, then every item's list sorted by net
    /// cost. Options without a primary item are left out of the lists, as
    /// DLX5 drops them.
    pub(super) fn build(p: &Problem) -> Result<Arena, CostError> {
        let items = p.links.items();
        let n = p.item_count();
        let primary = p.primary_count();
        // The options' ranges of nodes, in order (option ids follow them).
        let mut ranges: Vec<(usize, usize)> = Vec::with_capacity(p.option_count());
        let mut first = n + 1;
        while first < items.len() {
            let end = first + items[first..].iter().position(|&s| s == SPACER).unwrap();
            ranges.push((first, end));
            first = end + 1;
        }
        debug_assert_eq!(ranges.len(), p.option_count());
        let is_primary = |x: usize| (items[x].0 as usize) < primary;
        // Net costs stay below `INFINITE`; sums are `Total`s and cannot
        // overflow, so nothing else needs checking before the search.
        if let Some(option) = (0..ranges.len())
            .map(OptionId::new)
            .find(|&o| p.cost(o) > MAX_COST)
        {
            return Err(CostError::CostTooLarge { option });
        }
        // Each item's options (those with a primary item), in input order.
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut option_of = vec![u32::MAX; items.len()];
        for (o, &(first, end)) in ranges.iter().enumerate() {
            if (first..end).any(is_primary) {
                for x in first..end {
                    lists[items[x].0 as usize].push(x as u32);
                    option_of[x] = o as u32;
                }
            }
        }
        // Taxes, item by item: each takes the least net cost of its options
        // off all of them.
        let mut net: Vec<u64> = (0..ranges.len())
            .map(|o| p.cost(OptionId::new(o)))
            .collect();
        let mut total_tax: Total = 0;
        for list in &lists[..primary] {
            let net_of = |x: u32| net[option_of[x as usize] as usize];
            let Some(tax) = list.iter().map(|&x| net_of(x)).min() else {
                continue;
            };
            if tax > 0 {
                // Every solution pays each tax: a total is at least the sum.
                total_tax += Total::from(tax);
                for &x in list {
                    net[option_of[x as usize] as usize] -= tax;
                }
            }
        }
        let mut cost = vec![0u64; items.len()];
        let mut ic = vec![Ic::default(); items.len()];
        for (x, (&s, i)) in items.iter().zip(&mut ic).enumerate() {
            i.item = s.0;
            i.color = p.colors.get(x).copied().unwrap_or(0);
            if let Some(&o) = option_of.get(x).filter(|&&o| o != u32::MAX) {
                cost[x] = net[o as usize];
            }
        }
        let mut link = vec![Link::default(); items.len()];
        let mut len = vec![0u32; n];
        for (c, list) in lists.iter_mut().enumerate() {
            // A stable sort: options of one cost keep their input order.
            list.sort_by_key(|&x| cost[x as usize]);
            len[c] = list.len() as u32;
            let mut prev = c as u32;
            for &x in list.iter() {
                link[prev as usize].down = x;
                link[prev as usize].down_cost = cost[x as usize];
                link[x as usize].up = prev;
                prev = x;
            }
            link[prev as usize].down = c as u32;
            link[prev as usize].down_cost = INFINITE;
            link[c].up = prev;
        }
        // Spacers: `up` is the first node of the option before, `down` the
        // last node of the option after.
        let mut spans = vec![[0u32; 2]; items.len()];
        let mut place = vec![0u8; items.len()];
        for &(first, end) in &ranges {
            link[first - 1].down = end as u32 - 1;
            link[end].up = first as u32;
            spans[first..end].fill([first as u32, end as u32]);
            for (j, p) in place[first..end].iter_mut().enumerate() {
                *p = j.min(255) as u8;
            }
        }
        let mut lengths = ranges.iter().map(|&(first, end)| end - first);
        let uniform = match lengths.next() {
            Some(k) if (2..=7).contains(&k) && lengths.all(|l| l == k) => k as u32,
            _ => SPANS as u32,
        };
        let mut active = vec![u64::MAX; primary.div_ceil(64)];
        if primary % 64 != 0 {
            if let Some(last) = active.last_mut() {
                *last = (1 << (primary % 64)) - 1;
            }
        }
        Ok(Arena {
            link,
            ic,
            spans,
            place,
            len,
            active,
            n_items: n as u32,
            n_primary: primary as u32,
            uniform,
            disjoint: Vec::new(),
            total_tax,
            updates: 0,
        })
    }

    #[inline(always)]
    pub(super) fn lk(&self, x: u32) -> Link {
        debug_assert!((x as usize) < self.link.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.link.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(super) fn lk_mut(&mut self, x: u32) -> &mut Link {
        debug_assert!((x as usize) < self.link.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.link.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    pub(super) fn ic(&self, x: u32) -> Ic {
        debug_assert!((x as usize) < self.ic.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.ic.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(super) fn set_color(&mut self, x: u32, color: u32) {
        debug_assert!((x as usize) < self.ic.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.ic.get_unchecked_mut(x as usize).color = color };
    }

    /// The first node of the option of node `x` and `x`'s place in it,
    /// when every option has `K` nodes: a mask where `K + 1` is a power of
    /// two, else a lookup (as in the plain links' `place_in_option`).
    #[inline(always)]
    pub(super) fn place_in_option<const K: usize>(&self, x: u32) -> (u32, u32) {
        place_in_uniform::<K>(x, self.n_items, &self.place)
    }

    #[inline(always)]
    pub(super) fn span(&self, x: u32) -> [u32; 2] {
        debug_assert!((x as usize) < self.spans.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.spans.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(super) fn len_mut(&mut self, c: u32) -> &mut u32 {
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.len.get_unchecked_mut(c as usize) }
    }

    /// Chooses the items of [`Arena::disjoint`] greedily: the primary items
    /// by decreasing length (index order on ties), each taken unless an
    /// option has it and an item taken before.
    pub(super) fn choose_disjoint(&mut self) {
        let primary = self.n_primary as usize;
        let mut order: Vec<u32> = (0..self.n_primary).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(self.len[c as usize]));
        let mut blocked = vec![false; primary];
        for c in order {
            if blocked[c as usize] || self.len[c as usize] == 0 {
                continue;
            }
            self.disjoint.push(c);
            let mut r = self.lk(c).down;
            while r != c {
                self.for_others::<0>(r, |_, _, node| {
                    if (node.item as usize) < primary {
                        blocked[node.item as usize] = true;
                    }
                });
                r = self.lk(r).down;
            }
        }
        self.disjoint.sort_unstable();
    }

    /// A lower bound on the net cost still to pay: the sum, over the
    /// active items of [`Arena::disjoint`], of the cheapest option left in
    /// each list ([`UNBOUNDED`] when a list is empty). No option covers
    /// two of them, so a solution pays each with a different option.
    #[inline]
    pub(super) fn disjoint_bound(&self) -> Total {
        let mut sum: Total = 0;
        for &c in &self.disjoint {
            if self.active[c as usize / 64] & (1 << (c % 64)) != 0 {
                let least = self.lk(c).down_cost;
                if least == INFINITE {
                    return UNBOUNDED;
                }
                sum += Total::from(least);
            }
        }
        sum
    }

    /// Is every primary item covered?
    #[inline]
    pub(super) fn all_covered(&self) -> bool {
        self.active.iter().all(|&w| w == 0)
    }

    /// Calls `f` with each node of the option of `x` but `x` and its item
    /// and color, left to right from `x`, wrapping around: when every
    /// option has `K` nodes (`K` > 1) found by arithmetic (option `o`
    /// starts at node `n_items + 1 + o·(K + 1)`), with [`SPANS`] by the
    /// option's span, and with 0 by walking to the spacer.
    #[inline(always)]
    pub(super) fn for_others<const K: usize>(
        &mut self,
        x: u32,
        mut f: impl FnMut(&mut Self, u32, Ic),
    ) {
        if K == 0 {
            let mut nn = x + 1;
            while nn != x {
                let node = self.ic(nn);
                if node.item == SPACER.0 {
                    nn = self.lk(nn).up;
                    continue;
                }
                f(self, nn, node);
                nn += 1;
            }
        } else if K == SPANS {
            let [first, end] = self.span(x);
            for nn in x + 1..end {
                f(self, nn, self.ic(nn));
            }
            for nn in first..x {
                f(self, nn, self.ic(nn));
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..k {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                f(self, nn, self.ic(nn));
            }
        }
    }

    /// [`Arena::for_others`] right to left.
    #[inline(always)]
    pub(super) fn for_others_rev<const K: usize>(
        &mut self,
        x: u32,
        mut f: impl FnMut(&mut Self, u32, Ic),
    ) {
        if K == 0 {
            let mut nn = x - 1;
            while nn != x {
                let node = self.ic(nn);
                if node.item == SPACER.0 {
                    nn = self.lk(nn).down;
                    continue;
                }
                f(self, nn, node);
                nn -= 1;
            }
        } else if K == SPANS {
            let [first, end] = self.span(x);
            for nn in (first..x).rev() {
                f(self, nn, self.ic(nn));
            }
            for nn in (x + 1..end).rev() {
                f(self, nn, self.ic(nn));
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in (1..k).rev() {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                f(self, nn, self.ic(nn));
            }
        }
    }

    /// Hides the option of node `r` from the lists of its other items,
    /// except at purified items (their lists are frozen).
    #[inline(always)]
    pub(super) fn hide<const K: usize>(&mut self, r: u32) {
        let mut updates = 0;
        self.for_others::<K>(r, |a, x, node| {
            if node.color != PURIFIED {
                let Link {
                    up,
                    down,
                    down_cost,
                } = a.lk(x);
                let above = a.lk_mut(up);
                above.down = down;
                above.down_cost = down_cost;
                a.lk_mut(down).up = up;
                *a.len_mut(node.item) -= 1;
                updates += 1;
            }
        });
        self.updates += updates;
    }

    /// Undoes [`Arena::hide`]; `cost` is the option's net cost.
    #[inline(always)]
    pub(super) fn unhide<const K: usize>(&mut self, r: u32, cost: u64) {
        self.for_others::<K>(r, |a, x, node| {
            if node.color != PURIFIED {
                let Link { up, down, .. } = a.lk(x);
                let above = a.lk_mut(up);
                above.down = x;
                above.down_cost = cost;
                a.lk_mut(down).up = x;
                *a.len_mut(node.item) += 1;
            }
        });
    }

    /// Covers item `c`: deactivates it and hides the options of its list
    /// whose net cost is below `thresh` (the list is sorted: the walk stops
    /// at the first that is not).
    #[inline]
    pub(super) fn cover<const K: usize>(&mut self, c: u32, thresh: u64) {
        if c < self.n_primary {
            self.active[c as usize / 64] &= !(1 << (c % 64));
        }
        self.updates += 1;
        // `l` is the record above the next option to hide. Hiding an option
        // leaves its node in `c`'s list as it is, so the walk reads the
        // next record before it hides: the load does not wait on the
        // stores.
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let r = l.down;
            l = self.lk(r);
            self.hide::<K>(r);
        }
    }

    /// Undoes [`Arena::cover`] with the same threshold. The options are
    /// restored in the order they were hidden, which is as good as the
    /// reverse (Knuth's remark in DLX5) and lets the walk stop at the
    /// threshold.
    #[inline]
    pub(super) fn uncover<const K: usize>(&mut self, c: u32, thresh: u64) {
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let (r, cost) = (l.down, l.down_cost);
            l = self.lk(r);
            self.unhide::<K>(r, cost);
        }
        if c < self.n_primary {
            self.active[c as usize / 64] |= 1 << (c % 64);
        }
    }

    /// Purifies the item of node `p` with `p`'s color (DLX2), for the
    /// options of its list below `thresh`: those of another color are
    /// hidden, those of the same color marked [`PURIFIED`].
    #[inline]
    pub(super) fn purify<const K: usize>(&mut self, p: u32, thresh: u64) {
        let Ic { item: c, color } = self.ic(p);
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let r = l.down;
            l = self.lk(r);
            if self.ic(r).color != color {
                self.hide::<K>(r);
            } else if r != p {
                self.set_color(r, PURIFIED);
            }
        }
    }

    /// Undoes [`Arena::purify`] with the same threshold.
    #[inline]
    pub(super) fn unpurify<const K: usize>(&mut self, p: u32, thresh: u64) {
        let Ic { item: c, color } = self.ic(p);
        let mut l = self.lk(c);
        while l.down_cost < thresh {
            let (r, cost) = (l.down, l.down_cost);
            l = self.lk(r);
            if self.ic(r).color == PURIFIED {
                self.set_color(r, color);
            } else if r != p {
                self.unhide::<K>(r, cost);
            }
        }
    }

    /// Covers or purifies the other items of the option of node `cur`, left
    /// to right.
    #[inline]
    pub(super) fn commit_others<const K: usize>(&mut self, cur: u32, thresh: u64) {
        self.for_others::<K>(cur, |a, x, Ic { item, color }| {
            if color == 0 {
                a.cover::<K>(item, thresh);
            } else if color != PURIFIED {
                a.purify::<K>(x, thresh);
            }
        });
    }

    /// Undoes [`Arena::commit_others`], right to left.
    #[inline]
    pub(super) fn uncommit_others<const K: usize>(&mut self, cur: u32, thresh: u64) {
        self.for_others_rev::<K>(cur, |a, x, Ic { item, color }| {
            if color == 0 {
                a.uncover::<K>(item, thresh);
            } else if color != PURIFIED {
                a.unpurify::<K>(x, thresh);
            }
        });
    }

    /// DLX5's choice of an item, for a partial solution that may still
    /// spend less than `budget`: the active primary item with the fewest
    /// options below the budget (counted up to [`LEN_THRESHOLD`], past
    /// which its length stands in), ties to the item whose cheapest option
    /// costs more, then to the leftmost. `None` when no primary item is
    /// active; a count of 0 when some item has no usable option (a dead
    /// end).
    #[inline(always)]
    pub(super) fn choose(&self, budget: u64) -> Option<(u32, u32)> {
        let mut best = None;
        let (mut t, mut dearest) = (u32::MAX, 0u64);
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            'items: while bits != 0 {
                let c = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let head = self.lk(c);
                // An empty list has `down_cost` infinite: no usable option.
                let min = head.down_cost;
                if min >= budget {
                    return Some((c, 0));
                }
                let mut l = self.lk(head.down);
                let mut s = 1;
                // `l` is the record of the s-th usable option.
                while l.down_cost < budget {
                    if s == t {
                        // More usable options than the best so far.
                        continue 'items;
                    }
                    if s >= LEN_THRESHOLD {
                        s = self.len[c as usize];
                        break;
                    }
                    l = self.lk(l.down);
                    s += 1;
                }
                if s < t || (s == t && min > dearest) {
                    (t, dearest, best) = (s, min, Some(c));
                }
            }
        }
        best.map(|c| (c, t))
    }
}

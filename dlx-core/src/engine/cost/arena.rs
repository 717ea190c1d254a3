//! DLX5's arena: the colored links with the net cost of the node below
//! each node, built from a [`Problem`]'s options, and the covers that stop
//! at a cost threshold (see the notes of [`super`]).

use super::*;
use crate::engine::arena::{nodes, place_in_uniform, Arr, ItemColor, ItemIx, Node, SPACER};

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
pub(super) struct CostLink {
    pub(super) up: Node,
    pub(super) down: Node,
    pub(super) down_cost: u64,
}

/// The `K` of the search loops whose options have lengths that differ:
/// an option's other nodes are walked in two counted loops over its span
/// instead of testing every node for the spacer (as in the colored links).
pub(super) const SPANS: usize = 1;

/// The links of a min-cost search.
pub(super) struct Arena {
    pub(super) link: Arr<Node, CostLink>,
    /// The item and color code of each node (1 + the color's index; 0:
    /// none; [`PURIFIED`]).
    pub(super) item_color: Arr<Node, ItemColor>,
    /// For each node, the first node of its option and the option's spacer.
    pub(super) spans: Arr<Node, [Node; 2]>,
    /// The place of each node in its option (capped at 255), for
    /// [`Arena::place_in_option`].
    pub(super) place: Vec<u8>,
    /// Visible options in each item's list.
    pub(super) len: Arr<ItemIx, u32>,
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
    pub(super) disjoint: Vec<ItemIx>,
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
        let mut item_color = vec![ItemColor::default(); items.len()];
        for (x, (&s, i)) in items.iter().zip(&mut item_color).enumerate() {
            i.item = s;
            i.color = p.colors.get(x).copied().unwrap_or(0);
            if let Some(&o) = option_of.get(x).filter(|&&o| o != u32::MAX) {
                cost[x] = net[o as usize];
            }
        }
        let mut link = vec![CostLink::default(); items.len()];
        let mut len = vec![0u32; n];
        for (c, list) in lists.iter_mut().enumerate() {
            // A stable sort: options of one cost keep their input order.
            list.sort_by_key(|&x| cost[x as usize]);
            len[c] = list.len() as u32;
            let mut prev = c;
            for &x in list.iter() {
                link[prev].down = Node(x);
                link[prev].down_cost = cost[x as usize];
                link[x as usize].up = Node(prev as u32);
                prev = x as usize;
            }
            link[prev].down = Node(c as u32);
            link[prev].down_cost = INFINITE;
            link[c].up = Node(prev as u32);
        }
        // Spacers: `up` is the first node of the option before, `down` the
        // last node of the option after.
        let mut spans = vec![[Node(0); 2]; items.len()];
        let mut place = vec![0u8; items.len()];
        for &(first, end) in &ranges {
            link[first - 1].down = Node(end as u32 - 1);
            link[end].up = Node(first as u32);
            spans[first..end].fill([Node(first as u32), Node(end as u32)]);
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
            link: Arr::from(link),
            item_color: Arr::from(item_color),
            spans: Arr::from(spans),
            place,
            len: Arr::from(len),
            active,
            n_items: n as u32,
            n_primary: primary as u32,
            uniform,
            disjoint: Vec::new(),
            total_tax,
            updates: 0,
        })
    }

    /// The first node of the option of node `x` and `x`'s place in it,
    /// when every option has `K` nodes: a mask where `K + 1` is a power of
    /// two, else a lookup (as in the plain links' `place_in_option`).
    #[inline(always)]
    pub(super) fn place_in_option<const K: usize>(&self, x: Node) -> (Node, u32) {
        let (first, j) = place_in_uniform::<K>(x.0, self.n_items, &self.place);
        (Node(first), j)
    }

    /// Chooses the items of [`Arena::disjoint`] greedily: the primary items
    /// by decreasing length (index order on ties), each taken unless an
    /// option has it and an item taken before.
    pub(super) fn choose_disjoint(&mut self) {
        let primary = self.n_primary as usize;
        let mut order: Vec<ItemIx> = (0..self.n_primary).map(ItemIx).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(self.len[c]));
        let mut blocked = vec![false; primary];
        for c in order {
            if blocked[c.0 as usize] || self.len[c] == 0 {
                continue;
            }
            self.disjoint.push(c);
            let head = c.header();
            let mut r = self.link[head].down;
            while r != head {
                self.for_others::<0>(r, |_, _, node| {
                    if (node.item.0 as usize) < primary {
                        blocked[node.item.0 as usize] = true;
                    }
                });
                r = self.link[r].down;
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
            if self.active[c.0 as usize / 64] & (1 << (c.0 % 64)) != 0 {
                let least = self.link[c.header()].down_cost;
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
        x: Node,
        mut f: impl FnMut(&mut Self, Node, ItemColor),
    ) {
        if K == 0 {
            let mut nn = x.next();
            while nn != x {
                let node = self.item_color[nn];
                if node.item == SPACER {
                    nn = self.link[nn].up;
                    continue;
                }
                f(self, nn, node);
                nn = nn.next();
            }
        } else if K == SPANS {
            let [first, end] = self.spans[x];
            for nn in nodes(x.next(), end) {
                f(self, nn, self.item_color[nn]);
            }
            for nn in nodes(first, x) {
                f(self, nn, self.item_color[nn]);
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..k {
                let t = j + i;
                let nn = Node(first.0 + if t >= k { t - k } else { t });
                f(self, nn, self.item_color[nn]);
            }
        }
    }

    /// [`Arena::for_others`] right to left.
    #[inline(always)]
    pub(super) fn for_others_rev<const K: usize>(
        &mut self,
        x: Node,
        mut f: impl FnMut(&mut Self, Node, ItemColor),
    ) {
        if K == 0 {
            let mut nn = x.prev();
            while nn != x {
                let node = self.item_color[nn];
                if node.item == SPACER {
                    nn = self.link[nn].down;
                    continue;
                }
                f(self, nn, node);
                nn = nn.prev();
            }
        } else if K == SPANS {
            let [first, end] = self.spans[x];
            for nn in nodes(first, x).rev() {
                f(self, nn, self.item_color[nn]);
            }
            for nn in nodes(x.next(), end).rev() {
                f(self, nn, self.item_color[nn]);
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in (1..k).rev() {
                let t = j + i;
                let nn = Node(first.0 + if t >= k { t - k } else { t });
                f(self, nn, self.item_color[nn]);
            }
        }
    }

    /// Hides the option of node `r` from the lists of its other items,
    /// except at purified items (their lists are frozen).
    #[inline(always)]
    pub(super) fn hide<const K: usize>(&mut self, r: Node) {
        let mut updates = 0;
        self.for_others::<K>(r, |a, x, node| {
            if node.color != PURIFIED {
                let CostLink {
                    up,
                    down,
                    down_cost,
                } = a.link[x];
                let above = &mut a.link[up];
                above.down = down;
                above.down_cost = down_cost;
                a.link[down].up = up;
                a.len[node.item] -= 1;
                updates += 1;
            }
        });
        self.updates += updates;
    }

    /// Undoes [`Arena::hide`]; `cost` is the option's net cost.
    #[inline(always)]
    pub(super) fn unhide<const K: usize>(&mut self, r: Node, cost: u64) {
        self.for_others::<K>(r, |a, x, node| {
            if node.color != PURIFIED {
                let CostLink { up, down, .. } = a.link[x];
                let above = &mut a.link[up];
                above.down = x;
                above.down_cost = cost;
                a.link[down].up = x;
                a.len[node.item] += 1;
            }
        });
    }

    /// Covers item `c`: deactivates it and hides the options of its list
    /// whose net cost is below `thresh` (the list is sorted: the walk stops
    /// at the first that is not).
    #[inline]
    pub(super) fn cover<const K: usize>(&mut self, c: ItemIx, thresh: u64) {
        if c.0 < self.n_primary {
            self.active[c.0 as usize / 64] &= !(1 << (c.0 % 64));
        }
        self.updates += 1;
        // `l` is the record above the next option to hide. Hiding an option
        // leaves its node in `c`'s list as it is, so the walk reads the
        // next record before it hides: the load does not wait on the
        // stores.
        let mut l = self.link[c.header()];
        while l.down_cost < thresh {
            let r = l.down;
            l = self.link[r];
            self.hide::<K>(r);
        }
    }

    /// Undoes [`Arena::cover`] with the same threshold. The options are
    /// restored in the order they were hidden, which is as good as the
    /// reverse (Knuth's remark in DLX5) and lets the walk stop at the
    /// threshold.
    #[inline]
    pub(super) fn uncover<const K: usize>(&mut self, c: ItemIx, thresh: u64) {
        let mut l = self.link[c.header()];
        while l.down_cost < thresh {
            let (r, cost) = (l.down, l.down_cost);
            l = self.link[r];
            self.unhide::<K>(r, cost);
        }
        if c.0 < self.n_primary {
            self.active[c.0 as usize / 64] |= 1 << (c.0 % 64);
        }
    }

    /// Purifies the item of node `p` with `p`'s color (DLX2), for the
    /// options of its list below `thresh`: those of another color are
    /// hidden, those of the same color marked [`PURIFIED`].
    #[inline]
    pub(super) fn purify<const K: usize>(&mut self, p: Node, thresh: u64) {
        let ItemColor { item: c, color } = self.item_color[p];
        let mut l = self.link[c.header()];
        while l.down_cost < thresh {
            let r = l.down;
            l = self.link[r];
            if self.item_color[r].color != color {
                self.hide::<K>(r);
            } else if r != p {
                self.item_color[r].color = PURIFIED;
            }
        }
    }

    /// Undoes [`Arena::purify`] with the same threshold.
    #[inline]
    pub(super) fn unpurify<const K: usize>(&mut self, p: Node, thresh: u64) {
        let ItemColor { item: c, color } = self.item_color[p];
        let mut l = self.link[c.header()];
        while l.down_cost < thresh {
            let (r, cost) = (l.down, l.down_cost);
            l = self.link[r];
            if self.item_color[r].color == PURIFIED {
                self.item_color[r].color = color;
            } else if r != p {
                self.unhide::<K>(r, cost);
            }
        }
    }

    /// Covers or purifies the other items of the option of node `cur`, left
    /// to right.
    #[inline]
    pub(super) fn commit_others<const K: usize>(&mut self, cur: Node, thresh: u64) {
        self.for_others::<K>(cur, |a, x, ItemColor { item, color }| {
            if color == 0 {
                a.cover::<K>(item, thresh);
            } else if color != PURIFIED {
                a.purify::<K>(x, thresh);
            }
        });
    }

    /// Undoes [`Arena::commit_others`], right to left.
    #[inline]
    pub(super) fn uncommit_others<const K: usize>(&mut self, cur: Node, thresh: u64) {
        self.for_others_rev::<K>(cur, |a, x, ItemColor { item, color }| {
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
    pub(super) fn choose(&self, budget: u64) -> Option<(ItemIx, u32)> {
        let mut best = None;
        let (mut t, mut dearest) = (u32::MAX, 0u64);
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            'items: while bits != 0 {
                let c = ItemIx((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
                let head = self.link[c.header()];
                // An empty list has `down_cost` infinite: no usable option.
                let min = head.down_cost;
                if min >= budget {
                    return Some((c, 0));
                }
                let mut l = self.link[head.down];
                let mut s = 1;
                // `l` is the record of the s-th usable option.
                while l.down_cost < budget {
                    if s == t {
                        // More usable options than the best so far.
                        continue 'items;
                    }
                    if s >= LEN_THRESHOLD {
                        s = self.len[c];
                        break;
                    }
                    l = self.link[l.down];
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

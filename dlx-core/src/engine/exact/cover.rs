//! Covering and uncovering items and options on the plain links: DLX1's
//! `cover`, `uncover`, `hide` and `unhide`, the variants that keep the
//! short-item stack, and the early rule's covers.

#![allow(unsafe_code)]

use super::*;

impl Links {
    /// Takes `c` out of the active items and hides every other option that
    /// contains it (DLX1's `cover`). `MODE` says what else it keeps up to
    /// date: nothing ([`PLAIN`]), the [`COVERED`] flag ([`FLAGGED`]), or the
    /// flag and the stack of items whose length falls to 1 or 0
    /// ([`TRACKED`]). `K` is the length of every option when they all have
    /// one ([`Links::uniform_len`]), or 0.
    #[inline]
    pub(crate) fn cover<const MODE: CoverMode, const K: usize>(&mut self, c: ItemIx) {
        if MODE == TRACKED {
            return self.cover_tracked::<K, false>(c);
        }
        self.deactivate::<MODE>(c);
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            // The stack of short items takes them in the option's order
            // from `rr`; elsewhere the order of a row's hides does not
            // matter (see `row_node`).
            let in_memory = MODE != TRACKED;
            self.for_others::<K, true>(rr, in_memory, |links, nn, cc| {
                links.hide::<MODE>(nn, cc);
                updates += 1;
            });
            rr = self.link[rr].down;
        }
        self.updates += updates;
    }

    /// [`Links::cover`] in mode [`TRACKED`], with the short stack's top and
    /// the last item emptied held in locals for the whole cover: kept in
    /// `self`, each hide stored them back, as the stores into the arrays
    /// might have changed them for all the compiler knows. Callgrind: the
    /// forum's hardest Sudokus 3.6% fewer instructions, top1465 3.0%,
    /// queens10 under `short` 3.4%; wall times within their noise. With
    /// `LOG` each hide is also written to the hide log (`log.rs`), whose
    /// length is held in a local too.
    #[inline(always)]
    pub(crate) fn cover_tracked<const K: usize, const LOG: bool>(&mut self, c: ItemIx) {
        self.deactivate::<TRACKED>(c);
        let mut updates = 1;
        let (mut top, mut zero) = (self.short_top, self.zero);
        let mut at = self.log.top;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            self.for_others::<K, true>(rr, false, |links, nn, cc| {
                let l = links.unlink(nn, cc);
                note_short(&mut links.short, &mut top, &mut zero, cc, l);
                if LOG {
                    log_hide(&mut links.log.hidden, &mut at, nn, cc);
                }
                updates += 1;
            });
            rr = self.link[rr].down;
        }
        (self.short_top, self.zero) = (top, zero);
        if LOG {
            self.log.top = at;
        }
        self.updates += updates;
    }

    /// [`Links::cover`] in mode `MODE` ([`PLAIN`], [`FLAGGED`] or
    /// [`TRACKED`]), each hide also written to the hide log (`log.rs`),
    /// whose length is held in a local.
    #[inline(always)]
    pub(crate) fn cover_logged<const MODE: CoverMode, const K: usize>(&mut self, c: ItemIx) {
        if MODE == TRACKED {
            return self.cover_tracked::<K, true>(c);
        }
        self.deactivate::<MODE>(c);
        let mut updates = 1;
        let mut at = self.log.top;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            self.for_others::<K, true>(rr, true, |links, nn, cc| {
                links.unlink(nn, cc);
                log_hide(&mut links.log.hidden, &mut at, nn, cc);
                updates += 1;
            });
            rr = self.link[rr].down;
        }
        self.log.top = at;
        self.updates += updates;
    }

    /// Covers every item of the option of `x` except `x`'s own, as
    /// [`Links::cover_others`] does, each hide written to the hide log.
    #[inline]
    pub(crate) fn cover_others_logged<const MODE: CoverMode, const K: usize>(&mut self, x: Node) {
        self.for_others::<K, true>(x, false, |links, _, cc| {
            links.cover_logged::<MODE, K>(cc);
        });
    }

    /// Undoes [`Links::cover_logged`] of item `c`, whose hides the log
    /// holds from `mark` on.
    #[inline]
    pub(crate) fn uncover_logged<const MODE: CoverMode>(&mut self, c: ItemIx, mark: usize) {
        self.unhide_to(mark);
        self.activate::<MODE>(c);
    }

    /// Undoes [`Links::cover_others_logged`], whose hides the log holds
    /// from `mark` on: unhides them, then makes the items active again.
    #[inline]
    pub(crate) fn uncover_others_logged<const MODE: CoverMode, const K: usize>(
        &mut self,
        x: Node,
        mark: usize,
    ) {
        self.unhide_to(mark);
        self.for_others::<K, false>(x, false, |links, _, cc| links.activate::<MODE>(cc));
    }

    /// Calls `f` with each node of the option of `x` other than `x`, and
    /// its item: with options of any length (`K` = 0) around the option
    /// from `x`, forward or backward (`FORWARD`), jumping over the spacer;
    /// with pairs the other node ([`Links::partner`]); with options of `K`
    /// nodes by arithmetic, either around the option from `x` (forward or
    /// backward) or, `in_memory`, in the order of memory for the
    /// operations on a row whose order does not matter (see `row_node`).
    #[inline(always)]
    pub(super) fn for_others<const K: usize, const FORWARD: bool>(
        &mut self,
        x: Node,
        in_memory: bool,
        mut f: impl FnMut(&mut Self, Node, ItemIx),
    ) {
        if K == 0 {
            let mut nn = if FORWARD { x.next() } else { x.prev() };
            while nn != x {
                let cc = self.item[nn];
                if cc == SPACER {
                    nn = if FORWARD {
                        self.link[nn].up
                    } else {
                        self.link[nn].down
                    };
                    continue;
                }
                f(self, nn, cc);
                nn = if FORWARD { nn.next() } else { nn.prev() };
            }
        } else if K == 2 {
            let (nn, cc) = self.partner(x);
            f(self, nn, cc);
        } else if in_memory {
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..K {
                let nn = row_node(first, j, i);
                f(self, nn, self.item[nn]);
            }
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            for t in 1..K {
                let i = if FORWARD { t } else { K - t };
                let nn = Node(first + wrap::<K>(j + i));
                f(self, nn, self.item[nn]);
            }
        }
    }

    /// Takes node `nn` of item `cc` out of its item's list.
    #[inline(always)]
    pub(super) fn hide<const MODE: CoverMode>(&mut self, nn: Node, cc: ItemIx) {
        let l = self.unlink(nn, cc);
        if MODE == EARLY && l == 0 {
            // An active primary item with no option left: the option being
            // tried is a dead end (the option's own items are inactive by
            // now, see `cover_others_early`).
            self.dead |= cc.0 < self.n_primary && self.is_active(cc) && !self.in_trying(cc);
        }
        if MODE == EARLY_KIND && (l == 0) & (cc.0 < self.n_primary) {
            // The same test, with one branch (see `EARLY_KIND`).
            self.dead |= self.is_active(cc) && !self.in_trying(cc);
        }
        if MODE == TRACKED {
            let (mut top, mut zero) = (self.short_top, self.zero);
            note_short(&mut self.short, &mut top, &mut zero, cc, l);
            (self.short_top, self.zero) = (top, zero);
        }
    }

    /// Takes node `nn` of item `cc` out of its item's list and returns
    /// the item's length now (what every kind of hide does).
    #[inline(always)]
    fn unlink(&mut self, nn: Node, cc: ItemIx) -> u32 {
        let Link { up: uu, down: dd } = self.link[nn];
        self.link[uu].down = dd;
        self.link[dd].up = uu;
        let l = self.len[cc] - 1;
        self.len[cc] = l;
        l
    }

    /// Puts node `nn` of item `cc` back into its item's list.
    #[inline(always)]
    pub(super) fn unhide(&mut self, nn: Node, cc: ItemIx) {
        relink(&mut self.link, &mut self.len, nn, cc);
    }

    /// The other node of the option of `x`, an option of two items, and its
    /// item: the node after `x`, or before it when a spacer follows `x`.
    #[inline(always)]
    fn partner(&self, x: Node) -> (Node, ItemIx) {
        let after = self.item[x.next()];
        if after == SPACER {
            (x.prev(), self.item[x.prev()])
        } else {
            (x.next(), after)
        }
    }

    /// The first node of the option of node `x` and `x`'s place in it, when
    /// every option has `K` nodes: option `o` then starts at node
    /// `n_items + 1 + o·(K + 1)`. Where `K + 1` is a power of two that is a
    /// mask; else the place is looked up: the division it replaces sits on
    /// the path from a row to its nodes' loads (pentominoes, `K` = 6: 10%
    /// faster under every rule; Langford pairs, `K` = 3: the mask is 3-5%
    /// faster than the lookup).
    #[inline(always)]
    fn place_in_option<const K: usize>(&self, x: Node) -> (u32, usize) {
        let j = if (K + 1).is_power_of_two() {
            (x.0 - (self.n_items + 1)) % (K as u32 + 1)
        } else {
            u32::from(self.place[x])
        };
        (x.0 - j, j as usize)
    }

    /// Undoes [`Links::cover`] (DLX1's `uncover`), in exactly reverse order.
    /// Unless `MODE` is [`PLAIN`], it clears the [`COVERED`] flag (which a
    /// plain cover does not set).
    #[inline]
    pub(crate) fn uncover<const MODE: CoverMode, const K: usize>(&mut self, c: ItemIx) {
        let head = c.header();
        self.unhide_rows::<K>(head, self.link[head].up);
        self.activate::<MODE>(c);
    }

    /// Puts back the options of the rows of `head`'s list from `rr` up to
    /// the first, in that order (the end of [`Links::uncover`], or of a
    /// cover that stopped at `rr`).
    #[inline(always)]
    fn unhide_rows<const K: usize>(&mut self, head: Node, mut rr: Node) {
        while rr != head {
            self.for_others::<K, false>(rr, true, |links, nn, cc| links.unhide(nn, cc));
            rr = self.link[rr].up;
        }
    }

    /// Tries the option of `x` for a search that backs up as soon as a
    /// choice leaves some active primary item without options (the rule
    /// [`Branching::Early`](crate::Branching::Early)): covers its other items in turn, stopping after
    /// the row that empties an active primary item that is not one of the
    /// option's (those are about to be covered). Then it undoes everything
    /// it did and returns `None`; else the option's items are covered (as by
    /// [`Links::cover_others`] in mode [`PLAIN`]) and it returns the order
    /// they were covered in, for [`Links::uncover_others_in`].
    ///
    /// Options of up to [`MAX_ORDERED`] nodes have their items covered
    /// shortest first. A dead end costs what was covered before the item
    /// whose cover finds it, and short items are cheap to cover: on
    /// pentominoes, where two tries in three are dead ends, this does 5.5%
    /// fewer updates than the option's own order (an order fixed before the
    /// search, by the items' first lengths, did 1% fewer; longest first 11%
    /// more). Whether a try is a dead end does not depend on the order, so
    /// neither do the nodes.
    #[inline]
    pub(crate) fn cover_others_early<const K: usize, const HOW: TryMode>(
        &mut self,
        x: Node,
    ) -> Option<Order> {
        self.dead = false;
        self.trying = x;
        if K == 2 {
            let cc = self.partner(x).1;
            if let Some(rr) = self.cover_early::<K, EARLY>(cc) {
                self.unhide_rows::<K>(cc.header(), rr);
                self.activate::<PLAIN>(cc);
                return None;
            }
            return Some(IN_PLACE);
        }
        if HOW == SHORTEST_FIRST {
            let (first, len, j) = self.span::<K>(x);
            if K != 0 || len <= MAX_ORDERED {
                return self.cover_others_sorted::<K>(first, len, j);
            }
        }
        self.cover_others_in_place::<K>(x)
    }

    /// [`Links::cover_others_early`] shortest item first, for the option
    /// of `len` nodes from `first` on, tried at its node `first + j`.
    #[inline(always)]
    fn cover_others_sorted<const K: usize>(
        &mut self,
        first: u32,
        len: u32,
        j: u32,
    ) -> Option<Order> {
        let at = |i: u32| Node(first + wrap_at(j + i, len));
        // Each offset's rank among the items' lengths (ties by offset),
        // counted without branches: a sort's branches would be mispredicted
        // about once an item (pentominoes: 3% slower than the option's
        // order, where the ranks are 3% faster).
        let mut keys = [0u64; MAX_ORDERED as usize];
        for i in 1..len {
            keys[i as usize] = u64::from(self.len[self.item[at(i)]]) << 3 | u64::from(i);
        }
        let mut order: Order = 0;
        for i in 1..len {
            let rank = (1..len as usize)
                .filter(|&o| keys[o] < keys[i as usize])
                .count();
            order |= i << (3 * rank);
        }
        for t in 0..len - 1 {
            let cc = self.item[at(order >> (3 * t) & 7)];
            if let Some(rr) = self.cover_early::<K, EARLY>(cc) {
                self.unhide_rows::<K>(cc.header(), rr);
                self.activate::<PLAIN>(cc);
                for t in (0..t).rev() {
                    self.uncover::<PLAIN, K>(self.item[at(order >> (3 * t) & 7)]);
                }
                return None;
            }
        }
        Some(order)
    }

    /// [`Links::cover_others_early`] in the option's own order.
    #[inline(always)]
    fn cover_others_in_place<const K: usize>(&mut self, x: Node) -> Option<Order> {
        if K == 0 {
            let mut pp = x.next();
            while pp != x {
                let cc = self.item[pp];
                if cc == SPACER {
                    pp = self.link[pp].up;
                    continue;
                }
                if let Some(rr) = self.cover_early::<K, EARLY_KIND>(cc) {
                    // Undo: the rows of `cc` hidden so far, then the items
                    // covered before it, last first.
                    self.unhide_rows::<K>(cc.header(), rr);
                    self.activate::<PLAIN>(cc);
                    let mut qq = pp.prev();
                    while qq != x {
                        let dd = self.item[qq];
                        if dd == SPACER {
                            qq = self.link[qq].down;
                        } else {
                            self.uncover::<PLAIN, K>(dd);
                            qq = qq.prev();
                        }
                    }
                    return None;
                }
                pp = pp.next();
            }
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..K {
                let cc = self.item[Node(first + wrap::<K>(j + i))];
                if let Some(rr) = self.cover_early::<K, EARLY_KIND>(cc) {
                    self.unhide_rows::<K>(cc.header(), rr);
                    self.activate::<PLAIN>(cc);
                    for i in (1..i).rev() {
                        self.uncover::<PLAIN, K>(self.item[Node(first + wrap::<K>(j + i))]);
                    }
                    return None;
                }
            }
        }
        Some(IN_PLACE)
    }

    /// The option of node `x`: its first node, its length and `x`'s place
    /// in it. With `K` given, by arithmetic; else by a walk to its spacer,
    /// whose `up` link is the option's first node.
    #[inline(always)]
    fn span<const K: usize>(&self, x: Node) -> (u32, u32, u32) {
        if K == 0 {
            let mut end = x.next();
            while self.item[end] != SPACER {
                end = end.next();
            }
            let first = self.link[end].up.0;
            (first, end.0 - first, x.0 - first)
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            (first, K as u32, j as u32)
        }
    }

    /// Undoes [`Links::cover_others_early`], which covered the items of the
    /// option of `x` in `order`.
    #[inline]
    pub(crate) fn uncover_others_in<const K: usize>(&mut self, x: Node, order: Order) {
        if K == 2 || order == IN_PLACE {
            self.uncover_others::<PLAIN, K>(x);
        } else {
            let (first, len, j) = self.span::<K>(x);
            for t in (0..len - 1).rev() {
                let i = order >> (3 * t) & 7;
                let cc = self.item[Node(first + wrap_at(j + i, len))];
                self.uncover::<PLAIN, K>(cc);
            }
        }
    }

    /// [`Links::uncover_others_in`] outside the search, where the length
    /// of the options is a run-time value ([`Links::search_len`]).
    pub(crate) fn uncover_others_ordered(&mut self, x: Node, order: Order) {
        match self.search_len() {
            3 => self.uncover_others_in::<3>(x, order),
            4 => self.uncover_others_in::<4>(x, order),
            5 => self.uncover_others_in::<5>(x, order),
            6 => self.uncover_others_in::<6>(x, order),
            2 => self.uncover_others_in::<2>(x, order),
            _ => self.uncover_others_in::<0>(x, order),
        }
    }

    /// Are the item lists long enough, [`SORT_FROM`] nodes an item on
    /// average or more, that covering an option's items shortest first
    /// under [`Branching::Early`](crate::Branching::Early) pays for ranking them?
    pub(crate) fn long_lists(&self) -> bool {
        self.nodes - 1 - self.n_items as usize >= SORT_FROM * self.n_items as usize
    }

    /// Does the early rule's search cover an option's items shortest first
    /// ([`SHORTEST_FIRST`]): on long item lists ([`Links::long_lists`]),
    /// and where an option has more than two nodes, or where their number
    /// varies?
    pub(crate) fn shortest_first(&self) -> bool {
        self.long_lists() && self.search_len() != 2
    }

    /// The length of the options the search takes as given (the `K` of its
    /// covers): [`Links::uniform_len`] when it is 2 to 6, else 0 (any).
    pub(crate) fn search_len(&self) -> usize {
        match self.uniform_len() {
            k @ 2..=6 => k,
            _ => 0,
        }
    }

    /// Is `c` an item of the option [`Links::cover_others_early`] is trying?
    #[cold]
    fn in_trying(&self, c: ItemIx) -> bool {
        let x = self.trying;
        if self.item[x] == c {
            return true;
        }
        let mut pp = x.next();
        while pp != x {
            let cc = self.item[pp];
            if cc == SPACER {
                pp = self.link[pp].up;
            } else if cc == c {
                return true;
            } else {
                pp = pp.next();
            }
        }
        false
    }

    /// [`Links::cover`] of item `c` in mode `M` ([`EARLY`] or
    /// [`EARLY_KIND`]), stopping after the row that empties an active
    /// primary item: returns that row (the cover is then partial, `c`
    /// inactive), or `None`.
    #[inline(always)]
    fn cover_early<const K: usize, const M: CoverMode>(&mut self, c: ItemIx) -> Option<Node> {
        self.deactivate::<PLAIN>(c);
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        let mut stopped = None;
        while rr != head {
            self.for_others::<K, true>(rr, true, |links, nn, cc| {
                links.hide::<M>(nn, cc);
                updates += 1;
            });
            if self.dead {
                stopped = Some(rr);
                break;
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
        stopped
    }

    /// Is every primary item covered (a solution complete)? A look at the
    /// words of their bits, which measured cheaper than keeping a count in
    /// every cover and uncover.
    #[inline(always)]
    pub(crate) fn all_covered(&self) -> bool {
        let words = self.primary_words;
        if words == 0 {
            return true;
        }
        debug_assert!(words <= self.active.len());
        let mut any = self.active[words - 1] & self.last_mask;
        for &w in &self.active[..words - 1] {
            any |= w;
        }
        any == 0
    }

    /// Takes item `c` out of the active items (DLX1 unlinks it from the
    /// list of items).
    #[inline(always)]
    fn deactivate<const MODE: CoverMode>(&mut self, c: ItemIx) {
        let w = c.at() / 64;
        debug_assert!(w < self.active.len());
        // SAFETY: `c` is an item, and `active` has a bit for every item.
        let word = unsafe { self.active.get_unchecked_mut(w) };
        *word &= !(1 << (c.0 % 64));
        if MODE == FLAGGED || MODE == TRACKED {
            self.len[c] |= COVERED;
        }
    }

    /// Puts item `c` back among the active items.
    #[inline(always)]
    fn activate<const MODE: CoverMode>(&mut self, c: ItemIx) {
        let w = c.at() / 64;
        debug_assert!(w < self.active.len());
        // SAFETY: as in `deactivate`.
        let word = unsafe { self.active.get_unchecked_mut(w) };
        *word |= 1 << (c.0 % 64);
        if MODE == FLAGGED || MODE == TRACKED {
            self.len[c] &= !COVERED;
        }
    }

    /// Covers every item of the option of `x` except `x`'s own.
    #[inline]
    pub(crate) fn cover_others<const MODE: CoverMode, const K: usize>(&mut self, x: Node) {
        self.for_others::<K, true>(x, false, |links, _, cc| links.cover::<MODE, K>(cc));
    }

    /// Undoes [`Links::cover_others`].
    #[inline]
    pub(crate) fn uncover_others<const MODE: CoverMode, const K: usize>(&mut self, x: Node) {
        self.for_others::<K, false>(x, false, |links, _, cc| links.uncover::<MODE, K>(cc));
    }

    /// The length of every option, when all options have the same length
    /// (at least 2) and the item lists are long (8 nodes on average or
    /// more); 0 otherwise. The search then finds the other nodes of an
    /// option by arithmetic instead of walking to the spacer. That pays
    /// where an item's options are many (pentominoes: 1.33x to 1.51x DLX1;
    /// Langford pairs: 1.18x to 1.51x) but not on short lists, where the
    /// processor predicts the spacer walk's branch and the arithmetic only
    /// adds latency (Sudoku and dominoes measured 10-15% slower). Pairs are
    /// the exception, whatever the lists: the other node of a pair is the
    /// node after or before, told apart by one load (see `partner`; dom8x8
    /// 1.27 -> 1.18 s).
    #[inline]
    pub(crate) fn uniform_len(&self) -> usize {
        let k = self.option_len;
        if k < 2 || k == u32::MAX {
            return 0;
        }
        if k == 2 {
            // Pairs: the other node is a neighbour (see `partner`).
            return 2;
        }
        // Option nodes: all nodes but the headers and the spacers.
        let items = self.n_items as usize;
        let options = (self.nodes - items - 1) / (k as usize + 1);
        if options * k as usize >= 8 * items {
            k as usize
        } else {
            0
        }
    }
}
/// The `i`-th node (from 1) other than the one at place `j` of the option
/// that starts at node `first`, in the order of memory: for the operations
/// on a row whose order does not matter, since each of its nodes is in a
/// list of its own (hiding and unhiding). Skipping `j` takes no branch,
/// where counting from `j` around the option takes a wrap at every node.
#[inline(always)]
fn row_node(first: u32, j: usize, i: usize) -> Node {
    Node(first + (i - 1 + usize::from(i > j)) as u32)
}

/// `t` modulo `len`, for `t < 2·len`.
#[inline(always)]
fn wrap_at(t: u32, len: u32) -> u32 {
    if t >= len {
        t - len
    } else {
        t
    }
}

/// `t` modulo `K`, for `t < 2K`.
#[inline(always)]
fn wrap<const K: usize>(t: usize) -> u32 {
    (if t >= K { t - K } else { t }) as u32
}

/// Puts node `nn` of item `cc` back into its item's list, in the links
/// `link` and the lengths `len` ([`Links::unhide`], for callers that hold
/// other fields of the links borrowed).
#[inline(always)]
pub(super) fn relink(link: &mut Arr<Node, Link>, len: &mut Arr<ItemIx, u32>, nn: Node, cc: ItemIx) {
    let Link { up: uu, down: dd } = link[nn];
    link[uu].down = nn;
    link[dd].up = nn;
    len[cc] += 1;
}

/// Writes the hide of node `nn` of item `cc` at entry `at` of the hide
/// log `hidden`, and moves `at` on.
#[inline(always)]
fn log_hide(hidden: &mut [(Node, ItemIx)], at: &mut usize, nn: Node, cc: ItemIx) {
    debug_assert!(*at < hidden.len());
    // SAFETY: the log has an entry per node (`Links::size_log`, before the
    // search) and holds each option node at most once (`log.rs`).
    unsafe { *hidden.get_unchecked_mut(*at) = (nn, cc) };
    *at += 1;
}

/// Notes item `cc`, just shortened to `l` options, for the short stack
/// (`top` its top, `zero` the last item emptied): stored always, kept
/// when short, so that no branch is mispredicted.
#[inline(always)]
fn note_short(short: &mut [ItemIx], top: &mut usize, zero: &mut ItemIx, cc: ItemIx, l: u32) {
    debug_assert!(*top < short.len());
    // SAFETY: at most 2n pushes along a path (see `reset`), and the top
    // is only ever set back to a value it had on the current path; the
    // stack has room for 2n + 2 entries.
    unsafe { *short.get_unchecked_mut(*top) = cc };
    *top += usize::from(l <= 1);
    *zero = if l == 0 { cc } else { *zero };
}

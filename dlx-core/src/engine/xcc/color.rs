//! Colors: Knuth's Algorithm C (his program DLX2) on the colored links.
//! What it adds to DLX1: committing an option covers its uncolored items
//! and *purifies* its colored ones (see the notes of [`super`]); under the
//! early rule, a commit that leaves an active primary item without options
//! is undone at once, as his SSXCC does.

use super::*;
use crate::engine::levels::{search_levels, Levels, Run};
use crate::outcome::Step;

impl XccLinks {
    /// Unlinks node `x` (not a spacer) from its item's list.
    ///
    /// Secondary items' lengths are kept too, though nothing reads them
    /// (Knuth's programs count the memory that skipping them would save as
    /// `lmems`): the test that would skip them cost more than the store
    /// (rxcc_p24_s12_o300 0.58 -> 0.52 s without it).
    ///
    /// With `E` (the early rule), returns whether a primary item was left
    /// without options, for [`XccLinks::row_is_dead`] to look at; false
    /// without `E`.
    #[inline(always)]
    pub(super) fn hide<const E: bool, const T: bool>(&mut self, x: Node, item: ItemIx) -> bool {
        let Link { up, down } = self.link[x];
        self.link[up].down = down;
        self.link[down].up = up;
        if T {
            self.scores.mark(item.0);
        }
        let len = &mut self.len[item];
        *len -= 1;
        // Without a branch: most items that run out are of the option being
        // tried, and the row that emptied one is looked at again (see
        // `XccLinks::row_is_dead`). Secondary items never reach 0 (see
        // [`SECONDARY_LEN`]).
        E & (*len == 0)
    }

    /// After a row hid a primary item's last option: did it leave an
    /// active primary item without options that is not one of the option
    /// being tried?
    #[cold]
    pub(super) fn row_is_dead<const K: usize>(&mut self, rr: Node) -> bool {
        let mut dead = false;
        self.for_row_others::<K, true>(rr, |links, _, node| {
            let c = node.item;
            dead |= c.0 < links.n_primary
                && links.len[c] == 0
                && links.is_active(c)
                && !links.in_trying(c);
        });
        dead
    }

    /// Is primary item `c` active?
    #[inline(always)]
    pub(super) fn is_active(&self, c: ItemIx) -> bool {
        self.active[c.0 as usize / 64] >> (c.0 % 64) & 1 != 0
    }

    /// Is `c` an item of the option [`XccLinks::commit_others_early`] is
    /// trying?
    #[cold]
    pub(super) fn in_trying(&self, c: ItemIx) -> bool {
        let x = self.trying;
        if self.item_color[x].item == c {
            return true;
        }
        let mut nn = x + 1;
        while nn != x {
            let node = self.item_color[nn];
            if node.item == SPACER {
                nn = self.link[nn].up;
            } else if node.item == c {
                return true;
            } else {
                nn += 1;
            }
        }
        false
    }

    /// Links node `x` back into its item's list.
    #[inline(always)]
    pub(super) fn unhide<const T: bool>(&mut self, x: Node, item: ItemIx) {
        let Link { up, down } = self.link[x];
        self.link[up].down = x;
        self.link[down].up = x;
        if T {
            self.scores.mark(item.0);
        }
        self.len[item] += 1;
    }

    /// Unlinks the nodes of option `rr` other than `rr` itself, skipping
    /// purified ones; returns how many were unlinked, and with `E` whether
    /// a primary item was left without options (see [`XccLinks::hide`]).
    #[inline(always)]
    pub(super) fn hide_others<
        const K: usize,
        const E: bool,
        const ONE_LOOP: bool,
        const T: bool,
    >(
        &mut self,
        rr: Node,
    ) -> (u64, bool) {
        let mut updates = 0;
        let mut emptied = false;
        self.for_row_others::<K, ONE_LOOP>(rr, |links, nn, node| {
            if node.color != PURIFIED {
                emptied |= links.hide::<E, T>(nn, node.item);
                updates += 1;
            }
        });
        (updates, emptied)
    }

    /// Calls `f` with each node of the option of `x` but `x` (and its
    /// record), left to right from `x`, wrapping around. When every option
    /// has `K` nodes (`K` > 0) they are found by arithmetic: option `o`
    /// starts at node `n_items + 1 + o·(K + 1)`; else by walking to the
    /// spacer and jumping back through its `up`.
    #[inline(always)]
    pub(super) fn for_others<const K: usize>(
        &mut self,
        x: Node,
        mut f: impl FnMut(&mut Self, Node, ItemColor),
    ) {
        self.for_others_while::<K, false>(
            x,
            #[inline(always)]
            |links, nn, node| {
                f(links, nn, node);
                true
            },
        );
    }

    /// [`XccLinks::for_others`] for the operations on a row whose order
    /// does not matter (hiding, unhiding, testing its items: each node is
    /// in a list of its own): with options of `K` nodes, in the order of
    /// memory, skipping `x` without a branch, where the order from `x` on
    /// wraps around at every node (wrect_5x5_a5w120: that wrap was a fifth
    /// of the instructions).
    ///
    /// With options of mixed lengths ([`SPANS`]), `ONE_LOOP` takes the
    /// same single loop over the option's span, in place of the two
    /// counted loops on either side of `x`. The unhides use it: rxcc files
    /// 7-11% faster, wrect_4x5 and wrect_4x6 3-4%, the edge files within
    /// ±1%. So do the hides of the early rule, and its commits take an
    /// option's nodes in the same order (`for_others_while::<SPANS, true>`):
    /// rxcc 10-14% faster, with 1% more instructions, the branch that ends
    /// each of two loops being mispredicted where one is. DLX2's hides keep
    /// the two loops: one made the edge files 8-13% slower there, for
    /// reasons not found (the edge files take the lazy links under the
    /// early rule).
    #[inline(always)]
    pub(super) fn for_row_others<const K: usize, const ONE_LOOP: bool>(
        &mut self,
        x: Node,
        mut f: impl FnMut(&mut Self, Node, ItemColor),
    ) {
        let (first, len, j) = if K == 0 || (K == SPANS && !ONE_LOOP) {
            return self.for_others::<K>(x, f);
        } else if K == SPANS {
            let [first, end] = self.spans[x];
            (first, end - first, x - first)
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            (first, K as u32, j)
        };
        for i in 0..len - 1 {
            let nn = first + i + u32::from(i >= j);
            f(self, nn, self.item_color[nn]);
        }
    }

    /// [`XccLinks::for_others_while`] (with the same `ONE_LOOP`) in reverse.
    #[inline(always)]
    pub(super) fn for_others_rev<const K: usize, const ONE_LOOP: bool>(
        &mut self,
        x: Node,
        mut f: impl FnMut(&mut Self, Node, ItemColor),
    ) {
        if K == 0 {
            let mut nn = x - 1;
            while nn != x {
                let node = self.item_color[nn];
                if node.item == SPACER {
                    nn = self.link[nn].down;
                    continue;
                }
                f(self, nn, node);
                nn -= 1;
            }
        } else if K == SPANS && ONE_LOOP {
            let [first, end] = self.spans[x];
            let j = x - first;
            for i in (0..end - first - 1).rev() {
                let nn = first + i + u32::from(i >= j);
                f(self, nn, self.item_color[nn]);
            }
        } else if K == SPANS {
            let [first, end] = self.spans[x];
            for nn in nodes(first, x).rev() {
                f(self, nn, self.item_color[nn]);
            }
            for nn in nodes(x + 1, end).rev() {
                f(self, nn, self.item_color[nn]);
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in (1..k).rev() {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                f(self, nn, self.item_color[nn]);
            }
        }
    }

    /// Undoes [`XccLinks::hide_others`], going forward as Knuth's `uncover`
    /// does (the order does not matter).
    #[inline(always)]
    pub(super) fn unhide_others<const K: usize, const T: bool>(&mut self, rr: Node) {
        self.for_row_others::<K, true>(rr, |links, nn, node| {
            if node.color != PURIFIED {
                links.unhide::<T>(nn, node.item);
            }
        });
    }

    /// Covers item `c`: takes it out of the active list (a primary item,
    /// when `deactivate`) and hides every option in its list.
    #[inline]
    pub(crate) fn cover_item<const K: usize, const T: bool>(
        &mut self,
        c: ItemIx,
        deactivate: bool,
    ) {
        self.cover_rows::<K, false, T>(c, deactivate);
    }

    /// [`XccLinks::cover_item`] for the levels of another engine (the memo),
    /// which name items by their `u32`.
    #[inline]
    pub(crate) fn cover<const K: usize, const T: bool>(&mut self, c: u32, deactivate: bool) {
        self.cover_item::<K, T>(ItemIx(c), deactivate);
    }

    /// [`XccLinks::cover`], its rows walked as [`XccLinks::for_row_others`]
    /// walks them under `ONE_LOOP`.
    #[inline(always)]
    pub(super) fn cover_rows<const K: usize, const ONE_LOOP: bool, const T: bool>(
        &mut self,
        c: ItemIx,
        deactivate: bool,
    ) {
        if deactivate && c.0 < self.n_primary {
            self.deactivate::<T>(c);
        }
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            updates += self.hide_others::<K, false, ONE_LOOP, T>(rr).0;
            rr = self.link[rr].down;
        }
        self.updates += updates;
    }

    /// Undoes [`XccLinks::cover`].
    #[inline]
    pub(crate) fn uncover<const K: usize, const T: bool>(&mut self, c: u32, reactivate: bool) {
        self.uncover_item::<K, T>(ItemIx(c), reactivate);
    }

    /// Undoes [`XccLinks::cover_item`].
    #[inline]
    pub(crate) fn uncover_item<const K: usize, const T: bool>(
        &mut self,
        c: ItemIx,
        reactivate: bool,
    ) {
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            self.unhide_others::<K, T>(rr);
            rr = self.link[rr].down;
        }
        if reactivate && c.0 < self.n_primary {
            self.reactivate::<T>(c);
        }
    }

    /// Purifies the item of node `p` with `p`'s color: hides the options
    /// that give the item another color (or none), and marks those that
    /// give it the same color (DLX2's `purify`).
    pub(super) fn purify<const K: usize, const T: bool>(&mut self, p: Node) {
        let ItemColor { item: cc, color: x } = self.item_color[p];
        let mut updates = 0;
        let head = cc.header();
        let mut rr = self.link[head].down;
        while rr != head {
            if self.item_color[rr].color != x {
                updates += self.hide_others::<K, false, false, T>(rr).0;
            } else if rr != p {
                self.item_color[rr].color = PURIFIED;
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
    }

    /// Undoes [`XccLinks::purify`].
    pub(super) fn unpurify<const K: usize, const T: bool>(&mut self, p: Node) {
        let cc = self.item_color[p].item;
        self.unpurify_from::<K, T>(p, self.link[cc.header()].up);
    }

    /// [`XccLinks::cover`] under the early rule, stopping after the row
    /// that leaves an active primary item without options: returns that row
    /// (the cover is then partial, `c` inactive), or `None`.
    #[inline(always)]
    pub(super) fn cover_early<const K: usize>(&mut self, c: ItemIx) -> Option<Node> {
        if c.0 < self.n_primary {
            self.deactivate::<false>(c);
        }
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        let mut stopped = None;
        while rr != head {
            let (hidden, emptied) = self.hide_others::<K, true, true, false>(rr);
            updates += hidden;
            if emptied && self.row_is_dead::<K>(rr) {
                stopped = Some(rr);
                break;
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
        stopped
    }

    /// Undoes the rows of item `c`'s list from `rr` back to the first, and
    /// the deactivation: the undo of a cover stopped at `rr`.
    pub(super) fn uncover_from<const K: usize>(&mut self, c: ItemIx, mut rr: Node) {
        let head = c.header();
        while rr != head {
            self.unhide_others::<K, false>(rr);
            rr = self.link[rr].up;
        }
        if c.0 < self.n_primary {
            self.reactivate::<false>(c);
        }
    }

    /// [`XccLinks::purify`] under the early rule, stopping after the row
    /// that leaves an active primary item without options: returns that row
    /// (the purification is then partial), or `None`.
    #[inline(always)]
    pub(super) fn purify_early<const K: usize>(&mut self, p: Node) -> Option<Node> {
        let ItemColor { item: cc, color: x } = self.item_color[p];
        let mut updates = 0;
        let head = cc.header();
        let mut rr = self.link[head].down;
        let mut stopped = None;
        while rr != head {
            if self.item_color[rr].color != x {
                let (hidden, emptied) = self.hide_others::<K, true, true, false>(rr);
                updates += hidden;
                if emptied && self.row_is_dead::<K>(rr) {
                    stopped = Some(rr);
                    break;
                }
            } else if rr != p {
                self.item_color[rr].color = PURIFIED;
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
        stopped
    }

    /// Undoes the rows of the purification of `p`'s item from `rr` back to
    /// the first: the undo of a purification stopped at `rr` (or, from the
    /// last row, of a whole one).
    pub(super) fn unpurify_from<const K: usize, const T: bool>(&mut self, p: Node, mut rr: Node) {
        let ItemColor { item: cc, color: x } = self.item_color[p];
        let head = cc.header();
        while rr != head {
            if self.item_color[rr].color == PURIFIED {
                self.item_color[rr].color = x;
            } else if rr != p {
                // The option's other nodes, in any order (see `for_row_others`).
                self.for_row_others::<K, true>(rr, |links, nn, n| {
                    if n.color != PURIFIED {
                        links.unhide::<T>(nn, n.item);
                    }
                });
            }
            rr = self.link[rr].up;
        }
    }

    /// [`XccLinks::commit_others`] under the early rule (Knuth's SSXCC backs
    /// up the same way): the covers and purifications stop after the row
    /// that leaves some active primary item without options, other than
    /// the option's own items (about to be covered); everything done is
    /// then undone and the result is false.
    #[inline]
    pub(crate) fn commit_others_early<const K: usize>(&mut self, x: u32) -> bool {
        let x = Node(x);
        self.trying = x;
        // The nodes committed (or skipped as purified) before a dead end.
        let mut done = 0;
        let ok = self.for_others_while::<K, true>(x, |links, pp, node| {
            if node.color == NO_COLOR {
                if let Some(rr) = links.cover_early::<K>(node.item) {
                    links.uncover_from::<K>(node.item, rr);
                    return false;
                }
            } else if node.color != PURIFIED {
                if let Some(rr) = links.purify_early::<K>(pp) {
                    links.unpurify_from::<K, false>(pp, rr);
                    return false;
                }
            }
            done += 1;
            true
        });
        if !ok {
            self.uncommit_first::<K>(x, done);
        }
        ok
    }

    /// Undoes the commits of the first `done` nodes of the option of `x`,
    /// in the order of [`XccLinks::commit_others_early`] (of
    /// [`XccLinks::for_others_while`] with `ONE_LOOP`), last first.
    #[cold]
    pub(super) fn uncommit_first<const K: usize>(&mut self, x: Node, done: u32) {
        if K == SPANS {
            // The order of `for_others_while::<SPANS, true>`.
            let [first, _] = self.spans[x];
            let j = x - first;
            for i in (0..done).rev() {
                let pp = first + i + u32::from(i >= j);
                self.uncommit_node::<K>(pp, self.item_color[pp]);
            }
            return;
        }
        let (first, end) = if K == 0 {
            let mut end = x + 1;
            while self.item_color[end].item != SPACER {
                end += 1;
            }
            (self.link[end].up, end)
        } else if K == SPANS {
            let [first, end] = self.spans[x];
            (first, end)
        } else {
            let first = self.place_in_option::<K>(x).0;
            (first, first + K as u32)
        };
        let len = end - first;
        for i in (0..done).rev() {
            let pp = first + (x - first + 1 + i) % len;
            self.uncommit_node::<K>(pp, self.item_color[pp]);
        }
    }

    /// Undoes the commit of node `pp`, whose item and color are `node` (see
    /// [`XccLinks::commit_others`]).
    #[inline(always)]
    pub(super) fn uncommit_node<const K: usize>(&mut self, pp: Node, node: ItemColor) {
        if node.color == NO_COLOR {
            self.uncover_item::<K, false>(node.item, true);
        } else if node.color != PURIFIED {
            self.unpurify::<K, false>(pp);
        }
    }

    /// [`XccLinks::for_others`], stopping when `f` returns false; returns
    /// false if it stopped. With options of mixed lengths and `ONE_LOOP`,
    /// the order is that of memory, as in [`XccLinks::for_row_others`].
    #[inline(always)]
    pub(super) fn for_others_while<const K: usize, const ONE_LOOP: bool>(
        &mut self,
        x: Node,
        mut f: impl FnMut(&mut Self, Node, ItemColor) -> bool,
    ) -> bool {
        if K == 0 {
            let mut nn = x + 1;
            while nn != x {
                let node = self.item_color[nn];
                if node.item == SPACER {
                    nn = self.link[nn].up;
                    continue;
                }
                if !f(self, nn, node) {
                    return false;
                }
                nn += 1;
            }
        } else if K == SPANS && ONE_LOOP {
            let [first, end] = self.spans[x];
            let j = x - first;
            for i in 0..end - first - 1 {
                let nn = first + i + u32::from(i >= j);
                if !f(self, nn, self.item_color[nn]) {
                    return false;
                }
            }
        } else if K == SPANS {
            let [first, end] = self.spans[x];
            for nn in nodes(x + 1, end) {
                if !f(self, nn, self.item_color[nn]) {
                    return false;
                }
            }
            for nn in nodes(first, x) {
                if !f(self, nn, self.item_color[nn]) {
                    return false;
                }
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..k {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                if !f(self, nn, self.item_color[nn]) {
                    return false;
                }
            }
        }
        true
    }

    /// Commits the items of the option of `x` other than `x`'s own (DLX2):
    /// covers the uncolored ones and purifies the colored ones not yet
    /// purified with that color. ([`XccLinks::commit_logged`] does the same
    /// in the log.)
    #[inline]
    pub(crate) fn commit_others<const K: usize>(&mut self, x: u32) {
        self.commit_others_in::<K, false>(x);
    }

    /// [`XccLinks::commit_others`], with `ONE_LOOP` in the order of memory
    /// as the early rule commits (without its stop at a dead end; for
    /// [`XccLinks::relevel`]).
    #[inline(always)]
    pub(super) fn commit_others_in<const K: usize, const ONE_LOOP: bool>(&mut self, x: u32) {
        self.for_others_while::<K, ONE_LOOP>(Node(x), |links, pp, node| {
            if node.color == NO_COLOR {
                links.cover_item::<K, false>(node.item, true);
            } else if node.color != PURIFIED {
                links.purify::<K, false>(pp);
            }
            true
        });
    }

    /// Undoes [`XccLinks::commit_others`], right to left; with
    /// `ONE_LOOP`, undoes [`XccLinks::commit_others_early`].
    #[inline]
    pub(crate) fn uncommit_others<const K: usize, const ONE_LOOP: bool>(&mut self, x: u32) {
        let x = Node(x);
        self.for_others_rev::<K, ONE_LOOP>(x, |links, pp, node| {
            links.uncommit_node::<K>(pp, node);
        });
    }

    /// Commits option `x` (its first node) before the search (see
    /// [`Solver::force`]), the option being compatible with those forced
    /// before it: takes its nodes out of their items' lists (a linked option
    /// is still visible, so they are all there, but for those frozen in a
    /// purified list), then counts down its primary items' bounds, covering
    /// those that reach 0, and covers its uncolored secondary items and
    /// purifies its colored ones. `colored[k]` says that an earlier forced
    /// option already gave the item of the option's `k`-th node this color.
    ///
    /// [`Solver::force`]: crate::Solver::force
    pub(crate) fn force(&mut self, x: u32, colored: &[bool]) {
        // The tree of the choice does not see these changes.
        self.scores.valid = false;
        let x = Node(x);
        let mut end = x;
        while self.item_color[end].item != SPACER {
            end += 1;
        }
        let linked = nodes(x, end).any(|nn| self.item_color[nn].item.0 < self.n_primary);
        if linked {
            for nn in nodes(x, end) {
                let node = self.item_color[nn];
                if node.color != PURIFIED {
                    let _ = self.hide::<false, false>(nn, node.item);
                    self.updates += 1;
                }
            }
        }
        for (k, pp) in nodes(x, end).enumerate() {
            let node = self.item_color[pp];
            let cc = node.item;
            if cc.0 < self.n_primary {
                let b = &mut self.bounds[cc].bound;
                *b -= 1;
                if *b == 0 {
                    self.cover_item::<0, false>(cc, true);
                }
            } else if node.color == NO_COLOR {
                self.cover_item::<0, false>(cc, true);
            } else if node.color != PURIFIED && !colored[k] {
                self.purify::<0, false>(pp);
            }
        }
    }

    /// Algorithm C (DLX2) until `run.solutions` reaches `target`, the tree
    /// is exhausted or the node limit stops it: the copy of the loop for the
    /// problem's option length, when all options share one.
    ///
    /// With `early` the search follows the early rule
    /// ([`Branching::Early`](crate::Branching::Early)): an option whose
    /// commit leaves some active primary item without options is undone at
    /// once and is not a node (the item choice is `choice_rule`'s).
    pub(crate) fn search_colors(&mut self, run: &mut Run<'_>, target: u64, early: bool) -> Step {
        // The copies that walk to the spacer keep the hide log (`log.rs`).
        debug_assert_eq!(self.log_pays(), !(2..=7).contains(&self.uniform));
        if early {
            return match self.uniform {
                1 => self.search_colors_k::<SPANS, true, true>(run, target),
                2 => self.search_colors_k::<2, true, false>(run, target),
                3 => self.search_colors_k::<3, true, false>(run, target),
                4 => self.search_colors_k::<4, true, false>(run, target),
                5 => self.search_colors_k::<5, true, false>(run, target),
                6 => self.search_colors_k::<6, true, false>(run, target),
                7 => self.search_colors_k::<7, true, false>(run, target),
                _ => self.search_colors_k::<0, true, true>(run, target),
            };
        }
        match self.uniform {
            1 => self.search_colors_k::<SPANS, false, true>(run, target),
            2 => self.search_colors_k::<2, false, false>(run, target),
            3 => self.search_colors_k::<3, false, false>(run, target),
            4 => self.search_colors_k::<4, false, false>(run, target),
            5 => self.search_colors_k::<5, false, false>(run, target),
            6 => self.search_colors_k::<6, false, false>(run, target),
            7 => self.search_colors_k::<7, false, false>(run, target),
            _ => self.search_colors_k::<0, false, true>(run, target),
        }
    }

    /// [`XccLinks::search_colors`] for options of `K` nodes (0: any):
    /// Algorithm C (DLX2) until `run.solutions` reaches `target`, the tree
    /// is exhausted or the node limit stops it. The levels are DLX1's, so
    /// `choice` and `stop` mean what they mean in the plain search. With
    /// `L` the levels keep the hide log.
    pub(super) fn search_colors_k<const K: usize, const E: bool, const L: bool>(
        &mut self,
        run: &mut Run<'_>,
        target: u64,
    ) -> Step {
        if L {
            self.size_log(run.choice.len());
        }
        search_levels(&mut Colored::<K, E, L>(self), run, target)
    }
}

/// The colored links as [`Levels`], for options of `K` nodes (see
/// [`walk`]), under the early rule when `E`; with `L`, each level's
/// changes in the hide log (`log.rs`).
struct Colored<'a, const K: usize, const E: bool, const L: bool>(&'a mut XccLinks);

impl<const K: usize, const E: bool, const L: bool> Levels for Colored<'_, K, E, L> {
    #[inline(always)]
    fn choose(&mut self) -> Option<u32> {
        self.0.choose()
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.0.len[ItemIx(c)]
    }

    #[inline(always)]
    fn dead_end(&mut self) {
        self.0.updates += 1;
    }

    #[inline(always)]
    fn open(&mut self, c: u32, level: usize) -> u32 {
        let c = ItemIx(c);
        if L {
            self.0.log_open(level);
        }
        if L && self.0.logged(level) {
            self.0.open_logged::<K, E>(c, level);
        } else {
            self.0.cover_rows::<K, E, false>(c, true);
        }
        self.0.link[c.header()].down.0
    }

    #[inline(always)]
    fn close(&mut self, head: u32, level: usize) {
        let c = self.0.item_color[Node(head)].item;
        if L && self.0.logged(level) {
            self.0.close_logged(c, level);
        } else {
            self.0.uncover_item::<K, false>(c, true);
        }
    }

    #[inline(always)]
    fn commit(&mut self, x: u32, level: usize) -> bool {
        if E {
            if L && self.0.logged(level) {
                self.0.commit_early_logged::<K>(x, level)
            } else {
                self.0.commit_others_early::<K>(x)
            }
        } else {
            if L && self.0.logged(level) {
                self.0.commit_logged::<K>(x, level);
            } else {
                self.0.commit_others::<K>(x);
            }
            true
        }
    }

    #[inline(always)]
    fn uncommit(&mut self, x: u32, level: usize) {
        if L && self.0.logged(level) {
            self.0.uncommit_logged::<K>(x, level);
        } else {
            self.0.uncommit_others::<K, E>(x);
        }
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.0.link[Node(x)].down.0
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.0.all_covered()
    }
}

//! The hide log of Algorithm C (DLX2's search, the `dlx1` rule on colored
//! problems), as the plain search keeps one (`engine/exact/log.rs`): each
//! level's covers and purifications write down what they change, a node
//! hidden (with its item) or a node marked purified (with the color it
//! had), and the level is undone from the log, latest first, instead of
//! walking the item lists again. The links, the colors and Knuth's node
//! and update counts are the same either way.
//!
//! Algorithm C's search keeps the log where options differ in length, or
//! all have more than 7 nodes: the copies that walk to the spacer (a copy
//! of its own, `L` in `color.rs`, so that the others run as before).
//! There, `dlx --rule dlx1` alternated against the walk, best of 5:
//! er_6x6_c5 0.89 of the time, er_5x7_c5 0.88, rx_k2_p40s10 0.83, pa_6x8
//! 0.91, edge_r4x5_c5 0.94, ws_6x6_k16 0.96, lp_n7_g13 0.99; and on short
//! options of lengths that differ (1 to 5 nodes, 3 on average:
//! rx_short_p44s12 and 8 files generated like it) 0.93-0.98, one file of
//! 2.5 nodes an option unchanged. Options of one length up to 7 keep
//! the copies that find their nodes by arithmetic, without the log
//! (latin_n7_g10, 3 nodes an option: 13% more instructions with it).
//!
//! The early rule keeps the log in the same copies: a commit that stops
//! part-way (a dead end) is undone from the log at once, as the walk
//! undid what it had done. `dlx --rule fast` (the early rule) alternated
//! against the walk, best of 5: rx_k2_p40s10 0.82 of the time, the short
//! random files 0.97-0.99, er, ws, pa and lp unchanged (within 0.5%);
//! the same nodes and updates. Levels opened before the rule changed
//! mid-search are undone by the walk
//! ([`HideLog::from`] is the lowest level in the log, as in the plain
//! search), after [`XccLinks::relevel`] has done them again in the order
//! the new rule undoes them.
//!
//! Algorithm M (DLX3's search) logs its commits too, where options have
//! at most 4 nodes or differ in length (see `logs_bounded` in `bounds.rs`;
//! its tweaks keep their own undo).

// Unchecked indexing on the log's entries and the levels' marks, which
// the search sizes before it starts (`size_log`), one of the crate's
// exceptions to `deny(unsafe_code)` (see `engine/exact/mod.rs`).
#![allow(unsafe_code)]

use super::*;

/// What the covers and purifications of Algorithm C's levels changed, in
/// order: `(node, record)` where the record is the node's own (a node
/// hidden) or has item [`SPACER`] and the color the node had (a node
/// marked [`PURIFIED`]).
#[derive(Clone, Debug)]
pub(crate) struct HideLog {
    entries: Vec<(Node, ItemColor)>,
    top: usize,
    /// The lowest level whose changes are in the log; `usize::MAX` when
    /// none is.
    from: usize,
    /// Per level, the log's length before its item was covered and before
    /// its option was committed.
    marks: Vec<[usize; 2]>,
}

impl Default for HideLog {
    fn default() -> Self {
        HideLog {
            entries: Vec::new(),
            top: 0,
            from: usize::MAX,
            marks: Vec::new(),
        }
    }
}

impl XccLinks {
    /// Makes room in the log for a search of `levels` levels: one entry
    /// per node (a node is hidden or marked at most once along a path).
    pub(crate) fn size_log(&mut self, levels: usize) {
        let nodes = self.link.data.len();
        if self.log.entries.len() < nodes {
            let blank = ItemColor {
                item: SPACER,
                color: NO_COLOR,
            };
            self.log.entries.resize(nodes, (Node(0), blank));
        }
        if self.log.marks.len() < levels {
            self.log.marks.resize(levels, [0; 2]);
        }
    }

    /// Forgets what the log holds: the levels covered now are undone by the
    /// walk (after a change of rule mid-search).
    pub(crate) fn forget_log(&mut self) {
        self.log.from = usize::MAX;
    }

    /// Do the searches of these links keep the log (options of lengths that
    /// differ, or all of more than 7 nodes: the copies that walk to the
    /// spacer)?
    pub(crate) fn log_pays(&self) -> bool {
        self.walk_k() <= SPANS as u32
    }

    /// Are `level`'s changes in the log?
    #[inline(always)]
    pub(super) fn logged(&self, level: usize) -> bool {
        level >= self.log.from
    }

    /// Before `level`'s item is covered: at or below [`HideLog::from`],
    /// the log starts afresh there.
    #[inline(always)]
    pub(super) fn log_open(&mut self, level: usize) {
        if level <= self.log.from {
            self.log.from = level;
            self.log.top = 0;
        }
    }

    /// `level`'s marks.
    #[inline(always)]
    fn mark(&self, level: usize) -> &[usize; 2] {
        debug_assert!(level < self.log.marks.len());
        // SAFETY: `size_log` sized the marks to the search's levels.
        unsafe { self.log.marks.get_unchecked(level) }
    }

    /// `level`'s marks, to write.
    #[inline(always)]
    fn mark_mut(&mut self, level: usize) -> &mut [usize; 2] {
        debug_assert!(level < self.log.marks.len());
        // SAFETY: as in `mark`.
        unsafe { self.log.marks.get_unchecked_mut(level) }
    }

    /// Writes one entry.
    #[inline(always)]
    fn log_entry(&mut self, x: Node, record: ItemColor) {
        let at = self.log.top;
        debug_assert!(at < self.log.entries.len());
        // SAFETY: the log has an entry per node (`size_log`, before the
        // search), and holds each node at most once.
        unsafe { *self.log.entries.get_unchecked_mut(at) = (x, record) };
        self.log.top = at + 1;
    }

    /// Covers `level`'s item `c` as [`XccLinks::cover_item`] does, in the
    /// log; with `E` (the early rule) its rows walked in the order of
    /// memory, as [`XccLinks::cover_rows`] walks them under the early rule.
    #[inline(always)]
    pub(super) fn open_logged<const K: usize, const E: bool>(&mut self, c: ItemIx, level: usize) {
        self.mark_mut(level)[0] = self.log.top;
        self.cover_rows_logged::<K, false, E>(c);
    }

    /// [`XccLinks::cover_rows`] (a primary item deactivated), each hide
    /// logged. With `E` (the early rule, whose rows are walked in the
    /// order of memory), the cover stops after the row that leaves an
    /// active primary item without options, as [`XccLinks::cover_early`]
    /// does, and the result is false.
    #[inline(always)]
    fn cover_rows_logged<const K: usize, const E: bool, const ONE_LOOP: bool>(
        &mut self,
        c: ItemIx,
    ) -> bool {
        if c.0 < self.n_primary {
            self.deactivate::<false>(c);
        }
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            let (hidden, emptied) = self.hide_others_logged::<K, E, ONE_LOOP>(rr);
            updates += hidden;
            if E && emptied && self.row_is_dead::<K>(rr) {
                self.updates += updates;
                return false;
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
        true
    }

    /// [`XccLinks::hide_others`], each hide logged.
    #[inline(always)]
    fn hide_others_logged<const K: usize, const E: bool, const ONE_LOOP: bool>(
        &mut self,
        rr: Node,
    ) -> (u64, bool) {
        let mut updates = 0;
        let mut emptied = false;
        self.for_row_others::<K, ONE_LOOP>(rr, |links, nn, node| {
            if node.color != PURIFIED {
                emptied |= links.hide::<E, false>(nn, node.item);
                links.log_entry(nn, node);
                updates += 1;
            }
        });
        (updates, emptied)
    }

    /// [`XccLinks::purify`], each hide and each mark logged; with `E`,
    /// stopping as [`XccLinks::purify_early`] does (the result is then
    /// false).
    #[inline(always)]
    fn purify_logged<const K: usize, const E: bool>(&mut self, p: Node) -> bool {
        let ItemColor { item: cc, color: x } = self.item_color[p];
        let mut updates = 0;
        let head = cc.header();
        let mut rr = self.link[head].down;
        while rr != head {
            let color = self.item_color[rr].color;
            if color != x {
                let (hidden, emptied) = self.hide_others_logged::<K, E, E>(rr);
                updates += hidden;
                if E && emptied && self.row_is_dead::<K>(rr) {
                    self.updates += updates;
                    return false;
                }
            } else if rr != p {
                self.item_color[rr].color = PURIFIED;
                self.log_entry(
                    rr,
                    ItemColor {
                        item: SPACER,
                        color,
                    },
                );
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
        true
    }

    /// Commits option `x` at `level` as [`XccLinks::commit_others`] does,
    /// in the log.
    #[inline(always)]
    pub(super) fn commit_logged<const K: usize>(&mut self, x: u32, level: usize) {
        self.mark_mut(level)[1] = self.log.top;
        self.for_others::<K>(Node(x), |links, pp, node| {
            if node.color == NO_COLOR {
                links.cover_rows_logged::<K, false, false>(node.item);
            } else if node.color != PURIFIED {
                links.purify_logged::<K, false>(pp);
            }
        });
    }

    /// Commits option `x` at `level` as [`XccLinks::commit_others_early`]
    /// does (the same items in the same order, the same stop), in the log:
    /// a commit that stops is undone from the log, and the result is false.
    #[inline(always)]
    pub(super) fn commit_early_logged<const K: usize>(&mut self, x: u32, level: usize) -> bool {
        self.mark_mut(level)[1] = self.log.top;
        self.trying = Node(x);
        let ok = self.for_others_while::<K, true>(Node(x), |links, pp, node| {
            if node.color == NO_COLOR {
                links.cover_rows_logged::<K, true, true>(node.item)
            } else if node.color != PURIFIED {
                links.purify_logged::<K, true>(pp)
            } else {
                true
            }
        });
        if !ok {
            // The items not reached are active still: making them active
            // again changes nothing.
            self.uncommit_logged::<K>(x, level);
        }
        ok
    }

    /// Undoes [`XccLinks::commit_logged`] of option `x` at `level`.
    #[inline(always)]
    pub(super) fn uncommit_logged<const K: usize>(&mut self, x: u32, level: usize) {
        self.undo_to(self.mark(level)[1]);
        self.for_others::<K>(Node(x), |links, _, node| {
            if node.color == NO_COLOR && node.item.0 < links.n_primary {
                links.reactivate::<false>(node.item);
            }
        });
    }

    /// Undoes [`XccLinks::open_logged`] of item `c` at `level`.
    #[inline(always)]
    pub(super) fn close_logged(&mut self, c: ItemIx, level: usize) {
        self.undo_to(self.mark(level)[0]);
        if c.0 < self.n_primary {
            self.reactivate::<false>(c);
        }
    }

    /// Undoes the entries logged after `mark`, latest first.
    #[inline(always)]
    fn undo_to(&mut self, mark: usize) {
        let top = self.log.top;
        debug_assert!(mark <= top && top <= self.log.entries.len());
        let (entries, link, len, item_color) = (
            &self.log.entries[mark..top],
            &mut self.link,
            &mut self.len,
            &mut self.item_color,
        );
        for &(x, record) in entries.iter().rev() {
            if record.item == SPACER {
                item_color[x].color = record.color;
            } else {
                let Link { up, down } = link[x];
                link[up].down = x;
                link[down].up = x;
                len[record.item] += 1;
            }
        }
        self.log.top = mark;
    }
}

impl XccLinks {
    /// When the rule changes between the early rule and another one in
    /// the middle of a search: undoes the `choice`s of the levels covered
    /// now (`choice[k]`, an option of level `k`'s item), deepest first, as
    /// they were done (`early` says whether by the early rule, `log` and
    /// [`XccLinks::logged`] whether in the log), and does them again as
    /// the new rule's levels undo them (the early rule commits an option's
    /// items in the order of memory, Algorithm C from the chosen node on),
    /// outside the log. The links and counts are those of the search
    /// before; only the order in which each level will be undone changes.
    /// Without this, a level undone in the other order left the lists in
    /// another order (a later count of rxcc_p10_s6_o30 took 96 nodes where
    /// DLX2 takes 53).
    pub(crate) fn relevel(&mut self, choice: &[Node], early: bool, log: bool) {
        match self.walk_k() {
            0 => self.relevel_k::<0>(choice, early, log),
            1 => self.relevel_k::<SPANS>(choice, early, log),
            // Options of one length: both rules walk them in the same
            // order.
            _ => {}
        }
    }

    /// [`XccLinks::relevel`] for the walks of `K`.
    fn relevel_k<const K: usize>(&mut self, choice: &[Node], early: bool, log: bool) {
        let updates = self.updates;
        for (level, &x) in choice.iter().enumerate().rev() {
            let c = self.item_color[x].item;
            if log && self.logged(level) {
                self.uncommit_logged::<K>(x.0, level);
                self.close_logged(c, level);
            } else {
                if early {
                    self.uncommit_others::<K, true>(x.0);
                } else {
                    self.uncommit_others::<K, false>(x.0);
                }
                self.uncover_item::<K, false>(c, true);
            }
        }
        self.forget_log();
        for &x in choice {
            let c = self.item_color[x].item;
            self.cover_item::<K, false>(c, true);
            if early {
                // Now under Algorithm C.
                self.commit_others::<K>(x.0);
            } else {
                self.commit_others_in::<K, true>(x.0);
            }
        }
        self.updates = updates;
    }
}

impl XccLinks {
    /// Empties the log.
    pub(super) fn clear_log(&mut self) {
        self.log.top = 0;
    }

    /// [`XccLinks::commit_others_bounded`] without the choice's tree, its
    /// hides and marks in the log after `level`'s commit mark.
    #[inline(always)]
    pub(super) fn commit_bounded_logged<const K: usize>(&mut self, x: Node, level: usize) {
        self.mark_mut(level)[1] = self.log.top;
        self.for_others::<K>(
            x,
            #[inline(always)]
            |links, pp, node| {
                let cc = node.item;
                if cc.0 < links.n_primary {
                    let b = &mut links.bounds[cc].bound;
                    *b -= 1;
                    if *b == 0 {
                        links.cover_rows_logged::<K, false, false>(cc);
                    }
                } else if node.color == NO_COLOR {
                    links.cover_rows_logged::<K, false, false>(cc);
                } else if node.color != PURIFIED {
                    links.purify_logged::<K, false>(pp);
                }
            },
        );
    }

    /// Undoes [`XccLinks::commit_bounded_logged`]: the log, then the
    /// bounds, and the items whose bound had run out made active again.
    #[inline(always)]
    pub(super) fn uncommit_bounded_logged<const K: usize>(&mut self, x: Node, level: usize) {
        self.undo_to(self.mark(level)[1]);
        self.for_others::<K>(
            x,
            #[inline(always)]
            |links, _, node| {
                let cc = node.item;
                if cc.0 < links.n_primary {
                    if links.bounds[cc].bound == 0 {
                        links.reactivate::<false>(cc);
                    }
                    links.bounds[cc].bound += 1;
                }
            },
        );
    }
}

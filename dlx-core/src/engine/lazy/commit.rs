//! Hiding, covering and committing on the lazy links: secondary items
//! are left out of the lists, and an option that clashes on one is ruled
//! out when it is met (see the notes of [`super`]).

// The crate's exception to `deny(unsafe_code)` in the lazy links: the
// commits' stacks are written and read unchecked (each bound is argued at
// its push).
#![allow(unsafe_code)]

use super::*;

impl LazyLinks {
    /// Unlinks node `x` from its item's list. Under the early rule (`E`),
    /// notes a dead end (`dead`) when that leaves the list empty and the
    /// item is not one of the option being tried (their items carry the
    /// `stamp`); it is active, since the lists of covered items keep only
    /// hidden options, which no hide reaches.
    #[inline(always)]
    pub(super) fn hide<const E: bool>(&mut self, x: Node) {
        let ListNode { up, down, item, .. } = self.node[x];
        self.node[up].down = down;
        self.node[down].up = up;
        let len = &mut self.len[item];
        *len -= 1;
        if E && *len == 0 && self.mark[item] != self.stamp {
            self.dead = true;
        }
    }

    /// Links node `x` back into its item's list.
    #[inline(always)]
    pub(super) fn unhide(&mut self, x: Node) {
        let ListNode { up, down, item, .. } = self.node[x];
        self.node[up].down = x;
        self.node[down].up = x;
        self.len[item] += 1;
    }

    /// Covers primary item `c`: deactivates it and hides every option in
    /// its list (unlinks their primary nodes but the ones in `c`'s list).
    /// Under the early rule, stops after the option that leaves a dead end
    /// and returns its node; else returns `c`.
    #[inline(always)]
    pub(super) fn cover<const E: bool>(&mut self, c: ItemIx) -> Node {
        self.active[c.0 as usize / 64] &= !(1 << (c.0 % 64));
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.node[head].down;
        while rr != head {
            let o = self.node[rr].option;
            self.hidden[o] = true;
            let OptionParts { prim, prim_end, .. } = self.opts[o];
            for nn in nodes(prim, prim_end) {
                if nn != rr {
                    self.hide::<E>(nn);
                }
            }
            updates += u64::from(prim_end.0 - prim.0 - 1);
            if E && self.dead {
                self.updates += updates;
                return rr;
            }
            rr = self.node[rr].down;
        }
        self.updates += updates;
        head
    }

    /// Undoes the cover of `c` from the option of node `rr` in its list
    /// back to the first (`rr` = `c`: the whole cover).
    #[inline(always)]
    pub(super) fn uncover_from(&mut self, c: ItemIx, rr: Node) {
        let head = c.header();
        let mut rr = if rr == head { self.node[head].up } else { rr };
        while rr != head {
            let o = self.node[rr].option;
            let OptionParts { prim, prim_end, .. } = self.opts[o];
            for nn in nodes(prim, prim_end).rev() {
                if nn != rr {
                    self.unhide(nn);
                }
            }
            self.hidden[o] = false;
            rr = self.node[rr].up;
        }
        self.active[c.0 as usize / 64] |= 1 << (c.0 % 64);
    }

    /// Hides option `o`, out of a secondary item's static list: unlinks
    /// all its primary nodes.
    #[inline(always)]
    pub(super) fn hide_option<const E: bool>(&mut self, o: OptionIx) {
        self.hidden[o] = true;
        let OptionParts { prim, prim_end, .. } = self.opts[o];
        for nn in nodes(prim, prim_end) {
            self.hide::<E>(nn);
        }
        self.updates += u64::from(prim_end.0 - prim.0);
    }

    /// Covers secondary item `s` (`color` [`UNCOLORED`]) or purifies it
    /// with `color`: hides the options of its static list not yet hidden
    /// that give it another color or none, onto the trail. Under the early
    /// rule, stops after the option that leaves a dead end.
    #[inline(always)]
    pub(super) fn rule_out<const E: bool>(&mut self, s: Secondary, color: u32) {
        self.updates += 1;
        let (g0, g1) = (self.group_start[s], self.group_start[Secondary(s.0 + 1)]);
        for g in g0.0..g1.0 {
            let Group {
                item,
                start,
                end,
                place,
            } = self.groups[GroupIx(g)];
            if item.0 < self.n_primary && !self.is_active(item) {
                continue;
            }
            if place != u32::MAX {
                if self.rule_out_walking::<E>(item, place, color) {
                    return;
                }
                continue;
            }
            if self.rule_out_scanning::<E>(start, end, color) {
                return;
            }
        }
    }

    /// [`LazyLinks::rule_out`] on the entries `start..end` of a static
    /// list: hides the options not yet hidden of another color than
    /// `color`. Returns whether it stopped at a dead end. (A function of
    /// its own, as [`LazyLinks::rule_out_walking`] is: together in one loop
    /// they made the scans 8-10% slower.)
    #[inline(never)]
    pub(super) fn rule_out_scanning<const E: bool>(
        &mut self,
        start: Entry,
        end: Entry,
        color: u32,
    ) -> bool {
        for e in (start.0..end.0).map(Entry) {
            let o = self.entry_opt[e];
            if !self.hidden[o] && self.entry_color[e] != color {
                self.push_trail(o);
                self.hide_option::<E>(o);
                if E && self.dead {
                    return true;
                }
            }
        }
        false
    }

    /// [`LazyLinks::rule_out`] on a group that holds all the options of
    /// primary item `item`, with the secondary item at `place` among
    /// their secondary items: walks `item`'s list, which holds only the
    /// options not hidden. Hiding one unlinks its node from that list,
    /// whose own links still lead on (and back, for the undo). Returns
    /// whether it stopped at a dead end.
    #[inline(never)]
    pub(super) fn rule_out_walking<const E: bool>(
        &mut self,
        item: ItemIx,
        place: u32,
        color: u32,
    ) -> bool {
        let head = item.header();
        let mut n = self.node[head].down;
        while n != head {
            let o = self.node[n].option;
            let place_at = SecondaryNode(self.opts[o].sec.0 + place);
            if self.sec[place_at].1 != color {
                self.push_trail(o);
                self.hide_option::<E>(o);
                if E && self.dead {
                    return true;
                }
            }
            n = self.node[n].down;
        }
        false
    }

    /// Puts option `o` on the trail.
    #[inline(always)]
    pub(super) fn push_trail(&mut self, o: OptionIx) {
        debug_assert!((self.trail_len as usize) < self.trail.len());
        // SAFETY: an option goes on the trail only while it is visible and
        // stays hidden while it is there, so the trail holds each option
        // at most once, and it has room for all.
        unsafe { *self.trail.get_unchecked_mut(self.trail_len as usize) = o };
        self.trail_len += 1;
    }

    /// Records a commit's step to undo.
    #[inline(always)]
    pub(super) fn push_undo(&mut self, step: (u32, u32)) {
        debug_assert!((self.undo_len as usize) < self.undo.len());
        // SAFETY: a step covers an active primary item or takes a free
        // secondary item, and stays recorded until undone, so each item is
        // recorded at most once; there is room for all.
        unsafe { *self.undo.get_unchecked_mut(self.undo_len as usize) = step };
        self.undo_len += 1;
    }

    /// Shows the options of the trail from `t0` on, last first.
    #[inline(always)]
    pub(super) fn unwind_trail(&mut self, t0: u32) {
        while self.trail_len > t0 {
            self.trail_len -= 1;
            debug_assert!((self.trail_len as usize) < self.trail.len());
            // SAFETY: see `push_trail`.
            let o = unsafe { *self.trail.get_unchecked(self.trail_len as usize) };
            let OptionParts { prim, prim_end, .. } = self.opts[o];
            for nn in nodes(prim, prim_end).rev() {
                self.unhide(nn);
            }
            self.hidden[o] = false;
        }
    }

    /// Undoes the commits recorded in `undo` from `mark` on, last first.
    #[inline(always)]
    pub(super) fn undo_to(&mut self, mark: u32) {
        while self.undo_len > mark {
            self.undo_len -= 1;
            debug_assert!((self.undo_len as usize) < self.undo.len());
            // SAFETY: see `push_undo`.
            let (it, t0) = unsafe { *self.undo.get_unchecked(self.undo_len as usize) };
            if it & SECONDARY != 0 {
                self.unwind_trail(t0);
                self.state[Secondary(it & !SECONDARY)] = 0;
            } else {
                let c = ItemIx(it);
                self.uncover_from(c, c.header());
            }
        }
    }

    /// Commits the items of the option of node `x`, which is in the list
    /// of the level's item, already covered (see [`LazyLinks::commit_items`]).
    #[inline(always)]
    pub(super) fn commit<const E: bool>(&mut self, x: Node) -> bool {
        self.commit_items::<E>(self.node[x].option, x)
    }

    /// Commits the items of option `o` but the one of its node `x` (none
    /// when `x` is not one of its nodes): covers its primary items and
    /// its uncolored secondary items, and purifies its colored ones not yet
    /// of that color. Under the early rule, a commit that leaves an active
    /// primary item without options is undone at once, and the result is
    /// false.
    #[inline(always)]
    pub(super) fn commit_items<const E: bool>(&mut self, o: OptionIx, x: Node) -> bool {
        let OptionParts {
            prim,
            prim_end,
            sec,
            sec_end,
        } = self.opts[o];
        if E {
            // The option's items, which may run out: they are covered next.
            self.stamp = next_stamp(self.stamp, &mut self.mark.data);
            for nn in nodes(prim, prim_end) {
                let c = self.node[nn].item;
                self.mark[c] = self.stamp;
            }
            self.dead = false;
        }
        let mark = self.undo_len;
        for nn in nodes(prim, prim_end) {
            if nn == x {
                continue;
            }
            let c = self.node[nn].item;
            let rr = self.cover::<E>(c);
            if E && self.dead {
                self.uncover_from(c, rr);
                self.undo_to(mark);
                return false;
            }
            self.push_undo((c.0, 0));
        }
        for i in (sec.0..sec_end.0).map(SecondaryNode) {
            let (s, color) = self.sec[i];
            let state = self.state[s];
            if color != NO_COLOR && state == color {
                continue;
            }
            debug_assert_eq!(state, 0, "an option visible with its secondary item taken");
            let color = if color == NO_COLOR { UNCOLORED } else { color };
            let t0 = self.trail_len;
            self.rule_out::<E>(s, color);
            if E && self.dead {
                self.unwind_trail(t0);
                self.undo_to(mark);
                return false;
            }
            self.state[s] = color;
            self.push_undo((s.0 | SECONDARY, t0));
        }
        true
    }

    /// Commits option `x` (a node of the problem's arena) before the
    /// search, as [`XccLinks::force`](crate::engine::xcc::XccLinks::force) does;
    /// never undone (the links are built again for the next search).
    pub(crate) fn force(&mut self, x: u32) {
        let o = OptionIx(self.option_at.partition_point(|&first| first < x) as u32);
        debug_assert_eq!(
            self.option_at.get(o.0 as usize),
            Some(&x),
            "an option's first node"
        );
        self.hide_option::<false>(o);
        let _ = self.commit_items::<false>(o, Node(u32::MAX));
    }

    /// Is every primary item covered?
    #[inline(always)]
    pub(super) fn all_covered(&self) -> bool {
        self.active.iter().all(|&w| w == 0)
    }
}

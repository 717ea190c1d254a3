//! The look-ahead of [`Branching::LookAhead`](crate::Branching::LookAhead):
//! after an option is tried, every active primary item `c` of at most
//! [`LOOK_AHEAD_LEN`] options is looked at; when all of `c`'s options hold
//! some other item `j`, the options of `j` without `c` can be in no
//! solution below (whichever option covers `c` covers `j` too), so they
//! are taken out of the links, whole, until the search backs up past this
//! level. In Sudoku, `c` = "row 1 holds 5", `j` = "box 1 holds 5": locked
//! candidates.
//!
//! An option taken out is unlinked from each of its items' lists (all
//! active: an option still in an active item's list has every item
//! active), and one of its nodes goes on [`LookState::trail`]; backing up
//! puts the options back in the opposite order. Covered items' lists,
//! which the levels walk, are never touched.

use super::*;
use crate::rule::LOOK_AHEAD_LEN;

/// The most items an option may have for its items to be candidates (the
/// others are skipped: a look-ahead is an optimisation, never required).
const MAX_COMMON: usize = 16;

impl Links {
    /// Marks every active primary item for the look-ahead (at the root,
    /// where no cover has marked the items already short).
    pub(crate) fn look_mark_all(&mut self) {
        for w in 0..self.primary_words {
            let mut bits = self.active[w];
            if w + 1 == self.primary_words {
                bits &= self.last_mask;
            }
            self.look.dirty[w] |= bits;
        }
    }

    /// Is the next level forced or a dead end: an item of length 0, or one
    /// of length 1 on the stack of short items? Drops the stale entries
    /// above it, as [`Links::choose_short`] would.
    pub(crate) fn forced_pending(&mut self) -> bool {
        let z = self.zero;
        if z.0 < self.n_primary && self.len[z] == 0 {
            return true;
        }
        while self.short_top > 0 {
            let c = self.short[self.short_top - 1];
            if c.0 < self.n_primary && self.len[c] <= 1 {
                return true;
            }
            self.short_top -= 1;
        }
        false
    }

    /// Looks ahead over the items marked in [`LookState::dirty`], and
    /// over those its own takings-out mark in turn, always the lowest index
    /// first (so that what is taken out, and in which order, depends on the
    /// links alone, not on the order a cover visited them), until none is
    /// left.
    pub(crate) fn look_ahead_dirty<const MODE: CoverMode, const K: usize>(&mut self) {
        let mut w = 0;
        while w < self.look.dirty.len() {
            let bits = self.look.dirty[w];
            if bits == 0 {
                w += 1;
                continue;
            }
            let c = ItemIx((w * 64) as u32 + bits.trailing_zeros());
            self.look.dirty[w] = bits & (bits - 1);
            if self.is_active(c) && (2..=LOOK_AHEAD_LEN).contains(&self.len[c]) {
                self.look_at::<MODE, K>(c);
                // A taking-out may have marked a lower item.
                w = 0;
            }
        }
    }

    /// The look-ahead for item `c` (of 2 or more options; an item of one
    /// is forced at the next level, whose covers do the same work).
    fn look_at<const MODE: CoverMode, const K: usize>(&mut self, c: ItemIx) {
        let head = c.header();
        let first = self.link[head].down;
        // A quick filter, as most looks find nothing: the items of each
        // option, folded into 64 bits (item mod 64), and those bits
        // intersected over the options. An item that every option holds
        // keeps its bit; when no bit is left, no item is common.
        let mut shared = !0u64;
        let mut x = first;
        while x != head {
            let mut bits = 0u64;
            self.for_others::<K, true>(x, true, |_, _, cc| bits |= 1 << (cc.0 % 64));
            shared &= bits;
            if shared == 0 {
                return;
            }
            x = self.link[x].down;
        }
        // The items of `c`'s first option other than `c` whose bits are
        // left: the candidates. A candidate with as many options as `c`
        // would have the same ones (`c`'s options are among its own):
        // nothing to take out, so it is dropped at once.
        let mut common = [ItemIx(0); MAX_COMMON];
        let mut n = 0;
        let mut too_long = false;
        let len = self.len[c];
        self.for_others::<K, true>(first, true, |links, _, cc| {
            if shared & (1 << (cc.0 % 64)) == 0 || links.len[cc] == len {
                return;
            }
            if n < MAX_COMMON {
                common[n] = cc;
                n += 1;
            } else {
                too_long = true;
            }
        });
        if too_long {
            return;
        }
        // Keep those that every other option of `c` holds too.
        let mut rr = self.link[first].down;
        while rr != head && n > 0 {
            let mut k = 0;
            while k < n {
                if self.option_has::<K>(rr, common[k]) {
                    k += 1;
                } else {
                    n -= 1;
                    common[k] = common[n];
                }
            }
            rr = self.link[rr].down;
        }
        for &j in &common[..n] {
            // Take out `j`'s options that do not hold `c`.
            let hj = j.header();
            let mut y = self.link[hj].down;
            while y != hj {
                let next = self.link[y].down;
                if !self.option_has::<K>(y, c) {
                    self.take_out::<MODE, K>(y);
                    self.look.trail.push(y);
                }
                y = next;
            }
        }
    }

    /// Does the option of node `x` hold item `c` (at a node other than
    /// `x`)?
    fn option_has<const K: usize>(&mut self, x: Node, c: ItemIx) -> bool {
        let mut found = false;
        self.for_others::<K, true>(x, true, |_, _, cc| found |= cc == c);
        found
    }

    /// Unlinks every node of the option of `x` from its item's list.
    fn take_out<const MODE: CoverMode, const K: usize>(&mut self, x: Node) {
        let mut updates = 1;
        self.for_others::<K, true>(x, false, |links, nn, cc| {
            links.hide::<MODE>(nn, cc);
            updates += 1;
        });
        let c = self.item[x];
        self.hide::<MODE>(x, c);
        self.updates += updates;
    }

    /// Undoes [`Links::take_out`].
    fn put_back<const K: usize>(&mut self, x: Node) {
        let c = self.item[x];
        self.unhide(x, c);
        self.for_others::<K, false>(x, false, |links, nn, cc| links.unhide(nn, cc));
    }

    /// Puts back the options taken out after the trail held `mark` of
    /// them, latest first.
    pub(crate) fn put_back_to(&mut self, mark: usize) {
        while self.look.trail.len() > mark {
            let Some(x) = self.look.trail.pop() else {
                break;
            };
            self.put_back::<0>(x);
        }
    }
}

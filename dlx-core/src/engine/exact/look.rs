//! The look-ahead of [`Branching::LookAhead`](crate::Branching::LookAhead):
//! once an option is tried and no forced move is pending, every active
//! primary item `c` of two options ([`LOOK_AHEAD_LEN`]) that the covers
//! shortened is looked at; when both of `c`'s options hold some other item
//! `j`, the options of `j` without `c` can be in no solution below
//! (whichever option covers `c` covers `j` too), so they are taken out of
//! the links, whole, until the search backs up past this level. In Sudoku,
//! `c` = "row 1 holds 5", `j` = "box 1 holds 5": locked candidates.
//!
//! The look-ahead keeps no books of its own: the hide log (`log.rs`)
//! says which items were shortened, and undoes the takings-out with the
//! covers.
//! - **What to look at.** A state of the links where no item has anything
//!   to take out stays so for every item whose list has not shrunk since:
//!   an item's options can only lose a common item by being put back, and
//!   a common item's other options only go. So each look starts from the
//!   log's length at the last such state ([`LookState::scanned`]) and
//!   looks at the items of the hides logged since, each once (a takings-out
//!   logs its hides too, and their items are looked at in turn). A level
//!   keeps the mark it was opened with ([`LookState::mark`]): backing up to
//!   it, the search starts from there again. Where no such state is known
//!   (at the root, or after the rule changed), every active item is looked
//!   at.
//! - **Undo.** An option taken out is unlinked from each of its items'
//!   lists (all active: an option still in an active item's list has every
//!   item active), each hide in the log after the level's covers, so the
//!   level's undo puts the options back before it uncovers.
//!
//! Against the first look-ahead (a mark per item in every hide, a copy of
//! the marks per level, a trail of its own, the covers walked back, items
//! of 2 or 3 options), alternated on 2,000 of the forum's hardest Sudokus
//! (`dlx-sudoku -j1 -u --rule look-ahead`): 0.73 of the time, nodes within
//! 0.3% (items of 3 options added 0.3% fewer nodes for 30% more time).
//! Levels opened under a rule that does not log (before the rule changed
//! mid-search) are undone by the walk and not looked ahead from.

use super::*;
use crate::rule::LOOK_AHEAD_LEN;

impl Links {
    /// Is the next level forced or a dead end: an item of length 0, or one
    /// of length 1 on the stack of short items? Drops the stale entries
    /// above it, as [`Links::choose_short`] would.
    pub(crate) fn forced_pending(&mut self) -> bool {
        if self.emptied() {
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

    /// Has a cover emptied a primary item that is still empty?
    #[inline(always)]
    fn emptied(&self) -> bool {
        let z = self.zero;
        z.0 < self.n_primary && self.len[z] == 0
    }

    /// Sizes the look-ahead's marks for a search of `levels` levels.
    pub(crate) fn size_look(&mut self, levels: usize) {
        let items = self.n_items as usize;
        if self.look.mark.len() < levels {
            self.look.mark.resize(levels, NOT_SCANNED);
        }
        if self.look.seen.len() < items {
            self.look.seen.resize(items, (0, 0));
        }
    }

    /// Looks ahead over the items the log shows shortened since the last
    /// state with nothing to take out (all active items when none is
    /// known), and over those its own takings-out shorten, until none is
    /// left or an item runs out (the search then backs up).
    pub(crate) fn look_ahead<const K: usize>(&mut self) {
        self.look.pass = self.look.pass.wrapping_add(1);
        let pass = self.look.pass;
        let mut p = self.look.scanned;
        if p == NOT_SCANNED {
            p = self.log.top;
            for w in 0..self.primary_words {
                let mut bits = self.active[w];
                if w + 1 == self.primary_words {
                    bits &= self.last_mask;
                }
                while bits != 0 {
                    let c = ItemIx((w * 64) as u32 + bits.trailing_zeros());
                    bits &= bits - 1;
                    if self.len[c] == LOOK_AHEAD_LEN {
                        self.look.seen[c.at()] = (pass, self.log.top);
                        self.look_at::<K>(c);
                        if self.emptied() {
                            return;
                        }
                    }
                }
            }
        }
        while p < self.log.top {
            let (_, c) = self.log.hidden[p];
            p += 1;
            // A covered item carries the `COVERED` flag in its length.
            if c.0 >= self.n_primary || self.len[c] != LOOK_AHEAD_LEN {
                continue;
            }
            // Looked at in this pass after this hide: nothing new.
            let (q, at) = self.look.seen[c.at()];
            if q == pass && p <= at {
                continue;
            }
            self.look.seen[c.at()] = (pass, self.log.top);
            self.look_at::<K>(c);
            if self.emptied() {
                return;
            }
        }
        self.look.scanned = self.log.top;
    }

    /// The look-ahead for item `c`, of two options: the items both hold
    /// (other than `c`) lose their other options.
    fn look_at<const K: usize>(&mut self, c: ItemIx) {
        let head = c.header();
        let r1 = self.link[head].down;
        let r2 = self.link[r1].down;
        // The items of the first option (and their nodes there).
        let mut first = [(ItemIx(0), Node(0)); MAX_COMMON];
        let mut n = 0;
        let mut too_long = false;
        self.for_others::<K, true>(r1, true, |_, nn, cc| {
            if n < MAX_COMMON {
                first[n] = (cc, nn);
                n += 1;
            } else {
                too_long = true;
            }
        });
        if too_long {
            // A look-ahead is an optimisation, never required.
            return;
        }
        // Those the second holds too, with more than these two options.
        let mut common = [(ItemIx(0), Node(0), Node(0)); MAX_COMMON];
        let mut m = 0;
        self.for_others::<K, true>(r2, true, |links, nn, cc| {
            if links.len[cc] == LOOK_AHEAD_LEN {
                return;
            }
            for &(j, n1) in &first[..n] {
                if j == cc {
                    common[m] = (j, n1, nn);
                    m += 1;
                }
            }
        });
        for &(j, n1, n2) in &common[..m] {
            // `j`'s options other than `c`'s two go.
            let hj = j.header();
            let mut y = self.link[hj].down;
            while y != hj {
                let next = self.link[y].down;
                if y != n1 && y != n2 {
                    self.take_out::<K>(y);
                }
                y = next;
            }
        }
    }

    /// Unlinks every node of the option of `x` from its item's list, each
    /// hide kept as [`TRACKED`] keeps it and written to the hide log.
    fn take_out<const K: usize>(&mut self, x: Node) {
        let mut updates = 1;
        self.for_others::<K, true>(x, false, |links, nn, cc| {
            links.hide::<TRACKED>(nn, cc);
            links.push_log(nn, cc);
            updates += 1;
        });
        let c = self.item[x];
        self.hide::<TRACKED>(x, c);
        self.push_log(x, c);
        self.updates += updates;
    }
}

/// The most items an option may have for the look-ahead to look at it.
const MAX_COMMON: usize = 16;

/// [`LookState::scanned`] when no state is known to have nothing to take
/// out.
pub(crate) const NOT_SCANNED: usize = usize::MAX;

//! Colors under the early rule with *lazy secondary items*: Algorithm C's
//! search, with secondary items kept out of the dancing links.
//!
//! # Implementation notes
//!
//! In DLX2 (and in [`XccLinks`](crate::xcc::XccLinks)) hiding an option
//! unlinks every one of its nodes, secondary ones included, so that a
//! purification finds the options still visible in a secondary item's list.
//! Where options have many secondary items (a word in a word rectangle has
//! one primary item and four to six colored cells; an edge-matching tile
//! has two and three or four colored edges) most of that work is on
//! secondary nodes. Here only primary items have links:
//!
//! - each option's primary nodes sit side by side in an arena of their own,
//!   linked into their items' lists as in DLX1; an option has a `hidden`
//!   flag, set while it is out of the search (one of its primary items is
//!   covered, or a secondary item ruled it out);
//! - each secondary item has a *static* list of its options and their
//!   colors, never changed by the search. Covering or purifying the item
//!   walks it and hides the options not yet hidden that it rules out,
//!   pushing them on a trail; the undo pops them. An item purified with a
//!   color keeps that color as its state, which is how a later option of
//!   the same color knows to skip it (DLX2 marks each such node instead);
//! - a static list is grouped by each option's first primary item, and a
//!   group whose item is inactive is skipped whole (every option in it is
//!   hidden). Only where groups average 16 options or more: with fewer the
//!   group headers cost more than the options they skip;
//! - a group that holds *all* the options of its item, each with the
//!   secondary item at one place among its secondary items (a word
//!   rectangle's cell: every word of the row's slot, every word of the
//!   column's), is not scanned: the item's own list holds exactly its
//!   options not hidden, and the purification walks that instead (word
//!   rectangles 19-27% faster than scanning).
//!
//! The search tree is the one [`XccLinks`](crate::xcc::XccLinks) searches
//! under the same rule: an option is a dead end when committing it leaves
//! an active primary item without options, whatever the order of the
//! commits, and the item choice reads the same lengths. Node counts are
//! the same; updates count items covered or purified and primary nodes
//! unlinked.
//!
//! Where it pays ([`LazyLinks::suits`]): options with three or more
//! secondary items on average, on static lists of 32 options or more.
//! Against the colored links under the same rule, same runs (`benches/
//! README.md`, "Session 11: lazy secondary items"): edge matching 10-20%
//! faster, word rectangles 15-35%; Graeco-Latin squares (four secondary
//! items an option, on lists of 9-20) 12-14% slower, and a prototype 45%
//! slower on Latin squares (two, on lists of `n`), which the thresholds
//! leave out.
//!
//! The search runs here when a colored search under
//! [`Branching::Early`](crate::Branching::Early) starts unseeded; it stays
//! here for the life of the solver, whatever rule it changes to.
// This module is one of the crate's exceptions to `deny(unsafe_code)`, for
// unchecked indexing in the search as in the colored links: every index
// comes from the arrays themselves or from `build`, and the arrays do not
// change size between builds; debug builds check every bound (the unit
// tests below run them).
#![allow(unsafe_code)]

use crate::links::{Node, Slot, SPACER};
use crate::solver::{State, Step};
use crate::xcc::{first_active, leftmost_min, search_levels, ColorChoice, Levels, Run, NO_COLOR};

/// A node of the lazy arena: its vertical links, item and option, in one
/// record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Nd {
    up: u32,
    down: u32,
    item: u32,
    opt: u32,
}

/// The vertical links of a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Link {
    up: u32,
    down: u32,
}

/// An option: its primary nodes `prim..prim_end` in the arena, its
/// secondary items and colors `sec..sec_end` in [`LazyLinks::sec`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Opt {
    prim: u32,
    prim_end: u32,
    sec: u32,
    sec_end: u32,
}

/// A run of a static list whose options share their first primary item:
/// entries `start..end`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Group {
    item: u32,
    start: u32,
    end: u32,
    /// When the group's options are all the options of `item`, each with
    /// the secondary item at this place among its secondary items, a scan
    /// can walk `item`'s list instead, which holds only the options not
    /// hidden; else [`u32::MAX`].
    place: u32,
}

/// The state of a secondary item covered without a color.
const UNCOLORED: u32 = u32::MAX;

/// Marks an entry of the undo stack as a secondary item's.
const SECONDARY: u32 = 1 << 31;

/// The least number of options a group of a static list must average for
/// the list to be grouped (see the module notes). The unit tests group
/// lists of fewer, so that their small problems take both ways.
const GROUP_MIN: usize = if cfg!(test) { 2 } else { 16 };

/// Colored links with lazy secondary items (see the module notes).
#[derive(Clone, Debug, Default)]
pub(crate) struct LazyLinks {
    /// Item headers `0..n_primary` (their item is themselves), then the
    /// options' primary nodes.
    node: Vec<Nd>,
    /// Number of visible options in each primary item's list.
    len: Vec<u32>,
    n_primary: u32,
    /// The active primary items, as in [`XccLinks`](crate::xcc::XccLinks).
    active: Vec<u64>,
    opts: Vec<Opt>,
    /// Each option's secondary items (numbered from 0) and color codes.
    sec: Vec<(u32, u32)>,
    /// Is each option out of the search?
    hidden: Vec<bool>,
    /// Each secondary item's groups, `groups[i]..groups[i + 1]`.
    group_start: Vec<u32>,
    groups: Vec<Group>,
    /// The static lists: the option and the color code of each entry (two
    /// arrays: the color is read only for options not yet hidden).
    entry_opt: Vec<u32>,
    entry_color: Vec<u32>,
    /// Each secondary item's color, [`UNCOLORED`] once covered, or 0.
    state: Vec<u32>,
    /// The options hidden by secondary items, in order: `trail_len` of
    /// them (an option is there at most once, so one entry per option is
    /// room enough).
    trail: Vec<u32>,
    trail_len: u32,
    /// What the commits did, to undo: a primary item covered, or a
    /// secondary item (`| SECONDARY`) with the trail's length before it;
    /// `undo_len` of them (each item at most once).
    undo: Vec<(u32, u32)>,
    undo_len: u32,
    /// The length of `undo` before each level's commit.
    level_mark: Vec<u32>,
    /// The node of the problem's arena of each node here, and back
    /// ([`u32::MAX`] for nodes with no counterpart).
    orig: Vec<u32>,
    lazy_of: Vec<u32>,
    /// The first node in the problem's arena of each option (all of them,
    /// for [`LazyLinks::force`]).
    option_at: Vec<u32>,
    /// The stamp of the option being tried under the early rule, and the
    /// last stamp of each primary item (see [`LazyLinks::hide`]).
    stamp: u32,
    mark: Vec<u32>,
    /// Did the commit being tried leave a dead end?
    dead: bool,
    /// Items covered or purified plus primary nodes unlinked.
    pub(crate) updates: u64,
    /// How the search picks its item.
    pub(crate) choice_rule: ColorChoice,
}

impl LazyLinks {
    /// Should a colored problem of `primary` items whose nodes have the
    /// items `items` (in the layout of
    /// [`XccLinks::build`](crate::xcc::XccLinks::build)) be searched here?
    /// Where its options (those with a primary item) have three or more
    /// secondary items on average, and its secondary items 32 or more
    /// options: hiding an option then skips many secondary nodes, and the
    /// static lists are long enough for the scans to pay. (Thresholds from
    /// the shared XCC files: they pick the edge and word-rectangle files
    /// and leave out the Latin, Graeco-Latin and random ones, but the
    /// smallest files picked sit close to both, edge_r3x3_c3 at 3.0 and 34,
    /// wrectd_4x4_a6w120 at 5.0 and 35; see the module notes.)
    pub(crate) fn suits(primary: u32, items: &[Slot]) -> bool {
        #[cfg(test)]
        if tests::ALWAYS.with(std::cell::Cell::get) {
            return true;
        }
        let n_items = items.iter().position(|&s| s == SPACER).unwrap_or(0);
        let secondary_items = n_items.saturating_sub(primary as usize);
        let (mut options, mut secondary) = (0, 0);
        for option in options_of(items) {
            let p = option.iter().filter(|s| s.0 < primary).count();
            if p > 0 {
                options += 1;
                secondary += option.len() - p;
            }
        }
        options > 0 && secondary >= 3 * options && secondary >= 32 * secondary_items
    }

    /// Builds the links of a colored problem as
    /// [`XccLinks::build`](crate::xcc::XccLinks::build) does (same
    /// arguments; the lists in the options' order), for a search of at most
    /// `levels` levels.
    pub(crate) fn build(&mut self, primary: u32, items: &[Slot], colors: &[u32], levels: usize) {
        let n_primary = primary;
        let n_items = items
            .iter()
            .position(|&s| s == SPACER)
            .unwrap_or(items.len()) as u32;
        let n_secondary = n_items - n_primary;
        self.n_primary = n_primary;
        self.updates = 0;
        self.node.clear();
        self.node.extend((0..n_primary).map(|c| Nd {
            up: c,
            down: c,
            item: c,
            opt: u32::MAX,
        }));
        self.len.clear();
        self.len.resize(n_primary as usize, 0);
        self.mark.clear();
        self.mark.resize(n_primary as usize, 0);
        self.stamp = 0;
        self.dead = false;
        self.orig.clear();
        self.orig.extend(0..n_primary);
        self.lazy_of.clear();
        self.lazy_of.resize(items.len(), u32::MAX);
        for c in 0..n_primary {
            self.lazy_of[c as usize] = c;
        }
        self.opts.clear();
        self.option_at.clear();
        self.sec.clear();
        // Each secondary item's entries: the option's first primary item,
        // the option, the color and the item's place among the option's
        // secondary items.
        let mut per_item: Vec<Vec<(u32, u32, u32, u32)>> = vec![Vec::new(); n_secondary as usize];
        let mut first_node = n_items as usize + 1;
        for option in options_of(items) {
            let nodes = first_node..first_node + option.len();
            first_node = nodes.end + 1;
            if option.is_empty() {
                // After the last spacer.
                continue;
            }
            // Knuth's programs drop an option without primary items: it
            // is in no list, static or not, and only forcing commits it.
            let first = option.iter().map(|s| s.0).filter(|&c| c < n_primary).min();
            let o = self.opts.len() as u32;
            self.option_at.push(nodes.start as u32);
            let prim = self.node.len() as u32;
            let sec = self.sec.len() as u32;
            for (x, &Slot(c)) in nodes.zip(option) {
                if c < n_primary {
                    let n = self.node.len() as u32;
                    let last = self.node[c as usize].up;
                    self.node.push(Nd {
                        up: last,
                        down: c,
                        item: c,
                        opt: o,
                    });
                    self.node[last as usize].down = n;
                    self.node[c as usize].up = n;
                    self.len[c as usize] += 1;
                    self.orig.push(x as u32);
                    self.lazy_of[x] = n;
                } else {
                    let color = colors.get(x).copied().unwrap_or(NO_COLOR);
                    if let Some(first) = first {
                        let place = self.sec.len() as u32 - sec;
                        per_item[(c - n_primary) as usize].push((first, o, color, place));
                    }
                    self.sec.push((c - n_primary, color));
                }
            }
            self.opts.push(Opt {
                prim,
                prim_end: self.node.len() as u32,
                sec,
                sec_end: self.sec.len() as u32,
            });
        }
        // The static lists.
        self.group_start.clear();
        self.groups.clear();
        self.entry_opt.clear();
        self.entry_color.clear();
        for list in &mut per_item {
            self.group_start.push(self.groups.len() as u32);
            list.sort_unstable_by_key(|&(first, o, _, _)| (first, o));
            let runs = list.chunk_by(|a, b| a.0 == b.0).count();
            let grouped = list.len() >= GROUP_MIN * runs;
            for run in list.chunk_by(|a, b| a.0 == b.0 || !grouped) {
                let start = self.entry_opt.len() as u32;
                self.entry_opt.extend(run.iter().map(|e| e.1));
                self.entry_color.extend(run.iter().map(|e| e.2));
                let (item, place) = (run[0].0, run[0].3);
                let walk = grouped
                    && run.len() == self.len[item as usize] as usize
                    && run.iter().all(|e| e.3 == place);
                self.groups.push(Group {
                    // An ungrouped list is one group, never skipped (see
                    // `rule_out`).
                    item: if grouped { item } else { n_primary },
                    start,
                    end: self.entry_opt.len() as u32,
                    place: if walk { place } else { u32::MAX },
                });
            }
        }
        self.group_start.push(self.groups.len() as u32);
        self.hidden.clear();
        self.hidden.resize(self.opts.len(), false);
        self.state.clear();
        self.state.resize(n_secondary as usize, 0);
        self.trail.clear();
        self.trail.resize(self.opts.len(), 0);
        self.trail_len = 0;
        self.undo.clear();
        self.undo.resize(n_items as usize, (0, 0));
        self.undo_len = 0;
        self.level_mark.clear();
        self.level_mark.resize(levels, 0);
        self.active.clear();
        self.active.resize(n_primary.div_ceil(64) as usize, 0);
        for c in 0..n_primary {
            self.active[c as usize / 64] |= 1 << (c % 64);
        }
    }

    /// Node `i`.
    #[inline(always)]
    fn nd(&self, i: u32) -> Nd {
        at(&self.node, i)
    }

    /// Node `i`, to change.
    #[inline(always)]
    fn nd_mut(&mut self, i: u32) -> &mut Nd {
        at_mut(&mut self.node, i)
    }

    /// The links of node `i`.
    #[inline(always)]
    fn lk(&self, i: u32) -> Link {
        let Nd { up, down, .. } = self.nd(i);
        Link { up, down }
    }

    /// The item of node `i`.
    #[inline(always)]
    fn item_at(&self, i: u32) -> u32 {
        self.nd(i).item
    }

    /// Option `o`.
    #[inline(always)]
    fn op(&self, o: u32) -> Opt {
        at(&self.opts, o)
    }

    /// The option of node `i`.
    #[inline(always)]
    fn opt_of(&self, i: u32) -> u32 {
        self.nd(i).opt
    }

    /// Is option `o` hidden?
    #[inline(always)]
    fn is_hidden(&self, o: u32) -> bool {
        at(&self.hidden, o)
    }

    /// Hides or shows option `o`.
    #[inline(always)]
    fn set_hidden(&mut self, o: u32, hidden: bool) {
        *at_mut(&mut self.hidden, o) = hidden;
    }

    /// The length of item `c`'s list.
    #[inline(always)]
    fn ln(&self, c: u32) -> u32 {
        at(&self.len, c)
    }

    /// The length of item `c`'s list, to change.
    #[inline(always)]
    fn len_mut(&mut self, c: u32) -> &mut u32 {
        at_mut(&mut self.len, c)
    }

    /// Is primary item `c` active?
    #[inline(always)]
    fn is_active(&self, c: u32) -> bool {
        at(&self.active, c / 64) >> (c % 64) & 1 != 0
    }

    /// Unlinks node `x` from its item's list. Under the early rule (`E`),
    /// notes a dead end (`dead`) when that leaves the list empty and the
    /// item is not one of the option being tried (their items carry the
    /// `stamp`); it is active, since the lists of covered items keep only
    /// hidden options, which no hide reaches.
    #[inline(always)]
    fn hide<const E: bool>(&mut self, x: u32) {
        let Nd { up, down, item, .. } = self.nd(x);
        self.nd_mut(up).down = down;
        self.nd_mut(down).up = up;
        let len = self.len_mut(item);
        *len -= 1;
        if E && *len == 0 && self.mark[item as usize] != self.stamp {
            self.dead = true;
        }
    }

    /// Links node `x` back into its item's list.
    #[inline(always)]
    fn unhide(&mut self, x: u32) {
        let Nd { up, down, item, .. } = self.nd(x);
        self.nd_mut(up).down = x;
        self.nd_mut(down).up = x;
        *self.len_mut(item) += 1;
    }

    /// Covers primary item `c`: deactivates it and hides every option in
    /// its list (unlinks their primary nodes but the ones in `c`'s list).
    /// Under the early rule, stops after the option that leaves a dead end
    /// and returns its node; else returns `c`.
    #[inline(always)]
    fn cover<const E: bool>(&mut self, c: u32) -> u32 {
        self.active[c as usize / 64] &= !(1 << (c % 64));
        let mut updates = 1;
        let mut rr = self.lk(c).down;
        while rr != c {
            let o = self.opt_of(rr);
            self.set_hidden(o, true);
            let Opt { prim, prim_end, .. } = self.op(o);
            for nn in prim..prim_end {
                if nn != rr {
                    self.hide::<E>(nn);
                }
            }
            updates += u64::from(prim_end - prim - 1);
            if E && self.dead {
                self.updates += updates;
                return rr;
            }
            rr = self.lk(rr).down;
        }
        self.updates += updates;
        c
    }

    /// Undoes the cover of `c` from the option of node `rr` in its list
    /// back to the first (`rr` = `c`: the whole cover).
    #[inline(always)]
    fn uncover_from(&mut self, c: u32, rr: u32) {
        let mut rr = if rr == c { self.lk(c).up } else { rr };
        while rr != c {
            let o = self.opt_of(rr);
            let Opt { prim, prim_end, .. } = self.op(o);
            for nn in (prim..prim_end).rev() {
                if nn != rr {
                    self.unhide(nn);
                }
            }
            self.set_hidden(o, false);
            rr = self.lk(rr).up;
        }
        self.active[c as usize / 64] |= 1 << (c % 64);
    }

    /// Hides option `o`, out of a secondary item's static list: unlinks
    /// all its primary nodes.
    #[inline(always)]
    fn hide_option<const E: bool>(&mut self, o: u32) {
        self.set_hidden(o, true);
        let Opt { prim, prim_end, .. } = self.op(o);
        for nn in prim..prim_end {
            self.hide::<E>(nn);
        }
        self.updates += u64::from(prim_end - prim);
    }

    /// Covers secondary item `s` (`color` [`UNCOLORED`]) or purifies it
    /// with `color`: hides the options of its static list not yet hidden
    /// that give it another color or none, onto the trail. Under the early
    /// rule, stops after the option that leaves a dead end.
    #[inline(always)]
    fn rule_out<const E: bool>(&mut self, s: u32, color: u32) {
        self.updates += 1;
        let (g0, g1) = (at(&self.group_start, s), at(&self.group_start, s + 1));
        for g in g0..g1 {
            let Group {
                item,
                start,
                end,
                place,
            } = at(&self.groups, g);
            if item < self.n_primary && !self.is_active(item) {
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
    fn rule_out_scanning<const E: bool>(&mut self, start: u32, end: u32, color: u32) -> bool {
        for e in start..end {
            let o = at(&self.entry_opt, e);
            if !self.is_hidden(o) && at(&self.entry_color, e) != color {
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
    fn rule_out_walking<const E: bool>(&mut self, item: u32, place: u32, color: u32) -> bool {
        let mut n = self.lk(item).down;
        while n != item {
            let o = self.opt_of(n);
            let place_at = self.op(o).sec + place;
            if at(&self.sec, place_at).1 != color {
                self.push_trail(o);
                self.hide_option::<E>(o);
                if E && self.dead {
                    return true;
                }
            }
            n = self.lk(n).down;
        }
        false
    }

    /// Puts option `o` on the trail.
    #[inline(always)]
    fn push_trail(&mut self, o: u32) {
        debug_assert!((self.trail_len as usize) < self.trail.len());
        // SAFETY: an option goes on the trail only while it is visible and
        // stays hidden while it is there, so the trail holds each option
        // at most once, and it has room for all.
        unsafe { *self.trail.get_unchecked_mut(self.trail_len as usize) = o };
        self.trail_len += 1;
    }

    /// Records a commit's step to undo.
    #[inline(always)]
    fn push_undo(&mut self, step: (u32, u32)) {
        debug_assert!((self.undo_len as usize) < self.undo.len());
        // SAFETY: a step covers an active primary item or takes a free
        // secondary item, and stays recorded until undone, so each item is
        // recorded at most once; there is room for all.
        unsafe { *self.undo.get_unchecked_mut(self.undo_len as usize) = step };
        self.undo_len += 1;
    }

    /// Shows the options of the trail from `t0` on, last first.
    #[inline(always)]
    fn unwind_trail(&mut self, t0: u32) {
        while self.trail_len > t0 {
            self.trail_len -= 1;
            debug_assert!((self.trail_len as usize) < self.trail.len());
            // SAFETY: see `push_trail`.
            let o = unsafe { *self.trail.get_unchecked(self.trail_len as usize) };
            let Opt { prim, prim_end, .. } = self.op(o);
            for nn in (prim..prim_end).rev() {
                self.unhide(nn);
            }
            self.set_hidden(o, false);
        }
    }

    /// Undoes the commits recorded in `undo` from `mark` on, last first.
    #[inline(always)]
    fn undo_to(&mut self, mark: u32) {
        while self.undo_len > mark {
            self.undo_len -= 1;
            debug_assert!((self.undo_len as usize) < self.undo.len());
            // SAFETY: see `push_undo`.
            let (it, t0) = unsafe { *self.undo.get_unchecked(self.undo_len as usize) };
            if it & SECONDARY != 0 {
                self.unwind_trail(t0);
                self.state[(it & !SECONDARY) as usize] = 0;
            } else {
                self.uncover_from(it, it);
            }
        }
    }

    /// Commits the items of the option of node `x`, which is in the list
    /// of the level's item, already covered (see [`LazyLinks::commit_items`]).
    #[inline(always)]
    fn commit<const E: bool>(&mut self, x: u32) -> bool {
        self.commit_items::<E>(self.opt_of(x), x)
    }

    /// Commits the items of option `o` but the one of its node `x` (none
    /// when `x` is not one of its nodes): covers its primary items and
    /// its uncolored secondary items, and purifies its colored ones not yet
    /// of that color. Under the early rule, a commit that leaves an active
    /// primary item without options is undone at once, and the result is
    /// false.
    #[inline(always)]
    fn commit_items<const E: bool>(&mut self, o: u32, x: u32) -> bool {
        let Opt {
            prim,
            prim_end,
            sec,
            sec_end,
        } = self.op(o);
        if E {
            // The option's items, which may run out: they are covered next.
            self.stamp = next_stamp(self.stamp, &mut self.mark);
            for nn in prim..prim_end {
                let c = self.item_at(nn);
                self.mark[c as usize] = self.stamp;
            }
            self.dead = false;
        }
        let mark = self.undo_len;
        for nn in prim..prim_end {
            if nn == x {
                continue;
            }
            let c = self.item_at(nn);
            let rr = self.cover::<E>(c);
            if E && self.dead {
                self.uncover_from(c, rr);
                self.undo_to(mark);
                return false;
            }
            self.push_undo((c, 0));
        }
        for i in sec..sec_end {
            let (s, color) = self.sec[i as usize];
            let state = self.state[s as usize];
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
            self.state[s as usize] = color;
            self.push_undo((s | SECONDARY, t0));
        }
        true
    }

    /// Commits option `x` (a node of the problem's arena) before the
    /// search, as [`XccLinks::force`](crate::xcc::XccLinks::force) does;
    /// never undone (the links are built again for the next search).
    pub(crate) fn force(&mut self, x: u32) {
        let o = self.option_at.partition_point(|&first| first < x) as u32;
        debug_assert_eq!(
            self.option_at.get(o as usize),
            Some(&x),
            "an option's first node"
        );
        self.hide_option::<false>(o);
        let _ = self.commit_items::<false>(o, u32::MAX);
    }

    /// Is every primary item covered?
    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.active.iter().all(|&w| w == 0)
    }

    /// The item to branch on under `choice_rule`; `None` when every primary
    /// item is covered.
    #[inline(always)]
    fn choose(&self) -> Option<u32> {
        match self.choice_rule {
            ColorChoice::Dlx2 => leftmost_min::<0>(&self.active, &self.len),
            ColorChoice::UpToOne => leftmost_min::<1>(&self.active, &self.len),
            ColorChoice::First => first_active(&self.active),
        }
    }

    /// The item the search would branch on, and whether it is a dead end.
    pub(crate) fn choose_item(&self) -> Option<(Slot, bool)> {
        let best = self.choose()?;
        Some((Slot(best), self.ln(best) == 0))
    }

    /// The item of node `x` of the problem's arena (a primary item's node).
    pub(crate) fn item_of(&self, x: Node) -> Slot {
        Slot(self.item_at(self.lazy_of[x.0 as usize]))
    }

    /// The node after `x` in its item's list, in the problem's arena.
    pub(crate) fn down(&self, x: Node) -> Node {
        Node(self.orig[self.lk(self.lazy_of[x.0 as usize]).down as usize])
    }

    /// The length of primary item `c`'s list.
    pub(crate) fn len_of(&self, c: Slot) -> u32 {
        self.ln(c.0)
    }

    /// The place of `cur` in the list of the item `stop` and the list's
    /// length, as [`XccLinks::position`](crate::xcc::XccLinks::position) without bounds.
    pub(crate) fn position(&self, cur: Node, stop: Node) -> (u32, u32) {
        let c = stop.0;
        let cur = self.lazy_of[cur.0 as usize];
        let mut x = self.lk(c).down;
        let mut k = 0;
        while x != cur && x != c {
            k += 1;
            x = self.lk(x).down;
        }
        (k, self.ln(c).max(k + 1))
    }

    /// The search of
    /// [`XccLinks::search_colors`](crate::xcc::XccLinks::search_colors) on
    /// these links, resumable the same way; `choice` and `stop` hold nodes
    /// of the problem's arena.
    pub(crate) fn search(&mut self, run: &mut Run<'_>, target: u64, early: bool) -> Step {
        if early {
            self.search_e::<true>(run, target)
        } else {
            self.search_e::<false>(run, target)
        }
    }

    /// [`LazyLinks::search`] under the early rule (`E`) or not. Not inlined:
    /// its own `&mut self` tells the compiler that nothing else writes the
    /// links' fields, so the loops keep them in registers.
    #[inline(never)]
    fn search_e<const E: bool>(&mut self, run: &mut Run<'_>, target: u64) -> Step {
        // The levels' nodes in this arena while the search runs, so that
        // trying an option needs no translation.
        let depth = match run.state {
            State::Done => 0,
            State::Forward => run.level,
            State::Recover => run.level + 1,
        };
        self.translate(&mut run.choice[..depth], &mut run.stop[..depth], true);
        let step = search_levels(&mut Lazy::<E>(self), run, target);
        let depth = match run.state {
            State::Done => 0,
            State::Forward => run.level,
            State::Recover => run.level + 1,
        };
        self.translate(&mut run.choice[..depth], &mut run.stop[..depth], false);
        step
    }

    /// Translates the levels' nodes between the problem's arena and this
    /// one (`into` this one, or back).
    fn translate(&self, choice: &mut [Node], stop: &mut [Node], into: bool) {
        let map = if into { &self.lazy_of } else { &self.orig };
        for x in choice.iter_mut().chain(stop) {
            x.0 = map[x.0 as usize];
        }
    }
}

/// Entry `i` of `v`, unchecked (see the note at the top of the module;
/// debug builds check the bound).
#[inline(always)]
fn at<T: Copy>(v: &[T], i: u32) -> T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see the note at the top of the module.
    unsafe { *v.get_unchecked(i as usize) }
}

/// Entry `i` of `v`, to change, unchecked (as [`at`]).
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see the note at the top of the module.
    unsafe { v.get_unchecked_mut(i as usize) }
}

/// The stamp after `stamp`; when the stamps wrap around, every mark in
/// `marks` is cleared first, so that none holds the stamp returned.
#[inline(always)]
fn next_stamp(stamp: u32, marks: &mut [u32]) -> u32 {
    if stamp == u32::MAX {
        marks.fill(0);
        return 1;
    }
    stamp + 1
}

/// The lazy links as [`Levels`], under the early rule when `E`.
struct Lazy<'a, const E: bool>(&'a mut LazyLinks);

impl<const E: bool> Levels for Lazy<'_, E> {
    #[inline(always)]
    fn choose(&self) -> Option<u32> {
        self.0.choose()
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.0.ln(c)
    }

    #[inline(always)]
    fn dead_end(&mut self) {
        self.0.updates += 1;
    }

    #[inline(always)]
    fn open(&mut self, c: u32) -> u32 {
        let _ = self.0.cover::<false>(c);
        self.0.lk(c).down
    }

    #[inline(always)]
    fn close(&mut self, head: u32) {
        let c = self.0.item_at(head);
        self.0.uncover_from(c, c);
    }

    #[inline(always)]
    fn commit(&mut self, x: u32, level: usize) -> bool {
        self.0.level_mark[level] = self.0.undo_len;
        self.0.commit::<E>(x)
    }

    #[inline(always)]
    fn uncommit(&mut self, _x: u32, level: usize) {
        self.0.undo_to(self.0.level_mark[level]);
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.0.lk(x).down
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.0.all_covered()
    }
}

/// The items of each option of the node layout `items` (see
/// [`XccLinks::build`](crate::xcc::XccLinks::build)), in order, and an
/// empty one after the last.
fn options_of(items: &[Slot]) -> impl Iterator<Item = &[Slot]> {
    let n = items
        .iter()
        .position(|&s| s == SPACER)
        .unwrap_or(items.len());
    items[(n + 1).min(items.len())..].split(|&s| s == SPACER)
}

#[cfg(test)]
pub(crate) mod tests {
    //! The lazy links against the colored links (`xcc.rs`), which the
    //! oracle tests check against brute force and Knuth's counts. Small
    //! random problems do not suit the lazy links, so `ALWAYS` makes every
    //! early search of this thread take them.

    use std::cell::Cell;
    use std::collections::BTreeSet;

    use crate::seed::Rng;
    use crate::{Branching, Color, OptionId, Problem, Step};

    thread_local! {
        /// Do the early searches of this thread take the lazy links,
        /// whatever the problem?
        pub(crate) static ALWAYS: Cell<bool> = const { Cell::new(false) };
    }

    /// A random colored problem: up to 7 primary and 4 secondary items, up
    /// to 24 options of one to three primary items and up to three
    /// secondary ones, colored (from three colors) or not.
    pub(crate) fn random_problem(rng: &mut Rng) -> Problem {
        let (primary, secondary) = (2 + rng.below(6), 1 + rng.below(4));
        let mut p = Problem::new(primary, secondary);
        for _ in 0..4 + rng.below(21) {
            let mut items: Vec<usize> = (0..primary).collect();
            rng.shuffle(&mut items);
            // One option in eight has no primary item: never chosen, but
            // it may be forced.
            let k = if rng.below(8) == 0 {
                0
            } else {
                1 + rng.below(3.min(primary))
            };
            let mut entries: Vec<_> = items[..k].iter().map(|&i| (p.primary(i), None)).collect();
            let mut sec: Vec<usize> = (0..secondary).collect();
            rng.shuffle(&mut sec);
            for &j in &sec[..usize::from(k == 0) + rng.below(secondary.min(3))] {
                let color = rng.below(4);
                entries.push((p.secondary(j), (color > 0).then(|| Color::new(color))));
            }
            rng.shuffle(&mut entries);
            p.add_colored_option(entries).expect("a valid option");
        }
        p
    }

    /// The solutions of `p` as sets of option indices, found under `rule`
    /// with the lazy links or not, and the nodes of the search; the node
    /// limit goes up by `step` at a time, and the rule cycles through
    /// every rule at each stop when `cycle`.
    fn solve(
        p: &mut Problem,
        rule: Branching,
        lazy: bool,
        step: Option<u64>,
        cycle: bool,
    ) -> (BTreeSet<Vec<usize>>, u64) {
        ALWAYS.with(|a| a.set(lazy));
        let mut s = p.solver();
        s.set_branching(rule);
        let mut found = BTreeSet::new();
        let mut limit = 0;
        let mut k = 0;
        loop {
            if let Some(step) = step {
                limit += step;
                s.set_node_limit(Some(limit));
            }
            match s.next_solution() {
                Step::Found => {
                    let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
                    o.sort_unstable();
                    assert!(found.insert(o), "a solution found twice");
                }
                Step::NodeLimit => {
                    let progress = s.progress();
                    assert!((0.0..=1.0).contains(&progress), "progress {progress}");
                    if cycle {
                        k += 1;
                        s.set_branching(Branching::ALL[k % Branching::ALL.len()]);
                    }
                }
                _ => break,
            }
        }
        assert_eq!(s.progress(), 1.0);
        let nodes = s.stats().nodes;
        drop(s);
        ALWAYS.with(|a| a.set(false));
        (found, nodes)
    }

    #[test]
    fn lazy_links_find_the_colored_links_solutions_and_nodes() {
        let mut rng = Rng::new(11);
        for _ in 0..400 {
            let mut p = random_problem(&mut rng);
            let (dlx2, _) = solve(&mut p, Branching::MinLength, false, None, false);
            let (early, nodes) = solve(&mut p, Branching::Early, false, None, false);
            assert_eq!(early, dlx2);
            let (lazy, lazy_nodes) = solve(&mut p, Branching::Early, true, None, false);
            assert_eq!(lazy, dlx2);
            assert_eq!(lazy_nodes, nodes, "the same tree");
            // Paused at every node, at every third with the rule changed.
            assert_eq!(
                solve(&mut p, Branching::Early, true, Some(1), false).0,
                dlx2
            );
            assert_eq!(solve(&mut p, Branching::Early, true, Some(3), true).0, dlx2);
        }
    }

    #[test]
    fn lazy_links_force_and_split_off_as_the_colored_links_do() {
        let mut rng = Rng::new(12);
        for _ in 0..300 {
            let mut p = random_problem(&mut rng);
            let (dlx2, _) = solve(&mut p, Branching::MinLength, false, None, false);
            ALWAYS.with(|a| a.set(true));
            // The parts of a cut, each forced on a solver of its own.
            let mut total = BTreeSet::new();
            for part in p.parts(2) {
                let mut s = p.solver();
                s.set_branching(Branching::Early);
                if part.iter().any(|&o| s.force(o).is_err()) {
                    continue;
                }
                while s.next_solution() == Step::Found {
                    let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
                    o.sort_unstable();
                    assert!(total.insert(o), "a solution in two parts");
                }
            }
            assert_eq!(total, dlx2);
            // Each option forced alone, those without a primary item too.
            for o in 0..p.option_count() {
                let forced = |p: &mut Problem, lazy: bool| {
                    ALWAYS.with(|a| a.set(lazy));
                    let mut s = p.solver();
                    s.set_branching(Branching::Early);
                    s.force(OptionId::new(o)).ok()?;
                    let mut found = BTreeSet::new();
                    while s.next_solution() == Step::Found {
                        let mut o: Vec<usize> = s.solution().map(OptionId::index).collect();
                        o.sort_unstable();
                        found.insert(o);
                    }
                    Some((found, s.stats().nodes))
                };
                let lazy = forced(&mut p, true);
                assert_eq!(lazy, forced(&mut p, false), "option {o} forced");
            }
            ALWAYS.with(|a| a.set(true));
            // Work split off a paused search, and the rest of it.
            let mut s = p.solver();
            s.set_branching(Branching::Early);
            s.set_node_limit(Some(2));
            let mut found = BTreeSet::new();
            let mut parts = Vec::new();
            loop {
                match s.next_solution() {
                    Step::Found => {
                        found.insert(s.solution().map(OptionId::index).collect::<BTreeSet<_>>());
                    }
                    Step::NodeLimit => {
                        parts.extend(s.split_off().parts);
                        s.set_node_limit(None);
                    }
                    _ => break,
                }
            }
            drop(s);
            for part in parts {
                let mut s = p.solver();
                s.set_branching(Branching::Early);
                for &o in &part {
                    s.force(o).expect("a part's options agree");
                }
                while s.next_solution() == Step::Found {
                    let o = s.solution().map(OptionId::index).collect::<BTreeSet<_>>();
                    assert!(found.insert(o), "a solution split off twice");
                }
            }
            let dlx2: BTreeSet<BTreeSet<usize>> =
                dlx2.into_iter().map(|o| o.into_iter().collect()).collect();
            assert_eq!(found, dlx2);
            ALWAYS.with(|a| a.set(false));
        }
    }

    #[test]
    fn stamps_that_wrap_around_clear_the_marks() {
        let mut marks = [1, u32::MAX, 7];
        assert_eq!(super::next_stamp(6, &mut marks), 7);
        assert_eq!(marks, [1, u32::MAX, 7]);
        assert_eq!(super::next_stamp(u32::MAX, &mut marks), 1);
        assert_eq!(marks, [0, 0, 0]);
    }

    /// A random word rectangle: `rows` × `cols` cells (secondary, colored
    /// by letters of a three-letter alphabet), a slot per row and column
    /// (primary) and random words for each. A cell's options are then all
    /// the options of its row's slot and all of its column's, each with
    /// the cell at one place: the lists the lazy links walk.
    fn random_rectangle(rng: &mut Rng) -> Problem {
        let (rows, cols) = (2 + rng.below(2), 2 + rng.below(3));
        let mut p = Problem::new(rows + cols, rows * cols);
        let letter = |rng: &mut Rng| Some(Color::new(rng.below(3)));
        for r in 0..rows {
            for _ in 0..2 + rng.below(12) {
                let mut entries = vec![(p.primary(r), None)];
                for c in 0..cols {
                    entries.push((p.secondary(r * cols + c), letter(rng)));
                }
                p.add_colored_option(entries).expect("a valid option");
            }
        }
        for c in 0..cols {
            for _ in 0..2 + rng.below(12) {
                let mut entries = vec![(p.primary(rows + c), None)];
                for r in 0..rows {
                    entries.push((p.secondary(r * cols + c), letter(rng)));
                }
                p.add_colored_option(entries).expect("a valid option");
            }
        }
        p
    }

    #[test]
    fn lazy_links_walk_the_lists_of_word_rectangles() {
        let mut rng = Rng::new(13);
        for _ in 0..300 {
            let mut p = random_rectangle(&mut rng);
            let (dlx2, _) = solve(&mut p, Branching::MinLength, false, None, false);
            let (early, nodes) = solve(&mut p, Branching::Early, false, None, false);
            assert_eq!(early, dlx2);
            let (lazy, lazy_nodes) = solve(&mut p, Branching::Early, true, None, false);
            assert_eq!(lazy, dlx2);
            assert_eq!(lazy_nodes, nodes, "the same tree");
            assert_eq!(solve(&mut p, Branching::Early, true, Some(2), true).0, dlx2);
        }
    }
}

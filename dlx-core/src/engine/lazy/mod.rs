//! Colors under the early rule with *lazy secondary items*: Algorithm C's
//! search, with secondary items kept out of the dancing links.
//!
//! # Implementation notes
//!
//! In DLX2 (and in [`XccLinks`](crate::engine::xcc::XccLinks)) hiding an option
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
//! The search tree is the one [`XccLinks`](crate::engine::xcc::XccLinks) searches
//! under the same rule: an option is a dead end when committing it leaves
//! an active primary item without options, whatever the order of the
//! commits, and the item choice reads the same lengths. Node counts are
//! the same; updates count items covered or purified and primary nodes
//! unlinked.
//!
//! Where it pays ([`LazyLinks::suits`]): options with three or more
//! secondary items on average, on static lists of 32 options or more
//! (16 or more where options have eight secondary items or more).
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
//!
//! # Bounds
//!
//! The arrays are [`Arr`]s, indexed unchecked in release builds (see
//! [`crate::engine::arena`]): every index the search reads comes from the
//! arrays themselves or from `build`, which stores only indices of entries
//! it has written, and the arrays do not change size between builds;
//! debug builds check every bound (the unit tests run them). The nodes of
//! the problem's arena (`orig`, `lazy_of`, `option_at`) are another index
//! space and stay checked. The stacks of the commits (`trail`, `undo`) are
//! written unchecked too (see `commit`, the module's one exception to
//! `deny(unsafe_code)`).

use crate::engine::arena::{index_type, nodes, Arr, ItemIx, Node, SPACER};
use crate::engine::xcc::NO_COLOR;
use crate::rule::ColorChoice;

mod commit;
mod search;
#[cfg(test)]
pub(crate) mod tests;

index_type! {
    /// An option, by its place among the problem's options.
    OptionIx
}
index_type! {
    /// A secondary item, numbered from 0.
    Secondary
}
index_type! {
    /// An entry of [`LazyLinks::sec`]: one secondary item of an option.
    SecondaryNode
}
index_type! {
    /// A group of a static list (see [`Group`]).
    GroupIx
}
index_type! {
    /// An entry of the static lists.
    Entry
}

/// A node of the lazy arena: its vertical links, item and option, in one
/// record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ListNode {
    up: Node,
    down: Node,
    item: ItemIx,
    option: OptionIx,
}

/// Where an option's items are: its primary nodes `prim..prim_end` in the
/// arena, its secondary items and colors `sec..sec_end` in
/// [`LazyLinks::sec`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct OptionParts {
    prim: Node,
    prim_end: Node,
    sec: SecondaryNode,
    sec_end: SecondaryNode,
}

/// A run of a static list whose options share their first primary item:
/// entries `start..end`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Group {
    item: ItemIx,
    start: Entry,
    end: Entry,
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
    node: Arr<Node, ListNode>,
    /// Number of visible options in each primary item's list.
    len: Arr<ItemIx, u32>,
    n_primary: u32,
    /// The active primary items, as in [`XccLinks`](crate::engine::xcc::XccLinks).
    active: Vec<u64>,
    opts: Arr<OptionIx, OptionParts>,
    /// Each option's secondary items (numbered from 0) and color codes.
    sec: Arr<SecondaryNode, (Secondary, u32)>,
    /// Is each option out of the search?
    hidden: Arr<OptionIx, bool>,
    /// Each secondary item's groups, `groups[i]..groups[i + 1]`.
    group_start: Arr<Secondary, GroupIx>,
    groups: Arr<GroupIx, Group>,
    /// The static lists: the option and the color code of each entry (two
    /// arrays: the color is read only for options not yet hidden).
    entry_opt: Arr<Entry, OptionIx>,
    entry_color: Arr<Entry, u32>,
    /// Each secondary item's color, [`UNCOLORED`] once covered, or 0.
    state: Arr<Secondary, u32>,
    /// The options hidden by secondary items, in order: `trail_len` of
    /// them (an option is there at most once, so one entry per option is
    /// room enough).
    trail: Vec<OptionIx>,
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
    orig: Vec<Node>,
    lazy_of: Vec<Node>,
    /// The first node in the problem's arena of each option (all of them,
    /// for [`LazyLinks::force`]).
    option_at: Vec<u32>,
    /// The stamp of the option being tried under the early rule, and the
    /// last stamp of each primary item (see [`LazyLinks::hide`]).
    stamp: u32,
    mark: Arr<ItemIx, u32>,
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
    /// [`XccLinks::build`](crate::engine::xcc::XccLinks::build)) be searched here?
    /// Where its options (those with a primary item) have three or more
    /// secondary items on average, and its secondary items 32 or more
    /// options: hiding an option then skips many secondary nodes, and the
    /// static lists are long enough for the scans to pay. (Thresholds from
    /// the shared XCC files: they pick the edge and word-rectangle files
    /// and leave out the Latin, Graeco-Latin and random ones, but the
    /// smallest files picked sit close to both, edge_r3x3_c3 at 3.0 and 34,
    /// wrectd_4x4_a6w120 at 5.0 and 35; see the module notes.)
    ///
    /// With eight or more secondary items an option, lists of 16 suffice:
    /// so many secondary nodes are skipped that the shorter scans pay.
    /// Tetromino packings with adjacency colors (11 secondary items an
    /// option, 22-28 options an item) took 0.44-0.56 of the time there,
    /// random XCC with long options (8.5-10, 30-32) 0.78-0.82;
    /// Graeco-Latin squares (4 an option, 16-20 options an item) stay out,
    /// 7-8% slower here (`benches/README.md`, "Families never tuned on").
    pub(crate) fn suits(primary: u32, items: &[ItemIx]) -> bool {
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
        let long_lists = secondary >= 32 * secondary_items;
        let long_options = secondary >= 8 * options && secondary >= 16 * secondary_items;
        options > 0 && secondary >= 3 * options && (long_lists || long_options)
    }

    /// Builds the links of a colored problem as
    /// [`XccLinks::build`](crate::engine::xcc::XccLinks::build) does (same
    /// arguments; the lists in the options' order), for a search of at most
    /// `levels` levels.
    pub(crate) fn build(&mut self, primary: u32, items: &[ItemIx], colors: &[u32], levels: usize) {
        let n_primary = primary;
        let n_items = items
            .iter()
            .position(|&s| s == SPACER)
            .unwrap_or(items.len()) as u32;
        let n_secondary = n_items - n_primary;
        self.n_primary = n_primary;
        self.updates = 0;
        let node = &mut self.node.data;
        node.clear();
        node.extend((0..n_primary).map(|c| ListNode {
            up: Node(c),
            down: Node(c),
            item: ItemIx(c),
            option: OptionIx(u32::MAX),
        }));
        let len = &mut self.len.data;
        len.clear();
        len.resize(n_primary as usize, 0);
        self.mark.data.clear();
        self.mark.data.resize(n_primary as usize, 0);
        self.stamp = 0;
        self.dead = false;
        self.orig.clear();
        self.orig.extend((0..n_primary).map(Node));
        self.lazy_of.clear();
        self.lazy_of.resize(items.len(), Node(u32::MAX));
        for c in 0..n_primary {
            self.lazy_of[c as usize] = Node(c);
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
            let option_nodes = first_node..first_node + option.len();
            first_node = option_nodes.end + 1;
            if option.is_empty() {
                // After the last spacer.
                continue;
            }
            // Knuth's programs drop an option without primary items: it
            // is in no list, static or not, and only forcing commits it.
            let first = option.iter().map(|s| s.0).filter(|&c| c < n_primary).min();
            let o = self.opts.data.len() as u32;
            self.option_at.push(option_nodes.start as u32);
            let prim = Node(node.len() as u32);
            let sec = SecondaryNode(self.sec.data.len() as u32);
            for (x, &ItemIx(c)) in option_nodes.zip(option) {
                if c < n_primary {
                    let n = Node(node.len() as u32);
                    let last = node[c as usize].up;
                    node.push(ListNode {
                        up: last,
                        down: Node(c),
                        item: ItemIx(c),
                        option: OptionIx(o),
                    });
                    node[last.0 as usize].down = n;
                    node[c as usize].up = n;
                    len[c as usize] += 1;
                    self.orig.push(Node(x as u32));
                    self.lazy_of[x] = n;
                } else {
                    let color = colors.get(x).copied().unwrap_or(NO_COLOR);
                    if let Some(first) = first {
                        let place = self.sec.data.len() as u32 - sec.0;
                        per_item[(c - n_primary) as usize].push((first, o, color, place));
                    }
                    self.sec.data.push((Secondary(c - n_primary), color));
                }
            }
            self.opts.data.push(OptionParts {
                prim,
                prim_end: Node(node.len() as u32),
                sec,
                sec_end: SecondaryNode(self.sec.data.len() as u32),
            });
        }
        // The static lists.
        self.group_start.clear();
        self.groups.clear();
        self.entry_opt.clear();
        self.entry_color.clear();
        for list in &mut per_item {
            self.group_start
                .data
                .push(GroupIx(self.groups.data.len() as u32));
            list.sort_unstable_by_key(|&(first, o, _, _)| (first, o));
            let runs = list.chunk_by(|a, b| a.0 == b.0).count();
            let grouped = list.len() >= GROUP_MIN * runs;
            for run in list.chunk_by(|a, b| a.0 == b.0 || !grouped) {
                let start = Entry(self.entry_opt.data.len() as u32);
                self.entry_opt
                    .data
                    .extend(run.iter().map(|e| OptionIx(e.1)));
                self.entry_color.data.extend(run.iter().map(|e| e.2));
                let (item, place) = (run[0].0, run[0].3);
                let walk = grouped
                    && run.len() == len[item as usize] as usize
                    && run.iter().all(|e| e.3 == place);
                self.groups.data.push(Group {
                    // An ungrouped list is one group, never skipped (see
                    // `rule_out`).
                    item: ItemIx(if grouped { item } else { n_primary }),
                    start,
                    end: Entry(self.entry_opt.data.len() as u32),
                    place: if walk { place } else { u32::MAX },
                });
            }
        }
        self.group_start
            .data
            .push(GroupIx(self.groups.data.len() as u32));
        self.hidden.data.clear();
        self.hidden.data.resize(self.opts.data.len(), false);
        self.state.data.clear();
        self.state.data.resize(n_secondary as usize, 0);
        self.trail.clear();
        self.trail.resize(self.opts.data.len(), OptionIx(0));
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

    /// Is primary item `c` active?
    #[inline(always)]
    fn is_active(&self, c: ItemIx) -> bool {
        self.active[c.0 as usize / 64] >> (c.0 % 64) & 1 != 0
    }
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

/// The items of each option of the node layout `items` (see
/// [`XccLinks::build`](crate::engine::xcc::XccLinks::build)), in order, and an
/// empty one after the last.
fn options_of(items: &[ItemIx]) -> impl Iterator<Item = &[ItemIx]> {
    let n = items
        .iter()
        .position(|&s| s == SPACER)
        .unwrap_or(items.len());
    items[(n + 1).min(items.len())..].split(|&s| s == SPACER)
}

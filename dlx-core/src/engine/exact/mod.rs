//! Exact cover, Knuth's Algorithm X as his program DLX1 runs it: the
//! dancing-links arena in DLX1's node layout, stored as parallel arrays,
//! with the covers of the early rule (SSXC1's dead ends found while an
//! option is tried) and the item-choice rules of the plain search.
//!
//! # Implementation notes
//!
//! Conceptually every node is `{ up, down, item }`, exactly as in DLX1:
//!
//! ```text
//! node 0 .. n_items-1      item headers: up/down close the item's circular list,
//!                           item == the header's own index
//! node n_items              the first spacer
//! then, for every option:   its nodes (contiguous), then a spacer
//! ```
//!
//! A spacer's `up` is the first node of the option before it and its `down`
//! is the last node of the option after it, so walking right from any node of
//! an option and jumping through `up` at the spacer visits the whole option
//! (and walking left, jumping through `down`, visits it backwards).
//!
//! The fields are stored as two parallel arrays: `link` (`up` and `down`
//! together) and `item`. Hiding a node reads both of its links and writes one
//! link of each neighbour, so `up` and `down` belong in the same cache line:
//! keeping them in separate arrays measured about 10% slower on the
//! pentomino problems. `item` is read-only during the search and sits apart.
//! Item lengths live in their own array indexed by item (DLX1 keeps them in
//! the header node's `item` field).
//!
//! The [`COVERED`] flag in a length marks a covered item for the readers
//! that look at lengths without the active bits (the short stack and the
//! vector scan of [`Branching::ShortFirst`](crate::Branching::ShortFirst) and
//! [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree), "the short rules" below). The rule:
//! under the short rules every covered item carries it; under the other
//! rules the search's covers do not set it (items covered by `force` may
//! carry it); no active item ever does (checked by a debug assertion in
//! the scan). A
//! solver starts under `MinLength` with no flag on an active item, and
//! [`Solver::set_branching`](crate::Solver::set_branching), the only way
//! to change the rule, sets or clears the flags to match the new one
//! ([`Links::set_flags`]).
//!
//! # Bounds
//!
//! Indexing is unchecked in release builds (checked by `debug_assert!`).
//! That is sound because every `Node` and `ItemIx` the search reads comes from
//! the arrays themselves or from `reset`/`append_option`, which only create
//! indices of entries they have written. The node arrays never shrink (they
//! grow in steps past the nodes in use); the item arrays are rebuilt only by
//! `reset`, which needs `&mut Problem` and therefore cannot run while a
//! `Solver` holds indices.
//!
//! Where DLX1 keeps the active items in a doubly linked list through their
//! headers, `Links` keeps a bit per item, set while the item is active.
//! Covering an item clears one bit instead of rewriting two neighbours'
//! links, a solution is complete when the primary items' words are all
//! zero (a count of active items, kept by every cover, measured 3% slower
//! on dom8x8), and the choice of an item
//! visits the active primary items in index order (the order of DLX1's
//! list) by their bits: the loads of their lengths do not wait on each
//! other, as the walk along `next` links does. Measured against the list:
//! dom8x8 1.35 -> 1.29 s, langford12 220 -> 208 ms, queens13 104 -> 99 ms,
//! the pentominoes and the Sudoku sets unchanged.

// The crate denies `unsafe_code` but in 8 files, all under `engine/`
// (`grep -rl 'allow(unsafe_code)' dlx-core/src`); this module's four are
// among them. It reads its arrays through `Arr`, whose indexing is
// unchecked (`engine/arena.rs`; measured 25-30% faster on the pentomino
// and domino benchmarks), and its files use `unsafe` for three things:
// the same unchecked indexing on the short-item stack, the hide log and
// the active items' bit words (`choose.rs`, `cover.rs`), calling the AVX2 copy of the
// length scan once the processor is known to have AVX2 (`choose.rs`; with
// the stack, 1.23x on the forum's hardest Sudokus), and calling the
// search's copy compiled for BMI (`with_bmi` in `search.rs`).
#![allow(unsafe_code)]
pub(crate) use crate::engine::arena::Link;
use crate::engine::arena::{Arr, Idx, ItemIx, Node, SPACER};
use crate::index::Item;
use crate::rule::Choice;

mod choose;
mod cover;
mod log;
mod look;
mod search;

use log::HideLog;
pub(crate) use log::LogMarks;

pub(crate) use search::{search, Marks};
/// The flag a [`FLAGGED`] or [`TRACKED`] cover sets in an item's length, so
/// that a covered item never has the minimum length in the scans that read
/// lengths without the active bits ([`Links::choose_short`],
/// [`Links::choose_dense`]). Lengths stay below it: an item has at most one
/// node per option, and every option takes two nodes with its spacer.
pub(crate) const COVERED: u32 = 1 << 31;

/// What a cover keeps besides the links and the active items: [`PLAIN`],
/// [`FLAGGED`], [`TRACKED`], [`EARLY`] or [`EARLY_KIND`]. A `const`
/// parameter of the covers (`MODE`), hence a number rather than an enum;
/// its values are apart from those of a [`TryMode`], so that a mode of one
/// kind never equals one of the other.
pub(crate) type CoverMode = u8;

/// How the search tries an option: [`NOT_EARLY`], [`IN_ORDER`] or
/// [`SHORTEST_FIRST`]. A `const` parameter of the loop's copies and of
/// [`Links::cover_others_early`] (`HOW`), as [`CoverMode`] is of the
/// covers.
pub(crate) type TryMode = u8;

/// A cover that keeps only the links and the active items (the search
/// under the rules that do not read the [`COVERED`] flag).
pub(crate) const PLAIN: CoverMode = 0;
/// A cover that also sets the [`COVERED`] flag.
pub(crate) const FLAGGED: CoverMode = 1;
/// A cover that also sets the flag and pushes the items it shortens to
/// length 1 or 0 on the short stack (the search under
/// [`Branching::ShortFirst`](crate::Branching::ShortFirst) and [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree)).
pub(crate) const TRACKED: CoverMode = 2;
/// A cover that keeps what [`PLAIN`] keeps and notes in [`Links::dead`]
/// when it empties an active primary item (the search under
/// [`Branching::Early`](crate::Branching::Early)).
pub(crate) const EARLY: CoverMode = 3;
/// [`EARLY`] with the test of the item's kind made with the test of its
/// length, in one branch. Where lists are short, secondary items run out
/// often (the diagonals of queens), and the branch on the length alone is
/// mispredicted each time: queens13 15% faster this way, the same elsewhere
/// except dom8x8 (2% more instructions for nothing: no secondary items, and
/// pairs, which keep [`EARLY`]). The covers in the options' own order use
/// it; those shortest first, on long lists, keep [`EARLY`].
pub(crate) const EARLY_KIND: CoverMode = 4;

/// How many items of minimum length [`Links::most_constraining`] compares
/// (the first ones in index order). On the forum's hardest Sudokus the
/// leftmost item alone needs 913 K nodes; 8 candidates 653 K, 16 599 K and
/// all of them (53 on average) 619 K. Whole-program times, against 16: 8
/// is 1% slower on the forum set and 5% faster on top1465, where the
/// choices are cheaper to score than the nodes they save are to search.
pub(crate) const DEGREE_CANDIDATES: u32 = 8;
const _: () = assert!(DEGREE_CANDIDATES >= 1, "`first` is always a candidate");

/// The order in which [`Links::cover_others_early`] covered the other
/// items of an option: their offsets from the chosen node (1 to the
/// option's length - 1, counted around the option), three bits each, the
/// first covered in the lowest bits; or [`IN_PLACE`].
pub(crate) type Order = u32;

/// The [`Order`] of an option whose items were covered in its own order, as
/// [`Links::cover_others`] covers them.
pub(crate) const IN_PLACE: Order = 0;

/// The longest option whose items [`Links::cover_others_early`] sorts (an
/// [`Order`] has three bits an offset).
pub(crate) const MAX_ORDERED: u32 = 8;

/// The average length of the item lists (option nodes and spacers, per
/// item) from which [`Links::cover_others_early`] covers an option's items
/// shortest first. Ranking them costs a few instructions a try; what it
/// saves grows with the lists (see `benches/README.md`).
pub(crate) const SORT_FROM: usize = 32;

/// How a search tries options: not under [`Branching::Early`](crate::Branching::Early) (a full
/// cover, then a look at the next node).
pub(crate) const NOT_EARLY: TryMode = 16;
/// Under [`Branching::Early`](crate::Branching::Early), covering an option's items in its own order.
pub(crate) const IN_ORDER: TryMode = 17;
/// Under [`Branching::Early`](crate::Branching::Early), covering an option's items shortest first
/// (options of up to [`MAX_ORDERED`] nodes; longer ones in their order).
pub(crate) const SHORTEST_FIRST: TryMode = 18;
/// The dancing links proper.
#[derive(Debug, Default)]
pub(crate) struct Links {
    /// Number of items (primary and secondary).
    pub(crate) n_items: u32,
    /// Bit `i % 64` of word `i / 64` is set while item `i` is active. The
    /// search reads the bits of primary items only.
    pub(crate) active: Vec<u64>,
    /// Words of `active` that hold primary items' bits, and the mask of
    /// the primary items in the last of them.
    pub(crate) primary_words: usize,
    last_mask: u64,
    /// Number of (visible) options in each item's list.
    pub(crate) len: Arr<ItemIx, u32>,
    /// Vertical links of every node.
    pub(crate) link: Arr<Node, Link>,
    pub(crate) item: Arr<Node, ItemIx>,
    /// The option of each node (unused for headers and spacers). The search
    /// never reads it; it turns a chosen node into an option id in O(1).
    pub(crate) option: Arr<Node, u32>,
    /// The place of each node in its option (0 for the first; unused for
    /// headers and spacers, and modulo 256), so that the covers find an
    /// option's first node without a division (see
    /// [`Links::place_in_option`]).
    place: Arr<Node, u8>,
    /// Counts items unlinked plus nodes hidden, as DLX1 does.
    pub(crate) updates: u64,
    /// Nodes in use, headers and spacers included. The node arrays may be
    /// longer: they grow in steps, so that appending an option is a few
    /// stores.
    nodes: usize,
    /// The length shared by every option so far: 0 before the first
    /// option, `u32::MAX` once two lengths differ.
    option_len: u32,
    /// Number of primary items (items `0..n_primary`).
    pub(crate) n_primary: u32,
    /// Items a tracking cover shortened to length 0 or 1, most recent last
    /// (entries `0..short_top`; see [`Links::choose_short`]). Entries may be
    /// stale: they are checked when read.
    pub(crate) short: Vec<ItemIx>,
    pub(crate) short_top: usize,
    /// The item a tracking cover last made empty ([`SPACER`] for none). It
    /// may be stale, or secondary: it is checked when read. A dead end
    /// found at once saves the forced moves that would otherwise run into
    /// it (on the forum's hardest Sudokus, one node in five was such a move).
    pub(crate) zero: ItemIx,
    /// Does the processor have AVX2 (for [`Links::choose_dense`])?
    avx2: bool,
    /// Does it have AVX2 and the bit manipulation instructions (BMI1,
    /// BMI2, LZCNT, POPCNT), for the search's copy compiled with them?
    pub(crate) bmi: bool,
    /// Has an [`EARLY`] cover emptied an active primary item?
    dead: bool,
    /// A node of the option [`Links::cover_others_early`] is trying.
    trying: Node,
    /// Under a seed, the rank of each primary item, which breaks ties of
    /// length in [`Links::choose_ranked`]; empty otherwise.
    pub(crate) rank: Vec<u32>,
    /// Are the item lists in another order than their nodes' (a seeded
    /// search shuffled them)?
    pub(crate) shuffled: bool,
    /// The state of the look-ahead of
    /// [`Branching::LookAhead`](crate::Branching::LookAhead), in a box
    /// of its own: only that rule's search reads it.
    pub(crate) look: Box<LookState>,
    /// The nodes the plain search's covers hid, for their undo (`log.rs`).
    log: HideLog,
}

/// What the look-ahead keeps between levels (see `look.rs`).
#[derive(Debug, Clone)]
pub(crate) struct LookState {
    /// The length of the hide log at the last state of the links known to
    /// have nothing to take out ([`look::NOT_SCANNED`]: none known).
    pub(crate) scanned: usize,
    /// Per level, [`LookState::scanned`] when the level was opened.
    pub(crate) mark: Vec<usize>,
    /// Per item, the pass that last looked at it and the log's length
    /// then.
    pub(crate) seen: Vec<(u32, usize)>,
    /// The passes of [`Links::look_ahead`] so far (wrapping).
    pub(crate) pass: u32,
    /// Does the hide log hold the look-ahead's takings-out (the search
    /// runs, or last ran, under [`Branching::LookAhead`](crate::Branching::LookAhead)), so
    /// that its levels can be undone only from the log?
    pub(crate) in_log: bool,
}

impl Default for LookState {
    fn default() -> Self {
        LookState {
            scanned: look::NOT_SCANNED,
            mark: Vec::new(),
            seen: Vec::new(),
            pass: 0,
            in_log: false,
        }
    }
}

impl Clone for Links {
    /// Copies the nodes in use, not the room the node arrays keep for more
    /// (a parallel count clones the problem once per worker).
    fn clone(&self) -> Self {
        let n = self.nodes;
        Links {
            n_items: self.n_items,
            active: self.active.clone(),
            primary_words: self.primary_words,
            last_mask: self.last_mask,
            len: self.len.clone(),
            link: self.link.head(n),
            item: self.item.head(n),
            option: self.option.head(n),
            place: self.place.head(n),
            updates: self.updates,
            nodes: n,
            option_len: self.option_len,
            n_primary: self.n_primary,
            short: self.short.clone(),
            short_top: 0,
            zero: SPACER,
            avx2: self.avx2,
            bmi: self.bmi,
            dead: false,
            trying: Node(0),
            rank: self.rank.clone(),
            shuffled: self.shuffled,
            look: self.look.clone(),
            // The look-ahead's takings-out are undone only from the log
            // (`look.rs`); the other rules' levels are undone as well by
            // the walk.
            log: if self.look.in_log {
                self.log.clone()
            } else {
                HideLog::default()
            },
        }
    }
}

impl Links {
    /// Resets to `primary` + `secondary` items and no options, keeping the
    /// allocations.
    pub(crate) fn reset(&mut self, primary: u32, secondary: u32) {
        let n = primary + secondary;
        self.n_items = n;
        // Every item active: all bits set, then those past the last item
        // cleared.
        self.active.clear();
        self.active.resize((n as usize).div_ceil(64), u64::MAX);
        if n % 64 != 0 {
            if let Some(last) = self.active.last_mut() {
                *last = (1 << (n % 64)) - 1;
            }
        }
        self.primary_words = (primary as usize).div_ceil(64);
        self.last_mask = match primary % 64 {
            0 => u64::MAX,
            r => (1 << r) - 1,
        };
        self.len.clear();
        self.len.data.resize(n as usize, 0);
        // Empty item lists (header nodes point to themselves), then the
        // first spacer. The node arrays keep their length (see `nodes`).
        let headers = n as usize + 1;
        if self.item.data.len() < headers {
            self.grow(headers);
        }
        for (i, link) in self.link.data[..headers].iter_mut().enumerate() {
            *link = Link {
                up: Node(i as u32),
                down: Node(i as u32),
            };
        }
        for (i, item) in self.item.data[..headers].iter_mut().enumerate() {
            *item = ItemIx(i as u32);
        }
        self.item[Node(n)] = SPACER;
        self.option.data[..headers].fill(u32::MAX);
        self.nodes = n as usize + 1;
        self.updates = 0;
        self.n_primary = primary;
        self.option_len = 0;
        // Along one path of the search an item's length falls to 1 and to 0
        // once each, so a tracking search pushes at most 2n entries.
        self.short.clear();
        self.short.resize(2 * n as usize + 2, ItemIx(0));
        self.short_top = 0;
        self.look.scanned = look::NOT_SCANNED;
        self.look.in_log = false;
        self.zero = SPACER;
        self.rank.clear();
        self.shuffled = false;
        #[cfg(target_arch = "x86_64")]
        {
            self.avx2 = std::arch::is_x86_feature_detected!("avx2");
            self.bmi = self.avx2
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("popcnt");
        }
    }

    /// Number of nodes, headers and spacers included.
    #[inline]
    pub(crate) fn node_count(&self) -> usize {
        self.nodes
    }

    /// The item of every node in use ([`SPACER`] for spacers), for the
    /// colored search's own copy of the links.
    pub(crate) fn items(&self) -> &[ItemIx] {
        &self.item.data[..self.nodes]
    }

    /// The option of every node in use (see [`Links::option`]).
    pub(crate) fn options(&self) -> &[u32] {
        &self.option.data[..self.nodes]
    }

    /// Is `item` active (not covered)?
    #[inline]
    pub(crate) fn is_active(&self, item: ItemIx) -> bool {
        self.active[item.at() / 64] & (1 << (item.0 % 64)) != 0
    }

    /// Sets the [`COVERED`] flag on every covered item when `on`, else
    /// clears it everywhere: a search under [`Branching::ShortFirst`](crate::Branching::ShortFirst) or
    /// [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree) reads the flag, the others keep it
    /// up to date only outside the search.
    ///
    /// Only an inactive item can have the flag, so only those are visited:
    /// on a search that has covered nothing yet (a Sudoku solver setting
    /// its rule on a fresh problem) this costs a look at the active words.
    pub(crate) fn set_flags(&mut self, on: bool) {
        let n = self.n_items as usize;
        for w in 0..n.div_ceil(64) {
            let valid = if (w + 1) * 64 <= n {
                u64::MAX
            } else {
                (1u64 << (n % 64)) - 1
            };
            let mut inactive = !self.active[w] & valid;
            while inactive != 0 {
                let c = ItemIx((w * 64) as u32 + inactive.trailing_zeros());
                inactive &= inactive - 1;
                if on {
                    self.len[c] |= COVERED;
                } else {
                    self.len[c] &= !COVERED;
                }
            }
        }
    }

    /// The length of `item`'s list, covered or not.
    #[inline]
    pub(crate) fn len_of(&self, item: ItemIx) -> u32 {
        self.len[item] & !COVERED
    }

    /// Appends an option of checked, distinct `items`: each node gets its
    /// links, then the spacer follows. When `linked` is false the nodes are
    /// stored but left out of the item lists, so the search never sees them.
    pub(crate) fn append_option(&mut self, items: &[ItemIx], linked: bool, option: u32) {
        let end = self.nodes + items.len() + 1;
        if self.item.data.len() < end {
            self.grow(end);
        }
        self.push_option(items, linked, option);
    }

    /// [`Links::append_option`] for options of `K` items each, numbered
    /// from `first_option`; an option is linked when it has an item below
    /// `primary`.
    pub(crate) fn append_options<const K: usize>(
        &mut self,
        options: &[[Item; K]],
        primary: u32,
        first_option: u32,
    ) {
        let end = self.nodes + options.len() * (K + 1);
        if self.item.data.len() < end {
            self.grow(end);
        }
        for (o, items) in (first_option..).zip(options) {
            let linked = items.iter().any(|&it| u32::from(it) < primary);
            self.push_option(items, linked, o);
        }
    }

    /// Appends an option's nodes and spacer, the arrays being long enough.
    #[inline(always)]
    fn push_option<T: Copy + Into<ItemIx>>(&mut self, items: &[T], linked: bool, option: u32) {
        let first = self.nodes;
        let k = items.len();
        debug_assert!(k > 0);
        if self.option_len != k as u32 {
            self.option_len = if self.option_len == 0 {
                k as u32
            } else {
                u32::MAX
            };
        }
        let end = first + k + 1;
        debug_assert!(self.item.data.len() >= end);
        self.nodes = end;
        self.link[Node(first as u32 - 1)].down = Node((first + k - 1) as u32);
        for (j, &it) in items.iter().enumerate() {
            let it: ItemIx = it.into();
            let x = Node((first + j) as u32);
            self.item[x] = it;
            self.option[x] = option;
            // Wraps past 255: only options of at most 6 nodes are looked up.
            self.place[x] = j as u8;
            if linked {
                let head = it.header();
                let last = self.link[head].up;
                self.link[x] = Link {
                    up: last,
                    down: head,
                };
                self.link[last].down = x;
                self.link[head].up = x;
                self.len[it] += 1;
            } else {
                self.link[x] = Link { up: x, down: x };
            }
        }
        // The spacer: `up` is the option's first node; `down` is set to the
        // next option's last node when there is one.
        let spacer = Node((first + k) as u32);
        self.item[spacer] = SPACER;
        self.option[spacer] = u32::MAX;
        self.link[spacer] = Link {
            up: Node(first as u32),
            down: spacer,
        };
    }

    /// Lengthens the node arrays to at least `end` nodes (doubling).
    #[cold]
    fn grow(&mut self, end: usize) {
        let len = end.max(2 * self.item.data.len()).max(64);
        let blank = Link {
            up: Node(0),
            down: Node(0),
        };
        self.link.data.resize(len, blank);
        self.item.data.resize(len, SPACER);
        self.option.data.resize(len, u32::MAX);
        self.place.data.resize(len, 0);
    }
}

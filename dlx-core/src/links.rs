//! The dancing-links arena: Knuth's DLX1 node layout, stored as parallel
//! arrays.
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
//! vector scan of [`Branching::ShortFirst`] and
//! [`Branching::ShortFirstDegree`], "the short rules" below). The rule:
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
//! That is sound because every `Node` and `Slot` the search reads comes from
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

// This module is one of the crate's two exceptions to `deny(unsafe_code)`
// (the other: `Solver::run_with` calling the search's copy compiled for
// BMI), for three things: unchecked indexing in `Arr` (measured 25-30%
// faster on the pentomino and domino benchmarks), the same on the
// short-item stack and the active items' bit words, and calling the AVX2
// copy of the length scan once the processor is known to have AVX2 (with
// the stack, 1.23x on the forum's hardest Sudokus).
#![allow(unsafe_code)]

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

use crate::index::Item;
use crate::solver::Branching;

/// A node of the arena (header, option node or spacer).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub(crate) struct Node(pub(crate) u32);

/// An item, by its index (primary items first, then secondary ones).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub(crate) struct Slot(pub(crate) u32);

impl From<Item> for Slot {
    #[inline]
    fn from(item: Item) -> Slot {
        Slot(u32::from(item))
    }
}

impl Node {
    #[inline]
    pub(crate) fn next(self) -> Node {
        Node(self.0 + 1)
    }
    #[inline]
    pub(crate) fn prev(self) -> Node {
        Node(self.0 - 1)
    }
}

impl Slot {
    /// The header node of this item.
    #[inline]
    pub(crate) fn header(self) -> Node {
        Node(self.0)
    }
}

/// Types that index an [`Arr`].
pub(crate) trait Idx: Copy {
    fn at(self) -> usize;
}
impl Idx for Node {
    #[inline]
    fn at(self) -> usize {
        self.0 as usize
    }
}
impl Idx for Slot {
    #[inline]
    fn at(self) -> usize {
        self.0 as usize
    }
}

/// A `Vec` indexed by one kind of typed index only.
#[derive(Clone, Debug)]
pub(crate) struct Arr<I, T> {
    data: Vec<T>,
    _index: PhantomData<fn(I)>,
}

impl<I, T> Default for Arr<I, T> {
    fn default() -> Self {
        Arr {
            data: Vec::new(),
            _index: PhantomData,
        }
    }
}

impl<I: Idx, T: Copy> Arr<I, T> {
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.data.clear();
    }

    /// A copy of the first `n` entries.
    pub(crate) fn head(&self, n: usize) -> Arr<I, T> {
        Arr {
            data: self.data[..n].to_vec(),
            _index: PhantomData,
        }
    }
}

impl<I: Idx, T> Index<I> for Arr<I, T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: I) -> &T {
        debug_assert!(i.at() < self.data.len(), "index out of bounds");
        // SAFETY: see "Bounds" in the module notes: every index stored in
        // the links points inside the arrays, which never shrink while the
        // index is in use; debug builds check the bound above.
        unsafe { self.data.get_unchecked(i.at()) }
    }
}

impl<I: Idx, T> IndexMut<I> for Arr<I, T> {
    #[inline(always)]
    fn index_mut(&mut self, i: I) -> &mut T {
        debug_assert!(i.at() < self.data.len(), "index out of bounds");
        // SAFETY: as for `index`.
        unsafe { self.data.get_unchecked_mut(i.at()) }
    }
}

/// The vertical links of a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) up: Node,
    pub(crate) down: Node,
}

/// The most nodes a problem may have, so that every node index and the
/// spacer after it fit in a `u32`.
pub(crate) const MAX_NODES: usize = u32::MAX as usize - 2;

/// The flag a [`FLAGGED`] or [`TRACKED`] cover sets in an item's length, so
/// that a covered item never has the minimum length in the scans that read
/// lengths without the active bits ([`Links::choose_short`],
/// [`Links::choose_dense`]). Lengths stay below it: an item has at most one
/// node per option, and every option takes two nodes with its spacer.
pub(crate) const COVERED: u32 = 1 << 31;

/// A cover that keeps only the links and the active items (the search
/// under the rules that do not read the [`COVERED`] flag).
pub(crate) const PLAIN: u8 = 0;
/// A cover that also sets the [`COVERED`] flag.
pub(crate) const FLAGGED: u8 = 1;
/// A cover that also sets the flag and pushes the items it shortens to
/// length 1 or 0 on the short stack (the search under
/// [`Branching::ShortFirst`] and [`Branching::ShortFirstDegree`]).
pub(crate) const TRACKED: u8 = 2;
/// A cover that keeps what [`PLAIN`] keeps and notes in [`Links::dead`]
/// when it empties an active primary item (the search under
/// [`Branching::Early`]).
pub(crate) const EARLY: u8 = 3;
/// [`EARLY`] with the test of the item's kind made with the test of its
/// length, in one branch. Where lists are short, secondary items run out
/// often (the diagonals of queens), and the branch on the length alone is
/// mispredicted each time: queens13 15% faster this way, the same elsewhere
/// except dom8x8 (2% more instructions for nothing: no secondary items, and
/// pairs, which keep [`EARLY`]). The covers in the options' own order use
/// it; those shortest first, on long lists, keep [`EARLY`].
pub(crate) const EARLY_KIND: u8 = 4;

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

/// How a search tries options: not under [`Branching::Early`] (a full
/// cover, then a look at the next node).
pub(crate) const NOT_EARLY: u8 = 0;
/// Under [`Branching::Early`], covering an option's items in its own order.
pub(crate) const IN_ORDER: u8 = 1;
/// Under [`Branching::Early`], covering an option's items shortest first
/// (options of up to [`MAX_ORDERED`] nodes; longer ones in their order).
pub(crate) const SHORTEST_FIRST: u8 = 2;

/// The item value stored in a spacer node.
pub(crate) const SPACER: Slot = Slot(u32::MAX);

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
    primary_words: usize,
    last_mask: u64,
    /// Number of (visible) options in each item's list.
    pub(crate) len: Arr<Slot, u32>,
    /// Vertical links of every node.
    pub(crate) link: Arr<Node, Link>,
    pub(crate) item: Arr<Node, Slot>,
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
    pub(crate) short: Vec<Slot>,
    pub(crate) short_top: usize,
    /// The item a tracking cover last made empty ([`SPACER`] for none). It
    /// may be stale, or secondary: it is checked when read. A dead end
    /// found at once saves the forced moves that would otherwise run into
    /// it (on the forum's hardest Sudokus, one node in five was such a move).
    pub(crate) zero: Slot,
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
            *item = Slot(i as u32);
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
        self.short.resize(2 * n as usize + 2, Slot(0));
        self.short_top = 0;
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
    pub(crate) fn items(&self) -> &[Slot] {
        &self.item.data[..self.nodes]
    }

    /// Is `item` active (not covered)?
    #[inline]
    pub(crate) fn is_active(&self, item: Slot) -> bool {
        self.active[item.at() / 64] & (1 << (item.0 % 64)) != 0
    }

    /// Sets the [`COVERED`] flag on every covered item when `on`, else
    /// clears it everywhere: a search under [`Branching::ShortFirst`] or
    /// [`Branching::ShortFirstDegree`] reads the flag, the others keep it
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
                let c = Slot((w * 64) as u32 + inactive.trailing_zeros());
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
    pub(crate) fn len_of(&self, item: Slot) -> u32 {
        self.len[item] & !COVERED
    }

    /// Appends an option of checked, distinct `items`: each node gets its
    /// links, then the spacer follows. When `linked` is false the nodes are
    /// stored but left out of the item lists, so the search never sees them.
    pub(crate) fn append_option(&mut self, items: &[Slot], linked: bool, option: u32) {
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
    fn push_option<T: Copy + Into<Slot>>(&mut self, items: &[T], linked: bool, option: u32) {
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
            let it: Slot = it.into();
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

    /// Takes `c` out of the active items and hides every other option that
    /// contains it (DLX1's `cover`). `MODE` says what else it keeps up to
    /// date: nothing ([`PLAIN`]), the [`COVERED`] flag ([`FLAGGED`]), or the
    /// flag and the stack of items whose length falls to 1 or 0
    /// ([`TRACKED`]). `K` is the length of every option when they all have
    /// one ([`Links::uniform_len`]), or 0.
    #[inline]
    pub(crate) fn cover<const MODE: u8, const K: usize>(&mut self, c: Slot) {
        self.deactivate::<MODE>(c);
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            if K == 0 {
                let mut nn = rr.next();
                while nn != rr {
                    let cc = self.item[nn];
                    if cc == SPACER {
                        nn = self.link[nn].up;
                        continue;
                    }
                    self.hide::<MODE>(nn, cc);
                    updates += 1;
                    nn = nn.next();
                }
            } else if K == 2 {
                let (nn, cc) = self.partner(rr);
                self.hide::<MODE>(nn, cc);
                updates += 1;
            } else {
                let (first, j) = self.place_in_option::<K>(rr);
                for i in 1..K {
                    // The stack of short items takes them in the option's
                    // order from `rr`; elsewhere the order of a row's hides
                    // does not matter (see `row_node`).
                    let nn = if MODE == TRACKED {
                        Node(first + wrap::<K>(j + i))
                    } else {
                        row_node(first, j, i)
                    };
                    self.hide::<MODE>(nn, self.item[nn]);
                }
                updates += K as u64 - 1;
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
    }

    /// Takes node `nn` of item `cc` out of its item's list.
    #[inline(always)]
    fn hide<const MODE: u8>(&mut self, nn: Node, cc: Slot) {
        let Link { up: uu, down: dd } = self.link[nn];
        self.link[uu].down = dd;
        self.link[dd].up = uu;
        let l = self.len[cc] - 1;
        self.len[cc] = l;
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
            // Stored always, kept when short: no branch to mispredict.
            debug_assert!(self.short_top < self.short.len());
            // SAFETY: at most 2n pushes along a path (see `reset`), and
            // `short_top` is only ever set back to a value it had on the
            // current path; the stack has room for 2n + 2 entries.
            unsafe { *self.short.get_unchecked_mut(self.short_top) = cc };
            self.short_top += usize::from(l <= 1);
            self.zero = if l == 0 { cc } else { self.zero };
        }
    }

    /// Puts node `nn` of item `cc` back into its item's list.
    #[inline(always)]
    fn unhide(&mut self, nn: Node, cc: Slot) {
        let Link { up: uu, down: dd } = self.link[nn];
        self.link[uu].down = nn;
        self.link[dd].up = nn;
        self.len[cc] += 1;
    }

    /// The other node of the option of `x`, an option of two items, and its
    /// item: the node after `x`, or before it when a spacer follows `x`.
    #[inline(always)]
    fn partner(&self, x: Node) -> (Node, Slot) {
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
    pub(crate) fn uncover<const MODE: u8, const K: usize>(&mut self, c: Slot) {
        let head = c.header();
        let mut rr = self.link[head].up;
        while rr != head {
            if K == 0 {
                let mut nn = rr.prev();
                while nn != rr {
                    let cc = self.item[nn];
                    if cc == SPACER {
                        nn = self.link[nn].down;
                        continue;
                    }
                    self.unhide(nn, cc);
                    nn = nn.prev();
                }
            } else if K == 2 {
                let (nn, cc) = self.partner(rr);
                self.unhide(nn, cc);
            } else {
                let (first, j) = self.place_in_option::<K>(rr);
                for i in 1..K {
                    let nn = row_node(first, j, i);
                    self.unhide(nn, self.item[nn]);
                }
            }
            rr = self.link[rr].up;
        }
        self.activate::<MODE>(c);
    }

    /// Puts back the options of the rows of `head`'s list from `rr` up to
    /// the first, in that order (the end of [`Links::uncover`], or of a
    /// cover that stopped at `rr`).
    #[inline(always)]
    fn unhide_rows<const K: usize>(&mut self, head: Node, mut rr: Node) {
        while rr != head {
            if K == 0 {
                let mut nn = rr.prev();
                while nn != rr {
                    let cc = self.item[nn];
                    if cc == SPACER {
                        nn = self.link[nn].down;
                        continue;
                    }
                    self.unhide(nn, cc);
                    nn = nn.prev();
                }
            } else if K == 2 {
                let (nn, cc) = self.partner(rr);
                self.unhide(nn, cc);
            } else {
                let (first, j) = self.place_in_option::<K>(rr);
                for i in 1..K {
                    let nn = row_node(first, j, i);
                    self.unhide(nn, self.item[nn]);
                }
            }
            rr = self.link[rr].up;
        }
    }

    /// Tries the option of `x` for a search that backs up as soon as a
    /// choice leaves some active primary item without options (the rule
    /// [`Branching::Early`]): covers its other items in turn, stopping after
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
    pub(crate) fn cover_others_early<const K: usize, const HOW: u8>(
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
    /// under [`Branching::Early`] pays for ranking them?
    pub(crate) fn long_lists(&self) -> bool {
        self.nodes - 1 - self.n_items as usize >= SORT_FROM * self.n_items as usize
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
    fn in_trying(&self, c: Slot) -> bool {
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
    fn cover_early<const K: usize, const M: u8>(&mut self, c: Slot) -> Option<Node> {
        self.deactivate::<PLAIN>(c);
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        let mut stopped = None;
        while rr != head {
            if K == 0 {
                let mut nn = rr.next();
                while nn != rr {
                    let cc = self.item[nn];
                    if cc == SPACER {
                        nn = self.link[nn].up;
                        continue;
                    }
                    self.hide::<M>(nn, cc);
                    updates += 1;
                    nn = nn.next();
                }
            } else if K == 2 {
                let (nn, cc) = self.partner(rr);
                self.hide::<M>(nn, cc);
                updates += 1;
            } else {
                let (first, j) = self.place_in_option::<K>(rr);
                for i in 1..K {
                    let nn = row_node(first, j, i);
                    self.hide::<M>(nn, self.item[nn]);
                }
                updates += K as u64 - 1;
            }
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
    fn deactivate<const MODE: u8>(&mut self, c: Slot) {
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
    fn activate<const MODE: u8>(&mut self, c: Slot) {
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
    pub(crate) fn cover_others<const MODE: u8, const K: usize>(&mut self, x: Node) {
        if K == 0 {
            let mut pp = x.next();
            while pp != x {
                let cc = self.item[pp];
                if cc == SPACER {
                    pp = self.link[pp].up;
                } else {
                    self.cover::<MODE, K>(cc);
                    pp = pp.next();
                }
            }
        } else if K == 2 {
            self.cover::<MODE, K>(self.partner(x).1);
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..K {
                let pp = Node(first + wrap::<K>(j + i));
                self.cover::<MODE, K>(self.item[pp]);
            }
        }
    }

    /// Undoes [`Links::cover_others`].
    #[inline]
    pub(crate) fn uncover_others<const MODE: u8, const K: usize>(&mut self, x: Node) {
        if K == 0 {
            let mut pp = x.prev();
            while pp != x {
                let cc = self.item[pp];
                if cc == SPACER {
                    pp = self.link[pp].down;
                } else {
                    self.uncover::<MODE, K>(cc);
                    pp = pp.prev();
                }
            }
        } else if K == 2 {
            self.uncover::<MODE, K>(self.partner(x).1);
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            for i in (1..K).rev() {
                let pp = Node(first + wrap::<K>(j + i));
                self.uncover::<MODE, K>(self.item[pp]);
            }
        }
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

    /// Relinks every item's list, nothing being covered: its nodes in
    /// increasing order (the order they were added in, DLX1's), or
    /// shuffled by `rng` (a seeded search; see [`crate::seed`]).
    pub(crate) fn relink(&mut self, rng: Option<&mut crate::seed::Rng>) {
        let seeded = rng.is_some();
        let first = self.n_items as usize + 1;
        let (item, link) = (&self.item, &self.link);
        // An option with no primary item is not in any list: its nodes
        // link to themselves.
        let nodes = (first..self.nodes)
            .map(|x| Node(x as u32))
            .filter(|&x| item[x] != SPACER && link[x].down != x)
            .map(|x| (x.0, item[x].0));
        let (start, order) = crate::seed::list_orders(self.n_items as usize, nodes, rng);
        for c in 0..self.n_items as usize {
            let head = Node(c as u32);
            let mut prev = head;
            for &x in &order[start[c]..start[c + 1]] {
                let x = Node(x);
                self.link[prev].down = x;
                self.link[x].up = prev;
                prev = x;
            }
            self.link[prev].down = head;
            self.link[head].up = prev;
        }
        self.shuffled = seeded;
    }

    /// The item to branch on under a seed: the active primary item of
    /// minimum length, ties broken by least [`Links::rank`] (not by index);
    /// the scan stops at length 0 as DLX1's does.
    #[inline(never)]
    pub(crate) fn choose_ranked(&self) -> Option<Slot> {
        let mut best: Option<(u32, u32, u32)> = None;
        for w in 0..self.primary_words {
            let mut bits = self.active[w];
            if w + 1 == self.primary_words {
                bits &= self.last_mask;
            }
            while bits != 0 {
                let k = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let l = self.len[Slot(k)] & !COVERED;
                if l == 0 {
                    return Some(Slot(k));
                }
                let r = self.rank[k as usize];
                if best.is_none_or(|(bl, br, _)| (l, r) < (bl, br)) {
                    best = Some((l, r, k));
                }
            }
        }
        best.map(|(_, _, k)| Slot(k))
    }

    /// The item to branch on, or `None` when every primary item is covered.
    #[inline(always)]
    pub(crate) fn choose(&self, branching: Branching) -> Option<Slot> {
        match branching {
            // DLX1: the leftmost item of minimum length; nothing beats 0.
            Branching::MinLength => self.leftmost_min::<0>(),
            Branching::MinLengthUpToOne
            | Branching::ShortFirst
            | Branching::Early
            | Branching::Fast => self.leftmost_min::<1>(),
            Branching::ShortFirstDegree => {
                let best = self.leftmost_min::<1>()?;
                Some(self.most_constraining(best))
            }
            Branching::First => self.leftmost_min::<{ u32::MAX }>(),
        }
    }

    /// The leftmost active primary item of minimum length, or the first of
    /// length `STOP` or less (`u32::MAX`: the first active item). The
    /// items are visited by their bits, in index order.
    #[inline(always)]
    fn leftmost_min<const STOP: u32>(&self) -> Option<Slot> {
        let (mut best, mut t) = (0, COVERED);
        let words = self.primary_words;
        for w in 0..words {
            debug_assert!(w < self.active.len());
            // SAFETY: `primary_words` <= `active.len()` (see `reset`).
            let mut bits = unsafe { *self.active.get_unchecked(w) };
            if w + 1 == words {
                // Secondary items share the last word of primary ones.
                bits &= self.last_mask;
            }
            let base = (w * 64) as u32;
            while bits != 0 {
                let k = base + bits.trailing_zeros();
                bits &= bits - 1;
                if STOP == u32::MAX {
                    return Some(Slot(k));
                }
                let l = self.len[Slot(k)];
                debug_assert!(l & COVERED == 0, "active item {k} flagged covered");
                best = if l < t { k } else { best };
                t = t.min(l);
                if t <= STOP {
                    return Some(Slot(best));
                }
            }
        }
        (t < COVERED).then_some(Slot(best))
    }

    /// The item to branch on under [`Branching::ShortFirst`] (and
    /// [`Branching::ShortFirstDegree`] when `degree`): the item a
    /// cover last made empty, if it still is; else the item most recently
    /// shortened to length 0 or 1 that is still active, found on `short`
    /// without a scan; failing that, the scan of
    /// [`Branching::MinLengthUpToOne`], and with `degree`
    /// ([`Branching::ShortFirstDegree`]) the tie-break of
    /// [`Links::most_constraining`] when it finds no item shorter than 2.
    #[inline]
    pub(crate) fn choose_short(&mut self, degree: bool) -> Option<Slot> {
        let z = self.zero;
        if z.0 < self.n_primary && self.len[z] == 0 {
            return Some(z);
        }
        while self.short_top > 0 {
            self.short_top -= 1;
            debug_assert!(self.short_top < self.short.len());
            // SAFETY: `short_top` < `short.len()` (see `cover`).
            let c = unsafe { *self.short.get_unchecked(self.short_top) };
            // A covered item has the flag, so it fails the length test.
            if c.0 < self.n_primary && self.len[c] <= 1 {
                return Some(c);
            }
        }
        let best = self.choose_dense(1)?;
        Some(if degree {
            self.most_constraining(best)
        } else {
            best
        })
    }

    /// The tie-break of [`Branching::ShortFirstDegree`], given `first`, the
    /// leftmost active primary item of minimum length: `first` itself when
    /// that length is 0 or 1; else, of the first [`DEGREE_CANDIDATES`]
    /// active primary items of that length from `first` on (in index
    /// order), the one whose options conflict with the most others, that
    /// is with the largest sum of the lengths of their other items
    /// (leftmost on a tie). Choosing any of its options then hides the
    /// most options: the degree heuristic that constraint solvers pair
    /// with the shortest domain.
    #[inline(never)]
    pub(crate) fn most_constraining(&self, first: Slot) -> Slot {
        let t = self.len[first];
        if t <= 1 {
            return first;
        }
        let (mut best, mut most) = (first, self.conflicts(first));
        // Candidates still to compare after `first`.
        let mut left = DEGREE_CANDIDATES - 1;
        let words = self.primary_words;
        let mut w = first.at() / 64;
        // The active items after `first` in its word, then the next words.
        let mut bits = self.active[w] & (!1u64 << (first.0 % 64));
        loop {
            if w + 1 == words {
                bits &= self.last_mask;
            }
            while bits != 0 && left > 0 {
                let c = Slot((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
                if self.len[c] != t {
                    continue;
                }
                let n = self.conflicts(c);
                if n > most {
                    (best, most) = (c, n);
                }
                left -= 1;
            }
            if left == 0 {
                return best;
            }
            w += 1;
            if w >= words {
                return best;
            }
            bits = self.active[w];
        }
    }

    /// The sum of the lengths of the other items of the options in
    /// active item `c`'s list: how many options (counted once per item
    /// shared) conflict with them.
    fn conflicts(&self, c: Slot) -> u64 {
        let head = c.header();
        let mut sum = 0u64;
        let mut rr = self.link[head].down;
        while rr != head {
            let mut nn = rr.next();
            while nn != rr {
                let cc = self.item[nn];
                if cc == SPACER {
                    nn = self.link[nn].up;
                    continue;
                }
                // The items of a visible option are all active: no flag.
                debug_assert!(self.len[cc] & COVERED == 0);
                sum += u64::from(self.len[cc]);
                nn = nn.next();
            }
            rr = self.link[rr].down;
        }
        sum
    }

    /// The leftmost active primary item of minimum length, stopping at the
    /// first of length `stop` or less: the list scan's answer, found by
    /// scanning the lengths of all primary items in index order (covered
    /// ones carry [`COVERED`]) in blocks the processor can compare side by
    /// side instead of following the list one item at a time.
    #[inline]
    pub(crate) fn choose_dense(&self, stop: u32) -> Option<Slot> {
        let lens = &self.len.data[..self.n_primary as usize];
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: the processor has AVX2 (checked in `reset`).
            return unsafe { leftmost_min_avx2(lens, stop) };
        }
        leftmost_min(lens, stop)
    }
}

/// The first node of the option of node `x` and `x`'s place in it, in
/// links where every option has `K` nodes and the first starts at node
/// `n_items + 1`: a mask where `K + 1` is a power of two, else `place[x]`
/// (see [`Links::place_in_option`]). For the colored and min-cost links,
/// which keep their own arrays.
#[inline(always)]
pub(crate) fn place_in_uniform<const K: usize>(x: u32, n_items: u32, place: &[u8]) -> (u32, u32) {
    let j = if (K + 1).is_power_of_two() {
        (x - (n_items + 1)) % (K as u32 + 1)
    } else {
        debug_assert!((x as usize) < place.len());
        // SAFETY: callers pass a node of their links, whose `place` has an
        // entry for every node (debug builds check it above).
        u32::from(unsafe { *place.get_unchecked(x as usize) })
    };
    (x - j, j)
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

/// Items compared side by side in [`leftmost_min`].
const BLOCK: usize = 16;

/// What the list scan answers, over `lens` in index order: the first entry
/// of `stop` or less if there is one, else the leftmost smallest that is
/// not [`COVERED`]; `None` when all are covered.
#[inline(always)]
fn leftmost_min(lens: &[u32], stop: u32) -> Option<Slot> {
    let (mut best, mut at) = (COVERED, 0);
    let mut blocks = lens.chunks_exact(BLOCK);
    for (b, block) in blocks.by_ref().enumerate() {
        let m = block.iter().fold(u32::MAX, |m, &l| m.min(l));
        if m < best {
            (best, at) = (m, b * BLOCK);
            if m <= stop {
                break;
            }
        }
    }
    if best > stop {
        let base = lens.len() - blocks.remainder().len();
        for (i, &l) in blocks.remainder().iter().enumerate() {
            if l < best {
                (best, at) = (l, base + i);
                if l <= stop {
                    break;
                }
            }
        }
    }
    if best >= COVERED {
        return None;
    }
    // The first of length `stop` or less, where the list scan stops;
    // failing that, the first of the minimum length.
    let i = lens[at..].iter().position(|&l| l <= best.max(stop))?;
    Some(Slot((at + i) as u32))
}

/// [`leftmost_min`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn leftmost_min_avx2(lens: &[u32], stop: u32) -> Option<Slot> {
    leftmost_min(lens, stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift stream from `seed` (not 0): each call `next(n)` gives a
    /// number below `n`.
    fn below(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    /// The list scan's rule, one entry at a time.
    fn reference(lens: &[u32], stop: u32) -> Option<Slot> {
        let mut best: Option<(usize, u32)> = None;
        for (i, &l) in lens.iter().enumerate() {
            if l & COVERED != 0 {
                continue;
            }
            if best.is_none_or(|(_, b)| l < b) {
                best = Some((i, l));
                if l <= stop {
                    break;
                }
            }
        }
        best.map(|(i, _)| Slot(i as u32))
    }

    /// A cover that empties one item and then shortens another to length 1
    /// leaves the short stack's top on the second; the choice is the empty
    /// one, a dead end found without the forced move.
    #[test]
    fn an_item_a_cover_empties_is_chosen_first() {
        use crate::{Item, Problem};
        // Items a, b, c; options {a, b}, {a, c}, {c}.
        let mut p = Problem::new(3, 0);
        let [a, b, c] = [0, 1, 2].map(Item::new);
        for option in [vec![a, b], vec![a, c], vec![c]] {
            p.add_option(option).unwrap();
        }
        let links = &mut p.links;
        links.cover::<TRACKED, 0>(Slot(0));
        assert_eq!((links.len[Slot(1)], links.len[Slot(2)]), (0, 1));
        assert_eq!(links.short[links.short_top - 1], Slot(2));
        assert_eq!(links.choose_short(false), Some(Slot(1)));
        // Uncovered, b is no longer empty: the stale record is passed over
        // and the stack gives b again, for its length 1 (c has 2).
        links.uncover::<FLAGGED, 0>(Slot(0));
        assert_eq!((links.len[Slot(1)], links.len[Slot(2)]), (1, 2));
        assert_eq!(links.choose_short(false), Some(Slot(1)));
    }

    /// The degree tie-break, against a reference that knows only the
    /// options' items and which items are covered: an option with a
    /// primary item is in the lists of its items while all its items are
    /// active (options of secondary items only never are), and an
    /// item's length is the number of such options it is in. Problems of
    /// up to 200 items (so across bit words), with random items covered.
    #[test]
    fn the_degree_tie_break_answers_as_its_definition() {
        use crate::{Item, OptionId, Problem};
        let mut next = below(0x9e37_79b9_7f4a_7c15);
        let mut ties = 0;
        for _ in 0..3_000 {
            let primary = 1 + next(200) as usize;
            let uniform = next(2) == 0;
            let secondary = if uniform { 1 + next(12) } else { next(4) } as usize;
            let items = primary + secondary;
            let mut p = Problem::new(primary, secondary);
            if uniform {
                // Every primary item in two options of its own, with
                // random secondary items: all of length 2, so that the
                // window of candidates matters.
                for i in 0..2 * primary {
                    let mut option: Vec<usize> = (0..next(4))
                        .map(|_| primary + next(secondary as u64) as usize)
                        .chain([i / 2])
                        .collect();
                    option.sort_unstable();
                    option.dedup();
                    p.add_option(option.into_iter().map(Item::new)).unwrap();
                }
            } else {
                // Options of up to four random items, and more: each
                // primary item in about three, so that lengths of 2 or
                // more (where the tie-break acts) are common.
                for k in 0..(3 * primary + next(items as u64 + 1) as usize) {
                    let mut option: Vec<usize> = (0..1 + next(4))
                        .map(|_| next(items as u64) as usize)
                        .chain((k < 3 * primary).then_some(k / 3))
                        .collect();
                    option.sort_unstable();
                    option.dedup();
                    p.add_option(option.into_iter().map(Item::new)).unwrap();
                }
            }
            let options: Vec<Vec<usize>> = (0..p.option_count())
                .map(|o| {
                    p.option_items(OptionId::new(o))
                        .map(|i| i.index())
                        .collect()
                })
                .collect();
            // Cover some active items, as the search's covers do.
            let covers = next(items as u64 / 8 + 2);
            for _ in 0..covers {
                let c = Slot(next(items as u64) as u32);
                if p.links.is_active(c) {
                    p.links.cover::<FLAGGED, 0>(c);
                }
            }
            let links = &p.links;
            let active = |i: usize| links.is_active(Slot(i as u32));
            // Options of secondary items only are never linked.
            let visible: Vec<&Vec<usize>> = options
                .iter()
                .filter(|o| o.iter().all(|&i| active(i)) && o.iter().any(|&i| i < primary))
                .collect();
            let len = |i: usize| visible.iter().filter(|o| o.contains(&i)).count() as u64;
            let candidates: Vec<usize> = (0..primary).filter(|&i| active(i)).collect();
            let want = match candidates.iter().find(|&&i| len(i) <= 1) {
                Some(&i) => Some(i),
                None => candidates.iter().map(|&i| len(i)).min().map(|t| {
                    let conflicts = |i: usize| -> u64 {
                        visible
                            .iter()
                            .filter(|o| o.contains(&i))
                            .flat_map(|o| o.iter().filter(|&&j| j != i))
                            .map(|&j| len(j))
                            .sum()
                    };
                    let tied: Vec<usize> = candidates
                        .iter()
                        .copied()
                        .filter(|&i| len(i) == t)
                        .take(DEGREE_CANDIDATES as usize)
                        .collect();
                    ties += usize::from(tied.len() > 1);
                    let most = tied.iter().map(|&i| conflicts(i)).max().unwrap();
                    tied.into_iter().find(|&i| conflicts(i) == most).unwrap()
                }),
            };
            let got = links.choose(Branching::ShortFirstDegree).map(|c| c.at());
            assert_eq!(
                got, want,
                "{primary}+{secondary} items, options {options:?}"
            );
        }
        // The tie-break itself was exercised, not just the forced moves.
        assert!(ties > 1_000, "{ties} choices among ties");
    }

    #[test]
    fn the_dense_scan_answers_as_the_list_scan() {
        let mut next = below(0x2545_f491_4f6c_dd1d);
        for _ in 0..50_000 {
            let n = next(70) as usize;
            let lens: Vec<u32> = (0..n)
                .map(|_| {
                    let l = next(6) as u32;
                    if next(4) == 0 {
                        l | COVERED
                    } else {
                        l
                    }
                })
                .collect();
            for stop in 0..3 {
                let want = reference(&lens, stop);
                assert_eq!(leftmost_min(&lens, stop), want, "{lens:?} stop {stop}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the processor has AVX2.
                    assert_eq!(unsafe { leftmost_min_avx2(&lens, stop) }, want);
                }
            }
        }
        // The case that the first version got wrong: the first item of
        // length `stop` or less, not the smallest of its block.
        let lens = [3, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
        assert_eq!(leftmost_min(&lens, 1), Some(Slot(1)));
    }
}

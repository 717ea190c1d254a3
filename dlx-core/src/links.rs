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
//! The horizontal list of active items uses `prev`/`next` arrays indexed by
//! item, with two private heads after the items: one for the primary items
//! (the list the search scans) and one for the secondary items.

// Unchecked indexing in `Arr` is the crate's one exception to
// `deny(unsafe_code)`: measured 25-30% faster on the pentomino and domino
// benchmarks.
#![allow(unsafe_code)]

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

use crate::solver::Branching;

/// A node of the arena (header, option node or spacer).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub(crate) struct Node(pub(crate) u32);

/// A slot of the item list: an item, or one of the two list heads.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub(crate) struct Slot(pub(crate) u32);

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

/// The item value stored in a spacer node.
pub(crate) const SPACER: Slot = Slot(u32::MAX);

/// The dancing links proper.
#[derive(Debug, Default)]
pub(crate) struct Links {
    /// Items, in order; the two list heads follow them.
    pub(crate) n_items: u32,
    pub(crate) prev: Arr<Slot, Slot>,
    pub(crate) next: Arr<Slot, Slot>,
    /// Number of (visible) options in each item's list.
    pub(crate) len: Arr<Slot, u32>,
    /// Vertical links of every node.
    pub(crate) link: Arr<Node, Link>,
    pub(crate) item: Arr<Node, Slot>,
    /// The option of each node (unused for headers and spacers). The search
    /// never reads it; it turns a chosen node into an option id in O(1).
    pub(crate) option: Arr<Node, u32>,
    /// Counts items unlinked plus nodes hidden, as DLX1 does.
    pub(crate) updates: u64,
    /// Nodes in use, headers and spacers included. The node arrays may be
    /// longer: they grow in steps, so that appending an option is a few
    /// stores.
    nodes: usize,
}

impl Clone for Links {
    /// Copies the nodes in use, not the room the node arrays keep for more
    /// (a parallel count clones the problem once per worker).
    fn clone(&self) -> Self {
        let n = self.nodes;
        Links {
            n_items: self.n_items,
            prev: self.prev.clone(),
            next: self.next.clone(),
            len: self.len.clone(),
            link: self.link.head(n),
            item: self.item.head(n),
            option: self.option.head(n),
            updates: self.updates,
            nodes: n,
        }
    }
}

impl Links {
    /// The head of the list of active primary items.
    #[inline]
    pub(crate) fn root(&self) -> Slot {
        Slot(self.n_items)
    }

    /// Resets to `primary` + `secondary` items and no options, keeping the
    /// allocations.
    pub(crate) fn reset(&mut self, primary: u32, secondary: u32) {
        let n = primary + secondary;
        self.n_items = n;
        let root = Slot(n);
        let sroot = Slot(n + 1);
        // Items i-1 <- i -> i+1; the two rings are closed below.
        self.prev.clear();
        self.prev
            .data
            .extend((0..n + 2).map(|i| Slot(i.wrapping_sub(1))));
        self.next.clear();
        self.next.data.extend((1..n + 3).map(Slot));
        self.len.clear();
        self.len.data.resize(n as usize + 2, 0);
        // Primary items 0..primary form a ring through `root`.
        if primary == 0 {
            self.next[root] = root;
            self.prev[root] = root;
        } else {
            self.prev[Slot(0)] = root;
            self.next[Slot(primary - 1)] = root;
            self.next[root] = Slot(0);
            self.prev[root] = Slot(primary - 1);
        }
        // Secondary items primary..n form a ring through `sroot`.
        if secondary == 0 {
            self.next[sroot] = sroot;
            self.prev[sroot] = sroot;
        } else {
            self.prev[Slot(primary)] = sroot;
            self.next[Slot(n - 1)] = sroot;
            self.next[sroot] = Slot(primary);
            self.prev[sroot] = Slot(n - 1);
        }
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
    }

    /// Number of nodes, headers and spacers included.
    #[inline]
    pub(crate) fn node_count(&self) -> usize {
        self.nodes
    }

    /// Is `item` in its active list (not covered)?
    #[inline]
    pub(crate) fn is_active(&self, item: Slot) -> bool {
        // A covered item keeps its own links, but its left neighbour no
        // longer points back at it.
        self.next[self.prev[item]] == item
    }

    /// Appends an option of checked, distinct `items`: each node gets its
    /// links, then the spacer follows. When `linked` is false the nodes are
    /// stored but left out of the item lists, so the search never sees them.
    pub(crate) fn append_option(&mut self, items: &[Slot], linked: bool, option: u32) {
        let first = self.nodes;
        let k = items.len();
        debug_assert!(k > 0);
        let end = first + k + 1;
        if self.item.data.len() < end {
            self.grow(end);
        }
        self.nodes = end;
        self.link[Node(first as u32 - 1)].down = Node((first + k - 1) as u32);
        for (j, &it) in items.iter().enumerate() {
            let x = Node((first + j) as u32);
            self.item[x] = it;
            self.option[x] = option;
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
    }

    /// Removes `c` from the active list and hides every other option that
    /// contains it (DLX1's `cover`).
    #[inline]
    pub(crate) fn cover(&mut self, c: Slot) {
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = r;
        self.prev[r] = l;
        let mut updates = 1;
        let head = c.header();
        let mut rr = self.link[head].down;
        while rr != head {
            let mut nn = rr.next();
            while nn != rr {
                let cc = self.item[nn];
                if cc == SPACER {
                    nn = self.link[nn].up;
                    continue;
                }
                let Link { up: uu, down: dd } = self.link[nn];
                self.link[uu].down = dd;
                self.link[dd].up = uu;
                self.len[cc] -= 1;
                updates += 1;
                nn = nn.next();
            }
            rr = self.link[rr].down;
        }
        self.updates += updates;
    }

    /// Undoes [`Links::cover`] (DLX1's `uncover`), in exactly reverse order.
    #[inline]
    pub(crate) fn uncover(&mut self, c: Slot) {
        let head = c.header();
        let mut rr = self.link[head].up;
        while rr != head {
            let mut nn = rr.prev();
            while nn != rr {
                let cc = self.item[nn];
                if cc == SPACER {
                    nn = self.link[nn].down;
                    continue;
                }
                let Link { up: uu, down: dd } = self.link[nn];
                self.link[uu].down = nn;
                self.link[dd].up = nn;
                self.len[cc] += 1;
                nn = nn.prev();
            }
            rr = self.link[rr].up;
        }
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = c;
        self.prev[r] = c;
    }

    /// Covers every item of the option of `x` except `x`'s own.
    #[inline]
    pub(crate) fn cover_others(&mut self, x: Node) {
        let mut pp = x.next();
        while pp != x {
            let cc = self.item[pp];
            if cc == SPACER {
                pp = self.link[pp].up;
            } else {
                self.cover(cc);
                pp = pp.next();
            }
        }
    }

    /// Undoes [`Links::cover_others`].
    #[inline]
    pub(crate) fn uncover_others(&mut self, x: Node) {
        let mut pp = x.prev();
        while pp != x {
            let cc = self.item[pp];
            if cc == SPACER {
                pp = self.link[pp].down;
            } else {
                self.uncover(cc);
                pp = pp.prev();
            }
        }
    }

    /// The item to branch on, or `None` when every primary item is covered.
    #[inline]
    pub(crate) fn choose(&self, branching: Branching) -> Option<Slot> {
        let root = self.root();
        let mut k = self.next[root];
        if k == root {
            return None;
        }
        let mut best = k;
        let mut t = self.len[k];
        // DLX1: the leftmost item of minimum length; nothing beats 0.
        let stop = match branching {
            Branching::MinLength => 0,
            Branching::MinLengthUpToOne => 1,
            Branching::First => return Some(best),
        };
        while t > stop {
            k = self.next[k];
            if k == root {
                break;
            }
            let l = self.len[k];
            if l < t {
                best = k;
                t = l;
            }
        }
        Some(best)
    }
}

//! What every engine's arena shares: the typed indices of nodes and items
//! (and [`index_type!`] for an engine's own kinds of entries), the
//! unchecked array they index, the records every arena has (a node's
//! vertical [`Link`]s; in the colored arenas its [`ItemColor`]), the
//! spacer's mark, the size limit, and the arithmetic that finds an
//! option's first node where every option has the same length.
//!
//! Every engine keeps its arrays as [`Arr`]s indexed by these types: no
//! engine writes unchecked getters of its own, and a node is never used
//! where an item is meant (an item's header node is
//! [`ItemIx::header`]).
//!
//! # Bounds
//!
//! Indexing an [`Arr`] is unchecked in release builds (checked by
//! `debug_assert!`). Each engine that uses it says in its module notes why
//! every index it stores points inside the arrays.

// One of the crate's exceptions to `deny(unsafe_code)`: unchecked indexing
// (measured 25-30% faster on the pentomino and domino benchmarks; see
// `engine::exact`).
#![allow(unsafe_code)]

use std::marker::PhantomData;
use std::ops::{Add, AddAssign, Index, IndexMut, Sub, SubAssign};

use crate::index::Item;
/// A node of the arena (header, option node or spacer).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub(crate) struct Node(pub(crate) u32);

/// An item, by its index (primary items first, then secondary ones).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub(crate) struct ItemIx(pub(crate) u32);

impl From<Item> for ItemIx {
    #[inline]
    fn from(item: Item) -> ItemIx {
        ItemIx(u32::from(item))
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

/// A node some places after another (in the same option, for the walks
/// over an option's nodes).
impl Add<u32> for Node {
    type Output = Node;
    #[inline(always)]
    fn add(self, k: u32) -> Node {
        Node(self.0 + k)
    }
}
impl AddAssign<u32> for Node {
    #[inline(always)]
    fn add_assign(&mut self, k: u32) {
        self.0 += k;
    }
}
impl Sub<u32> for Node {
    type Output = Node;
    #[inline(always)]
    fn sub(self, k: u32) -> Node {
        Node(self.0 - k)
    }
}
impl SubAssign<u32> for Node {
    #[inline(always)]
    fn sub_assign(&mut self, k: u32) {
        self.0 -= k;
    }
}
/// How many places node `self` is after node `other`.
impl Sub for Node {
    type Output = u32;
    #[inline(always)]
    fn sub(self, other: Node) -> u32 {
        self.0 - other.0
    }
}

impl ItemIx {
    /// The header node of this item.
    #[inline]
    pub(crate) fn header(self) -> Node {
        Node(self.0)
    }
}

/// The vertical links of a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) up: Node,
    pub(crate) down: Node,
}

/// The item of a node and its color code, in the colored arenas (an
/// uncolored node has color 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct ItemColor {
    pub(crate) item: ItemIx,
    pub(crate) color: u32,
}

/// Types that index an [`Arr`].
pub(crate) trait Idx: Copy {
    fn at(self) -> usize;
}

/// Defines a typed index: a `#[repr(transparent)]` newtype over `u32`
/// that indexes an [`Arr`] (for an engine's own kinds of entries, beside
/// the [`Node`] and [`ItemIx`] every arena has).
macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
        #[repr(transparent)]
        pub(crate) struct $name(pub(crate) u32);

        impl $crate::engine::arena::Idx for $name {
            #[inline(always)]
            fn at(self) -> usize {
                self.0 as usize
            }
        }
    };
}
pub(crate) use index_type;

/// The nodes `first..end`, in order (reverse it to walk back).
#[inline(always)]
pub(crate) fn nodes(first: Node, end: Node) -> impl DoubleEndedIterator<Item = Node> {
    (first.0..end.0).map(Node)
}
impl Idx for Node {
    #[inline]
    fn at(self) -> usize {
        self.0 as usize
    }
}
impl Idx for ItemIx {
    #[inline]
    fn at(self) -> usize {
        self.0 as usize
    }
}

/// A `Vec` indexed by one kind of typed index only.
#[derive(Clone, Debug)]
pub(crate) struct Arr<I, T> {
    pub(crate) data: Vec<T>,
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

impl<I, T> From<Vec<T>> for Arr<I, T> {
    fn from(data: Vec<T>) -> Self {
        Arr {
            data,
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
/// The most nodes a problem may have, so that every node index and the
/// spacer after it fit in a `u32`.
pub(crate) const MAX_NODES: usize = u32::MAX as usize - 2;
/// The item value stored in a spacer node.
pub(crate) const SPACER: ItemIx = ItemIx(u32::MAX);
/// The first node of the option of node `x` and `x`'s place in it, in
/// links where every option has `K` nodes and the first starts at node
/// `n_items + 1`: a mask where `K + 1` is a power of two, else `place[x]`
/// (see `Links::place_in_option` in `engine::exact`). For the colored and min-cost links,
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

//! Colors and multiplicities: Knuth's Algorithm C (his program DLX2) and
//! Algorithm M (DLX3), on links of their own.
//!
//! # Implementation notes
//!
//! A problem whose options give colors to secondary items, or whose primary
//! items have bounds other than exactly once, is searched here rather than
//! on the plain [`Links`](crate::links::Links): the kind of problem is
//! decided once, when the solver starts, and the plain search never tests
//! for colors or bounds. The arena is built from the problem's options, in
//! the same node layout as the plain links (headers, a spacer, then every
//! option's nodes and a spacer), so a node index means the same option in
//! both.
//!
//! Conceptually each node is `{ up, down, item, color }`, as in Knuth's
//! programs. They are stored as two arrays, the links `{ up, down }` and
//! `{ item, color }`: unlinking a node writes one link of each neighbour,
//! anywhere in the arena, and with 8-byte entries twice as many of those
//! share a cache line. Measured against one 16-byte record per node, in one
//! run: edge_r5x6_c8 0.72 -> 0.48 s, wrect_5x5_a5w120 0.51 -> 0.48 s,
//! rxcc_p24_s12_o300 0.82 -> 0.79 s.
//!
//! What each program adds to DLX1, and where it is here:
//!
//! - **DLX2, colors.** Committing an option covers its uncolored items and
//!   *purifies* its colored ones ([`XccLinks::purify`]): the options that
//!   give the item another color are hidden, and those that give it the same
//!   color are marked [`PURIFIED`] so that they are neither purified again
//!   nor unlinked from the item's list by a later cover (the list of a
//!   purified item is frozen until it is unpurified).
//! - **DLX3, multiplicities.** A primary item has a `bound` (how many more
//!   options may contain it) and a `slack` (upper minus lower bound). The
//!   item chosen for branching loses one from its bound; while the bound is
//!   positive, or the item may still be left short (slack), it stays active
//!   and each option tried is *tweaked* out of its list
//!   ([`XccLinks::tweak`]), so that the levels below never choose it again
//!   (no solution is found twice in another order). When too few options are
//!   left the level gives up; when the slack allows, the last move of a
//!   level is the *null* move, which deactivates the item without choosing.
//!   The branching item is the one of least *score*, `len + s - bound + 1`
//!   with `s = min(slack, bound)`, ties going to the smaller `s`, then the
//!   longer list, then the leftmost.
//!
//! Counts follow the programs exactly: nodes are levels entered (DLX2 also
//! counts one per solution; DLX3 enters a level for each solution, dead end
//! and null move), updates are items covered plus option nodes unlinked.
//! On a problem without bounds the search is DLX2's, with DLX2's update for
//! the cover of an empty item at a dead end (DLX3 skips that cover).

// This module is the third of the crate's exceptions to `deny(unsafe_code)`:
// unchecked indexing of the nodes and lengths in the search (the plain links
// do the same; here it measured 5-17% faster on the shared XCC files). Every index the
// search reads comes from the arrays themselves or from `build`, which only
// stores indices of entries it has written, and the arrays do not change
// size between builds; debug builds check every bound.
#![allow(unsafe_code)]

use crate::links::{place_in_uniform, Node, Slot, SPACER};

/// The color code of a node that names its item without a color.
pub(crate) const NO_COLOR: u32 = 0;

/// The color code of a node whose item was purified with the node's own
/// color (Knuth's `-1`): the node stays in the item's frozen list.
pub(crate) const PURIFIED: u32 = u32::MAX;

/// A node: vertical links, item and color code (see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Nd {
    up: u32,
    down: u32,
    item: u32,
    color: u32,
}

/// The vertical links of a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Link {
    up: u32,
    down: u32,
}

/// The item and color code of a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ic {
    item: u32,
    color: u32,
}

/// What Algorithm M keeps of a primary item (Knuth keeps the two together
/// too: the choice reads both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Itm {
    /// How many more chosen options may contain the item.
    bound: u32,
    /// Its upper bound minus its lower bound.
    slack: u32,
}

/// The links of a colored or bounded problem.
#[derive(Clone, Debug, Default)]
pub(crate) struct XccLinks {
    /// The vertical links of each node, and its item and color code: two
    /// arrays, see the module notes.
    link: Vec<Link>,
    ic: Vec<Ic>,
    /// Number of visible options in each item's list.
    len: Vec<u32>,
    n_items: u32,
    n_primary: u32,
    /// Bit `c % 64` of word `c / 64` is set while primary item `c` is
    /// active. Knuth keeps a doubly linked list in index order; items leave
    /// and return to it in last-in, first-out order, so it is always the
    /// set of these bits in index order, and the scans of the choice load
    /// the lengths without waiting on the links (with the early stop of the
    /// score scan, kq_n8_2_d2 1.22 -> 1.08 s).
    active: Vec<u64>,
    /// The bounds of each primary item.
    items: Vec<Itm>,
    /// The first option tweaked at each level (Algorithm M).
    first_tweak: Vec<u32>,
    /// Items covered plus option nodes unlinked, as Knuth counts them.
    pub(crate) updates: u64,
    /// For each node, the first node of its option and the option's spacer
    /// (see [`XccLinks::for_others`]).
    spans: Vec<[u32; 2]>,
    /// The place of each node in its option (capped at 255), for
    /// [`XccLinks::place_in_option`]: one byte a node, where the spans take
    /// eight.
    place: Vec<u8>,
    /// How the loops walk an option, the `K` of the search's copy (see
    /// [`walk`]): the shared length of all options, [`SPANS`], or 0.
    uniform: u32,
    /// Under a seed, the rank of each primary item, which breaks ties in
    /// the choice of an item; empty otherwise (the least index wins).
    rank: Vec<u32>,
    /// The primary item of each rank.
    ranked_item: Vec<u32>,
    /// How the colored search picks its item (the plain search's rules
    /// mapped onto Algorithm C; see [`ColorChoice`]).
    pub(crate) choice_rule: ColorChoice,
    /// A node of the option [`XccLinks::commit_others_early`] is trying.
    trying: u32,
}

/// The `K` of the search loops whose options have lengths that differ:
/// an option's other nodes are walked in two counted loops, from the node
/// to the spacer and from the option's first node back to it, instead of
/// testing every node for the spacer. Where lengths differ that test is
/// mispredicted at the end of most options (rxcc_p24_s12_o300 0.534 ->
/// 0.497 s); where they are all equal it is predicted, and the two loops
/// cost more (latin_n7_g10 0.175 -> 0.204 s), so there the walk stays.
/// (Options of one node have no others, so `K` = 1 means nothing else.)
const SPANS: usize = 1;

/// The item choice of Algorithm C under the rules of
/// [`Branching`](crate::Branching): colored problems have no stack of short
/// items, so the rules that keep one scan as `MinLengthUpToOne` does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ColorChoice {
    /// DLX2's: the leftmost item of least length, the scan stopping at 0.
    #[default]
    Dlx2,
    /// The scan also stops at the first item of length 1.
    UpToOne,
    /// The leftmost active item.
    First,
}

impl ColorChoice {
    /// The choice of `rule` on a colored problem.
    pub(crate) fn of(rule: crate::Branching) -> ColorChoice {
        use crate::Branching as B;
        match rule {
            B::MinLength => ColorChoice::Dlx2,
            B::First => ColorChoice::First,
            _ => ColorChoice::UpToOne,
        }
    }
}

/// The leftmost item whose bit is set in `active` (the active primary
/// items) of least length in `len`, the scan stopping at the first of
/// length `STOP` or less; `None` when none is active. The scans of the
/// choice load the lengths without waiting on links (see
/// [`XccLinks::active`]).
#[inline(always)]
pub(crate) fn leftmost_min<const STOP: u32>(active: &[u64], len: &[u32]) -> Option<u32> {
    let (mut best, mut t) = (None, u32::MAX);
    for (w, &word) in active.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let k = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            debug_assert!((k as usize) < len.len());
            // SAFETY: a bit is set only for an item, and `len` has an entry
            // for every item.
            let l = unsafe { *len.get_unchecked(k as usize) };
            if l < t {
                (best, t) = (Some(k), l);
                if l <= STOP {
                    return best;
                }
            }
        }
    }
    best
}

/// The leftmost item whose bit is set in `active`; `None` when none is.
pub(crate) fn first_active(active: &[u64]) -> Option<u32> {
    let w = active.iter().position(|&w| w != 0)?;
    Some((w * 64) as u32 + active[w].trailing_zeros())
}

/// The offset of a secondary item's length (see [`XccLinks::build`]).
const SECONDARY_LEN: u32 = 1 << 31;

/// The score of an item that needs nothing more (DLX3's `infty`).
const INFINITY: i64 = i64::MAX;

impl XccLinks {
    /// Builds the links of a problem of `primary` + `secondary` items whose
    /// nodes have the items `items` (headers, spacers and option nodes, in
    /// the plain links' layout), the color codes `colors` (shorter than
    /// `items` where the rest is uncolored), and the primary items' bounds
    /// `bounds` (`(lo, hi)`; empty when every item is exactly once). An
    /// option is linked into its items' lists only when it has a primary
    /// item, as in Knuth's programs, which drop the others.
    pub(crate) fn build(
        &mut self,
        primary: u32,
        items: &[Slot],
        colors: &[u32],
        bounds: &[(u32, u32)],
        levels: usize,
    ) {
        let n = items
            .iter()
            .position(|&s| s == SPACER)
            .expect("the first spacer") as u32;
        self.n_items = n;
        self.n_primary = primary;
        self.updates = 0;
        let mut nd: Vec<Nd> = Vec::with_capacity(items.len());
        nd.extend((0..n).map(|c| Nd {
            up: c,
            down: c,
            item: c,
            color: NO_COLOR,
        }));
        self.len.clear();
        self.len.resize(n as usize, 0);
        // The option nodes, then links for the options with a primary item.
        let mut first = n as usize + 1;
        nd.push(Nd {
            item: SPACER.0,
            ..Nd::default()
        });
        while first < items.len() {
            let end = first + items[first..].iter().position(|&s| s == SPACER).unwrap();
            let linked = items[first..end].iter().any(|s| s.0 < primary);
            for (x, &it) in (first..end).zip(&items[first..end]) {
                let mut node = Nd {
                    up: x as u32,
                    down: x as u32,
                    item: it.0,
                    color: colors.get(x).copied().unwrap_or(NO_COLOR),
                };
                if linked {
                    let head = it.0 as usize;
                    let last = nd[head].up;
                    node.up = last;
                    node.down = it.0;
                    nd[last as usize].down = x as u32;
                    nd[head].up = x as u32;
                    self.len[head] += 1;
                }
                nd.push(node);
            }
            // The spacer: `up` is the option's first node; the spacer
            // before the option gets its last node as `down`.
            nd[first - 1].down = end as u32 - 1;
            nd.push(Nd {
                up: first as u32,
                down: end as u32,
                item: SPACER.0,
                color: NO_COLOR,
            });
            first = end + 1;
        }
        // Nothing reads a secondary item's length; from this offset it never
        // reaches 0, so the early rule's hides need not ask which kind of
        // item they emptied (a secondary item has fewer than 2^31 nodes).
        for l in &mut self.len[primary as usize..] {
            *l += SECONDARY_LEN;
        }
        self.uniform = walk(items, n as usize);
        self.link.clear();
        self.link.extend(nd.iter().map(|n| Link {
            up: n.up,
            down: n.down,
        }));
        self.spans.clear();
        self.spans.resize(nd.len(), [0, 0]);
        self.place.clear();
        self.place.resize(nd.len(), 0);
        let mut start = n as usize + 1;
        for (x, node) in nd.iter().enumerate().skip(start) {
            if node.item == SPACER.0 {
                for s in &mut self.spans[start..x] {
                    *s = [start as u32, x as u32];
                }
                for (j, p) in self.place[start..x].iter_mut().enumerate() {
                    *p = j.min(255) as u8;
                }
                start = x + 1;
            }
        }
        self.ic.clear();
        self.ic.extend(nd.iter().map(|n| Ic {
            item: n.item,
            color: n.color,
        }));
        self.active.clear();
        self.active
            .resize((primary as usize).div_ceil(64), u64::MAX);
        if primary % 64 != 0 {
            if let Some(last) = self.active.last_mut() {
                *last = (1 << (primary % 64)) - 1;
            }
        }
        self.items.clear();
        for c in 0..primary as usize {
            let (lo, hi) = bounds.get(c).copied().unwrap_or((1, 1));
            self.items.push(Itm {
                bound: hi,
                slack: hi - lo,
            });
        }
        self.first_tweak.clear();
        self.first_tweak.resize(levels, 0);
        self.rank.clear();
    }

    /// Seeds the search, the links being as built: ranks the primary items
    /// and shuffles every item's list (see [`crate::seed`]).
    pub(crate) fn seed(&mut self, rng: &mut crate::seed::Rng) {
        (self.rank, self.ranked_item) = crate::seed::ranks(self.n_primary as usize, rng);
        let (start, order) = self.list_orders(Some(rng));
        self.relink(&start, &order);
    }

    /// Do the options have lengths that differ (the walk of [`SPANS`])?
    pub(crate) fn mixed_lengths(&self) -> bool {
        self.uniform == SPANS as u32
    }

    /// Relinks every item's list, the links being as built, with its
    /// options shortest first, and in the order of the problem among
    /// options of one length.
    ///
    /// Where the lengths differ, the loop over an option's nodes ends at
    /// another count from one option of a list to the next, a branch hard
    /// to predict; in order of length the count changes a few times a
    /// list. The same subtrees are searched in another order, so the
    /// nodes and updates of a whole search under DLX2's rule are DLX2's,
    /// but the solutions come in another order. The rxcc files, same run:
    /// 8-10% faster under the early rule and 8-11% under DLX2's, with the
    /// same instructions within 0.1% (so the gain is in the branches).
    pub(crate) fn order_by_length(&mut self) {
        let (start, mut order) = self.list_orders(None);
        for w in start.windows(2) {
            order[w[0]..w[1]].sort_by_key(|&x| {
                let [first, end] = self.span(x);
                (end - first, x)
            });
        }
        self.relink(&start, &order);
    }

    /// The nodes of every item's list, in the order of the problem (or
    /// shuffled with `rng`), as [`crate::seed::list_orders`] gives them.
    fn list_orders(&self, rng: Option<&mut crate::seed::Rng>) -> (Vec<usize>, Vec<u32>) {
        let first = self.n_items as usize + 1;
        let (ic, link) = (&self.ic, &self.link);
        let nodes = (first..link.len())
            .filter(|&x| ic[x].item != SPACER.0 && link[x].down != x as u32)
            .map(|x| (x as u32, ic[x].item));
        crate::seed::list_orders(self.n_items as usize, nodes, rng)
    }

    /// Links every item `c`'s list in the order `order[start[c]..start[c +
    /// 1]]`.
    fn relink(&mut self, start: &[usize], order: &[u32]) {
        for c in 0..self.n_items as usize {
            let head = c as u32;
            let mut prev = head;
            for &x in &order[start[c]..start[c + 1]] {
                self.link[prev as usize].down = x;
                self.link[x as usize].up = prev;
                prev = x;
            }
            self.link[prev as usize].down = head;
            self.link[head as usize].up = prev;
        }
    }

    /// Node `i`.
    #[inline(always)]
    fn nd(&self, i: u32) -> Nd {
        debug_assert!((i as usize) < self.link.len());
        // SAFETY: see the note at the top of the module; `link` and `ic`
        // have one entry per node.
        let (l, c) = unsafe {
            (
                *self.link.get_unchecked(i as usize),
                *self.ic.get_unchecked(i as usize),
            )
        };
        Nd {
            up: l.up,
            down: l.down,
            item: c.item,
            color: c.color,
        }
    }

    /// The item and color code of node `i`.
    #[inline(always)]
    fn ic(&self, i: u32) -> Ic {
        debug_assert!((i as usize) < self.ic.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.ic.get_unchecked(i as usize) }
    }

    /// The first node of the option of node `x` and `x`'s place in it, when
    /// every option has `K` nodes. Where `K + 1` is a power of two that is
    /// a mask; else the place is looked up: the division it replaces sits
    /// on the path from a row to its nodes' loads (see the plain links'
    /// `place_in_option`; wrect_5x5_a5w120, `K` = 6: 13% faster).
    #[inline(always)]
    fn place_in_option<const K: usize>(&self, x: u32) -> (u32, u32) {
        place_in_uniform::<K>(x, self.n_items, &self.place)
    }

    /// The first node of the option of node `i` and its spacer.
    #[inline(always)]
    fn span(&self, i: u32) -> [u32; 2] {
        debug_assert!((i as usize) < self.spans.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.spans.get_unchecked(i as usize) }
    }

    /// The links of node `i`.
    #[inline(always)]
    fn lk(&self, i: u32) -> Link {
        debug_assert!((i as usize) < self.link.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.link.get_unchecked(i as usize) }
    }

    /// The links of node `i`, to change.
    #[inline(always)]
    fn link_mut(&mut self, i: u32) -> &mut Link {
        debug_assert!((i as usize) < self.link.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.link.get_unchecked_mut(i as usize) }
    }

    /// Sets the color code of node `i`.
    #[inline(always)]
    fn set_color(&mut self, i: u32, color: u32) {
        debug_assert!((i as usize) < self.ic.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.ic.get_unchecked_mut(i as usize).color = color };
    }

    /// The length of item `c`'s list.
    #[inline(always)]
    fn ln(&self, c: u32) -> u32 {
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.len.get_unchecked(c as usize) }
    }

    /// The bounds of primary item `c`.
    #[inline(always)]
    fn itm(&self, c: u32) -> Itm {
        debug_assert!((c as usize) < self.items.len());
        // SAFETY: see the note at the top of the module.
        unsafe { *self.items.get_unchecked(c as usize) }
    }

    /// The bounds of primary item `c`, to change.
    #[inline(always)]
    fn itm_mut(&mut self, c: u32) -> &mut Itm {
        debug_assert!((c as usize) < self.items.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.items.get_unchecked_mut(c as usize) }
    }

    /// The length of item `c`'s list, to change.
    #[inline(always)]
    fn len_mut(&mut self, c: u32) -> &mut u32 {
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: see the note at the top of the module.
        unsafe { self.len.get_unchecked_mut(c as usize) }
    }

    /// The item of node `x` ([`SPACER`] for a spacer).
    #[inline]
    pub(crate) fn item_of(&self, x: Node) -> Slot {
        Slot(self.nd(x.0).item)
    }

    /// The node after `x` in its item's list.
    #[inline]
    pub(crate) fn down(&self, x: Node) -> Node {
        Node(self.nd(x.0).down)
    }

    /// The length of item `c`'s list.
    #[inline]
    pub(crate) fn len_of(&self, c: Slot) -> u32 {
        self.ln(c.0)
    }

    /// Is every primary item covered (inactive)?
    #[inline]
    pub(crate) fn all_covered(&self) -> bool {
        self.active.iter().all(|&w| w == 0)
    }

    /// Takes primary item `c` out of the active list.
    #[inline]
    fn deactivate(&mut self, c: u32) {
        self.active[c as usize / 64] &= !(1 << (c % 64));
    }

    /// Puts primary item `c` back into the active list.
    #[inline]
    fn reactivate(&mut self, c: u32) {
        self.active[c as usize / 64] |= 1 << (c % 64);
    }

    /// Unlinks node `x` (not a spacer) from its item's list.
    ///
    /// Secondary items' lengths are kept too, though nothing reads them
    /// (Knuth's programs count the memory that skipping them would save as
    /// `lmems`): the test that would skip them cost more than the store
    /// (rxcc_p24_s12_o300 0.58 -> 0.52 s without it).
    ///
    /// With `E` (the early rule), returns whether a primary item was left
    /// without options, for [`XccLinks::row_is_dead`] to look at; false
    /// without `E`.
    #[inline(always)]
    fn hide<const E: bool>(&mut self, x: u32, item: u32) -> bool {
        let Link { up, down } = self.lk(x);
        self.link_mut(up).down = down;
        self.link_mut(down).up = up;
        let len = self.len_mut(item);
        *len -= 1;
        // Without a branch: most items that run out are of the option being
        // tried, and the row that emptied one is looked at again (see
        // `XccLinks::row_is_dead`). Secondary items never reach 0 (see
        // [`SECONDARY_LEN`]).
        E & (*len == 0)
    }

    /// After a row hid a primary item's last option: did it leave an
    /// active primary item without options that is not one of the option
    /// being tried?
    #[cold]
    fn row_is_dead<const K: usize>(&mut self, rr: u32) -> bool {
        let mut dead = false;
        self.for_row_others::<K, true>(rr, |links, _, node| {
            let c = node.item;
            dead |= c < links.n_primary
                && links.ln(c) == 0
                && links.is_active(c)
                && !links.in_trying(c);
        });
        dead
    }

    /// Is primary item `c` active?
    #[inline(always)]
    fn is_active(&self, c: u32) -> bool {
        self.active[c as usize / 64] >> (c % 64) & 1 != 0
    }

    /// Is `c` an item of the option [`XccLinks::commit_others_early`] is
    /// trying?
    #[cold]
    fn in_trying(&self, c: u32) -> bool {
        let x = self.trying;
        if self.ic(x).item == c {
            return true;
        }
        let mut nn = x + 1;
        while nn != x {
            let node = self.ic(nn);
            if node.item == SPACER.0 {
                nn = self.lk(nn).up;
            } else if node.item == c {
                return true;
            } else {
                nn += 1;
            }
        }
        false
    }

    /// Links node `x` back into its item's list.
    #[inline(always)]
    fn unhide(&mut self, x: u32, item: u32) {
        let Link { up, down } = self.lk(x);
        self.link_mut(up).down = x;
        self.link_mut(down).up = x;
        *self.len_mut(item) += 1;
    }

    /// Unlinks the nodes of option `rr` other than `rr` itself, skipping
    /// purified ones; returns how many were unlinked, and with `E` whether
    /// a primary item was left without options (see [`XccLinks::hide`]).
    #[inline(always)]
    fn hide_others<const K: usize, const E: bool, const ONE_LOOP: bool>(
        &mut self,
        rr: u32,
    ) -> (u64, bool) {
        let mut updates = 0;
        let mut emptied = false;
        self.for_row_others::<K, ONE_LOOP>(rr, |links, nn, node| {
            if node.color != PURIFIED {
                emptied |= links.hide::<E>(nn, node.item);
                updates += 1;
            }
        });
        (updates, emptied)
    }

    /// Calls `f` with each node of the option of `x` but `x` (and its
    /// record), left to right from `x`, wrapping around. When every option
    /// has `K` nodes (`K` > 0) they are found by arithmetic: option `o`
    /// starts at node `n_items + 1 + o·(K + 1)`; else by walking to the
    /// spacer and jumping back through its `up`.
    #[inline(always)]
    fn for_others<const K: usize>(&mut self, x: u32, mut f: impl FnMut(&mut Self, u32, Ic)) {
        self.for_others_while::<K, false>(x, |links, nn, node| {
            f(links, nn, node);
            true
        });
    }

    /// [`XccLinks::for_others`] for the operations on a row whose order
    /// does not matter (hiding, unhiding, testing its items: each node is
    /// in a list of its own): with options of `K` nodes, in the order of
    /// memory, skipping `x` without a branch, where the order from `x` on
    /// wraps around at every node (wrect_5x5_a5w120: that wrap was a fifth
    /// of the instructions).
    ///
    /// With options of mixed lengths ([`SPANS`]), `ONE_LOOP` takes the
    /// same single loop over the option's span, in place of the two
    /// counted loops on either side of `x`. The unhides use it: rxcc files
    /// 7-11% faster, wrect_4x5 and wrect_4x6 3-4%, the edge files within
    /// ±1%. So do the hides of the early rule, and its commits take an
    /// option's nodes in the same order (`for_others_while::<SPANS, true>`):
    /// rxcc 10-14% faster, with 1% more instructions, the branch that ends
    /// each of two loops being mispredicted where one is. DLX2's hides keep
    /// the two loops: one made the edge files 8-13% slower there, for
    /// reasons not found (the edge files take the lazy links under the
    /// early rule).
    #[inline(always)]
    fn for_row_others<const K: usize, const ONE_LOOP: bool>(
        &mut self,
        x: u32,
        mut f: impl FnMut(&mut Self, u32, Ic),
    ) {
        let (first, len, j) = if K == 0 || (K == SPANS && !ONE_LOOP) {
            return self.for_others::<K>(x, f);
        } else if K == SPANS {
            let [first, end] = self.span(x);
            (first, end - first, x - first)
        } else {
            let (first, j) = self.place_in_option::<K>(x);
            (first, K as u32, j)
        };
        for i in 0..len - 1 {
            let nn = first + i + u32::from(i >= j);
            f(self, nn, self.ic(nn));
        }
    }

    /// [`XccLinks::for_others_while`] (with the same `ONE_LOOP`) in reverse.
    #[inline(always)]
    fn for_others_rev<const K: usize, const ONE_LOOP: bool>(
        &mut self,
        x: u32,
        mut f: impl FnMut(&mut Self, u32, Ic),
    ) {
        if K == 0 {
            let mut nn = x - 1;
            while nn != x {
                let node = self.ic(nn);
                if node.item == SPACER.0 {
                    nn = self.lk(nn).down;
                    continue;
                }
                f(self, nn, node);
                nn -= 1;
            }
        } else if K == SPANS && ONE_LOOP {
            let [first, end] = self.span(x);
            let j = x - first;
            for i in (0..end - first - 1).rev() {
                let nn = first + i + u32::from(i >= j);
                f(self, nn, self.ic(nn));
            }
        } else if K == SPANS {
            let [first, end] = self.span(x);
            for nn in (first..x).rev() {
                f(self, nn, self.ic(nn));
            }
            for nn in (x + 1..end).rev() {
                f(self, nn, self.ic(nn));
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in (1..k).rev() {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                f(self, nn, self.ic(nn));
            }
        }
    }

    /// Undoes [`XccLinks::hide_others`], going forward as Knuth's `uncover`
    /// does (the order does not matter).
    #[inline(always)]
    fn unhide_others<const K: usize>(&mut self, rr: u32) {
        self.for_row_others::<K, true>(rr, |links, nn, node| {
            if node.color != PURIFIED {
                links.unhide(nn, node.item);
            }
        });
    }

    /// Covers item `c`: takes it out of the active list (a primary item,
    /// when `deactivate`) and hides every option in its list.
    #[inline]
    pub(crate) fn cover<const K: usize>(&mut self, c: u32, deactivate: bool) {
        self.cover_rows::<K, false>(c, deactivate);
    }

    /// [`XccLinks::cover`], its rows walked as [`XccLinks::for_row_others`]
    /// walks them under `ONE_LOOP`.
    #[inline(always)]
    fn cover_rows<const K: usize, const ONE_LOOP: bool>(&mut self, c: u32, deactivate: bool) {
        if deactivate && c < self.n_primary {
            self.deactivate(c);
        }
        let mut updates = 1;
        let mut rr = self.nd(c).down;
        while rr != c {
            updates += self.hide_others::<K, false, ONE_LOOP>(rr).0;
            rr = self.nd(rr).down;
        }
        self.updates += updates;
    }

    /// Undoes [`XccLinks::cover`].
    #[inline]
    pub(crate) fn uncover<const K: usize>(&mut self, c: u32, reactivate: bool) {
        let mut rr = self.nd(c).down;
        while rr != c {
            self.unhide_others::<K>(rr);
            rr = self.nd(rr).down;
        }
        if reactivate && c < self.n_primary {
            self.reactivate(c);
        }
    }

    /// Purifies the item of node `p` with `p`'s color: hides the options
    /// that give the item another color (or none), and marks those that
    /// give it the same color (DLX2's `purify`).
    fn purify<const K: usize>(&mut self, p: u32) {
        let Nd {
            item: cc, color: x, ..
        } = self.nd(p);
        let mut updates = 0;
        let mut rr = self.nd(cc).down;
        while rr != cc {
            if self.nd(rr).color != x {
                updates += self.hide_others::<K, false, false>(rr).0;
            } else if rr != p {
                self.set_color(rr, PURIFIED);
            }
            rr = self.nd(rr).down;
        }
        self.updates += updates;
    }

    /// Undoes [`XccLinks::purify`].
    fn unpurify<const K: usize>(&mut self, p: u32) {
        let cc = self.nd(p).item;
        self.unpurify_from::<K>(p, self.nd(cc).up);
    }

    /// [`XccLinks::cover`] under the early rule, stopping after the row
    /// that leaves an active primary item without options: returns that row
    /// (the cover is then partial, `c` inactive), or `None`.
    #[inline(always)]
    fn cover_early<const K: usize>(&mut self, c: u32) -> Option<u32> {
        if c < self.n_primary {
            self.deactivate(c);
        }
        let mut updates = 1;
        let mut rr = self.nd(c).down;
        let mut stopped = None;
        while rr != c {
            let (hidden, emptied) = self.hide_others::<K, true, true>(rr);
            updates += hidden;
            if emptied && self.row_is_dead::<K>(rr) {
                stopped = Some(rr);
                break;
            }
            rr = self.nd(rr).down;
        }
        self.updates += updates;
        stopped
    }

    /// Undoes the rows of item `c`'s list from `rr` back to the first, and
    /// the deactivation: the undo of a cover stopped at `rr`.
    fn uncover_from<const K: usize>(&mut self, c: u32, mut rr: u32) {
        while rr != c {
            self.unhide_others::<K>(rr);
            rr = self.nd(rr).up;
        }
        if c < self.n_primary {
            self.reactivate(c);
        }
    }

    /// [`XccLinks::purify`] under the early rule, stopping after the row
    /// that leaves an active primary item without options: returns that row
    /// (the purification is then partial), or `None`.
    #[inline(always)]
    fn purify_early<const K: usize>(&mut self, p: u32) -> Option<u32> {
        let Nd {
            item: cc, color: x, ..
        } = self.nd(p);
        let mut updates = 0;
        let mut rr = self.nd(cc).down;
        let mut stopped = None;
        while rr != cc {
            if self.nd(rr).color != x {
                let (hidden, emptied) = self.hide_others::<K, true, true>(rr);
                updates += hidden;
                if emptied && self.row_is_dead::<K>(rr) {
                    stopped = Some(rr);
                    break;
                }
            } else if rr != p {
                self.set_color(rr, PURIFIED);
            }
            rr = self.nd(rr).down;
        }
        self.updates += updates;
        stopped
    }

    /// Undoes the rows of the purification of `p`'s item from `rr` back to
    /// the first: the undo of a purification stopped at `rr` (or, from the
    /// last row, of a whole one).
    fn unpurify_from<const K: usize>(&mut self, p: u32, mut rr: u32) {
        let Nd {
            item: cc, color: x, ..
        } = self.nd(p);
        while rr != cc {
            let node = self.nd(rr);
            if node.color == PURIFIED {
                self.set_color(rr, x);
            } else if rr != p {
                // The option's other nodes, in any order (see `for_row_others`).
                self.for_row_others::<K, true>(rr, |links, nn, n| {
                    if n.color != PURIFIED {
                        links.unhide(nn, n.item);
                    }
                });
            }
            rr = node.up;
        }
    }

    /// [`XccLinks::commit_others`] under the early rule (Knuth's SSXCC backs
    /// up the same way): the covers and purifications stop after the row
    /// that leaves some active primary item without options, other than
    /// the option's own items (about to be covered); everything done is
    /// then undone and the result is false.
    #[inline]
    fn commit_others_early<const K: usize>(&mut self, x: u32) -> bool {
        self.trying = x;
        // The nodes committed (or skipped as purified) before a dead end.
        let mut done = 0;
        let ok = self.for_others_while::<K, true>(x, |links, pp, node| {
            if node.color == NO_COLOR {
                if let Some(rr) = links.cover_early::<K>(node.item) {
                    links.uncover_from::<K>(node.item, rr);
                    return false;
                }
            } else if node.color != PURIFIED {
                if let Some(rr) = links.purify_early::<K>(pp) {
                    links.unpurify_from::<K>(pp, rr);
                    return false;
                }
            }
            done += 1;
            true
        });
        if !ok {
            self.uncommit_first::<K>(x, done);
        }
        ok
    }

    /// Undoes the commits of the first `done` nodes of the option of `x`,
    /// in the order of [`XccLinks::commit_others_early`] (of
    /// [`XccLinks::for_others_while`] with `ONE_LOOP`), last first.
    #[cold]
    fn uncommit_first<const K: usize>(&mut self, x: u32, done: u32) {
        if K == SPANS {
            // The order of `for_others_while::<SPANS, true>`.
            let [first, _] = self.span(x);
            let j = x - first;
            for i in (0..done).rev() {
                let pp = first + i + u32::from(i >= j);
                self.uncommit_node::<K>(pp, self.ic(pp));
            }
            return;
        }
        let (first, end) = if K == 0 {
            let mut end = x + 1;
            while self.ic(end).item != SPACER.0 {
                end += 1;
            }
            (self.lk(end).up, end)
        } else if K == SPANS {
            let [first, end] = self.span(x);
            (first, end)
        } else {
            let first = self.place_in_option::<K>(x).0;
            (first, first + K as u32)
        };
        let len = end - first;
        for i in (0..done).rev() {
            let pp = first + (x - first + 1 + i) % len;
            self.uncommit_node::<K>(pp, self.ic(pp));
        }
    }

    /// Undoes the commit of node `pp`, whose item and color are `node` (see
    /// [`XccLinks::commit_others`]).
    #[inline(always)]
    fn uncommit_node<const K: usize>(&mut self, pp: u32, node: Ic) {
        if node.color == NO_COLOR {
            self.uncover::<K>(node.item, true);
        } else if node.color != PURIFIED {
            self.unpurify::<K>(pp);
        }
    }

    /// [`XccLinks::for_others`], stopping when `f` returns false; returns
    /// false if it stopped. With options of mixed lengths and `ONE_LOOP`,
    /// the order is that of memory, as in [`XccLinks::for_row_others`].
    #[inline(always)]
    fn for_others_while<const K: usize, const ONE_LOOP: bool>(
        &mut self,
        x: u32,
        mut f: impl FnMut(&mut Self, u32, Ic) -> bool,
    ) -> bool {
        if K == 0 {
            let mut nn = x + 1;
            while nn != x {
                let node = self.ic(nn);
                if node.item == SPACER.0 {
                    nn = self.lk(nn).up;
                    continue;
                }
                if !f(self, nn, node) {
                    return false;
                }
                nn += 1;
            }
        } else if K == SPANS && ONE_LOOP {
            let [first, end] = self.span(x);
            let j = x - first;
            for i in 0..end - first - 1 {
                let nn = first + i + u32::from(i >= j);
                if !f(self, nn, self.ic(nn)) {
                    return false;
                }
            }
        } else if K == SPANS {
            let [first, end] = self.span(x);
            for nn in x + 1..end {
                if !f(self, nn, self.ic(nn)) {
                    return false;
                }
            }
            for nn in first..x {
                if !f(self, nn, self.ic(nn)) {
                    return false;
                }
            }
        } else {
            let k = K as u32;
            let (first, j) = self.place_in_option::<K>(x);
            for i in 1..k {
                let t = j + i;
                let nn = first + if t >= k { t - k } else { t };
                if !f(self, nn, self.ic(nn)) {
                    return false;
                }
            }
        }
        true
    }

    /// Commits the items of the option of `x` other than `x`'s own (DLX2):
    /// covers the uncolored ones and purifies the colored ones not yet
    /// purified with that color.
    #[inline]
    fn commit_others<const K: usize>(&mut self, x: u32) {
        self.for_others::<K>(x, |links, pp, node| {
            if node.color == NO_COLOR {
                links.cover::<K>(node.item, true);
            } else if node.color != PURIFIED {
                links.purify::<K>(pp);
            }
        });
    }

    /// Undoes [`XccLinks::commit_others`], right to left; with
    /// `ONE_LOOP`, undoes [`XccLinks::commit_others_early`].
    #[inline]
    fn uncommit_others<const K: usize, const ONE_LOOP: bool>(&mut self, x: u32) {
        self.for_others_rev::<K, ONE_LOOP>(x, |links, pp, node| {
            links.uncommit_node::<K>(pp, node);
        });
    }

    /// [`XccLinks::commit_others`] under Algorithm M: a primary item loses
    /// one from its bound and is covered when none is left.
    #[inline]
    fn commit_others_bounded<const K: usize>(&mut self, x: u32) {
        self.for_others::<K>(x, |links, pp, node| {
            let cc = node.item;
            if cc < links.n_primary {
                let b = &mut links.itm_mut(cc).bound;
                *b -= 1;
                if *b == 0 {
                    links.cover::<K>(cc, true);
                }
            } else if node.color == NO_COLOR {
                links.cover::<K>(cc, true);
            } else if node.color != PURIFIED {
                links.purify::<K>(pp);
            }
        });
    }

    /// Undoes [`XccLinks::commit_others_bounded`].
    #[inline]
    fn uncommit_others_bounded<const K: usize>(&mut self, x: u32) {
        self.for_others_rev::<K, false>(x, |links, pp, node| {
            let cc = node.item;
            if cc < links.n_primary {
                if links.itm_mut(cc).bound == 0 {
                    links.uncover::<K>(cc, true);
                }
                links.itm_mut(cc).bound += 1;
            } else if node.color == NO_COLOR {
                links.uncover::<K>(cc, true);
            } else if node.color != PURIFIED {
                links.unpurify::<K>(pp);
            }
        });
    }

    /// Hides the option of node `n`, the topmost in its item's list, and
    /// takes it out of that list (DLX3's `tweak`); when `block` is false the
    /// item was covered, which already hid the option's other nodes.
    fn tweak<const K: usize>(&mut self, n: u32, block: bool) {
        let mut updates = 1;
        if block {
            updates += self.hide_others::<K, false, false>(n).0;
        }
        // `n` is in a primary item's list, so never purified.
        let _ = self.hide::<false>(n, self.ic(n).item);
        self.updates += updates;
    }

    /// Undoes the tweaks of item `c` since `x` was its topmost option
    /// (DLX3's `untweak`), and the cover of `c` when `unblock` is false.
    fn untweak<const K: usize>(&mut self, c: u32, x: u32, unblock: bool) {
        let z = self.nd(c).down;
        self.link_mut(c).down = x;
        let (mut rr, mut k, mut qq) = (x, 0, c);
        while rr != z {
            self.link_mut(rr).up = qq;
            k += 1;
            if unblock {
                self.unhide_others::<K>(rr);
            }
            qq = rr;
            rr = self.nd(rr).down;
        }
        self.link_mut(rr).up = qq;
        *self.len_mut(c) += k;
        if !unblock {
            self.uncover::<K>(c, false);
        }
    }

    /// The item [`Solver::branch`](crate::Solver::branch) reports: DLX2's
    /// choice, or DLX3's when `bounded`, and whether it is a dead end;
    /// `None` when no primary item is active.
    pub(crate) fn choose_item(&self, bounded: bool) -> Option<(Slot, bool)> {
        if bounded {
            let (best, score) = self.choose_bounded();
            (score != INFINITY).then_some((Slot(best), score <= 0))
        } else {
            let best = self.choose()?;
            Some((Slot(best), self.ln(best) == 0))
        }
    }

    /// The place of level `level`'s choice `cur` among the choices of its
    /// item `stop`, and their number, for Knuth's progress estimate. Under
    /// bounds the tweaked options have left the list (they are counted from
    /// the level's first tweak) and the null move counts as a choice.
    pub(crate) fn position(
        &self,
        level: usize,
        cur: Node,
        stop: Node,
        bounded: bool,
    ) -> (u32, u32) {
        let c = stop.0;
        let tweaking = bounded && !(self.itm(c).bound == 0 && self.itm(c).slack == 0);
        let mut x = if tweaking {
            self.first_tweak[level]
        } else {
            self.nd(c).down
        };
        let mut k = 0;
        while x != cur.0 && x != c {
            k += 1;
            x = self.nd(x).down;
        }
        let n = if tweaking {
            k + self.ln(c) + 1
        } else {
            self.ln(c)
        };
        (k, n.max(k + 1))
    }

    /// The item to branch on: DLX2's choice, the leftmost active primary
    /// item of least length with the scan stopping at length 0, or under
    /// another [`ColorChoice`] that rule's (the scan stopping at length 1,
    /// or the leftmost item); a seed's ranks break ties in every rule but
    /// `First`. `None` when no primary item is active.
    #[inline]
    fn choose(&self) -> Option<u32> {
        if !self.rank.is_empty() && self.choice_rule != ColorChoice::First {
            return self.choose_ranked();
        }
        match self.choice_rule {
            ColorChoice::Dlx2 => leftmost_min::<0>(&self.active, &self.len),
            ColorChoice::UpToOne => leftmost_min::<1>(&self.active, &self.len),
            ColorChoice::First => first_active(&self.active),
        }
    }

    /// [`XccLinks::choose`] under a seed: ties of length are broken by
    /// least rank.
    #[inline(never)]
    fn choose_ranked(&self) -> Option<u32> {
        let mut best: Option<(u32, u32, u32)> = None;
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let l = self.ln(k);
                if l == 0 {
                    return Some(k);
                }
                let r = self.rank[k as usize];
                if best.is_none_or(|(bl, br, _)| (l, r) < (bl, br)) {
                    best = Some((l, r, k));
                }
            }
        }
        best.map(|(_, _, k)| k)
    }

    /// DLX3's choice: the active primary item of least score (see the
    /// module notes) and that score; [`INFINITY`] when none is active. A
    /// score of 0 or less ends the level whatever the item, so the scan
    /// stops there.
    fn choose_bounded(&self) -> (u32, i64) {
        // The rule as one key, least first: (score, s, !len, index).
        let ranked = !self.rank.is_empty();
        let mut best = u128::MAX;
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let Itm { bound: b, slack } = self.itm(k);
                let s = u64::from(slack.min(b));
                let l = self.ln(k);
                let t = u64::from(l) + s + 1;
                if t <= u64::from(b) {
                    return (k, t as i64 - i64::from(b));
                }
                let score = t - u64::from(b);
                // Under a seed the item's rank breaks the last tie.
                let last = if ranked { self.rank[k as usize] } else { k };
                let key = u128::from(score) << 96
                    | u128::from(s) << 64
                    | u128::from(!l) << 32
                    | u128::from(last);
                best = best.min(key);
            }
        }
        if best == u128::MAX {
            return (0, INFINITY);
        }
        let last = best as u32;
        let best_item = if ranked {
            self.ranked_item[last as usize]
        } else {
            last
        };
        (best_item, (best >> 96) as i64)
    }

    /// Commits option `x` (its first node) before the search (see
    /// [`Solver::force`]), the option being compatible with those forced
    /// before it: takes its nodes out of their items' lists (a linked option
    /// is still visible, so they are all there, but for those frozen in a
    /// purified list), then counts down its primary items' bounds, covering
    /// those that reach 0, and covers its uncolored secondary items and
    /// purifies its colored ones. `colored[k]` says that an earlier forced
    /// option already gave the item of the option's `k`-th node this color.
    ///
    /// [`Solver::force`]: crate::Solver::force
    pub(crate) fn force(&mut self, x: u32, colored: &[bool]) {
        let mut end = x;
        while self.nd(end).item != SPACER.0 {
            end += 1;
        }
        let linked = (x..end).any(|nn| self.nd(nn).item < self.n_primary);
        if linked {
            for nn in x..end {
                let node = self.ic(nn);
                if node.color != PURIFIED {
                    let _ = self.hide::<false>(nn, node.item);
                    self.updates += 1;
                }
            }
        }
        for (k, pp) in (x..end).enumerate() {
            let node = self.nd(pp);
            let cc = node.item;
            if cc < self.n_primary {
                let b = &mut self.itm_mut(cc).bound;
                *b -= 1;
                if *b == 0 {
                    self.cover::<0>(cc, true);
                }
            } else if node.color == NO_COLOR {
                self.cover::<0>(cc, true);
            } else if node.color != PURIFIED && !colored[k] {
                self.purify::<0>(pp);
            }
        }
    }
}

/// The length shared by every option of the node layout `items` (whose
/// first spacer is node `n`), or 0 when the lengths differ, there is no
/// option, or the item lists are short (fewer than 8 nodes on average).
/// As in the plain links, finding an option's nodes by arithmetic pays
/// where the lists are long (tetro_1to3_5x8 0.265 -> 0.212 s,
/// wrect_5x5_a5w120 0.345 -> 0.323 s) and not on short ones, where the
/// walk to the spacer is well predicted (latin_n7_g10, 3.8 nodes per item:
/// 0.176 -> 0.186 s).
fn uniform_len(items: &[Slot], n: usize) -> u32 {
    let mut len = None;
    let mut start = n + 1;
    for (x, &it) in items.iter().enumerate().skip(n + 1) {
        if it == SPACER {
            let l = x - start;
            if len.is_some_and(|k| k != l) {
                return 0;
            }
            len = Some(l);
            start = x + 1;
        }
    }
    let option_nodes =
        items.len() - (n + 1) - items[n + 1..].iter().filter(|&&s| s == SPACER).count();
    match len {
        Some(k) if option_nodes >= 8 * n => k as u32,
        _ => 0,
    }
}

/// How the search loops walk an option (the `K` they are compiled for):
/// by arithmetic when all options have one length and the lists are long
/// ([`uniform_len`]), by the spacer when all have one length, else by the
/// options' spans ([`SPANS`]).
fn walk(items: &[Slot], n: usize) -> u32 {
    let k = uniform_len(items, n);
    if k >= 2 {
        return k;
    }
    let mut len = None;
    let mut start = n + 1;
    for (x, &it) in items.iter().enumerate().skip(n + 1) {
        if it == SPACER {
            if len.is_some_and(|l| l != x - start) {
                return SPANS as u32;
            }
            len = Some(x - start);
            start = x + 1;
        }
    }
    0
}

/// Where a colored search stands between calls, and what it has counted:
/// the solver's fields, lent to the search loops.
pub(crate) struct Run<'s> {
    pub(crate) choice: &'s mut [Node],
    pub(crate) stop: &'s mut [Node],
    pub(crate) level: usize,
    /// Resume point: `Forward`, `Recover` (after a solution) or `Done`.
    pub(crate) state: crate::solver::State,
    pub(crate) nodes: u64,
    pub(crate) solutions: u64,
    pub(crate) node_limit: u64,
    /// Were options forced (then a solution at the root is not a node of
    /// its own, as in the plain search)?
    pub(crate) forced: bool,
    /// Number of chosen entries of the solution found, if one was.
    pub(crate) solution_len: Option<usize>,
    /// Under bounds, the level the search started at (0, or the depth of a
    /// replayed part): it never backs up above it.
    pub(crate) floor: usize,
}

/// What the search does on entering a level under bounds (see
/// [`XccLinks::moves_bounded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moves {
    /// No primary item is active: a solution.
    Solution,
    /// An item cannot reach its lower bound: the level ends at once.
    DeadEnd,
    /// The search branches: this many moves (options tried, then perhaps
    /// the null move), each a subtree.
    Branch(u32),
}

use crate::solver::{State, Step};

/// The moves of Algorithm C's levels on links of some layout, for
/// [`search_levels`]: the colored links ([`Colored`]) and the lazy links
/// (`lazy.rs`). Nodes are the links' own.
pub(crate) trait Levels {
    /// The item to branch on; `None` when every primary item is covered.
    fn choose(&self) -> Option<u32>;
    /// The length of item `c`'s list.
    fn len(&self, c: u32) -> u32;
    /// Counts what a dead end costs (DLX2 covers and uncovers the empty
    /// item).
    fn dead_end(&mut self);
    /// Covers item `c` for a level; returns the first node of its list.
    fn open(&mut self, c: u32) -> u32;
    /// Uncovers the item of `head`, the header its level stops at.
    fn close(&mut self, head: u32);
    /// Commits the option of node `x`, tried at `level`; false when that
    /// is a dead end, found and undone at once (the early rule).
    fn commit(&mut self, x: u32, level: usize) -> bool;
    /// Undoes the commit of the option of node `x` at `level`.
    fn uncommit(&mut self, x: u32, level: usize);
    /// The node after `x` in its item's list.
    fn down(&self, x: u32) -> u32;
    /// Is every primary item covered?
    fn all_covered(&self) -> bool;
}

/// Algorithm C's search loop (DLX2's levels, resumable between calls) on
/// `links`, until `run.solutions` reaches `target`, the tree is exhausted
/// or the node limit stops it.
#[inline(always)]
pub(crate) fn search_levels<L: Levels>(links: &mut L, run: &mut Run<'_>, target: u64) -> Step {
    let mut resume = match run.state {
        State::Done => return Step::Exhausted,
        State::Forward => false,
        State::Recover => true,
    };
    let choice = &mut *run.choice;
    let stop = &mut *run.stop;
    let mut level = run.level;
    // C6: undo the option tried at a level and move to the next. A
    // function that is always inlined: as a closure it was not, on DLX2's
    // loops over options found by their spacers (Latin squares 2% more
    // instructions and 3% slower).
    #[inline(always)]
    fn recover<L: Levels>(links: &mut L, choice: &mut [Node], level: usize) {
        let cur = choice[level].0;
        links.uncommit(cur, level);
        choice[level] = Node(links.down(cur));
    }
    let step = 'forward: loop {
        if resume {
            resume = false;
            recover(links, choice, level);
        } else {
            // C2-C3: enter a level and choose its item.
            if run.nodes >= run.node_limit {
                run.state = State::Forward;
                break Step::NodeLimit;
            }
            run.nodes += 1;
            let Some(best) = links.choose() else {
                // Nothing to cover at the root: the forced options (or
                // none) are the one solution.
                if !run.forced {
                    run.nodes += 1;
                }
                run.solutions += 1;
                run.state = State::Done;
                if run.solutions >= target {
                    run.solution_len = Some(level);
                    break Step::Found;
                }
                break Step::Exhausted;
            };
            if links.len(best) == 0 {
                links.dead_end();
                if level == 0 {
                    run.state = State::Done;
                    break Step::Exhausted;
                }
                level -= 1;
                recover(links, choice, level);
            } else {
                choice[level] = Node(links.open(best));
                stop[level] = Node(best);
            }
        }
        loop {
            // C5: try the option at choice[level], unless the list is
            // exhausted (or its rest was split off).
            let cur = choice[level];
            if cur == stop[level] {
                // C7: restore the item and go up.
                links.close(cur.0);
                if level == 0 {
                    run.state = State::Done;
                    break 'forward Step::Exhausted;
                }
                level -= 1;
            } else {
                if !links.commit(cur.0, level) {
                    // A dead end, found while committing and already
                    // undone: not a node; the next option.
                    choice[level] = Node(links.down(cur.0));
                    continue;
                }
                if !links.all_covered() {
                    level += 1;
                    continue 'forward;
                }
                run.nodes += 1;
                run.solutions += 1;
                if run.solutions >= target {
                    run.state = State::Recover;
                    run.solution_len = Some(level + 1);
                    break 'forward Step::Found;
                }
            }
            recover(links, choice, level);
        }
    };
    run.level = level;
    step
}

/// The colored links as [`Levels`], for options of `K` nodes (see
/// [`walk`]), under the early rule when `E`.
struct Colored<'a, const K: usize, const E: bool>(&'a mut XccLinks);

impl<const K: usize, const E: bool> Levels for Colored<'_, K, E> {
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
        self.0.cover_rows::<K, E>(c, true);
        self.0.nd(c).down
    }

    #[inline(always)]
    fn close(&mut self, head: u32) {
        self.0.uncover::<K>(self.0.nd(head).item, true);
    }

    #[inline(always)]
    fn commit(&mut self, x: u32, _level: usize) -> bool {
        if E {
            self.0.commit_others_early::<K>(x)
        } else {
            self.0.commit_others::<K>(x);
            true
        }
    }

    #[inline(always)]
    fn uncommit(&mut self, x: u32, _level: usize) {
        self.0.uncommit_others::<K, E>(x);
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.0.nd(x).down
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.0.all_covered()
    }
}

impl XccLinks {
    /// M3-M4: enters `level` on item `best` (under bounds): the item loses
    /// one from its bound and is covered when it has neither bound nor
    /// slack left (then the level tries its options as DLX2 does); else its
    /// options will be tweaked, from the first.
    #[inline(always)]
    fn enter_bounded<const K: usize>(
        &mut self,
        level: usize,
        best: u32,
        choice: &mut [Node],
        stop: &mut [Node],
    ) {
        let cur = self.nd(best).down;
        choice[level] = Node(cur);
        stop[level] = Node(best);
        self.itm_mut(best).bound -= 1;
        let Itm { bound, slack } = self.itm(best);
        if bound == 0 && slack == 0 {
            self.cover::<K>(best, true);
        } else {
            self.first_tweak[level] = cur;
            if bound == 0 {
                self.cover::<K>(best, true);
            }
        }
    }

    /// M5: makes the move at `choice[level]` (an option, or the null move
    /// at the item's header), or returns false when the level is done: its
    /// options are exhausted, or too few are left for the lower bound.
    #[inline(always)]
    fn advance_bounded<const K: usize>(
        &mut self,
        level: usize,
        choice: &[Node],
        stop: &[Node],
    ) -> bool {
        let best = stop[level].0;
        let cur = choice[level].0;
        let Itm { bound: b, slack: s } = self.itm(best);
        if b == 0 && s == 0 {
            if cur == best {
                return false;
            }
        } else if i64::from(self.ln(best)) <= i64::from(b) - i64::from(s) {
            return false;
        } else if cur != best {
            self.tweak::<K>(cur, b != 0);
        } else if b != 0 {
            self.deactivate(best);
        }
        if cur != best {
            self.commit_others_bounded::<K>(cur);
        }
        true
    }

    /// What the search under bounds does on entering a level in the
    /// present state: how many moves it makes there, counted as
    /// [`XccLinks::advance_bounded`] will allow them: every option of a
    /// covered item; of a tweaked one, options while more are left than
    /// its bound needs, and then the null move if the slack allows.
    pub(crate) fn moves_bounded(&self) -> Moves {
        let (best, score) = self.choose_bounded();
        if score == INFINITY {
            return Moves::Solution;
        }
        if score <= 0 {
            return Moves::DeadEnd;
        }
        let Itm { bound, slack } = self.itm(best);
        let (b, s) = (i64::from(bound) - 1, i64::from(slack));
        let len = i64::from(self.ln(best));
        let n = if b == 0 && s == 0 {
            len
        } else if b - s >= 0 {
            (len - (b - s)).max(0)
        } else {
            len + 1
        };
        Moves::Branch(n as u32)
    }

    /// Puts the search under bounds where it stands after the moves `path`
    /// (one per level, each an index among the level's moves as
    /// [`XccLinks::moves_bounded`] counts them), as the sequential search
    /// leaves the links there: the options tried before a level's move are
    /// tweaked away (their subtrees are another part's), not explored.
    /// Returns false, with the links half-way, for a path that is not one.
    pub(crate) fn replay_bounded(
        &mut self,
        path: &[u32],
        choice: &mut [Node],
        stop: &mut [Node],
    ) -> bool {
        for (level, &m) in path.iter().enumerate() {
            match self.moves_bounded() {
                Moves::Branch(n) if m < n => {}
                _ => return false,
            }
            let (best, _) = self.choose_bounded();
            self.enter_bounded::<0>(level, best, choice, stop);
            for _ in 0..m {
                // The move tried and undone: only its tweak stays.
                let cur = choice[level].0;
                let Itm { bound, slack } = self.itm(best);
                if !(bound == 0 && slack == 0) {
                    self.tweak::<0>(cur, bound != 0);
                }
                choice[level] = Node(self.nd(cur).down);
            }
            if !self.advance_bounded::<0>(level, choice, stop) {
                return false;
            }
        }
        true
    }

    /// Algorithm C (DLX2) until `run.solutions` reaches `target`, the tree
    /// is exhausted or the node limit stops it: the copy of the loop for the
    /// problem's option length, when all options share one.
    ///
    /// With `early` the search follows the early rule
    /// ([`Branching::Early`](crate::Branching::Early)): an option whose
    /// commit leaves some active primary item without options is undone at
    /// once and is not a node (the item choice is `choice_rule`'s).
    pub(crate) fn search_colors(&mut self, run: &mut Run<'_>, target: u64, early: bool) -> Step {
        if early {
            return match self.uniform {
                1 => self.search_colors_k::<SPANS, true>(run, target),
                2 => self.search_colors_k::<2, true>(run, target),
                3 => self.search_colors_k::<3, true>(run, target),
                4 => self.search_colors_k::<4, true>(run, target),
                5 => self.search_colors_k::<5, true>(run, target),
                6 => self.search_colors_k::<6, true>(run, target),
                7 => self.search_colors_k::<7, true>(run, target),
                _ => self.search_colors_k::<0, true>(run, target),
            };
        }
        match self.uniform {
            1 => self.search_colors_k::<SPANS, false>(run, target),
            2 => self.search_colors_k::<2, false>(run, target),
            3 => self.search_colors_k::<3, false>(run, target),
            4 => self.search_colors_k::<4, false>(run, target),
            5 => self.search_colors_k::<5, false>(run, target),
            6 => self.search_colors_k::<6, false>(run, target),
            7 => self.search_colors_k::<7, false>(run, target),
            _ => self.search_colors_k::<0, false>(run, target),
        }
    }

    /// Algorithm M (DLX3), as [`XccLinks::search_colors`].
    pub(crate) fn search_bounds(&mut self, run: &mut Run<'_>, target: u64) -> Step {
        match self.uniform {
            1 => self.search_bounds_k::<SPANS>(run, target),
            2 => self.search_bounds_k::<2>(run, target),
            3 => self.search_bounds_k::<3>(run, target),
            4 => self.search_bounds_k::<4>(run, target),
            5 => self.search_bounds_k::<5>(run, target),
            6 => self.search_bounds_k::<6>(run, target),
            7 => self.search_bounds_k::<7>(run, target),
            _ => self.search_bounds_k::<0>(run, target),
        }
    }

    /// [`XccLinks::search_colors`] for options of `K` nodes (0: any):
    /// Algorithm C (DLX2) until `run.solutions` reaches `target`, the tree
    /// is exhausted or the node limit stops it. The levels are DLX1's, so
    /// `choice` and `stop` mean what they mean in the plain search.
    fn search_colors_k<const K: usize, const E: bool>(
        &mut self,
        run: &mut Run<'_>,
        target: u64,
    ) -> Step {
        search_levels(&mut Colored::<K, E>(self), run, target)
    }

    /// Algorithm M (DLX3), resumable as [`XccLinks::search_colors`]. A
    /// level whose `choice` is its item's header (`stop`) made the null
    /// move; `first_tweak` keeps each level's first tweaked option.
    fn search_bounds_k<const K: usize>(&mut self, run: &mut Run<'_>, target: u64) -> Step {
        #[derive(Clone, Copy)]
        enum At {
            Forward,
            Advance,
            Backup,
            Backdown,
        }
        let mut at = match run.state {
            State::Done => return Step::Exhausted,
            State::Forward => At::Forward,
            State::Recover => At::Backdown,
        };
        let choice = &mut *run.choice;
        let stop = &mut *run.stop;
        let mut level = run.level;
        let floor = run.floor;
        let step = loop {
            match at {
                At::Forward => {
                    // M2-M3: enter a level and choose its item.
                    if run.nodes >= run.node_limit {
                        run.state = State::Forward;
                        break Step::NodeLimit;
                    }
                    run.nodes += 1;
                    let (best, score) = self.choose_bounded();
                    if score == INFINITY {
                        run.solutions += 1;
                        if run.solutions >= target {
                            run.state = State::Recover;
                            run.solution_len = Some(level);
                            break Step::Found;
                        }
                        at = At::Backdown;
                        continue;
                    }
                    if score <= 0 {
                        // Too few options left for the item's lower bound.
                        at = At::Backdown;
                        continue;
                    }
                    self.enter_bounded::<K>(level, best, choice, stop);
                    at = At::Advance;
                }
                At::Advance => {
                    // M5: try the next option, or the null move, or give up.
                    if !self.advance_bounded::<K>(level, choice, stop) {
                        at = At::Backup;
                        continue;
                    }
                    level += 1;
                    at = At::Forward;
                }
                At::Backup => {
                    // M8: restore the level's item.
                    let best = stop[level].0;
                    if self.itm_mut(best).bound == 0 && self.itm_mut(best).slack == 0 {
                        self.uncover::<K>(best, true);
                    } else {
                        let x = self.first_tweak[level];
                        let unblock = self.itm(best).bound != 0;
                        self.untweak::<K>(best, x, unblock);
                    }
                    self.itm_mut(best).bound += 1;
                    at = At::Backdown;
                }
                At::Backdown => {
                    // M9: go up a level and undo its move (not above the
                    // level a replayed part starts at).
                    if level == floor {
                        run.state = State::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    let cur = choice[level];
                    if cur == stop[level] {
                        self.reactivate(cur.0);
                        at = At::Backup;
                        continue;
                    }
                    self.uncommit_others_bounded::<K>(cur.0);
                    choice[level] = Node(self.nd(cur.0).down);
                    at = At::Advance;
                }
            }
        };
        run.level = level;
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    /// The nodes of each item's list, top to bottom.
    fn lists(x: &XccLinks) -> Vec<Vec<u32>> {
        (0..x.n_items)
            .map(|c| {
                let mut nodes = Vec::new();
                let mut rr = x.lk(c).down;
                while rr != c {
                    assert_eq!(x.lk(x.lk(rr).down).up, rr, "a broken link");
                    nodes.push(rr);
                    rr = x.lk(rr).down;
                }
                nodes
            })
            .collect()
    }

    /// The solutions of `p` with the options `forced` forced, under
    /// `rule`, as sorted option indices; `None` when forcing fails.
    fn forced_solutions(
        p: &mut crate::Problem,
        rule: crate::Branching,
        forced: &[usize],
    ) -> Option<std::collections::BTreeSet<Vec<usize>>> {
        let mut s = p.solver();
        s.set_branching(rule);
        for &o in forced {
            s.force(crate::OptionId::new(o)).ok()?;
        }
        let mut found = std::collections::BTreeSet::new();
        while s.next_solution() == crate::Step::Found {
            let mut o: Vec<usize> = s.solution().map(crate::OptionId::index).collect();
            o.sort_unstable();
            assert!(found.insert(o), "a solution found twice");
        }
        Some(found)
    }

    /// The early rule builds the links again in order of length when it
    /// starts, and forces the forced options again: every pair of options
    /// forced (options without a primary item too, which purify without
    /// being in a list) finds what DLX2's rule on the links in order finds.
    #[test]
    fn options_forced_in_pairs_are_forced_again_in_order_of_length() {
        let mut rng = Rng::new(23);
        let mut mixed = 0;
        for _ in 0..150 {
            let mut p = crate::lazy::tests::random_problem(&mut rng);
            p.prepare_xcc(p.primary_count() + 1);
            mixed += usize::from(p.xcc.mixed_lengths());
            let n = p.option_count();
            for a in 0..n {
                for b in 0..n {
                    let pair = [a, b];
                    assert_eq!(
                        forced_solutions(&mut p, crate::Branching::Early, &pair),
                        forced_solutions(&mut p, crate::Branching::MinLength, &pair),
                        "options {a} and {b} forced"
                    );
                }
            }
        }
        assert!(mixed >= 100, "{mixed} problems of mixed lengths");
    }

    #[test]
    fn lists_in_order_of_length_keep_their_nodes_shortest_first() {
        let mut rng = Rng::new(19);
        for _ in 0..300 {
            let mut p = crate::lazy::tests::random_problem(&mut rng);
            p.prepare_xcc(p.primary_count() + 1);
            let (before, lengths) = (lists(&p.xcc), p.xcc.len.clone());
            p.xcc.order_by_length();
            let after = lists(&p.xcc);
            assert_eq!(p.xcc.len, lengths);
            for (b, a) in before.iter().zip(&after) {
                let mut sorted = b.clone();
                sorted.sort_by_key(|&x| {
                    let [first, end] = p.xcc.span(x);
                    (end - first, x)
                });
                assert_eq!(a, &sorted);
            }
        }
    }
}

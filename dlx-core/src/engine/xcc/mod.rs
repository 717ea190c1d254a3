//! The colored links: the arena that Knuth's Algorithm C (his program
//! DLX2, colors: [`color`]) and Algorithm M (DLX3, multiplicities:
//! [`bounds`]) search, built from the problem's options.
//!
//! # Implementation notes
//!
//! A problem whose options give colors to secondary items, or whose primary
//! items have bounds other than exactly once, is searched here rather than
//! on the plain [`Links`](crate::engine::exact::Links): the kind of problem is
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
//!   longer list, then the leftmost: a scan of the active items, or on
//!   problems with many primary items a tree of their keys ([`scores`]),
//!   which the scan could not stop early for.
//!
//! Counts follow the programs exactly: nodes are levels entered (DLX2 also
//! counts one per solution; DLX3 enters a level for each solution, dead end
//! and null move), updates are items covered plus option nodes unlinked.
//! On a problem without bounds the search is DLX2's, with DLX2's update for
//! the cover of an empty item at a dead end (DLX3 skips that cover).
//!
//! # Bounds
//!
//! The arena's arrays are [`Arr`]s, indexed unchecked in release builds
//! (see [`crate::engine::arena`]; against checked indexing it measured
//! 5-17% faster on the shared XCC files). Every index the search reads
//! comes from the arrays themselves or from `build`, which only stores
//! indices of entries it has written, and the arrays do not change size
//! between builds; debug builds check every bound.

use crate::engine::arena::{nodes, place_in_uniform, Arr, ItemColor, ItemIx, Link, Node, SPACER};
use crate::rule::ColorChoice;

pub(crate) mod bounds;
mod choose;
pub(crate) mod color;
mod log;
mod scores;
#[cfg(test)]
mod tests;

/// The color code of a node that names its item without a color.
pub(crate) const NO_COLOR: u32 = 0;

/// The color code of a node whose item was purified with the node's own
/// color (Knuth's `-1`): the node stays in the item's frozen list.
pub(crate) const PURIFIED: u32 = u32::MAX;

/// What Algorithm M keeps of a primary item (Knuth keeps the two together
/// too: the choice reads both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bounds {
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
    link: Arr<Node, Link>,
    item_color: Arr<Node, ItemColor>,
    /// Number of visible options in each item's list.
    len: Arr<ItemIx, u32>,
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
    bounds: Arr<ItemIx, Bounds>,
    /// The first option tweaked at each level (Algorithm M).
    first_tweak: Vec<Node>,
    /// Items covered plus option nodes unlinked, as Knuth counts them.
    pub(crate) updates: u64,
    /// For each node, the first node of its option and the option's spacer
    /// (see [`XccLinks::for_others`]).
    spans: Arr<Node, [Node; 2]>,
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
    trying: Node,
    /// Under bounds, with many primary items, the tree of DLX3's choice
    /// (see [`scores`]).
    scores: scores::Scores,
    /// What Algorithm C's levels changed, for their undo (`log.rs`).
    log: log::HideLog,
}

/// The `K` of the search loops whose options have lengths that differ:
/// an option's other nodes are walked in two counted loops, from the node
/// to the spacer and from the option's first node back to it, instead of
/// testing every node for the spacer. Where lengths differ that test is
/// mispredicted at the end of most options (rxcc_p24_s12_o300 0.534 ->
/// 0.497 s); where they are all equal it is predicted, and the two loops
/// cost more (latin_n7_g10 0.175 -> 0.204 s), so there the walk stays.
/// (Options of one node have no others, so `K` = 1 means nothing else.)
pub(crate) const SPANS: usize = 1;

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
        items: &[ItemIx],
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
        let (link, item_color) = (&mut self.link.data, &mut self.item_color.data);
        link.clear();
        item_color.clear();
        link.extend((0..n).map(|c| Link {
            up: Node(c),
            down: Node(c),
        }));
        item_color.extend((0..n).map(|c| ItemColor {
            item: ItemIx(c),
            color: NO_COLOR,
        }));
        let len = &mut self.len.data;
        len.clear();
        len.resize(n as usize, 0);
        // The option nodes, then links for the options with a primary item.
        let mut first = n as usize + 1;
        link.push(Link::default());
        item_color.push(ItemColor {
            item: SPACER,
            color: NO_COLOR,
        });
        while first < items.len() {
            let end = first + items[first..].iter().position(|&s| s == SPACER).unwrap();
            let linked = items[first..end].iter().any(|s| s.0 < primary);
            for (x, &it) in (first..end).zip(&items[first..end]) {
                let mut node = Link {
                    up: Node(x as u32),
                    down: Node(x as u32),
                };
                if linked {
                    let head = it.0 as usize;
                    let last = link[head].up;
                    node.up = last;
                    node.down = it.header();
                    link[last.0 as usize].down = Node(x as u32);
                    link[head].up = Node(x as u32);
                    len[head] += 1;
                }
                link.push(node);
                item_color.push(ItemColor {
                    item: it,
                    color: colors.get(x).copied().unwrap_or(NO_COLOR),
                });
            }
            // The spacer: `up` is the option's first node; the spacer
            // before the option gets its last node as `down`.
            link[first - 1].down = Node(end as u32 - 1);
            link.push(Link {
                up: Node(first as u32),
                down: Node(end as u32),
            });
            item_color.push(ItemColor {
                item: SPACER,
                color: NO_COLOR,
            });
            first = end + 1;
        }
        // Nothing reads a secondary item's length; from this offset it never
        // reaches 0, so the early rule's hides need not ask which kind of
        // item they emptied (a secondary item has fewer than 2^31 nodes).
        for l in &mut len[primary as usize..] {
            *l += SECONDARY_LEN;
        }
        self.uniform = walk(items, n as usize);
        let spans = &mut self.spans.data;
        spans.clear();
        spans.resize(link.len(), [Node(0), Node(0)]);
        self.place.clear();
        self.place.resize(link.len(), 0);
        let mut start = n as usize + 1;
        for (x, node) in item_color.iter().enumerate().skip(start) {
            if node.item == SPACER {
                for s in &mut spans[start..x] {
                    *s = [Node(start as u32), Node(x as u32)];
                }
                for (j, p) in self.place[start..x].iter_mut().enumerate() {
                    *p = j.min(255) as u8;
                }
                start = x + 1;
            }
        }
        self.active.clear();
        self.active
            .resize((primary as usize).div_ceil(64), u64::MAX);
        if primary % 64 != 0 {
            if let Some(last) = self.active.last_mut() {
                *last = (1 << (primary % 64)) - 1;
            }
        }
        self.bounds.clear();
        for c in 0..primary as usize {
            let (lo, hi) = bounds.get(c).copied().unwrap_or((1, 1));
            self.bounds.data.push(Bounds {
                bound: hi,
                slack: hi - lo,
            });
        }
        self.first_tweak.clear();
        self.first_tweak.resize(levels, Node(0));
        self.rank.clear();
        let tree = !bounds.is_empty() && primary >= scores::tree_from();
        self.scores.build(tree, primary, n);
    }

    /// Seeds the search, the links being as built: ranks the primary items
    /// and shuffles every item's list (see [`crate::seed`]).
    pub(crate) fn seed(&mut self, rng: &mut crate::seed::Rng) {
        (self.rank, self.ranked_item) = crate::seed::ranks(self.n_primary as usize, rng);
        let (start, order) = self.list_orders(Some(rng));
        self.relink(&start, &order);
        // The ranks are in the keys of the choice's tree.
        self.scores.valid = false;
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
                let [first, end] = self.spans[Node(x)];
                (end.0 - first.0, x)
            });
        }
        self.relink(&start, &order);
    }

    /// The nodes of every item's list, in the order of the problem (or
    /// shuffled with `rng`), as [`crate::seed::list_orders`] gives them.
    fn list_orders(&self, rng: Option<&mut crate::seed::Rng>) -> (Vec<usize>, Vec<u32>) {
        let first = self.n_items as usize + 1;
        let (item_color, link) = (&self.item_color.data, &self.link.data);
        let nodes = (first..link.len())
            .filter(|&x| item_color[x].item != SPACER && link[x].down != Node(x as u32))
            .map(|x| (x as u32, item_color[x].item.0));
        crate::seed::list_orders(self.n_items as usize, nodes, rng)
    }

    /// Links every item `c`'s list in the order `order[start[c]..start[c +
    /// 1]]`.
    fn relink(&mut self, start: &[usize], order: &[u32]) {
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
    }

    /// The first node of the option of node `x` and `x`'s place in it, when
    /// every option has `K` nodes. Where `K + 1` is a power of two that is
    /// a mask; else the place is looked up: the division it replaces sits
    /// on the path from a row to its nodes' loads (see the plain links'
    /// `place_in_option`; wrect_5x5_a5w120, `K` = 6: 13% faster).
    #[inline(always)]
    fn place_in_option<const K: usize>(&self, x: Node) -> (Node, u32) {
        let (first, j) = place_in_uniform::<K>(x.0, self.n_items, &self.place);
        (Node(first), j)
    }

    /// The item of node `x` ([`SPACER`] for a spacer).
    #[inline]
    pub(crate) fn item_of(&self, x: Node) -> ItemIx {
        self.item_color[x].item
    }

    /// The node after `x` in its item's list.
    #[inline]
    pub(crate) fn down(&self, x: Node) -> Node {
        self.link[x].down
    }

    /// The length of item `c`'s list.
    #[inline]
    pub(crate) fn len_of(&self, c: ItemIx) -> u32 {
        self.len[c]
    }

    /// Is every primary item covered (inactive)?
    #[inline]
    pub(crate) fn all_covered(&self) -> bool {
        self.active.iter().all(|&w| w == 0)
    }

    /// The bits of the active primary items (see [`XccLinks::active`]).
    #[inline]
    pub(crate) fn active_words(&self) -> &[u64] {
        &self.active
    }

    /// How the search loops walk an option: the `K` of their copy (see
    /// [`walk`]).
    pub(crate) fn walk_len(&self) -> u32 {
        self.uniform
    }

    /// The `K` of the colored search's copy for these links: the shared
    /// length of the options when it is 2 to 7, [`SPANS`], or 0 (see
    /// [`XccLinks::search_colors`]).
    pub(crate) fn walk_k(&self) -> u32 {
        match self.uniform {
            k @ 1..=7 => k,
            _ => 0,
        }
    }

    /// Takes primary item `c` out of the active list (marking it for the
    /// choice's tree when `T`).
    #[inline]
    fn deactivate<const T: bool>(&mut self, c: ItemIx) {
        self.active[c.0 as usize / 64] &= !(1 << (c.0 % 64));
        if T {
            self.scores.mark(c.0);
        }
    }

    /// Puts primary item `c` back into the active list (marking it for the
    /// choice's tree when `T`).
    #[inline]
    fn reactivate<const T: bool>(&mut self, c: ItemIx) {
        self.active[c.0 as usize / 64] |= 1 << (c.0 % 64);
        if T {
            self.scores.mark(c.0);
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
fn uniform_len(items: &[ItemIx], n: usize) -> u32 {
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
fn walk(items: &[ItemIx], n: usize) -> u32 {
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

//! Preprocessing: removing options that can never be part of a solution
//! and items that say nothing the others do not (Knuth's DLX-PRE).
//!
//! The rules are described on [`Reduction`].
//!
//! # Implementation notes
//!
//! The first rule is checked per primary item `p` rather than per option:
//! the options blocked by `p` are those that clash with every option of
//! `p` (or with more than `|options of p| - lo` of them). Candidates are the
//! options that clash with the `lo` options of `p` whose items have the
//! shortest lists (one option, for an exact cover), found through those
//! item lists; each further option of `p` then filters the candidates with
//! one pass over their items, and the filtering stops when none is left,
//! which on real problems is after a few options. The work for `p` is about
//! the length of a few item lists, not the number of options, so a problem
//! of 100,000 options reduces in a fraction of a second. Item `p` is checked
//! again only when one of its options is removed (nothing else changes what
//! it blocks), so the loop ends at the fixed point: reducing a reduced
//! problem removes nothing.
//!
//! Knuth's DLX-PRE walks the options instead: for each option it hides the
//! options that clash with it, dancing on the links, and looks for a primary
//! item left empty. It has the same two rules for exact covers and colors
//! (its item rule asks for an uncolored item in every option of `p`; here a
//! secondary item whose options all contain `p` goes, colored or not), and
//! none for bounds.

use std::collections::VecDeque;

use crate::engine::Kind;
use crate::index::{Color, Item, OptionId};
use crate::problem::Problem;

/// Why [`Problem::reduce`] removed an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionRemoval {
    /// The option has no primary item, so the search never chooses it.
    NoPrimaryItem,
    /// Choosing the option would leave this primary item (of the original
    /// problem) without enough options compatible with it: no option, for
    /// an exact cover; fewer than the item's lower bound, under bounds.
    Blocks(Item),
    /// The problem has no solution ([`Reduction::infeasible`]): every
    /// option is removed.
    Infeasible,
}

/// Why [`Problem::reduce`] removed an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ItemRemoval {
    /// No remaining option has the item (a secondary item, or a primary
    /// one whose lower bound is 0).
    NoOptions,
    /// Every remaining option with the item also has this primary item
    /// (of the original problem, upper bound 1, and kept), so at most one
    /// of them is chosen; for a primary item, the two have exactly the same
    /// options, so the same choice covers both.
    ImpliedBy(Item),
    /// A secondary item that no two remaining options clash on: it is in
    /// only one, or they all give it the same color.
    Unconstrained,
    /// The problem has no solution ([`Reduction::infeasible`]).
    Infeasible,
}

/// A problem reduced by [`Problem::reduce`], with the way back to the
/// original: which options and items were kept, and why the others were
/// removed.
///
/// [`Problem::reduce`] applies two rules until neither changes anything:
///
/// - **Blocked options.** An option `r` is removed when choosing it would
///   leave some primary item `p` that it does not contain without enough
///   options: every option of `p` *clashes* with `r` (under bounds: fewer
///   than `lo` of them do not). Two options clash when they share a primary
///   item (one whose upper bound is 1), or a secondary item without both
///   giving it the same color. Options with no primary item are removed
///   too: the search never chooses them.
/// - **Idle items.** A secondary item is removed when no two of its
///   remaining options can clash on it (it is in one option, or every option
///   gives it the same color, or all its options contain one primary item of
///   upper bound 1, so at most one of them is chosen). A primary item is
///   removed when another one, further left, has exactly the same options:
///   both are covered by the same choice (under bounds the survivor takes
///   the intersection of their bounds). Secondary items in no option, and
///   primary items in none whose lower bound is 0, go too. When the
///   remaining options have one length and removing the idle items would
///   make it several, those items stay: the search has faster loops for
///   options of one length.
///
/// Every option removed is in no solution, and every item removed constrains
/// nothing the others do not, so the reduced problem has exactly the
/// solutions of the original (each mapped back by
/// [`Reduction::original_solution`]), the solutions the search finds: sets
/// of options each with a primary item. A primary item left with fewer
/// options than its lower bound (none, for an exact cover) means there is no
/// solution at all: [`Reduction::infeasible`] names it.
///
/// The rules do not find everything: under bounds an option is not removed
/// for the sake of a primary item it contains itself, even when that item
/// needs other options beside it. And fewer options do not always mean a
/// smaller search tree: the search branches on the first item of fewest
/// options, and when an item further left comes down to the length of the
/// one the original problem branched on, the tree may grow
/// (`benches/README.md` has an example).
///
/// Options and items keep their relative order: reduced option `k` is the
/// `k`-th option of the original that was kept, and likewise for the
/// primary and the secondary items.
#[derive(Clone, Debug)]
pub struct Reduction {
    problem: Problem,
    /// The original id of each reduced option.
    options: Vec<OptionId>,
    /// The original item of each reduced item.
    items: Vec<Item>,
    removed_options: Vec<(OptionId, OptionRemoval)>,
    removed_items: Vec<(Item, ItemRemoval)>,
    infeasible: Option<Item>,
}

impl Reduction {
    /// The reduced problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The reduced problem, to search (a search needs `&mut`).
    pub fn problem_mut(&mut self) -> &mut Problem {
        &mut self.problem
    }

    /// The reduced problem, giving up the mapping.
    pub fn into_problem(self) -> Problem {
        self.problem
    }

    /// The original id of reduced option `o`.
    ///
    /// # Panics
    /// If `o` is not an option of the reduced problem.
    pub fn original_option(&self, o: OptionId) -> OptionId {
        self.options[o.index()]
    }

    /// The original id of every reduced option, indexed by the reduced id
    /// (in increasing order).
    pub fn original_options(&self) -> &[OptionId] {
        &self.options
    }

    /// The reduced id of original option `o`, or `None` when it was removed.
    pub fn reduced_option(&self, o: OptionId) -> Option<OptionId> {
        self.options.binary_search(&o).ok().map(OptionId::new)
    }

    /// The original item of reduced item `i`.
    ///
    /// # Panics
    /// If `i` is not an item of the reduced problem.
    pub fn original_item(&self, i: Item) -> Item {
        self.items[i.index()]
    }

    /// The reduced item of original item `i`, or `None` when it was
    /// removed.
    pub fn reduced_item(&self, i: Item) -> Option<Item> {
        self.items.binary_search(&i).ok().map(Item::new)
    }

    /// A solution of the reduced problem as options of the original, in the
    /// same order.
    ///
    /// # Panics
    /// If an option is not an option of the reduced problem.
    pub fn original_solution(&self, solution: &[OptionId]) -> Vec<OptionId> {
        solution.iter().map(|&o| self.original_option(o)).collect()
    }

    /// The options removed, in increasing order of their original ids, and
    /// why.
    pub fn removed_options(&self) -> &[(OptionId, OptionRemoval)] {
        &self.removed_options
    }

    /// The items removed, in increasing order of their original indices,
    /// and why.
    pub fn removed_items(&self) -> &[(Item, ItemRemoval)] {
        &self.removed_items
    }

    /// A primary item of the original problem that cannot be covered as
    /// often as its lower bound asks (for an exact cover: it has no option
    /// left), when there is one: then the problem has no solution, and the
    /// reduced problem is that item alone, without options.
    pub fn infeasible(&self) -> Option<Item> {
        self.infeasible
    }

    /// Did the reduction remove nothing?
    pub fn is_unchanged(&self) -> bool {
        self.removed_options.is_empty() && self.removed_items.is_empty()
    }
}

impl Problem {
    /// Preprocesses the problem as Knuth's DLX-PRE does: removes the options
    /// that are in no solution because choosing one would leave some primary
    /// item without a compatible option, and the items that constrain
    /// nothing more than others do, until nothing changes ([`Reduction`]
    /// has the rules).
    ///
    /// The reduced problem has exactly the solutions of this one, mapped
    /// back by [`Reduction::original_option`]; it counts the same, usually
    /// in fewer search nodes. Colors are handled: options clash on a
    /// secondary item unless both give it the same color. Under bounds
    /// ([`Kind::Multiplicities`]) a primary item of upper bound 1 is shared
    /// by no two options, one with a larger upper bound by any number, and
    /// an option is removed when fewer than `lo` options of some other
    /// primary item are compatible with it; the reduced problem keeps the
    /// bounds (and so Algorithm M). A problem whose colored items all go
    /// becomes a plain exact cover.
    ///
    /// Options with no primary item are removed: the search never chooses
    /// them (forcing one is no longer possible on the reduced problem).
    ///
    /// # Example
    ///
    /// Knuth's example in DLX-PRE: every option with `a` has `d`, so the
    /// option `d e g`, which has `d` but not `a`, is in no solution; then
    /// `c e f` is the only option with `e`, which rules out `b c f`; then
    /// `b g` is the only one with `b`, which rules out `a d g`.
    ///
    /// ```
    /// use dlx_core::{OptionId, OptionRemoval, Problem};
    ///
    /// // Primary a b c d e, secondary f g.
    /// let mut p = Problem::new(5, 2);
    /// let [a, b, c, d, e] = [0, 1, 2, 3, 4].map(|i| p.primary(i));
    /// let [f, g] = [p.secondary(0), p.secondary(1)];
    /// for option in [
    ///     vec![c, e, f],
    ///     vec![a, d, g],
    ///     vec![b, c, f],
    ///     vec![a, d],
    ///     vec![b, g],
    ///     vec![d, e, g],
    /// ] {
    ///     p.add_option(option)?;
    /// }
    /// let mut r = p.reduce();
    /// assert_eq!(r.problem().option_count(), 3);
    /// assert_eq!(r.original_options(), [0, 3, 4].map(OptionId::new));
    /// assert_eq!(r.removed_options()[0], (OptionId::new(1), OptionRemoval::Blocks(b)));
    ///
    /// // The same solutions, in the original's option ids.
    /// let solution = r.problem_mut().first_solution().expect("one solution");
    /// let mut solution = r.original_solution(&solution);
    /// solution.sort();
    /// assert_eq!(solution, [0, 3, 4].map(OptionId::new));
    /// assert_eq!(r.problem_mut().count(), p.count());
    /// # Ok::<(), dlx_core::BuildError>(())
    /// ```
    pub fn reduce(&self) -> Reduction {
        let mut w = Work::new(self);
        w.run();
        w.finish(self)
    }
}

/// "Not stamped": a value no stamp takes.
const NONE: u32 = 0;

/// The problem being reduced, in arrays that are cheap to shrink: per
/// option its entries (item, color code); per item the entries that name
/// it, removed by swapping with the last.
struct Work {
    primary: usize,
    bounded: bool,
    /// First entry of each option, and one past the last.
    start: Vec<u32>,
    /// The item of each entry.
    item: Vec<u32>,
    /// The color code of each entry (0: none).
    color: Vec<u32>,
    /// The option of each entry.
    owner: Vec<u32>,
    /// Where each entry is in its item's list.
    pos: Vec<u32>,
    /// The entries of the remaining options that name each item.
    lists: Vec<Vec<u32>>,
    /// The bounds of each primary item.
    lo: Vec<u32>,
    hi: Vec<u32>,
    option_alive: Vec<bool>,
    item_alive: Vec<bool>,
    removed_options: Vec<(OptionId, OptionRemoval)>,
    removed_items: Vec<(Item, ItemRemoval)>,
    infeasible: Option<Item>,
    /// Primary items to check, and whether each is queued.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// Per-option stamp: the option has the item being checked.
    has_p: Vec<u32>,
    /// Per-option stamp: the option is a candidate.
    candidate: Vec<u32>,
    /// Per candidate: how many options of the item are compatible with it.
    compatible: Vec<u32>,
    /// Per-item stamp, and the color the stamping option gives the item.
    mark: Vec<u32>,
    mark_color: Vec<u32>,
    /// Per-item counter (stamped by `mark`) for the idle-item rule.
    count: Vec<u32>,
    stamp: u32,
    candidates: Vec<u32>,
    touched: Vec<u32>,
    /// The options of the item being checked, and the cheapest of them
    /// with their costs.
    members: Vec<u32>,
    seeds: Vec<(usize, u32)>,
}

impl Work {
    fn new(p: &Problem) -> Work {
        let (primary, items, options) = (p.primary_count(), p.item_count(), p.option_count());
        let bounded = p.kind() == Kind::Multiplicities;
        let mut start = Vec::with_capacity(options + 1);
        let (mut item, mut color, mut owner) = (Vec::new(), Vec::new(), Vec::new());
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); items];
        let mut pos = Vec::new();
        start.push(0);
        for o in 0..options {
            let id = OptionId::new(o);
            for (i, c) in p.option_items(id).zip(p.option_colors(id)) {
                let e = item.len() as u32;
                let list = &mut lists[i.index()];
                pos.push(list.len() as u32);
                list.push(e);
                item.push(i.index() as u32);
                color.push(c.map_or(0, |c| c.index() as u32 + 1));
                owner.push(o as u32);
            }
            start.push(item.len() as u32);
        }
        let (lo, hi) = (0..primary)
            .map(|i| p.bounds(Item::new(i)).unwrap_or((1, 1)))
            .unzip();
        Work {
            primary,
            bounded,
            start,
            item,
            color,
            owner,
            pos,
            lists,
            lo,
            hi,
            option_alive: vec![true; options],
            item_alive: vec![true; items],
            removed_options: Vec::new(),
            removed_items: Vec::new(),
            infeasible: None,
            queue: VecDeque::new(),
            queued: vec![false; primary],
            has_p: vec![NONE; options],
            candidate: vec![NONE; options],
            compatible: vec![0; options],
            mark: vec![NONE; items],
            mark_color: vec![0; items],
            count: vec![0; items],
            stamp: NONE,
            candidates: Vec::new(),
            touched: Vec::new(),
            members: Vec::new(),
            seeds: Vec::new(),
        }
    }

    /// A stamp that no per-option or per-item array holds.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == NONE {
            for v in [&mut self.has_p, &mut self.candidate, &mut self.mark] {
                v.iter_mut().for_each(|s| *s = NONE);
            }
            self.stamp = 1;
        }
        self.stamp
    }

    /// The entries of option `o`.
    fn entries(&self, o: u32) -> std::ops::Range<usize> {
        self.start[o as usize] as usize..self.start[o as usize + 1] as usize
    }

    /// Do two options that both name item `i`, with color codes `x` and
    /// `y`, clash on it?
    fn clash(&self, i: u32, x: u32, y: u32) -> bool {
        if (i as usize) < self.primary {
            self.hi[i as usize] == 1
        } else {
            x == 0 || x != y
        }
    }

    /// Is primary item `p` left with fewer options than its lower bound?
    fn short(&self, p: usize) -> bool {
        (self.lists[p].len() as u64) < u64::from(self.lo[p])
    }

    fn run(&mut self) {
        for o in 0..self.option_alive.len() as u32 {
            let has_primary = self
                .entries(o)
                .any(|e| (self.item[e] as usize) < self.primary);
            if !has_primary {
                self.remove_option(o, OptionRemoval::NoPrimaryItem);
            }
        }
        if let Some(p) = (0..self.primary).find(|&p| self.short(p)) {
            self.infeasible = Some(Item::new(p));
        }
        for p in 0..self.primary as u32 {
            self.enqueue(p);
        }
        while self.infeasible.is_none() {
            let items = self.remove_idle_items();
            if self.infeasible.is_some() {
                break;
            }
            let mut options = false;
            while let Some(p) = self.queue.pop_front() {
                self.queued[p as usize] = false;
                options |= self.check(p);
                if self.infeasible.is_some() {
                    break;
                }
            }
            if !items && !options {
                break;
            }
        }
    }

    fn enqueue(&mut self, p: u32) {
        if self.item_alive[p as usize] && !std::mem::replace(&mut self.queued[p as usize], true) {
            self.queue.push_back(p);
        }
    }

    /// Removes option `o`, queueing its primary items for a check.
    fn remove_option(&mut self, o: u32, why: OptionRemoval) {
        self.option_alive[o as usize] = false;
        self.removed_options.push((OptionId::from(o), why));
        for e in self.entries(o) {
            let i = self.item[e] as usize;
            if !self.item_alive[i] {
                continue;
            }
            let list = &mut self.lists[i];
            let at = self.pos[e] as usize;
            list.swap_remove(at);
            if let Some(&moved) = list.get(at) {
                self.pos[moved as usize] = at as u32;
            }
            if i < self.primary {
                if self.short(i) && self.infeasible.is_none() {
                    self.infeasible = Some(Item::new(i));
                }
                self.enqueue(i as u32);
            }
        }
    }

    /// Removes the options that primary item `p` blocks; did it remove any?
    fn check(&mut self, p: u32) -> bool {
        let pi = p as usize;
        if !self.item_alive[pi] || self.lo[pi] == 0 {
            return false;
        }
        let own = self.next_stamp();
        for &e in &self.lists[pi] {
            self.has_p[self.owner[e as usize] as usize] = own;
        }
        // The `lo` options of `p` whose other items have the shortest lists:
        // every blocked option clashes with at least one of them.
        let cost = |w: &Work, q: u32| -> usize {
            w.entries(q)
                .map(|e| w.item[e] as usize)
                .filter(|&i| i != pi && w.item_alive[i])
                .map(|i| w.lists[i].len())
                .sum()
        };
        let lo = self.lo[pi] as usize;
        let mut seeds = std::mem::take(&mut self.seeds);
        seeds.clear();
        seeds.extend(self.lists[pi].iter().map(|&e| {
            let q = self.owner[e as usize];
            (cost(self, q), q)
        }));
        if lo < seeds.len() {
            seeds.select_nth_unstable(lo - 1);
            seeds.truncate(lo);
        }
        let cand = self.next_stamp();
        self.candidates.clear();
        for &(_, q) in &seeds {
            for e in self.entries(q) {
                let (i, y) = (self.item[e], self.color[e]);
                if i == p || !self.item_alive[i as usize] {
                    continue;
                }
                for &f in &self.lists[i as usize] {
                    let r = self.owner[f as usize];
                    let ru = r as usize;
                    if self.has_p[ru] == own
                        || self.candidate[ru] == cand
                        || !self.clash(i, self.color[f as usize], y)
                    {
                        continue;
                    }
                    self.candidate[ru] = cand;
                    self.compatible[ru] = 0;
                    self.candidates.push(r);
                }
            }
        }
        // With one seed every candidate clashes with it already.
        let skip = if lo == 1 { Some(seeds[0].1) } else { None };
        self.seeds = seeds;
        let mut candidates = std::mem::take(&mut self.candidates);
        let mut members = std::mem::take(&mut self.members);
        members.clear();
        members.extend(self.lists[pi].iter().map(|&e| self.owner[e as usize]));
        for &q in &members {
            if candidates.is_empty() {
                break;
            }
            if Some(q) == skip {
                continue;
            }
            let m = self.next_stamp();
            for e in self.entries(q) {
                let i = self.item[e] as usize;
                self.mark[i] = m;
                self.mark_color[i] = self.color[e];
            }
            candidates.retain(|&r| {
                let clashes = self.entries(r).any(|e| {
                    let i = self.item[e];
                    let iu = i as usize;
                    self.mark[iu] == m
                        && self.item_alive[iu]
                        && self.clash(i, self.color[e], self.mark_color[iu])
                });
                if clashes {
                    return true;
                }
                self.compatible[r as usize] += 1;
                (self.compatible[r as usize] as usize) < lo
            });
        }
        let removed = !candidates.is_empty();
        for &r in &candidates {
            self.remove_option(r, OptionRemoval::Blocks(Item::new(pi)));
        }
        candidates.clear();
        self.candidates = candidates;
        self.members = members;
        removed
    }

    /// Removes the items that constrain nothing (see [`ItemRemoval`]);
    /// did it remove any?
    fn remove_idle_items(&mut self) -> bool {
        let mut removed = false;
        for c in 0..self.item_alive.len() {
            if !self.item_alive[c] {
                continue;
            }
            if let Some(why) = self.idle(c) {
                self.item_alive[c] = false;
                self.lists[c].clear();
                self.removed_items.push((Item::new(c), why));
                removed = true;
                if self.infeasible.is_some() {
                    return true;
                }
            }
        }
        removed
    }

    /// Why item `c` can go, if it can; merges the bounds of a primary item
    /// into the one that implies it.
    fn idle(&mut self, c: usize) -> Option<ItemRemoval> {
        let n = self.lists[c].len();
        let primary = c < self.primary;
        if n == 0 {
            // A primary item with a positive lower bound and no option was
            // found infeasible already.
            return (!primary || self.lo[c] == 0).then_some(ItemRemoval::NoOptions);
        }
        if !primary {
            let first = self.color[self.lists[c][0] as usize];
            let same = first != 0
                && self.lists[c]
                    .iter()
                    .all(|&e| self.color[e as usize] == first);
            if n == 1 || same {
                return Some(ItemRemoval::Unconstrained);
            }
        }
        // Count, for every primary item, the options of `c` that have it.
        let stamp = self.next_stamp();
        self.touched.clear();
        for k in 0..n {
            let q = self.owner[self.lists[c][k] as usize];
            for e in self.entries(q) {
                let i = self.item[e] as usize;
                if i >= self.primary || i == c || !self.item_alive[i] {
                    continue;
                }
                if self.mark[i] != stamp {
                    self.mark[i] = stamp;
                    self.count[i] = 0;
                    self.touched.push(i as u32);
                }
                self.count[i] += 1;
            }
        }
        let by = self
            .touched
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| self.count[i] as usize == n)
            .filter(|&i| {
                if primary {
                    i < c && self.lists[i].len() == n
                } else {
                    self.hi[i] == 1
                }
            })
            .min()?;
        if primary {
            let lo = self.lo[by].max(self.lo[c]);
            let hi = self.hi[by].min(self.hi[c]);
            if lo > hi {
                self.infeasible = Some(Item::new(by));
            }
            if (lo, hi) != (self.lo[by], self.hi[by]) {
                (self.lo[by], self.hi[by]) = (lo, hi.max(lo));
                self.enqueue(by as u32);
            }
        }
        Some(ItemRemoval::ImpliedBy(Item::new(by)))
    }

    /// The reduced problem and its mapping.
    fn finish(mut self, original: &Problem) -> Reduction {
        if let Some(bad) = self.infeasible {
            return self.infeasible_reduction(original, bad);
        }
        self.keep_one_length();
        let mut items = Vec::new();
        let mut new_index = vec![u32::MAX; self.item_alive.len()];
        for (i, _) in self.item_alive.iter().enumerate().filter(|&(_, &a)| a) {
            new_index[i] = items.len() as u32;
            items.push(Item::new(i));
        }
        let primary = items.partition_point(|i| i.index() < self.primary);
        let mut problem = Problem::new(primary, items.len() - primary);
        if self.bounded {
            for (k, i) in items[..primary].iter().enumerate() {
                let (lo, hi) = (self.lo[i.index()], self.hi[i.index()]);
                problem
                    .set_bounds(Item::new(k), lo, hi)
                    .expect("bounds of the original problem, narrowed but not crossed");
            }
        }
        let mut options = Vec::new();
        let mut entries: Vec<(Item, Option<Color>)> = Vec::new();
        for o in 0..self.option_alive.len() as u32 {
            if !self.option_alive[o as usize] {
                continue;
            }
            entries.clear();
            for e in self.entries(o) {
                let i = self.item[e] as usize;
                if self.item_alive[i] {
                    let color = self.color[e].checked_sub(1).map(|c| Color::new(c as usize));
                    entries.push((Item::new(new_index[i] as usize), color));
                }
            }
            let id = problem
                .add_colored_option(entries.iter().copied())
                .expect("an option of the original problem, with fewer items");
            // A least-cost search of the reduced problem sees the same costs.
            problem.set_cost(id, original.cost(OptionId::from(o)));
            options.push(OptionId::from(o));
        }
        self.removed_options.sort_unstable_by_key(|&(o, _)| o);
        self.removed_items.sort_unstable_by_key(|&(i, _)| i);
        self.resolve_implications();
        Reduction {
            problem,
            options,
            items,
            removed_options: self.removed_options,
            removed_items: self.removed_items,
            infeasible: None,
        }
    }

    /// Puts back the idle items that are in some remaining option when
    /// removing them would give options of one length different lengths:
    /// the search has faster loops for options of one length (1.2 to 1.5
    /// times on pentominoes; 10% on the Latin squares of the XCC data,
    /// where the givens' options would lose items), which is worth more
    /// than the few updates an idle item costs. Keeping an item is always
    /// sound (the reduced problem then has its constraint too, which the
    /// solutions meet); a primary item put back has its own bounds, and the
    /// one it was merged into keeps the merged ones.
    fn keep_one_length(&mut self) {
        if self.removed_items.is_empty() {
            return;
        }
        let alive = (0..self.option_alive.len() as u32).filter(|&o| self.option_alive[o as usize]);
        let mut before = None;
        let mut after = None;
        let (mut one_before, mut one_after) = (true, true);
        for o in alive {
            let entries = self.entries(o);
            let n = entries.len();
            let m = entries
                .filter(|&e| self.item_alive[self.item[e] as usize])
                .count();
            one_before &= *before.get_or_insert(n) == n;
            one_after &= *after.get_or_insert(m) == m;
        }
        if !one_before || one_after {
            return;
        }
        let mut used = vec![false; self.item_alive.len()];
        for o in 0..self.option_alive.len() as u32 {
            if self.option_alive[o as usize] {
                for e in self.entries(o) {
                    used[self.item[e] as usize] = true;
                }
            }
        }
        self.removed_items.retain(|&(i, _)| !used[i.index()]);
        for (alive, used) in self.item_alive.iter_mut().zip(used) {
            *alive |= used;
        }
    }

    /// Names a kept item in each [`ItemRemoval::ImpliedBy`]: an item
    /// implied by one that went later is implied by what that one was
    /// implied by (option lists only shrink, so what held when each went
    /// still holds), which ends at a kept item since each step goes to an
    /// item removed later.
    fn resolve_implications(&mut self) {
        let implied: Vec<Option<Item>> = {
            let mut by = vec![None; self.item_alive.len()];
            for &(i, why) in &self.removed_items {
                if let ItemRemoval::ImpliedBy(p) = why {
                    by[i.index()] = Some(p);
                }
            }
            by
        };
        for (_, why) in &mut self.removed_items {
            if let ItemRemoval::ImpliedBy(p) = why {
                while let Some(q) = implied[p.index()] {
                    *p = q;
                }
            }
        }
    }

    /// The reduction of a problem without solution: item `bad` alone.
    fn infeasible_reduction(mut self, original: &Problem, bad: Item) -> Reduction {
        for o in 0..self.option_alive.len() {
            if self.option_alive[o] {
                self.removed_options
                    .push((OptionId::new(o), OptionRemoval::Infeasible));
            }
        }
        for i in 0..self.item_alive.len() {
            if self.item_alive[i] && i != bad.index() {
                self.removed_items
                    .push((Item::new(i), ItemRemoval::Infeasible));
            }
        }
        self.removed_options.sort_unstable_by_key(|&(o, _)| o);
        self.removed_items.sort_unstable_by_key(|&(i, _)| i);
        // When the item itself was merged into another, it is still the one
        // to name; it is no longer listed as removed.
        self.removed_items.retain(|&(i, _)| i != bad);
        debug_assert!(original.is_primary(bad));
        Reduction {
            problem: Problem::new(1, 0),
            options: Vec::new(),
            items: vec![bad],
            removed_options: self.removed_options,
            removed_items: self.removed_items,
            infeasible: Some(bad),
        }
    }
}

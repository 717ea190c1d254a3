//! Algorithm C's levels on the lazy links: the item choice, what the
//! solver asks of them, and the [`Levels`] that [`search_levels`] runs.

use super::*;
use crate::engine::levels::{colored_choice, search_levels, Levels, Run, State};
use crate::outcome::Step;

impl LazyLinks {
    /// The item to branch on under `choice_rule`; `None` when every primary
    /// item is covered.
    #[inline(always)]
    pub(super) fn choose(&self) -> Option<u32> {
        colored_choice(self.choice_rule, &self.active, &self.len.data)
    }

    /// The item the search would branch on, and whether it is a dead end.
    pub(crate) fn choose_item(&self) -> Option<(ItemIx, bool)> {
        let best = self.choose()?;
        let best = ItemIx(best);
        Some((best, self.len[best] == 0))
    }

    /// The item of node `x` of the problem's arena (a primary item's node).
    pub(crate) fn item_of(&self, x: Node) -> ItemIx {
        self.node[self.lazy_of[x.0 as usize]].item
    }

    /// The node after `x` in its item's list, in the problem's arena.
    pub(crate) fn down(&self, x: Node) -> Node {
        self.orig[self.node[self.lazy_of[x.0 as usize]].down.0 as usize]
    }

    /// The length of primary item `c`'s list.
    pub(crate) fn len_of(&self, c: ItemIx) -> u32 {
        self.len[c]
    }

    /// The place of `cur` in the list of the item `stop` and the list's
    /// length, as [`XccLinks::position`](crate::engine::xcc::XccLinks::position) without bounds.
    pub(crate) fn position(&self, cur: Node, stop: Node) -> (u32, u32) {
        let c = ItemIx(stop.0);
        let head = c.header();
        let cur = self.lazy_of[cur.0 as usize];
        let mut x = self.node[head].down;
        let mut k = 0;
        while x != cur && x != head {
            k += 1;
            x = self.node[x].down;
        }
        (k, self.len[c].max(k + 1))
    }

    /// The search of
    /// [`XccLinks::search_colors`](crate::engine::xcc::XccLinks::search_colors) on
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
    pub(super) fn search_e<const E: bool>(&mut self, run: &mut Run<'_>, target: u64) -> Step {
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
    pub(super) fn translate(&self, choice: &mut [Node], stop: &mut [Node], into: bool) {
        let map = if into { &self.lazy_of } else { &self.orig };
        for x in choice.iter_mut().chain(stop) {
            *x = map[x.0 as usize];
        }
    }
}

/// The lazy links as [`Levels`], under the early rule when `E`.
struct Lazy<'a, const E: bool>(&'a mut LazyLinks);

impl<const E: bool> Levels for Lazy<'_, E> {
    #[inline(always)]
    fn choose(&mut self) -> Option<u32> {
        self.0.choose()
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.0.len[ItemIx(c)]
    }

    #[inline(always)]
    fn dead_end(&mut self) {
        self.0.updates += 1;
    }

    #[inline(always)]
    fn open(&mut self, c: u32, _level: usize) -> u32 {
        let c = ItemIx(c);
        let _ = self.0.cover::<false>(c);
        self.0.node[c.header()].down.0
    }

    #[inline(always)]
    fn close(&mut self, head: u32, _level: usize) {
        let c = self.0.node[Node(head)].item;
        self.0.uncover_from(c, c.header());
    }

    #[inline(always)]
    fn commit(&mut self, x: u32, level: usize) -> bool {
        self.0.level_mark[level] = self.0.undo_len;
        self.0.commit::<E>(Node(x))
    }

    #[inline(always)]
    fn uncommit(&mut self, _x: u32, level: usize) {
        self.0.undo_to(self.0.level_mark[level]);
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.0.node[Node(x)].down.0
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.0.all_covered()
    }
}

//! Algorithm C's choice of an item on the colored links, under the rules
//! mapped onto it ([`ColorChoice`]), and what the solver asks of it
//! (the branch at the root, a level's position for the progress estimate).

use super::*;
use crate::engine::levels::colored_choice;

impl XccLinks {
    /// The item [`Solver::branch`](crate::Solver::branch) reports: DLX2's
    /// choice, or DLX3's when `bounded`, and whether it is a dead end;
    /// `None` when no primary item is active.
    pub(crate) fn choose_item(&self, bounded: bool) -> Option<(ItemIx, bool)> {
        if bounded {
            let (best, score) = self.choose_bounded();
            (score != INFINITY).then_some((ItemIx(best), score <= 0))
        } else {
            let best = self.choose()?;
            let best = ItemIx(best);
            Some((best, self.len[best] == 0))
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
        let c = ItemIx(stop.0);
        let head = c.header();
        let tweaking = bounded && !(self.bounds[c].bound == 0 && self.bounds[c].slack == 0);
        let mut x = if tweaking {
            self.first_tweak[level]
        } else {
            self.link[head].down
        };
        let mut k = 0;
        while x != cur && x != head {
            k += 1;
            x = self.link[x].down;
        }
        let n = if tweaking {
            k + self.len[c] + 1
        } else {
            self.len[c]
        };
        (k, n.max(k + 1))
    }

    /// The item to branch on: DLX2's choice, the leftmost active primary
    /// item of least length with the scan stopping at length 0, or under
    /// another [`ColorChoice`] that rule's (the scan stopping at length 1,
    /// or the leftmost item); a seed's ranks break the ties the scan
    /// compares (not those of `First`, and not at the item the scan stops
    /// at, which would make a seeded search read every active item at
    /// every node: see [`crate::seed::ranked_min`]). `None` when no
    /// primary item is active.
    #[inline]
    pub(crate) fn choose(&self) -> Option<u32> {
        let ranked = !self.rank.is_empty();
        let words = || self.active.iter().copied();
        let len = |k: u32| self.len[ItemIx(k)];
        match self.choice_rule {
            ColorChoice::Dlx2 if ranked => crate::seed::ranked_min::<0>(words(), len, &self.rank),
            ColorChoice::UpToOne if ranked => {
                crate::seed::ranked_min::<1>(words(), len, &self.rank)
            }
            rule => colored_choice(rule, &self.active, &self.len.data),
        }
    }
}

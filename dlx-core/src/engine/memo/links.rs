//! The links the memoised search runs on, as [`Moves`]: the plain links
//! (exact cover) and the colored links (Algorithm C), each in a copy for
//! the length of the problem's options, as the plain search's loops are.

use super::search::Moves;
use crate::engine::arena::{ItemIx, Node};
use crate::engine::exact::{Links, IN_ORDER, PLAIN};
use crate::engine::xcc::{XccLinks, NO_COLOR};
use crate::rule::Choice;

/// The plain links for options of `K` nodes (0: any; see
/// [`Links::search_len`]). The key is the bit set of active items the
/// links keep anyway, primary and secondary: an option is visible exactly
/// while all its items are active, so the active items decide the rest.
pub(super) struct Plain<'a, const K: usize> {
    pub(super) links: &'a mut Links,
    pub(super) choice: Choice,
}

impl<const K: usize> Moves for Plain<'_, K> {
    fn key_width(&self) -> usize {
        self.links.active.len()
    }

    #[inline(always)]
    fn write_key(&self, key: &mut [u64]) {
        key.copy_from_slice(&self.links.active);
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.links.all_covered()
    }

    #[inline(always)]
    fn choose(&mut self) -> u32 {
        self.links
            .choose(self.choice)
            .expect("an active primary item")
            .0
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.links.len_of(ItemIx(c))
    }

    #[inline(always)]
    fn open(&mut self, c: u32) -> u32 {
        self.links.cover::<PLAIN, K>(ItemIx(c));
        self.links.link[ItemIx(c).header()].down.0
    }

    #[inline(always)]
    fn close(&mut self, c: u32) {
        self.links.uncover::<PLAIN, K>(ItemIx(c));
    }

    #[inline(always)]
    fn commit(&mut self, x: u32) -> bool {
        self.links
            .cover_others_early::<K, IN_ORDER>(Node(x))
            .is_some()
    }

    #[inline(always)]
    fn uncommit(&mut self, x: u32) {
        self.links.uncover_others::<PLAIN, K>(Node(x));
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.links.link[Node(x)].down.0
    }

    #[inline(always)]
    fn option(&self, x: u32) -> u32 {
        self.links.option[Node(x)]
    }
}

/// The colored links for options of `K` nodes (as
/// [`XccLinks::search_colors`] picks its copy), with what the key needs
/// beyond their active primary items: the state of each secondary item,
/// untouched, covered (by an option that names it without a color) or
/// given a color. With the active primary items that decides which options
/// are still visible, and so the rest of the search.
pub(super) struct Colored<'a, const K: usize> {
    pub(super) links: &'a mut XccLinks,
    /// The item and color code of every node, in the plain links' layout
    /// (`SPACER` between options), and the option of every node.
    pub(super) items: &'a [ItemIx],
    pub(super) colors: &'a [u32],
    pub(super) options: &'a [u32],
    pub(super) n_primary: u32,
    /// The state of each secondary item: 0 untouched, 1 covered, `1 + k`
    /// colored with code `k` (a color's index + 1).
    pub(super) state: Vec<u32>,
    /// Secondary items whose state the commits on the stack set, and the
    /// height of that trail before each of them.
    pub(super) trail: Vec<u32>,
    pub(super) marks: Vec<u32>,
    /// Bits per state in the key.
    pub(super) bits: u32,
}

impl<const K: usize> Colored<'_, K> {
    /// The state an option's node gives its secondary item.
    fn state_of(&self, x: usize) -> u32 {
        let color = self.colors.get(x).copied().unwrap_or(NO_COLOR);
        if color == NO_COLOR {
            1
        } else {
            // Codes are 1 + a color's index, at most `u32::MAX - 1`.
            1 + color
        }
    }
}

impl<const K: usize> Moves for Colored<'_, K> {
    fn key_width(&self) -> usize {
        let active = self.links.active_words().len();
        active + (self.state.len() * self.bits as usize).div_ceil(64)
    }

    #[inline]
    fn write_key(&self, key: &mut [u64]) {
        let active = self.links.active_words();
        let (head, tail) = key.split_at_mut(active.len());
        head.copy_from_slice(active);
        tail.fill(0);
        let bits = self.bits as usize;
        for (s, &v) in self.state.iter().enumerate() {
            if v != 0 {
                let at = s * bits;
                tail[at / 64] |= u64::from(v) << (at % 64);
                if at % 64 + bits > 64 {
                    tail[at / 64 + 1] |= u64::from(v) >> (64 - at % 64);
                }
            }
        }
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.links.all_covered()
    }

    #[inline(always)]
    fn choose(&mut self) -> u32 {
        self.links.choose().expect("an active primary item")
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.links.len_of(ItemIx(c))
    }

    #[inline(always)]
    fn open(&mut self, c: u32) -> u32 {
        self.links.cover::<K, false>(c, true);
        self.links.down(Node(c)).0
    }

    #[inline(always)]
    fn close(&mut self, c: u32) {
        self.links.uncover::<K, false>(c, true);
    }

    #[inline]
    fn commit(&mut self, x: u32) -> bool {
        if !self.links.commit_others_early::<K>(x) {
            return false;
        }
        // The option's secondary items not yet covered or colored (a
        // visible option agrees with those that are) take its state.
        self.marks.push(self.trail.len() as u32);
        let (mut first, mut end) = (x as usize, x as usize);
        while self.items[first - 1] != crate::engine::arena::SPACER {
            first -= 1;
        }
        while self.items[end] != crate::engine::arena::SPACER {
            end += 1;
        }
        for nn in first..end {
            let c = self.items[nn].0;
            if c >= self.n_primary {
                let s = (c - self.n_primary) as usize;
                if self.state[s] == 0 {
                    self.state[s] = self.state_of(nn);
                    self.trail.push(s as u32);
                }
            }
        }
        true
    }

    #[inline]
    fn uncommit(&mut self, x: u32) {
        let mark = self.marks.pop().expect("a commit") as usize;
        for &s in &self.trail[mark..] {
            self.state[s as usize] = 0;
        }
        self.trail.truncate(mark);
        self.links.uncommit_others::<K, true>(x);
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.links.down(Node(x)).0
    }

    #[inline(always)]
    fn option(&self, x: u32) -> u32 {
        self.options[x as usize]
    }
}

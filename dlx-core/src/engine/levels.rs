//! Algorithm C's levels, shared by the engines that search colored
//! problems (the colored links and the lazy links): where a search stands
//! between calls ([`State`], [`Run`]), the moves a level makes ([`Levels`]),
//! the one loop C1-C8 generic over them ([`search_levels`]), and the
//! item-choice scans over a bit set of active items.

#![allow(unsafe_code)]

use crate::engine::arena::Node;
use crate::outcome::Step;
use crate::rule::ColorChoice;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the search machine stands; mirrors the labels of DLX1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Enter a new node of the search tree at `level` (DLX1 `forward`).
    Forward,
    /// Undo the option at `choice[level]` and move to the next (DLX1
    /// `recover`): the option just completed a solution.
    Recover,
    /// The tree is exhausted.
    Done,
}

/// The leftmost item whose bit is set in `active` (the active primary
/// items) of least length in `len`, the scan stopping at the first of
/// length `STOP` or less; `None` when none is active. The scans of the
/// choice load the lengths without waiting on links (see
/// [`XccLinks::active`](crate::engine::xcc::XccLinks::active)).
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

/// The item a colored rule picks, unseeded, from the active primary items
/// (`active`) by their lengths (`len`): the one reading of [`ColorChoice`]
/// that the colored and the lazy links share. `None` when no primary item
/// is active.
#[inline(always)]
pub(crate) fn colored_choice(rule: ColorChoice, active: &[u64], len: &[u32]) -> Option<u32> {
    match rule {
        ColorChoice::Dlx2 => leftmost_min::<0>(active, len),
        ColorChoice::UpToOne => leftmost_min::<1>(active, len),
        ColorChoice::First => first_active(active),
    }
}

/// Where a colored search stands between calls, and what it has counted:
/// the solver's fields, lent to the search loops.
pub(crate) struct Run<'s> {
    pub(crate) choice: &'s mut [Node],
    pub(crate) stop: &'s mut [Node],
    pub(crate) level: usize,
    /// Resume point: `Forward`, `Recover` (after a solution) or `Done`.
    pub(crate) state: State,
    pub(crate) nodes: u64,
    /// The options of each level's list but the last, counted when the
    /// level is entered (see [`Stats::guesses`](crate::Stats::guesses)
    /// and `Solver::stats`).
    pub(crate) guesses: u64,
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

/// The moves of Algorithm C's levels on links of some layout, for
/// [`search_levels`]: the colored links (`xcc::color::Colored`) and the lazy links
/// (`engine::lazy`). Nodes are the links' own.
pub(crate) trait Levels {
    /// The item to branch on; `None` when every primary item is covered.
    fn choose(&mut self) -> Option<u32>;
    /// The length of item `c`'s list.
    fn len(&self, c: u32) -> u32;
    /// Counts what a dead end costs (DLX2 covers and uncovers the empty
    /// item).
    fn dead_end(&mut self);
    /// Covers item `c` for the level `level`; returns the first node of its
    /// list.
    fn open(&mut self, c: u32, level: usize) -> u32;
    /// Uncovers the item of `head`, the header level `level` stops at.
    fn close(&mut self, head: u32, level: usize);
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
    // Counted in memory, not in a register: the loop holds many values,
    // and one more held across it pushed others out: dom8x8 took 12.50 G
    // instructions and 7% more time with a `u64` in `run`, 12.31 G this
    // way, 12.24 G without the count. Relaxed loads and stores of an
    // atomic are plain moves that the compiler keeps where they are.
    let guesses = AtomicU64::new(0);
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
            let len = links.len(best);
            if len == 0 {
                links.dead_end();
                if level == 0 {
                    run.state = State::Done;
                    break Step::Exhausted;
                }
                level -= 1;
                recover(links, choice, level);
            } else {
                // Each option but the last will be a guess: counted here,
                // once a level, and what is not tried yet taken off when
                // the statistics are read (`Solver::stats`).
                let g = guesses.load(Ordering::Relaxed);
                guesses.store(g + u64::from(len - 1), Ordering::Relaxed);
                choice[level] = Node(links.open(best, level));
                stop[level] = Node(best);
            }
        }
        loop {
            // C5: try the option at choice[level], unless the list is
            // exhausted (or its rest was split off).
            let cur = choice[level];
            if cur == stop[level] {
                // C7: restore the item and go up.
                links.close(cur.0, level);
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
    run.guesses += guesses.into_inner();
    step
}

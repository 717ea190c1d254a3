//! Multiplicities: Knuth's Algorithm M (his program DLX3) on the colored
//! links. What it adds to Algorithm C: each primary item has a bound and a
//! slack; the item chosen at a level loses one from its bound and its
//! options are *tweaked* out of its list as they are tried, so that no
//! solution is found twice; the last move of a level may be the null move
//! (see the notes of [`super`]).

use super::*;
use crate::engine::levels::{Run, State};
use crate::outcome::Step;

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

impl XccLinks {
    /// [`XccLinks::commit_others`] under Algorithm M: a primary item loses
    /// one from its bound and is covered when none is left. With `T` the
    /// items whose keys change are marked for the choice's tree (see
    /// [`super::scores`]), here and in the functions below.
    ///
    /// The closures here and in the undo are inlined by force: called once
    /// per node, on random MCC files with long options (most of their
    /// secondary nodes purified already, so the call was most of the work)
    /// they were 20% of the instructions (rm_p30s40 2.77 G -> 2.15 G;
    /// +1-4% on MCC files with short options, XCC files unchanged).
    #[inline]
    pub(super) fn commit_others_bounded<const K: usize, const T: bool>(&mut self, x: Node) {
        self.for_others::<K>(
            x,
            #[inline(always)]
            |links, pp, node| {
                let cc = node.item;
                if cc.0 < links.n_primary {
                    if T {
                        links.scores.mark(cc.0);
                    }
                    let b = &mut links.bounds[cc].bound;
                    *b -= 1;
                    if *b == 0 {
                        links.cover_item::<K, T>(cc, true);
                    }
                } else if node.color == NO_COLOR {
                    links.cover_item::<K, T>(cc, true);
                } else if node.color != PURIFIED {
                    links.purify::<K, T>(pp);
                }
            },
        );
    }

    /// Undoes [`XccLinks::commit_others_bounded`].
    #[inline]
    pub(super) fn uncommit_others_bounded<const K: usize, const T: bool>(&mut self, x: Node) {
        self.for_others_rev::<K, false>(
            x,
            #[inline(always)]
            |links, pp, node| {
                let cc = node.item;
                if cc.0 < links.n_primary {
                    if links.bounds[cc].bound == 0 {
                        links.uncover_item::<K, T>(cc, true);
                    }
                    if T {
                        links.scores.mark(cc.0);
                    }
                    links.bounds[cc].bound += 1;
                } else if node.color == NO_COLOR {
                    links.uncover_item::<K, T>(cc, true);
                } else if node.color != PURIFIED {
                    links.unpurify::<K, T>(pp);
                }
            },
        );
    }

    /// Hides the option of node `n`, the topmost in its item's list, and
    /// takes it out of that list (DLX3's `tweak`); when `block` is false the
    /// item was covered, which already hid the option's other nodes.
    pub(super) fn tweak<const K: usize, const T: bool>(&mut self, n: Node, block: bool) {
        let mut updates = 1;
        if block {
            updates += self.hide_others::<K, false, false, T>(n).0;
        }
        // `n` is in a primary item's list, so never purified.
        let _ = self.hide::<false, T>(n, self.item_color[n].item);
        self.updates += updates;
    }

    /// Undoes the tweaks of item `c` since `x` was its topmost option
    /// (DLX3's `untweak`), and the cover of `c` when `unblock` is false.
    ///
    /// Not inlined: inlined, it made the loop of `search_bounds_k` large
    /// enough that its states were dispatched through a jump table with
    /// the run's fields reloaded at each (kq_n6_2_d2 1.4% more
    /// instructions when the links moved onto the shared arena; 0.8% with
    /// this call, on a path taken once per level backed up).
    #[inline(never)]
    pub(super) fn untweak<const K: usize, const T: bool>(
        &mut self,
        c: ItemIx,
        x: Node,
        unblock: bool,
    ) {
        let head = c.header();
        let z = self.link[head].down;
        self.link[head].down = x;
        let (mut rr, mut k, mut qq) = (x, 0, head);
        while rr != z {
            self.link[rr].up = qq;
            k += 1;
            if unblock {
                self.unhide_others::<K, T>(rr);
            }
            qq = rr;
            rr = self.link[rr].down;
        }
        self.link[rr].up = qq;
        self.len[c] += k;
        if T {
            self.scores.mark(c.0);
        }
        if !unblock {
            self.uncover_item::<K, T>(c, false);
        }
    }

    /// DLX3's choice, by the choice's tree when `T` (see
    /// [`super::scores`]), else by [`XccLinks::choose_bounded`]'s scan.
    #[inline(always)]
    fn choose_bounded_t<const T: bool>(&mut self) -> (ItemIx, i64) {
        let (best, score) = if T {
            self.choose_tree()
        } else {
            self.choose_bounded()
        };
        (ItemIx(best), score)
    }

    /// DLX3's choice: the active primary item of least score (see the
    /// module notes) and that score; [`INFINITY`] when none is active. A
    /// score of 0 or less ends the level whatever the item, so the scan
    /// stops there.
    ///
    /// Inlined by force: it is called at every node and most calls scan
    /// two or three items, so the call itself was a third of its cost
    /// (rm_p20s10 1.311 G -> 1.193 G instructions; the other MCC files 0
    /// to 7% fewer, none more). A branchy compare of the key's parts
    /// instead of the `u128` made fewer instructions still and was 13-28%
    /// slower on the queens files (kq_n8_2_d2, kq_n8_3_d2): their scans are
    /// long and the branches mispredicted.
    #[inline(always)]
    pub(super) fn choose_bounded(&self) -> (u32, i64) {
        // The rule as one key, least first: (score, s, !len, index).
        let ranked = !self.rank.is_empty();
        let mut best = u128::MAX;
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let Bounds { bound: b, slack } = self.bounds[ItemIx(k)];
                let s = u64::from(slack.min(b));
                let l = self.len[ItemIx(k)];
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

    /// M3-M4: enters `level` on item `best` (under bounds): the item loses
    /// one from its bound and is covered when it has neither bound nor
    /// slack left (then the level tries its options as DLX2 does); else its
    /// options will be tweaked, from the first.
    #[inline(always)]
    pub(super) fn enter_bounded<const K: usize, const T: bool>(
        &mut self,
        level: usize,
        best: ItemIx,
        choice: &mut [Node],
        stop: &mut [Node],
    ) {
        let cur = self.link[best.header()].down;
        choice[level] = cur;
        stop[level] = best.header();
        if T {
            self.scores.mark(best.0);
        }
        self.bounds[best].bound -= 1;
        let Bounds { bound, slack } = self.bounds[best];
        if bound == 0 && slack == 0 {
            self.cover_item::<K, T>(best, true);
        } else {
            self.first_tweak[level] = cur;
            if bound == 0 {
                self.cover_item::<K, T>(best, true);
            }
        }
    }

    /// M5: makes the move at `choice[level]` (an option, or the null move
    /// at the item's header) and says whether it is a guess, a move with
    /// another left after it at this level ([`Stats::guesses`]); `None`
    /// when the level is done: its options are exhausted, or too few are
    /// left for the lower bound.
    ///
    /// The moves left after an option: of a covered item, the options
    /// after it; of a tweaked one, the next option or the null move
    /// whenever more than `bound - slack` options will be left once this
    /// one is tweaked away (the test that ends the level, one move on).
    /// The null move is always the last.
    ///
    /// [`Stats::guesses`]: crate::Stats::guesses
    #[inline(always)]
    pub(super) fn advance_bounded<const K: usize, const T: bool>(
        &mut self,
        level: usize,
        choice: &[Node],
        stop: &[Node],
    ) -> Option<bool> {
        let best = ItemIx(stop[level].0);
        let cur = choice[level];
        let head = best.header();
        let Bounds { bound: b, slack: s } = self.bounds[best];
        let guess;
        if b == 0 && s == 0 {
            if cur == head {
                return None;
            }
            guess = self.link[cur].down != head;
        } else {
            let (len, least) = (i64::from(self.len[best]), i64::from(b) - i64::from(s));
            if len <= least {
                return None;
            }
            guess = cur != head && len - 1 > least;
            if cur != head {
                self.tweak::<K, T>(cur, b != 0);
            } else if b != 0 {
                self.deactivate::<T>(best);
            }
        }
        if cur != head {
            if logs_bounded::<K, T>() {
                self.commit_bounded_logged::<K>(cur, level);
            } else {
                self.commit_others_bounded::<K, T>(cur);
            }
        }
        Some(guess)
    }

    /// What the search under bounds does on entering a level in the
    /// present state: how many moves it makes there, counted as
    /// [`XccLinks::advance_bounded`] will allow them: every option of a
    /// covered item; of a tweaked one, options while more are left than
    /// its bound needs, and then the null move if the slack allows.
    pub(crate) fn moves_bounded(&mut self) -> Moves {
        if self.scores.on {
            self.moves_bounded_t::<true>()
        } else {
            self.moves_bounded_t::<false>()
        }
    }

    /// [`XccLinks::moves_bounded`], the choice by the tree when `T`.
    fn moves_bounded_t<const T: bool>(&mut self) -> Moves {
        let (best, score) = self.choose_bounded_t::<T>();
        if score == INFINITY {
            return Moves::Solution;
        }
        if score <= 0 {
            return Moves::DeadEnd;
        }
        let Bounds { bound, slack } = self.bounds[best];
        let (b, s) = (i64::from(bound) - 1, i64::from(slack));
        let len = i64::from(self.len[best]);
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
        if self.scores.on {
            self.replay_bounded_t::<true>(path, choice, stop)
        } else {
            self.replay_bounded_t::<false>(path, choice, stop)
        }
    }

    /// [`XccLinks::replay_bounded`], marking for the choice's tree when
    /// `T`.
    fn replay_bounded_t<const T: bool>(
        &mut self,
        path: &[u32],
        choice: &mut [Node],
        stop: &mut [Node],
    ) -> bool {
        // The replayed levels' commits may go to the hide log, which the
        // search then starts afresh above them: they are never undone.
        self.size_log(choice.len());
        self.clear_log();
        for (level, &m) in path.iter().enumerate() {
            match self.moves_bounded_t::<T>() {
                Moves::Branch(n) if m < n => {}
                _ => return false,
            }
            let (best, _) = self.choose_bounded_t::<T>();
            self.enter_bounded::<0, T>(level, best, choice, stop);
            for _ in 0..m {
                // The move tried and undone: only its tweak stays.
                let cur = choice[level];
                let Bounds { bound, slack } = self.bounds[best];
                if !(bound == 0 && slack == 0) {
                    self.tweak::<0, T>(cur, bound != 0);
                }
                choice[level] = self.link[cur].down;
            }
            if self.advance_bounded::<0, T>(level, choice, stop).is_none() {
                return false;
            }
        }
        true
    }

    /// Algorithm M (DLX3), as [`XccLinks::search_colors`].
    /// With many primary items the choice is the tree's (see
    /// [`super::scores`]), and the options are walked by their spacers.
    pub(crate) fn search_bounds(&mut self, run: &mut Run<'_>, target: u64) -> Step {
        if self.scores.on {
            return self.search_bounds_k::<0, true>(run, target);
        }
        match self.uniform {
            1 => self.search_bounds_k::<SPANS, false>(run, target),
            2 => self.search_bounds_k::<2, false>(run, target),
            3 => self.search_bounds_k::<3, false>(run, target),
            4 => self.search_bounds_k::<4, false>(run, target),
            5 => self.search_bounds_k::<5, false>(run, target),
            6 => self.search_bounds_k::<6, false>(run, target),
            7 => self.search_bounds_k::<7, false>(run, target),
            _ => self.search_bounds_k::<0, false>(run, target),
        }
    }

    /// Algorithm M (DLX3), resumable as [`XccLinks::search_colors`]. A
    /// level whose `choice` is its item's header (`stop`) made the null
    /// move; `first_tweak` keeps each level's first tweaked option. With
    /// `T` the choice is the tree's.
    pub(super) fn search_bounds_k<const K: usize, const T: bool>(
        &mut self,
        run: &mut Run<'_>,
        target: u64,
    ) -> Step {
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
        if logs_bounded::<K, T>() {
            self.size_log(choice.len());
            if level == floor && matches!(at, At::Forward) {
                // Nothing above the floor is covered yet.
                self.clear_log();
            }
        }
        // Counted as a move is made (not ahead when a level is entered, as
        // Algorithm C's levels count them): a level's moves are not known
        // until its tweaks have been made.
        let mut guesses = 0u64;
        let step = loop {
            match at {
                At::Forward => {
                    // M2-M3: enter a level and choose its item.
                    if run.nodes >= run.node_limit {
                        run.state = State::Forward;
                        break Step::NodeLimit;
                    }
                    run.nodes += 1;
                    let (best, score) = self.choose_bounded_t::<T>();
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
                    self.enter_bounded::<K, T>(level, best, choice, stop);
                    at = At::Advance;
                }
                At::Advance => {
                    // M5: try the next option, or the null move, or give up.
                    let Some(guess) = self.advance_bounded::<K, T>(level, choice, stop) else {
                        at = At::Backup;
                        continue;
                    };
                    guesses += u64::from(guess);
                    level += 1;
                    at = At::Forward;
                }
                At::Backup => {
                    // M8: restore the level's item.
                    let best = ItemIx(stop[level].0);
                    if self.bounds[best].bound == 0 && self.bounds[best].slack == 0 {
                        self.uncover_item::<K, T>(best, true);
                    } else {
                        let x = self.first_tweak[level];
                        let unblock = self.bounds[best].bound != 0;
                        self.untweak::<K, T>(best, x, unblock);
                    }
                    if T {
                        self.scores.mark(best.0);
                    }
                    self.bounds[best].bound += 1;
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
                        self.reactivate::<T>(ItemIx(cur.0));
                        at = At::Backup;
                        continue;
                    }
                    if logs_bounded::<K, T>() {
                        self.uncommit_bounded_logged::<K>(cur, level);
                    } else {
                        self.uncommit_others_bounded::<K, T>(cur);
                    }
                    choice[level] = self.link[cur].down;
                    at = At::Advance;
                }
            }
        };
        run.level = level;
        run.guesses += guesses;
        step
    }
}

/// Do Algorithm M's levels keep the hide log (`log.rs`): their commits
/// logged and undone from it? Not with the choice's tree (`T`), whose
/// marks the walk's undo makes, and not for options of 5 or more nodes
/// each, where the walk is predicted well (tetro_1to3_5x8 4% slower with
/// the log, tetro_2x2_4x10 2%). Elsewhere, `dlx FILE` alternated against
/// the walk, best of 7: pam_5x8_b13 0.89 of the time, rm_p30s40 0.94,
/// rm_p20s10 0.96, kq_n8_2_d2 0.96.
const fn logs_bounded<const K: usize, const T: bool>() -> bool {
    !T && K <= 4
}

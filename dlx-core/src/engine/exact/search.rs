//! DLX1's levels on the plain links, as [`Levels`] for the one loop of
//! [`search_levels`] (X1-X8 and C1-C8 have the same steps): a copy for each
//! rule variant and option length, picked once per run by [`search()`].

#![allow(unsafe_code)]

use super::*;
use crate::engine::levels::{search_levels, Levels, Run};
use crate::outcome::Step;
use crate::rule::Plan;

/// What the plain search keeps per level besides its choice: the height of
/// the short-item stack after the level's item was covered (under the
/// `ShortFirst` rules), and the order the level's option had its items
/// covered in (under the early rule, shortest first).
pub(crate) struct Marks<'a> {
    pub(crate) mark: &'a mut [usize],
    pub(crate) order: &'a mut [Order],
    /// Where each level's covers start in the hide log (`log.rs`).
    pub(crate) logged: &'a mut [LogMarks],
}

/// The plain links as [`Levels`]: covers that keep the stack of short
/// items when `SHORT` (the rule is one of the `ShortFirst` ones), for
/// options of `K` nodes each (0: any lengths), ties broken by rank when
/// `RANKED` (a seed), options tried as the early rule does when `HOW`
/// is not [`NOT_EARLY`].
struct Plain<'a, const SHORT: bool, const K: usize, const RANKED: bool, const HOW: TryMode> {
    links: &'a mut Links,
    marks: Marks<'a>,
    choice: Choice,
}

impl<const SHORT: bool, const K: usize, const RANKED: bool, const HOW: TryMode>
    Plain<'_, SHORT, K, RANKED, HOW>
{
    /// Are the covers of these levels written to the hide log and undone
    /// from it (`log.rs`)? Not under the early rule, whose covers stop
    /// part-way. Not for pairs (`K` = 2), where undoing a row is one
    /// unhide with nothing to walk: dom8x8 10% slower with the log under
    /// `dlx1`, 2% under `short`. Under the other rules only for options of
    /// any length, 3 or 4 nodes: with 6 (pentominoes), the walk's loops are
    /// long and well predicted, and the log's store per hide cost 2%
    /// (pent6x10_sym under `dlx1`), where the short rules gained 9-10% on
    /// the same files; with 3 and 4 (Langford pairs, queens) it gained
    /// 9-11%.
    const LOG: bool = HOW == NOT_EARLY && K != 2 && (SHORT || K == 0 || K == 3 || K == 4);
}

impl<const SHORT: bool, const K: usize, const RANKED: bool, const HOW: TryMode> Levels
    for Plain<'_, SHORT, K, RANKED, HOW>
{
    #[inline(always)]
    fn choose(&mut self) -> Option<u32> {
        let best = if SHORT {
            let degree = self.choice == Choice::ShortDegree;
            self.links.choose_short(degree)
        } else if RANKED {
            self.links.choose_ranked(self.choice)
        } else {
            self.links.choose(self.choice)
        };
        best.map(|c| c.0)
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.links.len[ItemIx(c)]
    }

    #[inline(always)]
    fn dead_end(&mut self) {
        // DLX1 covers and uncovers the empty item; count that update
        // without doing the work.
        self.links.updates += 1;
    }

    #[inline(always)]
    fn open(&mut self, c: u32, level: usize) -> u32 {
        let (links, best) = (&mut *self.links, ItemIx(c));
        if Self::LOG {
            self.marks.logged[level].open = links.log_open(level);
        }
        if !SHORT {
            if Self::LOG {
                links.cover_logged::<PLAIN, K>(best);
            } else {
                links.cover::<PLAIN, K>(best);
            }
        } else if links.len[best] == 1 {
            // A forced move: the covers of its option's other items follow
            // at once, so the items this cover shortens are covered next,
            // and pushing them would only leave stale entries on the stack.
            if Self::LOG {
                links.cover_logged::<FLAGGED, K>(best);
            } else {
                links.cover::<FLAGGED, K>(best);
            }
        } else if Self::LOG {
            links.cover_logged::<TRACKED, K>(best);
        } else {
            links.cover::<TRACKED, K>(best);
        }
        if SHORT {
            self.marks.mark[level] = links.short_top;
        }
        links.link[best.header()].down.0
    }

    #[inline(always)]
    fn close(&mut self, head: u32, level: usize) {
        let links = &mut *self.links;
        let c = links.item[Node(head)];
        if Self::LOG && links.logged(level) {
            let mark = self.marks.logged[level].open;
            if SHORT {
                links.uncover_logged::<FLAGGED>(c, mark);
            } else {
                links.uncover_logged::<PLAIN>(c, mark);
            }
        } else if SHORT {
            links.uncover::<FLAGGED, K>(c);
        } else {
            links.uncover::<PLAIN, K>(c);
        }
    }

    #[inline(always)]
    fn commit(&mut self, x: u32, level: usize) -> bool {
        let (links, x) = (&mut *self.links, Node(x));
        if HOW != NOT_EARLY {
            // A dead end is found while covering, and undone.
            let Some(covered) = links.cover_others_early::<K, HOW>(x) else {
                return false;
            };
            if HOW == SHORTEST_FIRST {
                self.marks.order[level] = covered;
            }
        } else if Self::LOG && links.logged(level) {
            self.marks.logged[level].commit = links.log_len();
            if SHORT {
                links.cover_others_logged::<TRACKED, K>(x);
            } else {
                links.cover_others_logged::<PLAIN, K>(x);
            }
        } else if SHORT {
            // Not logged, or a level opened under another rule (`log.rs`).
            links.cover_others::<TRACKED, K>(x);
        } else {
            links.cover_others::<PLAIN, K>(x);
        }
        true
    }

    #[inline(always)]
    fn uncommit(&mut self, x: u32, level: usize) {
        let (links, x) = (&mut *self.links, Node(x));
        if HOW == SHORTEST_FIRST {
            links.uncover_others_in::<K>(x, self.marks.order[level]);
        } else if Self::LOG && links.logged(level) {
            let mark = self.marks.logged[level].commit;
            if SHORT {
                links.uncover_others_logged::<FLAGGED, K>(x, mark);
            } else {
                links.uncover_others_logged::<PLAIN, K>(x, mark);
            }
        } else if SHORT {
            links.uncover_others::<FLAGGED, K>(x);
        } else {
            links.uncover_others::<PLAIN, K>(x);
        }
        if SHORT {
            // The short items the option's covers pushed are long again.
            links.short_top = self.marks.mark[level];
        }
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.links.link[Node(x)].down.0
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.links.all_covered()
    }
}

/// The plain links as [`Levels`] under [`Branching::LookAhead`](crate::Branching::LookAhead):
/// [`Plain`]'s levels under [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree)
/// (the stack of short items, the degree tie-break, the hide log), and
/// the look-ahead (`look.rs`) once an option is tried and no forced move
/// is pending. Its takings-out are in the log with the level's covers.
struct Look<'a, const K: usize> {
    plain: Plain<'a, true, K, false, NOT_EARLY>,
}

impl<const K: usize> Look<'_, K> {
    /// After `level` is undone back to its opening (or to its covers):
    /// the links are as the level found them, or have only lost its
    /// item's options since.
    #[inline(always)]
    fn back_to(&mut self, level: usize) {
        let links = &mut *self.plain.links;
        links.look.scanned = if links.logged(level) {
            links.look.mark[level]
        } else {
            look::NOT_SCANNED
        };
    }
}

impl<const K: usize> Levels for Look<'_, K> {
    #[inline(always)]
    fn choose(&mut self) -> Option<u32> {
        self.plain.choose()
    }

    #[inline(always)]
    fn len(&self, c: u32) -> u32 {
        self.plain.len(c)
    }

    #[inline(always)]
    fn dead_end(&mut self) {
        self.plain.dead_end();
    }

    #[inline(always)]
    fn open(&mut self, c: u32, level: usize) -> u32 {
        let links = &mut *self.plain.links;
        if level <= links.log.from {
            // The log starts afresh at this level (`log_open`): the
            // states below it are not in it.
            links.look.scanned = look::NOT_SCANNED;
        }
        links.look.mark[level] = links.look.scanned;
        self.plain.open(c, level)
    }

    #[inline(always)]
    fn close(&mut self, head: u32, level: usize) {
        self.plain.close(head, level);
        self.back_to(level);
    }

    #[inline(always)]
    fn commit(&mut self, x: u32, level: usize) -> bool {
        self.plain.commit(x, level);
        let links = &mut *self.plain.links;
        // Forced moves first, as a player fills singles before looking for
        // locked candidates: the look-ahead waits until no forced move or
        // dead end is pending. A level outside the log (opened under
        // another rule) does not look ahead: its undo is the walk.
        if links.logged(level) && !links.forced_pending() {
            links.look_ahead::<K>();
        }
        true
    }

    #[inline(always)]
    fn uncommit(&mut self, x: u32, level: usize) {
        self.plain.uncommit(x, level);
        self.back_to(level);
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.plain.down(x)
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.plain.all_covered()
    }
}

/// One copy of the look-ahead's loop (see [`Look`]).
#[inline(never)]
fn with_look<const K: usize>(
    links: &mut Links,
    marks: Marks<'_>,
    choice: Choice,
    run: &mut Run<'_>,
    target: u64,
) -> Step {
    links.size_log();
    links.size_look(marks.mark.len());
    let bmi = links.bmi;
    let mut look = Look::<K> {
        plain: Plain {
            links,
            marks,
            choice,
        },
    };
    levels_loop(&mut look, bmi, run, target)
}

/// Runs the plain search on `links` (see [`search_levels`]) as `plan`
/// asks, in the copy of
/// the loop for the problem's options: one for each option length that
/// [`Links::uniform_len`] admits (the covers then find an option's other
/// nodes by arithmetic, or for pairs as a neighbour), and one for any.
pub(crate) fn search(
    links: &mut Links,
    marks: Marks<'_>,
    plan: Plan,
    run: &mut Run<'_>,
    target: u64,
) -> Step {
    let rule = plan.choice;
    let short = rule.is_short();
    links.look.in_log = plan.look;
    if !links.rank.is_empty() && !short {
        // A seeded search breaks ties by rank, in a copy of its own.
        return with::<false, 0, true, NOT_EARLY>(links, marks, rule, run, target);
    }
    let k = links.search_len();
    if plan.look {
        // The look-ahead's choice is `ShortFirstDegree`'s, seeded or not.
        return match k {
            3 => with_look::<3>(links, marks, rule, run, target),
            4 => with_look::<4>(links, marks, rule, run, target),
            _ => with_look::<0>(links, marks, rule, run, target),
        };
    }
    if plan.early {
        return match (k, links.shortest_first()) {
            (3, true) => with::<false, 3, false, SHORTEST_FIRST>(links, marks, rule, run, target),
            (4, true) => with::<false, 4, false, SHORTEST_FIRST>(links, marks, rule, run, target),
            (5, true) => with::<false, 5, false, SHORTEST_FIRST>(links, marks, rule, run, target),
            (6, true) => with::<false, 6, false, SHORTEST_FIRST>(links, marks, rule, run, target),
            (0, true) => with::<false, 0, false, SHORTEST_FIRST>(links, marks, rule, run, target),
            (3, _) => with::<false, 3, false, IN_ORDER>(links, marks, rule, run, target),
            (4, _) => with::<false, 4, false, IN_ORDER>(links, marks, rule, run, target),
            (5, _) => with::<false, 5, false, IN_ORDER>(links, marks, rule, run, target),
            (6, _) => with::<false, 6, false, IN_ORDER>(links, marks, rule, run, target),
            (2, _) => with::<false, 2, false, IN_ORDER>(links, marks, rule, run, target),
            _ => with::<false, 0, false, IN_ORDER>(links, marks, rule, run, target),
        };
    }
    match (short, k) {
        (true, 3) => with::<true, 3, false, NOT_EARLY>(links, marks, rule, run, target),
        (true, 4) => with::<true, 4, false, NOT_EARLY>(links, marks, rule, run, target),
        // Pairs keep the walk (see `Plain::LOG`).
        (true, 2) => with::<true, 2, false, NOT_EARLY>(links, marks, rule, run, target),
        (true, _) => with::<true, 0, false, NOT_EARLY>(links, marks, rule, run, target),
        (false, 3) => with::<false, 3, false, NOT_EARLY>(links, marks, rule, run, target),
        (false, 4) => with::<false, 4, false, NOT_EARLY>(links, marks, rule, run, target),
        (false, 5) => with::<false, 5, false, NOT_EARLY>(links, marks, rule, run, target),
        (false, 6) => with::<false, 6, false, NOT_EARLY>(links, marks, rule, run, target),
        (false, 2) => with::<false, 2, false, NOT_EARLY>(links, marks, rule, run, target),
        (false, _) => with::<false, 0, false, NOT_EARLY>(links, marks, rule, run, target),
    }
}

/// One copy of the loop (see [`Plain`] for the parameters), compiled twice:
/// for any processor, and for those with the bit manipulation instructions
/// (and AVX2), where the scans of bit sets take one instruction per step
/// where they took three (dom8x8 1.18 -> 1.11 s).
#[inline(never)]
fn with<const SHORT: bool, const K: usize, const RANKED: bool, const HOW: TryMode>(
    links: &mut Links,
    marks: Marks<'_>,
    choice: Choice,
    run: &mut Run<'_>,
    target: u64,
) -> Step {
    if Plain::<SHORT, K, RANKED, HOW>::LOG {
        links.size_log();
    }
    let bmi = links.bmi;
    let mut plain = Plain::<SHORT, K, RANKED, HOW> {
        links,
        marks,
        choice,
    };
    levels_loop(&mut plain, bmi, run, target)
}

/// [`search_levels`] on `levels`, in the copy compiled for processors
/// with the bit manipulation instructions when `bmi` says the processor
/// has them.
#[inline(always)]
fn levels_loop<L: Levels>(levels: &mut L, bmi: bool, run: &mut Run<'_>, target: u64) -> Step {
    #[cfg(target_arch = "x86_64")]
    if bmi {
        // SAFETY: the processor has the features (checked in `reset`).
        return unsafe { with_bmi(levels, run, target) };
    }
    let _ = bmi;
    search_levels(levels, run, target)
}

/// [`search_levels`] compiled for processors with the bit manipulation
/// instructions and AVX2.
///
/// # Safety
/// The processor must have the features enabled here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn with_bmi<L: Levels>(levels: &mut L, run: &mut Run<'_>, target: u64) -> Step {
    search_levels(levels, run, target)
}

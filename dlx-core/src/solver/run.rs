//! Running the search: the dispatch to the engine and, for plain exact
//! cover, to the copy of DLX1's loop for the problem's option length and
//! the rule.

#![allow(unsafe_code)]

use super::*;
use crate::engine::exact::Links;
use crate::engine::exact::{Order, FLAGGED, IN_ORDER, NOT_EARLY, SHORTEST_FIRST, TRACKED};
use crate::engine::levels::Run;

impl Solver<'_> {
    /// [`Solver::run`], in the copy of the loop for the problem's options:
    /// one for each option length that [`Links::uniform_len`] admits (the
    /// covers then find an option's other nodes by arithmetic, or for pairs
    /// as a neighbour), and one for any.
    pub(super) fn run_any(&mut self, target: u64) -> Step {
        if self.kind != Kind::Exact {
            return self.run_colored(target);
        }
        if !self.p.links.rank.is_empty() && !self.branching.is_short() {
            // A seeded search breaks ties by rank, in a copy of its own.
            return self.run_with::<false, 0, true, NOT_EARLY>(target);
        }
        let k = self.p.links.search_len();
        if self.branching == Branching::Early {
            return match (k, self.shortest_first()) {
                (3, true) => self.run_with::<false, 3, false, SHORTEST_FIRST>(target),
                (4, true) => self.run_with::<false, 4, false, SHORTEST_FIRST>(target),
                (5, true) => self.run_with::<false, 5, false, SHORTEST_FIRST>(target),
                (6, true) => self.run_with::<false, 6, false, SHORTEST_FIRST>(target),
                (0, true) => self.run_with::<false, 0, false, SHORTEST_FIRST>(target),
                (3, _) => self.run_with::<false, 3, false, IN_ORDER>(target),
                (4, _) => self.run_with::<false, 4, false, IN_ORDER>(target),
                (5, _) => self.run_with::<false, 5, false, IN_ORDER>(target),
                (6, _) => self.run_with::<false, 6, false, IN_ORDER>(target),
                (2, _) => self.run_with::<false, 2, false, IN_ORDER>(target),
                _ => self.run_with::<false, 0, false, IN_ORDER>(target),
            };
        }
        if self.branching.is_short() {
            match k {
                3 => self.run_with::<true, 3, false, NOT_EARLY>(target),
                4 => self.run_with::<true, 4, false, NOT_EARLY>(target),
                _ => self.run_with::<true, 0, false, NOT_EARLY>(target),
            }
        } else {
            match k {
                3 => self.run_with::<false, 3, false, NOT_EARLY>(target),
                4 => self.run_with::<false, 4, false, NOT_EARLY>(target),
                5 => self.run_with::<false, 5, false, NOT_EARLY>(target),
                6 => self.run_with::<false, 6, false, NOT_EARLY>(target),
                2 => self.run_with::<false, 2, false, NOT_EARLY>(target),
                _ => self.run_with::<false, 0, false, NOT_EARLY>(target),
            }
        }
    }

    /// [`Solver::run`] for a colored or bounded problem: Algorithm C or M
    /// on the problem's colored links.
    #[inline(never)]
    pub(super) fn run_colored(&mut self, target: u64) -> Step {
        if !self.started
            && self.kind == Kind::Colors
            && self.branching == Branching::Early
            && !self.seeded
        {
            let levels = self.p.choice.len();
            // Either links count their updates from 0, the forced options'
            // included.
            if self.p.prepare_lazy(levels) {
                self.lazy = true;
                self.updates_base = 0;
                self.p.lazy.choice_rule = self.p.xcc.choice_rule;
            } else if self.p.prepare_by_length(levels) {
                self.by_length = true;
                self.updates_base = 0;
            }
        }
        self.started = true;
        self.solution_len = None;
        let p = &mut *self.p;
        let mut run = Run {
            choice: &mut p.choice,
            stop: &mut p.stop,
            level: self.level,
            state: self.state,
            nodes: self.nodes,
            solutions: self.solutions,
            node_limit: self.stop_at,
            forced: !p.forced.is_empty(),
            solution_len: None,
            floor: self.floor,
        };
        let early = self.branching == Branching::Early;
        let step = if self.kind == Kind::Multiplicities {
            p.xcc.search_bounds(&mut run, target)
        } else if self.lazy {
            p.lazy.search(&mut run, target, early)
        } else {
            p.xcc
                .search_colors(&mut run, target, self.branching == Branching::Early)
        };
        self.level = run.level;
        self.state = run.state;
        self.nodes = run.nodes;
        self.solutions = run.solutions;
        self.solution_len = run.solution_len;
        step
    }

    /// [`Solver::run`], with the covers keeping the stack of short items
    /// when `SHORT` (the rule is one of the `ShortFirst` ones), for options of
    /// `K` nodes each (0: any lengths).
    #[inline(never)]
    pub(super) fn run_with<
        const SHORT: bool,
        const K: usize,
        const RANKED: bool,
        const EARLY: u8,
    >(
        &mut self,
        target: u64,
    ) -> Step {
        #[cfg(target_arch = "x86_64")]
        if self.p.links.bmi {
            // SAFETY: the processor has the features (checked in `reset`).
            #[allow(unsafe_code)]
            return unsafe { self.run_with_bmi::<SHORT, K, RANKED, EARLY>(target) };
        }
        self.search::<SHORT, K, RANKED, EARLY>(target)
    }

    /// [`Solver::run_with`] compiled for processors with the bit
    /// manipulation instructions (and AVX2): the search's scans of bit sets
    /// take one instruction per step where they took three (dom8x8 1.18 ->
    /// 1.11 s).
    ///
    /// # Safety
    /// The processor must have the features enabled here.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[allow(unsafe_code)]
    unsafe fn run_with_bmi<
        const SHORT: bool,
        const K: usize,
        const RANKED: bool,
        const EARLY: u8,
    >(
        &mut self,
        target: u64,
    ) -> Step {
        self.search::<SHORT, K, RANKED, EARLY>(target)
    }

    /// The body of [`Solver::run_with`].
    #[inline(always)]
    pub(super) fn search<const SHORT: bool, const K: usize, const RANKED: bool, const EARLY: u8>(
        &mut self,
        target: u64,
    ) -> Step {
        self.started = true;
        self.solution_len = None;
        // The loop's transitions are direct jumps, not a dispatch on
        // `self.state` (an indirect jump at every step, mispredicted about
        // once a node on dom8x8). Between calls the state is `Forward`
        // (the node limit stopped the search), `Recover` (a solution was
        // found at `level`) or `Done`.
        let mut resume = match self.state {
            State::Done => return Step::Exhausted,
            State::Forward => false,
            State::Recover => true,
        };
        let links = &mut self.p.links;
        let choice = &mut self.p.choice[..];
        let stop = &mut self.p.stop[..];
        let mark = &mut self.p.mark[..];
        let order = &mut self.p.order[..];
        let mut level = self.level;
        let degree = self.branching == Branching::ShortFirstDegree;
        let step = 'forward: loop {
            if resume {
                resume = false;
                Self::recover::<SHORT, K, EARLY>(links, choice, mark, order, level);
            } else {
                // X2-X4: enter a node and choose its item.
                if self.nodes >= self.stop_at {
                    self.state = State::Forward;
                    break Step::NodeLimit;
                }
                self.nodes += 1;
                let next = if SHORT {
                    links.choose_short(degree)
                } else if RANKED {
                    links.choose_ranked(self.branching)
                } else {
                    links.choose(self.branching)
                };
                let Some(best) = next else {
                    // Nothing to cover before any choice: the forced
                    // options (or nothing at all) are the one solution.
                    // DLX1 counts the root and the solution; forced
                    // options are the choices above a solution node, as
                    // in the search that split them off, which counts
                    // only the solution.
                    if self.p.forced.is_empty() {
                        self.nodes += 1;
                    }
                    self.solutions += 1;
                    self.state = State::Done;
                    if self.solutions >= target {
                        self.solution_len = Some(level);
                        break Step::Found;
                    }
                    break Step::Exhausted;
                };
                if links.len[best] == 0 {
                    // Dead end. DLX1 covers and uncovers the empty item;
                    // count that update without doing the work.
                    links.updates += 1;
                    if level == 0 {
                        self.state = State::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    Self::recover::<SHORT, K, EARLY>(links, choice, mark, order, level);
                } else {
                    if !SHORT {
                        links.cover::<PLAIN, K>(best);
                    } else if links.len[best] == 1 {
                        // A forced move: the covers of its option's other
                        // items follow at once, so the items this cover
                        // shortens are covered next, and pushing them would
                        // only leave stale entries on the stack.
                        links.cover::<FLAGGED, K>(best);
                    } else {
                        links.cover::<TRACKED, K>(best);
                    }
                    let head = best.header();
                    choice[level] = links.link[head].down;
                    stop[level] = head;
                    if SHORT {
                        mark[level] = links.short_top;
                    }
                }
            }
            loop {
                // X5: try the option at choice[level], unless the list of
                // the level's item is exhausted (or the rest was split off).
                let cur = choice[level];
                if cur == stop[level] {
                    // X7: restore the level's item and go up.
                    if SHORT {
                        links.uncover::<FLAGGED, K>(links.item[cur]);
                    } else {
                        links.uncover::<PLAIN, K>(links.item[cur]);
                    }
                    if level == 0 {
                        self.state = State::Done;
                        break 'forward Step::Exhausted;
                    }
                    level -= 1;
                } else {
                    if EARLY != 0 {
                        let Some(covered) = links.cover_others_early::<K, EARLY>(cur) else {
                            // A dead end, found while covering and already
                            // undone: the next option.
                            choice[level] = links.link[cur].down;
                            continue;
                        };
                        if EARLY == SHORTEST_FIRST {
                            order[level] = covered;
                        }
                    } else if SHORT {
                        links.cover_others::<TRACKED, K>(cur);
                    } else {
                        links.cover_others::<PLAIN, K>(cur);
                    }
                    if !links.all_covered() {
                        level += 1;
                        continue 'forward;
                    }
                    self.nodes += 1;
                    self.solutions += 1;
                    if self.solutions >= target {
                        self.state = State::Recover;
                        self.solution_len = Some(level + 1);
                        break 'forward Step::Found;
                    }
                }
                Self::recover::<SHORT, K, EARLY>(links, choice, mark, order, level);
            }
        };
        self.level = level;
        step
    }

    /// X6: undoes the option tried at `level` and moves to the next one in
    /// the level's item list.
    #[inline(always)]
    pub(super) fn recover<const SHORT: bool, const K: usize, const EARLY: u8>(
        links: &mut Links,
        choice: &mut [Node],
        mark: &[usize],
        order: &[Order],
        level: usize,
    ) {
        let cur = choice[level];
        if EARLY == SHORTEST_FIRST {
            links.uncover_others_in::<K>(cur, order[level]);
        } else if SHORT {
            links.uncover_others::<FLAGGED, K>(cur);
        } else {
            links.uncover_others::<PLAIN, K>(cur);
        }
        if SHORT {
            // The short items the option's covers pushed are long again.
            links.short_top = mark[level];
        }
        choice[level] = links.link[cur].down;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stats and the first solutions of a search of `file`, with the
    /// copy of the search loop compiled for BMI used or not.
    fn search(file: &[u8], branching: Branching, bmi: bool) -> (Stats, Vec<Vec<OptionId>>) {
        let mut problem = crate::text::parse(file).expect("a valid file").problem;
        problem.links.bmi &= bmi;
        let mut solver = problem.solver();
        solver.set_branching(branching);
        let mut first = Vec::new();
        while first.len() < 5 && solver.next_solution() == Step::Found {
            first.push(solver.solution().collect());
        }
        solver.count(None);
        (solver.stats(), first)
    }

    /// Tests run on a processor with the features take the copy compiled
    /// for them; the other copy, compiled from the same code for any
    /// processor, must search the same trees.
    #[test]
    fn both_copies_of_the_search_agree() {
        let files: [&[u8]; 4] = [
            include_bytes!("../../tests/data/xc/dom6x6.dlx"),
            include_bytes!("../../tests/data/xc/langford8.dlx"),
            include_bytes!("../../tests/data/xc/queens8.dlx"),
            include_bytes!("../../tests/data/xc/sudoku_hdu1426.dlx"),
        ];
        let rules = [
            Branching::MinLength,
            Branching::MinLengthUpToOne,
            Branching::ShortFirst,
            Branching::ShortFirstDegree,
            Branching::First,
        ];
        for file in files {
            for rule in rules {
                let plain = search(file, rule, false);
                assert!(plain.0.solutions > 0, "{rule:?}");
                assert_eq!(search(file, rule, true), plain, "{rule:?}");
            }
        }
    }
}

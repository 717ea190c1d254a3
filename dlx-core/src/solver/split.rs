//! The shape of the search tree as the solver sees it: the branch at the
//! root, work split off for other threads, Knuth's progress estimate, and
//! the problem's cut into parts.

use super::*;
use crate::engine::xcc::bounds::Moves;
use crate::index::Item;
use crate::outcome::{Branch, SplitOff};
use crate::stop::Cancel;

impl Solver<'_> {
    /// The item the search would branch on first, and its options, given
    /// the options forced so far. Splitting a problem into the subproblems
    /// "force each of these options" partitions its solutions; see
    /// [`Problem::parts`]. Not so under bounds ([`Kind::Multiplicities`]):
    /// there the item is DLX3's choice and its options are the ones in its
    /// list, but a solution may contain several of them, or none.
    pub fn branch(&self) -> Branch {
        if !self.strategy.is_plain() {
            return self.branch_colored();
        }
        let links = &self.p.links;
        // Under the `ShortFirst` rules, the scan the search does when its
        // stack is empty (as it is before the search), and the degree
        // tie-break after it.
        let choice = if links.rank.is_empty() || self.strategy.plan.choice.is_short() {
            links.choose(self.strategy.plan.choice)
        } else {
            links.choose_ranked(self.strategy.plan.choice)
        };
        let Some(best) = choice else {
            return Branch::Solved;
        };
        let item = Item::new(best.0 as usize);
        let head = best.header();
        let mut x = links.link[head].down;
        if x == head {
            return Branch::DeadEnd(item);
        }
        let mut options = Vec::with_capacity(links.len[best] as usize);
        while x != head {
            options.push(self.p.option_of(x));
            x = links.link[x].down;
        }
        Branch::On(item, options)
    }

    /// [`Solver::branch`] for a colored or bounded problem, by DLX2's or
    /// DLX3's choice of item.
    pub(super) fn branch_colored(&self) -> Branch {
        let (p, lazy) = (&*self.p, self.strategy.is_lazy());
        let chosen = if lazy {
            p.work.lazy.choose_item()
        } else {
            p.work.xcc.choose_item(self.strategy.is_bounded())
        };
        let Some((best, dead)) = chosen else {
            return Branch::Solved;
        };
        let item = Item::new(best.0 as usize);
        if dead {
            return Branch::DeadEnd(item);
        }
        let head = best.header();
        let down = |x: Node| {
            if lazy {
                p.work.lazy.down(x)
            } else {
                p.work.xcc.down(x)
            }
        };
        let mut options = Vec::new();
        let mut n = down(head);
        while n != head {
            options.push(p.option_of(n));
            n = down(n);
        }
        Branch::On(item, options)
    }

    /// Gives away the options not yet tried at the shallowest level of the
    /// search that has any, as parts: each part is the forced options, the
    /// choices above that level and one given-away option, to be
    /// [forced](Solver::force) on a new solver of the same problem. This
    /// search will not try them any more, so its solutions and those of the
    /// parts partition the solutions it had left to find.
    ///
    /// This is how work is shared on the fly: a search that runs in slices
    /// (with [`Solver::set_node_limit`]) can split off the top of its
    /// remaining tree whenever another thread is idle, as `parallel::count`
    /// (cargo feature `parallel`) does. Nothing is split
    /// off if the search has not started, is done, or has a single path
    /// left.
    ///
    /// ```
    /// use dlx_core::{Problem, Step};
    ///
    /// // Three items; options {a}, {b}, {c}, {a, b}, {b, c}: 3 solutions.
    /// let mut p = Problem::new(3, 0);
    /// let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    /// for items in [&[a][..], &[b], &[c], &[a, b], &[b, c]] {
    ///     p.add_option(items.iter().copied()).unwrap();
    /// }
    /// let mut s = p.solver();
    /// assert_eq!(s.next_solution(), Step::Found);
    /// let split = s.split_off();
    /// // The first solution and the rest of this search's own.
    /// let mine = s.count(None).solutions;
    /// drop(s);
    /// let mut theirs = 0;
    /// for part in &split.parts {
    ///     let mut s = p.solver();
    ///     for &o in part {
    ///         s.force(o).unwrap();
    ///     }
    ///     theirs += s.count(None).solutions;
    /// }
    /// assert_eq!(mine + theirs, 3);
    /// ```
    pub fn split_off(&mut self) -> SplitOff {
        let none = SplitOff {
            parts: Vec::new(),
            share: 0.0,
        };
        if !self.started {
            return none;
        }
        // Levels that have an item covered.
        let levels = match self.state {
            State::Done => return none,
            State::Forward => self.level,
            State::Recover => self.level + 1,
        };
        if self.strategy.is_bounded() {
            // A level of Algorithm M is not "one of these options": its
            // tweaks also rule the earlier ones out below it.
            return none;
        }
        // Algorithm C's levels are DLX1's: only the links differ.
        let p = &*self.p;
        let colored = self.strategy.kind == Kind::Colors;
        let lazy = self.strategy.is_lazy();
        let len = |stop: Node| {
            if lazy {
                p.work.lazy.len_of(p.work.lazy.item_of(stop))
            } else if colored {
                p.work.xcc.len_of(p.work.xcc.item_of(stop))
            } else {
                p.links.len_of(p.links.item[stop])
            }
        };
        let mut share = 1.0;
        for k in 0..levels {
            let cur = p.work.choice[k];
            let stop = p.work.stop[k];
            share /= f64::from(len(stop).max(1));
            if cur == stop {
                continue;
            }
            let first = self.down(cur);
            if first == stop {
                continue;
            }
            let above: Vec<OptionId> = p
                .work
                .forced
                .iter()
                .chain(&p.work.choice[..k])
                .map(|&x| p.option_of(x))
                .collect();
            let mut parts = Vec::new();
            let mut x = first;
            while x != stop {
                let mut part = Vec::with_capacity(above.len() + 1);
                part.extend_from_slice(&above);
                part.push(p.option_of(x));
                parts.push(part);
                x = self.down(x);
            }
            self.p.work.stop[k] = first;
            // The level's guesses were counted for its whole list; the
            // options given away are forced in their parts, not guessed.
            // The current one stays a guess (others remained when it was
            // tried), so `stats().guesses` never goes down.
            self.guesses = self.guesses.saturating_sub(parts.len() as u64 - 1);
            return SplitOff { parts, share };
        }
        none
    }

    /// The node after `x` in its item's list, on the links the search
    /// runs on (not under bounds).
    fn down(&self, x: Node) -> Node {
        if self.strategy.is_lazy() {
            self.p.work.lazy.down(x)
        } else if self.strategy.kind == Kind::Colors {
            self.p.work.xcc.down(x)
        } else {
            self.p.links.link[x].down
        }
    }

    /// The guesses counted ahead for the levels on the current path (each
    /// level counts every option of its list but the last when it is
    /// entered) that are not made yet: at a level with `r` options still
    /// to try after the current one, `r - 1` of them (the current one is
    /// a guess when `r` > 0, and the last one will not be).
    pub(super) fn guesses_ahead(&self) -> u64 {
        let depth = match self.state {
            _ if !self.started || self.strategy.is_bounded() => return 0,
            State::Done => return 0,
            State::Forward => self.level,
            State::Recover => self.level + 1,
        };
        let mut ahead = 0;
        for k in 0..depth {
            let (cur, stop) = (self.p.work.choice[k], self.p.work.stop[k]);
            if cur == stop {
                continue;
            }
            let mut x = self.down(cur);
            while x != stop {
                ahead += 1;
                x = self.down(x);
            }
            // The `r` options after the current one: `r - 1` guesses.
            ahead -= u64::from(self.down(cur) != stop);
        }
        ahead
    }

    /// An estimate of the share of the search tree explored so far, from 0
    /// to 1: Knuth's estimate from the positions of the current choices. At
    /// a level whose item had `n` options, of which the `k`-th (0-based) is
    /// being tried, the finished siblings count `k/n` of that level's share
    /// of the tree, and each level's share is `1/n` of the one above. It
    /// assumes equal subtrees, so it is rough early on and sharpens as the
    /// search goes; it is exact (1) when the search is done.
    ///
    /// It costs a walk along the lists of the current choices: call it now
    /// and then (say every 100,000 nodes, with [`Solver::set_node_limit`]),
    /// not at every step.
    pub fn progress(&self) -> f64 {
        let depth = match self.state {
            State::Done => return 1.0,
            _ if !self.started => return 0.0,
            State::Forward => self.level,
            State::Recover => self.level + 1,
        };
        if !self.strategy.is_plain() {
            let bounded = self.strategy.is_bounded();
            let x = &self.p.work.xcc;
            let (mut done, mut share) = (0.0, 1.0);
            // Under bounds a solution is found on entering a level.
            let depth = if bounded { self.level } else { depth };
            for k in 0..depth {
                let (cur, stop) = (self.p.work.choice[k], self.p.work.stop[k]);
                let (i, n) = if self.strategy.is_lazy() {
                    self.p.work.lazy.position(cur, stop)
                } else {
                    x.position(k, cur, stop, bounded)
                };
                if n == 0 {
                    break;
                }
                share /= f64::from(n);
                done += f64::from(i) * share;
            }
            return (done + share / 2.0).min(1.0);
        }
        let links = &self.p.links;
        let (mut done, mut share) = (0.0, 1.0);
        for &cur in &self.p.work.choice[..depth] {
            let best = links.item[cur];
            let head = best.header();
            let n = links.len_of(best);
            if n == 0 {
                break;
            }
            // Position of `cur` in its item's list (the header: all tried).
            let mut k = 0u32;
            let mut x = links.link[head].down;
            while x != cur && x != head {
                k += 1;
                x = links.link[x].down;
            }
            share /= f64::from(n);
            done += f64::from(k) * share;
        }
        (done + share / 2.0).min(1.0)
    }
}

impl Problem {
    /// Cuts the search tree at `depth` levels: the options chosen on the way
    /// to each node at that depth (or to a solution found above it), in the
    /// order the search visits them. Dead ends above `depth` are left out.
    /// A problem with bounds ([`Kind::Multiplicities`]) is not cut: its one
    /// part is the whole tree ([`Problem::cut`] cuts every kind).
    ///
    /// Forcing the options of each part (see [`Solver::force`]) and counting
    /// gives counts that sum to the problem's count: the parts can be solved
    /// independently, on other threads or other machines. The list can be
    /// huge (the number of nodes at `depth`); [`Problem::cut_iter`] gives
    /// the parts one at a time, and stops at a deadline.
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// // 4-queens: rows and columns primary, diagonals secondary.
    /// let n = 4;
    /// let mut p = Problem::new(2 * n, 4 * n - 2);
    /// for r in 0..n {
    ///     for c in 0..n {
    ///         let d1 = p.secondary(r + c);
    ///         let d2 = p.secondary(2 * n - 1 + (n - 1 - r + c));
    ///         p.add_option([p.primary(r), p.primary(n + c), d1, d2]).unwrap();
    ///     }
    /// }
    /// let parts = p.parts(2);
    /// let mut total = 0;
    /// for part in &parts {
    ///     let mut s = p.solver();
    ///     for &o in part {
    ///         s.force(o).unwrap();
    ///     }
    ///     total += s.count(None).solutions;
    /// }
    /// assert_eq!(total, p.count());
    /// ```
    pub fn parts(&mut self, depth: usize) -> Vec<Vec<OptionId>> {
        if strategy::parts_are_moves(self.kind()) {
            // A level of Algorithm M is not "one of these options" (its
            // tweaks rule the earlier options out below it, and a null move
            // chooses none), so forced options cannot describe its subtrees:
            // the whole tree is one part.
            return vec![Vec::new()];
        }
        self.cut_iter(depth)
            .map(|part| part.choices.into_iter().flatten().collect())
            .collect()
    }

    /// Cuts the search tree at `depth` levels, as [`Problem::parts`] does,
    /// for every kind of problem: each [`Part`] is the subtree below the
    /// choices made on the way to a node at that depth (or to a solution
    /// found above it), in the order the search visits them; dead ends above
    /// `depth` are left out. Searching each part
    /// ([`Solver::enter`]) and adding up the counts gives the problem's
    /// count. This collects [`Problem::cut_iter`], which gives the parts one
    /// at a time.
    ///
    /// Without bounds a part is a list of options to force. Under bounds
    /// ([`Kind::Multiplicities`]) a level of Algorithm M is not "one of
    /// these options": the options its item tried before the level's move
    /// are ruled out below it, and a null move chooses no option at all; a
    /// part is then the path of moves from the root, and entering it
    /// replays them as the sequential search makes them.
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// // Two marks in each row and each column of a 4x4 board (rows and
    /// // columns are primary items with bounds 2:2): 90 solutions.
    /// let n = 4;
    /// let mut p = Problem::new(2 * n, 0);
    /// for i in 0..2 * n {
    ///     p.set_bounds(p.primary(i), 2, 2).unwrap();
    /// }
    /// for r in 0..n {
    ///     for c in 0..n {
    ///         p.add_option([p.primary(r), p.primary(n + c)]).unwrap();
    ///     }
    /// }
    /// let parts = p.cut(3);
    /// assert!(parts.len() > 1);
    /// let mut total = 0;
    /// for part in &parts {
    ///     let mut s = p.solver();
    ///     s.enter(part).unwrap();
    ///     total += s.count(None).solutions;
    /// }
    /// assert_eq!(total, 90);
    /// assert_eq!(p.count(), 90);
    /// ```
    pub fn cut(&mut self, depth: usize) -> Vec<Part> {
        self.cut_iter(depth).collect()
    }

    /// The parts of [`Problem::cut`], one at a time, in the same order: an
    /// iterator that walks the top of the search tree with one solver,
    /// down and back up, and holds nothing but that solver and the part it
    /// returns. Its work is the search's own down to `depth` (a node costs
    /// what it costs the search: no path is replayed), so a cut at any
    /// depth of a chain of any length is linear; its stack is the solver's
    /// array of levels, not the call stack. A deadline or a [`Cancel`]
    /// ([`Cut::set_deadline`], [`Cut::set_cancel`]) ends it early, and
    /// [`Cut::outcome`] then says so; `take(n)` bounds the number of parts.
    ///
    /// ```
    /// use dlx_core::{Outcome, Problem};
    ///
    /// // 8 independent items with 3 options each: 3^8 solutions, 3^4 parts
    /// // at depth 4.
    /// let mut p = Problem::new(8, 0);
    /// for i in 0..8 {
    ///     for _ in 0..3 {
    ///         p.add_option([p.primary(i)]).unwrap();
    ///     }
    /// }
    /// let mut cut = p.cut_iter(4);
    /// let first: Vec<_> = cut.by_ref().take(10).collect();
    /// assert_eq!(first.len(), 10);
    /// assert_eq!(cut.outcome(), None, "not finished yet");
    /// assert_eq!(cut.by_ref().count(), 81 - 10);
    /// assert_eq!(cut.outcome(), Some(Outcome::Complete));
    /// ```
    pub fn cut_iter(&mut self, depth: usize) -> Cut<'_> {
        Cut {
            solver: self.solver(),
            depth,
            moves: Vec::new(),
            outcome: None,
        }
    }
}

/// The parts of a cut of a problem's search tree, one at a time: see
/// [`Problem::cut_iter`].
#[derive(Debug)]
pub struct Cut<'a> {
    /// The search, stopped before each node it enters; a node at `depth`
    /// is a part, whose subtree it then skips.
    solver: Solver<'a>,
    depth: usize,
    /// Under bounds, the index of each level's move on the path the search
    /// stands on, as [`Solver::enter`] replays them; empty otherwise.
    moves: Vec<u32>,
    /// Why the cut ended; `None` while it goes on.
    outcome: Option<Outcome>,
}

impl Cut<'_> {
    /// Ends the cut (with [`Outcome::Deadline`]) once `deadline` has passed;
    /// `None` removes it. The clock is read before each node of the top of
    /// the tree, so the cut ends one node's work after the deadline at
    /// most.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.solver.set_deadline(deadline);
    }

    /// Ends the cut (with [`Outcome::Cancelled`]) once `cancel` is
    /// cancelled; `None` stops watching.
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.solver.set_cancel(cancel);
    }

    /// `None` while parts may follow; [`Outcome::Complete`] once every part
    /// was given, [`Outcome::Deadline`] or [`Outcome::Cancelled`] when the
    /// cut was ended early (the parts given are then the first ones of the
    /// whole cut, and the iterator gives no more).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Knuth's estimate of the share of the search tree the cut has passed,
    /// from 0 to 1 (see [`Solver::progress`]); 1 once the cut is complete.
    /// A caller that counts the parts as they come can show it as the
    /// share of the whole count done.
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// let mut p = Problem::new(4, 0);
    /// for i in 0..4 {
    ///     for _ in 0..2 {
    ///         p.add_option([p.primary(i)]).unwrap();
    ///     }
    /// }
    /// let mut cut = p.cut_iter(2);
    /// assert_eq!(cut.progress(), 0.0);
    /// cut.next();
    /// let early = cut.progress();
    /// assert!(early > 0.0 && early < 1.0);
    /// assert_eq!(cut.by_ref().count(), 3);
    /// assert_eq!(cut.progress(), 1.0);
    /// ```
    pub fn progress(&self) -> f64 {
        if self.outcome == Some(Outcome::Complete) {
            1.0
        } else {
            self.solver.progress()
        }
    }

    /// The part of the path the search stands on: its first `len` levels.
    fn part(&self, len: usize) -> Part {
        let s = &self.solver;
        let p = &*s.p;
        if !s.strategy.is_bounded() {
            return Part {
                choices: p.work.choice[..len]
                    .iter()
                    .map(|&x| Some(p.option_of(x)))
                    .collect(),
                moves: Vec::new(),
            };
        }
        debug_assert_eq!(self.moves.len(), len);
        Part {
            choices: s.path_choices(),
            moves: self.moves.clone(),
        }
    }

    /// Under bounds, at a stop before the search enters a node at `level`:
    /// the moves of the path to it. The search stops before every node it
    /// enters, so from the stop before, either it went one level down (its
    /// first move there), or it came back up to `level - 1` and made that
    /// level's next move (the moves below are undone): one step per stop,
    /// whatever the depth.
    fn track_moves(&mut self) {
        let level = self.solver.level;
        if level > self.moves.len() {
            debug_assert_eq!(level, self.moves.len() + 1);
            self.moves.push(0);
        } else if level > 0 {
            self.moves.truncate(level);
            self.moves[level - 1] += 1;
        }
    }

    /// Is the node the search is about to enter a dead end?
    fn dead_end(&mut self) -> bool {
        if self.solver.strategy.is_bounded() {
            matches!(self.solver.moves_bounded(), Moves::DeadEnd)
        } else {
            matches!(self.solver.branch(), Branch::DeadEnd(_))
        }
    }

    /// Backs the search up from the node it is about to enter, as if the
    /// node's subtree had been searched.
    fn skip(&mut self) {
        let s = &mut self.solver;
        if !s.started || s.level == 0 {
            // The cut is the root.
            s.started = true;
            s.state = State::Done;
        } else if s.strategy.is_bounded() {
            // Algorithm M resumes after a solution by going up from its
            // level (M9).
            s.state = State::Recover;
        } else {
            // DLX1 and Algorithm C resume after a solution at `level` by
            // undoing that level's option (X6, C6).
            s.level -= 1;
            s.state = State::Recover;
        }
    }
}

impl Iterator for Cut<'_> {
    type Item = Part;

    fn next(&mut self) -> Option<Part> {
        while self.outcome.is_none() {
            let s = &mut self.solver;
            if s.started && s.state == State::Done {
                self.outcome = Some(Outcome::Complete);
                break;
            }
            if s.state == State::Forward && s.strategy.is_bounded() {
                self.track_moves();
            }
            let s = &mut self.solver;
            if s.state == State::Forward && s.level >= self.depth {
                // The search reads the watch before each node; a part at
                // `depth` (the root, at depth 0) is given without one.
                if let Some(halt) = s.watch.halt() {
                    self.outcome = Some(Outcome::of(halt.into()));
                    break;
                }
                let part = (!self.dead_end()).then(|| self.part(self.depth));
                self.skip();
                if part.is_some() {
                    return part;
                }
                continue;
            }
            // One node (none when resuming after a part or a solution,
            // which moves on to the next option without entering a node):
            // the search stops before the next one, or at a solution above
            // `depth`.
            let entering = u64::from(s.state == State::Forward);
            s.node_limit = s.nodes.saturating_add(entering);
            match s.run(s.solutions.saturating_add(1)) {
                Step::Found => {
                    let len = s.solution_len.unwrap_or(0);
                    return Some(self.part(len));
                }
                Step::NodeLimit => {}
                step => self.outcome = Some(Outcome::of(step)),
            }
        }
        None
    }
}

impl std::iter::FusedIterator for Cut<'_> {}

/// A part of a problem's search tree: the subtree below the choices made on
/// the way from the root to one node; see [`Problem::cut`], and
/// [`Solver::enter`] to search it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    /// The option chosen at each level from the root; `None` for a null
    /// move of Algorithm M (the level's item takes no more options).
    choices: Vec<Option<OptionId>>,
    /// Under bounds, the index of each level's move among the level's
    /// moves (empty otherwise): what [`Solver::enter`] replays.
    pub(crate) moves: Vec<u32>,
}

impl Part {
    /// The option chosen at each level on the way to the part, from the
    /// root; `None` for a null move of Algorithm M, which chooses no option
    /// (only under bounds). Without bounds these are the options to force.
    pub fn choices(&self) -> &[Option<OptionId>] {
        &self.choices
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{Color, Item};
    use crate::seed::Rng;

    /// The cut as it was made before [`Cut`]: a fresh solver per node,
    /// the path forced or replayed, one call per level. Kept as the
    /// reference the walk must match part for part.
    fn replayed_cut(p: &mut Problem, depth: usize) -> Vec<Part> {
        fn exact(p: &mut Problem, depth: usize, prefix: &mut Vec<OptionId>, out: &mut Vec<Part>) {
            let branch = {
                let mut s = p.solver();
                for &o in prefix.iter() {
                    s.force(o).expect("a part's options are compatible");
                }
                s.branch()
            };
            let part = |prefix: &[OptionId]| Part {
                choices: prefix.iter().copied().map(Some).collect(),
                moves: Vec::new(),
            };
            match branch {
                Branch::DeadEnd(_) => {}
                Branch::Solved => out.push(part(prefix)),
                Branch::On(..) if prefix.len() >= depth => out.push(part(prefix)),
                Branch::On(_, options) => {
                    for o in options {
                        prefix.push(o);
                        exact(p, depth, prefix, out);
                        prefix.pop();
                    }
                }
            }
        }
        fn bounded(p: &mut Problem, depth: usize, path: &mut Vec<u32>, out: &mut Vec<Part>) {
            let (moves, choices) = {
                let mut s = p.solver();
                assert!(s.replay_bounded(path), "a path of the search's own moves");
                (s.moves_bounded(), s.path_choices())
            };
            let part = || Part {
                choices: choices.clone(),
                moves: path.clone(),
            };
            match moves {
                Moves::DeadEnd => {}
                Moves::Solution => out.push(part()),
                Moves::Branch(_) if path.len() >= depth => out.push(part()),
                Moves::Branch(n) => {
                    for m in 0..n {
                        path.push(m);
                        bounded(p, depth, path, out);
                        path.pop();
                    }
                }
            }
        }
        let mut out = Vec::new();
        if strategy::parts_are_moves(p.kind()) {
            bounded(p, depth, &mut Vec::new(), &mut out);
        } else {
            exact(p, depth, &mut Vec::new(), &mut out);
        }
        out
    }

    /// A random small problem: plain, colored or bounded by `kind`.
    fn random_problem(rng: &mut Rng, kind: usize) -> Problem {
        let primary = 1 + rng.below(6);
        let secondary = rng.below(3);
        let mut p = Problem::new(primary, secondary);
        if kind == 2 {
            for i in 0..primary {
                let lo = rng.below(3) as u32;
                let hi = lo + rng.below(2) as u32;
                p.set_bounds(p.primary(i), lo, hi.max(1)).unwrap();
            }
        }
        for _ in 0..rng.below(14) {
            let mut items: Vec<(Item, Option<Color>)> = Vec::new();
            for i in 0..primary + secondary {
                if rng.below(3) == 0 {
                    let item = if i < primary {
                        p.primary(i)
                    } else {
                        p.secondary(i - primary)
                    };
                    let color = (kind == 1 && i >= primary && rng.below(2) == 0)
                        .then(|| Color::new(rng.below(2)));
                    items.push((item, color));
                }
            }
            if !items.is_empty() {
                p.add_colored_option(items).unwrap();
            }
        }
        p
    }

    #[test]
    fn the_walk_cuts_as_the_replays_did() {
        let mut rng = Rng::new(28);
        let mut parts = [0usize; 3];
        for round in 0..600 {
            let kind = round % 3;
            let mut p = random_problem(&mut rng, kind);
            let count = p.count();
            for depth in 0..5 {
                let expected = replayed_cut(&mut p, depth);
                let walked = p.cut(depth);
                assert_eq!(walked, expected, "round {round}, depth {depth}");
                parts[kind] += walked.len();
                let mut total = 0;
                for part in &walked {
                    let mut s = p.solver();
                    s.enter(part).unwrap();
                    total += s.count(None).solutions;
                }
                assert_eq!(total, count, "round {round}, depth {depth}");
            }
        }
        // Every kind was cut into many parts, not only the root.
        assert!(parts.iter().all(|&n| n > 500), "{parts:?}");
    }
}

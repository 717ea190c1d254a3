//! DLX5's search: branch and bound over the arena's levels, the `k` best
//! solutions kept in a heap.

use std::collections::BinaryHeap;

use super::*;

/// The search's state: its levels, the best costs found, its counts.
pub(super) struct Search {
    /// The node chosen at each level.
    pub(super) choice: Vec<Node>,
    /// The net cost of the options chosen above each level.
    pub(super) partcost: Vec<Total>,
    /// The threshold each level covered its item with.
    pub(super) thresh0: Vec<u64>,
    /// The threshold each level committed its option's other items with.
    pub(super) thresh: Vec<u64>,
    /// The `k` least net costs found, largest on top, each with the slot
    /// of `found` that holds its solution.
    pub(super) heap: BinaryHeap<(Total, usize)>,
    /// The nodes of the solutions in the heap.
    pub(super) found: Vec<Vec<Node>>,
    pub(super) k: usize,
    pub(super) nodes: u64,
    pub(super) node_limit: u64,
    /// The deadline and cancellation handle, if any, read when the node
    /// count reaches `check_at` (the node limit, or the end of the current
    /// slice of about a millisecond, whichever is first).
    pub(super) watch: Option<Watch>,
    pub(super) check_at: u64,
    pub(super) slice_start: Instant,
    /// Solutions found (each beat the cutoff of its time).
    pub(super) count: u64,
}

impl Search {
    pub(super) fn new(arena: &Arena, k: usize, node_limit: u64) -> Search {
        // Each level covers a primary item: at most that many levels.
        let levels = arena.n_primary as usize + 1;
        Search {
            choice: vec![Node(0); levels],
            partcost: vec![0; levels],
            thresh0: vec![0; levels],
            thresh: vec![0; levels],
            heap: BinaryHeap::new(),
            found: Vec::new(),
            k,
            nodes: 0,
            node_limit,
            watch: None,
            check_at: node_limit,
            slice_start: Instant::now(),
            count: 0,
        }
    }

    /// At `check_at` nodes: the outcome that stops the search (the node
    /// limit, the deadline or the cancellation), or `None` and the end of
    /// the next slice set.
    #[cold]
    pub(super) fn pause(&mut self) -> Option<Outcome> {
        if self.nodes >= self.node_limit {
            return Some(Outcome::NodeLimit);
        }
        let watch = self.watch.as_mut()?;
        if let Some(halt) = watch.halt() {
            return Some(match halt {
                Halt::Deadline => Outcome::Deadline,
                Halt::Cancelled => Outcome::Cancelled,
            });
        }
        let now = Instant::now();
        watch.adapt(watch.slice, now - self.slice_start);
        self.slice_start = now;
        self.check_at = self.node_limit.min(self.nodes.saturating_add(watch.slice));
        None
    }

    /// The net cost a solution must beat: the `k`-th least found, or
    /// infinite while fewer are known.
    #[inline]
    pub(super) fn cutoff(&self) -> Total {
        if self.heap.len() < self.k {
            UNBOUNDED
        } else {
            self.heap.peek().map_or(UNBOUNDED, |&(c, _)| c)
        }
    }

    /// Keeps the solution `choice[..depth]` of net cost `cost`, which
    /// beats the cutoff: in a new slot while fewer than `k` are kept, else
    /// in place of the dearest.
    pub(super) fn record(&mut self, cost: Total, depth: usize) {
        let nodes = &self.choice[..depth];
        if self.heap.len() < self.k {
            self.heap.push((cost, self.found.len()));
            self.found.push(nodes.to_vec());
        } else if let Some(mut top) = self.heap.peek_mut() {
            let slot = top.1;
            *top = (cost, slot);
            let kept = &mut self.found[slot];
            kept.clear();
            kept.extend_from_slice(nodes);
        }
        self.count += 1;
    }

    /// DLX5's search, to the end or the node limit, on options of `K`
    /// nodes (see [`Arena::for_others`]).
    pub(super) fn run<const K: usize>(&mut self, a: &mut Arena) -> Outcome {
        #[derive(Clone, Copy)]
        enum At {
            Forward,
            Advance,
            Backup,
            Backdown,
            Recover,
        }
        let mut level = 0usize;
        let mut cur_cost: Total = 0;
        let mut next_cost: Total = 0;
        let mut cur = Node(0);
        let mut best = ItemIx(0);
        let mut at = At::Forward;
        loop {
            match at {
                At::Forward => {
                    // X2-X3: enter a level and choose its item.
                    if self.nodes >= self.check_at {
                        if let Some(outcome) = self.pause() {
                            return outcome;
                        }
                    }
                    self.nodes += 1;
                    let cutoff = self.cutoff();
                    if !a.disjoint.is_empty() && a.disjoint_bound() >= cutoff - cur_cost {
                        at = At::Backdown;
                        continue;
                    }
                    let Some((c, t)) = a.choose(on_links(cutoff - cur_cost)) else {
                        // No primary item at all: the empty solution (the
                        // search checks for solutions after each option
                        // below the root).
                        self.nodes += 1;
                        self.record(0, 0);
                        return Outcome::Complete;
                    };
                    if t == 0 {
                        at = At::Backdown;
                        continue;
                    }
                    best = c;
                    self.partcost[level] = cur_cost;
                    let head = a.link[best.header()];
                    cur = head.down;
                    self.choice[level] = cur;
                    next_cost = cur_cost + Total::from(head.down_cost);
                    // Below, nothing costing this much more is affordable.
                    self.thresh0[level] = on_links(cutoff - next_cost);
                    a.cover::<K>(best, self.thresh0[level]);
                    at = At::Advance;
                }
                At::Advance => {
                    // X5: try the option `cur`, which is affordable.
                    let thresh = on_links(self.cutoff() - next_cost);
                    self.thresh[level] = thresh;
                    a.commit_others::<K>(cur, thresh);
                    if a.all_covered() {
                        self.nodes += 1;
                        self.record(next_cost, level + 1);
                        at = At::Recover;
                        continue;
                    }
                    level += 1;
                    cur_cost = next_cost;
                    at = At::Forward;
                }
                At::Backup => {
                    // X7: restore the level's item.
                    a.uncover::<K>(best, self.thresh0[level]);
                    at = At::Backdown;
                }
                At::Backdown => {
                    // X8: go up a level.
                    if level == 0 {
                        return Outcome::Complete;
                    }
                    level -= 1;
                    cur = self.choice[level];
                    best = a.item_color[cur].item;
                    cur_cost = self.partcost[level];
                    at = At::Recover;
                }
                At::Recover => {
                    // X6: undo `cur` and try the next option, if affordable.
                    a.uncommit_others::<K>(cur, self.thresh[level]);
                    let l = a.link[cur];
                    cur = l.down;
                    self.choice[level] = cur;
                    // The header's `down_cost` is infinite: past the last
                    // option the level is done too.
                    next_cost = match l.down_cost {
                        INFINITE => UNBOUNDED,
                        cost => cur_cost + Total::from(cost),
                    };
                    at = if next_cost >= self.cutoff() {
                        At::Backup
                    } else {
                        At::Advance
                    };
                }
            }
        }
    }
}

//! Continuous nice loops and grouped AICs: alternating chains whose last
//! candidate links back to the first, and chains through groups.
//!
//! A *group* is a value's cells in the intersection of a box (region) and
//! a line, taken together (two or three cells on a 9x9 board): it is on
//! when one of its cells holds the value, off when none does. A group is
//! strongly linked to a node (a candidate of the value, or another group)
//! when the two are the only places of the value in a house, and weakly
//! linked to one of the value whose cells all see every cell of the group.
//!
//! A *continuous nice loop* is an AIC whose last candidate (on) is weakly
//! linked to its first (off): following the loop either way, the nodes
//! are alternately true and false, so exactly one end of every link is
//! true and every candidate weakly linked to both ends of a link is
//! false. Each weak link of the loop is also the closing link of an AIC
//! of the same length (the loop read from there), so a loop is only
//! looked for among chains as short as the shortest AIC (a longer one
//! would leave an AIC unreported, and after the AICs a loop has nothing
//! left to remove but what locked candidates would), and reported instead
//! of the AIC when there is one.

use std::collections::HashMap;

use super::{ChainNode, Logic, Step, Technique};
use crate::house::Unit;

/// The nodes of a chain and their links: candidates (`cell * side +
/// value - 1`, as in [`super::chains::Links`]), then groups.
pub(super) struct Graph {
    side: usize,
    /// The number of candidate nodes; groups follow.
    singles: usize,
    /// The value and the cells of each group.
    groups: Vec<(u8, Vec<usize>)>,
    /// The nodes strongly linked to each one.
    strong: Vec<Vec<u32>>,
    /// The nodes weakly linked to each one, ascending.
    weak: Vec<Vec<u32>>,
}

impl Graph {
    /// The value and cells of node `id`.
    fn node(&self, id: u32) -> (u8, Vec<usize>) {
        let id = id as usize;
        if id < self.singles {
            ((id % self.side) as u8 + 1, vec![id / self.side])
        } else {
            self.groups[id - self.singles].clone()
        }
    }

    /// Are two nodes weakly linked?
    fn weakly(&self, a: u32, b: u32) -> bool {
        self.weak[a as usize].binary_search(&b).is_ok()
    }

    /// The candidates (not groups) weakly linked to both `a` and `b`.
    fn both(&self, a: u32, b: u32) -> impl Iterator<Item = u32> + '_ {
        let singles = self.singles as u32;
        self.weak[a as usize]
            .iter()
            .copied()
            .filter(move |&w| w < singles && self.weakly(b, w))
    }
}

/// Scratch space of the breadth-first searches, reset between starts.
struct Search {
    parent: Vec<u32>,
    seen: Vec<bool>,
    touched: Vec<usize>,
    queue: Vec<u32>,
}

impl Search {
    fn new(nodes: usize) -> Search {
        Search {
            parent: vec![u32::MAX; 2 * nodes],
            seen: vec![false; 2 * nodes],
            touched: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// The path of states (`2 * id + on`) to `state`.
    fn path(&self, state: u32) -> Vec<u32> {
        let mut path = vec![state];
        let mut at = state as usize;
        while self.parent[at] != u32::MAX && path.len() <= self.seen.len() {
            at = self.parent[at] as usize;
            path.push(at as u32);
        }
        path.reverse();
        path
    }

    /// The shortest alternating path from `start` (off) to a node reached
    /// on that `accept` takes, of fewer than `bound` nodes.
    fn run(
        &mut self,
        g: &Graph,
        start: u32,
        bound: usize,
        accept: &mut dyn FnMut(&Search, u32) -> bool,
    ) -> Option<Vec<u32>> {
        for &t in &self.touched {
            self.seen[t] = false;
            self.parent[t] = u32::MAX;
        }
        self.touched.clear();
        self.queue.clear();
        let s0 = 2 * start;
        self.seen[s0 as usize] = true;
        self.touched.push(s0 as usize);
        self.queue.push(s0);
        // Depth of the queue's states: level by level.
        let (mut k, mut depth, mut level_end) = (0, 1, 1);
        while k < self.queue.len() {
            if k == level_end {
                depth += 1;
                level_end = self.queue.len();
            }
            if depth + 1 >= bound {
                return None;
            }
            let state = self.queue[k] as usize;
            k += 1;
            let (id, on) = (state / 2, state % 2 == 1);
            let next = if on { &g.weak[id] } else { &g.strong[id] };
            for &to in next {
                let to_state = 2 * to as usize + usize::from(!on);
                if self.seen[to_state] {
                    continue;
                }
                self.seen[to_state] = true;
                self.touched.push(to_state);
                self.parent[to_state] = state as u32;
                self.queue.push(to_state as u32);
                if !on && accept(self, to_state as u32) {
                    return Some(self.path(to_state as u32));
                }
            }
        }
        None
    }
}

impl Logic {
    /// The chain graph of the current pencil marks, with groups if
    /// `grouped`.
    fn graph(&self, grouped: bool) -> Graph {
        let links = self.links();
        let singles = links.strong.len();
        let ids = |l: &Vec<(u32, bool)>| l.iter().map(|x| x.0).collect::<Vec<u32>>();
        let mut g = Graph {
            side: self.side,
            singles,
            groups: Vec::new(),
            strong: links.strong.iter().map(ids).collect(),
            weak: links.weak.iter().map(ids).collect(),
        };
        if grouped {
            self.add_groups(&mut g);
        }
        for list in g.strong.iter_mut().chain(g.weak.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        g
    }

    /// Adds to `g` the groups of every box and line and their links.
    fn add_groups(&self, g: &mut Graph) {
        let side = self.side;
        let mut index: HashMap<(u8, Vec<usize>), u32> = HashMap::new();
        let boxes: Vec<usize> = (0..self.houses.len())
            .filter(|&h| super::is_box(self.houses[h].0))
            .collect();
        let lines: Vec<usize> = (0..self.houses.len())
            .filter(|&h| super::is_line(self.houses[h].0))
            .collect();
        for &b in &boxes {
            for &l in &lines {
                let common: Vec<usize> = self.houses[b]
                    .1
                    .iter()
                    .copied()
                    .filter(|c| self.houses[l].1.contains(c))
                    .collect();
                for v in 1..=side as u8 {
                    let cells: Vec<usize> = common
                        .iter()
                        .copied()
                        .filter(|&c| self.cand[c] & (1 << (v - 1)) != 0)
                        .collect();
                    if cells.len() >= 2 && !index.contains_key(&(v, cells.clone())) {
                        let id = (g.singles + g.groups.len()) as u32;
                        index.insert((v, cells.clone()), id);
                        g.groups.push((v, cells));
                        g.strong.push(Vec::new());
                        g.weak.push(Vec::new());
                    }
                }
            }
        }
        // The node of a value's places `cells` (one cell, or a group).
        let node = |v: u8, cells: &[usize]| -> Option<u32> {
            match cells {
                [c] => Some((c * side + usize::from(v) - 1) as u32),
                _ => index.get(&(v, cells.to_vec())).copied(),
            }
        };
        // Strong links: a house's places of a value in two crossing houses.
        for (h, (unit, _)) in self.houses.iter().enumerate() {
            let kinds: &[fn(Unit) -> bool] = if super::is_line(*unit) {
                &[super::is_box]
            } else if super::is_box(*unit) {
                &[
                    |u| matches!(u, Unit::Row(_)),
                    |u| matches!(u, Unit::Column(_)),
                ]
            } else {
                &[]
            };
            for v in 1..=side as u8 {
                let places: Vec<usize> = self.cells_with(h, 1 << (v - 1)).collect();
                if places.len() < 3 {
                    continue;
                }
                for kind in kinds {
                    let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
                    for &c in &places {
                        let Some(&k) = self.of_cell[c].iter().find(|&&k| kind(self.houses[k].0))
                        else {
                            continue;
                        };
                        match parts.iter_mut().find(|p| p.0 == k) {
                            Some(p) => p.1.push(c),
                            None => parts.push((k, vec![c])),
                        }
                    }
                    if let [(_, a), (_, b)] = &parts[..] {
                        if let (Some(x), Some(y)) = (node(v, a), node(v, b)) {
                            g.strong[x as usize].push(y);
                            g.strong[y as usize].push(x);
                        }
                    }
                }
            }
        }
        // Weak links: a group and a node of its value all of whose cells
        // see all of the group's.
        for k in 0..g.groups.len() {
            let (v, cells) = g.groups[k].clone();
            let id = (g.singles + k) as u32;
            let sees_all = |c: usize| cells.iter().all(|&p| self.sees(p, c));
            for c in 0..self.cand.len() {
                if self.cand[c] & (1 << (v - 1)) != 0 && sees_all(c) {
                    let other = (c * side + usize::from(v) - 1) as u32;
                    g.weak[id as usize].push(other);
                    g.weak[other as usize].push(id);
                }
            }
            for j in 0..g.groups.len() {
                let (w, ref others) = g.groups[j];
                if j != k && w == v && others.iter().all(|&c| sees_all(c)) {
                    g.weak[id as usize].push((g.singles + j) as u32);
                }
            }
        }
    }

    /// The shortest AIC or, if as short, continuous nice loop; through
    /// groups if `grouped`.
    pub(super) fn aic_or_loop(&self, grouped: bool) -> Option<Step> {
        let g = self.graph(grouped);
        let chain = if grouped {
            self.grouped_chain(&g)?
        } else {
            self.aic()?
        };
        let nodes = chain.chains[0].len();
        self.nice_loop(&g, nodes).or(Some(chain))
    }

    /// The shortest AIC through a group of `g` that removes a candidate or
    /// places one.
    fn grouped_chain(&self, g: &Graph) -> Option<Step> {
        let nodes = g.strong.len();
        let mut search = Search::new(nodes);
        let mut near = vec![false; nodes];
        let mut best: Option<Vec<u32>> = None;
        for start in 0..nodes as u32 {
            if g.strong[start as usize].is_empty() {
                continue;
            }
            for &w in &g.weak[start as usize] {
                near[w as usize] = true;
            }
            let single = (start as usize) < g.singles;
            let bound = best.as_ref().map_or(usize::MAX, Vec::len);
            let mut accept = |s: &Search, state: u32| -> bool {
                let end = state / 2;
                let ends = (single && end == start)
                    || g.weak[end as usize]
                        .iter()
                        .any(|&w| (w as usize) < g.singles && near[w as usize]);
                ends && s.path(state).iter().any(|&t| t as usize / 2 >= g.singles)
            };
            if let Some(path) = search.run(g, start, bound, &mut accept) {
                best = Some(path);
            }
            for &w in &g.weak[start as usize] {
                near[w as usize] = false;
            }
        }
        let path = best?;
        let (first, last) = (path[0] / 2, path[path.len() - 1] / 2);
        let mut step = self.graph_step(g, Technique::GroupedAic, &path);
        if first == last {
            let (v, cells) = g.node(first);
            step.placement = Some((cells[0], v));
        } else {
            step.eliminations = self.sorted(g, g.both(first, last).collect());
        }
        Some(step)
    }

    /// The shortest continuous nice loop over `g` of at most `most` nodes
    /// that removes a candidate.
    fn nice_loop(&self, g: &Graph, most: usize) -> Option<Step> {
        let nodes = g.strong.len();
        let mut search = Search::new(nodes);
        let mut best: Option<(Vec<u32>, Vec<u32>)> = None;
        for start in 0..nodes as u32 {
            if g.strong[start as usize].is_empty() {
                continue;
            }
            let bound = best.as_ref().map_or(most + 1, |b| b.0.len());
            let mut gone = Vec::new();
            let mut accept = |s: &Search, state: u32| -> bool {
                let end = state / 2;
                if end == start || !g.weakly(end, start) {
                    return false;
                }
                let path = s.path(state);
                let ids: Vec<u32> = path.iter().map(|&t| t / 2).collect();
                let mut sorted = ids.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if ids.len() < 4 || sorted.len() < ids.len() {
                    return false;
                }
                gone = (0..ids.len())
                    .flat_map(|k| g.both(ids[k], ids[(k + 1) % ids.len()]))
                    .filter(|w| sorted.binary_search(w).is_err())
                    .collect();
                !gone.is_empty()
            };
            if let Some(path) = search.run(g, start, bound, &mut accept) {
                best = Some((path, gone));
            }
        }
        let (path, gone) = best?;
        let mut step = self.graph_step(g, Technique::ContinuousNiceLoop, &path);
        step.eliminations = self.sorted(g, gone);
        Some(step)
    }

    /// Candidates as (cell, value), sorted by value then cell.
    fn sorted(&self, g: &Graph, ids: Vec<u32>) -> Vec<(usize, u8)> {
        let mut gone: Vec<(usize, u8)> = ids
            .into_iter()
            .map(|w| {
                let (v, cells) = g.node(w);
                (cells[0], v)
            })
            .collect();
        gone.sort_unstable_by_key(|&(c, v)| (v, c));
        gone.dedup();
        gone
    }

    /// The step of a chain or loop given as states (`2 * id + on`).
    fn graph_step(&self, g: &Graph, technique: Technique, path: &[u32]) -> Step {
        let mut step = self.new_step(technique);
        let mut groups = Vec::new();
        let mut chain = Vec::new();
        for &s in path {
            let (value, cells) = g.node(s / 2);
            chain.push(ChainNode {
                cell: cells[0],
                value,
                on: s % 2 == 1,
            });
            step.length += cells.len();
            groups.push(cells);
        }
        if groups.iter().any(|c| c.len() > 1) {
            step.groups = vec![groups];
        }
        let mut values: Vec<u8> = chain.iter().map(|n| n.value).collect();
        values.sort_unstable();
        values.dedup();
        step.values = values;
        step.chains = vec![chain];
        step
    }
}

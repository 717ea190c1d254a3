//! Alternating chains over the pencil marks: X-chains (with their named
//! four-candidate cases: skyscraper, 2-string kite, turbot fish),
//! XY-chains and alternating inference chains (AIC).
//!
//! A *strong link* joins two candidates of which one must be true: the
//! only two candidates of a cell, or the only two places of a value in a
//! house. A *weak link* joins two candidates of which at most one is true:
//! two values of one cell, or one value in two cells that see each other.
//! A chain starts with a candidate assumed false and follows strong and
//! weak links in turn, ending on a strong link: if the first candidate is
//! false, the last is true, so one of the two ends is true, and every
//! candidate weakly linked to both ends is false. If the chain comes back
//! to its first candidate, true, that candidate is true.
//!
//! The chains are found breadth first from each candidate, so the
//! shortest chain that removes something is the one reported.

use super::{ChainNode, Logic, Step, Technique};
use crate::house::Unit;

/// Which links a search may follow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Links of one value between cells (X-chains).
    Value(u8),
    /// Strong links inside bivalue cells, weak links between cells on one
    /// value (XY-chains).
    Cells,
    /// Every link (AIC).
    All,
}

/// The links of the pencil marks, by candidate (`cell * side + value - 1`).
pub(super) struct Links {
    side: usize,
    /// Candidates strongly linked to each one, and whether inside a cell.
    pub(super) strong: Vec<Vec<(u32, bool)>>,
    /// Candidates weakly linked to each one, and whether inside a cell.
    pub(super) weak: Vec<Vec<(u32, bool)>>,
}

impl Links {
    /// The candidate of `value` in `cell`.
    pub(super) fn id(&self, cell: usize, value: u8) -> u32 {
        (cell * self.side + usize::from(value) - 1) as u32
    }

    /// The cell and value of candidate `id`.
    pub(super) fn of(&self, id: u32) -> (usize, u8) {
        let id = id as usize;
        (id / self.side, (id % self.side) as u8 + 1)
    }
}

impl Logic {
    /// The strong and weak links of the current pencil marks.
    pub(super) fn links(&self) -> Links {
        let side = self.side;
        let n = self.cand.len() * side;
        let mut links = Links {
            side,
            strong: vec![Vec::new(); n],
            weak: vec![Vec::new(); n],
        };
        for cell in 0..self.cand.len() {
            let vals: Vec<u8> = super::values_of(self.cand[cell]).collect();
            for (i, &a) in vals.iter().enumerate() {
                for &b in &vals[i + 1..] {
                    let (x, y) = (links.id(cell, a), links.id(cell, b));
                    links.weak[x as usize].push((y, true));
                    links.weak[y as usize].push((x, true));
                    if vals.len() == 2 {
                        links.strong[x as usize].push((y, true));
                        links.strong[y as usize].push((x, true));
                    }
                }
            }
        }
        for h in 0..self.houses.len() {
            for v in 1..=side as u8 {
                let spots: Vec<usize> = self.cells_with(h, 1 << (v - 1)).collect();
                for (i, &a) in spots.iter().enumerate() {
                    for &b in &spots[i + 1..] {
                        let (x, y) = (links.id(a, v), links.id(b, v));
                        links.weak[x as usize].push((y, false));
                        links.weak[y as usize].push((x, false));
                        if spots.len() == 2 {
                            links.strong[x as usize].push((y, false));
                            links.strong[y as usize].push((x, false));
                        }
                    }
                }
            }
        }
        for list in links.strong.iter_mut().chain(links.weak.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        links
    }

    /// The shortest X-chain (one value) that removes a candidate.
    pub(super) fn x_chain(&self) -> Option<Step> {
        self.x_chain_shorter_than(None)
    }

    /// The shortest X-chain that removes a candidate, of fewer than
    /// `bound` candidates if given (5: skyscraper, 2-string kite and
    /// turbot fish).
    pub(super) fn x_chain_shorter_than(&self, bound: Option<usize>) -> Option<Step> {
        let links = self.links();
        let mut best: Option<Step> = None;
        for v in 1..=self.side as u8 {
            let limit = best.as_ref().map(|s| s.length).or(bound);
            if let Some(step) = self.shortest_chain(&links, Kind::Value(v), limit) {
                best = Some(step);
            }
        }
        best
    }

    /// The shortest XY-chain that removes a candidate.
    pub(super) fn xy_chain(&self) -> Option<Step> {
        self.shortest_chain(&self.links(), Kind::Cells, None)
    }

    /// The shortest alternating inference chain that removes a candidate.
    pub(super) fn aic(&self) -> Option<Step> {
        self.shortest_chain(&self.links(), Kind::All, None)
    }

    /// The shortest chain over the links of `kind` that removes a candidate
    /// or places a value, shorter than `limit` candidates if given.
    fn shortest_chain(&self, links: &Links, kind: Kind, limit: Option<usize>) -> Option<Step> {
        let n = links.strong.len();
        let follows = |(to, in_cell): (u32, bool), strong: bool| -> bool {
            match kind {
                Kind::Value(v) => !in_cell && links.of(to).1 == v,
                Kind::Cells => in_cell == strong,
                Kind::All => true,
            }
        };
        // Best so far: (candidates, start, end, chain).
        let mut best: Option<(usize, Vec<u32>)> = None;
        let mut bound = limit.unwrap_or(usize::MAX);
        // States: 2 * id + on; parents for the path.
        let mut parent = vec![u32::MAX; 2 * n];
        let mut depth = vec![0usize; 2 * n];
        let mut seen = vec![false; 2 * n];
        let mut touched: Vec<usize> = Vec::new();
        let mut near_start = vec![false; n];
        let mut queue: Vec<u32> = Vec::new();
        for start in 0..n as u32 {
            if links.strong[start as usize].is_empty() {
                continue;
            }
            if let Kind::Value(v) = kind {
                if links.of(start).1 != v {
                    continue;
                }
            }
            for &t in &touched {
                seen[t] = false;
            }
            touched.clear();
            for &(w, _) in &links.weak[start as usize] {
                near_start[w as usize] = true;
            }
            queue.clear();
            let s0 = 2 * start as usize;
            seen[s0] = true;
            touched.push(s0);
            depth[s0] = 1;
            queue.push(s0 as u32);
            let mut k = 0;
            let mut found: Option<u32> = None;
            while k < queue.len() {
                let state = queue[k] as usize;
                k += 1;
                let (id, on) = (state / 2, state % 2 == 1);
                if depth[state] + 1 >= bound {
                    break;
                }
                let next = if on {
                    &links.weak[id]
                } else {
                    &links.strong[id]
                };
                for &link in next {
                    if !follows(link, !on) {
                        continue;
                    }
                    let to = 2 * link.0 as usize + usize::from(!on);
                    if seen[to] {
                        continue;
                    }
                    seen[to] = true;
                    touched.push(to);
                    parent[to] = state as u32;
                    depth[to] = depth[state] + 1;
                    queue.push(to as u32);
                    if !on {
                        // A candidate reached true: does it remove one?
                        let end = link.0;
                        if end == start
                            || links.weak[end as usize]
                                .iter()
                                .any(|&(w, _)| near_start[w as usize] && w != start)
                        {
                            found = Some(to as u32);
                            break;
                        }
                    }
                }
                if found.is_some() {
                    break;
                }
            }
            for &(w, _) in &links.weak[start as usize] {
                near_start[w as usize] = false;
            }
            if let Some(end) = found {
                let mut path = vec![end];
                let mut at = end as usize;
                while parent[at] != u32::MAX && at != s0 {
                    at = parent[at] as usize;
                    path.push(at as u32);
                    if path.len() > 2 * n {
                        break;
                    }
                }
                path.reverse();
                bound = path.len();
                best = Some((path.len(), path));
            }
            // The start state's parent stays unset for the walk back.
            parent[s0] = u32::MAX;
        }
        let (_, path) = best?;
        Some(self.chain_step(links, kind, &path))
    }

    /// The step of a chain given as states (`2 * id + on`).
    fn chain_step(&self, links: &Links, kind: Kind, path: &[u32]) -> Step {
        let nodes: Vec<ChainNode> = path
            .iter()
            .map(|&s| {
                let (cell, value) = links.of(s / 2);
                ChainNode {
                    cell,
                    value,
                    on: s % 2 == 1,
                }
            })
            .collect();
        let (first, last) = (path[0] / 2, path[path.len() - 1] / 2);
        let technique = match kind {
            Kind::Value(_) if nodes.len() == 4 => self.four_link_name(&nodes),
            Kind::Value(_) => Technique::XChain,
            Kind::Cells => Technique::XYChain,
            Kind::All => Technique::Aic,
        };
        let mut step = self.new_step(technique);
        if first == last {
            let (cell, value) = links.of(first);
            step.placement = Some((cell, value));
        } else {
            let mut gone: Vec<(usize, u8)> = links.weak[first as usize]
                .iter()
                .filter(|&&(w, _)| w != last && links.weak[last as usize].iter().any(|x| x.0 == w))
                .map(|&(w, _)| links.of(w))
                .collect();
            gone.sort_unstable_by_key(|&(c, v)| (v, c));
            gone.dedup();
            step.eliminations = gone;
        }
        let mut values: Vec<u8> = nodes.iter().map(|n| n.value).collect();
        values.sort_unstable();
        values.dedup();
        step.values = values;
        step.length = nodes.len();
        step.chains = vec![nodes];
        step
    }

    /// The name of an X-chain of four candidates, by the houses of its two
    /// strong links: both rows or both columns, a skyscraper; a row and a
    /// column joined in a box, a 2-string kite; otherwise a turbot fish.
    fn four_link_name(&self, nodes: &[ChainNode]) -> Technique {
        let bit = 1u32 << (nodes[0].value - 1);
        let strong_house = |a: usize, b: usize| -> Option<Unit> {
            let mut best = None;
            for &h in &self.of_cell[a] {
                if self.of_cell[b].contains(&h) && self.cells_with(h, bit).count() == 2 {
                    let u = self.houses[h].0;
                    if super::is_line(u) || best.is_none() {
                        best = Some(u);
                    }
                }
            }
            best
        };
        let first = strong_house(nodes[0].cell, nodes[1].cell);
        let second = strong_house(nodes[2].cell, nodes[3].cell);
        let in_box = self.of_cell[nodes[1].cell]
            .iter()
            .any(|&h| super::is_box(self.houses[h].0) && self.of_cell[nodes[2].cell].contains(&h));
        match (first, second) {
            (Some(Unit::Row(_)), Some(Unit::Row(_)))
            | (Some(Unit::Column(_)), Some(Unit::Column(_))) => Technique::Skyscraper,
            (Some(Unit::Row(_)), Some(Unit::Column(_)))
            | (Some(Unit::Column(_)), Some(Unit::Row(_)))
                if in_box =>
            {
                Technique::TwoStringKite
            }
            _ => Technique::TurbotFish,
        }
    }
}

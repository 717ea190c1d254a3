//! The techniques up to subsets: singles, locked candidates (pointing,
//! claiming) and naked and hidden pairs and triples.

use super::{is_box, is_line, subsets, values_of, Logic, Step, Technique};

impl Logic {
    pub(super) fn naked_single(&self) -> Option<Step> {
        let cell =
            (0..self.cand.len()).find(|&c| self.grid[c] == 0 && self.cand[c].count_ones() == 1)?;
        let mut step = self.new_step(Technique::NakedSingle);
        let v = self.cand[cell].trailing_zeros() as u8 + 1;
        step.placement = Some((cell, v));
        step.values = vec![v];
        Some(step)
    }

    pub(super) fn hidden_single(&self) -> Option<Step> {
        for &h in &self.scan {
            for v in 1..=self.side as u8 {
                let bit = 1u32 << (v - 1);
                let mut cells = self.cells_with(h, bit);
                if let (Some(cell), None) = (cells.next(), cells.next()) {
                    let mut step = self.new_step(Technique::HiddenSingle);
                    step.placement = Some((cell, v));
                    step.values = vec![v];
                    step.houses = vec![self.houses[h].0];
                    return Some(step);
                }
            }
        }
        None
    }

    pub(super) fn locked(&self) -> Option<Step> {
        for &a in &self.scan {
            for v in 1..=self.side as u8 {
                let bit = 1u32 << (v - 1);
                let cells: Vec<usize> = self.cells_with(a, bit).collect();
                if cells.len() < 2 {
                    continue;
                }
                // The other houses holding all of them.
                for &b in &self.of_cell[cells[0]] {
                    if b == a || !cells.iter().all(|c| self.of_cell[*c].contains(&b)) {
                        continue;
                    }
                    let gone: Vec<(usize, u8)> = self
                        .cells_with(b, bit)
                        .filter(|c| !self.of_cell[*c].contains(&a))
                        .map(|c| (c, v))
                        .collect();
                    if gone.is_empty() {
                        continue;
                    }
                    let (ua, ub) = (self.houses[a].0, self.houses[b].0);
                    let technique = if is_box(ua) && is_line(ub) {
                        Technique::Pointing
                    } else if is_line(ua) && is_box(ub) {
                        Technique::Claiming
                    } else {
                        Technique::LockedCandidates
                    };
                    let mut step = self.new_step(technique);
                    step.eliminations = gone;
                    step.houses = vec![ua, ub];
                    step.values = vec![v];
                    return Some(step);
                }
            }
        }
        None
    }

    pub(super) fn naked_subset(&self, k: usize) -> Option<Step> {
        for &h in &self.scan {
            let open: Vec<usize> = self.houses[h]
                .1
                .iter()
                .copied()
                .filter(|&c| self.grid[c] == 0)
                .collect();
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (2..=k as u32).contains(&self.cand[c].count_ones()))
                .collect();
            let mut found = None;
            subsets(small.len(), k, &mut |idx| {
                let union = idx.iter().fold(0, |m, &i| m | self.cand[small[i]]);
                if union.count_ones() as usize != k {
                    return false;
                }
                let chosen: Vec<usize> = idx.iter().map(|&i| small[i]).collect();
                let mut gone: Vec<(usize, u8)> = open
                    .iter()
                    .filter(|c| !chosen.contains(c))
                    .flat_map(|&c| values_of(self.cand[c] & union).map(move |v| (c, v)))
                    .collect();
                if gone.is_empty() {
                    return false;
                }
                gone.sort_by_key(|&(c, v)| (v, c));
                let technique = match k {
                    2 => Technique::NakedPair,
                    3 => Technique::NakedTriple,
                    _ => Technique::NakedQuad,
                };
                let mut step = self.new_step(technique);
                step.eliminations = gone;
                step.houses = vec![self.houses[h].0];
                step.values = values_of(union).collect();
                step.cells = chosen;
                found = Some(step);
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    pub(super) fn hidden_subset(&self, k: usize) -> Option<Step> {
        for &h in &self.scan {
            let cells = &self.houses[h].1;
            // For each value, the positions in the house where it can go
            // (values placed in the house have none and are left out).
            let mut values = Vec::new();
            let mut where_ = Vec::new();
            for v in 1..=self.side as u8 {
                let bit = 1u32 << (v - 1);
                let at = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| self.cand[c] & bit != 0)
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                if (2..=k as u32).contains(&at.count_ones()) {
                    values.push(v);
                    where_.push(at);
                }
            }
            let mut found = None;
            subsets(values.len(), k, &mut |idx| {
                let union = idx.iter().fold(0, |m, &i| m | where_[i]);
                if union.count_ones() as usize != k {
                    return false;
                }
                let keep = idx.iter().fold(0u32, |m, &i| m | 1 << (values[i] - 1));
                let chosen: Vec<usize> = (0..cells.len())
                    .filter(|i| union & (1 << i) != 0)
                    .map(|i| cells[i])
                    .collect();
                let mut gone: Vec<(usize, u8)> = chosen
                    .iter()
                    .flat_map(|&c| values_of(self.cand[c] & !keep).map(move |v| (c, v)))
                    .collect();
                if gone.is_empty() {
                    return false;
                }
                gone.sort_by_key(|&(c, v)| (v, c));
                let technique = match k {
                    2 => Technique::HiddenPair,
                    3 => Technique::HiddenTriple,
                    _ => Technique::HiddenQuad,
                };
                let mut step = self.new_step(technique);
                step.eliminations = gone;
                step.houses = vec![self.houses[h].0];
                step.values = idx.iter().map(|&i| values[i]).collect();
                let mut sorted = chosen;
                sorted.sort_unstable();
                step.cells = sorted;
                found = Some(step);
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

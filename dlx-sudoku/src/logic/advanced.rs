//! The techniques past subsets: fish (X-wing, swordfish), XY-wing,
//! XYZ-wing, unique rectangle type 1 and simple colouring.
//!
//! Each finder returns the first pattern that removes a candidate, or
//! `None`; [`Logic::find`](super::Logic::find) tries them in the order of
//! their weight.

use super::{values_of, Logic, Step, Technique};
use crate::house::Unit;

impl Logic {
    /// Do two different cells share a house?
    pub(super) fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.of_cell[a].iter().any(|h| self.of_cell[b].contains(h))
    }

    /// A fish of `n` lines (2: X-wing, 3: swordfish): for a value, `n` rows
    /// whose cells for it lie in `n` columns between them (or the other
    /// way round) remove it from the rest of those columns.
    pub(super) fn fish(&self, n: usize) -> Option<Step> {
        let side = self.side;
        let at = |rows: bool, line: usize, cross: usize| {
            if rows {
                line * side + cross
            } else {
                cross * side + line
            }
        };
        for v in 1..=side as u8 {
            let bit = 1u32 << (v - 1);
            for rows in [true, false] {
                // For each line, the crossing lines where the value can go.
                let masks: Vec<u32> = (0..side)
                    .map(|l| {
                        (0..side)
                            .filter(|&x| self.cand[at(rows, l, x)] & bit != 0)
                            .fold(0u32, |m, x| m | 1 << x)
                    })
                    .collect();
                let lines: Vec<usize> = (0..side)
                    .filter(|&l| (2..=n as u32).contains(&masks[l].count_ones()))
                    .collect();
                let mut found = None;
                super::subsets(lines.len(), n, &mut |idx| {
                    let base: Vec<usize> = idx.iter().map(|&i| lines[i]).collect();
                    let cover = base.iter().fold(0u32, |m, &l| m | masks[l]);
                    if cover.count_ones() as usize != n {
                        return false;
                    }
                    let crosses: Vec<usize> = (0..side).filter(|x| cover & (1 << x) != 0).collect();
                    let mut gone: Vec<(usize, u8)> = (0..side)
                        .filter(|l| !base.contains(l))
                        .flat_map(|l| crosses.iter().map(move |&x| at(rows, l, x)))
                        .filter(|&c| self.cand[c] & bit != 0)
                        .map(|c| (c, v))
                        .collect();
                    if gone.is_empty() {
                        return false;
                    }
                    gone.sort_unstable();
                    let technique = match n {
                        2 => Technique::XWing,
                        3 => Technique::Swordfish,
                        _ => Technique::Jellyfish,
                    };
                    let line = |k: usize| if rows { Unit::Row(k) } else { Unit::Column(k) };
                    let cross = |k: usize| if rows { Unit::Column(k) } else { Unit::Row(k) };
                    let mut step = self.new_step(technique);
                    step.eliminations = gone;
                    step.values = vec![v];
                    step.houses = base.iter().map(|&l| line(l)).collect();
                    step.houses.extend(crosses.iter().map(|&x| cross(x)));
                    found = Some(step);
                    true
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// The open cells with exactly two candidates.
    pub(super) fn bivalue_cells(&self) -> Vec<usize> {
        (0..self.cand.len())
            .filter(|&c| self.grid[c] == 0 && self.cand[c].count_ones() == 2)
            .collect()
    }

    /// The candidates of `value` removed from the open cells that see every
    /// cell of `pattern` (and are not in it).
    pub(super) fn seen_by_all(&self, pattern: &[usize], value: u8) -> Vec<(usize, u8)> {
        let bit = 1u32 << (value - 1);
        (0..self.cand.len())
            .filter(|&c| self.cand[c] & bit != 0 && !pattern.contains(&c))
            .filter(|&c| pattern.iter().all(|&p| self.sees(c, p)))
            .map(|c| (c, value))
            .collect()
    }

    /// XY-wing: a pivot with candidates {x, y} sees two pincers {x, z} and
    /// {y, z}; whichever the pivot takes, one pincer is z, so z goes from
    /// every cell that sees both pincers.
    pub(super) fn xy_wing(&self) -> Option<Step> {
        let two = self.bivalue_cells();
        for &pivot in &two {
            let pm = self.cand[pivot];
            let wings: Vec<usize> = two
                .iter()
                .copied()
                .filter(|&c| self.sees(pivot, c))
                .filter(|&c| (self.cand[c] & pm).count_ones() == 1)
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (am, bm) = (self.cand[a], self.cand[b]);
                    let z = (am & !pm) & (bm & !pm);
                    // The pincers share z and split the pivot's two values.
                    if z.count_ones() != 1 || (am & pm) == (bm & pm) {
                        continue;
                    }
                    let zv = z.trailing_zeros() as u8 + 1;
                    let gone = self.seen_by_all(&[a, b], zv);
                    if gone.is_empty() {
                        continue;
                    }
                    let value = |m: u32| m.trailing_zeros() as u8 + 1;
                    let mut step = self.new_step(Technique::XYWing);
                    step.eliminations = gone;
                    step.cells = vec![pivot, a, b];
                    step.values = vec![value(am & pm), value(bm & pm), zv];
                    return Some(step);
                }
            }
        }
        None
    }

    /// XYZ-wing: a pivot with candidates {x, y, z} sees two pincers {x, z}
    /// and {y, z}; one of the three is z, so z goes from every cell that
    /// sees all three.
    pub(super) fn xyz_wing(&self) -> Option<Step> {
        let two = self.bivalue_cells();
        for pivot in 0..self.cand.len() {
            let pm = self.cand[pivot];
            if self.grid[pivot] != 0 || pm.count_ones() != 3 {
                continue;
            }
            let wings: Vec<usize> = two
                .iter()
                .copied()
                .filter(|&c| self.sees(pivot, c) && self.cand[c] & !pm == 0)
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (am, bm) = (self.cand[a], self.cand[b]);
                    let z = am & bm;
                    if am == bm || z.count_ones() != 1 {
                        continue;
                    }
                    let zv = z.trailing_zeros() as u8 + 1;
                    let gone = self.seen_by_all(&[pivot, a, b], zv);
                    if gone.is_empty() {
                        continue;
                    }
                    let value = |m: u32| m.trailing_zeros() as u8 + 1;
                    let mut step = self.new_step(Technique::XYZWing);
                    step.eliminations = gone;
                    step.cells = vec![pivot, a, b];
                    step.values = vec![value(am & !z), value(bm & !z), zv];
                    return Some(step);
                }
            }
        }
        None
    }

    /// Unique rectangle type 1: four open cells at the corners of a
    /// rectangle in two rows, two columns and two boxes, three of them with
    /// only the candidates {a, b}; if the fourth took a or b too, a and b
    /// could swap in all four and the puzzle would have two solutions, so
    /// the fourth loses a and b. Only for puzzles with one solution, and
    /// not with diagonals (a swap could break one).
    pub(super) fn unique_rectangle(&self) -> Option<Step> {
        if self.diagonals {
            return None;
        }
        let side = self.side;
        let two = self.bivalue_cells();
        let box_of = |c: usize| {
            self.of_cell[c]
                .iter()
                .copied()
                .find(|&h| super::is_box(self.houses[h].0))
        };
        for &corner in &two {
            let (r1, c1) = (corner / side, corner % side);
            let pair = self.cand[corner];
            for r2 in r1 + 1..side {
                for c2 in (0..side).filter(|&c| c != c1) {
                    let cells = [corner, r1 * side + c2, r2 * side + c1, r2 * side + c2];
                    if cells
                        .iter()
                        .any(|&c| self.grid[c] != 0 || self.cand[c] & pair != pair)
                    {
                        continue;
                    }
                    // Two boxes, neither holding two opposite corners (a
                    // jigsaw region can: then a and b could not swap).
                    let of: Vec<Option<usize>> = cells.iter().map(|&c| box_of(c)).collect();
                    let mut boxes = of.clone();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 || of[0] == of[3] || of[1] == of[2] {
                        continue;
                    }
                    let extra: Vec<usize> = cells
                        .iter()
                        .copied()
                        .filter(|&c| self.cand[c] != pair)
                        .collect();
                    let [target] = extra[..] else { continue };
                    let mut step = self.new_step(Technique::UniqueRectangle);
                    step.eliminations = values_of(pair).map(|v| (target, v)).collect();
                    let mut sorted = cells.to_vec();
                    sorted.sort_unstable();
                    step.cells = sorted;
                    step.values = values_of(pair).collect();
                    return Some(step);
                }
            }
        }
        None
    }

    /// Simple colouring: for a value, the cells joined by conjugate pairs
    /// (the only two cells of a house that can take it) alternate between
    /// true and false, so they split into two colours, one of which is the
    /// value's. If two cells of one colour see each other, that colour is
    /// false (colour wrap): the value goes from all its cells. Otherwise a
    /// cell outside the chain that sees both colours loses the value
    /// (colour trap).
    pub(super) fn colouring(&self) -> Option<Step> {
        let area = self.cand.len();
        for v in 1..=self.side as u8 {
            let bit = 1u32 << (v - 1);
            let mut links: Vec<Vec<usize>> = vec![Vec::new(); area];
            for h in 0..self.houses.len() {
                let mut cells = self.cells_with(h, bit);
                if let (Some(a), Some(b), None) = (cells.next(), cells.next(), cells.next()) {
                    links[a].push(b);
                    links[b].push(a);
                }
            }
            let mut colour: Vec<Option<bool>> = vec![None; area];
            for start in 0..area {
                if colour[start].is_some() || links[start].is_empty() {
                    continue;
                }
                // The chain through `start`, coloured breadth first; a
                // contradiction (no solution) leaves it alone.
                let mut chain = vec![(start, false)];
                colour[start] = Some(false);
                let mut k = 0;
                let mut consistent = true;
                while k < chain.len() {
                    let (cell, c) = chain[k];
                    k += 1;
                    for &next in &links[cell] {
                        match colour[next] {
                            None => {
                                colour[next] = Some(!c);
                                chain.push((next, !c));
                            }
                            Some(d) if d == c => consistent = false,
                            Some(_) => {}
                        }
                    }
                }
                if !consistent || chain.len() < 3 {
                    continue;
                }
                if let Some(step) = self.colour_step(v, &chain) {
                    return Some(step);
                }
            }
        }
        None
    }

    /// The removal a coloured chain of `v` allows, wrap first, then trap.
    fn colour_step(&self, v: u8, chain: &[(usize, bool)]) -> Option<Step> {
        let bit = 1u32 << (v - 1);
        let of = |c: bool| chain.iter().filter(move |e| e.1 == c).map(|e| e.0);
        let mut gone: Vec<(usize, u8)> = Vec::new();
        for c in [false, true] {
            let same: Vec<usize> = of(c).collect();
            let wrap = same
                .iter()
                .enumerate()
                .any(|(i, &a)| same[i + 1..].iter().any(|&b| self.sees(a, b)));
            if wrap {
                gone = same.iter().map(|&cell| (cell, v)).collect();
                break;
            }
        }
        if gone.is_empty() {
            gone = (0..self.cand.len())
                .filter(|&cell| self.cand[cell] & bit != 0)
                .filter(|&cell| chain.iter().all(|e| e.0 != cell))
                .filter(|&cell| of(false).any(|a| self.sees(cell, a)))
                .filter(|&cell| of(true).any(|b| self.sees(cell, b)))
                .map(|cell| (cell, v))
                .collect();
        }
        if gone.is_empty() {
            return None;
        }
        gone.sort_unstable();
        let mut step = self.new_step(Technique::SimpleColouring);
        step.eliminations = gone;
        step.values = vec![v];
        let mut sorted = chain.to_vec();
        sorted.sort_unstable_by_key(|&(cell, c)| (c, cell));
        step.cells = sorted.iter().map(|e| e.0).collect();
        step.colours = sorted.iter().map(|e| e.1).collect();
        Some(step)
    }

    /// BUG+1: every open cell has two candidates but one, with three, and
    /// in every house each value has two places or none, but for one value
    /// of the cell with three, which has three in each of its houses. Were
    /// that value not the cell's, every house would hold each of its values
    /// in two cells, a bivalue universal grave, which has no solution or
    /// several; so in a puzzle with one solution it is. Not with
    /// diagonals (as for unique rectangles).
    pub(super) fn bug_plus_one(&self) -> Option<Step> {
        if self.diagonals {
            return None;
        }
        let mut three = None;
        for c in 0..self.cand.len() {
            if self.grid[c] != 0 {
                continue;
            }
            match self.cand[c].count_ones() {
                2 => {}
                3 if three.is_none() => three = Some(c),
                _ => return None,
            }
        }
        let cell = three?;
        let mut value = None;
        for h in 0..self.houses.len() {
            for v in 1..=self.side as u8 {
                let n = self.cells_with(h, 1 << (v - 1)).count();
                let here = self.houses[h].1.contains(&cell);
                match n {
                    0 | 2 => {}
                    3 if here && value.is_none_or(|w| w == v) => value = Some(v),
                    _ => return None,
                }
            }
        }
        let v = value?;
        // Three places in every house of the cell.
        if self.of_cell[cell]
            .iter()
            .any(|&h| self.cells_with(h, 1 << (v - 1)).count() != 3)
        {
            return None;
        }
        let mut step = self.new_step(Technique::BugPlusOne);
        step.placement = Some((cell, v));
        step.values = vec![v];
        step.cells = vec![cell];
        Some(step)
    }
}

//! Unique rectangles of types 2, 3 and 4 (type 1 is with the wings, in
//! `advanced`).
//!
//! A *deadly pattern* is four open cells in two rows, two columns and two
//! boxes (each box holding two corners of one row or column) that could
//! all take only {a, b}: a and b could then swap in all four, and the
//! puzzle would have two solutions. In a puzzle with one solution it
//! cannot happen, so when two corners (the *floor*, in one row or column)
//! hold only {a, b}, the other two (the *roof*) cannot both be a or b:
//!
//! * type 2: both roof cells are {a, b, z}: one is z, and z goes from the
//!   cells that see both;
//! * type 3: the roof cells' other candidates act as one cell, which with
//!   other cells of a house of the roof forms a naked subset: its values
//!   go from the house's other cells;
//! * type 4: a is the roof's in one of its houses only (a strong link):
//!   one roof cell is a, so neither is b.
//!
//! Only for puzzles with one solution ([`Logic::without_uniqueness`]
//! turns them off), and not with diagonals (a swap could break one), as
//! type 1.

use super::{is_box, subsets, values_of, Logic, Step, Technique};

/// The four corners of a rectangle: the two floor cells (only {a, b}),
/// then the two roof cells, each pair in reading order.
type Corners = [usize; 4];

impl Logic {
    /// The rectangles that could become deadly patterns, with the pair
    /// {a, b} (bits) that all four corners hold and exactly two (the
    /// floor, in one row or column) hold alone, passed to `visit` until it
    /// returns a step.
    fn rectangles(&self, visit: &mut dyn FnMut(Corners, u32) -> Option<Step>) -> Option<Step> {
        if self.diagonals || !self.unique {
            return None;
        }
        let side = self.side;
        let box_of = |c: usize| {
            self.of_cell[c]
                .iter()
                .copied()
                .find(|&h| is_box(self.houses[h].0))
        };
        for r1 in 0..side {
            for r2 in r1 + 1..side {
                for c1 in 0..side {
                    for c2 in c1 + 1..side {
                        let cells = [
                            r1 * side + c1,
                            r1 * side + c2,
                            r2 * side + c1,
                            r2 * side + c2,
                        ];
                        if cells.iter().any(|&c| self.grid[c] != 0) {
                            continue;
                        }
                        let common = cells.iter().fold(u32::MAX, |m, &c| m & self.cand[c]);
                        if common.count_ones() < 2 {
                            continue;
                        }
                        // Two boxes, neither holding two opposite corners.
                        let b: Vec<Option<usize>> = cells.iter().map(|&c| box_of(c)).collect();
                        let mut boxes = b.clone();
                        boxes.sort_unstable();
                        boxes.dedup();
                        if boxes.len() != 2 || b[0] == b[3] || b[1] == b[2] {
                            continue;
                        }
                        let vals: Vec<u8> = values_of(common).collect();
                        for (i, &x) in vals.iter().enumerate() {
                            for &y in &vals[i + 1..] {
                                let pair = (1u32 << (x - 1)) | (1 << (y - 1));
                                let (floor, roof): (Vec<usize>, Vec<usize>) =
                                    cells.iter().partition(|&&c| self.cand[c] == pair);
                                let (&[f1, f2], &[t1, t2]) = (&floor[..], &roof[..]) else {
                                    continue;
                                };
                                // The floor in one row or column.
                                if f1 / side != f2 / side && f1 % side != f2 % side {
                                    continue;
                                }
                                if let Some(step) = visit([f1, f2, t1, t2], pair) {
                                    return Some(step);
                                }
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// The houses both roof cells lie in.
    fn roof_houses(&self, corners: &Corners) -> Vec<usize> {
        self.of_cell[corners[2]]
            .iter()
            .copied()
            .filter(|h| self.of_cell[corners[3]].contains(h))
            .collect()
    }

    /// A unique rectangle step of `technique` on `corners` and `pair`.
    fn rectangle_step(&self, technique: Technique, corners: Corners, pair: u32) -> Step {
        let mut step = self.new_step(technique);
        step.cells = corners.to_vec();
        step.values = values_of(pair).collect();
        step
    }

    /// Unique rectangle type 2: both roof cells are {a, b, z}; one of them
    /// is z, which goes from every cell that sees both.
    pub(super) fn unique_rectangle_2(&self) -> Option<Step> {
        self.rectangles(&mut |corners, pair| {
            let (t1, t2) = (corners[2], corners[3]);
            let z = self.cand[t1] & !pair;
            if z.count_ones() != 1 || self.cand[t2] != self.cand[t1] {
                return None;
            }
            let zv = z.trailing_zeros() as u8 + 1;
            let gone = self.seen_by_all(&[t1, t2], zv);
            if gone.is_empty() {
                return None;
            }
            let mut step = self.rectangle_step(Technique::UniqueRectangle2, corners, pair);
            step.eliminations = gone;
            step.values.push(zv);
            Some(step)
        })
    }

    /// Unique rectangle type 4: in a house of the roof, one of the pair's
    /// values has no place but the roof cells; one of them takes it, so
    /// neither takes the other value.
    pub(super) fn unique_rectangle_4(&self) -> Option<Step> {
        self.rectangles(&mut |corners, pair| {
            let (t1, t2) = (corners[2], corners[3]);
            for h in self.roof_houses(&corners) {
                for keep in values_of(pair) {
                    let drop = values_of(pair & !(1 << (keep - 1))).next()?;
                    if self.cells_with(h, 1 << (keep - 1)).count() != 2 {
                        continue;
                    }
                    let mut step = self.rectangle_step(Technique::UniqueRectangle4, corners, pair);
                    let mut gone = vec![(t1, drop), (t2, drop)];
                    gone.sort_unstable();
                    step.eliminations = gone;
                    step.houses = vec![self.houses[h].0];
                    return Some(step);
                }
            }
            None
        })
    }

    /// Unique rectangle type 3: one of the roof cells takes one of their
    /// candidates besides {a, b}; with `k - 1` other cells of a house of
    /// the roof whose candidates lie among those and others, `k` values in
    /// all, they form a naked subset (2 to 4) that removes its values from
    /// the house's other cells.
    pub(super) fn unique_rectangle_3(&self) -> Option<Step> {
        self.rectangles(&mut |corners, pair| {
            let (t1, t2) = (corners[2], corners[3]);
            let extra = (self.cand[t1] | self.cand[t2]) & !pair;
            if extra.count_ones() < 2 || extra.count_ones() > 4 {
                return None;
            }
            for h in self.roof_houses(&corners) {
                let others: Vec<usize> = self.houses[h]
                    .1
                    .iter()
                    .copied()
                    .filter(|&c| c != t1 && c != t2 && self.grid[c] == 0)
                    .filter(|&c| self.cand[c].count_ones() <= 4)
                    .collect();
                for k in extra.count_ones() as usize..=4 {
                    let mut found = None;
                    subsets(others.len(), k - 1, &mut |idx| {
                        let union = idx.iter().fold(extra, |m, &i| m | self.cand[others[i]]);
                        if union.count_ones() as usize != k {
                            return false;
                        }
                        let subset: Vec<usize> = idx.iter().map(|&i| others[i]).collect();
                        let mut gone: Vec<(usize, u8)> = self.houses[h]
                            .1
                            .iter()
                            .copied()
                            .filter(|&c| c != t1 && c != t2 && !subset.contains(&c))
                            .flat_map(|c| values_of(self.cand[c] & union).map(move |v| (c, v)))
                            .collect();
                        if gone.is_empty() {
                            return false;
                        }
                        gone.sort_unstable_by_key(|&(c, v)| (v, c));
                        let mut step =
                            self.rectangle_step(Technique::UniqueRectangle3, corners, pair);
                        step.eliminations = gone;
                        step.values.extend(values_of(union));
                        step.cells.extend(subset);
                        step.houses = vec![self.houses[h].0];
                        found = Some(step);
                        true
                    });
                    if found.is_some() {
                        return found;
                    }
                }
            }
            None
        })
    }
}

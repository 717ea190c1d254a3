//! Patterns past the wings that are found by their own search, not by a
//! chain search: finned and sashimi fish, the W-wing and the empty
//! rectangle.
//!
//! Each finder returns the first pattern that removes a candidate, or
//! `None`; [`Logic::find`](super::Logic::find) tries them in the order of
//! their weight. They hold on every board and variant: the fish use rows
//! and columns with a box (or jigsaw region) for the fins, the W-wing any
//! house, the empty rectangle a box (region) and rows and columns; a
//! removal sees what it must by the variant's houses (diagonals too).

use super::{is_box, subsets, values_of, Logic, Step, Technique};
use crate::house::Unit;

impl Logic {
    /// A finned fish of `n` lines (2: X-wing, 3: swordfish, 4: jellyfish):
    /// for a value, `n` rows whose cells for it lie in `n` columns but for
    /// some (the fins), all in one box. Either no fin holds the value, and
    /// the fish removes it from the rest of those columns, or one does:
    /// so a cell of those columns outside the rows that sees every fin
    /// loses the value (or the same with rows and columns swapped).
    /// It is sashimi if a row has one cell in the columns besides its
    /// fins (finned if each has two or more); the two are found together.
    pub(super) fn finned_fish(&self, n: usize) -> Option<Step> {
        let side = self.side;
        let boxes: Vec<usize> = (0..self.houses.len())
            .filter(|&h| is_box(self.houses[h].0))
            .collect();
        // A line's fins lie in one box: at most `order` of them on a
        // classic board.
        let most = (n + self.order) as u32;
        for rows in [true, false] {
            let at = |line: usize, cross: usize| {
                if rows {
                    line * side + cross
                } else {
                    cross * side + line
                }
            };
            // For each line and box, the crossing lines where they meet.
            let mut meet = vec![vec![0u32; boxes.len()]; side];
            for (k, &b) in boxes.iter().enumerate() {
                for &c in &self.houses[b].1 {
                    let (l, x) = if rows {
                        (c / side, c % side)
                    } else {
                        (c % side, c / side)
                    };
                    meet[l][k] |= 1 << x;
                }
            }
            for v in 1..=side as u8 {
                let bit = 1u32 << (v - 1);
                let masks: Vec<u32> = (0..side)
                    .map(|l| {
                        (0..side)
                            .filter(|&x| self.cand[at(l, x)] & bit != 0)
                            .fold(0u32, |m, x| m | 1 << x)
                    })
                    .collect();
                let lines: Vec<usize> = (0..side)
                    .filter(|&l| (1..=most).contains(&masks[l].count_ones()))
                    .collect();
                // The lines where each box has the value: a removal (off
                // the diagonals, in the fins' box) is off the base lines.
                let box_lines: Vec<u32> = boxes
                    .iter()
                    .map(|&b| {
                        self.cells_with(b, bit)
                            .fold(0u32, |m, c| m | 1 << if rows { c / side } else { c % side })
                    })
                    .collect();
                let mut found = None;
                subsets(lines.len(), n, &mut |idx| {
                    let union = idx.iter().fold(0u32, |m, &i| m | masks[lines[i]]);
                    if union.count_ones() as usize <= n {
                        return false; // a plain fish, or less
                    }
                    let base = idx.iter().fold(0u32, |m, &i| m | 1 << lines[i]);
                    for k in 0..boxes.len() {
                        if !self.diagonals && box_lines[k] & !base == 0 {
                            continue;
                        }
                        // The crossing lines of the base cells outside the
                        // box (all covered), and of those inside.
                        let (mut body, mut inside) = (0u32, 0u32);
                        for &i in idx {
                            let l = lines[i];
                            body |= masks[l] & !meet[l][k];
                            inside |= masks[l] & meet[l][k];
                        }
                        let taken = body.count_ones() as usize;
                        if inside == 0 || taken > n {
                            continue;
                        }
                        let pool = inside & !body;
                        let need = n - taken;
                        // Each way to fill the cover from the box's lines.
                        let mut sub = pool;
                        loop {
                            if sub.count_ones() as usize == need {
                                let cover = body | sub;
                                let step = self
                                    .finned_step(v, rows, &lines, idx, &masks, cover, boxes[k], n);
                                if step.is_some() {
                                    found = step;
                                    return true;
                                }
                            }
                            if sub == 0 {
                                break;
                            }
                            sub = (sub - 1) & pool;
                        }
                    }
                    false
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// The step of a finned fish of value `v` on the base lines
    /// `lines[idx]` (rows if `rows`), whose cells for `v` are at the
    /// crossing lines of `masks`, covered by the crossing lines of
    /// `cover`; the fins are the base cells off the cover, all in box
    /// (house) `fin_box`.
    #[allow(clippy::too_many_arguments)]
    fn finned_step(
        &self,
        v: u8,
        rows: bool,
        lines: &[usize],
        idx: &[usize],
        masks: &[u32],
        cover: u32,
        fin_box: usize,
        n: usize,
    ) -> Option<Step> {
        let side = self.side;
        let bit = 1u32 << (v - 1);
        let at = |line: usize, cross: usize| {
            if rows {
                line * side + cross
            } else {
                cross * side + line
            }
        };
        // Every line keeps a cell in the cover; sashimi: one keeps only one.
        let kept = idx.iter().map(|&i| (masks[lines[i]] & cover).count_ones());
        let (mut thin, mut none) = (false, false);
        for k in kept {
            none |= k == 0;
            thin |= k < 2;
        }
        if none {
            return None;
        }
        let sashimi = thin;
        let base: Vec<usize> = idx.iter().map(|&i| lines[i]).collect();
        let mut fins: Vec<usize> = base
            .iter()
            .flat_map(|&l| {
                (0..side)
                    .filter(move |&x| masks[l] & !cover & (1 << x) != 0)
                    .map(move |x| at(l, x))
            })
            .collect();
        if fins.is_empty() {
            return None;
        }
        // Off the diagonals, a cell that sees every fin off their lines
        // and crossing lines is in their box.
        let near: Vec<usize> = if self.diagonals {
            (0..self.cand.len()).collect()
        } else {
            self.houses[fin_box].1.clone()
        };
        let line_of = |c: usize| if rows { c / side } else { c % side };
        let cross_of = |c: usize| if rows { c % side } else { c / side };
        let mut gone: Vec<(usize, u8)> = near
            .into_iter()
            .filter(|&c| self.cand[c] & bit != 0)
            .filter(|&c| cover & (1 << cross_of(c)) != 0 && !base.contains(&line_of(c)))
            .filter(|&c| fins.iter().all(|&f| self.sees(c, f)))
            .map(|c| (c, v))
            .collect();
        if gone.is_empty() {
            return None;
        }
        gone.sort_unstable();
        let technique = match (n, sashimi) {
            (2, false) => Technique::FinnedXWing,
            (2, true) => Technique::SashimiXWing,
            (3, false) => Technique::FinnedSwordfish,
            (3, true) => Technique::SashimiSwordfish,
            (_, false) => Technique::FinnedJellyfish,
            (_, true) => Technique::SashimiJellyfish,
        };
        let line = |k: usize| if rows { Unit::Row(k) } else { Unit::Column(k) };
        let cross = |k: usize| if rows { Unit::Column(k) } else { Unit::Row(k) };
        let mut step = self.new_step(technique);
        step.eliminations = gone;
        step.values = vec![v];
        step.houses = base.iter().map(|&l| line(l)).collect();
        step.houses
            .extend((0..side).filter(|x| cover & (1 << x) != 0).map(cross));
        step.houses.push(self.houses[fin_box].0);
        fins.sort_unstable();
        step.cells = fins;
        Some(step)
    }

    /// W-wing: two cells with the same two candidates {x, y} that do not
    /// see each other, and a value's only two places in a house (a strong
    /// link on x), one seeing each cell. Were neither cell y, both would
    /// be x and the strong link would have no x; so one is y, and y goes
    /// from every cell that sees both.
    pub(super) fn w_wing(&self) -> Option<Step> {
        let two = self.bivalue_cells();
        // The strong links of each value: (house, one end, the other).
        let mut links: Vec<Vec<(usize, usize, usize)>> = vec![Vec::new(); self.side + 1];
        for h in 0..self.houses.len() {
            for v in 1..=self.side as u8 {
                let mut cells = self.cells_with(h, 1 << (v - 1));
                if let (Some(p), Some(q), None) = (cells.next(), cells.next(), cells.next()) {
                    links[usize::from(v)].push((h, p, q));
                }
            }
        }
        for (i, &a) in two.iter().enumerate() {
            for &b in &two[i + 1..] {
                if self.cand[a] != self.cand[b] || self.sees(a, b) {
                    continue;
                }
                for x in values_of(self.cand[a]) {
                    let Some(y) = values_of(self.cand[a] & !(1 << (x - 1))).next() else {
                        continue;
                    };
                    for &(h, p, q) in &links[usize::from(x)] {
                        let (p, q) = if self.sees(p, a) && self.sees(q, b) {
                            (p, q)
                        } else if self.sees(q, a) && self.sees(p, b) {
                            (q, p)
                        } else {
                            continue;
                        };
                        let gone = self.seen_by_all(&[a, b], y);
                        if gone.is_empty() {
                            break;
                        }
                        let mut step = self.new_step(Technique::WWing);
                        step.eliminations = gone;
                        step.cells = vec![a, b, p, q];
                        step.values = vec![x, y];
                        step.houses = vec![self.houses[h].0];
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// Empty rectangle: a box's cells for a value lie in one row and one
    /// column (and in both only), so the value is in the box's part of
    /// the row or of the column. A strong link on the value in a line
    /// crossing that row (column) outside the box, at one end p: if p
    /// holds the value, the box's value is in its column (row); if not,
    /// the link's other end q does. So the cell in q's row (column) and
    /// the box's column (row), outside the box, loses the value.
    pub(super) fn empty_rectangle(&self) -> Option<Step> {
        let side = self.side;
        let mut row_h = vec![None; side];
        let mut col_h = vec![None; side];
        for (h, (u, _)) in self.houses.iter().enumerate() {
            match *u {
                Unit::Row(r) if r < side => row_h[r] = Some(h),
                Unit::Column(c) if c < side => col_h[c] = Some(h),
                _ => {}
            }
        }
        for v in 1..=side as u8 {
            let bit = 1u32 << (v - 1);
            // The strong links of the value in rows and in columns.
            let pair = |h: Option<usize>| {
                let mut cells = self.cells_with(h?, bit);
                match (cells.next(), cells.next(), cells.next()) {
                    (Some(p), Some(q), None) => Some((p, q)),
                    _ => None,
                }
            };
            let row_pairs: Vec<Option<(usize, usize)>> = row_h.iter().map(|&h| pair(h)).collect();
            let col_pairs: Vec<Option<(usize, usize)>> = col_h.iter().map(|&h| pair(h)).collect();
            for b in (0..self.houses.len()).filter(|&h| is_box(self.houses[h].0)) {
                let cells: Vec<usize> = self.cells_with(b, bit).collect();
                if cells.len() < 2 {
                    continue;
                }
                let in_box = |c: usize| self.houses[b].1.contains(&c);
                let mut rows: Vec<usize> = cells.iter().map(|c| c / side).collect();
                let mut cols: Vec<usize> = cells.iter().map(|c| c % side).collect();
                rows.sort_unstable();
                rows.dedup();
                cols.sort_unstable();
                cols.dedup();
                for &r in &rows {
                    for &c in &cols {
                        let on_cross = cells.iter().all(|&x| x / side == r || x % side == c);
                        let off_row = cells.iter().any(|&x| x / side != r);
                        let off_col = cells.iter().any(|&x| x % side != c);
                        if !(on_cross && off_row && off_col) {
                            continue;
                        }
                        // A column's strong link with an end p in row r
                        // (p true: the box's value in column c), or a
                        // row's with an end p in column c.
                        let links = col_pairs
                            .iter()
                            .enumerate()
                            .filter(|&(c2, _)| c2 != c)
                            .filter_map(|(c2, l)| l.map(|l| (Unit::Column(c2), l)))
                            .chain(
                                row_pairs
                                    .iter()
                                    .enumerate()
                                    .filter(|&(r2, _)| r2 != r)
                                    .filter_map(|(r2, l)| l.map(|l| (Unit::Row(r2), l))),
                            );
                        for (line, (x, y)) in links {
                            for (p, q) in [(x, y), (y, x)] {
                                let target = match line {
                                    Unit::Column(_) if p / side == r => (q / side) * side + c,
                                    Unit::Row(_) if p % side == c => r * side + q % side,
                                    _ => continue,
                                };
                                if in_box(p) || in_box(target) || self.cand[target] & bit == 0 {
                                    continue;
                                }
                                let mut step = self.new_step(Technique::EmptyRectangle);
                                step.eliminations = vec![(target, v)];
                                step.values = vec![v];
                                step.houses =
                                    vec![self.houses[b].0, Unit::Row(r), Unit::Column(c), line];
                                step.cells = vec![p, q];
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

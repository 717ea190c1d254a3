//! Almost locked sets: ALS-XZ and ALS-XY-wing.
//!
//! An *almost locked set* (ALS) is N open cells of one house with N + 1
//! candidates between them (a bivalue cell is the smallest): remove any
//! one of its values and the others are locked in its cells. A value x is
//! a *restricted common* of two sets without a cell in common when both
//! have it and each of the one's cells for x sees each of the other's:
//! x is then in one of the two at most.
//!
//! ALS-XZ: sets A and B with a restricted common x and another common
//! value z. If neither held z, both would be locked without it and both
//! would hold x; so one of them holds z, and z goes from every cell that
//! sees all the cells of A and B where z can go.
//!
//! ALS-XY-wing: sets A and B (without a common cell), each joined to a
//! pivot set C by a restricted
//! common (x between A and C, y between B and C, x ≠ y), and sharing a
//! value z (neither x nor y). If neither A nor B held z, A would hold x
//! and B y, leaving C N - 1 values for its N cells; so z goes from every
//! cell that sees all the z's of A and B.
//!
//! The smallest pattern (the fewest cells in its sets) is reported.

use super::{values_of, Logic, Step, Technique};

/// Cells as a bit set (boards of side 9 or less: 81 cells).
type CellSet = u128;

/// An almost locked set.
struct Als {
    /// The house it lies in.
    house: usize,
    /// Its cells.
    cells: CellSet,
    /// Its candidates.
    values: u32,
    /// For each value (index `v - 1`), its cells holding the value.
    with: Vec<CellSet>,
    /// For each value, the cells that see every one of its cells holding
    /// the value.
    seen: Vec<CellSet>,
}

/// The cells of a set, ascending.
fn cells_of(mut set: CellSet) -> Vec<usize> {
    let mut cells = Vec::with_capacity(set.count_ones() as usize);
    while set != 0 {
        cells.push(set.trailing_zeros() as usize);
        set &= set - 1;
    }
    cells
}

/// The almost locked sets of a board and what the two techniques need.
struct Sets {
    /// Each value's places (index `v - 1`).
    places: Vec<CellSet>,
    /// The sets, smallest first.
    sets: Vec<Als>,
    /// For each set, the later sets it has restricted commons with, and
    /// those commons.
    joined: Vec<Vec<(usize, u32)>>,
}

impl Logic {
    /// Each cell's peers, and the cells where each value can go.
    fn peer_sets(&self) -> (Vec<CellSet>, Vec<CellSet>) {
        let n = self.cand.len();
        let peers = (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| self.sees(a, b))
                    .fold(0, |m, b| m | 1 << b)
            })
            .collect();
        let places = (1..=self.side as u8)
            .map(|v| {
                (0..n)
                    .filter(|&c| self.cand[c] & (1 << (v - 1)) != 0)
                    .fold(0, |m, c| m | 1 << c)
            })
            .collect();
        (peers, places)
    }

    /// Every almost locked set of the board, smallest first (each set of
    /// cells once).
    fn almost_locked_sets(&self, peers: &[CellSet]) -> Vec<Als> {
        let mut found: Vec<Als> = Vec::new();
        let mut known = std::collections::HashSet::new();
        for (h, (_, cells)) in self.houses.iter().enumerate() {
            let open: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| self.grid[c] == 0)
                .collect();
            for k in 1..open.len() {
                super::subsets(open.len(), k, &mut |idx| {
                    let values = idx.iter().fold(0u32, |m, &i| m | self.cand[open[i]]);
                    if values.count_ones() as usize == k + 1 {
                        let set = idx.iter().fold(0, |m: CellSet, &i| m | 1 << open[i]);
                        if known.insert(set) {
                            found.push(self.als(h, set, values, peers));
                        }
                    }
                    false
                });
            }
        }
        found.sort_by_key(|a| a.cells.count_ones());
        found
    }

    fn als(&self, house: usize, cells: CellSet, values: u32, peers: &[CellSet]) -> Als {
        let list = cells_of(cells);
        let mut with = vec![0; self.side];
        let mut seen = vec![0; self.side];
        for v in values_of(values) {
            let i = usize::from(v - 1);
            for &c in &list {
                if self.cand[c] & (1 << i) != 0 {
                    with[i] |= 1 << c;
                }
            }
            seen[i] = cells_of(with[i])
                .iter()
                .fold(CellSet::MAX, |m, &c| m & peers[c]);
        }
        Als {
            house,
            cells,
            values,
            with,
            seen,
        }
    }

    /// The restricted commons of two sets without a common cell.
    fn restricted(a: &Als, b: &Als) -> u32 {
        if a.cells & b.cells != 0 {
            return 0;
        }
        values_of(a.values & b.values)
            .filter(|&v| {
                let i = usize::from(v - 1);
                a.with[i] & !b.seen[i] == 0
            })
            .fold(0, |m, v| m | 1 << (v - 1))
    }

    /// The cells where `z` can go that see every cell of `a` and `b`
    /// holding it.
    fn z_targets(a: &Als, b: &Als, z: u8, places: &[CellSet]) -> CellSet {
        let i = usize::from(z - 1);
        a.seen[i] & b.seen[i] & places[i] & !a.with[i] & !b.with[i]
    }

    /// The smallest ALS-XZ that removes a candidate, else the smallest
    /// ALS-XY-wing (boards of side 9 or less).
    pub(super) fn almost_locked(&self) -> Option<Step> {
        if self.side > 9 {
            return None;
        }
        let (peers, places) = self.peer_sets();
        let sets = self.almost_locked_sets(&peers);
        let joined = (0..sets.len())
            .map(|i| {
                (i + 1..sets.len())
                    .map(|j| (j, Self::restricted(&sets[i], &sets[j])))
                    .filter(|&(_, r)| r != 0)
                    .collect()
            })
            .collect();
        let board = Sets {
            places,
            sets,
            joined,
        };
        self.als_xz(&board).or_else(|| self.als_xy_wing(&board))
    }

    /// The smallest ALS-XZ that removes a candidate.
    fn als_xz(&self, board: &Sets) -> Option<Step> {
        let (sets, places) = (&board.sets, &board.places);
        let mut best: Option<(u32, usize, usize, u8, u8, CellSet)> = None;
        for (i, a) in sets.iter().enumerate() {
            for &(j, rcc) in &board.joined[i] {
                let b = &sets[j];
                let size = a.cells.count_ones() + b.cells.count_ones();
                if best.as_ref().is_some_and(|b| b.0 <= size) {
                    break;
                }
                'x: for x in values_of(rcc) {
                    for z in values_of(a.values & b.values & !(1 << (x - 1))) {
                        let gone = Self::z_targets(a, b, z, places);
                        if gone != 0 {
                            best = Some((size, i, j, x, z, gone));
                            break 'x;
                        }
                    }
                }
            }
        }
        let (size, i, j, x, z, gone) = best?;
        Some(self.als_step(
            Technique::AlsXz,
            &[&sets[i], &sets[j]],
            vec![x, z],
            z,
            gone,
            size,
        ))
    }

    /// The smallest ALS-XY-wing that removes a candidate.
    fn als_xy_wing(&self, board: &Sets) -> Option<Step> {
        let (sets, places) = (&board.sets, &board.places);
        // Every set's partners, both ways.
        let mut partners: Vec<Vec<(usize, u32)>> = vec![Vec::new(); sets.len()];
        for (i, list) in board.joined.iter().enumerate() {
            for &(j, r) in list {
                partners[i].push((j, r));
                partners[j].push((i, r));
            }
        }
        type Found = (u32, [usize; 3], [u8; 3], CellSet);
        let mut best: Option<Found> = None;
        for (ci, c) in sets.iter().enumerate() {
            // The sets joined to the pivot, and their restricted commons.
            let joined = &partners[ci];
            for (p, &(ai, ra)) in joined.iter().enumerate() {
                for &(bi, rb) in &joined[p + 1..] {
                    let (a, b) = (&sets[ai], &sets[bi]);
                    if a.cells & b.cells != 0 {
                        continue;
                    }
                    let size = a.cells.count_ones() + b.cells.count_ones() + c.cells.count_ones();
                    if best.as_ref().is_some_and(|f| f.0 <= size) {
                        continue;
                    }
                    // x from A's commons and y from B's, different.
                    let pairs = values_of(ra).flat_map(|x| values_of(rb).map(move |y| (x, y)));
                    'pairs: for (x, y) in pairs.filter(|(x, y)| x != y) {
                        let common = a.values & b.values & !(1 << (x - 1)) & !(1 << (y - 1));
                        for z in values_of(common) {
                            let gone = Self::z_targets(a, b, z, places);
                            if gone != 0 {
                                best = Some((size, [ai, bi, ci], [x, y, z], gone));
                                break 'pairs;
                            }
                        }
                    }
                }
            }
        }
        let (size, [ai, bi, ci], [x, y, z], gone) = best?;
        Some(self.als_step(
            Technique::AlsXyWing,
            &[&sets[ai], &sets[bi], &sets[ci]],
            vec![x, y, z],
            z,
            gone,
            size,
        ))
    }

    fn als_step(
        &self,
        technique: Technique,
        sets: &[&Als],
        values: Vec<u8>,
        z: u8,
        gone: CellSet,
        size: u32,
    ) -> Step {
        let mut step = self.new_step(technique);
        step.sets = sets.iter().map(|s| cells_of(s.cells)).collect();
        step.houses = sets.iter().map(|s| self.houses[s.house].0).collect();
        step.values = values;
        step.eliminations = cells_of(gone).into_iter().map(|c| (c, z)).collect();
        step.length = size as usize;
        step
    }
}

//! The shape of a board under a variant: each cell's houses and peers,
//! and the units the singles pass and the encoding walk.

use super::*;

/// The houses of the largest variant: 3·25 rows, columns and boxes, and two
/// diagonals.
pub(super) const MAX_HOUSES: usize = 77;

/// The shape of a board of one order under one variant: the houses of each
/// cell, the cells of each house, and each cell's peers.
///
/// Houses are numbered rows (0..side), columns (side..2·side), boxes or
/// regions (2·side..3·side), then the two diagonals of an X-Sudoku. The
/// value items of house h are side·side + h·side + v.
#[derive(Debug, Default)]
pub(super) struct Geometry {
    /// 0 until built.
    pub(super) order: usize,
    pub(super) side: usize,
    /// The houses in use: 3·side, or 3·side + 2 with diagonals.
    pub(super) house_count: usize,
    /// Are the diagonals houses?
    pub(super) diagonals: bool,
    /// Is this the classic 9×9 board (rows, columns, standard boxes), for
    /// which [`singles9`] does the singles pass?
    pub(super) classic9: bool,
    /// The row, column and box (region) houses of each cell.
    pub(super) units_of: Vec<[u8; 3]>,
    /// Which diagonals each cell is on (bit 0 main, bit 1 anti), when
    /// `diagonals`.
    pub(super) diagonal_bits: Vec<u8>,
    /// The cells of every house, `side` cells each.
    pub(super) houses: Vec<u16>,
    /// The cells that share a house with each cell (itself excluded),
    /// from `peer_start[cell]` to `peer_start[cell + 1]`.
    pub(super) peers: Vec<u16>,
    pub(super) peer_start: Vec<u32>,
}

impl Geometry {
    pub(super) fn new(order: usize, variant: &Variant) -> Geometry {
        let side = order * order;
        let area = side * side;
        let list = variant.houses(order);
        let house_count = list.len();
        debug_assert!(house_count <= MAX_HOUSES);
        let mut units_of = vec![[0u8; 3]; area];
        let mut diagonal_bits = vec![0u8; if variant.diagonals() { area } else { 0 }];
        let mut houses = Vec::with_capacity(house_count * side);
        for (h, (_, cells)) in list.iter().enumerate() {
            let kind = h / side;
            for &cell in cells {
                if kind < 3 {
                    units_of[cell][kind] = h as u8;
                } else {
                    diagonal_bits[cell] |= 1 << (h - 3 * side);
                }
                houses.push(cell as u16);
            }
        }
        let shares = |a: usize, b: usize| {
            units_of[a].iter().zip(&units_of[b]).any(|(x, y)| x == y)
                || (variant.diagonals() && diagonal_bits[a] & diagonal_bits[b] != 0)
        };
        let mut peers = Vec::new();
        let mut peer_start = Vec::with_capacity(area + 1);
        for cell in 0..area {
            peer_start.push(peers.len() as u32);
            peers.extend(
                (0..area)
                    .filter(|&o| o != cell && shares(cell, o))
                    .map(|o| o as u16),
            );
        }
        peer_start.push(peers.len() as u32);
        let classic9 = side == 9
            && !variant.diagonals()
            && units_of.iter().enumerate().all(|(cell, &u)| {
                let (r, c) = (cell / 9, cell % 9);
                u == [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8]
            });
        Geometry {
            order,
            side,
            house_count,
            diagonals: variant.diagonals(),
            classic9,
            units_of,
            diagonal_bits,
            houses,
            peers,
            peer_start,
        }
    }

    #[inline]
    pub(super) fn peers(&self, cell: usize) -> &[u16] {
        let (a, b) = (self.peer_start[cell], self.peer_start[cell + 1]);
        &self.peers[a as usize..b as usize]
    }

    #[inline]
    pub(super) fn house(&self, house: usize) -> &[u16] {
        &self.houses[house * self.side..(house + 1) * self.side]
    }

    /// The diagonal houses through `cell` (when diagonals are houses).
    #[inline]
    pub(super) fn diagonals_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let bits = self.diagonal_bits[cell];
        (0..2)
            .filter(move |d| bits & (1 << d) != 0)
            .map(move |d| 3 * self.side + d)
    }
}

/// The values placed in each house, as bit masks (bit v-1 for value v),
/// indexed by house number (see [`Geometry`]).
pub(super) struct Units {
    pub(super) mask: [u32; MAX_HOUSES],
}

impl Default for Units {
    fn default() -> Self {
        Units {
            mask: [0; MAX_HOUSES],
        }
    }
}

impl Units {
    /// Records value `v` in `cell`; `false` if a house of the cell has it
    /// already.
    #[inline]
    pub(super) fn place(&mut self, g: &Geometry, cell: usize, v: u8) -> bool {
        let [r, c, b] = g.units_of[cell].map(usize::from);
        let bit = 1u32 << (v - 1);
        let m = &mut self.mask;
        if (m[r] | m[c] | m[b]) & bit != 0 {
            return false;
        }
        if g.diagonals {
            if g.diagonals_of(cell).any(|d| m[d] & bit != 0) {
                return false;
            }
            for d in g.diagonals_of(cell) {
                m[d] |= bit;
            }
        }
        m[r] |= bit;
        m[c] |= bit;
        m[b] |= bit;
        true
    }

    /// Records value `v` in `cell`, which no house of the cell holds yet.
    #[inline]
    pub(super) fn record(&mut self, g: &Geometry, cell: usize, v: u8) {
        let bit = 1u32 << (v - 1);
        for h in g.units_of[cell] {
            self.mask[usize::from(h)] |= bit;
        }
    }

    /// The values no house of `cell` holds.
    #[inline]
    pub(super) fn free(&self, g: &Geometry, cell: usize) -> u32 {
        let [r, c, b] = g.units_of[cell].map(usize::from);
        let m = &self.mask;
        let mut used = m[r] | m[c] | m[b];
        if g.diagonals {
            used |= g.diagonals_of(cell).fold(0, |u, d| u | m[d]);
        }
        ((1u32 << g.side) - 1) & !used
    }
}

//! The singles pass before the search: naked and hidden singles placed
//! on any board and variant (the classic 9x9 board has its own, faster
//! pass in `singles9`).

use super::*;

/// Fills naked singles (a cell with one possible value) and hidden singles
/// (a value with one possible cell in a house) into `grid` until none is
/// left: the moves the search would make first, on items of length 1, made
/// here on bit masks before any option is built. `cand` holds each empty
/// cell's possible values and is kept up to date. `false` when the moves
/// lead to a contradiction: no solution.
pub(super) fn singles(
    g: &Geometry,
    grid: &mut [u8],
    cand: &mut [u32],
    units: &mut Units,
    stack: &mut Vec<u16>,
) -> bool {
    let full = (1u32 << g.side) - 1;
    stack.clear();
    for (cell, &c) in cand.iter().enumerate() {
        if grid[cell] == 0 {
            if c == 0 {
                return false;
            }
            if c & (c - 1) == 0 {
                stack.push(cell as u16);
            }
        }
    }
    loop {
        // Naked singles, and whatever they make single in turn.
        while let Some(cell) = stack.pop() {
            let cell = usize::from(cell);
            let bit = cand[cell];
            if grid[cell] != 0 {
                continue;
            }
            if bit == 0 || bit & (bit - 1) != 0 {
                // Emptied by a hidden single that took its only value.
                return false;
            }
            let v = bit.trailing_zeros() as u8 + 1;
            if !units.place(g, cell, v) {
                return false;
            }
            grid[cell] = v;
            cand[cell] = 0;
            for &peer in g.peers(cell) {
                let peer = usize::from(peer);
                let c = cand[peer];
                if c & bit != 0 {
                    let c = c & !bit;
                    cand[peer] = c;
                    if c == 0 {
                        return false;
                    }
                    if c & (c - 1) == 0 {
                        stack.push(peer as u16);
                    }
                }
            }
        }
        // Hidden singles: a value possible in one cell of a house.
        for house in 0..g.house_count {
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in g.house(house) {
                let c = cand[usize::from(cell)];
                twice |= once & c;
                once |= c;
            }
            if (once | units.mask[house]) != full {
                return false;
            }
            let mut single = once & !twice;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single ^= bit;
                if let Some(&cell) = g
                    .house(house)
                    .iter()
                    .find(|&&c| cand[usize::from(c)] & bit != 0)
                {
                    cand[usize::from(cell)] = bit;
                    stack.push(cell);
                }
            }
        }
        if stack.is_empty() {
            return true;
        }
    }
}

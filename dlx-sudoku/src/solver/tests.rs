//! Unit tests of the Sudoku solver's encoding and singles pass.

use super::*;

/// SplitMix64: a number below `n`.
fn below(state: &mut u64, n: usize) -> usize {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ (z >> 31)) % n as u64) as usize
}

/// A random full grid: the pattern grid with its values, bands, rows
/// in bands, stacks and columns in stacks shuffled.
fn full_grid(rng: &mut u64) -> Vec<u8> {
    let mut shuffled = |n: usize| {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            p.swap(i, below(rng, i + 1));
        }
        p
    };
    let values = shuffled(9);
    let (bands, stacks) = (shuffled(3), shuffled(3));
    let inner: Vec<Vec<usize>> = (0..6).map(|_| shuffled(3)).collect();
    let row = |r: usize| 3 * bands[r / 3] + inner[r / 3][r % 3];
    let col = |c: usize| 3 * stacks[c / 3] + inner[3 + c / 3][c % 3];
    (0..81)
        .map(|cell| {
            let (r, c) = (row(cell / 9), col(cell % 9));
            values[(3 * (r % 3) + r / 3 + c) % 9] as u8 + 1
        })
        .collect()
}

/// The generic singles pass on a 9×9 puzzle: the settled grid and
/// candidates, or `None` for a contradiction.
fn generic(puzzle: &[u8]) -> Option<(Vec<u8>, Vec<u32>)> {
    let g = Geometry::new(3, &Variant::classic());
    let mut units = Units::default();
    for (cell, &v) in puzzle.iter().enumerate() {
        if v != 0 && !units.place(&g, cell, v) {
            return None;
        }
    }
    let mut grid = puzzle.to_vec();
    let mut cand: Vec<u32> = (0..81)
        .map(|cell| {
            if grid[cell] == 0 {
                units.free(&g, cell)
            } else {
                0
            }
        })
        .collect();
    singles(&g, &mut grid, &mut cand, &mut units, &mut Vec::new()).then_some((grid, cand))
}

fn on_bit_boards(puzzle: &[u8]) -> Option<(Vec<u8>, Vec<u32>)> {
    let mut grid: [u8; 81] = puzzle.try_into().unwrap();
    let mut cand = [0; 81];
    singles9::settle(&mut grid, &mut cand, false).then(|| (grid.to_vec(), cand.to_vec()))
}

/// The bit-board pass makes exactly the moves of the generic one: the
/// same grid and candidates when neither finds a contradiction, and a
/// contradiction for the same puzzles (clashing clues, a cell or a
/// house left without a value).
#[test]
fn the_bit_board_singles_pass_settles_what_the_generic_one_does() {
    let mut rng = 7;
    let (mut solved, mut stalled, mut contradictions) = (0, 0, 0);
    for case in 0..20_000 {
        let solution = full_grid(&mut rng);
        let keep = 15 + below(&mut rng, 30);
        let mut puzzle: Vec<u8> = solution
            .iter()
            .map(|&v| if below(&mut rng, 81) < keep { v } else { 0 })
            .collect();
        // One case in four gets wrong clues.
        if case % 4 == 0 {
            for _ in 0..1 + below(&mut rng, 2) {
                puzzle[below(&mut rng, 81)] = 1 + below(&mut rng, 9) as u8;
            }
        }
        let expected = generic(&puzzle);
        assert_eq!(on_bit_boards(&puzzle), expected, "puzzle {puzzle:?}");
        match expected {
            None => contradictions += 1,
            Some((grid, _)) if !grid.contains(&0) => {
                solved += 1;
                if case % 4 != 0 {
                    assert_eq!(grid, solution);
                }
            }
            Some(_) => stalled += 1,
        }
    }
    // Every kind of ending is exercised.
    assert!(
        solved > 1000 && stalled > 1000 && contradictions > 1000,
        "solved {solved}, stalled {stalled}, contradictions {contradictions}"
    );
}

/// Settles `puzzle` with locked candidates and checks the result
/// against `solution`, a grid that agrees with the clues (the puzzle
/// may have others): the settled cells hold its values, its values stay
/// among the candidates, and whatever singles alone settle is kept.
/// Whether locked candidates did more than singles, and whether that
/// settled every cell.
fn check_locked(puzzle: &[u8], solution: &[u8]) -> (bool, bool) {
    let mut grid: [u8; 81] = puzzle.try_into().unwrap();
    let mut cand = [0; 81];
    assert!(
        singles9::settle(&mut grid, &mut cand, true),
        "puzzle {puzzle:?}"
    );
    let (singles_grid, singles_cand) = on_bit_boards(puzzle).expect("a valid puzzle");
    for cell in 0..81 {
        let v = solution[cell];
        if grid[cell] == 0 {
            assert_ne!(cand[cell] & 1 << (v - 1), 0, "cell {cell} of {puzzle:?}");
            assert_eq!(cand[cell] & !singles_cand[cell], 0);
        } else {
            assert_eq!(grid[cell], v, "cell {cell} of {puzzle:?}");
        }
        if singles_grid[cell] != 0 {
            assert_eq!(grid[cell], singles_grid[cell]);
        }
    }
    let further = grid[..] != singles_grid[..] || cand[..] != singles_cand[..];
    (further, further && !grid.contains(&0))
}

/// Locked candidates only remove values no solution has there: on
/// random puzzles, many with several solutions, and on generated
/// puzzles with one (see `check_locked`); the counts of solutions (up
/// to 20) are those of the search without them.
#[test]
fn locked_candidates_keep_every_solution() {
    let mut rng = 11;
    let mut further = 0;
    for case in 0..6_000 {
        let solution = full_grid(&mut rng);
        let keep = 17 + below(&mut rng, 25);
        let puzzle: Vec<u8> = solution
            .iter()
            .map(|&v| if below(&mut rng, 81) < keep { v } else { 0 })
            .collect();
        further += usize::from(check_locked(&puzzle, &solution).0);
        if case % 20 == 0 {
            let board = Board::from_cells(3, puzzle.clone()).unwrap();
            let count = |locked_candidates| {
                let config = SolverConfig {
                    locked_candidates,
                    ..SolverConfig::default()
                };
                Solver::with_config(config)
                    .count(&board, Some(20))
                    .solutions
            };
            assert_eq!(count(true), count(false), "puzzle {puzzle:?}");
        }
    }
    let mut generator = crate::generate::Generator::new(&Variant::classic());
    let mut rng = crate::rng::Rng::new(5);
    let options = crate::generate::Options::default();
    let mut solved = 0;
    for _ in 0..300 {
        let made = generator.generate(&options, &mut rng).unwrap();
        solved += usize::from(check_locked(made.puzzle.cells(), made.solution.cells()).1);
    }
    // They do something, and on some puzzles all that singles left.
    assert!(
        further > 500 && solved > 20,
        "further {further}, solved {solved}"
    );
}

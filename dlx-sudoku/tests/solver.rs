//! The Sudoku solver: the judge puzzles and every board size solved by the
//! rules, counted fixtures, a differential proptest against plain
//! backtracking, clashing clues, node limits, and one solver reused across
//! sizes. Every answer is checked by `common`'s rules checker and every
//! count by its backtracking counter, never by the solver itself.

use std::collections::HashSet;

use dlx_core::{Branching, Count, Outcome as Stop};
use dlx_sudoku::format::{Format, Reader};
use dlx_sudoku::solver::{find_conflict, Conflict, Outcome, Solver, SolverConfig, Unit};
use dlx_sudoku::Board;
use proptest::prelude::*;

use crate::common::{
    assert_solves, blank_out, board, bt_count, bt_solve, clues_clash, data, first_line, judge,
    line, pattern_grid, random_grid, read, scramble, Rng, BRANCHINGS,
};

/// The judge samples and their formats.
const JUDGE: [(&str, Format); 6] = [
    ("poj3074.in", Format::Line),
    ("poj2676.in", Format::Poj2676),
    ("hdu1426.in", Format::Hdu1426),
    ("spaced.in", Format::Spaced),
    ("poj3076.in", Format::Poj3076),
    ("leetcode37.in", Format::Leetcode),
];

/// The first puzzle of forum_hardest_1106: thousands of search nodes, even
/// after singles and locked candidates.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// Every solver configuration: with and without clue pruning, singles and
/// locked candidates, under each branching rule.
fn all_configs() -> Vec<SolverConfig> {
    let mut configs = Vec::new();
    for prune_clues in [true, false] {
        for singles in [true, false] {
            for locked_candidates in [true, false] {
                for branching in BRANCHINGS {
                    configs.push(SolverConfig {
                        prune_clues,
                        singles,
                        locked_candidates,
                        branching,
                    });
                }
            }
        }
    }
    configs
}

/// The puzzles of a judge input, read with the library's reader.
fn judge_puzzles(name: &str, format: Format) -> Vec<Board> {
    let bytes = read(&judge(name));
    Reader::new(&bytes[..], format)
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")).board)
        .collect()
}

/// Solves `puzzle` with `solver`, checks the answer by the rules, and
/// returns it.
fn solve_checked(solver: &mut Solver, puzzle: &Board) -> Board {
    let mut solution = Board::empty(2);
    let outcome = solver.solve(puzzle, &mut solution);
    assert_eq!(outcome, Outcome::Solved, "{}", line(puzzle));
    assert_solves(puzzle, &solution);
    solution
}

#[test]
fn judge_puzzles_are_solved_by_the_rules() {
    let mut solver = Solver::new();
    let mut sides = HashSet::new();
    for (name, format) in JUDGE {
        let puzzles = judge_puzzles(name, format);
        assert!(!puzzles.is_empty(), "{name}");
        for puzzle in &puzzles {
            sides.insert(puzzle.side());
            solve_checked(&mut solver, puzzle);
            // The judges promise one solution; the backtracker confirms it.
            assert_eq!(bt_count(puzzle, 2), 1, "{name}: {}", line(puzzle));
            let count = solver.count(puzzle, Some(2));
            assert_eq!(count.solutions, 1, "{name}: {}", line(puzzle));
            assert_eq!(count.outcome, Stop::Complete);
        }
    }
    assert_eq!(sides, HashSet::from([9, 16]));
}

#[test]
fn every_board_size_is_solved_by_the_rules() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut solver = Solver::new();
    // 4×4 and 9×9 from random grids, thinned to various degrees.
    for order in [2, 3] {
        for k in 0..20 {
            let grid = random_grid(order, &mut rng);
            let puzzle = blank_out(&grid, 300 + 35 * k, &mut rng);
            let solution = solve_checked(&mut solver, &puzzle);
            let up_to_two = bt_count(&puzzle, 2);
            assert_eq!(solver.count(&puzzle, Some(2)).solutions, up_to_two);
            // A unique puzzle can only be solved by the grid it came from.
            if up_to_two == 1 {
                assert_eq!(solution, grid);
            }
        }
    }
    // 16×16 and 25×25 from the formula grid, scrambled, then thinned: the
    // answer is checked by the rules, not against the grid the puzzle came
    // from (the puzzle may have other solutions). 25×25 boards thinned to
    // half or less of their cells make puzzles with barren subtrees that
    // take the backtracker (and the solver) seconds, so they stay fuller.
    for (order, blanks) in [(4, 400), (4, 600), (5, 300), (5, 400)] {
        let grid = scramble(&pattern_grid(order), &mut rng);
        assert_solves(&grid, &grid);
        let puzzle = blank_out(&grid, blanks, &mut rng);
        solve_checked(&mut solver, &puzzle);
        assert_eq!(
            solver.count(&puzzle, Some(2)).solutions,
            bt_count(&puzzle, 2),
            "{}",
            line(&puzzle)
        );
    }
}

#[test]
fn empty_and_full_boards() {
    let mut solver = Solver::new();
    for order in 2..=5 {
        let empty = Board::empty(order);
        solve_checked(&mut solver, &empty);
        let two = solver.count(&empty, Some(2));
        assert_eq!(two.solutions, 2, "order {order}");
        assert_eq!(two.outcome, Stop::SolutionLimit);
        // A full grid is its own only solution.
        let grid = pattern_grid(order);
        assert_eq!(solve_checked(&mut solver, &grid), grid);
        let one = solver.count(&grid, None);
        assert_eq!((one.solutions, one.outcome), (1, Stop::Complete));
    }
}

/// A puzzle the singles pass fills completely is solved without the engine
/// (no nodes, no updates), by the rules; the same puzzle with singles off
/// is searched. Counting still runs the engine, which finds the one
/// solution.
#[test]
fn a_puzzle_settled_by_singles_is_solved_without_a_search() {
    // Blanking a few cells of a full grid leaves naked singles only.
    let grid = pattern_grid(3);
    let mut cells = grid.cells().to_vec();
    for cell in [0, 10, 20, 40, 80] {
        cells[cell] = 0;
    }
    let puzzle = Board::from_cells(3, cells).unwrap();
    let mut solver = Solver::new();
    assert_eq!(solve_checked(&mut solver, &puzzle), grid);
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates, stats.solutions), (0, 0, 1));
    let one = solver.count(&puzzle, None);
    assert_eq!((one.solutions, one.outcome), (1, Stop::Complete));
    let mut searched = Solver::with_config(SolverConfig {
        singles: false,
        ..SolverConfig::default()
    });
    assert_eq!(solve_checked(&mut searched, &puzzle), grid);
    assert!(searched.stats().nodes > 0);
}

/// One line of `counts.txt`.
struct Counted {
    line_no: usize,
    puzzle: Board,
    count: u64,
}

fn counted_fixtures() -> Vec<Counted> {
    let text = String::from_utf8(read(&data("cases/counts.txt"))).expect("UTF-8");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(k, l)| {
            let mut fields = l.split(':');
            let (Some(p), Some(n)) = (fields.next(), fields.next()) else {
                panic!("counts.txt:{}: not puzzle:count", k + 1)
            };
            Counted {
                line_no: k + 1,
                puzzle: board(p),
                count: n.parse().expect("a count"),
            }
        })
        .collect()
}

#[test]
fn counted_fixtures_agree_with_backtracking_and_the_solver() {
    let fixtures = counted_fixtures();
    assert!(fixtures.len() >= 40, "{} fixtures", fixtures.len());
    // The file covers every kind of case.
    assert!(fixtures
        .iter()
        .any(|f| f.count == 0 && clues_clash(&f.puzzle)));
    assert!(fixtures
        .iter()
        .any(|f| f.count == 0 && !clues_clash(&f.puzzle)));
    assert!(fixtures.iter().any(|f| f.count == 1));
    assert!(fixtures.iter().any(|f| f.count > 100));
    let sides: HashSet<usize> = fixtures.iter().map(|f| f.puzzle.side()).collect();
    assert_eq!(sides, HashSet::from([4, 9, 16]));
    for file in [
        "17clue.txt",
        "forum_hardest_1106.txt",
        "top1465.txt",
        "unbiased_1k.txt",
    ] {
        let first = board(&first_line(&format!("benches/data/{file}")));
        assert!(
            fixtures.iter().any(|f| f.puzzle == first),
            "the first puzzle of {file} is counted"
        );
    }

    let mut solver = Solver::new();
    for f in &fixtures {
        let at = format!("counts.txt:{}", f.line_no);
        // The file's count is recounted independently first.
        assert_eq!(bt_count(&f.puzzle, u64::MAX), f.count, "{at}: backtracking");

        let all = solver.count(&f.puzzle, None);
        assert_eq!(all.solutions, f.count, "{at}");
        assert_eq!(all.outcome, Stop::Complete, "{at}");
        if f.count > 0 {
            assert_eq!(solver.stats().solutions, f.count, "{at}");
        }

        let two = solver.count(&f.puzzle, Some(2));
        assert_eq!(two.solutions, f.count.min(2), "{at}");
        let stop = if f.count >= 2 {
            Stop::SolutionLimit
        } else {
            Stop::Complete
        };
        assert_eq!(two.outcome, stop, "{at}");

        // Every solution obeys the rules, keeps the clues, and comes once.
        let mut seen = HashSet::new();
        let mut bad = None;
        let visited = solver.for_each_solution(&f.puzzle, |s| {
            if let Err(e) = crate::common::check_solution(&f.puzzle, s) {
                bad.get_or_insert(e);
            }
            seen.insert(s.cells().to_vec());
            true
        });
        assert_eq!(bad, None, "{at}");
        assert_eq!(
            visited,
            Count {
                solutions: f.count,
                outcome: Stop::Complete
            },
            "{at}"
        );
        assert_eq!(seen.len() as u64, f.count, "{at}: repeated solutions");

        // Stopping after the first solution.
        let mut calls = 0;
        let first = solver.for_each_solution(&f.puzzle, |_| {
            calls += 1;
            false
        });
        let expected = match f.count {
            0 => (0, Stop::Complete),
            _ => (1, Stop::SolutionLimit),
        };
        assert_eq!((first.solutions, first.outcome), expected, "{at}");
        assert_eq!(calls, expected.0, "{at}");

        // Solve agrees; a unique solution is the backtracker's.
        let mut solution = Board::empty(3);
        match solver.solve(&f.puzzle, &mut solution) {
            Outcome::Solved => {
                assert!(f.count > 0, "{at}: solved an unsolvable puzzle");
                assert_solves(&f.puzzle, &solution);
                if f.count == 1 {
                    assert_eq!(Some(solution), bt_solve(&f.puzzle), "{at}");
                }
            }
            Outcome::NoSolution => {
                assert_eq!(f.count, 0, "{at}");
                assert_eq!(solution, f.puzzle, "{at}: the answer holds the puzzle");
            }
            Outcome::NodeLimit => panic!("{at}: node limit without a limit"),
        }
    }
}

#[test]
fn every_configuration_counts_the_fixtures_alike() {
    // The slowest configuration (no pruning, leftmost item) is too slow for
    // the hardest fixtures; the differential proptest covers it on random
    // puzzles. Here every configuration counts the 4×4 fixtures and the 9×9
    // ones with many clues.
    let fixtures: Vec<Counted> = counted_fixtures()
        .into_iter()
        .filter(|f| f.puzzle.side() == 4 || (f.puzzle.side() == 9 && f.puzzle.clue_count() >= 30))
        .collect();
    assert!(fixtures.len() >= 10);
    for config in all_configs() {
        let mut solver = Solver::with_config(config);
        assert_eq!(solver.config(), config);
        for f in &fixtures {
            let count = solver.count(&f.puzzle, None);
            assert_eq!(
                count.solutions, f.count,
                "{config:?}: counts.txt:{}",
                f.line_no
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Differential proptest

/// A random puzzle: a random grid thinned, with `changes` random cells then
/// set to random values (which may clash or leave no solution), or for
/// `scatter` a random clue set on an empty board.
fn random_puzzle(seed: u64, order: usize, blank: u64, changes: usize, scatter: bool) -> Board {
    let mut rng = Rng::new(seed);
    let side = (order * order) as u64;
    let mut cells = if scatter {
        vec![0; (side * side) as usize]
    } else {
        let grid = random_grid(order, &mut rng);
        blank_out(&grid, blank, &mut rng).cells().to_vec()
    };
    let changes = if scatter {
        // A scattered clue set: about (1000 - blank)/1000 of the cells,
        // capped so that 9×9 sets stay small.
        ((side * side) * (1000 - blank) / 1000).min(if order == 2 { 16 } else { 12 }) as usize
    } else {
        changes
    };
    for _ in 0..changes {
        let cell = rng.below(side * side) as usize;
        cells[cell] = 1 + rng.below(side) as u8;
    }
    Board::from_cells(order, cells).expect("a board")
}

/// Checks every configuration against the backtracker on `puzzle`.
/// Search nodes the rule without a heuristic ([`Branching::First`]) may take
/// on one random puzzle: some take it billions, and what it finds within
/// the budget is checked like the rest.
const FIRST_RULE_BUDGET: u64 = 2_000_000;

fn agree_with_backtracking(puzzle: &Board) -> Result<(), TestCaseError> {
    let expected = bt_count(puzzle, 2);
    prop_assert_eq!(find_conflict(puzzle).is_some(), clues_clash(puzzle));
    for config in all_configs() {
        let mut solver = Solver::with_config(config);
        if config.branching == Branching::First {
            solver.set_node_limit(Some(FIRST_RULE_BUDGET));
        }
        let count = solver.count(puzzle, Some(2));
        if count.outcome == Stop::NodeLimit {
            // Only the budgeted rule can stop here; nothing to compare.
            prop_assert_eq!(config.branching, Branching::First);
            continue;
        }
        prop_assert_eq!(count.solutions, expected, "{:?} {}", config, line(puzzle));
        let mut solution = Board::empty(3);
        let outcome = solver.solve(puzzle, &mut solution);
        if expected == 0 {
            prop_assert_eq!(outcome, Outcome::NoSolution, "{:?}", config);
            prop_assert_eq!(&solution, puzzle);
        } else {
            prop_assert_eq!(outcome, Outcome::Solved, "{:?}", config);
            if let Err(e) = crate::common::check_solution(puzzle, &solution) {
                return Err(TestCaseError::fail(format!(
                    "{config:?}: {e}\n{}\n{}",
                    line(puzzle),
                    line(&solution)
                )));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn small_boards_agree_with_backtracking(
        seed in any::<u64>(),
        blank in 0u64..=1000,
        changes in 0usize..4,
        scatter in any::<bool>(),
    ) {
        agree_with_backtracking(&random_puzzle(seed, 2, blank, changes, scatter))?;
    }

    #[test]
    fn nine_by_nine_agrees_with_backtracking(
        seed in any::<u64>(),
        blank in 0u64..=700,
        changes in 0usize..4,
        scatter in proptest::bool::weighted(0.2),
    ) {
        agree_with_backtracking(&random_puzzle(seed, 3, blank, changes, scatter))?;
    }
}

// ---------------------------------------------------------------------------
// Clashing clues

/// (row, column, value) clues, 0-based.
type Clues = [(usize, usize, u8)];

/// A board of `order` with the given clues.
fn clues(order: usize, list: &Clues) -> Board {
    let mut b = Board::empty(order);
    for &(r, c, v) in list {
        b.set(r, c, v);
    }
    b
}

#[test]
fn conflicts_name_their_house() {
    let cases: [(usize, &Clues, Unit, &str); 7] = [
        (
            3,
            &[(2, 0, 5), (2, 7, 5), (4, 4, 1)],
            Unit::Row(2),
            "row 3 has value 5 twice (r3c1 and r3c8)",
        ),
        (
            3,
            &[(1, 4, 9), (7, 4, 9)],
            Unit::Column(4),
            "column 5 has value 9 twice (r2c5 and r8c5)",
        ),
        (
            3,
            &[(3, 3, 2), (5, 5, 2)],
            Unit::Box(4),
            "box 5 has value 2 twice (r4c4 and r6c6)",
        ),
        // Rows come first, then columns, then boxes.
        (
            3,
            &[(0, 0, 1), (1, 0, 1), (8, 2, 3), (8, 8, 3)],
            Unit::Row(8),
            "row 9 has value 3 twice (r9c3 and r9c9)",
        ),
        (
            3,
            &[(0, 0, 1), (1, 0, 1)],
            Unit::Column(0),
            "column 1 has value 1 twice (r1c1 and r2c1)",
        ),
        (
            4,
            &[(12, 15, 16), (15, 12, 16)],
            Unit::Box(15),
            "box 16 has value 16 twice (r13c16 and r16c13)",
        ),
        (
            5,
            &[(24, 3, 25), (24, 24, 25)],
            Unit::Row(24),
            "row 25 has value 25 twice (r25c4 and r25c25)",
        ),
    ];
    for (order, list, unit, text) in cases {
        let b = clues(order, list);
        let conflict: Conflict = find_conflict(&b).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(conflict.unit, unit, "{text}");
        assert_eq!(conflict.to_string(), text);
        assert!(clues_clash(&b));
        // A clash is a result, not an error, in every configuration.
        for config in all_configs() {
            let mut solver = Solver::with_config(config);
            let mut solution = Board::empty(3);
            assert_eq!(solver.solve(&b, &mut solution), Outcome::NoSolution);
            assert_eq!(solution, b);
            let count = solver.count(&b, None);
            assert_eq!((count.solutions, count.outcome), (0, Stop::Complete));
        }
    }
    assert_eq!(
        Unit::Column(0).to_string(),
        "column 1",
        "units are 1-based in text"
    );
}

#[test]
fn no_conflict_in_consistent_boards() {
    let mut rng = Rng::new(7);
    for order in 2..=5 {
        assert_eq!(find_conflict(&Board::empty(order)), None);
        let grid = scramble(&pattern_grid(order), &mut rng);
        assert_eq!(find_conflict(&grid), None);
    }
    for (name, format) in JUDGE {
        for p in judge_puzzles(name, format) {
            assert_eq!(find_conflict(&p), None, "{name}");
        }
    }
    // Consistent clues are not enough for a solution.
    let unsolvable =
        board(".2..5.6.8...7..4.....1.3....6..4....1......5........1.7..3.5.........2......8....");
    assert_eq!(find_conflict(&unsolvable), None);
    assert_eq!(bt_count(&unsolvable, 1), 0);
    let mut solution = Board::empty(3);
    assert_eq!(
        Solver::new().solve(&unsolvable, &mut solution),
        Outcome::NoSolution
    );
}

// ---------------------------------------------------------------------------
// Node limits and reuse

#[test]
fn node_limit_stops_the_search_and_the_solver_recovers() {
    let hard = board(HARD);
    let mut solver = Solver::new();
    solver.set_node_limit(Some(1));
    let mut solution = Board::empty(3);
    assert_eq!(solver.solve(&hard, &mut solution), Outcome::NodeLimit);
    assert_eq!(solution, hard, "the answer holds the puzzle");
    assert!(solver.stats().nodes <= 1, "{:?}", solver.stats());
    let count = solver.count(&hard, None);
    assert_eq!(count.outcome, Stop::NodeLimit);
    assert_eq!(count.solutions, 0);
    let mut visits = 0;
    let each = solver.for_each_solution(&hard, |_| {
        visits += 1;
        true
    });
    assert_eq!(
        (each.solutions, each.outcome, visits),
        (0, Stop::NodeLimit, 0)
    );

    // Without the limit the same solver solves it; with a limit as large
    // as that search it still does.
    solver.set_node_limit(None);
    solve_checked(&mut solver, &hard);
    let nodes = solver.stats().nodes;
    assert!(
        nodes > 1,
        "a hard puzzle needs search: {:?}",
        solver.stats()
    );
    solver.set_node_limit(Some(nodes));
    solve_checked(&mut solver, &hard);
    assert_eq!(solver.stats().nodes, nodes, "the search is deterministic");

    // A limit that stops counting part-way gives a lower bound.
    let multi =
        board("712.6.3.8.6.2....4..851.6..924..6.375.6...2....3...9.....97......................");
    let total = bt_count(&multi, u64::MAX);
    solver.set_node_limit(None);
    assert_eq!(solver.count(&multi, None).solutions, total);
    let full_nodes = solver.stats().nodes;
    solver.set_node_limit(Some(full_nodes / 2));
    let part = solver.count(&multi, None);
    assert_eq!(part.outcome, Stop::NodeLimit);
    assert!(part.solutions <= total, "{part:?} of {total}");
}

#[test]
fn one_solver_across_sizes_and_aborted_searches() {
    let mut rng = Rng::new(99);
    let poj3076 = judge_puzzles("poj3076.in", Format::Poj3076);
    let nine =
        board("......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.");
    let four = blank_out(&random_grid(2, &mut rng), 600, &mut rng);
    let twenty_five = blank_out(&scramble(&pattern_grid(5), &mut rng), 350, &mut rng);
    let hard = board(HARD);
    let mut solver = Solver::new();
    // Abandon searches in every way between the puzzles: a node limit, a
    // solution limit, a visitor that stops.
    let sequence: [(&Board, &str); 8] = [
        (&nine, "9x9"),
        (&four, "4x4"),
        (&poj3076[0], "16x16"),
        (&hard, "9x9 hard"),
        (&twenty_five, "25x25"),
        (&poj3076[1], "16x16"),
        (&four, "4x4"),
        (&nine, "9x9"),
    ];
    for (k, (puzzle, what)) in sequence.into_iter().enumerate() {
        match k % 3 {
            0 => {
                solver.set_node_limit(Some(3));
                let mut scratch = Board::empty(2);
                let _ = solver.solve(&hard, &mut scratch);
                solver.set_node_limit(None);
            }
            1 => {
                let empty = Board::empty(puzzle.order());
                assert_eq!(solver.count(&empty, Some(1)).solutions, 1);
            }
            _ => {
                let _ = solver.for_each_solution(&Board::empty(4), |_| false);
            }
        }
        let solution = solve_checked(&mut solver, puzzle);
        assert_eq!(solution.side(), puzzle.side(), "{what}");
        assert_eq!(
            solver.count(puzzle, Some(2)).solutions,
            bt_count(puzzle, 2),
            "{what}"
        );
    }
}

//! Focused tests of the public API: building errors, reuse, edge cases,
//! forcing, statistics, a very deep search, and the known counts of the
//! examples (whose builders are included from `examples/`).
//!
//! Past the house's ~800 lines on purpose: one independent case per public
//! door of `Problem` and `Solver`, each found by its name.

use std::collections::HashSet;

use dlx_core::{
    Branching, BuildError, ForceError, Item, OptionId, Outcome, Problem, Stats, Step, Uniqueness,
};

use crate::common::{check_cover, count_by_splitting_with, BRANCHINGS};

#[allow(dead_code)]
#[path = "../examples/queens.rs"]
mod queens;

#[allow(dead_code)]
#[path = "../examples/pentominoes.rs"]
mod pentominoes;

#[allow(dead_code)]
#[path = "../examples/langford.rs"]
mod langford;

/// Items a, b, c and the options {a, b}, {c}, {b, c}, {a}: two covers.
fn small() -> Problem {
    let mut p = Problem::new(3, 0);
    let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    for items in [vec![a, b], vec![c], vec![b, c], vec![a]] {
        p.add_option(items).unwrap();
    }
    p
}

/// Every solution, in search order.
fn all_solutions(p: &mut Problem) -> Vec<Vec<OptionId>> {
    p.solutions().collect()
}

fn ids(ids: &[usize]) -> Vec<OptionId> {
    ids.iter().map(|&i| OptionId::new(i)).collect()
}

// ---------------------------------------------------------------- building

#[test]
fn unknown_item_is_rejected_and_the_problem_is_unchanged() {
    let mut p = small();
    let before = all_solutions(&mut p);
    let err = p
        .add_option([Item::new(0), Item::new(3)])
        .expect_err("item 3 does not exist");
    assert_eq!(
        err,
        BuildError::UnknownItem {
            item: Item::new(3),
            items: 3
        }
    );
    assert!(err.to_string().contains("unknown item 3"), "{err}");
    assert_eq!(p.option_count(), 4);
    assert_eq!(all_solutions(&mut p), before);
    // The next option gets the next id, and item 0 was not linked to a
    // half-added option.
    assert_eq!(p.add_option([Item::new(1)]), Ok(OptionId::new(4)));
    assert_eq!(p.count(), 3);
}

#[test]
fn secondary_items_count_towards_the_item_range() {
    let mut p = Problem::new(2, 1);
    assert_eq!(p.secondary(0), Item::new(2));
    assert_eq!(
        p.add_option([Item::new(3)]),
        Err(BuildError::UnknownItem {
            item: Item::new(3),
            items: 3
        })
    );
    assert!(p.add_option([Item::new(2)]).is_ok());
}

#[test]
fn repeated_item_is_rejected_and_the_problem_is_unchanged() {
    let mut p = small();
    let before = all_solutions(&mut p);
    let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    let err = p.add_option([a, b, c, b]).expect_err("b twice");
    assert_eq!(err, BuildError::RepeatedItem { item: b });
    assert!(err.to_string().contains("item 1 appears twice"), "{err}");
    assert_eq!(p.option_count(), 4);
    assert_eq!(all_solutions(&mut p), before);
    // The same items once each are fine afterwards.
    assert_eq!(p.add_option([a, b, c]), Ok(OptionId::new(4)));
    assert_eq!(p.count(), 3);
}

#[test]
fn long_options_are_checked_and_solved_like_short_ones() {
    // Options longer than the short-option buffer take the stamped path:
    // the same errors, the same problem afterwards.
    let n = 20;
    let mut p = Problem::new(n, 0);
    let all: Vec<Item> = (0..n).map(|i| p.primary(i)).collect();
    let mut repeated = all[..12].to_vec();
    repeated.push(all[11]);
    assert_eq!(
        p.add_option(repeated),
        Err(BuildError::RepeatedItem { item: all[11] })
    );
    let mut unknown = all[..10].to_vec();
    unknown.push(Item::new(n));
    assert_eq!(
        p.add_option(unknown),
        Err(BuildError::UnknownItem {
            item: Item::new(n),
            items: n
        })
    );
    assert_eq!(p.option_count(), 0);
    // {0..12}, {12..20} and {0..20}: two exact covers.
    assert_eq!(p.add_option(all[..12].to_vec()), Ok(OptionId::new(0)));
    assert_eq!(p.add_option(all[12..].to_vec()), Ok(OptionId::new(1)));
    assert_eq!(p.add_option(all.clone()), Ok(OptionId::new(2)));
    assert_eq!(p.option_items(OptionId::new(2)).collect::<Vec<_>>(), all);
    assert_eq!(p.count(), 2);
}

#[test]
fn empty_option_is_rejected_and_the_problem_is_unchanged() {
    let mut p = small();
    let before = all_solutions(&mut p);
    assert_eq!(p.add_option([]), Err(BuildError::EmptyOption));
    assert_eq!(p.option_count(), 4);
    assert_eq!(all_solutions(&mut p), before);
}

#[test]
fn option_items_keep_their_order() {
    let mut p = Problem::new(3, 2);
    let items = [p.secondary(1), p.primary(2), p.primary(0)];
    let o = p.add_option(items).unwrap();
    assert_eq!(p.option_items(o).collect::<Vec<_>>(), items);
    assert!(p.is_primary(items[1]));
    assert!(!p.is_primary(items[0]));
    assert_eq!(
        (p.primary_count(), p.secondary_count(), p.item_count()),
        (3, 2, 5)
    );
}

#[test]
fn reset_reuses_a_problem_for_another_one() {
    let mut p = small();
    assert_eq!(p.count(), 2);

    p.reset(4, 1);
    assert_eq!(p.option_count(), 0);
    assert_eq!(
        (p.primary_count(), p.secondary_count(), p.item_count()),
        (4, 1, 5)
    );
    let options = |p: &Problem| {
        let it = |i| p.primary(i);
        vec![
            vec![it(0), it(1)],
            vec![it(2), it(3), p.secondary(0)],
            vec![it(0)],
            vec![it(1), it(2), it(3)],
            vec![it(1), p.secondary(0)],
            vec![it(2), it(3)],
        ]
    };
    for o in options(&p) {
        p.add_option(o).unwrap();
    }
    // Same problem built from scratch: same solutions in the same order, same
    // statistics.
    let mut fresh = Problem::new(4, 1);
    for o in options(&fresh) {
        fresh.add_option(o).unwrap();
    }
    let got = all_solutions(&mut p);
    assert_eq!(got, all_solutions(&mut fresh));
    assert_eq!(got.len(), 4);
    for s in &got {
        check_cover(&p, s);
    }
    assert_eq!(p.count_with_stats(), fresh.count_with_stats());

    // Reset to something smaller: old items are gone.
    p.reset(1, 0);
    assert!(matches!(
        p.add_option([Item::new(1)]),
        Err(BuildError::UnknownItem { items: 1, .. })
    ));
    assert_eq!(p.count(), 0, "one item and no option");
    p.add_option([Item::new(0)]).unwrap();
    assert_eq!(p.count(), 1);
}

// ------------------------------------------------------------- edge cases

#[test]
fn no_primary_items_means_one_empty_solution() {
    for secondary in [0, 2] {
        let mut p = Problem::new(0, secondary);
        if secondary > 0 {
            // An option of secondary items only is never chosen.
            p.add_option([p.secondary(0), p.secondary(1)]).unwrap();
        }
        assert_eq!(p.count(), 1);
        assert_eq!(all_solutions(&mut p), vec![Vec::<OptionId>::new()]);
        assert_eq!(p.first_solution(), Some(vec![]));
        assert_eq!(p.uniqueness(), Uniqueness::Unique(vec![]));
        let mut s = p.solver();
        assert_eq!(s.next_solution(), Step::Found);
        assert_eq!(s.solution_len(), 0);
        assert_eq!(s.next_solution(), Step::Exhausted);
        assert_eq!(s.next_solution(), Step::Exhausted, "stays exhausted");
    }
}

#[test]
fn a_primary_item_in_no_option_means_no_solution() {
    let mut p = Problem::new(3, 0);
    p.add_option([p.primary(0), p.primary(1)]).unwrap();
    p.add_option([p.primary(0)]).unwrap();
    p.add_option([p.primary(1)]).unwrap();
    assert_eq!(p.count(), 0);
    assert_eq!(p.first_solution(), None);
    assert_eq!(p.uniqueness(), Uniqueness::None);
    assert_eq!(p.solutions().count(), 0);
    // Item 2 has length 0, so the search stops at the root: one node, and the
    // one update DLX1 counts for covering and uncovering the empty item.
    assert_eq!(
        p.count_with_stats(),
        Stats {
            nodes: 1,
            updates: 1,
            solutions: 0,
            guesses: 0,
        }
    );
}

#[test]
fn no_options_at_all() {
    let mut p = Problem::new(2, 1);
    assert_eq!(p.count(), 0);
    assert_eq!(p.solutions().next(), None);
}

// -------------------------------------------------- solutions and the solver

#[test]
fn solutions_iterator_is_lazy_and_complete() {
    let mut p = small();
    let all = all_solutions(&mut p);
    assert_eq!(all.len(), 2);
    let sets: HashSet<Vec<OptionId>> = all
        .iter()
        .map(|s| {
            check_cover(&p, s);
            let mut s = s.clone();
            s.sort();
            s
        })
        .collect();
    assert_eq!(sets, HashSet::from([ids(&[0, 1]), ids(&[2, 3])]));

    // Taking only the first stops early; the next search starts afresh.
    assert_eq!(p.solutions().take(1).collect::<Vec<_>>(), all[..1]);
    assert_eq!(p.solutions().nth(1), Some(all[1].clone()));

    // The solver underneath reports its statistics after the iteration.
    let mut it = p.solutions();
    assert_eq!(it.by_ref().count(), 2);
    assert_eq!(it.next(), None);
    assert_eq!(it.solver().stats().solutions, 2);
}

#[test]
fn solutions_iterator_stops_at_the_node_limit() {
    let mut q = queens::Queens::new(6);
    let total = q.problem.count();
    assert_eq!(total, 4);
    let mut s = q.problem.solver();
    s.set_node_limit(Some(10));
    let mut it = s.into_solutions();
    let partial = it.by_ref().count();
    assert!(partial < 4);
    assert!(it.solver().stats().nodes >= 10);
}

#[test]
fn solution_len_counts_forced_and_chosen_options() {
    let mut p = small();
    let mut s = p.solver();
    assert_eq!(s.solution_len(), 0, "before the search");
    while s.next_solution().is_found() {
        assert_eq!(s.solution_len(), s.solution().count());
        assert_eq!(s.solution_len(), 2);
    }
    assert_eq!(s.solution_len(), 0, "after the last solution");
    assert_eq!(s.solution().count(), 0);
    drop(s);

    let mut s = p.solver();
    s.force(OptionId::new(1)).unwrap();
    assert_eq!(s.next_solution(), Step::Found);
    assert_eq!(s.solution_len(), 2);
    assert_eq!(s.solution().collect::<Vec<_>>(), ids(&[1, 0]));
}

#[test]
fn stats_follow_dlx1_counting() {
    // Items a, b; options {a, b}, {a}, {b}. By hand, following DLX1:
    // level 0: node 1, cover a (a unlinked, the b of {a, b} hidden: 2 updates);
    //   try {a, b}: cover b (1 update), nothing left: solution (node 2);
    //   try {a}: level 1: node 3, cover b (1 update); try {b}: solution
    //   (node 4). One guess: {a, b}, tried while {a} was left.
    let mut p = Problem::new(2, 0);
    let (a, b) = (p.primary(0), p.primary(1));
    p.add_option([a, b]).unwrap();
    p.add_option([a]).unwrap();
    p.add_option([b]).unwrap();
    let want = Stats {
        nodes: 4,
        updates: 4,
        solutions: 2,
        guesses: 1,
    };
    assert_eq!(p.count_with_stats(), want);

    let mut s = p.solver();
    assert_eq!(s.stats(), Stats::default(), "nothing done yet");
    assert_eq!(s.next_solution(), Step::Found);
    assert_eq!(s.solution().collect::<Vec<_>>(), ids(&[0]));
    assert_eq!(
        s.stats(),
        Stats {
            nodes: 2,
            updates: 3,
            solutions: 1,
            guesses: 1,
        }
    );
    assert_eq!(s.next_solution(), Step::Found);
    assert_eq!(s.solution().collect::<Vec<_>>(), ids(&[1, 2]));
    assert_eq!(s.next_solution(), Step::Exhausted);
    assert_eq!(s.stats(), want);
    drop(s);

    // Forcing {b} covers b (1 update) and hides the a of {a, b} (1 update).
    let mut s = p.solver();
    s.force(OptionId::new(2)).unwrap();
    assert_eq!(s.stats().updates, 2);
    assert_eq!(s.count(None).solutions, 1);
}

#[test]
fn count_limits_and_outcomes() {
    let mut q = queens::Queens::new(6);
    let mut s = q.problem.solver();
    let c = s.count(Some(3));
    assert_eq!((c.solutions, c.outcome), (3, Outcome::SolutionLimit));
    // The limit counts solutions of this solver in all: counting on finds
    // the last one.
    let c = s.count(None);
    assert_eq!((c.solutions, c.outcome), (4, Outcome::Complete));
    drop(s);

    let mut s = q.problem.solver();
    s.set_node_limit(Some(5));
    let c = s.count(None);
    assert_eq!(c.outcome, Outcome::NodeLimit);
    assert!(c.solutions < 4);
    s.set_node_limit(None);
    let c = s.count(None);
    assert_eq!((c.solutions, c.outcome), (4, Outcome::Complete));
    drop(s);

    assert_eq!(q.problem.count_up_to(0), 0);
    assert_eq!(q.problem.count_up_to(2), 2);
    assert_eq!(q.problem.count_up_to(100), 4);
}

#[test]
fn uniqueness_undecided_under_a_node_limit() {
    let mut q = queens::Queens::new(6);
    let mut s = q.problem.solver();
    s.set_node_limit(Some(0));
    assert_eq!(s.uniqueness(), Uniqueness::Undecided);
    assert_eq!(s.stats().nodes, 0);
    drop(s);
    assert_eq!(q.problem.uniqueness(), Uniqueness::Multiple);
}

// ----------------------------------------------------------------- forcing

#[test]
fn force_errors() {
    let mut p = small();
    let mut s = p.solver();
    assert_eq!(
        s.force(OptionId::new(4)),
        Err(ForceError::UnknownOption {
            option: OptionId::new(4)
        })
    );
    s.force(OptionId::new(0)).unwrap();
    // {b, c} shares b with {a, b}; {a} shares a.
    assert_eq!(
        s.force(OptionId::new(2)),
        Err(ForceError::Conflict {
            option: OptionId::new(2),
            item: Item::new(1)
        })
    );
    assert_eq!(
        s.force(OptionId::new(0)),
        Err(ForceError::Conflict {
            option: OptionId::new(0),
            item: Item::new(0)
        }),
        "forcing an option twice"
    );
    // The failed attempts changed nothing: {a, b} + {c} is the one solution.
    assert_eq!(s.uniqueness(), Uniqueness::Unique(ids(&[0, 1])));
    assert_eq!(s.force(OptionId::new(1)), Err(ForceError::SearchStarted));
    let e = ForceError::Conflict {
        option: OptionId::new(2),
        item: Item::new(1),
    };
    assert!(e.to_string().contains("option 2"), "{e}");
}

#[test]
fn forcing_every_primary_item_leaves_one_solution() {
    let mut p = small();
    let mut s = p.solver();
    s.force(OptionId::new(3)).unwrap();
    s.force(OptionId::new(2)).unwrap();
    assert_eq!(s.next_solution(), Step::Found);
    assert_eq!(s.solution().collect::<Vec<_>>(), ids(&[3, 2]));
    assert_eq!(s.next_solution(), Step::Exhausted);
    drop(s);
    assert_eq!(p.count(), 2, "forcing is undone when the solver is dropped");
}

#[test]
fn a_forced_option_of_secondary_items_is_part_of_the_solution() {
    // Primary a; secondary x. Options {a, x}, {a}, {x}.
    let mut p = Problem::new(1, 1);
    let (a, x) = (p.primary(0), p.secondary(0));
    p.add_option([a, x]).unwrap();
    p.add_option([a]).unwrap();
    let only_x = p.add_option([x]).unwrap();
    // Never chosen by the search...
    let mut all = all_solutions(&mut p);
    all.sort();
    assert_eq!(all, vec![ids(&[0]), ids(&[1])]);
    // ...but forcing it is allowed and excludes {a, x}.
    let mut s = p.solver();
    s.force(only_x).unwrap();
    assert_eq!(s.uniqueness(), Uniqueness::Unique(ids(&[2, 1])));
}

// --------------------------------------------------------------------- depth

#[test]
fn a_search_100_000_levels_deep_does_not_overflow_the_stack() {
    // Item i is covered by the option {i}; three decoys {j, j + 1} give
    // 2^3 solutions. The search chooses the items of length 1 first, so the
    // solution made of singletons only is 100_000 levels deep. This runs on
    // the test harness's thread (2 MiB stack): a recursive search would need
    // far more. DLX1 scans all active items at every level, so the search
    // costs about n^2 / 2 steps (some seconds).
    const N: usize = 100_000;
    let mut p = Problem::new(N, 0);
    for i in 0..N {
        p.add_option([p.primary(i)]).unwrap();
    }
    let decoys = [7, N / 2, N - 2];
    for j in decoys {
        p.add_option([p.primary(j), p.primary(j + 1)]).unwrap();
    }
    let mut s = p.solver();
    let mut seen = HashSet::new();
    let mut deepest = 0;
    while s.next_solution().is_found() {
        let mut solution: Vec<OptionId> = s.solution().collect();
        assert_eq!(solution.len(), s.solution_len());
        deepest = deepest.max(solution.len());
        solution.sort();
        assert!(seen.insert(solution), "a solution repeats");
    }
    let stats = s.stats();
    drop(s);
    assert_eq!(seen.len(), 1 << decoys.len());
    assert_eq!(stats.solutions, 1 << decoys.len());
    assert_eq!(deepest, N, "the all-singleton solution");
    for solution in &seen {
        check_cover(&p, solution);
    }
}

// ------------------------------------------------- the examples' known counts

/// Checks an N-queens solution by the rules: one queen per row and column,
/// at most one per diagonal.
fn check_queens(q: &queens::Queens, solution: &[OptionId]) {
    let squares: Vec<(usize, usize)> = solution.iter().map(|&o| q.square(o)).collect();
    assert_eq!(squares.len(), q.n);
    for (k, &(r1, c1)) in squares.iter().enumerate() {
        for &(r2, c2) in &squares[k + 1..] {
            assert!(r1 != r2 && c1 != c2, "{squares:?}");
            assert_ne!(r1.abs_diff(r2), c1.abs_diff(c2), "diagonal in {squares:?}");
        }
    }
}

fn queens_solutions(n: usize) -> usize {
    let mut q = queens::Queens::new(n);
    let all = all_solutions(&mut q.problem);
    let mut boards = HashSet::new();
    for s in &all {
        check_queens(&q, s);
        let mut squares: Vec<_> = s.iter().map(|&o| q.square(o)).collect();
        squares.sort();
        assert!(boards.insert(squares), "a board repeats");
    }
    assert_eq!(q.problem.count(), all.len() as u64);
    all.len()
}

#[test]
fn eight_queens_has_92_solutions() {
    assert_eq!(queens_solutions(8), 92);
}

#[test]
fn twelve_queens_has_14200_solutions() {
    assert_eq!(queens_solutions(12), 14_200);
}

/// A cell `(row, column)` of a shape, signed so that it can be reflected.
type Cell = (i32, i32);

/// The cells of a pentomino drawing such as `".#./###"`, read by the test
/// itself rather than by the example.
fn drawing_cells(drawing: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    for (r, row) in drawing.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.push((r as i32, c as i32));
            }
        }
    }
    cells
}

/// A name for a shape that is the same for all its rotations and
/// reflections: the smallest of its eight images (rows and columns swapped
/// or not, each negated or not), each moved to the origin.
fn congruence_class(cells: &[Cell]) -> Vec<Cell> {
    let mut images = Vec::new();
    for swap in [false, true] {
        for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let moved: Vec<Cell> = cells
                .iter()
                .map(|&(r, c)| if swap { (c, r) } else { (r, c) })
                .map(|(r, c)| (sr * r, sc * c))
                .collect();
            let r0 = moved.iter().map(|x| x.0).min().unwrap();
            let c0 = moved.iter().map(|x| x.1).min().unwrap();
            let mut image: Vec<Cell> = moved.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            image.sort();
            images.push(image);
        }
    }
    images.into_iter().min().unwrap()
}

/// Checks a packing by the rules: each piece once, each cell of the box
/// once, each piece placed as a rotation or reflection of its shape.
fn check_packing(b: &pentominoes::Pentominoes, solution: &[OptionId]) {
    let mut grid = vec![vec![None; b.cols]; b.rows];
    let mut pieces = HashSet::new();
    for &o in solution {
        let placement = &b.placements[o.index()];
        assert!(pieces.insert(placement.piece), "{} twice", placement.piece);
        let (_, drawing) = pentominoes::PIECES
            .iter()
            .find(|(name, _)| *name == placement.piece)
            .unwrap();
        let cells: Vec<Cell> = placement
            .cells
            .iter()
            .map(|&(r, c)| (r as i32, c as i32))
            .collect();
        assert_eq!(
            congruence_class(&cells),
            congruence_class(&drawing_cells(drawing)),
            "{placement:?} is not a {}",
            placement.piece
        );
        for &(r, c) in &placement.cells {
            assert!(grid[r][c].is_none(), "cell ({r}, {c}) covered twice");
            grid[r][c] = Some(placement.piece);
        }
    }
    assert_eq!(pieces.len(), 12);
    assert!(
        grid.iter().flatten().all(Option::is_some),
        "a cell is empty"
    );
}

/// Counts packings of a box, checking each one and that all are distinct.
fn packings(rows: usize, cols: usize, one_quadrant: bool) -> usize {
    let mut b = pentominoes::Pentominoes::new(rows, cols, one_quadrant);
    let all = all_solutions(&mut b.problem);
    let mut distinct = HashSet::new();
    for s in &all {
        check_packing(&b, s);
        assert!(distinct.insert(b.render(s)), "a packing repeats");
    }
    all.len()
}

#[test]
fn pentomino_orientations_and_placements() {
    // Rotations and reflections of each piece (a standard table).
    let expected = [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4];
    for ((name, drawing), want) in pentominoes::PIECES.iter().zip(expected) {
        let cells = drawing_cells(drawing)
            .into_iter()
            .map(|(r, c)| (r as usize, c as usize))
            .collect();
        let all = pentominoes::orientations(&cells);
        assert_eq!(all.len(), want, "{name}");
        for o in &all {
            let o: Vec<Cell> = o.iter().map(|&(r, c)| (r as i32, c as i32)).collect();
            assert_eq!(
                congruence_class(&o),
                congruence_class(&drawing_cells(drawing))
            );
        }
    }
    // Option counts of Knuth's pentomino files in tests/data/xc.
    for (rows, cols, quadrant, options) in [
        (6, 10, false, 2056),
        (6, 10, true, 2032),
        (5, 12, false, 1936),
        (4, 15, false, 1696),
        (3, 20, false, 1236),
    ] {
        let b = pentominoes::Pentominoes::new(rows, cols, quadrant);
        assert_eq!(b.problem.option_count(), options, "{rows}x{cols}");
        assert_eq!(b.problem.primary_count(), 72);
    }
}

#[test]
fn pentominoes_6x10_has_9356_packings() {
    assert_eq!(packings(6, 10, false), 9356);
}

#[test]
fn pentominoes_6x10_with_x_in_one_quadrant_has_2339_packings() {
    assert_eq!(packings(6, 10, true), 2339);
}

#[test]
fn pentominoes_3x20_has_8_packings() {
    assert_eq!(packings(3, 20, false), 8);
}

/// Counts Langford pairings, checking each by the rule and that the set of
/// solutions is closed under reversal.
fn langford_pairings(n: usize) -> usize {
    let mut l = langford::Langford::new(n);
    let all = all_solutions(&mut l.problem);
    let mut sequences = HashSet::new();
    for s in &all {
        let seq = l.sequence(s);
        assert_eq!(seq.len(), 2 * n);
        for k in 1..=n {
            let at: Vec<usize> = (0..2 * n).filter(|&i| seq[i] == k).collect();
            assert_eq!(at.len(), 2, "{k} in {seq:?}");
            assert_eq!(at[1] - at[0], k + 1, "{k} in {seq:?}");
        }
        assert!(sequences.insert(seq), "a pairing repeats");
    }
    for seq in &sequences {
        let reversed: Vec<usize> = seq.iter().rev().copied().collect();
        assert!(sequences.contains(&reversed), "{seq:?} reversed is missing");
    }
    all.len()
}

#[test]
fn langford_pairing_counts() {
    assert_eq!(langford_pairings(3), 2);
    assert_eq!(langford_pairings(4), 2);
    assert_eq!(langford_pairings(5), 0);
    assert_eq!(langford_pairings(7), 52);
    assert_eq!(langford_pairings(8), 300);
}

/// Numbers below `n`, for the random problems: SplitMix64 from `seed`.
fn below(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = seed;
    move |n: usize| {
        rng = rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A random problem whose options all have `k` items, with about
/// `per_item` nodes in each item's list. From 8 the lists are long enough
/// that the search finds an option's nodes by arithmetic; from 32 the early
/// rule covers an option's items shortest first. With `odd_one_out`, one
/// more option made of a fresh secondary item and nothing else breaks the
/// uniform length (so the search walks options to their spacers, DLX1's
/// way) without changing the search: that option is never chosen and its
/// item never covered.
fn problem_of_lists(seed: u64, k: usize, odd_one_out: bool, per_item: usize) -> Problem {
    let mut next = below(seed);
    let primary = 6 + next(7);
    let secondary = next(3);
    let items = primary + secondary;
    let mut p = Problem::new(primary, secondary + usize::from(odd_one_out));
    let options = per_item * items / k + 1;
    for _ in 0..options {
        let mut chosen: Vec<usize> = Vec::with_capacity(k);
        while chosen.len() < k {
            let i = next(items);
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        p.add_option(chosen.into_iter().map(Item::new)).unwrap();
    }
    if odd_one_out {
        p.add_option([Item::new(items)]).unwrap();
    }
    p
}

#[test]
fn options_of_one_length_are_searched_as_options_of_any_length() {
    let mut solved = 0;
    for seed in 0..120u64 {
        let k = 3 + (seed % 4) as usize;
        // Every other problem has long lists, where the early rule covers
        // an option's items shortest first.
        let per_item = if seed % 2 == 0 { 12 } else { 40 };
        let mut uniform = problem_of_lists(seed, k, false, per_item);
        let mut mixed = problem_of_lists(seed, k, true, per_item);
        for branching in BRANCHINGS {
            let run = |p: &mut Problem| {
                let mut s = p.solver();
                s.set_branching(branching);
                let mut solutions = Vec::new();
                while s.next_solution() == Step::Found {
                    solutions.push(s.solution().collect::<Vec<_>>());
                }
                (solutions, s.stats())
            };
            let (a, stats_a) = run(&mut uniform);
            let (b, stats_b) = run(&mut mixed);
            let what = format!("seed {seed}, k {k}, {branching:?}");
            assert_eq!(a, b, "{what}");
            assert_eq!(
                (stats_a.nodes, stats_a.updates, stats_a.solutions),
                (stats_b.nodes, stats_b.updates, stats_b.solutions),
                "{what}"
            );
            for s in &a {
                check_cover(&uniform, s);
            }
            solved += usize::from(!a.is_empty());
        }
    }
    // Not only dead ends: many of the problems have covers (188 of the 480
    // searches when written).
    assert!(solved >= 100, "only {solved} searches found a cover");
}

/// Changing the rule in the middle of a search once overran the
/// short-item stack of `Branching::ShortFirst` (found in review): covers
/// made under another rule push nothing and save no stack heights, so on
/// coming back the saved heights of an older path let the stack grow past
/// its room. Tests run with debug assertions, which check every push.
#[test]
fn the_rule_can_change_in_the_middle_of_a_search() {
    let m = 40;
    // Primary X, Z, Y and m more; secondary s and t.
    let (x, z, y) = (Item::new(0), Item::new(1), Item::new(2));
    let (s, t) = (Item::new(3 + m), Item::new(4 + m));
    let mut p = Problem::new(3 + m, 2);
    for option in [
        vec![x, s, t],
        vec![x],
        vec![z],
        vec![z, s],
        vec![y, t],
        vec![y],
    ] {
        p.add_option(option).unwrap();
    }
    for k in 0..m {
        p.add_option([Item::new(3 + k), s]).unwrap();
        p.add_option([Item::new(3 + k), s]).unwrap();
    }
    let total = p.count();
    let mut solver = p.solver();
    let mut found = 0;
    for (branching, limit) in [
        (Branching::ShortFirst, Some(3)),
        (Branching::MinLength, Some(4)),
        (Branching::ShortFirst, None),
    ] {
        solver.set_branching(branching);
        solver.set_node_limit(limit);
        loop {
            match solver.next_solution() {
                Step::Found => found += 1,
                Step::NodeLimit => break,
                Step::Exhausted => break,
                Step::Deadline | Step::Cancelled => panic!("no deadline or handle was set"),
            }
        }
    }
    assert_eq!(found, total);
    assert_eq!(solver.stats().solutions, total);
}

/// Under `Branching::Early` each level covers its option's items in an
/// order of its own (shortest first), which every undo must follow: the
/// search's, a change of rule in the middle of a search, a solver dropped
/// in the middle, and a copy of the problem taken there; and pieces split
/// off, and a parallel count, must still add up. Options of one length
/// (covers by arithmetic) and of any length (walks) both. The oracle is
/// the DLX1 rule (checked against brute force and Knuth's counts
/// elsewhere): brute force cannot enumerate problems with lists this long.
#[test]
fn early_orders_are_undone_after_rule_changes_drops_and_copies() {
    let rules = [
        Branching::Early,
        Branching::MinLength,
        Branching::Early,
        Branching::ShortFirst,
        Branching::Fast,
        Branching::First,
        Branching::ShortFirstDegree,
    ];
    for seed in 0..48u64 {
        let k = 3 + (seed % 4) as usize;
        for odd_one_out in [false, true] {
            // Lists long enough that the early rule sorts (see
            // `problem_of_lists`).
            let fresh = problem_of_lists(seed, k, odd_one_out, 40);
            let mut p = fresh.clone();
            // Solutions as sets of options (the rules choose in other orders).
            let options = |s: &dlx_core::Solver<'_>| {
                let mut options = s.solution().collect::<Vec<_>>();
                options.sort();
                options
            };
            let dlx1 = |p: &mut Problem| {
                let mut s = p.solver();
                let mut all = Vec::new();
                while s.next_solution() == Step::Found {
                    all.push(options(&s));
                }
                let stats = s.stats();
                (all, (stats.nodes, stats.updates))
            };
            let baseline = dlx1(&mut fresh.clone());
            let mut expected = baseline.0.clone();
            expected.sort();
            // Switch rules every few nodes until the search is done.
            let mut got = Vec::new();
            {
                let mut s = p.solver();
                'search: for &rule in rules.iter().cycle() {
                    s.set_branching(rule);
                    s.set_node_limit(Some(s.stats().nodes + 3));
                    loop {
                        match s.next_solution() {
                            Step::Found => got.push(options(&s)),
                            Step::NodeLimit => break,
                            _ => break 'search,
                        }
                    }
                }
            }
            got.sort();
            let what = format!("seed {seed}, k {k}, odd one out {odd_one_out}");
            assert_eq!(got, expected, "{what}");
            // Stop under the early rule at some depth, then drop the solver
            // or copy the problem: either must come back as built, which
            // DLX1's exact counts on it show.
            for stop_after in [1, 4, 9] {
                let copy = {
                    let mut s = p.solver();
                    s.set_branching(Branching::Early);
                    s.set_node_limit(Some(stop_after));
                    let _ = s.next_solution();
                    s.problem().clone()
                };
                assert_eq!(dlx1(&mut p), baseline, "{what}");
                let mut copy = copy;
                assert_eq!(dlx1(&mut copy), baseline, "{what}");
            }
            // Pieces split off along the way, and a parallel count.
            let total = expected.len() as u64;
            let split = count_by_splitting_with(&mut p, 4, Branching::Early);
            assert_eq!(split.solutions, total, "{what}");
            #[cfg(feature = "parallel")]
            {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(2)
                    .build()
                    .unwrap();
                let counted = pool.install(|| {
                    dlx_core::parallel::Counter::new()
                        .branching(Branching::Early)
                        .count(&mut p)
                });
                assert_eq!(counted.stats.solutions, total, "{what}");
            }
        }
    }
}

/// Random options of `K` items each over `primary` + `secondary` items
/// (some all secondary, which the search never chooses).
fn random_options<const K: usize>(seed: u64, primary: usize, secondary: usize) -> Vec<[Item; K]> {
    let mut next = below(seed);
    let items = primary + secondary;
    (0..3 * items)
        .map(|_| {
            let mut option = [Item::new(0); K];
            let mut len = 0;
            while len < K {
                let i = Item::new(next(items));
                if !option[..len].contains(&i) {
                    option[len] = i;
                    len += 1;
                }
            }
            option
        })
        .collect()
}

/// Searches `p` under `branching`: its solutions and statistics.
fn search(p: &mut Problem, branching: Branching) -> (Vec<Vec<OptionId>>, Stats) {
    let mut s = p.solver();
    s.set_branching(branching);
    let mut solutions = Vec::new();
    while s.next_solution() == Step::Found {
        solutions.push(s.solution().collect());
    }
    (solutions, s.stats())
}

fn bulk_matches_one_by_one<const K: usize>(seed: u64) -> usize {
    let (primary, secondary) = (K + 3 + (seed % 5) as usize, (seed % 3) as usize);
    let options = random_options::<K>(seed, primary, secondary);
    let mut one = Problem::new(primary, secondary);
    for o in &options {
        one.add_option(*o).unwrap();
    }
    // In bulk, in two calls, after one option added alone.
    let mut bulk = Problem::new(primary, secondary);
    let split = 1 + options.len() / 3;
    bulk.add_option(options[0]).unwrap();
    assert_eq!(bulk.add_options(&options[1..split]), Ok(OptionId::new(1)));
    assert_eq!(
        bulk.add_options(&options[split..]),
        Ok(OptionId::new(split))
    );
    assert_eq!(bulk.add_options::<K>(&[]), Ok(OptionId::new(options.len())));
    assert_eq!(bulk.option_count(), one.option_count());
    let mut found = 0;
    for (i, o) in options.iter().enumerate() {
        assert_eq!(bulk.option_items(OptionId::new(i)).collect::<Vec<_>>(), o);
    }
    for branching in BRANCHINGS {
        let (a, stats_a) = search(&mut one, branching);
        let (b, stats_b) = search(&mut bulk, branching);
        assert_eq!(a, b, "seed {seed}, K {K}, {branching:?}");
        assert_eq!(stats_a, stats_b, "seed {seed}, K {K}, {branching:?}");
        for s in &b {
            check_cover(&bulk, s);
        }
        found += a.len();
    }
    found
}

#[test]
fn options_added_in_bulk_are_the_options_added_one_by_one() {
    let mut found = 0;
    for seed in 0..60 {
        found += bulk_matches_one_by_one::<1>(seed);
        found += bulk_matches_one_by_one::<2>(seed);
        found += bulk_matches_one_by_one::<3>(seed);
        found += bulk_matches_one_by_one::<4>(seed);
    }
    assert!(found > 1000, "only {found} solutions");
}

#[test]
fn a_bad_option_in_bulk_adds_nothing() {
    let mut p = small();
    let before = all_solutions(&mut p);
    let [a, b, c] = [p.primary(0), p.primary(1), p.primary(2)];
    assert_eq!(
        p.add_options(&[[a, b], [c, Item::new(3)]]),
        Err(BuildError::UnknownItem {
            item: Item::new(3),
            items: 3
        })
    );
    assert_eq!(
        p.add_options(&[[a, c], [b, b]]),
        Err(BuildError::RepeatedItem { item: b })
    );
    assert_eq!(p.add_options::<0>(&[[]]), Err(BuildError::EmptyOption));
    assert_eq!(p.option_count(), 4);
    assert_eq!(all_solutions(&mut p), before);
    assert_eq!(p.add_options(&[[a, b, c]]), Ok(OptionId::new(4)));
    assert_eq!(p.count(), 3);
}

/// Long options in bulk (found in review): the first version converted
/// them in a buffer of 64 options on the stack, 256 bytes per item, which
/// overflowed a thread's stack for options of thousands of items; and it
/// checked repeats by comparing every pair of items.
#[test]
fn long_options_in_bulk_need_no_stack_and_are_checked() {
    const K: usize = 4096;
    let run = || {
        let mut p = Problem::new(K, 1);
        let mut options = vec![[Item::new(0); K]; 2];
        for (j, it) in options[0].iter_mut().enumerate() {
            *it = Item::new(j);
        }
        for (j, it) in options[1].iter_mut().enumerate() {
            *it = Item::new(if j == 0 { K } else { j });
        }
        assert_eq!(p.add_options(&options), Ok(OptionId::new(0)));
        assert_eq!(p.count(), 1);
        options[1][K - 1] = Item::new(7);
        assert_eq!(
            p.add_options(&options[1..]),
            Err(BuildError::RepeatedItem { item: Item::new(7) })
        );
        assert_eq!(p.option_count(), 2);
    };
    // Far less than the old buffer's 1 MiB.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

/// A copy of a problem taken through a live solver (`Solver::problem`)
/// holds links the search has covered; it undoes them before its first
/// use, wherever the search stood.
#[test]
fn a_problem_copied_during_a_search_counts_all_its_solutions() {
    let mut p = Problem::new(4, 0);
    let it = |i| Item::new(i);
    for o in [[0, 1], [2, 3], [1, 2], [0, 3]] {
        p.add_option(o.map(it)).unwrap();
    }
    assert_eq!(p.count(), 2);
    for branching in BRANCHINGS {
        let mut s = p.solver();
        s.set_branching(branching);
        s.set_node_limit(Some(1));
        assert_eq!(s.next_solution(), Step::NodeLimit);
        assert_eq!(
            s.problem().clone().count(),
            2,
            "{branching:?} at the node limit"
        );
        s.set_node_limit(None);
        assert_eq!(s.next_solution(), Step::Found);
        assert_eq!(
            s.problem().clone().count(),
            2,
            "{branching:?} after a solution"
        );
        drop(s);
        let mut forced = p.solver();
        forced.force(OptionId::new(0)).unwrap();
        assert_eq!(
            forced.problem().clone().count(),
            2,
            "{branching:?} after a force"
        );
    }
}

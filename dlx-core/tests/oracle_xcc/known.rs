//! Problems whose solutions are known by hand or by a formula: colored
//! uses of an item, forced options, bounds of zero, line sums, k-queens,
//! Latin and word squares, typed build errors.

use super::*;

/// Builds a problem with `primary` and `secondary` items, the given bounds
/// (item index, lo, hi) and options (entries as `(item, color)`), as a model
/// and as the engine's problem.
fn build(
    primary: usize,
    secondary: usize,
    bounds: &[(usize, u32, u32)],
    options: &[&[Entry]],
) -> (Model, Problem) {
    let mut m = Model::new(primary, secondary);
    m.bounded = !bounds.is_empty();
    for &(i, lo, hi) in bounds {
        m.bounds[i] = (lo, hi);
    }
    m.options = options.iter().map(|o| o.to_vec()).collect();
    let p = m.problem();
    (m, p)
}

/// The solutions of `p` as sorted lists of option indices, sorted.
fn sorted_solutions(p: &mut Problem) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = p
        .solutions()
        .map(|s| {
            let mut s: Vec<usize> = s.iter().map(|o| o.index()).collect();
            s.sort();
            s
        })
        .collect();
    all.sort();
    all
}

#[test]
fn colored_uses_of_a_secondary_item_must_agree() {
    // Primary A B C, secondary X (item 3); colors a = 0, b = 1.
    let a = Some(0);
    let b = Some(1);
    // Three options give X the same color: one solution, all three.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(1, None), (3, a)],
            &[(2, None), (3, a)],
        ],
    );
    assert_eq!(p.kind(), Kind::Colors);
    assert_eq!(sorted_solutions(&mut p), [[0, 1, 2]]);
    check_against_oracle(&m, &mut p);
    // The third gives another color: no solution.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(1, None), (3, a)],
            &[(2, None), (3, b)],
        ],
    );
    assert_eq!(p.count(), 0);
    check_against_oracle(&m, &mut p);
    // The third names X without a color: it excludes the others.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(1, None), (3, a)],
            &[(2, None), (3, None)],
        ],
    );
    assert_eq!(p.count(), 0);
    check_against_oracle(&m, &mut p);
    // Each primary item has an option with X:a and one with X:b, and C also
    // one without X: {A:a, B:a, C:a}, {A:a, B:a, C}, {A:b, B:b, C:b},
    // {A:b, B:b, C} = 4.
    let (m, mut p) = build(
        3,
        1,
        &[],
        &[
            &[(0, None), (3, a)],
            &[(0, None), (3, b)],
            &[(3, a), (1, None)],
            &[(3, b), (1, None)],
            &[(2, None), (3, a)],
            &[(2, None), (3, b)],
            &[(2, None)],
        ],
    );
    assert_eq!(p.count(), 4);
    check_against_oracle(&m, &mut p);
}

#[test]
fn options_without_a_primary_item_are_chosen_only_when_forced() {
    // Primary A; secondary X (item 1). Options {A} (0), {X:a} (1), {A, X:a}
    // (2), {X} (3). By the rules alone {A} + {X:a}, {A} + {X} and
    // {A, X:a} + {X:a} would be solutions too; the search never chooses an
    // option without a primary item, so the count is 2: {A}, {A, X:a}.
    let (m, mut p) = build(
        1,
        1,
        &[],
        &[
            &[(0, None)],
            &[(1, Some(0))],
            &[(0, None), (1, Some(0))],
            &[(1, None)],
        ],
    );
    assert_eq!(sorted_solutions(&mut p), [vec![0], vec![2]]);
    check_against_oracle(&m, &mut p);
    // Forced, {X:a} may join either: {X:a, A}, {X:a, A + X:a}.
    let mut s = p.solver();
    s.force(OptionId::new(1)).unwrap();
    assert_eq!(
        rest(&mut s),
        [
            vec![OptionId::new(1), OptionId::new(0)],
            vec![OptionId::new(1), OptionId::new(2)]
        ]
    );
    drop(s);
    assert_eq!(m.solutions(0b0010), HashSet::from([0b0011, 0b0110]));
    // Forced {X} excludes {A, X:a} and {X:a}.
    let mut s = p.solver();
    s.force(OptionId::new(3)).unwrap();
    assert_eq!(
        s.force(OptionId::new(1)),
        Err(ForceError::Conflict {
            option: OptionId::new(1),
            item: Item::new(1)
        })
    );
    assert_eq!(rest(&mut s), [vec![OptionId::new(3), OptionId::new(0)]]);
    drop(s);

    // Under bounds (A 0:2) likewise: {}, {A}, {A, X:a}, {A} + {A, X:a} = 4.
    let (m, mut p) = build(
        1,
        1,
        &[(0, 0, 2)],
        &[
            &[(0, None)],
            &[(1, Some(0))],
            &[(0, None), (1, Some(0))],
            &[(1, None)],
        ],
    );
    assert_eq!(p.kind(), Kind::Multiplicities);
    assert_eq!(
        sorted_solutions(&mut p),
        [vec![], vec![0], vec![0, 2], vec![2]]
    );
    check_against_oracle(&m, &mut p);
}

#[test]
fn a_solution_is_a_set_of_options() {
    // One primary item A with bounds lo..=hi and five identical options
    // {A}: the solutions are the sets of lo to hi of them, so the count is
    // C(5, lo) + ... + C(5, hi) (never the 5^k sequences or multisets).
    let binomial = [1, 5, 10, 10, 5, 1];
    for lo in 0..=3u32 {
        for hi in lo.max(1)..=3 {
            let (m, mut p) = build(1, 0, &[(0, lo, hi)], &[&[(0, None)][..]; 5]);
            let expected: u64 = binomial[lo as usize..=hi as usize].iter().sum();
            assert_eq!(p.count(), expected, "{lo}:{hi}");
            check_against_oracle(&m, &mut p);
        }
    }
    // Bounds 2:2 on A and two options {A}: the one solution is both.
    let (_, mut p) = build(1, 0, &[(0, 2, 2)], &[&[(0, None)], &[(0, None)]]);
    assert_eq!(sorted_solutions(&mut p), [[0, 1]]);
}

#[test]
fn lower_bounds_of_zero_admit_the_empty_set() {
    // No options: the empty set is a solution when every lower bound is 0.
    let (_, mut p) = build(2, 1, &[(0, 0, 1), (1, 0, 3)], &[]);
    assert_eq!(p.solutions().collect::<Vec<_>>(), [Vec::<OptionId>::new()]);
    assert_eq!(p.uniqueness(), Uniqueness::Unique(vec![]));
    let (_, mut p) = build(2, 1, &[(0, 0, 1), (1, 1, 3)], &[]);
    assert_eq!(p.count(), 0);
    // No primary items at all: the empty set, and never the option {X}.
    let (m, mut p) = build(0, 1, &[], &[&[(0, Some(0))]]);
    assert_eq!(p.count(), 1);
    check_against_oracle(&m, &mut p);
    // A 0:1 and B 0:1, options {A, X:a}, {B, X:b}, {A, B}: {}, {A X:a},
    // {B X:b}, {A B} (the first two clash on X) = 4.
    let (m, mut p) = build(
        2,
        1,
        &[(0, 0, 1), (1, 0, 1)],
        &[
            &[(0, None), (2, Some(0))],
            &[(1, None), (2, Some(1))],
            &[(0, None), (1, None)],
        ],
    );
    assert_eq!(p.count(), 4);
    check_against_oracle(&m, &mut p);
}

/// The 0-1 matrices of order `n` with every row and column sum `k`, as an
/// MCC problem: rows and columns primary with bounds `k:k`, an option per
/// cell.
fn line_sums(n: usize, k: u32) -> Problem {
    let mut p = Problem::new(2 * n, 0);
    for i in 0..2 * n {
        p.set_bounds(p.primary(i), k, k).unwrap();
    }
    for r in 0..n {
        for c in 0..n {
            p.add_option([p.primary(r), p.primary(n + c)]).unwrap();
        }
    }
    p
}

#[test]
fn zero_one_matrices_with_two_ones_per_line() {
    // n = 3: the complements of the 3! permutation matrices, 6. n = 4: 90,
    // n = 5: 2040 (OEIS A001499, 1, 0, 1, 6, 90, 2040).
    for (n, expected) in [(2, 1), (3, 6), (4, 90), (5, 2040)] {
        let mut p = line_sums(n, 2);
        assert_eq!(p.kind(), Kind::Multiplicities);
        assert_eq!(p.count(), expected, "n = {n}");
        // Every solution has 2n ones and is a different matrix.
        let all: Vec<Vec<OptionId>> = p.solutions().collect();
        let sets: HashSet<Vec<OptionId>> = all
            .iter()
            .map(|s| {
                assert_eq!(s.len(), 2 * n);
                let mut s = s.clone();
                s.sort();
                s
            })
            .collect();
        assert_eq!(sets.len() as u64, expected);
    }
    // k = 1 is the permutation matrices: n!.
    assert_eq!(line_sums(5, 1).count(), 120);
    // k = n: the all-ones matrix.
    assert_eq!(line_sums(4, 4).count(), 1);
}

/// Queens on an `n`×`n` board with `lo..=hi` queens in every row and
/// column; the diagonals are secondary (at most one queen) when `diagonal`
/// is `None`, else primary with bounds `0..=d`.
fn kqueens(n: usize, lo: u32, hi: u32, diagonal: Option<u32>) -> Problem {
    let d = 2 * n - 1;
    let mut p = match diagonal {
        None => Problem::new(2 * n, 2 * d),
        Some(_) => Problem::new(2 * n + 2 * d, 0),
    };
    for i in 0..2 * n {
        p.set_bounds(p.primary(i), lo, hi).unwrap();
    }
    if let Some(k) = diagonal {
        for i in 2 * n..2 * n + 2 * d {
            p.set_bounds(p.primary(i), 0, k).unwrap();
        }
    }
    for r in 0..n {
        for c in 0..n {
            let a = Item::new(2 * n + r + c);
            let b = Item::new(2 * n + d + (n - 1 - r + c));
            p.add_option([p.primary(r), p.primary(n + c), a, b])
                .unwrap();
        }
    }
    p
}

#[test]
fn several_queens_per_line() {
    // Exactly 2 per row and column with at most one per diagonal is
    // impossible: 2n queens on distinct diagonals of one direction, of which
    // there are only 2n - 1.
    for n in 2..=6 {
        assert_eq!(kqueens(n, 2, 2, None).count(), 0, "n = {n}");
        assert_eq!(kqueens(n, 2, 2, Some(1)).count(), 0, "n = {n}");
    }
    // Exactly 1 per row and column: the n-queens counts.
    for (n, expected) in [(4, 2), (5, 10), (6, 4), (8, 92)] {
        assert_eq!(kqueens(n, 1, 1, None).count(), expected, "n = {n}");
        assert_eq!(kqueens(n, 1, 1, Some(1)).count(), expected, "n = {n}");
    }
    // Counts of Knuth's DLX3 (`/work/shared/data/xcc/COUNTS.txt`, files
    // kq_n6_12_sec, kq_n6_12_d1, kq_n6_2_d2, kq_n8_12_sec).
    assert_eq!(kqueens(6, 1, 2, None).count(), 128);
    assert_eq!(kqueens(6, 1, 2, Some(1)).count(), 128);
    assert_eq!(kqueens(6, 2, 2, Some(2)).count(), 1097);
    assert_eq!(kqueens(8, 1, 2, None).count(), 3432);
}

#[test]
fn small_kqueens_match_the_oracle() {
    // 3×3 and 4×4 boards (9 and 16 options): the oracle tries all subsets.
    for (n, lo, hi, diagonal) in [
        (3, 1, 2, None),
        (3, 0, 2, Some(1)),
        (4, 1, 2, None),
        (4, 0, 2, Some(2)),
        (4, 1, 3, Some(1)),
    ] {
        let d = 2 * n - 1;
        let mut m = match diagonal {
            None => Model::new(2 * n, 2 * d),
            Some(_) => Model::new(2 * n + 2 * d, 0),
        };
        m.bounded = true;
        for i in 0..2 * n {
            m.bounds[i] = (lo, hi);
        }
        if let Some(k) = diagonal {
            for i in 2 * n..2 * n + 2 * d {
                m.bounds[i] = (0, k);
            }
        }
        for r in 0..n {
            for c in 0..n {
                m.options.push(vec![
                    (r, None),
                    (n + c, None),
                    (2 * n + r + c, None),
                    (2 * n + d + (n - 1 - r + c), None),
                ]);
            }
        }
        let mut p = kqueens(n, lo, hi, diagonal);
        m.assert_built(&p);
        check_against_oracle(&m, &mut p);
    }
}

/// Latin squares of order `n` as an XCC problem: a primary item per cell,
/// and secondary items (row, symbol) colored by the column and (column,
/// symbol) colored by the row, so a symbol occurs once per row and column.
fn latin(n: usize) -> Problem {
    let mut p = Problem::new(n * n, 2 * n * n);
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                let entries = [
                    (p.primary(i * n + j), None),
                    (p.secondary(i * n + k), Some(Color::new(j))),
                    (p.secondary(n * n + j * n + k), Some(Color::new(i))),
                ];
                p.add_colored_option(entries).unwrap();
            }
        }
    }
    p
}

#[test]
fn latin_squares_by_colors() {
    // The numbers of Latin squares of orders 1 to 4 (OEIS A002860).
    for (n, expected) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        let mut p = latin(n);
        assert_eq!(p.kind(), Kind::Colors);
        assert_eq!(p.count(), expected, "n = {n}");
    }
    // Parts of the tree and the rest of a split search add up too.
    let mut p = latin(4);
    let total: u64 = p
        .parts(2)
        .iter()
        .map(|part| {
            let mut s = p.solver();
            part.iter().for_each(|&o| s.force(o).unwrap());
            s.count(None).solutions
        })
        .sum();
    assert_eq!(total, 576);
    assert_eq!(count_by_splitting(&mut p, 20).solutions, 576);
}

/// Word squares of size 2 over an alphabet of `k` letters, every word
/// allowed: a primary item per row and column slot, a secondary item per
/// cell colored by its letter, an option per slot and word; with `distinct`,
/// also an uncolored secondary item per word, so no word is used twice.
fn word_squares(k: usize, distinct: bool) -> Problem {
    let words = k * k;
    let mut p = Problem::new(4, 4 + if distinct { words } else { 0 });
    // Slots 0, 1: rows; 2, 3: columns. Cell (i, j) is secondary 2i + j.
    for slot in 0..4 {
        for w in 0..words {
            let letters = [w / k, w % k];
            let cells = if slot < 2 {
                [2 * slot, 2 * slot + 1]
            } else {
                [slot - 2, 2 + slot - 2]
            };
            let mut entries = vec![(p.primary(slot), None)];
            for (cell, letter) in cells.into_iter().zip(letters) {
                entries.push((p.secondary(cell), Some(Color::new(letter))));
            }
            if distinct {
                entries.push((p.secondary(4 + w), None));
            }
            p.add_colored_option(entries).unwrap();
        }
    }
    p
}

#[test]
fn word_squares_by_colors() {
    for k in 1..=3usize {
        // Every filling of the 4 cells is one solution: k^4.
        assert_eq!(word_squares(k, false).count(), (k as u64).pow(4), "k = {k}");
        // With distinct words: the fillings whose two rows and two columns
        // are four different words, counted directly.
        let mut expected = 0;
        for cells in 0..k.pow(4) {
            let x = |i: usize| cells / k.pow(i as u32) % k;
            let words = HashSet::from([(x(0), x(1)), (x(2), x(3)), (x(0), x(2)), (x(1), x(3))]);
            expected += u64::from(words.len() == 4);
        }
        assert_eq!(word_squares(k, true).count(), expected, "k = {k}, distinct");
    }
}

#[test]
fn build_errors_are_typed_and_change_nothing() {
    // Primary A B (0, 1), secondary X Y (2, 3).
    let (m, mut p) = build(
        2,
        2,
        &[(1, 0, 2)],
        &[&[(0, None), (2, Some(0))], &[(1, None), (3, None)]],
    );
    let (a, b, x, y) = (Item::new(0), Item::new(1), Item::new(2), Item::new(3));
    let c = |k: usize| Some(Color::new(k));
    let count = p.count();
    let errors = [
        (
            p.add_colored_option([(x, None), (a, c(0))]).map(drop),
            BuildError::ColorOnPrimary { item: a },
        ),
        (
            p.add_colored_option([(x, c(1)), (x, c(1))]).map(drop),
            BuildError::RepeatedItem { item: x },
        ),
        (
            p.add_colored_option([(a, None), (y, c(0)), (y, c(1))])
                .map(drop),
            BuildError::RepeatedItem { item: y },
        ),
        (
            // B has upper bound 2, and still may not be repeated.
            p.add_colored_option([(b, None), (b, None)]).map(drop),
            BuildError::RepeatedItem { item: b },
        ),
        (
            p.add_colored_option([(a, None), (Item::new(4), c(0))])
                .map(drop),
            BuildError::UnknownItem {
                item: Item::new(4),
                items: 4,
            },
        ),
        (
            p.add_colored_option(std::iter::empty()).map(drop),
            BuildError::EmptyOption,
        ),
        (
            p.set_bounds(x, 0, 1),
            BuildError::BoundsOnSecondary { item: x },
        ),
        (
            p.set_bounds(a, 3, 2),
            BuildError::LowerAboveUpper {
                item: a,
                lo: 3,
                hi: 2,
            },
        ),
        (
            p.set_bounds(b, 0, 0),
            BuildError::ZeroUpperBound { item: b },
        ),
        (
            p.set_bounds(Item::new(9), 1, 1),
            BuildError::UnknownItem {
                item: Item::new(9),
                items: 4,
            },
        ),
    ];
    for (result, expected) in errors {
        assert_eq!(result, Err(expected));
    }
    // An upper bound of 0 with a lower bound above it is an error either way.
    assert!(matches!(
        p.set_bounds(a, 2, 0),
        Err(BuildError::ZeroUpperBound { .. } | BuildError::LowerAboveUpper { .. })
    ));
    m.assert_built(&p);
    assert_eq!(p.count(), count);
    check_against_oracle(&m, &mut p);

    // Options of more than 8 entries take another path: the same errors.
    let mut p = Problem::new(5, 6);
    let long: Vec<(Item, Option<Color>)> = (0..11)
        .map(|i| (Item::new(i), (i >= 5).then(|| Color::new(i % 2))))
        .collect();
    let with =
        |extra: (Item, Option<Color>)| long.iter().copied().chain([extra]).collect::<Vec<_>>();
    assert_eq!(
        p.add_colored_option(with((Item::new(7), c(1)))),
        Err(BuildError::RepeatedItem { item: Item::new(7) })
    );
    assert_eq!(
        p.add_colored_option(with((Item::new(2), c(0)))),
        Err(BuildError::ColorOnPrimary { item: Item::new(2) })
    );
    assert_eq!(
        p.add_colored_option(with((Item::new(11), c(0)))),
        Err(BuildError::UnknownItem {
            item: Item::new(11),
            items: 11
        })
    );
    assert_eq!(p.option_count(), 0);
    assert_eq!(p.kind(), Kind::Exact);
    let id = p.add_colored_option(long.iter().copied()).unwrap();
    assert_eq!(
        p.option_colors(id).collect::<Vec<_>>(),
        long.iter().map(|e| e.1).collect::<Vec<_>>()
    );
    assert_eq!(p.kind(), Kind::Colors);
    assert_eq!(p.count(), 1);
}

#[test]
fn explicit_bounds_of_one_take_the_bounded_search() {
    // Setting 1:1 (as a DLX3 file may write `1|A`) makes the problem
    // bounded: Algorithm M searches it, and finds what the plain search
    // finds. Primary A B, secondary X; options {A X}, {B}, {A}, {B X}:
    // {A X} + {B} and {A} + {B X} and {A} + {B} = 3.
    let options = |p: &mut Problem| {
        let (a, b, x) = (p.primary(0), p.primary(1), p.secondary(0));
        for o in [&[a, x][..], &[b], &[a], &[b, x]] {
            p.add_option(o.iter().copied()).unwrap();
        }
    };
    let mut plain = Problem::new(2, 1);
    options(&mut plain);
    assert_eq!(plain.kind(), Kind::Exact);
    let mut bounded = Problem::new(2, 1);
    bounded.set_bounds(bounded.primary(1), 1, 1).unwrap();
    options(&mut bounded);
    assert_eq!(bounded.kind(), Kind::Multiplicities);
    assert_eq!(bounded.bounds(bounded.primary(1)), Some((1, 1)));
    assert_eq!(bounded.bounds(bounded.secondary(0)), None);
    assert_eq!(sorted_solutions(&mut bounded), sorted_solutions(&mut plain));
    assert_eq!(bounded.count(), 3);
    // A failed call sets nothing.
    let mut p = Problem::new(2, 1);
    options(&mut p);
    assert!(p.set_bounds(p.primary(0), 2, 1).is_err());
    assert!(p.set_bounds(p.secondary(0), 1, 1).is_err());
    assert_eq!(p.kind(), Kind::Exact);
    // Bounds 0:1 on B admit {A X} and {A} alone as well: 5.
    p.set_bounds(p.primary(1), 0, 1).unwrap();
    assert_eq!(p.kind(), Kind::Multiplicities);
    assert_eq!(p.count(), 5);
}

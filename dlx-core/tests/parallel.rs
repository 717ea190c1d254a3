//! Splitting the search tree into parts, and counting on several threads:
//! both must give the sequential count on every `xc` file.

use dlx_core::split::Branch;
use dlx_core::{text, Step};

use crate::common::{count_by_splitting, data_path};

fn load(name: &str) -> text::DlxFile {
    let bytes = std::fs::read(data_path(&format!("xc/{name}"))).unwrap();
    text::parse(&bytes).unwrap()
}

/// Files small enough to count many times over.
const FILES: &[&str] = &[
    "queens8.dlx",
    "queens10.dlx",
    "langford7.dlx",
    "langford8.dlx",
    "dom6x6.dlx",
    "dom6x6_mut.dlx",
    "pent3x20.dlx",
    "sudoku_multi30.dlx",
    "sudoku_unsolvable.dlx",
    "xc_wikipedia.dlx",
    "xc_secondary.dlx",
    "xc_format.dlx",
    "xc_secondary_only_option.dlx",
    "xc_odd_cycle.dlx",
    "xc_no_option_item.dlx",
    "xc_no_options.dlx",
];

#[test]
fn parts_partition_the_solutions() {
    for name in FILES {
        let mut f = load(name);
        let expected = f.problem.count();
        for depth in [0, 1, 2, 4] {
            let parts = f.problem.parts(depth);
            let mut total = 0;
            for part in &parts {
                assert!(part.len() <= depth, "{name}: part deeper than the cut");
                let mut s = f.problem.solver();
                for &o in part {
                    s.force(o).unwrap();
                }
                total += s.count(None).solutions;
            }
            assert_eq!(total, expected, "{name} at depth {depth}");
        }
        // The problem is intact after all that.
        assert_eq!(f.problem.count(), expected, "{name} afterwards");
    }
}

#[test]
fn split_off_parts_and_the_rest_partition_the_solutions() {
    for name in FILES {
        let mut f = load(name);
        let expected = f.problem.count_with_stats();
        for slice in [1, 2, 7, 100] {
            let split = count_by_splitting(&mut f.problem, slice);
            assert_eq!(
                split.solutions, expected.solutions,
                "{name}, slices of {slice}"
            );
            assert_eq!(split.nodes, expected.nodes, "{name}, slices of {slice}");
            assert!(
                (split.shares - 1.0).abs() < 1e-9,
                "{name}: shares {}",
                split.shares
            );
        }
        assert_eq!(f.problem.count(), expected.solutions, "{name} afterwards");
    }
}

#[test]
fn split_off_before_the_search_and_after_a_solution() {
    let mut f = load("queens8.dlx");
    let mut s = f.problem.solver();
    assert!(
        s.split_off().parts.is_empty(),
        "nothing started, nothing to give"
    );
    assert_eq!(s.next_solution(), Step::Found);
    let first: Vec<_> = s.solution().collect();
    let before = s.stats();
    let split = s.split_off();
    // The first row's square was a guess when it was tried; the squares
    // given away will be forced, not guessed.
    assert_eq!(s.stats(), before, "a split changes no statistic");
    let parts = split.parts;
    // The first row tried has 8 squares: the other 7 are given away, each
    // an eighth of the tree.
    assert_eq!(parts.len(), 7);
    assert_eq!(split.share, 1.0 / 8.0);
    assert!(parts.iter().all(|p| p.len() == 1 && p[0] != first[0]));
    let rest = s.count(None).solutions;
    drop(s);
    let mut total = rest;
    for part in &parts {
        let mut s = f.problem.solver();
        s.force(part[0]).unwrap();
        total += s.count(None).solutions;
    }
    assert_eq!(total, 92);
}

#[test]
fn branch_names_the_item_dlx1_chooses_first() {
    // queens8: the first item of minimum length is r4 (the organ-pipe
    // order puts the middle rows first); all 8 of its squares are options.
    let mut f = load("queens8.dlx");
    let s = f.problem.solver();
    match s.branch() {
        Branch::On(item, options) => {
            assert_eq!(f.item_names[item.index()], "r4");
            assert_eq!(options.len(), 8);
            drop(s);
            for o in options {
                assert!(f.option_text(o).starts_with("r4 "));
            }
        }
        other => panic!("{other:?}"),
    }
    let mut f = load("xc_no_option_item.dlx");
    assert!(matches!(f.problem.solver().branch(), Branch::DeadEnd(_)));
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_count_equals_the_sequential_count() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    for name in FILES
        .iter()
        .chain(&["langford11.dlx", "queens12.dlx", "pent4x15.dlx"])
    {
        let mut f = load(name);
        let expected = f.problem.count_with_stats();
        let stats = pool.install(|| dlx_core::parallel::count(&mut f.problem));
        assert_eq!(stats.solutions, expected.solutions, "{name}");
        // Work is shared, never repeated: the same search-tree nodes.
        assert_eq!(stats.nodes, expected.nodes, "{name}");
    }
}

#[cfg(feature = "parallel")]
#[test]
fn progress_reports_add_up() {
    use std::sync::Mutex;
    use std::time::Duration;

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for name in ["langford11.dlx", "queens12.dlx", "pent4x15.dlx"] {
        let mut f = load(name);
        let expected = f.problem.count_with_stats();
        let reports = Mutex::new(Vec::new());
        // A report after every slice of every task.
        let stats = pool.install(|| {
            dlx_core::parallel::count_with_progress(&mut f.problem, Duration::ZERO, |p| {
                reports.lock().unwrap().push(*p)
            })
        });
        assert_eq!(stats.solutions, expected.solutions, "{name}");
        let reports = reports.into_inner().unwrap();
        assert!(reports.len() > 2, "{name}: reports during the count");
        for p in &reports {
            assert!((0.0..=1.0).contains(&p.done), "{name}: {p:?}");
            assert!(p.solutions <= expected.solutions, "{name}: {p:?}");
            assert!(p.nodes <= expected.nodes, "{name}: {p:?}");
        }
        // The last report is the end: everything counted, the shares of
        // all tasks (given-away parts included) adding up to the tree.
        let last = reports.last().unwrap();
        assert_eq!(last.solutions, expected.solutions, "{name}");
        assert_eq!(last.nodes, expected.nodes, "{name}");
        assert!((last.done - 1.0).abs() < 1e-9, "{name}: {last:?}");
    }
}

#[cfg(feature = "parallel")]
#[test]
fn counting_given_parts_on_threads_sums_them() {
    use std::time::Duration;

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for name in FILES {
        let mut f = load(name);
        let expected = f.problem.count();
        let parts = f.problem.parts(2);
        // Two workers of a split run, each with every other part.
        let mut total = 0;
        for worker in 0..2 {
            let mine: Vec<_> = parts.iter().skip(worker).step_by(2).cloned().collect();
            let stats = pool.install(|| {
                dlx_core::parallel::count_parts(&mut f.problem, &mine, Duration::MAX, |_| {})
            });
            total += stats.solutions;
        }
        assert_eq!(total, expected, "{name}");
    }
}

//! Every file of `tests/data/xc` (copied from the shared exact-cover set):
//! solution, node and update counts must equal Knuth's DLX1 figures in
//! `COUNTS.txt`, and solutions are checked by the rules.

use std::collections::HashSet;

use dlx_core::text;

use crate::common::{check_cover, count_switching, data_path};

struct Expected {
    file: String,
    primary: usize,
    secondary: usize,
    options: usize,
    solutions: u64,
    nodes: u64,
    updates: u64,
}

fn expected() -> Vec<Expected> {
    let counts = std::fs::read_to_string(data_path("xc/COUNTS.txt")).unwrap();
    counts
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Expected {
                file: f[0].to_string(),
                primary: f[1].parse().unwrap(),
                secondary: f[2].parse().unwrap(),
                options: f[3].parse().unwrap(),
                solutions: f[5].parse().unwrap(),
                nodes: f[6].parse().unwrap(),
                updates: f[7].parse().unwrap(),
            }
        })
        .collect()
}

fn load(name: &str) -> text::DlxFile {
    let bytes = std::fs::read(data_path(&format!("xc/{name}"))).unwrap();
    text::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn counts_nodes_and_updates_match_dlx1() {
    let table = expected();
    assert_eq!(table.len(), 30, "COUNTS.txt lists every file");
    for e in &table {
        let mut f = load(&e.file);
        assert_eq!(f.problem.primary_count(), e.primary, "{}", e.file);
        assert_eq!(f.problem.secondary_count(), e.secondary, "{}", e.file);
        assert_eq!(f.problem.option_count(), e.options, "{}", e.file);
        let stats = f.problem.count_with_stats();
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (e.solutions, e.nodes, e.updates),
            "{}: (solutions, nodes, updates)",
            e.file
        );
    }
}

/// The parallel count on 2 threads: DLX1's solutions and nodes on every
/// file (work is shared, never repeated).
#[cfg(feature = "parallel")]
#[test]
fn parallel_counts_and_nodes_match_dlx1() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for e in &expected() {
        let mut f = load(&e.file);
        let stats = pool.install(|| dlx_core::parallel::count(&mut f.problem));
        assert_eq!(
            (stats.solutions, stats.nodes),
            (e.solutions, e.nodes),
            "{}: parallel (solutions, nodes)",
            e.file
        );
    }
}

#[test]
fn every_listed_file_is_in_the_table() {
    let names: HashSet<String> = expected().into_iter().map(|e| e.file).collect();
    for entry in std::fs::read_dir(data_path("xc")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".dlx") {
            assert!(names.contains(&name), "{name} has no line in COUNTS.txt");
        }
    }
}

#[test]
fn solutions_obey_the_rules() {
    // Every solution of the small and medium files, checked one by one, and
    // all distinct.
    for e in expected().iter().filter(|e| e.solutions <= 20_000) {
        let mut f = load(&e.file);
        let mut seen = HashSet::new();
        for mut s in f.problem.solutions() {
            s.sort();
            assert!(seen.insert(s), "{}: a solution repeats", e.file);
        }
        for s in &seen {
            check_cover(&f.problem, s);
        }
        assert_eq!(seen.len() as u64, e.solutions, "{}", e.file);
    }
}

#[test]
fn first_solution_and_uniqueness_agree_with_counts() {
    use dlx_core::Uniqueness;
    for e in expected().iter().filter(|e| e.nodes < 5_000_000) {
        let mut f = load(&e.file);
        match (f.problem.uniqueness(), e.solutions) {
            (Uniqueness::None, 0) => assert!(f.problem.first_solution().is_none()),
            (Uniqueness::Unique(s), 1) => {
                check_cover(&f.problem, &s);
                assert_eq!(f.problem.first_solution(), Some(s));
            }
            (Uniqueness::Multiple, n) if n >= 2 => {
                let s = f.problem.first_solution().unwrap();
                check_cover(&f.problem, &s);
            }
            (u, n) => panic!("{}: {u:?} for {n} solutions", e.file),
        }
    }
}

#[test]
fn wikipedia_example_has_cover_b_d_f() {
    let mut f = load("xc_wikipedia.dlx");
    let s = f.problem.first_solution().unwrap();
    let mut lines: Vec<String> = s.iter().map(|&o| f.option_text(o)).collect();
    lines.sort();
    assert_eq!(lines, ["1 4", "2 7", "3 5 6"]);
}

#[test]
fn options_without_primary_items_are_never_chosen() {
    let f = load("xc_secondary_only_option.dlx");
    assert_eq!(f.ignored_options.len(), 1);
    let mut f = f;
    for s in f.problem.solutions().collect::<Vec<_>>() {
        for o in s {
            assert_ne!(f.option_text(o), "X Y");
        }
    }
}

/// The rules switched every few nodes (a plan change forgets the hide log
/// of the short rules and of `dlx1`, whose levels are then undone by
/// walking their lists; `engine/exact/log.rs`): every file of up to
/// 500,000 nodes counts Knuth's solutions, across option lengths whose
/// levels are logged (any, 3, 4) and not (2, 6), and the links are whole
/// again afterwards (DLX1's nodes and updates on a fresh count).
#[test]
fn rules_switched_mid_search_keep_the_counts() {
    use dlx_core::Branching;
    let patterns: [&[Branching]; 4] = [
        &[Branching::MinLength, Branching::ShortFirst],
        &[
            Branching::ShortFirstDegree,
            Branching::Early,
            Branching::MinLength,
        ],
        &[
            Branching::LookAhead,
            Branching::MinLength,
            Branching::ShortFirstDegree,
        ],
        &Branching::ALL,
    ];
    for e in expected().iter().filter(|e| e.nodes <= 500_000) {
        for (p, pattern) in patterns.iter().enumerate() {
            let mut f = load(&e.file);
            let mut s = f.problem.solver();
            let found = count_switching(&mut s, pattern, |k| 1 + (k * 7 + p) as u64 % 97);
            assert_eq!(found, e.solutions, "{} {pattern:?}", e.file);
            drop(s);
            let again = f.problem.count_with_stats();
            assert_eq!(
                (again.solutions, again.nodes, again.updates),
                (e.solutions, e.nodes, e.updates),
                "{} after {pattern:?}",
                e.file
            );
        }
    }
}

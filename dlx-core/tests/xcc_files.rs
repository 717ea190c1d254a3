//! Every file of `tests/data/xcc` (copied from the shared XCC and MCC set):
//! solutions, nodes and updates must equal the figures of Knuth's DLX2 (files
//! without bounds) or DLX3 (files with bounds) in `COUNTS.txt`, the files
//! Knuth's programs reject must be rejected, and solutions are checked by the
//! rules of colors and multiplicities.

use std::collections::HashSet;

use dlx_core::memo::{Memo, MemoError};
use dlx_core::{text, Branching, Kind, OptionId, Problem};

use crate::common::{count_switching, data_path};

/// One row of `COUNTS.txt`: the reference program's figures, or `None` for
/// a file it rejects.
struct Expected {
    file: String,
    program: String,
    counts: Option<(u64, u64, u64)>,
    seconds: f64,
}

/// The rows that are the reference for each file: DLX2's where there is
/// one (the files without bounds), else DLX3's.
fn expected() -> Vec<Expected> {
    let counts = std::fs::read_to_string(data_path("xcc/COUNTS.txt")).unwrap();
    let rows: Vec<Vec<&str>> = counts
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let has_dlx2: HashSet<&str> = rows
        .iter()
        .filter(|f| f[1] == "dlx2")
        .map(|f| f[0])
        .collect();
    rows.iter()
        .filter(|f| {
            f[1] == if has_dlx2.contains(f[0]) {
                "dlx2"
            } else {
                "dlx3"
            }
        })
        .map(|f| Expected {
            file: f[0].to_string(),
            program: f[1].to_string(),
            counts: (f[2] != "error").then(|| {
                (
                    f[2].parse().unwrap(),
                    f[3].parse().unwrap(),
                    f[4].parse().unwrap(),
                )
            }),
            seconds: f[6].parse().unwrap_or(0.0),
        })
        .collect()
}

fn read(name: &str) -> Result<text::DlxFile, text::ParseError> {
    let bytes = std::fs::read(data_path(&format!("xcc/{name}"))).unwrap();
    text::parse(&bytes)
}

/// Checks `solution` by the rules: each option at most once, every primary
/// item's count within its bounds, and every secondary item in no option,
/// in one option without a color, or in several all of one color.
fn check(p: &Problem, solution: &[OptionId]) {
    let set: HashSet<OptionId> = solution.iter().copied().collect();
    assert_eq!(set.len(), solution.len(), "an option twice in {solution:?}");
    let mut uses = vec![Vec::new(); p.item_count()];
    for &o in solution {
        for (item, color) in p.option_items(o).zip(p.option_colors(o)) {
            uses[item.index()].push(color);
        }
    }
    for (i, u) in uses.iter().enumerate() {
        let item = dlx_core::Item::new(i);
        match p.bounds(item) {
            Some((lo, hi)) => {
                let n = u.len() as u32;
                assert!(
                    lo <= n && n <= hi,
                    "item {i} used {n} times, not {lo}..={hi}"
                );
            }
            None if u.len() > 1 => {
                assert!(
                    u[0].is_some() && u.iter().all(|&c| c == u[0]),
                    "secondary item {i} used as {u:?}"
                );
            }
            None => {}
        }
    }
}

/// Counts `files` and compares them with the reference rows; checks the
/// first solutions of each by the rules, and that they are distinct sets.
fn check_files(files: &[&Expected]) {
    for e in files {
        let Some((solutions, nodes, updates)) = e.counts else {
            assert!(read(&e.file).is_err(), "{} must be rejected", e.file);
            continue;
        };
        let mut f = read(&e.file).unwrap_or_else(|err| panic!("{}: {err}", e.file));
        let kind = f.problem.kind();
        assert_eq!(
            kind == Kind::Multiplicities,
            e.program == "dlx3",
            "{}: {kind:?}",
            e.file
        );
        let stats = f.problem.count_with_stats();
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (solutions, nodes, updates),
            "{}: (solutions, nodes, updates) against {}",
            e.file,
            e.program
        );
        let mut seen = HashSet::new();
        let shape = f.problem.clone();
        for s in f.problem.solutions().take(2_000) {
            check(&shape, &s);
            let mut sorted = s.clone();
            sorted.sort();
            assert!(seen.insert(sorted), "{}: solution {s:?} twice", e.file);
        }
        assert_eq!(seen.len() as u64, solutions.min(2_000), "{}", e.file);
    }
}

/// The files the reference program runs in under a quarter second, and
/// the rest: two tests, so that they run side by side.
fn split(heavy: bool) -> Vec<Expected> {
    let table = expected();
    assert_eq!(table.len(), 84, "COUNTS.txt lists every file");
    table
        .into_iter()
        .filter(|e| (e.seconds > 0.25) == heavy)
        .collect()
}

#[test]
fn small_files_match_dlx2_and_dlx3() {
    let files = split(false);
    check_files(&files.iter().collect::<Vec<_>>());
}

#[test]
fn large_files_match_dlx2_and_dlx3() {
    let files = split(true);
    assert!(files.len() >= 10);
    check_files(&files.iter().collect::<Vec<_>>());
}

/// Every file on 2 threads: DLX2's or DLX3's solutions and nodes (the
/// bounded ones cut into replayed paths of moves, the others split on the
/// fly).
#[cfg(feature = "parallel")]
#[test]
fn parallel_counts_and_nodes_match_dlx2() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for e in expected() {
        let Some((solutions, nodes, _)) = e.counts else {
            continue;
        };
        if e.seconds > 0.25 {
            continue;
        }
        let mut f = read(&e.file).unwrap();
        let stats = pool.install(|| dlx_core::parallel::count(&mut f.problem));
        assert_eq!(
            (stats.solutions, stats.nodes),
            (solutions, nodes),
            "{}: parallel (solutions, nodes)",
            e.file
        );
    }
}

/// Every branching rule finds DLX2's and DLX3's solution counts on the
/// files they run in under 0.05 s, the first solutions checked by the
/// rules; the rules that find dead ends inside a commit (early) never
/// enter more nodes than DLX2 on a colored file.
#[test]
fn every_rule_counts_the_small_files() {
    for e in expected() {
        let Some((solutions, nodes, _)) = e.counts else {
            continue;
        };
        if e.seconds > 0.05 {
            continue;
        }
        let mut f = read(&e.file).unwrap();
        for rule in Branching::ALL {
            let shape = f.problem.clone();
            let mut s = f.problem.solver();
            s.set_branching(rule);
            let mut found = 0u64;
            while s.next_solution() == dlx_core::Step::Found {
                if found < 100 {
                    check(&shape, &s.solution().collect::<Vec<_>>());
                }
                found += 1;
            }
            assert_eq!(found, solutions, "{} under {}", e.file, rule.name());
            if rule == Branching::Early && e.program == "dlx2" {
                assert!(
                    s.stats().nodes <= nodes,
                    "{}: {} nodes",
                    e.file,
                    s.stats().nodes
                );
            }
        }
    }
}

/// `fast` on a colored file takes DLX2's rule where the options are short
/// (under 3.5 items an option, 1.25 or more of them primary: DLX2's nodes
/// and updates exactly) and the early rule elsewhere (its nodes and
/// updates exactly), with the same solutions.
#[test]
fn fast_takes_dlx2s_rule_on_short_options() {
    let run = |file: &str, rule: Branching| {
        let mut f = read(file).unwrap();
        let mut s = f.problem.solver();
        s.set_branching(rule);
        let mut found = 0u64;
        while s.next_solution() == dlx_core::Step::Found {
            found += 1;
        }
        (found, s.stats().nodes, s.stats().updates)
    };
    let expected = expected();
    let dlx2 = |file: &str| {
        let e = expected.iter().find(|e| e.file == file).unwrap();
        assert_eq!(e.program, "dlx2");
        e.counts.unwrap()
    };
    // 3.4 and 3.3 items an option, 2 of them primary.
    for file in ["rxcc_p10_s6_o30.dlx", "rxcc_p8_s4_o20.dlx"] {
        assert_eq!(run(file, Branching::Fast), dlx2(file), "{file}");
    }
    // One primary item an option (3 items), 6 items, 3.6 items.
    for file in ["latin_n7_g12.dlx", "graeco_n4.dlx", "rxcc_p12_s6_o36_u.dlx"] {
        let early = run(file, Branching::Early);
        assert_eq!(run(file, Branching::Fast), early, "{file}");
        assert_eq!(early.0, dlx2(file).0, "{file}");
        assert!(
            early.1 < dlx2(file).1,
            "{file}: the early rule drops no option"
        );
    }
}

/// The options without a primary item, never chosen, do not count in the
/// shape `fast` reads (a hostile run found one such line of 4 items turning
/// a short problem's `fast` into the early rule).
#[test]
fn fast_reads_the_shape_of_the_options_it_can_choose() {
    let text = "p0 p1 p2 p3 p4 p5 p6 p7 p8 | s0 s1 s2 s3\n\
                p4 s3:b s1:a s0:c\np5 s0:c\ns2 p3 s1:a\ns3:b s1:c s2:b s0\n\
                p4 p8 p3\ns3:a p4 s1:b\ns1:c p0 s0 s3:c\ns2 s1:c p8 s3 s0\n\
                p8 s1:b p4\ns3:c p3\np3 s1:c p6\ns2:b p6 s0\ns3:c s2:c p1\np2 s2 s1:b\n";
    // 13 options with a primary item: 40 items, 17 of them primary.
    let counts = |rule: Branching| {
        let mut f = text::parse(text.as_bytes()).unwrap();
        let mut s = f.problem.solver();
        s.set_branching(rule);
        let found = s.count(None).solutions;
        (found, s.stats().nodes, s.stats().updates)
    };
    let dlx2 = counts(Branching::MinLength);
    assert_eq!(counts(Branching::Fast), dlx2);
    assert_ne!(
        counts(Branching::Early),
        dlx2,
        "the early rule would not tell"
    );
}

/// A search that starts under the early rule on options of lengths that
/// differ takes each item's options shortest first, in links built again
/// when it starts; DLX2's rule on those links, once the search has started,
/// searches the same subtrees as DLX2 in another order: the same solutions,
/// nodes and updates on the random files (the other files with mixed
/// lengths take the lazy links, which count updates differently). A
/// search after it finds DLX2's solutions in DLX2's order again.
#[test]
fn dlx2s_counts_hold_with_the_lists_in_order_of_length() {
    let mut seen = 0;
    for e in expected() {
        let Some(counts) = e.counts else {
            continue;
        };
        if !e.file.starts_with("rxcc_") || e.seconds > 0.05 {
            continue;
        }
        seen += 1;
        let mut f = read(&e.file).unwrap();
        let shape = f.problem.clone();
        let first = f.problem.first_solution();
        let mut s = f.problem.solver();
        s.set_branching(Branching::Early);
        s.set_node_limit(Some(0));
        assert_eq!(s.next_solution(), dlx_core::Step::NodeLimit);
        s.set_branching(Branching::MinLength);
        s.set_node_limit(None);
        let mut found = 0u64;
        while s.next_solution() == dlx_core::Step::Found {
            check(&shape, &s.solution().collect::<Vec<_>>());
            found += 1;
        }
        let st = s.stats();
        assert_eq!(found, counts.0, "{}", e.file);
        assert_eq!((st.solutions, st.nodes, st.updates), counts, "{}", e.file);
        drop(s);
        assert_eq!(f.problem.first_solution(), first, "{}", e.file);
    }
    assert!(seen >= 4, "{seen} files");
}

/// Cutting the tree into parts: the parts' counts add up to the whole, for
/// colored and bounded files alike.
#[test]
fn parts_add_up() {
    for e in expected() {
        let Some((solutions, _, _)) = e.counts else {
            continue;
        };
        if e.seconds > 0.05 {
            continue;
        }
        let mut f = read(&e.file).unwrap();
        let parts = f.problem.parts(2);
        let mut total = 0;
        for part in &parts {
            let mut s = f.problem.solver();
            for &o in part {
                s.force(o).unwrap();
            }
            total += s.count(None).solutions;
        }
        assert_eq!(total, solutions, "{}: {} parts", e.file, parts.len());
    }
}

/// The memoised search on every file the reference program runs in under
/// a quarter second: DLX2's counts on the colored files (the key holds
/// the colors given), the solutions the diagram lists checked by the
/// rules, each once; files with bounds other than exactly once refused.
#[test]
fn the_memo_counts_the_colored_files() {
    let mut counted = 0;
    for e in split(false) {
        let Some((solutions, _, _)) = e.counts else {
            continue;
        };
        let mut f = read(&e.file).unwrap();
        let p = &mut f.problem;
        let exactly_once =
            (0..p.primary_count()).all(|i| p.bounds(dlx_core::Item::new(i)) == Some((1, 1)));
        let (zdd, _) = match p.zdd_with(&Memo::new()) {
            Ok(done) => done,
            Err(err) => {
                assert_eq!(err, MemoError::Kind(Kind::Multiplicities), "{}", e.file);
                assert!(!exactly_once, "{}: refused", e.file);
                continue;
            }
        };
        assert!(exactly_once, "{}: bounds, yet a diagram", e.file);
        assert_eq!(zdd.count(), Ok(u128::from(solutions)), "{}", e.file);
        let mut seen = HashSet::new();
        for s in zdd.solutions().take(2_000) {
            check(p, &s);
            let mut sorted = s.clone();
            sorted.sort();
            assert!(seen.insert(sorted), "{}: solution {s:?} twice", e.file);
        }
        assert_eq!(seen.len() as u64, solutions.min(2_000), "{}", e.file);
        counted += 1;
    }
    assert!(counted >= 35, "{counted} files");
}

/// The rules switched every few nodes (a plan change forgets the hide log
/// of Algorithm C's levels, which are then undone by walking their lists;
/// `engine/xcc/log.rs`): every colored or bounded file that runs in under
/// 0.05 s counts DLX2's or DLX3's solutions, and the links are whole again
/// afterwards (the reference's nodes and updates on a fresh count).
#[test]
fn rules_switched_mid_search_keep_the_counts() {
    let patterns: [&[Branching]; 3] = [
        &[Branching::MinLength, Branching::Early],
        &[
            Branching::Early,
            Branching::MinLength,
            Branching::ShortFirst,
        ],
        &Branching::ALL,
    ];
    let mut seen = 0;
    for e in expected() {
        let Some(counts) = e.counts else {
            continue;
        };
        if e.seconds > 0.05 {
            continue;
        }
        seen += 1;
        let mut f = read(&e.file).unwrap();
        for (p, pattern) in patterns.iter().enumerate() {
            let mut s = f.problem.solver();
            let found = count_switching(&mut s, pattern, |k| 1 + (k * 7 + p) as u64 % 53);
            assert_eq!(found, counts.0, "{} {pattern:?}", e.file);
            drop(s);
            let again = f.problem.count_with_stats();
            assert_eq!(
                (again.solutions, again.nodes, again.updates),
                counts,
                "{} after {pattern:?}",
                e.file
            );
        }
    }
    assert!(seen >= 20, "only {seen} files");
}

//! `dlx --memo`: the count by the memoised search, `--sample`, `--zdd`,
//! and what it refuses, as a real process.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::{run_dlx, TempFile};

fn data(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-core/tests/data")
        .join(rel)
        .to_str()
        .expect("UTF-8 path")
        .to_string()
}

#[test]
fn memo_counts_equal_the_plain_counts() {
    for name in [
        "dom8x8",
        "langford11",
        "pent3x20",
        "queens10",
        "xc_secondary",
    ] {
        let path = data(&format!("xc/{name}.dlx"));
        let plain = run_dlx(&[&path], None);
        let memo = run_dlx(&["--memo", "--stats", &path], None);
        assert_eq!((memo.0, &memo.1), (0, &plain.1), "{name}: {}", memo.2);
        assert!(memo.2.contains(" memo-hits="), "{name}: {}", memo.2);
        // Where subproblems seldom repeat, stderr says so.
        let seldom = name == "queens10";
        assert_eq!(
            memo.2
                .contains("the plain search (without --memo) is likely faster here"),
            seldom,
            "{name}: {}",
            memo.2
        );
    }
}

#[test]
fn samples_are_solutions() {
    let path = data("xc/langford8.dlx");
    let text = std::fs::read_to_string(&path).unwrap();
    let items: BTreeSet<&str> = text
        .lines()
        .find(|l| !l.starts_with('|') && !l.trim().is_empty())
        .unwrap()
        .split_whitespace()
        .collect();
    let (code, out, err) = run_dlx(&["--memo", "--sample", "5", "--seed", "3", &path], None);
    assert_eq!(code, 0, "{err}");
    let solutions: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(solutions.len(), 5, "{out}");
    for s in &solutions {
        // Each item once: the option lines are the input's.
        let mut covered = BTreeSet::new();
        for line in s.lines() {
            for item in line.split_whitespace() {
                assert!(covered.insert(item), "{item} twice in {s}");
            }
        }
        assert_eq!(covered, items, "{s}");
    }
    // The same seed draws the same solutions.
    let again = run_dlx(&["--memo", "--sample", "5", "--seed", "3", &path], None);
    assert_eq!(again.1, out);
}

#[test]
fn the_diagram_is_written() {
    let file = TempFile::new("zdd.txt", b"");
    let path = file.path().to_str().unwrap();
    let (code, out, err) = run_dlx(&["--memo", "--zdd", path, &data("xc/queens8.dlx")], None);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.starts_with("zdd "), "{text}");
    let nodes: usize = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert_eq!(text.lines().count(), nodes + 1);
}

#[test]
fn colors_are_counted_bounds_and_conflicting_flags_refused() {
    let colored = TempFile::new("colored.dlx", b"a b | x\na x:1\nb x:2\nb x:1\na b x\n");
    let (code, out, err) = run_dlx(&["--memo", colored.path().to_str().unwrap()], None);
    assert_eq!((code, out.as_str()), (0, "2\n"), "{err}");
    let bounded = TempFile::new("bounded.dlx", b"1:2|a\na\n");
    let (code, _, err) = run_dlx(&["--memo", bounded.path().to_str().unwrap()], None);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("takes problems without multiplicities"),
        "{err}"
    );
    let q = data("xc/queens8.dlx");
    for flags in [["--memo", "--print"], ["--memo", "-j2"], ["--sample", "3"]] {
        let (code, _, err) = run_dlx(&[flags[0], flags[1], &q], None);
        assert_eq!(code, 2, "{flags:?}: {err}");
    }
}

#[test]
fn a_count_falls_back_to_the_plain_search_where_subproblems_seldom_repeat() {
    // A colored file (Latin squares) and a plain one (queens): the count
    // is the plain search's, and stderr says why; with --zdd the memo
    // goes on.
    for name in ["xcc/latin_n7_g12.dlx", "xc/queens12.dlx"] {
        let path = data(name);
        let plain = run_dlx(&[&path], None);
        let memo = run_dlx(&["--memo", &path], None);
        assert_eq!((memo.0, &memo.1), (0, &plain.1), "{name}: {}", memo.2);
        assert!(
            memo.2.contains("counting by the plain search instead"),
            "{name}: {}",
            memo.2
        );
    }
    let file = TempFile::new("zdd.txt", b"");
    let zdd = file.path().to_str().unwrap();
    let path = data("xc/queens12.dlx");
    let (code, out, err) = run_dlx(&["--memo", "--zdd", zdd, &path], None);
    assert_eq!((code, out.as_str()), (0, "14200\n"), "{err}");
    assert!(!err.contains("instead"), "{err}");
}

#[test]
fn the_memo_memory_is_bounded() {
    // langford11's diagram is far larger than half a MiB: the search stops
    // with status 1 and says why; with the default limit it counts.
    let path = data("xc/langford11.dlx");
    let (code, out, err) = run_dlx(&["--memo", "--memo-memory", "1", &path], None);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("passed its memory limit") && err.contains("--memo-memory"),
        "{err}"
    );
    let (code, out, err) = run_dlx(&["--memo", &path], None);
    assert_eq!((code, out.as_str()), (0, "35584\n"), "{err}");
    let (code, _, err) = run_dlx(&["--memo", "--memo-memory", "0", &path], None);
    assert_eq!(code, 2, "{err}");
}

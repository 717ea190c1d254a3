//! `dlx --memo`: the count by the memoised search, `--sample`, `--zdd`,
//! and what it refuses, as a real process.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

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
    // A stopped count knows no solution yet: the lower bound 0+.
    assert_eq!((code, out.as_str()), (1, "0+\n"), "{err}");
    assert!(
        err.contains("passed its memory limit") && err.contains("--memo-memory"),
        "{err}"
    );
    let (code, out, err) = run_dlx(&["--memo", &path], None);
    assert_eq!((code, out.as_str()), (0, "35584\n"), "{err}");
    let (code, _, err) = run_dlx(&["--memo", "--memo-memory", "0", &path], None);
    assert_eq!(code, 2, "{err}");
}

/// The option lines of a DLX file, in order (comments and the item line
/// left out), each as its item names without colors.
fn option_lines(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let items = lines.next().expect("an item line");
    let primary: Vec<String> = items
        .split('|')
        .next()
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let options = lines
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.split(':').next().unwrap().to_string())
                .collect()
        })
        .collect();
    (primary, options)
}

/// Every solution of a diagram written by `--zdd`, each as the option
/// numbers it names: a walk of the text, independent of the program.
fn zdd_solutions(text: &str) -> Vec<Vec<usize>> {
    let mut lines = text.lines();
    let head: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(|t| t.parse().unwrap())
        .collect();
    let mut nodes = vec![(0, 0, 0); head[0] + 2];
    for line in lines {
        let f: Vec<usize> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        nodes[f[0]] = (f[1], f[2], f[3]);
    }
    fn walk(
        nodes: &[(usize, usize, usize)],
        at: usize,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        match at {
            0 => {}
            1 => out.push(path.clone()),
            _ => {
                let (option, lo, hi) = nodes[at];
                walk(nodes, lo, path, out);
                path.push(option);
                walk(nodes, hi, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(&nodes, head[1], &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_diagram_names_the_inputs_options_also_when_preprocessed() {
    // Issue 37, case 1: under --preprocess the diagram's OPTION fields
    // indexed the reduced problem. Decoded against the input, each of the
    // 2,339 solutions must cover every item once.
    let path = data("xc/pent6x10_sym.dlx");
    let (primary, options) = option_lines(&std::fs::read_to_string(&path).unwrap());
    for flags in [&["--preprocess"][..], &[]] {
        let file = TempFile::new("zdd.txt", b"");
        let zdd = file.arg();
        let mut args = vec!["--memo", "--zdd", &zdd];
        args.extend_from_slice(flags);
        args.push(&path);
        let (code, out, err) = run_dlx(&args, None);
        assert_eq!((code, out.as_str()), (0, "2339\n"), "{flags:?}: {err}");
        let solutions = zdd_solutions(&std::fs::read_to_string(file.path()).unwrap());
        assert_eq!(solutions.len(), 2339, "{flags:?}");
        let all: BTreeSet<&str> = primary.iter().map(String::as_str).collect();
        for s in &solutions {
            let mut covered = BTreeSet::new();
            for &o in s {
                for item in &options[o] {
                    assert!(
                        covered.insert(item.as_str()),
                        "{flags:?}: {item} twice in {s:?}"
                    );
                }
            }
            assert_eq!(covered, all, "{flags:?}: {s:?}");
        }
    }
}

#[test]
fn the_diagram_never_overwrites_an_input_and_takes_one_input() {
    // Issue 37, case 2: with two inputs only the last diagram was kept;
    // `--zdd b.dlx a.dlx b.dlx` overwrote the input b.dlx before reading
    // it. Both are usage errors now, said before anything is read.
    let text = std::fs::read(data("xc/pent3x20.dlx")).unwrap();
    let a = TempFile::new("a.dlx", &text);
    let b = TempFile::new("b.dlx", &text);
    let out_file = TempFile::new("zdd.txt", b"old");
    let (code, out, err) = run_dlx(
        &["--memo", "--zdd", &out_file.arg(), &a.arg(), &b.arg()],
        None,
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("one diagram, one input"), "{err}");
    assert_eq!(std::fs::read(out_file.path()).unwrap(), b"old");
    for inputs in [vec![a.arg(), b.arg()], vec![b.arg()]] {
        let mut args = vec!["--memo".to_string(), "--zdd".to_string(), b.arg()];
        args.extend(inputs);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run_dlx(&args, None);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert_eq!(
            std::fs::read(b.path()).unwrap(),
            text,
            "{args:?}: the input changed"
        );
    }
    let (_, _, err) = run_dlx(&["--memo", "--zdd", &b.arg(), &b.arg()], None);
    assert!(err.contains("is an input"), "{err}");
    // Standard input read from the file (`--zdd b.dlx < b.dlx`).
    use assert_cmd::cargo::CommandCargoExt;
    let run = std::process::Command::cargo_bin("dlx")
        .unwrap()
        .args(["--memo", "--zdd", &b.arg()])
        .stdin(std::fs::File::open(b.path()).unwrap())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("is an input"));
    assert_eq!(std::fs::read(b.path()).unwrap(), text);
    // Through a symbolic link too.
    #[cfg(unix)]
    {
        let link = std::env::temp_dir().join(format!("dlx-zdd-link-{}", std::process::id()));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(b.path(), &link).unwrap();
        let (code, _, err) = run_dlx(&["--memo", "--zdd", link.to_str().unwrap(), &b.arg()], None);
        let _ = std::fs::remove_file(&link);
        assert_eq!(code, 2, "{err}");
        assert_eq!(std::fs::read(b.path()).unwrap(), text);
    }
}

#[test]
fn the_diagrams_path_is_checked_before_the_search() {
    // Issue 37, case 8: a missing folder was found only after the search;
    // `--zdd -` made a file named '-'. A run that cannot write the
    // diagram ends at once with status 2 (langford12 would take a second
    // or more to search).
    let path = data("xc/langford12.dlx");
    for (zdd, says) in [
        ("/nonexistent-dlx-folder/z.txt", "cannot write the diagram"),
        ("/", "is a folder"),
    ] {
        let (code, out, err) = run_dlx(&["--memo", "--stats", "--zdd", zdd, &path], None);
        assert_eq!((code, out.as_str()), (2, ""), "{zdd}: {err}");
        assert!(err.contains(says), "{zdd}: {err}");
        assert!(!err.contains("nodes="), "{zdd}: searched: {err}");
    }
    // '-' is standard output: the diagram in place of the count.
    let (code, out, err) = run_dlx(&["--memo", "--zdd", "-", &data("xc/queens8.dlx")], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(zdd_solutions(&out).len(), 92, "{out}");
    assert!(!Path::new("-").exists());
    let (code, _, err) = run_dlx(&["--memo", "--zdd", "-", "--sample", "2", &path], None);
    assert_eq!(code, 2, "{err}");
    // A stopped search leaves an old file as it was.
    let old = TempFile::new("old-zdd.txt", b"old");
    let (code, _, err) = run_dlx(
        &[
            "--memo",
            "--zdd",
            &old.arg(),
            "--memo-memory",
            "1",
            &data("xc/langford11.dlx"),
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read(old.path()).unwrap(), b"old");
}

/// A DLX file: `n` items in a chain, each covered alone or with the next
/// (F(n+1) solutions, the Fibonacci number).
fn chain_text(n: usize) -> String {
    let mut t: Vec<String> = vec![(0..n)
        .map(|k| format!("i{k}"))
        .collect::<Vec<_>>()
        .join(" ")];
    for k in 0..n {
        t.push(format!("i{k}"));
        if k + 1 < n {
            t.push(format!("i{k} i{}", k + 1));
        }
    }
    t.join("\n") + "\n"
}

#[test]
fn counts_past_2_128_are_exact_and_sampled() {
    // Issue 37, cases 3 and 4: past 2^128 the count said "above 2^128"
    // with status 0 and --sample printed nothing. F(187) and 2^128
    // exactly, against big sums done here.
    let fib = |n: usize| {
        // Decimal digits, least significant first.
        let (mut a, mut b) = (vec![1u8], vec![1u8]);
        for _ in 0..n {
            let mut c = Vec::new();
            let mut carry = 0;
            for i in 0..a.len().max(b.len()) {
                let d = a.get(i).unwrap_or(&0) + b.get(i).unwrap_or(&0) + carry;
                c.push(d % 10);
                carry = d / 10;
            }
            if carry > 0 {
                c.push(carry);
            }
            (a, b) = (b, c);
        }
        a.iter()
            .rev()
            .map(|d| char::from(b'0' + d))
            .collect::<String>()
    };
    let chain = TempFile::new("chain186.dlx", chain_text(186).as_bytes());
    let (code, out, err) = run_dlx(&["--memo", &chain.arg()], None);
    assert_eq!((code, out), (0, format!("{}\n", fib(186))), "{err}");
    let mut pow = vec![(0..128)
        .map(|k| format!("i{k}"))
        .collect::<Vec<_>>()
        .join(" ")];
    for k in 0..128 {
        pow.push(format!("i{k}\ni{k}"));
    }
    let pow = TempFile::new("pow128.dlx", (pow.join("\n") + "\n").as_bytes());
    let (code, out, err) = run_dlx(&["--memo", &pow.arg()], None);
    assert_eq!(
        (code, out.as_str()),
        (0, "340282366920938463463374607431768211456\n"),
        "{err}"
    );
    // Two samples of the chain, each a cover of its 186 items.
    let (code, out, err) = run_dlx(&["--memo", "--sample", "2", &chain.arg()], None);
    assert_eq!(code, 0, "{err}");
    let samples: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(samples.len(), 2, "{out}");
    for s in samples {
        let mut covered: Vec<usize> = s
            .split_whitespace()
            .map(|t| t[1..].parse().unwrap())
            .collect();
        covered.sort_unstable();
        assert_eq!(covered, (0..186).collect::<Vec<_>>(), "{s}");
    }
    // No solution to draw: status 1, as --print says.
    let none = TempFile::new("none.dlx", b"a b c\na b\nb c\n");
    let (code, out, err) = run_dlx(&["--memo", "--sample", "2", &none.arg()], None);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let (code, _, _) = run_dlx(&["--print", &none.arg()], None);
    assert_eq!(code, 1);
}

#[test]
fn the_time_limit_bounds_the_whole_memo_run() {
    // Issue 37, case 7: a memo that gave up handed the plain search the
    // whole limit again, and a stopped memo printed no N+ and no --stats.
    // queens16 counts for minutes either way; the memo gives up on it.
    let mut text = String::new();
    let n = 16;
    let mut items: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
    items.extend((0..n).map(|i| format!("c{i}")));
    items.push("|".into());
    items.extend((0..2 * n - 1).map(|i| format!("a{i}")));
    items.extend((0..2 * n - 1).map(|i| format!("b{i}")));
    text.push_str(&(items.join(" ") + "\n"));
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    let queens = TempFile::new("queens16.dlx", text.as_bytes());
    let start = Instant::now();
    let (code, out, err) = run_dlx(
        &["--memo", "--stats", "--time-limit", "1", &queens.arg()],
        None,
    );
    // Generous slack: this bounds the run, it measures nothing.
    assert!(start.elapsed() < Duration::from_secs(8), "{err}");
    assert_eq!(code, 1, "{err}");
    assert!(out.ends_with("+\n"), "{out}");
    assert!(err.contains("seconds="), "{err}");
    // A memo stopped by the limit (--zdd: it never falls back) says so,
    // prints its statistics and writes no diagram.
    let zdd = TempFile::new("zdd.txt", b"old");
    let (code, out, err) = run_dlx(
        &[
            "--memo",
            "--stats",
            "--time-limit",
            "0.2",
            "--zdd",
            &zdd.arg(),
            &queens.arg(),
        ],
        None,
    );
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("time limit reached") && err.contains("memo-hits="),
        "{err}"
    );
    assert_eq!(std::fs::read(zdd.path()).unwrap(), b"old");
    // The draws of a huge --sample stop at the limit too.
    let start = Instant::now();
    let (code, out, err) = run_dlx(
        &[
            "--memo",
            "--sample",
            "18446744073709551615",
            "--time-limit",
            "0.5",
            &data("xc/queens8.dlx"),
        ],
        None,
    );
    assert!(start.elapsed() < Duration::from_secs(8), "{err}");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("time limit reached after") && err.contains(" samples"),
        "{err}"
    );
    assert!(!out.is_empty());
}

#[test]
fn flags_the_memo_cannot_use_are_refused() {
    // Issue 37, case 11: accepted and ignored before.
    let q = data("xc/queens8.dlx");
    for flags in [
        &["--memo", "--best", "2"][..],
        &["--memo", "--disjoint-bound"],
        &["--memo", "--sample", "0"],
        &["--memo", "--list-parts"],
        &["--memo", "--part", "0/2"],
        &["--memo", "-n"],
    ] {
        let mut args = flags.to_vec();
        args.push(&q);
        let (code, out, err) = run_dlx(&args, None);
        assert_eq!((code, out.as_str()), (2, ""), "{flags:?}: {err}");
    }
}

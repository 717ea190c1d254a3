//! The `dlx` program's conventions (issue 29): several files answered in
//! turn and labelled as `dlx-sudoku -H` labels them, `-n` line numbers,
//! option costs under `--min-cost --print`, and the exit status rule (0
//! answered, 1 cut short or no solution where one was asked for, 2 usage or
//! unreadable or malformed input), the worst over the files.

use std::path::{Path, PathBuf};

fn data(dir: &str, name: &str) -> String {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-core/tests/data")
        .join(dir)
        .join(name);
    path.to_str().expect("UTF-8 path").to_string()
}

fn run_bin(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    crate::common::run_dlx(args, stdin)
}

/// The lines of a file, numbered from 1, read here without dlx-core.
fn file_lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("readable file")
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The line number of the item line: the first that is neither blank nor
/// a comment.
fn item_line(path: &str) -> usize {
    1 + file_lines(path)
        .iter()
        .position(|l| !l.is_empty() && !l.starts_with('|'))
        .expect("an item line")
}

/// A temporary file holding `text`.
fn temp(name: &str, text: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("temporary file");
    path.to_str().expect("UTF-8 path").to_string()
}

#[test]
fn several_files_are_answered_in_turn_and_labelled() {
    let (q8, odd) = (data("xc", "queens8.dlx"), data("xc", "xc_odd_cycle.dlx"));
    let (code, out, err) = run_bin(&[&q8, &odd, &q8], None);
    assert_eq!((code, err.as_str()), (0, ""));
    let (l8, lo) = (item_line(&q8), item_line(&odd));
    assert_eq!(
        out,
        format!("{q8}:{l8}: 92\n{odd}:{lo}: 0\n{q8}:{l8}: 92\n")
    );
    // One file: no label unless -H asks; standard input is '<stdin>'.
    let (_, out, _) = run_bin(&[&q8], None);
    assert_eq!(out, "92\n");
    let (_, out, _) = run_bin(&["-H", "-"], Some(b"| c\na b\na\nb\n"));
    assert_eq!(out, "<stdin>:2: 1\n");
}

#[test]
fn an_error_in_one_file_does_not_stop_the_others() {
    let q8 = data("xc", "queens8.dlx");
    let bad = temp("dlx_files_bad.dlx", "a b\na c\n");
    let missing = data("xc", "no_such_file.dlx");
    let (code, out, err) = run_bin(&[&bad, &q8, &missing, &q8], None);
    assert_eq!(code, 2, "{err}");
    let l8 = item_line(&q8);
    assert_eq!(out, format!("{q8}:{l8}: 92\n{q8}:{l8}: 92\n"));
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(errors[0].starts_with(&format!("{bad}:2:3: unknown item 'c'")));
    assert!(errors[1].starts_with(&format!("dlx: cannot open {missing}: ")));
}

#[test]
fn the_status_is_the_worst_over_the_files() {
    let q8 = data("xc", "queens8.dlx");
    let odd = data("xc", "xc_odd_cycle.dlx");
    let bad = temp("dlx_files_worst.dlx", "| nothing but a comment\n");
    // A count of 0 is an answer.
    assert_eq!(run_bin(&[&odd], None).0, 0);
    // Nothing to print where solutions were asked for: 1.
    let (code, out, _) = run_bin(&["--print", &odd], None);
    assert_eq!((code, out.as_str()), (1, ""));
    // Cut short: 1, with the count a lower bound; says which file.
    let (code, out, err) = run_bin(&["--max-nodes", "5", &odd, &q8], None);
    assert_eq!(code, 1);
    assert!(
        out.ends_with(&format!("{q8}:{}: 0+\n", item_line(&q8))),
        "{out}"
    );
    assert!(
        err.contains(&format!("dlx: {q8}: search limit reached after 5 nodes")),
        "{err}"
    );
    // Malformed beats cut short: 2; a comment-only file is reported at its
    // last line.
    let (code, _, err) = run_bin(&["--max-nodes", "5", &q8, &bad], None);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{bad}:1: no item line")), "{err}");
    // Preprocessing's line names its file too.
    let (_, _, err) = run_bin(&["--preprocess", &odd, &q8], None);
    assert!(
        err.contains(&format!("dlx: {odd}: preprocessing removed "))
            && err.contains(&format!("dlx: {q8}: preprocessing removed ")),
        "{err}"
    );
    // --min-cost with no solution: 1.
    let none = data("cost", "e06_no_solution.dlx");
    let (code, out, _) = run_bin(&["--min-cost", &none], None);
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
}

#[test]
fn line_numbers_name_the_chosen_options() {
    let path = data("xc", "xc_wikipedia.dlx");
    let lines = file_lines(&path);
    let (code, out, err) = run_bin(&["--print", "-n", &path], None);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut numbers = Vec::new();
    for printed in out.lines() {
        let (n, text) = printed.split_once(": ").expect("LINE: text");
        let n: usize = n.parse().expect("a line number");
        assert_eq!(lines[n - 1], text, "line {n}");
        numbers.push(n);
    }
    numbers.sort();
    // B, D, F: the options on lines 5, 7 and 9.
    assert_eq!(numbers, [5, 7, 9]);
}

#[test]
fn with_filename_labels_every_line_and_strips_back() {
    let path = data("xc", "queens8.dlx");
    let lines = file_lines(&path);
    let (_, plain, _) = run_bin(&["--print", "--limit", "3", &path], None);
    let (code, labelled, _) = run_bin(&["--print", "--limit", "3", "-H", &path], None);
    assert_eq!(code, 0);
    assert!(labelled.contains("\n\n"), "several solutions");
    let mut stripped = String::new();
    for line in labelled.lines() {
        if line.is_empty() {
            stripped.push('\n');
            continue;
        }
        let rest = line
            .strip_prefix(&format!("{path}:"))
            .expect("SOURCE:LINE: ");
        let (n, text) = rest.split_once(": ").expect("LINE: text");
        let n: usize = n.parse().unwrap();
        assert_eq!(lines[n - 1], text);
        stripped.push_str(text);
        stripped.push('\n');
    }
    assert_eq!(stripped, plain);
    // --list-parts and --stats under -H.
    let (_, parts, err) = run_bin(
        &["-H", "--stats", "--split-depth", "1", "--list-parts", &path],
        None,
    );
    let head = format!("{path}:{}: ", item_line(&path));
    assert!(parts.lines().all(|l| l.starts_with(&head)), "{parts}");
    assert!(err.starts_with(&format!("{path}: solutions=")), "{err}");
}

#[test]
fn min_cost_print_shows_each_options_cost() {
    // The option p4 is written several times at different costs: printed
    // with their costs, two solutions never read alike.
    let path = data("cost", "a01_small.dlx");
    let (code, out, _) = run_bin(&["--min-cost", "--best", "3", "--print", &path], None);
    assert_eq!(code, 0);
    let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(blocks.len(), 3);
    let mut seen = Vec::new();
    for block in blocks {
        let mut lines = block.lines();
        let total: u64 = lines.next().unwrap().parse().unwrap();
        let mut options: Vec<&str> = lines.collect();
        let sum: u64 = options
            .iter()
            .map(|l| l.rsplit_once(" |").unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, total, "{block}");
        options.sort();
        assert!(
            !seen.contains(&options),
            "two solutions print alike:\n{out}"
        );
        seen.push(options);
    }
}

#[test]
fn a_newcomers_mistakes_get_a_hint_that_helps() {
    // Issue 37, case 14: clap's tip "to pass '--count' as a value, use
    // '-- --count'" sent a newcomer the wrong way; a Sudoku file given to
    // dlx was reported as a bad item name with no word of dlx-sudoku.
    let q = crate::common::workspace("dlx-core/tests/data/xc/queens8.dlx");
    let q = q.to_str().unwrap();
    let (code, out, err) = crate::common::run_dlx(&["--count", q], None);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("dlx counts by default"), "{err}");
    assert!(!err.contains("-- --count"), "{err}");
    // clap's own suggestion of a similar flag stays.
    let (code, _, err) = crate::common::run_dlx(&["--prnt", q], None);
    assert_eq!(code, 2);
    assert!(err.contains("'--print'"), "{err}");
    for sudoku in [
        "examples/puzzles.txt",
        "dlx-sudoku/tests/data/judge/poj2676.in",
    ] {
        let path = crate::common::workspace(sudoku);
        let (code, _, err) = crate::common::run_dlx(&[path.to_str().unwrap()], None);
        assert_eq!(code, 2, "{sudoku}: {err}");
        assert!(
            err.contains("looks like Sudoku puzzles") && err.contains("dlx-sudoku "),
            "{sudoku}: {err}"
        );
    }
    // A malformed DLX file gets no such hint.
    let bad = crate::common::TempFile::new("bad.dlx", b"a b\na c\n");
    let (code, _, err) = crate::common::run_dlx(&[&bad.arg()], None);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("Sudoku"), "{err}");
}

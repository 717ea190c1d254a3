//! The `dlx` program, through its library entry point `programs::dlx::run` and as a
//! real process, on the exact-cover files of dlx-core's test data.
//!
//! Counts and search statistics come from `COUNTS.txt` (checked there against
//! Knuth's DLX1 and independent counters); printed solutions are checked by
//! the rules against the option lines of the input file, read here without
//! dlx-core.
//!
//! Past the house's ~800 lines on purpose: one independent case per promise
//! of `dlx --help`, each found by its name; the cost, memo and preprocess
//! cases have files of their own beside it.

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser};
use dlx_core::Branching;
use dlx_sudoku::programs::dlx::{run, Args, Config, Exit, Input};

fn xc_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../dlx-core/tests/data/xc")
}

fn xc(name: &str) -> PathBuf {
    xc_dir().join(name)
}

/// One row of COUNTS.txt.
struct Row {
    file: String,
    solutions: u64,
    nodes: u64,
    updates: u64,
}

fn counts() -> Vec<Row> {
    let table = std::fs::read_to_string(xc("COUNTS.txt")).expect("COUNTS.txt");
    let rows: Vec<Row> = table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let num = |i: usize| f[i].parse::<u64>().expect("a number");
            Row {
                file: f[0].to_string(),
                solutions: num(5),
                nodes: num(6),
                updates: num(7),
            }
        })
        .collect();
    assert!(rows.len() > 20, "COUNTS.txt has too few rows");
    rows
}

fn row(file: &str) -> Row {
    counts()
        .into_iter()
        .find(|r| r.file == file)
        .expect("file listed in COUNTS.txt")
}

/// Runs the library entry point and returns its exit, stdout and stderr.
fn run_lib(config: &Config, stdin: &[u8]) -> (Exit, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = run(config, stdin, &mut out, &mut err);
    (
        exit,
        String::from_utf8(out).expect("UTF-8 stdout"),
        String::from_utf8(err).expect("UTF-8 stderr"),
    )
}

fn file_config(name: &str) -> Config {
    Config {
        inputs: vec![Input::File(xc(name))],
        ..Config::default()
    }
}

/// Runs the binary and returns its exit status, stdout and stderr.
fn run_bin(args: &[&str], stdin: Option<Vec<u8>>) -> (i32, String, String) {
    crate::common::run_dlx(args, stdin.as_deref())
}

fn path_arg(name: &str) -> String {
    xc(name).to_str().expect("UTF-8 path").to_string()
}

/// Checks a `--stats` line: the exact counts, the guesses (a number, equal
/// to `guesses` when given), then `seconds=` with three decimals.
fn assert_stats_line(line: &str, solutions: u64, nodes: u64, updates: u64, guesses: Option<u64>) {
    let expected = format!("solutions={solutions} nodes={nodes} updates={updates} guesses=");
    let rest = line
        .strip_prefix(&expected)
        .unwrap_or_else(|| panic!("stats line {line:?} does not start with {expected:?}"));
    let (got, seconds) = rest
        .split_once(" seconds=")
        .unwrap_or_else(|| panic!("no seconds in {line:?}"));
    let got: u64 = got
        .parse()
        .unwrap_or_else(|_| panic!("guesses in {line:?}"));
    if let Some(guesses) = guesses {
        assert_eq!(got, guesses, "{line:?}");
    }
    let (whole, frac) = seconds
        .split_once('.')
        .unwrap_or_else(|| panic!("seconds {seconds:?} without decimals"));
    assert!(
        !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()),
        "{line:?}"
    );
    assert!(
        frac.len() == 3 && frac.bytes().all(|b| b.is_ascii_digit()),
        "{line:?}"
    );
}

/// An exact-cover file read without dlx-core: item names and the option
/// lines, normalised to single spaces.
struct Xc {
    primary: Vec<String>,
    secondary: Vec<String>,
    options: HashSet<String>,
}

fn read_xc(name: &str) -> Xc {
    let text = std::fs::read_to_string(xc(name)).expect("readable file");
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|'));
    let header: Vec<&str> = lines
        .next()
        .expect("item line")
        .split_whitespace()
        .collect();
    let bar = header.iter().position(|&w| w == "|");
    let (primary, secondary) = header.split_at(bar.unwrap_or(header.len()));
    let secondary = secondary.iter().skip(1);
    Xc {
        primary: primary.iter().map(|s| s.to_string()).collect(),
        secondary: secondary.map(|s| s.to_string()).collect(),
        options: lines
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect(),
    }
}

/// Checks one printed solution by the rules: every line is an option of
/// the file, every primary item is covered exactly once and every secondary
/// item at most once.
fn check_solution(xc: &Xc, block: &str) {
    let mut covered: HashMap<&str, usize> = HashMap::new();
    for line in block.lines() {
        assert!(
            xc.options.contains(line),
            "printed line {line:?} is not an option of the input"
        );
        for item in line.split(' ') {
            *covered.entry(item).or_default() += 1;
        }
    }
    for p in &xc.primary {
        assert_eq!(
            covered.get(p.as_str()),
            Some(&1),
            "primary item {p} not covered exactly once in\n{block}"
        );
    }
    for s in &xc.secondary {
        assert!(
            covered.get(s.as_str()).copied().unwrap_or(0) <= 1,
            "secondary item {s} covered twice in\n{block}"
        );
    }
    let known = covered
        .keys()
        .all(|k| xc.primary.iter().chain(&xc.secondary).any(|n| n == k));
    assert!(known, "unknown item in\n{block}");
}

/// Splits `--print` output into solution blocks, checking the layout: every
/// line ends with a newline, blocks are separated by exactly one blank line.
fn blocks(stdout: &str) -> Vec<&str> {
    if stdout.is_empty() {
        return Vec::new();
    }
    assert!(stdout.ends_with('\n') && !stdout.ends_with("\n\n"));
    assert!(!stdout.starts_with('\n') && !stdout.contains("\n\n\n"));
    stdout.split("\n\n").collect()
}

/// Checks every block by the rules and that no solution is printed twice.
fn check_printed(name: &str, stdout: &str) -> usize {
    let xc = read_xc(name);
    let blocks = blocks(stdout);
    let mut seen = HashSet::new();
    for b in &blocks {
        check_solution(&xc, b);
        let mut key: Vec<&str> = b.lines().collect();
        key.sort_unstable();
        assert!(seen.insert(key), "solution printed twice:\n{b}");
    }
    blocks.len()
}

#[test]
fn library_counts_and_stats_match_the_table() {
    let mut checked = 0;
    for r in counts().iter().filter(|r| r.nodes <= 300_000) {
        let config = Config {
            stats: true,
            ..file_config(&r.file)
        };
        let (exit, out, err) = run_lib(&config, b"");
        assert_eq!(exit, Exit::Success, "{}: {err}", r.file);
        assert_eq!(out, format!("{}\n", r.solutions), "{}", r.file);
        let last = err.lines().last().expect("a stats line");
        assert_stats_line(last, r.solutions, r.nodes, r.updates, None);
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} files checked");
}

#[test]
fn binary_counts_match_the_table() {
    for file in [
        "xc_wikipedia.dlx",
        "xc_format.dlx",
        "xc_odd_cycle.dlx",
        "langford7.dlx",
        "dom6x6_mut.dlx",
        "sudoku_multi30.dlx",
    ] {
        let (code, out, err) = run_bin(&[&path_arg(file)], None);
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(out, format!("{}\n", row(file).solutions), "{file}");
        assert_eq!(err, "", "{file}");
    }
}

#[test]
fn reads_standard_input() {
    let input = std::fs::read(xc("queens8.dlx")).expect("queens8.dlx");
    for args in [&[][..], &["-"][..]] {
        let (code, out, err) = run_bin(args, Some(input.clone()));
        assert_eq!((code, out.as_str(), err.as_str()), (0, "92\n", ""));
    }
    let (exit, out, _) = run_lib(&Config::default(), &input);
    assert_eq!((exit, out.as_str()), (Exit::Success, "92\n"));
}

#[test]
fn arguments_become_the_config() {
    Args::command().debug_assert();
    let parse = |args: &[&str]| Args::try_parse_from(args).map(Args::config);
    assert_eq!(parse(&["dlx"]).unwrap(), Config::default());
    assert_eq!(parse(&["dlx", "-"]).unwrap().inputs, [Input::Stdin]);
    let c = parse(&[
        "dlx",
        "p.dlx",
        "--print",
        "--limit",
        "3",
        "--max-nodes",
        "10",
        "--stats",
    ])
    .unwrap();
    let expected = Config {
        inputs: vec![Input::File(PathBuf::from("p.dlx"))],
        print: true,
        limit: Some(3),
        max_nodes: Some(10),
        stats: true,
        ..Config::default()
    };
    assert_eq!(c, expected);
    assert!(parse(&["dlx", "--limit", "0"]).is_err());
    assert!(parse(&["dlx", "--max-nodes", "0"]).is_err());
    assert!(parse(&["dlx", "--limit", "x"]).is_err());
    // Several files: each answered in turn, labelled as -H does.
    let c = parse(&["dlx", "a", "-", "b"]).unwrap();
    assert_eq!(
        c.inputs,
        [
            Input::File(PathBuf::from("a")),
            Input::Stdin,
            Input::File(PathBuf::from("b"))
        ]
    );
    assert!(c.with_filename);
    assert!(!parse(&["dlx", "a"]).unwrap().with_filename);
    assert!(parse(&["dlx", "-H", "a"]).unwrap().with_filename);
    let c = parse(&["dlx", "-n", "--print", "a"]).unwrap();
    assert!(c.line_numbers && !c.with_filename);
    // -n numbers printed options: without --print it is a usage error.
    assert!(parse(&["dlx", "-n", "a"]).is_err());
}

#[test]
fn prints_the_wikipedia_cover() {
    let (code, out, err) = run_bin(&["--print", &path_arg("xc_wikipedia.dlx")], None);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort_unstable();
    assert_eq!(lines, ["1 4", "2 7", "3 5 6"]);
    assert_eq!(check_printed("xc_wikipedia.dlx", &out), 1);
}

#[test]
fn printed_solutions_obey_the_rules() {
    for file in ["xc_secondary.dlx", "xc_format.dlx", "queens8.dlx"] {
        let (code, out, err) = run_bin(&["--print", &path_arg(file)], None);
        assert_eq!((code, err.as_str()), (0, ""), "{file}");
        let n = check_printed(file, &out);
        assert_eq!(n as u64, row(file).solutions, "{file}");
    }
}

#[test]
fn print_with_no_solution_writes_nothing() {
    let config = Config {
        print: true,
        stats: true,
        ..file_config("xc_odd_cycle.dlx")
    };
    let (exit, out, err) = run_lib(&config, b"");
    // A solution was asked for and there is none: status 1 (a count of 0
    // is an answer, status 0).
    assert_eq!((exit, exit.code(), out.as_str()), (Exit::NoSolution, 1, ""));
    let r = row("xc_odd_cycle.dlx");
    assert_stats_line(err.trim_end(), 0, r.nodes, r.updates, None);
}

#[test]
fn limit_stops_after_n_solutions() {
    let q8 = path_arg("queens8.dlx");
    let (code, out, err) = run_bin(&["--limit", "5", &q8], None);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "5\n", ""));
    // A limit above the count changes nothing.
    let (code, out, err) = run_bin(&["--limit", "1000", "--stats", &q8], None);
    assert_eq!((code, out.as_str()), (0, "92\n"));
    assert_eq!(err.lines().count(), 1);
    assert_stats_line(err.trim_end(), 92, 1049, 16680, None);

    let (code, out, err) = run_bin(&["-p", "-l", "2", "-s", &q8], None);
    assert_eq!(code, 0);
    assert_eq!(check_printed("queens8.dlx", &out), 2);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_eq!(
        lines[0],
        "dlx: stopped at the limit of 2 solutions (there may be more)"
    );
    assert!(lines[1].starts_with("solutions=2 nodes="), "{err}");
}

#[test]
fn time_limit_gives_a_lower_bound_and_status_1() {
    let lf = path_arg("langford12.dlx");
    let full = row("langford12.dlx");
    for threads in ["1", "2"] {
        // A limit of 0 stops every search before its first node.
        let (code, out, err) = run_bin(&["--time-limit", "0", "-j", threads, "--stats", &lf], None);
        assert_eq!(code, 1, "-j {threads}: {err}");
        assert_eq!(out, "0+\n", "-j {threads}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines[0], "dlx: time limit reached after 0 nodes", "{err}");
        assert_eq!(
            lines[1].split(" seconds=").next(),
            Some("solutions=0 nodes=0 updates=0 guesses=0")
        );

        // A limit far away changes nothing.
        let (code, out, err) = run_bin(&["--time-limit", "1e6", "-j", threads, &lf], None);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("{}\n", full.solutions));
        assert_eq!(err, "");
    }
    // A limit part of the way: a lower bound (or, on a very fast machine,
    // the whole count).
    let (code, out, err) = run_bin(&["--time-limit", "0.02", &lf], None);
    match out.strip_suffix("+\n") {
        Some(partial) => {
            assert_eq!(code, 1, "{err}");
            assert!(partial.parse::<u64>().expect("a count") < full.solutions);
            assert!(err.starts_with("dlx: time limit reached after "), "{err}");
        }
        None => assert_eq!((code, out), (0, format!("{}\n", full.solutions))),
    }
    // With --print the solutions found in time are all valid.
    let config = Config {
        print: true,
        time_limit: Some(std::time::Duration::ZERO),
        ..file_config("queens8.dlx")
    };
    let (exit, out, err) = run_lib(&config, b"");
    assert_eq!((exit, exit.code()), (Exit::TimeLimit, 1));
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("", "dlx: time limit reached after 0 nodes\n")
    );

    for bad in ["-1", "abc", "1e30", "", "NaN"] {
        let (code, _, err) = run_bin(&[&format!("--time-limit={bad}"), &lf], None);
        assert_eq!(code, 2, "--time-limit {bad:?}: {err}");
        assert!(err.contains("--time-limit"), "{err}");
    }
}

#[test]
fn a_seed_reorders_the_solutions_but_never_the_count() {
    for name in ["queens8.dlx", "langford8.dlx", "xc_secondary.dlx"] {
        let path = path_arg(name);
        let full = row(name);
        let (code, plain, _) = run_bin(&["--print", &path], None);
        assert_eq!(code, 0);
        let mut plain_blocks: Vec<String> = blocks(&plain).into_iter().map(sorted_block).collect();
        plain_blocks.sort();
        let mut orders = HashSet::new();
        for seed in ["0", "1", "2", "18446744073709551615"] {
            let (code, out, err) = run_bin(&["--seed", seed, "--print", &path], None);
            assert_eq!(code, 0, "{err}");
            assert_eq!(
                check_printed(name, &out) as u64,
                full.solutions,
                "{name} seed {seed}"
            );
            // The same solutions as the unseeded run, as sets of options.
            let mut seeded: Vec<String> = blocks(&out).into_iter().map(sorted_block).collect();
            seeded.sort();
            assert_eq!(seeded, plain_blocks, "{name} seed {seed}");
            // The same seed gives the same run.
            let (_, again, _) = run_bin(&["--seed", seed, "--print", &path], None);
            assert_eq!(again, out, "{name} seed {seed}");
            let (_, count, _) = run_bin(&["--seed", seed, &path], None);
            assert_eq!(count, format!("{}\n", full.solutions));
            orders.insert(out);
        }
        if full.solutions > 2 {
            assert!(orders.len() > 1, "{name}: every seed gave the same order");
        }
    }
    for bad in ["-1", "x", "18446744073709551616"] {
        let (code, _, err) = run_bin(&[&format!("--seed={bad}"), &path_arg("queens8.dlx")], None);
        assert_eq!(code, 2, "--seed {bad}: {err}");
    }
}

/// A printed solution's lines, sorted: the solution as a set of options.
fn sorted_block(block: &str) -> String {
    let mut lines: Vec<&str> = block.lines().collect();
    lines.sort_unstable();
    lines.join("\n")
}

#[test]
fn every_rule_counts_the_same_and_dlx1_counts_as_knuth() {
    let rules = Branching::ALL.map(|r| r.name());
    for name in [
        "queens8.dlx",
        "langford8.dlx",
        "dom6x6.dlx",
        "xc_secondary.dlx",
    ] {
        let path = path_arg(name);
        let full = row(name);
        for rule in rules {
            // The solutions and nodes of the one-thread run.
            let mut one = String::new();
            for threads in ["1", "2"] {
                let (code, out, err) =
                    run_bin(&["--rule", rule, "-j", threads, "--stats", &path], None);
                assert_eq!(code, 0, "{name} --rule {rule}: {err}");
                assert_eq!(out, format!("{}\n", full.solutions), "{name} --rule {rule}");
                let last = err.lines().last().unwrap_or_default();
                let counts: String = last.split(" updates=").next().unwrap_or_default().into();
                if rule == "dlx1" && threads == "1" {
                    assert_stats_line(last, full.solutions, full.nodes, full.updates, None);
                }
                if threads == "1" {
                    one = counts;
                } else if !Branching::from_name(rule).is_some_and(|r| r.drops_dead_ends()) {
                    // As `dlx --help` promises: threads add the covering
                    // of each task's choices to the updates, not to the
                    // nodes, except under early (and fast, early here).
                    assert_eq!(counts, one, "{name} --rule {rule} -j 2: {last}");
                } else {
                    let solutions = format!("solutions={} nodes=", full.solutions);
                    assert!(last.starts_with(&solutions), "{name} -j 2: {last}");
                }
            }
        }
        // The solutions printed under each rule are the same set.
        let (_, dlx1, _) = run_bin(&["--print", &path], None);
        let mut expected: Vec<String> = blocks(&dlx1).into_iter().map(sorted_block).collect();
        expected.sort();
        for rule in rules {
            let (_, out, _) = run_bin(&["--rule", rule, "--print", &path], None);
            let mut got: Vec<String> = blocks(&out).into_iter().map(sorted_block).collect();
            got.sort();
            assert_eq!(got, expected, "{name} --rule {rule}");
        }
    }
    let (code, _, err) = run_bin(&["--rule", "fastest", &path_arg("queens8.dlx")], None);
    assert_eq!(code, 2);
    let names = rules.join(", ");
    assert!(
        err.contains(&format!("[possible values: {names}]\n")),
        "{err}"
    );
    let listed = err.split("possible values:").nth(1).unwrap_or_default();
    let listed = listed.split(']').next().unwrap_or_default();
    assert_eq!(listed.matches("fast").count(), 1, "{err}");
}

#[test]
fn node_limit_gives_a_lower_bound_and_status_1() {
    let q8 = path_arg("queens8.dlx");
    let (code, out, err) = run_bin(&["--max-nodes", "500", "--stats", &q8], None);
    assert_eq!(code, 1, "{err}");
    let partial: u64 = out
        .strip_suffix("+\n")
        .unwrap_or_else(|| panic!("count {out:?} without '+'"))
        .parse()
        .expect("a count");
    assert!(partial < 92, "{partial}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    let nodes: u64 = lines[0]
        .strip_prefix("dlx: search limit reached after ")
        .and_then(|s| s.strip_suffix(" nodes"))
        .unwrap_or_else(|| panic!("{:?}", lines[0]))
        .parse()
        .expect("a node count");
    // Nodes count search-tree nodes plus one per solution, so the search can
    // pass the limit by the one solution found at the last node.
    assert!((500..=501).contains(&nodes), "{nodes}");
    let stats_prefix = format!("solutions={partial} nodes={nodes} updates=");
    assert!(lines[1].starts_with(&stats_prefix), "{err}");

    // With --print the solutions found so far are all valid.
    let config = Config {
        print: true,
        max_nodes: Some(500),
        ..file_config("queens8.dlx")
    };
    let (exit, out, err) = run_lib(&config, b"");
    assert_eq!(exit, Exit::NodeLimit);
    assert_eq!(exit.code(), 1);
    assert_eq!(check_printed("queens8.dlx", &out) as u64, partial);
    assert_eq!(
        err,
        format!("dlx: search limit reached after {nodes} nodes\n")
    );
}

#[test]
fn stats_line_for_queens8() {
    let (code, out, err) = run_bin(&["--stats", &path_arg("queens8.dlx")], None);
    assert_eq!((code, out.as_str()), (0, "92\n"));
    assert!(err.ends_with('\n') && err.lines().count() == 1, "{err:?}");
    assert_stats_line(err.trim_end(), 92, 1049, 16680, None);
}

#[test]
fn warns_about_options_without_primary_items() {
    let name = "xc_secondary_only_option.dlx";
    let (code, out, err) = run_bin(&[&path_arg(name)], None);
    assert_eq!((code, out.as_str()), (0, "2\n"));
    assert_eq!(
        err,
        format!("{}:5: option ignored (no primary items)\n", path_arg(name))
    );
    let input = std::fs::read(xc(name)).expect("file");
    let (_, _, err) = run_bin(&[], Some(input));
    assert_eq!(err, "<stdin>:5: option ignored (no primary items)\n");
}

#[test]
fn malformed_input_names_line_and_column() {
    let input = b"| two items\na b\nb a\na  c\n";
    let (code, out, err) = run_bin(&[], Some(input.to_vec()));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "<stdin>:4:4: unknown item 'c' (not in the item line)\n"
    );

    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dlx_cli_malformed.dlx");
    std::fs::write(&path, input).expect("temporary file");
    let path = path.to_str().expect("UTF-8 path");
    let (code, out, err) = run_bin(&[path], None);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with(&format!("{path}:4:4: ")), "{err}");

    // A whole-line error has no column; a file of comments only is
    // reported at its last line.
    let (exit, out, err) = run_lib(&Config::default(), b"| only a comment\n");
    assert_eq!((exit, out.as_str()), (Exit::BadInput, ""));
    assert!(err.starts_with("<stdin>:1: no item line"), "{err}");
    let (_, _, err) = run_lib(&Config::default(), b"| a comment\n\n| another\n");
    assert!(err.starts_with("<stdin>:3: no item line"), "{err}");
    // Not UTF-8: still an error, not a panic.
    let (exit, _, err) = run_lib(&Config::default(), b"a b\na \xff\n");
    assert_eq!(exit, Exit::BadInput);
    assert!(err.starts_with("<stdin>:2:3: "), "{err}");
}

#[test]
fn unreadable_input_is_status_2() {
    let missing = xc("no_such_file.dlx");
    let missing = missing.to_str().expect("UTF-8 path");
    let (code, out, err) = run_bin(&[missing], None);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(&format!("dlx: cannot open {missing}: ")),
        "{err}"
    );
    // A directory opens but cannot be read.
    let dir = xc_dir();
    let (exit, out, err) = run_lib(
        &Config {
            inputs: vec![Input::File(dir.clone())],
            ..Config::default()
        },
        b"",
    );
    assert_eq!((exit, out.as_str()), (Exit::Failure, ""));
    assert!(
        err.starts_with(&format!("dlx: {}: ", dir.display())),
        "{err}"
    );
}

#[test]
fn usage_errors_are_status_2() {
    for args in [&["--limit", "0"][..], &["--bogus"], &["-n"]] {
        let (code, out, _) = run_bin(args, None);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
    }
}

#[test]
fn help_documents_the_interface() {
    let (code, out, _) = run_bin(&["--help"], None);
    assert_eq!(code, 0);
    for needle in [
        "[FILE]",
        "--print",
        "--limit <N>",
        "--max-nodes <N>",
        "--stats",
        "solutions=S nodes=N updates=U guesses=G seconds=T.TTT",
        "SOURCE:LINE:COL: message",
        "option ignored (no primary items)",
        "'1234+'",
        "Exit status (",
        "-H, --with-filename",
        "-n, --line-numbers",
        "  0  ",
        "  1  ",
        "  2  ",
    ] {
        assert!(out.contains(needle), "--help lacks {needle:?}");
    }
}

/// A writer that accepts `room` bytes, then fails with `kind`.
struct Failing {
    room: usize,
    kind: io::ErrorKind,
}

impl Write for Failing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::from(self.kind));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_errors() {
    let config = Config {
        print: true,
        stats: true,
        ..file_config("queens10.dlx")
    };
    let mut err = Vec::new();
    let out = Failing {
        room: 100,
        kind: io::ErrorKind::BrokenPipe,
    };
    assert_eq!(run(&config, &b""[..], out, &mut err), Exit::Success);
    assert_eq!(String::from_utf8_lossy(&err), "");

    let mut err = Vec::new();
    let out = Failing {
        room: 100,
        kind: io::ErrorKind::StorageFull,
    };
    assert_eq!(run(&config, &b""[..], out, &mut err), Exit::Failure);
    let err = String::from_utf8(err).expect("UTF-8");
    assert!(err.starts_with("dlx: cannot write the output: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn closed_pipe_ends_quietly() {
    // queens12 prints megabytes, far more than a pipe holds, so dlx is still
    // writing when the reader goes away.
    let (first, out) = crate::common::first_line_then_close(
        std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["--print", &path_arg("queens12.dlx")]),
    );
    assert!(first.starts_with('r'), "{first:?}");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// The parts of a split search tree, counted by separate workers, add up to
/// the sequential count; so does a count on several threads.
#[test]
fn parts_and_threads_give_the_sequential_count() {
    for (file, expected) in [
        ("queens10.dlx", 724),
        ("langford8.dlx", 300),
        ("pent3x20.dlx", 8),
        ("dom6x6.dlx", 6728),
        ("sudoku_multi30.dlx", 30),
        ("xc_secondary.dlx", 6),
        ("xc_odd_cycle.dlx", 0),
    ] {
        let path = path_arg(file);
        for (depth, workers) in [(1, 2), (3, 3), (5, 4)] {
            let mut total = 0u64;
            for i in 0..workers {
                let part = format!("{i}/{workers}");
                let (code, out, err) = run_bin(
                    &["--split-depth", &depth.to_string(), "--part", &part, &path],
                    None,
                );
                assert_eq!((code, err.as_str()), (0, ""), "{file} part {part}");
                total += out.trim().parse::<u64>().unwrap();
            }
            assert_eq!(
                total, expected,
                "{file} at depth {depth} over {workers} workers"
            );
        }
        let (code, out, _) = run_bin(&["--threads", "2", &path], None);
        assert_eq!(
            (code, out.trim()),
            (0, expected.to_string().as_str()),
            "{file} -j 2"
        );
    }
}

#[test]
fn list_parts_prints_the_count_then_one_line_per_part() {
    let (code, out, err) = run_bin(
        &[
            "--split-depth",
            "1",
            "--list-parts",
            &path_arg("queens8.dlx"),
        ],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let mut lines = out.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let parts: Vec<&str> = lines.collect();
    assert_eq!(parts.len(), n);
    // Depth 1 branches on the first item of minimum length: r4 (8 options).
    assert_eq!(n, 8);
    for p in parts {
        // One option per part, named by its input line.
        let line: usize = p.parse().unwrap();
        assert!(line > 3);
    }
}

#[test]
fn parts_and_threads_reject_incompatible_options() {
    for args in [
        &["--part", "0/2", "f.dlx"][..],
        &["--list-parts", "f.dlx"],
        &["--split-depth", "2", "--print", "f.dlx"],
        &["--threads", "2", "--limit", "3", "f.dlx"],
        &["--split-depth", "2", "--part", "2/2", "f.dlx"],
        &["--split-depth", "2", "--part", "x", "f.dlx"],
    ] {
        let mut argv = vec!["dlx"];
        argv.extend_from_slice(args);
        assert!(Args::try_parse_from(&argv).is_err(), "{args:?}");
    }
}

fn xcc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-core/tests/data/xcc")
        .join(name);
    path.to_str().expect("UTF-8 path").to_string()
}

/// The first example: two options that share a secondary item with
/// one color; DLX1 syntax rejected it before colors were read.
#[test]
fn colors_are_read_and_printed_as_written() {
    let input = b"a b | x\na x:1\nb x:1\n".to_vec();
    let (code, out, err) = run_bin(&["--print"], Some(input.clone()));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "a x:1\nb x:1\n", "")
    );
    let (code, out, _) = run_bin(&[], Some(b"a b | x\na x:1\nb x:2\n".to_vec()));
    assert_eq!((code, out.as_str()), (0, "0\n"));
    // The stats line keeps its format; DLX2's figures.
    let (code, _, err) = run_bin(&["--stats", &xcc("xcc_chain.dlx")], None);
    assert_eq!(code, 0);
    assert_stats_line(err.lines().last().unwrap(), 3, 9, 20, None);
}

/// Bounds: the count and DLX3's statistics; printed solutions are sets of
/// options within the bounds.
#[test]
fn multiplicities_are_read() {
    let (code, _, err) = run_bin(&["--stats", &xcc("mcc_mixed.dlx")], None);
    assert_eq!(code, 0);
    // The guesses are the library's, counted under bounds too (they were
    // printed as 0 before).
    let text = std::fs::read(xcc("mcc_mixed.dlx")).unwrap();
    let mut file = dlx_core::text::parse(&text[..]).unwrap();
    let mut solver = file.problem.solver();
    solver.count(None);
    let guesses = solver.stats().guesses;
    assert!(guesses > 0);
    assert_stats_line(err.lines().last().unwrap(), 5, 13, 23, Some(guesses));
    // Two queens per row and column of a 3x3 board... with at most 2 per
    // line: 6 ways to place 6 queens (the complements of the permutations).
    let mut input = String::from("2|r0 2|r1 2|r2 2|c0 2|c1 2|c2\n");
    for r in 0..3 {
        for c in 0..3 {
            input.push_str(&format!("r{r} c{c}\n"));
        }
    }
    let (code, out, _) = run_bin(&[], Some(input.clone().into_bytes()));
    assert_eq!((code, out.as_str()), (0, "6\n"));
    let (code, out, _) = run_bin(&["--print", "--limit", "1"], Some(input.into_bytes()));
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 6, "{out}");
}

#[test]
fn color_and_bound_errors_name_line_and_column() {
    for (input, message) in [
        (
            "a | x\na:1 x\n",
            "<stdin>:2:1: item 'a' is primary and cannot take a color",
        ),
        (
            "a | x\na x:12\n",
            "<stdin>:2:5: color '12' is more than one character",
        ),
        (
            "a | x\na x:1 x:1\n",
            "<stdin>:2:7: item 'x' appears twice in this option",
        ),
        (
            "3:2|a\na\n",
            "<stdin>:1:1: bounds 3:2: the lower bound exceeds the upper",
        ),
        ("0|a\na\n", "<stdin>:1:1: upper bound 0"),
        (
            "a | 2|x\na\n",
            "<stdin>:1:5: item 'x' is secondary and cannot have bounds",
        ),
    ] {
        let (code, out, err) = run_bin(&[], Some(input.as_bytes().to_vec()));
        assert_eq!((code, out.as_str()), (2, ""), "{input:?}");
        assert!(err.starts_with(message), "{input:?}: {err}");
    }
}

/// Limits, threads and parts on colored and bounded files: the counts of
/// parts add up, and the threads count what one thread counts.
#[test]
fn limits_threads_and_parts_on_colored_and_bounded_files() {
    for (file, expected) in [
        ("latin_n6_g12.dlx", 17),
        ("graeco_n4.dlx", 6912),
        ("edge_r3x4_c3.dlx", 416),
        ("kq_n6_2_d2.dlx", 1097),
        ("tetro_1to2_4x7.dlx", 240),
    ] {
        let path = xcc(file);
        let mut total = 0u64;
        let mut workers_with_solutions = 0;
        for i in 0..3 {
            let part = format!("{i}/3");
            let (code, out, err) = run_bin(&["--split-depth", "3", "--part", &part, &path], None);
            assert_eq!((code, err.as_str()), (0, ""), "{file} part {part}");
            let count = out.trim().parse::<u64>().unwrap();
            total += count;
            workers_with_solutions += usize::from(count > 0);
            // On two threads, the same partial count.
            let (_, out2, _) = run_bin(
                &["-j", "2", "--split-depth", "3", "--part", &part, &path],
                None,
            );
            assert_eq!(out2, out, "{file} part {part} -j 2");
        }
        assert_eq!(total, expected, "{file} in parts");
        // The parts are listed one per line, after their number; bounded
        // problems are cut too (their parts are paths of moves).
        let (code, listed, _) = run_bin(&["--split-depth", "3", "--list-parts", &path], None);
        assert_eq!(code, 0);
        let mut lines = listed.lines();
        let n: usize = lines.next().unwrap().parse().unwrap();
        assert_eq!(lines.count(), n, "{file}");
        if file.starts_with("kq") || file.starts_with("tetro") {
            assert!(n > 3, "{file}: {n} parts");
            assert!(workers_with_solutions > 1, "{file}: one worker did all");
        }
        let (code, out, err) = run_bin(&["-j", "2", "--stats", &path], None);
        let (_, _, seq) = run_bin(&["--stats", &path], None);
        assert_eq!(
            (code, out.trim()),
            (0, expected.to_string().as_str()),
            "{file} -j 2"
        );
        let nodes = |e: &str| e.split_whitespace().nth(1).map(str::to_string);
        assert_eq!(nodes(&err), nodes(&seq), "{file}: nodes of -j 2");
        let (code, out, _) = run_bin(&["--limit", "3", &path], None);
        assert_eq!((code, out.trim()), (0, "3"), "{file} --limit 3");
        let (code, out, _) = run_bin(&["--max-nodes", "5", &path], None);
        assert_eq!(code, 1, "{file} --max-nodes 5");
        assert!(out.trim().ends_with('+'), "{file}: {out}");
    }
}

#[test]
fn stats_guesses_are_the_librarys() {
    for name in ["queens8.dlx", "langford8.dlx", "xc_odd_cycle.dlx"] {
        let path = xc(name);
        let text = std::fs::read(&path).expect("the file");
        let mut problem = dlx_core::text::parse(&text).expect("a valid file").problem;
        let want = problem.count_with_stats();
        let r = row(name);
        assert_eq!((want.nodes, want.updates), (r.nodes, r.updates), "{name}");
        let (code, _, err) = run_bin(&["--stats", &path_arg(name)], None);
        assert!(code == 0 || code == 1, "{name}: {err}");
        let last = err.lines().last().unwrap_or_default();
        assert_stats_line(
            last,
            want.solutions,
            want.nodes,
            want.updates,
            Some(want.guesses),
        );
    }
}

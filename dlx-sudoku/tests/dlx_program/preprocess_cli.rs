//! `dlx --preprocess`, as a real process and through `programs::dlx::run`: the
//! counts of the data files are unchanged, printed solutions are options of
//! the input as written (checked by the rules of colors, read here without
//! dlx-core) and the same set as without preprocessing, and every other
//! flag keeps working on the reduced problem.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use clap::Parser;
use dlx_sudoku::programs::dlx::{run, Args, Config, Exit};

fn data(dir: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-core/tests/data")
        .join(dir)
        .join(name)
}

fn arg(dir: &str, name: &str) -> String {
    data(dir, name).to_str().expect("UTF-8 path").to_string()
}

/// Runs the binary and returns its exit status, stdout and stderr.
fn run_bin(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    crate::common::run_dlx(args, stdin.map(str::as_bytes))
}

/// The numbers of the preprocessing line: options removed and in all,
/// items removed and in all; checks its form.
fn removed(stderr: &str) -> (usize, usize, usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("dlx: preprocessing removed "))
        .unwrap_or_else(|| panic!("no preprocessing line in {stderr:?}"));
    let words: Vec<&str> = line.split(' ').collect();
    // dlx: preprocessing removed R of N options and I of M items in T s
    assert_eq!(
        (words[4], words[6], words[7], words[9], words[11], words[12]),
        ("of", "options", "and", "of", "items", "in"),
        "{line}"
    );
    assert_eq!(words[14], "s", "{line}");
    let (whole, frac) = words[13].split_once('.').expect("seconds with decimals");
    assert!(whole.parse::<u64>().is_ok() && frac.len() == 3, "{line}");
    let n = |i: usize| words[i].parse::<usize>().expect("a count");
    (n(3), n(5), n(8), n(10))
}

/// A problem file read without dlx-core: primary item names with their
/// bounds, secondary item names, and the option lines, normalised to
/// single spaces.
struct Text {
    primary: HashMap<String, (usize, usize)>,
    secondary: HashSet<String>,
    options: Vec<String>,
}

fn read_text(text: &str) -> Text {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|'));
    let header: Vec<&str> = lines
        .next()
        .expect("item line")
        .split_whitespace()
        .collect();
    let bar = header
        .iter()
        .position(|&w| w == "|")
        .unwrap_or(header.len());
    let primary = header[..bar]
        .iter()
        .map(|w| match w.rsplit_once('|') {
            None => (w.to_string(), (1, 1)),
            Some((b, name)) => {
                let (lo, hi) = b.split_once(':').unwrap_or((b, b));
                (name.to_string(), (lo.parse().unwrap(), hi.parse().unwrap()))
            }
        })
        .collect();
    Text {
        primary,
        secondary: header[bar..]
            .iter()
            .skip(1)
            .map(|s| s.to_string())
            .collect(),
        options: lines
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect(),
    }
}

/// Checks one printed solution by the rules: every line is an option of
/// the input as written; every primary item within its bounds; every
/// secondary item in one option, or in several of one color. Returns the
/// solution as a sorted set of lines.
fn check_solution(t: &Text, block: &str) -> BTreeSet<String> {
    let mut count: HashMap<&str, usize> = HashMap::new();
    let mut colors: HashMap<&str, Vec<Option<&str>>> = HashMap::new();
    for line in block.lines() {
        assert!(t.options.iter().any(|o| o == line), "{line:?} is no option");
        for entry in line.split(' ') {
            let (name, color) = match entry.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (entry, None),
            };
            if t.primary.contains_key(name) {
                *count.entry(name).or_default() += 1;
            } else {
                assert!(t.secondary.contains(name), "unknown item {name}");
                colors.entry(name).or_default().push(color);
            }
        }
    }
    for (name, &(lo, hi)) in &t.primary {
        let n = count.get(name.as_str()).copied().unwrap_or(0);
        assert!((lo..=hi).contains(&n), "{name} in {n} options:\n{block}");
    }
    for (name, c) in &colors {
        assert!(
            c.len() == 1 || (c[0].is_some() && c.iter().all(|x| x == &c[0])),
            "{name} clashes in\n{block}"
        );
    }
    let set: BTreeSet<String> = block.lines().map(str::to_string).collect();
    assert_eq!(set.len(), block.lines().count(), "an option twice");
    set
}

/// The solutions printed by `dlx --print ARGS`, each checked by the rules.
fn printed(args: &[&str], path: &str) -> HashSet<BTreeSet<String>> {
    let mut argv = vec!["--print"];
    argv.extend_from_slice(args);
    argv.push(path);
    let (code, out, _) = run_bin(&argv, None);
    // Status 1: no solution to print.
    assert_eq!(code, i32::from(out.is_empty()), "{argv:?}");
    let t = read_text(&std::fs::read_to_string(path).unwrap());
    let mut seen = HashSet::new();
    if !out.is_empty() {
        for block in out.trim_end_matches('\n').split("\n\n") {
            assert!(seen.insert(check_solution(&t, block)), "printed twice");
        }
    }
    seen
}

/// Files of both kinds with their known counts (from the COUNTS.txt of
/// each directory): the ones preprocessing changes most, and some it
/// leaves as they are.
const FILES: [(&str, &str, u64); 12] = [
    ("xc", "pent3x20.dlx", 8),
    ("xc", "sudoku_17clue_1046.dlx", 1),
    ("xc", "sudoku_multi30.dlx", 30),
    ("xc", "sudoku_unsolvable.dlx", 0),
    ("xc", "queens8.dlx", 92),
    ("xc", "xc_secondary_only_option.dlx", 2),
    ("xc", "xc_no_option_item.dlx", 0),
    ("xcc", "latin_n6_g12.dlx", 17),
    ("xcc", "kq_n6_2_d2.dlx", 1097),
    ("xcc", "mcc_mixed.dlx", 5),
    ("xcc", "wrect_3x3_a4w20.dlx", 375),
    ("xcc", "tetro_1to2_4x6.dlx", 16),
];

#[test]
fn counts_are_unchanged_and_the_removal_is_reported() {
    for (dir, name, expected) in FILES {
        let path = arg(dir, name);
        let (code, out, err) = run_bin(&["--preprocess", "--stats", &path], None);
        assert_eq!(
            (code, out.trim()),
            (0, expected.to_string().as_str()),
            "{name}"
        );
        let (r, n, i, m) = removed(&err);
        let t = read_text(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(n, t.options.len(), "{name}: options in all");
        assert_eq!(m, t.primary.len() + t.secondary.len(), "{name}: items");
        assert!(r <= n && i <= m);
        let stats = err.lines().last().unwrap();
        assert!(
            stats.starts_with(&format!("solutions={expected} nodes=")),
            "{stats}"
        );
    }
}

/// The counts of [`FILES`] are those of the COUNTS.txt tables (verified
/// there independently), not the program's own output.
#[test]
fn the_expected_counts_are_the_tables() {
    for (dir, name, expected) in FILES {
        let table = std::fs::read_to_string(data(dir, "COUNTS.txt")).unwrap();
        let row = table
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} in {dir}/COUNTS.txt"));
        let column = if dir == "xc" { 5 } else { 2 };
        let count: u64 = row.split_whitespace().nth(column).unwrap().parse().unwrap();
        assert_eq!(count, expected, "{name}");
    }
}

#[test]
fn printed_solutions_are_the_inputs_options_and_the_same_set() {
    for (dir, name, expected) in FILES {
        if expected > 400 {
            continue;
        }
        let path = arg(dir, name);
        let with = printed(&["--preprocess"], &path);
        assert_eq!(with.len() as u64, expected, "{name}");
        assert_eq!(with, printed(&[], &path), "{name}");
    }
}

/// Knuth's color example in DLX-PRE, on standard input: the option without
/// a primary item is warned about as usual, and the one solution is printed
/// with the options as written.
#[test]
fn knuths_color_example_from_stdin() {
    let input = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let (code, out, err) = run_bin(&["--preprocess", "--print"], Some(input));
    assert_eq!((code, out.as_str()), (0, "A C X:1 Y:1\nB X:1\n"));
    assert!(err.starts_with("<stdin>:4: option ignored (no primary items)\n"));
    assert_eq!(removed(&err), (3, 5, 3, 5));
}

#[test]
fn an_uncoverable_item_is_named_and_the_count_is_zero() {
    let input = "a b c | x\na x\nb x\nc\n";
    let (code, out, err) = run_bin(&["--preprocess"], Some(input));
    assert_eq!((code, out.as_str()), (0, "0\n"));
    assert!(
        err.contains("dlx: preprocessing: item b cannot be covered, so there is no solution"),
        "{err}"
    );
    assert_eq!(removed(&err), (3, 3, 3, 4));
    // Nothing to print where solutions were asked for: status 1.
    let (code, out, _) = run_bin(&["--preprocess", "--print"], Some(input));
    assert_eq!((code, out.as_str()), (1, ""));
}

#[test]
fn limits_threads_and_parts_work_on_the_reduced_problem() {
    let pent = arg("xc", "pent3x20.dlx");
    let (code, out, _) = run_bin(&["--preprocess", "--limit", "3", &pent], None);
    assert_eq!((code, out.as_str()), (0, "3\n"));
    let (code, out, err) = run_bin(&["--preprocess", "--max-nodes", "10", &pent], None);
    assert_eq!((code, out.as_str()), (1, "0+\n"));
    assert!(err.contains("search limit reached after 10 nodes"), "{err}");
    for j in ["2", "0"] {
        let (code, out, _) = run_bin(&["--preprocess", "-j", j, &pent], None);
        assert_eq!((code, out.as_str()), (0, "8\n"), "-j {j}");
    }
    for workers in [1, 3] {
        let mut total = 0;
        for i in 0..workers {
            let part = format!("{i}/{workers}");
            let (code, out, _) = run_bin(
                &["--preprocess", "--split-depth", "2", "--part", &part, &pent],
                None,
            );
            assert_eq!(code, 0);
            total += out.trim().parse::<u64>().unwrap();
        }
        assert_eq!(total, 8, "{workers} workers");
    }
}

/// `--list-parts` names options by their line in the input, so the lines it
/// gives are option lines of the file that preprocessing kept.
#[test]
fn listed_parts_name_input_lines() {
    let pent = arg("xc", "pent3x20.dlx");
    let (code, out, _) = run_bin(
        &["--preprocess", "--split-depth", "1", "--list-parts", &pent],
        None,
    );
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&pent).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut parts = out.lines();
    let n: usize = parts.next().unwrap().parse().unwrap();
    let parts: Vec<&str> = parts.collect();
    assert_eq!(parts.len(), n);
    // The reduced problem branches first on cell 10, which is left with 16
    // options, as many as the piece X, and comes first in the item line
    // (the original problem branches on X).
    assert_eq!(n, 16);
    for p in parts {
        let line: usize = p.parse().unwrap();
        let option = lines[line - 1];
        assert!(
            option.split(' ').any(|w| w == "10"),
            "line {line}: {option}"
        );
    }
}

#[test]
fn the_flag_reaches_the_config_and_the_help() {
    let config = Args::try_parse_from(["dlx", "--preprocess", "f.dlx"])
        .unwrap()
        .config();
    assert!(config.preprocess);
    let config = Args::try_parse_from(["dlx", "f.dlx"]).unwrap().config();
    assert!(!config.preprocess);
    let help = dlx_sudoku::programs::dlx::for_people()
        .render_long_help()
        .to_string();
    assert!(help.contains("--preprocess"), "{help}");
    assert!(
        help.contains("dlx: preprocessing removed R of N options"),
        "{help}"
    );
}

#[test]
fn the_library_entry_point_preprocesses_too() {
    let config = Config {
        print: true,
        preprocess: true,
        ..Config::default()
    };
    let input = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = run(&config, input.as_bytes(), &mut out, &mut err);
    assert_eq!(exit, Exit::Success);
    assert_eq!(String::from_utf8(out).unwrap(), "a d f\nb g\nc e\n");
    assert_eq!(removed(&String::from_utf8(err).unwrap()), (3, 6, 4, 7));
}

//! `dlx --min-cost`, through the real binary (and `programs::dlx::run`), on the
//! min-cost files of dlx-core's test data: the least cost, the `--best K`
//! costs and the search nodes come from their `ANSWERS.txt` (confirmed
//! there by independent methods and Knuth's DLX5); printed solutions are
//! checked by the rules against the file's lines, read here without
//! dlx-core.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use clap::Parser;
use dlx_sudoku::programs::dlx::{run, Args, Config, Exit};

fn cost_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-core/tests/data/cost")
        .join(name)
}

fn path_arg(name: &str) -> String {
    cost_file(name).to_str().expect("UTF-8 path").to_string()
}

/// Runs the binary and returns its exit status, stdout and stderr.
fn run_bin(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    crate::common::run_dlx(args, stdin.map(str::as_bytes))
}

/// One row of ANSWERS.txt: file, least cost (or `none`), the three best
/// costs, and DLX5's nodes at k = 1.
struct Answer {
    file: String,
    min_cost: String,
    best3: Vec<String>,
    nodes: u64,
}

/// The rows of the files that take the search well under a second.
fn answers() -> Vec<Answer> {
    let table = std::fs::read_to_string(cost_file("ANSWERS.txt")).expect("ANSWERS.txt");
    let quick: Vec<Answer> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f[5].parse::<f64>().unwrap() < 0.1)
        .map(|f| Answer {
            file: f[0].to_string(),
            min_cost: f[1].replace("none", "no solution"),
            best3: if f[2] == "-" {
                Vec::new()
            } else {
                f[2].split(',').map(String::from).collect()
            },
            nodes: f[4].parse().unwrap(),
        })
        .collect();
    assert!(quick.len() > 35, "{} quick files", quick.len());
    quick
}

/// A cost file read without dlx-core: the primary items, and for each
/// option line (its items as `--print` writes them) the costs of the
/// options written so.
struct CostFile {
    primary: Vec<String>,
    options: HashMap<String, Vec<u64>>,
}

fn read_cost_file(name: &str) -> CostFile {
    let text = std::fs::read_to_string(cost_file(name)).unwrap();
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
    let header = lines.next().unwrap();
    let primary = header.split('|').next().unwrap();
    let mut options: HashMap<String, Vec<u64>> = HashMap::new();
    for line in lines {
        let (costs, items): (Vec<&str>, Vec<&str>) =
            line.split_whitespace().partition(|t| t.starts_with('|'));
        let cost = costs.iter().map(|t| t[1..].parse::<u64>().unwrap()).sum();
        options.entry(items.join(" ")).or_default().push(cost);
    }
    CostFile {
        primary: primary.split_whitespace().map(String::from).collect(),
        options,
    }
}

/// Checks a printed block: its first line is `cost`, the others are
/// options of the file, each followed by its own cost (` |N`), that cover
/// every primary item once and whose costs add up to `cost`.
fn check_block(file: &CostFile, block: &str, cost: &str) {
    let mut lines = block.lines();
    assert_eq!(lines.next(), Some(cost), "{block}");
    let mut sum = 0;
    let mut covered: HashMap<&str, u32> = HashMap::new();
    for line in lines {
        let (items, own) = line
            .rsplit_once(" |")
            .unwrap_or_else(|| panic!("{line:?} does not end with its cost"));
        let own: u64 = own.parse().unwrap();
        let costs = file
            .options
            .get(items)
            .unwrap_or_else(|| panic!("{items:?} is not an option of the file"));
        assert!(costs.contains(&own), "{line:?}: no such option costs {own}");
        sum += own;
        for item in items.split(' ') {
            let name = item.split(':').next().unwrap();
            if file.primary.iter().any(|p| p == name) {
                *covered.entry(name).or_default() += 1;
            }
        }
    }
    assert_eq!(covered.len(), file.primary.len(), "{block}");
    assert!(covered.values().all(|&n| n == 1), "{block}");
    assert_eq!(sum, cost.parse::<u64>().unwrap(), "{block}");
}

/// The status of a min-cost run that finished: 1 for "no solution".
fn status(min_cost: &str) -> i32 {
    i32::from(min_cost == "no solution")
}

#[test]
fn min_cost_prints_the_least_cost_in_dlx5_nodes() {
    for a in answers() {
        let (code, out, err) = run_bin(&["--min-cost", "--stats", &path_arg(&a.file)], None);
        assert_eq!(code, status(&a.min_cost), "{}: {err}", a.file);
        assert_eq!(out, format!("{}\n", a.min_cost), "{}", a.file);
        let stats = err.lines().last().unwrap();
        assert!(
            stats.contains(&format!(" nodes={} ", a.nodes)),
            "{}: {stats}",
            a.file
        );
    }
}

#[test]
fn best_prints_the_k_least_costs() {
    for a in answers() {
        let (code, out, _) = run_bin(&["--min-cost", "--best", "3", &path_arg(&a.file)], None);
        assert_eq!(code, status(&a.min_cost), "{}", a.file);
        let want = if a.best3.is_empty() {
            "no solution\n".to_string()
        } else {
            a.best3.iter().map(|c| format!("{c}\n")).collect()
        };
        assert_eq!(out, want, "{}", a.file);
    }
}

#[test]
fn print_follows_each_cost_with_its_solution() {
    for a in answers() {
        let file = read_cost_file(&a.file);
        let path = path_arg(&a.file);
        let (code, out, _) = run_bin(&["--min-cost", "--print", &path], None);
        assert_eq!(code, status(&a.min_cost), "{}", a.file);
        if a.best3.is_empty() {
            assert_eq!(out, "no solution\n");
            continue;
        }
        assert!(!out.contains("\n\n"), "{}: one block", a.file);
        check_block(&file, &out, &a.min_cost);

        let (code, out, _) = run_bin(&["--min-cost", "--best", "3", "--print", &path], None);
        assert_eq!(code, 0);
        assert!(out.ends_with('\n') && !out.ends_with("\n\n") && !out.contains("\n\n\n"));
        let blocks: Vec<&str> = out.split("\n\n").collect();
        assert_eq!(blocks.len(), a.best3.len(), "{}", a.file);
        let mut seen = HashSet::new();
        for (block, cost) in blocks.iter().zip(&a.best3) {
            check_block(&file, block, cost);
            let mut lines: Vec<&str> = block.lines().skip(1).collect();
            lines.sort();
            // With its cost, each option line names one option, unless the
            // file repeats an option with the same items and cost: two
            // printed solutions read alike only then.
            let repeated = lines.iter().any(|l| {
                let (items, own) = l.rsplit_once(" |").unwrap();
                let own: u64 = own.parse().unwrap();
                file.options[items].iter().filter(|&&c| c == own).count() > 1
            });
            assert!(seen.insert(lines) || repeated, "{}: {block}", a.file);
        }
    }
}

/// Without `--min-cost` the costs are ignored: the count (and the printed
/// solutions) are those of the file with its cost tokens removed.
#[test]
fn plain_dlx_ignores_costs() {
    for name in [
        "e01_zero_cost.dlx",
        "a05_small.dlx",
        "e11_colors.dlx",
        "c03_langford11_weighted.dlx",
    ] {
        let text = std::fs::read_to_string(cost_file(name)).unwrap();
        let mut item_line = true;
        let stripped: String = text
            .lines()
            .map(|l| {
                if l.trim().is_empty() || l.trim_start().starts_with('|') || item_line {
                    item_line &= l.trim().is_empty() || l.trim_start().starts_with('|');
                    return format!("{l}\n");
                }
                let words: Vec<&str> = l
                    .split_whitespace()
                    .filter(|t| !t.starts_with('|'))
                    .collect();
                format!("{}\n", words.join(" "))
            })
            .collect();
        let with = run_bin(&[&path_arg(name)], None);
        let without = run_bin(&[], Some(&stripped));
        assert_eq!((with.0, &with.1), (without.0, &without.1), "{name}");
        assert!(with.1.trim().parse::<u64>().unwrap() > 0);
        let with = run_bin(&["--print", &path_arg(name)], None);
        let without = run_bin(&["--print"], Some(&stripped));
        assert_eq!(with.1, without.1, "{name}");
    }
}

/// `--disjoint-bound` prints the same, in no more nodes.
#[test]
fn the_disjoint_bound_gives_the_same_answers() {
    for a in answers()
        .iter()
        .filter(|a| a.file.starts_with(['c', 'd', 'b']))
    {
        let path = path_arg(&a.file);
        let plain = run_bin(&["--min-cost", "--best", "3", "--stats", &path], None);
        let pruned = run_bin(
            &[
                "--min-cost",
                "--best",
                "3",
                "--stats",
                "--disjoint-bound",
                &path,
            ],
            None,
        );
        assert_eq!((plain.0, &plain.1), (pruned.0, &pruned.1), "{}", a.file);
        let nodes = |err: &str| -> u64 {
            let stats = err.lines().last().unwrap();
            let n = stats
                .split(' ')
                .find_map(|w| w.strip_prefix("nodes="))
                .unwrap();
            n.parse().unwrap()
        };
        assert!(nodes(&pruned.2) <= nodes(&plain.2), "{}", a.file);
    }
}

#[test]
fn a_time_limit_gives_the_best_found_and_status_1() {
    let path = path_arg("c03_langford11_weighted.dlx");
    let (code, out, err) = run_bin(&["--min-cost", "--time-limit", "0", &path], None);
    assert_eq!((code, out.as_str()), (1, "no solution found\n"));
    assert!(err.contains("time limit reached after 0 nodes"), "{err}");
    let (code, out, _) = run_bin(&["--min-cost", "--time-limit", "1000", &path], None);
    assert_eq!((code, out.as_str()), (0, "361\n"));
}

/// Preprocessing keeps the costs: the same least costs on every file, and
/// the printed solutions are still the input's options at those costs.
#[test]
fn preprocessing_keeps_the_costs() {
    for a in answers() {
        let file = read_cost_file(&a.file);
        let path = path_arg(&a.file);
        let (code, out, _) = run_bin(&["--min-cost", "--best", "3", "--preprocess", &path], None);
        assert_eq!(code, status(&a.min_cost), "{}", a.file);
        let expected = if a.best3.is_empty() {
            "no solution\n".to_string()
        } else {
            a.best3.iter().map(|c| format!("{c}\n")).collect()
        };
        assert_eq!(out, expected, "{}", a.file);
        if !a.best3.is_empty() {
            let (_, out, _) = run_bin(&["--min-cost", "--print", "--preprocess", &path], None);
            check_block(&file, &out, &a.min_cost);
        }
    }
}

#[test]
fn a_node_limit_gives_the_best_found_and_status_1() {
    let path = path_arg("c03_langford11_weighted.dlx");
    let (code, out, err) = run_bin(&["--min-cost", "--max-nodes", "3", &path], None);
    assert_eq!((code, out.as_str()), (1, "no solution found\n"));
    assert!(err.contains("search limit reached after 3 nodes"), "{err}");
    let (code, out, err) = run_bin(&["--min-cost", "--max-nodes", "2000", &path], None);
    assert_eq!(code, 1, "{err}");
    let cost: u64 = out.trim().parse().unwrap();
    assert!(cost >= 361, "{cost} is below the least cost");
    // Enough nodes: the search ends.
    let (code, out, _) = run_bin(&["--min-cost", "--max-nodes", "1000000", &path], None);
    assert_eq!((code, out.as_str()), (0, "361\n"));
}

#[test]
fn cost_errors_name_line_and_column() {
    for (input, message) in [
        ("a b\na |-1\n", "<stdin>:2:4: expected a digit after '|'"),
        ("a b\na b |3|4\n", "<stdin>:2:7: character '|' in a cost"),
        ("a b\na |1x\n", "<stdin>:2:5: character 'x' in a cost"),
        ("a b\na | 3\n", "<stdin>:2:3: '|' in an option"),
        (
            "a\na |99999999999999999999\n",
            "<stdin>:2:3: cost 99999999999999999999 is too large",
        ),
    ] {
        for args in [&["--min-cost"][..], &[]] {
            let (code, out, err) = run_bin(args, Some(input));
            assert_eq!((code, out.as_str()), (2, ""), "{input:?}");
            assert!(err.starts_with(message), "{input:?}: {err}");
        }
    }
}

#[test]
fn min_cost_rejects_bounds_and_overflowing_totals() {
    let (code, out, err) = run_bin(&["--min-cost"], Some("2|a b\na |1\na b\n"));
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("dlx: <stdin>: ") && err.contains("bounds"),
        "{err}"
    );
    let input = "a b\na |18446744073709551615\nb |1\n";
    let (code, out, err) = run_bin(&["--min-cost"], Some(input));
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("too large"), "{err}");
    // The reader and the search agree on the largest cost: counting
    // refuses it too, at its place.
    let (code, out, err) = run_bin(&[], Some(input));
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("<stdin>:2:3: cost 18446744073709551615 is too large"),
        "{err}"
    );
    // Costs that could add past 2^64 - 2 but do not in any solution.
    let input = "a b c\na c |10000000000000000000\nb c |10000000000000000000\na\nb\n";
    let (code, out, _) = run_bin(&["--min-cost"], Some(input));
    assert_eq!(code, 0);
    assert!(out.contains("10000000000000000000"), "{out}");
}

#[test]
fn usage_errors_are_status_2() {
    for args in [
        &["--best", "3"][..],
        &["--min-cost", "--best", "0"],
        &["--min-cost", "--best", "x"],
        &["--min-cost", "-j", "2"],
        &["--min-cost", "--limit", "1"],
        &["--min-cost", "--split-depth", "1"],
        &["--disjoint-bound"],
    ] {
        let (code, out, _) = run_bin(args, Some("a\na\n"));
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
    }
}

#[test]
fn arguments_become_the_config() {
    let parse = |args: &[&str]| Args::try_parse_from(args).map(Args::config);
    assert_eq!(parse(&["dlx"]).unwrap().min_cost, None);
    assert_eq!(parse(&["dlx", "--min-cost"]).unwrap().min_cost, Some(1));
    let c = parse(&["dlx", "--min-cost", "--best", "7", "--print"]).unwrap();
    assert_eq!(
        (c.min_cost, c.print, c.disjoint_bound),
        (Some(7), true, false)
    );
    let c = parse(&["dlx", "--min-cost", "--disjoint-bound"]).unwrap();
    assert_eq!((c.min_cost, c.disjoint_bound), (Some(1), true));
}

/// The library entry point, and `Some(0)` from a caller that skips clap.
#[test]
fn the_library_entry_point_searches_min_cost() {
    let config = Config {
        min_cost: Some(2),
        ..Config::default()
    };
    let input = "a b\na |2\nb |3\na b |4\n";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        run(&config, input.as_bytes(), &mut out, &mut err),
        Exit::Success
    );
    assert_eq!(String::from_utf8(out).unwrap(), "4\n5\n");
    assert!(err.is_empty());
    let config = Config {
        min_cost: Some(0),
        ..config
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        run(&config, input.as_bytes(), &mut out, &mut err),
        Exit::BadInput
    );
    assert!(String::from_utf8(err).unwrap().contains("k >= 1"));
}

#[test]
fn help_documents_min_cost() {
    let (code, out, _) = run_bin(&["--help"], None);
    assert_eq!(code, 0);
    for needle in [
        "--min-cost",
        "--best <K>",
        "'no solution'",
        "costs (DLX5)",
        "'|N'",
    ] {
        assert!(out.contains(needle), "--help lacks {needle:?}");
    }
}

#[test]
fn closed_pipe_ends_quietly() {
    // Thousands of printed solutions: more than a pipe holds.
    let (first, out) = crate::common::first_line_then_close(
        std::process::Command::new(env!("CARGO_BIN_EXE_dlx")).args([
            "--min-cost",
            "--best",
            "20000",
            "--print",
            &path_arg("c03_langford11_weighted.dlx"),
        ]),
    );
    assert_eq!(first, "361\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

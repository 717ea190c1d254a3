//! `dlx-sudoku generate` and the library's generator. Every claim about a
//! generated puzzle (one solution, minimal, symmetric, so many clues) is
//! checked with the rules oracle of the `variants` tests, never with the
//! library's solver.

use clap::Parser;
use dlx_sudoku::format::{Format, Reader};
use dlx_sudoku::generate::{Generator, Options, Symmetry};
use dlx_sudoku::programs::dlx_sudoku::Exit;
use dlx_sudoku::rng::Rng;
use dlx_sudoku::variant::Variant;

use crate::variants::{cells, cli, Rules};

/// The puzzles of a `generate` run in line format.
fn puzzles(out: &str) -> Vec<Vec<u8>> {
    out.lines().map(cells).collect()
}

/// Is no clue of `puzzle` removable without losing uniqueness, by the
/// oracle?
fn minimal_by_the_rules(rules: &Rules, puzzle: &[u8]) -> bool {
    (0..puzzle.len()).filter(|&c| puzzle[c] != 0).all(|c| {
        let mut p = puzzle.to_vec();
        p[c] = 0;
        rules.count(&p, 2) == 2
    })
}

/// Does the clue pattern map onto itself under (r, c) -> `image`?
fn symmetric(puzzle: &[u8], image: impl Fn(usize, usize, usize) -> (usize, usize)) -> bool {
    let side = (1..=25).find(|s| s * s == puzzle.len()).unwrap();
    (0..puzzle.len()).all(|cell| {
        let (r, c) = image(side, cell / side, cell % side);
        (puzzle[cell] == 0) == (puzzle[r * side + c] == 0)
    })
}

#[test]
fn generated_puzzles_have_exactly_one_solution() {
    for (size, order, n) in [("9", 3, 20), ("4", 2, 20)] {
        let rules = Rules::classic(order);
        let (exit, out, err) = cli(
            &[
                "generate",
                "-n",
                &n.to_string(),
                "--seed",
                "42",
                "--size",
                size,
            ],
            "",
        );
        assert_eq!(exit, Exit::Success, "{err}");
        let ps = puzzles(&out);
        assert_eq!(ps.len(), n);
        for p in &ps {
            assert_eq!(p.len(), order.pow(4));
            assert_eq!(rules.count(p, 2), 1, "{p:?}");
            // Without symmetry or a target, the removal pass leaves every
            // clue needed.
            assert!(minimal_by_the_rules(&rules, p), "{p:?}");
        }
        // Not all the same puzzle.
        let mut distinct = ps.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), n);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let run = |args: &[&str]| {
        let (exit, out, err) = cli(args, "");
        assert_eq!(exit, Exit::Success, "{err}");
        out
    };
    let a = run(&["generate", "-n", "8", "--seed", "7"]);
    assert_eq!(a, run(&["generate", "-n", "8", "--seed", "7", "-j", "1"]));
    assert_eq!(a, run(&["generate", "-n", "8", "--seed", "7", "-j", "3"]));
    // The first puzzles of a longer run are the same puzzles.
    let longer = run(&["generate", "-n", "12", "--seed", "7"]);
    assert!(longer.starts_with(&a));
    assert_ne!(a, run(&["generate", "-n", "8", "--seed", "8"]));
    // And through the library.
    let mut g = Generator::new(&Variant::classic());
    let one = g
        .generate(&Options::default(), &mut Rng::stream(7, 0))
        .unwrap();
    assert_eq!(cells(a.lines().next().unwrap()), one.puzzle.cells());
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_clue() {
    let rules = Rules::classic(3);
    for symmetry in ["none", "rotational", "mirror"] {
        let (exit, out, err) = cli(
            &[
                "generate",
                "-n",
                "4",
                "--seed",
                "3",
                "--minimal",
                "--symmetry",
                symmetry,
            ],
            "",
        );
        assert_eq!(exit, Exit::Success, "{symmetry}: {err}");
        for p in puzzles(&out) {
            assert_eq!(rules.count(&p, 2), 1);
            assert!(minimal_by_the_rules(&rules, &p), "{symmetry}: {p:?}");
        }
    }
}

#[test]
fn the_minimality_check_stops_at_the_deadline() {
    // A 25×25 puzzle takes hundreds of uniqueness counts to prove minimal;
    // once the deadline has passed the check says it cannot tell.
    let mut g = Generator::new(&Variant::classic());
    let options = Options {
        minimal: true,
        ..Options::default()
    };
    let made = g.generate(&options, &mut Rng::stream(7, 0)).unwrap();
    assert_eq!(g.is_minimal(&made.puzzle), Some(true));
    g.set_deadline(Some(std::time::Instant::now()));
    assert_eq!(g.is_minimal(&made.puzzle), None);
    g.set_deadline(None);
    assert_eq!(g.is_minimal(&made.puzzle), Some(true));
}

#[test]
fn symmetric_patterns_are_symmetric() {
    let rules = Rules::classic(3);
    let rotate = |s: usize, r: usize, c: usize| (s - 1 - r, s - 1 - c);
    let mirror = |s: usize, r: usize, c: usize| (r, s - 1 - c);
    for (name, image) in [
        (
            "rotational",
            &rotate as &dyn Fn(usize, usize, usize) -> (usize, usize),
        ),
        ("mirror", &mirror),
    ] {
        let (exit, out, err) = cli(
            &["generate", "-n", "10", "--seed", "1", "--symmetry", name],
            "",
        );
        assert_eq!(exit, Exit::Success, "{err}");
        for p in puzzles(&out) {
            assert!(symmetric(&p, image), "{name}: {p:?}");
            assert_eq!(rules.count(&p, 2), 1);
        }
    }
    // The library's own predicate agrees.
    let mut g = Generator::new(&Variant::classic());
    let options = Options {
        symmetry: Symmetry::Rotational,
        ..Options::default()
    };
    let made = g.generate(&options, &mut Rng::new(2)).unwrap();
    assert!(Symmetry::Rotational.holds(&made.puzzle));
    assert!(symmetric(made.puzzle.cells(), rotate));
}

#[test]
fn a_reachable_clue_count_is_met_exactly() {
    let rules = Rules::classic(3);
    for (k, symmetry) in [("30", "none"), ("28", "rotational"), ("36", "mirror")] {
        let (exit, out, err) = cli(
            &[
                "generate",
                "-n",
                "3",
                "--seed",
                "9",
                "--clues",
                k,
                "--symmetry",
                symmetry,
            ],
            "",
        );
        assert_eq!(exit, Exit::Success, "{err}");
        for p in puzzles(&out) {
            assert_eq!(p.iter().filter(|&&v| v != 0).count().to_string(), k);
            assert_eq!(rules.count(&p, 2), 1);
        }
    }
}

#[test]
fn an_unreachable_clue_count_prints_the_closest_puzzle_and_says_so() {
    let rules = Rules::classic(3);
    let (exit, out, err) = cli(
        &[
            "generate",
            "--seed",
            "4",
            "--clues",
            "17",
            "--attempts",
            "3",
        ],
        "",
    );
    assert_eq!(exit, Exit::PuzzleFailed);
    let ps = puzzles(&out);
    assert_eq!(ps.len(), 1);
    let clues = ps[0].iter().filter(|&&v| v != 0).count();
    assert!(clues >= 17, "no 9x9 puzzle has fewer than 17 clues");
    assert_eq!(rules.count(&ps[0], 2), 1);
    assert_eq!(
        err,
        format!(
            "dlx-sudoku: puzzle 1: no 17 clues found in 3 grids; printing the closest: {clues} clues, minimal\n"
        )
    );
}

#[test]
fn every_output_format_carries_the_puzzles() {
    let (_, lines, _) = cli(&["generate", "-n", "3", "--seed", "5"], "");
    let expected = puzzles(&lines);
    // poj3076 writes 16x16 boards only (bad_generate_options_are_usage_errors).
    for format in ["grid", "poj2676", "hdu1426", "spaced", "leetcode"] {
        let (exit, out, err) = cli(
            &["generate", "-n", "3", "--seed", "5", "--output", format],
            "",
        );
        assert_eq!(exit, Exit::Success, "{err}");
        let f = <Format as dlx_sudoku::names::Named>::from_name(format).unwrap();
        let read: Vec<Vec<u8>> = Reader::new(out.as_bytes(), f)
            .map(|r| r.expect("a well-formed record").board.cells().to_vec())
            .collect();
        assert_eq!(read, expected, "{format}:\n{out}");
        if format == "poj2676" {
            assert!(out.starts_with("3\n"), "{out}");
        }
    }
    let (exit, out, _) = cli(
        &[
            "generate", "--seed", "5", "--output", "pretty", "--size", "4",
        ],
        "",
    );
    assert_eq!(exit, Exit::Success);
    assert!(out.starts_with("+-----+-----+\n"), "{out}");
}

#[test]
fn a_16x16_puzzle_is_unique() {
    // A target keeps the puzzle dense enough for the plain counter.
    let rules = Rules::classic(4);
    let (exit, out, err) = cli(
        &["generate", "--size", "16", "--seed", "2", "--clues", "150"],
        "",
    );
    assert_eq!(exit, Exit::Success, "{err}");
    let p = cells(out.trim());
    assert_eq!(p.iter().filter(|&&v| v != 0).count(), 150);
    assert_eq!(rules.count(&p, 2), 1);
}

#[test]
fn bad_generate_options_are_usage_errors() {
    for (args, message) in [
        (vec!["generate", "--size", "5"], "invalid value '5'"),
        (
            vec!["generate", "--clues", "82"],
            "--clues 82 is more than the 81 cells",
        ),
        (
            vec!["generate", "--symmetry", "diagonal"],
            "invalid value 'diagonal'",
        ),
        (vec!["generate", "--attempts", "0"], "invalid value '0'"),
        (vec!["generate", "--output", "nope"], "invalid value 'nope'"),
        // No 9x9 puzzle with fewer than 17 clues has one solution (no 4x4
        // one with fewer than 4): refused at once, not searched for.
        (
            vec!["generate", "--clues", "16"],
            "--clues 16: no 9x9 puzzle with fewer than 17 clues has exactly one solution",
        ),
        (
            vec!["generate", "--clues", "0"],
            "no 9x9 puzzle with fewer than 17 clues",
        ),
        (
            vec!["generate", "--size", "4", "--clues", "3"],
            "no 4x4 puzzle with fewer than 4 clues",
        ),
        // POJ 3076's letters are for 16x16 boards.
        (
            vec!["generate", "--output", "poj3076"],
            "--output poj3076 writes 16x16 boards only, not 9x9",
        ),
        (
            vec!["generate", "--size", "25", "-o", "poj3076"],
            "not 25x25",
        ),
    ] {
        let (exit, out, err) = cli(&args, "");
        assert_eq!(exit, Exit::Failure, "{args:?}");
        assert_eq!(out, "");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let regions = crate::variants::Temp::new(crate::variants::JIGSAW4.as_bytes());
    let (exit, _, err) = cli(
        &["generate", "--regions", regions.path(), "--size", "9"],
        "",
    );
    assert_eq!(exit, Exit::Failure);
    assert_eq!(err, "dlx-sudoku: --size 9 contradicts the 4x4 regions");
    // The bound holds for the classic board only: diagonals or regions
    // change it, and the search is left to find out.
    for args in [
        &["generate", "--clues", "12", "--variant", "x"][..],
        &["generate", "--clues", "3", "--regions", regions.path()],
    ] {
        let parsed = dlx_sudoku::programs::dlx_sudoku::Args::try_parse_from(
            std::iter::once("dlx-sudoku").chain(args.iter().copied()),
        )
        .expect("clap accepts it");
        assert!(parsed.config().is_ok(), "{args:?}");
    }
}

#[test]
fn the_program_exits_with_the_documented_status() {
    // Through the real binary: 0 when met, 1 when a goal is missed.
    let bin = env!("CARGO_BIN_EXE_dlx-sudoku");
    let ok = std::process::Command::new(bin)
        .args(["generate", "--seed", "1", "-n", "2"])
        .output()
        .unwrap();
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(String::from_utf8(ok.stdout).unwrap().lines().count(), 2);
    let missed = std::process::Command::new(bin)
        .args([
            "generate",
            "--seed",
            "1",
            "--clues",
            "17",
            "--attempts",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(missed.status.code(), Some(1));
    assert_eq!(String::from_utf8(missed.stdout).unwrap().lines().count(), 1);
    let usage = std::process::Command::new(bin)
        .args(["generate", "--size", "7"])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

/// Runs the real binary: (status, stdout, stderr).
fn bin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let r = crate::common::run_bin(args, stdin.as_bytes());
    (r.code, r.out(), r.stderr)
}

#[test]
fn generate_at_a_level() {
    let rules = Rules::classic(3);
    for level in ["easy", "medium", "hard", "fiendish", "extreme"] {
        let args = ["generate", "--level", level, "-n", "3", "--seed", "5"];
        let (code, out, err) = bin(&args, "");
        // A run over 5 s says how far it is; nothing else is on stderr.
        let err: String = err
            .lines()
            .filter(|l| !l.contains(" puzzles made, "))
            .collect();
        assert_eq!((code, err.as_str()), (0, ""), "{level}");
        for p in puzzles(&out) {
            assert_eq!(rules.count(&p, 2), 1, "{level}: {p:?}");
        }
        // `rate` puts every one of them at the level asked for.
        let (code, rated, err) = bin(&["rate"], &out);
        assert_eq!((code, err.as_str()), (0, ""));
        assert_eq!(rated.lines().count(), 3);
        for l in rated.lines() {
            assert_eq!(l.split(' ').next(), Some(level), "{l}");
        }
        // Reproducible, whatever the thread count.
        let again = bin(&[&args[..], &["-j", "1"]].concat(), "");
        assert_eq!(again.1, out, "{level}");
        let threads = bin(&[&args[..], &["-j", "3"]].concat(), "");
        assert_eq!(threads.1, out, "{level}");
    }
    // --stats names each puzzle's level and score.
    let (code, _, err) = bin(
        &["generate", "--level", "medium", "--seed", "5", "--stats"],
        "",
    );
    assert_eq!(code, 0);
    let l = err.lines().nth(1).expect("a puzzle line");
    assert!(l.starts_with("puzzle 1: clues="), "{l}");
    assert!(l.contains(" level=medium score="), "{l}");
    assert!(bin(&["generate", "--level", "nosuch"], "").0 == 2);
}

#[test]
fn a_rare_level_prints_the_closest_puzzle_and_fails() {
    // One grid is not enough for a fiendish puzzle of 40 clues: the
    // closest puzzle found is printed, stderr says how many grids were
    // tried and what it is.
    let args = [
        "generate",
        "--level",
        "fiendish",
        "--clues",
        "40",
        "--attempts",
        "1",
        "--seed",
        "9",
    ];
    let (code, out, err) = bin(&args, "");
    assert_eq!(code, 1, "{err}");
    let p = puzzles(&out);
    assert_eq!(p.len(), 1);
    assert_eq!(Rules::classic(3).count(&p[0], 2), 1);
    let rest = err
        .strip_prefix(
            "dlx-sudoku: puzzle 1: no fiendish puzzle found in 1 grid; printing the closest: ",
        )
        .unwrap_or_else(|| panic!("{err}"));
    let (clues, rest) = rest.split_once(" clues, ").expect("clues");
    assert_eq!(
        clues.parse::<usize>().unwrap(),
        p[0].iter().filter(|&&v| v != 0).count()
    );
    // The level and score it names are rate's.
    let (_, rated, _) = bin(&["rate"], &out);
    let mut words = rated.trim_end().splitn(3, ' ');
    let (level, score, reason) = (
        words.next().unwrap(),
        words.next().unwrap(),
        words.next().unwrap(),
    );
    assert!(
        rest.ends_with(&format!("{level} (score {score}, {reason})\n")),
        "{rest} vs {rated}"
    );
    assert_ne!(level, "fiendish");
    // The same run again gives the same puzzle and message.
    assert_eq!(bin(&args, ""), (code, out, err));
}

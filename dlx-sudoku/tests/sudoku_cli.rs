//! The `dlx-sudoku` program, as a process (assert_cmd) and in process
//! (`cli::run`): the judge files byte for byte, format conversions read back
//! and checked by the rules, `count` and `check`, `--stats`, several inputs,
//! exit statuses, usage errors, threads, and a closed output pipe.
//!
//! Past the house's ~800 lines on purpose: one independent case per promise
//! of `dlx-sudoku --help`, each found by its name.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::Stdio;

use clap::Parser;
use dlx_sudoku::format::Format;
use dlx_sudoku::programs::dlx_sudoku::{run, Args, Command, Config, Exit, Input};
use dlx_sudoku::{Board, Solver};

use crate::common::{
    assert_solves, board, bt_count, check_records, judge, line, read, records, run_bin, workspace,
    Expect, Record, TempFile,
};

/// The judge samples (`NAME.in` → `NAME.out`) and their formats.
const JUDGE: [(&str, Format); 6] = [
    ("poj3074", Format::Line),
    ("poj2676", Format::Poj2676),
    ("hdu1426", Format::Hdu1426),
    ("spaced", Format::Spaced),
    ("poj3076", Format::Poj3076),
    ("leetcode37", Format::Leetcode),
];

const P1: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const P2: &str =
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";
/// The first puzzle of forum_hardest_1106: thousands of search nodes, even
/// after singles and locked candidates.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
/// Line 234 of top1465 with one clue changed: consistent clues, no
/// solution.
const UNSOLVABLE: &str =
    ".2..5.6.8...7..4.....1.3....6..4....1......5........1.7..3.5.........2......8....";
/// The HDU 1426 sample with clues removed: several solutions.
const MULTI: &str =
    "712.6.3.8.6.2....4..851.6..924..6.375.6...2....3...9.....97......................";
/// Two 7s in the first row.
const CLASH: &str =
    "7.7..............................................................................";

fn judge_in(name: &str) -> PathBuf {
    judge(&format!("{name}.in"))
}

fn judge_out(name: &str) -> Vec<u8> {
    read(&judge(&format!("{name}.out")))
}

fn arg(p: &std::path::Path) -> String {
    p.to_str().expect("UTF-8 path").to_string()
}

/// The puzzles of a judge input, read with the test's own parsers.
fn judge_puzzles(name: &str, format: Format) -> Vec<Board> {
    let text = String::from_utf8(read(&judge_in(name))).expect("UTF-8");
    let text = match format {
        // The count line and the 'end' line are no records.
        Format::Poj2676 => text.split_once('\n').expect("a count").1.to_string(),
        Format::Line => text
            .lines()
            .take_while(|l| *l != "end")
            .map(|l| format!("{l}\n"))
            .collect(),
        _ => text,
    };
    records(&text, format)
        .into_iter()
        .map(|r| match r {
            Record::Board(b) => b,
            Record::Message(m) => panic!("{name}: {m}"),
        })
        .collect()
}

/// Runs `cli::run` in process.
fn run_lib(config: &Config, stdin: &[u8]) -> (Exit, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = run(config, stdin, &mut out, &mut err);
    (
        exit,
        String::from_utf8(out).expect("UTF-8 stdout"),
        String::from_utf8(err).expect("UTF-8 stderr"),
    )
}

fn lines(puzzles: &[&str]) -> Vec<u8> {
    puzzles
        .iter()
        .map(|p| format!("{p}\n"))
        .collect::<String>()
        .into_bytes()
}

// ---------------------------------------------------------------------------
// Judge files

#[test]
fn judge_files_byte_for_byte_from_stdin_and_files() {
    for (name, _) in JUDGE {
        let input = read(&judge_in(name));
        let expected = judge_out(name);
        let path = arg(&judge_in(name));
        let runs: [(&[&str], &[u8]); 6] = [
            (&[], &input),
            (&["solve"], &input),
            (&["-"], &input),
            (&["solve", "-"], &input),
            (&[path.as_str()], b""),
            (&["solve", path.as_str()], b""),
        ];
        for (args, stdin) in runs {
            let r = run_bin(args, stdin);
            assert_eq!(r.code, 0, "{name} {args:?}: {}", r.stderr);
            assert_eq!(r.stderr, "", "{name} {args:?}");
            assert_eq!(
                r.out(),
                String::from_utf8_lossy(&expected),
                "{name} {args:?}"
            );
            assert_eq!(r.stdout, expected, "{name} {args:?}");
        }
    }
}

#[test]
fn judge_files_byte_for_byte_in_process() {
    for (name, _) in JUDGE {
        let input = read(&judge_in(name));
        let expected = String::from_utf8(judge_out(name)).expect("UTF-8");
        let from_stdin = Config::default();
        let from_file = Config {
            inputs: vec![Input::File(judge_in(name))],
            ..Config::default()
        };
        for threads in [1, 2] {
            for (config, stdin) in [(&from_stdin, &input[..]), (&from_file, &b""[..])] {
                let config = Config {
                    threads,
                    ..config.clone()
                };
                let (exit, out, err) = run_lib(&config, stdin);
                assert_eq!(exit, Exit::Success, "{name}: {err}");
                assert_eq!(out, expected, "{name} {config:?}");
                assert_eq!(err, "", "{name}");
            }
        }
    }
}

#[test]
fn judge_outputs_are_the_rules_answers() {
    // The expected outputs themselves solve the inputs, record by record.
    for (name, format) in JUDGE {
        let puzzles = judge_puzzles(name, format);
        let expected: Vec<Expect> = puzzles.into_iter().map(Expect::Solved).collect();
        let out = String::from_utf8(judge_out(name)).expect("UTF-8");
        check_records(&out, format, &expected);
    }
}

// ---------------------------------------------------------------------------
// Output formats

#[test]
fn output_conversions_read_back_by_the_rules() {
    let conversions = [
        ("poj3074", Format::Pretty),
        ("poj3074", Format::Leetcode),
        ("poj3074", Format::Poj2676),
        ("poj3076", Format::Grid),
        ("poj3076", Format::Line),
        ("poj3076", Format::Pretty),
        ("poj3076", Format::Leetcode),
        ("hdu1426", Format::Spaced),
        ("hdu1426", Format::Line),
        ("poj2676", Format::Hdu1426),
        ("leetcode37", Format::Grid),
        ("spaced", Format::Pretty),
    ];
    for (name, output) in conversions {
        let (_, input_format) = JUDGE.iter().find(|(n, _)| *n == name).expect("a judge");
        let expected: Vec<Expect> = judge_puzzles(name, *input_format)
            .into_iter()
            .map(Expect::Solved)
            .collect();
        for long in [true, false] {
            let flag = if long { "--output" } else { "-o" };
            let r = run_bin(&[flag, output.name(), &arg(&judge_in(name))], b"");
            assert_eq!(r.code, 0, "{name} → {output}: {}", r.stderr);
            assert_eq!(r.stderr, "");
            check_records(&r.out(), output, &expected);
        }
    }
}

#[test]
fn every_output_format_for_every_size_reads_back() {
    // One puzzle of each size on lines; each output format read back by the
    // test's parsers and checked by the rules, then fed to the program in
    // that format: the solutions come back unchanged.
    let mut rng = crate::common::Rng::new(5);
    let l25 = line(&crate::common::blank_out(
        &crate::common::scramble(&crate::common::pattern_grid(5), &mut rng),
        300,
        &mut rng,
    ));
    let l16 = {
        let q = judge_puzzles("poj3076", Format::Poj3076);
        line(&q[0])
    };
    let puzzles = [P1, "1...3....1......", l16.as_str(), l25.as_str()];
    let input = lines(&puzzles);
    let expected: Vec<Expect> = puzzles.iter().map(|p| Expect::Solved(board(p))).collect();
    let solved = run_bin(&[] as &[&str], &input);
    assert_eq!((solved.code, solved.stderr.as_str()), (0, ""));
    check_records(&solved.out(), Format::Line, &expected);
    for format in Format::ALL {
        let r = run_bin(&["--output", format.name()], &input);
        if format == Format::Poj3076 {
            // 16x16 boards only: the others are 'invalid puzzle', and
            // stderr says why (issue 29).
            let only16: Vec<Expect> = puzzles
                .iter()
                .map(|p| match board(p).side() {
                    16 => Expect::Solved(board(p)),
                    _ => Expect::Message("invalid puzzle"),
                })
                .collect();
            assert_eq!(r.code, 1, "{format}");
            assert_eq!(r.stderr.lines().count(), 3, "{}", r.stderr);
            check_records(&r.out(), format, &only16);
            continue;
        }
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{format}");
        check_records(&r.out(), format, &expected);
        if !format.can_read() {
            continue;
        }
        // POJ 2676 output has no case count; its input needs one.
        let again = match format {
            Format::Poj2676 => [format!("{}\n", puzzles.len()).into_bytes(), r.stdout].concat(),
            _ => r.stdout,
        };
        let back = run_bin(&["--format", format.name(), "--output", "line"], &again);
        assert_eq!((back.code, back.stderr.as_str()), (0, ""), "{format}");
        assert_eq!(back.stdout, solved.stdout, "{format}");
    }
}

#[test]
fn pretty_output_looks_boxed() {
    let r = run_bin(&["--output", "pretty"], &lines(&[P1]));
    assert_eq!(r.code, 0);
    let out = r.out();
    let rows: Vec<&str> = out.lines().collect();
    // 9 cell rows and 4 rules for a 9×9 board.
    assert_eq!(rows.len(), 13, "{out}");
    assert_eq!(rows[0], "+-------+-------+-------+");
    assert_eq!(rows[1], "| 5 2 7 | 3 8 9 | 4 1 6 |");
    assert_eq!(rows[12], rows[0]);
}

#[test]
fn format_option_overrides_detection() {
    // A 9×9 grid read as a grid, then forced into the line format.
    let puzzle = board(P1);
    let grid = crate::common::grid_text(&puzzle);
    let r = run_bin(&["--format", "grid"], grid.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    check_records(&r.out(), Format::Grid, &[Expect::Solved(puzzle.clone())]);
    // The line format reads each 9-character row as a puzzle of the wrong
    // length: nine invalid puzzles, each named by its line.
    let r = run_bin(&["--format", "line"], grid.as_bytes());
    assert_eq!(r.code, 1);
    let expected = vec![Expect::Message("invalid puzzle"); 9];
    check_records(&r.out(), Format::Line, &expected);
    for (k, l) in r.stderr.lines().enumerate() {
        assert_eq!(
            l,
            format!(
                "<stdin>:{}: 9 cells (expected 81, or 16, 256, 625 for other board sizes)",
                k + 1
            )
        );
    }
    assert_eq!(r.stderr.lines().count(), 9);
}

// ---------------------------------------------------------------------------
// count and check

#[test]
fn count_prints_the_number_of_solutions() {
    let multi = bt_count(&board(MULTI), u64::MAX);
    assert!(multi > 2, "{multi}");
    let input = lines(&[P1, MULTI, UNSOLVABLE, CLASH, HARD]);
    let r = run_bin(&["count"], &input);
    assert_eq!(r.out(), format!("1\n{multi}\n0\n0\n1\n"));
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (1, ""),
        "a count of 0 fails the run, as no solution does in solve"
    );
    // Counts of one or more (limited or not) are answers.
    let solvable = lines(&[P1, MULTI, HARD]);
    let r = run_bin(&["count"], &solvable);
    assert_eq!((r.code, r.out()), (0, format!("1\n{multi}\n1\n")));

    let r = run_bin(&["count", "--limit", "2"], &input);
    assert_eq!(r.out(), "1\n2+\n0\n0\n1\n");
    assert_eq!(r.code, 1);
    let r = run_bin(&["count", "--limit", "2"], &solvable);
    assert_eq!((r.code, r.out().as_str()), (0, "1\n2+\n1\n"));
    let r = run_bin(&["count", "-l", "1"], &input);
    assert_eq!(r.out(), "1+\n1+\n0\n0\n1+\n");
    let limit = (multi + 5).to_string();
    let r = run_bin(&["count", "--limit", &limit], &input);
    assert_eq!(r.out(), format!("1\n{multi}\n0\n0\n1\n"));

    // A malformed puzzle, and a search cut short, fail the run.
    let r = run_bin(&["count"], &lines(&[P1, "12.", P2]));
    assert_eq!(r.out(), "1\ninvalid puzzle\n1\n");
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("<stdin>:2: 3 cells"), "{}", r.stderr);
    let r = run_bin(&["count", "--max-nodes", "1"], &lines(&[HARD]));
    assert_eq!(r.code, 1);
    assert!(r.out().ends_with("+\n"), "{}", r.out());

    // The same in process.
    let config = Config {
        command: Command::Count { limit: Some(2) },
        ..Config::default()
    };
    let (exit, out, err) = run_lib(&config, &input);
    assert_eq!(
        (exit, out.as_str(), err.as_str()),
        (Exit::PuzzleFailed, "1\n2+\n0\n0\n1\n", "")
    );
}

#[test]
fn check_says_why_a_puzzle_is_not_valid() {
    let mut cells = vec![0u8; 81];
    (cells[27], cells[63]) = (5, 5);
    let column_clash = line(&Board::from_cells(3, cells).expect("a board"));
    let cases: [(&str, &str, i32); 6] = [
        (P1, "unique", 0),
        (HARD, "unique", 0),
        (MULTI, "multiple solutions", 1),
        (UNSOLVABLE, "no solution", 1),
        (
            CLASH,
            "no solution: row 1 has value 7 twice (r1c1 and r1c3)",
            1,
        ),
        (
            &column_clash,
            "no solution: column 1 has value 5 twice (r4c1 and r8c1)",
            1,
        ),
    ];
    let mut all = String::new();
    for (puzzle, verdict, code) in cases {
        let r = run_bin(&["check"], &lines(&[puzzle]));
        assert_eq!(r.out(), format!("{verdict}\n"), "{puzzle}");
        assert_eq!(r.code, code, "{puzzle}");
        assert_eq!(r.stderr, "");
        all.push_str(verdict);
        all.push('\n');
    }
    // All at once: one line each, in order, and the worst status.
    let puzzles: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let r = run_bin(&["check"], &lines(&puzzles));
    assert_eq!((r.code, r.out()), (1, all.clone()));
    let config = Config {
        command: Command::Check,
        ..Config::default()
    };
    let (exit, out, _) = run_lib(&config, &lines(&puzzles));
    assert_eq!((exit, out), (Exit::PuzzleFailed, all));

    // Unknowable within the node limit; malformed.
    let r = run_bin(&["check", "--max-nodes", "1"], &lines(&[HARD]));
    assert_eq!((r.code, r.out().as_str()), (1, "search limit reached\n"));
    let r = run_bin(&["check"], &lines(&["1234"]));
    assert_eq!((r.code, r.out().as_str()), (1, "invalid puzzle\n"));
    assert!(r.stderr.starts_with("<stdin>:1: "), "{}", r.stderr);
}

// ---------------------------------------------------------------------------
// --stats

/// The `key=value` fields of a stats line after its prefix.
fn fields(rest: &str) -> Vec<(&str, &str)> {
    rest.split(' ')
        .map(|f| f.split_once('=').unwrap_or_else(|| panic!("field {f:?}")))
        .collect()
}

/// Checks `seconds` is a number with `decimals` decimals.
fn assert_seconds(seconds: &str, decimals: usize) {
    let (whole, frac) = seconds.split_once('.').expect("decimals");
    assert!(!whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()));
    assert!(frac.len() == decimals && frac.bytes().all(|b| b.is_ascii_digit()));
}

#[test]
fn stats_lines_per_puzzle_and_in_total() {
    let input = format!("# a comment\n{P1}\n\n{HARD}\nbad\n{UNSOLVABLE}\n");
    let puzzles = [(2, P1), (4, HARD), (6, UNSOLVABLE)];
    let file = TempFile::new("stats", input.as_bytes());
    for (args, source) in [
        (vec!["--stats".to_string()], "<stdin>".to_string()),
        (vec!["-s".to_string(), file.arg()], file.arg()),
    ] {
        let stdin = if source == "<stdin>" {
            input.as_bytes()
        } else {
            b""
        };
        let r = run_bin(&args, stdin);
        assert_eq!(r.code, 1);
        check_records(
            &r.out(),
            Format::Line,
            &[
                Expect::Solved(board(P1)),
                Expect::Solved(board(HARD)),
                Expect::Message("invalid puzzle"),
                Expect::Message("no solution"),
            ],
        );
        let errs: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(errs.len(), 5, "{}", r.stderr);
        let (mut nodes, mut updates, mut guesses) = (0u64, 0u64, 0u64);
        let mut k = 0;
        for l in &errs[..4] {
            if l.starts_with(&format!("{source}:5: ")) {
                assert!(l.contains("3 cells"), "{l}");
                continue;
            }
            // SOURCE:LINE: nodes=N updates=N guesses=N seconds=F, with the library's
            // own statistics for the puzzle.
            let (line_no, puzzle) = puzzles[k];
            k += 1;
            let rest = l
                .strip_prefix(&format!("{source}:{line_no}: "))
                .unwrap_or_else(|| panic!("{l}"));
            let f = fields(rest);
            assert_eq!(
                f.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
                ["nodes", "updates", "guesses", "seconds"]
            );
            let mut solver = Solver::new();
            let mut solution = Board::empty(3);
            solver.solve(&board(puzzle), &mut solution);
            let stats = solver.stats();
            assert_eq!(f[0].1, stats.nodes.to_string(), "{l}");
            assert_eq!(f[1].1, stats.updates.to_string(), "{l}");
            assert_eq!(f[2].1, stats.guesses.to_string(), "{l}");
            assert_seconds(f[3].1, 6);
            nodes += stats.nodes;
            updates += stats.updates;
            guesses += stats.guesses;
        }
        assert_eq!(k, 3);
        let total = errs[4].strip_prefix("total: ").expect("a total line");
        let f = fields(total);
        assert_eq!(
            f[..4],
            [
                ("puzzles", "4"),
                ("failed", "2"),
                ("nodes", nodes.to_string().as_str()),
                ("updates", updates.to_string().as_str()),
            ]
        );
        assert_eq!(f[4], ("guesses", guesses.to_string().as_str()));
        assert_eq!(f[5].0, "seconds");
        assert_seconds(f[5].1, 3);
    }
    // Without --stats, nothing but the error.
    let r = run_bin(&[file.arg()], b"");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

// ---------------------------------------------------------------------------
// Inputs

#[test]
fn several_inputs_in_one_call() {
    let names = ["poj3074", "hdu1426", "poj3076", "leetcode37", "poj2676"];
    let args: Vec<String> = names.iter().map(|n| arg(&judge_in(n))).collect();
    let expected: Vec<u8> = names.iter().flat_map(|n| judge_out(n)).collect();
    let r = run_bin(&args, b"");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(r.stdout, expected);

    // '-' reads standard input in its place among the files.
    let args = [
        arg(&judge_in("poj3074")),
        "-".to_string(),
        arg(&judge_in("poj2676")),
    ];
    let r = run_bin(&args, &read(&judge_in("spaced")));
    let expected = [
        judge_out("poj3074"),
        judge_out("spaced"),
        judge_out("poj2676"),
    ]
    .concat();
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(r.stdout, expected);

    // Errors name their file; the other files are still solved.
    let bad = TempFile::new("bad", format!("{P1}\n{P1}x\n").as_bytes());
    let args = [
        arg(&judge_in("poj3074")),
        bad.arg(),
        arg(&judge_in("spaced")),
    ];
    let r = run_bin(&args, b"");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        format!(
            "{}:2: 82 cells (expected 81, or 16, 256, 625 for other board sizes)\n",
            bad.arg()
        )
    );
    let p1_solution = run_bin(&[] as &[&str], &lines(&[P1])).stdout;
    let expected = [
        judge_out("poj3074"),
        p1_solution,
        b"invalid puzzle\n".to_vec(),
        judge_out("spaced"),
    ]
    .concat();
    assert_eq!(r.stdout, expected);
}

#[test]
fn missing_and_unreadable_inputs_exit_2() {
    let missing = std::env::temp_dir().join("dlx-sudoku-test-no-such-file.txt");
    let missing = arg(&missing);
    let r = run_bin(&[missing.as_str(), &arg(&judge_in("poj3074"))], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with(&format!("dlx-sudoku: cannot open {missing}: ")),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1);
    // The readable file is still solved.
    assert_eq!(r.stdout, judge_out("poj3074"));

    let config = Config {
        inputs: vec![Input::File(missing.clone().into())],
        ..Config::default()
    };
    let (exit, out, err) = run_lib(&config, b"");
    assert_eq!((exit, out.as_str()), (Exit::Failure, ""));
    assert!(err.contains(&missing), "{err}");
    assert_eq!(Exit::Failure.code(), 2);

    // A directory opens but cannot be read.
    let dir = arg(&std::env::temp_dir());
    let r = run_bin(&[dir.as_str()], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with(&format!("dlx-sudoku: {dir}")),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("read error"), "{}", r.stderr);
}

#[test]
fn usage_errors_exit_2() {
    let cases: [&[&str]; 9] = [
        &["--no-such-option"],
        &["--format", "nosuch"],
        &["--output", "nosuch"],
        &["count", "--limit", "0"],
        &["count", "--limit", "many"],
        &["--max-nodes", "0"],
        &["count", "--output", "line"],
        &["check", "--limit", "2"],
        &["--format"],
    ];
    for args in cases {
        let r = run_bin(args, &lines(&[P1]));
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.stdout, b"", "{args:?}");
        assert!(!r.stderr.is_empty(), "{args:?}");
    }
    // Every format --help offers is read: pretty too.
    let pretty = run_bin(&["--output", "pretty"], &lines(&[P1])).stdout;
    for args in [
        &["--format", "pretty"][..],
        &["-f", "pretty"],
        &["count", "--format", "pretty"],
        &["check", "-f", "pretty"],
        &["solve", "--format", "pretty"],
    ] {
        let r = run_bin(args, &pretty);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{args:?}");
    }
    let c = Args::try_parse_from(["dlx-sudoku", "--format", "pretty"])
        .expect("clap accepts the name")
        .config()
        .expect("pretty is read");
    assert_eq!(c.format, Some(Format::Pretty));
}

#[test]
fn help_documents_formats_and_exit_status() {
    let r = run_bin(&["--help"], b"");
    assert_eq!(r.code, 0);
    let help = r.out();
    for needle in [
        "Exit status",
        "0  every puzzle got the answer",
        "1  some puzzle could not get it",
        "count of 0 included",
        "2  usage error",
        "poj3076",
        "leetcode",
        "pretty",
        "invalid puzzle",
        "search limit reached",
        "every format is\nread and written",
        "explain",
        "hint",
        "--with-filename",
        "--unique",
        "counting: N",
        "Threads:",
        "DLX1's exactly only on one thread",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}");
    }
    let r = run_bin(&["generate", "--help"], b"");
    assert!(r.out().contains("--level <LEVEL>"), "{}", r.out());
    assert!(r.out().contains("fiendish"), "{}", r.out());
    let r = run_bin(&["--version"], b"");
    assert_eq!(r.code, 0);
    assert!(r.out().starts_with("dlx-sudoku "), "{}", r.out());
}

#[test]
fn arguments_become_the_config() {
    let config = |args: &[&str]| {
        Args::try_parse_from(std::iter::once("dlx-sudoku").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{args:?}: {e}"))
            .config()
            .unwrap_or_else(|e| panic!("{args:?}: {e}"))
    };
    let c = config(&[]);
    assert_eq!(c.command, Command::Solve);
    assert_eq!(c.inputs, vec![Input::Stdin]);
    assert_eq!(
        (c.format, c.output, c.max_nodes, c.stats),
        (None, None, None, false)
    );

    let c = config(&["count", "--limit", "3", "a.txt", "-", "--stats"]);
    assert_eq!(c.command, Command::Count { limit: Some(3) });
    assert_eq!(c.inputs, vec![Input::File("a.txt".into()), Input::Stdin]);
    assert!(c.stats);

    let c = config(&["solve", "-o", "pretty", "-f", "poj3074", "--max-nodes", "9"]);
    assert_eq!(c.command, Command::Solve);
    assert_eq!(
        (c.format, c.output),
        (Some(Format::Line), Some(Format::Pretty))
    );
    assert_eq!(c.max_nodes, Some(9));

    let c = config(&["--output", "json", "x"]);
    assert_eq!(c.output, Some(Format::Leetcode));
    assert_eq!(c.inputs, vec![Input::File("x".into())]);

    let c = config(&["check", "-"]);
    assert_eq!((c.command, c.inputs), (Command::Check, vec![Input::Stdin]));

    assert_eq!(Input::Stdin.to_string(), "<stdin>");
    assert_eq!(Input::File("d/p.txt".into()).to_string(), "d/p.txt");
    assert_eq!(
        [Exit::Success, Exit::PuzzleFailed, Exit::Failure].map(Exit::code),
        [0, 1, 2]
    );
}

// ---------------------------------------------------------------------------
// Threads and order

#[test]
fn threads_keep_the_input_order() {
    // More puzzles than one chunk of work, with bad ones scattered among
    // them: every thread count prints the same records, in input order.
    let source = String::from_utf8(read(&workspace("benches/data/unbiased_1k.txt"))).unwrap();
    let good: Vec<&str> = source.lines().collect();
    let mut input = String::new();
    let mut expected = Vec::new();
    for round in 0..3 {
        for (k, p) in good.iter().enumerate() {
            match (k + round) % 211 {
                0 => {
                    input.push_str("12345\n");
                    expected.push(Expect::Message("invalid puzzle"));
                }
                1 => {
                    input.push_str(UNSOLVABLE);
                    input.push('\n');
                    expected.push(Expect::Message("no solution"));
                }
                _ => {}
            }
            input.push_str(p);
            input.push('\n');
            expected.push(Expect::Solved(board(p)));
        }
    }
    assert!(expected.len() > 3000);
    let file = TempFile::new("threads", input.as_bytes());
    let mut outputs = Vec::new();
    for threads in ["1", "2", "3"] {
        let r = run_bin(&["-j", threads, &file.arg()], b"");
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(r
            .stderr
            .lines()
            .all(|l| l.ends_with("(expected 81, or 16, 256, 625 for other board sizes)")));
        check_records(&r.out(), Format::Line, &expected);
        outputs.push(r.stdout);
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]));
}

// ---------------------------------------------------------------------------
// Closed and failing output

#[test]
fn closed_pipe_ends_quietly() {
    // 5000 puzzles print 410 kB, far more than a pipe holds: the program is
    // still writing when the reader goes away.
    let input = lines(&[P2]).repeat(5000);
    let file = TempFile::new("pipe", &input);
    let (first, out) = crate::common::first_line_then_close(
        std::process::Command::new(env!("CARGO_BIN_EXE_dlx-sudoku"))
            .arg(file.path())
            .stdin(Stdio::null()),
    );
    crate::common::assert_solves(&board(P2), &board(first.trim_end()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

/// An output that fails every write with `kind`.
struct Failing(io::ErrorKind);

impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(self.0, "test"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::new(self.0, "test"))
    }
}

#[test]
fn output_errors_in_process() {
    let input = lines(&[P1, P2]).repeat(2000);
    // A closed pipe is no error.
    let mut err = Vec::new();
    let exit = run(
        &Config::default(),
        &input[..],
        Failing(io::ErrorKind::BrokenPipe),
        &mut err,
    );
    assert_eq!(exit, Exit::Success);
    assert_eq!(String::from_utf8_lossy(&err), "");
    // Any other write error ends the run with status 2 and one message.
    let mut err = Vec::new();
    let exit = run(
        &Config::default(),
        &input[..],
        Failing(io::ErrorKind::Other),
        &mut err,
    );
    assert_eq!(exit, Exit::Failure);
    let err = String::from_utf8(err).expect("UTF-8");
    assert!(
        err.starts_with("dlx-sudoku: cannot write the output: "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn node_limit_in_solve() {
    let full = line(&crate::common::bt_solve(&board(P1)).expect("solvable"));
    let input = lines(&[&full, HARD, &full]);
    let r = run_bin(&["--max-nodes", "1"], &input);
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr, "");
    check_records(
        &r.out(),
        Format::Line,
        &[
            Expect::Solved(board(&full)),
            Expect::Message("search limit reached"),
            Expect::Solved(board(&full)),
        ],
    );
    // The limit is per puzzle, not for the run.
    let r = run_bin(&["--max-nodes", "100000"], &lines(&[HARD, HARD, P2]));
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    check_records(
        &r.out(),
        Format::Line,
        &[HARD, HARD, P2].map(|p| Expect::Solved(board(p))),
    );
}

// ---------------------------------------------------------------------------
// Several files, one rule for the exit status, long counts

/// Strips `SOURCE:LINE: ` from every line that is not blank, checking the
/// source; the lines, and the line numbers named.
fn strip_prefixes(out: &str, source: &str) -> (String, Vec<usize>) {
    let mut text = String::new();
    let mut numbers = Vec::new();
    for l in out.split_inclusive('\n') {
        if l == "\n" {
            text.push('\n');
            continue;
        }
        let rest = l
            .strip_prefix(source)
            .and_then(|r| r.strip_prefix(':'))
            .unwrap_or_else(|| panic!("{l:?} lacks {source}:"));
        let (n, rest) = rest.split_once(": ").expect("LINE: ");
        numbers.push(n.parse().expect("a line number"));
        text.push_str(rest);
    }
    (text, numbers)
}

#[test]
fn with_filename_names_the_source_of_every_record() {
    let lines_file = TempFile::new("h-lines", lines(&[P1, "12.", P2]).as_slice());
    let grid_file = TempFile::new(
        "h-grid",
        format!(
            "# two grids\n{}\n{}",
            crate::common::grid_text(&board(P1)),
            crate::common::grid_text(&board(P2))
        )
        .as_bytes(),
    );
    let (a_name, b_name) = (lines_file.arg(), grid_file.arg());
    let files = [a_name.as_str(), b_name.as_str()];
    for sub in [&[][..], &["count"], &["check"], &["rate"], &["hint"]] {
        let plain = run_bin(&[sub, &files[..]].concat(), b"");
        let with = run_bin(&[sub, &["-H"], &files[..]].concat(), b"");
        let long = run_bin(&[sub, &["--with-filename"], &files[..]].concat(), b"");
        assert_eq!(with.stdout, long.stdout);
        assert_eq!(
            (with.code, &with.stderr),
            (plain.code, &plain.stderr),
            "{sub:?}"
        );
        // The first file's records come first, then the second's; each
        // prefixed line names its puzzle's first line.
        let out = with.out();
        let split = out
            .find(&format!("{}:", grid_file.arg()))
            .expect("records of the grid file");
        let (a, a_lines) = strip_prefixes(&out[..split], &lines_file.arg());
        let (b, b_lines) = strip_prefixes(&out[split..], &grid_file.arg());
        assert_eq!(format!("{a}{b}"), plain.out(), "{sub:?}");
        let mut a_lines = a_lines;
        a_lines.dedup();
        let mut b_lines = b_lines;
        b_lines.dedup();
        assert_eq!(a_lines, [1, 2, 3], "{sub:?}");
        assert_eq!(b_lines, [2, 12], "{sub:?}");
    }
    // Standard input is <stdin>; a solved grid's every row is prefixed.
    let r = run_bin(&["-H", "--output", "grid"], &lines(&[P1]));
    let (text, numbers) = strip_prefixes(&r.out(), "<stdin>");
    assert_eq!(numbers, [1; 9]);
    check_records(&text, Format::Grid, &[Expect::Solved(board(P1))]);
}

#[test]
fn solve_unique_reports_several_solutions() {
    let input = lines(&[P1, MULTI, UNSOLVABLE, HARD]);
    let r = run_bin(&["solve", "--unique"], &input);
    assert_eq!((r.code, r.stderr.as_str()), (1, ""));
    check_records(
        &r.out(),
        Format::Line,
        &[
            Expect::Solved(board(P1)),
            Expect::Message("multiple solutions"),
            Expect::Message("no solution"),
            Expect::Solved(board(HARD)),
        ],
    );
    // Without it, one of the solutions, and status 0 (a solution was
    // asked for); -u is the short form; unique puzzles pass.
    let r = run_bin(&[] as &[&str], &lines(&[MULTI]));
    assert_eq!(r.code, 0);
    check_records(&r.out(), Format::Line, &[Expect::Solved(board(MULTI))]);
    let r = run_bin(&["-u"], &lines(&[P1, HARD]));
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let r = run_bin(&["-u", "--max-nodes", "1"], &lines(&[HARD]));
    assert_eq!((r.code, r.out().as_str()), (1, "search limit reached\n"));
}

#[test]
fn one_exit_status_rule_for_every_subcommand() {
    // The same puzzles in every subcommand: 0 only when every puzzle got
    // its answer, 1 as soon as one has no solution, is malformed, or (for
    // the subcommands that need one) has several.
    let cases: [(&str, [i32; 7]); 5] = [
        //           solve solve-u count check rate explain hint
        (P1, [0, 0, 0, 0, 0, 0, 0]),
        (MULTI, [0, 1, 0, 1, 1, 1, 1]),
        (UNSOLVABLE, [1, 1, 1, 1, 1, 1, 1]),
        (CLASH, [1, 1, 1, 1, 1, 1, 1]),
        ("12.", [1, 1, 1, 1, 1, 1, 1]),
    ];
    let subs: [&[&str]; 7] = [
        &["solve"],
        &["solve", "--unique"],
        &["count"],
        &["check"],
        &["rate"],
        &["explain"],
        &["hint"],
    ];
    for (puzzle, codes) in cases {
        for (sub, code) in subs.iter().zip(codes) {
            let r = run_bin(sub, &lines(&[puzzle]));
            assert_eq!(r.code, code, "{sub:?} {puzzle}: {}", r.out());
        }
    }
    let r = run_bin(&["--help"], b"");
    assert!(r
        .out()
        .contains("Exit status (one rule for every subcommand)"));
}

#[test]
fn a_long_count_reports_progress_in_process() {
    let config = Config {
        command: Command::Count { limit: None },
        max_nodes: Some(3_500_000),
        count_progress: Some(std::time::Duration::ZERO),
        ..Config::default()
    };
    let (exit, out, err) = run_lib(&config, format!("{}\n", ".".repeat(81)).as_bytes());
    // Stopped by the node limit: a lower bound, and status 1.
    assert_eq!(exit, Exit::PuzzleFailed);
    let solutions: u64 = out
        .trim_end()
        .strip_suffix('+')
        .expect("N+")
        .parse()
        .unwrap();
    let mut last = (0u64, 0u64);
    let reports: Vec<&str> = err.lines().collect();
    assert_eq!(reports.len(), 3, "{err}");
    for l in reports {
        let rest = l
            .strip_prefix("<stdin>:1: counting: ")
            .unwrap_or_else(|| panic!("{l}"));
        let (n, rest) = rest.split_once(" solutions, ").unwrap();
        let (m, rest) = rest.split_once(" nodes, ~").unwrap();
        assert!(rest.ends_with(" s (--limit N stops at N)"), "{l}");
        let (n, m): (u64, u64) = (n.parse().unwrap(), m.parse().unwrap());
        assert!(n > last.0 && m > last.1 && n <= solutions, "{l}");
        last = (n, m);
    }
    // Off, and for counts that end at once: nothing.
    let quiet = Config {
        count_progress: None,
        ..config.clone()
    };
    let (_, out2, err) = run_lib(&quiet, format!("{}\n", ".".repeat(81)).as_bytes());
    assert_eq!((out2, err.as_str()), (out, ""));
    let (exit, _, err) = run_lib(&config, &lines(&[P1, HARD]));
    assert_eq!((exit, err.as_str()), (Exit::Success, ""));
}

#[test]
fn a_long_count_reports_progress_even_when_piped() {
    // An empty grid has 6.67e21 solutions: the count never ends, and a
    // line on stderr (a pipe here) says so after a few seconds. The test
    // reads that line and stops the program.
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dlx-sudoku"))
        .args(["count", "-j", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx-sudoku runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(format!("{}\n", ".".repeat(81)).as_bytes())
        .unwrap();
    drop(stdin);
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stderr).read_line(&mut line);
        let _ = tx.send(line);
    });
    // The timeout only keeps a broken program from hanging the suite.
    let line = rx.recv_timeout(std::time::Duration::from_secs(120));
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("a progress line");
    assert!(line.starts_with("<stdin>:1: counting: "), "{line}");
    assert!(line.ends_with(" s (--limit N stops at N)\n"), "{line}");
}

/// `--time-limit` stops each puzzle's search as `--max-nodes` does: the
/// puzzle is answered "search limit reached" (a count gets a '+'), the
/// others are still answered, and the run fails.
#[test]
fn a_time_limit_stops_each_search_and_the_rest_are_answered() {
    let empty = ".".repeat(81);
    let r = run_bin(&["count", "--time-limit", "0.05"], &lines(&[&empty, P1]));
    assert_eq!(r.code, 1, "{}", r.stderr);
    let out = r.out();
    let counts: Vec<&str> = out.lines().collect();
    assert_eq!(counts.len(), 2, "{out}");
    let partial: u64 = counts[0]
        .strip_suffix('+')
        .unwrap_or_else(|| panic!("{out}"))
        .parse()
        .expect("a count");
    assert!(partial > 0);
    assert_eq!(counts[1], "1");

    // A limit of 0 stops a search before it starts; a puzzle the clues
    // settle needs none.
    let r = run_bin(&["--time-limit", "0"], &lines(&[HARD, P1]));
    assert_eq!(r.code, 1);
    let out = r.out();
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers[0], "search limit reached", "{out}");
    assert_eq!(answers.len(), 2);
    let r = run_bin(&["--time-limit", "1000"], &lines(&[HARD, P1]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.out().contains("limit"), "{}", r.out());

    let r = run_bin(&["--time-limit", "soon"], &lines(&[P1]));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--time-limit"), "{}", r.stderr);
}

#[test]
fn every_rule_gives_the_same_answers() {
    // Hard and easy puzzles, one with two solutions, one with none, a
    // malformed line: each rule answers them all alike, in order.
    let top = read(&workspace("benches/data/top1465.txt"));
    let top = String::from_utf8(top).expect("UTF-8");
    let mut input: String = top.lines().take(20).map(|l| format!("{l}\n")).collect();
    input.push_str(&".".repeat(81));
    input.push('\n');
    input.push_str(&format!("11{}\n", ".".repeat(79)));
    input.push_str("12345\n");
    for args in [
        &["-j", "1", "-u"][..],
        &["count", "--limit", "2", "-j", "2"][..],
    ] {
        let default = run_bin(args, input.as_bytes());
        assert_eq!(default.code, 1, "{}", default.stderr);
        for rule in dlx_core::Branching::ALL.map(|r| r.name()) {
            let mut with = args.to_vec();
            with.extend(["--rule", rule]);
            let r = run_bin(&with, input.as_bytes());
            assert_eq!(
                (r.code, r.out(), &r.stderr),
                (default.code, default.out(), &default.stderr),
                "--rule {rule} {args:?}"
            );
        }
    }
    // The solutions are right by the rules, not only alike.
    let r = run_bin(&["-j", "1", "--rule", "look-ahead"], input.as_bytes());
    for (puzzle, solution) in top.lines().take(20).zip(r.out().lines()) {
        assert_solves(&board(puzzle), &board(solution));
    }
    // A rule that is not one: a usage error naming the rules.
    let r = run_bin(&["--rule", "fastest"], input.as_bytes());
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("look-ahead") && r.stderr.contains("degree"),
        "{}",
        r.stderr
    );
    assert!(r.out().is_empty());
}

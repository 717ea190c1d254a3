//! Thread scaling of the two programs, measured in one process.
//!
//! ```text
//! cargo run --release -p dlx-benches --bin scale -- [--rounds 3] [--threads 2]
//! ```
//!
//! Runs, alternately and `--rounds` times each, (a) `dlx` counting all
//! solutions of an exact-cover problem on 1 thread and on N threads, and
//! (b) `dlx-sudoku` solving a whole puzzle file on 1 thread and on N threads,
//! both through their library entry points with the input in memory and the
//! output discarded (after checking it once). Prints the median seconds and
//! the speed-up of N threads over one.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;
use dlx_benches::check::check_solution;
use dlx_benches::puzzle::parse_line;

#[derive(Parser)]
#[command(about = "Thread scaling of dlx and dlx-sudoku, measured in one process")]
struct Args {
    /// Runs of each configuration (the median is reported).
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// The number of threads to compare with one.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Exact-cover problems (file names under dlx-core/tests/data/xc; '' for none).
    #[arg(long, value_delimiter = ',', default_value = "pent6x10.dlx")]
    problems: Vec<String>,
    /// Sudoku sets (file names under benches/data; '' for none).
    #[arg(long, value_delimiter = ',', default_value = "17clue.txt")]
    sets: Vec<String>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Counts `problem` with `dlx` on `threads` threads; returns (seconds, stdout).
fn run_dlx(input: &[u8], threads: usize) -> (f64, String) {
    use dlx_sudoku::programs::dlx::{run, Config, Exit};
    let config = Config {
        threads,
        ..Config::default()
    };
    let mut out = Vec::new();
    let start = Instant::now();
    let exit = run(&config, input, &mut out, io::sink());
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(exit, Exit::Success);
    (seconds, String::from_utf8(out).expect("utf-8 output"))
}

/// Solves a puzzle file with `dlx-sudoku` on `threads` threads.
fn run_sudoku(input: &[u8], threads: usize) -> (f64, Vec<u8>) {
    use dlx_sudoku::programs::dlx_sudoku::{run, Config, Exit};
    let config = Config {
        threads,
        ..Config::default()
    };
    let mut out = Vec::with_capacity(input.len());
    let start = Instant::now();
    let exit = run(&config, input, &mut out, io::sink());
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(exit, Exit::Success);
    (seconds, out)
}

fn main() {
    let args = Args::parse();
    let n = args.threads;
    println!("| job | input | 1 thread (s) | {n} threads (s) | speed-up |");
    println!("| --- | --- | ---: | ---: | ---: |");
    // An empty list (`--problems ''`) skips that kind of job.
    for name in args.problems.iter().filter(|n| !n.is_empty()) {
        let input = std::fs::read(root().join("dlx-core/tests/data/xc").join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut one, mut many) = (Vec::new(), Vec::new());
        let mut answer = None;
        for _ in 0..args.rounds {
            for (threads, times) in [(1, &mut one), (n, &mut many)] {
                let (s, out) = run_dlx(&input, threads);
                // Both runs must print the same count.
                assert_eq!(*answer.get_or_insert_with(|| out.clone()), out, "{name}");
                times.push(s);
            }
        }
        let (a, b) = (median(one), median(many));
        println!("| dlx count | {name} | {a:.3} | {b:.3} | {:.2}x |", a / b);
    }
    for name in args.sets.iter().filter(|n| !n.is_empty()) {
        let input = std::fs::read(root().join("benches/data").join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let puzzles = input
            .split(|&b| b == b'\n')
            .filter(|l| l.len() == 81)
            .count();
        let (mut one, mut many) = (Vec::new(), Vec::new());
        let mut answer: Option<Vec<u8>> = None;
        for _ in 0..args.rounds {
            for (threads, times) in [(1, &mut one), (n, &mut many)] {
                let (s, out) = run_sudoku(&input, threads);
                match &answer {
                    None => {
                        // Check every solution once, by the rules.
                        let text = String::from_utf8(out.clone()).expect("utf-8 output");
                        let given = String::from_utf8_lossy(&input);
                        let pairs = given.lines().filter(|l| l.len() == 81).zip(text.lines());
                        let mut checked = 0;
                        for (k, (p, s)) in pairs.enumerate() {
                            let p = parse_line(p, k + 1).expect("puzzle");
                            let s = parse_line(s, k + 1).expect("solution");
                            check_solution(&p, &s).expect("solution by the rules");
                            checked += 1;
                        }
                        assert_eq!(checked, puzzles, "{name}: one solution per puzzle");
                        answer = Some(out);
                    }
                    Some(first) => assert_eq!(first, &out, "{name}: same output"),
                }
                times.push(s);
            }
        }
        let (a, b) = (median(one), median(many));
        println!(
            "| dlx-sudoku solve | {name} ({puzzles} puzzles; {:.0} and {:.0} puzzles/s) | {a:.3} | {b:.3} | {:.2}x |",
            puzzles as f64 / a,
            puzzles as f64 / b,
            a / b
        );
    }
}

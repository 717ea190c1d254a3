//! Thread scaling: the same job on one thread and on every core, in one
//! criterion group each, so their ratio is measured in the same run.
//!
//! - `scale/pent6x10`: counting all 9,356 solutions, sequentially
//!   (`Problem::count_with_stats`, DLX1's exact search) and with
//!   `dlx_core::parallel::count` on a pool of N threads. Throughput is DLX1's
//!   update count, so `elem/s` reads as updates per second.
//! - `scale/17clue`: `dlx-sudoku` solving the whole 17-clue set through its
//!   library entry point (`cli::run`: reading, solving, writing to memory)
//!   with `--threads 1` and `--threads N`. Throughput is puzzles.
//!
//! N is the number of cores (at least 2). `cargo bench -p dlx-benches
//! --bench scale`; the program `scale` (`src/bin/scale.rs`) prints the same
//! ratios as a table.

use std::hint::black_box;
use std::io;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use dlx_benches::puzzle::{data_dir, parse_line};
use dlx_benches::xc::{known, load};

fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

fn count(c: &mut Criterion) {
    let name = "pent6x10";
    let known = known(name).unwrap_or_else(|e| panic!("{e}"));
    let n = threads();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .expect("a thread pool");
    let mut file = load(name).unwrap_or_else(|e| panic!("{e}"));
    // Both ways must count right before either is timed.
    assert_eq!(file.problem.count(), known.solutions, "{name}: sequential");
    let parallel = pool.install(|| dlx_core::parallel::count(&mut file.problem));
    assert_eq!(parallel.solutions, known.solutions, "{name}: parallel");

    let mut group = c.benchmark_group(format!("scale/{name}"));
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(known.dlx1_updates));
    group.bench_function("threads/1", |b| {
        b.iter(|| black_box(black_box(&mut file.problem).count_with_stats()))
    });
    group.bench_function(format!("threads/{n}"), |b| {
        b.iter(|| pool.install(|| black_box(dlx_core::parallel::count(&mut file.problem))))
    });
    group.finish();
}

fn batch(c: &mut Criterion) {
    use dlx_sudoku::programs::dlx_sudoku::{run, Config, Exit};

    let path = data_dir().join("17clue.txt");
    let input = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = String::from_utf8_lossy(&input).into_owned();
    let puzzles: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    let solve = |threads: usize, out: &mut Vec<u8>| {
        out.clear();
        let config = Config {
            threads,
            ..Config::default()
        };
        let exit = run(&config, &input[..], &mut *out, io::sink());
        assert_eq!(exit, Exit::Success);
    };
    let n = threads();
    // Every answer checked by the rules, on both thread counts.
    for threads in [1, n] {
        let mut out = Vec::new();
        solve(threads, &mut out);
        let answers = String::from_utf8(out).expect("utf-8 output");
        let mut checked = 0;
        for (k, (p, s)) in puzzles.iter().zip(answers.lines()).enumerate() {
            let p = parse_line(p, k + 1).expect("puzzle");
            let s = parse_line(s, k + 1).expect("solution");
            dlx_benches::check::check_solution(&p, &s).expect("a solution by the rules");
            checked += 1;
        }
        assert_eq!(checked, puzzles.len(), "one answer per puzzle");
    }

    let mut group = c.benchmark_group("scale/17clue");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    let mut out = Vec::with_capacity(input.len());
    for threads in [1, n] {
        group.bench_function(format!("threads/{threads}"), |b| {
            b.iter(|| solve(black_box(threads), &mut out))
        });
    }
    group.finish();
}

criterion_group!(benches, count, batch);
criterion_main!(benches);

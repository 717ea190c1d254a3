//! Sudoku benchmark: every solver on every data set, first solution and
//! count up to 2 (the uniqueness check), as separate benchmark ids.
//!
//! One group per data set (`sudoku/<set>`), `Throughput::Elements(puzzles)`
//! so that criterion's "elem/s" is puzzles per second. Each benchmark runs
//! a fixed, evenly spread subset of the set (see `PUZZLES`); the slow
//! solvers (the naive baseline and first-item branching, which lack the
//! minimum-length rule) run only on the hard sets and on a smaller subset.
//! Every answer is checked by the rules once, before timing.
//!
//! `cargo bench -p dlx-benches --bench sudoku -- top1465/first` runs one
//! kind on one set.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use dlx_benches::check::check_solution;
use dlx_benches::puzzle::{to_line, Grid, PuzzleSet, SET_NAMES};
use dlx_benches::solvers::{all_solvers, is_slow, Answer, Counted, SudokuSolver, NAIVE_BUDGET};

/// Puzzles per benchmark, spread evenly over the set (all of a smaller set).
const PUZZLES: usize = 500;
/// Puzzles per benchmark for the slow solvers.
const SLOW_PUZZLES: usize = 10;
/// The sets the slow solvers run on: hard, but within the naive budget for
/// most puzzles. The 17-clue set is hopeless for them.
const HARD_SETS: [&str; 2] = ["top1465", "forum_hardest_1106"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    First,
    CountTo2,
}

impl Kind {
    fn id(self) -> &'static str {
        match self {
            Kind::First => "first",
            Kind::CountTo2 => "count2",
        }
    }
}

/// Runs `solver` once over `puzzles` and checks every answer by the rules.
/// Panics on a wrong answer, a wrong count, or (except for the slow
/// solvers, which run under a node budget) a give-up.
fn validate(solver: &mut dyn SudokuSolver, set: &str, kind: Kind, puzzles: &[Grid]) {
    let name = solver.name().to_string();
    let mut gave_up = 0;
    for p in puzzles {
        let outcome = match kind {
            Kind::First => match solver.solve(p) {
                Answer::Solved(g) => {
                    if let Err(e) = check_solution(p, &g) {
                        panic!("{name} on {set}: WRONG ANSWER ({e}) for {}", to_line(p));
                    }
                    None
                }
                Answer::NoSolution => {
                    panic!("{name} on {set}: claims no solution for {}", to_line(p))
                }
                Answer::GaveUp => Some(()),
            },
            Kind::CountTo2 => match solver.count_up_to(p, 2) {
                // Every puzzle of the shipped sets has exactly one solution.
                Counted::Solutions(1) => None,
                Counted::Solutions(n) => {
                    panic!("{name} on {set}: counts {n} solutions for {}", to_line(p))
                }
                Counted::GaveUp => Some(()),
                Counted::Unsupported => panic!("{name} cannot count"),
            },
        };
        if outcome.is_some() {
            assert!(is_slow(&name), "{name} on {set}: gave up on {}", to_line(p));
            gave_up += 1;
        }
    }
    if gave_up > 0 {
        eprintln!(
            "{set}/{}/{name}: gave up on {gave_up} of {} puzzles (budget {NAIVE_BUDGET} nodes); \
             the timing includes those attempts",
            kind.id(),
            puzzles.len()
        );
    }
}

fn sudoku(c: &mut Criterion) {
    for set_name in SET_NAMES {
        let set = PuzzleSet::named(set_name).unwrap_or_else(|e| panic!("{e}"));
        let puzzles = set.spread(PUZZLES);
        let slow_puzzles = set.spread(SLOW_PUZZLES);
        let hard = HARD_SETS.contains(&set_name);

        let mut group = c.benchmark_group(format!("sudoku/{set_name}"));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(5));

        for kind in [Kind::First, Kind::CountTo2] {
            for mut solver in all_solvers(NAIVE_BUDGET) {
                let name = solver.name().to_string();
                let input = if is_slow(&name) {
                    if !hard {
                        continue;
                    }
                    &slow_puzzles
                } else {
                    &puzzles
                };
                if kind == Kind::CountTo2 && !solver.can_count() {
                    continue;
                }
                group.throughput(Throughput::Elements(input.len() as u64));
                // Validation runs on the first call only: criterion calls
                // the closure again for each sample, and never for a
                // benchmark its filter skips.
                let mut validated = false;
                group.bench_function(format!("{}/{name}", kind.id()), |b| {
                    if !validated {
                        validate(solver.as_mut(), set_name, kind, input);
                        validated = true;
                    }
                    b.iter(|| run(solver.as_mut(), kind, black_box(input)))
                });
            }
        }
        group.finish();
    }
}

/// One timed pass: every puzzle once; outputs go through `black_box`.
fn run(solver: &mut dyn SudokuSolver, kind: Kind, puzzles: &[Grid]) -> u64 {
    let mut done = 0;
    for p in puzzles {
        match kind {
            Kind::First => {
                if let Answer::Solved(g) = solver.solve(black_box(p)) {
                    black_box(&g);
                    done += 1;
                }
            }
            Kind::CountTo2 => {
                if let Counted::Solutions(n) = black_box(solver.count_up_to(black_box(p), 2)) {
                    done += n;
                }
            }
        }
    }
    done
}

criterion_group!(benches, sudoku);
criterion_main!(benches);

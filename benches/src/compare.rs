//! The comparison behind `src/bin/compare.rs`: every solver on every set in
//! one process, shuffled with a fixed seed, capped in time, every answer
//! checked by the rules, and the results as Markdown tables.

use std::fmt::Write as _;
use std::io::Write;
use std::time::{Duration, Instant};

use crate::check::check_solution;
use crate::puzzle::{to_line, Grid, PuzzleSet};
use crate::solvers::{all_solvers, is_ours, Answer, SudokuSolver};
use dlx_core::seed::SplitMix64;

/// The seed of the puzzle shuffle unless one is given.
pub const DEFAULT_SEED: u64 = 0x00d1_5c0f_fee5_eed5;

/// A validated configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Data set names (see [`crate::puzzle::SET_NAMES`]) or file paths.
    pub sets: Vec<String>,
    /// Solving time allowed to each solver on each set; it stops after the
    /// puzzle that crosses it.
    pub cap: Duration,
    /// The solvers to run, by name, in table order.
    pub solvers: Vec<String>,
    /// The seed of the shuffle of each set's puzzle order.
    pub seed: u64,
    /// Node budget per puzzle of the naive solver.
    pub naive_budget: u64,
    /// Runs of each solver on each set (at least 1). The solvers take
    /// turns, one round of all of them after another, and the tables show
    /// each solver's median round.
    pub rounds: usize,
}

/// The solvers run when none are named: all of them, in table order.
pub fn default_solvers(naive_budget: u64) -> Vec<String> {
    all_solvers(naive_budget)
        .iter()
        .map(|s| s.name().to_string())
        .collect()
}

/// What one solver did on one set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolverRun {
    /// The solver's name.
    pub name: String,
    /// Puzzles attempted before the cap.
    pub attempted: usize,
    /// Answers that passed the check.
    pub solved: usize,
    /// Answers that failed the check.
    pub wrong: usize,
    /// Puzzles the solver said have no solution.
    pub no_solution: usize,
    /// Puzzles where the solver's node budget ran out.
    pub gave_up: usize,
    /// Time spent in the solver's `solve` calls.
    pub time: Duration,
    /// Search nodes summed over the attempts, when the solver counts them.
    pub nodes: Option<u64>,
    /// Rounds this run stands for ([`median_round`]); 1 for a single run.
    pub rounds: usize,
}

impl SolverRun {
    /// Checked answers per second of solving time (give-ups and failures
    /// cost time but earn nothing).
    pub fn rate(&self) -> f64 {
        let secs = self.time.as_secs_f64();
        if secs > 0.0 {
            self.solved as f64 / secs
        } else {
            0.0
        }
    }

    /// Average nodes per attempted puzzle.
    pub fn nodes_per_puzzle(&self) -> Option<f64> {
        let n = self.nodes?;
        (self.attempted > 0).then(|| n as f64 / self.attempted as f64)
    }
}

/// The runs on one set.
#[derive(Clone, Debug)]
pub struct SetRun {
    /// The set's name.
    pub name: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// The first 12 hex digits of the file's SHA-256.
    pub sha256: String,
    /// One run per solver, in the configured order.
    pub runs: Vec<SolverRun>,
}

/// Runs `solver` over `puzzles` in the given order until the cap. Each
/// wrong answer and each "no solution" is written to `log` at once, with
/// the puzzle (`number` gives its 1-based position in the file).
pub fn run_solver(
    solver: &mut dyn SudokuSolver,
    set: &str,
    puzzles: &[(usize, Grid)],
    cap: Duration,
    log: &mut dyn Write,
) -> SolverRun {
    let mut run = SolverRun {
        name: solver.name().to_string(),
        rounds: 1,
        ..SolverRun::default()
    };
    for (number, puzzle) in puzzles {
        if run.time >= cap {
            break;
        }
        let start = Instant::now();
        let answer = solver.solve(puzzle);
        run.time += start.elapsed();
        run.attempted += 1;
        if let Some(n) = solver.nodes() {
            *run.nodes.get_or_insert(0) += n;
        }
        match answer {
            Answer::Solved(grid) => match check_solution(puzzle, &grid) {
                Ok(()) => run.solved += 1,
                Err(e) => {
                    run.wrong += 1;
                    let _ = writeln!(
                        log,
                        "!!! WRONG ANSWER: {} on {set} puzzle #{number}: {e}\n!!!   puzzle {}\n!!!   answer {}",
                        run.name,
                        to_line(puzzle),
                        to_line(&grid)
                    );
                }
            },
            Answer::NoSolution => {
                run.no_solution += 1;
                let _ = writeln!(
                    log,
                    "!!! NO SOLUTION claimed: {} on {set} puzzle #{number}: {}",
                    run.name,
                    to_line(puzzle)
                );
            }
            Answer::GaveUp => run.gave_up += 1,
        }
    }
    run
}

/// One solver's rounds on a set, as one run: the median round by rate
/// (the lower of the two middle ones for an even count), with the wrong
/// answers and the "no solution" claims of all rounds, so that a failure
/// in any round shows. `None` for no rounds.
pub fn median_round(mut rounds: Vec<SolverRun>) -> Option<SolverRun> {
    let n = rounds.len();
    let wrong = rounds.iter().map(|r| r.wrong).sum();
    let no_solution = rounds.iter().map(|r| r.no_solution).sum();
    rounds.sort_by(|a, b| a.rate().total_cmp(&b.rate()));
    let mut median = rounds.into_iter().nth(n.checked_sub(1)? / 2)?;
    median.wrong = wrong;
    median.no_solution = no_solution;
    median.rounds = n;
    Some(median)
}

/// Loads every set, shuffles it, and runs every configured solver on it
/// `config.rounds` times, the solvers taking turns, logging progress and
/// failures to `log`.
///
/// # Errors
/// A message when a set cannot be loaded or a solver name is unknown.
pub fn run(config: &Config, log: &mut dyn Write) -> Result<Vec<SetRun>, String> {
    let mut available = all_solvers(config.naive_budget);
    let mut solvers: Vec<Box<dyn SudokuSolver>> = Vec::new();
    for name in &config.solvers {
        let Some(i) = available.iter().position(|s| s.name() == name) else {
            let names: Vec<&str> = available.iter().map(|s| s.name()).collect();
            return Err(format!(
                "unknown solver {name:?}; available: {}",
                names.join(", ")
            ));
        };
        solvers.push(available.remove(i));
    }
    let mut sets = Vec::new();
    for name in &config.sets {
        let set = PuzzleSet::named(name).map_err(|e| e.to_string())?;
        let mut order: Vec<(usize, Grid)> = set
            .puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (i + 1, *p))
            .collect();
        SplitMix64::new(config.seed).shuffle(&mut order);
        let mut rounds: Vec<Vec<SolverRun>> = solvers.iter().map(|_| Vec::new()).collect();
        for round in 1..=config.rounds.max(1) {
            for (solver, done) in solvers.iter_mut().zip(&mut rounds) {
                let run = run_solver(solver.as_mut(), &set.name, &order, config.cap, log);
                let _ = writeln!(
                    log,
                    "[{}] round {round}: {}: {} of {} puzzles in {:.2} s: {} checked, {} wrong, {} no solution, {} gave up ({}/s)",
                    set.name,
                    run.name,
                    run.attempted,
                    order.len(),
                    run.time.as_secs_f64(),
                    run.solved,
                    run.wrong,
                    run.no_solution,
                    run.gave_up,
                    format_rate(run.rate())
                );
                done.push(run);
            }
        }
        let runs = rounds.into_iter().filter_map(median_round).collect();
        sets.push(SetRun {
            name: set.name.clone(),
            puzzles: set.puzzles.len(),
            sha256: set.sha256_prefix(12),
            runs,
        });
    }
    Ok(sets)
}

/// Did any solver give an answer that failed the check?
pub fn any_wrong(sets: &[SetRun]) -> bool {
    sets.iter().flat_map(|s| &s.runs).any(|r| r.wrong > 0)
}

/// The summary table: one row per set, puzzles per second per solver, the
/// ratio of ours (the first of our solvers that ran) to each baseline, and
/// our average nodes per puzzle.
pub fn summary_table(sets: &[SetRun]) -> String {
    let names: Vec<&str> = sets
        .first()
        .map(|s| s.runs.iter().map(|r| r.name.as_str()).collect())
        .unwrap_or_default();
    let ours = names.iter().copied().find(|n| is_ours(n));
    let baselines: Vec<&str> = names.iter().copied().filter(|n| !is_ours(n)).collect();

    let mut out = String::new();
    let mut header = vec!["set".to_string(), "puzzles".into(), "sha256".into()];
    header.extend(names.iter().map(|n| format!("{n} (puzzles/s)")));
    if let Some(ours) = ours {
        header.extend(baselines.iter().map(|b| format!("{ours} / {b}")));
        header.push(format!("nodes/puzzle ({ours})"));
    }
    push_row(&mut out, &header);
    push_row(
        &mut out,
        &header
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 || i == 2 { "---" } else { "---:" }.to_string())
            .collect::<Vec<_>>(),
    );
    for set in sets {
        let mut row = vec![
            set.name.clone(),
            group_digits(set.puzzles as u64),
            format!("`{}`", set.sha256),
        ];
        for r in &set.runs {
            let mut cell = format_rate(r.rate());
            if r.attempted < set.puzzles {
                let _ = write!(
                    cell,
                    " ({} of {})",
                    group_digits(r.attempted as u64),
                    group_digits(set.puzzles as u64)
                );
            }
            if r.wrong > 0 {
                let _ = write!(cell, " **{} WRONG**", r.wrong);
            }
            row.push(cell);
        }
        if let Some(ours) = ours {
            let find = |n: &str| set.runs.iter().find(|r| r.name == n);
            let our_rate = find(ours).map_or(0.0, SolverRun::rate);
            for b in &baselines {
                let theirs = find(b).map_or(0.0, SolverRun::rate);
                row.push(format_ratio(our_rate, theirs));
            }
            row.push(
                find(ours)
                    .and_then(SolverRun::nodes_per_puzzle)
                    .map_or_else(|| "-".to_string(), format_nodes),
            );
        }
        push_row(&mut out, &row);
    }
    out
}

/// The detail table: one row per set and solver.
pub fn detail_table(sets: &[SetRun]) -> String {
    let mut out = String::new();
    push_row(
        &mut out,
        &[
            "set",
            "solver",
            "attempted",
            "checked",
            "wrong",
            "no solution",
            "gave up",
            "seconds",
            "puzzles/s",
            "nodes/puzzle",
        ]
        .map(String::from),
    );
    push_row(
        &mut out,
        &[
            "---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:",
        ]
        .map(String::from),
    );
    for set in sets {
        for r in &set.runs {
            push_row(
                &mut out,
                &[
                    set.name.clone(),
                    r.name.clone(),
                    group_digits(r.attempted as u64),
                    group_digits(r.solved as u64),
                    r.wrong.to_string(),
                    r.no_solution.to_string(),
                    r.gave_up.to_string(),
                    format!("{:.3}", r.time.as_secs_f64()),
                    format_rate(r.rate()),
                    r.nodes_per_puzzle()
                        .map_or_else(|| "-".to_string(), format_nodes),
                ],
            );
        }
    }
    out
}

fn push_row(out: &mut String, cells: &[String]) {
    out.push('|');
    for c in cells {
        let _ = write!(out, " {c} |");
    }
    out.push('\n');
}

/// A rate for a table: digits grouped when large, one decimal when small.
pub fn format_rate(rate: f64) -> String {
    if rate >= 100.0 {
        group_digits(rate.round() as u64)
    } else {
        format!("{rate:.1}")
    }
}

/// An average node count: digits grouped when large, one decimal when small.
pub fn format_nodes(nodes: f64) -> String {
    if nodes >= 1000.0 {
        group_digits(nodes.round() as u64)
    } else {
        format!("{nodes:.1}")
    }
}

/// `ours / theirs` as `3.21×`; `∞` when they solved nothing.
pub fn format_ratio(ours: f64, theirs: f64) -> String {
    if theirs > 0.0 {
        format!("{:.2}×", ours / theirs)
    } else if ours > 0.0 {
        "∞".to_string()
    } else {
        "-".to_string()
    }
}

/// `1234567` as `1,234,567`.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Counted;

    #[test]
    fn formats_numbers() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1_234_567), "1,234,567");
        assert_eq!(format_rate(12.345), "12.3");
        assert_eq!(format_rate(25_000.4), "25,000");
        assert_eq!(format_ratio(30.0, 10.0), "3.00×");
        assert_eq!(format_ratio(1.0, 0.0), "∞");
    }

    /// A solver that answers a fixed grid, to see that the harness checks.
    struct Liar;

    impl SudokuSolver for Liar {
        fn name(&self) -> &str {
            "liar"
        }
        fn solve(&mut self, _: &Grid) -> Answer {
            Answer::Solved([1; 81])
        }
        fn count_up_to(&mut self, _: &Grid, _: u64) -> Counted {
            Counted::Unsupported
        }
    }

    #[test]
    fn wrong_answers_are_caught_and_logged() {
        let set = PuzzleSet::named("top1465").unwrap();
        let puzzles: Vec<(usize, Grid)> = set.puzzles.iter().take(3).copied().enumerate().collect();
        let mut log = Vec::new();
        let run = run_solver(
            &mut Liar,
            "top1465",
            &puzzles,
            Duration::from_secs(10),
            &mut log,
        );
        assert_eq!((run.attempted, run.wrong, run.solved), (3, 3, 0));
        let log = String::from_utf8(log).unwrap();
        assert_eq!(log.matches("WRONG ANSWER").count(), 3);
        let sets = [SetRun {
            name: "top1465".into(),
            puzzles: 3,
            sha256: set.sha256_prefix(12),
            runs: vec![run],
        }];
        assert!(any_wrong(&sets));
        assert!(summary_table(&sets).contains("3 WRONG"));
    }

    #[test]
    fn the_median_round_keeps_every_rounds_failures() {
        let round = |solved: usize, millis: u64, wrong: usize| SolverRun {
            name: "x".into(),
            attempted: solved + wrong,
            solved,
            wrong,
            time: Duration::from_millis(millis),
            rounds: 1,
            ..SolverRun::default()
        };
        assert_eq!(median_round(Vec::new()), None);
        // Rates 100, 50 and 200 per second: the median is the first; the
        // wrong answer of the slowest round is kept.
        let m = median_round(vec![round(10, 100, 0), round(10, 200, 1), round(10, 50, 0)]).unwrap();
        assert_eq!(
            (m.time, m.wrong, m.rounds),
            (Duration::from_millis(100), 1, 3)
        );
        // Two rounds: the slower one.
        let m = median_round(vec![round(10, 100, 0), round(10, 200, 0)]).unwrap();
        assert_eq!(m.time, Duration::from_millis(200));
    }

    #[test]
    fn runs_every_solver_and_tabulates() {
        let config = Config {
            sets: vec!["forum_hardest_1106".into()],
            cap: Duration::from_millis(50),
            solvers: default_solvers(100_000),
            seed: DEFAULT_SEED,
            naive_budget: 100_000,
            rounds: 1,
        };
        let mut log = Vec::new();
        let sets = run(&config, &mut log).unwrap();
        assert_eq!(sets[0].puzzles, 375);
        assert!(!any_wrong(&sets));
        for r in &sets[0].runs {
            assert!(r.attempted > 0, "{}", r.name);
            assert_eq!(r.wrong + r.no_solution, 0, "{}", r.name);
        }
        let table = summary_table(&sets);
        assert_eq!(table.lines().count(), 3);
        assert!(table.contains(&sets[0].sha256));
        assert_eq!(detail_table(&sets).lines().count(), 2 + sets[0].runs.len());

        let twice = Config {
            solvers: vec!["ours".into(), "dlx".into()],
            rounds: 2,
            ..config.clone()
        };
        let mut log = Vec::new();
        let sets = run(&twice, &mut log).unwrap();
        assert!(sets[0].runs.iter().all(|r| r.rounds == 2));
        let log = String::from_utf8(log).unwrap();
        assert_eq!(log.matches("round 2:").count(), 2, "{log}");

        let bad = Config {
            solvers: vec!["nope".into()],
            ..config
        };
        assert!(run(&bad, &mut Vec::new())
            .unwrap_err()
            .contains("unknown solver"));
    }
}

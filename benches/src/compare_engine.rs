//! The comparison behind `src/bin/compare-engine.rs`: each exact-cover
//! problem counted by dlx-core and by the C baseline ([`crate::dlx1c`]) in
//! one process, in alternating rounds, every count checked, and the median
//! times as a Markdown table.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use dlx_core::text::{parse, DlxFile};
use dlx_core::Stats;

use crate::compare::{format_rate, group_digits};
use crate::dlx1c::Dlx1;
use crate::xc::{known, load, Known};

/// The rounds per engine unless told otherwise.
pub const DEFAULT_ROUNDS: usize = 3;

/// A validated configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Problems: names of files in `dlx-core/tests/data/xc` without `.dlx`
    /// (their counts are checked against `COUNTS.txt`) or paths to DLX files.
    pub problems: Vec<String>,
    /// Counts per engine per problem; the table shows the median time.
    pub rounds: usize,
}

/// What the two engines did on one problem.
#[derive(Clone, Debug)]
pub struct EngineRun {
    /// The problem's name, or the path it was given as.
    pub name: String,
    /// The C baseline's statistics (the same in every round, or `wrong` says
    /// otherwise).
    pub dlx1: Stats,
    /// dlx-core's statistics.
    pub core: Stats,
    /// Time of each count by the C baseline.
    pub dlx1_times: Vec<Duration>,
    /// Time of each count by dlx-core.
    pub core_times: Vec<Duration>,
    /// What failed a check, if anything: a count that differs from
    /// `COUNTS.txt`, from the other engine, or from the engine's first round.
    pub wrong: Vec<String>,
}

impl EngineRun {
    /// The median time of the C baseline.
    pub fn dlx1_median(&self) -> Duration {
        median(&self.dlx1_times)
    }

    /// The median time of dlx-core.
    pub fn core_median(&self) -> Duration {
        median(&self.core_times)
    }
}

/// The median of `times` (the upper one of an even count); zero if empty.
pub fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
}

/// Loads a problem given by name (with its known counts) or by path.
fn load_problem(spec: &str) -> Result<(DlxFile, Option<Known>), String> {
    let is_path = spec.contains('/') || spec.ends_with(".dlx");
    if is_path {
        let text = std::fs::read(Path::new(spec)).map_err(|e| format!("{spec}: {e}"))?;
        let file = parse(&text[..]).map_err(|e| format!("{spec}:{e}"))?;
        Ok((file, None))
    } else {
        let file = load(spec)?;
        Ok((file, Some(known(spec)?)))
    }
}

/// Checks one round's statistics against what is known, and each engine
/// against its first round and the other engine; returns what failed.
fn check_round(
    run: &EngineRun,
    known: Option<&Known>,
    dlx1: Stats,
    core: Stats,
    round: usize,
) -> Vec<String> {
    let mut wrong = Vec::new();
    if let Some(k) = known {
        let expected = (k.solutions, k.dlx1_nodes, k.dlx1_updates);
        if (dlx1.solutions, dlx1.nodes, dlx1.updates) != expected {
            wrong.push(format!(
                "dlx1-c round {round}: (solutions, nodes, updates) = {:?}, COUNTS.txt says {expected:?}",
                (dlx1.solutions, dlx1.nodes, dlx1.updates)
            ));
        }
        if core.solutions != k.solutions {
            wrong.push(format!(
                "dlx-core round {round}: {} solutions, COUNTS.txt says {}",
                core.solutions, k.solutions
            ));
        }
    }
    if core.solutions != dlx1.solutions {
        wrong.push(format!(
            "round {round}: dlx-core counts {} solutions, dlx1-c {}",
            core.solutions, dlx1.solutions
        ));
    }
    if round > 1 && (dlx1 != run.dlx1 || core != run.core) {
        wrong.push(format!("round {round}: statistics differ from round 1"));
    }
    wrong
}

/// Counts one problem `rounds` times with each engine, alternating (C
/// first), logging each failed check to `log` at once.
///
/// # Errors
/// A message when the C baseline cannot take the problem.
pub fn run_problem(
    name: &str,
    file: &mut DlxFile,
    known: Option<&Known>,
    rounds: usize,
    log: &mut dyn Write,
) -> Result<EngineRun, String> {
    let mut c = Dlx1::new(&file.problem).map_err(|e| format!("{name}: {e}"))?;
    let mut run = EngineRun {
        name: name.to_string(),
        dlx1: Stats::default(),
        core: Stats::default(),
        dlx1_times: Vec::with_capacity(rounds),
        core_times: Vec::with_capacity(rounds),
        wrong: Vec::new(),
    };
    for round in 1..=rounds {
        let start = Instant::now();
        let dlx1 = std::hint::black_box(c.count());
        run.dlx1_times.push(start.elapsed());
        let start = Instant::now();
        let core = std::hint::black_box(file.problem.count_with_stats());
        run.core_times.push(start.elapsed());
        if round == 1 {
            run.dlx1 = dlx1;
            run.core = core;
        }
        for w in check_round(&run, known, dlx1, core, round) {
            let _ = writeln!(log, "!!! {name}: {w}");
            run.wrong.push(w);
        }
    }
    let _ = writeln!(
        log,
        "[{name}] {} solutions; dlx1-c {} nodes, {} updates, median {:.3} s; \
         dlx-core {} nodes, {} updates, median {:.3} s",
        run.dlx1.solutions,
        run.dlx1.nodes,
        run.dlx1.updates,
        run.dlx1_median().as_secs_f64(),
        run.core.nodes,
        run.core.updates,
        run.core_median().as_secs_f64()
    );
    Ok(run)
}

/// Loads and runs every configured problem, logging progress and failures
/// to `log`.
///
/// # Errors
/// A message when a problem cannot be loaded or `rounds` is zero.
pub fn run(config: &Config, log: &mut dyn Write) -> Result<Vec<EngineRun>, String> {
    if config.rounds == 0 {
        return Err("rounds must be at least 1".to_string());
    }
    let mut runs = Vec::new();
    for spec in &config.problems {
        let (mut file, known) = load_problem(spec)?;
        runs.push(run_problem(
            spec,
            &mut file,
            known.as_ref(),
            config.rounds,
            log,
        )?);
    }
    Ok(runs)
}

/// Did any count fail a check?
pub fn any_wrong(runs: &[EngineRun]) -> bool {
    runs.iter().any(|r| !r.wrong.is_empty())
}

/// The table: one row per problem; updates are DLX1's (both engines branch
/// as DLX1 does), the times are medians, the ratio is C time over dlx-core
/// time (above 1: dlx-core is faster).
pub fn table(runs: &[EngineRun]) -> String {
    let mut out = String::new();
    out.push_str(
        "| problem | solutions | updates | dlx1-c (s) | dlx-core (s) | dlx1-c / dlx-core \
         | dlx1-c updates/s | dlx-core updates/s |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in runs {
        let c = r.dlx1_median().as_secs_f64();
        let core = r.core_median().as_secs_f64();
        let per_second = |secs: f64| {
            if secs > 0.0 {
                format_rate(r.dlx1.updates as f64 / secs)
            } else {
                "-".to_string()
            }
        };
        let ratio = if core > 0.0 {
            format!("{:.2}×", c / core)
        } else {
            "-".to_string()
        };
        let mut solutions = group_digits(r.dlx1.solutions);
        if !r.wrong.is_empty() {
            solutions.push_str(" **WRONG**");
        }
        let mut updates = group_digits(r.dlx1.updates);
        if r.core.updates != r.dlx1.updates {
            // Not a failure (the ratio then compares different work), but
            // worth seeing.
            let _ = write!(updates, " (dlx-core {})", group_digits(r.core.updates));
        }
        let _ = writeln!(
            out,
            "| {} | {solutions} | {updates} | {c:.3} | {core:.3} | {ratio} | {} | {} |",
            r.name,
            per_second(c),
            per_second(core)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_rounds() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(median(&[ms(2), ms(1)]), ms(2));
        assert_eq!(median(&[]), Duration::ZERO);
    }

    #[test]
    fn runs_checks_and_tabulates() {
        let path = crate::xc::xc_dir().join("xc_wikipedia.dlx");
        let config = Config {
            problems: vec!["queens8".into(), path.display().to_string()],
            rounds: 3,
        };
        let mut log = Vec::new();
        let runs = run(&config, &mut log).unwrap();
        assert!(!any_wrong(&runs), "{}", String::from_utf8_lossy(&log));
        assert_eq!(runs[0].dlx1.solutions, 92);
        assert_eq!(runs[1].dlx1.solutions, 1);
        for r in &runs {
            assert_eq!((r.dlx1_times.len(), r.core_times.len()), (3, 3));
        }
        let table = table(&runs);
        assert_eq!(table.lines().count(), 4);
        assert!(table.contains("| queens8 | 92 | 16,680 |"), "{table}");

        let bad = Config {
            rounds: 0,
            ..config.clone()
        };
        assert!(run(&bad, &mut Vec::new()).is_err());
        let missing = Config {
            problems: vec!["no_such_problem".into()],
            ..config
        };
        assert!(run(&missing, &mut Vec::new()).is_err());
    }

    #[test]
    fn a_miscount_is_caught() {
        let mut file = load("langford7").unwrap();
        let mut k = known("langford7").unwrap();
        k.solutions += 1;
        let mut log = Vec::new();
        let r = run_problem("langford7", &mut file, Some(&k), 2, &mut log).unwrap();
        // Both engines disagree with the doctored count, in both rounds.
        assert_eq!(r.wrong.len(), 4, "{:?}", r.wrong);
        assert!(any_wrong(std::slice::from_ref(&r)));
        assert!(table(&[r]).contains("**WRONG**"));
        assert_eq!(String::from_utf8(log).unwrap().matches("!!!").count(), 4);
    }
}

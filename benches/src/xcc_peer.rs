//! The XCC and MCC problems of the engine benchmark (Knuth-format files in
//! `dlx-core/tests/data/xcc` with colors or bounds, and the reference counts
//! of Knuth's DLX2/DLX3 from `COUNTS.txt`), the adapter for the peer crate
//! `exact-covers` (colors only), and the comparison behind
//! `src/bin/compare-xcc.rs`.
//!
//! `exact-covers` (0.3, MIT) implements Knuth's Algorithm C (DLX2's
//! algorithm) in [`exact_covers::DlSolver`]; it has no multiplicities, so
//! files with bounds ([`Kind::Multiplicities`]) are not expressible and are
//! skipped. Options with no primary item are dropped, as Knuth's programs
//! drop them (dlx-core keeps them but never chooses them).
//!
//! ```no_run
//! use dlx_benches::xcc_peer::{known_xcc, load_xcc, ExactCovers};
//!
//! let file = load_xcc("wrect_3x3_a4w20")?;
//! let peer = ExactCovers::from_file(&file)?;
//! assert_eq!(peer.count(), known_xcc("wrect_3x3_a4w20")?.solutions);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use dlx_core::text::{parse, DlxFile};
use dlx_core::{Kind, Stats};
use exact_covers::{DlSolver, Solver as _};

use crate::compare::group_digits;
use crate::compare_engine::median;

/// The problems of the criterion group `xcc` (each takes 0.05–0.5 s with
/// Knuth's programs): five XCC files (colors), then two MCC files (bounds;
/// dlx-core only).
pub const XCC_BENCH_PROBLEMS: [&str; 7] = [
    "wrect_4x4_a6w120",
    "latin_n8_g20",
    "rxcc_p30_s15_o300",
    "edge_r4x4_c4",
    "kq_n8_3_d2",
    "tetro_2x2_5x8",
    "rmcc_p30_s15_o150",
];

/// The directory of the XCC/MCC files.
pub fn xcc_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../dlx-core/tests/data/xcc")
}

/// The reference row of `COUNTS.txt` for a file: DLX2's for an XCC file
/// (no bounds), DLX3's for an MCC file.
#[derive(Clone, Debug, PartialEq)]
pub struct KnownXcc {
    /// The file name without `.dlx`.
    pub name: String,
    /// `dlx2` or `dlx3`: the program of the row.
    pub program: String,
    /// All solutions (verified independently; see `CHECKS.txt`).
    pub solutions: u64,
    /// Search nodes of that program.
    pub nodes: u64,
    /// Updates of that program.
    pub updates: u64,
    /// Wall-clock seconds of that program's whole run (another session,
    /// another machine state: informational only).
    pub seconds: f64,
}

/// Every file of `COUNTS.txt` with a solution count (files the programs
/// reject are left out), with its reference row, in the order of the file.
///
/// # Errors
/// A message when `COUNTS.txt` cannot be read or a counted row is malformed.
pub fn known_all() -> Result<Vec<KnownXcc>, String> {
    let path = xcc_dir().join("COUNTS.txt");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows: Vec<KnownXcc> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.first().is_none_or(|f| f.starts_with('#')) || fields.get(2) == Some(&"error") {
            continue;
        }
        let bad = |k: usize| format!("{}:{}: bad field {}", path.display(), n + 1, k + 1);
        let number = |k: usize| -> Result<u64, String> {
            fields
                .get(k)
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| bad(k))
        };
        let name = fields[0]
            .strip_suffix(".dlx")
            .ok_or_else(|| bad(0))?
            .to_string();
        let row = KnownXcc {
            name,
            program: fields.get(1).ok_or_else(|| bad(1))?.to_string(),
            solutions: number(2)?,
            nodes: number(3)?,
            updates: number(4)?,
            seconds: fields
                .get(6)
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| bad(6))?,
        };
        // DLX2's row comes first for an XCC file and is the reference; a
        // later DLX3 row of the same file must agree on the count.
        match rows.iter().find(|r| r.name == row.name) {
            Some(first) if first.solutions != row.solutions => {
                return Err(format!(
                    "{}:{}: {} counts {} solutions, {} {}",
                    path.display(),
                    n + 1,
                    row.program,
                    row.solutions,
                    first.program,
                    first.solutions
                ));
            }
            Some(_) => {}
            None => rows.push(row),
        }
    }
    Ok(rows)
}

/// The reference row of `COUNTS.txt` for `name` (a file name without `.dlx`).
///
/// # Errors
/// A message when `COUNTS.txt` cannot be read or has no counted row for it.
pub fn known_xcc(name: &str) -> Result<KnownXcc, String> {
    known_all()?
        .into_iter()
        .find(|k| k.name == name)
        .ok_or_else(|| format!("COUNTS.txt: no counted row for {name}.dlx"))
}

/// `<name>.dlx` of the XCC/MCC directory, parsed by dlx-core.
///
/// # Errors
/// A message naming the file, line and column of the first problem.
pub fn load_xcc(name: &str) -> Result<DlxFile, String> {
    let path = xcc_dir().join(format!("{name}.dlx"));
    let text = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{name}.dlx:{e}"))
}

/// An option for `exact-covers`: its primary items, then its secondary
/// items with their colors.
type PeerOption = (Vec<u32>, Vec<(u32, Option<u32>)>);

/// A problem as the `exact-covers` crate takes it: items are dlx-core's item
/// indices, colors dlx-core's color indices (the code point of the color
/// character).
#[derive(Clone, Debug)]
pub struct ExactCovers {
    primary: Vec<u32>,
    secondary: Vec<u32>,
    options: Vec<PeerOption>,
    /// Options left out because they have no primary item.
    pub dropped: usize,
}

impl ExactCovers {
    /// The same problem as `file`, or why `exact-covers` cannot express it
    /// (bounds on primary items).
    ///
    /// # Errors
    /// A message when the problem has bounds ([`Kind::Multiplicities`]).
    pub fn from_file(file: &DlxFile) -> Result<ExactCovers, String> {
        let p = &file.problem;
        if p.kind() == Kind::Multiplicities {
            return Err("bounds on primary items (MCC): exact-covers has no multiplicities".into());
        }
        let index = |i: usize| u32::try_from(i).expect("item index fits in u32");
        let mut options = Vec::with_capacity(p.option_count());
        let mut dropped = 0;
        for o in 0..p.option_count() {
            let o = dlx_core::OptionId::new(o);
            let mut primary = Vec::new();
            let mut secondary = Vec::new();
            for (item, color) in p.option_items(o).zip(p.option_colors(o)) {
                if p.is_primary(item) {
                    primary.push(index(item.index()));
                } else {
                    let color = color.map(|c| u32::try_from(c.index()).expect("color fits in u32"));
                    secondary.push((index(item.index()), color));
                }
            }
            if primary.is_empty() {
                dropped += 1;
            } else {
                options.push((primary, secondary));
            }
        }
        Ok(ExactCovers {
            primary: (0..p.primary_count()).map(index).collect(),
            secondary: (p.primary_count()..p.item_count()).map(index).collect(),
            options,
            dropped,
        })
    }

    /// A fresh solver with every option added (the crate's `solve` consumes
    /// its solver, so every count needs one; the crate finds each item by a
    /// linear search, so this costs items × option entries).
    pub fn solver(&self) -> DlSolver<'_, u32, u32> {
        let mut solver = DlSolver::new(&self.primary, &self.secondary);
        for (primary, secondary) in &self.options {
            solver.add_option(primary, secondary);
        }
        solver
    }

    /// Counts every solution found by `solver`.
    pub fn count_with(solver: DlSolver<'_, u32, u32>) -> u64 {
        let mut solutions = 0;
        solver.solve(|_| {
            solutions += 1;
            ControlFlow::Continue(())
        });
        solutions
    }

    /// Builds a solver and counts every solution.
    pub fn count(&self) -> u64 {
        Self::count_with(self.solver())
    }
}

/// A validated configuration of the comparison.
#[derive(Clone, Debug)]
pub struct Config {
    /// Counts per engine per file; the table shows the median time.
    pub rounds: usize,
    /// Files whose reference time in `COUNTS.txt` exceeds this many seconds.
    pub min_knuth_seconds: f64,
    /// When one count by `exact-covers` takes longer than this, its later
    /// rounds on that file are skipped (the table marks the time).
    pub peer_cap: Duration,
    /// Only these files (names without `.dlx`), if not empty.
    pub only: Vec<String>,
}

/// What `exact-covers` did on one file.
#[derive(Clone, Debug)]
pub enum PeerRun {
    /// It cannot express the file; why.
    Skipped(String),
    /// It counted: the time of each count (search only), the time to build
    /// one solver, and whether the cap cut the rounds short.
    Timed {
        /// Time of each count, solver construction excluded.
        times: Vec<Duration>,
        /// Time to build the first solver.
        build: Duration,
        /// The cap stopped the rounds early.
        capped: bool,
    },
}

/// What the engines did on one file.
#[derive(Clone, Debug)]
pub struct XccRun {
    /// The reference row from `COUNTS.txt`.
    pub known: KnownXcc,
    /// dlx-core's statistics of the first round.
    pub core: Stats,
    /// Time of each count by dlx-core.
    pub core_times: Vec<Duration>,
    /// What `exact-covers` did.
    pub peer: PeerRun,
    /// Every failed check.
    pub wrong: Vec<String>,
}

/// Counts one file `rounds` times with each engine, alternating (dlx-core
/// first), each count checked against `COUNTS.txt`; failures are logged at
/// once.
///
/// # Errors
/// A message when the file cannot be read.
pub fn run_file(known: &KnownXcc, config: &Config, log: &mut dyn Write) -> Result<XccRun, String> {
    let name = &known.name;
    let mut file = load_xcc(name)?;
    let peer = ExactCovers::from_file(&file);
    let mut run = XccRun {
        known: known.clone(),
        core: Stats::default(),
        core_times: Vec::new(),
        peer: match &peer {
            Ok(_) => PeerRun::Timed {
                times: Vec::new(),
                build: Duration::ZERO,
                capped: false,
            },
            Err(why) => PeerRun::Skipped(why.clone()),
        },
        wrong: Vec::new(),
    };
    let mut fail = |run: &mut XccRun, what: String| {
        let _ = writeln!(log, "!!! {name}: {what}");
        run.wrong.push(what);
    };
    for round in 1..=config.rounds {
        let start = Instant::now();
        let core = std::hint::black_box(file.problem.count_with_stats());
        run.core_times.push(start.elapsed());
        if core.solutions != known.solutions {
            let w = format!(
                "dlx-core round {round}: {} solutions, COUNTS.txt says {}",
                core.solutions, known.solutions
            );
            fail(&mut run, w);
        }
        if round == 1 {
            run.core = core;
        }
        let Ok(peer) = &peer else { continue };
        let PeerRun::Timed {
            times,
            build,
            capped,
        } = &mut run.peer
        else {
            unreachable!()
        };
        if *capped {
            continue;
        }
        let start = Instant::now();
        let solver = peer.solver();
        if round == 1 {
            *build = start.elapsed();
        }
        let start = Instant::now();
        let solutions = std::hint::black_box(ExactCovers::count_with(solver));
        let took = start.elapsed();
        times.push(took);
        *capped = took > config.peer_cap;
        if solutions != known.solutions {
            let w = format!(
                "exact-covers round {round}: {solutions} solutions, COUNTS.txt says {}",
                known.solutions
            );
            fail(&mut run, w);
        }
    }
    let peer_note = match &run.peer {
        PeerRun::Skipped(why) => format!("exact-covers skipped ({why})"),
        PeerRun::Timed {
            times,
            build,
            capped,
        } => format!(
            "exact-covers median {:.3} s (build {:.3} s{})",
            median(times).as_secs_f64(),
            build.as_secs_f64(),
            if *capped { ", capped" } else { "" }
        ),
    };
    let _ = writeln!(
        log,
        "[{name}] {} solutions; dlx-core {} nodes, {} updates, median {:.3} s; {peer_note}",
        run.core.solutions,
        run.core.nodes,
        run.core.updates,
        median(&run.core_times).as_secs_f64()
    );
    Ok(run)
}

/// Runs every selected file, logging progress and failures to `log`.
///
/// # Errors
/// A message when `COUNTS.txt` or a file cannot be read, `rounds` is zero,
/// or a file of `only` has no counted row.
pub fn run(config: &Config, log: &mut dyn Write) -> Result<Vec<XccRun>, String> {
    if config.rounds == 0 {
        return Err("rounds must be at least 1".to_string());
    }
    let all = known_all()?;
    let selected: Vec<&KnownXcc> = if config.only.is_empty() {
        all.iter()
            .filter(|k| k.seconds > config.min_knuth_seconds)
            .collect()
    } else {
        config
            .only
            .iter()
            .map(|name| {
                all.iter()
                    .find(|k| &k.name == name)
                    .ok_or_else(|| format!("COUNTS.txt: no counted row for {name}.dlx"))
            })
            .collect::<Result<_, _>>()?
    };
    selected
        .into_iter()
        .map(|k| run_file(k, config, log))
        .collect()
}

/// Did any count fail a check?
pub fn any_wrong(runs: &[XccRun]) -> bool {
    runs.iter().any(|r| !r.wrong.is_empty())
}

/// The table: one row per file, median times, the ratio is `exact-covers`
/// time over dlx-core time (above 1: dlx-core is faster).
pub fn table(runs: &[XccRun]) -> String {
    let mut out = String::new();
    out.push_str(
        "| file | solutions | knuth program | knuth s | dlx-core s | exact-covers s \
         | exact-covers / dlx-core |\n\
         |---|---:|---|---:|---:|---:|---:|\n",
    );
    for r in runs {
        let core = median(&r.core_times).as_secs_f64();
        let (peer, ratio) = match &r.peer {
            PeerRun::Skipped(_) => ("– (bounds)".to_string(), "–".to_string()),
            PeerRun::Timed { times, capped, .. } => {
                let p = median(times).as_secs_f64();
                let ratio = if core > 0.0 {
                    format!("{:.2}×", p / core)
                } else {
                    "-".to_string()
                };
                let mark = if *capped {
                    format!(" ({} run, cap)", times.len())
                } else {
                    String::new()
                };
                (format!("{p:.3}{mark}"), ratio)
            }
        };
        let mut solutions = group_digits(r.known.solutions);
        if !r.wrong.is_empty() {
            solutions.push_str(" **WRONG**");
        }
        let _ = writeln!(
            out,
            "| {} | {solutions} | {} | {:.3} | {core:.3} | {peer} | {ratio} |",
            r.known.name, r.known.program, r.known.seconds
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_xcc_files_count_as_recorded_in_both_engines() {
        let mut checked = 0;
        for k in known_all().unwrap() {
            if k.seconds > 0.01 {
                continue;
            }
            let mut file = load_xcc(&k.name).unwrap();
            assert_eq!(file.problem.count(), k.solutions, "{} (dlx-core)", k.name);
            if let Ok(peer) = ExactCovers::from_file(&file) {
                assert_eq!(peer.count(), k.solutions, "{} (exact-covers)", k.name);
                checked += 1;
            }
        }
        assert!(
            checked > 5,
            "only {checked} files checked with exact-covers"
        );
    }

    #[test]
    fn mcc_files_are_not_expressible() {
        let file = load_xcc("rmcc_p30_s15_o150").unwrap();
        assert!(ExactCovers::from_file(&file).is_err());
    }
}

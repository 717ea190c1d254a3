//! `generate`: puzzles made in chunks on the threads, written in order.

use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use super::batch::Log;
use super::{Config, Exit, GenerateConfig};
use crate::format::{Format, Writer};
use crate::generate::{self, Generated, Generator};
use crate::plural::Plural;
use crate::rng::Rng;

thread_local! {
    /// Each worker thread's generator.
    static GENERATOR: std::cell::RefCell<Option<Generator>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `generate`: makes the puzzles in chunks on the pool and writes
/// them in order.
pub(super) fn run<W: Write, E: Write + Send>(
    config: &Config,
    g: &GenerateConfig,
    stdout: W,
    stderr: E,
) -> Exit {
    let start = Instant::now();
    let deadline = config.time_limit.and_then(|t| start.checked_add(t));
    // Shared with the thread that reports on long runs.
    let shared = Mutex::new(stderr);
    let made = AtomicU64::new(0);
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        if let Some(every) = config.count_progress {
            let (shared, made) = (&shared, &made);
            scope.spawn(move || report(every, g.count, start, made, stopped, shared));
        }
        let exit = make(config, g, deadline, &made, stdout, &shared);
        drop(stop);
        exit
    })
}

/// Writes a line on `stderr` every `every` until `stopped` is dropped: the
/// puzzles made so far and the time.
fn report<E: Write>(
    every: Duration,
    count: u64,
    start: Instant,
    made: &AtomicU64,
    stopped: mpsc::Receiver<()>,
    stderr: &Mutex<E>,
) {
    while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
        super::batch::note(
            stderr,
            &format!(
                "dlx-sudoku: generate: {} of {} made, {:.0} s (--time-limit SECS stops the run)",
                made.load(Ordering::Relaxed),
                Plural(count, "puzzle"),
                start.elapsed().as_secs_f64()
            ),
        );
    }
}

/// Makes the puzzles in chunks on the pool and writes them in order, until
/// the deadline.
fn make<W: Write, E: Write>(
    config: &Config,
    g: &GenerateConfig,
    deadline: Option<Instant>,
    made: &AtomicU64,
    stdout: W,
    shared: &Mutex<E>,
) -> Exit {
    let mut stderr = Log(shared);
    let seed = g.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    if config.stats {
        let _ = writeln!(stderr, "seed={seed}");
    }
    let pool = match crate::programs::common::pool(config.threads) {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot start threads: {e}");
            return Exit::Failure;
        }
    };
    let chunk = 4 * pool.current_num_threads() as u64;
    let mut out = BufWriter::new(stdout);
    let mut writer = Writer::new(config.output.unwrap_or(Format::Line));
    let mut exit = Exit::Success;
    let result = (|| -> io::Result<Exit> {
        if writer.format() == Format::Poj2676 {
            // The case count that the format's readers expect first.
            writeln!(out, "{}", g.count)?;
        }
        // Puzzles finished and printed; unfinished ones printed as far as
        // they got when the time limit struck.
        let (mut finished, mut unfinished) = (0u64, 0u64);
        let stopped = |finished: u64, unfinished: u64| {
            let mut stderr = Log(shared);
            let rest = match unfinished {
                0 => String::new(),
                1 => " (and 1 unfinished, printed as far as it got)".to_string(),
                n => format!(" (and {n} unfinished, printed as far as they got)"),
            };
            let _ = writeln!(
                stderr,
                "dlx-sudoku: generate: time limit reached after {finished} of {}{rest}",
                Plural(g.count, "puzzle")
            );
        };
        let mut first = 0;
        while first < g.count {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                stopped(finished, unfinished);
                return Ok(Exit::PuzzleFailed);
            }
            let end = g.count.min(first + chunk);
            let chunk_made: Vec<(Result<Generated, generate::GenerateError>, f64)> =
                pool.install(|| {
                    use rayon::prelude::*;
                    (first..end)
                        .into_par_iter()
                        .map(|i| generate_one(config, g, seed, i, deadline))
                        .collect()
                });
            for (i, (result, seconds)) in (first..).zip(chunk_made) {
                let p = match result {
                    Ok(p) => p,
                    Err(generate::GenerateError::TimeLimit) => {
                        stopped(finished, unfinished);
                        return Ok(Exit::PuzzleFailed);
                    }
                    Err(e) => {
                        let _ = writeln!(stderr, "dlx-sudoku: generate: {e}");
                        return Ok(Exit::Failure);
                    }
                };
                let late = deadline.is_some_and(|d| Instant::now() >= d);
                let cut = !p.goal_met && late;
                if cut {
                    unfinished += 1;
                    exit = Exit::PuzzleFailed;
                    let _ = writeln!(
                        stderr,
                        "dlx-sudoku: puzzle {}: time limit reached; printing the puzzle reached: {}",
                        i + 1,
                        Plural(p.puzzle.clue_count() as u64, "clue")
                    );
                } else if !p.goal_met {
                    exit = Exit::PuzzleFailed;
                    let _ = writeln!(
                        stderr,
                        "dlx-sudoku: puzzle {}: {}",
                        i + 1,
                        shortfall(&g.options, &p)
                    );
                }
                if config.stats {
                    let rating = p.rating.map_or(String::new(), |r| {
                        format!(
                            " level={} score={:.1} by={}",
                            r.level,
                            r.score,
                            r.reason().replace(' ', "-")
                        )
                    });
                    let _ = writeln!(
                        stderr,
                        "puzzle {}: clues={} grids={}{rating} seconds={seconds:.6}",
                        i + 1,
                        p.puzzle.clue_count(),
                        p.attempts
                    );
                }
                writer.board(&mut out, &p.puzzle)?;
                if !cut {
                    finished += 1;
                    made.fetch_add(1, Ordering::Relaxed);
                }
            }
            out.flush()?;
            first = end;
        }
        if unfinished > 0 {
            stopped(finished, unfinished);
        }
        writer.finish(&mut out)?;
        out.flush()?;
        Ok(exit)
    })();
    match result {
        Ok(exit) => exit,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot write the output: {e}");
            Exit::Failure
        }
    }
}

/// Generates puzzle `index` of a run on this thread's generator; also the
/// seconds it took.
fn generate_one(
    config: &Config,
    g: &GenerateConfig,
    seed: u64,
    index: u64,
    deadline: Option<Instant>,
) -> (Result<Generated, generate::GenerateError>, f64) {
    GENERATOR.with(|cell| {
        let mut cell = cell.borrow_mut();
        let stale = cell.as_ref().is_none_or(|g| g.variant() != &config.variant);
        if stale {
            *cell = Some(Generator::new(&config.variant));
        }
        let generator = cell.as_mut().expect("just made");
        generator.set_deadline(deadline);
        let start = Instant::now();
        let result = generator.generate(&g.options, &mut Rng::stream(seed, index));
        (result, start.elapsed().as_secs_f64())
    })
}

/// What a generated puzzle missed, for stderr.
fn shortfall(options: &generate::Options, p: &Generated) -> String {
    let clues = p.puzzle.clue_count();
    let mut missed = Vec::new();
    if let Some(k) = options.clues.filter(|&k| k != clues) {
        missed.push(Plural(k as u64, "clue").to_string());
    }
    if options.minimal && p.minimal != Some(true) {
        missed.push("a minimal puzzle".to_string());
    }
    let level = match (options.level, p.rating) {
        (Some(want), Some(r)) => {
            if r.level != want {
                missed.push(format!("{want} puzzle"));
            }
            format!(", {} (score {:.1}, {})", r.level, r.score, r.reason())
        }
        _ => String::new(),
    };
    format!(
        "no {} found in {}; printing the closest: {}{}{level}",
        missed.join(" and "),
        Plural(p.attempts as u64, "grid"),
        Plural(clues as u64, "clue"),
        match p.minimal {
            Some(true) => ", minimal",
            Some(false) => ", not minimal",
            None => "",
        }
    )
}

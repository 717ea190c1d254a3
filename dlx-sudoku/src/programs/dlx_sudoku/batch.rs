//! The pipeline of every subcommand that reads puzzles: read a chunk,
//! solve it on the threads while the next one is read, write the answers
//! in input order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::sync::Mutex;

use dlx_core::Stats;

use super::slot::{Record, Slot};
use super::{rate, solve, Command, Config, Exit, Input};
use crate::format::{Format, ParseErrorKind, ReadError, Reader, Writer};
use crate::plural::Plural;
use crate::rate::{Level, RateProgress, Rater};
use crate::solver::{CountProgress, Solver};

/// Totals for `--stats` and `rate --summary`.
#[derive(Default)]
pub(super) struct Totals {
    puzzles: u64,
    failed: u64,
    stats: Stats,
    seconds: f64,
    /// Puzzles rated, the sum of their scores, and how many of each level.
    rated: u64,
    score_sum: f64,
    levels: [u64; 5],
}

/// Puzzles solved per chunk when several threads work: large enough to
/// share out evenly, small enough to keep memory flat and output flowing.
const CHUNK: usize = 4096;

/// Puzzles in the first chunk; the chunks double from there to [`CHUNK`].
const FIRST_CHUNK: usize = 256;

thread_local! {
    /// Each worker thread's solver, kept between chunks.
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
    /// Each worker thread's rater (`rate`).
    static RATER: std::cell::RefCell<Option<Rater>> = const { std::cell::RefCell::new(None) };
}

/// Runs every subcommand that reads puzzles (see [`super::run`]).
pub(super) fn run<R, W, E>(config: &Config, mut stdin: R, stdout: W, stderr: E) -> Exit
where
    R: BufRead + Send,
    W: Write,
    E: Write + Send,
{
    // Shared with the threads that report on long counts.
    let shared = Mutex::new(stderr);
    let mut stderr = Log(&shared);
    // Answer each puzzle at once when a person is typing them in.
    let interactive = config.interactive && config.inputs.contains(&Input::Stdin);
    let threads = if interactive { 1 } else { config.threads };
    let pool = match crate::programs::common::pool(threads) {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot start threads: {e}");
            return Exit::Failure;
        }
    };
    // A person typing puzzles gets each answer at once; otherwise puzzles
    // go in chunks, which on one thread too saves a hand-over per puzzle.
    let chunk = if interactive { 1 } else { CHUNK };
    let mut out = BufWriter::with_capacity(64 * 1024, stdout);
    let mut exit = Exit::Success;
    let mut totals = Totals::default();
    let mut work = Work {
        config,
        pool: &pool,
        chunk,
        interactive,
        pipelined: !interactive && pool.current_num_threads() > 1,
        buffers: Default::default(),
        totals: &mut totals,
        bar: (config.progress && !interactive).then(batch_bar),
        shown: 0.0,
        record: Vec::new(),
    };
    for input in &config.inputs {
        let result = match input {
            Input::Stdin => process(input, &mut stdin, &mut out, stderr, &mut work),
            Input::File(path) => match File::open(path) {
                Ok(f) => process(
                    input,
                    BufReader::with_capacity(64 * 1024, f),
                    &mut out,
                    stderr,
                    &mut work,
                ),
                Err(e) => {
                    let _ = writeln!(stderr, "dlx-sudoku: cannot open {}: {e}", path.display());
                    Ok(Exit::Failure)
                }
            },
        };
        match result {
            Ok(e) => exit = exit.max(e),
            // The reader of our output has gone (`| head`): stop quietly.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
            Err(e) => {
                let _ = writeln!(stderr, "dlx-sudoku: cannot write the output: {e}");
                return Exit::Failure;
            }
        }
    }
    if let Some(bar) = work.bar.take() {
        bar.finish_and_clear();
    }
    match out.flush() {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Success,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: cannot write the output: {e}");
            return Exit::Failure;
        }
    }
    if config.stats {
        let Totals {
            puzzles,
            failed,
            stats,
            seconds,
            ..
        } = totals;
        let _ = writeln!(
            stderr,
            "total: puzzles={puzzles} failed={failed} nodes={} updates={} guesses={} \
             seconds={seconds:.3}",
            stats.nodes, stats.updates, stats.guesses
        );
    }
    if let Command::Rate { summary: true, .. } = config.command {
        let mean = if totals.rated == 0 {
            0.0
        } else {
            totals.score_sum / totals.rated as f64
        };
        let _ = write!(
            stderr,
            "rated: puzzles={} unrated={} mean-score={mean:.1}",
            totals.rated,
            totals.puzzles - totals.rated
        );
        for (level, n) in Level::ALL.iter().zip(totals.levels) {
            let _ = write!(stderr, " {level}={n}");
        }
        let _ = writeln!(stderr);
    }
    exit
}

/// The state shared by all inputs of a run.
struct Work<'a> {
    config: &'a Config,
    pool: &'a rayon::ThreadPool,
    /// Puzzles per chunk (1 when a person types them in).
    chunk: usize,
    interactive: bool,
    /// Solve a chunk while the next is read and the last one written
    /// (several threads, and no person waiting for each answer).
    pipelined: bool,
    /// Reusable chunks of slots: the one being solved, the one being read
    /// and the one being written.
    buffers: [Vec<Slot>; 3],
    totals: &'a mut Totals,
    /// Puzzles done and the rate, on the terminal.
    bar: Option<indicatif::ProgressBar>,
    /// When the rate was last shown, in seconds since the start.
    shown: f64,
    /// One record's text, to prefix with its source (--with-filename).
    record: Vec<u8>,
}

/// Standard error, shared by the thread that writes the records and the
/// ones that report on long counts; each write takes the lock.
pub(super) struct Log<'a, E>(pub(super) &'a Mutex<E>);

impl<E> Clone for Log<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for Log<'_, E> {}

impl<E: Write> Write for Log<'_, E> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.lock().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.lock().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.lock().flush()
    }

    fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) -> io::Result<()> {
        // One lock for the whole line.
        self.lock().write_fmt(args)
    }
}

impl<E> Log<'_, E> {
    fn lock(&self) -> std::sync::MutexGuard<'_, E> {
        // A thread that panicked while writing left the stream usable.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Writes one line to a shared stderr in one piece (lines of two threads
/// do not mix).
pub(super) fn note<E: Write>(stderr: &Mutex<E>, line: &str) {
    let mut e = stderr.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(e, "{line}");
    let _ = e.flush();
}

/// A progress line for a batch of unknown length: puzzles done and the rate.
fn batch_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {elapsed_precise} {human_pos} puzzles {msg}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    bar.set_style(style);
    bar
}

/// Reads up to `n` records into `slots` (reusing them); `false` at the end
/// of the input.
fn fill<R: BufRead>(reader: &mut Reader<R>, slots: &mut Vec<Slot>, n: usize) -> bool {
    slots.truncate(n);
    let mut k = 0;
    while k < n {
        let Some(item) = reader.next() else { break };
        if k == slots.len() {
            slots.push(Slot::default());
        }
        let stop = matches!(item, Err(ReadError::Io(_)));
        slots[k].item = Some(item);
        k += 1;
        if stop {
            break;
        }
    }
    slots.truncate(k);
    k > 0
}

/// Reads every puzzle of one input and writes its records, solving a chunk
/// on the pool while the next one is read. Returns the input's exit status,
/// or the write error that ends the run.
fn process<R, W, E>(
    input: &Input,
    source: R,
    out: &mut W,
    mut stderr: Log<'_, E>,
    work: &mut Work<'_>,
) -> io::Result<Exit>
where
    R: BufRead + Send,
    W: Write,
    E: Write + Send,
{
    let config = work.config;
    let reader = match config.format {
        Some(f) => Ok(Reader::new(source, f)),
        None => Reader::detect(source).map(|(r, _)| r),
    };
    let mut reader = match reader {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(stderr, "dlx-sudoku: {input}: read error: {e}");
            return Ok(Exit::Failure);
        }
    };
    let out_format = match config.command {
        // Explanations are lines of text, a blank line between puzzles
        // (as between the records of a block format).
        Command::Explain => Format::Grid,
        _ => config.output.unwrap_or(reader.format()),
    };
    let mut writer = Writer::new(out_format);
    let mut exit = Exit::Success;
    let pool = work.pool;
    let [mut current, mut next, mut done] = std::mem::take(&mut work.buffers);
    done.clear();
    // The first chunks are small, so that every stage has work soon.
    let mut chunk = work.chunk.min(FIRST_CHUNK);
    let mut more = fill(&mut reader, &mut current, chunk);
    let result = loop {
        if current.is_empty() && done.is_empty() {
            break Ok(());
        }
        let (more_next, written) = if work.pipelined {
            // Solve this chunk and read the next one on the pool while this
            // thread writes the records of the last one: no stage waits
            // for another, so every thread stays busy.
            std::thread::scope(|scope| {
                let solving = scope.spawn(|| {
                    pool.install(|| {
                        rayon::join(
                            || solve_chunk(config, input, &mut current, stderr.0),
                            || more && fill(&mut reader, &mut next, chunk),
                        )
                        .1
                    })
                });
                let written = emit(input, &done, &mut writer, out, stderr, work);
                let more = solving
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (more, written)
            })
        } else {
            // One thread, or a person typing: each answer before the next
            // puzzle is read.
            pool.install(|| solve_chunk(config, input, &mut current, stderr.0));
            let written = emit(input, &current, &mut writer, out, stderr, work);
            std::mem::swap(&mut current, &mut done);
            current.clear();
            // Read on only if the answers went out (a person typing should
            // not be asked for another puzzle after a closed pipe).
            let go = matches!(written, Ok(Flow::Go(_)));
            (
                go && more && fill(&mut reader, &mut current, chunk),
                written,
            )
        };
        match written {
            Ok(Flow::Go(e)) => exit = exit.max(e),
            Ok(Flow::Stop) => {
                exit = Exit::Failure;
                break Ok(());
            }
            Err(e) => break Err(e),
        }
        if work.pipelined {
            if !more {
                next.clear();
            }
            // The chunk just solved is written next; the one just read is
            // solved; the written one's slots are reused for reading.
            std::mem::swap(&mut done, &mut current);
            std::mem::swap(&mut current, &mut next);
        } else {
            done.clear();
        }
        more = more_next;
        chunk = (2 * chunk).min(work.chunk);
    };
    work.buffers = [current, next, done];
    result?;
    if config.command == Command::Solve {
        writer.finish(out)?;
    }
    Ok(exit)
}

/// What writing a chunk's records ended with.
enum Flow {
    /// Go on; the chunk's exit status.
    Go(Exit),
    /// The input could not be read further: stop it.
    Stop,
}

/// Writes the records of a solved chunk (results to `out`, errors and
/// statistics to `stderr`), adds them to the totals and moves the progress
/// bar.
fn emit<W: Write, E: Write>(
    input: &Input,
    slots: &[Slot],
    writer: &mut Writer,
    out: &mut W,
    mut stderr: Log<'_, E>,
    work: &mut Work<'_>,
) -> io::Result<Flow> {
    let config = work.config;
    let mut exit = Exit::Success;
    for slot in slots {
        let t = &mut *work.totals;
        let line = match slot.item.as_ref() {
            Some(Ok(puzzle)) => puzzle.line,
            Some(Err(ReadError::Parse(e))) => e.line,
            _ => 0,
        };
        match slot.item.as_ref() {
            Some(Ok(puzzle)) => {
                t.puzzles += 1;
                t.stats += slot.stats;
                t.seconds += slot.seconds;
                if config.stats {
                    let _ = writeln!(
                        stderr,
                        "{input}:{}: nodes={} updates={} guesses={} seconds={:.6}",
                        puzzle.line,
                        slot.stats.nodes,
                        slot.stats.updates,
                        slot.stats.guesses,
                        slot.seconds
                    );
                }
            }
            Some(Err(ReadError::Parse(e))) => {
                let _ = writeln!(stderr, "{input}:{e}");
                if matches!(
                    e.kind,
                    ParseErrorKind::TooFewCases { .. } | ParseErrorKind::TooManyCases { .. }
                ) {
                    // A POJ 2676 case count that does not match the
                    // cases is wrong about the input, not about a
                    // puzzle: no record stands for it, so every answer
                    // stays in its puzzle's place.
                    exit = exit.max(Exit::PuzzleFailed);
                    continue;
                }
                t.puzzles += 1;
            }
            Some(Err(e)) => {
                let _ = writeln!(stderr, "dlx-sudoku: {input}: {e}");
                return Ok(Flow::Stop);
            }
            None => continue,
        }
        if !slot.ok {
            t.failed += 1;
            exit = exit.max(Exit::PuzzleFailed);
        }
        match &slot.record {
            Record::Rated(r) => {
                t.rated += 1;
                t.score_sum += r.score;
                t.levels[r.level as usize] += 1;
            }
            Record::Misfit { side, regions } => {
                let _ = writeln!(
                    stderr,
                    "{input}:{line}: the puzzle is {side}x{side} but the regions are {regions}x{regions}"
                );
            }
            Record::OutputMisfit { side, format } => {
                let only = format.only_side().unwrap_or(*side);
                let _ = writeln!(
                    stderr,
                    "{input}:{line}: the puzzle is {side}x{side} but -o {format} writes {only}x{only} boards only (choose another --output)"
                );
            }
            Record::Conflict(c) if config.command == Command::Solve => {
                // The record says 'no solution', as for any puzzle without
                // one; the reason is what check prints.
                let _ = writeln!(stderr, "{input}:{line}: no solution: {c}");
            }
            _ => {}
        }
        let rec = &mut work.record;
        rec.clear();
        match (&slot.record, config.command) {
            (Record::Solved, _) => writer.board(rec, &slot.board)?,
            (Record::Message(m), Command::Solve) => writer.message(rec, m)?,
            (Record::Misfit { .. } | Record::OutputMisfit { .. }, Command::Solve) => {
                writer.message(rec, "invalid puzzle")?
            }
            (Record::Conflict(_), Command::Solve) => writer.message(rec, "no solution")?,
            (record, Command::Explain) => {
                // Through the writer, for the blank line between puzzles.
                let mut text = Vec::new();
                record.write_line(&mut text)?;
                writer.message(rec, &String::from_utf8_lossy(&text))?;
            }
            (record, _) => record.write_line(rec)?,
        }
        if config.with_filename {
            write_prefixed(out, rec, input, line)?;
        } else {
            out.write_all(rec)?;
        }
        if work.interactive {
            out.flush()?;
        }
    }
    if let Some(bar) = &work.bar {
        let done = work.totals.puzzles;
        bar.set_position(done);
        // The rate, rounded, now and then (formatting allocates).
        let seconds = bar.elapsed().as_secs_f64();
        if seconds - work.shown >= 0.1 {
            work.shown = seconds;
            bar.set_message(format!("({:.0}/s)", done as f64 / seconds));
        }
    }
    Ok(Flow::Go(exit))
}

/// Writes `record` (whole lines) to `out`, each line that is not blank
/// after `SOURCE:LINE: `.
fn write_prefixed<W: Write>(
    out: &mut W,
    record: &[u8],
    input: &Input,
    line: usize,
) -> io::Result<()> {
    let prefix = format!("{input}:{line}: ");
    for text in record.split_inclusive(|&b| b == b'\n') {
        if text != b"\n" {
            out.write_all(prefix.as_bytes())?;
        }
        out.write_all(text)?;
    }
    Ok(())
}

/// Solves every puzzle of a chunk of `input`, in parallel when the pool
/// has threads; long counts report on `stderr`.
fn solve_chunk<E: Write + Send>(
    config: &Config,
    input: &Input,
    slots: &mut [Slot],
    stderr: &Mutex<E>,
) {
    let report = |line: usize, p: &CountProgress| {
        let limit = match config.command {
            Command::Count { limit: Some(n) } => format!("stops at {n}"),
            Command::Count { limit: None } => "--limit N stops at N".to_string(),
            // check, explain, hint: the count to 2 that decides uniqueness.
            _ => {
                return note(
                    stderr,
                    &format!(
                        "{input}:{line}: checking for a second solution: {}, {:.0} s \
                         (--time-limit SECS stops it)",
                        Plural(p.nodes, "node"),
                        p.elapsed.as_secs_f64()
                    ),
                )
            }
        };
        note(
            stderr,
            &format!(
                "{input}:{line}: counting: {}, {}, ~{}% of the tree, {:.0} s ({limit})",
                Plural(p.solutions, "solution"),
                Plural(p.nodes, "node"),
                percent(p.share),
                p.elapsed.as_secs_f64()
            ),
        );
    };
    let rating = |line: usize, p: &RateProgress| {
        let search = match p.search {
            0 => "the uniqueness check".to_string(),
            k => format!("relabelling {k} of {}", p.samples),
        };
        note(
            stderr,
            &format!(
                "{input}:{line}: rating: {search}, {:.0} s (--time-limit SECS stops it)",
                p.elapsed.as_secs_f64()
            ),
        );
    };
    let one = |slot: &mut Slot| {
        // --time-limit bounds all the work on one puzzle (every search
        // that rate, check or explain runs on it): one deadline for all.
        let deadline = config
            .time_limit
            .and_then(|t| std::time::Instant::now().checked_add(t));
        SOLVER.with(|s| {
            let mut solver = s.borrow_mut();
            solver.set_node_limit(config.max_nodes);
            solver.set_branching(config.rule);
            solver.set_time_limit(None);
            solver.set_deadline(deadline);
            solver.set_variant(&config.variant);
            if let Command::Rate { samples, seed, .. } = config.command {
                return RATER.with(|r| {
                    let mut r = r.borrow_mut();
                    let rater = r.get_or_insert_with(|| Rater::new(&config.variant));
                    rater.set_variant(&config.variant);
                    rater.set_samples(samples);
                    rater.set_seed(seed);
                    rater.set_node_limit(config.max_nodes);
                    rater.set_time_limit(None);
                    rater.set_deadline(deadline);
                    rate::rate_slot(config, &mut solver, rater, slot, &rating);
                });
            }
            solve::solve_slot(config, &mut solver, slot, &report);
        })
    };
    if slots.len() == 1 || rayon::current_num_threads() == 1 {
        slots.iter_mut().for_each(one);
    } else {
        use rayon::prelude::*;
        slots.par_iter_mut().for_each(one);
    }
}

/// A share of a count's tree as a percentage for its progress line: two
/// decimals (`49.50`) down to 0.01%, then in scientific notation
/// (`1.23e-15`), as an empty 16x16 grid's share stays for years.
fn percent(share: f64) -> String {
    let p = 100.0 * share;
    if p >= 0.01 || p == 0.0 {
        format!("{p:.2}")
    } else {
        format!("{p:.2e}")
    }
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn shares_read_as_percentages() {
        assert_eq!(percent(0.495), "49.50");
        assert_eq!(percent(1.0), "100.00");
        assert_eq!(percent(0.0), "0.00");
        assert_eq!(percent(0.0001), "0.01");
        assert_eq!(percent(1.234e-17), "1.23e-15");
    }
}

//! Counting solutions on every core (cargo feature `parallel`, with rayon).
//!
//! The search starts as one task per starting part (the whole tree, or the
//! parts given to [`count_parts`]). Each task searches its part of the tree
//! in slices of a few thousand nodes; between slices, when no task is
//! waiting for a thread, it gives away the untried options at the top of
//! its remaining tree ([`Solver::split_off`]) as new tasks. Idle threads take
//! those, and split in turn, so the work stays balanced without a fixed cut
//! and nothing is searched twice: the statistics equal a sequential run's,
//! apart from the covering of each task's forced options.
//!
//! A problem with bounds ([`Kind::Multiplicities`](crate::Kind::Multiplicities)) is shared another way:
//! Algorithm M's parts cannot be forced options, so the top of its tree is
//! cut once into paths of moves, which the threads replay and count (see
//! `count_bounded`); the node count still equals a sequential run's.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::engine::strategy;
use crate::engine::xcc::bounds::Moves;
use crate::split::Part;
use crate::{Branching, Cancel, OptionId, Outcome, Problem, Solver, Stats};

/// The most threads a pool of the programs (`-j N`) or of the Python
/// package (`threads=`) is built with (0 means one per core, whatever
/// their number). A pool is built with the number asked
/// for, and each thread reserves its stack: 256 is above the hardware
/// threads of today's largest common servers (two 64-core processors with
/// two threads a core) and still starts in milliseconds, while `-j 100000`
/// made thousands of threads and never finished starting them.
pub const MAX_THREADS: usize = 256;

/// Search nodes a task runs between checks for idle threads (about a
/// millisecond on the benchmark problems).
const SLICE_NODES: u64 = 20_000;

/// How far a parallel count has come; see [`count_with_progress`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Solutions found so far.
    pub solutions: u64,
    /// Search nodes entered so far, by all threads.
    pub nodes: u64,
    /// Knuth's estimate of the share of the tree done, from 0 to 1 (see
    /// [`Solver::progress`]): the shares of the finished tasks plus each
    /// running task's estimate of its own.
    pub done: f64,
}

/// Counts the solutions of `problem` on the current rayon thread pool
/// (`rayon::ThreadPoolBuilder::install` chooses the number of threads).
///
/// The count and the node statistics equal [`Problem::count_with_stats`];
/// the update count adds the covering of each task's forced options.
///
/// ```
/// use dlx_core::{parallel::count, Problem};
///
/// // Langford pairs for n = 3: 2 solutions (one and its reverse).
/// let n = 3;
/// let mut p = Problem::new(3 * n, 0);
/// for i in 1..=n {
///     for j in 0..2 * n - i - 1 {
///         let k = j + i + 1;
///         p.add_option([p.primary(i - 1), p.primary(n + j), p.primary(n + k)]).unwrap();
///     }
/// }
/// assert_eq!(count(&mut p).solutions, 2);
/// ```
pub fn count(problem: &mut Problem) -> Stats {
    Counter::new().count(problem).stats
}

/// [`count`], calling `report` with the progress so far whenever `every`
/// has passed since the last call (from whichever thread notices, between
/// two slices of its search), and once at the end.
///
/// ```
/// use std::sync::Mutex;
/// use std::time::Duration;
/// use dlx_core::{parallel::count_with_progress, Problem};
///
/// // Queens on 6x6, rows and columns primary, diagonals secondary: 4.
/// let n = 6;
/// let mut p = Problem::new(2 * n, 4 * n - 2);
/// for r in 0..n {
///     for c in 0..n {
///         let d1 = p.secondary(r + c);
///         let d2 = p.secondary(2 * n - 1 + (n - 1 - r + c));
///         p.add_option([p.primary(r), p.primary(n + c), d1, d2]).unwrap();
///     }
/// }
/// let last = Mutex::new(None);
/// let every = Duration::from_millis(100);
/// let stats = count_with_progress(&mut p, every, |progress| {
///     *last.lock().unwrap() = Some(*progress);
/// });
/// assert_eq!(stats.solutions, 4);
/// let last = last.lock().unwrap().unwrap();
/// assert_eq!(last.solutions, 4);
/// assert!((last.done - 1.0).abs() < 1e-9);
/// ```
pub fn count_with_progress<F>(problem: &mut Problem, every: Duration, report: F) -> Stats
where
    F: Fn(&Progress) + Sync,
{
    Counter::new().progress(every, &report).count(problem).stats
}

/// Counts the solutions of the given parts of `problem` (each a list of
/// options to force, as [`Problem::parts`] makes them) on the current rayon
/// thread pool, sharing the work of large parts between threads as
/// [`count`] does; reports progress as [`count_with_progress`] does, taking
/// every part as an equal share of the whole. This is how one machine counts
/// its share of the parts of a problem split across many.
///
/// # Panics
/// If a part's options clash with one another or are not options of
/// `problem` (parts from [`Problem::parts`] never are).
pub fn count_parts<F>(
    problem: &mut Problem,
    parts: &[Vec<OptionId>],
    every: Duration,
    report: F,
) -> Stats
where
    F: Fn(&Progress) + Sync,
{
    Counter::new()
        .progress(every, &report)
        .count_parts(problem, parts)
        .stats
}

/// A parallel count with its options: a deadline, a cancellation handle,
/// progress reports. [`count`], [`count_with_progress`] and [`count_parts`]
/// are its common cases.
///
/// ```
/// use std::time::Duration;
/// use dlx_core::{parallel::Counter, Cancel, Outcome, Problem};
///
/// // Queens on 8x8: 92 solutions.
/// let n = 8;
/// let mut p = Problem::new(2 * n, 4 * n - 2);
/// for r in 0..n {
///     for c in 0..n {
///         let d1 = p.secondary(r + c);
///         let d2 = p.secondary(2 * n - 1 + (n - 1 - r + c));
///         p.add_option([p.primary(r), p.primary(n + c), d1, d2]).unwrap();
///     }
/// }
/// let cancel = Cancel::new();
/// let counter = Counter::new()
///     .time_limit(Duration::from_secs(60))
///     .cancel(&cancel);
/// let counted = counter.count(&mut p);
/// assert_eq!((counted.stats.solutions, counted.outcome), (92, Outcome::Complete));
///
/// cancel.cancel();
/// assert_eq!(counter.count(&mut p).outcome, Outcome::Cancelled);
/// ```
#[derive(Clone, Copy)]
pub struct Counter<'r> {
    branching: Branching,
    deadline: Option<Instant>,
    cancel: Option<&'r Cancel>,
    every: Duration,
    report: &'r (dyn Fn(&Progress) + Sync),
}

/// The result of a [`Counter`]'s count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Counted {
    /// The statistics of the search, as [`count`] gives them; when a stop
    /// cut the count short, those of the work done (the solutions are then
    /// a lower bound).
    pub stats: Stats,
    /// [`Outcome::Complete`], or [`Outcome::Deadline`] or
    /// [`Outcome::Cancelled`] if the count was stopped.
    pub outcome: Outcome,
}

impl Default for Counter<'_> {
    fn default() -> Self {
        Counter::new()
    }
}

impl std::fmt::Debug for Counter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counter")
            .field("branching", &self.branching)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("every", &self.every)
            .finish_non_exhaustive()
    }
}

impl<'r> Counter<'r> {
    /// A count with no deadline, no cancellation and no progress reports.
    pub fn new() -> Counter<'r> {
        Counter {
            branching: Branching::MinLength,
            deadline: None,
            cancel: None,
            every: Duration::MAX,
            report: &|_| {},
        }
    }

    /// Searches with `branching` (see [`Solver::set_branching`]); the
    /// default is [`Branching::MinLength`], DLX1's rule.
    pub fn branching(self, branching: Branching) -> Counter<'r> {
        Counter { branching, ..self }
    }

    /// Stops the count once `deadline` has passed (every thread notices
    /// within about a millisecond).
    pub fn deadline(self, deadline: Instant) -> Counter<'r> {
        Counter {
            deadline: Some(deadline),
            ..self
        }
    }

    /// Stops the count `limit` after it starts: [`Counter::deadline`] set
    /// now (a limit too far to represent is none).
    pub fn time_limit(self, limit: Duration) -> Counter<'r> {
        Counter {
            deadline: Instant::now().checked_add(limit),
            ..self
        }
    }

    /// Stops the count once `cancel` is cancelled.
    pub fn cancel(self, cancel: &'r Cancel) -> Counter<'r> {
        Counter {
            cancel: Some(cancel),
            ..self
        }
    }

    /// Calls `report` with the progress so far whenever `every` has passed
    /// since the last call, and once at the end (see
    /// [`count_with_progress`]).
    pub fn progress(self, every: Duration, report: &'r (dyn Fn(&Progress) + Sync)) -> Counter<'r> {
        Counter {
            every,
            report,
            ..self
        }
    }

    /// Counts the solutions of `problem` (see [`count`]).
    pub fn count(&self, problem: &mut Problem) -> Counted {
        self.count_parts(problem, &[Vec::new()])
    }

    /// Counts the solutions of the given parts of `problem` ([`Problem::cut`]
    /// makes them, for every kind of problem), as [`Counter::count_parts`]
    /// does; the node count is the parts' own (the nodes above the cut are
    /// not counted).
    ///
    /// # Panics
    /// If a part is not one of `problem`'s.
    pub fn count_cut(&self, problem: &mut Problem, parts: &[Part]) -> Counted {
        if !strategy::parts_are_moves(problem.kind()) {
            let forced: Vec<Vec<OptionId>> = parts
                .iter()
                .map(|part| {
                    part.choices()
                        .iter()
                        .map(|c| c.expect("a part of this problem"))
                        .collect()
                })
                .collect();
            return self.count_parts(problem, &forced);
        }
        problem.restore();
        let stop = self.stop();
        let stats = if stop.check() {
            Stats::default()
        } else {
            let paths: Vec<Vec<u32>> = parts.iter().map(|part| part.moves.clone()).collect();
            count_paths(
                problem,
                &paths,
                Stats::default(),
                self.every,
                self.report,
                &stop,
            )
        };
        Counted {
            stats,
            outcome: stop.outcome(),
        }
    }

    /// What stops this count.
    fn stop(&self) -> Stop<'r> {
        Stop {
            branching: self.branching,
            deadline: self.deadline,
            cancel: self.cancel,
            halted: AtomicU8::new(RUNNING),
        }
    }

    /// Counts the solutions of the given parts of `problem` (see
    /// [`count_parts`]).
    ///
    /// # Panics
    /// If a part's options clash with one another or are not options of
    /// `problem` (parts from [`Problem::parts`] never are).
    pub fn count_parts(&self, problem: &mut Problem, parts: &[Vec<OptionId>]) -> Counted {
        problem.restore();
        let stop = self.stop();
        let report = self.report;
        let every = self.every;
        let stats = if stop.check() {
            Stats::default()
        } else {
            let threads = rayon::current_num_threads().max(1);
            if strategy::parts_are_moves(problem.kind()) && parts.len() == 1 && parts[0].is_empty()
            {
                count_bounded(problem, threads, every, report, &stop)
            } else {
                count_shared(problem, threads, parts, every, report, &stop)
            }
        };
        Counted {
            stats,
            outcome: stop.outcome(),
        }
    }
}

/// What every task's solver is given (the rule, and what stops the count),
/// and whether the count has been stopped: every task watches it.
struct Stop<'c> {
    branching: Branching,
    deadline: Option<Instant>,
    cancel: Option<&'c Cancel>,
    /// [`RUNNING`], or the outcome that stopped the count, as [`halt_code`]
    /// makes it.
    halted: AtomicU8,
}

const RUNNING: u8 = 0;

impl Stop<'_> {
    /// Has the count been stopped? Checks the clock and the handle.
    fn check(&self) -> bool {
        if self.halted.load(Ordering::Relaxed) != RUNNING {
            return true;
        }
        let outcome = if self.cancel.is_some_and(Cancel::is_cancelled) {
            Outcome::Cancelled
        } else if self.deadline.is_some_and(|t| Instant::now() >= t) {
            Outcome::Deadline
        } else {
            return false;
        };
        self.halt(outcome);
        true
    }

    /// Records that a task was stopped with `outcome` (the first one wins).
    fn halt(&self, outcome: Outcome) {
        let code = halt_code(outcome);
        let _ = self
            .halted
            .compare_exchange(RUNNING, code, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The count's outcome.
    fn outcome(&self) -> Outcome {
        match self.halted.load(Ordering::Relaxed) {
            1 => Outcome::Deadline,
            2 => Outcome::Cancelled,
            _ => Outcome::Complete,
        }
    }

    /// Gives a solver this count's rule, deadline and handle.
    fn watch(&self, s: &mut Solver<'_>) {
        s.set_branching(self.branching);
        s.set_deadline(self.deadline);
        s.set_cancel(self.cancel.cloned());
    }
}

/// The code of an outcome that stops a count, for [`Stop::halted`].
fn halt_code(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Deadline => 1,
        Outcome::Cancelled => 2,
        _ => RUNNING,
    }
}

/// [`Counter::count_parts`] for every problem but a bounded one's whole
/// tree.
fn count_shared(
    problem: &mut Problem,
    threads: usize,
    parts: &[Vec<OptionId>],
    every: Duration,
    report: &(dyn Fn(&Progress) + Sync),
    stop: &Stop<'_>,
) -> Stats {
    let shared = Shared {
        problem,
        stop,
        threads,
        totals: Totals::default(),
        spares: Mutex::new(Vec::new()),
        waiting: AtomicUsize::new(0),
        finished: Mutex::new(0.0),
        running: (0..threads + 1).map(|_| AtomicU64::new(0)).collect(),
        start: Instant::now(),
        every: millis(every),
        next_report: AtomicU64::new(millis(every)),
        report,
    };
    let share = 1.0 / parts.len().max(1) as f64;
    rayon::scope(|scope| {
        for part in parts {
            spawn(scope, &shared, part.clone(), share);
        }
    });
    let stats = shared.totals.get();
    report(&Progress {
        solutions: stats.solutions,
        nodes: stats.nodes,
        // The shares add up to 1, give or take rounding.
        done: shared.finished.lock().map_or(1.0, |f| f.min(1.0)),
    });
    stats
}

/// Parts a count under bounds aims for per thread: they are cut once, at
/// the start, so there must be enough of them to even out their sizes.
const BOUNDED_PARTS_PER_THREAD: usize = 64;

/// The deepest level a count under bounds cuts its tree at.
const BOUNDED_MAX_DEPTH: usize = 12;

/// Each part of a count under bounds starts from links built afresh, which
/// costs a pass over the problem's nodes: the parts are kept to at most
/// this many node passes in all (a fraction of a second), so that a problem
/// of many nodes whose root has many moves is not cut into more parts than
/// the building is worth.
const BOUNDED_NODE_PASSES: usize = 1 << 27;

/// [`count_parts`] for the whole tree of a problem with bounds
/// ([`Kind::Multiplicities`](crate::engine::Kind::Multiplicities)). A
/// level of Algorithm M is not "one of these options" (the options tried
/// before a move are tweaked away below it, and the null move chooses
/// none), so its parts cannot be forced options and the tree is not
/// split on the fly. It is cut once, level by level from the root, until
/// there are [`BOUNDED_PARTS_PER_THREAD`] parts per
/// thread: each part is a path of moves, which a solver replays (the moves
/// tried before it are tweaked away, as the sequential search leaves them)
/// and then counts. The nodes above the cut are counted here, once, so the
/// node count equals the sequential search's; the updates add each part's
/// replay.
fn count_bounded(
    problem: &mut Problem,
    threads: usize,
    every: Duration,
    report: &(dyn Fn(&Progress) + Sync),
    stop: &Stop<'_>,
) -> Stats {
    let most = (BOUNDED_NODE_PASSES / problem.links.node_count().max(1)).max(1);
    let want = if threads > 1 {
        (BOUNDED_PARTS_PER_THREAD * threads).min(most)
    } else {
        1
    };
    let mut above = Stats::default();
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..BOUNDED_MAX_DEPTH {
        if frontier.len() >= want {
            break;
        }
        let stats_above_before = above;
        let mut next = Vec::new();
        for path in &frontier {
            // Each path builds the links afresh: on a problem of many
            // nodes the cut alone outlasted a time limit (a chain of
            // 300,000 items under 1 s took 16 s).
            if stop.check() {
                report(&Progress {
                    solutions: above.solutions,
                    nodes: above.nodes,
                    done: 0.0,
                });
                return above;
            }
            let mut s = problem.solver();
            assert!(s.replay_bounded(path), "a path of the search's own moves");
            above.nodes += 1;
            match s.moves_bounded() {
                Moves::Solution => above.solutions += 1,
                Moves::DeadEnd => {}
                Moves::Branch(n) => next.extend((0..n).map(|m| {
                    let mut longer = path.clone();
                    longer.push(m);
                    longer
                })),
            }
        }
        if next.len() > most {
            // Cutting this level would cost more building than it saves:
            // the parts stay one level up (the nodes counted above were
            // theirs, so they are counted again by their own searches).
            above = stats_above_before;
            break;
        }
        frontier = next;
        if frontier.is_empty() {
            break;
        }
    }
    count_paths(problem, &frontier, above, every, report, stop)
}

/// Counts the parts of a bounded problem given as paths of moves (see
/// [`count_bounded`]) on the pool, adding `above` (the nodes and solutions
/// above them) to their statistics.
fn count_paths(
    problem: &Problem,
    frontier: &[Vec<u32>],
    above: Stats,
    every: Duration,
    report: &(dyn Fn(&Progress) + Sync),
    stop: &Stop<'_>,
) -> Stats {
    let totals = Totals::default();
    totals.add(above);
    let parts = frontier.len().max(1);
    let finished = AtomicUsize::new(0);
    let start = Instant::now();
    let next_report = AtomicU64::new(millis(every));
    let shared: &Problem = problem;
    {
        use rayon::prelude::*;
        frontier.par_iter().for_each_init(
            || shared.clone(),
            |copy, path| {
                if stop.check() {
                    return;
                }
                let mut s = copy.solver();
                assert!(s.replay_bounded(path), "a path of the search's own moves");
                stop.watch(&mut s);
                let outcome = s.count(None).outcome;
                stop.halt(outcome);
                totals.add(s.stats());
                let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                let now = millis(start.elapsed());
                let due = next_report.load(Ordering::Relaxed);
                if now >= due
                    && next_report
                        .compare_exchange(
                            due,
                            now.saturating_add(millis(every)),
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        )
                        .is_ok()
                {
                    let stats = totals.get();
                    report(&Progress {
                        solutions: stats.solutions,
                        nodes: stats.nodes,
                        done: done as f64 / parts as f64,
                    });
                }
            },
        );
    }
    let stats = totals.get();
    report(&Progress {
        solutions: stats.solutions,
        nodes: stats.nodes,
        done: 1.0,
    });
    stats
}

/// A duration in whole milliseconds, saturated.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// What every task sees.
struct Shared<'p> {
    problem: &'p Problem,
    stop: &'p Stop<'p>,
    threads: usize,
    totals: Totals,
    /// Copies of the problem that finished tasks left behind.
    spares: Mutex<Vec<Problem>>,
    /// Tasks spawned and not yet started.
    waiting: AtomicUsize,
    /// The sum of the shares of the finished tasks.
    finished: Mutex<f64>,
    /// Per thread (and one for threads outside the pool): the share of the
    /// tree its running task has done, as `f64` bits.
    running: Vec<AtomicU64>,
    start: Instant,
    /// Milliseconds between two reports.
    every: u64,
    /// When the next report is due, in milliseconds since `start`.
    next_report: AtomicU64,
    report: &'p (dyn Fn(&Progress) + Sync),
}

impl Shared<'_> {
    /// Calls the report if it is due (one thread wins the call).
    fn maybe_report(&self) {
        let now = self.start.elapsed().as_millis() as u64;
        let due = self.next_report.load(Ordering::Relaxed);
        if now < due {
            return;
        }
        let next = now.saturating_add(self.every);
        if self
            .next_report
            .compare_exchange(due, next, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        // Under the lock, so that a task that finishes meanwhile is counted
        // once: in `finished` or in its slot (see `spawn`).
        let (finished, running) = match self.finished.lock() {
            Ok(finished) => (*finished, self.running_sum()),
            Err(_) => (0.0, self.running_sum()),
        };
        let stats = self.totals.get();
        (self.report)(&Progress {
            solutions: stats.solutions,
            nodes: stats.nodes,
            done: (finished + running).min(1.0),
        });
    }

    /// The sum of the running tasks' shares done.
    fn running_sum(&self) -> f64 {
        self.running
            .iter()
            .map(|r| f64::from_bits(r.load(Ordering::Relaxed)))
            .sum()
    }

    /// This thread's slot in `running`.
    fn slot(&self) -> &AtomicU64 {
        let k = rayon::current_thread_index().map_or(self.threads, |k| k.min(self.threads));
        &self.running[k]
    }
}

/// Sums of the tasks' statistics.
#[derive(Default)]
struct Totals {
    solutions: AtomicU64,
    nodes: AtomicU64,
    updates: AtomicU64,
    guesses: AtomicU64,
}

impl Totals {
    fn add(&self, s: Stats) {
        self.solutions.fetch_add(s.solutions, Ordering::Relaxed);
        self.nodes.fetch_add(s.nodes, Ordering::Relaxed);
        self.updates.fetch_add(s.updates, Ordering::Relaxed);
        self.guesses.fetch_add(s.guesses, Ordering::Relaxed);
    }

    fn get(&self) -> Stats {
        Stats {
            solutions: self.solutions.load(Ordering::Relaxed),
            nodes: self.nodes.load(Ordering::Relaxed),
            updates: self.updates.load(Ordering::Relaxed),
            guesses: self.guesses.load(Ordering::Relaxed),
        }
    }
}

/// Runs the part of the tree below `prefix`, which stands for `share` of
/// the whole tree, as a task on the pool.
fn spawn<'s>(scope: &rayon::Scope<'s>, shared: &'s Shared<'s>, prefix: Vec<OptionId>, share: f64) {
    shared.waiting.fetch_add(1, Ordering::Relaxed);
    scope.spawn(move |scope| {
        shared.waiting.fetch_sub(1, Ordering::Relaxed);
        if shared.stop.check() {
            return;
        }
        // Reuse a copy of the problem that an earlier task left behind.
        let spare = shared.spares.lock().map(|mut s| s.pop()).unwrap_or(None);
        let mut copy = spare.unwrap_or_else(|| shared.problem.clone());
        let mut s = copy.solver();
        for &o in &prefix {
            // The options of a part come from the search, which never
            // offers one that clashes with those above it.
            s.force(o).expect("a part's options are compatible");
        }
        shared.stop.watch(&mut s);
        let given_away = run(scope, shared, &mut s, share);
        let own = share - given_away;
        drop(s);
        // Move the task's share from its slot to `finished` at once, as
        // reports see them (`maybe_report` reads both under the lock).
        if let Ok(mut finished) = shared.finished.lock() {
            *finished += own;
            shared.slot().store(0f64.to_bits(), Ordering::Relaxed);
        }
        if let Ok(mut spares) = shared.spares.lock() {
            spares.push(copy);
        }
    });
}

/// Searches a task's tree in slices, adding its statistics to the totals
/// and giving work away when a thread may be idle; returns the share given
/// away.
fn run<'s>(
    scope: &rayon::Scope<'s>,
    shared: &'s Shared<'s>,
    s: &mut Solver<'_>,
    share: f64,
) -> f64 {
    let mut given_away = 0.0;
    let mut counted = Stats::default();
    let mut limit = SLICE_NODES;
    loop {
        s.set_node_limit(Some(limit));
        let outcome = s.count(None).outcome;
        let stats = s.stats();
        shared.totals.add(Stats {
            solutions: stats.solutions - counted.solutions,
            nodes: stats.nodes - counted.nodes,
            updates: stats.updates - counted.updates,
            guesses: stats.guesses.saturating_sub(counted.guesses),
        });
        counted = stats;
        if outcome != Outcome::NodeLimit {
            shared.stop.halt(outcome);
            return given_away;
        }
        if shared.threads > 1 && shared.waiting.load(Ordering::Relaxed) == 0 {
            let split = s.split_off();
            let each = share * split.share;
            for part in split.parts {
                given_away += each;
                spawn(scope, shared, part, each);
            }
        }
        if shared.every != u64::MAX {
            let done = share * s.progress();
            shared.slot().store(done.to_bits(), Ordering::Relaxed);
            shared.maybe_report();
        }
        limit += SLICE_NODES;
    }
}

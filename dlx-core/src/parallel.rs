//! Counting solutions on every core (cargo feature `parallel`, with rayon).
//!
//! The search starts as one task. Each task searches its part of the tree in
//! slices of a few thousand nodes; between slices, when no task is waiting
//! for a thread, it gives away the untried options at the top of its
//! remaining tree ([`Solver::split_off`](crate::Solver::split_off)) as new
//! tasks. Idle threads take those, and split in turn, so the work stays
//! balanced without a fixed cut and nothing is searched twice: the
//! statistics equal a sequential run's, apart from the covering of each
//! task's forced options.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::{OptionId, Outcome, Problem, Stats};

/// Search nodes a task runs between checks for idle threads (about a
/// millisecond on the benchmark problems).
const SLICE_NODES: u64 = 20_000;

/// Counts the solutions of `problem` on the current rayon thread pool
/// (`rayon::ThreadPoolBuilder::install` chooses the number of threads).
///
/// The count equals [`Problem::count`]; so do `nodes` and, but for the
/// forced options of each task, `updates`.
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
    if rayon::current_num_threads() <= 1 {
        return problem.count_with_stats();
    }
    problem.restore();
    let shared = Shared {
        problem,
        totals: Totals::default(),
        spares: Mutex::new(Vec::new()),
        waiting: AtomicUsize::new(0),
    };
    rayon::scope(|scope| spawn(scope, &shared, Vec::new()));
    shared.totals.get()
}

/// What every task sees.
struct Shared<'p> {
    problem: &'p Problem,
    totals: Totals,
    /// Copies of the problem that finished tasks left behind.
    spares: Mutex<Vec<Problem>>,
    /// Tasks spawned and not yet started.
    waiting: AtomicUsize,
}

/// Sums of the tasks' statistics.
#[derive(Default)]
struct Totals {
    solutions: AtomicU64,
    nodes: AtomicU64,
    updates: AtomicU64,
}

impl Totals {
    fn add(&self, s: Stats) {
        self.solutions.fetch_add(s.solutions, Ordering::Relaxed);
        self.nodes.fetch_add(s.nodes, Ordering::Relaxed);
        self.updates.fetch_add(s.updates, Ordering::Relaxed);
    }

    fn get(&self) -> Stats {
        Stats {
            solutions: self.solutions.load(Ordering::Relaxed),
            nodes: self.nodes.load(Ordering::Relaxed),
            updates: self.updates.load(Ordering::Relaxed),
        }
    }
}

/// Runs the part of the tree below `prefix` as a task on the pool.
fn spawn<'s>(scope: &rayon::Scope<'s>, shared: &'s Shared<'s>, prefix: Vec<OptionId>) {
    shared.waiting.fetch_add(1, Ordering::Relaxed);
    scope.spawn(move |scope| {
        shared.waiting.fetch_sub(1, Ordering::Relaxed);
        // Reuse a copy of the problem that an earlier task left behind.
        let spare = shared.spares.lock().map(|mut s| s.pop()).unwrap_or(None);
        let mut copy = spare.unwrap_or_else(|| shared.problem.clone());
        {
            let mut s = copy.solver();
            for &o in &prefix {
                // The options of a part come from the search, which never
                // offers one that clashes with those above it.
                s.force(o).expect("a part's options are compatible");
            }
            let mut limit = SLICE_NODES;
            loop {
                s.set_node_limit(Some(limit));
                if s.count(None).outcome != Outcome::NodeLimit {
                    break;
                }
                if shared.waiting.load(Ordering::Relaxed) == 0 {
                    for part in s.split_off() {
                        spawn(scope, shared, part);
                    }
                }
                limit += SLICE_NODES;
            }
            shared.totals.add(s.stats());
        }
        if let Ok(mut spares) = shared.spares.lock() {
            spares.push(copy);
        }
    });
}

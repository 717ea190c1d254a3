//! Counting solutions on every core (cargo feature `parallel`, with rayon).
//!
//! The search tree is cut into parts ([`Problem::parts`]): prefixes of
//! choices whose subtrees partition the solutions. The parts run on rayon's
//! thread pool, each on its own copy of the problem. A part that grows past
//! a node budget is abandoned and split into its children, so one large
//! subtree cannot keep a single thread busy while the others idle; the
//! abandoned work (at most the budget per split) is counted in the
//! statistics, which therefore exceed a sequential run's a little.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use crate::{Branch, OptionId, Outcome, Problem, Stats};

/// Search nodes a part may take before it is split.
const SPLIT_NODES: u64 = 200_000;

/// Counts the solutions of `problem` on the current rayon thread pool
/// (`rayon::ThreadPoolBuilder::install` chooses the number of threads).
///
/// The count equals [`Problem::count`]; `nodes` and `updates` add up the work
/// of every part, abandoned work included.
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
    let threads = rayon::current_num_threads().max(1);
    // Enough parts for every thread to stay busy while the pool balances.
    let mut depth = 1;
    let mut parts = problem.parts(depth);
    while parts.len() < 16 * threads && depth < 8 {
        let deeper = problem.parts(depth + 1);
        if deeper.len() <= parts.len() {
            break;
        }
        parts = deeper;
        depth += 1;
    }
    let problem: &Problem = problem;
    let totals = Totals::default();
    let spares = Mutex::new(Vec::new());
    rayon::scope(|scope| {
        for part in parts {
            spawn(scope, problem, part, &totals, &spares);
        }
    });
    totals.get()
}

/// Sums of the parts' statistics.
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

/// Runs one part on the pool; splits it when it outgrows the budget.
fn spawn<'s>(
    scope: &rayon::Scope<'s>,
    problem: &'s Problem,
    prefix: Vec<OptionId>,
    totals: &'s Totals,
    spares: &'s Mutex<Vec<Problem>>,
) {
    scope.spawn(move |scope| {
        // Reuse a copy of the problem that an earlier part left behind.
        let spare = spares.lock().map(|mut s| s.pop()).unwrap_or(None);
        let mut copy = spare.unwrap_or_else(|| problem.clone());
        let children = {
            let mut s = copy.solver();
            for &o in &prefix {
                s.force(o).expect("a part's options are compatible");
            }
            let branch = s.branch();
            s.set_node_limit(Some(SPLIT_NODES));
            let count = s.count(None);
            totals.add(s.stats());
            match (count.outcome, branch) {
                (Outcome::NodeLimit, Branch::On(_, options)) => {
                    // Too big: what was counted is thrown away (it is
                    // counted again by the children) but not the work.
                    totals
                        .solutions
                        .fetch_sub(count.solutions, Ordering::Relaxed);
                    options
                }
                _ => Vec::new(),
            }
        };
        if let Ok(mut s) = spares.lock() {
            s.push(copy);
        }
        for o in children {
            let mut child = prefix.clone();
            child.push(o);
            spawn(scope, problem, child, totals, spares);
        }
    });
}

//! The searches' settings, read from the keyword arguments, and their runs
//! on a dlx-core problem: plain Rust, no Python, called on a search thread
//! (see `wait`).

use std::time::{Duration, Instant};

use dlx_core::parallel::Counter;
use dlx_core::split::Part;
use dlx_core::{Branching, Cancel, Outcome, Problem, Stats};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::args;
use crate::errors::{bad_time_limit, repr};
use crate::parts::Part as Wanted;

/// The most threads a count takes (dlx-sudoku's programs take as many).
const MAX_THREADS: usize = dlx_core::parallel::MAX_THREADS;

/// How a search runs: the keyword arguments of `count`, `solutions` and
/// the others, checked. Set by name, the rest from `Default`:
/// `Settings { rule, threads, ..Settings::default() }`.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// The branching rule (see [`branching`]).
    pub(crate) rule: Branching,
    /// When to stop (see [`deadline`]); `None`: never.
    pub(crate) deadline: Option<Instant>,
    /// Threads for counting (1: the sequential search, DLX1's tree; see
    /// [`threads`]).
    pub(crate) threads: usize,
    /// The seed that randomises the order of the search; `None`: DLX1's
    /// order.
    pub(crate) seed: Option<u64>,
    /// Search the problem reduced by `Problem::reduce` (DLX-PRE).
    pub(crate) reduce: bool,
}

impl Default for Settings {
    /// What a search does with no keyword arguments: DLX1's rule, no
    /// deadline, one thread, no seed, not reduced.
    fn default() -> Settings {
        Settings {
            rule: Branching::default(),
            deadline: None,
            threads: 1,
            seed: None,
            reduce: false,
        }
    }
}

/// The rule named `name`, or a `ValueError` listing the names.
pub(crate) fn branching(name: Option<&str>) -> PyResult<Branching> {
    let Some(name) = name else {
        return Ok(Branching::default());
    };
    Branching::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Branching::ALL.iter().map(|b| b.name()).collect();
        PyValueError::new_err(format!(
            "unknown rule {name:?} (expected one of: {})",
            names.join(", ")
        ))
    })
}

/// The deadline `seconds` (a number: int or float) from now (`None`:
/// none; a limit too far to represent is none).
pub(crate) fn deadline(seconds: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Instant>> {
    let Some(seconds) = seconds.filter(|s| !s.is_none()) else {
        return Ok(None);
    };
    let t = match seconds.extract::<f64>() {
        Ok(t) => t,
        // An int past a float's range: far future, or far past.
        Err(e) if e.is_instance_of::<PyOverflowError>(seconds.py()) => {
            return if seconds.lt(0)? {
                Err(bad_time_limit(&repr(seconds).0))
            } else {
                Ok(None)
            };
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "time_limit must be a number of seconds, not {}",
                repr(seconds).0
            )))
        }
    };
    if !(t.is_finite() && t >= 0.0) {
        return Err(bad_time_limit(&t.to_string()));
    }
    match Duration::try_from_secs_f64(t) {
        Ok(limit) => Ok(Instant::now().checked_add(limit)),
        // Finite and at least 0, but more seconds than a Duration holds.
        Err(_) => Ok(None),
    }
}

/// `threads` (`None`: 1), with 0 as one per core; at most [`MAX_THREADS`].
pub(crate) fn threads(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads.filter(|t| !t.is_none()) else {
        return Ok(1);
    };
    let threads = args::size_in(threads, "threads (0: one per core)", 0, MAX_THREADS)
        .map_err(|e| {
            let py = threads.py();
            if e.is_instance_of::<PyValueError>(py) {
                PyValueError::new_err(format!(
                    "threads={}: expected 1 to at most {MAX_THREADS} threads, or 0 for one per core",
                    repr(threads).0
                ))
            } else {
                e
            }
        })?;
    Ok(match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    })
}

/// A count's result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counted {
    pub(crate) solutions: u64,
    pub(crate) outcome: Outcome,
    pub(crate) stats: Stats,
}

/// Counts the solutions of `p` (up to `limit`), as `settings` say,
/// stopping when `cancel` is set.
pub(crate) fn count(
    p: &mut Problem,
    settings: &Settings,
    limit: Option<u64>,
    cancel: &Cancel,
) -> Result<Counted, String> {
    if settings.reduce {
        let mut reduced = p.reduce();
        let plain = Settings {
            reduce: false,
            ..settings.clone()
        };
        return count(reduced.problem_mut(), &plain, limit, cancel);
    }
    if settings.threads == 1 {
        let mut s = p.solver();
        s.set_branching(settings.rule);
        s.set_deadline(settings.deadline);
        s.set_cancel(Some(cancel.clone()));
        if let Some(seed) = settings.seed {
            s.set_seed(seed).map_err(|e| e.to_string())?;
        }
        let c = s.count(limit);
        return Ok(Counted {
            solutions: c.solutions,
            outcome: c.outcome,
            stats: s.stats(),
        });
    }
    if limit.is_some() {
        return Err("limit= is supported on one thread only (threads=1)".to_string());
    }
    let counter = counter(settings, cancel);
    let counted = pool(settings.threads)?.install(|| counter.count(p));
    Ok(Counted {
        solutions: counted.stats.solutions,
        outcome: counted.outcome,
        stats: counted.stats,
    })
}

/// Counts the solutions in `parts` of `p`'s cut (see [`cut`]) on
/// `settings.threads` threads.
pub(crate) fn count_parts(
    p: &mut Problem,
    parts: &[Part],
    settings: &Settings,
    cancel: &Cancel,
) -> Result<Counted, String> {
    let counter = counter(settings, cancel);
    let counted = pool(settings.threads)?.install(|| counter.count_cut(p, parts));
    Ok(Counted {
        solutions: counted.stats.solutions,
        outcome: counted.outcome,
        stats: counted.stats,
    })
}

/// Counts each of `parts` of `p`'s cut apart, as `settings` say: its count
/// and its seconds, part after part, until one does not finish (the
/// deadline or `cancel`), which ends the list.
pub(crate) fn count_each(
    p: &mut Problem,
    parts: &[Part],
    settings: &Settings,
    cancel: &Cancel,
) -> Result<Vec<(Counted, f64)>, String> {
    let mut out = Vec::with_capacity(parts.len());
    let pool = if settings.threads > 1 {
        Some(pool(settings.threads)?)
    } else {
        None
    };
    for part in parts {
        let start = Instant::now();
        let c = match &pool {
            Some(pool) => {
                let counter = counter(settings, cancel);
                let counted = pool.install(|| counter.count_cut(p, std::slice::from_ref(part)));
                Counted {
                    solutions: counted.stats.solutions,
                    outcome: counted.outcome,
                    stats: counted.stats,
                }
            }
            None => {
                let mut s = p.solver();
                s.set_branching(settings.rule);
                s.set_deadline(settings.deadline);
                s.set_cancel(Some(cancel.clone()));
                s.enter(part).map_err(|e| e.to_string())?;
                let c = s.count(None);
                Counted {
                    solutions: c.solutions,
                    outcome: c.outcome,
                    stats: s.stats(),
                }
            }
        };
        let finished = c.outcome == Outcome::Complete;
        out.push((c, start.elapsed().as_secs_f64()));
        if !finished {
            break;
        }
    }
    Ok(out)
}

/// A parallel counter with the rule, the deadline and `cancel`.
fn counter<'c>(settings: &Settings, cancel: &'c Cancel) -> Counter<'c> {
    let mut counter = Counter::new().branching(settings.rule).cancel(cancel);
    if let Some(d) = settings.deadline {
        counter = counter.deadline(d);
    }
    counter
}

/// A rayon pool of `threads` threads.
fn pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))
}

/// The parts of `p`'s cut at `depth` whose positions in the cut are in
/// `wanted` (sorted, no repeats), or all of them (`None`); how the cut
/// ended (a deadline or `cancel` ends it early).
pub(crate) fn cut(
    p: &mut Problem,
    depth: usize,
    wanted: Option<&[usize]>,
    deadline: Option<Instant>,
    cancel: &Cancel,
) -> (Vec<(usize, Part)>, Option<Outcome>) {
    let mut cut = p.cut_iter(depth);
    cut.set_deadline(deadline);
    cut.set_cancel(Some(cancel.clone()));
    let mut parts = Vec::new();
    match wanted {
        None => parts.extend(cut.by_ref().enumerate()),
        Some(wanted) => {
            let mut next = wanted.iter().peekable();
            for (i, part) in cut.by_ref().enumerate() {
                let Some(&&w) = next.peek() else { break };
                if i == w {
                    parts.push((i, part));
                    next.next();
                    if next.peek().is_none() {
                        break;
                    }
                }
            }
        }
    }
    let outcome = cut.outcome();
    (parts, outcome)
}

/// The parts of `p`'s cut at `depth` at the positions of `wanted` (sorted,
/// no repeats), each checked to make the choices its `Wanted` lists:
/// `Ok(Ok(parts))`, or `Ok(Err(count))` (nothing counted) when the deadline
/// or `cancel` stopped the cut first, or an error naming a part that is
/// not there.
pub(crate) fn find_parts(
    p: &mut Problem,
    depth: usize,
    wanted: &[Wanted],
    deadline: Option<Instant>,
    cancel: &Cancel,
) -> Result<Result<Vec<Part>, Counted>, String> {
    let indices: Vec<usize> = wanted.iter().map(|w| w.index).collect();
    let (found, outcome) = cut(p, depth, Some(&indices), deadline, cancel);
    if found.len() < wanted.len() {
        if let Some(stopped @ (Outcome::Deadline | Outcome::Cancelled)) = outcome {
            return Ok(Err(Counted {
                solutions: 0,
                outcome: stopped,
                stats: Stats::default(),
            }));
        }
        return Err(format!(
            "part {} is not in this problem's cut at depth {depth} \
             (it has fewer parts: was the part cut from another problem?)",
            wanted[found.len()].index
        ));
    }
    let mut parts = Vec::with_capacity(found.len());
    for ((_, part), want) in found.into_iter().zip(wanted) {
        let same = part.choices().len() == want.choices.len()
            && part
                .choices()
                .iter()
                .zip(&want.choices)
                .all(|(a, b)| a.map(|o| o.index()) == *b);
        if !same {
            return Err(format!(
                "part {} does not match this problem's cut at depth {depth} \
                 (was it cut from another problem?)",
                want.index
            ));
        }
        parts.push(part);
    }
    Ok(Ok(parts))
}

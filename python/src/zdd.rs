//! `Zdd`: the decision diagram of every solution that the memoised search
//! (`Problem.zdd`) builds, and `ZddSolutions`, the lazy iterator over them.
//!
//! A `Zdd` owns everything it answers with: dlx-core's diagram and a copy
//! of the problem's option table (labels, colors, entries) taken when it
//! was built, so it stays usable when the problem changes or is dropped.
//! It never changes (a frozen class), so iterators share it.
//!
//! dlx-core's `Zdd::solutions` borrows the diagram, and a Python iterator
//! cannot hold a borrow; so, as for `Solutions`, the walk runs on a thread
//! of its own that owns a reference to the diagram and sends solutions in
//! chunks (1, 2, 4, ... up to [`CHUNK`]) through a channel that holds one:
//! it walks at most a chunk ahead, and dropping the iterator ends it.

use std::collections::VecDeque;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::time::Duration;

use dlx_core::memo::{MemoStats, Zdd as CoreZdd};
use dlx_core::seed::SplitMix64;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::args;
use crate::errors::{file_path, os_error};
use crate::labels::{OptionTable, ShowSolution};
use crate::wait::Pacer;

/// What the memoised search did: `nodes` subproblems searched, `hits`
/// subproblems found in the memo, `entries` subproblems in the memo at the
/// end, `zdd_nodes` nodes of the diagram.
#[pyclass(module = "dlxrs._dlxrs", frozen, get_all, skip_from_py_object)]
#[derive(Clone, Copy, Debug)]
pub struct ZddStats {
    nodes: u64,
    hits: u64,
    entries: usize,
    zdd_nodes: usize,
}

#[pymethods]
impl ZddStats {
    /// `ZddStats(nodes=..., hits=..., entries=..., zdd_nodes=...)`.
    fn __repr__(&self) -> String {
        format!(
            "ZddStats(nodes={}, hits={}, entries={}, zdd_nodes={})",
            self.nodes, self.hits, self.entries, self.zdd_nodes
        )
    }

    /// The four numbers as a dict.
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("nodes", self.nodes)?;
        d.set_item("hits", self.hits)?;
        d.set_item("entries", self.entries)?;
        d.set_item("zdd_nodes", self.zdd_nodes)?;
        Ok(d)
    }
}

/// A zero-suppressed decision diagram of every solution of a problem, as
/// `Problem.zdd()` builds it by the memoised search (DXZ): each node stands
/// for the solutions of one subproblem, and identical subproblems share a
/// node, so the diagram can be far smaller than the list of solutions.
///
/// It answers for all of them: how many there are, exactly (`count()`, a
/// Python int, however large); a solution drawn uniformly at random
/// (`sample`, `samples`); each of them in turn (`solutions()`, lazily); the
/// diagram itself as text (`to_text`, `write`). `len()` is its number of
/// nodes and `stats` what the search did. Solutions come as
/// `Problem.solutions` gives them: each option as its entries (labels, and
/// `(label, color)`), or as its number with `indices=True`, the options in
/// the order the search chose them.
///
/// A `Zdd` keeps a copy of the problem's options: it stays usable when the
/// problem is changed or dropped.
///
/// >>> from dlxrs import Problem
/// >>> p = Problem(["a", "b", "c"], options=[["a", "b"], ["c"], ["b", "c"], ["a"]])
/// >>> z = p.zdd()
/// >>> z.count()
/// 2
/// >>> sorted(sorted(s) for s in z.solutions())
/// [[['a'], ['b', 'c']], [['a', 'b'], ['c']]]
/// >>> sorted(z.sample(seed=1, indices=True)) in ([0, 1], [2, 3])
/// True
#[pyclass(module = "dlxrs._dlxrs", frozen)]
pub struct Zdd {
    zdd: Arc<CoreZdd>,
    stats: ZddStats,
    options: OptionTable,
}

impl Zdd {
    /// The Python object for a diagram built from a problem whose options
    /// `options` lists.
    pub(crate) fn new(zdd: CoreZdd, stats: MemoStats, options: OptionTable) -> Zdd {
        Zdd {
            zdd: Arc::new(zdd),
            stats: ZddStats {
                nodes: stats.nodes,
                hits: stats.hits,
                entries: stats.entries,
                zdd_nodes: stats.zdd_nodes,
            },
            options,
        }
    }

    /// One uniform draw, as option numbers.
    fn draw(&self, rng: &mut SplitMix64) -> PyResult<Option<Vec<usize>>> {
        draw(&self.zdd, rng)
    }
}

/// One uniform draw from `zdd`, as option numbers.
fn draw(zdd: &CoreZdd, rng: &mut SplitMix64) -> PyResult<Option<Vec<usize>>> {
    let drawn = zdd.sample(rng);
    Ok(drawn.map(|s| s.iter().map(|o| o.index()).collect()))
}

/// The most draws `Zdd.samples` returns in one list: each holds a whole
/// solution, and a list of a billion would fill the memory before it were
/// done. `Zdd.iter_samples` draws any number, lazily.
const MAX_SAMPLES: usize = 1 << 20;

/// A generator for `seed`, or for a seed drawn from the operating system's
/// randomness (through std's hash keys) when it is `None`.
fn rng(seed: Option<u64>) -> SplitMix64 {
    let seed = seed.unwrap_or_else(|| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x5eed);
        h.finish()
    });
    SplitMix64::new(seed)
}

#[pymethods]
impl Zdd {
    /// The number of solutions, exactly (a Python int, however large).
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.zdd.count() {
            Ok(n) => Ok(n.into_pyobject(py)?.into_any()),
            // Past u128: Python's int from the exact decimal digits.
            Err(_) => py
                .get_type::<pyo3::types::PyInt>()
                .call1((self.zdd.count_big().to_string(),)),
        }
    }

    /// The number of nodes of the diagram (the two terminals not
    /// counted): 0 when the problem has no solution, or only the empty one.
    fn __len__(&self) -> usize {
        self.zdd.len()
    }

    /// What the search did: `ZddStats` with `nodes` (subproblems searched),
    /// `hits` (subproblems found in the memo), `entries` (subproblems in
    /// the memo at the end) and `zdd_nodes` (nodes of the diagram).
    #[getter]
    fn stats(&self) -> ZddStats {
        self.stats
    }

    /// A solution drawn uniformly at random (each with probability
    /// 1/count(), however large), or `None` if there is none. The same
    /// `seed`, the same solution (as `dlx --memo --sample 1 --seed S` draws
    /// it); no seed, a fresh one.
    #[pyo3(signature = (*, seed=None, indices=false))]
    fn sample<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        indices: bool,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        match self.draw(&mut rng(args::seed(seed)?))? {
            None => Ok(None),
            Some(s) => Ok(Some(self.options.solution(py, &s, indices)?)),
        }
    }

    /// `n` solutions drawn uniformly and independently (with repeats), one
    /// generator from `seed` for them all (the draws of `dlx --memo
    /// --sample N --seed S`); `[]` if there is no solution. `n` is at most
    /// 2^20 (`ValueError` past it: `iter_samples` draws any number,
    /// lazily); Ctrl-C stops the drawing.
    #[pyo3(signature = (n, *, seed=None, indices=false))]
    fn samples<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        seed: Option<&Bound<'py, PyAny>>,
        indices: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let n = args::size_in(
            n,
            "n (for more draws, iterate over iter_samples())",
            0,
            MAX_SAMPLES,
        )?;
        let mut rng = rng(args::seed(seed)?);
        let out = PyList::empty(py);
        let mut pacer = Pacer::new();
        for _ in 0..n {
            pacer.tick(py)?;
            match self.draw(&mut rng)? {
                None => break,
                Some(s) => out.append(self.options.solution(py, &s, indices)?)?,
            }
        }
        Ok(out)
    }

    /// A lazy iterator of solutions drawn uniformly and independently: `n`
    /// of them (`None`: without end), the same draws as `samples(n,
    /// seed=seed)` gives as a list; nothing if there is no solution.
    #[pyo3(signature = (n=None, *, seed=None, indices=false))]
    fn iter_samples(
        slf: &Bound<'_, Self>,
        n: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        indices: bool,
    ) -> PyResult<ZddSamples> {
        let left = args::opt_int_in(n, "n (None: without end)", 0, u64::MAX)?;
        let rng = rng(args::seed(seed)?);
        Ok(ZddSamples {
            zdd: slf.clone().unbind(),
            indices,
            state: Mutex::new((rng, left, Pacer::new())),
        })
    }

    /// A lazy iterator over every solution, each as `Problem.solutions`
    /// gives it (option numbers with `indices=True`): a depth-first walk of
    /// the diagram, which holds one path at a time.
    #[pyo3(signature = (*, indices=false))]
    fn solutions(slf: &Bound<'_, Self>, indices: bool) -> PyResult<ZddSolutions> {
        ZddSolutions::start(slf.clone().unbind(), indices)
    }

    /// The diagram as text: a line `zdd NODES ROOT`, then one line `ID
    /// OPTION LO HI` per node, children before parents. `OPTION` is the
    /// option's number (as `add_option` returned it); node 0 stands for no
    /// solution and node 1 for the empty one; a node's solutions are those
    /// of `LO` and, with `OPTION` added, those of `HI`. The format of `dlx
    /// --memo --zdd FILE`.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let zdd = &self.zdd;
        let text = py.detach(|| {
            let mut out = Vec::new();
            zdd.write_text(&mut out).map(|()| out)
        })?;
        String::from_utf8(text).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Writes `to_text()` to the file `path` (a str, bytes or
    /// os.PathLike). Raises `OSError` if it cannot, with `errno` and
    /// `filename` as `open()` sets them.
    fn write(&self, py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let (path, name) = file_path(path)?;
        let zdd = &self.zdd;
        py.detach(|| {
            let mut out = BufWriter::new(File::create(&path)?);
            zdd.write_text(&mut out)?;
            out.flush()
        })
        .map_err(|e| os_error(py, &e, &name))
    }

    /// `Zdd(<N nodes, C solutions>)`.
    fn __repr__(&self) -> String {
        let count = self.zdd.count_big();
        format!("Zdd(<{} nodes, {count} solutions>)", self.zdd.len())
    }
}

/// The largest chunk of solutions the walk sends at once.
const CHUNK: usize = 1024;

/// How long `ZddSolutions.__next__` waits for the walk between two looks
/// for signals (Ctrl-C).
const POLL: Duration = Duration::from_millis(50);

/// A lazy iterator over the solutions of a `Zdd` (see `Zdd.solutions`).
/// `close()` ends it early. One `next()` runs at a time: another thread's
/// meanwhile raises `ValueError`, as a generator already executing does.
#[pyclass(module = "dlxrs._dlxrs", frozen)]
pub struct ZddSolutions {
    zdd: Py<Zdd>,
    indices: bool,
    inner: Mutex<WalkState>,
    found: AtomicU64,
    closed: AtomicBool,
}

/// What `next()` changes.
struct WalkState {
    pace: Pacer,
    /// Chunks of solutions from the walk; `None` once the iteration is over.
    chunks: Option<Mutex<Receiver<Vec<Vec<usize>>>>>,
    /// The rest of the chunk received last.
    ready: VecDeque<Vec<usize>>,
}

impl ZddSolutions {
    /// Starts the walk of `zdd` on a thread of its own.
    fn start(zdd: Py<Zdd>, indices: bool) -> PyResult<ZddSolutions> {
        let diagram = Arc::clone(&zdd.get().zdd);
        let (tx, rx) = mpsc::sync_channel(1);
        std::thread::Builder::new()
            .name("dlxrs-zdd-solutions".to_string())
            .spawn(move || {
                let mut size = 1;
                let mut chunk = Vec::with_capacity(size);
                for s in diagram.solutions() {
                    chunk.push(s.iter().map(|o| o.index()).collect());
                    if chunk.len() == size {
                        size = (size * 2).min(CHUNK);
                        let full = std::mem::replace(&mut chunk, Vec::with_capacity(size));
                        // The receiver is gone: the iterator was dropped.
                        if tx.send(full).is_err() {
                            return;
                        }
                    }
                }
                if !chunk.is_empty() {
                    let _ = tx.send(chunk);
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the walk's thread: {e}")))?;
        Ok(ZddSolutions {
            zdd,
            indices,
            inner: Mutex::new(WalkState {
                pace: Pacer::new(),
                chunks: Some(Mutex::new(rx)),
                ready: VecDeque::new(),
            }),
            found: AtomicU64::new(0),
            closed: AtomicBool::new(false),
        })
    }
}

/// The next chunk from the walk (`None`: the walk is over), waited for
/// without the GIL, Python's signal handlers run every [`POLL`]: a
/// handler's exception (Ctrl-C) is returned, and the chunk stays for the
/// next call.
fn receive(
    py: Python<'_>,
    chunks: &Mutex<Receiver<Vec<Vec<usize>>>>,
) -> PyResult<Option<Vec<Vec<usize>>>> {
    loop {
        let received = py.detach(|| {
            let rx = chunks.lock().unwrap_or_else(PoisonError::into_inner);
            rx.recv_timeout(POLL)
        });
        match received {
            Ok(chunk) => return Ok(Some(chunk)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
        }
    }
}

#[pymethods]
impl ZddSolutions {
    /// The iterator itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next solution (`StopIteration` after the last).
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let mut inner = match self.inner.try_lock() {
            Ok(inner) => inner,
            Err(TryLockError::Poisoned(inner)) => inner.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err(
                    "this ZddSolutions iterator is already running next() in another thread",
                ))
            }
        };
        // Ctrl-C between two solutions, also when `next()` is called from
        // C (`list(it)`, `deque(it)`), where Python checks for no signals.
        inner.pace.tick(py)?;
        if self.closed.load(Ordering::Acquire) {
            inner.chunks = None;
            inner.ready.clear();
            return Ok(None);
        }
        if inner.ready.is_empty() {
            let Some(chunks) = &inner.chunks else {
                return Ok(None);
            };
            match receive(py, chunks)? {
                Some(chunk) => inner.ready.extend(chunk),
                None => {
                    inner.chunks = None;
                    return Ok(None);
                }
            }
        }
        let Some(s) = inner.ready.pop_front() else {
            return Ok(None);
        };
        drop(inner);
        self.found.fetch_add(1, Ordering::Relaxed);
        Ok(Some(self.zdd.get().options.solution(
            py,
            &s,
            self.indices,
        )?))
    }

    /// The number of solutions given so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found.load(Ordering::Relaxed)
    }

    /// Ends the iteration and its walk (the next `next()` raises
    /// `StopIteration`).
    fn close(&self) {
        self.closed.store(true, Ordering::Release);
        if let Ok(mut inner) = self.inner.try_lock() {
            inner.chunks = None;
            inner.ready.clear();
        }
    }
}

/// A lazy iterator of uniform draws from a `Zdd` (see `Zdd.iter_samples`).
#[pyclass(module = "dlxrs._dlxrs", frozen)]
pub struct ZddSamples {
    zdd: Py<Zdd>,
    indices: bool,
    /// The generator, the draws left (`None`: without end), the pace.
    state: Mutex<(SplitMix64, Option<u64>, Pacer)>,
}

#[pymethods]
impl ZddSamples {
    /// The iterator itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next draw (`StopIteration` after the last, or at once if there
    /// is no solution).
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let zdd = self.zdd.get();
        let drawn = {
            let mut state = match self.state.try_lock() {
                Ok(state) => state,
                Err(TryLockError::Poisoned(state)) => state.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    return Err(PyValueError::new_err(
                        "this ZddSamples iterator is already running next() in another thread",
                    ))
                }
            };
            let (rng, left, pacer) = &mut *state;
            pacer.tick(py)?;
            if *left == Some(0) {
                return Ok(None);
            }
            let drawn = draw(&zdd.zdd, rng)?;
            if let Some(n) = left.as_mut() {
                *n = if drawn.is_some() { *n - 1 } else { 0 };
            }
            drawn
        };
        match drawn {
            None => Ok(None),
            Some(s) => Ok(Some(zdd.options.solution(py, &s, self.indices)?)),
        }
    }
}

//! `Problem`: an exact-cover problem built by label, and the doors to its
//! searches.
//!
//! Each method is a thin entry point: it checks its keyword arguments and
//! calls the plain Rust that does the work: `building` for the items and
//! options, `shared` for the lock and the built problem, `searching` and
//! `cutting` for the searches, `pickling` for pickle. The arguments are
//! checked in the order they always were, since that order decides which
//! error a call with two bad arguments raises.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::args;
use crate::building::{self, bounds_of, cost_of, option_entries, options_and_costs, Auto, State};
use crate::cutting;
use crate::errors::CostError;
use crate::labels::ShowSolution;
use crate::parts::Part;
use crate::pickling::{self, Pickled};
use crate::search::{self, Settings};
use crate::searching::{self, ZddSettings};
use crate::shared::Shared;
use crate::solutions::Solutions;
use crate::zdd::Zdd;

/// An exact-cover problem: items named by any hashable labels, options
/// listing them.
///
/// A solution is a set of options that covers every *primary* item exactly
/// once (or between its bounds `lo` and `hi` times) and every *secondary*
/// item at most once — or any number of times, if every option that covers
/// it gives it the same *color*. Options may have *costs*, for the cheapest
/// solutions (`min_cost`).
///
/// Declare items with `Problem(primary, secondary)`, `add_primary` and
/// `add_secondary`; add options with `add_option` / `add_options`, each an
/// iterable of entries: a label; `(label, color)`, or the string
/// `"label:color"` (Knuth's notation) for a colored secondary item. A label
/// that is itself declared is always taken as it is, so `"a:b"` is the item
/// `"a:b"` if one was declared. Options are numbered from 0 in the order they
/// are added; a solution lists its options as their entries (as `option(i)`
/// gives them), or as their numbers with `indices=True`.
///
/// Every call is checked when it is made (`BuildError`), and a refused call
/// changes nothing. Searches release the GIL, and Ctrl-C stops them
/// (`KeyboardInterrupt`) within about 50 ms.
///
/// >>> p = Problem(["a", "b", "c"])
/// >>> for option in (["a", "b"], ["c"], ["b", "c"], ["a"]):
/// ...     _ = p.add_option(option)
/// >>> p.count()
/// 2
/// >>> sorted(sorted(s) for s in p.solutions(indices=True))
/// [[0, 1], [2, 3]]
/// >>> sorted(sorted(s) for s in p.solutions())
/// [[['a'], ['b', 'c']], [['a', 'b'], ['c']]]
#[pyclass(module = "dlxrs._dlxrs", frozen)]
pub struct Problem {
    /// The items and options, behind the lock that threads share.
    shared: Shared,
}

impl From<State> for Problem {
    fn from(state: State) -> Problem {
        Problem {
            shared: state.into(),
        }
    }
}

impl Problem {
    /// The labels of the primary items (`primary`) or of the secondary
    /// ones, in the order they were declared.
    fn items<'py>(&self, py: Python<'py>, primary: bool) -> PyResult<Bound<'py, PyList>> {
        let state = self.shared.lock(py)?;
        let labels = state
            .labels
            .names()
            .items()
            .iter()
            .zip(&state.bounds)
            .filter(|(_, b)| b.is_some() == primary)
            .map(|(l, _)| l.bind(py))
            .collect::<Vec<_>>();
        PyList::new(py, labels)
    }
}

#[pymethods]
impl Problem {
    /// A problem with the primary items `primary` and the secondary items
    /// `secondary` (iterables of hashable labels), the options `options`
    /// (see `add_options`), primary items' bounds `bounds` (a mapping
    /// label -> (lo, hi): covered between lo and hi times, both included)
    /// and options' costs `costs` (an iterable of ints, one per option).
    #[new]
    #[pyo3(signature = (primary=None, secondary=None, options=None, *, bounds=None, costs=None))]
    fn new(
        py: Python<'_>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyAny>>,
        bounds: Option<&Bound<'_, PyAny>>,
        costs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Problem> {
        building::new_problem(py, primary, secondary, options, bounds, costs).map(Problem::from)
    }

    /// A problem whose items are those its options name, as xcover's
    /// `covers` takes them: with neither `primary` nor `secondary`, every
    /// label is a primary item; with `secondary` only, every other label
    /// is; with `primary` only, every other label is secondary (and
    /// `"label:color"` colors the secondary item `label`); with both, an
    /// option naming another label is refused. Items are declared in the
    /// order given, then where they first appear. `options` and `costs` as
    /// for `add_options`.
    #[staticmethod]
    #[pyo3(signature = (options, primary=None, secondary=None, *, costs=None))]
    fn from_options(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        costs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Problem> {
        building::from_options(py, options, primary, secondary, costs).map(Problem::from)
    }

    /// Declares a primary item, covered between `lo` and `hi` times (both
    /// included; once by default).
    #[pyo3(signature = (label, lo=None, hi=None))]
    fn add_primary(
        &self,
        label: &Bound<'_, PyAny>,
        lo: Option<&Bound<'_, PyAny>>,
        hi: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = label.py();
        let one = 1u32.into_pyobject(py)?.into_any();
        let (lo, hi) = bounds_of(label, lo.unwrap_or(&one), hi.unwrap_or(&one))?;
        self.shared
            .lock(py)?
            .declare(label, Some((lo, hi)))
            .map(|_| ())
    }

    /// Declares a secondary item: covered at most once, or by any number of
    /// options that give it the same color.
    fn add_secondary(&self, label: &Bound<'_, PyAny>) -> PyResult<()> {
        self.shared
            .lock(label.py())?
            .declare(label, None)
            .map(|_| ())
    }

    /// Sets the bounds of the primary item `label`: solutions cover it
    /// between `lo` and `hi` times, both included (Knuth's DLX3). Ints from
    /// 0 to 2^32 - 1, `hi` at least 1 and at least `lo`.
    fn set_bounds(
        &self,
        label: &Bound<'_, PyAny>,
        lo: &Bound<'_, PyAny>,
        hi: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (lo, hi) = bounds_of(label, lo, hi)?;
        self.shared.lock(label.py())?.set_bounds(label, lo, hi)
    }

    /// Adds an option and returns its number. `items` is an iterable of
    /// entries: a declared label, `(label, color)` or `"label:color"` for
    /// a colored secondary item. `cost` (an int from 0 to MAX_COST) counts
    /// only for `min_cost`.
    #[pyo3(signature = (items, cost=None))]
    fn add_option(
        &self,
        items: &Bound<'_, PyAny>,
        cost: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let py = items.py();
        let cost = match cost {
            Some(c) => cost_of(c, "cost")?,
            None => 0,
        };
        let items = option_entries(items)?;
        self.shared.lock(py)?.add_one(py, &items, cost, Auto::No)
    }

    /// Adds each option of `options` (an iterable of options, each as for
    /// `add_option`), with the costs `costs` if given (an iterable of ints,
    /// exactly one per option). Every option and cost is read first; then
    /// the options are added in turn, and the first one refused stops the
    /// call (the ones before it stay).
    #[pyo3(signature = (options, costs=None))]
    fn add_options(
        &self,
        options: &Bound<'_, PyAny>,
        costs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = options.py();
        let (options, costs) = options_and_costs(options, costs)?;
        let mut state = self.shared.lock(py)?;
        for (items, cost) in options.iter().zip(costs) {
            state.add_one(py, items, cost, Auto::No)?;
        }
        Ok(())
    }

    /// The number of options.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.shared.lock(py)?.options.len())
    }

    /// `Problem(<P primary items, S secondary, O options>)`.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let state = self.shared.lock(py)?;
        let primary = state.bounds.iter().filter(|b| b.is_some()).count();
        Ok(format!(
            "Problem(<{} primary items, {} secondary, {} options>)",
            primary,
            state.bounds.len() - primary,
            state.options.len()
        ))
    }

    /// The primary items' labels, in the order they were declared.
    #[getter]
    fn primary_items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.items(py, true)
    }

    /// The secondary items' labels, in the order they were declared.
    #[getter]
    fn secondary_items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.items(py, false)
    }

    /// The bounds `(lo, hi)` of each primary item covered other than
    /// exactly once, by label.
    #[getter]
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = self.shared.lock(py)?;
        let d = PyDict::new(py);
        for (label, b) in state.labels.names().items().iter().zip(&state.bounds) {
            if let Some((lo, hi)) = *b {
                if (lo, hi) != (1, 1) {
                    d.set_item(label.bind(py), (lo, hi))?;
                }
            }
        }
        Ok(d)
    }

    /// Option `i`'s entries as given: each a label, or `(label, color)`.
    fn option<'py>(&self, i: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = i.py();
        let state = self.shared.lock(py)?;
        state.option(py, state.option_number(i)?)
    }

    /// Option `i`'s cost.
    fn cost(&self, i: &Bound<'_, PyAny>) -> PyResult<u64> {
        let state = self.shared.lock(i.py())?;
        Ok(state.costs[state.option_number(i)?])
    }

    /// Which search the problem needs: `"exact"` (DLX1), `"colors"`
    /// (DLX2) or `"multiplicities"` (bounds, DLX3).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<&'static str> {
        searching::kind(&self.shared, py)
    }

    /// The number of solutions (at most `limit`, if given: an int of at
    /// least 1).
    ///
    /// `threads`: 1 (the default) searches as Knuth's DLX1/DLX2/DLX3 do, on
    /// the calling thread's core; N > 1 shares the tree between N threads,
    /// 0 uses every core. `time_limit` (seconds) raises `LimitReached`
    /// holding the count so far. `rule` names the branching rule (see
    /// `dlxrs.rules()`; the count never depends on it). `reduce` counts the
    /// problem reduced by Knuth's DLX-PRE preprocessing (see `reduce`).
    #[pyo3(signature = (*, limit=None, threads=None, time_limit=None, rule=None, reduce=false))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
        reduce: bool,
    ) -> PyResult<u64> {
        let limit = args::limit(limit)?;
        let settings = Settings {
            rule: search::branching(rule)?,
            deadline: search::deadline(time_limit)?,
            threads: search::threads(threads)?,
            reduce,
            ..Settings::default()
        };
        searching::count(&self.shared, py, &settings, limit)
    }

    /// The decision diagram of every solution (a `Zdd`: exact count, uniform
    /// samples, every solution in turn), built by the memoised search
    /// (DXZ): each subproblem, known by the items left to cover, is
    /// searched once and its solutions kept as a node that later meetings
    /// share. It counts where the plain search never ends (domino tilings
    /// of 12x12: 5.3e16, in a fraction of a second) when the same items are
    /// often left after different choices; where they seldom are (queens,
    /// Sudoku) it is slower than `count`.
    ///
    /// `rule` names the item choice (see `dlxrs.rules()`; DLX1's by
    /// default). `max_entries` bounds the memo (2^24 subproblems by
    /// default; past it, new ones are searched again, and the diagram
    /// stays exact). `max_memory` (bytes, 2 GiB by default) bounds the
    /// memo to half of it the same way, and raises `MemoError` when the
    /// diagram outgrows the other half. `time_limit` (seconds) raises `LimitReached`
    /// (`solutions` is `None`). A problem the memoised search does not
    /// take raises `MemoError` with dlx-core's message. Runs without the
    /// GIL; Ctrl-C raises `KeyboardInterrupt`; the problem is unchanged.
    #[pyo3(signature = (*, rule=None, max_entries=None, max_memory=None, time_limit=None))]
    fn zdd(
        &self,
        py: Python<'_>,
        rule: Option<&str>,
        max_entries: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Zdd> {
        let settings = ZddSettings {
            rule: search::branching(rule)?,
            deadline: search::deadline(time_limit)?,
            max_entries: args::opt_int_in(max_entries, "max_entries", 0, usize::MAX as u64)?,
            max_memory: args::opt_int_in(max_memory, "max_memory", 0, usize::MAX as u64)?,
        };
        searching::zdd(&self.shared, py, &settings)
    }

    /// A lazy iterator over the solutions. Each solution lists its
    /// options in the order the search chose them, each option as its
    /// entries (labels, and `(label, color)` for colored ones, as `option`
    /// gives them), or as its number with `indices=True`. The search runs
    /// on a thread of its own and searches nothing ahead: each `next()`
    /// searches on to the next solution, without the GIL. It works on a
    /// copy of the problem made now, so changing the problem meanwhile
    /// changes nothing.
    ///
    /// `limit` (an int of at least 1) stops after that many solutions;
    /// `time_limit` (seconds from now, for the whole iteration) raises
    /// `LimitReached`; `seed` randomises the order of the search (the same
    /// seed, the same order; not a uniform draw); `rule` and `reduce` as
    /// for `count`.
    #[pyo3(signature = (*, limit=None, time_limit=None, rule=None, seed=None, reduce=false, indices=false))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
        seed: Option<&Bound<'_, PyAny>>,
        reduce: bool,
        indices: bool,
    ) -> PyResult<Solutions> {
        let limit = args::limit(limit)?;
        let seed = args::seed(seed)?;
        let settings = Settings {
            rule: search::branching(rule)?,
            deadline: search::deadline(time_limit)?,
            seed,
            reduce,
            ..Settings::default()
        };
        searching::solutions(&self.shared, py, settings, limit, indices)
    }

    /// The first solution the search finds, or `None` if there is none.
    /// Arguments, and the form of the solution, as for `solutions`.
    #[pyo3(signature = (*, time_limit=None, rule=None, seed=None, indices=false))]
    fn first_solution<'py>(
        &self,
        py: Python<'py>,
        time_limit: Option<&Bound<'py, PyAny>>,
        rule: Option<&str>,
        seed: Option<&Bound<'py, PyAny>>,
        indices: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let seed = args::seed(seed)?;
        let settings = Settings {
            rule: search::branching(rule)?,
            deadline: search::deadline(time_limit)?,
            seed,
            ..Settings::default()
        };
        searching::first_solution(&self.shared, py, &settings, indices)
    }

    /// The `k` cheapest solutions (fewer if there are fewer), cheapest
    /// first, as `(cost, solution)` pairs (each solution as `solutions`
    /// gives it, option numbers with `indices=True`); `[]` if there is no
    /// solution.
    /// Ties count separately (Knuth's DLX5: branch and bound on the
    /// options' costs, colors allowed, bounds not). `time_limit` raises
    /// `LimitReached` holding the best found so far; `disjoint_bound` adds
    /// a lower bound that prunes more (the same answers). Raises
    /// `CostError` for bounds, k out of range (1 to MAX_BEST), or a best
    /// total above MAX_COST.
    #[pyo3(signature = (k=None, *, time_limit=None, disjoint_bound=false, indices=false))]
    fn min_cost<'py>(
        &self,
        py: Python<'py>,
        k: Option<&Bound<'py, PyAny>>,
        time_limit: Option<&Bound<'py, PyAny>>,
        disjoint_bound: bool,
        indices: bool,
    ) -> PyResult<Vec<(u64, Bound<'py, PyAny>)>> {
        let k = match k {
            None => 1,
            Some(k) => match args::int_in(k, "k", 0, usize::MAX as u64) {
                Ok(k) => k as usize,
                Err(e) if e.is_instance_of::<PyValueError>(py) => {
                    return Err(CostError::new_err(e.value(py).to_string()))
                }
                Err(e) => return Err(e),
            },
        };
        let deadline = search::deadline(time_limit)?;
        searching::min_cost(&self.shared, py, k, deadline, disjoint_bound, indices)
    }

    /// Knuth's DLX-PRE preprocessing: returns `(reduced, original)`, a
    /// problem with the options that are in no solution and the items that
    /// constrain nothing more than others removed, and the number in this
    /// problem of each of its options (`original[i]` for its option `i`).
    /// It has exactly the solutions of this problem, mapped back through
    /// `original`. Labels, colors and costs are kept.
    fn reduce(&self, py: Python<'_>) -> PyResult<(Problem, Vec<usize>)> {
        let (reduced, original) = searching::reduce(&self.shared, py)?;
        Ok((reduced.into(), original))
    }

    /// Cuts the search tree at `depth` levels: the parts, in the search's
    /// order, each the subtree below the choices made on the way to one
    /// node at that depth (or to a solution found above it). Their counts
    /// (`count_parts`) add up to the problem's: the parts can be counted
    /// apart, by other processes or machines (`dlxrs.dask`). `time_limit`
    /// raises `LimitReached` holding the parts cut so far.
    #[pyo3(signature = (depth, *, time_limit=None))]
    fn cut(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Part>> {
        let depth = args::size_in(depth, "depth", 0, u32::MAX as usize)?;
        let deadline = search::deadline(time_limit)?;
        cutting::cut(&self.shared, py, depth, deadline)
    }

    /// The number of solutions in `parts` (from `cut` of this problem or of
    /// a copy: a pickled problem, or one built the same way), on `threads`
    /// threads. Cuts the tree to the parts' depth again and refuses a part
    /// that is not there (`ValueError`), or that is listed twice.
    #[pyo3(signature = (parts, *, threads=None, time_limit=None))]
    fn count_parts(
        &self,
        py: Python<'_>,
        parts: Vec<PyRef<'_, Part>>,
        threads: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let settings = Settings {
            deadline: search::deadline(time_limit)?,
            threads: search::threads(threads)?,
            ..Settings::default()
        };
        cutting::count_parts(&self.shared, py, parts, &settings)
    }

    /// `count_parts`, part by part: for each of `parts`, in the order of
    /// the cut, `(index, solutions, nodes, seconds)`. What a task of
    /// `dlxrs.dask` reports. `time_limit` (for them all) raises
    /// `LimitReached` holding the parts counted so far.
    #[pyo3(signature = (parts, *, threads=None, time_limit=None))]
    fn count_each_part(
        &self,
        py: Python<'_>,
        parts: Vec<PyRef<'_, Part>>,
        threads: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<(usize, u64, u64, f64)>> {
        let settings = Settings {
            deadline: search::deadline(time_limit)?,
            threads: search::threads(threads)?,
            ..Settings::default()
        };
        cutting::count_each_part(&self.shared, py, parts, &settings)
    }

    /// Pickling: the items, colors, options and costs (not the built
    /// problem, which is built again where it is needed).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Pickled)> {
        let py = slf.py();
        let pickled = {
            let state = slf.get().shared.lock(py)?;
            pickling::pickle(py, &state)
        };
        Ok((slf.get_type().getattr("_from_state")?, pickled))
    }

    /// Unpickling: see `__reduce__`. Every item and option is checked
    /// again.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _from_state(
        py: Python<'_>,
        labels: Vec<Py<PyAny>>,
        bounds: Vec<Option<(u32, u32)>>,
        colors: Vec<Py<PyAny>>,
        items: Vec<u32>,
        codes: Vec<u32>,
        ends: Vec<usize>,
        costs: Vec<u64>,
    ) -> PyResult<Problem> {
        let pickled = (labels, bounds, colors, items, codes, ends, costs);
        pickling::unpickle(py, pickled).map(Problem::from)
    }
}

//! `Problem`: an exact-cover problem built by label, and the doors to its
//! searches.
//!
//! # Implementation notes
//!
//! Labels are any hashable Python values. Each declared item gets a
//! declaration number (its position in `labels`), found again through a
//! Python dict; colors likewise get codes (1 + their position in `colors`,
//! 0 for none). Everything else is dlx-core's `Builder<u32, u32>` over
//! those numbers: it checks each item, bound and option when given (its
//! messages are the exceptions' messages, the numbers shown as the labels'
//! `repr`), and builds the dlx-core `Problem` when a search first needs it.
//! The built problem is kept until the next change. The options are also
//! kept here as given, for `option()` and for pickling.
//!
//! One `Problem` may be shared by many Python threads. Its state sits
//! behind a mutex (the class is frozen: no borrow flags) that a call holds
//! only while it reads or changes the state, never across a search. A
//! search takes the built problem out of the state (or builds a copy, if
//! another search has it or a change was made since) and runs on it
//! without the GIL and without the lock, so reads, pickling, changes and
//! other searches go on meanwhile; each search answers for the problem as
//! it was when it started. Items, colors and options are only ever added,
//! so the numbers a search returns name the same options in the state when
//! it ends.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use dlx_core::text::{self, DlxFile};
use dlx_core::{
    Builder, BuilderError, Cancel, Color, CostSearch, Item, Kind, Labeled, Memo, OptionId, Outcome,
    Problem as Core, Step, MAX_COST,
};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::args::{self, int_in};
use crate::errors::{build_error, limit_reached, memo_error, repr, CostError, Repr};
use crate::parts::Part;
use crate::search::{self, Counted, Settings};
use crate::solutions::Solutions;
use crate::wait::detached;
use crate::zdd::{OptionTable, Zdd};

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
    state: Mutex<State>,
    /// The key (see `thread_key`) of the thread that holds `state`, 0 when
    /// none does: a call back into the problem from that same thread (a
    /// label's `__hash__` or `__eq__`) is refused instead of waiting for
    /// itself.
    holder: AtomicUsize,
}

/// A problem's items and options, behind its lock.
pub(crate) struct State {
    /// The label of each declared item, by declaration number.
    labels: Vec<Py<PyAny>>,
    /// The bounds of each declared item; `None` for a secondary one.
    bounds: Vec<Option<(u32, u32)>>,
    /// Declaration number by label.
    index: Py<PyDict>,
    /// The label of each color, by code - 1.
    colors: Vec<Py<PyAny>>,
    /// Color code by label.
    color_index: Py<PyDict>,
    builder: Builder<u32, u32>,
    /// Every option's entries as given: declaration number, color code.
    entries: Vec<(u32, u32)>,
    /// Where each option's entries end.
    ends: Vec<usize>,
    /// Each option's cost.
    costs: Vec<u64>,
    /// The dlx-core problem built for the last search, while no change
    /// was made since and no search has it.
    built: Option<Labeled<u32, u32>>,
    /// The number of changes made: a search gives its built problem back
    /// only if there was none meanwhile.
    changes: u64,
}

/// The problem locked by the calling thread (see `Problem::lock`).
pub(crate) struct Held<'a> {
    state: MutexGuard<'a, State>,
    holder: &'a AtomicUsize,
}

impl Deref for Held<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        // Before the guard unlocks (fields drop after `drop`).
        self.holder.store(0, Ordering::Release);
    }
}

/// A key of the calling thread, never 0: the address of a thread-local.
fn thread_key() -> usize {
    thread_local!(static KEY: u8 = const { 0 });
    KEY.with(|k| std::ptr::from_ref(k) as usize)
}

/// What a search found in a problem as the Python side numbers options.
type Solution = Vec<usize>;

/// What `entry` does with a label never declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Auto {
    /// Refuses it (`add_option`).
    No,
    /// Declares it a primary item (`from_options` without `primary`).
    Primary,
    /// Declares it a secondary item; `"label:color"` declares `label`
    /// (`from_options` with `primary` only, as xcover does).
    Secondary,
}

impl State {
    /// An empty problem.
    fn empty(py: Python<'_>) -> State {
        State {
            labels: Vec::new(),
            bounds: Vec::new(),
            index: PyDict::new(py).unbind(),
            colors: Vec::new(),
            color_index: PyDict::new(py).unbind(),
            builder: Builder::default(),
            entries: Vec::new(),
            ends: Vec::new(),
            costs: Vec::new(),
            built: None,
            changes: 0,
        }
    }

    /// Records a change: the built problem is out of date.
    fn changed(&mut self) {
        self.built = None;
        self.changes += 1;
    }

    /// The declaration number of the item labeled `label`, if declared.
    fn lookup(&self, label: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        match self.index.bind(label.py()).get_item(label)? {
            Some(d) => Ok(Some(d.extract()?)),
            None => Ok(None),
        }
    }

    /// Declares the labels of `primary` (each exactly once) and then those
    /// of `secondary`, in their order; either may be absent.
    fn declare_all(
        &mut self,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        for (labels, bounds) in [(primary, Some((1, 1))), (secondary, None)] {
            if let Some(labels) = labels {
                for label in labels.try_iter()? {
                    self.declare(&label?, bounds)?;
                }
            }
        }
        Ok(())
    }

    /// Declares an item: primary with `bounds`, or secondary (`None`).
    fn declare(&mut self, label: &Bound<'_, PyAny>, bounds: Option<(u32, u32)>) -> PyResult<u32> {
        if self.lookup(label)?.is_some() {
            return Err(build_error(
                BuilderError::DuplicateLabel { label: 0 },
                |_| repr(label),
            ));
        }
        let d = u32::try_from(self.labels.len())
            .map_err(|_| build_error(BuilderError::TooLarge, |_| repr(label)))?;
        let declared = match bounds {
            None => self.builder.secondary(d),
            Some((1, 1)) => self.builder.primary(d),
            Some((lo, hi)) => self.builder.primary_bounded(d, lo, hi),
        };
        declared.map_err(|e| build_error(e, |_| repr(label)))?;
        self.index.bind(label.py()).set_item(label, d)?;
        self.labels.push(label.clone().unbind());
        self.bounds.push(bounds);
        self.changed();
        Ok(d)
    }

    /// The `repr` of the item declared as number `d`.
    fn name(&self, py: Python<'_>, d: u32) -> Repr {
        repr(self.labels[d as usize].bind(py))
    }

    /// The code of color `color` given to item `d`, recorded if new.
    fn color_code(&mut self, d: u32, color: &Bound<'_, PyAny>) -> PyResult<u32> {
        let py = color.py();
        if let Ok(s) = color.cast::<PyString>() {
            if s.to_cow()?.is_empty() {
                return Err(build_error(BuilderError::EmptyColor { label: d }, |d| {
                    self.name(py, d)
                }));
            }
        }
        let index = self.color_index.bind(py);
        if let Some(code) = index.get_item(color)? {
            return code.extract();
        }
        let code = self.colors.len() as u32 + 1;
        index.set_item(color, code)?;
        self.colors.push(color.clone().unbind());
        Ok(code)
    }

    /// An option's entry: its item's declaration number and its color code.
    /// A label never seen is declared as `auto` says.
    fn entry(&mut self, e: &Bound<'_, PyAny>, auto: Auto) -> PyResult<(u32, u32)> {
        let py = e.py();
        if let Some(d) = self.lookup(e)? {
            return Ok((d, 0));
        }
        if let Ok(t) = e.cast::<PyTuple>() {
            if t.len() == 2 {
                if let Some(d) = self.lookup(&t.get_item(0)?)? {
                    let color = t.get_item(1)?;
                    if color.is_none() {
                        return Ok((d, 0));
                    }
                    return Ok((d, self.color_code(d, &color)?));
                }
            }
        }
        if let Ok(s) = e.cast::<PyString>() {
            let s = s.to_cow()?;
            if let Some((name, color)) = s.split_once(':') {
                let name = PyString::new(py, name);
                let d = match self.lookup(name.as_any())? {
                    Some(d) => Some(d),
                    None if auto == Auto::Secondary => Some(self.declare(name.as_any(), None)?),
                    None => None,
                };
                if let Some(d) = d {
                    return Ok((d, self.color_code(d, PyString::new(py, color).as_any())?));
                }
            }
        }
        match auto {
            Auto::No => {}
            Auto::Primary => return Ok((self.declare(e, Some((1, 1)))?, 0)),
            Auto::Secondary => return Ok((self.declare(e, None)?, 0)),
        }
        Err(build_error(BuilderError::UnknownLabel { label: 0 }, |_| {
            repr(e)
        }))
    }

    /// Adds an option of `entries` (checked by the builder) costing `cost`.
    fn push_option(
        &mut self,
        py: Python<'_>,
        entries: &[(u32, u32)],
        cost: u64,
    ) -> PyResult<usize> {
        let option = entries
            .iter()
            .map(|&(d, code)| (d, (code > 0).then_some(code)));
        match self.builder.colored_option(option) {
            Ok(id) => {
                self.entries.extend_from_slice(entries);
                self.ends.push(self.entries.len());
                self.costs.push(cost);
                self.changed();
                Ok(id.index())
            }
            Err(e) => Err(build_error(e, |d| self.name(py, d))),
        }
    }

    /// Adds the option whose entries (see `option_entries`) are `items`.
    fn add_one(
        &mut self,
        py: Python<'_>,
        items: &[Bound<'_, PyAny>],
        cost: u64,
        auto: Auto,
    ) -> PyResult<usize> {
        let mut entries = Vec::with_capacity(items.len());
        for e in items {
            entries.push(self.entry(e, auto)?);
        }
        self.push_option(py, &entries, cost)
    }

    /// A problem with the items, options and costs of `core`, its items and
    /// colors labeled by `item_label` and `color_label`, option `o` costing
    /// `cost(o)`. Declaration numbers are `core`'s item numbers.
    fn from_core(
        py: Python<'_>,
        core: &Core,
        item_label: impl Fn(Item) -> Py<PyAny>,
        color_label: impl Fn(Color) -> Py<PyAny>,
        cost: impl Fn(usize) -> u64,
    ) -> PyResult<State> {
        let mut p = State::empty(py);
        let items = (0..core.primary_count())
            .map(|i| core.primary(i))
            .chain((0..core.secondary_count()).map(|j| core.secondary(j)));
        for item in items {
            p.declare(item_label(item).bind(py), core.bounds(item))?;
        }
        let mut entries = Vec::new();
        for o in 0..core.option_count() {
            entries.clear();
            let id = OptionId::new(o);
            for (item, color) in core.option_items(id).zip(core.option_colors(id)) {
                let d = item.index() as u32;
                let code = match color {
                    None => 0,
                    Some(c) => p.color_code(d, color_label(c).bind(py))?,
                };
                entries.push((d, code));
            }
            p.push_option(py, &entries, cost(o))?;
        }
        Ok(p)
    }

    /// The problem of a DLX file: labels the item names, colors
    /// one-character strings.
    pub(crate) fn from_dlx(py: Python<'_>, dlx: &DlxFile) -> PyResult<Problem> {
        State::from_core(
            py,
            &dlx.problem,
            |item| {
                PyString::new(py, &dlx.item_names[item.index()])
                    .into_any()
                    .unbind()
            },
            |c| {
                PyString::new(py, &text::color_char(c).to_string())
                    .into_any()
                    .unbind()
            },
            |o| dlx.problem.cost(OptionId::new(o)),
        )
        .map(Problem::from)
    }

    /// Option `o`'s entries as given: each a label, or `(label, color)`.
    pub(crate) fn entries_of<'py>(
        &self,
        py: Python<'py>,
        o: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let start = if o == 0 { 0 } else { self.ends[o - 1] };
        entries_list(
            py,
            &self.labels,
            &self.colors,
            &self.entries[start..self.ends[o]],
        )
    }

    /// A copy of the options as Python shows them, for a `Zdd`.
    fn option_table(&self, py: Python<'_>) -> OptionTable {
        OptionTable {
            labels: self.labels.iter().map(|l| l.clone_ref(py)).collect(),
            colors: self.colors.iter().map(|c| c.clone_ref(py)).collect(),
            entries: self.entries.clone(),
            ends: self.ends.clone(),
        }
    }

    /// A solution as Python sees it: the option numbers (`indices`), or
    /// each option's entries (see `entries_of`).
    pub(crate) fn solution_of<'py>(
        &self,
        py: Python<'py>,
        solution: &[usize],
        indices: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        if indices {
            return Ok(PyList::new(py, solution)?.into_any());
        }
        let list = PyList::empty(py);
        for &o in solution {
            list.append(self.entries_of(py, o)?)?;
        }
        Ok(list.into_any())
    }

    /// The number of the option `i` (an int; negative: from the end), or
    /// `IndexError`.
    fn option_number(&self, i: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.ends.len() as i128;
        let wide = match i.extract::<i128>() {
            Ok(i) => Some(i),
            Err(e) if e.is_instance_of::<PyOverflowError>(i.py()) => None,
            Err(e) => return Err(e),
        };
        match wide.map(|i| if i < 0 { i + n } else { i }) {
            Some(k) if (0..n).contains(&k) => Ok(k as usize),
            _ => Err(PyIndexError::new_err(format!(
                "option {} out of range (the problem has {n} options)",
                repr(i).0
            ))),
        }
    }

    /// Sets the bounds of the item `label` (see `Problem.set_bounds`).
    fn set_bounds(&mut self, label: &Bound<'_, PyAny>, lo: u32, hi: u32) -> PyResult<()> {
        let Some(d) = self.lookup(label)? else {
            return Err(build_error(BuilderError::UnknownLabel { label: 0 }, |_| {
                repr(label)
            }));
        };
        self.builder
            .set_bounds(d, lo, hi)
            .map_err(|e| build_error(e, |_| repr(label)))?;
        self.bounds[d as usize] = Some((lo, hi));
        self.changed();
        Ok(())
    }
}

impl From<State> for Problem {
    fn from(state: State) -> Problem {
        Problem {
            state: Mutex::new(state),
            holder: AtomicUsize::new(0),
        }
    }
}

impl Problem {
    /// The problem's state, locked for the calling thread. Waits without
    /// the GIL while another thread holds it (briefly: no search does);
    /// refuses a call back into the problem from a thread that holds it
    /// already (a label's `__hash__` or `__eq__` that uses the problem).
    pub(crate) fn lock(&self, py: Python<'_>) -> PyResult<Held<'_>> {
        let me = thread_key();
        if self.holder.load(Ordering::Acquire) == me {
            return Err(PyRuntimeError::new_err(
                "the Problem was used from inside one of its own calls on the same thread \
                 (a label's __hash__, __eq__ or __repr__ that uses the problem)",
            ));
        }
        // A panic never happens while the state is held; if one did, the
        // state is still whole (each change is checked before it is made).
        let state = self
            .state
            .lock_py_attached(py)
            .unwrap_or_else(PoisonError::into_inner);
        self.holder.store(me, Ordering::Release);
        Ok(Held {
            state,
            holder: &self.holder,
        })
    }

    /// The built problem for a search, and the number of changes it
    /// reflects: the one kept since the last search, taken out of the
    /// state (a search that starts meanwhile builds its own), or built now,
    /// without the GIL and without holding the state.
    fn take_built(&self, py: Python<'_>) -> PyResult<(Labeled<u32, u32>, u64)> {
        let (builder, costs, changes) = {
            let mut state = self.lock(py)?;
            let changes = state.changes;
            if let Some(built) = state.built.take() {
                return Ok((built, changes));
            }
            (state.builder.clone(), state.costs.clone(), changes)
        };
        let built = py
            .detach(|| build(builder, &costs))
            .map_err(|e| build_error(e, |d| Repr(d.to_string())))?;
        Ok((built, changes))
    }

    /// Runs `search` on the built problem (see `take_built`), which it may
    /// search without the GIL: no lock is held meanwhile, so other threads
    /// read, pickle, change and search the problem. A search that ends
    /// normally gives the built problem back for the next one, unless the
    /// problem changed meanwhile; every search works on the problem as it
    /// was when it started.
    fn with_built<T>(
        &self,
        py: Python<'_>,
        search: impl FnOnce(&mut Labeled<u32, u32>) -> PyResult<T>,
    ) -> PyResult<T> {
        let (mut built, changes) = self.take_built(py)?;
        let out = search(&mut built);
        if out.is_ok() {
            if let Ok(mut state) = self.lock(py) {
                if state.changes == changes && state.built.is_none() {
                    state.built = Some(built);
                }
            }
        }
        out
    }
}

/// The dlx-core problem of `builder`, options costing `costs`.
fn build(
    builder: Builder<u32, u32>,
    costs: &[u64],
) -> Result<Labeled<u32, u32>, BuilderError<u32>> {
    let mut labeled = builder.build()?;
    for (o, &cost) in costs.iter().enumerate() {
        if cost != 0 {
            labeled.problem.set_cost(OptionId::new(o), cost);
        }
    }
    Ok(labeled)
}

/// An option's entries, read from the iterable `items` before the problem
/// is locked (iterating may run any Python code).
fn option_entries<'py>(items: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if items.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "an option is an iterable of items, not a string ({}); \
             write [\"a\", \"b\"] for the items a and b",
            repr(items).0
        )));
    }
    items.try_iter()?.collect()
}

/// The options of `options` (each as `option_entries` reads it) and their
/// costs from `costs` (one per option: `ValueError` for more or fewer, or
/// for a cost out of range), all read before anything is added.
#[allow(clippy::type_complexity)]
fn options_and_costs<'py>(
    options: &Bound<'py, PyAny>,
    costs: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Vec<Vec<Bound<'py, PyAny>>>, Vec<u64>)> {
    let mut read = Vec::new();
    for option in options.try_iter()? {
        read.push(option_entries(&option?)?);
    }
    let Some(costs) = costs else {
        let zeros = vec![0; read.len()];
        return Ok((read, zeros));
    };
    let mut each = Vec::with_capacity(read.len());
    for (i, c) in costs.try_iter()?.enumerate() {
        each.push(cost_of(&c?, &format!("costs[{i}]"))?);
    }
    if each.len() != read.len() {
        return Err(PyValueError::new_err(format!(
            "{} costs for {} options (expected one cost per option)",
            each.len(),
            read.len()
        )));
    }
    Ok((read, each))
}

/// An option's cost: an int from 0 to MAX_COST.
fn cost_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    int_in(value, what, 0, MAX_COST)
}

/// The bounds `(lo, hi)` of item `label`: ints from 0 to 2^32 - 1 (dlx-core
/// then checks lo <= hi and hi >= 1).
fn bounds_of(
    label: &Bound<'_, PyAny>,
    lo: &Bound<'_, PyAny>,
    hi: &Bound<'_, PyAny>,
) -> PyResult<(u32, u32)> {
    let name = repr(label).0;
    let lo = int_in(
        lo,
        &format!("the lower bound of item {name}"),
        0,
        u32::MAX.into(),
    )?;
    let hi = int_in(
        hi,
        &format!("the upper bound of item {name}"),
        0,
        u32::MAX.into(),
    )?;
    // Both in u32's range: checked above.
    Ok((lo as u32, hi as u32))
}

/// An option's `entries` (declaration number, color code) as Python shows
/// them: each a label of `labels`, or `(label, color)` with the color of
/// `colors` its code names.
pub(crate) fn entries_list<'py>(
    py: Python<'py>,
    labels: &[Py<PyAny>],
    colors: &[Py<PyAny>],
    entries: &[(u32, u32)],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for &(d, code) in entries {
        let label = labels[d as usize].bind(py);
        if code == 0 {
            list.append(label)?;
        } else {
            list.append((label, colors[code as usize - 1].bind(py)))?;
        }
    }
    Ok(list)
}

/// The depth of `parts` (all of one cut, or `ValueError`) and the parts
/// sorted by their position in the cut (one listed twice: `ValueError`).
fn sorted_parts(parts: Vec<PyRef<'_, Part>>) -> PyResult<(usize, Vec<Part>)> {
    let depth = parts.first().map_or(0, |p| p.depth);
    let mut wanted: Vec<Part> = Vec::with_capacity(parts.len());
    for part in &parts {
        if part.depth != depth {
            return Err(PyValueError::new_err(format!(
                "parts of cuts at depths {depth} and {} (expected one cut)",
                part.depth
            )));
        }
        wanted.push((**part).clone());
    }
    wanted.sort_by_key(|p| p.index);
    if let Some(w) = wanted.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(PyValueError::new_err(format!(
            "part {} is listed twice",
            w[0].index
        )));
    }
    Ok((depth, wanted))
}

/// A count's answer: the count, or `LimitReached` holding it.
fn counted(py: Python<'_>, c: Counted) -> PyResult<u64> {
    match c.outcome {
        Outcome::Complete | Outcome::SolutionLimit => Ok(c.solutions),
        Outcome::Deadline | Outcome::NodeLimit => {
            let found = c.solutions.into_pyobject(py)?.into_any();
            Err(limit_reached(
                py,
                &format!("{} solutions counted (a lower bound)", c.solutions),
                found,
                c.stats,
            ))
        }
        Outcome::Cancelled => Err(PyRuntimeError::new_err("the search was cancelled")),
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
        let mut p = State::empty(py);
        p.declare_all(primary, secondary)?;
        if let Some(bounds) = bounds {
            let items = bounds.call_method0("items")?;
            for pair in items.try_iter()? {
                let (label, pair): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair?.extract()?;
                // A tuple or a list of two.
                let two = pair
                    .cast::<PyTuple>()
                    .map(|t| t.as_sequence().clone())
                    .or_else(|_| pair.cast::<PyList>().map(|l| l.as_sequence().clone()))
                    .ok()
                    .filter(|s| s.len().ok() == Some(2));
                let Some(two) = two else {
                    return Err(PyTypeError::new_err(format!(
                        "the bounds of item {} must be a pair (lo, hi), got {}",
                        repr(&label).0,
                        repr(&pair).0
                    )));
                };
                let (lo, hi) = (two.get_item(0)?, two.get_item(1)?);
                let (lo, hi) = bounds_of(&label, &lo, &hi)?;
                p.set_bounds(&label, lo, hi)?;
            }
        }
        if let Some(options) = options {
            let (options, costs) = options_and_costs(options, costs)?;
            for (items, cost) in options.iter().zip(costs) {
                p.add_one(py, items, cost, Auto::No)?;
            }
        } else if costs.is_some() {
            return Err(PyValueError::new_err("costs= given without options="));
        }
        Ok(p.into())
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
        let mut p = State::empty(py);
        p.declare_all(primary, secondary)?;
        let auto = match (primary.is_some(), secondary.is_some()) {
            (false, _) => Auto::Primary,
            (true, false) => Auto::Secondary,
            (true, true) => Auto::No,
        };
        let (options, costs) = options_and_costs(options, costs)?;
        for (items, cost) in options.iter().zip(costs) {
            p.add_one(py, items, cost, auto)?;
        }
        Ok(p.into())
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
        self.lock(py)?.declare(label, Some((lo, hi))).map(|_| ())
    }

    /// Declares a secondary item: covered at most once, or by any number of
    /// options that give it the same color.
    fn add_secondary(&self, label: &Bound<'_, PyAny>) -> PyResult<()> {
        self.lock(label.py())?.declare(label, None).map(|_| ())
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
        self.lock(label.py())?.set_bounds(label, lo, hi)
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
        self.lock(py)?.add_one(py, &items, cost, Auto::No)
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
        let mut state = self.lock(py)?;
        for (items, cost) in options.iter().zip(costs) {
            state.add_one(py, items, cost, Auto::No)?;
        }
        Ok(())
    }

    /// The number of options.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.lock(py)?.ends.len())
    }

    /// `Problem(<P primary items, S secondary, O options>)`.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let state = self.lock(py)?;
        let primary = state.bounds.iter().filter(|b| b.is_some()).count();
        Ok(format!(
            "Problem(<{} primary items, {} secondary, {} options>)",
            primary,
            state.bounds.len() - primary,
            state.ends.len()
        ))
    }

    /// The primary items' labels, in the order they were declared.
    #[getter]
    fn primary_items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let state = self.lock(py)?;
        let labels = state
            .labels
            .iter()
            .zip(&state.bounds)
            .filter(|(_, b)| b.is_some())
            .map(|(l, _)| l.bind(py))
            .collect::<Vec<_>>();
        PyList::new(py, labels)
    }

    /// The secondary items' labels, in the order they were declared.
    #[getter]
    fn secondary_items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let state = self.lock(py)?;
        let labels = state
            .labels
            .iter()
            .zip(&state.bounds)
            .filter(|(_, b)| b.is_none())
            .map(|(l, _)| l.bind(py))
            .collect::<Vec<_>>();
        PyList::new(py, labels)
    }

    /// The bounds `(lo, hi)` of each primary item covered other than
    /// exactly once, by label.
    #[getter]
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = self.lock(py)?;
        let d = PyDict::new(py);
        for (label, b) in state.labels.iter().zip(&state.bounds) {
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
        let state = self.lock(py)?;
        state.entries_of(py, state.option_number(i)?)
    }

    /// Option `i`'s cost.
    fn cost(&self, i: &Bound<'_, PyAny>) -> PyResult<u64> {
        let state = self.lock(i.py())?;
        Ok(state.costs[state.option_number(i)?])
    }

    /// Which search the problem needs: `"exact"` (DLX1), `"colors"`
    /// (DLX2) or `"multiplicities"` (bounds, DLX3).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with_built(py, |built| {
            Ok(match built.problem.kind() {
                Kind::Exact => "exact",
                Kind::Colors => "colors",
                Kind::Multiplicities => "multiplicities",
                _ => "other",
            })
        })
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
        let cancel = Cancel::new();
        let c = self
            .with_built(py, |built| {
                detached(py, &cancel, || {
                    search::count(&mut built.problem, &settings, limit, &cancel)
                })
            })?
            .map_err(PyValueError::new_err)?;
        counted(py, c)
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
        let rule = search::branching(rule)?;
        let deadline = search::deadline(time_limit)?;
        let max_entries = args::opt_int_in(max_entries, "max_entries", 0, usize::MAX as u64)?;
        let max_memory = args::opt_int_in(max_memory, "max_memory", 0, usize::MAX as u64)?;
        let cancel = Cancel::new();
        self.with_built(py, |built| {
            // Taken after the built problem: options are only ever added,
            // so the table names every option the diagram can hold.
            let options = self.lock(py)?.option_table(py);
            let problem = &mut built.problem;
            let made = detached(py, &cancel, || {
                let mut memo = Memo::new().branching(rule).cancel(&cancel);
                if let Some(n) = max_entries {
                    memo = memo.max_entries(n as usize);
                }
                if let Some(n) = max_memory {
                    memo = memo.max_memory(n as usize);
                }
                if let Some(d) = deadline {
                    memo = memo.deadline(d);
                }
                problem.zdd_with(&memo)
            })?;
            let (zdd, stats) = made.map_err(|e| memo_error(py, e))?;
            Ok(Zdd::new(zdd, stats, options))
        })
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
        slf: &Bound<'_, Self>,
        limit: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
        seed: Option<&Bound<'_, PyAny>>,
        reduce: bool,
        indices: bool,
    ) -> PyResult<Solutions> {
        let py = slf.py();
        let limit = args::limit(limit)?;
        let seed = args::seed(seed)?;
        let settings = Settings {
            rule: search::branching(rule)?,
            deadline: search::deadline(time_limit)?,
            seed,
            reduce,
            ..Settings::default()
        };
        let core = slf
            .get()
            .with_built(py, |built| Ok(built.problem.clone()))?;
        let labels = (!indices).then(|| slf.clone().unbind());
        Solutions::start(core, settings, limit, labels)
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
        let cancel = Cancel::new();
        let (step, solution, stats) = self.with_built(py, |built| {
            let problem = &mut built.problem;
            detached(py, &cancel, || {
                let mut s = problem.solver();
                s.set_branching(settings.rule);
                s.set_deadline(settings.deadline);
                s.set_cancel(Some(cancel.clone()));
                if let Some(seed) = settings.seed {
                    s.set_seed(seed).expect("nothing forced or searched yet");
                }
                let step = s.next_solution();
                let solution: Solution = s.solution().map(|o| o.index()).collect();
                (step, solution, s.stats())
            })
        })?;
        match step {
            Step::Found => Ok(Some(self.lock(py)?.solution_of(py, &solution, indices)?)),
            Step::Exhausted => Ok(None),
            Step::Deadline | Step::NodeLimit => Err(limit_reached(
                py,
                "no solution found yet",
                py.None().into_bound(py),
                stats,
            )),
            _ => Err(PyRuntimeError::new_err("the search was cancelled")),
        }
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
        let cancel = Cancel::new();
        let report = self
            .with_built(py, |built| {
                let problem = &built.problem;
                detached(py, &cancel, || {
                    CostSearch::new(problem)
                        .best(k)
                        .deadline(deadline)
                        .cancel(Some(cancel.clone()))
                        .disjoint_bound(disjoint_bound)
                        .run()
                })
            })?
            .map_err(|e| CostError::new_err(e.to_string()))?;
        let mut best = Vec::with_capacity(report.solutions.len());
        {
            let state = self.lock(py)?;
            for s in &report.solutions {
                let options: Solution = s.options.iter().map(|o| o.index()).collect();
                best.push((s.cost, state.solution_of(py, &options, indices)?));
            }
        }
        match report.outcome {
            Outcome::Complete | Outcome::SolutionLimit => Ok(best),
            Outcome::Deadline | Outcome::NodeLimit => {
                let found = best.into_pyobject(py)?.into_any();
                Err(limit_reached(
                    py,
                    "the best solutions found so far may not be the best",
                    found,
                    report.stats,
                ))
            }
            _ => Err(PyRuntimeError::new_err("the search was cancelled")),
        }
    }

    /// Knuth's DLX-PRE preprocessing: returns `(reduced, original)`, a
    /// problem with the options that are in no solution and the items that
    /// constrain nothing more than others removed, and the number in this
    /// problem of each of its options (`original[i]` for its option `i`).
    /// It has exactly the solutions of this problem, mapped back through
    /// `original`. Labels, colors and costs are kept.
    fn reduce(&self, py: Python<'_>) -> PyResult<(Problem, Vec<usize>)> {
        let cancel = Cancel::new();
        self.with_built(py, |labeled| {
            let core = &labeled.problem;
            let r = detached(py, &cancel, || core.reduce())?;
            // Items, colors and options are only ever added: the numbers
            // of the built problem name the same ones in the state now.
            let state = self.lock(py)?;
            let reduced = State::from_core(
                py,
                r.problem(),
                |item| {
                    state.labels[*labeled.item_label(r.original_item(item)) as usize].clone_ref(py)
                },
                |c| state.colors[*labeled.color_label(c) as usize - 1].clone_ref(py),
                |o| state.costs[r.original_option(OptionId::new(o)).index()],
            )?;
            let original = r.original_options().iter().map(|o| o.index()).collect();
            Ok((reduced.into(), original))
        })
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
        let cancel = Cancel::new();
        let (parts, outcome) = self.with_built(py, |built| {
            let problem = &mut built.problem;
            detached(py, &cancel, || {
                search::cut(problem, depth, None, deadline, &cancel)
            })
        })?;
        let parts: Vec<Part> = parts
            .into_iter()
            .map(|(index, part)| Part {
                depth,
                index,
                choices: part
                    .choices()
                    .iter()
                    .map(|c| c.map(|o| o.index()))
                    .collect(),
            })
            .collect();
        match outcome {
            Some(Outcome::Deadline) => {
                let n = parts.len();
                let found = parts.into_pyobject(py)?.into_any();
                Err(limit_reached(
                    py,
                    &format!("{n} parts cut"),
                    found,
                    dlx_core::Stats::default(),
                ))
            }
            _ => Ok(parts),
        }
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
        let (depth, wanted) = sorted_parts(parts)?;
        let cancel = Cancel::new();
        let c = self
            .with_built(py, |built| {
                let problem = &mut built.problem;
                detached(py, &cancel, || {
                    match search::find_parts(problem, depth, &wanted, settings.deadline, &cancel)? {
                        Err(stopped) => Ok(stopped),
                        Ok(found) => search::count_parts(problem, &found, &settings, &cancel),
                    }
                })
            })?
            .map_err(PyValueError::new_err)?;
        counted(py, c)
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
        let (depth, wanted) = sorted_parts(parts)?;
        let cancel = Cancel::new();
        type Rows = Vec<(usize, u64, u64, f64)>;
        let (rows, last) = self
            .with_built(py, |built| {
                let problem = &mut built.problem;
                detached(py, &cancel, || -> Result<(Rows, Counted), String> {
                    let found = match search::find_parts(
                        problem,
                        depth,
                        &wanted,
                        settings.deadline,
                        &cancel,
                    )? {
                        Err(stopped) => return Ok((Vec::new(), stopped)),
                        Ok(found) => found,
                    };
                    let mut rows = Vec::with_capacity(found.len());
                    for ((c, seconds), want) in
                        search::count_each(problem, &found, &settings, &cancel)?
                            .into_iter()
                            .zip(&wanted)
                    {
                        if c.outcome != Outcome::Complete {
                            return Ok((rows, c));
                        }
                        rows.push((want.index, c.solutions, c.stats.nodes, seconds));
                    }
                    let done = Counted {
                        solutions: rows.iter().map(|r| r.1).sum(),
                        outcome: Outcome::Complete,
                        stats: dlx_core::Stats::default(),
                    };
                    Ok((rows, done))
                })
            })?
            .map_err(PyValueError::new_err)?;
        match last.outcome {
            Outcome::Complete => Ok(rows),
            _ => {
                let n = rows.len();
                let found = rows.into_pyobject(py)?.into_any();
                Err(limit_reached(
                    py,
                    &format!("{n} parts counted"),
                    found,
                    last.stats,
                ))
            }
        }
    }

    /// Pickling: the items, colors, options and costs (not the built
    /// problem, which is built again where it is needed).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            Vec<Py<PyAny>>,
            Vec<Option<(u32, u32)>>,
            Vec<Py<PyAny>>,
            Vec<u32>,
            Vec<u32>,
            Vec<usize>,
            Vec<u64>,
        ),
    )> {
        let py = slf.py();
        let p = slf.get().lock(py)?;
        let labels = p.labels.iter().map(|l| l.clone_ref(py)).collect();
        let colors = p.colors.iter().map(|c| c.clone_ref(py)).collect();
        let items = p.entries.iter().map(|e| e.0).collect();
        let codes = p.entries.iter().map(|e| e.1).collect();
        let state = (
            labels,
            p.bounds.clone(),
            colors,
            items,
            codes,
            p.ends.clone(),
            p.costs.clone(),
        );
        drop(p);
        Ok((slf.get_type().getattr("_from_state")?, state))
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
        let bad = || PyValueError::new_err("inconsistent pickled Problem");
        if labels.len() != bounds.len() || items.len() != codes.len() || ends.len() != costs.len() {
            return Err(bad());
        }
        let mut p = State::empty(py);
        for (label, b) in labels.iter().zip(bounds) {
            p.declare(label.bind(py), b)?;
        }
        let color_index = p.color_index.bind(py).clone();
        for (code, color) in colors.iter().enumerate() {
            color_index.set_item(color.bind(py), code as u32 + 1)?;
        }
        p.colors = colors;
        let entries: Vec<(u32, u32)> = items.into_iter().zip(codes).collect();
        if entries
            .iter()
            .any(|&(d, c)| d as usize >= p.labels.len() || c as usize > p.colors.len())
            || costs.iter().any(|&c| c > MAX_COST)
        {
            return Err(bad());
        }
        let mut start = 0;
        for (&end, &cost) in ends.iter().zip(&costs) {
            if end < start || end > entries.len() {
                return Err(bad());
            }
            p.push_option(py, &entries[start..end], cost)?;
            start = end;
        }
        Ok(p.into())
    }
}

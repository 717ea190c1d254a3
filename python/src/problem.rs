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

use dlx_core::text::{self, DlxFile};
use dlx_core::{
    Builder, BuilderError, Cancel, Color, CostSearch, Item, Kind, Labeled, Memo, OptionId, Outcome,
    Problem as Core, Step,
};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

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
#[pyclass(module = "dlxrs._dlxrs")]
pub struct Problem {
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
    /// The dlx-core problem, once a search has needed it, until a change.
    built: Option<Labeled<u32, u32>>,
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

impl Problem {
    /// An empty problem.
    fn empty(py: Python<'_>) -> Problem {
        Problem {
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
        }
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
        self.built = None;
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
                self.built = None;
                Ok(id.index())
            }
            Err(e) => Err(build_error(e, |d| self.name(py, d))),
        }
    }

    /// Adds the option whose entries `items` lists.
    fn add_one(&mut self, items: &Bound<'_, PyAny>, cost: u64, auto: Auto) -> PyResult<usize> {
        if items.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "an option is an iterable of items, not a string ({}); \
                 write [\"a\", \"b\"] for the items a and b",
                repr(items).0
            )));
        }
        let mut entries = Vec::new();
        for e in items.try_iter()? {
            entries.push(self.entry(&e?, auto)?);
        }
        self.push_option(items.py(), &entries, cost)
    }

    /// The dlx-core problem, built now if a change was made since.
    fn built(&mut self) -> PyResult<&mut Labeled<u32, u32>> {
        if self.built.is_none() {
            let mut labeled = self
                .builder
                .clone()
                .build()
                .map_err(|e| build_error(e, |d| Repr(d.to_string())))?;
            for (o, &cost) in self.costs.iter().enumerate() {
                if cost != 0 {
                    labeled.problem.set_cost(OptionId::new(o), cost);
                }
            }
            self.built = Some(labeled);
        }
        Ok(self.built.as_mut().expect("built above"))
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
    ) -> PyResult<Problem> {
        let mut p = Problem::empty(py);
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
        Problem::from_core(
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

    /// The number of the option `i` (negative: from the end), or
    /// `IndexError`.
    fn option_number(&self, i: isize) -> PyResult<usize> {
        let n = self.ends.len() as isize;
        let k = if i < 0 { i + n } else { i };
        if (0..n).contains(&k) {
            Ok(k as usize)
        } else {
            Err(PyIndexError::new_err(format!(
                "option {i} out of range (the problem has {n} options)"
            )))
        }
    }
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
        let mut p = Problem::empty(py);
        p.declare_all(primary, secondary)?;
        if let Some(bounds) = bounds {
            let items = bounds.call_method0("items")?;
            for pair in items.try_iter()? {
                let (label, (lo, hi)): (Bound<'_, PyAny>, (u32, u32)) = pair?.extract()?;
                p.set_bounds(&label, lo, hi)?;
            }
        }
        if let Some(options) = options {
            p.add_options(options, costs)?;
        } else if costs.is_some() {
            return Err(PyValueError::new_err("costs= given without options="));
        }
        Ok(p)
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
        let mut p = Problem::empty(py);
        p.declare_all(primary, secondary)?;
        let auto = match (primary.is_some(), secondary.is_some()) {
            (false, _) => Auto::Primary,
            (true, false) => Auto::Secondary,
            (true, true) => Auto::No,
        };
        let mut costs = costs.map(|c| c.try_iter()).transpose()?;
        for option in options.try_iter()? {
            let cost = match costs.as_mut() {
                None => 0,
                Some(it) => it
                    .next()
                    .ok_or_else(|| PyValueError::new_err("fewer costs than options"))??
                    .extract()?,
            };
            p.add_one(&option?, cost, auto)?;
        }
        Ok(p)
    }

    /// Declares a primary item, covered between `lo` and `hi` times (both
    /// included; once by default).
    #[pyo3(signature = (label, lo=1, hi=1))]
    fn add_primary(&mut self, label: &Bound<'_, PyAny>, lo: u32, hi: u32) -> PyResult<()> {
        self.declare(label, Some((lo, hi))).map(|_| ())
    }

    /// Declares a secondary item: covered at most once, or by any number of
    /// options that give it the same color.
    fn add_secondary(&mut self, label: &Bound<'_, PyAny>) -> PyResult<()> {
        self.declare(label, None).map(|_| ())
    }

    /// Sets the bounds of the primary item `label`: solutions cover it
    /// between `lo` and `hi` times, both included (Knuth's DLX3).
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
        self.built = None;
        Ok(())
    }

    /// Adds an option and returns its number. `items` is an iterable of
    /// entries: a declared label, `(label, color)` or `"label:color"` for
    /// a colored secondary item. `cost` (an int from 0 to MAX_COST) counts
    /// only for `min_cost`.
    #[pyo3(signature = (items, cost=0))]
    fn add_option(&mut self, items: &Bound<'_, PyAny>, cost: u64) -> PyResult<usize> {
        self.add_one(items, cost, Auto::No)
    }

    /// Adds each option of `options` (an iterable of options, each as for
    /// `add_option`), with the costs `costs` if given (an iterable of ints,
    /// one per option). Stops at the first option refused: the ones
    /// before it stay.
    #[pyo3(signature = (options, costs=None))]
    fn add_options(
        &mut self,
        options: &Bound<'_, PyAny>,
        costs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let mut costs = costs.map(|c| c.try_iter()).transpose()?;
        for option in options.try_iter()? {
            let cost = match costs.as_mut() {
                None => 0,
                Some(it) => it
                    .next()
                    .ok_or_else(|| PyValueError::new_err("fewer costs than options"))??
                    .extract()?,
            };
            self.add_one(&option?, cost, Auto::No)?;
        }
        Ok(())
    }

    /// The number of options.
    fn __len__(&self) -> usize {
        self.ends.len()
    }

    /// `Problem(<P primary items, S secondary, O options>)`.
    fn __repr__(&self) -> String {
        let primary = self.bounds.iter().filter(|b| b.is_some()).count();
        format!(
            "Problem(<{} primary items, {} secondary, {} options>)",
            primary,
            self.bounds.len() - primary,
            self.ends.len()
        )
    }

    /// The primary items' labels, in the order they were declared.
    #[getter]
    fn primary_items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let labels = self
            .labels
            .iter()
            .zip(&self.bounds)
            .filter(|(_, b)| b.is_some())
            .map(|(l, _)| l.bind(py))
            .collect::<Vec<_>>();
        PyList::new(py, labels)
    }

    /// The secondary items' labels, in the order they were declared.
    #[getter]
    fn secondary_items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let labels = self
            .labels
            .iter()
            .zip(&self.bounds)
            .filter(|(_, b)| b.is_none())
            .map(|(l, _)| l.bind(py))
            .collect::<Vec<_>>();
        PyList::new(py, labels)
    }

    /// The bounds `(lo, hi)` of each primary item covered other than
    /// exactly once, by label.
    #[getter]
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (label, b) in self.labels.iter().zip(&self.bounds) {
            if let Some((lo, hi)) = *b {
                if (lo, hi) != (1, 1) {
                    d.set_item(label.bind(py), (lo, hi))?;
                }
            }
        }
        Ok(d)
    }

    /// Option `i`'s entries as given: each a label, or `(label, color)`.
    fn option<'py>(&self, py: Python<'py>, i: isize) -> PyResult<Bound<'py, PyList>> {
        self.entries_of(py, self.option_number(i)?)
    }

    /// Option `i`'s cost.
    fn cost(&self, i: isize) -> PyResult<u64> {
        Ok(self.costs[self.option_number(i)?])
    }

    /// Which search the problem needs: `"exact"` (DLX1), `"colors"`
    /// (DLX2) or `"multiplicities"` (bounds, DLX3).
    #[getter]
    fn kind(&mut self) -> PyResult<&'static str> {
        Ok(match self.built()?.problem.kind() {
            Kind::Exact => "exact",
            Kind::Colors => "colors",
            Kind::Multiplicities => "multiplicities",
            _ => "other",
        })
    }

    /// The number of solutions (at most `limit`, if given).
    ///
    /// `threads`: 1 (the default) searches as Knuth's DLX1/DLX2/DLX3 do, on
    /// the calling thread's core; N > 1 shares the tree between N threads,
    /// 0 uses every core. `time_limit` (seconds) raises `LimitReached`
    /// holding the count so far. `rule` names the branching rule (see
    /// `dlxrs.rules()`; the count never depends on it). `reduce` counts the
    /// problem reduced by Knuth's DLX-PRE preprocessing (see `reduce`).
    #[pyo3(signature = (*, limit=None, threads=1, time_limit=None, rule=None, reduce=false))]
    fn count(
        mut slf: PyRefMut<'_, Self>,
        limit: Option<u64>,
        threads: usize,
        time_limit: Option<f64>,
        rule: Option<&str>,
        reduce: bool,
    ) -> PyResult<u64> {
        let py = slf.py();
        let settings = Settings::new(rule, time_limit, threads, None, reduce)?;
        let cancel = Cancel::new();
        let problem = &mut slf.built()?.problem;
        let c = detached(py, &cancel, || {
            search::count(problem, &settings, limit, &cancel)
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
        mut slf: PyRefMut<'_, Self>,
        rule: Option<&str>,
        max_entries: Option<usize>,
        max_memory: Option<usize>,
        time_limit: Option<f64>,
    ) -> PyResult<Zdd> {
        let py = slf.py();
        let rule = search::branching(rule)?;
        let deadline = search::deadline(time_limit)?;
        let options = slf.option_table(py);
        let cancel = Cancel::new();
        let problem = &mut slf.built()?.problem;
        let built = detached(py, &cancel, || {
            let mut memo = Memo::new().branching(rule).cancel(&cancel);
            if let Some(n) = max_entries {
                memo = memo.max_entries(n);
            }
            if let Some(n) = max_memory {
                memo = memo.max_memory(n);
            }
            if let Some(d) = deadline {
                memo = memo.deadline(d);
            }
            problem.zdd_with(&memo)
        })?;
        let (zdd, stats) = built.map_err(|e| memo_error(py, e))?;
        Ok(Zdd::new(zdd, stats, options))
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
    /// `limit` stops after that many solutions; `time_limit` (seconds from
    /// now, for the whole iteration) raises `LimitReached`; `seed`
    /// randomises the order of the search (the same seed, the same order;
    /// not a uniform draw); `rule` and `reduce` as for `count`.
    #[pyo3(signature = (*, limit=None, time_limit=None, rule=None, seed=None, reduce=false, indices=false))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        slf: &Bound<'_, Self>,
        limit: Option<u64>,
        time_limit: Option<f64>,
        rule: Option<&str>,
        seed: Option<u64>,
        reduce: bool,
        indices: bool,
    ) -> PyResult<Solutions> {
        let settings = Settings::new(rule, time_limit, 1, seed, reduce)?;
        let core = slf.borrow_mut().built()?.problem.clone();
        let labels = (!indices).then(|| slf.clone().unbind());
        Solutions::start(core, settings, limit, labels)
    }

    /// The first solution the search finds, or `None` if there is none.
    /// Arguments, and the form of the solution, as for `solutions`.
    #[pyo3(signature = (*, time_limit=None, rule=None, seed=None, indices=false))]
    fn first_solution<'py>(
        mut slf: PyRefMut<'py, Self>,
        time_limit: Option<f64>,
        rule: Option<&str>,
        seed: Option<u64>,
        indices: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        let settings = Settings::new(rule, time_limit, 1, seed, false)?;
        let cancel = Cancel::new();
        let problem = &mut slf.built()?.problem;
        let (step, solution, stats) = detached(py, &cancel, || {
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
        })?;
        match step {
            Step::Found => Ok(Some(slf.solution_of(py, &solution, indices)?)),
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
    /// `CostError` for bounds, k out of range, or a best total above
    /// MAX_COST.
    #[pyo3(signature = (k=1, *, time_limit=None, disjoint_bound=false, indices=false))]
    fn min_cost<'py>(
        mut slf: PyRefMut<'py, Self>,
        k: usize,
        time_limit: Option<f64>,
        disjoint_bound: bool,
        indices: bool,
    ) -> PyResult<Vec<(u64, Bound<'py, PyAny>)>> {
        let py = slf.py();
        let deadline = search::deadline(time_limit)?;
        let cancel = Cancel::new();
        let problem = &slf.built()?.problem;
        let report = detached(py, &cancel, || {
            CostSearch::new(problem)
                .best(k)
                .deadline(deadline)
                .cancel(Some(cancel.clone()))
                .disjoint_bound(disjoint_bound)
                .run()
        })?
        .map_err(|e| CostError::new_err(e.to_string()))?;
        let mut best = Vec::with_capacity(report.solutions.len());
        for s in &report.solutions {
            let options: Solution = s.options.iter().map(|o| o.index()).collect();
            best.push((s.cost, slf.solution_of(py, &options, indices)?));
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
    fn reduce(mut slf: PyRefMut<'_, Self>) -> PyResult<(Problem, Vec<usize>)> {
        let py = slf.py();
        slf.built()?;
        let this = &*slf;
        let labeled = this.built.as_ref().expect("built above");
        let core = &labeled.problem;
        let r = detached(py, &Cancel::new(), || core.reduce())?;
        let reduced = Problem::from_core(
            py,
            r.problem(),
            |item| this.labels[*labeled.item_label(r.original_item(item)) as usize].clone_ref(py),
            |c| this.colors[*labeled.color_label(c) as usize - 1].clone_ref(py),
            |o| this.costs[r.original_option(OptionId::new(o)).index()],
        )?;
        let original = r.original_options().iter().map(|o| o.index()).collect();
        Ok((reduced, original))
    }

    /// Cuts the search tree at `depth` levels: the parts, in the search's
    /// order, each the subtree below the choices made on the way to one
    /// node at that depth (or to a solution found above it). Their counts
    /// (`count_parts`) add up to the problem's: the parts can be counted
    /// apart, by other processes or machines (`dlxrs.dask`). `time_limit`
    /// raises `LimitReached` holding the parts cut so far.
    #[pyo3(signature = (depth, *, time_limit=None))]
    fn cut(
        mut slf: PyRefMut<'_, Self>,
        depth: usize,
        time_limit: Option<f64>,
    ) -> PyResult<Vec<Part>> {
        let py = slf.py();
        let deadline = search::deadline(time_limit)?;
        let cancel = Cancel::new();
        let problem = &mut slf.built()?.problem;
        let (parts, outcome) = detached(py, &cancel, || {
            search::cut(problem, depth, None, deadline, &cancel)
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
    #[pyo3(signature = (parts, *, threads=1, time_limit=None))]
    fn count_parts(
        mut slf: PyRefMut<'_, Self>,
        parts: Vec<PyRef<'_, Part>>,
        threads: usize,
        time_limit: Option<f64>,
    ) -> PyResult<u64> {
        let py = slf.py();
        let settings = Settings::new(None, time_limit, threads, None, false)?;
        let (depth, wanted) = sorted_parts(parts)?;
        let cancel = Cancel::new();
        let problem = &mut slf.built()?.problem;
        let c = detached(py, &cancel, || {
            match search::find_parts(problem, depth, &wanted, settings.deadline, &cancel)? {
                Err(stopped) => Ok(stopped),
                Ok(found) => search::count_parts(problem, &found, &settings, &cancel),
            }
        })?
        .map_err(PyValueError::new_err)?;
        counted(py, c)
    }

    /// `count_parts`, part by part: for each of `parts`, in the order of
    /// the cut, `(index, solutions, nodes, seconds)`. What a task of
    /// `dlxrs.dask` reports. `time_limit` (for them all) raises
    /// `LimitReached` holding the parts counted so far.
    #[pyo3(signature = (parts, *, threads=1, time_limit=None))]
    fn count_each_part(
        mut slf: PyRefMut<'_, Self>,
        parts: Vec<PyRef<'_, Part>>,
        threads: usize,
        time_limit: Option<f64>,
    ) -> PyResult<Vec<(usize, u64, u64, f64)>> {
        let py = slf.py();
        let settings = Settings::new(None, time_limit, threads, None, false)?;
        let (depth, wanted) = sorted_parts(parts)?;
        let cancel = Cancel::new();
        let problem = &mut slf.built()?.problem;
        type Rows = Vec<(usize, u64, u64, f64)>;
        let (rows, last) = detached(py, &cancel, || -> Result<(Rows, Counted), String> {
            let found =
                match search::find_parts(problem, depth, &wanted, settings.deadline, &cancel)? {
                    Err(stopped) => return Ok((Vec::new(), stopped)),
                    Ok(found) => found,
                };
            let mut rows = Vec::with_capacity(found.len());
            for ((c, seconds), want) in search::count_each(problem, &found, &settings, &cancel)?
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
        let p = slf.borrow();
        let labels = p.labels.iter().map(|l| l.clone_ref(py)).collect();
        let colors = p.colors.iter().map(|c| c.clone_ref(py)).collect();
        let items = p.entries.iter().map(|e| e.0).collect();
        let codes = p.entries.iter().map(|e| e.1).collect();
        Ok((
            slf.get_type().getattr("_from_state")?,
            (
                labels,
                p.bounds.clone(),
                colors,
                items,
                codes,
                p.ends.clone(),
                p.costs.clone(),
            ),
        ))
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
        let mut p = Problem::empty(py);
        for (label, b) in labels.iter().zip(bounds) {
            p.declare(label.bind(py), b)?;
        }
        let color_index = p.color_index.bind(py).clone();
        for (code, color) in colors.iter().enumerate() {
            color_index.set_item(color.bind(py), code as u32 + 1)?;
        }
        p.colors = colors;
        let entries: Vec<(u32, u32)> = items.into_iter().zip(codes).collect();
        if entries.iter().any(|&(_, c)| c as usize > p.colors.len()) {
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
        Ok(p)
    }
}

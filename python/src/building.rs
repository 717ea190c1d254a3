//! Building a problem by label: a `Problem`'s state (items, bounds,
//! options, costs) and every change made to it, checked when it is made.
//!
//! # Implementation notes
//!
//! Labels are interned in [`Labels`] (declaration numbers for items,
//! codes for colors). Everything else is dlx-core's `Builder<u32, u32>`
//! over those numbers: it checks each item, bound and option when given
//! (its messages are the exceptions' messages, the numbers shown as the
//! labels' `repr`), and builds the dlx-core `Problem` when a search first
//! needs it (see `shared`). The options are also kept here as given
//! ([`Options`]), for `option()` and for pickling.
//!
//! Python arguments are read in full before the state is changed (reading
//! an iterable may run any Python code, and a refused call changes
//! nothing that was not added before the refusal).

use dlx_core::cost::MAX_COST;
use dlx_core::text::{self, DlxFile};
use dlx_core::{Builder, BuilderError, Color, Item, Labeled, OptionId, Problem as Core};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::args::int_in;
use crate::errors::{build_error, repr};
use crate::labels::{Labels, Names, Options, ShowSolution};

/// A problem's items and options, behind its lock (see `shared`).
pub(crate) struct State {
    /// The items' and colors' labels.
    pub(crate) labels: Labels,
    /// The bounds of each declared item; `None` for a secondary one.
    pub(crate) bounds: Vec<Option<(u32, u32)>>,
    /// Every item and option so far, checked; what a search builds.
    builder: Builder<u32, u32>,
    /// Every option's entries as given.
    pub(crate) options: Options,
    /// Each option's cost.
    pub(crate) costs: Vec<u64>,
    /// The dlx-core problem built for the last search, while no change
    /// was made since and no search has it.
    pub(crate) built: Option<Labeled<u32, u32>>,
    /// The number of changes made: a search gives its built problem back
    /// only if there was none meanwhile.
    pub(crate) changes: u64,
}

/// What `entry` does with a label never declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Auto {
    /// Refuses it (`add_option`).
    No,
    /// Declares it a primary item (`from_options` without `primary`).
    Primary,
    /// Declares it a secondary item; `"label:color"` declares `label`
    /// (`from_options` with `primary` only, as xcover does).
    Secondary,
}

impl ShowSolution for State {
    fn names(&self) -> &Names {
        self.labels.names()
    }

    fn options(&self) -> &Options {
        &self.options
    }
}

impl State {
    /// An empty problem.
    pub(crate) fn empty(py: Python<'_>) -> State {
        State {
            labels: Labels::new(py),
            bounds: Vec::new(),
            builder: Builder::default(),
            options: Options::default(),
            costs: Vec::new(),
            built: None,
            changes: 0,
        }
    }

    /// The builder, checked with every item and option so far.
    pub(crate) fn builder(&self) -> &Builder<u32, u32> {
        &self.builder
    }

    /// Records a change: the built problem is out of date.
    fn changed(&mut self) {
        self.built = None;
        self.changes += 1;
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
    pub(crate) fn declare(
        &mut self,
        label: &Bound<'_, PyAny>,
        bounds: Option<(u32, u32)>,
    ) -> PyResult<u32> {
        if self.labels.item(label)?.is_some() {
            return Err(build_error(
                BuilderError::DuplicateLabel { label: 0 },
                |_| repr(label),
            ));
        }
        let d = u32::try_from(self.labels.item_count())
            .map_err(|_| build_error(BuilderError::TooLarge, |_| repr(label)))?;
        let declared = match bounds {
            None => self.builder.secondary(d),
            Some((1, 1)) => self.builder.primary(d),
            Some((lo, hi)) => self.builder.primary_bounded(d, lo, hi),
        };
        declared.map_err(|e| build_error(e, |_| repr(label)))?;
        self.labels.add_item(label)?;
        self.bounds.push(bounds);
        self.changed();
        Ok(d)
    }

    /// An option's entry: its item's declaration number and its color code.
    /// A label never seen is declared as `auto` says.
    fn entry(&mut self, e: &Bound<'_, PyAny>, auto: Auto) -> PyResult<(u32, u32)> {
        let py = e.py();
        if let Some(d) = self.labels.item(e)? {
            return Ok((d, 0));
        }
        if let Ok(t) = e.cast::<PyTuple>() {
            if t.len() == 2 {
                if let Some(d) = self.labels.item(&t.get_item(0)?)? {
                    let color = t.get_item(1)?;
                    if color.is_none() {
                        return Ok((d, 0));
                    }
                    return Ok((d, self.labels.color_code(d, &color)?));
                }
            }
        }
        if let Ok(s) = e.cast::<PyString>() {
            let s = s.to_cow()?;
            if let Some((name, color)) = s.split_once(':') {
                let name = PyString::new(py, name);
                let d = match self.labels.item(name.as_any())? {
                    Some(d) => Some(d),
                    None if auto == Auto::Secondary => Some(self.declare(name.as_any(), None)?),
                    None => None,
                };
                if let Some(d) = d {
                    let color = PyString::new(py, color);
                    return Ok((d, self.labels.color_code(d, color.as_any())?));
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
    pub(crate) fn push_option(
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
                self.options.push(entries);
                self.costs.push(cost);
                self.changed();
                Ok(id.index())
            }
            Err(e) => Err(build_error(e, |d| self.labels.name(py, d))),
        }
    }

    /// Adds the option whose entries (see `option_entries`) are `items`.
    pub(crate) fn add_one(
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
    pub(crate) fn from_core(
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
                    Some(c) => p.labels.color_code(d, color_label(c).bind(py))?,
                };
                entries.push((d, code));
            }
            p.push_option(py, &entries, cost(o))?;
        }
        Ok(p)
    }

    /// The problem of a DLX file: labels the item names, colors
    /// one-character strings.
    pub(crate) fn from_dlx(py: Python<'_>, dlx: &DlxFile) -> PyResult<State> {
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
    }

    /// The number of the option `i` (an int; negative: from the end), or
    /// `IndexError`.
    pub(crate) fn option_number(&self, i: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.options.len() as i128;
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
    pub(crate) fn set_bounds(
        &mut self,
        label: &Bound<'_, PyAny>,
        lo: u32,
        hi: u32,
    ) -> PyResult<()> {
        let Some(d) = self.labels.item(label)? else {
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

/// The problem of `Problem(primary, secondary, options, bounds=, costs=)`.
pub(crate) fn new_problem(
    py: Python<'_>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
    bounds: Option<&Bound<'_, PyAny>>,
    costs: Option<&Bound<'_, PyAny>>,
) -> PyResult<State> {
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
    Ok(p)
}

/// The problem of `Problem.from_options(options, primary, secondary,
/// costs=)`: items declared as their options name them.
pub(crate) fn from_options(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    costs: Option<&Bound<'_, PyAny>>,
) -> PyResult<State> {
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
    Ok(p)
}

/// An option's entries, read from the iterable `items` before the problem
/// is locked (iterating may run any Python code).
pub(crate) fn option_entries<'py>(items: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if items.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "an option is an iterable of items, not a string ({}); \
             write [\"a\", \"b\"] for the items a and b",
            repr(items).0
        )));
    }
    items.try_iter()?.collect()
}

/// Options read from Python, each as `option_entries` reads it, and their
/// costs.
pub(crate) type ReadOptions<'py> = (Vec<Vec<Bound<'py, PyAny>>>, Vec<u64>);

/// The options of `options` (each as `option_entries` reads it) and their
/// costs from `costs` (one per option: `ValueError` for more or fewer, or
/// for a cost out of range), all read before anything is added.
pub(crate) fn options_and_costs<'py>(
    options: &Bound<'py, PyAny>,
    costs: Option<&Bound<'py, PyAny>>,
) -> PyResult<ReadOptions<'py>> {
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
pub(crate) fn cost_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    int_in(value, what, 0, MAX_COST)
}

/// The bounds `(lo, hi)` of item `label`: ints from 0 to 2^32 - 1 (dlx-core
/// then checks lo <= hi and hi >= 1).
pub(crate) fn bounds_of(
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

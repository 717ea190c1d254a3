//! Labels: the Python values that name a problem's items and colors, the
//! numbers dlx-core knows them by, and the options written with those
//! numbers.
//!
//! The bottom of the bindings' problem side: `building` interns labels here
//! as a problem is built; `problem`, `solutions` and `zdd` show solutions
//! with them, each through an [`OptionTable`] (the `Problem`'s own names,
//! or a copy that a `Solutions` or a `Zdd` keeps). It imports none of them.
//!
//! Each declared item gets a declaration number (its position in
//! [`Names::items`]), found again through a Python dict; colors likewise
//! get codes (1 + their position in [`Names::colors`], 0 for none). An
//! option's entries are pairs (declaration number, color code).

use dlx_core::BuilderError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::errors::{build_error, repr, Repr};

/// The labels by number: what turns numbers back into Python values.
pub(crate) struct Names {
    /// The label of each declared item, by declaration number.
    items: Vec<Py<PyAny>>,
    /// The label of each color, by code - 1.
    colors: Vec<Py<PyAny>>,
}

impl Names {
    /// The labels of the items, by declaration number.
    pub(crate) fn items(&self) -> &[Py<PyAny>] {
        &self.items
    }

    /// The labels of the colors, by code - 1.
    pub(crate) fn colors(&self) -> &[Py<PyAny>] {
        &self.colors
    }

    /// A copy that shares the labels (new references to the same objects).
    fn copy(&self, py: Python<'_>) -> Names {
        Names {
            items: self.items.iter().map(|l| l.clone_ref(py)).collect(),
            colors: self.colors.iter().map(|c| c.clone_ref(py)).collect(),
        }
    }

    /// An option's `entries` as Python shows them: each a label, or
    /// `(label, color)`.
    pub(crate) fn entries_list<'py>(
        &self,
        py: Python<'py>,
        entries: &[(u32, u32)],
    ) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for &(d, code) in entries {
            let label = self.items[d as usize].bind(py);
            if code == 0 {
                list.append(label)?;
            } else {
                list.append((label, self.colors[code as usize - 1].bind(py)))?;
            }
        }
        Ok(list)
    }
}

/// The labels both ways: [`Names`] by number, and the numbers by label
/// (Python dicts, so that any hashable value is a label).
pub(crate) struct Labels {
    names: Names,
    /// Declaration number by label.
    items: Py<PyDict>,
    /// Color code by label.
    colors: Py<PyDict>,
}

impl Labels {
    /// No labels yet.
    pub(crate) fn new(py: Python<'_>) -> Labels {
        Labels {
            names: Names {
                items: Vec::new(),
                colors: Vec::new(),
            },
            items: PyDict::new(py).unbind(),
            colors: PyDict::new(py).unbind(),
        }
    }

    /// The labels by number.
    pub(crate) fn names(&self) -> &Names {
        &self.names
    }

    /// The number of items declared.
    pub(crate) fn item_count(&self) -> usize {
        self.names.items.len()
    }

    /// The declaration number of the item labeled `label`, if declared.
    pub(crate) fn item(&self, label: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        match self.items.bind(label.py()).get_item(label)? {
            Some(d) => Ok(Some(d.extract()?)),
            None => Ok(None),
        }
    }

    /// Records `label`, not declared yet, as the next item (number
    /// [`item_count`](Self::item_count)); the caller checked it first.
    pub(crate) fn add_item(&mut self, label: &Bound<'_, PyAny>) -> PyResult<()> {
        let d = self.names.items.len() as u32;
        self.items.bind(label.py()).set_item(label, d)?;
        self.names.items.push(label.clone().unbind());
        Ok(())
    }

    /// The `repr` of the item declared as number `d`.
    pub(crate) fn name(&self, py: Python<'_>, d: u32) -> Repr {
        repr(self.names.items[d as usize].bind(py))
    }

    /// The code of color `color` given to item `d`, recorded if new; an
    /// empty string is refused (`BuildError`), as dlx-core refuses it.
    pub(crate) fn color_code(&mut self, d: u32, color: &Bound<'_, PyAny>) -> PyResult<u32> {
        let py = color.py();
        if let Ok(s) = color.cast::<PyString>() {
            if s.to_cow()?.is_empty() {
                return Err(build_error(BuilderError::EmptyColor { label: d }, |d| {
                    self.name(py, d)
                }));
            }
        }
        let index = self.colors.bind(py);
        if let Some(code) = index.get_item(color)? {
            return code.extract();
        }
        let code = self.names.colors.len() as u32 + 1;
        index.set_item(color, code)?;
        self.names.colors.push(color.clone().unbind());
        Ok(code)
    }

    /// Sets the colors, by code - 1 (unpickling: none were recorded yet).
    pub(crate) fn set_colors(&mut self, py: Python<'_>, colors: Vec<Py<PyAny>>) -> PyResult<()> {
        let index = self.colors.bind(py);
        for (code, color) in colors.iter().enumerate() {
            index.set_item(color.bind(py), code as u32 + 1)?;
        }
        self.names.colors = colors;
        Ok(())
    }
}

/// Options written with numbers: every option's entries as given
/// (declaration number, color code), one after another.
#[derive(Clone, Debug, Default)]
pub(crate) struct Options {
    entries: Vec<(u32, u32)>,
    /// Where each option's entries end.
    ends: Vec<usize>,
}

impl Options {
    /// The number of options.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Option `o`'s entries.
    pub(crate) fn get(&self, o: usize) -> &[(u32, u32)] {
        let start = if o == 0 { 0 } else { self.ends[o - 1] };
        &self.entries[start..self.ends[o]]
    }

    /// Adds an option of `entries`.
    pub(crate) fn push(&mut self, entries: &[(u32, u32)]) {
        self.entries.extend_from_slice(entries);
        self.ends.push(self.entries.len());
    }

    /// Every option's entries, one after another.
    pub(crate) fn entries(&self) -> &[(u32, u32)] {
        &self.entries
    }

    /// Where each option's entries end in [`entries`](Self::entries).
    pub(crate) fn ends(&self) -> &[usize] {
        &self.ends
    }
}

/// Shows solutions as Python sees them: each option as its entries (see
/// [`Names::entries_list`]), or as its number.
pub(crate) trait ShowSolution {
    /// The labels by number.
    fn names(&self) -> &Names;
    /// The options.
    fn options(&self) -> &Options;

    /// Option `o`'s entries as given: each a label, or `(label, color)`.
    fn option<'py>(&self, py: Python<'py>, o: usize) -> PyResult<Bound<'py, PyList>> {
        self.names().entries_list(py, self.options().get(o))
    }

    /// A solution as Python sees it: its option numbers (`indices`), or
    /// each option's entries, as `Problem.solutions` gives them.
    fn solution<'py>(
        &self,
        py: Python<'py>,
        solution: &[usize],
        indices: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        if indices {
            return PyList::new(py, solution);
        }
        let list = PyList::empty(py);
        for &o in solution {
            list.append(self.option(py, o)?)?;
        }
        Ok(list)
    }
}

/// A copy of a problem's options as Python shows them, kept by what
/// outlives a change of the problem (a `Solutions`, a `Zdd`). Items, colors
/// and options are only ever added, so a copy taken after a search's
/// problem was built names every option that search can return.
pub(crate) struct OptionTable {
    names: Names,
    options: Options,
}

impl OptionTable {
    /// A copy of `labels`' names and of `options`.
    pub(crate) fn new(py: Python<'_>, labels: &Labels, options: &Options) -> OptionTable {
        OptionTable {
            names: labels.names.copy(py),
            options: options.clone(),
        }
    }
}

impl ShowSolution for OptionTable {
    fn names(&self) -> &Names {
        &self.names
    }

    fn options(&self) -> &Options {
        &self.options
    }
}

//! `Part`: one part of a cut of the search tree, small and picklable, so
//! that it can be sent to another process or machine with the problem.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args;

/// One part of `Problem.cut(depth)`: the subtree below the choices made on
/// the way from the root to one node at `depth` (or to a solution found
/// above it).
///
/// `index` is the part's position in the cut (the search's order) and
/// `choices` the options chosen on the way (`None` for a null move of a
/// problem with bounds). A part is plain data: it pickles, and
/// `Problem.count_parts` counts it on any copy of the same problem (it
/// cuts the tree again to `depth` and checks that the part there makes the
/// same choices, so a part of another problem is refused, not miscounted).
#[pyclass(module = "dlxrs._dlxrs", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    /// The depth of the cut.
    #[pyo3(get)]
    pub(crate) depth: usize,
    /// The part's position in the cut, from 0.
    #[pyo3(get)]
    pub(crate) index: usize,
    pub(crate) choices: Vec<Option<usize>>,
}

/// The arguments of `Part.__new__`: depth, index, choices.
type PartArgs = (usize, usize, Vec<Option<usize>>);

#[pymethods]
impl Part {
    /// A part: normally made by `Problem.cut`, and by pickle. `depth` and
    /// `index` are ints from 0, `choices` an iterable of option numbers
    /// (ints from 0) and `None`s.
    #[new]
    fn new(
        depth: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
        choices: &Bound<'_, PyAny>,
    ) -> PyResult<Part> {
        let depth = args::size_in(depth, "depth", 0, u32::MAX as usize)?;
        let index = args::size_in(index, "index", 0, usize::MAX)?;
        let mut chosen = Vec::new();
        for (i, c) in choices.try_iter()?.enumerate() {
            let c = c?;
            chosen.push(if c.is_none() {
                None
            } else {
                Some(args::size_in(
                    &c,
                    &format!("choices[{i}]"),
                    0,
                    u32::MAX as usize,
                )?)
            });
        }
        Ok(Part {
            depth,
            index,
            choices: chosen,
        })
    }

    /// The options chosen on the way to the part, from the root (`None`
    /// for a null move under bounds).
    #[getter]
    fn choices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.choices)
    }

    /// `Part(depth=D, index=I, choices=(...))`.
    fn __repr__(&self) -> String {
        let choices: Vec<String> = self
            .choices
            .iter()
            .map(|c| c.map_or("None".to_string(), |o| o.to_string()))
            .collect();
        let comma = if choices.len() == 1 { "," } else { "" };
        format!(
            "Part(depth={}, index={}, choices=({}{comma}))",
            self.depth,
            self.index,
            choices.join(", ")
        )
    }

    /// Pickling: the class and the arguments of `Part(depth, index,
    /// choices)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, PartArgs)> {
        let part = slf.get();
        Ok((
            slf.get_type().into_any(),
            (part.depth, part.index, part.choices.clone()),
        ))
    }
}

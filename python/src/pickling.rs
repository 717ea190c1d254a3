//! Pickling a `Problem`: its state as plain Python values (the items,
//! colors, options and costs; not the built problem, which is built again
//! where it is needed), and the state again from them, every item and
//! option checked as when they were first added.

use dlx_core::cost::MAX_COST;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::building::State;

/// A pickled problem, the arguments of `Problem._from_state`: the items'
/// labels, their bounds (`None`: secondary), the colors' labels, every
/// option's entries as two lists (declaration numbers, color codes), where
/// each option's entries end, and each option's cost.
pub(crate) type Pickled = (
    Vec<Py<PyAny>>,
    Vec<Option<(u32, u32)>>,
    Vec<Py<PyAny>>,
    Vec<u32>,
    Vec<u32>,
    Vec<usize>,
    Vec<u64>,
);

/// The pickled form of `p`.
pub(crate) fn pickle(py: Python<'_>, p: &State) -> Pickled {
    let names = p.labels.names();
    let labels = names.items().iter().map(|l| l.clone_ref(py)).collect();
    let colors = names.colors().iter().map(|c| c.clone_ref(py)).collect();
    let entries = p.options.entries();
    let items = entries.iter().map(|e| e.0).collect();
    let codes = entries.iter().map(|e| e.1).collect();
    (
        labels,
        p.bounds.clone(),
        colors,
        items,
        codes,
        p.options.ends().to_vec(),
        p.costs.clone(),
    )
}

/// The problem pickled as `pickled`; `ValueError` if its parts do not fit
/// together, `BuildError` for what the builder refuses.
pub(crate) fn unpickle(py: Python<'_>, pickled: Pickled) -> PyResult<State> {
    let (labels, bounds, colors, items, codes, ends, costs) = pickled;
    let bad = || PyValueError::new_err("inconsistent pickled Problem");
    if labels.len() != bounds.len() || items.len() != codes.len() || ends.len() != costs.len() {
        return Err(bad());
    }
    let mut p = State::empty(py);
    for (label, b) in labels.iter().zip(bounds) {
        p.declare(label.bind(py), b)?;
    }
    p.labels.set_colors(py, colors)?;
    let entries: Vec<(u32, u32)> = items.into_iter().zip(codes).collect();
    let (item_count, color_count) = (p.labels.item_count(), p.labels.names().colors().len());
    if entries
        .iter()
        .any(|&(d, c)| d as usize >= item_count || c as usize > color_count)
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
    Ok(p)
}

//! The labels of a built problem's items and colors, which both a
//! [`Labeled`](super::Labeled) problem and its searches read.

use std::collections::HashMap;

use crate::index::OptionId;
use crate::problem::Problem;

/// The labels of a built problem's items and colors, by number and back.
#[derive(Clone, Debug)]
pub(super) struct Names<L, C> {
    /// The label of each item, in item order.
    pub(super) labels: Vec<L>,
    /// The item number of each label.
    pub(super) index: HashMap<L, u32>,
    /// The label of each color, in color order.
    pub(super) colors: Vec<C>,
    /// The color number of each color label.
    pub(super) color_index: HashMap<C, u32>,
}

impl<L, C> Names<L, C> {
    /// The labels and colors of option `o` of `problem`.
    pub(super) fn option<'n>(
        &'n self,
        problem: &Problem,
        o: OptionId,
    ) -> Vec<(&'n L, Option<&'n C>)> {
        problem
            .option_items(o)
            .zip(problem.option_colors(o))
            .map(|(item, color)| {
                (
                    &self.labels[item.index()],
                    color.map(|c| &self.colors[c.index()]),
                )
            })
            .collect()
    }
}

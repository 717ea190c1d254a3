//! The errors of the [`Builder`](super::Builder).

use std::error::Error;
use std::fmt;

/// Why the [`Builder`](super::Builder) rejected an item, bounds or option. `L` is the type
/// of the item labels; each variant that concerns an item carries its
/// label.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuilderError<L> {
    /// The label names an item declared before.
    DuplicateLabel {
        /// The label.
        label: L,
    },
    /// An option or [`Builder::set_bounds`](super::Builder::set_bounds) names an item never declared.
    UnknownLabel {
        /// The label.
        label: L,
    },
    /// An option lists the same item twice.
    RepeatedItem {
        /// The repeated item's label.
        label: L,
    },
    /// An option gives a primary item a color (only secondary items take
    /// colors).
    ColorOnPrimary {
        /// The primary item's label.
        label: L,
    },
    /// An option gives an item an empty color (see [`ColorLabel`](super::ColorLabel)).
    EmptyColor {
        /// The item's label.
        label: L,
    },
    /// Bounds on a secondary item (only primary items have them).
    BoundsOnSecondary {
        /// The secondary item's label.
        label: L,
    },
    /// A lower bound above the upper bound.
    LowerAboveUpper {
        /// The item's label.
        label: L,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// An upper bound of 0 (an item no option may cover is no item).
    ZeroUpperBound {
        /// The item's label.
        label: L,
    },
    /// An option with no items.
    EmptyOption,
    /// The problem would have more items, colors, options or nodes than
    /// `u32` indices can number.
    TooLarge,
}

impl<L: fmt::Debug> fmt::Display for BuilderError<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuilderError::DuplicateLabel { label } => {
                write!(f, "item {label:?} is declared twice")
            }
            BuilderError::UnknownLabel { label } => {
                write!(f, "item {label:?} was never declared")
            }
            BuilderError::RepeatedItem { label } => {
                write!(f, "item {label:?} appears twice in one option")
            }
            BuilderError::ColorOnPrimary { label } => write!(
                f,
                "item {label:?} is primary and cannot take a color (only secondary items can)"
            ),
            BuilderError::EmptyColor { label } => {
                write!(f, "item {label:?} is given an empty color")
            }
            BuilderError::BoundsOnSecondary { label } => write!(
                f,
                "item {label:?} is secondary and cannot have bounds (only primary items can)"
            ),
            BuilderError::LowerAboveUpper { label, lo, hi } => write!(
                f,
                "bounds {lo}:{hi} of item {label:?}: the lower bound exceeds the upper"
            ),
            BuilderError::ZeroUpperBound { label } => {
                write!(f, "item {label:?} has upper bound 0 (expected at least 1)")
            }
            BuilderError::EmptyOption => f.write_str("an option must contain at least one item"),
            BuilderError::TooLarge => {
                f.write_str("the problem has too many items, colors, options or nodes for u32")
            }
        }
    }
}

impl<L: fmt::Debug> Error for BuilderError<L> {}

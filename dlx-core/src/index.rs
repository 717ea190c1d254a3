//! Small typed indices: items and options are both `u32` underneath, but the
//! type system keeps them apart.

use std::fmt;

/// An item (a column of the exact-cover matrix), numbered from 0.
///
/// Primary items come first, then secondary items: in a problem with `p`
/// primary and `s` secondary items, `Item::new(0)..Item::new(p)` are primary and
/// `Item::new(p)..Item::new(p + s)` are secondary. [`Problem::primary`] and
/// [`Problem::secondary`] build them without that arithmetic.
///
/// [`Problem::primary`]: crate::Problem::primary
/// [`Problem::secondary`]: crate::Problem::secondary
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Item(u32);

/// An option (a row of the exact-cover matrix), numbered from 0 in the order
/// the options were added.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct OptionId(u32);

macro_rules! index_type {
    ($t:ident, $label:literal) => {
        impl $t {
            /// Wraps a 0-based index.
            ///
            /// # Panics
            /// If `index` does not fit in a `u32`.
            #[inline]
            pub fn new(index: usize) -> Self {
                Self(u32::try_from(index).expect(concat!($label, " index exceeds u32")))
            }

            /// The 0-based index.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($label, "({})"), self.0)
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl From<u32> for $t {
            #[inline]
            fn from(i: u32) -> Self {
                Self(i)
            }
        }

        impl From<$t> for u32 {
            #[inline]
            fn from(i: $t) -> u32 {
                i.0
            }
        }

        impl From<$t> for usize {
            #[inline]
            fn from(i: $t) -> usize {
                i.index()
            }
        }
    };
}

index_type!(Item, "Item");

/// The color a secondary item takes in an option (Knuth's XCC problems).
///
/// Chosen options may share a secondary item when they all give it the same
/// color; an option that names the item without a color excludes every other
/// option that names it. Colors are numbered from 0, like items; a program
/// that has names for them (letters, words) keeps its own table, or uses
/// [`Builder`](crate::Builder), which keeps one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Color(u32);

impl Color {
    /// The largest color index.
    pub const MAX: usize = u32::MAX as usize - 2;

    /// The color numbered `index`.
    ///
    /// # Panics
    /// If `index > Color::MAX`.
    #[inline]
    pub fn new(index: usize) -> Color {
        assert!(index <= Color::MAX, "color index {index} out of range");
        Color(index as u32)
    }

    /// The 0-based index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The code stored in a node: 1 + the index (0 is "no color").
    #[inline]
    pub(crate) fn code(self) -> u32 {
        self.0 + 1
    }
}

impl fmt::Debug for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Color({})", self.0)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
index_type!(OptionId, "OptionId");

//! The values the programs take by name — formats, difficulty levels,
//! clue symmetries — each listed once, in a table beside its type
//! ([`Named::NAMES`]). The programs' value parsers, their help texts and
//! the lists in the documentation are made from these tables, and the
//! tests compare against them, so adding a value touches its type's file
//! alone (plus what the value does).
//!
//! ```
//! use dlx_sudoku::format::Format;
//! use dlx_sudoku::names::Named;
//!
//! assert_eq!(Format::from_name("poj3074"), Some(Format::Line)); // an alias
//! assert_eq!(Format::Leetcode.name(), "leetcode");
//! assert!(Format::NAMES.iter().any(|n| n.value == Format::Pretty));
//! ```

/// One row of a [`Named::NAMES`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name<T: 'static> {
    /// The value.
    pub value: T,
    /// Its name on the command line and in output.
    pub name: &'static str,
    /// Other names the programs accept for it.
    pub aliases: &'static [&'static str],
    /// What it is, in a line or two of a help text.
    pub about: &'static str,
}

/// A type whose values have names, listed once in [`Named::NAMES`].
pub trait Named: Copy + PartialEq + 'static {
    /// Every value with its name, in the order the help texts list them.
    const NAMES: &'static [Name<Self>];

    /// The value's name (its row in [`Named::NAMES`]).
    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|n| n.value == self)
            .map_or("?", |n| n.name)
    }

    /// The value of a name or alias.
    fn from_name(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|n| n.name == name || n.aliases.contains(&name))
            .map(|n| n.value)
    }

    /// The names, joined by `sep`: `"none|rotational|mirror"`.
    fn names_joined(sep: &str) -> String {
        let names: Vec<&str> = Self::NAMES.iter().map(|n| n.name).collect();
        names.join(sep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::generate::Symmetry;
    use crate::rate::Level;

    /// Every table names each value once, and no name or alias twice.
    fn check<T: Named + std::fmt::Debug>(all: &[T]) {
        assert_eq!(T::NAMES.len(), all.len());
        let mut seen = std::collections::HashSet::new();
        for &v in all {
            assert_eq!(T::NAMES.iter().filter(|n| n.value == v).count(), 1, "{v:?}");
            assert_eq!(T::from_name(v.name()), Some(v));
        }
        for n in T::NAMES {
            for name in std::iter::once(&n.name).chain(n.aliases) {
                assert!(seen.insert(*name), "{name} twice");
            }
            assert!(!n.about.is_empty());
        }
    }

    #[test]
    fn every_table_lists_each_value_once() {
        check(&Format::ALL);
        check(&Level::ALL);
        check(&[Symmetry::None, Symmetry::Rotational, Symmetry::Mirror]);
    }
}

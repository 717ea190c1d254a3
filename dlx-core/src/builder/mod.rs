//! Building a problem from labels: items named by any `Hash + Eq` value,
//! options listed by those names, solutions read back in them.
//!
//! # Implementation notes
//!
//! A [`Problem`] numbers its primary items before its secondary ones and
//! needs both counts when it is made. A puzzle encoder does not want to
//! count first, and may declare a cell's secondary item before the next
//! primary one. So the builder keeps its own tables, in the order of the
//! calls: the declared items (label and kind), and the options as runs of
//! `(declaration number, color code)` entries. [`Builder::build`] numbers
//! the primary items first, then the secondary ones, each in declaration
//! order, and only then makes the problem. Options keep their order, so
//! the [`OptionId`] that [`Builder::option`] returns is already the final
//! one; item numbers are not final before `build`, which is why the
//! declaring methods return no [`Item`].
//!
//! Every check is made when the item, bounds or option is given, against
//! the builder's own tables, and nothing is changed until all have passed:
//! `build` can fail only when the problem is too large for `u32` nodes.

mod error;
mod labeled;
mod names;
mod search;

use std::borrow::{Borrow, Cow};
use std::collections::HashMap;
use std::hash::Hash;
use std::rc::Rc;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::index::{Color, Item, OptionId};
use crate::problem::{BuildError, Problem};

pub use error::BuilderError;
pub use labeled::{Labeled, LabeledSolutions};
use names::Names;
pub use search::{Chosen, LabelSearch};

/// Options of up to this many entries are gathered without allocating.
const SHORT: usize = 8;

/// The most items a problem can have (see [`Problem::new`]).
const MAX_ITEMS: usize = u32::MAX as usize - 2;

/// A value that can name a color in [`Builder::colored_option`].
///
/// Colors are interned: equal values are one [`Color`]. A string-like color
/// must not be empty ([`BuilderError::EmptyColor`]), as in Knuth's text
/// format, where `item:` with nothing after the colon is no color; other
/// types have no empty value. The trait is implemented for the string
/// types, `char`, `bool` and the integers. For a type of your own, an empty
/// `impl` keeps the default (no value is empty):
///
/// ```
/// use dlx_core::ColorLabel;
///
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// enum Letter { A, B }
/// impl ColorLabel for Letter {}
/// ```
pub trait ColorLabel: Hash + Eq + Clone {
    /// Is this the empty name, which the builder rejects? `false` unless
    /// the implementation says otherwise.
    fn is_empty_color(&self) -> bool {
        false
    }
}

macro_rules! str_colors {
    ($($t:ty),*) => {$(
        impl ColorLabel for $t {
            fn is_empty_color(&self) -> bool {
                self.is_empty()
            }
        }
    )*};
}

str_colors!(String, &str, Box<str>, Rc<str>, Arc<str>, Cow<'_, str>);

macro_rules! plain_colors {
    ($($t:ty),*) => {$( impl ColorLabel for $t {} )*};
}

plain_colors!(char, bool, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// What a declared item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decl {
    /// A primary item covered between `lo` and `hi` times.
    Primary { lo: u32, hi: u32 },
    /// A secondary item.
    Secondary,
}

/// Builds a [`Problem`] from items and options named by labels: strings,
/// tuples, enums, any `Hash + Eq + Clone` type `L`. Colors are labels too,
/// of type `C` ([`ColorLabel`]; `String` unless chosen otherwise), and
/// each option may carry a payload of type `T` ([`Builder::set_payload`];
/// none unless chosen), which the solutions give back.
///
/// No counting first: declare items with [`primary`](Builder::primary),
/// [`primary_bounded`](Builder::primary_bounded) and
/// [`secondary`](Builder::secondary) in any order, add options with
/// [`option`](Builder::option) and [`colored_option`](Builder::colored_option)
/// and [`option_with_colors`](Builder::option_with_colors) (each returns
/// its final [`OptionId`], to which [`set_payload`](Builder::set_payload)
/// can attach what the option means), then [`build`](Builder::build) a
/// [`Labeled`] problem, whose [`search`](Labeled::search) yields solutions
/// as labels and payloads (seeded, time-limited or stopped if asked), and
/// which also searches with the index API of [`Problem`] and
/// [`Solver`](crate::Solver).
///
/// Every call is checked when it is made; a rejected call changes nothing.
/// Items are looked up by hashing their labels. The last bit of set-up speed
/// is [`Problem`]'s own index API, for encoders that number their items.
///
/// # Example
///
/// The 2×2 word squares over the words *at*, *to*, *on*, *no*: each row and
/// each column is a word (primary items), and each cell (a secondary item)
/// is colored by its letter, so the words that cross there agree.
///
/// ```
/// use dlx_core::Builder;
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// enum Label {
///     Row(usize),
///     Col(usize),
///     Cell(usize, usize),
/// }
/// use Label::*;
///
/// let mut b: Builder<Label, char> = Builder::default();
/// for i in 0..2 {
///     b.primary(Row(i))?;
///     b.primary(Col(i))?;
///     for j in 0..2 {
///         b.secondary(Cell(i, j))?;
///     }
/// }
/// for word in ["at", "to", "on", "no"] {
///     let w: Vec<Option<char>> = word.chars().map(Some).collect();
///     for i in 0..2 {
///         // The word across row `i`, then down column `i`.
///         b.colored_option([(Row(i), None), (Cell(i, 0), w[0]), (Cell(i, 1), w[1])])?;
///         b.colored_option([(Col(i), None), (Cell(0, i), w[0]), (Cell(1, i), w[1])])?;
///     }
/// }
/// let mut squares = b.build()?;
/// assert_eq!(squares.count(), 4);
///
/// // Each solution is its options, each option its items' labels and colors.
/// let mut found = Vec::new();
/// for solution in squares.solutions() {
///     let mut grid = [[' '; 2]; 2];
///     for option in &solution {
///         for &(label, color) in option {
///             if let (Cell(r, c), Some(&letter)) = (label, color) {
///                 grid[*r][*c] = letter;
///             }
///         }
///     }
///     found.push(grid.map(|row| row.iter().collect::<String>()));
/// }
/// found.sort();
/// assert_eq!(found, [["at", "to"], ["no", "on"], ["on", "no"], ["to", "on"]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Builder<L, C = String, T = ()> {
    /// The label of each declared item, in declaration order.
    labels: Vec<L>,
    /// The kind of each declared item.
    decls: Vec<Decl>,
    /// The declaration number of each label.
    index: HashMap<L, u32>,
    /// How many of the declared items are primary.
    primaries: usize,
    /// The interned colors, by index.
    colors: Vec<C>,
    /// The index of each interned color.
    color_index: HashMap<C, u32>,
    /// The entries of all options, one run per option: the item's
    /// declaration number and its color code (1 + the color's index; 0:
    /// none).
    entries: Vec<(u32, u32)>,
    /// Where each option's run of `entries` ends.
    option_end: Vec<usize>,
    /// The payload of each option, where one was set (the vector may be
    /// shorter than the options).
    payloads: Vec<Option<T>>,
    /// Per declared item, the stamp of the last option that named it, to
    /// find an item repeated in one option.
    seen: Vec<u32>,
    stamp: u32,
}

impl<L, C, T> Default for Builder<L, C, T> {
    fn default() -> Self {
        Builder {
            labels: Vec::new(),
            decls: Vec::new(),
            index: HashMap::new(),
            primaries: 0,
            colors: Vec::new(),
            color_index: HashMap::new(),
            entries: Vec::new(),
            option_end: Vec::new(),
            payloads: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
        }
    }
}

impl<L> Builder<L> {
    /// An empty builder whose colors, if any, are `String`s (and whose
    /// options carry no payload). [`Builder::option_with_colors`] takes
    /// colors as `&str` or `char` for it. For other colors, or payloads,
    /// use [`Builder::default`] with the types written out:
    /// `let b: Builder<&str, &str> = Builder::default();`,
    /// `let b: Builder<(usize, usize), char, Piece> = Builder::default();`.
    pub fn new() -> Self {
        Builder::default()
    }
}

impl<L: Hash + Eq + Clone, C: ColorLabel, T> Builder<L, C, T> {
    /// Declares a primary item, which every solution covers exactly once.
    ///
    /// # Errors
    /// [`BuilderError::DuplicateLabel`] if `label` names an item already
    /// declared (a primary or a secondary one): two items the encoder
    /// thought different, such as `"r1c12"` and `"r11c2"` run together,
    /// would otherwise become one, and the count would be wrong without a
    /// word.
    pub fn primary(&mut self, label: L) -> Result<(), BuilderError<L>> {
        self.declare(label, Decl::Primary { lo: 1, hi: 1 })
    }

    /// Declares a primary item that solutions cover between `lo` and `hi`
    /// times, both included, instead of exactly once (Knuth's MCC problems,
    /// his program DLX3; see [`Problem::set_bounds`]).
    ///
    /// # Errors
    /// [`BuilderError::DuplicateLabel`] as for [`Builder::primary`], then
    /// [`BuilderError::ZeroUpperBound`] and
    /// [`BuilderError::LowerAboveUpper`].
    ///
    /// # Example
    ///
    /// *k* of *n*: choosing a team of two among four players. Each option
    /// puts one player in the team (the player is a secondary item, a name
    /// for the option); the team is covered twice.
    ///
    /// ```
    /// use dlx_core::Builder;
    ///
    /// let players = ["Ann", "Bob", "Cid", "Dee"];
    /// let mut b = Builder::new();
    /// b.primary_bounded("team", 2, 2)?;
    /// for p in players {
    ///     b.secondary(p)?;
    ///     b.option(["team", p])?;
    /// }
    /// let mut teams = b.build()?;
    /// assert_eq!(teams.count(), 6); // 4 choose 2
    ///
    /// // A team of one or two: 4 + 6.
    /// teams.problem.set_bounds(teams.item("team").unwrap(), 1, 2)?;
    /// assert_eq!(teams.count(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn primary_bounded(&mut self, label: L, lo: u32, hi: u32) -> Result<(), BuilderError<L>> {
        if self.index.contains_key(&label) {
            return Err(BuilderError::DuplicateLabel { label });
        }
        let label = check_bounds(label, lo, hi)?;
        self.declare(label, Decl::Primary { lo, hi })
    }

    /// Declares a secondary item, which a solution covers at most once, or
    /// several times when every option that covers it gives it one color.
    ///
    /// # Errors
    /// [`BuilderError::DuplicateLabel`] as for [`Builder::primary`].
    pub fn secondary(&mut self, label: L) -> Result<(), BuilderError<L>> {
        self.declare(label, Decl::Secondary)
    }

    /// Sets the bounds of a declared primary item: solutions cover it
    /// between `lo` and `hi` times, both included.
    ///
    /// # Errors
    /// [`BuilderError::UnknownLabel`], [`BuilderError::BoundsOnSecondary`],
    /// [`BuilderError::ZeroUpperBound`] and
    /// [`BuilderError::LowerAboveUpper`]; nothing changes then.
    pub fn set_bounds(&mut self, label: L, lo: u32, hi: u32) -> Result<(), BuilderError<L>> {
        let Some(&d) = self.index.get(&label) else {
            return Err(BuilderError::UnknownLabel { label });
        };
        let decl = &mut self.decls[d as usize];
        if *decl == Decl::Secondary {
            return Err(BuilderError::BoundsOnSecondary { label });
        }
        check_bounds(label, lo, hi)?;
        *decl = Decl::Primary { lo, hi };
        Ok(())
    }

    /// Adds an option containing the items named by `labels` (in any order)
    /// and returns its id, which is final: the built problem has the
    /// options in the order they were added.
    ///
    /// # Errors
    /// [`BuilderError::UnknownLabel`] for an item never declared,
    /// [`BuilderError::RepeatedItem`], [`BuilderError::EmptyOption`];
    /// nothing changes then.
    pub fn option<I>(&mut self, labels: I) -> Result<OptionId, BuilderError<L>>
    where
        I: IntoIterator<Item = L>,
    {
        self.add(labels.into_iter().map(|label| (label, None)))
    }

    /// Adds an option whose secondary items may have colors (Knuth's XCC
    /// problems, his program DLX2; see [`Problem::add_colored_option`]),
    /// and returns its id. Chosen options may share a secondary item when
    /// they all give it the same color.
    ///
    /// # Errors
    /// As [`Builder::option`], and [`BuilderError::ColorOnPrimary`] and
    /// [`BuilderError::EmptyColor`]; nothing changes then (in particular,
    /// no new color is recorded).
    pub fn colored_option<I>(&mut self, entries: I) -> Result<OptionId, BuilderError<L>>
    where
        I: IntoIterator<Item = (L, Option<C>)>,
    {
        self.add(entries.into_iter())
    }

    /// Adds an option of the items `items` (without colors: primary items,
    /// and secondary items an option may not share) and the secondary
    /// items `colored`, each with its color, and returns its id. The same
    /// option as [`Builder::colored_option`] with `(label, None)` for each
    /// of `items` and `(label, Some(color))` for each of `colored`, without
    /// the wrapping: the primary and colored items come as two lists, as
    /// in the `exact-covers` crate. A color may be given as any type that
    /// converts into `C`: `&str` or `char` for `String` colors.
    ///
    /// # Errors
    /// As [`Builder::colored_option`].
    ///
    /// # Example
    ///
    /// The 2×2 word squares over *at*, *to*, *on*, *no* (see [`Builder`]),
    /// with string labels and colors:
    ///
    /// ```
    /// use dlx_core::Builder;
    ///
    /// let mut b = Builder::new(); // String colors
    /// for slot in ["r0", "r1", "c0", "c1"] {
    ///     b.primary(slot)?;
    /// }
    /// for cell in ["00", "01", "10", "11"] {
    ///     b.secondary(cell)?;
    /// }
    /// for word in ["at", "to", "on", "no"] {
    ///     let [a, t] = [&word[..1], &word[1..]];
    ///     b.option_with_colors(["r0"], [("00", a), ("01", t)])?;
    ///     b.option_with_colors(["r1"], [("10", a), ("11", t)])?;
    ///     b.option_with_colors(["c0"], [("00", a), ("10", t)])?;
    ///     b.option_with_colors(["c1"], [("01", a), ("11", t)])?;
    /// }
    /// let mut squares = b.build()?;
    /// assert_eq!(squares.count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn option_with_colors<I, J, D>(
        &mut self,
        items: I,
        colored: J,
    ) -> Result<OptionId, BuilderError<L>>
    where
        I: IntoIterator<Item = L>,
        J: IntoIterator<Item = (L, D)>,
        D: Into<C>,
    {
        let plain = items.into_iter().map(|label| (label, None));
        let colored = colored
            .into_iter()
            .map(|(label, color)| (label, Some(color.into())));
        self.add(plain.chain(colored))
    }

    /// Gives option `o` a payload, any value the caller wants back with
    /// the solutions that choose `o` (a piece and its placement, a word, a
    /// move), in place of a table indexed by [`OptionId`]: see
    /// [`Labeled::payload`] and [`Labeled::search`]. A second call
    /// replaces the first payload.
    ///
    /// # Panics
    /// If `o` is not an option added to this builder.
    ///
    /// # Example
    ///
    /// Domino tilings of a 2×2 square: each option carries the domino it
    /// places.
    ///
    /// ```
    /// use dlx_core::Builder;
    ///
    /// #[derive(Debug, PartialEq)]
    /// enum Domino { Across(usize), Down(usize) }
    ///
    /// let mut b: Builder<(usize, usize), String, Domino> = Builder::default();
    /// for cell in [(0, 0), (0, 1), (1, 0), (1, 1)] {
    ///     b.primary(cell)?;
    /// }
    /// for i in 0..2 {
    ///     let o = b.option([(i, 0), (i, 1)])?;
    ///     b.set_payload(o, Domino::Across(i));
    ///     let o = b.option([(0, i), (1, i)])?;
    ///     b.set_payload(o, Domino::Down(i));
    /// }
    /// let mut tilings = b.build()?;
    /// let mut found: Vec<Vec<&Domino>> = tilings
    ///     .search()
    ///     .map(|solution| solution.iter().filter_map(|o| o.payload).collect())
    ///     .collect();
    /// found.sort_by_key(|s| format!("{s:?}"));
    /// assert_eq!(found.len(), 2);
    /// assert!(found.iter().any(|s| s.contains(&&Domino::Down(1))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_payload(&mut self, o: OptionId, payload: T) {
        let n = self.option_count();
        assert!(
            o.index() < n,
            "option {} out of range ({n} options)",
            o.index()
        );
        if self.payloads.len() <= o.index() {
            self.payloads.resize_with(o.index() + 1, || None);
        }
        self.payloads[o.index()] = Some(payload);
    }

    /// Is `label` the label of a declared item?
    pub fn contains<Q>(&self, label: &Q) -> bool
    where
        L: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.index.contains_key(label)
    }

    /// Number of primary items declared.
    pub fn primary_count(&self) -> usize {
        self.primaries
    }

    /// Number of secondary items declared.
    pub fn secondary_count(&self) -> usize {
        self.labels.len() - self.primaries
    }

    /// Number of options added.
    pub fn option_count(&self) -> usize {
        self.option_end.len()
    }

    /// Makes the problem: the primary items first, then the secondary
    /// ones, each in the order they were declared; the options in the
    /// order they were added.
    ///
    /// # Errors
    /// [`BuilderError::TooLarge`] if the problem would have more than
    /// `u32::MAX - 2` nodes. Every other check was made before.
    pub fn build(self) -> Result<Labeled<L, C, T>, BuilderError<L>> {
        let Builder {
            labels,
            decls,
            mut index,
            primaries,
            colors,
            color_index,
            entries,
            option_end,
            payloads,
            ..
        } = self;
        // The item number of each declaration number.
        let mut number = Vec::with_capacity(decls.len());
        let (mut next_primary, mut next_secondary) = (0, primaries as u32);
        for decl in &decls {
            let next = match decl {
                Decl::Primary { .. } => &mut next_primary,
                Decl::Secondary => &mut next_secondary,
            };
            number.push(*next);
            *next += 1;
        }
        let mut problem = Problem::new(primaries, labels.len() - primaries);
        for (&n, decl) in number.iter().zip(&decls) {
            if let Decl::Primary { lo, hi } = *decl {
                if (lo, hi) != (1, 1) {
                    problem
                        .set_bounds(Item::from(n), lo, hi)
                        .expect("bounds checked when given");
                }
            }
        }
        let mut start = 0;
        for &end in &option_end {
            let option = entries[start..end].iter().map(|&(d, code)| {
                let color = code.checked_sub(1).map(|c| Color::new(c as usize));
                (Item::from(number[d as usize]), color)
            });
            problem.add_colored_option(option).map_err(|e| match e {
                BuildError::TooLarge => BuilderError::TooLarge,
                e => unreachable!("option checked when given, yet: {e}"),
            })?;
            start = end;
        }
        // The labels in item order.
        let mut slots: Vec<Option<L>> = Vec::new();
        slots.resize_with(labels.len(), || None);
        for (label, &n) in labels.into_iter().zip(&number) {
            slots[n as usize] = Some(label);
        }
        let labels = slots
            .into_iter()
            .map(|l| l.expect("numbers are a permutation"))
            .collect();
        for d in index.values_mut() {
            *d = number[*d as usize];
        }
        Ok(Labeled {
            problem,
            names: Names {
                labels,
                index,
                colors,
                color_index,
            },
            payloads,
        })
    }

    fn declare(&mut self, label: L, decl: Decl) -> Result<(), BuilderError<L>> {
        if self.index.contains_key(&label) {
            return Err(BuilderError::DuplicateLabel { label });
        }
        if self.labels.len() >= MAX_ITEMS {
            return Err(BuilderError::TooLarge);
        }
        self.index.insert(label.clone(), self.labels.len() as u32);
        self.labels.push(label);
        self.decls.push(decl);
        if decl != Decl::Secondary {
            self.primaries += 1;
        }
        Ok(())
    }

    /// Checks an option's entries, then records them.
    fn add<I>(&mut self, entries: I) -> Result<OptionId, BuilderError<L>>
    where
        I: Iterator<Item = (L, Option<C>)>,
    {
        if self.option_count() >= u32::MAX as usize {
            return Err(BuilderError::TooLarge);
        }
        self.next_stamp();
        let mut option: SmallVec<[(u32, Option<C>); SHORT]> = SmallVec::new();
        for (label, color) in entries {
            let Some(&d) = self.index.get(&label) else {
                return Err(BuilderError::UnknownLabel { label });
            };
            if std::mem::replace(&mut self.seen[d as usize], self.stamp) == self.stamp {
                return Err(BuilderError::RepeatedItem { label });
            }
            if let Some(c) = &color {
                if self.decls[d as usize] != Decl::Secondary {
                    return Err(BuilderError::ColorOnPrimary { label });
                }
                if c.is_empty_color() {
                    return Err(BuilderError::EmptyColor { label });
                }
            }
            option.push((d, color));
        }
        if option.is_empty() {
            return Err(BuilderError::EmptyOption);
        }
        // At most one new color per entry.
        if self.colors.len() + option.len() > Color::MAX + 1 {
            return Err(BuilderError::TooLarge);
        }
        let id = OptionId::new(self.option_count());
        for (d, color) in option {
            let code = match color {
                None => 0,
                Some(c) => 1 + self.intern(c),
            };
            self.entries.push((d, code));
        }
        self.option_end.push(self.entries.len());
        Ok(id)
    }

    /// The index of color `c`, recorded if new.
    fn intern(&mut self, c: C) -> u32 {
        if let Some(&i) = self.color_index.get(&c) {
            return i;
        }
        let i = self.colors.len() as u32;
        self.colors.push(c.clone());
        self.color_index.insert(c, i);
        i
    }

    /// A stamp that no declared item holds, for checking one option.
    fn next_stamp(&mut self) {
        self.seen.resize(self.labels.len(), 0);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }
}

/// `label` back if `lo..=hi` are valid bounds, else the error (in the order
/// of [`Problem::set_bounds`]'s checks).
fn check_bounds<L>(label: L, lo: u32, hi: u32) -> Result<L, BuilderError<L>> {
    if hi == 0 {
        Err(BuilderError::ZeroUpperBound { label })
    } else if lo > hi {
        Err(BuilderError::LowerAboveUpper { label, lo, hi })
    } else {
        Ok(label)
    }
}

#[cfg(test)]
mod tests;

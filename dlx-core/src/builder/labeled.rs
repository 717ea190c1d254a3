//! A problem built by labels ([`Labeled`]) and its solutions read back as
//! labels.

use std::borrow::Borrow;
use std::hash::Hash;

use super::names::Names;
use super::search::LabelSearch;
use crate::index::{Color, Item, OptionId};
use crate::problem::Problem;
use crate::solver::{Solutions, Solver};

/// A problem made by a [`Builder`](super::Builder), with the labels of its items and
/// colors and the payloads of its options: [`Labeled::search`] yields its
/// solutions as labels and payloads, and it searches with the index API
/// of [`Problem`] too.
///
/// The primary items are numbered first, then the secondary ones, each in
/// the order they were declared; the options in the order they were added.
#[derive(Clone, Debug)]
pub struct Labeled<L, C = String, T = ()> {
    /// The problem, for searching with the index API ([`Problem::solver`],
    /// [`Solver::force`], ...), for changing bounds, or for adding options.
    /// An option added here may use only the colors the builder recorded
    /// (see [`Labeled::color`]), or [`Labeled::option_labels`] cannot name
    /// them; [`Problem::reset`] makes the labels meaningless.
    pub problem: Problem,
    pub(super) names: Names<L, C>,
    /// The payload of each option that has one (see
    /// [`Builder::set_payload`](super::Builder::set_payload)); shorter than the options when the last
    /// ones have none.
    pub(super) payloads: Vec<Option<T>>,
}

impl<L: Hash + Eq, C: Hash + Eq, T> Labeled<L, C, T> {
    /// The item labeled `label`, if one was declared.
    pub fn item<Q>(&self, label: &Q) -> Option<Item>
    where
        L: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.names.index.get(label).map(|&i| Item::from(i))
    }

    /// The label of `item`.
    ///
    /// # Panics
    /// If `item` is not an item of the problem.
    pub fn item_label(&self, item: Item) -> &L {
        &self.names.labels[item.index()]
    }

    /// The color labeled `label`, if an option used it.
    pub fn color<Q>(&self, label: &Q) -> Option<Color>
    where
        C: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.names
            .color_index
            .get(label)
            .map(|&c| Color::new(c as usize))
    }

    /// The label of `color`.
    ///
    /// # Panics
    /// If no option given to the builder used `color`.
    pub fn color_label(&self, color: Color) -> &C {
        &self.names.colors[color.index()]
    }

    /// The items of option `o`, as labels, each with its color's label if
    /// it has one, in the order they were given.
    ///
    /// # Panics
    /// If `o` is not an option of the problem, or has a color the builder
    /// did not record.
    pub fn option_labels(
        &self,
        o: OptionId,
    ) -> impl ExactSizeIterator<Item = (&L, Option<&C>)> + '_ {
        self.problem
            .option_items(o)
            .zip(self.problem.option_colors(o))
            .map(|(item, color)| (self.item_label(item), color.map(|c| self.color_label(c))))
    }

    /// A solution's options as lists of labels (see
    /// [`Labeled::option_labels`]), in the solution's order.
    ///
    /// # Panics
    /// As [`Labeled::option_labels`].
    pub fn solution_labels(&self, solution: &[OptionId]) -> Vec<Vec<(&L, Option<&C>)>> {
        solution
            .iter()
            .map(|&o| self.names.option(&self.problem, o))
            .collect()
    }

    /// A lazy iterator over all solutions, each a list of options in the
    /// order the search chose them, each option a list of labels (see
    /// [`Labeled::option_labels`]).
    pub fn solutions(&mut self) -> LabeledSolutions<'_, L, C> {
        LabeledSolutions {
            inner: self.problem.solutions(),
            names: &self.names,
        }
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.problem.count()
    }

    /// The payload [`Builder::set_payload`](super::Builder::set_payload) gave option `o`, if any.
    ///
    /// ```
    /// use dlx_core::{Builder, OptionId};
    ///
    /// let mut b: Builder<&str, String, char> = Builder::default();
    /// b.primary("a")?;
    /// let with = b.option(["a"])?;
    /// b.set_payload(with, 'x');
    /// let without = b.option(["a"])?;
    /// let p = b.build()?;
    /// assert_eq!(p.payload(with), Some(&'x'));
    /// assert_eq!(p.payload(without), None);
    /// assert_eq!(p.payload(OptionId::new(9)), None); // no such option
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payload(&self, o: OptionId) -> Option<&T> {
        self.payloads.get(o.index()).and_then(Option::as_ref)
    }

    /// A search whose solutions come as labels and payloads: each solution
    /// is the list of its options ([`Chosen`](super::Chosen): the id, the
    /// labels and colors, the payload), in the order the search chose
    /// them. Before the first solution is asked for, it can be seeded,
    /// given a deadline, a time limit, a node limit, a [`Cancel`]
    /// handle or a branching rule; a search stopped by a limit ends the
    /// iteration, and [`LabelSearch::outcome`] says why.
    ///
    /// [`Cancel`]: crate::Cancel
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use dlx_core::{Builder, Outcome};
    ///
    /// // Which two of four players make a team: each option carries the
    /// // player's name.
    /// let mut b: Builder<&str, String, &str> = Builder::default();
    /// b.primary_bounded("team", 2, 2)?;
    /// for p in ["Ann", "Bob", "Cid", "Dee"] {
    ///     b.secondary(p)?;
    ///     let o = b.option(["team", p])?;
    ///     b.set_payload(o, p);
    /// }
    /// let mut teams = b.build()?;
    /// let mut search = teams.search().seed(7)?.time_limit(Duration::from_secs(10));
    /// let first: Vec<&str> = search
    ///     .next()
    ///     .expect("a team")
    ///     .iter()
    ///     .filter_map(|o| o.payload.copied())
    ///     .collect();
    /// assert_eq!(first.len(), 2);
    /// assert_eq!(search.by_ref().count(), 5); // the other teams
    /// assert_eq!(search.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(&mut self) -> LabelSearch<'_, L, C, T> {
        LabelSearch::new(
            self.problem.solver().into_solutions(),
            &self.names,
            &self.payloads,
        )
    }
}

/// The solutions of a [`Labeled`] problem, as labels: see
/// [`Labeled::solutions`].
#[derive(Debug)]
pub struct LabeledSolutions<'a, L, C> {
    inner: Solutions<'a>,
    names: &'a Names<L, C>,
}

impl<L, C> LabeledSolutions<'_, L, C> {
    /// The solver underneath: its statistics, and whether a node limit
    /// ended the iteration.
    pub fn solver(&self) -> &Solver<'_> {
        self.inner.solver()
    }
}

impl<'a, L, C> Iterator for LabeledSolutions<'a, L, C> {
    type Item = Vec<Vec<(&'a L, Option<&'a C>)>>;

    fn next(&mut self) -> Option<Self::Item> {
        let solution = self.inner.next()?;
        let problem = self.inner.solver().problem();
        let names: &'a Names<L, C> = self.names;
        Some(solution.iter().map(|&o| names.option(problem, o)).collect())
    }
}

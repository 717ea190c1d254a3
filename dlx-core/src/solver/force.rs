//! Forcing options before the search, and entering a part of a cut.

use super::*;
use crate::engine::arena::ItemIx;
use crate::engine::exact::FLAGGED;
use crate::engine::xcc::bounds::Moves;
use crate::outcome::ForceError;

impl Solver<'_> {
    /// Puts option `o` into every solution before the search starts (a
    /// Sudoku's clues, a partial tiling): its items are covered and the
    /// options that clash with it are hidden.
    ///
    /// # Errors
    /// [`ForceError::Conflict`] if the option shares an item with one forced
    /// before it (the problem then has no solution with both),
    /// [`ForceError::UnknownOption`] for an id out of range, and
    /// [`ForceError::SearchStarted`] once the search has begun. Nothing is
    /// changed when an error is returned.
    pub fn force(&mut self, o: OptionId) -> Result<(), ForceError> {
        if self.started {
            return Err(ForceError::SearchStarted);
        }
        if o.index() >= self.p.option_count() {
            return Err(ForceError::UnknownOption { option: o });
        }
        let x = self.p.option_node(o);
        if !self.strategy.is_plain() {
            return self.force_colored(o, x);
        }
        for item in self.p.option_items(o) {
            if !self.p.links.is_active(ItemIx(item.index() as u32)) {
                return Err(ForceError::Conflict { option: o, item });
            }
        }
        let links = &mut self.p.links;
        links.cover::<FLAGGED, 0>(links.item[x]);
        links.cover_others::<FLAGGED, 0>(x);
        self.p.work.forced.push(x);
        self.record();
        Ok(())
    }

    /// [`Solver::force`] for a colored or bounded problem: the option must
    /// agree with those forced before it by the rules (no primary item
    /// over its upper bound, no option twice, secondary items uncolored in
    /// one option or of one color in all).
    pub(super) fn force_colored(&mut self, o: OptionId, x: Node) -> Result<(), ForceError> {
        let colored = self.p.agreeing_colors(o, &self.p.work.forced)?;
        self.p.work.xcc.force(x.0, &colored);
        self.p.work.forced.push(x);
        self.record();
        Ok(())
    }

    /// Starts the search at `part` (one of [`Problem::cut`]'s parts of this
    /// problem): the search then counts or lists that part's solutions
    /// only. Without bounds this forces the part's options; under bounds it
    /// replays the part's moves, as the sequential search makes them.
    ///
    /// # Errors
    /// [`ForceError::SearchStarted`] once the search has begun;
    /// [`ForceError::NotAPart`] for a part of another problem, or under
    /// bounds after options were forced (the solver is then exhausted);
    /// without bounds, what [`Solver::force`] returns for its options (those
    /// forced before the error stay forced). A part of this problem's cut
    /// never fails on a fresh solver.
    pub fn enter(&mut self, part: &Part) -> Result<(), ForceError> {
        if self.started {
            return Err(ForceError::SearchStarted);
        }
        if !self.strategy.is_bounded() {
            for &choice in part.choices() {
                self.force(choice.ok_or(ForceError::NotAPart)?)?;
            }
            return Ok(());
        }
        if part.moves.len() != part.choices().len()
            || !self.replay_bounded(&part.moves)
            || self.path_choices() != part.choices()
        {
            self.started = true;
            self.state = State::Done;
            self.record();
            return Err(ForceError::NotAPart);
        }
        Ok(())
    }

    /// Under bounds, after [`Solver::replay_bounded`]: the option of each
    /// level's move (`None` for a null move).
    pub(crate) fn path_choices(&self) -> Vec<Option<OptionId>> {
        let p = &*self.p;
        p.work.choice[..self.level]
            .iter()
            .zip(&p.work.stop)
            .map(|(&x, &stop)| (x != stop).then(|| p.option_of(x)))
            .collect()
    }

    /// Puts a fresh solver of a bounded problem where the sequential search
    /// stands after the moves `path` (see `XccLinks::replay_bounded`); the
    /// search then counts that subtree only, its nodes from the level the
    /// path reaches, as the sequential search counts them. This is how
    /// `parallel` shares the tree of Algorithm M, which forced options
    /// cannot describe. False (and the solver exhausted) for a path that is
    /// not one, or a solver that has started or is not under bounds.
    pub(crate) fn replay_bounded(&mut self, path: &[u32]) -> bool {
        if self.started || !self.strategy.is_bounded() || !self.p.work.forced.is_empty() {
            return false;
        }
        self.started = true;
        self.level = path.len();
        self.floor = path.len();
        let p = &mut *self.p;
        let ok = p
            .work
            .xcc
            .replay_bounded(path, &mut p.work.choice, &mut p.work.stop);
        self.state = if ok { State::Forward } else { State::Done };
        self.record();
        ok
    }

    /// What the search of a fresh bounded solver does at the root: see
    /// `XccLinks::moves_bounded`.
    pub(crate) fn moves_bounded(&mut self) -> Moves {
        self.p.work.xcc.moves_bounded()
    }
}

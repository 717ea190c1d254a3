//! The search's working state: what a [`Solver`](crate::Solver) borrows
//! from the [`Problem`](crate::Problem) besides the plain links, kept with
//! the problem so that a problem searched again (a Sudoku after a reset)
//! allocates nothing, and so that a dropped solver's work is undone only
//! when the problem is next used (`Problem::restore`).

use crate::engine::arena::Node;
use crate::engine::exact::{LogMarks, Order};
use crate::engine::lazy::LazyLinks;
use crate::engine::levels::State;
use crate::engine::xcc::XccLinks;

/// The working state of the searches of one problem.
#[derive(Clone, Debug, Default)]
pub(crate) struct Work {
    /// Reusable search stack (one chosen node per level), kept here so that
    /// searching a reset problem does not allocate.
    pub(crate) choice: Vec<Node>,
    /// Where each level's list of options ends for the search: the item's
    /// header, or the first option given away by [`Solver::split_off`](crate::Solver::split_off).
    pub(crate) stop: Vec<Node>,
    /// The height of the short-item stack after each level's item was
    /// covered (under [`Branching::ShortFirst`](crate::Branching::ShortFirst)
    /// and [`Branching::ShortFirstDegree`](crate::Branching::ShortFirstDegree)).
    pub(crate) mark: Vec<usize>,
    /// The order in which each level's option had its items covered, where
    /// the search under [`Branching::Early`](crate::Branching::Early) covers
    /// them shortest first (long item lists; see
    /// [`Links::cover_others_early`](crate::engine::exact::Links::cover_others_early)).
    pub(crate) order: Vec<Order>,
    /// Where each level's covers start in the plain search's hide log (see
    /// `engine/exact/log.rs`).
    pub(crate) logged: Vec<LogMarks>,
    /// Options forced before the search, in order.
    pub(crate) forced: Vec<Node>,
    /// Where a dropped solver left the search: the links are covered down
    /// to that point and must be restored before they are used again.
    pub(crate) pending: Option<Pending>,
    /// The links of the colored or bounded search, built from the options
    /// when a solver starts (see [`Kind`](crate::Kind)).
    pub(crate) xcc: XccLinks,
    /// Are `xcc` built from the current options and at rest (no search
    /// has covered anything in them)?
    pub(crate) xcc_ready: bool,
    /// The links of the colored search under the early rule where options
    /// have many secondary items (see `engine::lazy`), built when such a search
    /// starts.
    pub(crate) lazy: LazyLinks,
}

/// The state of an abandoned search (see `Problem::restore`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    pub(crate) state: State,
    pub(crate) level: usize,
    /// Did the levels cover their options' items in the orders of
    /// [`Work::order`]?
    pub(crate) ordered: bool,
}

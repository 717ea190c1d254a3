//! The hide log of the plain search: the covers of `dlx1` and of the short
//! rules ([`Branching::ShortFirst`], [`Branching::ShortFirstDegree`]) write
//! down each node they hide, with its item, and the search undoes a level
//! by unhiding the nodes above the level's mark, latest first, instead of
//! walking the item lists again.
//!
//! The links are the same either way, and so are DLX1's node and update
//! counts: DLX1's uncover unhides the nodes its cover hid in exactly the
//! reverse order, and the log holds that order. What the log saves is the
//! walk. An uncover goes up the item's list and around each option to the
//! spacer, and where lists are short (Sudoku: 1 to 9 options an item, 4
//! nodes an option) the ends of those loops are mispredicted about once a
//! list; the log is one loop over contiguous entries. Each hide pays one
//! store more. Measured against the walk, alternated, best of 5 to 7
//! (`dlx-sudoku -j1 -u`, `dlx --rule R FILE`): the training set of the
//! forum's hardest Sudokus 0.90 of the time (9.70 → 8.73 s), top1465 0.95,
//! 17clue 0.99; under `dlx1` queens13 0.88, langford12 0.91; under `short`
//! pent5x12 0.91, pent6x10_sym 0.90, queens12 0.92, langford11 0.95. Where
//! it does not pay, the levels are not logged (`Plain::LOG` in `search.rs`):
//! pairs, and under `dlx1` options of 5 or more nodes; the early rule's
//! covers stop part-way and keep their walk.
//!
//! A level's covers are logged when the level was opened under a rule
//! that logs; levels opened before the rule changed mid-search (see
//! [`Solver::set_branching`]) are undone by the walk. [`HideLog::from`]
//! tells them apart: the levels from it up are logged. Opening a level at
//! or below it starts the log afresh there, so the log only ever holds
//! the hides of the logged levels on the current path, each option node
//! at most once: it never needs more entries than there are nodes.
//!
//! [`Branching::ShortFirst`]: crate::Branching::ShortFirst
//! [`Branching::ShortFirstDegree`]: crate::Branching::ShortFirstDegree
//! [`Solver::set_branching`]: crate::Solver::set_branching

use super::*;

/// What the plain search's covers hid, in order (see the module notes).
#[derive(Debug, Clone)]
pub(crate) struct HideLog {
    /// Each hide's node and its item, entries `0..top` in use. Sized to
    /// the nodes before a search ([`Links::size_log`]).
    pub(crate) hidden: Vec<(Node, ItemIx)>,
    pub(crate) top: usize,
    /// The lowest level whose covers are in the log; `usize::MAX` when
    /// none is (a new solver, or the rule just changed).
    pub(crate) from: usize,
}

impl Default for HideLog {
    fn default() -> Self {
        HideLog {
            hidden: Vec::new(),
            top: 0,
            from: usize::MAX,
        }
    }
}

/// A level's two marks in the log: its length before the level's item was
/// covered, and before its option's other items were.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LogMarks {
    pub(crate) open: usize,
    pub(crate) commit: usize,
}

impl Links {
    /// Makes room in the log for a search: one entry per node.
    pub(crate) fn size_log(&mut self) {
        let nodes = self.node_count();
        if self.log.hidden.len() < nodes {
            self.log.hidden.resize(nodes, (Node(0), ItemIx(0)));
        }
    }

    /// Before `level`'s item is covered: when the level is at or below
    /// [`HideLog::from`], the log starts afresh there (the levels below it,
    /// if any, are undone by the walk). Returns the log's length.
    #[inline(always)]
    pub(crate) fn log_open(&mut self, level: usize) -> usize {
        if level <= self.log.from {
            self.log.from = level;
            self.log.top = 0;
        }
        self.log.top
    }

    /// Writes the hide of node `nn` of item `cc` to the log.
    #[inline(always)]
    pub(crate) fn push_log(&mut self, nn: Node, cc: ItemIx) {
        let at = self.log.top;
        // The log has an entry per node, and holds each at most once.
        self.log.hidden[at] = (nn, cc);
        self.log.top = at + 1;
    }

    /// The number of hides in the log.
    #[inline(always)]
    pub(crate) fn log_len(&self) -> usize {
        self.log.top
    }

    /// Are `level`'s covers in the log?
    #[inline(always)]
    pub(crate) fn logged(&self, level: usize) -> bool {
        level >= self.log.from
    }

    /// Forgets what the log holds: the levels covered now are undone by the
    /// walk (after a change of rule mid-search).
    pub(crate) fn forget_log(&mut self) {
        self.log.from = usize::MAX;
    }

    /// Unhides the nodes logged after `mark`, latest first: the undo of
    /// the covers that hid them.
    #[inline(always)]
    pub(crate) fn unhide_to(&mut self, mark: usize) {
        let top = self.log.top;
        debug_assert!(mark <= top && top <= self.log.hidden.len());
        let (hidden, link, len) = (&self.log.hidden[mark..top], &mut self.link, &mut self.len);
        for &(nn, cc) in hidden.iter().rev() {
            super::cover::relink(link, len, nn, cc);
        }
        self.log.top = mark;
    }
}

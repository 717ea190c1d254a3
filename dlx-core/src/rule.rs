//! The rules by which the search picks the item to branch on, and what
//! each asks of the engines.
//!
//! [`Branching`] names the rules as users pick them (`dlx --rule`). Three
//! different things hide behind those names, and `engine::strategy::plan` sorts
//! them out once, when a rule is set, into a `Plan`:
//!
//! - the *item choice* proper (`Choice`): DLX1's leftmost item of least
//!   length, the scan that stops at length 1, the short-item stack with or
//!   without the degree tie-break, the leftmost item;
//! - the *engine variant*: `early` runs the engine's early covers, which
//!   find dead ends while an option is tried (Knuth's SSXC1 and SSXCC);
//! - the *policy*: `fast` picks a rule and a variant from the problem's
//!   [`Kind`](crate::Kind), from the measurements in `benches/README.md`.
//!
//! Adding an item-choice rule: a variant of [`Branching`] with its row in
//! [`Branching::TABLE`] (its name and help line, which the programs, the
//! Python package and the documentation take from there), its `Choice`
//! and `Choice::colored` here, its plan in `engine/strategy.rs` (the
//! matches are exhaustive, and a check below the table asks for the row,
//! so the compiler asks for each), and its scan in
//! `engine/exact/choose.rs`.

/// How the search picks the primary item to branch on.
///
/// Every rule finds the same solutions; they differ in the size of the
/// search tree and the cost of each node. On colored problems the rules
/// map onto Knuth's Algorithm C: `MinLength` is DLX2's rule, `First` the
/// leftmost item, `Early` backs up inside a commit as Knuth's SSXCC does,
/// and the others scan as `MinLengthUpToOne` (colored problems keep no
/// stack of short items). Bounded problems follow DLX3's rule under every
/// rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Branching {
    /// Knuth's rule in DLX1 (MRV): the leftmost active item whose list is
    /// shortest, scanning the items in order and stopping early only at
    /// length 0. Node and update counts equal DLX1's.
    #[default]
    MinLength,
    /// Like [`Branching::MinLength`], but the scan also stops at the first
    /// item of length 1. A forced choice is as good as any, and on problems
    /// where most nodes have one (Sudoku) the shorter scan is cheaper; the
    /// tree can differ from DLX1's when a length-0 item sits further right.
    MinLengthUpToOne,
    /// An item of length 0 or 1 whenever there is one, without a scan: the
    /// search keeps a stack of the items its covers shortened to length 1
    /// or 0 and takes the most recent one still active, except that an item
    /// a cover has just emptied comes first (a dead end found at once);
    /// when there is none, the scan of [`Branching::MinLengthUpToOne`]. The fastest rule on
    /// problems where most nodes are forced moves (Sudoku: about nine nodes
    /// in ten); the tree differs from DLX1's, and each cover pays a test.
    ShortFirst,
    /// Like [`Branching::ShortFirst`], but when no item has length 0 or 1
    /// the tie among the items of minimum length is broken by degree:
    /// of the first 8 of them in index order, the one whose options
    /// conflict with the most other options, measured as the sum of the
    /// lengths of their other items, so that each branch hides the most.
    /// The choice then costs a walk of those items' options, but the tree
    /// shrinks: the Sudoku solver's default, where it saves 28% of the
    /// nodes on the hardest puzzles (and its tree differs from
    /// `ShortFirst`'s). Counting all solutions of the engine benchmarks
    /// (queens, Langford pairs, pentominoes) it saves no time.
    ShortFirstDegree,
    /// The leftmost active item whatever its length: no heuristic at all, a
    /// baseline that shows what MRV is worth.
    First,
    /// The scan of [`Branching::MinLengthUpToOne`], with dead ends found
    /// while an option is tried rather than at the next node: trying an
    /// option first takes all its items out of the active ones, then covers
    /// them, and backs up at once (undoing what it did) when a cover leaves
    /// an active primary item with no option, as Knuth's dancing-cells
    /// solver SSXC1 does. Such an option is not a node: a node is a level
    /// entered, plus one per solution, so the tree has fewer nodes than
    /// DLX1's and the counts of nodes and updates are not DLX1's. Where the
    /// item lists are long (32 nodes an item on average or more), an
    /// option's items are covered shortest first, so that a dead end costs
    /// less work before it is found; that changes the updates, not the
    /// nodes. On colored problems whose options have three or more
    /// secondary items on average, on 32 options a secondary item or more
    /// (edge matching, word rectangles), the search leaves the secondary
    /// items out of the links: the same tree, faster there, with updates
    /// counted as items taken plus primary nodes unlinked. On other colored
    /// problems whose options' lengths differ, each item's options are
    /// tried shortest first (the links are built again when the search
    /// starts, for the life of the solver): the same tree in another order,
    /// so the solutions come in another order than DLX2's.
    Early,
    /// The choice of [`Branching::ShortFirstDegree`], with a look-ahead:
    /// once an option is tried and no forced move (an item of one option)
    /// is pending, every active primary item of [`LOOK_AHEAD_LEN`] (two)
    /// options that the covers shortened is looked at, and when both its
    /// options also hold some other item, that other item's options
    /// without the first are taken out of the links until the search backs
    /// up (they can be in no solution below: the first item's option will
    /// cover the other item). In Sudoku this is locked candidates
    /// (pointing and claiming) of two candidates at every branching node,
    /// as the bitboard solvers do; in packing and scheduling problems the
    /// same subset reasoning. The solutions are the same; the tree is smaller, with
    /// fewer guesses ([`Stats::guesses`](crate::Stats::guesses)), each
    /// node costs more, and the node and update counts are not DLX1's. On
    /// colored and bounded problems it is [`Branching::ShortFirstDegree`],
    /// without the look-ahead.
    LookAhead,
    /// The rule the project recommends for speed, picked by the kind of
    /// problem from the measurements in `benches/README.md`: today
    /// [`Branching::Early`] on plain exact cover and on colored problems,
    /// except DLX2's rule ([`Branching::MinLength`]) on colored problems of
    /// short options (under 3.5 items an option on average, 1.25 or more
    /// of them primary), and DLX3's rule on bounded ones (which follow it
    /// under every rule). The solver resolves it when the rule is set.
    Fast,
}

/// A rule's row in [`Branching::TABLE`]: the one list of the rules' names,
/// from which the programs' value parsers, their help and the lists in the
/// documentation are made (tests compare those against it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleName {
    /// The rule.
    pub rule: Branching,
    /// Its short name, as `dlx --rule` and Python's `branching=` take it.
    pub name: &'static str,
    /// What it does, in a line or two of a help text.
    pub about: &'static str,
}

impl Branching {
    /// Every rule with its name and a line about it, in the order the help
    /// texts list them (the default first). Row `k` is the rule whose
    /// discriminant is `k`.
    pub const TABLE: [RuleName; 8] = [
        RuleName {
            rule: Branching::MinLength,
            name: "dlx1",
            about: "Knuth's DLX1, DLX2 or DLX3 (the default): the leftmost item of \
                    least length, with their node and update counts",
        },
        RuleName {
            rule: Branching::MinLengthUpToOne,
            name: "up-to-one",
            about: "dlx1's scan, stopping at the first item of length 1",
        },
        RuleName {
            rule: Branching::ShortFirst,
            name: "short",
            about: "forced moves from a stack, no scan (up-to-one on colored problems)",
        },
        RuleName {
            rule: Branching::ShortFirstDegree,
            name: "degree",
            about: "short, ties broken by the most conflicts (up-to-one on colored \
                    problems)",
        },
        RuleName {
            rule: Branching::First,
            name: "first",
            about: "no heuristic: the leftmost item",
        },
        RuleName {
            rule: Branching::Early,
            name: "early",
            about: "up-to-one, and an option that leaves some primary item without \
                    options is dropped while it is tried, as Knuth's SSXC1 and SSXCC \
                    do (such a try is not a node)",
        },
        RuleName {
            rule: Branching::LookAhead,
            name: "look-ahead",
            about: "degree, and before each guess the options that both options of \
                    an item of two rule out are taken out (locked candidates in \
                    Sudoku) until the search backs up (degree on colored problems)",
        },
        RuleName {
            rule: Branching::Fast,
            name: "fast",
            about: "the fastest on our benchmarks for the kind of problem: today \
                    early, and dlx1 on bounded problems and on colored ones of short \
                    options (under 3.5 items an option, 1.25 or more of them primary)",
        },
    ];

    /// Every rule, in the order of [`Branching::TABLE`].
    pub const ALL: [Branching; 8] = {
        let mut all = [Branching::MinLength; 8];
        let mut k = 0;
        while k < all.len() {
            all[k] = Branching::TABLE[k].rule;
            k += 1;
        }
        all
    };

    /// The rule's short name, as `dlx --rule` takes it: `dlx1`, `up-to-one`,
    /// `short`, `degree`, `first`, `early`, `fast` (see [`Branching::TABLE`]).
    pub fn name(self) -> &'static str {
        Branching::TABLE[self as usize].name
    }

    /// The rule the project recommends for speed: [`Branching::Fast`].
    pub const FAST: Branching = Branching::Fast;

    /// The rule of a short name (see [`Branching::name`]).
    ///
    /// ```
    /// use dlx_core::Branching;
    ///
    /// for rule in Branching::ALL {
    ///     assert_eq!(Branching::from_name(rule.name()), Some(rule));
    /// }
    /// assert_eq!(Branching::from_name("fast"), Some(Branching::FAST));
    /// assert_eq!(Branching::from_name("fastest"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Branching> {
        Branching::ALL.into_iter().find(|r| r.name() == name)
    }
}

// The table's row `k` is the rule of discriminant `k` (`Branching::name`
// indexes it so), and every rule has a row: a rule added after `Fast`
// without a row fails to compile here.
const _: () = {
    let mut k = 0;
    while k < Branching::TABLE.len() {
        assert!(Branching::TABLE[k].rule as usize == k);
        k += 1;
    }
    assert!(Branching::Fast as usize + 1 == Branching::TABLE.len());
};

/// What a rule asks of the search, once resolved for a problem
/// (`engine::strategy::plan`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// How the search picks the item to branch on.
    pub(crate) choice: Choice,
    /// Does the engine run its early variant?
    pub(crate) early: bool,
    /// Does the plain engine look ahead after each try (see
    /// [`Branching::LookAhead`])?
    pub(crate) look: bool,
}

/// The length of the item lists [`Branching::LookAhead`] looks at: items
/// of two options. Those of three added 0.3% fewer nodes on the forum's
/// hardest Sudokus, for 30% more time.
pub const LOOK_AHEAD_LEN: u32 = 2;

impl Default for Plan {
    /// DLX1's rule ([`Branching::MinLength`]).
    fn default() -> Plan {
        Plan {
            choice: Choice::MinLength,
            early: false,
            look: false,
        }
    }
}

/// The item choice proper of a rule (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// DLX1's: the leftmost item of least length, the scan stopping at 0.
    MinLength,
    /// The scan also stops at the first item of length 1.
    UpToOne,
    /// An item of length 0 or 1 from the stack of short items, else the
    /// scan of `UpToOne` ([`Branching::ShortFirst`]).
    Short,
    /// `Short`, ties among the shortest broken by degree
    /// ([`Branching::ShortFirstDegree`]).
    ShortDegree,
    /// The leftmost active item.
    First,
}

impl Choice {
    /// Does the search keep the stack of short items (and the covered flag
    /// in the lengths)?
    pub(crate) fn is_short(self) -> bool {
        matches!(self, Choice::Short | Choice::ShortDegree)
    }

    /// The choice on the colored links (Algorithm C), which keep no stack
    /// of short items: the short rules scan as `UpToOne`, the scan they
    /// fall back on when their stack is empty, and the degree tie-break is
    /// not kept.
    pub(crate) fn colored(self) -> ColorChoice {
        match self {
            Choice::MinLength => ColorChoice::Dlx2,
            Choice::UpToOne | Choice::Short | Choice::ShortDegree => ColorChoice::UpToOne,
            Choice::First => ColorChoice::First,
        }
    }
}

/// The item choice of Algorithm C ([`Choice::colored`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ColorChoice {
    /// DLX2's: the leftmost item of least length, the scan stopping at 0.
    #[default]
    Dlx2,
    /// The scan also stops at the first item of length 1.
    UpToOne,
    /// The leftmost active item.
    First,
}

//! The techniques: their names, their order and their weights.

use std::fmt;

/// A solving technique; see the [module documentation](super).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate.
    NakedSingle,
    /// A value with one cell left in a house.
    HiddenSingle,
    /// A box's (region's) cells for a value lie in one row or column.
    Pointing,
    /// A row's or column's cells for a value lie in one box (region).
    Claiming,
    /// A house's cells for a value all lie in another house, where a
    /// diagonal is one of the two.
    LockedCandidates,
    /// Two cells of a house whose candidates are the same two values.
    NakedPair,
    /// Two values of a house that fit in the same two cells only.
    HiddenPair,
    /// Three cells of a house with three values between them.
    NakedTriple,
    /// Three values of a house that fit in the same three cells only.
    HiddenTriple,
    /// A value's cells in two rows (columns) lie in the same two columns
    /// (rows).
    XWing,
    /// A value's cells in three rows (columns) lie in three columns (rows)
    /// between them.
    Swordfish,
    /// A cell with candidates {x, y} sees cells {x, z} and {y, z}.
    XYWing,
    /// A cell with candidates {x, y, z} sees cells {x, z} and {y, z}.
    XYZWing,
    /// Two cells {x, y} that do not see each other, joined by a strong
    /// link on x (a value's only two places in a house, one seeing each).
    WWing,
    /// Unique rectangle type 1: three corners of a rectangle over two boxes
    /// hold only {a, b}.
    UniqueRectangle,
    /// Unique rectangle type 2: two corners hold only {a, b}, the other two
    /// only {a, b, z}.
    UniqueRectangle2,
    /// Unique rectangle type 4: two corners hold only {a, b}, and the other
    /// two are the only places of a in one of their houses.
    UniqueRectangle4,
    /// A box's cells for a value lie in one row and one column, and a
    /// strong link on the value crosses one of them.
    EmptyRectangle,
    /// A value's conjugate pairs, chained and coloured in turn.
    SimpleColouring,
    /// Unique rectangle type 3: two corners hold only {a, b}; the other
    /// two's other candidates form a naked subset with cells of a house
    /// they share.
    UniqueRectangle3,
    /// An X-wing but for some cells (fins) in one box.
    FinnedXWing,
    /// A finned X-wing one of whose lines has one cell but for its fins.
    SashimiXWing,
    /// A swordfish but for some cells (fins) in one box.
    FinnedSwordfish,
    /// A finned swordfish one of whose lines has one cell but for its fins.
    SashimiSwordfish,
    /// Four cells of a house with four values between them.
    NakedQuad,
    /// A value's cells in four rows (columns) lie in four columns (rows)
    /// between them.
    Jellyfish,
    /// A jellyfish but for some cells (fins) in one box.
    FinnedJellyfish,
    /// A finned jellyfish one of whose lines has one cell but for its fins.
    SashimiJellyfish,
    /// Four values of a house that fit in the same four cells only.
    HiddenQuad,
    /// Bivalue universal grave plus one: every open cell but one has two
    /// candidates, and every value two places in each house but one value
    /// in the one cell with three.
    BugPlusOne,
    /// An X-chain of four candidates whose two strong links lie in
    /// parallel lines.
    Skyscraper,
    /// An X-chain of four candidates whose strong links lie in a row and a
    /// column, joined in a box.
    TwoStringKite,
    /// Any other X-chain of four candidates.
    TurbotFish,
    /// An alternating chain on one value (strong links: conjugate pairs).
    XChain,
    /// An alternating chain through bivalue cells.
    XYChain,
    /// An alternating inference chain mixing values and cells.
    Aic,
    /// An AIC (through groups or not) whose last candidate is weakly
    /// linked back to its first: a loop where one of the two ends of
    /// every link is true.
    ContinuousNiceLoop,
    /// An AIC through groups: a value's cells of one box and one line,
    /// taken together.
    GroupedAic,
    /// Two almost locked sets (N cells of a house with N + 1 candidates)
    /// joined by a restricted common candidate.
    AlsXz,
    /// Two almost locked sets each joined to a third by a restricted
    /// common candidate.
    AlsXyWing,
    /// Assuming a candidate leads, by a chain of the pencil marks' links,
    /// to a contradiction.
    ForcingChain,
    /// Every candidate of a cell leads, by chains of the pencil marks'
    /// links, to the same conclusion.
    CellForcingChain,
    /// Every cell of a house for a value leads, by chains of the pencil
    /// marks' links, to the same conclusion.
    UnitForcingChain,
    /// Forcing chains over the pencil marks as each assumption changes
    /// them (singles found on the way count): a contradiction, or the same
    /// conclusion from every candidate of a cell or every place of a value
    /// in a house.
    DynamicForcingChain,
    /// Dynamic forcing chains whose assumptions are followed with the
    /// techniques up to subsets, fish and wings as well as singles
    /// (Sudoku Explainer's "dynamic forcing chains (+)").
    DynamicForcingChainPlus,
    /// Dynamic forcing chains (+) with dynamic forcing chains inside: an
    /// assumption whose branch, followed with singles, the techniques up
    /// to wings and contradictions found by dynamic forcing chains within
    /// it, contradicts itself. Its length counts the chains nested in it,
    /// as Sudoku Explainer's does (see [`Step::length`](super::Step::length)).
    NestedForcingChain,
}

impl Technique {
    /// Every technique, in the order [`Logic::find`](super::Logic::find) tries them
    /// (a finned fish and its sashimi kind are looked for together).
    pub const ALL: [Technique; 46] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::SimpleColouring,
        Technique::UniqueRectangle3,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::XChain,
        Technique::XYChain,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::WWing,
        Technique::Aic,
        Technique::ContinuousNiceLoop,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::ForcingChain,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    /// The technique's name, as players say it (`naked single`, `X-wing`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "swordfish",
            Technique::XYWing => "XY-wing",
            Technique::XYZWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::UniqueRectangle2 => "unique rectangle type 2",
            Technique::UniqueRectangle3 => "unique rectangle type 3",
            Technique::UniqueRectangle4 => "unique rectangle type 4",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::SimpleColouring => "simple colouring",
            Technique::FinnedXWing => "finned X-wing",
            Technique::SashimiXWing => "sashimi X-wing",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::SashimiSwordfish => "sashimi swordfish",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::SashimiJellyfish => "sashimi jellyfish",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::BugPlusOne => "BUG+1",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::XChain => "X-chain",
            Technique::XYChain => "XY-chain",
            Technique::Aic => "AIC",
            Technique::ContinuousNiceLoop => "continuous nice loop",
            Technique::GroupedAic => "grouped AIC",
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-wing",
            Technique::ForcingChain => "forcing chain",
            Technique::CellForcingChain => "cell forcing chains",
            Technique::UnitForcingChain => "unit forcing chains",
            Technique::DynamicForcingChain => "dynamic forcing chains",
            Technique::DynamicForcingChainPlus => "dynamic forcing chains (+)",
            Technique::NestedForcingChain => "nested forcing chains",
        }
    }

    /// The technique's weight on a scale in the spirit of Sudoku
    /// Explainer's (whose values these are where it has the technique):
    /// how hard players find it, from 1.2 (hidden single) to 9.5 (nested
    /// forcing chains). A puzzle's rating is the weight of the hardest
    /// technique its solution needs.
    ///
    /// | technique | weight |
    /// |---|---|
    /// | hidden single | 1.2 (in a box; 1.5 in a row or column: see [`Step::rating`](super::Step::rating)) |
    /// | naked single | 2.3 |
    /// | pointing | 2.6 |
    /// | claiming, locked candidates | 2.8 |
    /// | naked pair | 3.0 |
    /// | X-wing | 3.2 |
    /// | hidden pair | 3.4 |
    /// | naked triple | 3.6 |
    /// | swordfish | 3.8 |
    /// | hidden triple | 4.0 |
    /// | XY-wing | 4.2 |
    /// | XYZ-wing | 4.4 |
    /// | unique rectangle (type 1), types 2 and 4 | 4.5 |
    /// | simple colouring\* | 4.6 |
    /// | unique rectangle type 3 | 4.6 (a naked pair; 4.7 a triple, 4.8 a quad: see [`Step::rating`](super::Step::rating)) |
    /// | naked quad | 5.0 |
    /// | jellyfish | 5.2 |
    /// | hidden quad | 5.4 |
    /// | BUG+1 | 5.6 |
    /// | skyscraper, 2-string kite, turbot fish, X-chain, XY-chain | 6.6 |
    /// | empty rectangle\*, finned and sashimi X-wing\* | 6.6 |
    /// | finned and sashimi swordfish\* | 6.7 |
    /// | finned and sashimi jellyfish\* | 6.8 |
    /// | W-wing\*, AIC, continuous nice loop, grouped AIC\*\*, ALS-XZ\*\*, ALS-XY-wing\*\*, forcing chain | 7.0 |
    /// | cell and unit forcing chains | 8.0 |
    /// | dynamic forcing chains | 8.5 |
    /// | dynamic forcing chains (+) | 9.0 |
    /// | nested forcing chains | 9.5 |
    ///
    /// A chain step adds to its technique's weight for its length, as
    /// Sudoku Explainer does: see [`Step::rating`](super::Step::rating).
    /// The nested forcing chains weigh Sudoku Explainer's first nesting
    /// level (9.5, forcing chains nested in dynamic forcing chains (+))
    /// though they nest dynamic contradictions (its 10.5): their lengths,
    /// which count the nested chains, already put the forum's "11+" list
    /// at 11.0 to 11.8 (50 of a sample of 51; `tests/rate.rs` checks 4),
    /// where Sudoku Explainer puts it, and 10.5 would put it above 12.
    ///
    /// \* Not in Sudoku Explainer 1.2.1 (whose unique rectangles of
    /// types 1, 2 and 4 weigh 4.5, and type 3 4.5 plus 0.1 per value of
    /// its naked subset past the first). Sudoku Explainer finds the
    /// others as chains, and they weigh what it gives those chains, so a
    /// puzzle's rating stays on its scale: the empty rectangle is a turbot
    /// fish with a box's cells for one end, and a finned X-wing an X-chain
    /// of six candidates (grouped for several fins), both 6.6 like the
    /// skyscraper; a finned swordfish or jellyfish is a longer one (6.7,
    /// 6.8, as the length bonus of an X-chain of eight and ten
    /// candidates); a W-wing is an alternating inference chain of six
    /// candidates through two values (7.0). A sashimi fish weighs what
    /// its finned fish does. (Simple colouring, 4.6, is not in Sudoku
    /// Explainer either; it is placed after the unique rectangle.)
    ///
    /// \*\* Sudoku Explainer rates its bidirectional cycles (continuous
    /// nice loops) 7.0, as its AIC-like forcing chains, and has neither
    /// groups nor almost locked sets; HoDoKu rates them above AICs (nice
    /// loops and AICs 280, grouped chains and ALS-XZ 300, ALS-XY-wing 320)
    /// and below forcing chains (500). They weigh 7.0 here and are tried
    /// in HoDoKu's order between AICs and forcing chains; their
    /// [length](super::Step::length) counts a group's cells and a set's
    /// cells, so the length bonus rates them a bit above a plain AIC.
    pub fn weight(self) -> f64 {
        match self {
            Technique::HiddenSingle => 1.2,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming | Technique::LockedCandidates => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XYWing => 4.2,
            Technique::XYZWing => 4.4,
            Technique::UniqueRectangle
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle4 => 4.5,
            Technique::SimpleColouring | Technique::UniqueRectangle3 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::BugPlusOne => 5.6,
            Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::EmptyRectangle
            | Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::XChain
            | Technique::XYChain => 6.6,
            Technique::FinnedSwordfish | Technique::SashimiSwordfish => 6.7,
            Technique::FinnedJellyfish | Technique::SashimiJellyfish => 6.8,
            Technique::WWing
            | Technique::Aic
            | Technique::ContinuousNiceLoop
            | Technique::GroupedAic
            | Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::ForcingChain => 7.0,
            Technique::CellForcingChain | Technique::UnitForcingChain => 8.0,
            Technique::DynamicForcingChain => 8.5,
            Technique::DynamicForcingChainPlus => 9.0,
            Technique::NestedForcingChain => 9.5,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

//! The one place that chooses the engine a search runs on, in the spirit
//! of regex-automata's `meta`: from the problem's [`Kind`], the rule
//! ([`Branching`]) and the seed, the solver, the memo and the parallel
//! counter all ask here which links to dance on and with what item choice.
//!
//! The choices, and where their reasons are measured:
//!
//! - **The links.** Plain problems run on the plain links
//!   (`engine::exact`), which pick their copy of the loop from the options'
//!   lengths; bounded problems (multiplicities) on the colored links'
//!   DLX3 loop; colored problems on the colored links (`engine::xcc`), except
//!   that an unseeded search under the early rule runs on the lazy links
//!   (`engine::lazy`) where those suit the problem (many secondary items an
//!   option), else on the colored links with each item's options in order
//!   of length where lengths differ ([`Strategy::start`]).
//! - **The plan** ([`plan`], [`plan_for`]): the rule's item choice and
//!   engine variant, with the `fast` policy resolved for the kind and, on
//!   colored problems, the options' shape (`benches/README.md`).
//! - **The memo's choice** ([`memo_choice`]): DLX1's under `fast` and
//!   `early`, which searched the fewest subproblems on every file measured.
//! - **Parts** ([`parts_are_moves`]): how the parallel counter hands out
//!   pieces of a tree.

use crate::engine::Kind;
use crate::problem::Problem;
use crate::rule::{Branching, Choice, Plan};

/// The links a search dances on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Links {
    /// The plain links (`engine::exact`).
    Plain,
    /// The colored links (`engine::xcc`), options in the input's order.
    Colored,
    /// The colored links with each item's options shortest first
    /// (`XccLinks::order_by_length`): built again when the search starts,
    /// for the life of the solver.
    ColoredByLength,
    /// The lazy links (`engine::lazy`): colored options whose secondary
    /// items stay out of the links.
    Lazy,
    /// The colored links' bounded loop (DLX3).
    Bounded,
}

/// What a solver runs on: chosen when it is made ([`Strategy::new`]), when
/// a rule or a seed is set, and when its search starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strategy {
    /// The problem's kind, fixed for the life of the solver.
    pub(crate) kind: Kind,
    /// What the rule asks of the search (see [`plan`]).
    pub(crate) plan: Plan,
    /// Was a seed set (see `Solver::set_seed`)?
    pub(crate) seeded: bool,
    /// The links the search dances on.
    pub(crate) links: Links,
}

impl Strategy {
    /// The strategy of a new solver of a problem of kind `kind`, under
    /// DLX1's rule.
    pub(crate) fn new(kind: Kind) -> Strategy {
        let links = match kind {
            Kind::Exact => Links::Plain,
            Kind::Colors => Links::Colored,
            Kind::Multiplicities => Links::Bounded,
        };
        Strategy {
            kind,
            plan: plan(Branching::MinLength, kind),
            seeded: false,
            links,
        }
    }

    /// Is the problem plain exact cover (the plain links)?
    pub(crate) fn is_plain(&self) -> bool {
        self.kind == Kind::Exact
    }

    /// Is the problem bounded (multiplicities)?
    pub(crate) fn is_bounded(&self) -> bool {
        self.kind == Kind::Multiplicities
    }

    /// Does the colored search run on the lazy links?
    pub(crate) fn is_lazy(&self) -> bool {
        self.links == Links::Lazy
    }

    /// Before a colored search starts under the early rule, unseeded:
    /// chooses the lazy links where they suit the problem, else the colored
    /// links with each item's options shortest first where lengths differ,
    /// and builds them for a search of `levels` levels. Returns whether it
    /// built other links (which count their updates from 0).
    #[cold]
    pub(crate) fn start(&mut self, p: &mut Problem, levels: usize) -> bool {
        if self.kind != Kind::Colors || !self.plan.early || self.seeded {
            return false;
        }
        if p.prepare_lazy(levels) {
            self.links = Links::Lazy;
            p.work.lazy.choice_rule = p.work.xcc.choice_rule;
        } else if p.prepare_by_length(levels) {
            self.links = Links::ColoredByLength;
        } else {
            return false;
        }
        true
    }
}

// Defined here, beside the policy it asks, so that the rules (`rule.rs`)
// import no engine.
impl Branching {
    /// Does the rule drop, on problems without bounds, an option that would
    /// leave an item without options while it is tried ([`Branching::Early`],
    /// and [`Branching::Fast`] today)? Such a search counts fewer nodes than
    /// DLX1's, and on several threads its node count varies from run to
    /// run (a dropped option handed to another thread is entered there).
    pub fn drops_dead_ends(self) -> bool {
        plan(self, Kind::Exact).early
    }

    /// Does the rule look ahead on problems without colors or bounds
    /// ([`Branching::LookAhead`])? A part of the tree searched on its own
    /// (on another thread, or with [`Solver::split_off`](crate::Solver::split_off))
    /// looks ahead from its own start, so on several threads the node
    /// count differs from one thread's and varies from run to run.
    pub fn looks_ahead(self) -> bool {
        plan(self, Kind::Exact).look
    }
}

/// What `branching` asks of the search of a problem of kind `kind`: its
/// item choice and engine variant, the `fast` policy resolved.
pub(crate) fn plan(branching: Branching, kind: Kind) -> Plan {
    let (choice, early) = match branching {
        Branching::MinLength => (Choice::MinLength, false),
        Branching::MinLengthUpToOne => (Choice::UpToOne, false),
        Branching::ShortFirst => (Choice::Short, false),
        Branching::ShortFirstDegree | Branching::LookAhead => (Choice::ShortDegree, false),
        Branching::First => (Choice::First, false),
        Branching::Early => (Choice::UpToOne, true),
        // Bounded problems follow DLX3's rule under every rule.
        Branching::Fast if kind == Kind::Multiplicities => (Choice::MinLength, false),
        Branching::Fast => (Choice::UpToOne, true),
    };
    // Only the plain links look ahead (the colored ones scan as
    // up-to-one does).
    let look = branching == Branching::LookAhead && kind == Kind::Exact;
    Plan {
        choice,
        early,
        look,
    }
}

/// What `branching` asks of the search of `p`, of kind `kind`: [`plan`],
/// with `fast` on a colored problem of short options resolved to DLX2's
/// rule ([`short_options`]).
pub(crate) fn plan_for(branching: Branching, kind: Kind, p: &Problem) -> Plan {
    if branching == Branching::Fast && kind == Kind::Colors && short_options(p) {
        return plan(Branching::MinLength, kind);
    }
    plan(branching, kind)
}

/// Are `p`'s options short, under 3.5 items an option on average, 1.25 or
/// more of them primary (over the options with a primary item, the others
/// being never chosen)? There the early rule costs more than it saves:
/// a commit covers one or two other items, so the options it drops are
/// few (0.2-0.8% fewer nodes), and its test at every hide and its stops
/// cost up to 18% more time than DLX2's rule (median 9%) on the 46
/// random XCC files of this shape measured, and it was faster on none
/// (`benches/README.md`). Options of one primary item (Latin
/// squares by cells, word search) keep the early rule, 5-9% faster there
/// at 3 items an option.
fn short_options(p: &Problem) -> bool {
    let (options, nodes, primary) = p.option_shape();
    2 * nodes < 7 * options && 4 * primary >= 5 * options
}

/// The item choice of the memoised search (`engine::memo`) of a problem of
/// kind `kind` under `branching`; `plain` when no option has a color.
/// `fast` and `early` take DLX1's choice, which searched the fewest
/// subproblems on every file measured (the scan stopping at length 1:
/// 2-20% more); the plain memo keeps no stack of short items, so the
/// `short` rules scan as `up-to-one`.
pub(crate) fn memo_choice(branching: Branching, kind: Kind, plain: bool) -> Choice {
    let branching = match branching {
        Branching::Fast | Branching::Early => Branching::MinLength,
        other => other,
    };
    let choice = plan(branching, kind).choice;
    if plain && choice.is_short() {
        Choice::UpToOne
    } else {
        choice
    }
}

/// Are the parts of a problem of kind `kind` paths of moves (a bounded
/// problem's levels may make a null move, which no forced option can say),
/// rather than lists of options to force?
pub(crate) fn parts_are_moves(kind: Kind) -> bool {
    kind == Kind::Multiplicities
}

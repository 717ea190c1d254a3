//! The result of a memoised search: a decision diagram of every solution.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::fmt;
use std::hash::Hasher;
use std::io::{self, Write};

use crate::{OptionId, SplitMix64};

/// The diagram with no solution.
pub(crate) const BOTTOM: u32 = 0;
/// The diagram whose one solution chooses nothing.
pub(crate) const TOP: u32 = 1;

/// One node: the solutions that choose `option` and go on with `hi`, and
/// those that do not and go on with `lo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct ZNode {
    option: u32,
    lo: u32,
    hi: u32,
}

/// A zero-suppressed decision diagram of a problem's solutions, as
/// [`Problem::zdd`](crate::Problem::zdd) builds it (the DXZ algorithm of
/// Nishino, Yasuda, Minato and Nagata): each node stands for the
/// solutions of one subproblem, those that choose its option (its `hi`
/// child, the subproblem that option leaves) and those that do not (its
/// `lo` child, the other options of the item it branched on). Identical
/// subproblems share one node, so the diagram can be far smaller than the
/// list of solutions, and it answers questions about all of them: how
/// many there are, exactly ([`Zdd::count`]); a solution drawn uniformly at
/// random ([`Zdd::sample`]); each of them in turn ([`Zdd::solutions`]).
///
/// ```
/// use dlx_core::Problem;
///
/// // Domino tilings of a 4x4 board: 36.
/// let mut p = Problem::new(16, 0);
/// for r in 0..4 {
///     for c in 0..4 {
///         let here = p.primary(r * 4 + c);
///         if c + 1 < 4 {
///             p.add_option([here, p.primary(r * 4 + c + 1)]).unwrap();
///         }
///         if r + 1 < 4 {
///             p.add_option([here, p.primary(r * 4 + c + 4)]).unwrap();
///         }
///     }
/// }
/// let zdd = p.zdd().unwrap();
/// assert_eq!(zdd.count(), Ok(36));
/// assert_eq!(zdd.solutions().count(), 36);
/// let one = zdd.sample(&mut dlx_core::SplitMix64::new(7)).unwrap().expect("a tiling");
/// assert_eq!(one.len(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct Zdd {
    /// Nodes 2.. (0 and 1 are the terminals), children before parents.
    nodes: Vec<ZNode>,
    root: u32,
    /// The number of solutions below each node, or `None` past `u128`.
    counts: Vec<Option<u128>>,
}

/// A count of solutions too large for `u128` (above 3.4·10^38).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountOverflow;

impl fmt::Display for CountOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the number of solutions is above 2^128")
    }
}

impl std::error::Error for CountOverflow {}

/// Makes a [`Zdd`], one node at a time, children first.
///
/// Its unique table holds node numbers and finds their triples in
/// `nodes`: 4 bytes an entry where a map from triple to number takes 16.
/// It seldom finds a node (none on the domino, pentomino and Langford
/// files; 40,201 of 114,574 calls on wrect_4x4_a6w120, whose secondary
/// items differ where the solutions do not), but it keeps the diagram
/// reduced: no two nodes alike.
#[derive(Default)]
pub(crate) struct ZddBuilder {
    nodes: Vec<ZNode>,
    unique: HashTable<u32>,
}

impl fmt::Debug for ZddBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ZddBuilder")
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

/// The unique table's hash of a triple.
fn hash_node(n: &ZNode) -> u64 {
    let mut h = FxHasher::default();
    h.write_u32(n.option);
    h.write_u32(n.lo);
    h.write_u32(n.hi);
    h.finish()
}

impl ZddBuilder {
    /// The node for `option` with children `lo` and `hi` (the same node for
    /// the same triple; `lo` itself when `hi` is [`BOTTOM`]).
    pub(crate) fn node(&mut self, option: u32, lo: u32, hi: u32) -> u32 {
        if hi == BOTTOM {
            return lo;
        }
        let key = ZNode { option, lo, hi };
        let hash = hash_node(&key);
        let nodes = &self.nodes;
        if let Some(&id) = self.unique.find(hash, |&id| nodes[id as usize - 2] == key) {
            return id;
        }
        let id = u32::try_from(self.nodes.len() + 2).expect("fewer than 2^32 nodes");
        self.nodes.push(key);
        let nodes = &self.nodes;
        self.unique
            .insert_unique(hash, id, |&id| hash_node(&nodes[id as usize - 2]));
        id
    }

    /// Nodes made so far.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The diagram rooted at `root`.
    pub(crate) fn finish(self, root: u32) -> Zdd {
        let mut counts: Vec<Option<u128>> = vec![Some(0), Some(1)];
        counts.reserve(self.nodes.len());
        for n in &self.nodes {
            let (lo, hi) = (counts[n.lo as usize], counts[n.hi as usize]);
            counts.push(lo.zip(hi).and_then(|(a, b)| a.checked_add(b)));
        }
        Zdd {
            nodes: self.nodes,
            root,
            counts,
        }
    }
}

impl Zdd {
    /// The number of solutions, exactly.
    ///
    /// # Errors
    /// [`CountOverflow`] when it is above `u128::MAX` (about 3.4·10^38).
    pub fn count(&self) -> Result<u128, CountOverflow> {
        self.counts[self.root as usize].ok_or(CountOverflow)
    }

    /// The number of nodes, terminals not included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Has the diagram no node but the terminals (no solution, or only
    /// the empty one)?
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn node(&self, id: u32) -> ZNode {
        self.nodes[id as usize - 2]
    }

    /// A solution drawn uniformly at random from all of them (each with
    /// probability 1/[`Zdd::count`]), its options in the order the search
    /// chose them; `None` when there is no solution.
    ///
    /// # Errors
    /// [`CountOverflow`] when the count is above `u128::MAX`.
    pub fn sample(&self, rng: &mut SplitMix64) -> Result<Option<Vec<OptionId>>, CountOverflow> {
        if self.count()? == 0 {
            return Ok(None);
        }
        let mut chosen = Vec::new();
        let mut at = self.root;
        while at > TOP {
            let n = self.node(at);
            // Every count below the root fits, since the root's does.
            let all = self.counts[at as usize].ok_or(CountOverflow)?;
            let hi = self.counts[n.hi as usize].ok_or(CountOverflow)?;
            if below(rng, all) < hi {
                chosen.push(OptionId::from(n.option));
                at = n.hi;
            } else {
                at = n.lo;
            }
        }
        Ok(Some(chosen))
    }

    /// Every solution in turn, its options in the order the search chose
    /// them: a depth-first walk of the diagram, holding one path.
    pub fn solutions(&self) -> ZddSolutions<'_> {
        ZddSolutions {
            zdd: self,
            stack: vec![(self.root, 0, None)],
            path: Vec::new(),
        }
    }

    /// Writes the diagram as text: a line `zdd NODES ROOT`, then one line
    /// `ID OPTION LO HI` per node, children before parents. `OPTION` is the
    /// option's index (0-based, in the order of the problem's options);
    /// node 0 stands for no solution and node 1 for the empty one, so that
    /// a node's solutions are those of `LO` and, with `OPTION` added, those
    /// of `HI`.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_text<W: Write>(&self, mut out: W) -> io::Result<()> {
        writeln!(out, "zdd {} {}", self.nodes.len(), self.root)?;
        for (k, n) in self.nodes.iter().enumerate() {
            writeln!(out, "{} {} {} {}", k + 2, n.option, n.lo, n.hi)?;
        }
        Ok(())
    }
}

/// A number below `n` (> 0), uniformly, from `rng`.
fn below(rng: &mut SplitMix64, n: u128) -> u128 {
    // The largest multiple of n that fits: draws at or above it are
    // thrown away so that every remainder is equally likely.
    let zone = u128::MAX - u128::MAX % n;
    loop {
        let x = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        if x < zone {
            return x % n;
        }
    }
}

/// The solutions of a [`Zdd`], one at a time: see [`Zdd::solutions`].
#[derive(Debug)]
pub struct ZddSolutions<'a> {
    zdd: &'a Zdd,
    /// Nodes still to visit: the node, the length of the path above it,
    /// and the option its branch adds.
    stack: Vec<(u32, usize, Option<u32>)>,
    path: Vec<OptionId>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        while let Some((at, depth, option)) = self.stack.pop() {
            self.path.truncate(depth);
            if let Some(o) = option {
                self.path.push(OptionId::from(o));
            }
            match at {
                BOTTOM => {}
                TOP => return Some(self.path.clone()),
                _ => {
                    let n = self.zdd.node(at);
                    let depth = self.path.len();
                    self.stack.push((n.lo, depth, None));
                    self.stack.push((n.hi, depth, Some(n.option)));
                }
            }
        }
        None
    }
}

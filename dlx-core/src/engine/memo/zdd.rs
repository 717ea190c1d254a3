//! The result of a memoised search: a decision diagram of every solution.

use hashbrown::HashTable;
use num_bigint::BigUint;
use rustc_hash::FxHasher;
use std::borrow::Cow;
use std::fmt;
use std::hash::Hasher;
use std::io::{self, Write};
use std::sync::OnceLock;

use crate::seed::SplitMix64;
use crate::OptionId;

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
/// many there are, exactly ([`Zdd::count`], and past `u128`
/// [`Zdd::count_big`]); a solution drawn uniformly at random
/// ([`Zdd::sample`], whatever the count); each of them in turn
/// ([`Zdd::solutions`]).
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
/// let one = zdd.sample(&mut dlx_core::seed::SplitMix64::new(7)).expect("a tiling");
/// assert_eq!(one.len(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct Zdd {
    /// Nodes 2.. (0 and 1 are the terminals), children before parents.
    nodes: Vec<ZNode>,
    root: u32,
    /// The number of solutions below each node, or `None` past `u128`.
    counts: Vec<Option<u128>>,
    /// Where the root's count is past `u128`: the count below each node
    /// whose `counts` entry is `None` (zero, unallocated, for the
    /// others), made when first asked for.
    big: OnceLock<Vec<BigUint>>,
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
            big: OnceLock::new(),
        }
    }
}

impl Zdd {
    /// The number of solutions, exactly.
    ///
    /// # Errors
    /// [`CountOverflow`] when it is above `u128::MAX` (about 3.4·10^38):
    /// [`Zdd::count_big`] has it then.
    pub fn count(&self) -> Result<u128, CountOverflow> {
        self.counts[self.root as usize].ok_or(CountOverflow)
    }

    /// The number of solutions, exactly, however large.
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// // 130 items, each covered by either of two options: 2^130 solutions.
    /// let mut p = Problem::new(130, 0);
    /// for i in 0..130 {
    ///     p.add_option([p.primary(i)]).unwrap();
    ///     p.add_option([p.primary(i)]).unwrap();
    /// }
    /// let zdd = p.zdd().unwrap();
    /// assert!(zdd.count().is_err());
    /// assert_eq!(zdd.count_big(), dlx_core::memo::BigUint::from(2u8).pow(130));
    /// ```
    pub fn count_big(&self) -> BigUint {
        self.count_of(self.root).into_owned()
    }

    /// The count below node `id`.
    fn count_of(&self, id: u32) -> Cow<'_, BigUint> {
        match self.counts[id as usize] {
            Some(n) => Cow::Owned(BigUint::from(n)),
            None => Cow::Borrowed(&self.big_counts()[id as usize]),
        }
    }

    /// The counts past `u128`, made on first use (children before
    /// parents, as the nodes are).
    fn big_counts(&self) -> &[BigUint] {
        self.big.get_or_init(|| {
            let mut big = vec![BigUint::default(); self.counts.len()];
            for (k, n) in self.nodes.iter().enumerate() {
                let id = k + 2;
                if self.counts[id].is_none() {
                    let part = |c: u32| match self.counts[c as usize] {
                        Some(n) => BigUint::from(n),
                        None => big[c as usize].clone(),
                    };
                    big[id] = part(n.lo) + part(n.hi);
                }
            }
            big
        })
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
    /// probability 1/[`Zdd::count_big`], past `u128` too), its options in
    /// the order the search chose them; `None` when there is no solution.
    pub fn sample(&self, rng: &mut SplitMix64) -> Option<Vec<OptionId>> {
        if self.root == BOTTOM {
            return None;
        }
        let mut chosen = Vec::new();
        let mut at = self.root;
        while at > TOP {
            let n = self.node(at);
            let take_hi = match (self.counts[at as usize], self.counts[n.hi as usize]) {
                (Some(all), Some(hi)) => below(rng, all) < hi,
                // Past u128: the same draw on big numbers.
                _ => below_big(rng, &self.count_of(at)) < *self.count_of(n.hi),
            };
            if take_hi {
                chosen.push(OptionId::from(n.option));
                at = n.hi;
            } else {
                at = n.lo;
            }
        }
        Some(chosen)
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
    pub fn write_text<W: Write>(&self, out: W) -> io::Result<()> {
        self.write_text_with(out, |o| o.index())
    }

    /// Writes the diagram as [`Zdd::write_text`] does, each option `o` as
    /// the number `number(o)`: its index in another problem, say the one
    /// that [`Problem::reduce`](crate::Problem::reduce) reduced to this
    /// diagram's (see [`Reduction::original_options`](crate::reduce::Reduction::original_options)).
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_text_with<W: Write>(
        &self,
        mut out: W,
        number: impl Fn(OptionId) -> usize,
    ) -> io::Result<()> {
        writeln!(out, "zdd {} {}", self.nodes.len(), self.root)?;
        for (k, n) in self.nodes.iter().enumerate() {
            let option = number(OptionId::from(n.option));
            writeln!(out, "{} {option} {} {}", k + 2, n.lo, n.hi)?;
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

/// A number below `n` (> 0), uniformly, from `rng`: the draw of
/// [`below`] on numbers of any size, by rejection (its draws have as
/// many bits as `n`, so fewer than one in two is thrown away).
fn below_big(rng: &mut SplitMix64, n: &BigUint) -> BigUint {
    let bits = n.bits();
    let words = bits.div_ceil(64) as usize;
    let top = bits % 64;
    loop {
        let mut digits: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
        if top != 0 {
            if let Some(last) = digits.last_mut() {
                *last &= (1u64 << top) - 1;
            }
        }
        let x = BigUint::from_slice(&to_u32_digits(&digits));
        if x < *n {
            return x;
        }
    }
}

/// 64-bit digits as the 32-bit ones `BigUint::from_slice` takes, least
/// significant first.
fn to_u32_digits(words: &[u64]) -> Vec<u32> {
    words
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect()
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

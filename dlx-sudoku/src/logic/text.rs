//! How steps read: the [`Display`](fmt::Display) of [`Step`], one line in
//! players' words, and the writers of cells, values and lines it uses.

use std::fmt;

use super::{ChainNode, Step, Technique};
use crate::house::Unit;

/// The character of a value: `1`-`9`, then `A` = 10 … `P` = 25.
pub(super) fn value_char(v: u8) -> char {
    char::from(b"0123456789ABCDEFGHIJKLMNOP"[usize::from(v).min(25)])
}

/// Writes `rRcC` names of cells, separated by spaces.
struct Cells<'a>(&'a [usize], usize);

impl fmt::Display for Cells<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, &cell) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "r{}c{}", cell / self.1 + 1, cell % self.1 + 1)?;
        }
        Ok(())
    }
}

/// Writes values joined by `sep` before the last one (`3 and 8`, `1, 3 or 8`).
struct Values<'a>(&'a [u8], &'static str);

impl fmt::Display for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (k, &v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(if k + 1 == n { self.1 } else { ", " })?;
            }
            write!(f, "{}", value_char(v))?;
        }
        Ok(())
    }
}

/// Writes lines of one kind together: `rows 2 and 8`, `columns 1, 4 and 7`.
struct Lines<'a>(&'a [Unit]);

impl fmt::Display for Lines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (k, unit) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(if k + 1 == n { " and " } else { ", " })?;
            }
            match (k, unit) {
                (0, Unit::Row(r)) => write!(f, "rows {}", r + 1)?,
                (0, Unit::Column(c)) => write!(f, "columns {}", c + 1)?,
                (_, Unit::Row(x) | Unit::Column(x)) => write!(f, "{}", x + 1)?,
                (_, other) => write!(f, "{other}")?,
            }
        }
        Ok(())
    }
}

/// Writes candidates in braces: `{4,9}`.
struct Marks<'a>(&'a [u8]);

impl fmt::Display for Marks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (k, &v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", value_char(v))?;
        }
        f.write_str("}")
    }
}

/// Writes a chain: an alternating chain in HoDoKu's notation, its
/// candidates joined by ` = ` (strong link) and ` - ` (weak link):
/// `r1c2=5 = r1c7=5 - r4c7=5 = r4c2=5`, a group of cells in one row or
/// column as `r1c23=5`, a loop closed by its first candidate again; a
/// forcing chain as implications, `r1c1=5 -> r1c2<>5 -> r1c2=7` (`<>`:
/// the candidate is false).
struct Chain<'a> {
    nodes: &'a [ChainNode],
    /// The cells of each node, for a chain through groups (else empty).
    groups: &'a [Vec<usize>],
    side: usize,
    alternating: bool,
    closed: bool,
}

/// Writes a node's cells: `r1c2`, or a group `r1c23` (`r12c3`).
struct Node<'a>(&'a [usize], usize);

impl fmt::Display for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Node(cells, side) = *self;
        let rows: Vec<usize> = cells.iter().map(|c| c / side + 1).collect();
        let cols: Vec<usize> = cells.iter().map(|c| c % side + 1).collect();
        let joined = |xs: &[usize]| xs.iter().map(|x| x.to_string()).collect::<String>();
        if rows.iter().all(|&r| r == rows[0]) {
            write!(f, "r{}c{}", rows[0], joined(&cols))
        } else if cols.iter().all(|&c| c == cols[0]) {
            write!(f, "r{}c{}", joined(&rows), cols[0])
        } else {
            write!(f, "{}", Cells(cells, side))
        }
    }
}

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (side, alternating) = (self.side, self.alternating);
        let closing = self.nodes.first().filter(|_| self.closed);
        for (k, n) in self.nodes.iter().chain(closing).enumerate() {
            if k > 0 {
                f.write_str(match (alternating, k % 2) {
                    (true, 1) => " = ",
                    (true, _) => " - ",
                    (false, _) => " -> ",
                })?;
            }
            let sign = if alternating || n.on { "=" } else { "<>" };
            let single = [n.cell];
            let cells = match self.groups.get(k % self.nodes.len()) {
                Some(g) if !g.is_empty() => &g[..],
                _ => &single[..],
            };
            write!(f, "{}{sign}{}", Node(cells, side), value_char(n.value))?;
        }
        Ok(())
    }
}

impl Step {
    /// Is this an alternating chain (X-chain, XY-chain, AIC)?
    fn alternating(&self) -> bool {
        matches!(
            self.technique,
            Technique::Skyscraper
                | Technique::TwoStringKite
                | Technique::TurbotFish
                | Technique::XChain
                | Technique::XYChain
                | Technique::Aic
                | Technique::ContinuousNiceLoop
                | Technique::GroupedAic
        )
    }

    /// Writes the step's chains, separated by ` ; `.
    fn write_chains(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, chain) in self.chains.iter().enumerate() {
            if k > 0 {
                f.write_str(" ; ")?;
            }
            let chain = Chain {
                nodes: chain,
                groups: self.groups.get(k).map_or(&[], |g| &g[..]),
                side: self.side,
                alternating: self.alternating(),
                closed: self.technique == Technique::ContinuousNiceLoop,
            };
            write!(f, "{chain}")?;
        }
        Ok(())
    }

    /// Writes `removes 3 from r1c7, 8 from r1c7 r1c9`.
    fn write_removals(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("removes ")?;
        let mut rest = &self.eliminations[..];
        let mut first = true;
        while let Some(&(_, v)) = rest.first() {
            let n = rest.iter().take_while(|e| e.1 == v).count();
            let cells: Vec<usize> = rest[..n].iter().map(|e| e.0).collect();
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{} from {}", value_char(v), Cells(&cells, self.side))?;
            rest = &rest[n..];
        }
        Ok(())
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side;
        if let Some((cell, v)) = self.placement {
            write!(
                f,
                "r{}c{} = {}: {}",
                cell / side + 1,
                cell % side + 1,
                value_char(v),
                self.technique
            )?;
            if let (Technique::HiddenSingle, Some(house)) = (self.technique, self.houses.first()) {
                write!(f, " in {house}")?;
            }
            if !self.chains.is_empty() {
                f.write_str(" ")?;
                self.write_chains(f)?;
            }
            return Ok(());
        }
        match self.technique {
            Technique::Pointing | Technique::Claiming | Technique::LockedCandidates => {
                write!(
                    f,
                    "{} in {} only in {}: {}, ",
                    Values(&self.values, " and "),
                    self.houses[0],
                    self.houses[1],
                    self.technique
                )?;
            }
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
                write!(
                    f,
                    "{} can only be {}: {} in {}, ",
                    Cells(&self.cells, side),
                    Values(&self.values, " or "),
                    self.technique,
                    self.houses[0]
                )?;
            }
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
                write!(
                    f,
                    "{} in {} only in {}: {}, ",
                    Values(&self.values, " and "),
                    self.houses[0],
                    Cells(&self.cells, side),
                    self.technique
                )?;
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let n = self.houses.len() / 2;
                write!(
                    f,
                    "{} in {} only in {}: {}, ",
                    Values(&self.values, " and "),
                    Lines(&self.houses[..n]),
                    Lines(&self.houses[n..]),
                    self.technique
                )?;
            }
            Technique::XYWing | Technique::XYZWing => {
                let (x, y, z) = (self.values[0], self.values[1], self.values[2]);
                let mut pivot = if self.technique == Technique::XYWing {
                    vec![x, y]
                } else {
                    vec![x, y, z]
                };
                pivot.sort_unstable();
                let mut a = [x, z];
                let mut b = [y, z];
                a.sort_unstable();
                b.sort_unstable();
                write!(
                    f,
                    "{} {} sees {} {} and {} {}: {}, ",
                    Cells(&self.cells[..1], side),
                    Marks(&pivot),
                    Cells(&self.cells[1..2], side),
                    Marks(&a),
                    Cells(&self.cells[2..], side),
                    Marks(&b),
                    self.technique
                )?;
            }
            Technique::UniqueRectangle => {
                write!(
                    f,
                    "{} in {} would be a deadly pattern: {}, ",
                    Values(&self.values, " and "),
                    Cells(&self.cells, side),
                    self.technique
                )?;
            }
            Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4 => {
                let mut corners = self.cells[..4].to_vec();
                corners.sort_unstable();
                write!(
                    f,
                    "{} in {} would be a deadly pattern",
                    Values(&self.values[..2], " and "),
                    Cells(&corners, side),
                )?;
                let roof = Cells(&self.cells[2..4], side);
                match self.technique {
                    Technique::UniqueRectangle2 => write!(
                        f,
                        " unless {} or {} is {}",
                        Cells(&self.cells[2..3], side),
                        Cells(&self.cells[3..4], side),
                        value_char(self.values[2])
                    )?,
                    Technique::UniqueRectangle3 => {
                        let subset = &self.values[2..];
                        let kind = ["pair", "triple", "quad"][subset.len().clamp(2, 4) - 2];
                        write!(
                            f,
                            " unless {} or {} takes another value, which with {} makes a naked {kind} of {} in {}",
                            Cells(&self.cells[2..3], side),
                            Cells(&self.cells[3..4], side),
                            Cells(&self.cells[4..], side),
                            Values(subset, " and "),
                            self.houses[0]
                        )?
                    }
                    _ => {
                        // The value not removed is the strong link's.
                        let removed = self.eliminations.first().map_or(0, |e| e.1);
                        let kept = self.values[..2]
                            .iter()
                            .copied()
                            .find(|&v| v != removed)
                            .unwrap_or(removed);
                        write!(
                            f,
                            ", and {} in {} is only in {roof}",
                            value_char(kept),
                            self.houses[0]
                        )?
                    }
                }
                write!(f, ": {}, ", self.technique)?;
            }
            Technique::WWing => {
                let mut pair = self.values.clone();
                pair.sort_unstable();
                write!(
                    f,
                    "{} and {} {} joined by {} in {} only in {} {}: {}, ",
                    Cells(&self.cells[..1], side),
                    Cells(&self.cells[1..2], side),
                    Marks(&pair),
                    value_char(self.values[0]),
                    self.houses[0],
                    Cells(&self.cells[2..3], side),
                    Cells(&self.cells[3..4], side),
                    self.technique
                )?;
            }
            Technique::EmptyRectangle => {
                write!(
                    f,
                    "{v} in {} only in {} and {}, and in {} only in {}: {}, ",
                    self.houses[0],
                    self.houses[1],
                    self.houses[2],
                    self.houses[3],
                    Cells(&self.cells, side),
                    self.technique,
                    v = value_char(self.values[0]),
                )?;
            }
            Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::FinnedSwordfish
            | Technique::SashimiSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiJellyfish => {
                let n = (self.houses.len() - 1) / 2;
                let fins = if self.cells.len() == 1 { "fin" } else { "fins" };
                write!(
                    f,
                    "{} in {} only in {} but for the {fins} {} in {}: {}, ",
                    Values(&self.values, " and "),
                    Lines(&self.houses[..n]),
                    Lines(&self.houses[n..2 * n]),
                    Cells(&self.cells, side),
                    self.houses[2 * n],
                    self.technique
                )?;
            }
            Technique::SimpleColouring => {
                let split = self.colours.iter().take_while(|&&c| !c).count();
                write!(
                    f,
                    "{} on {} against {}: {}, ",
                    Values(&self.values, " and "),
                    Cells(&self.cells[..split], side),
                    Cells(&self.cells[split..], side),
                    self.technique
                )?;
            }
            Technique::AlsXz => {
                write!(
                    f,
                    "almost locked sets {} and {} with restricted common {}: {}, ",
                    Cells(&self.sets[0], side),
                    Cells(&self.sets[1], side),
                    value_char(self.values[0]),
                    self.technique
                )?;
            }
            Technique::AlsXyWing => {
                write!(
                    f,
                    "almost locked sets {} and {} joined to {} by {} and {}: {}, ",
                    Cells(&self.sets[0], side),
                    Cells(&self.sets[1], side),
                    Cells(&self.sets[2], side),
                    value_char(self.values[0]),
                    value_char(self.values[1]),
                    self.technique
                )?;
            }
            Technique::NakedSingle | Technique::HiddenSingle => {}
            _ => {
                write!(f, "{}: ", self.technique)?;
                self.write_chains(f)?;
                f.write_str(", ")?;
            }
        }
        self.write_removals(f)
    }
}

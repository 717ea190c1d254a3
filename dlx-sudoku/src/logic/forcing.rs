//! Forcing chains: each open candidate is assumed true in turn and its
//! consequences followed; a deduction holds when
//!
//! - the assumption leads to a contradiction (a candidate both true and
//!   false, or a cell or a house's value without a place): it is false;
//! - every candidate of a cell, or every place of a value in a house,
//!   leads to the same candidate false (or true): it is.
//!
//! How the consequences are followed makes the technique:
//!
//! | mode | follows |
//! |---|---|
//! | static (forcing chain, cell and unit forcing chains) | the links of the pencil marks as they are: a true candidate makes its cell's other values and its peers' same value false; a false one makes true the other of a bivalue cell or of a value's two places in a house |
//! | dynamic | the same over the pencil marks as the assumption changes them: any cell or house left with one place for a value places it |
//! | dynamic (+) | as dynamic, and the techniques up to wings on the branch's pencil marks when singles run out |
//! | nested | as dynamic (+), and when those run out a candidate of the branch whose own dynamic branch contradicts itself is false (the first such candidate in reading order); only contradictions, and the first found rather than the shortest (see below) |
//!
//! Each consequence remembers what it follows from, so a deduction's
//! [length](super::Step::length) is the number of consequences it rests
//! on, counted as Sudoku Explainer counts a chain's complexity: over each
//! of its branches, over each of the two chains of a dynamic
//! contradiction, and with the length of each chain nested in it; the
//! shortest deduction is reported.
//!
//! Except for nested chains: there the first contradiction found is
//! taken. The shortest costs the nested branch of every candidate, 35
//! times the time (20 puzzles of the forum's "11+" list: 206 s against
//! 5.8 s), and rates that list 10.7 to 11.2 where Sudoku Explainer rates
//! it 11 and above: its nested chains nest only static forcing chains
//! (its levels 9.5 and 10.0), so it finds longer ones than these, which
//! nest dynamic contradictions. The first found rates the list 10.9 to
//! 11.8.

use super::chains::Links;
use super::{length_bonus, values_of, ChainNode, Logic, Step, Technique};

/// How a branch follows its assumption; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The links of the current pencil marks.
    Static,
    /// Singles over the pencil marks as the branch changes them.
    Dynamic,
    /// Dynamic, and the techniques up to wings.
    Plus,
    /// Plus, and contradictions of dynamic forcing chains inside the
    /// branch; only contradictions, the first found.
    Nested,
}

/// No event.
const NONE: u32 = u32::MAX;

/// One consequence in a branch: a candidate true or false, because of the
/// events `pool[from..to]`, and of every event before `prefix` (the
/// techniques of [`Mode::Plus`] rest on the whole branch so far). `nested`
/// is the length of the forcing chain inside the branch that made it (of
/// [`Mode::Nested`]; 0 for the others), which Sudoku Explainer adds to
/// the length of the chain that uses it.
#[derive(Clone, Copy, Debug)]
struct Event {
    id: u32,
    on: bool,
    from: u32,
    to: u32,
    prefix: u32,
    nested: u32,
}

/// The consequences of one assumption.
struct Branch {
    events: Vec<Event>,
    pool: Vec<u32>,
    /// For each candidate, the event that made it true (false), if any.
    on: Vec<u32>,
    off: Vec<u32>,
    /// The events that contradict each other, if the branch found some.
    contradiction: Option<Vec<u32>>,
}

impl Branch {
    fn new(n: usize) -> Branch {
        Branch {
            events: Vec::new(),
            pool: Vec::new(),
            on: vec![NONE; n],
            off: vec![NONE; n],
            contradiction: None,
        }
    }

    /// Records candidate `id` true (`on`) or false because of `causes`
    /// (and of the first `prefix` events).
    fn set(&mut self, id: u32, on: bool, causes: &[u32], prefix: u32) {
        self.set_nested(id, on, causes, prefix, 0);
    }

    /// [`Branch::set`] for a consequence of a forcing chain of length
    /// `nested` inside the branch.
    fn set_nested(&mut self, id: u32, on: bool, causes: &[u32], prefix: u32, nested: u32) {
        let (mine, other) = if on {
            (self.on[id as usize], self.off[id as usize])
        } else {
            (self.off[id as usize], self.on[id as usize])
        };
        if mine != NONE || self.contradiction.is_some() {
            return;
        }
        let k = self.events.len() as u32;
        let from = self.pool.len() as u32;
        self.pool.extend_from_slice(causes);
        self.events.push(Event {
            id,
            on,
            from,
            to: self.pool.len() as u32,
            prefix,
            nested,
        });
        if on {
            self.on[id as usize] = k;
        } else {
            self.off[id as usize] = k;
        }
        if other != NONE {
            self.contradiction = Some(vec![other, k]);
        }
    }

    /// The number of events `roots` rest on, themselves included, plus the
    /// lengths of the forcing chains nested in them (Sudoku Explainer's
    /// complexity of a chain).
    fn weight(&self, roots: &[u32], mark: &mut Vec<bool>) -> usize {
        mark.clear();
        mark.resize(self.events.len(), false);
        let mut stack: Vec<u32> = roots.to_vec();
        let mut count = 0;
        while let Some(e) = stack.pop() {
            let e = e as usize;
            if e >= mark.len() || mark[e] {
                continue;
            }
            mark[e] = true;
            let ev = self.events[e];
            count += 1 + ev.nested as usize;
            stack.extend_from_slice(&self.pool[ev.from as usize..ev.to as usize]);
            stack.extend(0..ev.prefix);
        }
        count
    }

    /// The length of the contradiction between events `contra`: for a
    /// static chain, the events it rests on; for the dynamic ones, as
    /// Sudoku Explainer counts a contradiction (two chains, from the
    /// assumption to each of the two events), the sum of the two chains'
    /// lengths.
    fn contradiction_length(&self, contra: &[u32], mode: Mode) -> usize {
        let mut mark = Vec::new();
        if mode == Mode::Static {
            return self.weight(contra, &mut mark);
        }
        contra.iter().map(|&e| self.weight(&[e], &mut mark)).sum()
    }

    /// The path from the assumption to event `e`, each node from its first
    /// cause.
    fn path(&self, e: u32, links: &Links) -> Vec<ChainNode> {
        let mut nodes = Vec::new();
        let mut at = e as usize;
        loop {
            let ev = self.events[at];
            let (cell, value) = links.of(ev.id);
            nodes.push(ChainNode {
                cell,
                value,
                on: ev.on,
            });
            let next = if ev.from < ev.to {
                self.pool[ev.from as usize]
            } else if ev.prefix > 0 {
                ev.prefix - 1
            } else {
                break;
            };
            if next as usize >= at || nodes.len() > self.events.len() {
                break;
            }
            at = next as usize;
        }
        nodes.reverse();
        nodes
    }
}

/// What the branches of a step share: the board's cells, houses and
/// links, and the counts of the pencil marks as they are.
struct Board<'a> {
    logic: &'a Logic,
    links: Links,
    mode: Mode,
    peers: Vec<Vec<usize>>,
}

/// A deduction found: its rating, length, technique, the conclusion and
/// the branches' paths.
struct Found {
    rating: f64,
    length: usize,
    technique: Technique,
    placement: Option<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    chains: Vec<Vec<ChainNode>>,
}

impl Board<'_> {
    /// Follows the assumption that candidate `id` is true.
    fn branch(&self, id: u32) -> Branch {
        let n = self.links.strong.len();
        let mut b = Branch::new(n);
        b.set(id, true, &[], 0);
        let mut i = 0;
        loop {
            while i < b.events.len() && b.contradiction.is_none() {
                let e = b.events[i];
                let k = i as u32;
                i += 1;
                self.follow(&mut b, e, k);
            }
            if b.contradiction.is_some() || !matches!(self.mode, Mode::Plus | Mode::Nested) {
                break;
            }
            // Singles have run out: the techniques up to wings on the
            // branch's pencil marks, then (nested) dynamic contradictions.
            let inner = self.branch_logic(&b);
            let prefix = b.events.len() as u32;
            if let Some(step) = inner.basic_step() {
                if let Some((cell, v)) = step.placement {
                    b.set(self.links.id(cell, v), true, &[], prefix);
                }
                for &(cell, v) in &step.eliminations {
                    b.set(self.links.id(cell, v), false, &[], prefix);
                }
            } else if self.mode == Mode::Nested {
                if let Some((cell, v, length)) = inner.first_contradiction() {
                    let length = u32::try_from(length).unwrap_or(u32::MAX);
                    b.set_nested(self.links.id(cell, v), false, &[], prefix, length);
                }
            }
            if b.events.len() as u32 == prefix {
                break;
            }
        }
        b
    }

    /// The consequences of event `e` (number `k`).
    fn follow(&self, b: &mut Branch, e: Event, k: u32) {
        let logic = self.logic;
        let links = &self.links;
        let (cell, v) = links.of(e.id);
        let bit = 1u32 << (v - 1);
        if e.on {
            for w in values_of(logic.cand[cell]).filter(|&w| w != v) {
                b.set(links.id(cell, w), false, &[k], 0);
            }
            for &p in &self.peers[cell] {
                if logic.cand[p] & bit != 0 {
                    b.set(links.id(p, v), false, &[k], 0);
                }
            }
            return;
        }
        let dynamic = self.mode != Mode::Static;
        // The cell's other values.
        let marks = logic.cand[cell];
        if dynamic || marks.count_ones() == 2 {
            let ids: Vec<u32> = values_of(marks).map(|w| links.id(cell, w)).collect();
            self.last_place(b, &ids);
        }
        // The value's other places in each house of the cell.
        for &h in &logic.of_cell[cell] {
            let ids: Vec<u32> = logic.cells_with(h, bit).map(|c| links.id(c, v)).collect();
            if dynamic || ids.len() == 2 {
                self.last_place(b, &ids);
            }
        }
    }

    /// Of candidates `ids` (a cell's, or a value's in a house) one is true:
    /// if all but one are false it is true; if all are, a contradiction.
    fn last_place(&self, b: &mut Branch, ids: &[u32]) {
        if b.contradiction.is_some() {
            return;
        }
        let mut alive = ids.iter().filter(|&&id| b.off[id as usize] == NONE);
        match (alive.next(), alive.next()) {
            (None, _) => {
                b.contradiction = Some(ids.iter().map(|&id| b.off[id as usize]).collect());
            }
            (Some(&last), None) if b.on[last as usize] == NONE => {
                let causes: Vec<u32> = ids
                    .iter()
                    .filter(|&&id| id != last)
                    .map(|&id| b.off[id as usize])
                    .collect();
                b.set(last, true, &causes, 0);
            }
            _ => {}
        }
    }

    /// The pencil marks of a branch, as a [`Logic`].
    fn branch_logic(&self, b: &Branch) -> Logic {
        let mut logic = self.logic.clone();
        for e in &b.events {
            let (cell, v) = self.links.of(e.id);
            if e.on {
                logic.place(cell, v);
            } else {
                logic.cand[cell] &= !(1 << (v - 1));
            }
        }
        logic
    }
}

impl Logic {
    /// The techniques from locked candidates to wings, for the branches of
    /// [`Mode::Plus`].
    fn basic_step(&self) -> Option<Step> {
        if self.has_empty_cell() {
            return None;
        }
        self.locked_to_wings()
    }

    /// The peers of each cell.
    fn peer_lists(&self) -> Vec<Vec<usize>> {
        (0..self.cand.len())
            .map(|c| {
                let mut p: Vec<usize> = self.of_cell[c]
                    .iter()
                    .flat_map(|&h| self.houses[h].1.iter().copied())
                    .filter(|&p| p != c)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect()
    }

    /// The first candidate (in reading order) whose dynamic branch
    /// contradicts itself, if any, and the length of that contradiction.
    fn first_contradiction(&self) -> Option<(usize, u8, usize)> {
        if self.has_empty_cell() {
            return None;
        }
        let board = Board {
            logic: self,
            links: self.links(),
            mode: Mode::Dynamic,
            peers: self.peer_lists(),
        };
        for cell in 0..self.cand.len() {
            for v in values_of(self.cand[cell]) {
                let id = board.links.id(cell, v);
                let b = board.branch(id);
                if let Some(contra) = &b.contradiction {
                    return Some((cell, v, b.contradiction_length(contra, Mode::Dynamic)));
                }
            }
        }
        None
    }

    /// The shortest forcing chain deduction of `mode` (for
    /// [`Mode::Nested`], the first contradiction).
    pub(super) fn forcing(&self, mode: Mode) -> Option<Step> {
        let links = self.links();
        let peers = self.peer_lists();
        let board = Board {
            logic: self,
            links,
            mode,
            peers,
        };
        let links = &board.links;
        let n = links.strong.len();
        // Every open candidate's branch.
        let mut branches: Vec<Option<Branch>> = (0..n).map(|_| None).collect();
        'all: for cell in 0..self.cand.len() {
            for v in values_of(self.cand[cell]) {
                let id = links.id(cell, v);
                let b = board.branch(id);
                let contradiction = b.contradiction.is_some();
                branches[id as usize] = Some(b);
                if contradiction && mode == Mode::Nested {
                    break 'all;
                }
            }
        }
        let (single, multiple) = match mode {
            Mode::Static => (Technique::ForcingChain, None),
            Mode::Dynamic => (
                Technique::DynamicForcingChain,
                Some(Technique::DynamicForcingChain),
            ),
            Mode::Plus => (
                Technique::DynamicForcingChainPlus,
                Some(Technique::DynamicForcingChainPlus),
            ),
            Mode::Nested => (Technique::NestedForcingChain, None),
        };
        let mut mark = Vec::new();
        let mut best: Option<Found> = None;
        let offer = |found: Found, best: &mut Option<Found>| {
            let better = best
                .as_ref()
                .is_none_or(|b| (found.rating, found.length) < (b.rating, b.length));
            if better {
                *best = Some(found);
            }
        };
        // Contradictions.
        for (id, b) in branches.iter().enumerate() {
            let Some(b) = b else { continue };
            let Some(contra) = &b.contradiction else {
                continue;
            };
            let length = b.contradiction_length(contra, mode);
            let (cell, v) = links.of(id as u32);
            offer(
                Found {
                    rating: single.weight() + length_bonus(length),
                    length,
                    technique: single,
                    placement: None,
                    eliminations: vec![(cell, v)],
                    chains: contra.iter().map(|&e| b.path(e, links)).collect(),
                },
                &mut best,
            );
        }
        // Cells, then houses: the same conclusion from every branch.
        let mut sets: Vec<(Vec<u32>, Technique)> = Vec::new();
        let (cell_kind, unit_kind) = match multiple {
            Some(t) => (t, t),
            None => (Technique::CellForcingChain, Technique::UnitForcingChain),
        };
        for cell in 0..self.cand.len() {
            if self.cand[cell].count_ones() >= 2 {
                let ids = values_of(self.cand[cell])
                    .map(|v| links.id(cell, v))
                    .collect();
                sets.push((ids, cell_kind));
            }
        }
        for h in 0..self.houses.len() {
            for v in 1..=self.side as u8 {
                let ids: Vec<u32> = self
                    .cells_with(h, 1 << (v - 1))
                    .map(|c| links.id(c, v))
                    .collect();
                if ids.len() >= 2 {
                    sets.push((ids, unit_kind));
                }
            }
        }
        if mode == Mode::Nested {
            sets.clear();
        }
        for (ids, technique) in &sets {
            let bs: Vec<&Branch> = ids
                .iter()
                .filter_map(|&id| branches[id as usize].as_ref())
                .collect();
            if bs.len() != ids.len() || bs.iter().any(|b| b.contradiction.is_some()) {
                continue;
            }
            let first = bs[0];
            for e in &first.events {
                let t = e.id as usize;
                let all = bs.iter().all(|b| {
                    if e.on {
                        b.on[t] != NONE
                    } else {
                        b.off[t] != NONE
                    }
                });
                if !all {
                    continue;
                }
                let ends: Vec<u32> = bs
                    .iter()
                    .map(|b| if e.on { b.on[t] } else { b.off[t] })
                    .collect();
                let length: usize = bs
                    .iter()
                    .zip(&ends)
                    .map(|(b, &end)| b.weight(&[end], &mut mark))
                    .sum();
                let rating = technique.weight() + length_bonus(length);
                if best
                    .as_ref()
                    .is_some_and(|b| (rating, length) >= (b.rating, b.length))
                {
                    continue;
                }
                let (cell, v) = links.of(e.id);
                let (placement, eliminations) = if e.on {
                    (Some((cell, v)), Vec::new())
                } else {
                    (None, vec![(cell, v)])
                };
                offer(
                    Found {
                        rating,
                        length,
                        technique: *technique,
                        placement,
                        eliminations,
                        chains: bs
                            .iter()
                            .zip(&ends)
                            .map(|(b, &end)| b.path(end, links))
                            .collect(),
                    },
                    &mut best,
                );
            }
        }
        let found = best?;
        let mut step = self.new_step(found.technique);
        step.placement = found.placement;
        step.eliminations = found.eliminations;
        let mut values: Vec<u8> = found
            .chains
            .iter()
            .filter_map(|c| c.first().map(|n| n.value))
            .collect();
        values.sort_unstable();
        values.dedup();
        step.values = values;
        step.length = found.length;
        step.chains = found.chains;
        Some(step)
    }
}

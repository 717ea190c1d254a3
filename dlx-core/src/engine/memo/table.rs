//! The memo: subproblems by key (a fixed number of words per problem),
//! each with the diagram node of its solutions.
//!
//! The keys live end to end in one vector and the hash table holds their
//! indices, so remembering a subproblem allocates nothing (with a boxed
//! key per entry in a `HashMap`, `malloc` and `free` took 9% of a
//! pent6x10_sym run, and the table twice the memory). The table is
//! `hashbrown`'s `HashTable`, the one under `std`'s `HashMap`, with the
//! hashes kept beside the keys so that growing it reads no key.
//!
//! A memo with a size limit keeps two generations, each of half the room:
//! new entries go to the young one; when it is full, the old one is
//! dropped and the young one becomes old. The subproblems about to be met
//! again are mostly those just solved (a level's next option meets what
//! its previous one solved), and the last half-room of them are always
//! kept. A memo that stopped taking entries once full measured
//! exponential on a chain of 20,000 items in 64 MiB (the levels above the
//! first 13,000 entries solved their subproblems Fibonacci-many times);
//! one emptied when full, quadratic in 1 MiB (464 s: an emptying between
//! two siblings threw away what the next one needed, and searching it
//! again emptied the memo again).

use hashbrown::HashTable;
use std::hash::Hasher;

/// Subproblems met, by key: the young generation and the old one.
pub(super) struct Table {
    young: Generation,
    old: Generation,
    /// Words per key.
    width: usize,
    /// Entries a generation takes at most.
    room: usize,
}

/// One generation of the memo.
#[derive(Default)]
struct Generation {
    /// Entry `e`'s key is `keys[e * width..(e + 1) * width]`.
    keys: Vec<u64>,
    /// Entry `e`'s diagram node and key hash.
    values: Vec<u32>,
    hashes: Vec<u64>,
    index: HashTable<u32>,
}

impl Generation {
    fn get(&self, width: usize, hash: u64, key: &[u64]) -> Option<u32> {
        let keys = &self.keys;
        self.index
            .find(hash, |&e| {
                &keys[e as usize * width..(e as usize + 1) * width] == key
            })
            .map(|&e| self.values[e as usize])
    }

    fn insert(&mut self, hash: u64, key: &[u64], node: u32) {
        let e = self.values.len() as u32;
        self.keys.extend_from_slice(key);
        self.values.push(node);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.index.insert_unique(hash, e, |&f| hashes[f as usize]);
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.values.clear();
        self.hashes.clear();
        self.index.clear();
    }
}

impl Table {
    /// An empty memo of keys of `width` words, taking at most `room`
    /// entries (each generation half of them, at most 2^32 - 1: entries
    /// are numbered by `u32`).
    pub(super) fn new(width: usize, room: usize) -> Table {
        Table {
            young: Generation::default(),
            old: Generation::default(),
            width,
            room: (room / 2).min(u32::MAX as usize),
        }
    }

    /// How many entries of keys of `width` words fit in `bytes`, about:
    /// each takes its key, node and hash, and the hash table's 4-byte slot
    /// and control byte at a load of 7/8 (vectors grow by doubling, so
    /// for a while they may take up to twice that).
    pub(super) fn room_in(width: usize, bytes: usize) -> usize {
        bytes / (width * 8 + 4 + 8 + 6)
    }

    /// The hash of `key` (FxHash: the keys are bit sets the search makes
    /// itself, not input an adversary picks; with SipHash pent6x10_sym
    /// took 2.31 s where FxHash took 1.84 s).
    pub(super) fn hash(key: &[u64]) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        for &w in key {
            h.write_u64(w);
        }
        h.finish()
    }

    /// The node remembered for `key`, whose hash is `hash`.
    #[inline]
    pub(super) fn get(&self, hash: u64, key: &[u64]) -> Option<u32> {
        self.young
            .get(self.width, hash, key)
            .or_else(|| self.old.get(self.width, hash, key))
    }

    /// Remembers `node` for `key` (not in the memo), in the young
    /// generation; when that is full, the old one is dropped first and
    /// the young one becomes old.
    #[inline]
    pub(super) fn insert(&mut self, hash: u64, key: &[u64], node: u32) {
        if self.young.values.len() >= self.room {
            if self.room == 0 {
                return;
            }
            std::mem::swap(&mut self.young, &mut self.old);
            self.young.clear();
        }
        self.young.insert(hash, key, node);
    }

    /// Entries remembered.
    pub(super) fn len(&self) -> usize {
        self.young.values.len() + self.old.values.len()
    }
}

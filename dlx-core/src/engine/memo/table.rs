//! The memo: subproblems by key (a fixed number of words per problem),
//! each with the diagram node of its solutions.
//!
//! The keys live end to end in one vector and the hash table holds their
//! indices, so remembering a subproblem allocates nothing (with a boxed
//! key per entry in a `HashMap`, `malloc` and `free` took 9% of a
//! pent6x10_sym run, and the table twice the memory). The table is
//! `hashbrown`'s `HashTable`, the one under `std`'s `HashMap`, with the
//! hashes kept beside the keys so that growing it reads no key.

use hashbrown::HashTable;
use std::hash::Hasher;

/// Subproblems met, by key.
pub(super) struct Table {
    /// Words per key.
    width: usize,
    /// Entry `e`'s key is `keys[e * width..(e + 1) * width]`.
    keys: Vec<u64>,
    /// Entry `e`'s diagram node and key hash.
    values: Vec<u32>,
    hashes: Vec<u64>,
    index: HashTable<u32>,
    /// Entries it takes at most.
    room: usize,
}

impl Table {
    /// An empty memo of keys of `width` words, taking at most `room`
    /// entries (at most 2^32 - 1: entries are numbered by `u32`).
    pub(super) fn new(width: usize, room: usize) -> Table {
        Table {
            width,
            keys: Vec::new(),
            values: Vec::new(),
            hashes: Vec::new(),
            index: HashTable::new(),
            room: room.min(u32::MAX as usize),
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
        let w = self.width;
        let keys = &self.keys;
        self.index
            .find(hash, |&e| {
                &keys[e as usize * w..(e as usize + 1) * w] == key
            })
            .map(|&e| self.values[e as usize])
    }

    /// Can it take another entry?
    #[inline]
    pub(super) fn has_room(&self) -> bool {
        self.values.len() < self.room
    }

    /// Remembers `node` for `key` (not in the memo), if there is room.
    #[inline]
    pub(super) fn insert(&mut self, hash: u64, key: &[u64], node: u32) {
        if self.values.len() >= self.room {
            return;
        }
        let e = self.values.len() as u32;
        self.keys.extend_from_slice(key);
        self.values.push(node);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.index.insert_unique(hash, e, |&f| hashes[f as usize]);
    }

    /// Entries remembered.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }
}

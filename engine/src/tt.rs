//! The transposition table: shared by all search threads without locks. Each
//! entry is two 64-bit words, `key ^ data` and `data`; a torn write makes the
//! XOR check fail and the entry reads as a miss. Buckets of four entries (one
//! cache line); replacement prefers entries from older searches and shallower
//! depths.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// The kind of bound a stored score is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is exact.
    Exact = 0,
    /// The score is a lower bound (fail high).
    Lower = 1,
    /// The score is an upper bound (fail low).
    Upper = 2,
}

/// What a probe found.
#[derive(Copy, Clone, Debug)]
pub struct TtHit {
    /// The best move found, as packed by the variant (0 = none).
    pub mv: u32,
    /// The score, relative to the node (mate scores adjusted by the caller).
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The remaining depth it was searched to.
    pub depth: i32,
    /// Its bound kind.
    pub bound: Bound,
}

#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

/// The shared table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

const ENTRIES: usize = 4;

// Data word: move 20 bits (every variant packs its moves below 2^20), score
// 16, static eval 16, depth + 1 8, bound 2, generation 2.
fn pack(mv: u32, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    debug_assert!(mv < 1 << 20);
    (mv as u64 & 0xF_FFFF)
        | ((score as i16 as u16 as u64) << 20)
        | ((eval as i16 as u16 as u64) << 36)
        | (((depth.clamp(-1, 254) + 1) as u64) << 52)
        | ((bound as u64) << 60)
        | ((generation as u64 & 3) << 62)
}

fn unpack(d: u64) -> TtHit {
    TtHit {
        mv: (d & 0xF_FFFF) as u32,
        score: ((d >> 20) & 0xFFFF) as u16 as i16 as i32,
        eval: ((d >> 36) & 0xFFFF) as u16 as i16 as i32,
        depth: ((d >> 52) & 0xFF) as i32 - 1,
        bound: match (d >> 60) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

fn generation_of(d: u64) -> u8 {
    (d >> 62) as u8
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(n);
        buckets.resize_with(n, || Bucket(Default::default()));
        TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for b in &self.buckets {
            for w in &b.0 {
                w.store(0, Relaxed);
            }
        }
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Looks `key` up.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        let b = self.bucket(key);
        for e in 0..ENTRIES {
            let k = b.0[2 * e].load(Relaxed);
            let d = b.0[2 * e + 1].load(Relaxed);
            if k ^ d == key && d != 0 {
                return Some(unpack(d));
            }
        }
        None
    }

    /// Stores a result, replacing the same key or the least valuable entry.
    #[inline]
    pub fn store(&self, key: u64, mv: u32, score: i32, eval: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let gen = self.generation.load(Relaxed) & 3;
        let mut victim = 0;
        let mut worst = i32::MAX;
        for e in 0..ENTRIES {
            let k = b.0[2 * e].load(Relaxed);
            let d = b.0[2 * e + 1].load(Relaxed);
            if d == 0 || k ^ d == key {
                victim = e;
                if d != 0 && k ^ d == key {
                    let old = unpack(d);
                    // Keep a deeper exact result of this search unless ours is exact.
                    if bound != Bound::Exact && old.depth > depth + 2 && generation_of(d) == gen {
                        return;
                    }
                    let mv = if mv == 0 { old.mv } else { mv };
                    let nd = pack(mv, score, eval, depth, bound, gen);
                    b.0[2 * e].store(key ^ nd, Relaxed);
                    b.0[2 * e + 1].store(nd, Relaxed);
                    return;
                }
                break;
            }
            let old = unpack(d);
            let age = (gen.wrapping_sub(generation_of(d)) & 3) as i32;
            let value = old.depth - 8 * age;
            if value < worst {
                worst = value;
                victim = e;
            }
        }
        let nd = pack(mv, score, eval, depth, bound, gen);
        b.0[2 * victim].store(key ^ nd, Relaxed);
        b.0[2 * victim + 1].store(nd, Relaxed);
    }

    /// Permille of sampled entries filled during the current search.
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation.load(Relaxed) & 3;
        let sample = self.buckets.len().min(250);
        let mut n = 0;
        for b in &self.buckets[..sample] {
            for e in 0..ENTRIES {
                let d = b.0[2 * e + 1].load(Relaxed);
                if d != 0 && generation_of(d) == gen {
                    n += 1;
                }
            }
        }
        (n * 1000 / (sample * ENTRIES).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF, 1234, -31000, 55, 17, Bound::Lower);
        let h = tt.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(
            (h.mv, h.score, h.eval, h.depth, h.bound),
            (1234, -31000, 55, 17, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEE).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF).is_none());
    }

    #[test]
    fn replacement_keeps_the_bucket_usable() {
        let tt = TranspositionTable::new(1);
        // Keys that share a bucket: same high bits.
        for i in 0..16u64 {
            tt.store(i, i as u32 + 1, 0, 0, i as i32, Bound::Exact);
        }
        let found = (0..16u64).filter(|&i| tt.probe(i).is_some()).count();
        assert_eq!(found, ENTRIES);
        assert!(tt.probe(15).is_some(), "the newest, deepest entry survives");
    }
}

//! The transposition table: shared by all search threads without locks. Each
//! entry is two 64-bit words, `key ^ data` and `data`; a torn write makes the
//! XOR check fail and the entry reads as a miss. Buckets of four entries (one
//! cache line); replacement prefers entries from older searches and shallower
//! depths.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::Arc;

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

/// Buckets in memory the allocator hands out zeroed, page by page as it is
/// touched: a table of any size is ready at once, and only the part a
/// search uses becomes resident. (An allocation aligned to the 64-byte
/// bucket is zeroed eagerly by the allocator, so the memory is asked for
/// with the allocator's own alignment, one bucket larger, and the buckets
/// start at the first 64-byte boundary.)
struct Buckets {
    base: *mut u8,
    layout: Layout,
    first: *const Bucket,
    len: usize,
}

// SAFETY: the buckets are atomics, shared like a `[Bucket]`; the memory is
// owned by the value and freed once, in `drop`.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` zeroed buckets, or None when the memory cannot be had.
    fn zeroed(len: usize) -> Option<Buckets> {
        let size = len
            .checked_add(1)?
            .checked_mul(std::mem::size_of::<Bucket>())?;
        let layout = Layout::from_size_align(size, 16).ok()?;
        // SAFETY: the layout has a non-zero size.
        let base = unsafe { alloc_zeroed(layout) };
        if base.is_null() {
            return None;
        }
        let first = base.wrapping_add(base.align_offset(64)) as *const Bucket;
        Some(Buckets {
            base,
            layout,
            first,
            len,
        })
    }

    fn as_slice(&self) -> &[Bucket] {
        // SAFETY: `first` is 64-byte aligned, `len` buckets fit after it in
        // the allocation (one bucket of slack covers the alignment), and
        // zeroed memory is a valid `Bucket` (atomics holding 0).
        unsafe { std::slice::from_raw_parts(self.first, self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { dealloc(self.base, self.layout) }
    }
}

/// The shared table.
pub struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
    /// Set when the engine lets go of the table: [`Self::prefault`] stops.
    retired: AtomicBool,
}

/// Tables at least this large are faulted in by a background thread.
const PREFAULT_MB: usize = 64;
/// Buckets per 4 KiB page.
const PAGE_BUCKETS: usize = 4096 / std::mem::size_of::<Bucket>();

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
    /// A table of about `mb` megabytes (at least one bucket), or an error
    /// naming the size when the memory cannot be had.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let n = (mb.max(1).saturating_mul(1024 * 1024) / std::mem::size_of::<Bucket>()).max(1);
        let buckets =
            Buckets::zeroed(n).ok_or_else(|| format!("cannot allocate {mb} MB for the hash"))?;
        Ok(TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
            retired: AtomicBool::new(false),
        })
    }

    /// Brings a large table's pages into memory on a background thread, so
    /// that the first searches do not pay a page fault at each new bucket
    /// (a search at 1 GB ran at 40 % speed until its pages were in). Each
    /// page is touched by an atomic `fetch_or(0)`, which leaves any entry a
    /// search wrote meanwhile as it is. The thread ends at the end of the
    /// table or soon after [`Self::retire`]; if it cannot be started, the
    /// pages come in as the search uses them. Returns the thread, if one
    /// was started.
    pub fn prefault(self: &Arc<Self>) -> Option<std::thread::JoinHandle<()>> {
        if self.mb() < PREFAULT_MB {
            return None;
        }
        let tt = Arc::clone(self);
        std::thread::Builder::new()
            .name("hash-prefault".into())
            .spawn(move || {
                for (i, page) in tt.buckets.as_slice().chunks(PAGE_BUCKETS).enumerate() {
                    if i % 256 == 0 && tt.retired.load(Relaxed) {
                        return;
                    }
                    page[0].0[0].fetch_or(0, Relaxed);
                }
            })
            .ok()
    }

    /// The engine no longer uses the table: a [`Self::prefault`] thread
    /// stops, so the memory is freed with the last search holding it.
    pub fn retire(&self) {
        self.retired.store(true, Relaxed);
    }

    /// A table of about `mb` megabytes; panics when the memory cannot be
    /// had (for small tables: tests, bench, the default).
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Size in megabytes (rounded down).
    pub fn mb(&self) -> usize {
        self.buckets.len * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&self) {
        for b in self.buckets.as_slice() {
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
        let buckets = self.buckets.as_slice();
        let i = ((key as u128 * buckets.len() as u128) >> 64) as usize;
        &buckets[i]
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
        let buckets = self.buckets.as_slice();
        let sample = buckets.len().min(250);
        let mut n = 0;
        for b in &buckets[..sample] {
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
    fn buckets_are_cache_line_aligned_and_zeroed() {
        for mb in [1, 3, 64] {
            let tt = TranspositionTable::new(mb);
            let b = tt.buckets.as_slice();
            assert_eq!(b.len(), mb * 1024 * 1024 / 64);
            assert_eq!(b.as_ptr() as usize % 64, 0);
            assert!(b.iter().all(|b| b.0.iter().all(|w| w.load(Relaxed) == 0)));
            assert_eq!(tt.mb(), mb);
        }
    }

    #[test]
    fn an_impossible_size_is_an_error() {
        let e = TranspositionTable::try_new(usize::MAX / 1024).err();
        assert!(e.is_some_and(|e| e.contains("cannot allocate")));
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

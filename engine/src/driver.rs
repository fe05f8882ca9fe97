//! The engine object the front ends hold: the shared hash table and options,
//! and `start`, which runs a Lazy SMP search in the background and hands back
//! a handle to stop it, signal `ponderhit`, or wait for its result.

use crate::control::Control;
use crate::info::{Reporter, Score, ScoreBound, SearchResult};
use crate::limits::Limits;
use crate::ordering::OrderingTables;
use crate::search::{ThreadResult, Worker};
use crate::searchable::Searchable;
use crate::series::plan::Plans;
use crate::settings::Settings;
use crate::strength::{Draws, Plan, Strength};
use crate::tt::TranspositionTable;
use std::any::Any;
use std::cell::Cell;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Aspiration-window bounds are reported only after this long (they are noise
/// in fast searches).
const BOUND_REPORT_MS: u64 = 1000;
/// Stack size of search threads (deep recursion with move lists on the stack).
const STACK_BYTES: usize = 64 * 1024 * 1024;

/// Memory a helper thread needs besides its stack (its move-ordering tables,
/// move lists, allocator space), with room to spare: a helper is started
/// only while this much more than its stack can still be had.
const HELPER_HEADROOM: usize = 128 * 1024 * 1024;

/// Whether `bytes` more memory can be had now (a fallible reservation, given
/// back at once). Under an address-space limit (`ulimit -v`) the threads'
/// stacks can take everything, and then an allocation in a started thread
/// would abort the program; so helpers are started only while this holds.
fn memory_for(bytes: usize) -> bool {
    let mut probe = Vec::<u8>::new();
    let ok = probe.try_reserve_exact(bytes).is_ok();
    // Keeps the optimiser from removing the allocation (and assuming it
    // succeeded).
    std::hint::black_box(&probe);
    ok
}

/// What a variant's own root search receives (see
/// [`Searchable::root_search`]): everything the generic search would get.
pub struct RootContext<'a, P: Searchable> {
    /// The position to search.
    pub pos: P,
    /// The root moves (legal, `searchmoves` applied); never empty.
    pub root: Vec<P::Move>,
    /// The limits of this search.
    pub limits: &'a Limits,
    /// The stop flag, the clock and the node counters (publish the node
    /// count in `nodes[0]`; `limits_exceeded` applies the time and node limits).
    pub control: &'a Control,
    /// Threads the engine may use.
    pub threads: usize,
    /// Principal variations asked for.
    pub multipv: usize,
    /// Where progress lines go (the driver reports `finished` itself).
    pub reporter: &'a dyn Reporter,
    /// The engine's settings, copied at the search's start.
    pub settings: &'a Settings,
    /// The engine's progressive series plans, kept between searches.
    pub plans: &'a Plans,
}

/// A root search that replaces the generic one for a variant; it must obey
/// the context's `Control` (stop flag, limits) and, for `go infinite` and
/// pondering, return only after `stop`.
pub type RootSearchFn<P> = fn(RootContext<'_, P>) -> SearchResult;

/// Move-ordering tables kept from one search to the next, one slot per
/// thread; type-erased because the variant may change between searches.
type OrderingMemory = Arc<Mutex<Vec<Option<Box<dyn Any + Send>>>>>;

/// Takes thread `id`'s tables for variant `P` out of `memory` (fresh ones
/// when there are none for `P`).
fn take_tables<P: Searchable>(memory: &OrderingMemory, id: usize) -> OrderingTables<P> {
    let kept = memory
        .lock()
        .ok()
        .and_then(|mut m| m.get_mut(id).and_then(Option::take));
    match kept.map(|b| b.downcast::<OrderingTables<P>>()) {
        Some(Ok(t)) => *t,
        _ => OrderingTables::new(),
    }
}

/// Puts thread `id`'s tables back into `memory` for the next search.
fn keep_tables<P: Searchable>(memory: &OrderingMemory, id: usize, tables: OrderingTables<P>) {
    if let Ok(mut m) = memory.lock() {
        if m.len() <= id {
            m.resize_with(id + 1, || None);
        }
        m[id] = Some(Box::new(tables));
    }
}

/// Options that outlive a single search.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    /// The thread bringing the table's pages in, if one runs.
    prefaulting: Option<JoinHandle<()>>,
    /// History and countermoves of the last search, per thread.
    ordering: OrderingMemory,
    /// The progressive series plans, kept from one search to the next.
    plans: Arc<Plans>,
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Time kept in reserve per move for communication delays.
    pub move_overhead: Duration,
    /// The evaluation settings (developer switches, the partner's wishes),
    /// the progressive series switches and the developer caps; a search
    /// reads them once, at its start.
    pub settings: Settings,
    /// The playing level and opening variety; a search reads them at its
    /// start.
    pub strength: Strength,
    /// The draws of the searches below full strength or with variety.
    draws: Mutex<Draws>,
}

/// A running search.
pub struct SearchHandle {
    control: Arc<Control>,
    thread: Option<JoinHandle<SearchResult>>,
}

impl SearchHandle {
    /// Asks the search to stop; it reports its result shortly after.
    pub fn stop(&self) {
        self.control.stop.store(true, Relaxed);
    }

    /// The opponent played the pondered move: the clock starts.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    /// True once the search has reported its result.
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Waits for the result (the default one when the search thread could
    /// not be started: its result was reported when it failed).
    pub fn wait(mut self) -> SearchResult {
        self.thread
            .take()
            .map(|t| t.join().unwrap_or_default())
            .unwrap_or_default()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.retire_table();
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Engine {
    /// An engine with a `hash_mb` table and one thread.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            prefaulting: None,
            ordering: OrderingMemory::default(),
            plans: Arc::default(),
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
            settings: Settings::default(),
            strength: Strength::default(),
            draws: Mutex::new(Draws::from_entropy()),
        }
    }

    /// Seeds the draws of the searches below full strength or with
    /// variety (they are seeded from the system's entropy otherwise): the
    /// same seed and the same searches give the same moves.
    pub fn seed(&mut self, seed: u64) {
        self.draws = Mutex::new(Draws::new(seed));
    }

    /// Replaces the table with an empty one of `mb` megabytes. The old
    /// table is freed first (a running search keeps its own until it ends),
    /// so the two never take memory together. When the memory cannot be
    /// had, the table gets its old size back (or 1 MB if even that fails)
    /// and the error says which size it has.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        let old = self.tt.mb().max(1);
        self.retire_table();
        self.tt = Arc::new(TranspositionTable::new(1));
        let (tt, done) = match TranspositionTable::try_new(mb) {
            Ok(tt) => (tt, Ok(())),
            Err(e) => match TranspositionTable::try_new(old) {
                Ok(tt) => (tt, Err(format!("{e}; the hash stays at {old} MB"))),
                Err(_) => (
                    TranspositionTable::new(1),
                    Err(format!("{e}; the hash is now 1 MB")),
                ),
            },
        };
        self.tt = Arc::new(tt);
        self.prefaulting = self.tt.prefault();
        done
    }

    /// The table in use is given up: its prefault thread, if any, is told
    /// to stop and waited for (it stops within a few hundred pages), so no
    /// thread outlives the engine or holds a table nobody uses.
    fn retire_table(&mut self) {
        self.tt.retire();
        if let Some(t) = self.prefaulting.take() {
            let _ = t.join();
        }
    }

    /// The hash table's size in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.tt.mb()
    }

    /// Empties the table and forgets the move-ordering statistics and the
    /// progressive series plans (a new game). The table is replaced by
    /// fresh zeroed memory, which costs nothing whatever its size (cleared
    /// in place if that memory cannot be had).
    pub fn clear_hash(&mut self) {
        match TranspositionTable::try_new(self.tt.mb()) {
            Ok(fresh) => {
                self.retire_table();
                self.tt = Arc::new(fresh);
                self.prefaulting = self.tt.prefault();
            }
            Err(_) => self.tt.clear(),
        }
        if let Ok(mut m) = self.ordering.lock() {
            m.clear();
        }
        self.plans.clear();
    }

    /// Starts searching `pos` in the background under the engine's
    /// [`Settings`]. `searchmoves` restricts the root moves (empty: all
    /// legal moves). The developer caps (`--depth-limit`,
    /// `--nodes-per-move`, [`crate::ablation::cap_limits`]) apply.
    pub fn start<P: Searchable>(
        &self,
        pos: P,
        mut limits: Limits,
        searchmoves: Vec<P::Move>,
        reporter: Arc<dyn Reporter>,
    ) -> SearchHandle {
        limits.horizon.get_or_insert(P::CLOCK_HORIZON);
        crate::ablation::cap_limits(&self.settings.caps, &mut limits, self.move_overhead);
        let plan = self.strength.plan(pos.game_ply());
        if let Some(d) = plan.depth {
            limits.depth = Some(limits.depth.map_or(d, |asked| asked.min(d)));
        }
        let draws = match self.draws.lock() {
            Ok(mut d) => d.fork(),
            Err(_) => Draws::from_entropy(),
        };
        let mut list = P::MoveList::default();
        pos.generate_moves(&mut list);
        let mut root: Vec<P::Move> = list.iter().copied().collect();
        if !searchmoves.is_empty() {
            root.retain(|m| searchmoves.contains(m));
        }
        let threads = self.threads.max(1);
        let control = Arc::new(Control::new(
            threads,
            &limits,
            self.move_overhead,
            root.len(),
        ));
        let shared = Shared {
            tt: self.tt.clone(),
            ordering: self.ordering.clone(),
            plans: self.plans.clone(),
            settings: self.settings,
            threads,
            multipv: self.multipv.max(plan.lines),
            plan,
        };
        let ctl = control.clone();
        let fallback = root.first().map(|m| m.to_string());
        let rep = reporter.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let result = run(pos, root, limits, &shared, draws, ctl, rep.as_ref());
                rep.finished(&result);
                result
            });
        let thread = match spawned {
            Ok(t) => Some(t),
            Err(e) => {
                // No thread, no search: the first legal move is played.
                reporter.warn(&format!("cannot start the search thread: {e}"));
                reporter.finished(&SearchResult {
                    best: fallback,
                    ..Default::default()
                });
                None
            }
        };
        SearchHandle { control, thread }
    }
}

/// What a search takes from its engine at `start`: the engine may change
/// its options or start a new game while the search runs.
struct Shared {
    tt: Arc<TranspositionTable>,
    ordering: OrderingMemory,
    plans: Arc<Plans>,
    settings: Settings,
    threads: usize,
    multipv: usize,
    /// What the engine's strength changes in this search.
    plan: Plan,
}

fn run<P: Searchable>(
    pos: P,
    root: Vec<P::Move>,
    limits: Limits,
    shared: &Shared,
    mut draws: Draws,
    control: Arc<Control>,
    reporter: &dyn Reporter,
) -> SearchResult {
    if root.is_empty() {
        return SearchResult::default();
    }
    let (tt, ordering) = (&shared.tt, &shared.ordering);
    let (threads, multipv) = (shared.threads, shared.multipv);
    let bonuses = &draws.bonuses(root.len(), shared.plan.bonus);
    let eval = shared.settings.eval;
    if let Some(search) = P::root_search() {
        return search(RootContext {
            pos,
            root,
            limits: &limits,
            control: &control,
            threads,
            multipv,
            reporter,
            settings: &shared.settings,
            plans: &shared.plans,
        });
    }
    tt.new_search();
    let max_depth = limits.depth.unwrap_or(i32::MAX).max(1);
    // With several lines the main thread alone reports them all, so it alone
    // ends a depth-limited search, and its result is the one played.
    let helper_max_depth = if multipv > 1 { i32::MAX } else { max_depth };
    // The node count of the last line reported: a search stopped after it
    // reports its final count (and its line, as Stockfish does) once more.
    let last_reported = Cell::new(0u64);
    let (main, helpers) = std::thread::scope(|s| {
        let mut handles = Vec::new();
        for id in 1..threads {
            if !memory_for(STACK_BYTES + HELPER_HEADROOM) {
                reporter.warn(&format!(
                    "cannot start search thread {}: not enough memory; searching with {id}",
                    id + 1
                ));
                break;
            }
            let (pos, root, tt, control) = (pos.clone(), root.clone(), tt.clone(), control.clone());
            let spawned = std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, move || {
                    let tables = take_tables::<P>(ordering, id);
                    let mut w = Worker::new(
                        id,
                        pos,
                        root,
                        tables,
                        tt,
                        control,
                        1,
                        helper_max_depth,
                        eval,
                    );
                    w.set_bonuses(bonuses);
                    let result = w.iterate(&mut |_, _, _, _| {});
                    keep_tables(ordering, id, w.into_tables());
                    result
                });
            match spawned {
                Ok(h) => handles.push(h),
                Err(e) => {
                    reporter.warn(&format!(
                        "cannot start search thread {}: {e}; searching with {id}",
                        id + 1
                    ));
                    break;
                }
            }
        }
        let mut w = Worker::new(
            0,
            pos.clone(),
            root.clone(),
            take_tables::<P>(ordering, 0),
            tt.clone(),
            control.clone(),
            multipv,
            max_depth,
            eval,
        );
        w.set_bonuses(bonuses);
        let main = w.iterate(&mut |w, depth, idx, bound| {
            let ms = control.elapsed().as_millis() as u64;
            if bound == ScoreBound::Exact || ms >= BOUND_REPORT_MS {
                let nodes = control.total_nodes();
                last_reported.set(nodes);
                reporter.info(&w.info(depth, idx, bound, nodes, ms));
            }
        });
        keep_tables(ordering, 0, w.into_tables());
        // `go infinite` and pondering wait for `stop` (or `ponderhit`).
        while (control.infinite() || control.pondering()) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        control.stop.store(true, Relaxed);
        let helpers: Vec<ThreadResult<P::Move>> =
            handles.into_iter().filter_map(|h| h.join().ok()).collect();
        (main, helpers)
    });
    let mut best = main;
    draw_line(&shared.plan, draws, &mut best);
    let helper_best = helpers
        .into_iter()
        .filter(|h| multipv == 1 && h.depth > best.depth && !h.pv.is_empty())
        .max_by_key(|h| h.depth);
    let nodes = control.total_nodes();
    let ms = control.elapsed().as_millis() as u64;
    if let Some(h) = helper_best {
        // The main thread never reported this line: report it now.
        reporter.info(&h.info(nodes, ms, tt.hashfull()));
        best = h;
    } else if nodes != last_reported.get() {
        if best.depth > 0 {
            reporter.info(&best.info(nodes, ms, tt.hashfull()));
        } else {
            reporter.progress(nodes, ms);
        }
    }
    SearchResult {
        best: best.pv.first().map(|m| m.to_string()),
        ponder: best.pv.get(1).map(|m| m.to_string()),
        score: (best.depth > 0).then(|| Score::from_internal(best.score)),
        depth: best.depth,
        nodes,
        time_ms: ms,
    }
}

/// Below full strength or with variety: plays the line `draws` takes
/// among `best`'s lines under `plan`.
fn draw_line<M: Clone>(plan: &Plan, mut draws: Draws, best: &mut ThreadResult<M>) {
    if best.lines.len() < 2 {
        return;
    }
    let scores: Vec<i32> = best.lines.iter().map(|(score, _)| *score).collect();
    let (score, pv) = &best.lines[draws.pick(&scores, plan.noise)];
    best.score = *score;
    best.pv = pv.clone();
}

/// Searches `pos` to `depth` with one thread and a fresh table; returns the
/// result and the node count (deterministic: the bench uses it).
pub fn search_fixed_depth<P: Searchable>(pos: &P, depth: i32, hash_mb: usize) -> SearchResult {
    let engine = Engine::new(hash_mb);
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    engine
        .start(
            pos.clone(),
            limits,
            Vec::new(),
            Arc::new(crate::info::Silent),
        )
        .wait()
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::CrazyhousePosition;
    use movegen::Chess;

    #[test]
    fn ordering_tables_are_kept_per_thread_and_variant() {
        let memory = OrderingMemory::default();
        let mut t = take_tables::<Chess>(&memory, 1);
        t.update_history(0, 5, 1000);
        keep_tables(&memory, 1, t);
        // Thread 0 has none; thread 1 gets its history back.
        assert_eq!(take_tables::<Chess>(&memory, 0).history(0, 5), 0);
        let back = take_tables::<Chess>(&memory, 1);
        assert!(back.history(0, 5) > 0);
        keep_tables(&memory, 1, back);
        // Another variant starts afresh.
        assert_eq!(
            take_tables::<CrazyhousePosition>(&memory, 1).history(0, 5),
            0
        );
    }

    #[test]
    fn a_new_game_forgets_the_ordering_tables() {
        let mut engine = Engine::new(1);
        let mut t = take_tables::<Chess>(&engine.ordering, 0);
        t.update_history(1, 7, 1000);
        keep_tables(&engine.ordering, 0, t);
        engine.clear_hash();
        assert_eq!(take_tables::<Chess>(&engine.ordering, 0).history(1, 7), 0);
    }
}

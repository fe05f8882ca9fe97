//! One search thread: iterative deepening over principal variation search with
//! aspiration windows, quiescence, transposition table, null move, late move
//! reductions, futility pruning and razoring, check extensions and mate
//! distance pruning.
//!
//! Sides need not alternate (progressive chess): after each move the search
//! compares the side to move with the mover and negates the child's score
//! only when the turn passed.

use crate::control::{time_scale, Control, CHECK_INTERVAL};
use crate::info::score::{INFINITE, MATE, MATE_BOUND};
use crate::info::{Score, ScoreBound, SearchInfo};
use crate::ordering::{MovePicker, OrderingTables, Pick, MAX_PLY};
use crate::searchable::Searchable;
use crate::tt::{Bound, TranspositionTable};
use eval::EvalConfig;
use movegen::variant::{MoveBuffer, Status};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// A root move with its latest score and principal variation.
#[derive(Clone)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its score in the last completed iteration (-INFINITE if unknown).
    pub score: i32,
    /// Its score in the iteration being searched.
    pub current: i32,
    /// The principal variation starting with it.
    pub pv: Vec<M>,
    /// Deepest ply reached below it.
    pub seldepth: i32,
    /// Variety: what its search score is raised by (0 without variety);
    /// reports take it off again.
    pub bonus: i32,
}

impl<M> RootMove<M> {
    /// `score`, a score of this move's search, without its variety bonus.
    fn unraised(&self, score: i32) -> i32 {
        if score.abs() >= MATE_BOUND {
            score
        } else {
            score - self.bonus
        }
    }
}

/// The result a thread reached.
#[derive(Clone)]
pub struct ThreadResult<M> {
    /// The deepest completed iteration.
    pub depth: i32,
    /// The best root move's score.
    pub score: i32,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Deepest ply reached in the last completed iteration.
    pub seldepth: i32,
    /// With several lines searched: each line's score and principal
    /// variation in the last completed iteration, best first.
    pub lines: Vec<(i32, Vec<M>)>,
}

impl<M: std::fmt::Display> ThreadResult<M> {
    /// The report of this result (one line, exact), with the search-wide
    /// `nodes`, `time_ms` and `hashfull`.
    pub fn info(&self, nodes: u64, time_ms: u64, hashfull: u32) -> SearchInfo {
        SearchInfo {
            depth: self.depth,
            seldepth: self.seldepth.max(self.depth),
            multipv: 1,
            score: Score::from_internal(self.score),
            raw_score: self.score,
            bound: ScoreBound::Exact,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull,
            time_ms,
            pv: self.pv.iter().map(|m| m.to_string()).collect(),
        }
    }
}

/// A search thread's state.
pub struct Worker<P: Searchable> {
    id: usize,
    pos: P,
    tt: Arc<TranspositionTable>,
    control: Arc<Control>,
    nodes: u64,
    /// The node count at which `check_stop` next publishes the count and
    /// tests the limits.
    next_check: u64,
    root_ply: usize,
    seldepth: i32,
    stopped: bool,
    tables: OrderingTables<P>,
    eval_stack: [i32; MAX_PLY + 4],
    move_stack: [Option<usize>; MAX_PLY + 4],
    /// The move left out at each ply by a singular-extension search.
    excluded: Vec<Option<P::Move>>,
    pv: Vec<Vec<P::Move>>,
    buffers: Vec<Vec<(P::Move, i32)>>,
    lmr: [[u8; 64]; 64],
    /// The root moves, best first after each iteration.
    pub root_moves: Vec<RootMove<P::Move>>,
    pv_index: usize,
    multipv: usize,
    max_depth: i32,
    /// The evaluation settings of the engine, copied at the search's start.
    eval: EvalConfig,
}

const NO_EVAL: i32 = i32::MIN / 2;

/// Under a depth limit, odd helpers search the limit itself once the main
/// thread's iteration is this close to it.
const REACH: i32 = 4;

/// The iteration a helper searches next, from its own next iteration `next`,
/// the main thread's current one `main` and the depth `limit`: helpers never
/// fall behind the main thread, and odd ones (`ahead`) keep one iteration
/// ahead of it, so that the main thread finds their deeper results in the
/// table. Near a depth limit an odd helper goes straight to the limit: the
/// main thread's last iterations then give it its move order through the
/// table while it works on the result that was asked for, and the first of
/// the two to complete the limit ends the search. No helper goes past the
/// limit (it would be idle).
fn helper_depth(next: i32, main: i32, ahead: bool, limit: i32) -> i32 {
    let target = if ahead && limit - main <= REACH {
        limit
    } else {
        main + ahead as i32
    };
    next.max(target.min(limit))
}

/// Quiet check evasions quiescence searches once one holds off mate.
const QS_QUIET_EVASIONS: usize = 1;

/// How far above beta a capture must score in ProbCut's shallow search.
const PROBCUT_MARGIN: i32 = 200;

/// Quiet moves and drops are pruned at depths up to this when the static
/// exchange on their square loses more than [`QUIET_SEE_MARGIN`] · depth²
/// centipawns (and they do not check).
const QUIET_SEE_DEPTH: i32 = 6;
/// See [`QUIET_SEE_DEPTH`].
const QUIET_SEE_MARGIN: i32 = 25;

impl<P: Searchable> Worker<P> {
    /// A worker searching `pos` among `root_moves` (non-empty), ordering
    /// moves with `tables` (fresh, or kept from the previous search) and
    /// evaluating under `eval`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: usize,
        pos: P,
        root_moves: Vec<P::Move>,
        mut tables: OrderingTables<P>,
        tt: Arc<TranspositionTable>,
        control: Arc<Control>,
        multipv: usize,
        max_depth: i32,
        eval: EvalConfig,
    ) -> Self {
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            }
        }
        let root_ply = pos.game_ply();
        Worker {
            id,
            pos,
            tt,
            control,
            nodes: 0,
            next_check: 0,
            root_ply,
            seldepth: 0,
            stopped: false,
            tables: {
                tables.new_search();
                tables
            },
            eval_stack: [NO_EVAL; MAX_PLY + 4],
            move_stack: [None; MAX_PLY + 4],
            excluded: vec![None; MAX_PLY + 4],
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            lmr,
            root_moves: root_moves
                .into_iter()
                .map(|mv| RootMove {
                    mv,
                    score: -INFINITE,
                    current: -INFINITE,
                    pv: vec![mv],
                    seldepth: 0,
                    bonus: 0,
                })
                .collect(),
            pv_index: 0,
            multipv: multipv.max(1),
            max_depth,
            eval,
        }
    }

    /// Variety: raises each root move's search score by its bonus
    /// (`bonuses[i]` for the `i`th move given to [`Worker::new`]), so that
    /// the search plays the best raised move.
    pub fn set_bonuses(&mut self, bonuses: &[i32]) {
        for (rm, &b) in self.root_moves.iter_mut().zip(bonuses) {
            rm.bonus = b;
        }
    }

    /// Iterative deepening until the limits or `stop`; returns the deepest
    /// completed result.
    pub fn iterate(
        &mut self,
        report: &mut dyn FnMut(&Self, i32, usize, ScoreBound),
    ) -> ThreadResult<P::Move> {
        let mut result = ThreadResult {
            depth: 0,
            score: -INFINITE,
            pv: vec![self.root_moves[0].mv],
            seldepth: 0,
            lines: Vec::new(),
        };
        let lines = self.multipv.min(self.root_moves.len());
        let ahead = self.id % 2 == 1;
        let mut depth = 1;
        // Best-move stability and score trend, for the time manager.
        let mut stable = 0u32;
        loop {
            if self.id == 0 {
                self.control.set_main_depth(depth);
            } else {
                depth = helper_depth(depth, self.control.main_depth(), ahead, self.max_depth);
            }
            if depth > self.max_depth || depth >= MAX_PLY as i32 {
                break;
            }
            for rm in &mut self.root_moves {
                rm.score = rm.current;
            }
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.aspiration(depth, report);
                if self.stopped {
                    break;
                }
                self.sort_root_moves(pv_index);
                self.flush_nodes();
                report(self, depth, pv_index, ScoreBound::Exact);
            }
            if self.stopped {
                break;
            }
            let best = &self.root_moves[0];
            if result.depth > 0 && result.pv[0] == best.mv {
                stable += 1;
            } else {
                stable = 0;
            }
            let score_drop = if result.depth > 0 && result.score.abs() < MATE_BOUND {
                result.score - best.unraised(best.current)
            } else {
                0
            };
            result = ThreadResult {
                depth,
                score: best.unraised(best.current),
                pv: best.pv.clone(),
                seldepth: best.seldepth,
                lines: if lines > 1 {
                    self.root_moves[..lines]
                        .iter()
                        .map(|rm| (rm.unraised(rm.current), rm.pv.clone()))
                        .collect()
                } else {
                    Vec::new()
                },
            };
            if self.control.should_stop_after_iteration(
                self.id,
                depth,
                result.score,
                time_scale(stable, score_drop),
            ) {
                break;
            }
            depth += 1;
        }
        self.flush_nodes();
        if result.depth >= self.max_depth {
            self.control.depth_limit_reached();
        }
        result
    }

    fn sort_root_moves(&mut self, from: usize) {
        self.root_moves[from..].sort_by_key(|rm| std::cmp::Reverse(rm.current));
    }

    fn aspiration(&mut self, depth: i32, report: &mut dyn FnMut(&Self, i32, usize, ScoreBound)) {
        let prev = self.root_moves[self.pv_index].score;
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
            ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search::<true>(alpha, beta, depth, 0);
            if self.stopped {
                return;
            }
            self.sort_root_moves(self.pv_index);
            if score <= alpha {
                self.flush_nodes();
                report(self, depth, self.pv_index, ScoreBound::Upper);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                self.flush_nodes();
                report(self, depth, self.pv_index, ScoreBound::Lower);
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    /// Builds the report of line `pv_index` of the current iteration.
    pub fn info(
        &self,
        depth: i32,
        pv_index: usize,
        bound: ScoreBound,
        nodes: u64,
        time_ms: u64,
    ) -> SearchInfo {
        let rm = &self.root_moves[pv_index];
        let raw = rm.unraised(if rm.current == -INFINITE {
            rm.score
        } else {
            rm.current
        });
        SearchInfo {
            depth,
            seldepth: rm.seldepth.max(depth),
            multipv: pv_index + 1,
            score: Score::from_internal(raw),
            raw_score: raw,
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.tt.hashfull(),
            time_ms,
            pv: rm.pv.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[inline(always)]
    fn flush_nodes(&self) {
        self.control.nodes[self.id].0.store(self.nodes, Relaxed);
    }

    #[inline(always)]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.next_check {
            self.flush_nodes();
            let share = self.control.reserve_nodes(CHECK_INTERVAL);
            if share == 0 || self.control.limits_exceeded() {
                self.control.stop.store(true, Relaxed);
            }
            self.next_check = self.nodes + share;
        }
        if self.control.stop.load(Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Searches a child position: negates the window and the score only when
    /// the turn passed to the other side.
    #[inline(always)]
    fn child<const PV: bool>(
        &mut self,
        flipped: bool,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) -> i32 {
        if flipped {
            -self.search::<PV>(-beta, -alpha, depth, ply + 1)
        } else {
            self.search::<PV>(alpha, beta, depth, ply + 1)
        }
    }

    #[inline(always)]
    fn child_qs<const PV: bool>(
        &mut self,
        flipped: bool,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if flipped {
            -self.qsearch::<PV>(-beta, -alpha, ply + 1)
        } else {
            self.qsearch::<PV>(alpha, beta, ply + 1)
        }
    }

    /// The variety bonus of root move `m`.
    fn bonus_of(&self, m: P::Move) -> i32 {
        self.root_moves
            .iter()
            .find(|rm| rm.mv == m)
            .map_or(0, |rm| rm.bonus)
    }

    /// The score of a position without legal moves, from the side to move's view.
    fn terminal_score(&self, ply: usize) -> i32 {
        match self.pos.status() {
            Status::Over(o) => P::outcome_score(&o, self.pos.side_to_move(), ply),
            Status::Ongoing => self.pos.no_move_score(&self.eval),
        }
    }

    fn search<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }
        let root = ply == 0;
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as i32);
        if PV {
            self.pv[ply].clear();
        }
        if !root {
            if self.pos.is_draw(self.root_ply) {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return self.pos.evaluate(&self.eval);
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = self.pos.in_check();
        let key = self.pos.hash();
        // A singular-extension search of this node leaves one move out: it
        // neither reads nor writes the table, and does no pruning before the
        // move loop.
        let excluded = self.excluded[ply];
        let tt = if excluded.is_some() {
            None
        } else {
            self.tt.probe(key)
        };
        let tt_move_bits = tt.map_or(0, |h| h.mv);
        if let Some(h) = tt {
            if !PV && h.depth >= depth {
                let s = score_from_tt(h.score, ply);
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // The evaluation as the table keeps it, and corrected by the
        // correction history for every decision made here.
        let correction_keys = self.pos.correction_keys();
        let raw_eval = if in_check || excluded.is_some() {
            NO_EVAL
        } else {
            tt.map_or_else(|| self.pos.evaluate(&self.eval), |h| h.eval)
        };
        let static_eval = if in_check {
            NO_EVAL
        } else if excluded.is_some() {
            self.eval_stack[ply]
        } else {
            let side = self.pos.side_to_move().index();
            self.tables
                .correction
                .correct(side, correction_keys.as_ref(), raw_eval)
        };
        self.eval_stack[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.eval_stack[ply - 2];
        // The table's score, where its bound allows, is a better estimate
        // for the pruning decisions than the static evaluation.
        let eval = match tt {
            Some(h) if !in_check && h.score.abs() < MATE_BOUND => {
                let s = h.score;
                match h.bound {
                    Bound::Lower if s > static_eval => s,
                    Bound::Upper if s < static_eval => s,
                    Bound::Exact => s,
                    _ => static_eval,
                }
            }
            _ => static_eval,
        };

        if !PV && !in_check && !root && excluded.is_none() {
            // Razoring: hopeless positions drop into quiescence.
            if depth <= 3 && eval + 250 * depth < alpha {
                let v = self.qsearch::<false>(alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }
            // Reverse futility pruning.
            if depth <= 8
                && eval - 90 * (depth - improving as i32) >= beta
                && eval.abs() < MATE_BOUND
            {
                return eval;
            }
            // Null move pruning.
            if P::NULL_MOVE
                && depth >= 3
                && eval >= beta
                && self.move_stack[ply].is_some()
                && self.pos.has_non_pawn_material()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                self.pos.make_null_move();
                self.move_stack[ply + 1] = None;
                let v = -self.search::<false>(-beta, -beta + 1, depth - r, ply + 1);
                self.pos.unmake_null_move();
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
            // ProbCut: a good capture that beats beta by a margin in a
            // shallow search almost surely beats beta in the full one.
            if depth >= 5 && beta.abs() < MATE_BOUND {
                let probcut_beta = beta + PROBCUT_MARGIN;
                let hopeless = tt.is_some_and(|h| {
                    h.depth >= depth - 3 && score_from_tt(h.score, ply) < probcut_beta
                });
                if !hopeless {
                    let v = self.probcut(probcut_beta, depth, ply, tt_move_bits, raw_eval);
                    if self.stopped {
                        return 0;
                    }
                    if let Some(v) = v {
                        return v;
                    }
                }
            }
        }

        // Without a hash move, a shallower search costs less than a bad order.
        if depth >= 6 && tt_move_bits == 0 && excluded.is_none() {
            depth -= 1;
        }

        let mut list = P::MoveList::default();
        if root {
            for rm in &self.root_moves[self.pv_index..] {
                list.push_move(rm.mv);
            }
        } else {
            self.pos.generate_moves(&mut list);
            if list.is_empty() {
                return self.terminal_score(ply);
            }
        }
        let tt_move = find_move::<P>(&list, tt_move_bits);

        // Singular extension: when the hash move, known to be good to nearly
        // this depth, is clearly better than every other move (a reduced
        // search without it fails low against a margin below its score), it
        // is searched one ply deeper. When even the other moves beat beta,
        // the node is cut at once.
        let mut singular = 0;
        if let (Some(h), Some(ttm)) = (tt, tt_move) {
            if !root
                && depth >= 8
                && h.depth >= depth - 3
                && h.bound != Bound::Upper
                && h.score.abs() < MATE_BOUND
                && ply < 2 * MAX_PLY / 3
            {
                let singular_beta = score_from_tt(h.score, ply) - 2 * depth;
                self.excluded[ply] = Some(ttm);
                let v =
                    self.search::<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply);
                self.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    singular = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        let mut picker = self.picker(&list, tt_move, ply);

        let us = self.pos.side_to_move();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried: arrayvec::ArrayVec<usize, 64> = arrayvec::ArrayVec::new();
        let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
        let tt_tactical = tt_move.is_some_and(|m| self.pos.is_tactical(m));
        let killers = self.tables.killers[ply];
        let counter = self.move_stack[ply].and_then(|s| self.tables.countermoves[s]);
        let earlier = self.earlier(ply);

        while let Some((m, pick)) = picker.next(&self.pos) {
            if Some(m) == excluded {
                continue;
            }
            let tactical = pick != Pick::Quiet;
            let slot = self.pos.history_index(m);
            let history = if tactical {
                0
            } else {
                self.tables.quiet_score(us.index(), earlier, slot)
            };
            let mut losing_quiet = false;
            if !root && best > -MATE_BOUND && searched > 0 {
                if !tactical {
                    if !PV && !in_check && quiets_tried.len() >= lmp_limit && depth <= 8 {
                        picker.skip_quiets();
                        continue;
                    }
                    if !in_check
                        && depth <= 6
                        && eval + 100 + 110 * depth <= alpha
                        && history < 6000
                    {
                        continue;
                    }
                    // Quiet moves with a bad history at low depth.
                    if !in_check && depth <= 4 && history < -4000 * depth {
                        continue;
                    }
                    // Quiet moves (drops too) that lose material at low
                    // depth, unless they check (seen once made).
                    losing_quiet = !in_check
                        && depth <= QUIET_SEE_DEPTH
                        && !self.pos.see_ge(m, -QUIET_SEE_MARGIN * depth * depth);
                } else if depth <= 6 && !self.pos.see_ge(m, -110 * depth) {
                    continue;
                }
            }
            // Checks that lose material by SEE are not extended (the
            // exchange is known before the move is made, the check after).
            let see_ok = !losing_quiet && self.pos.see_ge(m, 0);
            self.pos.make_move(m);
            let flipped = self.pos.side_to_move() != us;
            let gives_check = self.pos.in_check();
            if losing_quiet && !gives_check {
                self.pos.unmake_move();
                continue;
            }
            self.move_stack[ply + 1] = Some(slot);
            let check_ext = (gives_check && see_ok) as i32;
            let extension = if Some(m) == tt_move {
                singular.max(check_ext)
            } else {
                check_ext
            } * (ply < 2 * MAX_PLY / 3) as i32;
            let new_depth = depth - 1 + extension;

            let mut score;
            // Whether the child's line (`pv[ply + 1]`) is from a PV search of
            // this move; after a null-window search it is another move's.
            let mut child_pv = PV && searched == 0;
            // Variety raises a root move's score by its bonus: its search
            // window is lowered by as much.
            let bonus = if root { self.bonus_of(m) } else { 0 };
            let (lo, hi) = (alpha - bonus, beta - bonus);
            if searched == 0 {
                score = self.child::<PV>(flipped, lo, hi, new_depth, ply);
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 + root as usize && !tactical && !gives_check {
                    r = self.lmr[depth.min(63) as usize][searched.min(63)] as i32;
                    r += !PV as i32 + !improving as i32 + tt_tactical as i32;
                    r -= history / 12000;
                    if killers.contains(&Some(m)) || counter == Some(m) {
                        r -= 1;
                    }
                    if in_check {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = self.child::<false>(flipped, lo, lo + 1, new_depth - r, ply);
                if score > lo && r > 0 {
                    score = self.child::<false>(flipped, lo, lo + 1, new_depth, ply);
                }
                if PV && score > lo && (root || score < hi) {
                    score = self.child::<true>(flipped, lo, hi, new_depth, ply);
                    child_pv = true;
                }
            }
            if bonus != 0 && score.abs() < MATE_BOUND {
                score += bonus;
            }
            self.pos.unmake_move();
            if self.stopped {
                self.buffers[ply] = picker.into_buffer();
                return 0;
            }
            searched += 1;

            if root {
                let seldepth = self.seldepth;
                let rm = self
                    .root_moves
                    .iter_mut()
                    .find(|rm| rm.mv == m)
                    .expect("root moves come from the root list");
                if searched == 1 || score > alpha {
                    rm.current = score;
                    rm.seldepth = seldepth;
                    rm.pv.clear();
                    rm.pv.push(m);
                    if child_pv {
                        rm.pv.extend_from_slice(&self.pv[1]);
                    }
                } else {
                    rm.current = -INFINITE;
                }
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if PV && !root {
                        self.update_pv(ply, m, child_pv);
                    }
                    if score >= beta {
                        if !tactical {
                            self.reward_quiet(m, slot, ply, depth, &quiets_tried);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if !tactical && quiets_tried.len() < quiets_tried.capacity() {
                quiets_tried.push(slot);
            }
        }
        self.buffers[ply] = picker.into_buffer();

        if searched == 0 {
            // Everything was pruned (cannot happen at the root or in check).
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !in_check
            && excluded.is_none()
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| !self.pos.is_tactical(m))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.tables.correction.update(
                us.index(),
                correction_keys.as_ref(),
                best - static_eval,
                depth,
            );
        }
        if (!root || self.pv_index == 0) && excluded.is_none() {
            let eval_store = if raw_eval == NO_EVAL { 0 } else { raw_eval };
            self.tt.store(
                key,
                best_move.map_or(0, P::move_bits),
                score_to_tt(best, ply),
                eval_store,
                depth,
                bound,
            );
        }
        best
    }

    /// ProbCut at `ply`: tries the captures that win at least
    /// `probcut_beta − static_eval` by SEE, each in quiescence and then at
    /// `depth − 4` against `probcut_beta`; the first to reach it cuts (its
    /// score is returned and stored as a lower bound at `depth − 3`).
    fn probcut(
        &mut self,
        probcut_beta: i32,
        depth: i32,
        ply: usize,
        tt_move_bits: u32,
        static_eval: i32,
    ) -> Option<i32> {
        let mut list = P::MoveList::default();
        self.pos.generate_tactical(&mut list);
        let tt_move = find_move::<P>(&list, tt_move_bits);
        let mut picker = self.picker(&list, tt_move, ply);
        let us = self.pos.side_to_move();
        let key = self.pos.hash();
        let mut cut = None;
        while let Some((m, pick)) = picker.next(&self.pos) {
            if pick != Pick::Tactical || !self.pos.see_ge(m, probcut_beta - static_eval) {
                continue;
            }
            let slot = self.pos.history_index(m);
            self.pos.make_move(m);
            self.move_stack[ply + 1] = Some(slot);
            let flipped = self.pos.side_to_move() != us;
            let (a, b) = (probcut_beta - 1, probcut_beta);
            let mut v = self.child_qs::<false>(flipped, a, b, ply);
            if v >= probcut_beta {
                v = self.child::<false>(flipped, a, b, depth - 4, ply);
            }
            self.pos.unmake_move();
            if self.stopped {
                break;
            }
            if v >= probcut_beta {
                let bits = P::move_bits(m);
                let stored = score_to_tt(v, ply);
                self.tt
                    .store(key, bits, stored, static_eval, depth - 3, Bound::Lower);
                cut = Some(v);
                break;
            }
        }
        self.buffers[ply] = picker.into_buffer();
        cut
    }

    /// A move picker for `list` at `ply`, the hash move (if among the moves)
    /// first; the scored-move buffer of the ply is borrowed until the picker
    /// is given back with `into_buffer`.
    fn picker(
        &mut self,
        list: &[P::Move],
        tt_move: Option<P::Move>,
        ply: usize,
    ) -> MovePicker<P::Move> {
        let buffer = std::mem::take(&mut self.buffers[ply]);
        MovePicker::new(
            &self.pos,
            buffer,
            list,
            tt_move,
            &self.tables,
            ply,
            self.earlier(ply),
        )
    }

    /// The slots of the moves one and two plies before `ply` (`None` for a
    /// null move or above the root).
    #[inline(always)]
    fn earlier(&self, ply: usize) -> [Option<usize>; 2] {
        [
            self.move_stack[ply],
            ply.checked_sub(1).and_then(|p| self.move_stack[p]),
        ]
    }

    /// The principal variation at `ply` becomes `m` followed by the child's
    /// line when the child was searched as a PV node (`child_pv`); else by
    /// nothing, as the child's slot then holds a stale line, which could go
    /// on past a mate.
    fn update_pv(&mut self, ply: usize, m: P::Move, child_pv: bool) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        if child_pv {
            head[ply].extend_from_slice(&tail[0]);
        }
    }

    fn reward_quiet(&mut self, m: P::Move, slot: usize, ply: usize, depth: i32, tried: &[usize]) {
        let side = self.pos.side_to_move().index();
        let bonus = (depth * depth * 16).min(1600);
        let earlier = self.earlier(ply);
        self.tables.update_history(side, slot, bonus);
        for e in earlier {
            self.tables.update_continuation(e, slot, bonus);
        }
        for &s in tried {
            if s != slot {
                self.tables.update_history(side, s, -bonus);
                for e in earlier {
                    self.tables.update_continuation(e, s, -bonus);
                }
            }
        }
        self.tables.add_killer(ply, m);
        if let Some(prev) = self.move_stack[ply] {
            self.tables.countermoves[prev] = Some(m);
        }
    }

    fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as i32);
        if PV {
            self.pv[ply].clear();
        }
        if self.pos.is_draw(self.root_ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.pos.evaluate(&self.eval);
        }
        let in_check = self.pos.in_check();
        let key = self.pos.hash();
        let tt = self.tt.probe(key);
        if let Some(h) = tt {
            if !PV {
                let s = score_from_tt(h.score, ply);
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut best = -INFINITE;
        let mut raw_eval = NO_EVAL;
        if !in_check {
            raw_eval = tt.map_or_else(|| self.pos.evaluate(&self.eval), |h| h.eval);
            let side = self.pos.side_to_move().index();
            let keys = self.pos.correction_keys();
            let eval = self
                .tables
                .correction
                .correct(side, keys.as_ref(), raw_eval);
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            best = eval;
        }
        let mut list = P::MoveList::default();
        self.pos.generate_tactical(&mut list);
        if list.is_empty() {
            if in_check {
                return self.terminal_score(ply);
            }
            // No capture: stand pat (a stalemate here is left to the full search).
            return best;
        }
        let tt_move = find_move::<P>(&list, tt.map_or(0, |h| h.mv));
        let mut picker = self.picker(&list, tt_move, ply);
        let us = self.pos.side_to_move();
        let mut best_move = None;
        let mut quiet_evasions = 0;
        while let Some((m, pick)) = picker.next(&self.pos) {
            // Out of check: captures and promotions that do not lose material.
            if !in_check && pick != Pick::Tactical {
                continue;
            }
            // In check: once an evasion holds off mate, no more quiet ones
            // (blocking drops and king steps multiply fast in drop chess).
            if in_check && pick == Pick::Quiet {
                if best > -MATE_BOUND && quiet_evasions >= QS_QUIET_EVASIONS {
                    continue;
                }
                quiet_evasions += 1;
            }
            let slot = self.pos.history_index(m);
            self.pos.make_move(m);
            self.move_stack[ply + 1] = Some(slot);
            let flipped = self.pos.side_to_move() != us;
            let score = self.child_qs::<PV>(flipped, alpha, beta, ply);
            self.pos.unmake_move();
            if self.stopped {
                self.buffers[ply] = picker.into_buffer();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m, true);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        self.buffers[ply] = picker.into_buffer();
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move.map_or(0, P::move_bits),
            score_to_tt(best, ply),
            if raw_eval == NO_EVAL { 0 } else { raw_eval },
            0,
            bound,
        );
        best
    }

    /// Nodes searched by this thread.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The move-ordering tables, to keep for the next search.
    pub fn into_tables(self) -> OrderingTables<P> {
        self.tables
    }
}

#[inline(always)]
/// The move of `list` packed as `bits` by [`Searchable::move_bits`], if any.
fn find_move<P: Searchable>(list: &[P::Move], bits: u32) -> Option<P::Move> {
    list.iter()
        .copied()
        .find(|&m| bits != 0 && P::move_bits(m) == bits)
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline(always)]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::{helper_depth, REACH};

    #[test]
    fn helpers_keep_at_or_one_ahead_of_the_main_thread_without_a_limit() {
        let none = i32::MAX;
        assert_eq!(helper_depth(1, 0, true, none), 1);
        assert_eq!(helper_depth(4, 9, true, none), 10);
        assert_eq!(helper_depth(4, 9, false, none), 9);
        // A helper ahead of the main thread goes on with its own iteration.
        assert_eq!(helper_depth(12, 9, true, none), 12);
    }

    #[test]
    fn near_a_depth_limit_odd_helpers_search_the_limit_itself() {
        let limit = 15;
        assert_eq!(
            helper_depth(6, limit - REACH - 1, true, limit),
            limit - REACH
        );
        assert_eq!(helper_depth(6, limit - REACH, true, limit), limit);
        assert_eq!(helper_depth(6, limit - REACH, false, limit), limit - REACH);
        // Never past the limit; once it is done, the helper stops.
        assert_eq!(helper_depth(10, limit, false, limit), limit);
        assert_eq!(helper_depth(limit + 1, limit, true, limit), limit + 1);
        // A shallow limit is searched at once.
        assert_eq!(helper_depth(1, 0, true, 3), 3);
    }
}

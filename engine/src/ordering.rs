//! Move ordering: killer moves, butterfly history, continuation history and
//! countermoves, and the staged move picker built on them. The tables also
//! carry the correction history, kept between searches like the rest.

use crate::correction::CorrectionHistory;
use crate::searchable::Searchable;

/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// Ordering statistics of one search thread.
pub struct OrderingTables<P: Searchable> {
    /// Two killer moves per ply.
    pub killers: Vec<[Option<P::Move>; 2]>,
    /// History scores by side and move slot.
    pub history: Vec<i32>,
    /// The refutation of each move slot of the opponent's previous move.
    pub countermoves: Vec<Option<P::Move>>,
    /// Continuation history: how a quiet move did after the move one or two
    /// plies earlier, by (earlier slot, slot); both distances share it.
    continuation: Vec<i16>,
    /// How far the static evaluation was off, by pawn structure.
    pub correction: CorrectionHistory,
}

const HISTORY_MAX: i32 = 16_384;

/// `h` moved towards ±HISTORY_MAX by `bonus`, never past it.
#[inline(always)]
fn gravity(h: i32, bonus: i32) -> i32 {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    h + b - h * b.abs() / HISTORY_MAX
}

impl<P: Searchable> OrderingTables<P> {
    /// Prepares tables kept from the previous search for a new one: the
    /// killers (which belong to plies of the old tree) are forgotten, the
    /// history and countermoves are kept.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
    }

    /// Empty tables.
    pub fn new() -> Self {
        OrderingTables {
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * P::HISTORY_LEN],
            countermoves: vec![None; P::HISTORY_LEN],
            continuation: vec![0; P::HISTORY_LEN * P::HISTORY_LEN],
            correction: CorrectionHistory::default(),
        }
    }

    /// The history score of `slot` for `side` (0/1).
    #[inline(always)]
    pub fn history(&self, side: usize, slot: usize) -> i32 {
        self.history[side * P::HISTORY_LEN + slot]
    }

    /// Moves a history score towards ±HISTORY_MAX by `bonus` (gravity keeps
    /// it bounded).
    #[inline(always)]
    pub fn update_history(&mut self, side: usize, slot: usize, bonus: i32) {
        let h = &mut self.history[side * P::HISTORY_LEN + slot];
        *h = gravity(*h, bonus);
    }

    /// The continuation history of `slot` after the move in slot `earlier`
    /// (0 when there was none: a null move or the root).
    #[inline(always)]
    pub fn continuation(&self, earlier: Option<usize>, slot: usize) -> i32 {
        earlier.map_or(0, |e| self.continuation[e * P::HISTORY_LEN + slot] as i32)
    }

    /// Moves the continuation history of `slot` after `earlier` by `bonus`.
    #[inline(always)]
    pub fn update_continuation(&mut self, earlier: Option<usize>, slot: usize, bonus: i32) {
        if let Some(e) = earlier {
            let h = &mut self.continuation[e * P::HISTORY_LEN + slot];
            *h = gravity(*h as i32, bonus) as i16;
        }
    }

    /// The quiet-move statistic of `slot` for `side` after the moves in
    /// slots `earlier` (one and two plies before): butterfly plus
    /// continuation history.
    #[inline(always)]
    pub fn quiet_score(&self, side: usize, earlier: [Option<usize>; 2], slot: usize) -> i32 {
        self.history(side, slot)
            + self.continuation(earlier[0], slot)
            + self.continuation(earlier[1], slot)
    }

    /// Records a quiet move that caused a cutoff at `ply`.
    #[inline(always)]
    pub fn add_killer(&mut self, ply: usize, m: P::Move) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }
}

impl<P: Searchable> Default for OrderingTables<P> {
    fn default() -> Self {
        Self::new()
    }
}

/// Score bands of the picker's stages, highest first.
mod band {
    pub const TT: i32 = 1 << 30;
    pub const GOOD_TACTICAL: i32 = 1 << 28;
    pub const KILLER_1: i32 = 1 << 27;
    pub const KILLER_2: i32 = KILLER_1 - 1;
    pub const COUNTER: i32 = KILLER_1 - 2;
    pub const BAD_TACTICAL: i32 = -(1 << 28);
    /// Half-width of the tactical bands (tactical scores are far smaller).
    pub const WIDTH: i32 = 1 << 20;

    pub fn is_good_tactical(s: i32) -> bool {
        (s - GOOD_TACTICAL).abs() < WIDTH
    }

    pub fn is_bad_tactical(s: i32) -> bool {
        (s - BAD_TACTICAL).abs() < WIDTH
    }
}

/// The kind of a move handed out by the picker.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Pick {
    /// A capture or promotion that does not lose material (or the hash move).
    Tactical,
    /// A non-tactical move.
    Quiet,
    /// A capture that loses material by static exchange.
    LosingTactical,
}

/// Hands out moves stage by stage: the transposition-table move, winning and
/// equal captures and promotions (MVV-LVA, with SEE checked lazily: a losing
/// capture is moved to the last stage when it comes up), killers, the
/// countermove, quiet moves by butterfly and continuation history, and losing
/// captures last.
pub struct MovePicker<M> {
    moves: Vec<(M, i32)>,
    next: usize,
    skip_quiets: bool,
}

impl<M: Copy + Eq> MovePicker<M> {
    /// Scores `moves` for the position `pos` at `ply`.
    pub fn new<P: Searchable<Move = M>>(
        pos: &P,
        mut buffer: Vec<(M, i32)>,
        moves: &[M],
        tt_move: Option<M>,
        tables: &OrderingTables<P>,
        ply: usize,
        earlier: [Option<usize>; 2],
    ) -> Self {
        buffer.clear();
        let side = pos.side_to_move().index();
        let killers = tables.killers[ply];
        let counter = earlier[0].and_then(|s| tables.countermoves[s]);
        for &m in moves {
            let score = if Some(m) == tt_move {
                band::TT
            } else if pos.is_tactical(m) {
                band::GOOD_TACTICAL + pos.tactical_score(m)
            } else if Some(m) == killers[0] {
                band::KILLER_1
            } else if Some(m) == killers[1] {
                band::KILLER_2
            } else if Some(m) == counter {
                band::COUNTER
            } else {
                tables.quiet_score(side, earlier, pos.history_index(m))
            };
            buffer.push((m, score));
        }
        MovePicker {
            moves: buffer,
            next: 0,
            skip_quiets: false,
        }
    }

    /// From now on, hand out no more quiet moves (late move pruning).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The next move in order, and its kind.
    pub fn next<P: Searchable<Move = M>>(&mut self, pos: &P) -> Option<(M, Pick)> {
        loop {
            if self.next >= self.moves.len() {
                return None;
            }
            let mut best = self.next;
            for i in self.next + 1..self.moves.len() {
                if self.moves[i].1 > self.moves[best].1 {
                    best = i;
                }
            }
            let (m, s) = self.moves[best];
            if band::is_good_tactical(s) && !pos.see_ge(m, 0) {
                // A losing capture: demote it to the last stage and look again.
                self.moves[best].1 = band::BAD_TACTICAL + (s - band::GOOD_TACTICAL);
                continue;
            }
            self.moves.swap(self.next, best);
            self.next += 1;
            let pick = if band::is_bad_tactical(s) {
                Pick::LosingTactical
            } else if band::is_good_tactical(s) || (s == band::TT && pos.is_tactical(m)) {
                Pick::Tactical
            } else {
                Pick::Quiet
            };
            if self.skip_quiets && pick == Pick::Quiet && s != band::TT {
                continue;
            }
            return Some((m, pick));
        }
    }

    /// Gives back the buffer for reuse.
    pub fn into_buffer(self) -> Vec<(M, i32)> {
        self.moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, Position};

    fn position(fen: &str) -> Chess {
        Chess::from_fen(fen).expect("a valid FEN")
    }

    fn legal(pos: &Chess) -> Vec<movegen::Move> {
        let mut list = movegen::movegen::MoveList::default();
        pos.generate_moves(&mut list);
        list.to_vec()
    }

    /// The moves of `pos` in the picker's order, with `earlier` as the
    /// slots of the moves before.
    fn order(
        pos: &Chess,
        tables: &OrderingTables<Chess>,
        earlier: [Option<usize>; 2],
    ) -> Vec<String> {
        let moves = legal(pos);
        let mut picker = MovePicker::new(pos, Vec::new(), &moves, None, tables, 0, earlier);
        let mut out = Vec::new();
        while let Some((m, _)) = picker.next(pos) {
            out.push(m.to_string());
        }
        out
    }

    #[test]
    fn gravity_keeps_every_table_bounded() {
        let mut t = OrderingTables::<Chess>::new();
        for _ in 0..1000 {
            t.update_history(0, 5, 1600);
            t.update_continuation(Some(7), 5, 1600);
        }
        for v in [t.history(0, 5), t.continuation(Some(7), 5)] {
            assert!(v > HISTORY_MAX - 1600 && v <= HISTORY_MAX, "{v}");
        }
        // Out-of-range bonuses are clamped, not wrapped.
        t.update_continuation(Some(7), 6, -100_000);
        assert_eq!(t.continuation(Some(7), 6), -HISTORY_MAX);
    }

    #[test]
    fn continuation_history_belongs_to_the_earlier_move() {
        let mut t = OrderingTables::<Chess>::new();
        t.update_continuation(Some(3), 40, 900);
        assert_eq!(t.continuation(Some(3), 40), 900);
        assert_eq!(t.continuation(Some(4), 40), 0);
        assert_eq!(t.continuation(None, 40), 0);
        t.update_history(1, 40, 100);
        let both = t.quiet_score(1, [Some(3), Some(3)], 40);
        assert_eq!(both, 100 + 900 + 900);
        assert_eq!(t.quiet_score(0, [Some(3), None], 40), 900);
    }

    #[test]
    fn a_quiet_move_rewarded_after_the_previous_move_is_picked_first_after_it() {
        // After 1. e4, Black's quiet moves.
        let pos = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let e4 = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let e4_slot = e4.history_index(e4.parse_move("e2e4").unwrap());
        let nf6 = pos.parse_move("g8f6").unwrap();
        let mut t = OrderingTables::<Chess>::new();
        t.update_continuation(Some(e4_slot), pos.history_index(nf6), 1000);
        assert_eq!(order(&pos, &t, [Some(e4_slot), None])[0], "g8f6");
        assert_eq!(order(&pos, &t, [None, Some(e4_slot)])[0], "g8f6");
        // After another move the reward does not count.
        assert_ne!(order(&pos, &t, [Some(e4_slot + 1), None])[0], "g8f6");
    }
}

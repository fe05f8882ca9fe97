//! Chess-tranzit evaluation over both boards: points of decided boards (with
//! T14 applied), material and activity per board, king safety where the king
//! stands, the danger of enemy pieces arriving by transfer, the T14
//! requirement to have transferred, and the pull of an empty board II early.

use crate::{Evaluate, MATERIAL};
use movegen::attacks::king_attacks;
use movegen::bitboard::Squares;
use movegen::tranzit::{BoardResult, TranzitPosition, TranzitState};
use movegen::{Board, Color, PieceKind};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The score of half a point (a drawn board); a won board is two of these.
pub const HALF_POINT: i32 = 3000;

/// Centre bonus by square distance from the centre (knights, bishops, queens).
const CENTRE: [i32; 4] = [12, 6, 0, -8];
/// Penalty for not having transferred to board II yet (T14), per
/// full move played, up to `T14_CAP`.
const T14_PER_MOVE: i32 = 3;
const T14_CAP: i32 = 120;
/// Bonus per piece on a live board II while its result is open.
const BOARD_II_PRESENCE: i32 = 8;
/// Penalty per enemy piece (by weight) attacking the king's neighbourhood.
const KING_ZONE_ATTACK: i32 = 18;
/// Pieces on a dead board still count (they may transfer out), discounted.
const DEAD_BOARD_PERCENT: i32 = 60;

fn centre_distance(sq: movegen::Square) -> usize {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let d = (2 * f - 7).abs().max((2 * r - 7).abs()) / 2;
    d.min(3) as usize
}

#[inline(always)]
fn material_and_activity(b: &Board, c: Color) -> i32 {
    let mut s = 0;
    for kind in [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ] {
        for sq in Squares(b.pieces(c, kind)) {
            s += MATERIAL[kind.index()];
            if matches!(
                kind,
                PieceKind::Knight | PieceKind::Bishop | PieceKind::Queen
            ) {
                s += CENTRE[centre_distance(sq)];
            }
            if kind == PieceKind::Pawn {
                s += 4 * sq.relative_rank(c) as i32;
            }
        }
    }
    s
}

/// Pressure on `c`'s king from enemy pieces on its board.
fn king_danger(s: &TranzitState, c: Color) -> i32 {
    let kb = s.king_board(c);
    let b = &s.boards[kb];
    let zone = king_attacks(b.king_square(c));
    let occ = b.occupied();
    let mut weight = 0;
    for sq in Squares(zone) {
        let attackers = b.attackers_to(sq, occ) & b.color_bb(c.flip());
        weight += attackers.count_ones() as i32;
    }
    weight * KING_ZONE_ATTACK
}

/// Points of decided boards for White minus Black, in half-points, T14
/// applied (`PLAIN`: ignored, as on two separate boards).
fn decided_margin<const PLAIN: bool>(s: &TranzitState) -> i32 {
    let mut margin = 0;
    for (board, r) in s.results.iter().enumerate() {
        let counts = |c: Color| PLAIN || board == 0 || s.transferred[c.index()];
        let (w, b) = match r {
            BoardResult::Won(Color::White) => (2, 0),
            BoardResult::Won(Color::Black) => (0, 2),
            BoardResult::Drawn => (1, 1),
            BoardResult::Live => (0, 0),
        };
        margin += w * counts(Color::White) as i32 - b * counts(Color::Black) as i32;
    }
    margin
}

/// White-minus-Black terms that depend on one colour (`PLAIN`: only the
/// material and activity of each board, see [`evaluate_plain`]).
fn side_terms<const PLAIN: bool>(s: &TranzitState, c: Color) -> i32 {
    let mut score = 0;
    for (board, r) in s.results.iter().enumerate() {
        let m = material_and_activity(&s.boards[board], c);
        score += if r.decided() && !PLAIN {
            m * DEAD_BOARD_PERCENT / 100
        } else {
            m
        };
    }
    if PLAIN {
        return score;
    }
    if !s.results[1].decided() {
        if s.transferred[c.index()] {
            score += BOARD_II_PRESENCE * s.boards[1].color_bb(c).count_ones() as i32;
        } else {
            score -= (T14_PER_MOVE * s.fullmove as i32).min(T14_CAP);
        }
    }
    score - king_danger(s, c)
}

/// White's view of the evaluation (`PLAIN`: see [`evaluate_plain`]).
fn white_view<const PLAIN: bool>(s: &TranzitState) -> i32 {
    decided_margin::<PLAIN>(s) * HALF_POINT + side_terms::<PLAIN>(s, Color::White)
        - side_terms::<PLAIN>(s, Color::Black)
}

/// Developer switch (`vsadnik --ablate tranzit-eval`, `docs/ablation.md`).
static ABLATED: AtomicBool = AtomicBool::new(false);

/// Switches the tranzit-specific terms off (true) or on (false) for the
/// whole process: see [`evaluate_plain`].
pub fn set_ablated(off: bool) {
    ABLATED.store(off, Relaxed);
}

/// True when the tranzit-specific terms are switched off.
pub fn ablated() -> bool {
    ABLATED.load(Relaxed)
}

/// The evaluation without the tranzit-specific terms, White's view: board
/// points counted as on two separate chess boards (T14 ignored), and per
/// board the material and activity of both sides at full weight (no
/// dead-board discount, no T14 penalty, no board-II presence, no king
/// danger from the pieces around a king that travels between the boards).
pub fn evaluate_plain(s: &TranzitState) -> i32 {
    white_view::<true>(s)
}

/// Evaluates a tranzit state from the side to move's view.
pub fn evaluate(s: &TranzitState) -> i32 {
    let white = if ablated() {
        white_view::<true>(s)
    } else {
        white_view::<false>(s)
    };
    match s.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

impl Evaluate for TranzitPosition {
    fn evaluate(&self) -> i32 {
        evaluate(self.current())
    }
}

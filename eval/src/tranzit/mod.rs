//! Chess-tranzit evaluation over both boards: the points of decided boards
//! (with T14 applied) plus the tranzit network's score of the rest
//! ([`crate::nnue::evaluate_tranzit`]), or, with the network off, the
//! hand-written terms: material and activity per board, king safety where
//! the king stands, the T14 requirement to have transferred, and the pull
//! of a live board II. Every hand-written term reports a weight of
//! [`TranzitWeights`] to an [`Acc`], so the Texel tuner fits them
//! (`docs/eval.md`, "Tranzit and tavreli").

pub mod tuned;
pub mod weights;

use crate::acc::{Acc, Sum};
use crate::breakdown::Breakdown;
use crate::chess;
use crate::score::{MAX_PHASE, S, SCALE_NORMAL};
use crate::{EvalConfig, Evaluate};
use movegen::attacks::king_attacks;
use movegen::bitboard::Squares;
use movegen::tranzit::{BoardResult, TranzitPosition, TranzitState};
use movegen::{Board, Color, PieceKind};
pub use weights::{TranzitWeights, NO_TRANSFER_MOVES};

/// The weights the engine plays with.
pub static WEIGHTS: TranzitWeights = tuned::TUNED;

/// The score of half a point (a drawn board); a won board is two of these.
pub const HALF_POINT: i32 = 3000;

/// Piece kinds that carry material, pawn to queen.
const KINDS: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

fn centre_distance(sq: movegen::Square) -> usize {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let d = (2 * f - 7).abs().max((2 * r - 7).abs()) / 2;
    d.min(3) as usize
}

/// `c`'s material and activity on a live board.
#[inline(always)]
fn live_board<A: Acc>(b: &Board, c: Color, w: &TranzitWeights, acc: &mut A) {
    for (i, kind) in KINDS.into_iter().enumerate() {
        for sq in Squares(b.pieces(c, kind)) {
            acc.add(c, &w.material[i], 1);
            match kind {
                PieceKind::Knight | PieceKind::Bishop | PieceKind::Queen => {
                    acc.add(c, &w.centre[centre_distance(sq)], 1)
                }
                PieceKind::Pawn => acc.add(c, &w.pawn_rank[sq.relative_rank(c) as usize], 1),
                _ => {}
            }
        }
    }
}

/// `c`'s material on a decided board.
#[inline(always)]
fn dead_board<A: Acc>(b: &Board, c: Color, w: &TranzitWeights, acc: &mut A) {
    for (i, kind) in KINDS.into_iter().enumerate() {
        acc.add(
            c,
            &w.dead_material[i],
            b.pieces(c, kind).count_ones() as i32,
        );
    }
}

/// The number of enemy attacks on the squares around `c`'s king.
fn king_zone_attacks(s: &TranzitState, c: Color) -> i32 {
    let b = &s.boards[s.king_board(c)];
    let occ = b.occupied();
    let enemy = b.color_bb(c.flip());
    Squares(king_attacks(b.king_square(c)))
        .map(|sq| (b.attackers_to(sq, occ) & enemy).count_ones() as i32)
        .sum()
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

/// Reports the terms of side `c` (`PLAIN`: only the material and activity
/// of each board at full weight, see [`evaluate_plain`]).
#[inline(always)]
fn side_terms<const PLAIN: bool, A: Acc>(
    s: &TranzitState,
    c: Color,
    w: &TranzitWeights,
    acc: &mut A,
) {
    for (board, r) in s.results.iter().enumerate() {
        if r.decided() && !PLAIN {
            dead_board(&s.boards[board], c, w, acc);
        } else {
            live_board(&s.boards[board], c, w, acc);
        }
    }
    if PLAIN {
        return;
    }
    if !s.results[1].decided() {
        if s.transferred[c.index()] {
            let pieces = s.boards[1].color_bb(c).count_ones() as i32;
            acc.add(c, &w.board_ii_presence, pieces);
        } else {
            let moves = (s.fullmove as i32).min(NO_TRANSFER_MOVES);
            acc.add(c, &w.no_transfer, moves);
        }
    }
    acc.add(c, &w.king_zone_attack, king_zone_attacks(s, c));
}

/// The game phase: the chess phase of the non-pawn material on both boards
/// together.
fn phase(s: &TranzitState) -> i32 {
    (chess::phase(&s.boards[0]) + chess::phase(&s.boards[1])).min(MAX_PHASE)
}

/// Evaluates `s` with weights `w` from White's view (`PLAIN`: see
/// [`evaluate_plain`]), every weighted term reported to `acc`; the points
/// of decided boards are the fixed part.
#[inline(always)]
fn evaluate_generic<const PLAIN: bool, A: Acc>(
    s: &TranzitState,
    w: &TranzitWeights,
    acc: &mut A,
) -> Breakdown {
    side_terms::<PLAIN, A>(s, Color::White, w, acc);
    side_terms::<PLAIN, A>(s, Color::Black, w, acc);
    if !PLAIN {
        acc.add(s.side_to_move(), &w.tempo, 1);
    }
    let points = decided_margin::<PLAIN>(s) * HALF_POINT;
    Breakdown::new(acc.total(), S::new(points, points), phase(s), SCALE_NORMAL)
}

/// Evaluates `s` with weights `w` (what the tuner traces), White's view;
/// without the tranzit-specific terms when `config` turns them off (see
/// [`evaluate_plain`]).
pub fn evaluate_with<A: Acc>(
    s: &TranzitState,
    w: &TranzitWeights,
    config: &EvalConfig,
    acc: &mut A,
) -> Breakdown {
    if config.tranzit_plain {
        evaluate_generic::<true, A>(s, w, acc)
    } else {
        evaluate_generic::<false, A>(s, w, acc)
    }
}

/// The evaluation without the tranzit-specific terms, White's view: board
/// points counted as on two separate chess boards (T14 ignored), and per
/// board the material and activity of both sides at full weight (no
/// dead-board discount, no T14 penalty, no board-II presence, no king
/// danger from the pieces around a king that travels between the boards).
pub fn evaluate_plain(s: &TranzitState) -> i32 {
    evaluate_generic::<true, Sum>(s, &WEIGHTS, &mut Sum::default()).white
}

/// The points of the decided boards, T14 applied, in centipawns from
/// White's view: the part of the evaluation no network learns.
pub fn decided_points(s: &TranzitState) -> i32 {
    decided_margin::<false>(s) * HALF_POINT
}

/// Evaluates a tranzit state from the side to move's view: the network
/// plus [`decided_points`], or the hand-written terms when `config` turns
/// the network (`tranzit_network_off`) or the tranzit terms
/// (`tranzit_plain`) off.
pub fn evaluate(s: &TranzitState, config: &EvalConfig) -> i32 {
    let stm = match s.side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    if !config.tranzit_network_off && !config.tranzit_plain {
        return crate::nnue::evaluate_tranzit(s) + stm * decided_points(s);
    }
    stm * evaluate_with(s, &WEIGHTS, config, &mut Sum::default()).white
}

impl Evaluate for TranzitPosition {
    fn evaluate(&self, config: &EvalConfig) -> i32 {
        evaluate(self.current(), config)
    }
}

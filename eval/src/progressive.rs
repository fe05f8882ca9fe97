//! Progressive chess (Italian, Scottish, English): the chess terms on the
//! board, plus what a series changes. The side to move plays several moves
//! in a row, so every enemy piece it attacks can be taken before the
//! opponent answers (up to one capture per move left), and every piece of
//! its own that the opponent attacks is exposed to the opponent's longer
//! next series.

use crate::{chess, EvalConfig, Evaluate, MATERIAL};
use movegen::bitboard::Squares;
use movegen::progressive::{Progressive, SeriesRules, SeriesState};
use movegen::{Board, Color, PieceKind};

/// The most the side `by` can expect to win by captures in `moves` moves
/// with nothing answering: for each enemy piece it attacks, the piece's
/// value, less the cheapest attacker's if the piece is defended; the best
/// `moves` of these, added up.
pub fn capture_gain(b: &Board, by: Color, moves: u32) -> i32 {
    if moves == 0 {
        return 0;
    }
    let them = by.flip();
    let occ = b.occupied();
    let mut gains = [0i32; 16];
    let mut n = 0;
    for sq in Squares(b.color_bb(them) & !b.pieces(them, PieceKind::King)) {
        let attackers = b.attackers_to(sq, occ);
        let ours = attackers & b.color_bb(by);
        if ours == 0 {
            continue;
        }
        let victim = MATERIAL[b.kind_at(sq).expect("a piece").index()];
        let cheapest = PieceKind::ALL
            .iter()
            .find(|k| ours & b.kind_bb(**k) != 0)
            .map_or(0, |k| {
                if *k == PieceKind::King {
                    1000
                } else {
                    MATERIAL[k.index()]
                }
            });
        let defended = attackers & b.color_bb(them) != 0;
        let net = if defended { victim - cheapest } else { victim };
        if net > 0 && n < gains.len() {
            gains[n] = net;
            n += 1;
        }
    }
    let g = &mut gains[..n];
    g.sort_unstable_by(|a, b| b.cmp(a));
    g.iter().take(moves as usize).sum()
}

/// Open squares next to `color`'s king that the enemy attacks (mating nets
/// are woven over whole series).
pub fn king_exposure(b: &Board, color: Color) -> i32 {
    let ksq = b.king_square(color);
    let them = color.flip();
    let occ = b.occupied();
    let mut n = 0;
    for sq in Squares(movegen::attacks::king_attacks(ksq) & !b.color_bb(color)) {
        if b.is_attacked(sq, them, occ) {
            n += 1;
        }
    }
    n
}

/// Centipawns per attacked square next to a king.
const EXPOSURE: i32 = 12;

/// The evaluation of a progressive position from the side to move's view.
pub fn evaluate(s: &SeriesState) -> i32 {
    let b = &s.board;
    let us = s.mover();
    let them = us.flip();
    let left = s.moves_left();
    let next = s.series + 1;
    let base = chess::evaluate(b);
    let ours = capture_gain(b, us, left);
    let theirs = capture_gain(b, them, next);
    let exposure = EXPOSURE * (king_exposure(b, them) - king_exposure(b, us));
    (base + ours * 3 / 4 - theirs / 4 + exposure).clamp(-chess::SCORE_LIMIT, chess::SCORE_LIMIT)
}

/// No setting of [`EvalConfig`] applies to progressive chess.
impl<R: SeriesRules> Evaluate for Progressive<R> {
    #[inline]
    fn evaluate(&self, _config: &EvalConfig) -> i32 {
        evaluate(self.state())
    }
}

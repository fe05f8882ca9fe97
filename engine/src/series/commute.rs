//! Moves of a series that commute, for the solver's sleep sets (a
//! partial-order reduction).
//!
//! The opponent does not move during a series, so playing `x` then `y` or
//! `y` then `x` often reaches the same position. The solver uses this as
//! follows: at a node `t`, once the child `t + x` is known to hold no mate
//! (refuted by search, by the table or by the bound), a later child `t + y`
//! need not try `x` when `x` and `y` commute: `t + y + x` is `t + x + y`, a
//! descendant of `t + x` with the same moves left.
//!
//! That needs, for two moves both legal in `t`: when `t + y + x` is legal,
//! so is `y` in `t + x`, and both orders give the same position. It holds
//! when the moves touch disjoint squares (from, to and the squares a slider
//! passes) and neither does more than move one piece: the board, castling
//! rights, the series counter and the en passant targets (only dropped,
//! never added, by such moves) come out the same in either order; `y` in
//! `t + x` is on the board as in `t` (its squares untouched), and whether it
//! leaves our king attacked or gives check is decided by the position it
//! leads to, `t + y + x`, which is legal. Castling, en passant, double steps
//! and promotions are left out, and so are the English rules, whose round
//! set depends on the order of the moves.

use movegen::attacks::between;
use movegen::bitboard::Bitboard;
use movegen::progressive::SeriesRules;
use movegen::{Board, Move, PieceKind};

/// The squares `m` touches on `board` (where it is legal), or `None` when it
/// never counts as commuting (see the module documentation).
#[inline]
pub fn span<R: SeriesRules>(board: &Board, m: Move) -> Option<Bitboard> {
    if R::ROUNDS || m.promotion().is_some() {
        return None;
    }
    let (from, to) = (m.from(), m.to());
    let special = match board.kind_at(from)? {
        PieceKind::Pawn => {
            from.index().abs_diff(to.index()) == 16
                || (from.file() != to.file() && board.piece_at(to).is_none())
        }
        PieceKind::King => from.file().abs_diff(to.file()) == 2,
        _ => false,
    };
    (!special).then(|| from.bb() | to.bb() | between(from, to))
}

/// True when moves with spans `a` and `b` commute.
#[inline(always)]
pub fn commute(a: Bitboard, b: Bitboard) -> bool {
    a & b == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::progressive::{fen, Italian, Scottish, SeriesState};

    /// Every pair of commuting non-final moves gives the same position in
    /// either order, and one order is legal exactly when the other is.
    fn check<R: SeriesRules>(s: &SeriesState) -> usize {
        let mut pairs = 0;
        let moves = s.legal_moves::<R>();
        for &x in moves.iter() {
            for &y in moves.iter() {
                let (Some(a), Some(b)) = (span::<R>(&s.board, x), span::<R>(&s.board, y)) else {
                    continue;
                };
                if x == y || !commute(a, b) {
                    continue;
                }
                let (mut sx, mut sy) = (*s, *s);
                if sx.make::<R>(x) || sy.make::<R>(y) {
                    continue;
                }
                let x_then_y = sx.legal_moves::<R>().contains(&y);
                let y_then_x = sy.legal_moves::<R>().contains(&x);
                assert_eq!(x_then_y, y_then_x, "{} {x} {y}", fen::write::<R>(s));
                if x_then_y {
                    sx.make::<R>(y);
                    sy.make::<R>(x);
                    assert_eq!(sx.hash(), sy.hash(), "{} {x} {y}", fen::write::<R>(s));
                    assert_eq!(sx.ep, sy.ep);
                    assert_eq!(sx.counter, sy.counter);
                    assert_eq!(sx.series, sy.series);
                    pairs += 1;
                }
            }
        }
        pairs
    }

    #[test]
    fn commuting_moves_reach_the_same_position_in_either_order() {
        let fens = [
            // Kiwipete in mid-series, a pinned piece, a double-stepped
            // pawn with an enemy pawn beside it, discovered checks.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 9",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R w KQkq a3 0 9 1",
            "4k3/8/8/1b6/8/3N4/4B3/R3K2R w KQ - 0 5",
            "3qk3/8/8/8/8/8/3RB3/3K3R w - - 0 5",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 5",
            "1r4nr/pp1k1ppp/2n1p3/8/3P4/8/P1PN1PPP/b1BK1B1R w - - 0 7",
        ];
        let mut pairs = 0;
        for f in fens {
            let s = fen::parse::<Italian>(f).unwrap();
            pairs += check::<Italian>(&s);
            let s = fen::parse::<Scottish>(f).unwrap();
            pairs += check::<Scottish>(&s);
        }
        assert!(pairs > 1000, "{pairs}");
    }
}

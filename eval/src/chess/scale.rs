//! Scaling of drawish endgames: the endgame half of the score is multiplied
//! by `scale / SCALE_NORMAL`.

use crate::score::SCALE_NORMAL;
use movegen::bitboard::LIGHT_SQUARES;
use movegen::{Board, Color, PieceKind};

/// Non-pawn material in pawn units (knight and bishop 3, rook 5, queen 9).
#[inline(always)]
fn npm(b: &Board, c: Color) -> i32 {
    let n = |k: PieceKind| b.pieces(c, k).count_ones() as i32;
    3 * (n(PieceKind::Knight) + n(PieceKind::Bishop))
        + 5 * n(PieceKind::Rook)
        + 9 * n(PieceKind::Queen)
}

/// The endgame scale for `b` when the endgame score (White's view) is `eg`:
/// * the stronger side has no pawns and at most a minor piece's worth (less
///   than a rook's worth minus a pawn) more non-pawn material: 0 with at most
///   a minor piece, else 16 (KR v KB, KRB v KR, ...);
/// * only opposite-coloured bishops besides pawns: 64;
/// * otherwise [`SCALE_NORMAL`] (128).
#[inline(always)]
pub fn scale_factor(b: &Board, eg: i32) -> i32 {
    if eg == 0 {
        return SCALE_NORMAL;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let (s, weak) = (npm(b, strong), npm(b, strong.flip()));
    if b.pieces(strong, PieceKind::Pawn) == 0 && s - weak < 4 {
        return if s <= 3 { 0 } else { 16 };
    }
    let bishops = b.kind_bb(PieceKind::Bishop);
    if s == 3 && weak == 3 && bishops.count_ones() == 2 {
        let w = b.pieces(Color::White, PieceKind::Bishop);
        let bl = b.pieces(Color::Black, PieceKind::Bishop);
        let light = |x: u64| x & LIGHT_SQUARES != 0;
        if w != 0 && bl != 0 && light(w) != light(bl) {
            return 64;
        }
    }
    SCALE_NORMAL
}

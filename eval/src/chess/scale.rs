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
    if b.pieces(strong, PieceKind::Pawn) == 0 {
        let (s, weak) = (npm(b, strong), npm(b, strong.flip()));
        if s - weak < 4 {
            return if s <= 3 { 0 } else { 16 };
        }
    }
    // Opposite-coloured bishops: the only pieces besides pawns and kings are
    // one bishop per side, on squares of different colours.
    let bishops = b.kind_bb(PieceKind::Bishop);
    let pieces = b.occupied() & !b.kind_bb(PieceKind::Pawn) & !b.kind_bb(PieceKind::King);
    if pieces == bishops && bishops.count_ones() == 2 {
        let white = bishops & b.color_bb(Color::White);
        if white != 0 && white != bishops {
            let light = bishops & LIGHT_SQUARES;
            if light != 0 && light != bishops {
                return 64;
            }
        }
    }
    SCALE_NORMAL
}

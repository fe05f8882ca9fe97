//! Mating a bare king. Stockfish's static evaluation, the network's
//! training target, scores king and queen against king about the same
//! wherever the kings stand, so the network gives the search no direction
//! towards mate: at 2 000 nodes a move it mated none of 100 king and rook
//! or queen against king positions, drawing them all by the fifty-move
//! rule. This term adds the direction: with the defender's king alone and
//! mating material on the other side, the attacker gains for the defending
//! king's distance from the centre and for the kings' nearness
//! (`docs/nnue.md`).

use movegen::{Board, Color, PieceKind, Square};

/// Centipawns per step of the bare king from the centre (0 to 6 steps).
const EDGE: i32 = 50;
/// Centipawns per step the attacking king is nearer than 14 steps.
const NEAR: i32 = 20;

/// Steps from the four centre squares, by file and by rank together (0 on
/// d4..e5, 6 in a corner).
fn centre_distance(s: Square) -> i32 {
    let axis = |x: u8| i32::from(if x < 4 { 3 - x } else { x - 4 });
    axis(s.file()) + axis(s.rank())
}

/// Steps between two squares, by file and by rank together.
fn distance(a: Square, b: Square) -> i32 {
    i32::from(a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank()))
}

/// True when `c` can force mate on a bare king by its pieces alone: a queen
/// or a rook, or two minor pieces of which one is a bishop.
fn can_mate(b: &Board, c: Color) -> bool {
    let n = |k: PieceKind| b.pieces(c, k).count_ones();
    let (bishops, knights) = (n(PieceKind::Bishop), n(PieceKind::Knight));
    n(PieceKind::Queen) + n(PieceKind::Rook) > 0 || (bishops >= 1 && bishops + knights >= 2)
}

/// The mop-up bonus in centipawns from the side to move's view: nonzero
/// only when one side has its king alone and the other can mate it.
#[inline]
pub fn mop_up(b: &Board) -> i32 {
    let us = b.side_to_move();
    for strong in [Color::White, Color::Black] {
        let weak = strong.flip();
        if b.color_bb(weak).count_ones() == 1 && can_mate(b, strong) {
            let (ks, kw) = (b.king_square(strong), b.king_square(weak));
            let bonus = EDGE * centre_distance(kw) + NEAR * (14 - distance(ks, kw));
            return if strong == us { bonus } else { -bonus };
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, Position};

    fn mop(fen: &str) -> i32 {
        mop_up(Chess::from_fen(fen).unwrap().board())
    }

    #[test]
    fn the_bare_king_is_driven_to_the_edge() {
        let centre = mop("8/8/8/3k4/8/8/1K6/7R w - - 0 1");
        let edge = mop("3k4/8/8/8/8/8/1K6/7R w - - 0 1");
        let corner = mop("k7/8/8/8/8/8/1K6/7R w - - 0 1");
        assert!(
            0 < centre && centre < edge && edge < corner,
            "{centre} {edge} {corner}"
        );
    }

    #[test]
    fn the_attacking_king_comes_closer() {
        let far = mop("k7/8/8/8/8/8/6K1/7Q w - - 0 1");
        let near = mop("k7/8/2K5/8/8/8/8/7Q w - - 0 1");
        assert!(far < near, "{far} {near}");
    }

    #[test]
    fn the_sign_follows_the_side_to_move() {
        assert_eq!(
            mop("k7/8/2K5/8/8/8/8/7Q w - - 0 1"),
            -mop("k7/8/2K5/8/8/8/8/7Q b - - 0 1")
        );
        assert_eq!(
            mop("K7/8/2k5/8/8/8/8/7q b - - 0 1"),
            mop("k7/8/2K5/8/8/8/8/7Q w - - 0 1")
        );
    }

    #[test]
    fn only_a_bare_king_against_mating_material() {
        // The defender keeps a pawn; two knights cannot force mate; a bishop
        // and a knight can.
        assert_eq!(mop("k7/p7/2K5/8/8/8/8/7Q w - - 0 1"), 0);
        assert_eq!(mop("k7/8/2K5/8/8/8/8/6NN w - - 0 1"), 0);
        assert_ne!(mop("k7/8/2K5/8/8/8/8/6BN w - - 0 1"), 0);
        assert_eq!(
            mop("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            0
        );
    }
}

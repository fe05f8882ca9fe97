//! Drop chess (crazyhouse, bughouse, Swedish): the chess terms on the board,
//! plus the pieces in hand and the danger of drops next to each king.

use crate::{chess, Evaluate};
use movegen::attacks::king_attacks;
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::{DropBoard, DropPosition, DropRules};
use movegen::Color;

/// Value of a piece in hand, pawn to queen: a little above its board value,
/// since it can be dropped where it hurts most.
pub const IN_HAND: [i32; 5] = [120, 340, 350, 500, 920];

/// How much each held piece kind adds to the drop threat against a king.
const THREAT_WEIGHT: [i32; 5] = [1, 2, 2, 3, 5];
/// Centipawns per empty king-zone square and unit of held threat.
const DROP_DANGER: i32 = 4;
/// Cap of the drop-danger penalty per king.
const DROP_DANGER_CAP: i32 = 400;

fn held_value(s: &DropBoard, color: Color) -> i32 {
    HELD_KINDS
        .iter()
        .map(|&k| s.reserve.count(color, k) as i32 * IN_HAND[k.index()])
        .sum()
}

/// Penalty for `color`'s king: empty squares around it times the enemy's
/// held threat.
fn drop_danger(s: &DropBoard, color: Color) -> i32 {
    let b = &s.board;
    let zone = king_attacks(b.king_square(color)) & !b.occupied();
    let threat: i32 = HELD_KINDS
        .iter()
        .map(|&k| s.reserve.count(color.flip(), k) as i32 * THREAT_WEIGHT[k.index()])
        .sum();
    (zone.count_ones() as i32 * threat * DROP_DANGER).min(DROP_DANGER_CAP)
}

/// Evaluates one drop-chess board from the side to move's view.
pub fn evaluate(s: &DropBoard) -> i32 {
    let us = s.board.side_to_move();
    let them = us.flip();
    chess::evaluate(&s.board) + held_value(s, us) - held_value(s, them) - drop_danger(s, us)
        + drop_danger(s, them)
}

impl<R: DropRules> Evaluate for DropPosition<R> {
    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate(self.current())
    }
}

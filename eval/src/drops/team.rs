//! The terms only the team variants (bughouse, Swedish) have, where a
//! capture goes to the capturer's partner: team material, the partner's
//! wishes, and a piece that may arrive in any enemy hand from the other
//! board. They are not tuned (the tuner's data is crazyhouse); they are the
//! fixed part of the drop evaluation there.

use crate::TeamExtra;
use movegen::attacks::king_attacks;
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::DropBoard;
use movegen::Color;

/// Team material, pawn to queen: what a piece of a side (on the board or in
/// hand) is worth to its team beyond its place here, because capturing it
/// hands it to the capturer's partner. About a quarter of its value in hand.
pub const TEAM_VALUE: [i32; 5] = [30, 85, 88, 125, 230];

/// Centipawns per empty square next to a king for the piece that may
/// arrive in the enemy's hand from the other board at any moment.
pub const VIRTUAL_DANGER: i32 = 4;

/// `color`'s team terms: every piece it has, on the board or in hand, at
/// its team value plus the partner's `extra` wishes for it, less the danger
/// of the piece that may arrive in the enemy's hand.
fn side(s: &DropBoard, color: Color, extra: &TeamExtra) -> i32 {
    let b = &s.board;
    let extra = &extra[color.index()];
    let material: i32 = HELD_KINDS
        .iter()
        .map(|&k| {
            let n = b.pieces(color, k).count_ones() as i32 + s.reserve.count(color, k) as i32;
            n * (TEAM_VALUE[k.index()] + extra[k.index()])
        })
        .sum();
    let empty_zone = (king_attacks(b.king_square(color)) & !b.occupied()).count_ones() as i32;
    material - VIRTUAL_DANGER * empty_zone
}

/// The team terms of `s` with the partner's `extra` wishes, White's minus
/// Black's.
pub fn terms(s: &DropBoard, extra: &TeamExtra) -> i32 {
    side(s, Color::White, extra) - side(s, Color::Black, extra)
}

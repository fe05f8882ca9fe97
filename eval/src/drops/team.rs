//! The terms only the team variants (bughouse, Swedish) have, where a
//! capture goes to the capturer's partner: team material, the partner's
//! wishes, and a piece that may arrive in any enemy hand from the other
//! board. They are not tuned (the tuner's data is crazyhouse); they are the
//! fixed part of the drop evaluation there.

use movegen::attacks::king_attacks;
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::DropBoard;
use movegen::Color;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::Relaxed};

/// Team material, pawn to queen: what a piece of a side (on the board or in
/// hand) is worth to its team beyond its place here, because capturing it
/// hands it to the capturer's partner. About a quarter of its value in hand.
pub const TEAM_VALUE: [i32; 5] = [30, 85, 88, 125, 230];

/// Centipawns per empty square next to a king for the piece that may
/// arrive in the enemy's hand from the other board at any moment.
pub const VIRTUAL_DANGER: i32 = 4;

/// Extra team value per piece by colour and kind, set from the partner's
/// wishes (`+n`, `---q`, ... in `docs/team_play.md`). One engine process
/// plays one board, so this is process-wide.
static TEAM_EXTRA: [[AtomicI32; 5]; 2] = [
    [
        AtomicI32::new(0),
        AtomicI32::new(0),
        AtomicI32::new(0),
        AtomicI32::new(0),
        AtomicI32::new(0),
    ],
    [
        AtomicI32::new(0),
        AtomicI32::new(0),
        AtomicI32::new(0),
        AtomicI32::new(0),
        AtomicI32::new(0),
    ],
];
/// True when some entry of [`TEAM_EXTRA`] is not zero.
static TEAM_EXTRA_ON: AtomicBool = AtomicBool::new(false);

/// Sets the extra team value per piece, by colour index and kind index
/// (pawn to queen), in centipawns; all zero restores the plain evaluation.
/// Applies to the team variants only, from the next evaluation on.
pub fn set_team_extra(extra: [[i32; 5]; 2]) {
    for (c, row) in extra.iter().enumerate() {
        for (k, v) in row.iter().enumerate() {
            TEAM_EXTRA[c][k].store(*v, Relaxed);
        }
    }
    TEAM_EXTRA_ON.store(extra.iter().flatten().any(|v| *v != 0), Relaxed);
}

/// `color`'s team terms: every piece it has, on the board or in hand, at
/// its team value (plus the partner's extra wishes), less the danger of the
/// piece that may arrive in the enemy's hand.
fn side(s: &DropBoard, color: Color) -> i32 {
    let b = &s.board;
    let extra = TEAM_EXTRA_ON.load(Relaxed);
    let material: i32 = HELD_KINDS
        .iter()
        .map(|&k| {
            let n = b.pieces(color, k).count_ones() as i32 + s.reserve.count(color, k) as i32;
            let v = TEAM_VALUE[k.index()]
                + if extra {
                    TEAM_EXTRA[color.index()][k.index()].load(Relaxed)
                } else {
                    0
                };
            n * v
        })
        .sum();
    let empty_zone = (king_attacks(b.king_square(color)) & !b.occupied()).count_ones() as i32;
    material - VIRTUAL_DANGER * empty_zone
}

/// The team terms of `s`, White's minus Black's.
pub fn terms(s: &DropBoard) -> i32 {
    side(s, Color::White) - side(s, Color::Black)
}

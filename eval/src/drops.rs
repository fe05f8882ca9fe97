//! Drop chess (crazyhouse, bughouse, Swedish): the chess terms on the board,
//! plus the pieces in hand and the danger of drops next to each king. In the
//! team variants (captures go to the partner) two terms join: team material
//! (what a capture also gives the capturer's partner) and a virtual piece in
//! every enemy hand for king safety (pieces arrive from the other board at
//! any time). Crazyhouse evaluates as before.

use crate::{chess, Evaluate};
use movegen::attacks::king_attacks;
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::rules::CaptureDestination;
use movegen::drops::{DropBoard, DropPosition, DropRules};
use movegen::Color;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::Relaxed};

/// Value of a piece in hand, pawn to queen: a little above its board value,
/// since it can be dropped where it hurts most.
pub const IN_HAND: [i32; 5] = [120, 340, 350, 500, 920];

/// Team material, pawn to queen: what a piece of a side (on the board or in
/// hand) is worth to its team beyond its place here, because capturing it
/// hands it to the capturer's partner. About a quarter of its value in hand.
pub const TEAM_VALUE: [i32; 5] = [30, 85, 88, 125, 230];

/// How much each held piece kind adds to the drop threat against a king.
const THREAT_WEIGHT: [i32; 5] = [1, 2, 2, 3, 5];
/// Threat units assumed in every enemy hand in the team variants: a pawn
/// that may arrive from the other board at any moment. (Two units, a
/// knight, doubled the bughouse bench's nodes at its depth; one is the
/// cautious choice until team games can measure it.)
const VIRTUAL_THREAT: i32 = 1;
/// Centipawns per empty king-zone square and unit of held threat.
const DROP_DANGER: i32 = 4;
/// Cap of the drop-danger penalty per king.
const DROP_DANGER_CAP: i32 = 400;

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

fn held_value(s: &DropBoard, color: Color) -> i32 {
    HELD_KINDS
        .iter()
        .map(|&k| s.reserve.count(color, k) as i32 * IN_HAND[k.index()])
        .sum()
}

/// Penalty for `color`'s king: empty squares around it times the enemy's
/// held threat plus `virtual_threat`.
fn drop_danger(s: &DropBoard, color: Color, virtual_threat: i32) -> i32 {
    let b = &s.board;
    let zone = king_attacks(b.king_square(color)) & !b.occupied();
    let threat: i32 = HELD_KINDS
        .iter()
        .map(|&k| s.reserve.count(color.flip(), k) as i32 * THREAT_WEIGHT[k.index()])
        .sum::<i32>()
        + virtual_threat;
    (zone.count_ones() as i32 * threat * DROP_DANGER).min(DROP_DANGER_CAP)
}

/// Team material of `color`: every piece it has, on the board or in hand,
/// at its team value (plus the partner's extra wishes).
fn team_material(s: &DropBoard, color: Color) -> i32 {
    let extra = TEAM_EXTRA_ON.load(Relaxed);
    HELD_KINDS
        .iter()
        .map(|&k| {
            let n = s.board.pieces(color, k).count_ones() as i32 + s.reserve.count(color, k) as i32;
            let v = TEAM_VALUE[k.index()]
                + if extra {
                    TEAM_EXTRA[color.index()][k.index()].load(Relaxed)
                } else {
                    0
                };
            n * v
        })
        .sum()
}

/// Evaluates one drop-chess board under rules `R` from the side to move's
/// view.
pub fn evaluate<R: DropRules>(s: &DropBoard) -> i32 {
    let us = s.board.side_to_move();
    let them = us.flip();
    let team = R::CAPTURES == CaptureDestination::Partner;
    let virtual_threat = if team { VIRTUAL_THREAT } else { 0 };
    let mut score = chess::evaluate(&s.board) + held_value(s, us)
        - held_value(s, them)
        - drop_danger(s, us, virtual_threat)
        + drop_danger(s, them, virtual_threat);
    if team {
        score += team_material(s, us) - team_material(s, them);
    }
    score
}

impl<R: DropRules> Evaluate for DropPosition<R> {
    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate::<R>(self.current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mirror_fen;
    use movegen::drops::{BughousePosition, CrazyhousePosition, SwedishPosition};
    use movegen::Position;

    const FENS: &[&str] = &[
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[Pn] w - - 4 5",
        "2kr3r/ppp2ppp/2n5/8/4P3/5N2/PPP2PPP/2KR3R[QRBNPqrbnp] b - - 0 15",
        "4rrk1/ppp2ppp/8/8/8/8/PPP2PPP/4RRK1[QNNPPqnnpp] w - - 0 20",
    ];

    fn all<P: Position + Evaluate>(fen: &str) -> (i32, i32) {
        let a = P::from_fen(fen).unwrap();
        let b = P::from_fen(&mirror_fen(fen)).unwrap();
        (a.evaluate(), b.evaluate())
    }

    #[test]
    fn colour_flip_keeps_the_score_for_every_rule_set() {
        for fen in FENS {
            let (a, b) = all::<CrazyhousePosition>(fen);
            assert_eq!(a, b, "crazyhouse {fen}");
            let (a, b) = all::<BughousePosition>(fen);
            assert_eq!(a, b, "bughouse {fen}");
            let (a, b) = all::<SwedishPosition>(fen);
            assert_eq!(a, b, "swedish {fen}");
        }
    }

    #[test]
    fn team_material_counts_only_where_captures_leave_the_board() {
        // White is a knight up: bughouse values it more than crazyhouse by
        // the knight's team value (the extra virtual threat is symmetric
        // here, both kings standing alike).
        let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3[] w - - 0 1";
        let zh = CrazyhousePosition::from_fen(fen).unwrap().evaluate();
        let bug = BughousePosition::from_fen(fen).unwrap().evaluate();
        assert_eq!(bug - zh, TEAM_VALUE[1]);
    }
}

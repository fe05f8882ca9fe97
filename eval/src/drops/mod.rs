//! Drop chess (crazyhouse, bughouse, Swedish). The engine plays all three
//! with the crazyhouse network ([`evaluate_by_network`], plus the [`team`]
//! terms for the team variants); the hand-written evaluation here
//! ([`evaluate`]) remains for `--ablate crazyhouse-network`: the chess
//! terms on the board with weights of their own, the pieces in hand, and
//! the danger of drops next to each king. Every term reports a weight of [`DropWeights`] to an
//! [`Acc`], so the Texel tuner fits them on crazyhouse data (`docs/eval.md`,
//! "Drop chess"). The team variants add their [`team`] terms as the fixed
//! part.
//!
//! The phase counts the pieces in hand with those on the board (a piece in
//! hand is as much in play), and no endgame is scaled down: drops leave no
//! drawish material balance.

pub mod team;
pub mod tuned;
pub mod weights;

use crate::acc::{Acc, Sum};
use crate::breakdown::Breakdown;
use crate::chess::{self, SCORE_LIMIT};
use crate::score::{MAX_PHASE, S, SCALE_NORMAL};
use crate::{EvalConfig, Evaluate};
use movegen::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use movegen::bitboard::{Bitboard, RANK_1, RANK_8};
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::rules::CaptureDestination;
use movegen::drops::{DropBoard, DropPosition, DropRules};
use movegen::{Color, PieceKind};
pub use weights::DropWeights;

/// The weights the engine plays with.
pub static WEIGHTS: DropWeights = tuned::TUNED;

/// Phase units of a piece in hand, pawn to queen (as on the board).
const HAND_PHASE: [i32; 5] = [0, 1, 1, 2, 4];

/// The phase of `s`: the non-pawn material on the board and in both hands.
fn phase(s: &DropBoard) -> i32 {
    let hands: i32 = HELD_KINDS
        .iter()
        .map(|&k| {
            let n = s.reserve.count(Color::White, k) + s.reserve.count(Color::Black, k);
            n as i32 * HAND_PHASE[k.index()]
        })
        .sum();
    (chess::phase(&s.board) + hands).min(MAX_PHASE)
}

/// The squares from which a piece of `kind`, dropped by `c`'s enemy, would
/// check `c`'s king (empty ones only, and no pawn on the first or last rank).
#[inline(always)]
fn check_squares(s: &DropBoard, c: Color, kind: PieceKind) -> Bitboard {
    let b = &s.board;
    let king = b.king_square(c);
    let occ = b.occupied();
    let from = match kind {
        PieceKind::Pawn => pawn_attacks(king, c) & !(RANK_1 | RANK_8),
        PieceKind::Knight => knight_attacks(king),
        PieceKind::Bishop => bishop_attacks(king, occ),
        PieceKind::Rook => rook_attacks(king, occ),
        _ => bishop_attacks(king, occ) | rook_attacks(king, occ),
    };
    from & !occ
}

/// `c`'s king against the enemy's pieces in hand, with the squares each
/// side attacks (`attacks`, by colour index).
#[inline(always)]
fn king_terms<A: Acc>(
    s: &DropBoard,
    c: Color,
    attacks: &[Bitboard; 2],
    w: &DropWeights,
    acc: &mut A,
) {
    let b = &s.board;
    let around = king_attacks(b.king_square(c));
    let empty = around & !b.occupied();
    let empty_zone = empty.count_ones() as i32;
    let supported = (empty & attacks[c.flip().index()]).count_ones() as i32;
    acc.add(
        c,
        &w.king_guard,
        (around & b.color_bb(c)).count_ones() as i32,
    );
    for kind in HELD_KINDS {
        let held = s.reserve.count(c.flip(), kind) as i32;
        if held > 0 {
            let i = kind.index();
            acc.add(c, &w.zone_drop[i], empty_zone * held);
            let checks = check_squares(s, c, kind) & !attacks[c.index()];
            acc.add(c, &w.check_drop[i], checks.count_ones() as i32);
            acc.add(c, &w.supported_drop[i], supported);
        }
    }
}

/// Evaluates `s` under rules `R` with weights `w`, reporting every tuned
/// term to `acc`; the team terms (bughouse, Swedish, with the partner's
/// wishes in `config`) are the fixed part.
#[inline(always)]
pub fn evaluate_with<R: DropRules, A: Acc>(
    s: &DropBoard,
    w: &DropWeights,
    config: &EvalConfig,
    acc: &mut A,
) -> Breakdown {
    let info = chess::add_terms(&s.board, &w.chess, acc);
    for c in [Color::White, Color::Black] {
        for kind in HELD_KINDS {
            acc.add(c, &w.in_hand[kind.index()], s.reserve.count(c, kind) as i32);
        }
        king_terms(s, c, &info.attacks, w, acc);
    }
    let fixed = if R::CAPTURES == CaptureDestination::Partner {
        let t = team::terms(s, &config.team_extra);
        S::new(t, t)
    } else {
        S::ZERO
    };
    Breakdown::new(acc.total(), fixed, phase(s), SCALE_NORMAL)
}

#[inline(always)]
fn evaluate_generic<R: DropRules>(s: &DropBoard, config: &EvalConfig) -> i32 {
    let white = evaluate_with::<R, _>(s, &WEIGHTS, config, &mut Sum::default()).white;
    let white = white.clamp(-SCORE_LIMIT, SCORE_LIMIT);
    match s.board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// [`evaluate_generic`] compiled with `popcnt` (see [`chess::evaluate`]).
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn evaluate_popcnt<R: DropRules>(s: &DropBoard, config: &EvalConfig) -> i32 {
    evaluate_generic::<R>(s, config)
}

/// Evaluates one drop-chess board under rules `R` and `config` from the
/// side to move's view, within ±[`SCORE_LIMIT`].
#[inline]
pub fn evaluate<R: DropRules>(s: &DropBoard, config: &EvalConfig) -> i32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports popcnt, checked just above.
            return unsafe { evaluate_popcnt::<R>(s, config) };
        }
    }
    evaluate_generic::<R>(s, config)
}

/// One drop-chess board by the crazyhouse network, plus the [`team`] terms
/// (bughouse, Swedish) outside it: centipawns from the side to move's view,
/// within ±[`SCORE_LIMIT`].
#[inline]
pub fn evaluate_by_network<R: DropRules>(s: &DropBoard, config: &EvalConfig) -> i32 {
    let net = crate::nnue::evaluate_crazyhouse(s);
    if R::CAPTURES == CaptureDestination::Partner {
        let white = team::terms(s, &config.team_extra);
        let team = match s.board.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        (net + team).clamp(-SCORE_LIMIT, SCORE_LIMIT)
    } else {
        net
    }
}

impl<R: DropRules> Evaluate for DropPosition<R> {
    /// By the crazyhouse network ([`evaluate_by_network`]), or by the
    /// hand-written terms when `config.crazyhouse_network_off`.
    #[inline]
    fn evaluate(&self, config: &EvalConfig) -> i32 {
        if config.crazyhouse_network_off {
            evaluate::<R>(self.current(), config)
        } else {
            evaluate_by_network::<R>(self.current(), config)
        }
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
        let config = EvalConfig::default();
        (a.evaluate(&config), b.evaluate(&config))
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
        // the knight's team value (the virtual danger is symmetric here,
        // both kings standing alike).
        let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3[] w - - 0 1";
        let config = EvalConfig::default();
        let zh = CrazyhousePosition::from_fen(fen).unwrap().evaluate(&config);
        let bug = BughousePosition::from_fen(fen).unwrap().evaluate(&config);
        assert_eq!(bug - zh, team::TEAM_VALUE[1]);
    }

    #[test]
    fn the_partners_wishes_change_only_the_team_variants() {
        // White is a knight up; the partner wants knights (+40 each).
        let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3[] w - - 0 1";
        let plain = EvalConfig::default();
        let mut wishes = plain;
        wishes.team_extra[Color::White.index()][PieceKind::Knight.index()] = 40;
        let bug = BughousePosition::from_fen(fen).unwrap();
        assert_eq!(bug.evaluate(&wishes) - bug.evaluate(&plain), 40);
        let zh = CrazyhousePosition::from_fen(fen).unwrap();
        assert_eq!(zh.evaluate(&wishes), zh.evaluate(&plain));
    }

    #[test]
    fn a_knight_in_hand_counts_its_checking_drops_on_undefended_squares() {
        // Black holds a knight; of the knight's checks on White's king on
        // e1 (c2, d3, f3, g2), the pawn on e2 defends d3 and f3.
        let fen = "4k3/8/8/8/8/8/4P3/4K3[n] w - - 0 1";
        let s = *CrazyhousePosition::from_fen(fen).unwrap().current();
        let checks = check_squares(&s, Color::White, PieceKind::Knight);
        let info = chess::add_terms(&s.board, &WEIGHTS.chess, &mut Sum::default());
        let undefended = checks & !info.attacks[Color::White.index()];
        let names: Vec<String> = movegen::bitboard::Squares(undefended)
            .map(|sq| sq.to_string())
            .collect();
        assert_eq!(checks.count_ones(), 4);
        assert_eq!(names, ["c2", "g2"]);
    }
}

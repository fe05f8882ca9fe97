//! Tavreli evaluation: the tavreli network ([`crate::nnue`]), or by hand
//! (`--ablate tavreli-network`): the chess terms on the board of tower
//! **tops**, plus what towers add (see `docs/tavreli.md`).
//!
//! Only tops move and attack, so the tops form a chess position (a Helgi
//! counted as a queen) and every chess term applies to it as is: material
//! and piece-square tables of the active pieces, pawn structure, mobility,
//! king safety, piece terms, threats, tempo, and the game phase (from the
//! active pieces: a board whose pieces sit in towers plays like an
//! endgame). The chess endgame scale is not used (it knows nothing of the
//! pieces inside towers). On top of that, per side:
//!
//! - **reserves**: own pieces under an own top, a fraction of their value
//!   (they come back into play when the tower splits); an own pawn covered
//!   on its last rank counts as its promotion kind (it promotes when
//!   uncovered);
//! - **prisoners**: own pieces under an enemy top keep a small fraction
//!   (they are freed if the tower changes hands or the top moves off); the
//!   holder gets nothing for them directly, the owner's loss is the gain;
//! - **the Helgi**: its value above a queen's and its knight-jump mobility;
//! - **pawns by promotion kind**: a top pawn's advancement, weighted by what
//!   it will become (R6: an e-pawn is a future Helgi);
//! - **tower risk**: a tower whose top an enemy top attacks changes hands
//!   if the top is covered — everything in it (both colours) swings. The
//!   stake (pawn units) is charged with one weight when no own top defends
//!   the square, a smaller one when defended;
//! - **liberation threats**: the piece right under an own top acts at once
//!   when the top moves off: a bonus if it would check the enemy king or hit
//!   its zone (discovered attack by liberation), a penalty if it is an enemy
//!   prisoner that would hit the own king's zone.

pub mod tuned;
pub mod weights;

use crate::acc::{Acc, Sum};
use crate::breakdown::Breakdown;
use crate::chess::{self, SCORE_LIMIT, WEIGHTS};
use crate::score::SCALE_NORMAL;
use crate::{EvalConfig, Evaluate};
use movegen::attacks::{king_attacks, knight_attacks};
use movegen::bitboard::{pawn_attacks_bb, Bitboard, Squares};
use movegen::tavreli::state::attacks_of;
use movegen::tavreli::{Code, Kind, TavreliBoard, TavreliPosition};
use movegen::{Board, Color, Piece, PieceKind};
pub use weights::TavreliWeights;

/// The tower weights the engine plays with.
pub static TAVRELI_WEIGHTS: TavreliWeights = tuned::TUNED;

/// Value of a piece of each kind (middlegame half) for the tower stake:
/// chess material, the Helgi a queen and three quarters of a knight.
fn stake_value(kind: Kind) -> i32 {
    let m = &WEIGHTS.material;
    match kind {
        Kind::Pawn => m[0].mg,
        Kind::Knight => m[1].mg,
        Kind::Bishop => m[2].mg,
        Kind::Rook => m[3].mg,
        Kind::Queen => m[4].mg,
        Kind::King => 0,
        Kind::Helgi => m[4].mg + m[1].mg * 3 / 4,
    }
}

/// The promotion class of a pawn (how much its promotion is worth).
fn promotion_class(c: Code) -> i32 {
    match c.identity() {
        Some(Kind::Knight) | Some(Kind::Bishop) => 1,
        Some(Kind::Rook) => 2,
        Some(Kind::Queen) => 3,
        Some(Kind::Helgi) => 4,
        _ => 0,
    }
}

/// The chess board of the tops (Helgi as a queen).
pub fn tops_board(b: &TavreliBoard) -> Board {
    let mut board = Board::empty();
    for sq in Squares(b.occupied()) {
        let c = b.top(sq).expect("occupied");
        let kind = match c.kind() {
            Kind::Helgi => PieceKind::Queen,
            k => k.chess_kind().expect("not a Helgi"),
        };
        board.put_piece(sq, Piece::new(c.color(), kind));
    }
    board.set_side_to_move(b.side_to_move());
    board
}

/// Reports the tavreli terms to `acc`; with `below` false only those of the
/// tops (the Helgi and the pawns' promotion kinds), nothing of what lies
/// below them.
#[inline(always)]
fn tower_terms_with<A: Acc>(b: &TavreliBoard, w: &TavreliWeights, below: bool, acc: &mut A) {
    let occ = b.occupied();
    let pawn_attacks = [
        pawn_attacks_bb(b.tops(Color::White, Kind::Pawn), Color::White),
        pawn_attacks_bb(b.tops(Color::Black, Kind::Pawn), Color::Black),
    ];
    let king_sq = [b.king_square(Color::White), b.king_square(Color::Black)];
    let zone = [
        king_attacks(king_sq[0]) | king_sq[0].bb(),
        king_attacks(king_sq[1]) | king_sq[1].bb(),
    ];
    // Squares each side's tops attack (for "defended").
    let mut attacked: [Bitboard; 2] = [0; 2];
    for sq in Squares(occ) {
        let c = b.top(sq).expect("occupied");
        attacked[c.color().index()] |= attacks_of(c.kind(), c.color(), sq, occ);
    }

    for sq in Squares(occ) {
        let mut tower = b.tower(sq);
        let top = tower.next().expect("occupied");
        let us = top.color();
        let them = us.flip();
        let (ui, ti) = (us.index(), them.index());
        let mut stake = stake_value(top.kind());
        match top.kind() {
            Kind::Helgi => {
                acc.add(us, &w.helgi_extra, 1);
                let area = !(pawn_attacks[ti] | b.tops(us, Kind::Pawn) | king_sq[ui].bb());
                let jumps = (knight_attacks(sq) & area).count_ones() as usize;
                acc.add(us, &w.helgi_jumps[jumps], 1);
            }
            Kind::Pawn => {
                let class = promotion_class(top);
                acc.add(us, &w.advance[sq.relative_rank(us) as usize], class);
            }
            _ => {}
        }
        if !below {
            continue;
        }
        for (depth, c) in tower.enumerate() {
            let kind = c.kind_as_top_on(sq.rank());
            stake += stake_value(kind);
            if c.color() == us {
                acc.add(us, &w.reserve[kind.index()], 1);
            } else {
                acc.add(them, &w.prisoner[kind.index()], 1);
            }
            if depth == 0 {
                // The piece a one-piece move would uncover (liberation).
                let hits = attacks_of(kind, c.color(), sq, occ);
                if c.color() == us {
                    if hits & king_sq[ti].bb() != 0 {
                        acc.add(us, &w.liberation_check, 1);
                    } else if hits & zone[ti] != 0 {
                        acc.add(us, &w.liberation_zone, 1);
                    }
                } else if hits & zone[ui] != 0 {
                    acc.add(us, &w.bound_prisoner, 1);
                }
            }
        }
        if top.kind() != Kind::King && attacked[ti] & sq.bb() != 0 {
            let units = stake / 100;
            if attacked[ui] & sq.bb() == 0 {
                acc.add(us, &w.hanging_stake, units);
            } else {
                acc.add(us, &w.attacked_stake, units);
            }
        }
    }
}

/// Evaluates `b` with tower weights `w`: the tower terms are reported to
/// `acc` (what the tuner traces), the chess terms on the tops (with the
/// engine's chess weights) are the breakdown's fixed part. When `config`
/// asks for the tops only, nothing below them counts: no reserves,
/// prisoners, tower risk or liberation threats; the chess terms on the
/// tops, the Helgi and the pawns' promotion kinds stay.
#[inline(always)]
pub fn evaluate_with<A: Acc>(
    b: &TavreliBoard,
    w: &TavreliWeights,
    config: &EvalConfig,
    acc: &mut A,
) -> Breakdown {
    let board = tops_board(b);
    let chess = chess::evaluate_with(&board, &WEIGHTS, &mut Sum::default());
    tower_terms_with(b, w, !config.tavreli_tops_only, acc);
    Breakdown::new(acc.total(), chess.sum, chess.phase, SCALE_NORMAL)
}

/// White's view, before clamping: chess terms on the tops plus the tower
/// terms, tapered by the phase of the active pieces.
pub fn evaluate_white(b: &TavreliBoard, config: &EvalConfig) -> i32 {
    evaluate_with(b, &TAVRELI_WEIGHTS, config, &mut Sum::default()).white
}

#[inline(always)]
fn evaluate_generic(b: &TavreliBoard, config: &EvalConfig) -> i32 {
    let white = evaluate_white(b, config).clamp(-SCORE_LIMIT, SCORE_LIMIT);
    match b.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// [`evaluate_generic`] compiled with `popcnt` (see [`chess::evaluate`]).
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn evaluate_popcnt(b: &TavreliBoard, config: &EvalConfig) -> i32 {
    evaluate_generic(b, config)
}

/// The evaluation of `b` under `config` in centipawns from the side to
/// move's view: the tavreli network's ([`crate::nnue::evaluate_tavreli`]),
/// or the hand-written terms' when `config` turns the network
/// (`tavreli_network_off`) or the terms below the tops
/// (`tavreli_tops_only`) off.
#[inline]
pub fn evaluate(b: &TavreliBoard, config: &EvalConfig) -> i32 {
    if !config.tavreli_network_off && !config.tavreli_tops_only {
        return crate::nnue::evaluate_tavreli(b);
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports popcnt, checked just above.
            return unsafe { evaluate_popcnt(b, config) };
        }
    }
    evaluate_generic(b, config)
}

impl Evaluate for TavreliPosition {
    #[inline]
    fn evaluate(&self, config: &EvalConfig) -> i32 {
        evaluate(self.board(), config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mirror_fen;
    use movegen::Position;

    /// The hand-written evaluation (the network off).
    fn eval(fen: &str) -> i32 {
        let hand_written = EvalConfig {
            tavreli_network_off: true,
            ..Default::default()
        };
        TavreliPosition::from_fen(fen)
            .unwrap()
            .evaluate(&hand_written)
    }

    #[test]
    fn symmetric_under_colour_flip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
            "(rP)3k2(nP)/8/8/3(Q~p)4/4(h~P)3/8/8/(Rp)3K2(Np) w - - 0 1",
            "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1",
            "r3k3/1h6/8/8/8/8/6H1/4K2R w Kq - 0 1",
        ] {
            assert_eq!(eval(fen), eval(&mirror_fen(fen)), "{fen}");
        }
    }

    #[test]
    fn towers_count() {
        // Holding the enemy queen prisoner is worth about a queen.
        let held = eval("4k3/8/8/3(Nq)4/8/8/8/4K3 w - - 0 1");
        let free = eval("4k3/8/8/3N4/8/8/3q4/4K3 w - - 0 1");
        assert!(held > free + 600, "{held} vs {free}");
        // A reserve is worth something, less than the piece in play.
        let reserve = eval("4k3/8/8/3(NR)4/8/8/8/4K3 w - - 0 1");
        let alone = eval("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1");
        let both = eval("4k3/8/8/3N4/8/8/R7/4K3 w - - 0 1");
        assert!(
            alone < reserve && reserve < both,
            "{alone} {reserve} {both}"
        );
        // A tall tower under an attacked, undefended top is a liability:
        // Black's attacking bishop is worth more than a bishop.
        let safe = eval("4k3/8/8/3(NQRB)4/8/8/8/4K3 b - - 0 1");
        let attacked = eval("4k3/1b6/8/3(NQRB)4/8/8/8/4K3 b - - 0 1");
        assert!(
            attacked > safe + 330 + 50,
            "black to move: {attacked} vs {safe}"
        );
        // The Helgi is worth more than a queen.
        assert!(
            eval("4k3/8/8/8/3H4/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1") + 150
        );
    }
}

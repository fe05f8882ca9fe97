//! The developer switches of the evaluation (`docs/ablation.md`), fields of
//! [`EvalConfig`]: each changes the score where its terms apply and nothing
//! elsewhere, and the default config is the full evaluation.

use eval::{EvalConfig, Evaluate};
use movegen::tavreli::TavreliPosition;
use movegen::tranzit::TranzitPosition;
use movegen::{Chess, Position};

/// White has transferred to board II, Black has not (T14).
const TRANSFER: &str = "rn1q3r4k3/ppp2pp7p1/9b6/16/16/9N6/PPP2PP6P2/R1BQ3R4K3 w - - 0 12 -- W";
/// A tower holding a black queen prisoner under a white knight.
const TOWER: &str = "4k3/8/8/3(Nq)4/8/8/8/4K3 w - - 0 1";
/// [`TOWER`] without the prisoner.
const TOPS: &str = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1";
/// A quiet middlegame.
const CHESS: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// The evaluations of the three positions under `config`.
fn scores(config: &EvalConfig) -> [i32; 3] {
    [
        TranzitPosition::from_fen(TRANSFER)
            .unwrap()
            .evaluate(config),
        TavreliPosition::from_fen(TOWER).unwrap().evaluate(config),
        Chess::from_fen(CHESS).unwrap().evaluate(config),
    ]
}

fn tavreli(fen: &str, config: &EvalConfig) -> i32 {
    TavreliPosition::from_fen(fen).unwrap().evaluate(config)
}

#[test]
fn the_default_is_the_full_evaluation() {
    let full = EvalConfig::default();
    let [_, tower, chess] = scores(&full);
    assert_ne!(tower, tavreli(TOPS, &full), "the prisoner counts");
    let board = *Chess::from_fen(CHESS).unwrap().board();
    assert_eq!(chess, eval::nnue::evaluate(&board), "the network");
}

#[test]
fn tranzit_eval_off_drops_the_tranzit_terms_only() {
    let full = scores(&EvalConfig::default());
    let plain = EvalConfig {
        tranzit_plain: true,
        ..Default::default()
    };
    let off = scores(&plain);
    assert_ne!(off[0], full[0], "the T14 terms are off");
    let s = TranzitPosition::from_fen(TRANSFER).unwrap();
    assert_eq!(off[0], eval::tranzit::evaluate_plain(s.current()));
    assert_eq!(off[1..], full[1..], "the other variants are not affected");
}

#[test]
fn tavreli_tops_only_counts_the_tops_only() {
    let full = scores(&EvalConfig::default());
    let tops_only = EvalConfig {
        tavreli_tops_only: true,
        ..Default::default()
    };
    let off = scores(&tops_only);
    assert_ne!(off[1], full[1]);
    assert_eq!(off[1], tavreli(TOPS, &tops_only), "only the tops count");
    assert_eq!(
        [off[0], off[2]],
        [full[0], full[2]],
        "the others are not affected"
    );
}

#[test]
fn chess_network_off_uses_the_hand_written_terms() {
    let full = scores(&EvalConfig::default());
    let hand = EvalConfig {
        chess_network_off: true,
        ..Default::default()
    };
    let off = scores(&hand);
    let board = *Chess::from_fen(CHESS).unwrap().board();
    assert_eq!(
        off[2],
        eval::chess::evaluate(&board),
        "the hand-written terms"
    );
    assert_ne!(off[2], full[2]);
    assert_eq!(off[..2], full[..2], "the variants are not affected");
}

//! The developer switches of the evaluation (`docs/ablation.md`), fields of
//! [`EvalConfig`]: each changes the score where its terms apply and nothing
//! elsewhere, and the default config is the full evaluation.

use eval::{EvalConfig, Evaluate};
use movegen::drops::{BughousePosition, CrazyhousePosition, SwedishPosition};
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
/// A crazyhouse middlegame with pieces in hand.
const CRAZYHOUSE: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[Pn] w - - 4 5";

/// The evaluations of the four positions under `config`.
fn scores(config: &EvalConfig) -> [i32; 4] {
    [
        TranzitPosition::from_fen(TRANSFER)
            .unwrap()
            .evaluate(config),
        TavreliPosition::from_fen(TOWER).unwrap().evaluate(config),
        Chess::from_fen(CHESS).unwrap().evaluate(config),
        CrazyhousePosition::from_fen(CRAZYHOUSE)
            .unwrap()
            .evaluate(config),
    ]
}

fn tavreli(fen: &str, config: &EvalConfig) -> i32 {
    TavreliPosition::from_fen(fen).unwrap().evaluate(config)
}

#[test]
fn the_default_is_the_full_evaluation() {
    let full = EvalConfig::default();
    let [_, tower, chess, crazyhouse] = scores(&full);
    assert_ne!(tower, tavreli(TOPS, &full), "the prisoner counts");
    let board = *Chess::from_fen(CHESS).unwrap().board();
    assert_eq!(chess, eval::nnue::evaluate(&board), "the network");
    let zh = CrazyhousePosition::from_fen(CRAZYHOUSE).unwrap();
    assert_eq!(
        crazyhouse,
        eval::nnue::evaluate_crazyhouse(zh.current()),
        "the crazyhouse network"
    );
    let towers = TavreliPosition::from_fen(TOWER).unwrap();
    assert_eq!(
        tower,
        eval::nnue::evaluate_tavreli(towers.board()),
        "the tavreli network"
    );
}

#[test]
fn tavreli_network_off_uses_the_hand_written_terms() {
    let full = scores(&EvalConfig::default());
    let hand = EvalConfig {
        tavreli_network_off: true,
        ..Default::default()
    };
    let off = scores(&hand);
    let b = *TavreliPosition::from_fen(TOWER).unwrap().board();
    assert_eq!(off[1], eval::tavreli::evaluate_white(&b, &hand));
    assert_ne!(off[1], full[1], "the network is off");
    assert_eq!(
        [off[0], off[2], off[3]],
        [full[0], full[2], full[3]],
        "the others are not affected"
    );
}

#[test]
fn tranzit_eval_off_drops_the_tranzit_terms_only() {
    let full = scores(&EvalConfig::default());
    let hand_written = EvalConfig {
        tranzit_network_off: true,
        ..Default::default()
    };
    let plain = EvalConfig {
        tranzit_plain: true,
        ..Default::default()
    };
    let off = scores(&plain);
    assert_ne!(off[0], scores(&hand_written)[0], "the T14 terms are off");
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
        [off[0], off[2], off[3]],
        [full[0], full[2], full[3]],
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
    assert_eq!(
        [off[0], off[1], off[3]],
        [full[0], full[1], full[3]],
        "the variants are not affected"
    );
}

#[test]
fn crazyhouse_network_off_uses_the_drop_terms() {
    let full = scores(&EvalConfig::default());
    let hand = EvalConfig {
        crazyhouse_network_off: true,
        ..Default::default()
    };
    let off = scores(&hand);
    let zh = CrazyhousePosition::from_fen(CRAZYHOUSE).unwrap();
    assert_eq!(
        off[3],
        eval::drops::evaluate::<movegen::drops::Crazyhouse>(zh.current(), &hand),
        "the hand-written drop terms"
    );
    assert_ne!(off[3], full[3]);
    assert_eq!(off[..3], full[..3], "the others are not affected");
    let bug = BughousePosition::from_fen(CRAZYHOUSE).unwrap();
    assert_eq!(
        bug.evaluate(&hand),
        eval::drops::evaluate::<movegen::drops::Bughouse>(bug.current(), &hand),
        "bughouse too"
    );
}

#[test]
fn tranzit_network_off_uses_the_tranzit_terms() {
    let full = scores(&EvalConfig::default());
    let hand = EvalConfig {
        tranzit_network_off: true,
        ..Default::default()
    };
    let off = scores(&hand);
    let s = TranzitPosition::from_fen(TRANSFER).unwrap();
    let white = eval::tranzit::evaluate_with(
        s.current(),
        &eval::tranzit::WEIGHTS,
        &hand,
        &mut eval::acc::Sum::default(),
    )
    .white;
    assert_eq!(off[0], white, "the hand-written terms, White to move");
    assert_ne!(off[0], full[0]);
    assert_eq!(off[1..], full[1..], "the others are not affected");
}

/// Tranzit's evaluation is the network's score plus the points of the
/// decided boards, T14 applied: board II, won by Black, counts for Black
/// only once Black has transferred.
#[test]
fn t14_decided_points_are_added_to_the_network() {
    let half = eval::tranzit::HALF_POINT;
    for (transferred, points) in [("WB", -2 * half), ("W", 0)] {
        let fen = format!("r3k3r7/16/16/16/16/16/16/R3K3R7 w - - 0 30 -b {transferred}");
        let s = TranzitPosition::from_fen(&fen).unwrap();
        assert_eq!(eval::tranzit::decided_points(s.current()), points, "{fen}");
        let net = eval::nnue::evaluate_tranzit(s.current());
        assert_eq!(s.evaluate(&EvalConfig::default()), net + points, "{fen}");
    }
}

/// Bughouse and Swedish chess evaluate each board by the crazyhouse
/// network plus their team terms, which hold the partner's wishes.
#[test]
fn the_team_variants_add_their_team_terms_to_the_network() {
    let full = EvalConfig::default();
    let bug = BughousePosition::from_fen(CRAZYHOUSE).unwrap();
    let net = eval::nnue::evaluate_crazyhouse(bug.current());
    let team = eval::drops::team::terms(bug.current(), &full.team_extra);
    assert_eq!(bug.evaluate(&full), net + team, "White to move");
    let swedish = SwedishPosition::from_fen(CRAZYHOUSE).unwrap();
    assert_eq!(swedish.evaluate(&full), net + team);
    let mut wishes = full;
    wishes.team_extra[0][1] = 40;
    assert_eq!(
        bug.evaluate(&wishes) - bug.evaluate(&full),
        80,
        "two white knights"
    );
}

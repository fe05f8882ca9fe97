//! The developer switches of the evaluation (`docs/ablation.md`): each
//! changes the score where its terms apply, and switching it back restores
//! the full evaluation. One test, as the switches are process-wide.

use eval::Evaluate;
use movegen::tavreli::TavreliPosition;
use movegen::tranzit::TranzitPosition;
use movegen::{Chess, Position};

fn tranzit(fen: &str) -> i32 {
    TranzitPosition::from_fen(fen).unwrap().evaluate()
}

fn tavreli(fen: &str) -> i32 {
    TavreliPosition::from_fen(fen).unwrap().evaluate()
}

#[test]
fn switches_change_the_evaluation_and_back() {
    // White has transferred to board II, Black has not (T14).
    let transfer = "rn1q3r4k3/ppp2pp7p1/9b6/16/16/9N6/PPP2PP6P2/R1BQ3R4K3 w - - 0 12 -- W";
    // A tower holding a black queen prisoner under a white knight.
    let tower = "4k3/8/8/3(Nq)4/8/8/8/4K3 w - - 0 1";
    let tops = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1";
    let (transfer_full, tower_full) = (tranzit(transfer), tavreli(tower));
    assert_ne!(tavreli(tower), tavreli(tops), "the prisoner counts");

    eval::tranzit::set_ablated(true);
    let transfer_plain = tranzit(transfer);
    assert_ne!(transfer_plain, transfer_full, "the T14 terms are off");
    let s = TranzitPosition::from_fen(transfer).unwrap();
    assert_eq!(transfer_plain, eval::tranzit::evaluate_plain(s.current()));
    assert_eq!(tavreli(tower), tower_full, "tavreli is not affected");
    eval::tranzit::set_ablated(false);
    assert_eq!(tranzit(transfer), transfer_full);

    eval::tavreli::set_tops_only(true);
    assert_ne!(tavreli(tower), tower_full);
    assert_eq!(tavreli(tower), tavreli(tops), "only the tops count");
    assert_eq!(tranzit(transfer), transfer_full, "tranzit is not affected");
    eval::tavreli::set_tops_only(false);
    assert_eq!(tavreli(tower), tower_full);

    let chess =
        Chess::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    let board = *chess.board();
    let network = chess.evaluate();
    assert_eq!(network, eval::nnue::evaluate(&board));
    eval::nnue::set_ablated(true);
    assert_eq!(
        chess.evaluate(),
        eval::chess::evaluate(&board),
        "the hand-written terms"
    );
    assert_ne!(chess.evaluate(), network);
    assert_eq!(tranzit(transfer), transfer_full, "tranzit is not affected");
    eval::nnue::set_ablated(false);
    assert_eq!(chess.evaluate(), network);
}

//! FEN validation: every refusal of the core issue, and round trips.

use movegen::Board;

fn refused(fen: &str, needle: &str) {
    match Board::from_fen(fen) {
        Ok(_) => panic!("accepted {fen}"),
        Err(e) => assert!(
            e.to_string().contains(needle),
            "{fen}: '{e}' lacks '{needle}'"
        ),
    }
}

#[test]
fn wrong_number_of_ranks() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "7 ranks",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "9 ranks",
    );
}

#[test]
fn wrong_number_of_files() {
    refused(
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bad empty-square count",
    );
    refused(
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rank 7 has 7 files",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "more than 8 files",
    );
}

#[test]
fn bad_piece_letters() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "bad piece letter 'X'",
    );
}

#[test]
fn exactly_one_king_per_side() {
    refused(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "Black has 0 kings",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
        "White has 2 kings",
    );
}

#[test]
fn pawns_on_first_or_last_rank() {
    refused(
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
        "first or last rank",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNp w kq - 0 1",
        "first or last rank",
    );
}

#[test]
fn side_not_to_move_in_check() {
    refused("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "not to move is in check");
    assert!(Board::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1").is_ok());
}

#[test]
fn castling_rights_need_king_and_rook() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "without the rook on h1",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w KQkq - 0 1",
        "without the king on e1",
    );
    refused(
        "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "without the rook on a8",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "bad castling letter",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
        "repeated",
    );
}

#[test]
fn impossible_en_passant_square() {
    // Wrong rank for the side to move.
    refused(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2",
        "must be on rank 6",
    );
    // No pawn that could have made the double step.
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        "no pawn on e5",
    );
    // The square the pawn came from is occupied.
    refused(
        "rnbqkbnr/ppppnppp/8/4p3/8/8/PPPPPPPP/RNBQKB1R w KQkq e6 0 1",
        "must be empty",
    );
    refused(
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "bad en passant square",
    );
}

#[test]
fn bad_fields() {
    refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "1 fields");
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "bad side to move",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "bad half-move clock",
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "7 fields",
    );
}

#[test]
fn en_passant_written_only_when_legal() {
    // e5 pawn can take d6: written.
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
    // No white pawn next to the double-stepped pawn: dropped.
    let b = Board::from_fen("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2").unwrap();
    assert_eq!(
        b.to_fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
    );
    // Capturing would expose the king along the rank: dropped.
    let b = Board::from_fen("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1").unwrap();
    assert_eq!(b.ep_square(), None);
}

#[test]
fn round_trip_and_defaults() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
    }
    let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// Issue 33 (6): Chess960 castling in FENs: file letters (Shredder-FEN)
/// everywhere, `KQkq` as X-FEN in Chess960's form; refusals say which
/// letter; rights go with the king's and the rooks' moves.
#[test]
fn chess960_castling_fields() {
    let shredder = "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w FBfb - 0 1";
    let b = Board::from_fen(shredder).unwrap();
    assert!(b.is_chess960());
    assert_eq!(b.to_fen(), shredder, "Shredder-FEN reads back");
    assert_eq!(movegen::view::View::of_board(&b, 0).castling, "FBfb");
    let x =
        Board::from_fen_960("nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w KQkq - 0 1").unwrap();
    assert_eq!(x.to_fen(), shredder, "KQkq names the outermost rooks");
    refused(
        "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w KQkq - 0 1",
        "castling right 'K' without the rook on h1",
    );
    assert!(!Board::from_fen(movegen::START_FEN).unwrap().is_chess960());
    assert!(Board::from_fen_960(movegen::START_FEN)
        .unwrap()
        .is_chess960());
    for (fen, says) in [
        (
            "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w HBhb - 0 1",
            "'H' without its rook",
        ),
        (
            "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w EBeb - 0 1",
            "'E' without its rook",
        ),
        (
            "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w FFfb - 0 1",
            "two rights on one side",
        ),
        (
            "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w F1fb - 0 1",
            "bad castling letter '1'",
        ),
        (
            "nrbbkrqn/pppppppp/8/8/8/4K3/PPPPPPPP/NRBB1RQN w Fb - 0 1",
            "without the king on rank 1",
        ),
    ] {
        refused(fen, says);
    }
    // The king's move takes both rights; a rook's move or capture its own.
    let mut b = Board::from_fen("rk5r/p7/8/8/8/8/P7/RK5R w HAha - 0 1").unwrap();
    b.make_move(movegen::Move::normal(
        movegen::Square::parse("h1").unwrap(),
        movegen::Square::parse("h8").unwrap(),
    ));
    assert_eq!(b.castling_fen(), "Aa", "h1 took h8: both h rights go");
    let mut b = Board::from_fen("rk5r/p6p/8/8/8/8/P6P/RK5R b HAha - 0 1").unwrap();
    b.make_move(movegen::Move::normal(
        movegen::Square::parse("b8").unwrap(),
        movegen::Square::parse("c8").unwrap(),
    ));
    assert_eq!(b.castling_fen(), "HA");
}

//! Game status of standard chess: mate, stalemate, the 50-move rule,
//! insufficient material and threefold repetition.

use movegen::variant::setup_position;
use movegen::{Board, Chess, Color, Outcome, Position, Status};

fn status(fen: &str, moves: &[&str]) -> Status {
    setup_position::<Chess, _>(Some(fen), moves)
        .unwrap()
        .status()
}

#[test]
fn checkmate_and_stalemate() {
    assert_eq!(
        status("7k/8/6K1/8/8/8/8/R7 w - - 0 1", &["a1a8"]),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
    assert_eq!(
        status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]),
        Status::Over(Outcome::draw("stalemate"))
    );
    assert_eq!(
        status("7k/8/6K1/8/8/8/8/R7 w - - 0 1", &[]),
        Status::Ongoing
    );
}

#[test]
fn fifty_move_rule() {
    assert_eq!(
        status("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &[]),
        Status::Ongoing
    );
    assert_eq!(
        status("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a2"]),
        Status::Over(Outcome::draw("fifty-move rule"))
    );
    // Mate on the hundredth ply is still mate.
    assert_eq!(
        status("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a8"]),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
}

#[test]
fn insufficient_material() {
    for fen in [
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/8/8/8/KN6 w - - 0 1",
        "7k/8/8/8/8/8/8/KB6 w - - 0 1",
        "6bk/8/8/8/8/8/8/KB6 w - - 0 1",
    ] {
        assert!(
            Board::from_fen(fen).unwrap().insufficient_material(),
            "{fen}"
        );
        assert_eq!(
            status(fen, &[]),
            Status::Over(Outcome::draw("insufficient material"))
        );
    }
    for fen in [
        "7k/8/8/8/8/8/8/KNN5 w - - 0 1",
        "7k/8/8/8/8/8/8/KBB5 w - - 0 1",
        "5b1k/8/8/8/8/8/8/KB6 w - - 0 1",
        "7k/8/8/8/8/8/P7/K7 w - - 0 1",
        "7k/8/8/8/8/8/8/KR6 w - - 0 1",
    ] {
        assert!(
            !Board::from_fen(fen).unwrap().insufficient_material(),
            "{fen}"
        );
    }
}

#[test]
fn threefold_repetition() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let start = movegen::START_FEN;
    let twice: Vec<&str> = shuffle.to_vec();
    assert_eq!(status(start, &twice), Status::Ongoing, "second occurrence");
    let thrice: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    assert_eq!(
        status(start, &thrice),
        Status::Over(Outcome::draw("threefold repetition"))
    );
    // A pawn move in between resets the count.
    let broken: Vec<&str> = shuffle
        .iter()
        .chain(["e2e4", "e7e5"].iter())
        .chain(shuffle.iter())
        .copied()
        .collect();
    assert_eq!(status(start, &broken), Status::Ongoing);
}

#[test]
fn repetition_draw_inside_search_tree() {
    let mut pos = Chess::startpos();
    let root = pos.ply();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
    }
    assert!(
        pos.repetition_draw(root),
        "one repetition after the root is a draw in search"
    );
    assert!(
        !pos.repetition_draw(pos.ply()),
        "before the root it needs two"
    );
}

#[test]
fn illegal_moves_are_refused() {
    assert!(setup_position::<Chess, _>(None, &["e2e5"]).is_err());
    assert!(setup_position::<Chess, _>(None, &["e1g1"]).is_err());
    assert!(setup_position::<Chess, _>(None, &["e2e4", "e7e5", "e1e2"]).is_ok());
    assert!(setup_position::<Chess, _>(Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"), &["a7a8"]).is_err());
}

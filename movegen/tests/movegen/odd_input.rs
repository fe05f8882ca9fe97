//! Untrusted text through every parser (issue 16, item 3 and item 8): FENs
//! and moves with multibyte characters, odd brackets and huge numbers are
//! refused with an error, never a panic; empty-square counts follow the
//! FEN rules of each board shape.

use movegen::tavreli::notation::parse_game_record;
use movegen::tavreli::TavreliPosition;
use movegen::variant::{dispatch, Position, VariantVisitor};
use movegen::VariantId;

/// The variants whose board is one 8x8 FEN placement.
const EIGHT_FILE: &[&str] = &[
    "chess",
    "crazyhouse",
    "bughouse",
    "swedish",
    "progressive-italian",
    "progressive-scottish",
    "progressive-english",
    "tavreli",
];

/// FENs with a multibyte character or an odd run in each kind of field.
const ODD_FENS: &[&str] = &[
    "",
    "\u{e9}",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \u{e9} KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K\u{e9} - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \u{e9}3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e\u{e9} 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq d6\u{e9} 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \u{e9} 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \u{e9} \u{e9}",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 e2\u{e9}",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[\u{e9}] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN~BQKBNR~\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/P9P~RNBQKBNR w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRRRRRRRRR~ w - - 0 1",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 \u{e9}- \u{e9}",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBN\u{e9}8 w KQkq - 0 1",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/P4294967295 w - - 0 1",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/P99999999999999999999 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(N\u{e9})R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(N=\u{e9})R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(NP R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB()R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
];

/// Move texts that name no move.
const ODD_MOVES: &[&str] = &[
    "",
    "a\u{e9}1",
    "\u{e9}2e4",
    "e2\u{e9}4",
    "e2e\u{e9}",
    "e7e8\u{e9}",
    "\u{1d11e}",
    "f3(\u{e9})f6",
    "f3(2)\u{e9}6",
    "f3(2",
    "f3(99999999999999)f6",
    "\u{e9}@e4",
    "P@\u{e9}4",
    "I \u{e9}4",
    "II \u{e9}",
    "\u{e9} e4",
    "I N\u{e9}",
    "e2 \u{2014} \u{e9}4",
    "e2\u{2014}",
    "e2x",
    "O-O-\u{e9}",
    "N\u{e9}3",
    "\u{e9}xd5",
];

struct Refuses;

impl VariantVisitor for Refuses {
    type Output = ();
    fn visit<P: Position>(self) {
        for fen in ODD_FENS {
            assert!(P::from_fen(fen).is_err(), "{}: {fen}", P::ID);
        }
        let pos = P::startpos();
        for m in ODD_MOVES {
            assert!(pos.parse_move(m).is_err(), "{}: {m}", P::ID);
            assert!(pos.parse_record_move(m).is_err(), "{}: {m}", P::ID);
        }
    }
}

#[test]
fn multibyte_and_odd_text_is_refused_in_every_variant() {
    for v in VariantId::ALL {
        dispatch(v, Refuses);
    }
}

/// The error of `fen` in `variant`, or None when it is accepted.
fn fen_error(variant: &str, fen: &str) -> Option<String> {
    struct Try<'a>(&'a str);
    impl VariantVisitor for Try<'_> {
        type Output = Option<String>;
        fn visit<P: Position>(self) -> Option<String> {
            P::from_fen(self.0).err().map(|e| e.to_string())
        }
    }
    dispatch(VariantId::parse(variant).unwrap(), Try(fen))
}

#[test]
fn adjacent_empty_counts_are_refused_on_8_file_boards() {
    for v in EIGHT_FILE {
        assert_eq!(fen_error(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), None, "{v}");
        for fen in [
            "4k3/8/8/8/8/8/44/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K21 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K111 w - - 0 1",
            "4k3/8/8/8/8/8/8/134K w - - 0 1",
        ] {
            let e = fen_error(v, fen).unwrap_or_else(|| panic!("{v}: accepted {fen}"));
            assert!(e.contains("two empty-square counts in a row"), "{v}: {e}");
        }
        // Ranks too long or too short stay refused.
        for fen in [
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            "4k3/9/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3R w - - 0 1",
        ] {
            assert!(fen_error(v, fen).is_some(), "{v}: accepted {fen}");
        }
    }
    // Towers count as one square each.
    assert_eq!(
        fen_error("tavreli", "4k3/8/8/8/8/5(NP)2/8/4K3 w - - 0 1"),
        None
    );
    assert!(fen_error("tavreli", "4k3/8/8/8/8/5(NP)11/8/4K3 w - - 0 1").is_some());
}

#[test]
fn tranzit_counts_are_whole_numbers_up_to_16() {
    let fen = |last: &str| format!("4k11/16/16/16/16/16/16/{last} w - - 0 1");
    for good in ["4K11", "15K", "K15", "8K7", "1K14"] {
        assert_eq!(fen_error("tranzit", &fen(good)), None, "{good}");
    }
    for (bad, why) in [
        ("4K88", "bad empty-square count '88'"),
        ("4K011", "bad empty-square count '011'"),
        ("4K0", "bad empty-square count '0'"),
        ("K17", "bad empty-square count '17'"),
        ("16K", "more than 16 files"),
        ("P4294967295", "bad empty-square count"),
        ("P99999999999999999999", "bad empty-square count"),
        ("4K12", "more than 16 files"),
        ("4K3", "has 8 files, expected 16"),
    ] {
        let e = fen_error("tranzit", &fen(bad)).unwrap_or_else(|| panic!("accepted {bad}"));
        assert!(e.contains(why), "{bad}: '{e}' lacks '{why}'");
    }
}

#[test]
fn tavreli_game_records_with_odd_text_are_refused() {
    let start = TavreliPosition::startpos();
    let start = start.board();
    for text in [
        "1. e2 \u{2014} \u{e9}4",
        "1. \u{e9}",
        "1. e2 \u{2014} e4 e7(\u{e9}) \u{2014} e5",
        "1. e2(1",
        "1. e2 \u{2014} e4 \u{1d11e}",
    ] {
        assert!(parse_game_record(start, text).is_err(), "{text}");
    }
    let moves = parse_game_record(start, "1. e2 \u{2014} e4 e7 - e5 2. g1-f3").unwrap();
    assert_eq!(moves.len(), 3);
}

//! Move counters in every variant (issue 16, item 4): half-move clocks,
//! draw-rule counters, full-move and series numbers count past 65535, stop
//! at the one documented bound (1,000,000, `movegen::counter::MAX_COUNTER`),
//! and a FEN above the bound or with a counter that is not a plain number is
//! refused. Large counters change nothing where no draw rule looks at them.

use movegen::drops::{BughousePosition, CrazyhousePosition, SwedishPosition};
use movegen::progressive::{EnglishPosition, ItalianPosition, ScottishPosition};
use movegen::tavreli::TavreliPosition;
use movegen::tranzit::TranzitPosition;
use movegen::{Chess, Position, Status};

/// The bound, written out so that this file states the documented number.
const MAX: u32 = 1_000_000;

fn load<P: Position>(fen: &str) -> P {
    P::from_fen(fen).unwrap_or_else(|e| panic!("{} {fen}: {e}", P::ID))
}

/// `pos` after the moves `moves` (coordinates).
fn play<P: Position>(fen: &str, moves: &[&str]) -> P {
    let mut pos = load::<P>(fen);
    for text in moves {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{} {fen} {text}: {e}", P::ID));
        pos.make_move(m);
    }
    pos
}

/// FEN fields 5 and 6 (the two counters) of `pos`.
fn counters<P: Position>(pos: &P) -> (String, String) {
    let fen = pos.to_fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    (f[4].to_string(), f[5].to_string())
}

fn refused<P: Position>(fen: &str, needle: &str) {
    match P::from_fen(fen) {
        Ok(_) => panic!("{}: accepted {fen}", P::ID),
        Err(e) => assert!(
            e.to_string().contains(needle),
            "{} {fen}: '{e}' lacks '{needle}'",
            P::ID
        ),
    }
}

/// The checks every variant shares. `fen(a, b)` is a position with Black to
/// move (White for progressive, see there) whose counter fields are `a`, `b`;
/// `moves` is a quiet sequence (no capture, no pawn move) after which the
/// counters read `after(a, b)`.
fn bound_and_refusals<P: Position>(fen: impl Fn(&str, &str) -> String, high_b: u32) {
    let top = MAX.to_string();
    let at = fen(&top, &high_b.to_string());
    assert_eq!(load::<P>(&at).to_fen(), at, "{}", P::ID);
    let over = (MAX + 1).to_string();
    refused::<P>(&fen(&over, "2"), "too large: at most 1000000");
    refused::<P>(&fen("0", &over), "too large: at most 1000000");
    refused::<P>(&fen(&"9".repeat(25), "2"), "too large");
    for bad in ["-1", "+5", "1.5", "x", "0x10"] {
        refused::<P>(&fen(bad, "2"), &format!("'{bad}'"));
        refused::<P>(&fen("0", bad), &format!("'{bad}'"));
    }
}

/// Quiet king moves for Black then White from `fen(a, b)` (Black to move):
/// the half-move clock grows by 2 and the full-move number by 1.
fn chess_like_counts<P: Position>(fen: impl Fn(&str, &str) -> String, moves: [&str; 2]) {
    let p = play::<P>(&fen("65535", "65535"), &moves);
    assert_eq!(counters(&p), ("65537".into(), "65536".into()), "{}", P::ID);
    let p = play::<P>(&fen("65534", "70000"), &moves[..1]);
    assert_eq!(counters(&p), ("65535".into(), "70001".into()), "{}", P::ID);
    let top = MAX.to_string();
    let p = play::<P>(&fen(&top, &top), &moves);
    assert_eq!(counters(&p), (top.clone(), top.clone()), "{}", P::ID);
    assert_eq!(load::<P>(&p.to_fen()).to_fen(), p.to_fen(), "{}", P::ID);
}

/// perft to `depth` is the same for every pair of counters in `pairs`.
fn same_perft<P: Position>(fen: impl Fn(&str, &str) -> String, pairs: &[(&str, &str)], depth: u32) {
    let counts: Vec<u64> = pairs
        .iter()
        .map(|(a, b)| load::<P>(&fen(a, b)).perft(depth))
        .collect();
    assert!(
        counts.windows(2).all(|w| w[0] == w[1]),
        "{}: {pairs:?} -> {counts:?}",
        P::ID
    );
}

/// The fifty-move rule holds at and after a clock of 65535.
fn fifty_move_rule_stays<P: Position>(fen: impl Fn(&str, &str) -> String, moves: [&str; 2]) {
    for clock in ["65535", "1000000"] {
        let mut p = load::<P>(&fen(clock, "9"));
        for text in moves {
            assert!(
                matches!(p.status(), Status::Over(o) if o.reason == "fifty-move rule"),
                "{} clock {clock}: {:?}",
                P::ID,
                p.status()
            );
            let m = p.parse_move(text).unwrap();
            p.make_move(m);
        }
        assert!(
            matches!(p.status(), Status::Over(o) if o.reason == "fifty-move rule"),
            "{} clock {clock} after the moves",
            P::ID
        );
    }
}

const KINGS_AND_ROOK: &str = "4k3/8/8/8/8/8/8/4K2R b K -";

fn chess_fen(a: &str, b: &str) -> String {
    format!("{KINGS_AND_ROOK} {a} {b}")
}

#[test]
fn chess_counters() {
    bound_and_refusals::<Chess>(chess_fen, MAX);
    chess_like_counts::<Chess>(chess_fen, ["e8d7", "e1d1"]);
    fifty_move_rule_stays::<Chess>(chess_fen, ["e8d7", "e1d1"]);
    let start =
        |a: &str, b: &str| format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {a} {b}");
    same_perft::<Chess>(
        start,
        &[("0", "1"), ("65535", "65535"), ("1000000", "1000000")],
        4,
    );
}

#[test]
fn drop_variant_counters() {
    let fen = |a: &str, b: &str| format!("4k3/8/8/8/8/8/8/4K2R[Nn] b K - {a} {b}");
    bound_and_refusals::<CrazyhousePosition>(fen, MAX);
    chess_like_counts::<CrazyhousePosition>(fen, ["e8d7", "e1d1"]);
    chess_like_counts::<SwedishPosition>(fen, ["e8d7", "e1d1"]);
    chess_like_counts::<BughousePosition>(fen, ["e8d7", "e1d1"]);
    bound_and_refusals::<BughousePosition>(fen, MAX);
    // A knight drop is quiet too.
    chess_like_counts::<CrazyhousePosition>(fen, ["N@a6", "N@a3"]);
    same_perft::<CrazyhousePosition>(
        fen,
        &[("0", "1"), ("65535", "65535"), ("1000000", "1000000")],
        3,
    );
}

#[test]
fn tavreli_counters() {
    bound_and_refusals::<TavreliPosition>(chess_fen, MAX);
    chess_like_counts::<TavreliPosition>(chess_fen, ["e8d7", "e1d1"]);
    fifty_move_rule_stays::<TavreliPosition>(chess_fen, ["e8d7", "e1d1"]);
    same_perft::<TavreliPosition>(
        chess_fen,
        &[("0", "1"), ("65535", "65535"), ("1000000", "1000000")],
        4,
    );
}

fn tranzit_fen(a: &str, b: &str) -> String {
    // Both kings on board I, a rook each on board II.
    format!("4k11/15r/16/16/16/16/8R7/4K11 b - - {a} {b}")
}

#[test]
fn tranzit_counters() {
    bound_and_refusals::<TranzitPosition>(tranzit_fen, MAX);
    // A quiet-action counter of 100 or more ends the game after the next
    // action (T15), so each counter is walked on its own.
    let p = play::<TranzitPosition>(&tranzit_fen("65535", "65535"), &["e8d7"]);
    assert_eq!(counters(&p), ("65536".into(), "65536".into()));
    let p = play::<TranzitPosition>(&tranzit_fen("0", "65535"), &["e8d7", "e1d1"]);
    assert_eq!(counters(&p), ("2".into(), "65536".into()));
    let top = MAX.to_string();
    let p = play::<TranzitPosition>(&tranzit_fen(&top, &top), &["e8d7"]);
    assert_eq!(counters(&p), (top.clone(), top.clone()));
    assert_eq!(load::<TranzitPosition>(&p.to_fen()).to_fen(), p.to_fen());
    // T15 applies along every perft path: once the quiet-action counter
    // passes 100 after the first action, every continuation is the same.
    same_perft::<TranzitPosition>(
        tranzit_fen,
        &[
            ("99", "1"),
            ("65534", "1"),
            ("65535", "1"),
            ("65535", "65535"),
            ("1000000", "1000000"),
        ],
        3,
    );
    same_perft::<TranzitPosition>(
        tranzit_fen,
        &[("0", "1"), ("0", "65535"), ("0", "1000000")],
        3,
    );
    let after = play::<TranzitPosition>(&tranzit_fen("65535", "1"), &["e8d7"]);
    assert!(
        matches!(after.status(), Status::Over(_)),
        "T15 after 65536 quiet actions: {}",
        after.to_fen()
    );
}

/// A progressive position with White to play the last move of series `n`
/// (odd) and draw counter `c`.
fn progressive_fen(c: &str, n: &str) -> String {
    let played = n
        .parse::<u64>()
        .map_or("0".to_string(), |n| (n.max(1) - 1).to_string());
    format!("4k3/8/8/8/8/8/8/4K2R w K - {c} {n} {played}")
}

fn progressive_counters<P: Position>() {
    bound_and_refusals::<P>(
        |c, n| format!("4k3/8/8/8/8/8/8/4K2R w K - {c} {n}"),
        MAX - 1,
    );
    // The series number 65535 ends with White's move; Black's series 65536
    // starts. Each series counter (I3) and single-move counter (E5) is one
    // higher after Black's first move than at the start.
    let p = play::<P>(&progressive_fen("65535", "65535"), &["e1d1", "e8d8"]);
    let (c, n) = counters(&p);
    assert_eq!(n, "65536", "{}", P::ID);
    let expected_c = if P::ID == movegen::VariantId::ProgressiveEnglish {
        "65537"
    } else {
        "65536"
    };
    assert_eq!(c, expected_c, "{}", P::ID);
    // At the bound the counters stop, and the FEN reads back.
    let top = MAX.to_string();
    let p = play::<P>(
        &progressive_fen(&top, &(MAX - 1).to_string()),
        &["e1d1", "e8d8"],
    );
    assert_eq!(counters(&p), (top.clone(), top.clone()), "{}", P::ID);
    assert_eq!(load::<P>(&p.to_fen()).to_fen(), p.to_fen(), "{}", P::ID);
    // perft ignores the draw rules: large counters change nothing.
    let start =
        |c: &str, n: &str| format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {c} {n}");
    same_perft::<P>(start, &[("0", "1"), ("65535", "1"), ("1000000", "1")], 5);
    same_perft::<P>(
        start,
        &[("0", "65535"), ("65535", "65535"), ("1000000", "65535")],
        4,
    );
}

#[test]
fn progressive_italian_counters() {
    progressive_counters::<ItalianPosition>();
}

#[test]
fn progressive_scottish_counters() {
    progressive_counters::<ScottishPosition>();
}

#[test]
fn progressive_english_counters() {
    progressive_counters::<EnglishPosition>();
    // E5 holds at and after a clock of 65535.
    let p = play::<EnglishPosition>(&progressive_fen("65535", "65535"), &["e1d1", "e8d8"]);
    assert!(
        matches!(p.status(), Status::Over(o) if o.reason.contains("fifty")),
        "{:?}",
        p.status()
    );
}

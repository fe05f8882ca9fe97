//! perft of the progressive variants against the committed suites
//! (`data/perft/progressive-*.epd`, every number from the independent
//! python-chess reference `tools/progressive/progressive_ref.py`): single
//! moves, series boundaries included.

use movegen::progressive::{EnglishPosition, ItalianPosition, ScottishPosition};
use movegen::variant::Position;

use crate::perft_suite::{load, path, Fixture};

fn check<P: Position>(name: &str) {
    let suite = load(&path(name));
    assert!(suite.len() >= 12, "{name}: {} positions", suite.len());
    let mut checked = 0;
    for Fixture { fen, counts } in &suite {
        let mut p = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(depth, expected) in counts {
            assert_eq!(p.perft(depth), expected, "{name}: {fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 40, "{name}: only {checked} counts");
}

#[test]
fn italian_perft_suite() {
    check::<ItalianPosition>("progressive-italian");
}

#[test]
fn scottish_perft_suite() {
    check::<ScottishPosition>("progressive-scottish");
}

#[test]
fn english_perft_suite() {
    check::<EnglishPosition>("progressive-english");
}

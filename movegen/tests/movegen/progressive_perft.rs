//! perft of the progressive variants against the committed suites
//! (`data/perft/progressive-*.epd`, every number from the independent
//! python-chess reference `tools/progressive/progressive_ref.py`): single
//! moves, series boundaries included.

use movegen::progressive::{EnglishPosition, ItalianPosition, ScottishPosition};
use movegen::variant::Position;

fn suite(name: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let path = format!("{}/../data/perft/{name}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("perft suite");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("';Dn count'");
                    (d[1..].parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn check<P: Position>(name: &str) {
    let suite = suite(name);
    assert!(suite.len() >= 12, "{name}: {} positions", suite.len());
    let mut checked = 0;
    for (fen, counts) in &suite {
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

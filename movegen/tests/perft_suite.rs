//! perft against the committed suite (`data/perft/chess.epd`, numbers from
//! Stockfish; see the file's comments and `tools/make_perft_fixtures.py`).
//! Depths are taken up to `VSADNIK_PERFT_LIMIT` leaves per position (default
//! 20 million, a few seconds in all); CI raises it for the full suite.

use movegen::perft::{perft, perft_divide};
use movegen::Board;

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perft/chess.epd");
    let text = std::fs::read_to_string(path).expect("perft suite");
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

fn limit() -> u64 {
    std::env::var("VSADNIK_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000_000)
}

#[test]
fn perft_suite_matches_reference_counts() {
    let suite = suite();
    assert!(suite.len() >= 10);
    let mut checked = 0;
    for (fen, counts) in &suite {
        let b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(depth, expected) in counts {
            if expected > limit() {
                continue;
            }
            assert_eq!(perft(&b, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} counts checked");
}

#[test]
fn divide_sums_to_perft() {
    let (fen, counts) = &suite()[1];
    let b = Board::from_fen(fen).unwrap();
    let (depth, total) = counts[2];
    let parts = perft_divide(&b, depth);
    assert_eq!(parts.len() as u64, counts[0].1);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), total);
}

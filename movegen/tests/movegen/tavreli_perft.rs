//! Tavreli perft against `data/perft/tavreli.epd`, whose numbers come from
//! the independent Python generator (`tools/tavreli/tavreli_ref.py`, see the
//! file's comments). Counts up to `VSADNIK_PERFT_LIMIT` leaves per position
//! (default 5 million) are checked, each both with the bulk-counting perft
//! and, for the smaller ones, with make/unmake through `Position`.

use movegen::tavreli::TavreliPosition;
use movegen::Position;

use crate::perft_suite::{limit, load, path, slow_perft, Fixture};

#[test]
fn tavreli_perft_suite_matches_the_reference() {
    let suite = load(&path("tavreli"));
    assert!(suite.len() >= 15, "{} positions", suite.len());
    let mut checked = 0;
    for Fixture { fen, counts } in &suite {
        let mut p = TavreliPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(&p.to_fen(), fen, "the suite's FENs are canonical");
        for &(depth, expected) in counts {
            if expected > limit(5_000_000) {
                continue;
            }
            assert_eq!(p.perft(depth), expected, "{fen} depth {depth}");
            if expected < 200_000 {
                assert_eq!(
                    slow_perft(&mut p, depth),
                    expected,
                    "{fen} depth {depth} (slow)"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 45, "only {checked} counts checked");
}

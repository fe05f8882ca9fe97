//! Random drop-chess games: the incremental key equals the key from scratch,
//! and the FEN round-trips, in all three drop variants.

use movegen::drops::{
    BughousePosition, CrazyhousePosition, DropPosition, DropRules, SwedishPosition,
};
use movegen::Position;

use crate::perft_suite::slow_perft;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn check<R: DropRules>(start: &str) {
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = 0;
    for _ in 0..150 {
        let mut p = DropPosition::<R>::from_fen(start).unwrap();
        for _ in 0..150 {
            let s = p.current();
            assert_eq!(s.hash(), s.compute_hash(), "{}", p.to_fen());
            let fen = p.to_fen();
            let back = DropPosition::<R>::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back.to_fen(), fen);
            assert_eq!(back.hash(), p.hash(), "{fen}");
            positions += 1;
            let mut list = <DropPosition<R> as Position>::MoveList::default();
            p.generate_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let m = list[rng.gen_range(0..list.len())];
            p.make_move(m);
        }
    }
    assert!(positions > 5_000);
}

const FULL_RESERVES: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1";

#[test]
fn crazyhouse_keys_and_fens() {
    check::<movegen::drops::Crazyhouse>(FULL_RESERVES);
    let _ = CrazyhousePosition::startpos();
}

#[test]
fn bughouse_keys_and_fens() {
    check::<movegen::drops::Bughouse>(FULL_RESERVES);
    let _ = BughousePosition::startpos();
}

#[test]
fn swedish_keys_and_fens() {
    check::<movegen::drops::Swedish>(FULL_RESERVES);
    let _ = SwedishPosition::startpos();
}

#[test]
fn bulk_perft_equals_make_unmake_perft() {
    for fen in [
        FULL_RESERVES,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 4 5",
        "R5k1/5ppp/8/8/8/8/8/4K3[nb] b - - 0 1",
    ] {
        let mut c = CrazyhousePosition::from_fen(fen).unwrap();
        assert_eq!(
            c.perft(3),
            slow_perft(&mut c.clone(), 3),
            "crazyhouse {fen}"
        );
        let mut s = SwedishPosition::from_fen(fen).unwrap();
        assert_eq!(s.perft(3), slow_perft(&mut s.clone(), 3), "swedish {fen}");
        let mut b = BughousePosition::from_fen(fen).unwrap();
        assert_eq!(b.perft(3), slow_perft(&mut b.clone(), 3), "bughouse {fen}");
    }
}

//! Copy-make against make/unmake for tavreli: both must agree, and the
//! ignored test measures them (`cargo test --release -p movegen --test
//! tavreli_perf -- --ignored --nocapture`; numbers in docs/tavreli.md).

use movegen::tavreli::generate::{count_moves, has_legal_ep, legal_moves, perft};
use movegen::tavreli::{TavreliBoard, TavreliPosition};
use movegen::Position;
use std::time::Instant;

fn board(fen: &str) -> TavreliBoard {
    *TavreliPosition::from_fen(fen).unwrap().board()
}

fn perft_make_unmake(b: &mut TavreliBoard, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { count_moves(b) };
    }
    let mut n = 0;
    for m in legal_moves(b) {
        let u = b.make_undoable(m, has_legal_ep);
        n += perft_make_unmake(b, depth - 1);
        b.unmake(m, &u);
    }
    n
}

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/3(pRN)P3/8/8/4K3 b - e3 0 1",
    "1n2k3/P1(Rp)3P1/8/8/8/8/p1(rP)3p1/1N2K3 w - - 0 1",
];

#[test]
fn make_unmake_restores_every_position() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for fen in POSITIONS {
        let mut b = board(fen);
        for _ in 0..300 {
            let list = legal_moves(&b);
            if list.is_empty() {
                break;
            }
            let before = movegen::tavreli::fen::to_fen(&b);
            for &m in list.iter() {
                let u = b.make_undoable(m, has_legal_ep);
                let mut c = TavreliPosition::from_board(board(&before));
                c.make_move(m);
                assert_eq!(
                    movegen::tavreli::fen::to_fen(&b),
                    c.to_fen(),
                    "{before} {m}"
                );
                b.unmake(m, &u);
                b.check_consistency().unwrap();
                assert_eq!(movegen::tavreli::fen::to_fen(&b), before, "{m}");
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = list[(x % list.len() as u64) as usize];
            b.make_undoable(m, has_legal_ep);
        }
    }
    for fen in POSITIONS {
        let mut b = board(fen);
        assert_eq!(perft_make_unmake(&mut b, 3), perft(&board(fen), 3), "{fen}");
    }
}

#[test]
#[ignore]
fn measure_copy_make_vs_make_unmake() {
    for (fen, depth) in [(POSITIONS[0], 5), (POSITIONS[1], 4), (POSITIONS[3], 5)] {
        let b = board(fen);
        let t = Instant::now();
        let n1 = perft(&b, depth);
        let copy = t.elapsed().as_secs_f64();
        let mut c = b;
        let t = Instant::now();
        let n2 = perft_make_unmake(&mut c, depth);
        let undo = t.elapsed().as_secs_f64();
        assert_eq!(n1, n2);
        println!(
            "{fen} depth {depth}: {n1} leaves; copy-make {:.3} s ({:.1} M/s), make/unmake {:.3} s ({:.1} M/s)",
            copy,
            n1 as f64 / copy / 1e6,
            undo,
            n2 as f64 / undo / 1e6
        );
    }
    println!("board size {} bytes", std::mem::size_of::<TavreliBoard>());
}

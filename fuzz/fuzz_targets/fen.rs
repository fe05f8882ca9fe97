//! FEN of every variant: whatever parses must write itself back, keep its
//! legal moves through the round trip, count perft 1 and 2, and come back to
//! the same position after moves are made and unmade. Any panic is a crash.
//!
//! Input: the first byte picks the variant (an index into
//! `movegen::VariantId::ALL`), then the FEN text up to a NUL byte; the bytes after
//! the NUL pick the moves played (the first moves of the list when none).

#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::variant::{dispatch, Position, VariantVisitor};
use movegen::VariantId;

/// Plies played from the parsed position.
const MAX_PLIES: usize = 6;

fuzz_target!(|data: &[u8]| {
    let Some((&v, rest)) = data.split_first() else {
        return;
    };
    let (fen, picks) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let fen = String::from_utf8_lossy(fen);
    let id = VariantId::ALL[v as usize % VariantId::ALL.len()];
    dispatch(id, Check { fen: &fen, picks });
});

struct Check<'a> {
    fen: &'a str,
    picks: &'a [u8],
}

impl VariantVisitor for Check<'_> {
    type Output = ();

    fn visit<P: Position>(self) {
        let Ok(mut pos) = P::from_fen(self.fen) else {
            return;
        };
        let start = round_trip(&pos);
        let start_hash = pos.hash();
        let mut line = Vec::new();
        for ply in 0..MAX_PLIES {
            let moves = legal(&pos);
            examine(&mut pos, &moves);
            if moves.is_empty() {
                break;
            }
            let pick = match self.picks.get(ply) {
                Some(&b) => b as usize,
                None if self.picks.is_empty() => 0,
                None => break,
            };
            let m = moves[pick % moves.len()];
            pos.make_move(m);
            line.push(m);
            round_trip(&pos);
        }
        for _ in &line {
            pos.unmake_move();
        }
        assert_eq!(pos.to_fen(), start, "unmake of {line:?}");
        assert_eq!(pos.hash(), start_hash, "hash after unmake of {line:?}");
    }
}

/// The legal moves of `pos`.
fn legal<P: Position>(pos: &P) -> Vec<P::Move> {
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    list.to_vec()
}

/// Writes `pos` as FEN, which must parse to a position that writes the same
/// FEN, has the same key and the same legal moves. Returns the FEN.
fn round_trip<P: Position>(pos: &P) -> String {
    let fen = pos.to_fen();
    let again = P::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN '{fen}' refused: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN round trip");
    assert_eq!(
        again.hash(),
        pos.hash(),
        "key after the round trip of '{fen}'"
    );
    let (mut a, mut b) = (names(&legal(pos)), names(&legal(&again)));
    a.sort();
    b.sort();
    assert_eq!(a, b, "legal moves after the round trip of '{fen}'");
    fen
}

fn names<M: ToString>(moves: &[M]) -> Vec<String> {
    moves.iter().map(M::to_string).collect()
}

/// The queries every position must answer: perft 1 and 2, status, check,
/// and both notations of the first few moves read back to the same move.
fn examine<P: Position>(pos: &mut P, moves: &[P::Move]) {
    let fen = pos.to_fen();
    assert_eq!(pos.perft(1), moves.len() as u64, "perft 1 of '{fen}'");
    pos.perft(2);
    assert_eq!(pos.to_fen(), fen, "perft 2 left '{fen}' changed");
    let _ = pos.status();
    let _ = pos.in_check();
    let _ = pos.side_to_move();
    for &m in moves.iter().take(8) {
        let text = m.to_string();
        assert_eq!(pos.parse_move(&text), Ok(m), "'{text}' in '{fen}'");
        let record = pos.move_to_record(m);
        assert_eq!(
            pos.parse_record_move(&record),
            Ok(m),
            "record '{record}' in '{fen}'"
        );
    }
}

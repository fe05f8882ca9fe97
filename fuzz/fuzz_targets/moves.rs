//! Move text of every variant: parsed with `parse_move` and
//! `parse_record_move`, the legal ones played. Any panic is a crash.
//!
//! Input: the first byte picks the variant (an index into
//! `movegen::VariantId::ALL`), the rest is text. When it has more than one line,
//! the first line is a FEN (the start position if it does not parse). The
//! words are moves, tried in coordinates then in record notation; a word
//! `#N` plays legal move N (modulo their number), to get deep into games.

#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::variant::{dispatch, Position, Status, VariantVisitor};
use movegen::VariantId;

/// Words read at most.
const MAX_WORDS: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Some((&v, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let id = VariantId::ALL[v as usize % VariantId::ALL.len()];
    dispatch(id, Play { text: &text });
});

struct Play<'a> {
    text: &'a str,
}

impl VariantVisitor for Play<'_> {
    type Output = ();

    fn visit<P: Position>(self) {
        let (fen, moves) = match self.text.split_once('\n') {
            Some((fen, moves)) => (P::from_fen(fen).ok(), moves),
            None => (None, self.text),
        };
        let mut pos = fen.unwrap_or_else(P::startpos);
        let start = pos.to_fen();
        let mut played = 0;
        for word in moves.split_whitespace().take(MAX_WORDS) {
            let mut list = P::MoveList::default();
            pos.generate_moves(&mut list);
            let m = match word.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
                Some(_) if list.is_empty() => continue,
                Some(n) => list[n % list.len()],
                None => match pos
                    .parse_move(word)
                    .or_else(|_| pos.parse_record_move(word))
                {
                    Ok(m) => m,
                    Err(e) => {
                        assert!(!e.is_empty(), "an empty error for '{word}'");
                        continue;
                    }
                },
            };
            assert!(list.contains(&m), "'{word}' parsed to the illegal {m}");
            assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
            let record = pos.move_to_record(m);
            assert_eq!(pos.parse_record_move(&record), Ok(m), "record '{record}'");
            pos.make_move(m);
            played += 1;
            if let Status::Over(outcome) = pos.status() {
                assert!(outcome.white + outcome.black <= 4, "{outcome:?}");
            }
            let _ = pos.in_check();
        }
        for _ in 0..played {
            pos.unmake_move();
        }
        assert_eq!(pos.to_fen(), start, "after every move was taken back");
    }
}

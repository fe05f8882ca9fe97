//! Move notation for the arbiter, generic over the variant: the record
//! notation written to the PGN (SAN where the rules library has it), and a
//! lenient reader for engine replies and opening files.
//!
//! Each variant's record notation comes from the rules library
//! (`Position::move_to_record`, SAN where the variant has one).

use super::options::Proto;
use movegen::variant::Position;

/// The move as the PGN records it: the variant's record notation.
pub fn record<P: Position>(pos: &P, m: P::Move) -> String {
    pos.move_to_record(m)
}

/// True when [`record`] writes SAN for this variant (XBoard `san=1`
/// engines are then sent SAN).
pub fn has_san<P: Position>() -> bool {
    P::HAS_SAN
}

/// Reads a move in coordinates (promotion letter in either case, trailing
/// `+#!?` ignored) or, where the variant has it, SAN or its record
/// notation (a trailing annotation `!?` ignored); checks it is legal.
pub fn parse_lenient<P: Position>(pos: &P, text: &str) -> Result<P::Move, String> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    if let Ok(m) = pos.parse_move(t) {
        return Ok(m);
    }
    let lower = t.to_ascii_lowercase();
    if lower != t && !t.contains('@') {
        if let Ok(m) = pos.parse_move(&lower) {
            return Ok(m);
        }
    }
    // A move's annotation (`Nf3?`, `e4(2)xb4!?`) is no part of its record.
    pos.parse_record_move(text.trim_end_matches(['!', '?']))
        .map_err(|_| format!("{text} is not a legal move here"))
}

/// Reads an engine's move as the arbiter accepts it: exact coordinates
/// from a UCI engine, [`parse_lenient`] from an XBoard engine (which may
/// send SAN); checks it is legal.
pub fn parse_engine_move<P: Position>(
    pos: &P,
    proto: Proto,
    text: &str,
) -> Result<P::Move, String> {
    match proto {
        Proto::Uci => pos.parse_move(text),
        Proto::Xboard => parse_lenient(pos, text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Chess;

    #[test]
    fn chess_san_and_lenient_reading() {
        let pos = Chess::startpos();
        let m = parse_lenient(&pos, "Nf3").unwrap();
        assert_eq!(m.to_string(), "g1f3");
        assert_eq!(record(&pos, m), "Nf3");
        assert!(parse_lenient(&pos, "e2e5").is_err());
        assert!(has_san::<Chess>());
        let pos: Chess =
            movegen::variant::setup_position(Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"), &[] as &[&str])
                .unwrap();
        assert_eq!(parse_lenient(&pos, "a7a8Q").unwrap().to_string(), "a7a8q");
    }
}

//! The parts of a FEN that every variant reads and writes alike: the field
//! count, the ranks of the placement, the side to move, the castling
//! letters, the en passant field and the move counters. Each variant's FEN
//! module adds its own checks on top (which pieces a castling right needs,
//! which en passant squares are possible) with its own messages.

use crate::board::castle;
use crate::counter::{parse_counter, parse_fullmove, Counter};
use crate::fen::{err, FenError};
use crate::header::Header;
use crate::types::{Color, Square};

/// The fields of `fen`, refused unless there are `min` to `max` of them.
pub fn split_fields(fen: &str, min: usize, max: usize) -> Result<Vec<&str>, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < min || fields.len() > max {
        return err(format!("{} fields, expected {min} to {max}", fields.len()));
    }
    Ok(fields)
}

/// Reads the eight ranks of a placement field, top rank first:
/// `read_rank(rank, text)` (`rank` 0 = the first) reads one rank and returns
/// how many files it filled, which must be `files`.
pub fn parse_ranks(
    field: &str,
    files: u32,
    mut read_rank: impl FnMut(u8, &str) -> Result<u32, FenError>,
) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return err(format!(
            "the placement has {} ranks, expected 8",
            ranks.len()
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let filled = read_rank(rank, text)?;
        if filled != files {
            return err(format!(
                "rank {} has {filled} files, expected {files}",
                rank + 1
            ));
        }
    }
    Ok(())
}

/// The refusal of a rank (`rank` 0 = the first) written with more than
/// `files` files.
pub fn too_many_files(rank: u8, files: u32) -> FenError {
    FenError(format!("rank {} has more than {files} files", rank + 1))
}

/// Writes a placement field of `files` files and eight ranks, top rank
/// first: `square(file, rank, out)` appends the text of an occupied square
/// to `out` and returns true, or returns false for an empty square; a run of
/// empty squares is written as its count.
pub fn write_placement(files: u8, mut square: impl FnMut(u8, u8, &mut String) -> bool) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0u32;
        for file in 0..files {
            let start = s.len();
            if square(file, rank, &mut s) {
                if empty > 0 {
                    s.insert_str(start, &empty.to_string());
                    empty = 0;
                }
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Refuses a position unless each side has exactly one king: `kings(c)` is
/// how many `c` has; `place` ends the message (`""`, or where the king must
/// be).
pub fn one_king_each(kings: impl Fn(Color) -> u32, place: &str) -> Result<(), FenError> {
    for c in Color::ALL {
        let n = kings(c);
        if n != 1 {
            return err(format!(
                "{} has {n} kings, expected exactly 1{place}",
                c.name()
            ));
        }
    }
    Ok(())
}

/// Parses the side-to-move field.
pub fn parse_side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => err(format!("bad side to move '{field}', expected 'w' or 'b'")),
    }
}

/// The castling letters in FEN order and their rights.
const CASTLING_LETTERS: [(char, u8); 4] = [
    ('K', castle::WHITE_KING),
    ('Q', castle::WHITE_QUEEN),
    ('k', castle::BLACK_KING),
    ('q', castle::BLACK_QUEEN),
];

/// What one castling letter of a FEN claims: a king and a rook on their
/// squares of the standard set-up.
#[derive(Clone, Copy, Debug)]
pub struct CastlingClaim {
    /// The letter as written (`K Q k q`).
    pub letter: char,
    /// Whose right it is.
    pub color: Color,
    /// The king's square (e1 or e8).
    pub king: Square,
    /// The rook's corner.
    pub rook: Square,
}

/// Parses the castling field: `-`, or distinct letters of `KQkq` in any
/// order. `check` refuses a claim the placement does not back (each variant
/// words its own refusals). Returns the rights ([`castle`] bits).
pub fn parse_castling(
    field: &str,
    mut check: impl FnMut(&CastlingClaim) -> Result<(), FenError>,
) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let Some(&(_, bit)) = CASTLING_LETTERS.iter().find(|(l, _)| *l == c) else {
            return err(format!("bad castling letter '{c}'"));
        };
        if rights & bit != 0 {
            return err(format!("castling letter '{c}' repeated"));
        }
        let color = Color::of_letter(c);
        let rank = if color == Color::White { 0 } else { 7 };
        let rook_file = if c.eq_ignore_ascii_case(&'k') { 7 } else { 0 };
        check(&CastlingClaim {
            letter: c,
            color,
            king: Square::from_coords(4, rank),
            rook: Square::from_coords(rook_file, rank),
        })?;
        rights |= bit;
    }
    Ok(rights)
}

/// The castling field of `rights` ([`castle`] bits): `KQkq`, `-` for none.
pub fn castling_text(rights: u8) -> String {
    let s: String = CASTLING_LETTERS
        .iter()
        .filter(|(_, bit)| rights & bit != 0)
        .map(|&(c, _)| c)
        .collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

/// Reads an en passant field: `-` for none, else the square `parse` makes
/// of it; `bad` words the refusal when it makes none.
pub fn parse_ep_field<T>(
    field: &str,
    parse: impl FnOnce(&str) -> Option<T>,
    bad: impl FnOnce() -> String,
) -> Result<Option<T>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    parse(field).map(Some).ok_or_else(|| FenError(bad()))
}

/// The rank (0 = the first) of the en passant squares a side to move `side`
/// may capture on: the sixth rank from its side.
pub const fn ep_rank(side: Color) -> u8 {
    match side {
        Color::White => 5,
        Color::Black => 2,
    }
}

/// Reads the two counter fields (the fifth and sixth, both optional): the
/// clock named `clock` (0 when absent) and the full-move number.
pub fn parse_counters(fields: &[&str], clock: &str) -> Result<(Counter, Counter), FenError> {
    let halfmove = parse_counter(fields.get(4).copied(), 0, clock)?;
    let fullmove = parse_fullmove(fields.get(5).copied())?;
    Ok((halfmove, fullmove))
}

/// A board with a [`Header`] that [`read_header`] fills from a FEN: it
/// judges the castling and en passant fields against its placement, in its
/// own words.
pub(crate) trait HeaderBoard {
    /// The header and the Zobrist key its changes update.
    fn header_parts(&mut self) -> (&mut Header, &mut u64);

    /// Refuses a castling claim the placement does not back.
    fn check_castling(&self, claim: &CastlingClaim) -> Result<(), FenError>;

    /// Reads the en passant field (the side to move is set).
    fn parse_ep(&self, field: &str) -> Result<Option<Square>, FenError>;

    /// True when an en passant move onto the header's square is legal (the
    /// square is kept only then, as FIDE's repetition rule counts it).
    fn ep_usable(&self) -> bool;

    /// True when the side not to move stands in check.
    fn side_not_to_move_in_check(&self) -> bool;
}

/// Reads the header fields of `fields` (side, castling, en passant, the
/// half-move clock and the full-move number) onto `b`, whose placement is
/// set, and refuses a position whose side not to move is in check.
pub(crate) fn read_header<B: HeaderBoard>(b: &mut B, fields: &[&str]) -> Result<(), FenError> {
    let side = parse_side(fields[1])?;
    let (header, hash) = b.header_parts();
    header.set_side(side, hash);
    let rights = parse_castling(fields[2], |claim| b.check_castling(claim))?;
    let (header, hash) = b.header_parts();
    header.set_castling(rights, hash);
    if let Some(sq) = b.parse_ep(fields[3])? {
        let (header, hash) = b.header_parts();
        header.clear_ep(hash);
        header.place_ep(sq, hash);
        if !b.ep_usable() {
            let (header, hash) = b.header_parts();
            header.clear_ep(hash);
        }
    }
    let (halfmove, fullmove) = parse_counters(fields, "half-move clock")?;
    b.header_parts().0.set_counters(halfmove, fullmove);
    if b.side_not_to_move_in_check() {
        return err("the side not to move is in check");
    }
    Ok(())
}

/// The five fields after the placement: `w KQkq e3 0 1`.
pub fn header_text(h: &Header) -> String {
    format!(
        "{} {} {} {} {}",
        h.side_to_move().fen_char(),
        castling_text(h.castling()),
        h.ep_square().map_or("-".to_string(), |s| s.to_string()),
        h.halfmove_clock(),
        h.fullmove_number()
    )
}

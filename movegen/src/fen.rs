//! FEN in and out for the 8x8 board, with strict validation: every refusal
//! says what is wrong.

use crate::bitboard::{RANK_1, RANK_8};
use crate::board::{castle, Board};
use crate::counter::{parse_counter, parse_fullmove};
use crate::types::{Color, Piece, PieceKind, Square};
use std::fmt;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN (or another position description) was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// The empty-square count `c` stands for on an 8-file rank (`rank` 0 = the
/// first), or None when `c` is not a digit. A count is one digit from 1 to
/// 8 and never follows another count (`after_digit`): `44` is refused, as
/// FIDE's FEN writes `8`.
pub fn empty_count(c: char, after_digit: bool, rank: u8) -> Result<Option<u8>, FenError> {
    let Some(d) = c.to_digit(10) else {
        return Ok(None);
    };
    if after_digit {
        return err(format!(
            "two empty-square counts in a row on rank {} (write their sum as one digit)",
            rank + 1
        ));
    }
    if d == 0 || d > 8 {
        return err(format!("bad empty-square count '{c}' on rank {}", rank + 1));
    }
    Ok(Some(d as u8))
}

/// Parses the piece placement field onto an empty board (shared by variants
/// whose boards are 8x8).
pub fn parse_placement(field: &str, board: &mut Board) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return err(format!(
            "the placement has {} ranks, expected 8",
            ranks.len()
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u8 = 0;
        let mut after_digit = false;
        for c in rank_text.chars() {
            let count = empty_count(c, after_digit, rank)?;
            after_digit = count.is_some();
            if let Some(n) = count {
                file += n;
            } else if let Some(p) = Piece::from_fen_char(c) {
                if file >= 8 {
                    return err(format!("rank {} has more than 8 files", rank + 1));
                }
                board.put_piece(Square::from_coords(file, rank), p);
                file += 1;
            } else {
                return err(format!("bad piece letter '{c}' on rank {}", rank + 1));
            }
            if file > 8 {
                return err(format!("rank {} has more than 8 files", rank + 1));
            }
        }
        if file != 8 {
            return err(format!("rank {} has {file} files, expected 8", rank + 1));
        }
    }
    Ok(())
}

/// Checks kings and pawns: exactly one king per side, no pawn on the first or
/// last rank.
pub fn validate_kings_and_pawns(board: &Board) -> Result<(), FenError> {
    for c in Color::ALL {
        let n = board.pieces(c, PieceKind::King).count_ones();
        if n != 1 {
            let name = if c == Color::White { "White" } else { "Black" };
            return err(format!("{name} has {n} kings, expected exactly 1"));
        }
    }
    if board.kind_bb(PieceKind::Pawn) & (RANK_1 | RANK_8) != 0 {
        return err("a pawn stands on the first or last rank");
    }
    Ok(())
}

/// Parses the castling field and checks that every right has its king and
/// rook on their squares.
pub fn parse_castling(field: &str, board: &Board) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let (bit, color, rook_file) = match c {
            'K' => (castle::WHITE_KING, Color::White, 7),
            'Q' => (castle::WHITE_QUEEN, Color::White, 0),
            'k' => (castle::BLACK_KING, Color::Black, 7),
            'q' => (castle::BLACK_QUEEN, Color::Black, 0),
            _ => return err(format!("bad castling letter '{c}'")),
        };
        if rights & bit != 0 {
            return err(format!("castling letter '{c}' repeated"));
        }
        let rank = if color == Color::White { 0 } else { 7 };
        let king = Square::from_coords(4, rank);
        let rook = Square::from_coords(rook_file, rank);
        if board.piece_at(king) != Some(Piece::new(color, PieceKind::King)) {
            return err(format!("castling right '{c}' without the king on {king}"));
        }
        if board.piece_at(rook) != Some(Piece::new(color, PieceKind::Rook)) {
            return err(format!("castling right '{c}' without the rook on {rook}"));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// Parses the en passant field for a board whose side to move is set: the
/// square must be on the right rank, empty, with the double-stepped pawn in
/// front of it and its start square empty.
pub fn parse_ep(field: &str, board: &Board) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq =
        Square::parse(field).ok_or_else(|| FenError(format!("bad en passant square '{field}'")))?;
    let us = board.side_to_move();
    let them = us.flip();
    let (rank, up): (u8, i8) = match us {
        Color::White => (5, 8),
        Color::Black => (2, -8),
    };
    if sq.rank() != rank {
        return err(format!(
            "impossible en passant square {sq}: with {} to move it must be on rank {}",
            if us == Color::White { "White" } else { "Black" },
            rank + 1
        ));
    }
    let pawn = sq.offset(-up);
    let start = sq.offset(up);
    if board.piece_at(pawn) != Some(Piece::new(them, PieceKind::Pawn)) {
        return err(format!(
            "impossible en passant square {sq}: no pawn on {pawn}"
        ));
    }
    if board.piece_at(sq).is_some() || board.piece_at(start).is_some() {
        return err(format!(
            "impossible en passant square {sq}: {sq} and {start} must be empty"
        ));
    }
    Ok(Some(sq))
}

/// Parses the side-to-move field.
pub fn parse_side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => err(format!("bad side to move '{field}', expected 'w' or 'b'")),
    }
}

/// The castling field of a FEN for the rights `rights` (`KQkq` order,
/// `-` for none).
pub fn castling_field(rights: u8) -> String {
    let s: String = [
        (castle::WHITE_KING, 'K'),
        (castle::WHITE_QUEEN, 'Q'),
        (castle::BLACK_KING, 'k'),
        (castle::BLACK_QUEEN, 'q'),
    ]
    .into_iter()
    .filter(|(bit, _)| rights & bit != 0)
    .map(|(_, c)| c)
    .collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

impl Board {
    /// Parses and validates a FEN (the two move counters may be omitted).
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return err(format!("{} fields, expected 4 to 6", fields.len()));
        }
        let mut b = Board::empty();
        parse_placement(fields[0], &mut b)?;
        validate_kings_and_pawns(&b)?;
        b.set_side_to_move(parse_side(fields[1])?);
        let rights = parse_castling(fields[2], &b)?;
        b.set_castling(rights);
        let ep = parse_ep(fields[3], &b)?;
        b.set_ep_square(ep);
        let halfmove = parse_counter(fields.get(4).copied(), 0, "half-move clock")?;
        let fullmove = parse_fullmove(fields.get(5).copied())?;
        b.set_counters(halfmove, fullmove);
        let them = b.side_to_move().flip();
        if b.is_attacked(b.king_square(them), b.side_to_move(), b.occupied()) {
            return err("the side not to move is in check");
        }
        Ok(b)
    }

    /// The placement field of the FEN.
    pub fn placement_fen(&self) -> String {
        self.placement_fen_marked(|_| false)
    }

    /// The placement field with `~` after the pieces on squares `marked`
    /// selects (promoted pieces in drop chess).
    pub fn placement_fen_marked(&self, marked: impl Fn(Square) -> bool) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.fen_char());
                        if marked(Square::from_coords(file, rank)) {
                            s.push('~');
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The castling field of the FEN.
    pub fn castling_fen(&self) -> String {
        castling_field(self.castling())
    }

    /// The FEN of this board; the en passant square is written only when an
    /// en passant capture is legal.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.placement_fen(),
            self.side_to_move().fen_char(),
            self.castling_fen(),
            self.ep_square().map_or("-".to_string(), |s| s.to_string()),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

//! FEN in and out for the 8x8 board, with strict validation: every refusal
//! says what is wrong.

use crate::bitboard::{RANK_1, RANK_8};
use crate::board::{castle, Board};
use crate::fen_fields::{
    castling_text, ep_rank, header_text, one_king_each, parse_ep_field, parse_ranks, read_header,
    split_fields, too_many_files, write_placement, CastlingClaim, HeaderBoard,
};
use crate::header::Header;
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

/// A refusal with the message `msg`.
pub(crate) fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
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
    parse_ranks(field, 8, |rank, text| {
        let mut file: u8 = 0;
        let mut after_digit = false;
        for c in text.chars() {
            let count = empty_count(c, after_digit, rank)?;
            after_digit = count.is_some();
            if let Some(n) = count {
                file += n;
            } else if let Some(p) = Piece::from_fen_char(c) {
                if file >= 8 {
                    return Err(too_many_files(rank, 8));
                }
                board.put_piece(Square::from_coords(file, rank), p);
                file += 1;
            } else {
                return err(format!("bad piece letter '{c}' on rank {}", rank + 1));
            }
            if file > 8 {
                return Err(too_many_files(rank, 8));
            }
        }
        Ok(u32::from(file))
    })
}

/// Checks kings and pawns: exactly one king per side, no pawn on the first or
/// last rank.
pub fn validate_kings_and_pawns(board: &Board) -> Result<(), FenError> {
    one_king_each(|c| board.pieces(c, PieceKind::King).count_ones(), "")?;
    if board.kind_bb(PieceKind::Pawn) & (RANK_1 | RANK_8) != 0 {
        return err("a pawn stands on the first or last rank");
    }
    Ok(())
}

/// Parses the castling field and checks that every right has its king and
/// rook on their squares.
pub fn parse_castling(field: &str, board: &Board) -> Result<u8, FenError> {
    crate::fen_fields::parse_castling(field, |claim| board.check_castling(claim))
}

/// Parses the en passant field for a board whose side to move is set: the
/// square must be on the right rank, empty, with the double-stepped pawn in
/// front of it and its start square empty.
pub fn parse_ep(field: &str, board: &Board) -> Result<Option<Square>, FenError> {
    let Some(sq) = parse_ep_field(field, Square::parse, || {
        format!("bad en passant square '{field}'")
    })?
    else {
        return Ok(None);
    };
    let us = board.side_to_move();
    let up: i8 = if us == Color::White { 8 } else { -8 };
    let when = format!("with {} to move", us.name());
    let enemy_pawn = Piece::new(us.flip(), PieceKind::Pawn);
    check_ep_rank_and_pawn(board, sq, ep_rank(us), &when, sq.offset(-up), enemy_pawn)?;
    let start = sq.offset(up);
    if board.piece_at(sq).is_some() || board.piece_at(start).is_some() {
        return err(format!(
            "impossible en passant square {sq}: {sq} and {start} must be empty"
        ));
    }
    Ok(Some(sq))
}

/// Refuses an en passant square `sq` off `rank` (the refusal says `when`,
/// as in "with White to move"), or without `pawn` on `pawn_sq`.
pub(crate) fn check_ep_rank_and_pawn(
    board: &Board,
    sq: Square,
    rank: u8,
    when: &str,
    pawn_sq: Square,
    pawn: Piece,
) -> Result<(), FenError> {
    if sq.rank() != rank {
        return err(format!(
            "impossible en passant square {sq}: {when} it must be on rank {}",
            rank + 1
        ));
    }
    if board.piece_at(pawn_sq) != Some(pawn) {
        return err(format!(
            "impossible en passant square {sq}: no pawn on {pawn_sq}"
        ));
    }
    Ok(())
}

impl HeaderBoard for Board {
    fn header_parts(&mut self) -> (&mut Header, &mut u64) {
        self.header_and_key()
    }

    fn check_castling(&self, claim: &CastlingClaim) -> Result<(), FenError> {
        let (c, color) = (claim.letter, claim.color);
        let (king, rook) = (claim.king, claim.rook);
        if self.piece_at(king) != Some(Piece::new(color, PieceKind::King)) {
            return err(format!("castling right '{c}' without the king on {king}"));
        }
        if self.piece_at(rook) != Some(Piece::new(color, PieceKind::Rook)) {
            return err(format!("castling right '{c}' without the rook on {rook}"));
        }
        Ok(())
    }

    fn parse_ep(&self, field: &str) -> Result<Option<Square>, FenError> {
        parse_ep(field, self)
    }

    fn ep_usable(&self) -> bool {
        self.ep_square().is_some_and(|sq| self.ep_capturable(sq))
    }

    fn side_not_to_move_in_check(&self) -> bool {
        let us = self.side_to_move();
        self.is_attacked(self.king_square(us.flip()), us, self.occupied())
    }
}

/// Which castling letters a FEN reader takes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Castling {
    /// `KQkq` with the king on e1/e8 and the rooks in the corners; file
    /// letters (`HAha`, Shredder-FEN) make the board Chess960's.
    Standard,
    /// Chess960 (X-FEN): `K`/`Q` name the outermost rook on that side of
    /// the king, file letters name the rook's file; the board is
    /// Chess960's whatever the set-up.
    Chess960,
}

/// The Chess960 castling field `field` of `b`: the rights and each right's
/// rook (in the order of [`castle::EACH`]; the standard corners where a
/// right is absent).
fn parse_castling_960(field: &str, b: &Board) -> Result<(u8, [Square; 4]), FenError> {
    let mut rooks = crate::board::STANDARD_ROOKS.map(Square::new);
    if field == "-" {
        return Ok((0, rooks));
    }
    let mut rights = 0;
    for c in field.chars() {
        if !c.is_ascii_alphabetic() {
            return err(format!("bad castling letter '{c}'"));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = if color == Color::White { 0 } else { 7 };
        let king = b.king_square(color);
        if king.rank() != rank {
            return err(format!(
                "castling right '{c}' without the king on rank {}",
                rank + 1
            ));
        }
        let rook = Piece::new(color, PieceKind::Rook);
        let on_rank = |f: u8| b.piece_at(Square::from_coords(f, rank)) == Some(rook);
        let file = match c.to_ascii_lowercase() {
            'k' => (king.file() + 1..8).rev().find(|&f| on_rank(f)),
            'q' => (0..king.file()).find(|&f| on_rank(f)),
            l @ 'a'..='h' => Some(l as u8 - b'a').filter(|&f| on_rank(f) && f != king.file()),
            _ => return err(format!("bad castling letter '{c}'")),
        }
        .ok_or_else(|| {
            FenError(format!(
                "castling right '{c}' without its rook on rank {}",
                rank + 1
            ))
        })?;
        let king_side = file > king.file();
        let i = match (color, king_side) {
            (Color::White, true) => 0,
            (Color::White, false) => 1,
            (Color::Black, true) => 2,
            (Color::Black, false) => 3,
        };
        if rights & castle::EACH[i] != 0 {
            return err(format!("castling letter '{c}': two rights on one side"));
        }
        rights |= castle::EACH[i];
        rooks[i] = Square::from_coords(file, rank);
    }
    Ok((rights, rooks))
}

impl Board {
    /// Parses and validates a FEN (the two move counters may be omitted).
    /// File letters for castling (`HAha`, Shredder-FEN) make the board
    /// Chess960's ([`Board::is_chess960`]); `KQkq` is standard chess's.
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        Board::read_fen(fen, Castling::Standard)
    }

    /// Parses a FEN of Chess960 (X-FEN or Shredder-FEN castling, see
    /// [`Board::set_chess960`]): the board is Chess960's even when its
    /// set-up is the standard one.
    pub fn from_fen_960(fen: &str) -> Result<Board, FenError> {
        Board::read_fen(fen, Castling::Chess960)
    }

    fn read_fen(fen: &str, castling: Castling) -> Result<Board, FenError> {
        let fields = split_fields(fen, 4, 6)?;
        let mut b = Board::empty();
        parse_placement(fields[0], &mut b)?;
        validate_kings_and_pawns(&b)?;
        // Outside Chess960's form, only file letters make a board Chess960's:
        // `KQkq` keeps its standard meaning (and refusals).
        let only_kq = fields[2].chars().all(|c| "KQkq-".contains(c));
        let as_960 = match castling {
            Castling::Chess960 => true,
            Castling::Standard => !only_kq,
        };
        if !as_960 {
            read_header(&mut b, &fields)?;
            return Ok(b);
        }
        let (rights, rooks) = parse_castling_960(fields[2], &b)?;
        let mut plain = fields.clone();
        plain[2] = "-";
        read_header(&mut b, &plain)?;
        b.set_castling(rights);
        b.set_chess960(Some(rooks));
        Ok(b)
    }

    /// The placement field of the FEN.
    pub fn placement_fen(&self) -> String {
        self.placement_fen_marked(|_| false)
    }

    /// The placement field with `~` after the pieces on squares `marked`
    /// selects (promoted pieces in drop chess).
    pub fn placement_fen_marked(&self, marked: impl Fn(Square) -> bool) -> String {
        write_placement(8, |file, rank, out| {
            let sq = Square::from_coords(file, rank);
            let Some(p) = self.piece_at(sq) else {
                return false;
            };
            out.push(p.fen_char());
            if marked(sq) {
                out.push('~');
            }
            true
        })
    }

    /// The castling field of the FEN: in Chess960, each right's rook file
    /// (Shredder-FEN, `HAha`), which every reader takes as Chess960's
    /// whatever the set-up, so that the FEN reads back to this board.
    pub fn castling_fen(&self) -> String {
        if !self.is_chess960() {
            return castling_text(self.castling());
        }
        let mut out = String::new();
        for (i, &bit) in castle::EACH.iter().enumerate() {
            if self.castling() & bit != 0 {
                let file = (b'A' + self.castling_rook(i).file()) as char;
                out.push(if i < 2 {
                    file
                } else {
                    file.to_ascii_lowercase()
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The FEN of this board; the en passant square is written only when an
    /// en passant capture is legal.
    pub fn to_fen(&self) -> String {
        let header = header_text(self.header());
        if !self.is_chess960() {
            return format!("{} {header}", self.placement_fen());
        }
        let mut fields: Vec<String> = header.split(' ').map(str::to_string).collect();
        fields[1] = self.castling_fen();
        format!("{} {}", self.placement_fen(), fields.join(" "))
    }
}

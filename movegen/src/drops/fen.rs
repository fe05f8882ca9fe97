//! Drop-chess FEN: the placement may carry `~` after promoted pieces and the
//! reserve in brackets (`...RNBQKBNR[Qn] w ...`) or as a ninth rank
//! (`...RNBQKBNR/Qn w ...`).

use super::reserve::Reserve;
use super::state::DropBoard;
use crate::board::Board;
use crate::fen::{err, FenError};
use crate::types::{Color, PieceKind, Square};

/// Splits a placement field into the plain 8-rank placement, the promoted
/// squares and the reserve text.
fn split_placement(field: &str) -> Result<(String, u64, String), FenError> {
    let (board_part, reserve) = if let Some((board, rest)) = field.split_once('[') {
        let held = rest.strip_suffix(']').ok_or_else(|| {
            FenError("the reserve bracket is not closed at the end of the placement".into())
        })?;
        (board, held.to_string())
    } else if field.split('/').count() == 9 {
        let (board, held) = field.rsplit_once('/').expect("nine ranks have a slash");
        (board, held.to_string())
    } else {
        (field, String::new())
    };
    let mut plain = String::with_capacity(board_part.len());
    let mut promoted = 0u64;
    let (mut rank, mut file) = (7i32, 0i32);
    for c in board_part.chars() {
        match c {
            '/' => {
                rank -= 1;
                file = 0;
                plain.push(c);
            }
            '~' => {
                let prev = plain.chars().last();
                if !prev.is_some_and(|p| p.is_ascii_alphabetic())
                    || !(1..=8).contains(&file)
                    || !(0..8).contains(&rank)
                {
                    return err("'~' must follow a piece letter");
                }
                promoted |= 1u64 << (rank * 8 + file - 1);
            }
            _ => {
                file += c.to_digit(10).map_or(1, |d| d as i32);
                plain.push(c);
            }
        }
    }
    Ok((plain, promoted, reserve))
}

/// Parses a drop-chess FEN; `chess960`: its castling is Chess960's
/// ([`Board::from_fen_960`]).
pub fn parse_drop_fen(fen: &str, chess960: bool) -> Result<DropBoard, FenError> {
    let fen = fen.trim();
    let (placement, rest) = fen.split_once(char::is_whitespace).unwrap_or((fen, ""));
    let (plain, promoted, reserve_text) = split_placement(placement)?;
    let board_fen = format!("{plain} {rest}");
    let board = if chess960 {
        Board::from_fen_960(&board_fen)?
    } else {
        Board::from_fen(&board_fen)?
    };
    let reserve = Reserve::from_fen(&reserve_text).map_err(FenError)?;
    for sq in crate::bitboard::Squares(promoted) {
        match board.kind_at(sq) {
            Some(PieceKind::Pawn | PieceKind::King) | None => {
                return err(format!("'~' on {sq}: only promoted pieces can be marked"));
            }
            _ => {}
        }
    }
    let castling = rest.split_whitespace().nth(1).unwrap_or("-");
    let unmoved = |c: Color, home: &str, letters: &str| {
        board.king_square(c) == Square::parse(home).expect("a square")
            && castling.chars().any(|l| letters.contains(l))
    };
    let king_unmoved = [
        unmoved(Color::White, "e1", "KQ"),
        unmoved(Color::Black, "e8", "kq"),
    ];
    Ok(DropBoard::new(board, reserve, promoted, king_unmoved))
}

/// Writes a drop-chess FEN with `~` marks and the reserve in brackets.
pub fn drop_fen(b: &DropBoard) -> String {
    let placement = b.board.placement_fen_marked(|sq| b.promoted & sq.bb() != 0);
    let full = b.board.to_fen();
    let rest = full.split_once(' ').map_or("", |(_, r)| r);
    format!("{placement}[{}] {rest}", b.reserve.to_fen())
}

//! Standard algebraic notation (SAN) for the 8x8 board, both directions, with
//! check and mate marks and minimal disambiguation.

use crate::board::Board;
use crate::chess_move::Move;
use crate::movegen::{count_legal_moves, legal_moves};
use crate::types::{PieceKind, Square};

/// The SAN of a legal move, with `+` or `#`.
pub fn to_san(board: &Board, m: Move) -> String {
    let mut s = san_without_suffix(board, m);
    let mut after = *board;
    after.make_move(m);
    if after.in_check() {
        s.push(if count_legal_moves(&after) == 0 {
            '#'
        } else {
            '+'
        });
    }
    s
}

/// The SAN of a legal move without the check or mate mark.
pub fn san_without_suffix(board: &Board, m: Move) -> String {
    let (from, to) = (m.from(), m.to());
    let kind = board.kind_at(from).expect("a legal move starts on a piece");
    if board.is_castling(m) {
        return if board.castles_king_side(m) {
            "O-O"
        } else {
            "O-O-O"
        }
        .to_string();
    }
    let capture =
        board.piece_at(to).is_some() || (kind == PieceKind::Pawn && from.file() != to.file());
    let mut s = String::new();
    if kind == PieceKind::Pawn {
        if capture {
            s.push((b'a' + from.file()) as char);
        }
    } else {
        s.push(kind.upper_char());
        let rivals: Vec<Square> = legal_moves(board)
            .iter()
            .filter(|o| o.to() == to && o.from() != from && board.kind_at(o.from()) == Some(kind))
            .map(|o| o.from())
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != from.file()) {
                s.push((b'a' + from.file()) as char);
            } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                s.push((b'1' + from.rank()) as char);
            } else {
                s.push_str(&from.to_string());
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&to.to_string());
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}

/// Parses SAN (also accepting `0-0`, a missing `x` or `=`, and trailing
/// `+ # ! ?` marks) into the one legal move it names.
pub fn parse_san(board: &Board, text: &str) -> Result<Move, String> {
    parse_san_among(board, legal_moves(board).as_slice(), text)
}

/// [`parse_san`] choosing among the moves `legal` (a variant's legal moves on
/// this board, which may differ from chess's). Also reads long algebraic
/// notation (`Ng1f3`, `e2e4`, `Bc4xf7`), as a fully disambiguated SAN.
pub fn parse_san_among(board: &Board, legal: &[Move], text: &str) -> Result<Move, String> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let king_side = match t {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if let Some(side) = king_side {
        return legal
            .iter()
            .copied()
            .find(|&m| board.is_castling(m) && board.castles_king_side(m) == side)
            .ok_or_else(|| format!("{text}: castling is not legal here"));
    }
    let bad = || format!("{text}: not a SAN move");
    let mut chars: Vec<char> = t
        .chars()
        .filter(|&c| c != 'x' && c != '=' && c != ':')
        .collect();
    let kind = match chars.first() {
        Some(&c) if "NBRQK".contains(c) => {
            chars.remove(0);
            PieceKind::from_char(c).ok_or_else(bad)?
        }
        _ => PieceKind::Pawn,
    };
    let promo = match chars.last() {
        Some(&c) if "NBRQnbrq".contains(c) && kind == PieceKind::Pawn => {
            chars.pop();
            PieceKind::from_char(c)
        }
        _ => None,
    };
    if chars.len() < 2 {
        return Err(bad());
    }
    let dest: String = chars[chars.len() - 2..].iter().collect();
    let to = Square::parse(&dest).ok_or_else(bad)?;
    let mut from_file = None;
    let mut from_rank = None;
    for &c in &chars[..chars.len() - 2] {
        match c {
            'a'..='h' => from_file = Some(c as u8 - b'a'),
            '1'..='8' => from_rank = Some(c as u8 - b'1'),
            _ => return Err(bad()),
        }
    }
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.to() == to
                && board.kind_at(m.from()) == Some(kind)
                && m.promotion() == promo
                && from_file.is_none_or(|f| m.from().file() == f)
                && from_rank.is_none_or(|r| m.from().rank() == r)
        })
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(format!("{text}: no such legal move")),
        _ => Err(format!("{text}: ambiguous move")),
    }
}

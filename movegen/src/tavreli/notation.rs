//! Move text: the protocol's coordinates (`c8g4`, `f3(2)f6`) and the
//! source's game-record notation, full coordinates without piece letters:
//! `c8 — g4` to an empty square, `b2 x d4` onto a piece or tower (en passant
//! too: it forms a tower), `f3(2) x f6` a split of the top 2 pieces.
//!
//! Reading the record form accepts `—`, `–` or `-` for the dash and `x`,
//! `X` or `:` for forming a tower (the mark must match the destination),
//! spaces optional, and castling also as `O-O`/`0-0`, `O-O-O`/`0-0-0`.
//! A written count equal to the height means the whole tower.

use super::generate::legal_moves;
use super::state::TavreliBoard;
use super::tmove::{parse_coordinates, split_count, MoveText, TavreliMove};
use crate::types::Square;

/// The legal move `text` describes (its count, or the whole tower).
pub fn resolve(b: &TavreliBoard, text: MoveText) -> Option<TavreliMove> {
    let h = b.height(text.from) as u32;
    let k = text.count.unwrap_or(h);
    legal_moves(b)
        .iter()
        .copied()
        .find(|m| m.from() == text.from && m.to() == text.to && m.count() == k)
}

/// Parses a protocol move (`e2e4`, `f3(2)f6`) and checks it is legal.
pub fn parse_move(b: &TavreliBoard, text: &str) -> Result<TavreliMove, String> {
    let mt = parse_coordinates(text).ok_or_else(|| format!("'{text}' is not a tavreli move"))?;
    resolve(b, mt).ok_or_else(|| format!("{text} is not a legal move here"))
}

/// True when `m` forms a tower: onto an occupied square, or en passant.
pub fn forms_tower(b: &TavreliBoard, m: TavreliMove) -> bool {
    b.height(m.to()) > 0
        || (b.ep_square() == Some(m.to()) && b.top(m.from()).is_some_and(|c| c.is_pawn()))
}

/// The record form of a legal move `m`: `c8 — g4`, `b2 x d4`, `f3(2) x f6`.
pub fn to_record(b: &TavreliBoard, m: TavreliMove) -> String {
    let mark = if forms_tower(b, m) { "x" } else { "—" };
    if m.is_whole() {
        format!("{} {mark} {}", m.from(), m.to())
    } else {
        format!("{}({}) {mark} {}", m.from(), m.count(), m.to())
    }
}

/// The record form as one ASCII token, for game files such as PGN:
/// `c8-g4`, `b2xd4`, `f3(2)xf6` (read back by [`parse_record`]).
pub fn to_record_compact(b: &TavreliBoard, m: TavreliMove) -> String {
    let mark = if forms_tower(b, m) { "x" } else { "-" };
    if m.is_whole() {
        format!("{}{mark}{}", m.from(), m.to())
    } else {
        format!("{}({}){mark}{}", m.from(), m.count(), m.to())
    }
}

/// One record move read from the front of `s` (spaces already removed):
/// the move text, whether it was marked as forming a tower (None for
/// castling), and the rest of the string.
fn split_record<'a>(s: &'a str, b: &TavreliBoard) -> Option<(MoveText, Option<bool>, &'a str)> {
    for (pat, long) in [
        ("O-O-O", true),
        ("0-0-0", true),
        ("O-O", false),
        ("0-0", false),
    ] {
        if let Some(rest) = s.strip_prefix(pat) {
            let king = b.king_square(b.side_to_move());
            let to = if long {
                king.index() as i8 - 2
            } else {
                king.index() as i8 + 2
            };
            if !(0..64).contains(&to) {
                return None;
            }
            let mt = MoveText {
                from: king,
                to: Square::new(to as u8),
                count: None,
            };
            return Some((mt, None, rest));
        }
    }
    let (from, rest) = s.split_at_checked(2)?;
    let from = Square::parse(from)?;
    let (count, rest) = split_count(rest)?;
    let mut chars = rest.chars();
    let tower = match chars.next()? {
        'x' | 'X' | ':' => true,
        '—' | '–' | '-' => false,
        _ => return None,
    };
    let (to, rest) = chars.as_str().split_at_checked(2)?;
    let to = Square::parse(to)?;
    Some((MoveText { from, to, count }, Some(tower), rest))
}

/// Parses one move in the record form and checks it is legal (and that its
/// mark, `x` or `—`, fits the destination).
pub fn parse_record(b: &TavreliBoard, text: &str) -> Result<TavreliMove, String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (mt, tower, rest) =
        split_record(&compact, b).ok_or_else(|| format!("'{text}' is not a record move"))?;
    if !rest.is_empty() {
        return Err(format!("'{text}' is not a record move"));
    }
    let m = resolve(b, mt).ok_or_else(|| format!("{text} is not a legal move here"))?;
    if tower.is_some_and(|t| t != forms_tower(b, m)) {
        return Err(format!(
            "{text}: 'x' is for a move onto a piece or tower, '—' for one to an empty square"
        ));
    }
    Ok(m)
}

/// A game in the record form: `1. e2 — e4 e7 — e5 2. g1 — f3 ...` (a game
/// starting with Black to move opens with `1... `).
pub fn game_record(start: &TavreliBoard, moves: &[TavreliMove]) -> String {
    let mut b = *start;
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let n = b.fullmove_number();
        match b.side_to_move() {
            crate::Color::White => out.push(format!("{n}.")),
            crate::Color::Black if i == 0 => out.push(format!("{n}...")),
            crate::Color::Black => {}
        }
        out.push(to_record(&b, m));
        super::generate::make(&mut b, m);
    }
    out.join(" ")
}

/// Reads a game in the record form from `start` (move numbers and a result
/// such as `1-0` are skipped), checking every move.
pub fn parse_game_record(start: &TavreliBoard, text: &str) -> Result<Vec<TavreliMove>, String> {
    let is_number = |w: &str| {
        let d = w.trim_end_matches('.');
        d.len() < w.len() && !d.is_empty() && d.chars().all(|c| c.is_ascii_digit())
    };
    let is_result = |w: &str| matches!(w, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*");
    let compact: String = text
        .split_whitespace()
        .filter(|w| !is_number(w) && !is_result(w))
        .collect();
    let mut b = *start;
    let mut moves = Vec::new();
    let mut rest = compact.as_str();
    while !rest.is_empty() {
        let (mt, tower, after) =
            split_record(rest, &b).ok_or_else(|| format!("cannot read a move at '{rest}'"))?;
        let read = rest.strip_suffix(after).unwrap_or(rest);
        let m = resolve(&b, mt).ok_or_else(|| format!("{read} is not a legal move here"))?;
        if tower.is_some_and(|t| t != forms_tower(&b, m)) {
            return Err(format!("{read}: wrong 'x'/'—' mark"));
        }
        moves.push(m);
        super::generate::make(&mut b, m);
        rest = after;
    }
    Ok(moves)
}

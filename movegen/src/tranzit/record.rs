//! The source's game record: each action prefixed with its board in Roman
//! numerals, SAN for moves, and a transfer written as the piece on its
//! destination square of the other board (`1. I f3 I e5 2. I g4 I Qh4#
//! 3. II Ke1 II Ke8`). On reading, a token that is both a legal move on
//! the named board and a transfer onto it is taken as the move, so such a
//! transfer is written with `@` before its square (`II P@b6`, `II N@f3`).

use super::action::Action;
use super::TranzitPosition;
use crate::san::{parse_san, to_san};
use crate::types::{PieceKind, Square};
use crate::variant::Position;

const ROMAN: [&str; 2] = ["I", "II"];

/// The record form of a legal action (board numeral, space, move).
pub fn action_text(pos: &TranzitPosition, a: Action) -> String {
    let s = pos.current();
    if let Some((b, m)) = a.as_board_move() {
        return format!("{} {}", ROMAN[b], to_san(&s.boards[b], m));
    }
    let (from, sq) = (a.from().board, a.from().square);
    let kind = s.boards[from].kind_at(sq).expect("a piece to transfer");
    let letter = if kind == PieceKind::Pawn {
        String::new()
    } else {
        kind.upper_char().to_string()
    };
    let mut after = pos.clone();
    after.make_move(a);
    let mark = if after.current().in_check() { "+" } else { "" };
    let roman = ROMAN[1 - from];
    let plain = format!("{letter}{sq}{mark}");
    if parse_action(pos, roman, &plain) == Ok(a) {
        format!("{roman} {plain}")
    } else {
        // The source's form reads as a move on that board.
        format!("{roman} {}@{sq}{mark}", kind.upper_char())
    }
}

/// Parses one action given its board numeral and move token.
pub fn parse_action(pos: &TranzitPosition, roman: &str, token: &str) -> Result<Action, String> {
    let board = ROMAN
        .iter()
        .position(|r| *r == roman)
        .ok_or_else(|| format!("'{roman}' is not a board (I or II)"))?;
    let s = pos.current();
    let mut legal = <TranzitPosition as Position>::MoveList::default();
    pos.generate_moves(&mut legal);
    if let Ok(m) = parse_san(&s.boards[board], token) {
        let a = Action::board_move(board, m);
        if legal.contains(&a) {
            return Ok(a);
        }
    }
    // A transfer onto `board`: optional piece letter, optional `@`, then
    // the square.
    let t = token.trim_end_matches(['+', '#', '!', '?']);
    let t = match t.split_once('@') {
        Some((letter, square)) if letter.chars().count() == 1 => format!("{letter}{square}"),
        Some(_) => return Err(format!("{roman} {token}: not a move")),
        None => t.to_string(),
    };
    let mut chars = t.chars();
    let (kind, square) = match (t.chars().count(), chars.next()) {
        (2, _) => (PieceKind::Pawn, t.as_str()),
        (3, Some(letter)) => (
            PieceKind::from_char(letter)
                .ok_or_else(|| format!("{roman} {token}: bad piece letter"))?,
            chars.as_str(),
        ),
        _ => return Err(format!("{roman} {token}: not a move")),
    };
    let sq = Square::parse(square).ok_or_else(|| format!("{roman} {token}: bad square"))?;
    let a = Action::transfer(1 - board, sq);
    if legal.contains(&a) && s.boards[1 - board].kind_at(sq) == Some(kind) {
        Ok(a)
    } else {
        Err(format!("{roman} {token}: no such legal move or transfer"))
    }
}

/// Writes a whole game from `start`.
pub fn write_record(start: &TranzitPosition, actions: &[Action]) -> String {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &a in actions {
        if pos.side_to_move() == crate::Color::White {
            out.push(format!("{}.", pos.current().fullmove));
        } else if out.is_empty() {
            out.push(format!("{}...", pos.current().fullmove));
        }
        out.push(action_text(&pos, a));
        pos.make_move(a);
    }
    out.join(" ")
}

/// Reads a game record from `start`.
pub fn read_record(start: &TranzitPosition, text: &str) -> Result<Vec<Action>, String> {
    let mut pos = start.clone();
    let mut actions = Vec::new();
    let mut tokens = text.split_whitespace().filter(|t| !t.ends_with('.'));
    while let Some(roman) = tokens.next() {
        let token = tokens
            .next()
            .ok_or_else(|| format!("'{roman}' without a move"))?;
        let a = parse_action(&pos, roman, token)?;
        pos.make_move(a);
        actions.push(a);
    }
    Ok(actions)
}

//! Progressive game records (`docs/match.md`, "Progressive chess in PGN").
//!
//! - The rules' series record: each series' number, then its moves in long
//!   algebraic notation, series separated by commas:
//!   `1 e2e4, 2 e7e5 f7f6, 3 Ng1h3 Bf1e2 Be2h5+` (a capture has `x`,
//!   castling is `O-O`, a promotion `e7e8Q`, `+` a check, `#` a mate). A game
//!   that starts in mid-series writes its first series `5... d2d4 e2e4`.
//! - The PGN: a `Rules` tag names the variant (python-chess refuses a game
//!   whose `Variant` it does not know), the game comment is the series record,
//!   and the movetext is the game as chess with passes: every move in SAN
//!   and a null move `--` for the side that does not move between two moves
//!   of a series, so that a chess reader replays every position with the
//!   right side to move. An en passant capture of a pawn that double-stepped
//!   before the last move of the previous series is not a chess move after
//!   the passes; a game with one has an empty movetext (the series record
//!   holds it all).

use super::fen;
use super::rules::SeriesRules;
use super::state::SeriesState;
use super::Progressive;
use crate::bitboard::lsb;
use crate::board::Board;
use crate::chess_move::Move;
use crate::fen::START_FEN;
use crate::movegen::{legal_moves, MoveList};
use crate::pgn::{PgnBody, NULL_MOVE};
use crate::san::{parse_san_among, to_san};
use crate::types::{Color, PieceKind};
use crate::variant::{Position, Status};

/// The record form of the legal move `m` in the state `s` (long algebraic
/// notation, with `+` for a check and `#` for a mate).
pub fn move_text<R: SeriesRules>(s: &SeriesState, m: Move) -> String {
    let b = &s.board;
    let (from, to) = (m.from(), m.to());
    let kind = b.kind_at(from).expect("a legal move starts on a piece");
    let mut out = String::new();
    if kind == PieceKind::King && from.file().abs_diff(to.file()) == 2 {
        out.push_str(if to.file() == 6 { "O-O" } else { "O-O-O" });
    } else {
        if kind != PieceKind::Pawn {
            out.push(kind.upper_char());
        }
        out.push_str(&from.to_string());
        let capture =
            b.piece_at(to).is_some() || (kind == PieceKind::Pawn && from.file() != to.file());
        if capture {
            out.push('x');
        }
        out.push_str(&to.to_string());
        if let Some(p) = m.promotion() {
            out.push(p.upper_char());
        }
    }
    let mut after = *s;
    after.make::<R>(m);
    if after.board.in_check() {
        out.push(if after.has_legal_move::<R>() {
            '+'
        } else {
            '#'
        });
    }
    out
}

/// Reads one move in coordinates, long algebraic notation or SAN; checks
/// that it is legal under the rules `R`.
pub fn parse_move_text<R: SeriesRules>(s: &SeriesState, text: &str) -> Result<Move, String> {
    let mut legal = MoveList::new();
    s.generate::<R>(&mut legal);
    if let Some(&m) = legal.iter().find(|m| m.to_string() == text) {
        return Ok(m);
    }
    parse_san_among(&s.board, legal.as_slice(), text)
}

/// The series record of the game played from `start` with `moves`.
pub fn write_series_record<R: SeriesRules>(start: &SeriesState, moves: &[Move]) -> String {
    let mut s = *start;
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if i == 0 || s.played == 0 {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&s.series.to_string());
            if s.played > 0 {
                out.push_str("...");
            }
        }
        out.push(' ');
        out.push_str(&move_text::<R>(&s, m));
        s.make::<R>(m);
    }
    out
}

/// Reads a series record from `start`: `None` when `text` does not start
/// with the start's series number (it is some other comment), else the
/// moves, or what is wrong (a series number out of turn, a series with too
/// many moves or cut short before the last, an illegal move, a move after
/// the end of the game).
pub fn read_series_record<R: SeriesRules>(
    start: &Progressive<R>,
    text: &str,
) -> Option<Result<Vec<Move>, String>> {
    let first = text.split_whitespace().next()?;
    let digits = first.strip_suffix("...").unwrap_or(first);
    if digits.parse::<u32>().ok()? != start.state().series {
        return None;
    }
    Some(read_series(start, text))
}

fn read_series<R: SeriesRules>(start: &Progressive<R>, text: &str) -> Result<Vec<Move>, String> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let groups: Vec<&str> = text.split(',').collect();
    for (gi, group) in groups.iter().enumerate() {
        let mut tokens = group.split_whitespace();
        let head = tokens.next().ok_or("an empty series in the record")?;
        let (digits, continued) = match head.strip_suffix("...") {
            Some(d) => (d, true),
            None => (head, false),
        };
        let n: u32 = digits
            .parse()
            .map_err(|_| format!("'{head}' is not a series number"))?;
        let s = *pos.state();
        if n != s.series {
            return Err(format!("series {n} where series {} is due", s.series));
        }
        if continued != (s.played > 0) {
            return Err(format!(
                "'{head}': 'N...' marks only a series begun before the start"
            ));
        }
        let mut count = 0;
        for tok in tokens {
            if pos.state().series != n {
                return Err(format!("series {n} is over before {tok}"));
            }
            if pos.status() != Status::Ongoing {
                return Err(format!("the game is over before {tok}"));
            }
            let m =
                parse_move_text::<R>(pos.state(), tok).map_err(|e| format!("series {n}: {e}"))?;
            pos.make_move(m);
            moves.push(m);
            count += 1;
        }
        if count == 0 {
            return Err(format!("series {n} has no moves"));
        }
        let ended = pos.state().series != n || pos.status() != Status::Ongoing;
        if gi + 1 < groups.len() && !ended {
            return Err(format!("series {n} is not complete"));
        }
    }
    Ok(moves)
}

/// The start as a chess FEN: placement, the mover, castling, the en passant
/// target when there is exactly one at a series start and a chess FEN can
/// hold it, the draw counter and the series number. Equal to the
/// progressive FEN at a series start with at most one target.
fn chess_fen<R: SeriesRules>(s: &SeriesState) -> String {
    let b = &s.board;
    let head = format!(
        "{} {} {}",
        b.placement_fen(),
        b.side_to_move().fen_char(),
        b.castling_fen()
    );
    let counters = format!("{} {}", s.draw_counter::<R>(), s.series);
    if s.played == 0 && s.ep.count_ones() == 1 {
        let with = format!("{head} {} {counters}", lsb(s.ep));
        if Board::from_fen(&with).is_ok() {
            return with;
        }
    }
    format!("{head} - {counters}")
}

/// The game as chess with passes, in SAN from the board of `chess_fen`, or
/// `None` when a move is not a chess move there.
fn chess_movetext<R: SeriesRules>(
    start: &SeriesState,
    board: Board,
    moves: &[Move],
) -> Option<Vec<String>> {
    let mut s = *start;
    let mut b = board;
    let mut out = Vec::with_capacity(moves.len() * 2);
    for &m in moves {
        if b.side_to_move() != s.mover() {
            out.push(NULL_MOVE.to_string());
            b.make_null_move();
        }
        if !legal_moves(&b).contains(&m) {
            return None;
        }
        out.push(to_san(&b, m));
        b.make_move(m);
        s.make::<R>(m);
    }
    Some(out)
}

/// The PGN of a progressive game (see the module documentation).
pub fn pgn_body<R: SeriesRules>(start: &Progressive<R>, moves: &[Move]) -> PgnBody {
    let s = start.state();
    let mut tags = vec![("Rules".to_string(), R::ID.name().to_string())];
    let own = fen::write::<R>(s);
    let chess = chess_fen::<R>(s);
    if own != START_FEN {
        tags.push(("FEN".to_string(), chess.clone()));
        tags.push(("SetUp".to_string(), "1".to_string()));
        if own != chess {
            tags.push(("VariantFEN".to_string(), own));
        }
    }
    let board = Board::from_fen(&chess).expect("a progressive position is a chess position");
    PgnBody {
        tags,
        comment: (!moves.is_empty()).then(|| write_series_record::<R>(s, moves)),
        moves: chess_movetext::<R>(s, board, moves).unwrap_or_default(),
        black_starts: s.mover() == Color::Black,
        first_move_number: s.series,
    }
}

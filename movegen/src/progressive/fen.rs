//! The progressive FEN (`docs/rules/progressive.md`, "Notation"):
//! FIDE's six fields, then up to two more.
//!
//! - field 4: `-` or en passant targets run together (`d6f6`);
//! - field 5: the counter of the draw rule in force (I3: series, E5: single moves);
//! - field 6: the series number n (odd: White's);
//! - field 7 (optional, default 0): moves already played in series n;
//! - field 8 (English only, optional, default `-`): the squares of the
//!   pieces that moved in the current round, comma-separated; a piece
//!   promoted in this series (immobile until it ends) carries a `~`.
//!
//! Written back with six fields at a series start, seven in mid-series
//! (eight for English).

use super::rules::SeriesRules;
use super::state::{up, SeriesState};
use crate::bitboard::{Bitboard, Squares, RANK_1, RANK_8};
use crate::board::Board;
use crate::counter::parse_counter;
use crate::fen::{
    check_ep_rank_and_pawn, err, parse_castling, parse_placement, validate_kings_and_pawns,
    FenError,
};
use crate::fen_fields::{ep_rank, parse_side, split_fields};
use crate::types::{Color, Piece, PieceKind, Square};

fn parse_targets(field: &str) -> Result<Bitboard, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let chars: Vec<char> = field.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return err(format!("bad en passant field '{field}'"));
    }
    let mut set = 0;
    for pair in chars.chunks(2) {
        let name: String = pair.iter().collect();
        let sq = Square::parse(&name)
            .ok_or_else(|| FenError(format!("bad en passant square '{name}'")))?;
        set |= sq.bb();
    }
    Ok(set)
}

/// Parses a progressive FEN for the rules `R`.
pub fn parse<R: SeriesRules>(fen: &str) -> Result<SeriesState, FenError> {
    let fields = split_fields(fen, 4, 8)?;
    let mut board = Board::empty();
    parse_placement(fields[0], &mut board)?;
    validate_kings_and_pawns(&board)?;
    let side = parse_side(fields[1])?;
    board.set_side_to_move(side);
    let rights = parse_castling(fields[2], &board)?;
    board.set_castling(rights);
    let targets = parse_targets(fields[3])?;
    let counter = parse_counter(fields.get(4).copied(), 0, "draw counter")?;
    let default_series = if side == Color::White { 1 } else { 2 };
    let series = parse_counter(fields.get(5).copied(), default_series, "series number")?;
    if series == 0 {
        return err("the series number must be at least 1");
    }
    let series_side = if series % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    if series_side != side {
        return err(format!(
            "series {series} is {}'s, but the side to move is {}",
            series_side.name(),
            side.name()
        ));
    }
    let played = parse_counter(fields.get(6).copied(), 0, "moves played in the series")?;
    if played >= series {
        return err(format!(
            "{played} moves played in series {series}, which has only {series}"
        ));
    }
    let them = side.flip();
    if board.is_attacked(board.king_square(them), side, board.occupied()) {
        return err("the side not to move is in check");
    }
    if played > 0 && board.in_check() {
        return err("the side to move is in check in mid-series");
    }
    if !R::DRAW_BY_SERIES {
        board.set_counters(counter, 1);
    }
    let mut s = SeriesState::new(board, series, played);
    if R::DRAW_BY_SERIES {
        s.counter = counter;
    }

    // En passant (English has none: E4; the field is read and dropped).
    if R::EN_PASSANT && targets != 0 {
        let mut keep = 0;
        for t in Squares(targets) {
            if played == 0 {
                // Targets the mover may take: on its sixth rank, the enemy
                // pawn in front, the passed square empty.
                let when = format!("with {} to move", side.name());
                let pawn = Piece::new(them, PieceKind::Pawn);
                check_ep_rank_and_pawn(&board, t, ep_rank(side), &when, t.offset(-up(side)), pawn)?;
                if board.piece_at(t).is_some() {
                    return err(format!("impossible en passant square {t}: it is occupied"));
                }
                if !s.ep_captures::<R>(t).is_empty() {
                    keep |= t.bb();
                }
            } else {
                // Targets the mover's double steps created in this series.
                let when = format!("in mid-series with {} to move", side.name());
                let pawn = Piece::new(side, PieceKind::Pawn);
                check_ep_rank_and_pawn(&board, t, ep_rank(them), &when, t.offset(up(side)), pawn)?;
                if crate::attacks::pawn_attacks(t, side) & board.pieces(them, PieceKind::Pawn) != 0
                {
                    keep |= t.bb();
                }
            }
        }
        s.set_ep(keep);
    }

    // Field 8: the English round set.
    if let Some(f8) = fields.get(7) {
        if !R::ROUNDS {
            if *f8 != "-" {
                return err("field 8 (the round set) is for English progressive chess only");
            }
        } else if *f8 != "-" {
            if played == 0 {
                return err("a round set at the start of a series (field 8 must be '-')");
            }
            let own = board.color_bb(side);
            for item in f8.split(',') {
                let (name, frozen) = match item.strip_suffix('~') {
                    Some(n) => (n, true),
                    None => (item, false),
                };
                let sq = Square::parse(name)
                    .ok_or_else(|| FenError(format!("bad round-set square '{item}'")))?;
                if own & sq.bb() == 0 {
                    return err(format!(
                        "round-set square {sq} holds no piece of the side to move"
                    ));
                }
                if frozen {
                    let last = if side == Color::White { RANK_8 } else { RANK_1 };
                    let kind = board.kind_at(sq);
                    if last & sq.bb() == 0 || matches!(kind, Some(PieceKind::King)) {
                        return err(format!(
                            "{sq}~: only a piece on the last rank can have been promoted"
                        ));
                    }
                    s.frozen |= sq.bb();
                }
                s.moved |= sq.bb();
            }
            s.normalise_round::<R>();
        }
    }
    Ok(s)
}

fn targets_text(set: Bitboard) -> String {
    if set == 0 {
        return "-".into();
    }
    Squares(set).map(|s| s.to_string()).collect()
}

/// Writes the progressive FEN of `s` under the rules `R`.
pub fn write<R: SeriesRules>(s: &SeriesState) -> String {
    let b = &s.board;
    let mut out = format!(
        "{} {} {} {} {} {}",
        b.placement_fen(),
        b.side_to_move().fen_char(),
        b.castling_fen(),
        targets_text(s.ep),
        s.draw_counter::<R>(),
        s.series
    );
    if s.played > 0 {
        out.push_str(&format!(" {}", s.played));
        if R::ROUNDS {
            if s.moved == 0 {
                out.push_str(" -");
            } else {
                let items: Vec<String> = Squares(s.moved)
                    .map(|sq| {
                        if s.frozen & sq.bb() != 0 {
                            format!("{sq}~")
                        } else {
                            sq.to_string()
                        }
                    })
                    .collect();
                out.push(' ');
                out.push_str(&items.join(","));
            }
        }
    }
    out
}

//! The 16-file FEN of Chess-tranzit (T2) and the engine's extension.
//!
//! `<placement 16x8> <side> <castling> <en passant> <quiet actions> <move>
//! [<results> [<transferred>]]`
//! - placement: eight ranks of sixteen files, files a–h board I, i–p board
//!   II; empty runs may be two-digit (`16`).
//! - castling: `KQkq` (board I only), en passant: a grid square (`e3`, `m6`).
//! - quiet actions: actions since the last capture, pawn move or transfer
//!   (T15); move: the full-move number.
//! - results (default `--`): board I then board II, each `-` (live), `w`
//!   (won by White), `b` (won by Black) or `d` (drawn).
//! - transferred (default `-`): `W`, `B` or `WB`: who has transferred from
//!   board I to board II (T14).

use super::action::GridSquare;
use super::state::{BoardResult, TranzitState};
use crate::board::Board;
use crate::fen::{err, parse_castling, FenError};
use crate::fen_fields::{
    one_king_each, parse_counters, parse_ep_field, parse_ranks, parse_side, split_fields,
    too_many_files, write_placement,
};
use crate::types::{Color, Piece, PieceKind, Square};

/// Files on a rank of the 16x8 grid.
const FILES: u32 = 16;

/// One empty-square count of a 16-file rank: a whole number (the maximal
/// run of digits, so `88` is eighty-eight, not 8 + 8) from 1 to 16 without
/// a leading zero, that fits on the rank after `file` filled files.
fn empty_run16(digits: &str, file: u32, rank: u8) -> Result<u32, FenError> {
    let n = match digits.parse::<u32>() {
        Ok(n) if (1..=FILES).contains(&n) && !digits.starts_with('0') => n,
        _ => {
            return err(format!(
                "bad empty-square count '{digits}' on rank {} (a number from 1 to 16)",
                rank + 1
            ))
        }
    };
    if file + n > FILES {
        return Err(too_many_files(rank, FILES));
    }
    Ok(n)
}

fn parse_placement16(field: &str, boards: &mut [Board; 2]) -> Result<(), FenError> {
    parse_ranks(field, FILES, |rank, text| {
        let mut file: u32 = 0;
        let mut chars = text.chars();
        loop {
            let rest = chars.as_str();
            let after_run = rest.trim_start_matches(|d: char| d.is_ascii_digit());
            if let Some(run) = rest.strip_suffix(after_run).filter(|r| !r.is_empty()) {
                file += empty_run16(run, file, rank)?;
                chars = after_run.chars();
                continue;
            }
            let Some(c) = chars.next() else {
                break;
            };
            let piece = Piece::from_fen_char(c)
                .ok_or_else(|| FenError(format!("bad piece letter '{c}' on rank {}", rank + 1)))?;
            if file >= FILES {
                return Err(too_many_files(rank, FILES));
            }
            let sq = Square::from_coords((file % 8) as u8, rank);
            boards[(file / 8) as usize].put_piece(sq, piece);
            file += 1;
        }
        Ok(file)
    })
}

fn result_char(r: BoardResult) -> char {
    match r {
        BoardResult::Live => '-',
        BoardResult::Won(Color::White) => 'w',
        BoardResult::Won(Color::Black) => 'b',
        BoardResult::Drawn => 'd',
    }
}

fn parse_results(field: &str) -> Result<[BoardResult; 2], FenError> {
    let mut out = [BoardResult::Live; 2];
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != 2 {
        return err(format!(
            "bad board results '{field}', expected two of - w b d"
        ));
    }
    for (i, c) in chars.iter().enumerate() {
        out[i] = match c {
            '-' => BoardResult::Live,
            'w' => BoardResult::Won(Color::White),
            'b' => BoardResult::Won(Color::Black),
            'd' => BoardResult::Drawn,
            _ => return err(format!("bad board result '{c}'")),
        };
    }
    Ok(out)
}

/// Parses a tranzit FEN (the extension fields are optional).
pub fn parse(fen: &str) -> Result<TranzitState, FenError> {
    let f = split_fields(fen, 4, 8)?;
    let mut boards = [Board::empty(), Board::empty()];
    parse_placement16(f[0], &mut boards)?;
    one_king_each(
        |c| {
            boards
                .iter()
                .map(|b| b.pieces(c, PieceKind::King).count_ones())
                .sum()
        },
        " on the two boards",
    )?;
    if boards.iter().any(|b| {
        b.kind_bb(PieceKind::Pawn) & (crate::bitboard::RANK_1 | crate::bitboard::RANK_8) != 0
    }) {
        return err("a pawn stands on the first or last rank");
    }
    let side = parse_side(f[1])?;
    for b in boards.iter_mut() {
        b.set_side_to_move(side);
    }
    let castling = parse_castling(f[2], &boards[0])?;
    boards[0].set_castling(castling);
    let ep = parse_ep_field(f[3], GridSquare::parse, || {
        format!("bad en passant square '{}'", f[3])
    })?;
    if let Some(sq) = ep {
        let board_ep = crate::fen::parse_ep(&sq.square.to_string(), &boards[sq.board])?;
        boards[sq.board].set_ep_square(board_ep);
    }
    let (quiet, fullmove) = parse_counters(&f, "action counter")?;
    let results = match f.get(6) {
        Some(r) => parse_results(r)?,
        None => [BoardResult::Live; 2],
    };
    let transferred = match f.get(7).copied() {
        None | Some("-") => [false; 2],
        Some(t) if ["W", "B", "WB"].contains(&t) => [t.contains('W'), t.contains('B')],
        Some(t) => return err(format!("bad transfer field '{t}', expected - W B or WB")),
    };
    let state = TranzitState {
        boards,
        results,
        transferred,
        quiet,
        reversible: 0,
        fullmove,
    };
    let them = side.flip();
    let kb = state.king_board(them);
    let b = &state.boards[kb];
    if !state.results[kb].decided() && b.is_attacked(b.king_square(them), side, b.occupied()) {
        return err("the side not to move is in check");
    }
    Ok(state)
}

/// Writes the FEN; the extension fields are written only when not default.
pub fn write(s: &TranzitState) -> String {
    let placement = write_placement(FILES as u8, |file, rank, out| {
        let sq = Square::from_coords(file % 8, rank);
        let Some(p) = s.boards[(file / 8) as usize].piece_at(sq) else {
            return false;
        };
        out.push(p.fen_char());
        true
    });
    let ep = (0..2)
        .find_map(|b| {
            s.boards[b].ep_square().map(|sq| {
                GridSquare {
                    board: b,
                    square: sq,
                }
                .to_string()
            })
        })
        .unwrap_or_else(|| "-".to_string());
    let mut fen = format!(
        "{placement} {} {} {ep} {} {}",
        s.side_to_move().fen_char(),
        s.boards[0].castling_fen(),
        s.quiet,
        s.fullmove
    );
    let transferred = match s.transferred {
        [false, false] => "-",
        [true, false] => "W",
        [false, true] => "B",
        [true, true] => "WB",
    };
    if s.results != [BoardResult::Live; 2] || transferred != "-" {
        fen.push_str(&format!(
            " {}{} {transferred}",
            result_char(s.results[0]),
            result_char(s.results[1])
        ));
    }
    fen
}

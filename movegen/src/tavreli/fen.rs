//! Tavreli FEN: FIDE's six fields, with towers and piece states in the
//! placement.
//!
//! - A tower is written top first in parentheses: `(QpN)` is a white
//!   Knyaz on a black pawn on a white Vsadnik. A single piece needs none.
//! - `H`/`h` is the Helgi.
//! - A pawn may be followed by `=X` (X one of `N B R Q H`, either case): the
//!   kind it promotes into (R6). Without it, the kind of its current file
//!   (a/h rook, b/g knight, c/f bishop, d queen, e Helgi); output writes it
//!   only when it differs from that.
//! - The double-step right (R8) belongs to a pawn at the bottom of its
//!   tower on its own second rank unless it is followed by `^` ("has left its
//!   starting square"); no other pawn has it (a redundant `^` is accepted).
//! - `~` after `N B R Q H` marks a promoted pawn (it becomes a pawn of that
//!   promotion kind when covered, R7); only tops may carry it.
//!
//! A pawn on top of its last rank must be written promoted; kings are never
//! covered; at most 32 pieces; one king per side. Castling letters need the
//! king alone on its e-square and an own unpromoted rook at the bottom of
//! the corner tower. The en passant square is kept only when an en passant
//! move is legal (as FIDE repetition counts it), so `to_fen` may drop one.

use super::generate::has_legal_ep;
use super::piece::{last_rank, second_rank, Code, Kind};
use super::state::{TavreliBoard, MAX_PIECES};
use crate::fen::{empty_count, err, FenError};
use crate::fen_fields::{
    ep_rank, header_text, one_king_each, parse_ep_field, parse_ranks, read_header, split_fields,
    too_many_files, write_placement, CastlingClaim, HeaderBoard,
};
use crate::header::Header;
use crate::types::{Color, Square};

/// The start position: FIDE's set-up (the pawns' promotion kinds follow
/// from their files, all double steps available).
pub const TAVRELI_START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One piece as written, before its defaults are applied.
#[derive(Clone, Copy)]
struct Token {
    color: Color,
    kind: Kind,
    promotion: Option<Kind>,
    promoted: bool,
    no_double_step: bool,
}

/// Parses one piece token starting at `chars[i]`; returns it and the next index.
fn parse_token(chars: &[char], mut i: usize, rank: u8) -> Result<(Token, usize), FenError> {
    let c = chars[i];
    let kind = Kind::from_char(c)
        .ok_or_else(|| FenError(format!("bad piece letter '{c}' on rank {}", rank + 1)))?;
    let color = Color::of_letter(c);
    let mut tok = Token {
        color,
        kind,
        promotion: None,
        promoted: false,
        no_double_step: false,
    };
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '=' if kind == Kind::Pawn && tok.promotion.is_none() => {
                let p = chars
                    .get(i + 1)
                    .and_then(|&l| Kind::from_char(l))
                    .filter(|k| k.is_promotion_kind())
                    .ok_or_else(|| {
                        FenError(format!(
                            "'=' after a pawn needs N, B, R, Q or H (rank {})",
                            rank + 1
                        ))
                    })?;
                tok.promotion = Some(p);
                i += 2;
            }
            '^' if kind == Kind::Pawn && !tok.no_double_step => {
                tok.no_double_step = true;
                i += 1;
            }
            '~' if kind.is_promotion_kind() && !tok.promoted => {
                tok.promoted = true;
                i += 1;
            }
            '=' | '^' | '~' => {
                return err(format!(
                    "marker '{}' does not fit '{c}' on rank {}",
                    chars[i],
                    rank + 1
                ))
            }
            _ => break,
        }
    }
    Ok((tok, i))
}

/// Parses the placement into towers (top first per square).
fn parse_placement(field: &str) -> Result<Vec<Vec<Token>>, FenError> {
    let mut squares: Vec<Vec<Token>> = vec![Vec::new(); 64];
    parse_ranks(field, 8, |rank, text| {
        let chars: Vec<char> = text.chars().collect();
        let mut file = 0u8;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
            if let Some(n) = empty_count(c, after_digit, rank)? {
                file += n;
                i += 1;
            } else {
                if file >= 8 {
                    return Err(too_many_files(rank, 8));
                }
                let sq = Square::from_coords(file, rank).index();
                if c == '(' {
                    i += 1;
                    while i < chars.len() && chars[i] != ')' {
                        let (tok, next) = parse_token(&chars, i, rank)?;
                        squares[sq].push(tok);
                        i = next;
                    }
                    if i >= chars.len() {
                        return err(format!("unclosed '(' on rank {}", rank + 1));
                    }
                    if squares[sq].is_empty() {
                        return err(format!("empty tower '()' on rank {}", rank + 1));
                    }
                    i += 1;
                } else {
                    let (tok, next) = parse_token(&chars, i, rank)?;
                    squares[sq].push(tok);
                    i = next;
                }
                file += 1;
            }
            if file > 8 {
                return Err(too_many_files(rank, 8));
            }
        }
        Ok(u32::from(file))
    })?;
    Ok(squares)
}

/// The code of a written piece on `sq` at `depth` (0 = top) of a tower of `n`.
fn code_of(tok: Token, sq: Square, depth: usize, n: usize) -> Result<Code, FenError> {
    let default_promotion = Kind::promotion_for_file(sq.file());
    if tok.kind == Kind::Pawn {
        let promotion = tok.promotion.unwrap_or(default_promotion);
        if depth == 0 && sq.rank() == last_rank(tok.color) {
            return err(format!(
                "the pawn on top of {sq} stands on its last rank: write it promoted (e.g. R~)"
            ));
        }
        let ds = depth == n - 1 && sq.rank() == second_rank(tok.color) && !tok.no_double_step;
        return Ok(Code::pawn(tok.color, promotion, ds));
    }
    if tok.kind == Kind::King && depth > 0 {
        return err(format!(
            "a king is covered on {sq}: nothing may stand on a king"
        ));
    }
    if tok.promoted {
        if depth > 0 {
            return err(format!(
                "a promoted piece is covered on {sq}: covered, it is a pawn again"
            ));
        }
        return Ok(Code::promoted(tok.color, tok.kind));
    }
    Ok(Code::piece(tok.color, tok.kind))
}

impl HeaderBoard for TavreliBoard {
    fn header_parts(&mut self) -> (&mut Header, &mut u64) {
        self.header_and_key()
    }

    /// Each right needs the king alone on its square and an own unmoved
    /// rook at the bottom of the corner tower.
    fn check_castling(&self, claim: &CastlingClaim) -> Result<(), FenError> {
        let (c, color) = (claim.letter, claim.color);
        let (king, corner) = (claim.king, claim.rook);
        if self.top(king) != Some(Code::piece(color, Kind::King)) || self.height(king) != 1 {
            return err(format!("castling '{c}' needs the king alone on {king}"));
        }
        let n = self.height(corner);
        if n == 0 || self.piece_at_depth(corner, n - 1) != Some(Code::piece(color, Kind::Rook)) {
            return err(format!(
                "castling '{c}' needs an unmoved rook at the bottom of {corner}"
            ));
        }
        Ok(())
    }

    /// An empty square on the right rank with a pawn-topped enemy tower in
    /// front of it.
    fn parse_ep(&self, field: &str) -> Result<Option<Square>, FenError> {
        let Some(sq) =
            parse_ep_field(field, Square::parse, || format!("bad en passant '{field}'"))?
        else {
            return Ok(None);
        };
        let us = self.side_to_move();
        if sq.rank() != ep_rank(us) {
            return err(format!("en passant square {sq} is on the wrong rank"));
        }
        // The double-stepped tower stands in front of the square passed over.
        let pawn_sq = sq.index() as u8 ^ 8;
        let pawn = self.top(Square::new(pawn_sq));
        if self.height(sq) != 0 || !pawn.is_some_and(|c| c.is_pawn() && c.color() != us) {
            return err(format!(
                "en passant square {sq} needs to be empty with a pawn-topped tower in front"
            ));
        }
        Ok(Some(sq))
    }

    fn ep_usable(&self) -> bool {
        has_legal_ep(self)
    }

    fn side_not_to_move_in_check(&self) -> bool {
        let us = self.side_to_move();
        self.is_attacked(self.king_square(us.flip()), us, self.occupied())
    }
}

/// Parses and validates a tavreli FEN (the move counters may be omitted).
pub fn parse_fen(fen: &str) -> Result<TavreliBoard, FenError> {
    let fields = split_fields(fen, 4, 6)?;
    let towers = parse_placement(fields[0])?;
    let total: usize = towers.iter().map(Vec::len).sum();
    if total > MAX_PIECES {
        return err(format!("{total} pieces, at most {MAX_PIECES}"));
    }
    let mut b = TavreliBoard::empty();
    for (i, tower) in towers.iter().enumerate() {
        let sq = Square::new(i as u8);
        let n = tower.len();
        for depth in (0..n).rev() {
            let code = code_of(tower[depth], sq, depth, n)?;
            b.push_piece(sq, code);
        }
    }
    one_king_each(|c| b.tops(c, Kind::King).count_ones(), "")?;
    read_header(&mut b, &fields)?;
    Ok(b)
}

/// One piece's FEN token on `sq` at `depth` (0 = top) of a tower of `n`.
pub fn token(c: Code, sq: Square, depth: usize, n: usize) -> String {
    let mut s = String::new();
    s.push(c.letter());
    if c.is_pawn() {
        let promotion = c.identity().expect("a pawn has an identity");
        if promotion != Kind::promotion_for_file(sq.file()) {
            s.push('=');
            s.push(c.color().letter_case(promotion.upper_char()));
        }
        if depth == n - 1 && sq.rank() == second_rank(c.color()) && !c.double_step() {
            s.push('^');
        }
    } else if c.is_promoted() {
        s.push('~');
    }
    s
}

/// The tower on `sq` as FEN text (`(QpN)`, a single piece without brackets).
pub fn tower_text(b: &TavreliBoard, sq: Square) -> String {
    let n = b.height(sq);
    let body: String = b
        .tower(sq)
        .enumerate()
        .map(|(d, c)| token(c, sq, d, n))
        .collect();
    if n > 1 {
        format!("({body})")
    } else {
        body
    }
}

/// The placement field.
pub fn placement(b: &TavreliBoard) -> String {
    write_placement(8, |file, rank, out| {
        let sq = Square::from_coords(file, rank);
        if b.height(sq) == 0 {
            return false;
        }
        out.push_str(&tower_text(b, sq));
        true
    })
}

/// The FEN of `b`.
pub fn to_fen(b: &TavreliBoard) -> String {
    format!("{} {}", placement(b), header_text(b.header()))
}

//! What a front end draws of a position ([`crate::Position::view`]): the
//! grid of squares with the pieces on each (towers top first), the pieces in
//! hand, the boards the grid is cut into with their results, the side to
//! move and the king in check, the progressive series, and the fields of
//! the position's header. The web board, the XBoard helpers and the `d`
//! picture draw from it; none of them reads a FEN.
//!
//! Also [`MoveParts`]: a move in the protocols' coordinate notation taken
//! apart (from, to, promotion, drop, tower split), for drawing it.

use crate::bitboard::Squares;
use crate::board::Board;
use crate::fen_fields::castling_text;
use crate::header::Header;
use crate::types::{Color, Piece, Square, HELD_KINDS};

/// One piece on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its colour.
    pub color: Color,
    /// Its kind as an upper-case letter: `P N B R Q K`, tavreli's Helgi `H`.
    pub kind: char,
    /// A promoted piece (drop chess: it goes back to a pawn when taken).
    pub promoted: bool,
    /// Tavreli: the kind a pawn promotes into (R6).
    pub identity: Option<char>,
    /// The piece as the variant's FEN writes it, without the promotion
    /// mark `~` (`P`, `n`, tavreli's `P=B^`).
    pub text: String,
}

impl PieceView {
    /// A chess piece (`promoted`: it came from a pawn).
    pub fn chess(piece: Piece, promoted: bool) -> PieceView {
        PieceView {
            color: piece.color,
            kind: piece.kind.upper_char(),
            promoted,
            identity: None,
            text: piece.fen_char().to_string(),
        }
    }
}

/// How one board of a position stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardResult {
    /// Play goes on.
    Live,
    /// Won by this colour.
    Won(Color),
    /// Drawn.
    Drawn,
}

/// One board of the grid (tranzit cuts its 16 files into boards I and II).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pane {
    /// Its label: empty for the one board of most variants; `I`, `II`.
    pub label: &'static str,
    /// Its first file in the grid.
    pub file0: usize,
    /// Its files.
    pub files: usize,
    /// How it stands.
    pub result: BoardResult,
    /// Tranzit T14: the sides that score nothing here yet (no transfer from
    /// board I).
    pub scoreless: Vec<Color>,
}

/// Where a progressive game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesView {
    /// The series number (its length; White's when odd).
    pub number: u32,
    /// Moves already played in it.
    pub played: u32,
    /// English: the squares of the pieces moved in this round.
    pub round: Vec<String>,
}

/// What a front end draws of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Files of the grid.
    pub files: usize,
    /// Ranks of the grid.
    pub ranks: usize,
    /// Per square (index rank × files + file, a1 first) the pieces there,
    /// top first.
    pub squares: Vec<Vec<PieceView>>,
    /// Pieces in hand, White's then Black's, as (kind letter, count) for
    /// the kinds held, queens first; `None` without reserves.
    pub reserves: Option<[Vec<(char, u8)>; 2]>,
    /// The boards the grid is cut into.
    pub panes: Vec<Pane>,
    /// The side whose decision the next move is.
    pub side_to_move: Color,
    /// The square of the king in check (the side to move's), if any.
    pub check: Option<usize>,
    /// The castling rights as FEN writes them (`KQkq`, `-`).
    pub castling: String,
    /// The en passant targets, as square names on the grid.
    pub en_passant: Vec<String>,
    /// The counter of the draw rule (half-moves, or the variant's own).
    pub halfmove: u32,
    /// The move number moves are recorded with (full-move number;
    /// progressive chess: the series number).
    pub number: u32,
    /// Progressive chess: the series.
    pub series: Option<SeriesView>,
}

/// The name of square (`file`, `rank`) of a grid: files `a`, `b`, ... (`p`
/// on tranzit's grid), ranks from 1.
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl View {
    /// The view of an 8x8 chess board: `promoted` marks the pieces that
    /// came from pawns; one board, no reserves, no series.
    pub fn of_board(b: &Board, promoted: u64) -> View {
        let squares = (0..64u8)
            .map(|i| {
                let sq = Square::new(i);
                b.piece_at(sq)
                    .map(|p| PieceView::chess(p, promoted & sq.bb() != 0))
                    .into_iter()
                    .collect()
            })
            .collect();
        let mut view = View::of_header(squares, b.header(), b.in_check());
        // Chess960 names its rooks' files, as its FEN does.
        view.castling = b.castling_fen();
        view
    }

    /// The view of an 8x8 grid of `squares` whose header (side to move,
    /// castling, en passant, counters) is `h`: one board, no reserves, no
    /// series.
    pub fn of_header(squares: Vec<Vec<PieceView>>, h: &Header, in_check: bool) -> View {
        let mut view = View {
            files: 8,
            ranks: 8,
            squares,
            reserves: None,
            panes: vec![Pane::whole(8)],
            side_to_move: h.side_to_move(),
            check: None,
            castling: castling_text(h.castling()),
            en_passant: h.ep_square().iter().map(Square::to_string).collect(),
            halfmove: h.halfmove_clock(),
            number: h.fullmove_number(),
            series: None,
        };
        view.mark_check(in_check);
        view
    }

    /// The square name of grid index `i`.
    pub fn square_name(&self, i: usize) -> String {
        square_name(i % self.files, i / self.files)
    }

    /// The pieces on the square called `name`, top first (none off the grid).
    pub fn at(&self, name: &str) -> &[PieceView] {
        let mut chars = name.chars();
        let (Some(f), Some(r)) = (chars.next(), chars.as_str().parse::<usize>().ok()) else {
            return &[];
        };
        let file = (f as usize).wrapping_sub('a' as usize);
        if file >= self.files || r == 0 || r > self.ranks {
            return &[];
        }
        &self.squares[(r - 1) * self.files + file]
    }

    /// Sets [`View::check`] to the square of the side to move's king (a
    /// top piece) when `in_check`.
    pub fn mark_check(&mut self, in_check: bool) {
        let side = self.side_to_move;
        self.check = in_check
            .then(|| {
                self.squares
                    .iter()
                    .position(|s| s.first().is_some_and(|p| p.kind == 'K' && p.color == side))
            })
            .flatten();
    }

    /// Sets the reserves from a count per colour and held kind.
    pub fn set_reserves(&mut self, count: impl Fn(Color, crate::PieceKind) -> u8) {
        let hand = |c: Color| {
            HELD_KINDS
                .iter()
                .filter(|&&k| count(c, k) > 0)
                .map(|&k| (k.upper_char(), count(c, k)))
                .collect()
        };
        self.reserves = Some([hand(Color::White), hand(Color::Black)]);
    }

    /// The pieces in hand as the FEN brackets write them: White's upper
    /// case, then Black's lower case, queens first (`QNnp`); `None` without
    /// reserves.
    pub fn reserve_letters(&self) -> Option<String> {
        let hands = self.reserves.as_ref()?;
        let mut s = String::new();
        for (side, hand) in hands.iter().enumerate() {
            for &(k, n) in hand {
                let letter = if side == 0 { k } else { k.to_ascii_lowercase() };
                s.extend(std::iter::repeat_n(letter, n as usize));
            }
        }
        Some(s)
    }

    /// The names of the squares of `bits` on an 8x8 grid.
    pub fn names_of(bits: u64) -> Vec<String> {
        Squares(bits).map(|s| s.to_string()).collect()
    }
}

impl Pane {
    /// The one board of a grid `files` wide.
    pub fn whole(files: usize) -> Pane {
        Pane {
            label: "",
            file0: 0,
            files,
            result: BoardResult::Live,
            scoreless: Vec::new(),
        }
    }
}

/// A move in coordinate notation taken apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveParts {
    /// The start square; `None` for a drop.
    pub from: Option<String>,
    /// The destination square.
    pub to: String,
    /// The promotion letter (lower case).
    pub promotion: Option<char>,
    /// The dropped kind (upper case).
    pub drop: Option<char>,
    /// Tavreli: the pieces taken from the top of the tower (`None`: all).
    pub split: Option<u32>,
}

/// Reads a square at the start of `s`: a file letter `a`–`p`, then a rank
/// `1`–`8`; returns it and the rest.
fn square(s: &str) -> Option<(String, &str)> {
    let mut chars = s.chars();
    let file = chars.next().filter(|c| ('a'..='p').contains(c))?;
    let rank = chars.next().filter(|c| ('1'..='8').contains(c))?;
    Some((format!("{file}{rank}"), chars.as_str()))
}

impl MoveParts {
    /// Takes apart `text` (`e2e4`, `e7e8q`, `N@f3`, `e1m1`, `f3(2)f6`), or
    /// `None` when it is not in coordinate notation.
    pub fn parse(text: &str) -> Option<MoveParts> {
        if let Some((kind, rest)) = text.split_once('@') {
            let mut k = kind.chars();
            let kind = k.next()?.to_ascii_uppercase();
            if k.next().is_some() || !"PNBRQ".contains(kind) {
                return None;
            }
            let (to, rest) = square(rest)?;
            return rest.is_empty().then(|| MoveParts {
                to,
                drop: Some(kind),
                ..MoveParts::default()
            });
        }
        let (from, mut rest) = square(text)?;
        let mut split = None;
        if let Some(r) = rest.strip_prefix('(') {
            let (n, r) = r.split_once(')')?;
            split = Some(n.parse().ok().filter(|&n| n >= 1)?);
            rest = r;
        }
        let (to, rest) = square(rest)?;
        let mut chars = rest.chars();
        let promotion = chars.next();
        if chars.next().is_some() || promotion.is_some_and(|c| !"nbrqhk".contains(c)) {
            return None;
        }
        Some(MoveParts {
            from: Some(from),
            to,
            promotion,
            drop: None,
            split,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{dispatch, Position, VariantVisitor};
    use crate::VariantId;

    /// Every variant's start position: its grid, reserves and moves.
    #[test]
    fn every_start_position_and_its_moves() {
        struct Start;
        impl VariantVisitor for Start {
            type Output = (View, Vec<String>);
            fn visit<P: Position>(self) -> Self::Output {
                let p = P::startpos();
                let mut list = P::MoveList::default();
                p.generate_moves(&mut list);
                (p.view(), list.iter().map(|m| m.to_string()).collect())
            }
        }
        for v in VariantId::ALL {
            let (view, moves) = dispatch(v, Start);
            let info = v.info();
            assert_eq!(view.files, info.files as usize, "{v}");
            assert_eq!(view.ranks, 8, "{v}");
            assert_eq!(view.panes.len(), info.boards as usize, "{v}");
            assert_eq!(view.reserves.is_some(), info.reserves, "{v}");
            assert_eq!(view.series.is_some(), info.series, "{v}");
            assert_eq!(view.side_to_move, Color::White);
            assert_eq!(view.at("e1")[0].kind, 'K', "{v}");
            assert_eq!(view.at("e8")[0].color, Color::Black, "{v}");
            assert!(!moves.is_empty());
            for m in moves {
                assert!(MoveParts::parse(&m).is_some(), "{v}: {m}");
            }
        }
    }

    #[test]
    fn moves_take_apart() {
        let drop = MoveParts::parse("n@f3").unwrap();
        assert_eq!(
            (drop.drop, drop.to.as_str(), drop.from),
            (Some('N'), "f3", None)
        );
        let split = MoveParts::parse("f3(2)f6").unwrap();
        assert_eq!((split.split, split.to.as_str()), (Some(2), "f6"));
        assert_eq!(MoveParts::parse("e7e8q").unwrap().promotion, Some('q'));
        assert_eq!(MoveParts::parse("e1m1").unwrap().to, "m1");
        for bad in ["", "e2", "e9e4", "K@e4", "e2e4qq", "f3(0)f6", "x@e4"] {
            assert_eq!(MoveParts::parse(bad), None, "{bad}");
        }
    }
}

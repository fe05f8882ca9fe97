//! Reading our FENs' placements and coordinate moves for display, in every
//! variant's form: boards of any width (8 files, tranzit's 16 with
//! two-digit empty runs), towers top first in parentheses (tavreli) with
//! the `=X`, `^` and `~` marks, reserves in brackets; moves `e2e4`,
//! `e7e8q`, `N@f3`, `e1m1`, `f3(2)f6`. Used by the web board (`gui`) and
//! the XBoard GUI hooks (`xboard_gui`). The rules library wrote these
//! texts; a reader here only draws them.

/// One piece on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// White's piece.
    pub white: bool,
    /// The kind as an upper-case letter: `P N B R Q K`, tavreli's Helgi `H`.
    pub kind: char,
    /// A promoted piece (`~`).
    pub promoted: bool,
    /// A tavreli pawn's promotion kind (`=X`, or its file's kind, R6).
    pub identity: Option<char>,
}

/// The squares of a board grid and its reserves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Files (8, or 16 on tranzit's grid).
    pub files: usize,
    /// Ranks (8 in every variant).
    pub ranks: usize,
    /// Per square (index rank × files + file, rank 1 and file a first) the
    /// pieces standing there, top first.
    pub squares: Vec<Vec<PieceView>>,
    /// Pieces in hand, White's then Black's, as (kind, count) queens first;
    /// `None` in variants without reserves.
    pub reserves: Option<[Vec<(char, u32)>; 2]>,
}

/// The kinds a reserve can hold, in the order the FEN writes them.
const HAND_KINDS: [char; 5] = ['Q', 'R', 'B', 'N', 'P'];

/// The tavreli promotion kind of a pawn on `file` (R6).
fn file_identity(file: usize) -> char {
    ['R', 'N', 'B', 'Q', 'H', 'B', 'N', 'R'][file % 8]
}

/// The name of square (`file`, `rank`), files `a`.. (`p` on tranzit's grid).
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Reads one piece letter and its marks from `chars`.
fn piece(
    c: char,
    chars: &mut std::iter::Peekable<std::str::Chars>,
    tavreli: bool,
    file: usize,
) -> Result<PieceView, String> {
    let kind = c.to_ascii_uppercase();
    if !"PNBRQKH".contains(kind) {
        return Err(format!("unknown piece letter '{c}'"));
    }
    let mut p = PieceView {
        white: c.is_ascii_uppercase(),
        kind,
        promoted: false,
        identity: None,
    };
    loop {
        match chars.peek() {
            Some('~') => {
                chars.next();
                p.promoted = true;
            }
            Some('^') => {
                chars.next();
            }
            Some('=') => {
                chars.next();
                let id = chars.next().ok_or("a '=' without a kind")?;
                p.identity = Some(id.to_ascii_uppercase());
            }
            _ => break,
        }
    }
    if tavreli && kind == 'P' && p.identity.is_none() {
        p.identity = Some(file_identity(file));
    }
    Ok(p)
}

/// The widest board drawn (tranzit's grid: files `a` to `p`).
pub const MAX_FILES: usize = 16;

/// Reads the placement field of a FEN (with a `[reserve]` after it, as
/// drop variants write it): ranks of equal width, at most [`MAX_FILES`].
/// `tavreli` fills in the pawns' promotion kinds that the FEN leaves to
/// their files.
pub fn parse_placement(field: &str, tavreli: bool) -> Result<Grid, String> {
    let (board, reserve) = match field.split_once('[') {
        Some((b, r)) => (b, Some(r.strip_suffix(']').ok_or("unclosed reserve")?)),
        None => (field, None),
    };
    let mut rows: Vec<Vec<Vec<PieceView>>> = Vec::new();
    for rank_text in board.split('/') {
        let mut row: Vec<Vec<PieceView>> = Vec::new();
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    chars.next();
                    n = n.saturating_mul(10).saturating_add(d as usize);
                }
                if n == 0 || row.len() + n > MAX_FILES {
                    return Err(format!("bad empty run in '{rank_text}'"));
                }
                row.extend((0..n).map(|_| Vec::new()));
            } else if c == '(' {
                let mut tower = Vec::new();
                loop {
                    match chars.next() {
                        Some(')') => break,
                        Some(c) => tower.push(piece(c, &mut chars, tavreli, row.len())?),
                        None => return Err("unclosed tower".to_string()),
                    }
                }
                if tower.is_empty() {
                    return Err("empty tower".to_string());
                }
                row.push(tower);
            } else {
                let p = piece(c, &mut chars, tavreli, row.len())?;
                row.push(vec![p]);
            }
            if row.len() > MAX_FILES {
                return Err(format!("rank '{rank_text}' is too wide"));
            }
        }
        rows.push(row);
    }
    let files = rows.first().map_or(0, Vec::len);
    if files == 0 || rows.iter().any(|r| r.len() != files) {
        return Err(format!("'{board}' is not a board of equal ranks"));
    }
    let ranks = rows.len();
    // The FEN lists rank 8 first.
    let squares: Vec<Vec<PieceView>> = rows.into_iter().rev().flatten().collect();
    let reserves = match reserve {
        None => None,
        Some(text) => {
            let mut hands = [Vec::new(), Vec::new()];
            for (side, hand) in hands.iter_mut().enumerate() {
                for kind in HAND_KINDS {
                    let letter = if side == 0 {
                        kind
                    } else {
                        kind.to_ascii_lowercase()
                    };
                    let n = text.chars().filter(|&c| c == letter).count() as u32;
                    if n > 0 {
                        hand.push((kind, n));
                    }
                }
            }
            if let Some(c) = text.chars().find(|c| !"QRBNPqrbnp".contains(*c)) {
                return Err(format!("unknown reserve letter '{c}'"));
            }
            Some(hands)
        }
    };
    Ok(Grid {
        files,
        ranks,
        squares,
        reserves,
    })
}

impl Grid {
    /// The square of the king of `white`'s side (a top piece), if any.
    pub fn king(&self, white: bool) -> Option<String> {
        let i = self
            .squares
            .iter()
            .position(|s| s.first().is_some_and(|p| p.kind == 'K' && p.white == white))?;
        Some(square_name(i % self.files, i / self.files))
    }
}

/// The parts of a coordinate move.
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

/// Takes apart `text`, or `None` when it is not in coordinate notation.
pub fn parse_move(text: &str) -> Option<MoveParts> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::variant::{Position, VariantVisitor};

    #[test]
    fn every_start_position_and_its_moves_read() {
        struct Start;
        impl VariantVisitor for Start {
            type Output = (String, Grid, Vec<String>);
            fn visit<P: Position>(self) -> Self::Output {
                let pos = P::startpos();
                let fen = pos.to_fen();
                let placement = fen.split_whitespace().next().unwrap().to_string();
                let g = parse_placement(&placement, P::ID.info().towers).unwrap();
                let mut list = P::MoveList::default();
                pos.generate_moves(&mut list);
                (fen, g, list.iter().map(|m| m.to_string()).collect())
            }
        }
        for v in movegen::VariantId::ALL {
            let (fen, g, moves) = movegen::variant::dispatch(v, Start);
            let pieces: usize = g.squares.iter().map(Vec::len).sum();
            assert_eq!(pieces, 32, "{v}: {fen}");
            assert_eq!(g.files, v.info().files as usize, "{v}");
            assert_eq!(g.king(true).as_deref(), Some("e1"), "{v}");
            assert_eq!(g.king(false).as_deref(), Some("e8"), "{v}");
            let drops = v.info().reserves;
            assert_eq!(g.reserves.is_some(), drops, "{v}");
            for m in moves {
                assert!(parse_move(&m).is_some(), "{v}: {m}");
            }
        }
    }

    #[test]
    fn towers_marks_and_reserves() {
        let g = parse_placement("r3k2r/8/8/5(QpN)2/8/8/P~7/R3K2R[QNnpp]", false).unwrap();
        let f5 = &g.squares[4 * 8 + 5];
        assert_eq!(f5.len(), 3);
        assert_eq!((f5[0].kind, f5[0].white), ('Q', true));
        assert_eq!((f5[1].kind, f5[1].white), ('P', false));
        assert!(g.squares[8].first().unwrap().promoted);
        let r = g.reserves.unwrap();
        assert_eq!(r[0], [('Q', 1), ('N', 1)]);
        assert_eq!(r[1], [('N', 1), ('P', 2)]);
        let t = parse_placement("4k3/8/8/8/8/8/4(P=Bp)3/4K3", true).unwrap();
        assert_eq!(t.squares[12][0].identity, Some('B'));
        assert_eq!(t.squares[12][1].identity, Some('H'), "the e-file's kind");
        let wide = parse_placement("16/16/16/16/16/16/16/4K7k3", false).unwrap();
        assert_eq!(wide.files, 16);
        assert_eq!(wide.king(false).as_deref(), Some("m1"));
        assert_eq!(parse_placement("3/3", false).unwrap().ranks, 2);
        for bad in [
            "8/7/8",
            "17/17",
            "99999999999999999999999/8",
            "(/8",
            "()7/8",
            "(Qp",
            "x7/8",
            "\u{e9}7/8",
            "(\u{e9})7/8",
            "8/8[x]",
            "8/8[",
            "0/8",
            "P=/8",
            "",
        ] {
            assert!(parse_placement(bad, true).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_move_form() {
        let m = parse_move("e7e8q").unwrap();
        assert_eq!(
            (m.from.as_deref(), m.to.as_str(), m.promotion),
            (Some("e7"), "e8", Some('q'))
        );
        let d = parse_move("N@f3").unwrap();
        assert_eq!((d.from, d.drop, d.to.as_str()), (None, Some('N'), "f3"));
        let t = parse_move("f3(2)f6").unwrap();
        assert_eq!((t.split, t.to.as_str()), (Some(2), "f6"));
        assert_eq!(parse_move("e1m1").unwrap().to, "m1");
        for bad in [
            "",
            "e",
            "e2",
            "e2e9",
            "q2e4",
            "e2e4x",
            "e2e4qq",
            "K@e4",
            "@e4",
            "NN@e4",
            "f3(0)f6",
            "f3(x)f6",
            "f3(2f6",
            "N@e4x",
            "e2e4\u{e9}",
            "a\u{e9}1",
            "\u{e9}2e4",
            "e2(\u{e9})e4",
            "@@@@",
        ] {
            assert!(parse_move(bad).is_none(), "{bad}");
        }
    }
}

//! The board as the XBoard GUI sees it: squares on a grid of up to 16 files
//! and the top piece of every square, read from any of our FENs (16-file
//! tranzit placements with two-digit empty runs, tavreli towers in
//! parentheses with `=X`, `^`, `~` markers, drop-chess reserves in brackets).

use crate::placement::{parse_move, parse_placement};

/// A square on the GUI's grid: file 0 = `a`, rank 0 = `1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Square {
    /// File index, 0 = `a`.
    pub file: usize,
    /// Rank index, 0 = rank 1.
    pub rank: usize,
}

impl Square {
    /// Parses `e4`, `m1` (files `a`..`p`, ranks `1`..`8`).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 || !(b'a'..=b'p').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square {
            file: (b[0] - b'a') as usize,
            rank: (b[1] - b'1') as usize,
        })
    }
}

/// What stands on one square: the top piece's letter and the height of the
/// stack (1 for every variant but tavreli).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    /// The top piece's FEN letter (upper case White).
    pub top: char,
    /// Pieces on the square.
    pub height: usize,
}

/// The placement of a FEN: `rows[0]` is rank 8, each row one entry per file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Ranks from the 8th down to the 1st.
    pub rows: Vec<Vec<Option<Stack>>>,
}

impl Placement {
    /// Reads the first field of `fen` ([`crate::placement`]). None if it
    /// is not a placement of equal-length ranks.
    pub fn parse(fen: &str) -> Option<Placement> {
        let grid = parse_placement(fen.split_whitespace().next()?, false).ok()?;
        let rows = (0..grid.ranks)
            .rev()
            .map(|rank| {
                grid.squares[rank * grid.files..(rank + 1) * grid.files]
                    .iter()
                    .map(|stack| {
                        let top = stack.first()?;
                        let letter = if top.white {
                            top.kind
                        } else {
                            top.kind.to_ascii_lowercase()
                        };
                        Some(Stack {
                            top: letter,
                            height: stack.len(),
                        })
                    })
                    .collect()
            })
            .collect();
        Some(Placement { rows })
    }

    /// Files on the board.
    pub fn width(&self) -> usize {
        self.rows[0].len()
    }

    /// What stands on `sq`, if anything (None also off the board).
    pub fn at(&self, sq: Square) -> Option<Stack> {
        let row = self.rows.len().checked_sub(sq.rank + 1)?;
        *self.rows.get(row)?.get(sq.file)?
    }

    /// The placement with only the top piece of every square, as XBoard
    /// reads it (single letters, empty runs as numbers).
    pub fn tops(&self) -> String {
        let ranks: Vec<String> = self
            .rows
            .iter()
            .map(|row| run_length(row.iter().map(|s| s.map(|s| s.top))))
            .collect();
        ranks.join("/")
    }
}

/// A row of a FEN-like board: letters, and empty runs as numbers.
pub fn run_length(cells: impl Iterator<Item = Option<char>>) -> String {
    let mut s = String::new();
    let mut empty = 0;
    for c in cells {
        match c {
            Some(l) => {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(l);
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        s.push_str(&empty.to_string());
    }
    s
}

/// The squares of a move in coordinate notation: `e2e4`, `e7e8q`, `e1m1`,
/// tavreli `f3(2)f6` (with the count). None for drops and null moves.
pub fn move_squares(text: &str) -> Option<(Square, Option<usize>, Square)> {
    let m = parse_move(text)?;
    let count = m.split.map(|k| k as usize);
    Some((Square::parse(&m.from?)?, count, Square::parse(&m.to)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_of_every_family() {
        let t =
            Placement::parse("rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1")
                .unwrap();
        assert_eq!(t.width(), 16);
        assert_eq!(t.at(Square::parse("e1").unwrap()).unwrap().top, 'K');
        assert_eq!(t.at(Square::parse("m1").unwrap()), None);
        let v = Placement::parse("rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
            .unwrap();
        let d5 = v.at(Square::parse("d5").unwrap()).unwrap();
        assert_eq!((d5.top, d5.height), ('P', 2));
        assert_eq!(v.tops(), "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR");
        let z = Placement::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Pp] w - - 0 1");
        assert_eq!(z.unwrap().width(), 8);
        assert!(Placement::parse("8/7/8").is_none());
        assert!(Placement::parse("(Qp").is_none());
    }

    #[test]
    fn squares_of_moves() {
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(move_squares("e2e4"), Some((sq("e2"), None, sq("e4"))));
        assert_eq!(move_squares("f3(2)f6"), Some((sq("f3"), Some(2), sq("f6"))));
        assert_eq!(move_squares("e7e8q"), Some((sq("e7"), None, sq("e8"))));
        assert_eq!(move_squares("P@h3"), None);
        assert_eq!(move_squares("@@@@"), None);
        assert_eq!(Square::parse("q1"), None);
        assert_eq!(Square::parse("a9"), None);
        for odd in [
            "a\u{e9}1",
            "\u{e9}2e4",
            "e2\u{e9}",
            "e2(\u{e9})e4",
            "e2(2",
            "e",
        ] {
            assert_eq!(move_squares(odd), None, "{odd}");
        }
    }

    #[test]
    fn odd_placements_are_refused() {
        assert!(Placement::parse("99999999999999999999999/8").is_none());
        assert!(Placement::parse("17/17").is_none());
        assert!(Placement::parse("\u{e9}7/8").is_none());
        assert!(Placement::parse("(\u{e9})7/8").is_none());
    }
}

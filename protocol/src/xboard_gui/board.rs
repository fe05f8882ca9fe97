//! The board as the XBoard GUI sees it: squares on a grid of up to 16 files
//! (tranzit's two boards side by side) and the top piece of every square,
//! from the position's [`View`].

use movegen::view::{MoveParts, PieceView, View};

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

/// The pieces on `sq` of `view`, top first (none off the board).
pub fn stack(view: &View, sq: Square) -> &[PieceView] {
    if sq.file >= view.files || sq.rank >= view.ranks {
        return &[];
    }
    &view.squares[sq.rank * view.files + sq.file]
}

/// The FEN letter of a piece (upper case White).
pub fn letter(p: &PieceView) -> char {
    match p.color {
        movegen::Color::White => p.kind,
        movegen::Color::Black => p.kind.to_ascii_lowercase(),
    }
}

/// The placement with only the top piece of every square, as XBoard reads
/// it (single letters, empty runs as numbers), rank 8 first.
pub fn tops(view: &View) -> String {
    let ranks: Vec<String> = (0..view.ranks)
        .rev()
        .map(|rank| {
            run_length(
                view.squares[rank * view.files..(rank + 1) * view.files]
                    .iter()
                    .map(|s| s.first().map(letter)),
            )
        })
        .collect();
    ranks.join("/")
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
    let m = MoveParts::parse(text)?;
    let count = m.split.map(|k| k as usize);
    Some((Square::parse(&m.from?)?, count, Square::parse(&m.to)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::CrazyhousePosition;
    use movegen::tavreli::TavreliPosition;
    use movegen::tranzit::TranzitPosition;
    use movegen::Position;

    #[test]
    fn boards_of_every_family() {
        let t = TranzitPosition::startpos().view();
        assert_eq!(t.files, 16);
        assert_eq!(letter(&stack(&t, Square::parse("e1").unwrap())[0]), 'K');
        assert!(stack(&t, Square::parse("m1").unwrap()).is_empty());
        let v = TavreliPosition::from_fen(
            "rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        )
        .unwrap()
        .view();
        let d5 = stack(&v, Square::parse("d5").unwrap());
        assert_eq!((letter(&d5[0]), d5.len()), ('P', 2));
        assert_eq!(tops(&v), "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR");
        let z = CrazyhousePosition::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Pp] w - - 0 1",
        );
        assert_eq!(
            tops(&z.unwrap().view()),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        );
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
}

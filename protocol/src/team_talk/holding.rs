//! The XBoard `holding` command: `holding [WHITE] [BLACK]`, optionally
//! followed by the piece that has just arrived, as ICS zippy relays FICS's
//! `<b1>` lines (`holding [PNN] [bq] BQ`: a black queen arrived).

use movegen::drops::reserve::{HELD_KINDS, MAX_HELD};
use movegen::{Color, Piece, PieceKind};

/// Both reserves of one board, as a `holding` command gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holding {
    /// Counts by colour index, then kind index (pawn to queen).
    pub counts: [[u8; 5]; 2],
    /// The piece named after the brackets as just arrived, if any.
    pub arrived: Option<Piece>,
}

impl Holding {
    /// How many `kind` pieces `color` holds.
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][kind.index()]
    }
}

/// One bracketed list at the start of `text`: its content and the rest.
fn bracket<'a>(text: &'a str, whose: &str) -> Result<(&'a str, &'a str), String> {
    let text = text.trim_start();
    let inner = text
        .strip_prefix('[')
        .ok_or_else(|| format!("{whose} pieces must be in brackets"))?;
    inner
        .split_once(']')
        .ok_or_else(|| format!("no ']' after {whose} pieces"))
}

/// The counts of the letters in one bracket (either case; `-` and blanks
/// ignored).
fn counts(letters: &str, whose: &str) -> Result<[u8; 5], String> {
    let mut c = [0u8; 5];
    for ch in letters.chars().filter(|c| *c != '-' && !c.is_whitespace()) {
        let kind = PieceKind::from_char(ch)
            .filter(|k| HELD_KINDS.contains(k))
            .ok_or_else(|| format!("'{ch}' cannot be in {whose} holding"))?;
        let n = &mut c[kind.index()];
        if *n >= MAX_HELD {
            return Err(format!("more than {MAX_HELD} '{ch}' in {whose} holding"));
        }
        *n += 1;
    }
    Ok(c)
}

/// The arrived-piece suffix: `WP`/`BN` (FICS), `+P`/`+n` (the letter's case
/// gives the colour), or a bare letter.
fn arrived(text: &str) -> Result<Option<Piece>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let bad = || format!("'{t}' does not name an arrived piece (like WN, BP or +N)");
    let t2 = t.strip_prefix('+').unwrap_or(t);
    let chars: Vec<char> = t2.chars().collect();
    let piece = match chars.as_slice() {
        [c @ ('W' | 'B' | 'w' | 'b'), k] => {
            let color = if c.eq_ignore_ascii_case(&'w') {
                Color::White
            } else {
                Color::Black
            };
            Piece::new(color, PieceKind::from_char(*k).ok_or_else(bad)?)
        }
        [k] => Piece::from_fen_char(*k).ok_or_else(bad)?,
        _ => return Err(bad()),
    };
    if piece.kind == PieceKind::King {
        return Err(bad());
    }
    Ok(Some(piece))
}

/// Parses the arguments of `holding` (the text after the command word).
pub fn parse_holding(rest: &str) -> Result<Holding, String> {
    let (white, rest) = bracket(rest, "White's")?;
    let (black, rest) = bracket(rest, "Black's")?;
    Ok(Holding {
        counts: [counts(white, "White's")?, counts(black, "Black's")?],
        arrived: arrived(rest)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zippy_forms() {
        let h = parse_holding("[PNN] [bq] BQ").unwrap();
        assert_eq!(h.count(Color::White, PieceKind::Knight), 2);
        assert_eq!(h.count(Color::White, PieceKind::Pawn), 1);
        assert_eq!(h.count(Color::Black, PieceKind::Queen), 1);
        assert_eq!(h.count(Color::Black, PieceKind::Bishop), 1);
        assert_eq!(h.arrived, Some(Piece::new(Color::Black, PieceKind::Queen)));
        let h = parse_holding("[] []").unwrap();
        assert_eq!(h.counts, [[0; 5]; 2]);
        assert_eq!(h.arrived, None);
        let h = parse_holding("[Q] [-] +n").unwrap();
        assert_eq!(h.arrived, Some(Piece::new(Color::Black, PieceKind::Knight)));
        assert!(parse_holding(" [p]   [P]").is_ok());
    }

    #[test]
    fn refusals() {
        for bad in [
            "",
            "[P]",
            "[P [p]",
            "P []",
            "[K] []",
            "[X] []",
            "[] [] hello",
            "[] [] WK",
            "[PPPPPPPPPPPPPPPPP] []",
            "[\u{e9}] []",
            "[P] [\u{e9}",
            "[P] [p] \u{e9}",
            "[P] [p] W\u{e9}",
            "\u{e9}[P] [p]",
        ] {
            assert!(parse_holding(bad).is_err(), "{bad}");
        }
    }
}

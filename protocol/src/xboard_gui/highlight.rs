//! Target-square markers for XBoard's `lift`/`put` (CECP `highlight`): when
//! the user picks up a piece, the engine answers with a FEN-like board whose
//! letters are colours, and XBoard then refuses drops on unmarked squares
//! even with `-testLegality false`. Colours used (upper case: legal targets):
//! `Y` yellow, an empty square; `R` red, a square with a piece on it (a
//! capture, or in tavreli a move onto a tower); `M` magenta, a promotion
//! (XBoard asks for the piece). A piece picked up from the holdings (Swedish
//! chess, [`super::holdings`]) marks the squares it may be dropped on.

use super::board::{move_squares, run_length, stack, Square};
use super::holdings;
use movegen::view::View;
use movegen::Color;

/// The `highlight` line for the piece on `square` (a board square, or a
/// holdings square when the position has reserves): its legal targets among
/// `legal` (coordinate moves) in the position `view` (in tavreli the moves
/// of the whole tower: XBoard plays no splits). An error text when the
/// square is malformed or empty.
pub fn lift(view: &View, legal: &[String], square: &str) -> Result<String, String> {
    let targets = match (holdings::held_piece(square, view), view.reserve_letters()) {
        (Some(piece), Some(reserve)) => drop_targets(view, legal, piece, &reserve)?,
        _ => move_targets(view, legal, square)?,
    };
    let mut marks = vec![vec![None; view.files]; view.ranks];
    for (to, colour) in targets {
        marks[view.ranks - 1 - to.rank][to.file] = Some(colour);
    }
    Ok(colour_fen(&marks))
}

/// The marked targets of the board piece on `square`.
fn move_targets(
    view: &View,
    legal: &[String],
    square: &str,
) -> Result<Vec<(Square, char)>, String> {
    let from = Square::parse(square)
        .filter(|s| s.file < view.files)
        .ok_or("not a square")?;
    let height = stack(view, from).len();
    if height == 0 {
        return Err("no piece on that square".to_string());
    }
    let mut targets = Vec::new();
    for m in legal {
        let Some((f, k, to)) = move_squares(m) else {
            continue;
        };
        let whole = k.is_none() || k == Some(height);
        if f != from || !whole {
            continue;
        }
        let colour = if m.len() > 4 && m.ends_with(|c: char| c.is_ascii_lowercase()) && k.is_none()
        {
            'M'
        } else if !stack(view, to).is_empty() {
            'R'
        } else {
            'Y'
        };
        targets.push((to, colour));
    }
    Ok(targets)
}

/// The squares (yellow: drops land on empty squares) where `piece` (a FEN
/// letter, upper case White) from the holdings may be dropped: the drops of
/// its kind among `legal` when its side is to move, none otherwise.
fn drop_targets(
    view: &View,
    legal: &[String],
    piece: char,
    reserve: &str,
) -> Result<Vec<(Square, char)>, String> {
    if !reserve.contains(piece) {
        return Err("no piece on that square".to_string());
    }
    let side = if piece.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    if view.side_to_move != side {
        return Ok(Vec::new());
    }
    let prefix = format!("{}@", piece.to_ascii_uppercase());
    Ok(legal
        .iter()
        .filter_map(|m| Square::parse(m.strip_prefix(&prefix)?))
        .map(|to| (to, 'Y'))
        .collect())
}

/// The `highlight` line that clears every marker on a board `width` files
/// wide.
pub fn clear(width: usize) -> String {
    colour_fen(&vec![vec![None; width]; 8])
}

fn colour_fen(marks: &[Vec<Option<char>>]) -> String {
    let rows: Vec<String> = marks
        .iter()
        .map(|r| run_length(r.iter().copied()))
        .collect();
    format!("highlight {}", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    use movegen::drops::CrazyhousePosition;
    use movegen::tavreli::TavreliPosition;
    use movegen::{Chess, Position};

    fn moves(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn chess(fen: &str) -> View {
        Chess::from_fen(fen).unwrap().view()
    }

    fn drops(fen: &str) -> View {
        CrazyhousePosition::from_fen(fen).unwrap().view()
    }

    #[test]
    fn targets_captures_and_promotions() {
        let fen = &chess("4k3/1P6/8/8/8/8/4P3/R3K2R w KQ - 0 1");
        let legal = moves("b7b8q b7b8n e2e3 e2e4 a1a8 a1a2 e1g1");
        assert_eq!(
            lift(fen, &legal, "e2").unwrap(),
            "highlight 8/8/8/8/4Y3/4Y3/8/8"
        );
        assert_eq!(
            lift(fen, &legal, "b7").unwrap(),
            "highlight 1M6/8/8/8/8/8/8/8"
        );
        assert_eq!(
            lift(fen, &legal, "h1").unwrap(),
            "highlight 8/8/8/8/8/8/8/8"
        );
        assert!(lift(fen, &legal, "e5").is_err());
        assert!(lift(fen, &legal, "z9").is_err());
        assert!(lift(fen, &legal, "i1").is_err());
    }

    #[test]
    fn drops_from_the_holdings() {
        let fen = &drops("4k3/8/8/8/8/8/8/4K3[Rn] w - - 0 1");
        let legal = moves("e1d1 R@a2 R@h8 N@c3");
        assert_eq!(
            lift(fen, &legal, "j4").unwrap(),
            "highlight 7Y/8/8/8/8/8/Y7/8"
        );
        // Black's knight while White is to move: no targets.
        assert_eq!(
            lift(fen, &legal, "_7").unwrap(),
            "highlight 8/8/8/8/8/8/8/8"
        );
        let black = drops("4k3/8/8/8/8/8/8/4K3[Rn] b - - 0 1");
        assert_eq!(
            lift(&black, &moves("N@c3 e8d8"), "_7").unwrap(),
            "highlight 8/8/8/8/8/2Y5/8/8"
        );
        // A kind not in hand, and holdings squares without a reserve.
        assert!(lift(fen, &legal, "j5").is_err());
        assert!(lift(&chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &legal, "j4").is_err());
    }

    #[test]
    fn towers_mark_their_whole_tower_moves() {
        let fen = &TavreliPosition::from_fen("4k3/8/8/8/8/5(NP)2/8/4K3 w - - 0 1")
            .unwrap()
            .view();
        let legal = moves("f3(1)e5 f3e5 f3(1)g5 f3(2)d4");
        assert_eq!(
            lift(fen, &legal, "f3").unwrap(),
            "highlight 8/8/8/4Y3/3Y4/8/8/8"
        );
        assert_eq!(clear(16), "highlight 16/16/16/16/16/16/16/16");
    }
}

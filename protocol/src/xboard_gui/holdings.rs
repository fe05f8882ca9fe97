//! XBoard's holdings on a board with drops (Swedish chess as
//! `8x8+5_bughouse`, `docs/xboard.md`): the holdings field of the `setup`
//! FEN, and the squares XBoard names in `lift` for a piece in hand.
//!
//! XBoard draws Black's holdings left of the board and White's right of it,
//! one square per piece kind in the order of the piece table (P N B R Q),
//! with a column of counts between holdings and board. It names these
//! squares as if the files went on past the board: White's holdings are
//! file `j` (two files right of `h`) counted from the bottom, Black's are
//! file `_` (two files left of `a`) counted from the top. So `lift j4` picks
//! up White's rook in hand and `lift _7` Black's knight (XBoard 4.9.1's debug
//! log).

use movegen::view::View;

/// The piece kinds of XBoard's holdings, slot by slot (the order of
/// the chess piece table of the registry).
const HELD: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];

/// The holdings as XBoard writes and reads them behind the placement:
/// `[QRnp]`, or `[-]` when both hands are empty. None without reserves.
pub fn holdings_field(view: &View) -> Option<String> {
    let held = view.reserve_letters()?;
    Some(if held.is_empty() {
        "[-]".to_string()
    } else {
        format!("[{held}]")
    })
}

/// The piece in hand that XBoard means by `square` next to the board of
/// `view` (its FEN letter, upper case White: `j4` is `R`, `_7` is `n`), or
/// None when `square` is not a holdings square.
pub fn held_piece(square: &str, view: &View) -> Option<char> {
    let b = square.as_bytes();
    if b.len() != 2 || !b[1].is_ascii_digit() {
        return None;
    }
    let rank = (b[1] - b'0') as usize;
    let height = view.ranks;
    if !(1..=height).contains(&rank) {
        return None;
    }
    let white_file = b'a' + view.files as u8 + 1;
    match b[0] {
        f if f == white_file => HELD.get(rank - 1).copied(),
        b'_' => HELD.get(height - rank).map(char::to_ascii_lowercase),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::CrazyhousePosition;
    use movegen::{Chess, Position};

    const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[QRnp] w KQkq - 0 4";

    fn view(fen: &str) -> View {
        CrazyhousePosition::from_fen(fen).unwrap().view()
    }

    #[test]
    fn reserves_and_their_xboard_field() {
        assert_eq!(holdings_field(&view(FEN)).unwrap(), "[QRnp]");
        assert_eq!(
            holdings_field(&view("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")).unwrap(),
            "[-]"
        );
        assert_eq!(holdings_field(&Chess::startpos().view()), None);
    }

    #[test]
    fn holdings_squares_name_pieces() {
        let board = view(FEN);
        let held = |s| held_piece(s, &board);
        assert_eq!(held("j1"), Some('P'));
        assert_eq!(held("j4"), Some('R'));
        assert_eq!(held("j5"), Some('Q'));
        assert_eq!(held("_8"), Some('p'));
        assert_eq!(held("_7"), Some('n'));
        assert_eq!(held("_4"), Some('q'));
        // The sixth slot (a king) and the count columns are not holdings.
        assert_eq!(held("j6"), None);
        assert_eq!(held("_3"), None);
        assert_eq!(held("i4"), None);
        assert_eq!(held("e4"), None);
        assert_eq!(held("j9"), None);
        assert_eq!(held("j0"), None);
        assert_eq!(held("j"), None);
    }
}

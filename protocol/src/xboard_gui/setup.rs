//! The `setup` command that tells XBoard (4.8 and later) what an
//! engine-defined variant looks like: piece letters, board size, holdings
//! size, the parent variant whose rules XBoard borrows, and the position, as
//! `setup (PIECETOCHAR) WxH+S_PARENT FEN`. XBoard reads a plain FEN only
//! (placement with holdings `[...]`, side, castling, en passant, two
//! counters), so our extension fields and tower notation are left out here.

use super::board::tops;
use super::holdings::holdings_field;
use movegen::view::View;
use movegen::VariantId;

/// The `setup` line for the position `view` of `variant`, or None for the
/// variants XBoard knows itself (chess, crazyhouse, bughouse): the
/// registry's piece table and board.
pub fn setup_line(variant: VariantId, view: &View) -> Option<String> {
    let info = variant.info();
    let pieces = info.xboard_setup?.pieces;
    Some(format!(
        "setup ({pieces}) {} {}",
        info.xboard_board()?,
        xboard_fen(view)
    ))
}

/// The position as XBoard reads a FEN: the tops of the towers only, the
/// holdings in XBoard's form (`[QRnp]`, `[-]` for none) where the variant
/// has reserves, six fields, one en passant square at most; a progressive
/// position's counters as `0 1` (its own are the series').
pub fn xboard_fen(view: &View) -> String {
    let ep = match view.en_passant.as_slice() {
        [one] if one.len() == 2 => one.as_str(),
        _ => "-",
    };
    let (half, full) = if view.series.is_some() {
        (0, 1)
    } else {
        (view.halfmove, view.number)
    };
    format!(
        "{}{} {} {} {ep} {half} {full}",
        tops(view),
        holdings_field(view).unwrap_or_default(),
        view.side_to_move.fen_char(),
        view.castling
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::SwedishPosition;
    use movegen::progressive::ItalianPosition;
    use movegen::tavreli::TavreliPosition;
    use movegen::tranzit::TranzitPosition;
    use movegen::{Chess, Position};

    #[test]
    fn setup_lines() {
        let t = "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1";
        let tranzit = |fen| TranzitPosition::from_fen(fen).unwrap().view();
        assert_eq!(
            setup_line(VariantId::Tranzit, &tranzit(t)).unwrap(),
            format!("setup (PNBRQKpnbrqk) 16x8+0_fairy {t}")
        );
        let x = "4k11/16/16/16/16/16/8K7/16 b - - 3 9 w- W";
        assert_eq!(
            xboard_fen(&tranzit(x)),
            "4k11/16/16/16/16/16/8K7/16 b - - 3 9"
        );
        let v = "rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
        let v = TavreliPosition::from_fen(v).unwrap().view();
        assert_eq!(
            setup_line(VariantId::Tavreli, &v).unwrap(),
            "setup (PNBRQ...............HKpnbrq...............hk) 8x8+0_fairy \
             rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
        );
        let p = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1";
        assert_eq!(
            xboard_fen(&ItalianPosition::from_fen(p).unwrap().view()),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
        );
        let s = "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RN~BQKBNR[Qn] w KQkq d6 0 3";
        let s = SwedishPosition::from_fen(s).unwrap().view();
        assert_eq!(
            setup_line(VariantId::Swedish, &s).unwrap(),
            "setup (PNBRQKpnbrqk) 8x8+5_bughouse \
             rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR[Qn] w KQkq d6 0 3"
        );
        let empty = SwedishPosition::from_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
        assert!(xboard_fen(&empty.view()).starts_with("4k3/8/8/8/8/8/8/4K3[-] w"));
        assert_eq!(
            setup_line(VariantId::Chess, &Chess::startpos().view()),
            None
        );
    }
}

//! The `setup` command that tells XBoard (4.8 and later) what an
//! engine-defined variant looks like: piece letters, board size, holdings
//! size, the parent variant whose rules XBoard borrows, and the position, as
//! `setup (PIECETOCHAR) WxH+S_PARENT FEN`. XBoard reads a plain FEN only
//! (placement with holdings `[...]`, side, castling, en passant, two
//! counters), so our extension fields and tower notation are left out here.

use super::board::Placement;
use super::holdings::holdings_field;
use movegen::VariantId;

/// The `setup` line for the position `fen` of `variant`, or None for the
/// variants XBoard knows itself (chess, crazyhouse, bughouse): the
/// registry's piece table and board.
pub fn setup_line(variant: VariantId, fen: &str) -> Option<String> {
    let info = variant.info();
    let pieces = info.xboard_setup?.pieces;
    Some(format!(
        "setup ({pieces}) {} {}",
        info.xboard_board()?,
        xboard_fen(variant, fen)?
    ))
}

/// Our FEN of `variant` as XBoard reads it: the tops of the towers only
/// (the `~` of promoted pieces dropped), the holdings in XBoard's form
/// (`[QRnp]`, `[-]` for none) where the variant has reserves, six fields,
/// one en passant square at most.
pub fn xboard_fen(variant: VariantId, fen: &str) -> Option<String> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() < 4 {
        return None;
    }
    let placement = Placement::parse(fen)?;
    let ep = if f[3].len() == 2 { f[3] } else { "-" };
    let (half, full) = if variant.info().series {
        // Fields 5–6 are the series counter and number there.
        ("0", "1")
    } else {
        (
            f.get(4).copied().unwrap_or("0"),
            f.get(5).copied().unwrap_or("1"),
        )
    };
    Some(format!(
        "{}{} {} {} {ep} {half} {full}",
        placement.tops(),
        holdings_field(fen).unwrap_or_default(),
        f[1],
        f[2]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_lines() {
        let t = "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1";
        assert_eq!(
            setup_line(VariantId::Tranzit, t).unwrap(),
            format!("setup (PNBRQKpnbrqk) 16x8+0_fairy {t}")
        );
        let x = "4k11/16/16/16/16/16/8K7/16 b - - 3 9 w- W";
        assert_eq!(
            xboard_fen(VariantId::Tranzit, x).unwrap(),
            "4k11/16/16/16/16/16/8K7/16 b - - 3 9"
        );
        let v = "rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
        assert_eq!(
            setup_line(VariantId::Tavreli, v).unwrap(),
            format!(
                "setup (PNBRQ...............HKpnbrq...............hk) 8x8+0_fairy rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
            )
        );
        let p = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1";
        assert_eq!(
            xboard_fen(VariantId::ProgressiveItalian, p).unwrap(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            xboard_fen(VariantId::ProgressiveEnglish, "8/8 w - d6f6 0 4").unwrap(),
            "8/8 w - - 0 1"
        );
        let s = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RN~BQKBNR[Qn] w KQkq e6 0 2";
        assert_eq!(
            setup_line(VariantId::Swedish, s).unwrap(),
            "setup (PNBRQKpnbrqk) 8x8+5_bughouse rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Qn] w KQkq e6 0 2"
        );
        assert!(
            xboard_fen(VariantId::Swedish, "8/8/8/8/8/8/8/8[] w - - 0 1")
                .unwrap()
                .starts_with("8/8/8/8/8/8/8/8[-] w")
        );
        assert_eq!(setup_line(VariantId::Chess, t), None);
    }
}

//! The `setup` command that tells XBoard (4.8 and later) what an
//! engine-defined variant looks like: piece letters, board size, holdings
//! size, the parent variant whose rules XBoard borrows, and the position, as
//! `setup (PIECETOCHAR) WxH+S_PARENT FEN`. XBoard reads a plain FEN only
//! (placement with holdings `[...]`, side, castling, en passant, two
//! counters), so our extension fields and tower notation are left out here.

use super::board::Placement;
use super::holdings::holdings_field;

/// The piece table for chess pieces: XBoard's 22 piece slots per colour
/// shortened to P N B R Q and the king.
pub const CHESS_PIECES: &str = "PNBRQKpnbrqk";

/// The piece table for tavreli: the Helgi `H` (queen + knight) in XBoard's
/// Unicorn slot (the 21st of 22), drawn as a horned knight.
pub const TAVRELI_PIECES: &str = "PNBRQ...............HKpnbrq...............hk";

/// The board of Swedish chess: 8x8 with five holdings slots (P N B R Q)
/// and XBoard's bughouse rules, under which a capture does not go to the
/// capturer's holdings (in Swedish chess it goes to the partner, on the
/// other board); with `crazyhouse` XBoard would add it to the capturer's.
pub const SWEDISH_BOARD: &str = "8x8+5_bughouse";

/// The `setup` line for the position `fen` of `variant`, or None for the
/// variants XBoard knows itself (chess, crazyhouse, bughouse, ...).
pub fn setup_line(variant: &str, fen: &str) -> Option<String> {
    let (pieces, board) = match variant {
        "tranzit" => (CHESS_PIECES, "16x8+0_fairy"),
        "tavreli" => (TAVRELI_PIECES, "8x8+0_fairy"),
        "swedish" => (CHESS_PIECES, SWEDISH_BOARD),
        v if v.starts_with("progressive-") => (CHESS_PIECES, "8x8+0_fairy"),
        _ => return None,
    };
    Some(format!(
        "setup ({pieces}) {board} {}",
        xboard_fen(variant, fen)?
    ))
}

/// Our FEN of `variant` as XBoard reads it: the tops of the towers only
/// (the `~` of promoted pieces dropped), the holdings in XBoard's form
/// (`[QRnp]`, `[-]` for none) where the variant has reserves, six fields,
/// one en passant square at most.
pub fn xboard_fen(variant: &str, fen: &str) -> Option<String> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() < 4 {
        return None;
    }
    let placement = Placement::parse(fen)?;
    let ep = if f[3].len() == 2 { f[3] } else { "-" };
    let (half, full) = if variant.starts_with("progressive-") {
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
    fn tables_have_one_letter_per_slot() {
        assert_eq!(TAVRELI_PIECES.len(), 44);
        assert_eq!(TAVRELI_PIECES.find('H'), Some(20));
    }

    #[test]
    fn setup_lines() {
        let t = "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1";
        assert_eq!(
            setup_line("tranzit", t).unwrap(),
            format!("setup (PNBRQKpnbrqk) 16x8+0_fairy {t}")
        );
        let x = "4k11/16/16/16/16/16/8K7/16 b - - 3 9 w- W";
        assert_eq!(
            xboard_fen("tranzit", x).unwrap(),
            "4k11/16/16/16/16/16/8K7/16 b - - 3 9"
        );
        let v = "rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
        assert_eq!(
            setup_line("tavreli", v).unwrap(),
            format!(
                "setup ({TAVRELI_PIECES}) 8x8+0_fairy rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
            )
        );
        let p = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1";
        assert_eq!(
            xboard_fen("progressive-italian", p).unwrap(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            xboard_fen("progressive-english", "8/8 w - d6f6 0 4").unwrap(),
            "8/8 w - - 0 1"
        );
        let s = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RN~BQKBNR[Qn] w KQkq e6 0 2";
        assert_eq!(
            setup_line("swedish", s).unwrap(),
            "setup (PNBRQKpnbrqk) 8x8+5_bughouse rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Qn] w KQkq e6 0 2"
        );
        assert!(xboard_fen("swedish", "8/8/8/8/8/8/8/8[] w - - 0 1")
            .unwrap()
            .starts_with("8/8/8/8/8/8/8/8[-] w"));
        assert_eq!(setup_line("chess", t), None);
    }
}

//! Helpers for the tests: the unit tests reach this module as
//! `crate::test_support`, the integration tests in `tests/` include the file
//! with `#[path]`, so every test mirrors positions the same way.

/// The colour-flipped mirror of a FEN, for every variant's FEN: in the
/// placement (towers, `~`, `=X` and `^` marks included) and in a `[...]`
/// reserve the ranks are reversed and the letters' cases swapped; the side to
/// move is swapped, the castling letters too (White's first, in their order),
/// the en passant square goes to the mirrored rank, and the move counters are
/// kept.
pub fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let (placement, reserve) = match f[0].split_once('[') {
        Some((placement, reserve)) => (placement, Some(reserve)),
        None => (f[0], None),
    };
    let ranks: Vec<String> = placement.split('/').rev().map(swap_case).collect();
    let mut out = ranks.join("/");
    if let Some(reserve) = reserve {
        out.push('[');
        out.push_str(&swap_case(reserve));
    }
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap_case(f[2]).chars().collect();
    castling.sort_by_key(char::is_ascii_lowercase);
    let castling: String = castling.into_iter().collect();
    let ep = match f[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => f[3].to_string(),
    };
    out.push_str(&format!(" {side} {castling} {ep}"));
    for counter in &f[4..] {
        out.push(' ');
        out.push_str(counter);
    }
    out
}

/// `s` with upper- and lower-case letters swapped.
fn swap_case(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

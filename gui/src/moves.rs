//! Legal moves as the page reads them: each in coordinates with its parts
//! ([`MoveParts`]).

use super::doc::board::LegalMove;
use movegen::view::MoveParts;

/// The move `uci` with its parts: `from` (null for a drop), `to`,
/// `promo`, `drop`, `k` (tavreli: pieces taken off the tower's top; null
/// for the whole tower).
pub fn legal_move(uci: &str) -> LegalMove {
    let p = MoveParts::parse(uci).unwrap_or_default();
    LegalMove {
        uci: uci.to_string(),
        from: p.from,
        to: p.to,
        promo: p.promotion,
        drop: p.drop,
        k: p.split,
    }
}

#[cfg(test)]
mod tests {
    use crate::doc::to_text;

    #[test]
    fn parts() {
        assert_eq!(
            to_text(&super::legal_move("f3(2)f6")),
            r#"{"uci":"f3(2)f6","from":"f3","to":"f6","promo":null,"drop":null,"k":2}"#
        );
        assert_eq!(
            to_text(&super::legal_move("N@f3")),
            r#"{"uci":"N@f3","from":null,"to":"f3","promo":null,"drop":"N","k":null}"#
        );
    }
}

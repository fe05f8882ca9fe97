//! Legal moves as the page reads them: each in coordinates with its parts
//! ([`MoveParts`]).

use arena::json::Json;
use movegen::view::MoveParts;

/// The move `uci` with its parts: `from` (null for a drop), `to`,
/// `promo`, `drop`, `k` (tavreli: pieces taken off the tower's top; null
/// for the whole tower).
pub fn to_json(uci: &str) -> Json {
    let p = MoveParts::parse(uci).unwrap_or_default();
    Json::obj()
        .with("uci", uci)
        .with("from", p.from)
        .with("to", p.to)
        .with("promo", p.promotion.map(|c| c.to_string()))
        .with("drop", p.drop.map(|c| c.to_string()))
        .with("k", p.split)
}

#[cfg(test)]
mod tests {
    #[test]
    fn parts() {
        assert_eq!(
            super::to_json("f3(2)f6").to_text(),
            r#"{"uci":"f3(2)f6","from":"f3","to":"f6","promo":null,"drop":null,"k":2}"#
        );
        assert_eq!(
            super::to_json("N@f3").to_text(),
            r#"{"uci":"N@f3","from":null,"to":"f3","promo":null,"drop":"N","k":null}"#
        );
    }
}

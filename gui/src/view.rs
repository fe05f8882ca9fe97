//! What the board shows, as the page reads it: a position's
//! [`View`](movegen::view::View) (squares, reserves, panes, series) as
//! JSON, with the legal moves and the last move taken apart.

use super::moves;
use arena::json::Json;
use movegen::view::{BoardResult, MoveParts, PieceView, View};
use movegen::Color;

/// `white` or `black`.
pub fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// One piece as JSON: `{"c": "w", "k": "P"}`, with `promoted` and `id`
/// (a tavreli pawn's promotion kind) when set.
fn piece_json(p: &PieceView) -> Json {
    let mut j = Json::obj()
        .with("c", if p.color == Color::White { "w" } else { "b" })
        .with("k", p.kind.to_string());
    if p.promoted {
        j = j.with("promoted", true);
    }
    if let Some(id) = p.identity {
        j = j.with("id", id.to_string());
    }
    j
}

/// The squares as JSON: one array per square (rank 1 and file a first),
/// top first.
fn squares_json(v: &View) -> Json {
    Json::Arr(
        v.squares
            .iter()
            .map(|s| Json::Arr(s.iter().map(piece_json).collect()))
            .collect(),
    )
}

/// The reserves as JSON: `{"white": {"Q": 1}, "black": {...}}`, or null.
fn reserves_json(v: &View) -> Json {
    match &v.reserves {
        None => Json::Null,
        Some(hands) => {
            let side = |h: &Vec<(char, u8)>| {
                Json::Obj(
                    h.iter()
                        .map(|(k, n)| (k.to_string(), Json::from(u32::from(*n))))
                        .collect(),
                )
            };
            Json::obj()
                .with("white", side(&hands[0]))
                .with("black", side(&hands[1]))
        }
    }
}

/// A board's result in words.
fn result_words(r: BoardResult) -> &'static str {
    match r {
        BoardResult::Live => "live",
        BoardResult::Won(Color::White) => "won by White",
        BoardResult::Won(Color::Black) => "won by Black",
        BoardResult::Drawn => "drawn",
    }
}

/// The boards the grid is cut into (tranzit's two; one for the rest, with
/// an empty label and no result).
fn panes_json(v: &View) -> Json {
    if v.panes.len() == 1 {
        return Json::Arr(vec![Json::obj()
            .with("label", "")
            .with("file0", 0)
            .with("files", v.files)
            .with("result", Json::Null)]);
    }
    Json::Arr(
        v.panes
            .iter()
            .map(|p| {
                let scoreless: Vec<&str> = p.scoreless.iter().map(|&c| color_word(c)).collect();
                Json::obj()
                    .with("label", p.label)
                    .with("file0", p.file0)
                    .with("files", p.files)
                    .with("result", result_words(p.result))
                    .with("scoreless", scoreless)
            })
            .collect(),
    )
}

/// One board of the state document: `id` (`main`; `A`, `B` in team
/// games), the position's view, the moves the person may make here and
/// the last move played here, in coordinates.
pub fn board_json(id: &str, v: &View, legal: &[String], last: Option<&str>) -> Json {
    let legal: Vec<Json> = legal.iter().map(|m| moves::to_json(m)).collect();
    let last = match last.and_then(MoveParts::parse) {
        Some(m) => Json::obj().with("from", m.from).with("to", m.to),
        None => Json::Null,
    };
    let round = v.series.as_ref().map_or(Vec::new(), |s| s.round.clone());
    Json::obj()
        .with("id", id)
        .with("files", v.files)
        .with("ranks", v.ranks)
        .with("squares", squares_json(v))
        .with("reserves", reserves_json(v))
        .with("panes", panes_json(v))
        .with("legal", Json::Arr(legal))
        .with("last", last)
        .with("check", v.check.map(|i| v.square_name(i)))
        .with("round", round)
}

/// The series of a progressive game (null in other variants).
pub fn series_json(v: &View) -> Json {
    match &v.series {
        None => Json::Null,
        Some(s) => Json::obj()
            .with("number", s.number)
            .with("played", s.played)
            .with("length", s.number)
            .with("color", color_word(v.side_to_move)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::CrazyhousePosition;
    use movegen::progressive::EnglishPosition;
    use movegen::tranzit::TranzitPosition;
    use movegen::Position;

    #[test]
    fn tranzit_panes_and_progressive_series() {
        let t = TranzitPosition::from_fen("4k11/16/16/16/16/16/16/4K11 w - - 0 1 -b B").unwrap();
        assert_eq!(
            panes_json(&t.view()).to_text(),
            r#"[{"label":"I","file0":0,"files":8,"result":"live","scoreless":[]},{"label":"II","file0":8,"files":8,"result":"won by Black","scoreless":["white"]}]"#
        );
        let p = EnglishPosition::from_fen("4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 5 2 e2,b1").unwrap();
        let v = p.view();
        assert_eq!(
            series_json(&v).to_text(),
            r#"{"number":5,"played":2,"length":5,"color":"white"}"#
        );
        assert_eq!(v.series.unwrap().round, ["b1", "e2"]);
    }

    #[test]
    fn squares_and_reserves_as_json() {
        let z = CrazyhousePosition::from_fen("4k3/8/8/8/8/8/8/Q~3K3[Qn] w - - 0 1").unwrap();
        let v = z.view();
        let squares = squares_json(&v).to_text();
        assert!(
            squares.starts_with(r#"[[{"c":"w","k":"Q","promoted":true}],[]"#),
            "{squares}"
        );
        assert_eq!(
            reserves_json(&v).to_text(),
            r#"{"white":{"Q":1},"black":{"N":1}}"#
        );
    }
}

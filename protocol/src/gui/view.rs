//! What the board shows, from the position's FEN: the squares and
//! reserves as JSON (read by [`crate::placement`]) and the fields after the
//! placement that some variants add (tranzit's board results, the
//! progressive series).

use super::json::Json;
use crate::placement::{Grid, PieceView};

/// One piece as JSON: `{"c": "w", "k": "P"}`, with `promoted` and `id`
/// (a tavreli pawn's promotion kind) when set.
fn piece_json(p: &PieceView) -> Json {
    let mut j = Json::obj()
        .with("c", if p.white { "w" } else { "b" })
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
pub fn squares_json(g: &Grid) -> Json {
    Json::Arr(
        g.squares
            .iter()
            .map(|s| Json::Arr(s.iter().map(piece_json).collect()))
            .collect(),
    )
}

/// The reserves as JSON: `{"white": {"Q": 1}, "black": {...}}`, or null.
pub fn reserves_json(g: &Grid) -> Json {
    match &g.reserves {
        None => Json::Null,
        Some(hands) => {
            let side = |h: &Vec<(char, u32)>| {
                Json::Obj(
                    h.iter()
                        .map(|(k, n)| (k.to_string(), Json::from(*n)))
                        .collect(),
                )
            };
            Json::obj()
                .with("white", side(&hands[0]))
                .with("black", side(&hands[1]))
        }
    }
}

/// A board result of tranzit's FEN field 7 in words.
fn tranzit_result(c: char) -> &'static str {
    match c {
        'w' => "won by White",
        'b' => "won by Black",
        'd' => "drawn",
        _ => "live",
    }
}

/// Tranzit's two board results (FEN field 7: `--`, `w-`, ...) in words.
pub fn tranzit_results(fen: &str) -> [&'static str; 2] {
    let field: Vec<char> = fen
        .split_whitespace()
        .nth(6)
        .unwrap_or("--")
        .chars()
        .collect();
    [
        tranzit_result(field.first().copied().unwrap_or('-')),
        tranzit_result(field.get(1).copied().unwrap_or('-')),
    ]
}

/// Tranzit's two boards as the page's panes (files a-h and i-p of the
/// grid), each with its result (FEN field 7) and, for board II, the sides
/// that have made no transfer from board I yet (FEN field 8): T14 scores
/// them 0 there.
pub fn tranzit_panes(fen: &str) -> Vec<Json> {
    let results = tranzit_results(fen);
    let moved = fen.split_whitespace().nth(7).unwrap_or("-");
    let scoreless: Vec<&str> = [('W', "white"), ('B', "black")]
        .iter()
        .filter(|(letter, _)| !moved.contains(*letter))
        .map(|(_, word)| *word)
        .collect();
    [("I", 0, Vec::new()), ("II", 8, scoreless)]
        .into_iter()
        .zip(results)
        .map(|((label, file0, scoreless), result)| {
            Json::obj()
                .with("label", label)
                .with("file0", file0)
                .with("files", 8)
                .with("result", result)
                .with("scoreless", scoreless)
        })
        .collect()
}

/// Where a progressive game stands: the series number n (also its length),
/// the moves already played in it, and (English) the squares of the
/// pieces that have moved in the current round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The series number (White's when odd).
    pub number: u32,
    /// Moves already played in it.
    pub played: u32,
    /// English: squares of the pieces that moved in this round.
    pub round: Vec<String>,
}

/// The series fields of a progressive FEN (6, 7 and 8).
pub fn progressive_series(fen: &str) -> Series {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let played = fields.get(6).and_then(|n| n.parse().ok()).unwrap_or(0);
    let round = match fields.get(7) {
        Some(&"-") | None => Vec::new(),
        Some(list) => list
            .split(',')
            .map(|s| s.trim_end_matches('~').to_string())
            .filter(|s| !s.is_empty())
            .collect(),
    };
    Series {
        number,
        played,
        round,
    }
}

/// The number a move carries in the record: the FEN's last counter before
/// it (the full-move number; in progressive chess the series number).
pub fn move_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_fields() {
        assert_eq!(
            tranzit_results("16/16/16/16/16/16/16/16 w - - 0 1 wd W"),
            ["won by White", "drawn"]
        );
        assert_eq!(
            tranzit_results("16/16/16/16/16/16/16/16 w - - 0 1"),
            ["live", "live"]
        );
        let panes = tranzit_panes("16/16/16/16/16/16/16/16 w - - 0 1 -b B");
        assert_eq!(
            Json::Arr(panes).to_text(),
            r#"[{"label":"I","file0":0,"files":8,"result":"live","scoreless":[]},{"label":"II","file0":8,"files":8,"result":"won by Black","scoreless":["white"]}]"#
        );
        let s = progressive_series("8/8/8/8/8/8/8/8 w - - 0 5 2 e2,b8~");
        assert_eq!((s.number, s.played), (5, 2));
        assert_eq!(s.round, ["e2", "b8"]);
        assert_eq!(progressive_series("8/8/8/8/8/8/8/8 b - - 0 2").played, 0);
        assert_eq!(move_number("8/8/8/8/8/8/8/8 b - - 0 17"), 17);
    }

    #[test]
    fn squares_and_reserves_as_json() {
        let g = crate::placement::parse_placement("8/8/8/8/8/8/8/(Kp~)7[Qn]", false).unwrap();
        let squares = squares_json(&g).to_text();
        assert!(
            squares.starts_with(r#"[[{"c":"w","k":"K"},{"c":"b","k":"P","promoted":true}],[]"#),
            "{squares}"
        );
        assert_eq!(
            reserves_json(&g).to_text(),
            r#"{"white":{"Q":1},"black":{"N":1}}"#
        );
    }
}

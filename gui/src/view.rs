//! What the board shows, as the page reads it: a position's
//! [`View`](movegen::view::View) (squares, reserves, panes, series) as
//! the state document's parts ([`crate::doc`]), with the legal moves and
//! the last move taken apart.

use super::doc::board::{Board, Hand, LastMove, Pane, Piece, Reserves};
use super::doc::state::Series;
use super::doc::ColorWord;
use super::moves;
use movegen::view::{BoardResult, MoveParts, PieceView, View};
use movegen::Color;

/// One piece.
fn piece(p: &PieceView) -> Piece {
    Piece {
        c: if p.color == Color::White { 'w' } else { 'b' },
        k: p.kind,
        promoted: p.promoted,
        id: p.identity,
    }
}

/// The squares: one list per square (rank 1 and file a first), top first.
fn squares(v: &View) -> Vec<Vec<Piece>> {
    v.squares
        .iter()
        .map(|s| s.iter().map(piece).collect())
        .collect()
}

/// The reserves, if the variant has them.
fn reserves(v: &View) -> Option<Reserves> {
    v.reserves.as_ref().map(|[white, black]| Reserves {
        white: Hand(white.clone()),
        black: Hand(black.clone()),
    })
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
fn panes(v: &View) -> Vec<Pane> {
    if v.panes.len() == 1 {
        return vec![Pane {
            label: "",
            file0: 0,
            files: v.files,
            result: None,
            scoreless: None,
        }];
    }
    v.panes
        .iter()
        .map(|p| Pane {
            label: p.label,
            file0: p.file0,
            files: p.files,
            result: Some(result_words(p.result)),
            scoreless: Some(p.scoreless.iter().map(|&c| c.into()).collect()),
        })
        .collect()
}

/// One board of the state document: `id` (`main`; `A`, `B` in team
/// games), the position's view, the moves the person may make here and
/// the last move played here, in coordinates.
pub fn board(id: &str, v: &View, legal: &[String], last: Option<&str>) -> Board {
    Board {
        id: id.to_string(),
        files: v.files,
        ranks: v.ranks,
        squares: squares(v),
        reserves: reserves(v),
        panes: panes(v),
        legal: legal.iter().map(|m| moves::legal_move(m)).collect(),
        last: last.and_then(MoveParts::parse).map(|m| LastMove {
            from: m.from,
            to: m.to,
        }),
        check: v.check.map(|i| v.square_name(i)),
        round: v.series.as_ref().map_or(Vec::new(), |s| s.round.clone()),
        seated: None,
    }
}

/// The series of a progressive game (`None` in other variants).
pub fn series(v: &View) -> Option<Series> {
    v.series.as_ref().map(|s| Series {
        number: s.number,
        played: s.played,
        length: s.number,
        color: ColorWord::from(v.side_to_move),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::to_text;
    use movegen::drops::CrazyhousePosition;
    use movegen::progressive::EnglishPosition;
    use movegen::tranzit::TranzitPosition;
    use movegen::Position;

    #[test]
    fn tranzit_panes_and_progressive_series() {
        let t = TranzitPosition::from_fen("4k11/16/16/16/16/16/16/4K11 w - - 0 1 -b B").unwrap();
        assert_eq!(
            to_text(&panes(&t.view())),
            r#"[{"label":"I","file0":0,"files":8,"result":"live","scoreless":[]},{"label":"II","file0":8,"files":8,"result":"won by Black","scoreless":["white"]}]"#
        );
        let p = EnglishPosition::from_fen("4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 5 2 e2,b1").unwrap();
        let v = p.view();
        assert_eq!(
            to_text(&series(&v)),
            r#"{"number":5,"played":2,"length":5,"color":"white"}"#
        );
        assert_eq!(v.series.unwrap().round, ["b1", "e2"]);
        let chess = movegen::Chess::startpos().view();
        assert_eq!(
            to_text(&panes(&chess)),
            r#"[{"label":"","file0":0,"files":8,"result":null}]"#
        );
        assert_eq!(to_text(&series(&chess)), "null");
    }

    #[test]
    fn squares_and_reserves_as_json() {
        let z = CrazyhousePosition::from_fen("4k3/8/8/8/8/8/8/Q~3K3[Qn] w - - 0 1").unwrap();
        let v = z.view();
        let squares = to_text(&squares(&v));
        assert!(
            squares.starts_with(r#"[[{"c":"w","k":"Q","promoted":true}],[]"#),
            "{squares}"
        );
        assert_eq!(
            to_text(&reserves(&v)),
            r#"{"white":{"Q":1},"black":{"N":1}}"#
        );
        let b = to_text(&board("main", &v, &[], Some("a1b2")));
        assert!(
            b.ends_with(r#""legal":[],"last":{"from":"a1","to":"b2"},"check":null,"round":[]}"#),
            "{b}"
        );
    }
}

//! The state document of a watched match game (`vsadnik gui --watch`),
//! built from the live file `vsadnik match --live` writes
//! ([`arena::live`]), as read by [`LiveFile::read`]. It is the document the
//! page draws for a game it plays ([`crate::doc::state`]), read-only (no
//! legal moves, turn `watch`), with the players' names and a `watch` part
//! ([`crate::doc::watch`]): the file, the match (round, games, status), the
//! boards of the game (two in a team game; the page draws the one shown)
//! and the finished games.
//!
//! The file's fields are checked by their types when it is read; here the
//! variant must be known and every position one of the variant: a file that
//! is not a live file gives an error, never a panic.

use super::doc::state::{
    all_variants, chess960_variants, team_variants, Clocks, EnginePart, GameResult, Players, State,
};
use super::doc::watch::{BoardSummary, WatchPart};
use super::view;
use arena::live::doc::{LiveBoard, LiveFile, LiveResult};
use arena::live::{FORMAT, VERSION};
use movegen::variant::{dispatch, Position, VariantVisitor};
use movegen::view::View;
use movegen::VariantId;

/// What the watcher adds to the file: the page's choices and its trouble.
#[derive(Clone, Debug, Default)]
pub struct WatchView {
    /// The file watched, as given.
    pub file: String,
    /// The board shown (`main`, `A`, `B`); the first when unknown.
    pub shown: String,
    /// The board turned around.
    pub flipped: bool,
    /// Bumped on every published state.
    pub version: u64,
    /// Why the file cannot be read now (the last good game stays shown).
    pub error: Option<String>,
}

/// A position of `variant` read by its rules, as the board shows it (the
/// error says why the FEN is not one).
fn position_view(variant: VariantId, fen: &str) -> Result<View, String> {
    struct Read<'a>(&'a str);
    impl VariantVisitor for Read<'_> {
        type Output = Result<View, String>;
        fn visit<P: Position>(self) -> Self::Output {
            P::from_fen(self.0)
                .map(|p| p.view())
                .map_err(|e| e.to_string())
        }
    }
    dispatch(variant, Read(fen))
}

/// The start position of `variant`: its FEN and view.
fn start_position(variant: VariantId) -> (String, View) {
    struct Start;
    impl VariantVisitor for Start {
        type Output = (String, View);
        fn visit<P: Position>(self) -> Self::Output {
            let p = P::startpos();
            (p.to_fen(), p.view())
        }
    }
    dispatch(variant, Start)
}

/// The `watch` part of `file` (no game: no round, no boards).
fn watch_part(file: &LiveFile, view: &WatchView) -> WatchPart {
    WatchPart {
        file: view.file.clone(),
        status: file.status.clone(),
        games: file.games,
        tc: file.tc.clone(),
        finished: file.finished.clone(),
        error: view.error.clone(),
        round: None,
        boards: Vec::new(),
        shown: None,
    }
}

/// The state document of the live file `file`, or why it is not one (an
/// unknown variant, a position that is not one of the variant).
pub fn state(file: &LiveFile, view: &WatchView) -> Result<State, String> {
    let variant = VariantId::from_name(&file.variant)
        .ok_or_else(|| format!("unknown variant '{}'", file.variant))?;
    let Some(game) = &file.game else {
        return Ok(before_the_game(variant, file, view));
    };
    let views = game
        .boards
        .iter()
        .map(|b| {
            position_view(variant, &b.fen).map_err(|e| format!("board position '{}': {e}", b.fen))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let shown = game
        .boards
        .iter()
        .position(|b| b.id == view.shown)
        .unwrap_or(0);
    let (Some(board), Some(v)) = (game.boards.get(shown), views.get(shown)) else {
        return Err("the game has no board".to_string());
    };
    let watch = WatchPart {
        round: Some(game.round),
        boards: game
            .boards
            .iter()
            .map(|b| BoardSummary {
                id: b.id.clone(),
                white: b.white.clone(),
                black: b.black.clone(),
                moves: b.moves.len(),
                last: b.moves.last().map(|m| m.text.clone()),
            })
            .collect(),
        shown: Some(board.id.clone()),
        ..watch_part(file, view)
    };
    let clocks = Clocks {
        white: board.clocks.white,
        black: board.clocks.black,
        running: board.clocks.running,
        tc: None,
        at: Some(file.written),
    };
    let result = game.result.as_ref();
    Ok(document(
        variant,
        board,
        v,
        Some(clocks),
        result,
        watch,
        view,
    ))
}

/// The document of `file` before its first game: the variant's start
/// position, no players, no clocks.
fn before_the_game(variant: VariantId, file: &LiveFile, view: &WatchView) -> State {
    let (fen, start) = start_position(variant);
    let board = LiveBoard::new("main", ["", ""], None, fen, 0);
    let watch = watch_part(file, view);
    document(variant, &board, &start, None, None, watch, view)
}

/// The page's document for `board` of the watched game (`v`: its
/// position).
fn document(
    variant: VariantId,
    board: &LiveBoard,
    v: &View,
    clocks: Option<Clocks>,
    result: Option<&LiveResult>,
    watch: WatchPart,
    view: &WatchView,
) -> State {
    let last = board.moves.last().map(|m| m.uci.as_str());
    State {
        version: view.version,
        variant: variant.name(),
        towers: variant.info().towers,
        variants: all_variants(),
        team_variants: team_variants(),
        chess960_variants: chess960_variants(),
        fen: board.fen.clone(),
        start_fen: board.start_fen.clone(),
        side: "watch",
        to_move: v.side_to_move.into(),
        turn: if result.is_none() { "watch" } else { "over" },
        boards: vec![view::board(&board.id, v, &[], last)],
        moves: board.moves.clone(),
        result: result.map(|r| GameResult {
            result: r.result.clone(),
            termination: r.termination.clone(),
            comment: r.comment.clone(),
            outcome: None,
        }),
        clocks,
        engine: EnginePart {
            name: String::new(),
            status: "watching",
            color: None,
            notice: view.error.clone(),
            level: None,
        },
        analysis: false,
        flipped: view.flipped,
        series: view::series(v),
        thinking: None,
        thinking_seq: 0,
        players: Some(Players {
            white: board.white.clone(),
            black: board.black.clone(),
        }),
        watch: Some(watch),
        team: None,
        study: None,
    }
}

/// The document before the file exists: the start position of chess, and
/// the file awaited.
pub fn waiting(view: &WatchView) -> State {
    let file = LiveFile {
        format: FORMAT.to_string(),
        version: VERSION,
        variant: VariantId::DEFAULT.name().to_string(),
        tc: String::new(),
        games: 0,
        status: "no file yet".to_string(),
        written: 0,
        game: None,
        finished: Vec::new(),
    };
    before_the_game(VariantId::DEFAULT, &file, view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::to_text;

    /// A live file of a crazyhouse match (`VARIANT` stands for the name).
    const LIVE: &str = r#"{"format":"vsadnik-live","version":1,"variant":"VARIANT","tc":"10+0.1","games":4,"status":"playing","written":5,
        "game":{"round":2,"boards":[{"id":"main","white":"x","black":"y","start_fen":null,
        "fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2",
        "moves":[{"n":1,"color":"white","text":"e4","uci":"e2e4"},{"n":1,"color":"black","text":"e5","uci":"e7e5"}],
        "clocks":{"white":9000,"black":9500,"running":"white"}}],"result":null},
        "finished":[{"round":1,"white":"y","black":"x","result":"1-0","comment":"White mates"},{"round":"bad"}]}"#;

    fn read(text: &str, view: &WatchView) -> Result<State, String> {
        let text = text.replace("VARIANT", VariantId::Crazyhouse.name());
        state(&LiveFile::read(&text)?, view)
    }

    #[test]
    fn a_live_file_becomes_a_state() {
        let view = WatchView {
            file: "live.json".into(),
            ..WatchView::default()
        };
        let doc = read(LIVE, &view).unwrap();
        assert_eq!(doc.turn, "watch");
        assert_eq!(doc.variant, VariantId::Crazyhouse.name());
        let text = to_text(&doc);
        assert!(
            text.contains(r#""players":{"white":"x","black":"y"}"#),
            "{text}"
        );
        assert!(text.contains(r#""last":{"from":"e7","to":"e5"}"#), "{text}");
        assert!(text.contains(r#""legal":[]"#), "{text}");
        assert!(
            text.contains(
                r#""clocks":{"white":9000,"black":9500,"running":"white","tc":null,"at":5}"#
            ),
            "{text}"
        );
        assert!(
            text.contains(r#""engine":{"name":"","status":"watching","color":null,"notice":null}"#),
            "{text}"
        );
        let watch = to_text(&doc.watch);
        assert_eq!(
            watch,
            r#"{"file":"live.json","status":"playing","games":4,"tc":"10+0.1","finished":[{"round":1,"white":"y","black":"x","result":"1-0","comment":"White mates"}],"error":null,"round":2,"boards":[{"id":"main","white":"x","black":"y","moves":2,"last":"e5"}],"shown":"main"}"#
        );
        let waiting = to_text(&waiting(&view));
        assert!(
            waiting.contains(r#""clocks":null"#)
                && waiting.contains(r#""players":{"white":"","black":""}"#)
                && waiting.ends_with(r#""watch":{"file":"live.json","status":"no file yet","games":0,"tc":"","finished":[],"error":null,"round":null,"boards":[]}}"#),
            "{waiting}"
        );
    }

    #[test]
    fn bad_files_are_errors() {
        let view = WatchView::default();
        for (from, to) in [
            (r#""vsadnik-live""#, r#""other""#),
            (r#""version":1"#, r#""version":9"#),
            (r#""VARIANT""#, r#""nosuch""#),
            ("rnbqkbnr/pppp1ppp", "rnbqkbnrr/pppp1ppp"),
            (r#""running":"white""#, r#""running":"red""#),
            (r#""color":"white""#, r#""color":1"#),
            (r#""boards":["#, r#""boards":[1,"#),
            (r#""moves":["#, r#""moves":5,"x":["#),
            (r#"{"id":"main""#, r#"{"id":7"#),
        ] {
            let bad = LIVE.replacen(from, to, 1);
            assert!(read(&bad, &view).is_err(), "{to}");
        }
        let bad = LIVE.replacen(r#""boards":[{"#, r#""boards":[],"x":[{"#, 1);
        assert_eq!(read(&bad, &view).unwrap_err(), "the game has no board");
    }
}

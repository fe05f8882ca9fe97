//! The state document of a watched match game (`vsadnik gui --watch`),
//! built from the live file `vsadnik match --live` writes
//! ([`arena::live`]). It is the document the page draws for a
//! game it plays ([`super::state`]), read-only (no legal moves, turn
//! `watch`), with the players' names and a `watch` part: the file, the
//! match (round, games, status), the boards of the game (two in a team
//! game; the page draws the one shown) and the finished games.
//!
//! Every field of the file is checked, and every position read by the
//! variant's rules: a file that is not a live file gives an error, never a
//! panic.

use super::view::{board_json, color_word, series_json};
use arena::json::Json;
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

fn text<'a>(doc: &'a Json, key: &str) -> Result<&'a str, String> {
    doc.get(key)
        .and_then(Json::as_str)
        .ok_or_else(|| format!("'{key}' must be a string"))
}

fn number(doc: &Json, key: &str) -> Result<f64, String> {
    match doc.get(key) {
        Some(Json::Num(n)) if n.is_finite() => Ok(*n),
        _ => Err(format!("'{key}' must be a number")),
    }
}

fn optional_text<'a>(doc: &'a Json, key: &str) -> Result<Option<&'a str>, String> {
    match doc.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Str(s)) => Ok(Some(s)),
        Some(_) => Err(format!("'{key}' must be a string or null")),
    }
}

fn list<'a>(doc: &'a Json, key: &str) -> Result<&'a [Json], String> {
    match doc.get(key) {
        Some(Json::Arr(items)) => Ok(items),
        _ => Err(format!("'{key}' must be a list")),
    }
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

/// One board of the file, checked.
struct Board<'a> {
    id: &'a str,
    white: &'a str,
    black: &'a str,
    start_fen: Option<&'a str>,
    fen: &'a str,
    /// The position as the board shows it.
    view: View,
    moves: Vec<Json>,
    clocks: Json,
}

fn read_move(m: &Json) -> Result<Json, String> {
    let color = text(m, "color")?;
    if color != "white" && color != "black" {
        return Err("a move's 'color' must be white or black".to_string());
    }
    Ok(Json::obj()
        .with("n", number(m, "n")?)
        .with("color", color)
        .with("text", text(m, "text")?)
        .with("uci", text(m, "uci")?))
}

fn read_board<'a>(b: &'a Json, variant: VariantId) -> Result<Board<'a>, String> {
    let fen = text(b, "fen")?;
    let view = position_view(variant, fen).map_err(|e| format!("board position '{fen}': {e}"))?;
    let moves = list(b, "moves")?
        .iter()
        .map(read_move)
        .collect::<Result<Vec<_>, _>>()?;
    let clocks = b.get("clocks").ok_or("a board needs 'clocks'")?;
    let running = optional_text(clocks, "running")?;
    if running.is_some_and(|r| r != "white" && r != "black") {
        return Err("'running' must be white, black or null".to_string());
    }
    Ok(Board {
        id: text(b, "id")?,
        white: text(b, "white")?,
        black: text(b, "black")?,
        start_fen: optional_text(b, "start_fen")?,
        fen,
        view,
        moves,
        clocks: Json::obj()
            .with("white", number(clocks, "white")?)
            .with("black", number(clocks, "black")?)
            .with("running", running),
    })
}

fn read_result(doc: &Json) -> Result<Json, String> {
    match doc.get("result") {
        None | Some(Json::Null) => Ok(Json::Null),
        Some(r) => Ok(Json::obj()
            .with("result", text(r, "result")?)
            .with("termination", text(r, "termination")?)
            .with("comment", text(r, "comment")?)),
    }
}

/// A finished game of the list; malformed entries are left out.
fn read_finished(f: &Json) -> Option<Json> {
    Some(
        Json::obj()
            .with("round", number(f, "round").ok()?)
            .with("white", text(f, "white").ok()?)
            .with("black", text(f, "black").ok()?)
            .with("result", text(f, "result").ok()?)
            .with("comment", text(f, "comment").ok()?),
    )
}

/// The state document of the live file `doc`, or why it is not one.
pub fn state(doc: &Json, view: &WatchView) -> Result<Json, String> {
    if doc.get("format").and_then(Json::as_str) != Some(FORMAT) {
        return Err(format!(
            "not a live file of vsadnik match (no \"format\": \"{FORMAT}\")"
        ));
    }
    let version = number(doc, "version")?;
    if version > f64::from(VERSION) {
        return Err(format!(
            "live file version {version}: this program reads version {VERSION}"
        ));
    }
    let name = text(doc, "variant")?;
    let variant = VariantId::from_name(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
    let game = doc.get("game").unwrap_or(&Json::Null);
    let finished: Vec<Json> = list(doc, "finished")?
        .iter()
        .filter_map(read_finished)
        .collect();
    let mut watch = Json::obj()
        .with("file", view.file.as_str())
        .with("status", text(doc, "status")?)
        .with("games", number(doc, "games")?)
        .with("tc", text(doc, "tc")?)
        .with("finished", finished)
        .with("error", view.error.clone());
    let written = number(doc, "written")?;
    if *game == Json::Null {
        let (fen, start) = start_position(variant);
        let board = Board {
            id: "main",
            white: "",
            black: "",
            start_fen: None,
            fen: &fen,
            view: start,
            moves: Vec::new(),
            clocks: Json::Null,
        };
        watch = watch
            .with("round", Json::Null)
            .with("boards", Vec::<Json>::new());
        return Ok(document(variant, &board, Json::Null, written, watch, view));
    }
    let boards = list(game, "boards")?
        .iter()
        .map(|b| read_board(b, variant))
        .collect::<Result<Vec<_>, _>>()?;
    let shown = boards
        .iter()
        .find(|b| b.id == view.shown)
        .or(boards.first())
        .ok_or("the game has no board")?;
    let result = read_result(game)?;
    let summaries: Vec<Json> = boards
        .iter()
        .map(|b| {
            Json::obj()
                .with("id", b.id)
                .with("white", b.white)
                .with("black", b.black)
                .with("moves", b.moves.len())
                .with("last", b.moves.last().and_then(|m| m.get("text")).cloned())
        })
        .collect();
    watch = watch
        .with("round", number(game, "round")?)
        .with("boards", summaries)
        .with("shown", shown.id);
    Ok(document(variant, shown, result, written, watch, view))
}

/// The page's document for `board` of the watched game.
fn document(
    variant: VariantId,
    board: &Board,
    result: Json,
    written: f64,
    watch: Json,
    view: &WatchView,
) -> Json {
    let last = board
        .moves
        .last()
        .and_then(|m| m.get("uci"))
        .and_then(Json::as_str);
    let to_move = board.view.side_to_move;
    let clocks = match &board.clocks {
        Json::Null => Json::Null,
        c => c.clone().with("tc", Json::Null).with("at", written),
    };
    let turn = if result == Json::Null {
        "watch"
    } else {
        "over"
    };
    let board_doc = board_json(board.id, &board.view, &[], last);
    Json::obj()
        .with("version", view.version)
        .with("variant", variant.name())
        .with("towers", variant.info().towers)
        .with(
            "variants",
            movegen::VariantId::ALL
                .map(movegen::VariantId::name)
                .to_vec(),
        )
        .with("fen", board.fen)
        .with("start_fen", board.start_fen)
        .with("side", "watch")
        .with("to_move", color_word(to_move))
        .with("turn", turn)
        .with("boards", vec![board_doc])
        .with("moves", board.moves.clone())
        .with("result", result)
        .with("clocks", clocks)
        .with(
            "engine",
            Json::obj()
                .with("name", "")
                .with("status", "watching")
                .with("color", Json::Null)
                .with("notice", view.error.clone()),
        )
        .with("analysis", false)
        .with("flipped", view.flipped)
        .with("series", series_json(&board.view))
        .with("thinking", Json::Null)
        .with("thinking_seq", 0)
        .with(
            "players",
            Json::obj()
                .with("white", board.white)
                .with("black", board.black),
        )
        .with("watch", watch)
}

/// The document before the file exists: the start position of chess, and
/// the file awaited.
pub fn waiting(view: &WatchView) -> Json {
    let doc = Json::obj()
        .with("format", FORMAT)
        .with("version", VERSION)
        .with("variant", "chess")
        .with("tc", "")
        .with("games", 0)
        .with("status", "no file yet")
        .with("written", 0)
        .with("game", Json::Null)
        .with("finished", Vec::<Json>::new());
    state(&doc, view).unwrap_or(Json::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIVE: &str = r#"{"format":"vsadnik-live","version":1,"variant":"crazyhouse","tc":"10+0.1","games":4,"status":"playing","written":5,
        "game":{"round":2,"boards":[{"id":"main","white":"x","black":"y","start_fen":null,
        "fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2",
        "moves":[{"n":1,"color":"white","text":"e4","uci":"e2e4"},{"n":1,"color":"black","text":"e5","uci":"e7e5"}],
        "clocks":{"white":9000,"black":9500,"running":"white"}}],"result":null},
        "finished":[{"round":1,"white":"y","black":"x","result":"1-0","comment":"White mates"},{"round":"bad"}]}"#;

    #[test]
    fn a_live_file_becomes_a_state() {
        let view = WatchView {
            file: "live.json".into(),
            ..WatchView::default()
        };
        let doc = state(&Json::parse(LIVE).unwrap(), &view).unwrap();
        assert_eq!(doc.get("turn").and_then(Json::as_str), Some("watch"));
        assert_eq!(
            doc.get("variant").and_then(Json::as_str),
            Some("crazyhouse")
        );
        let text = doc.to_text();
        assert!(
            text.contains(r#""players":{"white":"x","black":"y"}"#),
            "{text}"
        );
        assert!(text.contains(r#""last":{"from":"e7","to":"e5"}"#), "{text}");
        assert!(text.contains(r#""legal":[]"#), "{text}");
        assert!(text.contains(r#""at":5"#), "{text}");
        let watch = doc.get("watch").unwrap().to_text();
        assert!(
            watch.contains(r#""round":2"#) && watch.contains("White mates"),
            "{watch}"
        );
        assert!(!watch.contains("bad"), "{watch}");
        assert!(waiting(&view).get("watch").is_some());
    }

    #[test]
    fn bad_files_are_errors() {
        let view = WatchView::default();
        for (from, to) in [
            (r#""vsadnik-live""#, r#""other""#),
            (r#""version":1"#, r#""version":9"#),
            (r#""crazyhouse""#, r#""nosuch""#),
            ("rnbqkbnr/pppp1ppp", "rnbqkbnrr/pppp1ppp"),
            (r#""running":"white""#, r#""running":"red""#),
            (r#""color":"white""#, r#""color":1"#),
            (r#""boards":["#, r#""boards":[1,"#),
            (r#""moves":["#, r#""moves":5,"x":["#),
        ] {
            let bad = LIVE.replacen(from, to, 1);
            assert!(state(&Json::parse(&bad).unwrap(), &view).is_err(), "{to}");
        }
    }
}

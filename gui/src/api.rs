//! The board's HTTP API: which requests exist, how their JSON bodies (the
//! serde types of [`crate::doc::requests`]) become the room's commands, and
//! how answers become responses. Every field is checked here (types, unknown
//! names, by serde; values); the rules are checked by the room.
//!
//! | request | body | answer |
//! |---|---|---|
//! | `GET /api/state` | | the state document |
//! | `GET /api/events` | | Server-Sent Events: `state`, `thinking` |
//! | `GET /api/pgn` | | the game as PGN text |
//! | `POST /api/move` | `{"move": "e2e4"}` | the new state |
//! | `POST /api/new` | `{"variant", "side", "board", "tc", "fen", "level", "chess960"}`, each optional | the new state |
//! | `POST /api/load` | `{"fen"}` or `{"pgn"}`, optional `"variant"` | the new state |
//! | `POST /api/takeback`, `/api/resign`, `/api/flip` | `{}` | the new state |
//! | `POST /api/analysis` | `{"on": true}` | the new state |
//! | `POST /api/tell` | `{"text": "++n"}` (team games: to the partner) | the new state |
//! | `POST /api/board` | `{"board": "B"}` (watching a team game) | the new state |
//! | `POST /api/review` | `{}`: review the game (state's `study.review`) | the new state |
//! | `POST /api/view` | `{"ply": 12}` or `{"ply": null}` | the new state |
//! | `POST /api/hint` | `{}`: the engine's move (state's `study.hint`) | the new state |
//! | `POST /api/join` | `{"name"}`, optional: take the seat of the seat link | the new state |
//! | `POST /api/leave` | `{}`: give the seat link's seat back to an engine | the new state |
//!
//! In team games a person may also come from a seat link (`/?seat=KEY`):
//! the page then adds `seat=KEY&client=ID` to every API request (`ID`: the
//! browser's own, kept in its storage), and gets that seat's state.
//!
//! Errors are `{"error": "..."}` with 400 (bad input, illegal move), 404,
//! 405, 409 (not now: not your move, the game is over), 415, 503.

use super::doc::requests::{
    self, AnalysisBody, BoardBody, JoinBody, LoadBody, MoveBody, NewBody, NoFields, TellBody,
    ViewBody,
};
use super::http::{Request, Response};
use super::hub::{no_such_seat, ApiError, Caller, Hub, Payload};
use super::room::{Command, Side};
use arena::level::Level;
use arena::options::TimeControl;
use movegen::drops::TeamBoard;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// How long a request waits for the room (engine start-ups included).
pub const ROOM_WAIT: Duration = Duration::from_secs(30);

/// The commands taken by `POST /api/NAME`.
pub const POST_PATHS: &[&str] = &[
    "/api/move",
    "/api/new",
    "/api/load",
    "/api/takeback",
    "/api/resign",
    "/api/flip",
    "/api/analysis",
    "/api/tell",
    "/api/board",
    "/api/review",
    "/api/view",
    "/api/hint",
    "/api/join",
    "/api/leave",
];

/// The longest name a person may give.
pub const MAX_NAME: usize = 24;

/// True for a seat link's key or a browser's id: 1 to 64 letters, digits,
/// `-` or `_`.
fn is_token(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Who sent `req`: the host, or a seat link's holder (`?seat=KEY`, with
/// `client=ID` naming the browser). 400 for a key or id that cannot be one.
pub fn caller(req: &Request) -> Result<Caller, ApiError> {
    let token = |name: &str| {
        req.param(name)
            .map(|v| {
                if is_token(v) {
                    Ok(v.to_string())
                } else {
                    Err(ApiError::new(
                        400,
                        format!("'{name}' must be 1 to 64 letters, digits, - or _"),
                    ))
                }
            })
            .transpose()
    };
    Ok(Caller {
        seat: token("seat")?,
        client: token("client")?,
    })
}

/// `A` or `B` (either case).
fn team_board(text: &str) -> Result<TeamBoard, ApiError> {
    match text {
        "A" | "a" => Ok(TeamBoard::A),
        "B" | "b" => Ok(TeamBoard::B),
        _ => Err(ApiError::new(
            400,
            format!("'board' must be A or B, got '{text}'"),
        )),
    }
}

/// The longest partner message.
pub const MAX_TELL: usize = 100;

/// The JSON body of a POST, read as `T` ([`requests::read`]); 400 when it
/// is not one.
fn body<T: DeserializeOwned>(req: &Request) -> Result<T, ApiError> {
    requests::read(&req.body).map_err(|e| ApiError::new(400, e))
}

/// The command of a `POST` to `path` with its body.
pub fn command(path: &str, req: &Request) -> Result<Command, ApiError> {
    Ok(match path {
        "/api/move" => {
            let m = body::<MoveBody>(req)?.mv.ok_or_else(|| {
                ApiError::new(400, "'move' is required, e.g. {\"move\": \"e2e4\"}")
            })?;
            if m.is_empty() || m.len() > 32 {
                return Err(ApiError::new(400, "'move' must be a move such as e2e4"));
            }
            Command::Move(m)
        }
        "/api/new" => {
            let doc: NewBody = body(req)?;
            let side = doc
                .side
                .map(|s| Side::parse(&s))
                .transpose()
                .map_err(|e| ApiError::new(400, e))?;
            let tc = doc
                .tc
                .map(|t| TimeControl::parse(&t))
                .transpose()
                .map_err(|e| ApiError::new(400, e.replacen("--tc", "tc", 1)))?;
            let level = doc
                .level
                .map(|l| Level::parse(&l))
                .transpose()
                .map_err(|e| ApiError::new(400, e))?;
            let fen = doc.fen.filter(|f| !f.trim().is_empty());
            let board = doc.board.as_deref().map(team_board).transpose()?;
            let chess960 = doc.chess960.unwrap_or(false);
            if chess960 && fen.is_some() {
                return Err(ApiError::new(
                    400,
                    "give either a fen or chess960, not both",
                ));
            }
            Command::New {
                variant: doc.variant,
                side,
                board,
                tc,
                fen,
                level,
                chess960,
            }
        }
        "/api/load" => {
            let doc: LoadBody = body(req)?;
            Command::Load {
                variant: doc.variant,
                fen: doc.fen,
                pgn: doc.pgn,
            }
        }
        "/api/takeback" => {
            body::<NoFields>(req)?;
            Command::Takeback
        }
        "/api/resign" => {
            body::<NoFields>(req)?;
            Command::Resign
        }
        "/api/flip" => {
            body::<NoFields>(req)?;
            Command::Flip
        }
        "/api/analysis" => {
            let on = body::<AnalysisBody>(req)?
                .on
                .ok_or_else(|| ApiError::new(400, "'on' must be true or false"))?;
            Command::Analysis(on)
        }
        "/api/tell" => {
            let text = body::<TellBody>(req)?.text.unwrap_or_default();
            let text = text.trim();
            if text.is_empty() || text.len() > MAX_TELL || text.chars().any(char::is_control) {
                return Err(ApiError::new(
                    400,
                    format!("'text' must be one line of 1 to {MAX_TELL} characters, e.g. \"++n\""),
                ));
            }
            Command::Tell(text.to_string())
        }
        "/api/board" => {
            let board = body::<BoardBody>(req)?
                .board
                .filter(|b| !b.is_empty() && b.len() <= 8)
                .ok_or_else(|| ApiError::new(400, "'board' must be a board's name, e.g. \"B\""))?;
            Command::ShowBoard(board)
        }
        "/api/review" => {
            body::<NoFields>(req)?;
            Command::Review
        }
        "/api/view" => Command::View(body::<ViewBody>(req)?.ply),
        "/api/hint" => {
            body::<NoFields>(req)?;
            Command::Hint
        }
        "/api/join" => {
            let name = body::<JoinBody>(req)?
                .name
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty());
            if name
                .as_ref()
                .is_some_and(|n| n.chars().count() > MAX_NAME || n.chars().any(char::is_control))
            {
                return Err(ApiError::new(
                    400,
                    format!("'name' must be one line of at most {MAX_NAME} characters"),
                ));
            }
            Command::Join(name)
        }
        "/api/leave" => {
            body::<NoFields>(req)?;
            Command::Leave
        }
        _ => return Err(ApiError::new(404, "no such command")),
    })
}

/// `GET /api/state`: the latest state of the host, or of the seat link
/// the request names.
pub fn state(hub: &Hub<Command>, req: &Request) -> Response {
    let who = match caller(req) {
        Ok(c) => c,
        Err(e) => return error_response(&e),
    };
    match hub.latest(who.seat.as_deref()) {
        Some(text) => Response::json(200, text),
        None => error_response(&no_such_seat()),
    }
}

/// An error as a response.
pub fn error_response(e: &ApiError) -> Response {
    Response::error(e.status, &e.message)
}

/// Carries out a POST: the room's answer (the new state) or its error.
pub fn post(hub: &Hub<Command>, req: &Request) -> Response {
    let asked = caller(req).and_then(|who| {
        let command = command(&req.path, req)?;
        hub.ask(command, who, ROOM_WAIT)
    });
    match asked {
        Ok(Payload::Json(text)) => Response::json(200, text),
        Ok(Payload::Pgn(_)) => Response::error(500, "a PGN where a document was due"),
        Err(e) => error_response(&e),
    }
}

/// `GET /api/pgn`: the game as a PGN file.
pub fn pgn(hub: &Hub<Command>, req: &Request) -> Response {
    match caller(req).and_then(|who| hub.ask(Command::Pgn, who, ROOM_WAIT)) {
        Ok(Payload::Pgn(text)) => {
            Response::new(200, "application/x-chess-pgn; charset=utf-8", text).with_header(
                "Content-Disposition",
                "attachment; filename=\"vsadnik.pgn\"",
            )
        }
        Ok(_) => Response::error(500, "no PGN"),
        Err(e) => error_response(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(body: &str) -> Request {
        Request {
            method: "POST".into(),
            body: body.as_bytes().to_vec(),
            ..Request::default()
        }
    }

    #[test]
    fn bodies_become_commands() {
        assert!(
            matches!(command("/api/move", &req("{\"move\":\"e2e4\"}")), Ok(Command::Move(m)) if m == "e2e4")
        );
        assert!(matches!(
            command("/api/analysis", &req("{\"on\":true}")),
            Ok(Command::Analysis(true))
        ));
        assert!(matches!(command("/api/flip", &req("")), Ok(Command::Flip)));
        let new = command(
            "/api/new",
            &req("{\"variant\":\"tavreli\",\"side\":\"black\",\"tc\":\"60+1\",\"fen\":\"\",\"level\":\"elo 1600\"}"),
        )
        .unwrap();
        match new {
            Command::New {
                variant,
                side,
                board,
                tc,
                fen,
                level,
                chess960,
            } => {
                assert!(!chess960);
                assert_eq!(board, None);
                assert_eq!(variant.as_deref(), Some(movegen::VariantId::Tavreli.name()));
                assert_eq!(level, Some(Level::Elo(1600)));
                assert_eq!(side, Some(Side::Black));
                assert_eq!(tc.unwrap().tag(), "60+1");
                assert_eq!(fen, None);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_bodies_are_400() {
        for (path, b) in [
            ("/api/move", "{}"),
            ("/api/move", "{\"move\":1}"),
            ("/api/move", "{\"move\":\"\"}"),
            ("/api/move", "{\"move\":\"e2e4\",\"x\":1}"),
            ("/api/move", "[\"e2e4\"]"),
            ("/api/move", "{\"move\":"),
            ("/api/new", "{\"side\":\"red\"}"),
            ("/api/new", "{\"tc\":\"fast\"}"),
            ("/api/new", "{\"level\":\"skill 21\"}"),
            ("/api/analysis", "{\"on\":\"yes\"}"),
            ("/api/flip", "{\"now\":true}"),
            ("/api/tell", "{}"),
            ("/api/tell", "{\"text\":\"  \"}"),
            ("/api/tell", "{\"text\":\"a\\nb\"}"),
            ("/api/tell", "{\"text\":7}"),
            ("/api/board", "{}"),
            ("/api/board", "{\"board\":3}"),
            ("/api/view", "{\"ply\":-1}"),
            ("/api/view", "{\"ply\":\"2\"}"),
            ("/api/review", "{\"fast\":true}"),
            ("/api/new", "{\"board\":\"C\"}"),
            ("/api/join", "{\"name\":\"a\\tb\"}"),
            ("/api/join", "{\"name\":\"abcdefghijklmnopqrstuvwxyz\"}"),
            ("/api/join", "{\"seat\":\"x\"}"),
            ("/api/leave", "{\"now\":1}"),
        ] {
            let e = command(path, &req(b)).unwrap_err();
            assert_eq!(e.status, 400, "{path} {b}: {}", e.message);
        }
        let mut r = req("{}");
        r.body = vec![0xff];
        assert_eq!(command("/api/flip", &r).unwrap_err().status, 400);
        assert_eq!(command("/api/nosuch", &req("{}")).unwrap_err().status, 404);
    }

    #[test]
    fn callers_come_from_the_query() {
        let mut r = req("{}");
        assert!(caller(&r).unwrap().is_host());
        r.query = vec![
            ("seat".into(), "k3Y_-".into()),
            ("client".into(), "c1".into()),
        ];
        let c = caller(&r).unwrap();
        assert_eq!(
            (c.seat.as_deref(), c.client.as_deref()),
            (Some("k3Y_-"), Some("c1"))
        );
        for bad in ["", "a b", "ä", &"x".repeat(65)] {
            r.query = vec![("seat".into(), bad.to_string())];
            assert_eq!(caller(&r).unwrap_err().status, 400, "{bad:?}");
        }
        assert!(matches!(
            command("/api/join", &req("{\"name\":\" Anna \"}")),
            Ok(Command::Join(Some(n))) if n == "Anna"
        ));
        assert!(matches!(
            command("/api/new", &req("{\"board\":\"b\"}")),
            Ok(Command::New {
                board: Some(TeamBoard::B),
                ..
            })
        ));
    }
}

//! The board's HTTP API: which requests exist, how their JSON bodies become
//! the room's commands, and how answers become responses. Every field is
//! checked here (types, unknown names); the rules are checked by the room.
//!
//! | request | body | answer |
//! |---|---|---|
//! | `GET /api/state` | | the state document |
//! | `GET /api/events` | | Server-Sent Events: `state`, `thinking` |
//! | `GET /api/pgn` | | the game as PGN text |
//! | `POST /api/move` | `{"move": "e2e4"}` | the new state |
//! | `POST /api/new` | `{"variant", "side", "tc", "fen"}`, each optional | the new state |
//! | `POST /api/load` | `{"fen"}` or `{"pgn"}`, optional `"variant"` | the new state |
//! | `POST /api/takeback`, `/api/resign`, `/api/flip` | `{}` | the new state |
//! | `POST /api/analysis` | `{"on": true}` | the new state |
//! | `POST /api/tell` | `{"text": "++n"}` (team games: to the partner) | the new state |
//! | `POST /api/board` | `{"board": "B"}` (watching a team game) | the new state |
//!
//! Errors are `{"error": "..."}` with 400 (bad input, illegal move), 404,
//! 405, 409 (not now: not your move, the game is over), 415, 503.

use super::http::{Request, Response};
use super::hub::{ApiError, Hub};
use super::room::{Command, Side};
use arena::json::Json;
use arena::options::TimeControl;
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
];

/// The longest partner message.
pub const MAX_TELL: usize = 100;

/// The JSON body of a POST: an object whose fields are all in `known`.
fn body(req: &Request, known: &[&str]) -> Result<Json, ApiError> {
    let text =
        std::str::from_utf8(&req.body).map_err(|_| ApiError::new(400, "the body is not UTF-8"))?;
    let text = if text.trim().is_empty() { "{}" } else { text };
    let doc = Json::parse(text).map_err(|e| ApiError::new(400, e))?;
    let Json::Obj(fields) = &doc else {
        return Err(ApiError::new(400, "the body must be a JSON object"));
    };
    if let Some((k, _)) = fields.iter().find(|(k, _)| !known.contains(&k.as_str())) {
        let expected = if known.is_empty() {
            "no fields".to_string()
        } else {
            known.join(", ")
        };
        return Err(ApiError::new(
            400,
            format!("unknown field '{k}' (expected {expected})"),
        ));
    }
    Ok(doc)
}

/// Field `key` as a string, if present (null counts as absent).
fn string(doc: &Json, key: &str) -> Result<Option<String>, ApiError> {
    match doc.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Str(s)) => Ok(Some(s.clone())),
        Some(_) => Err(ApiError::new(400, format!("'{key}' must be a string"))),
    }
}

/// The command of a `POST` to `path` with its body.
pub fn command(path: &str, req: &Request) -> Result<Command, ApiError> {
    Ok(match path {
        "/api/move" => {
            let doc = body(req, &["move"])?;
            let m = string(&doc, "move")?.ok_or_else(|| {
                ApiError::new(400, "'move' is required, e.g. {\"move\": \"e2e4\"}")
            })?;
            if m.is_empty() || m.len() > 32 {
                return Err(ApiError::new(400, "'move' must be a move such as e2e4"));
            }
            Command::Move(m)
        }
        "/api/new" => {
            let doc = body(req, &["variant", "side", "tc", "fen"])?;
            let side = string(&doc, "side")?
                .map(|s| Side::parse(&s))
                .transpose()
                .map_err(|e| ApiError::new(400, e))?;
            let tc = string(&doc, "tc")?
                .map(|t| TimeControl::parse(&t))
                .transpose()
                .map_err(|e| ApiError::new(400, e.replacen("--tc", "tc", 1)))?;
            Command::New {
                variant: string(&doc, "variant")?,
                side,
                tc,
                fen: string(&doc, "fen")?.filter(|f| !f.trim().is_empty()),
            }
        }
        "/api/load" => {
            let doc = body(req, &["variant", "fen", "pgn"])?;
            Command::Load {
                variant: string(&doc, "variant")?,
                fen: string(&doc, "fen")?,
                pgn: string(&doc, "pgn")?,
            }
        }
        "/api/takeback" => {
            body(req, &[])?;
            Command::Takeback
        }
        "/api/resign" => {
            body(req, &[])?;
            Command::Resign
        }
        "/api/flip" => {
            body(req, &[])?;
            Command::Flip
        }
        "/api/analysis" => {
            let doc = body(req, &["on"])?;
            let on = match doc.get("on") {
                Some(Json::Bool(b)) => *b,
                _ => return Err(ApiError::new(400, "'on' must be true or false")),
            };
            Command::Analysis(on)
        }
        "/api/tell" => {
            let doc = body(req, &["text"])?;
            let text = string(&doc, "text")?.unwrap_or_default();
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
            let doc = body(req, &["board"])?;
            let board = string(&doc, "board")?
                .filter(|b| !b.is_empty() && b.len() <= 8)
                .ok_or_else(|| ApiError::new(400, "'board' must be a board's name, e.g. \"B\""))?;
            Command::ShowBoard(board)
        }
        _ => return Err(ApiError::new(404, "no such command")),
    })
}

/// An error as a response.
pub fn error_response(e: &ApiError) -> Response {
    Response::error(e.status, &e.message)
}

/// Carries out a POST: the room's answer (the new state) or its error.
pub fn post(hub: &Hub<Command>, req: &Request) -> Response {
    match command(&req.path, req).and_then(|c| hub.ask(c, ROOM_WAIT)) {
        Ok(doc) => Response::json(200, doc.to_text()),
        Err(e) => error_response(&e),
    }
}

/// `GET /api/pgn`: the game as a PGN file.
pub fn pgn(hub: &Hub<Command>) -> Response {
    match hub.ask(Command::Pgn, ROOM_WAIT) {
        Ok(Json::Str(text)) => Response::new(200, "application/x-chess-pgn; charset=utf-8", text)
            .with_header(
                "Content-Disposition",
                "attachment; filename=\"vsadnik.pgn\"",
            ),
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
            &req("{\"variant\":\"tavreli\",\"side\":\"black\",\"tc\":\"60+1\",\"fen\":\"\"}"),
        )
        .unwrap();
        match new {
            Command::New {
                variant,
                side,
                tc,
                fen,
            } => {
                assert_eq!(variant.as_deref(), Some("tavreli"));
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
            ("/api/analysis", "{\"on\":\"yes\"}"),
            ("/api/flip", "{\"now\":true}"),
            ("/api/tell", "{}"),
            ("/api/tell", "{\"text\":\"  \"}"),
            ("/api/tell", "{\"text\":\"a\\nb\"}"),
            ("/api/tell", "{\"text\":7}"),
            ("/api/board", "{}"),
            ("/api/board", "{\"board\":3}"),
        ] {
            let e = command(path, &req(b)).unwrap_err();
            assert_eq!(e.status, 400, "{path} {b}: {}", e.message);
        }
        let mut r = req("{}");
        r.body = vec![0xff];
        assert_eq!(command("/api/flip", &r).unwrap_err().status, 400);
        assert_eq!(command("/api/nosuch", &req("{}")).unwrap_err().status, 404);
    }
}

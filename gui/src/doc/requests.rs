//! The bodies of the commands (`POST /api/NAME`), read with serde: each a
//! JSON object of its own fields, none other allowed; a field that is
//! `null` counts as absent, and of a field given twice the last counts.
//! What the values must be beyond their types is checked by [`crate::api`]
//! and the room. The body's size is bounded by the HTTP layer
//! ([`crate::http::MAX_BODY`]) and its nesting by serde_json (128 deep).

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

/// `POST /api/move`: `{"move": "e2e4"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    /// The move, in coordinates or the record notation.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

/// `POST /api/new`: each field optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewBody {
    /// The variant.
    pub variant: Option<String>,
    /// `white`, `black`, `both`.
    pub side: Option<String>,
    /// The time control.
    pub tc: Option<String>,
    /// A start position.
    pub fen: Option<String>,
    /// The engine's level: `full`, `skill N`, `elo N`.
    pub level: Option<String>,
    /// Start from a Chess960 set-up drawn at random (not with `fen`).
    pub chess960: Option<bool>,
    /// Team games: the person's board, `A` or `B`.
    pub board: Option<String>,
}

/// `POST /api/load`: `{"fen"}` or `{"pgn"}`, optional `"variant"`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadBody {
    /// The variant of a FEN.
    pub variant: Option<String>,
    /// A FEN.
    pub fen: Option<String>,
    /// A PGN text.
    pub pgn: Option<String>,
}

/// `POST /api/takeback`, `/api/resign`, `/api/flip`: `{}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}

/// `POST /api/analysis`: `{"on": true}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisBody {
    /// Analysis on or off.
    pub on: Option<bool>,
}

/// `POST /api/tell`: `{"text": "++n"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TellBody {
    /// The message.
    pub text: Option<String>,
}

/// `POST /api/join` (a seat link's page): `{"name": "Anna"}`, the name
/// optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    /// The name the person goes by in the game.
    pub name: Option<String>,
}

/// `POST /api/board`: `{"board": "B"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardBody {
    /// The board's name.
    pub board: Option<String>,
}

/// Reads a command's body: one JSON object (an empty body is `{}`) whose
/// fields are those of `T`; the error says why it is not one, naming the
/// field.
pub fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(body).map_err(|_| "the body is not UTF-8".to_string())?;
    let text = if text.trim().is_empty() { "{}" } else { text };
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("bad JSON: {e}"))?;
    if !doc.is_object() {
        return Err("the body must be a JSON object".to_string());
    }
    serde_path_to_error::deserialize(doc).map_err(|e| match e.path().to_string() {
        p if p == "." => e.inner().to_string(),
        p => format!("'{p}': {}", e.inner()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_read_strictly() {
        let m: MoveBody = read(br#" {"move": "e2e4"} "#).unwrap();
        assert_eq!(m.mv.as_deref(), Some("e2e4"));
        let m: MoveBody = read(br#"{"move": null}"#).unwrap();
        assert_eq!(m.mv, None, "null is absent");
        let m: MoveBody = read(br#"{"move": "a", "move": "e2e4"}"#).unwrap();
        assert_eq!(m.mv.as_deref(), Some("e2e4"), "the last counts");
        assert!(read::<NoFields>(b"").is_ok());
        for (body, why) in [
            (
                &br#"{"move": 7}"#[..],
                "'move': invalid type: integer `7`, expected a string",
            ),
            (
                br#"{"move": "e2e4", "x": 1}"#,
                "unknown field `x`, expected `move`",
            ),
            (br#"["e2e4"]"#, "must be a JSON object"),
            (br#"{"move": "#, "bad JSON"),
            (br#"{"move": "a"} {}"#, "bad JSON"),
            (b"\xff", "not UTF-8"),
        ] {
            let e = read::<MoveBody>(body).unwrap_err();
            assert!(e.contains(why), "{}: {e}", String::from_utf8_lossy(body));
        }
        let e = read::<NoFields>(br#"{"now": true}"#).unwrap_err();
        assert!(
            e.contains("unknown field `now`, there are no fields"),
            "{e}"
        );
        assert!(read::<NoFields>(b"[]").is_err(), "not an object");
        // Nesting is bounded by serde_json (128 deep): an error, no crash.
        let deep = "[".repeat(100_000);
        assert!(read::<NoFields>(deep.as_bytes())
            .unwrap_err()
            .contains("recursion limit"));
    }
}

/// `POST /api/view`: `{"ply": 12}` shows the position after 12 moves,
/// `{"ply": null}` (or `{}`) the game's own again.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewBody {
    /// The moves played in the position to show.
    pub ply: Option<usize>,
}

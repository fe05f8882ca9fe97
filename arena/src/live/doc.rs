//! The live file's document as serde types: written by [`super::Live`],
//! read back by [`LiveFile::read`] (`vsadnik gui --watch`). Field names and
//! order are the file's format (`docs/gui.md`, "Watching a match").

use super::{FORMAT, VERSION};
use movegen::Color;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// A colour as the documents write it: `white` or `black`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorWord {
    /// `white`
    White,
    /// `black`
    Black,
}

impl ColorWord {
    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            ColorWord::White => "white",
            ColorWord::Black => "black",
        }
    }
}

impl From<Color> for ColorWord {
    fn from(c: Color) -> ColorWord {
        match c {
            Color::White => ColorWord::White,
            Color::Black => ColorWord::Black,
        }
    }
}

/// One move of a game's record: `{"n", "color", "text", "uci"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// The full-move number (the series in progressive variants).
    pub n: u32,
    /// The mover.
    pub color: ColorWord,
    /// The move in the record notation.
    pub text: String,
    /// The move in coordinates.
    pub uci: String,
}

/// A board's clocks when written: milliseconds left, and the one running.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveClocks {
    /// White's time left.
    pub white: i64,
    /// Black's time left.
    pub black: i64,
    /// The clock that runs, if any.
    pub running: Option<ColorWord>,
}

/// One board of a followed game, kept up to date by its arbiter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveBoard {
    /// `main` for a two-player game, `A` or `B` for a team game.
    pub id: String,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// The game's set-up, `None` for the start position.
    pub start_fen: Option<String>,
    /// The position now.
    pub fen: String,
    /// The moves played.
    pub moves: Vec<MoveEntry>,
    /// The clocks.
    pub clocks: LiveClocks,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment.
    pub comment: String,
}

/// The game the file follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// Its round in the match.
    pub round: u32,
    /// Its boards (one; two in a team game).
    pub boards: Vec<LiveBoard>,
    /// How it ended; `None` while it goes on.
    pub result: Option<LiveResult>,
}

/// A finished game of the match, as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// Its round.
    pub round: u32,
    /// The White side's name.
    pub white: String,
    /// The Black side's name.
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// The result comment.
    pub comment: String,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveFile {
    /// [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The match's variant.
    pub variant: String,
    /// The match's time control.
    pub tc: String,
    /// The games of the match.
    pub games: u32,
    /// `waiting` (no game yet), `playing`, `over`.
    pub status: String,
    /// When the file was written, in milliseconds since 1970.
    pub written: u64,
    /// The game followed, if any yet.
    pub game: Option<LiveGame>,
    /// The finished games, oldest first; entries that are not one are
    /// left out when read.
    #[serde(deserialize_with = "well_formed_only")]
    pub finished: Vec<FinishedGame>,
}

/// A list keeping only the elements that read as a `T`.
fn well_formed_only<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    let items = Vec::<Value>::deserialize(d)?;
    Ok(items
        .into_iter()
        .filter_map(|v| T::deserialize(v).ok())
        .collect())
}

impl LiveFile {
    /// Reads a live file's text: one JSON document whose `format` is
    /// [`FORMAT`] and `version` at most [`VERSION`], every field of its
    /// type; the error says why it is not one (naming the field).
    pub fn read(text: &str) -> Result<LiveFile, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("bad JSON: {e}"))?;
        if doc.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(format!(
                "not a live file of vsadnik match (no \"format\": \"{FORMAT}\")"
            ));
        }
        match doc.get("version").and_then(Value::as_f64) {
            None => return Err("'version' must be a number".to_string()),
            Some(v) if v > f64::from(VERSION) => {
                return Err(format!(
                    "live file version {v}: this program reads version {VERSION}"
                ))
            }
            Some(_) => {}
        }
        serde_path_to_error::deserialize(&doc).map_err(|e| match e.path().to_string() {
            p if p == "." => e.inner().to_string(),
            p => format!("'{p}': {}", e.inner()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"format":"vsadnik-live","version":1,"variant":"chess","tc":"1+0","games":2,"status":"playing","written":5,
        "game":{"round":1,"boards":[{"id":"main","white":"x","black":"y","start_fen":null,"fen":"8/8/8/8/8/8/8/K6k w - - 0 1",
        "moves":[{"n":1,"color":"white","text":"e4","uci":"e2e4"}],"clocks":{"white":900,"black":950,"running":"white"}}],"result":null},
        "finished":[{"round":1,"white":"y","black":"x","result":"1-0","comment":"White mates"},{"round":"bad"},7]}"#;

    #[test]
    fn reads_a_file_leaving_out_bad_finished_entries() {
        let file = LiveFile::read(FILE).unwrap();
        assert_eq!(file.finished.len(), 1, "the malformed entries are left out");
        let game = file.game.as_ref().unwrap();
        assert_eq!(game.boards[0].clocks.running, Some(ColorWord::White));
        assert_eq!(game.boards[0].moves[0].color, ColorWord::White);
        // Written again, the file reads back the same.
        let text = serde_json::to_string(&file).unwrap();
        assert_eq!(LiveFile::read(&text).unwrap(), file);
        let bare = FILE.replacen(r#""game":{"#, r#""other":{"#, 1);
        assert_eq!(LiveFile::read(&bare).unwrap().game, None, "no game");
    }

    #[test]
    fn bad_files_say_why() {
        for (from, to, why) in [
            (r#""vsadnik-live""#, r#""other""#, "not a live file"),
            (r#""format":"vsadnik-live","#, "", "not a live file"),
            (r#""version":1"#, r#""version":9"#, "version 9"),
            (
                r#""version":1"#,
                r#""version":"1""#,
                "'version' must be a number",
            ),
            (
                r#""running":"white""#,
                r#""running":"red""#,
                "'game.boards[0].clocks.running': unknown variant `red`",
            ),
            (
                r#""color":"white""#,
                r#""color":1"#,
                "'game.boards[0].moves[0].color'",
            ),
            (r#""boards":["#, r#""boards":[1,"#, "'game.boards[0]'"),
            (
                r#""moves":["#,
                r#""moves":5,"x":["#,
                "'game.boards[0].moves'",
            ),
            (r#""games":2"#, r#""games":-2"#, "'games'"),
            (r#""finished":["#, r#""finished":3,"x":["#, "'finished'"),
            (r#""written":5,"#, "", "missing field `written`"),
            ("}", "} x", "bad JSON"),
        ] {
            let bad = FILE.replacen(from, to, 1);
            let e = LiveFile::read(&bad).unwrap_err();
            assert!(e.contains(why), "{to}: {e}");
        }
        let deep = "[".repeat(10_000) + &"]".repeat(10_000);
        assert!(LiveFile::read(&deep)
            .unwrap_err()
            .contains("recursion limit"));
    }
}

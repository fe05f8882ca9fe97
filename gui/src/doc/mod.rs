//! Every JSON document of the board as serde types: what the page reads
//! (the state document and its parts, [`state`], [`board`], [`team`],
//! [`watch`], [`study`]; the engine's lines, [`thinking`]; errors, [`ErrorDoc`]) and
//! what it sends ([`requests`]). Field names and order are those the page
//! reads (`web/*.js`) and docs/gui.md and docs/gui_team.md describe: a part
//! that is absent is `null`, except the few fields written only when set
//! (a piece's `promoted` and `id`, a pane's `scoreless`, a clock's `at`,
//! a result's `outcome`, the parts of a watched or team game).
//!
//! Strings are written as serde_json writes them (`<`, `>`, `&` are not
//! escaped): the documents are never put in HTML. They go out as
//! `application/json` answers (with `X-Content-Type-Options: nosniff`) and
//! as event-stream `data:` lines (serde_json escapes line breaks), and the
//! page reads them with `JSON.parse` and shows their strings as text.

pub mod board;
pub mod requests;
pub mod state;
pub mod study;
pub mod team;
pub mod thinking;
pub mod watch;

pub use arena::live::doc::{ColorWord, MoveEntry};
use serde::Serialize;

/// What [`to_text`] gives for a document serde_json cannot write (it
/// cannot happen with these types: their map keys are strings).
const UNWRITABLE: &str = r#"{"error":"the document could not be written"}"#;

/// A document as compact JSON text.
pub fn to_text<T: Serialize>(doc: &T) -> String {
    serde_json::to_string(doc).unwrap_or_else(|_| UNWRITABLE.to_string())
}

/// An error answer: `{"error": "..."}`.
#[derive(Debug, Serialize)]
pub struct ErrorDoc<'a> {
    /// What went wrong, one line.
    pub error: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_and_strings_as_text() {
        let e = ErrorDoc {
            error: "\"a\"\n<b> & é\u{2028}",
        };
        assert_eq!(to_text(&e), "{\"error\":\"\\\"a\\\"\\n<b> & é\u{2028}\"}");
    }
}

//! `vsadnik gui --watch FILE`: the board follows a game of a running
//! `vsadnik match --live FILE`, read-only. In place of the room, one
//! thread reads the file every [`POLL`] (the match replaces it whole after
//! every move), publishes the state when it changed, and answers the
//! commands a watcher may give (flip the board, choose the board of a team
//! game); the others are refused with 409.

use super::doc::to_text;
use super::hub::{no_such_seat, ApiError, Envelope, Hub, Payload};
use super::room::Command;
use super::watch_state::{state, waiting, WatchView};
use arena::live::doc::LiveFile;
use crossbeam::channel::{Receiver, RecvTimeoutError};
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How often the file is read.
pub const POLL: Duration = Duration::from_millis(200);
/// The largest file read: a live file is a few kilobytes a game.
const MAX_FILE: u64 = 8 << 20;

/// The watcher: the file, the last good document read from it, the page's
/// choices.
pub struct Watcher {
    hub: Arc<Hub<Command>>,
    commands: Receiver<Envelope<Command>>,
    path: PathBuf,
    /// The text last read (unchanged text is not parsed again).
    last_text: Option<Vec<u8>>,
    /// The last good document.
    doc: Option<LiveFile>,
    view: WatchView,
}

impl Watcher {
    /// A watcher of `file`, fed by `commands`, publishing through `hub`;
    /// its first state is published before the server answers anyone.
    pub fn new(hub: Arc<Hub<Command>>, commands: Receiver<Envelope<Command>>, file: &str) -> Self {
        let mut watcher = Watcher {
            hub,
            commands,
            path: PathBuf::from(file),
            last_text: None,
            doc: None,
            view: WatchView {
                file: file.to_string(),
                ..WatchView::default()
            },
        };
        watcher.poll();
        watcher.publish();
        watcher
    }

    /// The file's bytes, or why they cannot be read (`Ok(None)`: no file
    /// yet).
    fn read_file(&self) -> Result<Option<Vec<u8>>, String> {
        let file = match std::fs::File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e.to_string()),
        };
        let mut bytes = Vec::new();
        file.take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| e.to_string())?;
        if bytes.len() as u64 > MAX_FILE {
            return Err(format!("larger than {MAX_FILE} bytes: not a live file"));
        }
        Ok(Some(bytes))
    }

    /// Reads the file; true when what the page shows has changed.
    fn poll(&mut self) -> bool {
        let before = (self.view.error.clone(), self.doc.is_some());
        let bytes = match self.read_file() {
            Ok(Some(b)) => b,
            Ok(None) => {
                self.view.error = None;
                return before != (None, self.doc.is_some());
            }
            Err(e) => {
                self.view.error = Some(format!("{}: {e}", self.view.file));
                return before != (self.view.error.clone(), self.doc.is_some());
            }
        };
        if self.last_text.as_deref() == Some(&bytes[..]) {
            return false;
        }
        let parsed = std::str::from_utf8(&bytes)
            .map_err(|_| "not UTF-8".to_string())
            .and_then(LiveFile::read)
            .and_then(|doc| state(&doc, &self.view).map(|_| doc));
        self.last_text = Some(bytes);
        match parsed {
            Ok(doc) => {
                self.doc = Some(doc);
                self.view.error = None;
            }
            Err(e) => self.view.error = Some(format!("{}: {e}", self.view.file)),
        }
        true
    }

    /// Publishes the state; returns it as text.
    fn publish(&mut self) -> String {
        self.view.version = self.hub.next_number();
        let doc = match &self.doc {
            Some(d) => state(d, &self.view).unwrap_or_else(|_| waiting(&self.view)),
            None => waiting(&self.view),
        };
        let text = to_text(&doc);
        self.hub.publish("state", text.clone());
        text
    }

    /// Carries out one command.
    fn handle(&mut self, command: Command) -> Result<(), ApiError> {
        match command {
            Command::Flip => self.view.flipped = !self.view.flipped,
            Command::ShowBoard(id) => {
                let known = self
                    .doc
                    .as_ref()
                    .and_then(|d| d.game.as_ref())
                    .is_some_and(|game| game.boards.iter().any(|b| b.id == id));
                if !known {
                    return Err(ApiError::new(400, format!("the game has no board '{id}'")));
                }
                self.view.shown = id;
            }
            Command::Shutdown => {}
            Command::Pgn => {
                return Err(ApiError::new(
                    409,
                    "watching a match game: the match writes the PGN (its --pgn FILE)",
                ))
            }
            _ => {
                return Err(ApiError::new(
                    409,
                    "watching a match game: the board is read-only",
                ))
            }
        }
        Ok(())
    }

    /// Runs until shut down.
    pub fn run(mut self) {
        loop {
            match self.commands.recv_timeout(POLL) {
                Ok(envelope) if !envelope.caller.is_host() => {
                    let _ = envelope.reply.send(Err(no_such_seat()));
                }
                Ok(envelope) => {
                    let quit = matches!(envelope.command, Command::Shutdown);
                    let answer = self.handle(envelope.command);
                    let state = self.publish();
                    let _ = envelope.reply.send(answer.map(|()| Payload::Json(state)));
                    if quit {
                        break;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if self.poll() {
                        self.publish();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if self.hub.shutting_down() {
                break;
            }
        }
    }
}

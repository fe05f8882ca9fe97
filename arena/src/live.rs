//! `vsadnik match --live FILE`: the game being played, written to FILE as
//! one JSON document after every move, for `vsadnik gui --watch FILE` (or
//! any script). Each write goes to `FILE.tmp` first and is renamed over
//! FILE, so a reader never sees half a document.
//!
//! The file follows one game at a time. With `--concurrency` above 1 it
//! follows the first game that moves while no other is followed; a game
//! that has just ended keeps the file for [`LINGER`], so that its last
//! position and result can be seen. Every finished game of the match is
//! listed in it with its result. The document is the serde types of
//! [`doc`]; the format is in `docs/gui.md` ("Watching a match").

pub mod doc;

use doc::{ColorWord, FinishedGame, LiveClocks, LiveFile, LiveGame, MoveEntry};
pub use doc::{LiveBoard, LiveResult};
use movegen::Color;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The `format` field of the document.
pub const FORMAT: &str = "vsadnik-live";
/// The `version` field: bumped when a field changes its meaning.
pub const VERSION: u32 = 1;
/// How long a finished game keeps the file before another game takes it.
pub const LINGER: Duration = Duration::from_secs(1);
/// The most finished games the file lists (the latest ones).
const MAX_FINISHED: usize = 200;

/// Milliseconds since 1970: when a document was written (the watcher and
/// its page run on the same machine, so they can count from it).
pub fn epoch_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl LiveBoard {
    /// A board at `fen` (`start_fen`: the game's set-up, `None` for the
    /// start position), both clocks at `clock_ms`, no clock running.
    pub fn new(
        id: &str,
        players: [&str; 2],
        start_fen: Option<&str>,
        fen: String,
        clock_ms: i64,
    ) -> LiveBoard {
        LiveBoard {
            id: id.to_string(),
            white: players[0].to_string(),
            black: players[1].to_string(),
            start_fen: start_fen.map(str::to_string),
            fen,
            moves: Vec::new(),
            clocks: LiveClocks {
                white: clock_ms,
                black: clock_ms,
                running: None,
            },
        }
    }

    /// A move of `mover`, numbered `number`, in coordinates and in the
    /// record notation. The new position comes with [`LiveBoard::set_fen`].
    pub fn push(&mut self, mover: Color, number: u32, uci: &str, text: &str) {
        self.moves.push(MoveEntry {
            n: number,
            color: mover.into(),
            text: text.to_string(),
            uci: uci.to_string(),
        });
    }

    /// The position now.
    pub fn set_fen(&mut self, fen: String) {
        self.fen = fen;
    }

    /// The clocks now: milliseconds left for White and Black, and the one
    /// that runs.
    pub fn set_clocks(&mut self, ms: [i64; 2], running: Option<Color>) {
        self.clocks = LiveClocks {
            white: ms[0],
            black: ms[1],
            running: running.map(ColorWord::from),
        };
    }

    /// The game is over: no clock runs.
    pub fn stop_clocks(&mut self) {
        self.clocks.running = None;
    }
}

/// What the file holds besides the followed game.
struct Inner {
    /// The game followed, and when it ended.
    owner: Option<(u32, Option<Instant>)>,
    /// The document as last written (the game followed, the finished
    /// games, the match's status).
    file: LiveFile,
    /// A game that waits while a finished one lingers: its latest document.
    waiting: Option<(u32, LiveGame)>,
    /// A write failed (reported once).
    failed: bool,
}

/// The live file of a match.
pub struct Live {
    path: PathBuf,
    tmp: PathBuf,
    inner: Mutex<Inner>,
}

impl Live {
    /// Creates the file for a match of `variant` (`games` games at `tc`),
    /// waiting for its first game; the error says why it cannot be written.
    pub fn create(path: &str, variant: &str, tc: &str, games: u32) -> Result<Live, String> {
        let path = PathBuf::from(path);
        let mut tmp = path.clone().into_os_string();
        tmp.push(".tmp");
        let live = Live {
            path,
            tmp: PathBuf::from(tmp),
            inner: Mutex::new(Inner {
                owner: None,
                file: LiveFile {
                    format: FORMAT.to_string(),
                    version: VERSION,
                    variant: variant.to_string(),
                    tc: tc.to_string(),
                    games,
                    status: "waiting".to_string(),
                    written: 0,
                    game: None,
                    finished: Vec::new(),
                },
                waiting: None,
                failed: false,
            }),
        };
        let mut inner = live.lock();
        live.try_write(&mut inner)?;
        inner.failed = false;
        drop(inner);
        Ok(live)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn try_write(&self, inner: &mut Inner) -> Result<(), String> {
        inner.file.written = epoch_ms();
        let failed = |e: &dyn std::fmt::Display| format!("--live {}: {e}", self.path.display());
        let text = serde_json::to_string(&inner.file).map_err(|e| failed(&e))? + "\n";
        std::fs::write(&self.tmp, text)
            .and_then(|_| std::fs::rename(&self.tmp, &self.path))
            .map_err(|e| failed(&e))
    }

    /// Writes the file; the first failure is a note on standard error (the
    /// match goes on).
    fn write(&self, inner: &mut Inner) {
        if let Err(e) = self.try_write(inner) {
            if !std::mem::replace(&mut inner.failed, true) {
                crate::console::note(&format!("vsadnik: match: {e}"));
            }
        }
    }

    /// Offers game `round`'s document (`ended`: with its result): it goes
    /// in when the file follows this game or is free; while a finished
    /// game lingers, it waits (one game at a time) for [`Live::close`].
    /// True when it went in.
    fn offer(inner: &mut Inner, round: u32, doc: LiveGame, ended: bool) -> bool {
        let free = match inner.owner {
            None => true,
            Some((r, _)) if r == round => true,
            Some((_, Some(at))) => at.elapsed() >= LINGER,
            Some((_, None)) => false,
        };
        let lingers = matches!(inner.owner, Some((_, Some(_))));
        if free {
            inner.owner = Some((round, ended.then(Instant::now)));
            inner.file.game = Some(doc);
            inner.waiting = None;
        } else if lingers && inner.waiting.as_ref().is_none_or(|w| w.0 == round) {
            inner.waiting = Some((round, doc));
        }
        free
    }

    fn game(round: u32, boards: &[LiveBoard], result: Option<&LiveResult>) -> LiveGame {
        LiveGame {
            round,
            boards: boards.to_vec(),
            result: result.cloned(),
        }
    }

    /// Game `round` as it stands: written when the file follows it.
    pub fn show(&self, round: u32, boards: &[LiveBoard]) {
        let mut inner = self.lock();
        if Self::offer(&mut inner, round, Self::game(round, boards, None), false) {
            inner.file.status = "playing".to_string();
            self.write(&mut inner);
        }
    }

    /// Game `round` has ended: listed with its players (the sides' names)
    /// and result, and shown with it when the file follows it.
    pub fn finish(&self, round: u32, boards: &[LiveBoard], sides: [&str; 2], end: &LiveResult) {
        let mut inner = self.lock();
        let finished = &mut inner.file.finished;
        finished.push(FinishedGame {
            round,
            white: sides[0].to_string(),
            black: sides[1].to_string(),
            result: end.result.clone(),
            comment: end.comment.clone(),
        });
        if finished.len() > MAX_FINISHED {
            finished.remove(0);
        }
        Self::offer(
            &mut inner,
            round,
            Self::game(round, boards, Some(end)),
            true,
        );
        self.write(&mut inner);
    }

    /// The match is over: the last game followed (or waiting) stays in the
    /// file.
    pub fn close(&self) {
        let mut inner = self.lock();
        if let Some((round, doc)) = inner.waiting.take() {
            inner.owner = Some((round, Some(Instant::now())));
            inner.file.game = Some(doc);
        }
        inner.file.status = "over".to_string();
        self.write(&mut inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &std::path::Path) -> LiveFile {
        LiveFile::read(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn round(path: &std::path::Path) -> Option<u32> {
        read(path).game.map(|g| g.round)
    }

    #[test]
    fn follows_one_game_at_a_time() {
        let dir = std::env::temp_dir().join(format!("vsadnik-live-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("live.json");
        let live = Live::create(path.to_str().unwrap(), "chess", "10+0.1", 4).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(r#"{"format":"vsadnik-live","version":1,"variant":"chess","tc":"10+0.1","games":4,"status":"waiting","written":"#)
                && text.ends_with(r#","game":null,"finished":[]}
"#),
            "{text}"
        );
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut a = LiveBoard::new("main", ["x", "y"], None, start.into(), 10_000);
        a.push(Color::White, 1, "e2e4", "e4");
        a.set_clocks([9_000, 10_000], Some(Color::Black));
        live.show(1, std::slice::from_ref(&a));
        let b = LiveBoard::new("main", ["y", "x"], None, start.into(), 10_000);
        live.show(2, std::slice::from_ref(&b));
        assert_eq!(round(&path), Some(1), "game 2 waits");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains(r#""game":{"round":1,"boards":[{"id":"main","white":"x","black":"y","start_fen":null,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[{"n":1,"color":"white","text":"e4","uci":"e2e4"}],"clocks":{"white":9000,"black":10000,"running":"black"}}],"result":null}"#),
            "{text}"
        );
        let end = LiveResult {
            result: "1-0".into(),
            termination: "normal".into(),
            comment: "Black resigns".into(),
        };
        live.finish(1, &[a], ["x", "y"], &end);
        live.show(2, std::slice::from_ref(&b));
        assert_eq!(round(&path), Some(1), "the finished game lingers");
        assert_eq!(read(&path).finished[0].comment, "Black resigns");
        std::thread::sleep(LINGER);
        live.show(2, std::slice::from_ref(&b));
        assert_eq!(round(&path), Some(2));
        // Game 3 ends while game 2's end lingers: the file shows it at the
        // end of the match.
        live.finish(2, std::slice::from_ref(&b), ["y", "x"], &end);
        live.finish(3, &[b], ["x", "y"], &end);
        assert_eq!(round(&path), Some(2));
        live.close();
        let doc = read(&path);
        assert_eq!(doc.status, "over");
        assert_eq!(doc.game.map(|g| g.round), Some(3));
        assert_eq!(doc.finished.len(), 3);
        assert!(Live::create(dir.join("no/such/dir").to_str().unwrap(), "chess", "1", 1).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn keeps_the_latest_finished_games() {
        let dir = std::env::temp_dir().join(format!("vsadnik-live-many-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("live.json");
        let live = Live::create(path.to_str().unwrap(), "chess", "1", 300).unwrap();
        let end = LiveResult {
            result: "1/2-1/2".into(),
            termination: "normal".into(),
            comment: "draw".into(),
        };
        for round in 1..=MAX_FINISHED as u32 + 5 {
            live.finish(round, &[], ["x", "y"], &end);
        }
        let rounds: Vec<u32> = read(&path).finished.iter().map(|f| f.round).collect();
        assert_eq!(rounds.len(), MAX_FINISHED);
        assert_eq!(rounds[0], 6);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

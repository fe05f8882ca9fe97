//! `vsadnik match --live FILE`: the game being played, written to FILE as
//! one JSON document after every move, for `vsadnik gui --watch FILE` (or
//! any script). Each write goes to `FILE.tmp` first and is renamed over
//! FILE, so a reader never sees half a document.
//!
//! The file follows one game at a time. With `--concurrency` above 1 it
//! follows the first game that moves while no other is followed; a game
//! that has just ended keeps the file for [`LINGER`], so that its last
//! position and result can be seen. Every finished game of the match is
//! listed in it with its result. The format is in `docs/gui.md` ("Watching
//! a match").

use crate::json::Json;
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

fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Milliseconds since 1970: when a document was written (the watcher and
/// its page run on the same machine, so they can count from it).
pub fn epoch_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One board of a followed game, kept up to date by its arbiter.
#[derive(Clone, Debug)]
pub struct LiveBoard {
    /// `main` for a two-player game, `A` or `B` for a team game.
    pub id: &'static str,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    start_fen: Option<String>,
    fen: String,
    moves: Vec<Json>,
    clocks_ms: [i64; 2],
    running: Option<Color>,
}

impl LiveBoard {
    /// A board at `fen` (`start_fen`: the game's set-up, `None` for the
    /// start position), both clocks at `clock_ms`, no clock running.
    pub fn new(
        id: &'static str,
        players: [&str; 2],
        start_fen: Option<&str>,
        fen: String,
        clock_ms: i64,
    ) -> LiveBoard {
        LiveBoard {
            id,
            white: players[0].to_string(),
            black: players[1].to_string(),
            start_fen: start_fen.map(str::to_string),
            fen,
            moves: Vec::new(),
            clocks_ms: [clock_ms; 2],
            running: None,
        }
    }

    /// A move of `mover`, numbered `number`, in coordinates and in the
    /// record notation. The new position comes with [`LiveBoard::set_fen`].
    pub fn push(&mut self, mover: Color, number: u32, uci: &str, text: &str) {
        self.moves.push(
            Json::obj()
                .with("n", number)
                .with("color", color_word(mover))
                .with("text", text)
                .with("uci", uci),
        );
    }

    /// The position now.
    pub fn set_fen(&mut self, fen: String) {
        self.fen = fen;
    }

    /// The clocks now: milliseconds left for White and Black, and the one
    /// that runs.
    pub fn set_clocks(&mut self, ms: [i64; 2], running: Option<Color>) {
        self.clocks_ms = ms;
        self.running = running;
    }

    /// The game is over: no clock runs.
    pub fn stop_clocks(&mut self) {
        self.running = None;
    }

    fn to_json(&self) -> Json {
        Json::obj()
            .with("id", self.id)
            .with("white", self.white.as_str())
            .with("black", self.black.as_str())
            .with("start_fen", self.start_fen.as_deref())
            .with("fen", self.fen.as_str())
            .with("moves", Json::Arr(self.moves.clone()))
            .with(
                "clocks",
                Json::obj()
                    .with("white", self.clocks_ms[0])
                    .with("black", self.clocks_ms[1])
                    .with("running", self.running.map(color_word)),
            )
    }
}

/// How a game ended, for the file.
#[derive(Clone, Debug)]
pub struct LiveResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment.
    pub comment: String,
}

/// What the file holds besides the followed game.
struct Inner {
    /// The game followed, and when it ended.
    owner: Option<(u32, Option<Instant>)>,
    /// The followed game's document.
    game: Json,
    /// A game that waits while a finished one lingers: its latest document.
    waiting: Option<(u32, Json)>,
    /// The finished games, oldest first.
    finished: Vec<Json>,
    /// `waiting`, `playing` or `over`.
    status: &'static str,
    /// A write failed (reported once).
    failed: bool,
}

/// The live file of a match.
pub struct Live {
    path: PathBuf,
    tmp: PathBuf,
    head: Json,
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
            head: Json::obj()
                .with("format", FORMAT)
                .with("version", VERSION)
                .with("variant", variant)
                .with("tc", tc)
                .with("games", games),
            inner: Mutex::new(Inner {
                owner: None,
                game: Json::Null,
                waiting: None,
                finished: Vec::new(),
                status: "waiting",
                failed: false,
            }),
        };
        let mut inner = live.lock();
        live.try_write(&inner)?;
        inner.failed = false;
        drop(inner);
        Ok(live)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn try_write(&self, inner: &Inner) -> Result<(), String> {
        let Json::Obj(mut fields) = self.head.clone() else {
            return Err("bad head".to_string());
        };
        let first = inner.finished.len().saturating_sub(MAX_FINISHED);
        fields.extend([
            ("status".to_string(), Json::from(inner.status)),
            ("written".to_string(), Json::from(epoch_ms())),
            ("game".to_string(), inner.game.clone()),
            (
                "finished".to_string(),
                Json::Arr(inner.finished[first..].to_vec()),
            ),
        ]);
        let text = Json::Obj(fields).to_text() + "\n";
        std::fs::write(&self.tmp, text)
            .and_then(|_| std::fs::rename(&self.tmp, &self.path))
            .map_err(|e| format!("--live {}: {e}", self.path.display()))
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
    fn offer(inner: &mut Inner, round: u32, doc: Json, ended: bool) -> bool {
        let free = match inner.owner {
            None => true,
            Some((r, _)) if r == round => true,
            Some((_, Some(at))) => at.elapsed() >= LINGER,
            Some((_, None)) => false,
        };
        let lingers = matches!(inner.owner, Some((_, Some(_))));
        if free {
            inner.owner = Some((round, ended.then(Instant::now)));
            inner.game = doc;
            inner.waiting = None;
        } else if lingers && inner.waiting.as_ref().is_none_or(|w| w.0 == round) {
            inner.waiting = Some((round, doc));
        }
        free
    }

    fn game_json(round: u32, boards: &[LiveBoard], result: Option<&LiveResult>) -> Json {
        let result = result.map(|r| {
            Json::obj()
                .with("result", r.result.as_str())
                .with("termination", r.termination.as_str())
                .with("comment", r.comment.as_str())
        });
        Json::obj()
            .with("round", round)
            .with(
                "boards",
                Json::Arr(boards.iter().map(LiveBoard::to_json).collect()),
            )
            .with("result", result)
    }

    /// Game `round` as it stands: written when the file follows it.
    pub fn show(&self, round: u32, boards: &[LiveBoard]) {
        let mut inner = self.lock();
        if Self::offer(
            &mut inner,
            round,
            Self::game_json(round, boards, None),
            false,
        ) {
            inner.status = "playing";
            self.write(&mut inner);
        }
    }

    /// Game `round` has ended: listed with its players (the sides' names)
    /// and result, and shown with it when the file follows it.
    pub fn finish(&self, round: u32, boards: &[LiveBoard], sides: [&str; 2], end: &LiveResult) {
        let mut inner = self.lock();
        inner.finished.push(
            Json::obj()
                .with("round", round)
                .with("white", sides[0])
                .with("black", sides[1])
                .with("result", end.result.as_str())
                .with("comment", end.comment.as_str()),
        );
        Self::offer(
            &mut inner,
            round,
            Self::game_json(round, boards, Some(end)),
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
            inner.game = doc;
        }
        inner.status = "over";
        self.write(&mut inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &std::path::Path) -> Json {
        Json::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn follows_one_game_at_a_time() {
        let dir = std::env::temp_dir().join(format!("vsadnik-live-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("live.json");
        let live = Live::create(path.to_str().unwrap(), "chess", "10+0.1", 4).unwrap();
        assert_eq!(read(&path).get("status").unwrap().as_str(), Some("waiting"));
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut a = LiveBoard::new("main", ["x", "y"], None, start.into(), 10_000);
        a.push(Color::White, 1, "e2e4", "e4");
        a.set_clocks([9_000, 10_000], Some(Color::Black));
        live.show(1, std::slice::from_ref(&a));
        let b = LiveBoard::new("main", ["y", "x"], None, start.into(), 10_000);
        live.show(2, std::slice::from_ref(&b));
        let doc = read(&path);
        let game = doc.get("game").unwrap();
        assert_eq!(game.get("round"), Some(&Json::from(1u32)), "game 2 waits");
        assert!(game
            .to_text()
            .contains(r#"{"n":1,"color":"white","text":"e4","uci":"e2e4"}"#));
        let end = LiveResult {
            result: "1-0".into(),
            termination: "normal".into(),
            comment: "Black resigns".into(),
        };
        live.finish(1, &[a], ["x", "y"], &end);
        live.show(2, std::slice::from_ref(&b));
        let doc = read(&path);
        assert_eq!(
            doc.get("game").unwrap().get("round"),
            Some(&Json::from(1u32)),
            "the finished game lingers"
        );
        assert!(doc
            .get("finished")
            .unwrap()
            .to_text()
            .contains("Black resigns"));
        std::thread::sleep(LINGER);
        live.show(2, std::slice::from_ref(&b));
        assert_eq!(
            read(&path).get("game").unwrap().get("round"),
            Some(&Json::from(2u32))
        );
        // Game 3 ends while game 2's end lingers: the file shows it at the
        // end of the match.
        live.finish(2, std::slice::from_ref(&b), ["y", "x"], &end);
        live.finish(3, &[b], ["x", "y"], &end);
        assert_eq!(
            read(&path).get("game").unwrap().get("round"),
            Some(&Json::from(2u32))
        );
        live.close();
        let doc = read(&path);
        assert_eq!(doc.get("status").unwrap().as_str(), Some("over"));
        assert_eq!(
            doc.get("game").unwrap().get("round"),
            Some(&Json::from(3u32))
        );
        assert!(Live::create(dir.join("no/such/dir").to_str().unwrap(), "chess", "1", 1).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

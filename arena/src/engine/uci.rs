//! The UCI client: the `uci` handshake (the engine's name, the variants of
//! its `UCI_Variant` option), `setoption`/`ucinewgame` for a new game,
//! `position` and `go` for a move or an analysis, and the `info` and
//! `bestmove` lines read back.

use super::client::{Client, Heard, Needs, Settled};
use super::process::{Process, Recv};
use super::thinking::{Score, Thinking};
use super::{ClockInfo, GameView, Reply, SYNC_WAIT};
use crate::level::{same_option, Offered};
use crate::options::{Proto, TimeControl};
use movegen::variant::is_chess960_fen;
use movegen::VariantId;

/// The UCI option of Chess960 castling.
const CHESS960: &str = "UCI_Chess960";
use std::time::{Duration, Instant};

/// What the UCI handshake told of an engine.
#[derive(Debug, Default)]
pub struct Uci {
    /// `id name`.
    name: Option<String>,
    /// The values of its `UCI_Variant` option.
    variants: Vec<String>,
    /// Its options.
    options: Vec<Offered>,
}

/// Sends `uci` and reads the engine's answer up to `uciok`, waiting `wait`
/// for it (the full [`SYNC_WAIT`] once the engine has shown it speaks
/// UCI); the error says why the engine is not taken for a UCI engine.
pub fn handshake(proc: &mut Process, wait: Duration) -> Result<Uci, &'static str> {
    if !proc.send("uci") {
        return Err("the engine closed its input");
    }
    let mut uci = Uci::default();
    let started = Instant::now();
    let mut deadline = started + wait;
    loop {
        match proc.recv(deadline, None) {
            Recv::Line(l, _) => {
                let l = l.trim();
                if l == "uciok" {
                    return Ok(uci);
                }
                if l.starts_with("id ") || l.starts_with("option ") {
                    // Surely UCI: give a slow starter the full handshake time.
                    deadline = started + SYNC_WAIT;
                }
                uci.hear(l)?;
            }
            Recv::Eof => return Err("the engine exited during the UCI handshake"),
            Recv::Timeout => return Err("no uciok"),
            Recv::Stopped => unreachable!("no stop channel"),
        }
    }
}

impl Uci {
    /// Takes in one line of the handshake; an error for a line that shows
    /// another protocol.
    fn hear(&mut self, l: &str) -> Result<(), &'static str> {
        if let Some(name) = l.strip_prefix("id name ") {
            self.name = Some(name.trim().to_string());
            return Ok(());
        }
        if let Some(rest) = l.strip_prefix("option name ") {
            self.options.push(Offered::from_uci(rest));
        }
        if l.starts_with("option name UCI_Variant ") {
            let mut words = l.split_whitespace();
            while let Some(w) = words.next() {
                if w == "var" {
                    if let Some(v) = words.next() {
                        self.variants.push(v.to_string());
                    }
                }
            }
        } else if l.starts_with("feature ")
            || l.starts_with("Error")
            || l.starts_with("Illegal move")
        {
            return Err("not a UCI engine");
        }
        Ok(())
    }

    /// Whether `variant` is among the values of `UCI_Variant`.
    fn offers(&self, variant: VariantId) -> bool {
        self.variants.iter().any(|v| v == variant.name())
    }
}

impl Client for Uci {
    fn proto(&self) -> Proto {
        Proto::Uci
    }

    fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn options(&self) -> &[Offered] {
        &self.options
    }

    fn option_line(&self, name: &str, value: &str) -> String {
        format!("setoption name {name} value {value}")
    }

    fn check_support(&self, variant: VariantId, needs: Needs) -> Result<(), String> {
        if variant != VariantId::Chess && !self.offers(variant) {
            return Err(format!(
                "does not offer variant {variant} (no UCI_Variant option with it)"
            ));
        }
        if needs.chess960 && !self.options.iter().any(|o| same_option(&o.name, CHESS960)) {
            return Err(format!(
                "cannot play the Chess960 openings (no {CHESS960} option)"
            ));
        }
        Ok(())
    }

    fn sync_request(&mut self) -> Option<(String, String)> {
        Some(("isready".to_string(), "readyok".to_string()))
    }

    fn sync_failure(&self) -> &'static str {
        "no readyok after isready"
    }

    fn new_game(
        &mut self,
        variant: VariantId,
        start_fen: Option<&str>,
        _tc: &TimeControl,
        _post: bool,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        // An engine with UCI_Variant is told chess too: the same process
        // may have played another variant before (a gui changes variants
        // between games).
        if variant != VariantId::Chess || self.offers(VariantId::Chess) {
            lines.push(format!("setoption name UCI_Variant value {variant}"));
        }
        // A Chess960 opening (its FEN names rook files): UCI_Chess960, set
        // for every game so that the next standard one turns it off.
        if let Some(o) = self.options.iter().find(|o| same_option(&o.name, CHESS960)) {
            let on = start_fen.is_some_and(is_chess960_fen);
            lines.push(format!("setoption name {} value {on}", o.name));
        }
        lines.push("ucinewgame".to_string());
        lines
    }

    fn request_move(&mut self, game: &GameView, clock: &ClockInfo) -> Vec<String> {
        let mut go = format!(
            "go wtime {} btime {} winc {} binc {}",
            clock.wtime.max(0),
            clock.btime.max(0),
            clock.inc,
            clock.inc
        );
        if let Some(n) = clock.movestogo {
            go.push_str(&format!(" movestogo {n}"));
        }
        vec![position(game), go]
    }

    fn analyze(&mut self, game: &GameView) -> Vec<String> {
        vec![position(game), "go infinite".to_string()]
    }

    fn stop_analysis(&self) -> (&'static str, Settled) {
        ("stop", Settled::Moved)
    }

    fn interrupt(&self) -> &'static str {
        "stop"
    }

    fn read(&self, line: &str, at: Instant) -> Option<Heard> {
        let mut words = line.split_whitespace();
        match words.next().unwrap_or("") {
            "bestmove" => Some(Heard::Reply(Reply::Move(
                words.next().unwrap_or("").to_string(),
                at,
            ))),
            "info" => thinking(line).map(Heard::Thinking),
            _ => None,
        }
    }
}

/// `position` for the game so far.
fn position(game: &GameView) -> String {
    let mut pos = match game.start_fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !game.coords.is_empty() {
        pos.push_str(" moves");
        for m in game.coords {
            pos.push(' ');
            pos.push_str(m);
        }
    }
    pos
}

/// An `info` line with a score or a `pv`, as [`Thinking`].
fn thinking(line: &str) -> Option<Thinking> {
    let mut t = Thinking::default();
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "depth" => t.depth = words.next()?.parse().ok(),
            "nodes" => t.nodes = words.next()?.parse().ok(),
            "time" => t.time_ms = words.next()?.parse().ok(),
            "score" => {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                t.score = match kind {
                    "cp" => Some(Score::Cp(n)),
                    "mate" => Some(Score::Mate(n)),
                    _ => None,
                };
            }
            "pv" => {
                t.pv = words.by_ref().map(str::to_string).collect();
            }
            // Its text runs to the end of the line.
            "string" => break,
            _ => {}
        }
    }
    (t.score.is_some() || !t.pv.is_empty()).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33 (6): `UCI_Chess960` is set for every game of an engine
    /// that has it (on for a Chess960 opening); one without it is refused
    /// Chess960 openings.
    #[test]
    fn chess960_openings_set_the_option() {
        let tc = TimeControl::parse("1+0").unwrap();
        let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
        let needs = Needs {
            fen: true,
            chess960: true,
        };
        let mut plain = Uci::default();
        assert!(!plain
            .new_game(VariantId::Chess, Some(fen), &tc, false)
            .iter()
            .any(|l| l.contains(CHESS960)));
        assert!(plain
            .check_support(VariantId::Chess, needs)
            .unwrap_err()
            .contains(CHESS960));
        let mut uci = Uci::default();
        uci.options
            .push(Offered::from_uci("UCI_Chess960 type check default false"));
        assert!(uci.check_support(VariantId::Chess, needs).is_ok());
        let on = uci.new_game(VariantId::Chess, Some(fen), &tc, false);
        assert!(
            on.contains(&"setoption name UCI_Chess960 value true".to_string()),
            "{on:?}"
        );
        let off = uci.new_game(VariantId::Chess, None, &tc, false);
        assert!(
            off.contains(&"setoption name UCI_Chess960 value false".to_string()),
            "{off:?}"
        );
    }

    #[test]
    fn scores() {
        let score = |line| thinking(line).and_then(|t| t.score);
        assert_eq!(
            score("info depth 5 score cp -31 nodes 100 pv e2e4"),
            Some(Score::Cp(-31))
        );
        assert_eq!(
            score("info depth 5 score mate 3 pv e2e4"),
            Some(Score::Mate(3))
        );
        assert_eq!(score("info depth 5 score mate -2"), Some(Score::Mate(-2)));
        assert_eq!(score("info string hello"), None);
    }

    #[test]
    fn thinking_lines() {
        let t = thinking(
            "info depth 7 seldepth 9 multipv 1 score mate -2 nodes 1234 nps 9 time 56 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!(
            t,
            Thinking {
                depth: Some(7),
                score: Some(Score::Mate(-2)),
                nodes: Some(1234),
                time_ms: Some(56),
                pv: vec!["e2e4".into(), "e7e5".into()],
            }
        );
        assert_eq!(thinking("info depth 3 currmove e2e4"), None);
        assert_eq!(thinking("info string score cp 5"), None);
        assert_eq!(thinking("info depth x score cp 5").unwrap().depth, None);
    }
}

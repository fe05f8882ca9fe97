//! The XBoard client: the features handshake ([`features`]), `new`,
//! `variant`, `setboard` and `level` for a new game, `time`/`otim` and the
//! moves the engine has not heard (`usermove` and SAN where it asked for
//! them) for a move or an analysis, the moves, claims and thinking output
//! read back, and the team-game lines `partner`, `holding` and `ptell`.

mod features;

use super::client::{Client, Heard, Needs, Settled};
use super::process::Process;
use super::thinking::{Score, Thinking};
use super::{ClockInfo, GameView, Reply};
use crate::level::Offered;
use crate::options::{trim_seconds, Proto, TimeControl};
use features::Features;
use movegen::variant::is_chess960_fen;
use movegen::VariantId;
use std::time::{Duration, Instant};

pub use features::FEATURE_WAIT;

/// An XBoard engine's features and what it has been told of the game.
pub struct Xboard {
    features: Features,
    /// How many moves of the game the engine has heard.
    known: usize,
    /// Whether the engine plays a side (after `go`), rather than being in
    /// `force` mode.
    playing: bool,
    /// The number of the last `ping`.
    ping: u32,
    /// The game is Fischer random chess: castling goes as `O-O`/`O-O-O`.
    chess960: bool,
}

/// XBoard's name of Chess960.
const FISCHER_RANDOM: &str = "fischerandom";

/// Sends `xboard` and `protover 2` and reads the engine's features; the
/// error says why the handshake failed.
pub fn handshake(proc: &mut Process) -> Result<Xboard, &'static str> {
    proc.send("xboard");
    if !proc.send("protover 2") {
        return Err("the engine closed its input");
    }
    Ok(Xboard {
        features: Features::negotiate(proc)?,
        known: 0,
        playing: false,
        ping: 0,
        chess960: false,
    })
}

impl Xboard {
    /// Move `i` of the game as the engine wants it (SAN or coordinates,
    /// with `usermove` or without).
    fn move_line(&self, game: &GameView, i: usize) -> String {
        let castling = game
            .sans
            .map(|sans| sans[i].trim_end_matches(['+', '#']))
            .filter(|san| self.chess960 && san.starts_with("O-O"));
        let m = match (castling, self.features.san, game.sans) {
            (Some(castle), _, _) => castle,
            (None, true, Some(sans)) => &sans[i],
            _ => &game.coords[i],
        };
        if self.features.usermove {
            format!("usermove {m}")
        } else {
            m.to_string()
        }
    }

    /// The moves of the game the engine has not heard yet.
    fn unheard_moves(&self, game: &GameView) -> Vec<String> {
        let pending = game.coords.len() - self.known.min(game.coords.len());
        (game.coords.len() - pending..game.coords.len())
            .map(|i| self.move_line(game, i))
            .collect()
    }

    /// `time` and `otim` for the engine's side, if it takes them.
    fn times(&self, clock: &ClockInfo) -> Vec<String> {
        if !self.features.time {
            return Vec::new();
        }
        let (own, opp) = if clock.white {
            (clock.wtime, clock.btime)
        } else {
            (clock.btime, clock.wtime)
        };
        vec![
            format!("time {}", (own.max(0) + 5) / 10),
            format!("otim {}", (opp.max(0) + 5) / 10),
        ]
    }
}

impl Client for Xboard {
    fn proto(&self) -> Proto {
        Proto::Xboard
    }

    fn name(&self) -> Option<&str> {
        self.features.myname.as_deref()
    }

    fn restart_each_game(&self) -> bool {
        !self.features.reuse
    }

    fn options(&self) -> &[Offered] {
        &self.features.options
    }

    fn option_line(&self, name: &str, value: &str) -> String {
        let value = match value {
            "true" => "1",
            "false" => "0",
            v => v,
        };
        format!("option {name}={value}")
    }

    fn check_support(&self, variant: VariantId, needs: Needs) -> Result<(), String> {
        let xb_name = variant.xboard_name();
        let listed = match &self.features.variants {
            Some(list) => list.iter().any(|v| v == xb_name),
            None => xb_name == "normal",
        };
        if !listed && !self.features.featured {
            return Err(format!(
                "gave no handshake (no uciok after uci, no feature after protover 2), \
                 so it offers no variant {variant}"
            ));
        }
        if !listed {
            return Err(format!(
                "does not offer variant {variant} (feature variants)"
            ));
        }
        if needs.fen && !self.features.setboard {
            return Err("cannot set up positions (no feature setboard=1)".to_string());
        }
        let fischer = |list: &Vec<String>| list.iter().any(|v| v == FISCHER_RANDOM);
        if needs.chess960 && !self.features.variants.as_ref().is_some_and(fischer) {
            return Err(format!(
                "cannot play the Chess960 openings (no {FISCHER_RANDOM} in feature variants)"
            ));
        }
        Ok(())
    }

    fn sync_request(&mut self) -> Option<(String, String)> {
        if !self.features.ping {
            return None;
        }
        self.ping += 1;
        Some((format!("ping {}", self.ping), format!("pong {}", self.ping)))
    }

    fn sync_failure(&self) -> &'static str {
        "no pong after ping"
    }

    fn new_game(
        &mut self,
        variant: VariantId,
        start_fen: Option<&str>,
        tc: &TimeControl,
        post: bool,
    ) -> Vec<String> {
        self.known = 0;
        self.playing = false;
        self.chess960 = variant == VariantId::Chess && start_fen.is_some_and(is_chess960_fen);
        let mut lines = vec!["new".to_string()];
        if self.chess960 {
            lines.push(format!("variant {FISCHER_RANDOM}"));
        } else if variant != VariantId::Chess {
            lines.push(format!("variant {}", variant.xboard_name()));
        }
        lines.push("force".to_string());
        if let Some(fen) = start_fen {
            lines.push(format!("setboard {fen}"));
        }
        lines.push(format!(
            "level {} {} {}",
            tc.moves,
            level_base(tc.base),
            trim_seconds(tc.inc)
        ));
        lines.push(if post { "post" } else { "nopost" }.to_string());
        lines.push("easy".to_string());
        lines.push("computer".to_string());
        lines
    }

    fn request_move(&mut self, game: &GameView, clock: &ClockInfo) -> Vec<String> {
        let unheard = self.unheard_moves(game);
        let mut lines = Vec::new();
        if self.playing && unheard.len() == 1 {
            // The opponent's move: the engine answers it on its own.
            lines.extend(self.times(clock));
            lines.extend(unheard);
        } else {
            if self.playing {
                lines.push("force".to_string());
            }
            lines.extend(unheard);
            lines.extend(self.times(clock));
            lines.push("go".to_string());
            self.playing = true;
        }
        self.known = game.coords.len();
        lines
    }

    fn own_move_played(&mut self) {
        self.known += 1;
    }

    fn analyze(&mut self, game: &GameView) -> Vec<String> {
        let mut lines = Vec::new();
        if self.playing {
            lines.push("force".to_string());
            self.playing = false;
        }
        lines.extend(self.unheard_moves(game));
        lines.push("post".to_string());
        lines.push("analyze".to_string());
        self.known = game.coords.len();
        lines
    }

    fn stop_analysis(&self) -> (&'static str, Settled) {
        ("exit", Settled::Synced)
    }

    fn interrupt(&self) -> &'static str {
        "?"
    }

    fn read(&self, line: &str, at: Instant) -> Option<Heard> {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let reply = if first == "move" {
            Reply::Move(words.next().unwrap_or("").to_string(), at)
        } else if let Some(m) = line.strip_prefix("My move is") {
            let m = m.trim_start_matches([' ', ':']).trim();
            Reply::Move(m.to_string(), at)
        } else if first == "resign" {
            Reply::Resign
        } else if matches!(first, "1-0" | "0-1" | "1/2-1/2") {
            Reply::Claim(first.to_string(), claim_comment(line).to_string())
        } else if line.starts_with("Illegal move") {
            Reply::Rejected(line.to_string())
        } else if let Some(text) = line.strip_prefix("tellics ptell ") {
            Reply::Tell(text.trim().to_string())
        } else {
            return thinking(line).map(Heard::Thinking);
        };
        Some(Heard::Reply(reply))
    }

    fn game_over(&self, result: &str, comment: &str) -> Vec<String> {
        vec![
            format!("result {result} {{{comment}}}"),
            "force".to_string(),
        ]
    }

    fn take_back_own_move(&mut self) -> Vec<String> {
        if !self.playing {
            return Vec::new();
        }
        self.playing = false;
        vec!["force".to_string(), "undo".to_string()]
    }

    fn partner(&self, name: &str) -> Option<String> {
        Some(format!("partner {}", name.replace(' ', "_")))
    }

    fn holding(&self, white: &str, black: &str) -> Option<String> {
        Some(format!("holding [{white}] [{black}]"))
    }

    fn ptell(&self, text: &str) -> Option<String> {
        Some(format!("ptell {text}"))
    }
}

/// The comment of a result claim (`1-0 {White mates}`), without braces.
fn claim_comment(line: &str) -> &str {
    let comment = line
        .trim()
        .split_once(char::is_whitespace)
        .map_or("", |(_, rest)| rest.trim());
    comment.trim_start_matches('{').trim_end_matches('}')
}

/// `level` base time: minutes, or `MIN:SS` (whole seconds, at least one).
fn level_base(base: Duration) -> String {
    let secs = (base.as_secs_f64().round() as u64).max(1);
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Thinking output `ply score time nodes pv...` (time in centiseconds), as
/// [`Thinking`].
fn thinking(line: &str) -> Option<Thinking> {
    let mut words = line.split_whitespace();
    let ply = words.next()?.trim_end_matches(['.', '&']);
    let depth = ply.parse::<u32>().ok()?;
    let score: i32 = words.next()?.parse().ok()?;
    let centis = words.next()?.parse::<i64>().ok()?;
    let nodes = words.next()?.parse::<u64>().ok()?;
    Some(Thinking {
        depth: Some(depth),
        score: Some(Score::Cp(score)),
        nodes: Some(nodes),
        time_ms: Some(centis.max(0) as u64 * 10),
        pv: words.map(str::to_string).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        let score = |line| thinking(line).and_then(|t| t.score);
        assert_eq!(score(" 7  -45  120  35611 e2e4 e7e5"), Some(Score::Cp(-45)));
        assert_eq!(score("7. 12 0 10"), Some(Score::Cp(12)));
        assert_eq!(score("tellusers hello"), None);
    }

    #[test]
    fn thinking_lines() {
        let t = thinking("9& 31 250 40000 Nf3 Nc6").unwrap();
        assert_eq!(t.time_ms, Some(2500));
        assert_eq!(t.pv, ["Nf3", "Nc6"]);
    }

    /// Issue 33 (6): a Chess960 opening is `variant fischerandom`, its
    /// castling is sent as `O-O`; an engine without it is refused.
    #[test]
    fn fischer_random_openings() {
        let mut x = Xboard {
            features: Features::default(),
            known: 0,
            playing: false,
            ping: 0,
            chess960: false,
        };
        x.features.usermove = true;
        x.features.setboard = true;
        let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
        let tc = TimeControl::parse("1+0").unwrap();
        let lines = x.new_game(VariantId::Chess, Some(fen), &tc, false);
        assert_eq!(lines[..3], ["new", "variant fischerandom", "force"]);
        let coords = ["b1h1".to_string()];
        let sans = ["O-O".to_string()];
        let game = GameView {
            start_fen: Some(fen),
            coords: &coords,
            sans: Some(&sans),
        };
        assert_eq!(x.move_line(&game, 0), "usermove O-O");
        let lines = x.new_game(VariantId::Chess, None, &tc, false);
        assert_eq!(lines[..2], ["new", "force"]);
        assert_eq!(x.move_line(&game, 0), "usermove b1h1");
        let needs = Needs {
            fen: true,
            chess960: true,
        };
        x.features.variants = Some(vec!["normal".to_string()]);
        let why = x.check_support(VariantId::Chess, needs).unwrap_err();
        assert!(why.contains("fischerandom"), "{why}");
        x.features.variants = Some(vec!["normal".to_string(), FISCHER_RANDOM.to_string()]);
        assert!(x.check_support(VariantId::Chess, needs).is_ok());
    }

    #[test]
    fn level_base_in_minutes_and_seconds() {
        assert_eq!(level_base(Duration::from_secs(90)), "1:30");
        assert_eq!(level_base(Duration::from_secs(120)), "2");
        assert_eq!(level_base(Duration::from_millis(500)), "0:01");
    }
}

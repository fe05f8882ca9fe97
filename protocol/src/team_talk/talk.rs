//! Partner messages (`ptell`), in the vocabulary bughouse programs share
//! (Sjeng's): `sit`, `go`, `x`, `help`, and `+`/`++`/`+++` or
//! `-`/`--`/`---` followed by a piece letter (`p n b r q`, `d` for the
//! diagonal pieces, `h` for the heavy ones) or `trades`; and
//! Fairy-Stockfish's clock messages, `time` and `otim`. What the engine sends
//! and how it obeys is in `docs/team_play.md`.

use super::board::kind_letter;
use movegen::{Color, PieceKind};
use std::time::Duration;

/// What a partner's message asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartnerRequest {
    /// `sit`: do not move until `go` (or until the clock runs low).
    Sit,
    /// `go`: move again.
    Go,
    /// `x`: forget the piece wishes, back to normal values.
    Clear,
    /// `help`: list the messages understood.
    Help,
    /// `+K`, `++K`, `+++K` (level 1 to 3: K is good, very good, mates for
    /// the partner: capture K for it), `-K`, `--K`, `---K` (level -1 to -3:
    /// K is bad, very bad, mates the partner: do not lose a K).
    Piece {
        /// The kinds named (`d` = bishop and queen, `h` = rook and queen).
        kinds: Vec<PieceKind>,
        /// From -3 to 3.
        level: i8,
    },
    /// `+trades` / `-trades` (any number of signs): exchanges good or bad.
    Trades(i8),
    /// `time N` / `otim N` (Fairy-Stockfish's): the partner's clock, or its
    /// opponent's, in centiseconds. Not answered.
    Clock {
        /// `otim`: the partner's opponent's clock.
        opponent: bool,
        /// The time left.
        left: Duration,
    },
    /// Anything else: ignored, and never answered (two programs answering
    /// each other's unknown messages would never stop).
    Unknown,
}

/// Parses one partner message.
pub fn parse_request(text: &str) -> PartnerRequest {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "sit" => return PartnerRequest::Sit,
        "go" => return PartnerRequest::Go,
        "x" => return PartnerRequest::Clear,
        "help" => return PartnerRequest::Help,
        _ => {}
    }
    if let Some(req) = parse_clock(&t) {
        return req;
    }
    let what = t.trim_start_matches(['+', '-']);
    let marks = t.strip_suffix(what).unwrap_or("");
    let level = match marks {
        "+" => 1,
        "++" => 2,
        "+++" => 3,
        "-" => -1,
        "--" => -2,
        "---" => -3,
        _ => return PartnerRequest::Unknown,
    };
    let kinds = match what {
        "trades" => return PartnerRequest::Trades(level),
        "d" => vec![PieceKind::Bishop, PieceKind::Queen],
        "h" => vec![PieceKind::Rook, PieceKind::Queen],
        w if w.chars().count() == 1 => {
            match PieceKind::from_char(w.chars().next().unwrap_or(' ')) {
                Some(k) if k != PieceKind::King => vec![k],
                _ => return PartnerRequest::Unknown,
            }
        }
        _ => return PartnerRequest::Unknown,
    };
    PartnerRequest::Piece { kinds, level }
}

/// `time N` / `otim N`, N centiseconds (a negative N, a flag fallen, is 0).
fn parse_clock(t: &str) -> Option<PartnerRequest> {
    let (word, value) = t.split_once(' ')?;
    let opponent = match word {
        "time" => false,
        "otim" => true,
        _ => return None,
    };
    let cs: i64 = value.trim().parse().ok()?;
    Some(PartnerRequest::Clock {
        opponent,
        left: Duration::from_millis(cs.max(0).unsigned_abs().saturating_mul(10)),
    })
}

/// The text of the `help` answer.
pub const HELP: &str =
    "ok, I understand: sit, go, x, help, +/++/+++ or -/--/--- with p n b r q d h trades, time N, otim N";

/// The clocks of the partner's board, as the partner last told them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartnerClocks {
    /// The partner's own clock (`time`).
    pub partner: Option<Duration>,
    /// The partner's opponent's clock (`otim`): the player the engine's
    /// team races when the engine sits.
    pub opponent: Option<Duration>,
}

/// The engine's side of the partner conversation: who the partner is,
/// whether it asked us to sit, its piece wishes, and what we last told it
/// (so that each fact is told once).
#[derive(Clone, Debug, Default)]
pub struct TeamTalk {
    partner: Option<String>,
    sit: bool,
    told_sit: bool,
    /// The partner's wishes by kind index, -3 to 3.
    wishes: [i8; 5],
    trades: i8,
    told_mates: Vec<PieceKind>,
    told_dangers: Vec<PieceKind>,
    told_need: Vec<PieceKind>,
    clocks: PartnerClocks,
}

impl TeamTalk {
    /// `partner NAME` (an empty name: no partner).
    pub fn set_partner(&mut self, name: &str) {
        let name = name.trim();
        self.partner = (!name.is_empty()).then(|| name.to_string());
        self.reset_game();
    }

    /// The partner's name, if one was given.
    pub fn partner(&self) -> Option<&str> {
        self.partner.as_deref()
    }

    /// A new game: no sitting, no wishes, nothing told yet (the partner's
    /// name stays).
    pub fn reset_game(&mut self) {
        self.sit = false;
        self.told_sit = false;
        self.wishes = [0; 5];
        self.trades = 0;
        self.told_mates.clear();
        self.told_dangers.clear();
        self.told_need.clear();
        self.clocks = PartnerClocks::default();
    }

    /// The partner board's clocks, as far as the partner told them this
    /// game.
    pub fn partner_clocks(&self) -> PartnerClocks {
        self.clocks
    }

    /// Tells the partner this board's clocks (`time`, `otim`, in
    /// centiseconds, as Fairy-Stockfish does), on each of the engine's turns.
    pub fn tell_clocks(&self, own: Duration, opponent: Duration) -> Vec<String> {
        [("time", own), ("otim", opponent)]
            .iter()
            .filter_map(|(word, d)| self.ptell(&format!("{word} {}", d.as_millis() / 10)))
            .collect()
    }

    /// True while the partner's `sit` holds.
    pub fn sit_requested(&self) -> bool {
        self.sit
    }

    /// The sit request is over (`go`, or the clock ran low).
    pub fn release(&mut self) {
        self.sit = false;
    }

    /// Asks the partner to freeze its board (`sit`), so that no piece
    /// reaches our opponent, or lets it go again (`go`): each change told
    /// once.
    pub fn tell_freeze(&mut self, freeze: bool) -> Vec<String> {
        if freeze == self.told_sit || self.partner.is_none() {
            return Vec::new();
        }
        self.told_sit = freeze;
        self.ptell(if freeze { "sit" } else { "go" })
            .into_iter()
            .collect()
    }

    /// The partner's wish for `kind`, -3 to 3.
    pub fn wish(&self, kind: PieceKind) -> i8 {
        self.wishes[kind.index()]
    }

    /// The partner's view of exchanges, -3 to 3.
    pub fn trades(&self) -> i8 {
        self.trades
    }

    /// `tellics ptell MSG` when a partner is known.
    fn ptell(&self, msg: &str) -> Option<String> {
        self.partner
            .as_ref()
            .map(|_| format!("tellics ptell {msg}"))
    }

    /// Handles a partner's message: the request and the lines to send back
    /// (acknowledgements start with `ok`, which partners do not answer).
    pub fn on_ptell(&mut self, text: &str) -> (PartnerRequest, Vec<String>) {
        let req = parse_request(text);
        let ack = match &req {
            PartnerRequest::Sit => {
                self.sit = true;
                "ok, I sit until you say go".to_string()
            }
            PartnerRequest::Go => {
                self.sit = false;
                "ok, I move".to_string()
            }
            PartnerRequest::Clear => {
                self.wishes = [0; 5];
                self.trades = 0;
                "ok, normal piece values".to_string()
            }
            PartnerRequest::Help => HELP.to_string(),
            PartnerRequest::Piece { kinds, level } => {
                for k in kinds {
                    self.wishes[k.index()] = *level;
                }
                let names: String = kinds.iter().map(|&k| kind_letter(k)).collect();
                format!("ok, {names} {}", level_words(*level))
            }
            PartnerRequest::Trades(level) => {
                self.trades = *level;
                format!("ok, trades {}", level_words(*level))
            }
            PartnerRequest::Clock { opponent, left } => {
                let slot = if *opponent {
                    &mut self.clocks.opponent
                } else {
                    &mut self.clocks.partner
                };
                *slot = Some(*left);
                return (req, Vec::new());
            }
            PartnerRequest::Unknown => return (req, Vec::new()),
        };
        (req, self.ptell(&ack).into_iter().collect())
    }

    /// Tells a new set of facts of one sort (`+++K`, `---K` or `++K`):
    /// the kinds not told yet; when a told kind no longer holds, `x` first
    /// (it clears every earlier statement at the partner) and then the
    /// whole current set.
    fn tell(&mut self, which: Sort, now: Vec<PieceKind>) -> Vec<String> {
        if self.partner.is_none() {
            return Vec::new();
        }
        let told = match which {
            Sort::Mates => &self.told_mates,
            Sort::Dangers => &self.told_dangers,
            Sort::Need => &self.told_need,
        };
        let mut lines = Vec::new();
        let fresh: Vec<PieceKind> = if told.iter().any(|k| !now.contains(k)) {
            lines.push("x".to_string());
            self.told_mates.clear();
            self.told_dangers.clear();
            self.told_need.clear();
            now.clone()
        } else {
            now.iter().filter(|k| !told.contains(k)).copied().collect()
        };
        for k in &fresh {
            lines.push(format!("{}{}", which.marks(), kind_letter(*k)));
        }
        match which {
            Sort::Mates => self.told_mates = now,
            Sort::Dangers => self.told_dangers = now,
            Sort::Need => self.told_need = now,
        }
        lines.iter().filter_map(|m| self.ptell(m)).collect()
    }

    /// On our turn: the kinds that would mate for us (`+++K`).
    pub fn tell_mates(&mut self, kinds: Vec<PieceKind>) -> Vec<String> {
        self.tell(Sort::Mates, kinds)
    }

    /// On the opponent's turn: the kinds that would mate us in its hand
    /// (`---K`).
    pub fn tell_dangers(&mut self, kinds: Vec<PieceKind>) -> Vec<String> {
        self.tell(Sort::Dangers, kinds)
    }

    /// While sitting (S11): the cheapest kind that would give us a move
    /// (`++K`); an empty list once we can move again.
    pub fn tell_need(&mut self, kinds: Vec<PieceKind>) -> Vec<String> {
        self.tell(Sort::Need, kinds.into_iter().take(1).collect())
    }

    /// Extra centipawns per piece for the team-material term of the
    /// evaluation, by colour and kind, from the partner's wishes for a game
    /// where the engine plays `ours`: a kind the partner wants (`+`) is
    /// worth more on the opponent's side (capturing it sends it to the
    /// partner), a kind the partner fears (`-`) is worth more on ours
    /// (losing it arms the partner's opponent).
    pub fn eval_extra(&self, ours: Color) -> [[i32; 5]; 2] {
        let mut extra = [[0; 5]; 2];
        for (i, &w) in self.wishes.iter().enumerate() {
            let side = if w > 0 { ours.flip() } else { ours };
            extra[side.index()][i] = WISH_CP[w.unsigned_abs().min(3) as usize];
        }
        extra
    }
}

/// Centipawns added per piece for a wish of level 0 to 3.
const WISH_CP: [i32; 4] = [0, 40, 100, 250];

#[derive(Clone, Copy)]
enum Sort {
    Mates,
    Dangers,
    Need,
}

impl Sort {
    fn marks(self) -> &'static str {
        match self {
            Sort::Mates => "+++",
            Sort::Dangers => "---",
            Sort::Need => "++",
        }
    }
}

fn level_words(level: i8) -> &'static str {
    match level {
        3 => "mates for you",
        2 => "very good",
        1 => "good",
        -1 => "bad",
        -2 => "very bad",
        _ => "mates you",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sjeng_vocabulary() {
        assert_eq!(parse_request(" sit "), PartnerRequest::Sit);
        assert_eq!(parse_request("GO"), PartnerRequest::Go);
        assert_eq!(parse_request("x"), PartnerRequest::Clear);
        assert_eq!(
            parse_request("+++n"),
            PartnerRequest::Piece {
                kinds: vec![PieceKind::Knight],
                level: 3
            }
        );
        assert_eq!(
            parse_request("--h"),
            PartnerRequest::Piece {
                kinds: vec![PieceKind::Rook, PieceKind::Queen],
                level: -2
            }
        );
        assert_eq!(parse_request("-trades"), PartnerRequest::Trades(-1));
        for other in [
            "",
            "ok, I sit",
            "++++n",
            "+k",
            "+nn",
            "Sorry, what?",
            "+-p",
            "+\u{e9}",
            "\u{e9}+n",
            "++\u{1d11e}",
            "+n\u{e9}",
        ] {
            assert_eq!(parse_request(other), PartnerRequest::Unknown, "{other}");
        }
    }

    #[test]
    fn tells_each_fact_once_and_retracts_with_x() {
        let mut t = TeamTalk::default();
        assert!(
            t.tell_mates(vec![PieceKind::Knight]).is_empty(),
            "no partner"
        );
        t.set_partner("bob");
        assert_eq!(
            t.tell_mates(vec![PieceKind::Knight]),
            ["tellics ptell +++n"]
        );
        assert!(t.tell_mates(vec![PieceKind::Knight]).is_empty());
        assert_eq!(
            t.tell_mates(vec![PieceKind::Knight, PieceKind::Queen]),
            ["tellics ptell +++q"]
        );
        assert_eq!(
            t.tell_mates(vec![PieceKind::Queen]),
            ["tellics ptell x", "tellics ptell +++q"]
        );
        assert_eq!(t.tell_mates(Vec::new()), ["tellics ptell x"]);
        assert_eq!(
            t.tell_need(vec![PieceKind::Pawn, PieceKind::Knight]),
            ["tellics ptell ++p"]
        );
    }

    #[test]
    fn obeys_and_acknowledges() {
        let mut t = TeamTalk::default();
        t.set_partner("bob");
        let (r, lines) = t.on_ptell("sit");
        assert_eq!(r, PartnerRequest::Sit);
        assert!(t.sit_requested());
        assert!(lines[0].starts_with("tellics ptell ok"));
        t.on_ptell("go");
        assert!(!t.sit_requested());
        t.on_ptell("---q");
        assert_eq!(t.wish(PieceKind::Queen), -3);
        assert_eq!(t.eval_extra(Color::White)[0][PieceKind::Queen.index()], 250);
        t.on_ptell("x");
        assert_eq!(t.wish(PieceKind::Queen), 0);
        let (_, lines) = t.on_ptell("Sorry, but I don't understand that command.");
        assert!(lines.is_empty());
    }

    #[test]
    fn clocks_told_and_heard_in_centiseconds() {
        let mut t = TeamTalk::default();
        assert!(t
            .tell_clocks(Duration::from_secs(1), Duration::ZERO)
            .is_empty());
        t.set_partner("bob");
        assert_eq!(
            t.tell_clocks(Duration::from_millis(12_345), Duration::from_millis(900)),
            ["tellics ptell time 1234", "tellics ptell otim 90"]
        );
        assert_eq!(t.partner_clocks(), PartnerClocks::default());
        let (req, lines) = t.on_ptell("time 1496");
        assert!(lines.is_empty(), "clocks are not answered");
        assert_eq!(
            req,
            PartnerRequest::Clock {
                opponent: false,
                left: Duration::from_millis(14_960)
            }
        );
        t.on_ptell("otim -5");
        let c = t.partner_clocks();
        assert_eq!(c.partner, Some(Duration::from_millis(14_960)));
        assert_eq!(c.opponent, Some(Duration::ZERO));
        for bad in [
            "time",
            "time x",
            "otim 1 2",
            "timex 5",
            "time 99999999999999999999",
        ] {
            assert_eq!(parse_request(bad), PartnerRequest::Unknown, "{bad}");
        }
        t.reset_game();
        assert_eq!(t.partner_clocks(), PartnerClocks::default());
    }

    #[test]
    fn asks_sit_once_and_go_when_it_is_over() {
        let mut t = TeamTalk::default();
        assert!(t.tell_freeze(true).is_empty(), "no partner");
        t.set_partner("bob");
        assert!(t.tell_freeze(false).is_empty(), "nothing to release");
        assert_eq!(t.tell_freeze(true), ["tellics ptell sit"]);
        assert!(t.tell_freeze(true).is_empty());
        assert_eq!(t.tell_freeze(false), ["tellics ptell go"]);
        t.tell_freeze(true);
        t.reset_game();
        assert!(t.tell_freeze(false).is_empty(), "a new game forgets it");
    }
}

//! One team game under an arbiter, whoever sits in the seats: the two
//! boards ([`TeamGame`], every move checked by the rules library), the four
//! clocks, the BPGN entries, the engines' turns (thinking, sitting), the
//! holdings XBoard engines are told, and the partner messages. The match
//! runner's arbiter ([`super::arbiter`]) seats four engines; `vsadnik gui`
//! seats a person in one seat and engines in the other three (a seat
//! without an engine is the person's: nobody is asked to move there).
//!
//! What the engines are told: XBoard engines get `holding` at once when a
//! piece reaches their board; a UCI engine gets the `position fen
//! …[reserve]` of its next request — a search is not interrupted, since UCI
//! has no way to update a running one and restarting on every capture next
//! door starves an engine of time. Partner messages (`tellics ptell`) are
//! relayed as `ptell`. A UCI engine sits by answering `bestmove 0000` (or
//! `(none)`): it is asked again when a piece reaches its board. An XBoard
//! engine sits by not moving. Either way its clock runs.
//!
//! A board may be given a pace ([`TeamPlay::set_pace`]): each move there is
//! asked for no sooner than that long after the one before, and the wait
//! is on nobody's clock (`vsadnik gui` paces the board the person does not
//! play, so that fast engines do not race the person).
//!
//! The boards of `vsadnik match --live` are kept here too (`live`).

mod live;

use super::bpgn::Entry;
use crate::clock::PlayerClock;
use crate::engine::{ClockInfo, Engine, GameView, Reply};
use crate::game::GRACE;
use crate::notation::{parse_engine_move, parse_lenient};
use crate::options::{Proto, TimeControl};
use crate::record::color_name;
use crossbeam::channel::Select;
use movegen::drops::team::Arrival;
use movegen::drops::{DropMove, DropPosition, DropRules, Team, TeamBoard, TeamGame, TeamOutcome};
use movegen::{Color, Position};
use std::time::{Duration, Instant};

/// The seat (0 to 3) of the player of `color` on `board`. Seats 0 and 1
/// are the first pair (board A, board B), 2 and 3 the second; the first
/// pair is team 1 (White on A) when `first_white`. Partners are `e` and
/// `e ^ 1`.
pub fn seat_index(board: TeamBoard, color: Color, first_white: bool) -> usize {
    let first_pair = (Team::of(board, color) == Team::One) == first_white;
    usize::from(!first_pair) * 2 + board.index()
}

/// The board and colour of seat `e`.
pub fn seat_of(e: usize, first_white: bool) -> (TeamBoard, Color) {
    let board = TeamBoard::ALL[e % 2];
    let color = if seat_index(board, Color::White, first_white) == e {
        Color::White
    } else {
        Color::Black
    };
    (board, color)
}

/// "White on board A".
pub fn seat_name(board: TeamBoard, color: Color) -> String {
    let b = if board == TeamBoard::A { 'A' } else { 'B' };
    format!("{} on board {b}", color_name(color))
}

/// "Team 1" (White on A, Black on B) or "Team 2".
fn team_name(t: Team) -> &'static str {
    match t {
        Team::One => "Team 1",
        Team::Two => "Team 2",
    }
}

/// How a team game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEnd {
    /// The winning team; `None` for a draw.
    pub winner: Option<Team>,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment.
    pub comment: String,
}

impl TeamEnd {
    /// `team` loses: `termination` is the tag, `comment` says why.
    pub fn loss(team: Team, termination: &str, comment: String) -> TeamEnd {
        TeamEnd {
            winner: Some(team.other()),
            termination: termination.to_string(),
            comment,
        }
    }

    /// The end the rules give (S12).
    pub fn rules(o: TeamOutcome) -> TeamEnd {
        let place = match o.board {
            Some(TeamBoard::A) => " on board A",
            Some(TeamBoard::B) => " on board B",
            None => "",
        };
        let comment = match (o.winner, o.board) {
            (Some(t), Some(b)) if o.reason == "checkmate" => {
                let mated = if Team::of(b, Color::White) == t {
                    Color::Black
                } else {
                    Color::White
                };
                format!("{} is mated", seat_name(b, mated))
            }
            (Some(t), _) => format!("{} wins by {}{place}", team_name(t), o.reason),
            (None, _) => format!("Draw by {}{place}", o.reason),
        };
        TeamEnd {
            winner: o.winner,
            termination: o.reason.to_string(),
            comment,
        }
    }

    /// `1-0` (team 1 wins), `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Team::One) => "1-0",
            Some(Team::Two) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// What the arbiter knows of one engine's turn.
#[derive(Clone, Copy, Default)]
struct Seat {
    /// A move request is outstanding.
    thinking: bool,
    /// The engine answered that it sits (UCI `bestmove 0000`).
    sitting: bool,
}

/// Holdings of a board as XBoard's `holding` wants them: White's pieces,
/// Black's pieces, both in upper case.
fn holdings<R: DropRules>(pos: &DropPosition<R>) -> (String, String) {
    let fen = pos.current().reserve.to_fen();
    let white: String = fen.chars().filter(|c| c.is_ascii_uppercase()).collect();
    let black: String = fen
        .chars()
        .filter(|c| c.is_ascii_lowercase())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (white, black)
}

/// The most partner messages relayed from one seat between two of its
/// moves (and before its first): enough for Fairy-Stockfish, which tells its
/// partner both clocks at every iteration of its search, while two engines
/// answering each other stop at once.
const MAX_TELLS_PER_MOVE: u32 = 50;

/// A move text that means "I sit" (no move now).
fn is_sit(text: &str) -> bool {
    matches!(text, "" | "0000" | "(none)" | "@@@@" | "null")
}

/// A partner message: from which seat, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tell {
    /// The seat that sent it (its partner, `from ^ 1`, got it).
    pub from: usize,
    /// The message.
    pub text: String,
}

/// What woke the arbiter (see [`wait`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wake {
    /// The engine of this seat has something to say.
    Engine(usize),
    /// Another operation of the caller's `Select` (its index).
    Other(usize),
    /// The deadline passed (a flag may have fallen).
    Deadline,
}

/// Waits for any engine of `engines`, another operation already added to
/// `sel`, or `deadline`.
pub fn wait<'a>(engines: &'a [Option<Engine>], mut sel: Select<'a>, deadline: Instant) -> Wake {
    if let Some(e) = engines
        .iter()
        .position(|slot| slot.as_ref().is_some_and(Engine::has_held_reply))
    {
        return Wake::Engine(e);
    }
    let ids: Vec<Option<usize>> = engines
        .iter()
        .map(|slot| slot.as_ref().map(|e| e.watch(&mut sel)))
        .collect();
    match sel.ready_deadline(deadline) {
        Err(_) => Wake::Deadline,
        Ok(i) => match ids.iter().position(|&id| id == Some(i)) {
            Some(e) => Wake::Engine(e),
            None => Wake::Other(i),
        },
    }
}

/// Why a person's move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It is not this seat's turn.
    NotYourTurn,
    /// The move is not legal (why, in words).
    Illegal(String),
}

/// One team game being played.
pub struct TeamPlay<R: DropRules> {
    game: TeamGame<R>,
    /// Each board's first position, and its FEN when it is not the start
    /// position.
    starts: [DropPosition<R>; 2],
    start_fens: [Option<String>; 2],
    first_white: bool,
    tc: TimeControl,
    entries: Vec<Entry>,
    coords: [Vec<String>; 2],
    sans: [Vec<String>; 2],
    numbers: [u32; 2],
    seats: [Seat; 4],
    told: [Option<String>; 4],
    tells: [u32; 4],
    talk: Vec<Tell>,
    /// The clocks by board and colour.
    clock: [[PlayerClock; 2]; 2],
    /// When the side to move on each board started its turn (or starts
    /// it, after the board's pace: a moment still to come).
    turn_start: [Instant; 2],
    /// The least time between two moves on each board.
    pace: [Duration; 2],
    margin: i64,
    /// Boards whose holdings XBoard engines have not heard yet.
    dirty: [bool; 2],
    /// The boards of the live file, when it follows the game.
    live: Option<live::TeamLive>,
}

impl<R: DropRules> TeamPlay<R> {
    /// A game from `game` (usually the start position on both boards); the
    /// clocks start at `start` (see [`TeamPlay::start_clocks`]).
    pub fn new(
        game: TeamGame<R>,
        tc: TimeControl,
        margin: Duration,
        first_white: bool,
        start: Instant,
    ) -> TeamPlay<R> {
        let startpos = DropPosition::<R>::startpos().to_fen();
        let start_fens = TeamBoard::ALL.map(|b| {
            let fen = game.board(b).to_fen();
            (fen != startpos).then_some(fen)
        });
        let numbers = TeamBoard::ALL.map(|b| game.board(b).view().number);
        TeamPlay {
            starts: TeamBoard::ALL.map(|b| game.board(b).clone()),
            dirty: [start_fens[0].is_some(), start_fens[1].is_some()],
            game,
            start_fens,
            first_white,
            tc,
            entries: Vec::new(),
            coords: Default::default(),
            sans: Default::default(),
            numbers,
            seats: [Seat::default(); 4],
            told: Default::default(),
            tells: [0; 4],
            talk: Vec::new(),
            clock: [[PlayerClock::new(&tc); 2]; 2],
            turn_start: [start; 2],
            pace: [Duration::ZERO; 2],
            margin: margin.as_micros().min(i64::MAX as u128) as i64,
            live: None,
        }
    }

    /// Moves on `board` come no sooner than `pace` after the one before
    /// (the first move of the game is not held).
    pub fn set_pace(&mut self, board: TeamBoard, pace: Duration) {
        self.pace[board.index()] = pace;
    }

    /// Whether `board` waits out its pace at `now`: its side to move is
    /// not asked yet, and its clock does not run.
    pub fn paused(&self, board: TeamBoard, now: Instant) -> bool {
        now < self.turn_start[board.index()]
    }

    /// Both clocks of both boards start (again) at `start`.
    pub fn start_clocks(&mut self, start: Instant) {
        self.turn_start = [start; 2];
    }

    /// The two boards.
    pub fn game(&self) -> &TeamGame<R> {
        &self.game
    }

    /// The position board `b` started from.
    pub fn start(&self, b: TeamBoard) -> &DropPosition<R> {
        &self.starts[b.index()]
    }

    /// The FEN board `b` started from; `None` for the start position.
    pub fn start_fen(&self, b: TeamBoard) -> Option<&str> {
        self.start_fens[b.index()].as_deref()
    }

    /// The seat of the player of `color` on `board`.
    pub fn seat_at(&self, board: TeamBoard, color: Color) -> usize {
        seat_index(board, color, self.first_white)
    }

    /// The board and colour of seat `e`.
    pub fn seat(&self, e: usize) -> (TeamBoard, Color) {
        seat_of(e, self.first_white)
    }

    /// The team of seat `e`.
    pub fn team_of(&self, e: usize) -> Team {
        let (b, c) = self.seat(e);
        Team::of(b, c)
    }

    /// The moves played on board `b`: coordinates and SAN.
    pub fn moves(&self, b: TeamBoard) -> (&[String], &[String]) {
        (&self.coords[b.index()], &self.sans[b.index()])
    }

    /// The BPGN entries so far.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The partner messages so far, in order.
    pub fn talk(&self) -> &[Tell] {
        &self.talk
    }

    /// Whether the engine of seat `e` sits (S11: it said it has no move).
    pub fn sitting(&self, e: usize) -> bool {
        self.seats[e].sitting
    }

    /// Whether the engine of seat `e` is thinking on its move.
    pub fn thinking(&self, e: usize) -> bool {
        self.seats[e].thinking
    }

    /// Milliseconds left on the clock of `color` on `board` at `now`.
    pub fn left_ms(&self, board: TeamBoard, color: Color, now: Instant) -> i64 {
        let bi = board.index();
        let used = if self.game.board(board).side_to_move() == color {
            now.saturating_duration_since(self.turn_start[bi])
                .as_micros() as i64
        } else {
            0
        };
        self.clock[bi][color.index()].left_ms(used)
    }

    /// The end the rules give now, if any.
    pub fn outcome(&self) -> Option<TeamEnd> {
        self.game.outcome().map(TeamEnd::rules)
    }

    /// When the side to move on `board` loses on time.
    fn flag_time(&self, board: TeamBoard) -> Instant {
        let c = self.game.board(board).side_to_move();
        let left = self.clock[board.index()][c.index()].remaining_us() + self.margin;
        self.turn_start[board.index()] + Duration::from_micros(left.max(0) as u64)
    }

    /// The next moment a flag may fall, or a board's pace ends.
    pub fn deadline(&self) -> Instant {
        let now = Instant::now();
        TeamBoard::ALL
            .into_iter()
            .filter(|&b| self.paused(b, now))
            .map(|b| self.turn_start[b.index()])
            .fold(
                self.flag_time(TeamBoard::A)
                    .min(self.flag_time(TeamBoard::B)),
                Instant::min,
            )
    }

    /// The end by time at `now`: every player on move whose time is up
    /// loses; players of both teams out of time draw (S12).
    pub fn flags(&self, now: Instant) -> Option<TeamEnd> {
        let fallen: Vec<(TeamBoard, Color)> = TeamBoard::ALL
            .into_iter()
            .filter(|&b| now >= self.flag_time(b))
            .map(|b| (b, self.game.board(b).side_to_move()))
            .collect();
        match fallen.as_slice() {
            [] => None,
            [(b1, c1), (b2, c2)] if Team::of(*b1, *c1) != Team::of(*b2, *c2) => Some(TeamEnd {
                winner: None,
                termination: "time forfeit".to_string(),
                comment: "Both teams lose on time: draw".to_string(),
            }),
            [(b, c), ..] => Some(TeamEnd::loss(
                Team::of(*b, *c),
                "time forfeit",
                format!("{} loses on time", seat_name(*b, *c)),
            )),
        }
    }

    /// Asks every engine on move that is neither thinking nor sitting for
    /// its move (a seat without an engine, or on a board that waits out
    /// its pace, is skipped), then tells XBoard engines the holdings of
    /// boards that changed. The end of the game when an engine cannot be
    /// asked.
    pub fn ask_engines(&mut self, engines: &mut [Option<Engine>]) -> Option<TeamEnd> {
        let now = Instant::now();
        for b in TeamBoard::ALL {
            if self.paused(b, now) {
                continue;
            }
            let c = self.game.board(b).side_to_move();
            let e = self.seat_at(b, c);
            let seat = self.seats[e];
            if seat.thinking || seat.sitting {
                continue;
            }
            let Some(engine) = engines[e].as_mut() else {
                continue;
            };
            let bi = b.index();
            let clock = ClockInfo {
                wtime: self.left_ms(b, Color::White, now),
                btime: self.left_ms(b, Color::Black, now),
                inc: self.tc.inc.as_millis() as i64,
                movestogo: self.clock[bi][c.index()].movestogo(&self.tc),
                white: c == Color::White,
            };
            let fen = self.game.board(b).to_fen();
            let view = match engine.proto {
                Proto::Uci => GameView {
                    start_fen: Some(&fen),
                    coords: &[],
                    sans: None,
                },
                Proto::Xboard => GameView {
                    start_fen: self.start_fens[bi].as_deref(),
                    coords: &self.coords[bi],
                    sans: Some(&self.sans[bi]),
                },
            };
            if engine.request_move(&view, &clock).is_err() {
                engines[e] = None;
                return Some(TeamEnd::loss(
                    Team::of(b, c),
                    "engine crash",
                    format!("{}'s engine crashed", seat_name(b, c)),
                ));
            }
            self.seats[e].thinking = true;
        }
        for b in TeamBoard::ALL {
            if std::mem::take(&mut self.dirty[b.index()]) {
                let (w, k) = holdings(self.game.board(b));
                for c in [Color::White, Color::Black] {
                    if let Some(engine) = engines[self.seat_at(b, c)].as_mut() {
                        engine.holding(&w, &k);
                    }
                }
            }
        }
        None
    }

    /// Plays the legal move `mv` of `color` on `board`, made at `at`: the
    /// mover's clock, the record, the pieces that reach the other board.
    fn apply(&mut self, board: TeamBoard, color: Color, mv: DropMove, at: Instant) {
        let (bi, ci) = (board.index(), color.index());
        let used = at
            .saturating_duration_since(self.turn_start[bi])
            .as_micros() as i64;
        self.clock[bi][ci].charge(used, &self.tc);
        let san = self.game.board(board).move_to_record(mv);
        if let Some(live) = self.live.as_mut() {
            let number = self.game.board(board).view().number;
            live.moved(board, color, number, &mv.to_string(), &san);
        }
        self.entries.push(Entry::Move {
            board,
            color,
            number: self.numbers[bi],
            san: san.clone(),
            clock_ms: self.clock[bi][ci].left_ms(0),
        });
        if color == Color::Black {
            self.numbers[bi] += 1;
        }
        self.coords[bi].push(mv.to_string());
        self.sans[bi].push(san);
        self.turn_start[bi] = at + self.pace[bi];
        self.dirty[bi] = true;
        for arrival in self.game.play(board, mv) {
            self.arrived(arrival);
        }
    }

    /// A piece reached `arrival.board`: its holdings are news, and a
    /// player sitting there is asked again.
    fn arrived(&mut self, arrival: Arrival) {
        let b = arrival.board;
        self.dirty[b.index()] = true;
        let e = self.seat_at(b, self.game.board(b).side_to_move());
        self.seats[e].sitting = false;
    }

    /// The move `text` (coordinates or SAN) of the person in seat `e`,
    /// made at `at`. Every rule is checked; a drop that gives check in
    /// Swedish chess is refused (S4's penalty is for engines).
    pub fn person_move(&mut self, e: usize, text: &str, at: Instant) -> Result<(), Refusal> {
        let (b, c) = self.seat(e);
        let pos = self.game.board(b);
        if pos.side_to_move() != c {
            return Err(Refusal::NotYourTurn);
        }
        let text = text.trim();
        let mv = match parse_lenient(pos, text) {
            Ok(m) => m,
            Err(_) => return Err(Refusal::Illegal(self.why_illegal(b, text))),
        };
        self.apply(b, c, mv, at);
        Ok(())
    }

    /// Why `text` is not a legal move on board `b`, in words.
    fn why_illegal(&self, b: TeamBoard, text: &str) -> String {
        if self.game.checking_drop(b, text).is_some() {
            return format!("{text} gives check: in Swedish chess no drop may give check (S4)");
        }
        if let Some((letter, _)) = text.split_once('@') {
            let pos = self.game.board(b);
            let held = letter
                .chars()
                .next()
                .and_then(|ch| movegen::Piece::from_fen_char(ch.to_ascii_uppercase()))
                .map(|p| pos.current().reserve.count(pos.side_to_move(), p.kind));
            if held == Some(0) {
                return format!("{text}: you hold no such piece to drop");
            }
        }
        format!(
            "{text} is not a legal move on board {}",
            b.letter(Color::White)
        )
    }

    /// A message from the person in seat `e` to the partner (relayed at
    /// once to an XBoard engine, which may answer).
    pub fn person_tell(&mut self, e: usize, text: &str, engines: &mut [Option<Engine>]) {
        self.relay(e, text.to_string(), engines);
    }

    /// A partner message from seat `e`, recorded and relayed to the
    /// partner (whose next message echoing it is not relayed back).
    fn relay(&mut self, e: usize, text: String, engines: &mut [Option<Engine>]) {
        let (b, c) = self.seat(e);
        self.entries.push(Entry::Comment(format!(
            "{} to partner: {text}",
            seat_name(b, c)
        )));
        if let Some(partner) = engines[e ^ 1].as_mut() {
            partner.ptell(&text);
        }
        self.told[e ^ 1] = Some(text.clone());
        self.talk.push(Tell { from: e, text });
    }

    /// Handles the reply of seat `e`'s engine; the end of the game when it
    /// ends it (an illegal move, a resignation, a crash, a time forfeit).
    pub fn on_reply(
        &mut self,
        e: usize,
        reply: Reply,
        engines: &mut [Option<Engine>],
    ) -> Option<TeamEnd> {
        let (b, c) = self.seat(e);
        let team = Team::of(b, c);
        let who = seat_name(b, c);
        match reply {
            Reply::Move(text, at) => self.on_move(e, &text, at, engines),
            Reply::Tell(text) => {
                self.on_tell(e, text, engines);
                None
            }
            Reply::Resign => Some(TeamEnd::loss(team, "normal", format!("{who} resigns"))),
            Reply::Claim(result, _) => {
                // Only a concession counts: a single-board engine cannot
                // judge the two-board game.
                let concedes = matches!(
                    (c, result.as_str()),
                    (Color::White, "0-1") | (Color::Black, "1-0")
                );
                concedes.then(|| TeamEnd::loss(team, "normal", format!("{who} resigns")))
            }
            Reply::Rejected(line) => {
                let line = line.replace(['{', '}'], "");
                Some(TeamEnd::loss(
                    team,
                    "rules infraction",
                    format!("{who} rejects a legal move ({line})"),
                ))
            }
            Reply::Crash => {
                engines[e] = None;
                Some(TeamEnd::loss(
                    team,
                    "engine crash",
                    format!("{who}'s engine crashed"),
                ))
            }
            Reply::Timeout | Reply::Stopped => None,
        }
    }

    /// Handles the move `text` of seat `e`'s engine, which arrived at
    /// `at`: out of turn (a UCI engine's, or a sit, is ignored), out of
    /// time, a sit, or a move to play.
    fn on_move(
        &mut self,
        e: usize,
        text: &str,
        at: Instant,
        engines: &mut [Option<Engine>],
    ) -> Option<TeamEnd> {
        let (b, c) = self.seat(e);
        let team = Team::of(b, c);
        let who = seat_name(b, c);
        let proto = engines[e].as_ref().map_or(Proto::Uci, |en| en.proto);
        if !self.seats[e].thinking || self.game.board(b).side_to_move() != c {
            if proto == Proto::Uci || is_sit(text) {
                return None;
            }
            let why = format!("{who} moves out of turn: {text}");
            return Some(TeamEnd::loss(team, "illegal move", why));
        }
        self.seats[e].thinking = false;
        if at > self.flag_time(b) {
            let why = format!("{who} loses on time");
            return Some(TeamEnd::loss(team, "time forfeit", why));
        }
        if is_sit(text) {
            self.seats[e].sitting = true;
            return None;
        }
        let Ok(mv) = parse_engine_move(self.game.board(b), proto, text) else {
            return self.on_illegal_move(e, text, engines);
        };
        if let Some(engine) = engines[e].as_mut() {
            engine.own_move_played();
        }
        self.tells[e] = 0;
        self.apply(b, c, mv, at);
        None
    }

    /// Handles the illegal move `text` of seat `e`'s engine: a drop that
    /// gives check in Swedish chess is confiscated (S4: the piece goes to
    /// the opponent's partner and the player moves again); any other loses.
    fn on_illegal_move(
        &mut self,
        e: usize,
        text: &str,
        engines: &mut [Option<Engine>],
    ) -> Option<TeamEnd> {
        let (b, c) = self.seat(e);
        let Some((kind, _)) = self.game.checking_drop(b, text) else {
            let shown = if text.is_empty() { "(none)" } else { text };
            let why = format!("{} makes an illegal move: {shown}", seat_name(b, c));
            return Some(TeamEnd::loss(Team::of(b, c), "illegal move", why));
        };
        let arrival = self.game.confiscate(b, kind);
        self.entries.push(Entry::Comment(format!(
            "{}{}: {text} gives check, confiscated (S4)",
            self.numbers[b.index()],
            b.letter(c)
        )));
        if let Some(engine) = engines[e].as_mut() {
            engine.take_back_own_move();
        }
        self.dirty[b.index()] = true;
        if let Some(live) = self.live.as_mut() {
            live.touched();
        }
        self.arrived(arrival);
        None
    }

    /// Handles a partner message from seat `e`'s engine: relayed unless it
    /// only echoes what the engine was just told (two engines that answer
    /// every message would talk forever), or the engine has talked too
    /// much since its last move.
    fn on_tell(&mut self, e: usize, text: String, engines: &mut [Option<Engine>]) {
        if self.told[e].as_deref() == Some(text.as_str()) || self.tells[e] >= MAX_TELLS_PER_MOVE {
            return;
        }
        self.tells[e] += 1;
        self.relay(e, text, engines);
    }

    /// Ends the game for every engine: a thinking one is told to stop and
    /// given a moment to answer (or killed), then all hear the result
    /// (`1-0`, `0-1`, `1/2-1/2`, or `*` for a game given up).
    pub fn finish(&mut self, engines: &mut [Option<Engine>], result: &str, comment: &str) {
        for (e, slot) in engines.iter_mut().enumerate() {
            let Some(engine) = slot.as_mut() else {
                continue;
            };
            if std::mem::take(&mut self.seats[e].thinking) {
                engine.interrupt();
                if let Reply::Timeout | Reply::Crash =
                    engine.wait_reply(Instant::now() + GRACE, None)
                {
                    engine.kill();
                    *slot = None;
                }
            }
            if let Some(engine) = slot.as_mut() {
                engine.game_over(result, comment);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::{Bughouse, Swedish};

    #[test]
    fn seats_follow_the_contract() {
        // Odd games: engine 1 White on A, 2 Black on B, 3 Black on A, 4 White on B.
        assert_eq!(seat_index(TeamBoard::A, Color::White, true), 0);
        assert_eq!(seat_index(TeamBoard::B, Color::Black, true), 1);
        assert_eq!(seat_index(TeamBoard::A, Color::Black, true), 2);
        assert_eq!(seat_index(TeamBoard::B, Color::White, true), 3);
        // Even games: the teams change seats, each engine keeps its board.
        assert_eq!(seat_index(TeamBoard::A, Color::Black, false), 0);
        assert_eq!(seat_index(TeamBoard::B, Color::White, false), 1);
        for fw in [true, false] {
            for e in 0..4 {
                let (b, c) = seat_of(e, fw);
                assert_eq!(seat_index(b, c, fw), e);
                // Partners (e ^ 1) sit on different boards in different colours.
                let (pb, pc) = seat_of(e ^ 1, fw);
                assert!(pb != b && pc != c);
            }
        }
    }

    #[test]
    fn holdings_in_upper_case() {
        let pos = DropPosition::<Bughouse>::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNnpp] w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(holdings(&pos), ("QN".to_string(), "NPP".to_string()));
    }

    fn play<R: DropRules>(fen: Option<&str>) -> TeamPlay<R> {
        let game = fen.map_or_else(TeamGame::default, |f| TeamGame::from_fen(f).unwrap());
        let tc = TimeControl::parse("60+0").unwrap();
        TeamPlay::new(game, tc, Duration::ZERO, true, Instant::now())
    }

    #[test]
    fn a_person_moves_by_the_rules() {
        let mut p = play::<Bughouse>(None);
        let now = Instant::now();
        // Seat 0 is White on A; seat 2 (Black on A) must wait its turn.
        assert_eq!(p.person_move(2, "e7e5", now), Err(Refusal::NotYourTurn));
        assert!(
            matches!(p.person_move(0, "e2e5", now), Err(Refusal::Illegal(w)) if w.contains("not a legal move on board A"))
        );
        assert!(
            matches!(p.person_move(0, "N@e4", now), Err(Refusal::Illegal(w)) if w.contains("hold no such piece"))
        );
        p.person_move(0, "Nf3", now).unwrap();
        assert_eq!(p.moves(TeamBoard::A).0, ["g1f3"]);
        assert_eq!(p.start_fen(TeamBoard::A), None);
        // A capture on B reaches A's reserve.
        let mut p = play::<Bughouse>(Some(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | \
             rnb1kbnr/pppppppp/8/8/4q3/3P4/PPP2PPP/RNBQKBNR[] w KQkq - 0 1",
        ));
        assert!(p.start_fen(TeamBoard::B).is_some());
        p.person_move(3, "d3e4", now).unwrap();
        assert!(p.game().board(TeamBoard::A).to_fen().contains("[q]"));
        // S4: a checking drop is refused to a person, with the rule.
        let mut p = play::<Swedish>(Some(
            "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        ));
        assert!(
            matches!(p.person_move(0, "N@d6", now), Err(Refusal::Illegal(w)) if w.contains("S4"))
        );
        p.person_move(0, "N@a1", now).unwrap();
    }

    #[test]
    fn a_paced_board_waits_off_the_clock() {
        let mut p = play::<Bughouse>(None);
        let pace = Duration::from_secs(1);
        p.set_pace(TeamBoard::B, pace);
        let now = Instant::now();
        assert!(!p.paused(TeamBoard::B, now), "the first move is not held");
        // Seat 3 is White on B: its move starts Black's pace there.
        p.person_move(3, "e2e4", now).unwrap();
        assert!(p.paused(TeamBoard::B, now + pace / 2));
        assert!(!p.paused(TeamBoard::B, now + pace));
        assert!(p.deadline() <= now + pace);
        let half = now + pace / 2;
        assert_eq!(p.left_ms(TeamBoard::B, Color::Black, half), 60_000);
        let later = now + pace + Duration::from_secs(2);
        assert_eq!(p.left_ms(TeamBoard::B, Color::Black, later), 58_000);
        // Board A has no pace.
        p.person_move(0, "d2d4", now).unwrap();
        assert!(!p.paused(TeamBoard::A, now));
    }

    #[test]
    fn flags_and_ends() {
        let p = play::<Bughouse>(None);
        let later = Instant::now() + Duration::from_secs(61);
        // Both on move are White: White on A (team 1), White on B (team 2).
        assert_eq!(
            p.flags(later).unwrap().comment,
            "Both teams lose on time: draw"
        );
        assert_eq!(p.flags(Instant::now()), None);
        let end = TeamEnd::loss(Team::One, "normal", "White on board A resigns".into());
        assert_eq!(end.result(), "0-1");
        let mut p = play::<Bughouse>(None);
        let mut engines: Vec<Option<Engine>> = (0..4).map(|_| None).collect();
        p.person_tell(0, "++n", &mut engines);
        assert_eq!(
            p.talk(),
            [Tell {
                from: 0,
                text: "++n".into()
            }]
        );
    }
}

//! The arbiter of one two-player game, generic over the variant: it keeps
//! the clocks, relays moves between the engines, validates every move with
//! the rules library and ends the game on the rules, on time, on an illegal
//! move, on a crash or stall, on resignation or on adjudication.

use super::clock::PlayerClock;
use super::engine::{ClockInfo, Engine, Fault, GameView, Reply, StartError};
use super::live::{Live, LiveBoard, LiveResult};
use super::notation::{has_san, parse_engine_move, record};
use super::openings::Opening;
use super::options::{DrawRule, EngineSpec, Proto, ResignRule, TimeControl};
use super::record::{color_name, rules_comment, today, GameRecord};
use crossbeam::channel::Receiver;
use movegen::variant::{Outcome, Position, Status};
use movegen::Color;
use movegen::VariantId;
use std::time::{Duration, Instant};

/// How long an engine that overstepped its time is given to answer `stop`
/// (or XBoard `?`) before its connection counts as stalled.
pub const GRACE: Duration = Duration::from_secs(1);

/// A player of the match: how to start its engine and what it is called.
#[derive(Clone, Debug)]
pub struct Player {
    /// The command.
    pub spec: EngineSpec,
    /// The protocol found when the match started.
    pub proto: Proto,
    /// The name used in output and PGN (unique in the match).
    pub name: String,
}

/// What every game of the match shares.
pub struct MatchContext<'a> {
    /// The variant.
    pub variant: VariantId,
    /// The time control.
    pub tc: TimeControl,
    /// The `TimeControl` tag value.
    pub tc_tag: String,
    /// Allowed overrun before a time forfeit.
    pub margin: Duration,
    /// Resign adjudication.
    pub resign: Option<ResignRule>,
    /// Draw adjudication.
    pub draw: Option<DrawRule>,
    /// The players in `--engine` order (two, or four for team games).
    pub players: &'a [Player],
    /// Echo engine traffic.
    pub debug: bool,
    /// The live file (`--live`), if any.
    pub live: Option<&'a Live>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The game number.
    pub round: u32,
    /// Whether the first engine played White.
    pub first_white: bool,
    /// White's half-points.
    pub white_points: u8,
    /// Black's half-points.
    pub black_points: u8,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment.
    pub comment: String,
    /// The game's PGN.
    pub pgn: String,
}

/// One kind of game the runner schedules: the two-player game of every
/// variant, or the four-engine team game of bughouse and Swedish chess.
pub trait Arbiter: Sync {
    /// Engines per game.
    const SEATS: usize;
    /// The PGN tags that name the players of the first and second side
    /// (read back by `--resume`).
    const SIDE_TAGS: [&'static str; 2];
    /// Plays game `round`; `engines` has `SEATS` slots in `--engine` order.
    /// `None` when the match was stopped first.
    fn play(
        &self,
        ctx: &MatchContext,
        round: u32,
        opening: &Opening,
        first_white: bool,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Finished>;
}

/// The two-player arbiter of variant `P`.
pub struct TwoPlayer<P>(std::marker::PhantomData<fn() -> P>);

impl<P> Default for TwoPlayer<P> {
    fn default() -> Self {
        TwoPlayer(std::marker::PhantomData)
    }
}

impl<P: Position> Arbiter for TwoPlayer<P> {
    const SEATS: usize = 2;
    const SIDE_TAGS: [&'static str; 2] = ["White", "Black"];
    fn play(
        &self,
        ctx: &MatchContext,
        round: u32,
        opening: &Opening,
        first_white: bool,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Finished> {
        play_game::<P>(ctx, round, opening, first_white, engines, stop)
    }
}

/// How a two-player game ended: the points, the `Termination` tag and the
/// result comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// White's half-points.
    pub white: u8,
    /// Black's half-points.
    pub black: u8,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment (`White mates`, `Black loses on time`).
    pub comment: String,
}

impl End {
    /// `loser` loses: `termination` is the tag, `comment` says why.
    pub fn loss(loser: Color, termination: &str, comment: String) -> End {
        let (white, black) = match loser {
            Color::White => (0, 2),
            Color::Black => (2, 0),
        };
        End {
            white,
            black,
            termination: termination.to_string(),
            comment,
        }
    }

    /// The end the rules give (`Status::Over`).
    pub fn rules(o: Outcome) -> End {
        let winner = match o.white.cmp(&o.black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        End {
            white: o.white,
            black: o.black,
            termination: o.reason.to_string(),
            comment: rules_comment(winner, o.reason),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => "1-0",
            std::cmp::Ordering::Less => "0-1",
            std::cmp::Ordering::Equal => "1/2-1/2",
        }
    }
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Starts (or restarts) the engine of `player` in `slot` if it is not
/// running; a failure is reported with the engine's standard error.
pub fn ensure_engine(
    slot: &mut Option<Engine>,
    player: &Player,
    debug: bool,
) -> Result<(), StartError> {
    if slot.is_none() {
        let engine = Engine::start(&player.spec, Some(player.proto), &player.name, debug)
            .inspect_err(|e| e.report(&player.name))?;
        *slot = Some(engine);
    }
    Ok(())
}

/// The moves of a game as the engines, the record and the live file need
/// them.
struct MoveLists<P: Position> {
    coords: Vec<String>,
    recorded: Vec<String>,
    played: Vec<P::Move>,
    /// The board in the live file (`--live`).
    live: Option<LiveBoard>,
}

impl<P: Position> MoveLists<P> {
    fn new(live: Option<LiveBoard>) -> Self {
        MoveLists {
            coords: Vec::new(),
            recorded: Vec::new(),
            played: Vec::new(),
            live,
        }
    }

    /// Plays `mv` on `pos` and records it.
    fn play(&mut self, pos: &mut P, mv: P::Move) {
        let before = self
            .live
            .as_ref()
            .map(|_| (pos.side_to_move(), pos.view().number));
        let text = record(pos, mv);
        let uci = mv.to_string();
        pos.make_move(mv);
        if let (Some(board), Some((mover, number))) = (self.live.as_mut(), before) {
            board.push(mover, number, &uci, &text);
            board.set_fen(pos.to_fen());
        }
        self.recorded.push(text);
        self.coords.push(uci);
        self.played.push(mv);
    }

    /// Shows the game in the live file, with `running`'s clock running.
    fn show(
        &mut self,
        ctx: &MatchContext,
        round: u32,
        clocks: &[PlayerClock; 2],
        running: Option<Color>,
    ) {
        if let (Some(live), Some(board)) = (ctx.live, self.live.as_mut()) {
            board.set_clocks([clocks[0].left_ms(0), clocks[1].left_ms(0)], running);
            live.show(round, std::slice::from_ref(board));
        }
    }
}

/// Plays game `round` from `opening`; `engines[0]` is the first player's
/// engine. Returns `None` when the match was stopped before the game ended.
pub fn play_game<P: Position>(
    ctx: &MatchContext,
    round: u32,
    opening: &Opening,
    first_white: bool,
    engines: &mut [Option<Engine>],
    stop: &Receiver<()>,
) -> Option<Finished> {
    let date = today();
    // Player index of each colour.
    let player_of = |c: Color| usize::from((c == Color::White) != first_white);
    let mut pos: P = match &opening.fen {
        Some(f) => P::from_fen(f).expect("openings are checked when read"),
        None => P::startpos(),
    };
    let start = pos.clone();
    let start_fen = opening.fen.as_deref();
    let white = ctx.players[player_of(Color::White)].name.as_str();
    let black = ctx.players[player_of(Color::Black)].name.as_str();
    let mut moves = MoveLists::<P>::new(ctx.live.map(|_| {
        let full = PlayerClock::new(&ctx.tc).left_ms(0);
        LiveBoard::new("main", [white, black], start_fen, pos.to_fen(), full)
    }));
    for m in &opening.moves {
        let mv = pos.parse_move(m).expect("openings are checked when read");
        moves.play(&mut pos, mv);
    }
    let mut start_fullmove: usize = 1;
    let mut black_first = false;
    if let Some(f) = start_fen {
        let fields: Vec<&str> = f.split_whitespace().collect();
        black_first = fields.get(1) == Some(&"b");
        start_fullmove = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    }
    let post = ctx.resign.is_some() || ctx.draw.is_some();
    let mut clocks = [PlayerClock::new(&ctx.tc); 2];

    let end = 'game: {
        // Start the engines and tell them about the new game.
        for color in [Color::White, Color::Black] {
            let p = player_of(color);
            if let Err(e) = ensure_engine(&mut engines[p], &ctx.players[p], ctx.debug) {
                if ctx.debug {
                    crate::console::note(&format!("{}: {e}", ctx.players[p].name));
                }
                break 'game End::loss(
                    color,
                    "engine crash",
                    format!("{}'s engine could not be started", color_name(color)),
                );
            }
            let engine = engines[p].as_mut().expect("just started");
            match engine.new_game(ctx.variant, start_fen, &ctx.tc, post, stop) {
                Ok(()) => {}
                Err(Fault::Stopped) => return None,
                Err(Fault::Crash) => {
                    engines[p] = None;
                    break 'game End::loss(
                        color,
                        "engine crash",
                        format!("{}'s engine crashed", color_name(color)),
                    );
                }
                Err(Fault::Stall) => {
                    engines[p] = None;
                    break 'game End::loss(
                        color,
                        "stalled connection",
                        format!("{}'s connection stalls", color_name(color)),
                    );
                }
            }
        }

        let inc = ctx.tc.inc.as_micros() as i64;
        let margin = ctx.margin.as_micros() as i64;
        let mut low_scores = [0u32; 2];
        let mut calm_plies = 0u32;
        loop {
            if let Status::Over(o) = pos.status() {
                break 'game End::rules(o);
            }
            moves.show(ctx, round, &clocks, Some(pos.side_to_move()));
            if let Some(r) = ctx.resign {
                for color in [Color::White, Color::Black] {
                    if low_scores[idx(color)] >= r.moves {
                        break 'game End::loss(
                            color,
                            "adjudication",
                            format!("{} wins by adjudication", color_name(color.flip())),
                        );
                    }
                }
            }
            if let Some(d) = ctx.draw {
                let fullmove = start_fullmove + (moves.coords.len() + usize::from(black_first)) / 2;
                if fullmove >= d.move_number as usize && calm_plies >= 2 * d.moves {
                    break 'game End {
                        white: 1,
                        black: 1,
                        termination: "adjudication".to_string(),
                        comment: "Draw by adjudication".to_string(),
                    };
                }
            }

            let color = pos.side_to_move();
            let ci = idx(color);
            let p = player_of(color);
            let engine = engines[p].as_mut().expect("engines run during a game");
            let clock = ClockInfo {
                wtime: clocks[0].left_ms(0),
                btime: clocks[1].left_ms(0),
                inc: inc / 1000,
                movestogo: clocks[ci].movestogo(&ctx.tc),
                white: color == Color::White,
            };
            let view = GameView {
                start_fen,
                coords: &moves.coords,
                sans: has_san::<P>().then_some(moves.recorded.as_slice()),
            };
            let sent = match engine.request_move(&view, &clock) {
                Ok(t) => t,
                Err(_) => {
                    engines[p] = None;
                    break 'game End::loss(
                        color,
                        "engine crash",
                        format!("{}'s engine crashed", color_name(color)),
                    );
                }
            };
            let allowed = Duration::from_micros((clocks[ci].remaining_us() + margin).max(0) as u64);
            let on_time = |at: Instant| at.saturating_duration_since(sent) <= allowed;
            let name = color_name(color);
            let mut reply = engine.wait_reply(sent + allowed, Some(stop));
            if let Reply::Timeout = reply {
                // Out of time: ask for a move now. A reply stamped in time
                // (it raced the deadline) still counts; a later one loses on
                // time; none at all is a stalled connection.
                engine.interrupt();
                reply = engine.wait_reply(Instant::now() + GRACE, Some(stop));
                match reply {
                    Reply::Move(..) | Reply::Stopped => {}
                    Reply::Timeout => {
                        engine.kill();
                        engines[p] = None;
                        break 'game End::loss(
                            color,
                            "stalled connection",
                            format!("{name}'s connection stalls"),
                        );
                    }
                    Reply::Crash => {
                        engines[p] = None;
                        break 'game End::loss(
                            color,
                            "time forfeit",
                            format!("{name} loses on time"),
                        );
                    }
                    _ => {
                        break 'game End::loss(
                            color,
                            "time forfeit",
                            format!("{name} loses on time"),
                        );
                    }
                }
            }
            match reply {
                Reply::Move(text, at) => {
                    if !on_time(at) {
                        break 'game End::loss(
                            color,
                            "time forfeit",
                            format!("{name} loses on time"),
                        );
                    }
                    let mv = match parse_engine_move(&pos, engine.proto, &text) {
                        Ok(m) => m,
                        Err(_) => {
                            let shown = if text.is_empty() { "(none)" } else { &text };
                            break 'game End::loss(
                                color,
                                "illegal move",
                                format!("{name} makes an illegal move: {shown}"),
                            );
                        }
                    };
                    engine.own_move_played();
                    let elapsed = at.saturating_duration_since(sent).as_micros() as i64;
                    clocks[ci].charge(elapsed, &ctx.tc);
                    let score = engine.last_score;
                    if let Some(r) = ctx.resign {
                        match score {
                            Some(s) if s <= -r.score => low_scores[ci] += 1,
                            _ => low_scores[ci] = 0,
                        }
                    }
                    if let Some(d) = ctx.draw {
                        match score {
                            Some(s) if s.abs() <= d.score => calm_plies += 1,
                            _ => calm_plies = 0,
                        }
                    }
                    moves.play(&mut pos, mv);
                }
                Reply::Resign => {
                    break 'game End::loss(color, "normal", format!("{name} resigns"));
                }
                Reply::Claim(result, _) => {
                    let concedes = matches!(
                        (color, result.as_str()),
                        (Color::White, "0-1") | (Color::Black, "1-0")
                    );
                    if concedes {
                        break 'game End::loss(color, "normal", format!("{name} resigns"));
                    }
                    break 'game End::loss(
                        color,
                        "rules infraction",
                        format!("{name} makes a false claim: {result}"),
                    );
                }
                Reply::Rejected(line) => {
                    let line = line.replace(['{', '}'], "");
                    break 'game End::loss(
                        color,
                        "rules infraction",
                        format!("{name} rejects a legal move ({line})"),
                    );
                }
                Reply::Crash => {
                    engines[p] = None;
                    break 'game End::loss(
                        color,
                        "engine crash",
                        format!("{name}'s engine crashed"),
                    );
                }
                Reply::Timeout | Reply::Tell(_) => unreachable!("not returned here"),
                Reply::Stopped => return None,
            }
        }
    };

    let result = end.result();
    for slot in engines.iter_mut() {
        if let Some(e) = slot {
            e.game_over(result, &end.comment);
            if e.restart_each_game {
                *slot = None;
            }
        }
    }
    if let (Some(live), Some(board)) = (ctx.live, moves.live.as_mut()) {
        board.set_clocks([clocks[0].left_ms(0), clocks[1].left_ms(0)], None);
        let shown = LiveResult {
            result: result.to_string(),
            termination: end.termination.clone(),
            comment: end.comment.clone(),
        };
        live.finish(round, std::slice::from_ref(board), [white, black], &shown);
    }
    let pgn = GameRecord {
        event: "vsadnik match",
        round,
        white,
        black,
        time_control: &ctx.tc_tag,
        date: &date,
        body: P::pgn_body(&start, &moves.played),
        plies: moves.played.len(),
        result,
        termination: &end.termination,
        comment: &end.comment,
    }
    .render();
    Some(Finished {
        round,
        first_white,
        white_points: end.white,
        black_points: end.black,
        result,
        termination: end.termination,
        comment: end.comment,
        pgn,
    })
}

//! The arbiter of one team game: four engines, two boards played at the
//! same time, four clocks. It waits on all four engines at once, checks
//! every move with the rules library ([`TeamGame`]), moves captured pieces
//! to the other board and tells the engines there (XBoard `holding` at once;
//! a UCI engine with the `position fen …[reserve]` of its next request — a
//! search is not interrupted, since UCI has no way to update a running one
//! and restarting on every capture next door starves an engine of time),
//! relays partner messages (`tellics ptell` → `ptell`), and ends both games
//! together (S12).
//!
//! A UCI engine sits by answering `bestmove 0000` (or `(none)`): it is asked
//! again when a piece reaches its board. An XBoard engine sits by not
//! moving. Either way its clock runs.

use super::bpgn::{Entry, TeamRecord};
use crate::matches::clock::PlayerClock;
use crate::matches::engine::{ClockInfo, Engine, GameView, Reply};
use crate::matches::game::{ensure_engine, Arbiter, Finished, MatchContext, GRACE};
use crate::matches::live::{LiveBoard, LiveResult};
use crate::matches::notation::parse_engine_move;
use crate::matches::openings::Opening;
use crate::matches::options::Proto;
use crate::matches::record::{color_name, today};
use crossbeam::channel::{Receiver, Select};
use movegen::drops::team::Arrival;
use movegen::drops::{DropPosition, DropRules, Team, TeamBoard, TeamGame, TeamOutcome};
use movegen::{Color, Position};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// The team arbiter of rules `R` (bughouse or Swedish).
pub struct TeamArbiter<R>(PhantomData<fn() -> R>);

impl<R> Default for TeamArbiter<R> {
    fn default() -> Self {
        TeamArbiter(PhantomData)
    }
}

impl<R: DropRules> Arbiter for TeamArbiter<R> {
    const SEATS: usize = 4;
    const SIDE_TAGS: [&'static str; 2] = ["WhiteA", "BlackA"];
    fn play(
        &self,
        ctx: &MatchContext,
        round: u32,
        _opening: &Opening,
        first_white: bool,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Finished> {
        play_team_game::<R>(ctx, round, first_white, engines, stop)
    }
}

/// The seats: which engine plays `color` on `board`. Engines 0 and 1 are
/// the first pair (board A, board B), 2 and 3 the second; the first pair is
/// team 1 (White on A) when `first_white`.
fn engine_of(board: TeamBoard, color: Color, first_white: bool) -> usize {
    let first_pair = (Team::of(board, color) == Team::One) == first_white;
    usize::from(!first_pair) * 2 + board.index()
}

/// The board and colour of engine `e`.
fn seat_of(e: usize, first_white: bool) -> (TeamBoard, Color) {
    let board = TeamBoard::ALL[e % 2];
    let color = if engine_of(board, Color::White, first_white) == e {
        Color::White
    } else {
        Color::Black
    };
    (board, color)
}

/// "White on board A".
fn seat_name(board: TeamBoard, color: Color) -> String {
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

/// What the arbiter knows of one engine's turn.
#[derive(Clone, Copy, Default)]
struct Seat {
    /// A move request is outstanding.
    thinking: bool,
    /// The engine answered that it sits (UCI `bestmove 0000`).
    sitting: bool,
}

/// How the game ended.
struct End {
    winner: Option<Team>,
    termination: String,
    comment: String,
}

impl End {
    fn loss(team: Team, termination: &str, comment: String) -> End {
        End {
            winner: Some(team.other()),
            termination: termination.to_string(),
            comment,
        }
    }

    fn rules(o: TeamOutcome) -> End {
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
        End {
            winner: o.winner,
            termination: o.reason.to_string(),
            comment,
        }
    }
}

/// The four clocks and the state of play on both boards.
struct Clocks {
    /// The clocks by board and colour.
    clock: [[PlayerClock; 2]; 2],
    /// When the side to move on each board started its turn.
    turn_start: [Instant; 2],
    margin: i64,
}

impl Clocks {
    /// When the side to move on `board` (`color`) loses on time.
    fn flag_time(&self, board: TeamBoard, color: Color) -> Instant {
        let left = self.clock[board.index()][color.index()].remaining_us() + self.margin;
        self.turn_start[board.index()] + Duration::from_micros(left.max(0) as u64)
    }
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

/// The most partner messages relayed from one engine in one game.
const MAX_TELLS: u32 = 200;

/// A move text that means "I sit" (no move now).
fn is_sit(text: &str) -> bool {
    matches!(text, "" | "0000" | "(none)" | "@@@@" | "null")
}

/// Plays one team game; `None` when the match was stopped first.
pub fn play_team_game<R: DropRules>(
    ctx: &MatchContext,
    round: u32,
    first_white: bool,
    engines: &mut [Option<Engine>],
    stop: &Receiver<()>,
) -> Option<Finished> {
    let date = today();
    let mut game = TeamGame::<R>::default();
    let mut entries: Vec<Entry> = Vec::new();
    let mut coords: [Vec<String>; 2] = Default::default();
    let mut sans: [Vec<String>; 2] = Default::default();
    let mut numbers = [1u32; 2];
    let mut seats = [Seat::default(); 4];
    let mut told: [Option<String>; 4] = Default::default();
    let mut tells = [0u32; 4];
    let name = |e: usize| ctx.players[e].name.clone();
    let team_of = |e: usize| {
        let (b, c) = seat_of(e, first_white);
        Team::of(b, c)
    };
    let seat_player =
        |b: TeamBoard, c: Color| ctx.players[engine_of(b, c, first_white)].name.as_str();
    let mut live: Option<[LiveBoard; 2]> = ctx.live.map(|_| {
        let full = PlayerClock::new(&ctx.tc).left_ms(0);
        TeamBoard::ALL.map(|b| {
            let id = if b == TeamBoard::A { "A" } else { "B" };
            let players = [seat_player(b, Color::White), seat_player(b, Color::Black)];
            LiveBoard::new(id, players, None, game.board(b).to_fen(), full)
        })
    });

    let end = 'game: {
        for (e, slot) in engines.iter_mut().enumerate() {
            let (b, c) = seat_of(e, first_white);
            if let Err(err) = ensure_engine(slot, &ctx.players[e], ctx.debug) {
                if ctx.debug {
                    crate::cli::output::note(&format!("{}: {err}", name(e)));
                }
                break 'game End::loss(
                    team_of(e),
                    "engine crash",
                    format!("{}'s engine could not be started", seat_name(b, c)),
                );
            }
            let engine = slot.as_mut().expect("just started");
            match engine.new_game(ctx.variant, None, &ctx.tc, false, stop) {
                Ok(()) => {}
                Err(crate::matches::engine::Fault::Stopped) => return None,
                Err(_) => {
                    *slot = None;
                    break 'game End::loss(
                        team_of(e),
                        "engine crash",
                        format!("{}'s engine does not answer", seat_name(b, c)),
                    );
                }
            }
        }
        for (e, slot) in engines.iter_mut().enumerate() {
            slot.as_mut().expect("started").partner(&name(e ^ 1));
        }

        let inc = ctx.tc.inc.as_micros() as i64;
        let start = Instant::now();
        let mut clocks = Clocks {
            clock: [[PlayerClock::new(&ctx.tc); 2]; 2],
            turn_start: [start; 2],
            margin: ctx.margin.as_micros() as i64,
        };
        let mut dirty = [false; 2];
        let mut shown = false;
        loop {
            if let Some(o) = game.outcome() {
                break 'game End::rules(o);
            }
            if !std::mem::replace(&mut shown, true) {
                if let (Some(file), Some(boards)) = (ctx.live, live.as_mut()) {
                    show_boards(boards, &game, &clocks);
                    file.show(round, boards);
                }
            }
            // Ask every engine on move that is not thinking or sitting.
            for b in TeamBoard::ALL {
                let c = game.board(b).side_to_move();
                let e = engine_of(b, c, first_white);
                let seat = seats[e];
                if seat.thinking || seat.sitting {
                    continue;
                }
                let bi = b.index();
                let used = clocks.turn_start[bi].elapsed().as_micros() as i64;
                let left =
                    |k: Color| clocks.clock[bi][k.index()].left_ms(if k == c { used } else { 0 });
                let clock = ClockInfo {
                    wtime: left(Color::White),
                    btime: left(Color::Black),
                    inc: inc / 1000,
                    movestogo: clocks.clock[bi][c.index()].movestogo(&ctx.tc),
                    white: c == Color::White,
                };
                let engine = engines[e].as_mut().expect("engines run during a game");
                let fen = game.board(b).to_fen();
                let view = match engine.proto {
                    Proto::Uci => GameView {
                        start_fen: Some(&fen),
                        coords: &[],
                        sans: None,
                    },
                    Proto::Xboard => GameView {
                        start_fen: None,
                        coords: &coords[bi],
                        sans: Some(&sans[bi]),
                    },
                };
                if engine.request_move(&view, &clock).is_err() {
                    engines[e] = None;
                    break 'game End::loss(
                        team_of(e),
                        "engine crash",
                        format!("{}'s engine crashed", seat_name(b, c)),
                    );
                }
                seats[e].thinking = true;
            }
            // XBoard engines learn the holdings of their board.
            for b in TeamBoard::ALL {
                if std::mem::take(&mut dirty[b.index()]) {
                    let (w, k) = holdings(game.board(b));
                    for c in [Color::White, Color::Black] {
                        if let Some(engine) = engines[engine_of(b, c, first_white)].as_mut() {
                            engine.holding(&w, &k);
                        }
                    }
                }
            }
            // Wait for any engine, a flag, or the end of the match.
            let on_move = TeamBoard::ALL.map(|b| (b, game.board(b).side_to_move()));
            let deadline = on_move
                .iter()
                .map(|&(b, c)| clocks.flag_time(b, c))
                .min()
                .expect("two boards");
            let held = engines
                .iter()
                .position(|slot| slot.as_ref().is_some_and(Engine::has_held_reply));
            let ready = if held.is_some() {
                held
            } else {
                let mut sel = Select::new();
                let mut ids = [usize::MAX; 4];
                for (e, slot) in engines.iter().enumerate() {
                    if let Some(engine) = slot {
                        ids[e] = engine.watch(&mut sel);
                    }
                }
                let stop_id = sel.recv(stop);
                match sel.ready_deadline(deadline) {
                    Err(_) => None,
                    Ok(i) if i == stop_id => return None,
                    Ok(i) => ids.iter().position(|&id| id == i),
                }
            };
            let Some(e) = ready else {
                // Flags: every player on move whose time is up. Players of
                // both teams out of time draw (S12).
                let now = Instant::now();
                let fallen: Vec<(TeamBoard, Color)> = on_move
                    .into_iter()
                    .filter(|&(b, c)| now >= clocks.flag_time(b, c))
                    .collect();
                match fallen.as_slice() {
                    [] => continue,
                    [(b1, c1), (b2, c2)] if Team::of(*b1, *c1) != Team::of(*b2, *c2) => {
                        break 'game End {
                            winner: None,
                            termination: "time forfeit".to_string(),
                            comment: "Both teams lose on time: draw".to_string(),
                        };
                    }
                    [(b, c), ..] => {
                        break 'game End::loss(
                            Team::of(*b, *c),
                            "time forfeit",
                            format!("{} loses on time", seat_name(*b, *c)),
                        );
                    }
                }
            };
            let (b, c) = seat_of(e, first_white);
            let bi = b.index();
            let who = seat_name(b, c);
            let Some(reply) = engines[e].as_mut().and_then(Engine::poll_reply) else {
                continue;
            };
            match reply {
                Reply::Move(text, at) => {
                    let proto = engines[e].as_ref().expect("it answered").proto;
                    if !seats[e].thinking || game.board(b).side_to_move() != c {
                        if proto == Proto::Uci || is_sit(&text) {
                            continue;
                        }
                        break 'game End::loss(
                            team_of(e),
                            "illegal move",
                            format!("{who} moves out of turn: {text}"),
                        );
                    }
                    seats[e].thinking = false;
                    if at > clocks.flag_time(b, c) {
                        break 'game End::loss(
                            team_of(e),
                            "time forfeit",
                            format!("{who} loses on time"),
                        );
                    }
                    if is_sit(&text) {
                        seats[e].sitting = true;
                        continue;
                    }
                    let mv = match parse_engine_move(game.board(b), proto, &text) {
                        Ok(m) => m,
                        Err(_) => {
                            if let Some((kind, _)) = game.checking_drop(b, &text) {
                                // S4: the piece goes to the opponent's
                                // partner and the player moves again.
                                let arrival = game.confiscate(b, kind);
                                shown = false;
                                entries.push(Entry::Comment(format!(
                                    "{}{}: {text} gives check, confiscated (S4)",
                                    numbers[bi],
                                    b.letter(c)
                                )));
                                let engine = engines[e].as_mut().expect("it answered");
                                engine.take_back_own_move();
                                dirty[bi] = true;
                                wake(&mut seats, arrival, &game, first_white);
                                dirty[arrival.board.index()] = true;
                                continue;
                            }
                            let shown = if text.is_empty() { "(none)" } else { &text };
                            break 'game End::loss(
                                team_of(e),
                                "illegal move",
                                format!("{who} makes an illegal move: {shown}"),
                            );
                        }
                    };
                    let engine = engines[e].as_mut().expect("it answered");
                    engine.own_move_played();
                    let ci = c.index();
                    let used = at
                        .saturating_duration_since(clocks.turn_start[bi])
                        .as_micros() as i64;
                    clocks.clock[bi][ci].charge(used, &ctx.tc);
                    let san = game.board(b).move_to_record(mv);
                    entries.push(Entry::Move {
                        board: b,
                        color: c,
                        number: numbers[bi],
                        san: san.clone(),
                        clock_ms: clocks.clock[bi][ci].left_ms(0),
                    });
                    if c == Color::Black {
                        numbers[bi] += 1;
                    }
                    if let Some(boards) = live.as_mut() {
                        boards[bi].push(&game.board(b).to_fen(), &mv.to_string(), &san);
                    }
                    coords[bi].push(mv.to_string());
                    sans[bi].push(san);
                    clocks.turn_start[bi] = at;
                    dirty[bi] = true;
                    shown = false;
                    for arrival in game.play(b, mv) {
                        dirty[arrival.board.index()] = true;
                        wake(&mut seats, arrival, &game, first_white);
                    }
                }
                Reply::Tell(text) => {
                    // Relayed unless it only echoes what the engine was just
                    // told (two engines that answer every message would talk
                    // forever), or the engine has talked too much.
                    if told[e].as_deref() == Some(text.as_str()) || tells[e] >= MAX_TELLS {
                        continue;
                    }
                    tells[e] += 1;
                    entries.push(Entry::Comment(format!("{who} to partner: {text}")));
                    if let Some(partner) = engines[e ^ 1].as_mut() {
                        partner.ptell(&text);
                    }
                    told[e ^ 1] = Some(text);
                }
                Reply::Resign => {
                    break 'game End::loss(team_of(e), "normal", format!("{who} resigns"));
                }
                Reply::Claim(result, _) => {
                    // Only a concession counts: a single-board engine cannot
                    // judge the two-board game.
                    let concedes = matches!(
                        (c, result.as_str()),
                        (Color::White, "0-1") | (Color::Black, "1-0")
                    );
                    if concedes {
                        break 'game End::loss(team_of(e), "normal", format!("{who} resigns"));
                    }
                }
                Reply::Rejected(line) => {
                    let line = line.replace(['{', '}'], "");
                    break 'game End::loss(
                        team_of(e),
                        "rules infraction",
                        format!("{who} rejects a legal move ({line})"),
                    );
                }
                Reply::Crash => {
                    engines[e] = None;
                    break 'game End::loss(
                        team_of(e),
                        "engine crash",
                        format!("{who}'s engine crashed"),
                    );
                }
                Reply::Timeout | Reply::Stopped => {}
            }
        }
    };
    let result = match end.winner {
        Some(Team::One) => "1-0",
        Some(Team::Two) => "0-1",
        None => "1/2-1/2",
    };
    finish_engines(engines, &seats, result, &end.comment);
    if let (Some(file), Some(boards)) = (ctx.live, live.as_mut()) {
        for (b, board) in TeamBoard::ALL.into_iter().zip(boards.iter_mut()) {
            board.set_fen(game.board(b).to_fen());
            board.stop_clocks();
        }
        let team = |t: Team| {
            let (w, k) = match t {
                Team::One => ((TeamBoard::A, Color::White), (TeamBoard::B, Color::Black)),
                Team::Two => ((TeamBoard::B, Color::White), (TeamBoard::A, Color::Black)),
            };
            format!("{} & {}", seat_player(w.0, w.1), seat_player(k.0, k.1))
        };
        let end = LiveResult {
            result: result.to_string(),
            termination: end.termination.clone(),
            comment: end.comment.clone(),
        };
        file.finish(round, boards, [&team(Team::One), &team(Team::Two)], &end);
    }
    let players = [
        (TeamBoard::A, Color::White),
        (TeamBoard::A, Color::Black),
        (TeamBoard::B, Color::White),
        (TeamBoard::B, Color::Black),
    ]
    .map(|(b, c)| ctx.players[engine_of(b, c, first_white)].name.as_str());
    let pgn = TeamRecord {
        round,
        players,
        variant: ctx.variant,
        time_control: &ctx.tc_tag,
        date: &date,
        entries: &entries,
        result,
        termination: &end.termination,
        comment: &end.comment,
    }
    .render();
    let (white_points, black_points) = match end.winner {
        Some(Team::One) => (2, 0),
        Some(Team::Two) => (0, 2),
        None => (1, 1),
    };
    Some(Finished {
        round,
        first_white,
        white_points,
        black_points,
        result,
        termination: end.termination,
        comment: end.comment,
        pgn,
    })
}

/// The live file's boards as they stand: positions (reserves change with
/// the other board's captures) and the four clocks, the side to move's
/// running on each board.
fn show_boards<R: DropRules>(boards: &mut [LiveBoard; 2], game: &TeamGame<R>, clocks: &Clocks) {
    for (b, board) in TeamBoard::ALL.into_iter().zip(boards.iter_mut()) {
        let bi = b.index();
        let c = game.board(b).side_to_move();
        let used = clocks.turn_start[bi].elapsed().as_micros() as i64;
        let left = |k: Color| clocks.clock[bi][k.index()].left_ms(if k == c { used } else { 0 });
        board.set_fen(game.board(b).to_fen());
        board.set_clocks([left(Color::White), left(Color::Black)], Some(c));
    }
}

/// A piece reached `arrival.board`: a player sitting there is asked again.
fn wake<R: DropRules>(
    seats: &mut [Seat; 4],
    arrival: Arrival,
    game: &TeamGame<R>,
    first_white: bool,
) {
    let b = arrival.board;
    seats[engine_of(b, game.board(b).side_to_move(), first_white)].sitting = false;
}

/// Ends the game for every engine: a thinking one is told to stop and given
/// a moment to answer (or killed), then all hear the result.
fn finish_engines(engines: &mut [Option<Engine>], seats: &[Seat; 4], result: &str, comment: &str) {
    for (e, slot) in engines.iter_mut().enumerate() {
        let Some(engine) = slot.as_mut() else {
            continue;
        };
        if seats[e].thinking {
            engine.interrupt();
            if let Reply::Timeout | Reply::Crash = engine.wait_reply(Instant::now() + GRACE, None) {
                engine.kill();
                *slot = None;
            }
        }
        if let Some(engine) = slot.as_mut() {
            engine.game_over(result, comment);
            if engine.restart_each_game {
                *slot = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_follow_the_contract() {
        // Odd games: engine 1 White on A, 2 Black on B, 3 Black on A, 4 White on B.
        assert_eq!(engine_of(TeamBoard::A, Color::White, true), 0);
        assert_eq!(engine_of(TeamBoard::B, Color::Black, true), 1);
        assert_eq!(engine_of(TeamBoard::A, Color::Black, true), 2);
        assert_eq!(engine_of(TeamBoard::B, Color::White, true), 3);
        // Even games: the teams change seats, each engine keeps its board.
        assert_eq!(engine_of(TeamBoard::A, Color::Black, false), 0);
        assert_eq!(engine_of(TeamBoard::B, Color::White, false), 1);
        for fw in [true, false] {
            for e in 0..4 {
                let (b, c) = seat_of(e, fw);
                assert_eq!(engine_of(b, c, fw), e);
                // Partners (e ^ 1) sit on different boards in different colours.
                let (pb, pc) = seat_of(e ^ 1, fw);
                assert!(pb != b && pc != c);
            }
        }
    }

    #[test]
    fn holdings_in_upper_case() {
        let pos = DropPosition::<movegen::drops::Bughouse>::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNnpp] w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(holdings(&pos), ("QN".to_string(), "NPP".to_string()));
    }
}

//! The engine across the board: one UCI or XBoard process (the match
//! runner's [`Engine`], the same `--engine` syntax), what it is doing
//! (idle, searching its move, analysing), and what its own copy of the
//! game holds, so that a new game, a loaded position or a take-back starts
//! it again from a known board.

use super::table::Table;
use arena::engine::{ClockInfo, Engine, GameView, Needs, Reply, Thinking};
use arena::game::GRACE;
use arena::level::Level;
use arena::options::{EngineSpec, Proto, TimeControl};
use crossbeam::channel::Select;
use movegen::VariantId;
use std::time::Instant;

/// What the engine is doing, and for which position of the game (the
/// room's position counter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Activity {
    /// Nothing.
    Idle,
    /// Thinking on its move since `sent`.
    Searching {
        /// The position it searches.
        position: u64,
        /// When the request was complete.
        sent: Instant,
    },
    /// Analysing without end.
    Analyzing {
        /// The position it analyses.
        position: u64,
    },
}

/// What the engine's copy of the game holds.
struct Told {
    variant: VariantId,
    start_fen: Option<String>,
    coords: Vec<String>,
}

/// The engine seat.
pub struct Opponent {
    spec: EngineSpec,
    proto: Option<Proto>,
    name: String,
    debug: bool,
    engine: Option<Engine>,
    activity: Activity,
    /// The engine ended the analysis by itself (a UCI `bestmove` before
    /// `stop`, as engines under a node limit do): nothing to wait for.
    analysis_over: bool,
    told: Option<Told>,
    /// The level asked for, set at the engine's next new game.
    level: Level,
    /// The level the engine process plays at.
    level_set: Level,
}

impl Opponent {
    /// The engine of `spec`, not started yet.
    pub fn new(spec: EngineSpec, debug: bool) -> Opponent {
        let name = spec.basename();
        Opponent {
            spec,
            proto: None,
            name,
            debug,
            engine: None,
            activity: Activity::Idle,
            analysis_over: false,
            told: None,
            level: Level::Full,
            level_set: Level::Full,
        }
    }

    /// The level asked for.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Asks for `level` from the engine's next new game on; refused (and
    /// nothing changed) when the engine has no option for it.
    pub fn set_level(&mut self, level: Level) -> Result<(), String> {
        let name = self.name.clone();
        self.start()?
            .level_lines(&level)
            .map_err(|why| format!("the engine {name} {why}"))?;
        self.level = level;
        Ok(())
    }

    /// The engine's name (`id name`, `myname`, or its program's).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it is doing.
    pub fn activity(&self) -> Activity {
        self.activity
    }

    /// Whether its process runs.
    pub fn running(&self) -> bool {
        self.engine.is_some()
    }

    /// Starts the process if it is not running (the protocol is detected
    /// the first time, then kept).
    pub fn start(&mut self) -> Result<&mut Engine, String> {
        if self.engine.is_none() {
            let mut e = Engine::start(&self.spec, self.proto, &self.spec.basename(), self.debug)
                .map_err(|e| {
                    e.report(&self.spec.basename());
                    format!(
                        "the engine '{}' could not be started: {e}",
                        self.spec.argv.join(" ")
                    )
                })?;
            self.proto = Some(e.proto);
            if let Some(n) = &e.reported_name {
                self.name = n.clone();
            }
            e.set_name(&self.name);
            e.collect_thinking(true);
            self.engine = Some(e);
            self.told = None;
            self.level_set = Level::Full;
            self.activity = Activity::Idle;
        }
        Ok(self.engine.as_mut().expect("just started"))
    }

    /// Checks that the engine plays `variant` from the set-up the game
    /// needs (`needs`).
    pub fn check_support(&mut self, variant: VariantId, needs: Needs) -> Result<(), String> {
        let name = self.name.clone();
        self.start()?
            .check_support(variant, needs)
            .map_err(|why| format!("the engine {name} {why}"))
    }

    /// Forgets what the engine's game holds: the next request starts a new
    /// game in it.
    pub fn forget(&mut self) {
        self.told = None;
    }

    /// Makes the engine's game the table's: a new game when the variant or
    /// start differ, or when an XBoard engine's moves are not a beginning
    /// of the table's (a take-back).
    fn prepare(&mut self, table: &dyn Table, tc: &TimeControl) -> Result<(), String> {
        self.start()?;
        let proto = self.proto;
        let fresh = match &self.told {
            None => true,
            Some(t) => {
                t.variant != table.variant()
                    || t.start_fen.as_deref() != table.start_fen()
                    || (proto == Some(Proto::Xboard) && !table.coords().starts_with(&t.coords))
            }
        };
        if fresh {
            let never = crossbeam::channel::never();
            let e = self.engine.as_mut().expect("started");
            if self.level != self.level_set {
                e.set_level(&self.level)
                    .map_err(|why| format!("the engine {} {why}", self.name))?;
                self.level_set = self.level;
            }
            if e.new_game(table.variant(), table.start_fen(), tc, true, &never)
                .is_err()
            {
                self.crashed();
                return Err(format!("the engine {} does not answer", self.name));
            }
            self.told = Some(Told {
                variant: table.variant(),
                start_fen: table.start_fen().map(str::to_string),
                coords: Vec::new(),
            });
        }
        Ok(())
    }

    /// The table's game as an engine is told it: its start, its moves in
    /// coordinates, and in SAN where the variant has it (XBoard `san=1`).
    fn moves_of(table: &dyn Table) -> (Vec<String>, Option<Vec<String>>) {
        (table.coords(), table.has_san().then(|| table.records()))
    }

    fn view<'a>(
        table: &'a dyn Table,
        (coords, sans): &'a (Vec<String>, Option<Vec<String>>),
    ) -> GameView<'a> {
        GameView {
            start_fen: table.start_fen(),
            coords,
            sans: sans.as_deref(),
        }
    }

    /// Asks the engine for its move in the table's position (`position`).
    pub fn search(
        &mut self,
        table: &dyn Table,
        tc: &TimeControl,
        clock: &ClockInfo,
        position: u64,
    ) -> Result<(), String> {
        self.prepare(table, tc)?;
        let e = self.engine.as_mut().expect("prepared");
        let moves = Self::moves_of(table);
        let sent = e.request_move(&Self::view(table, &moves), clock);
        self.started(
            table,
            sent.map(|sent| Activity::Searching { position, sent }),
        )
    }

    /// Starts the engine analysing the table's position (`position`).
    pub fn analyze(
        &mut self,
        table: &dyn Table,
        tc: &TimeControl,
        position: u64,
    ) -> Result<(), String> {
        self.prepare(table, tc)?;
        let e = self.engine.as_mut().expect("prepared");
        let moves = Self::moves_of(table);
        let sent = e.analyze(&Self::view(table, &moves));
        if sent.is_ok() {
            self.analysis_over = false;
        }
        self.started(table, sent.map(|()| Activity::Analyzing { position }))
    }

    /// After a search or an analysis was asked for: the engine is now
    /// busy with `activity` and knows the table's moves, or it crashed.
    fn started<E>(
        &mut self,
        table: &dyn Table,
        activity: Result<Activity, E>,
    ) -> Result<(), String> {
        match activity {
            Ok(a) => {
                self.activity = a;
                if let Some(t) = self.told.as_mut() {
                    t.coords = table.coords().to_vec();
                }
                Ok(())
            }
            Err(_) => {
                self.crashed();
                Err(format!("the engine {} crashed", self.name))
            }
        }
    }

    /// Ends a search or an analysis and waits until the engine is idle (a
    /// move it answers with is dropped); an engine that does not stop is
    /// ended.
    pub fn stop(&mut self) {
        let activity = std::mem::replace(&mut self.activity, Activity::Idle);
        let Some(e) = self.engine.as_mut() else {
            return;
        };
        let result = match activity {
            Activity::Idle => Ok(()),
            Activity::Searching { .. } => {
                let r = e.abort_search(GRACE);
                if e.proto == Proto::Xboard {
                    // It played the move on its own board.
                    self.told = None;
                }
                r
            }
            Activity::Analyzing { .. } if self.analysis_over && e.proto == Proto::Uci => Ok(()),
            Activity::Analyzing { .. } => e.stop_analysis(),
        };
        match result {
            Ok(()) => {
                e.take_thinking();
            }
            Err(_) => {
                e.kill();
                self.crashed();
            }
        }
    }

    /// The engine's move was played: its game has it too.
    pub fn move_played(&mut self, coord: &str) {
        self.activity = Activity::Idle;
        if let Some(e) = self.engine.as_mut() {
            e.own_move_played();
        }
        if let Some(t) = self.told.as_mut() {
            t.coords.push(coord.to_string());
        }
    }

    /// The engine's search ended without a move to play (it resigned, or
    /// its answer was refused): it is idle.
    pub fn search_ended(&mut self) {
        self.activity = Activity::Idle;
    }

    /// Tells the engine the game is over (XBoard `result`); its game is
    /// then started afresh for whatever comes next.
    pub fn game_over(&mut self, result: &str, comment: &str) {
        self.stop();
        if let Some(e) = self.engine.as_mut() {
            e.game_over(result, comment);
        }
        self.told = None;
    }

    /// The process has gone.
    pub fn crashed(&mut self) {
        self.engine = None;
        self.told = None;
        self.activity = Activity::Idle;
    }

    /// Adds the engine's output to `sel`; the operation's index.
    pub fn watch<'a>(&'a self, sel: &mut Select<'a>) -> Option<usize> {
        self.engine.as_ref().map(|e| e.watch(sel))
    }

    /// Whether a reply is waiting that output channels do not show.
    pub fn has_held_reply(&self) -> bool {
        self.engine.as_ref().is_some_and(Engine::has_held_reply)
    }

    /// The next reply already received, if any (thinking lines are kept
    /// for [`Opponent::take_thinking`]).
    pub fn poll(&mut self) -> Option<Reply> {
        let reply = self.engine.as_mut()?.poll_reply();
        match reply {
            Some(Reply::Crash) => self.crashed(),
            Some(Reply::Move(..)) if matches!(self.activity, Activity::Analyzing { .. }) => {
                self.analysis_over = true;
            }
            _ => {}
        }
        reply
    }

    /// Thinking lines read since the last call.
    pub fn take_thinking(&mut self) -> Vec<Thinking> {
        self.engine
            .as_mut()
            .map(Engine::take_thinking)
            .unwrap_or_default()
    }

    /// The protocol it speaks (UCI until known).
    pub fn proto(&self) -> Proto {
        self.proto.unwrap_or(Proto::Uci)
    }

    /// Ends the process (`quit`, then killed if it lingers).
    pub fn shutdown(&mut self) {
        self.stop();
        self.engine = None;
    }
}

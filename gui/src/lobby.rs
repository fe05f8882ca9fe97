//! Which room plays: the two-player room ([`Room`]: every two-player
//! variant against one engine) or the team room ([`TeamRoom`]: bughouse and
//! Swedish chess, people in some seats and engines in the others). Every
//! command passes through to the room; the host's new game of another kind
//! ends the room (its engines quit, its seat links end) and starts one of
//! that kind. A seat link's command goes to a team room only.

use super::hub::{no_such_seat, ApiError, Caller, Envelope, Hub};
use super::opponent::Opponent;
use super::room::{Command, Room, RoomSettings, Side};
use super::table::new_table;
use super::team_room::{TeamRoom, TeamSettings};
use arena::engine::Needs;
use arena::level::Level;
use arena::options::{EngineSpec, TimeControl};
use crossbeam::channel::{self, Receiver, Sender};
use movegen::drops::{dispatch_drops, DropRules, DropVisitor, TeamBoard};
use movegen::VariantId;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The engines and settings rooms are made from.
#[derive(Clone, Debug)]
pub struct Config {
    /// The engine across the board in two-player games.
    pub engine: EngineSpec,
    /// The opponents' engine in team games.
    pub team_engine: EngineSpec,
    /// The partner's engine in team games.
    pub partner: EngineSpec,
    /// The person's first seat.
    pub side: Side,
    /// Team games: the person's first board.
    pub board: TeamBoard,
    /// The first time control.
    pub tc: TimeControl,
    /// How far an engine may overstep its clock.
    pub margin: Duration,
    /// Team games: the least time between two moves on the other board.
    pub pace: Duration,
    /// Echo the engines' traffic on standard error.
    pub debug: bool,
    /// The first level of the engine in two-player games.
    pub level: Level,
}

/// The kinds of room: the two-player room, or the team room of a team
/// variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    TwoPlayer,
    Team(VariantId),
}

impl Kind {
    fn of(variant: VariantId) -> Kind {
        if variant.info().team {
            Kind::Team(variant)
        } else {
            Kind::TwoPlayer
        }
    }
}

/// A room running on its thread.
struct Running {
    kind: Kind,
    commands: Sender<Envelope<Command>>,
    thread: JoinHandle<()>,
}

impl Running {
    /// Passes `envelope` on; a room that has gone answers 503.
    fn forward(&self, envelope: Envelope<Command>) {
        if let Err(channel::SendError(e)) = self.commands.send(envelope) {
            let _ = e
                .reply
                .send(Err(ApiError::new(503, "the board has stopped")));
        }
    }

    /// Ends the room and waits for its thread.
    fn close(self) {
        let (tx, rx) = channel::bounded(1);
        let _ = self.commands.send(Envelope {
            command: Command::Shutdown,
            caller: Caller::host(),
            reply: tx,
        });
        let _ = rx.recv_timeout(Duration::from_secs(10));
        let _ = self.thread.join();
    }
}

/// The router between the hub and the room of the moment.
pub struct Lobby {
    hub: Arc<Hub<Command>>,
    commands: Receiver<Envelope<Command>>,
    config: Config,
    room: Running,
}

impl Lobby {
    /// Opens the room of `variant` (its engines started and checked) and
    /// publishes its first state.
    pub fn open(
        hub: Arc<Hub<Command>>,
        commands: Receiver<Envelope<Command>>,
        config: Config,
        variant: VariantId,
    ) -> Result<Lobby, String> {
        let seat = Seat {
            side: config.side,
            board: config.board,
        };
        let room = open_room(&hub, &config, variant, seat, config.tc)?;
        Ok(Lobby {
            hub,
            commands,
            config,
            room,
        })
    }

    /// Runs until shut down.
    pub fn run(mut self) {
        while let Ok(envelope) = self.commands.recv() {
            // Seat links belong to team rooms; only the host changes rooms.
            if !envelope.caller.is_host() {
                if matches!(self.room.kind, Kind::Team(_)) {
                    self.room.forward(envelope);
                } else {
                    let _ = envelope.reply.send(Err(no_such_seat()));
                }
                continue;
            }
            match &envelope.command {
                Command::Shutdown => {
                    self.room.forward(envelope);
                    break;
                }
                Command::New {
                    variant: Some(v),
                    side,
                    board,
                    tc,
                    ..
                } if VariantId::from_name(v).is_some_and(|v| Kind::of(v) != self.room.kind) => {
                    let v = VariantId::from_name(v).expect("a known variant");
                    let seat = Seat {
                        side: side.unwrap_or(self.config.side),
                        board: board.unwrap_or(self.config.board),
                    };
                    let tc = tc.unwrap_or(self.config.tc);
                    match open_room(&self.hub, &self.config, v, seat, tc) {
                        Ok(room) => {
                            let old = std::mem::replace(&mut self.room, room);
                            old.close();
                            self.room.forward(envelope);
                        }
                        Err(e) => {
                            let _ = envelope.reply.send(Err(ApiError::new(400, e)));
                        }
                    }
                }
                _ => self.room.forward(envelope),
            }
        }
        let _ = self.room.thread.join();
    }
}

/// The person's seat in a new room: a side, and in team games a board.
struct Seat {
    side: Side,
    board: TeamBoard,
}

/// Starts the room of `variant`'s kind on its own thread.
fn open_room(
    hub: &Arc<Hub<Command>>,
    config: &Config,
    variant: VariantId,
    seat: Seat,
    tc: TimeControl,
) -> Result<Running, String> {
    let Seat { side, board } = seat;
    let (tx, rx) = channel::unbounded();
    let kind = Kind::of(variant);
    let team = || TeamSettings {
        variant,
        opponents: config.team_engine.clone(),
        partner: config.partner.clone(),
        side,
        board,
        tc,
        margin: config.margin,
        pace: config.pace,
        debug: config.debug,
    };
    let run: Box<dyn FnOnce() + Send> = match kind {
        Kind::TwoPlayer => {
            let mut opponent = Opponent::new(config.engine.clone(), config.debug);
            opponent.start()?;
            opponent.set_level(config.level)?;
            if side != Side::Both {
                opponent.check_support(variant, Needs::default())?;
            }
            let table = new_table(variant, None)?;
            let settings = RoomSettings {
                side,
                tc,
                margin: config.margin,
                level: config.level,
            };
            let room = Room::new(hub.clone(), rx, table, opponent, settings);
            Box::new(move || room.run())
        }
        Kind::Team(id) => {
            struct Open<'a>(
                &'a Arc<Hub<Command>>,
                Receiver<Envelope<Command>>,
                TeamSettings,
            );
            impl DropVisitor for Open<'_> {
                type Output = Result<Box<dyn FnOnce() + Send>, String>;
                fn visit<R: DropRules>(self) -> Self::Output {
                    let room = TeamRoom::<R>::open(self.0.clone(), self.1, self.2)?;
                    Ok(Box::new(move || room.run()))
                }
            }
            dispatch_drops(id, Open(hub, rx, team())).expect("a team variant has drop rules")?
        }
    };
    let thread = std::thread::Builder::new()
        .name("gui room".into())
        .spawn(run)
        .map_err(|e| format!("cannot start a thread: {e}"))?;
    Ok(Running {
        kind,
        commands: tx,
        thread,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_room() {
        assert_eq!(
            Kind::of(VariantId::Bughouse),
            Kind::Team(VariantId::Bughouse)
        );
        assert_eq!(Kind::of(VariantId::Tavreli), Kind::TwoPlayer);
    }
}

//! vsadnik's engine side of the protocols: the loop that reads UCI or
//! XBoard (CECP v2) on standard input, the sessions it plays, team play
//! over XBoard.

pub mod board_text;
pub mod core;
pub mod event;
pub mod session;
pub mod team_talk;
pub mod uci;
pub mod xboard;
pub mod xboard_gui;

use crate::core::{Core, Flow};
use crate::event::{Event, Out};
use std::io::Read;

/// The protocol being spoken.
enum Dialect {
    Uci(Box<uci::Uci>),
    Xboard(Box<xboard::Xboard>),
}

impl Dialect {
    fn handle_line(&mut self, line: &str) -> Flow {
        match self {
            Dialect::Uci(u) => u.handle_line(line),
            Dialect::Xboard(x) => x.handle_line(line),
        }
    }

    fn search_done(&mut self, id: u64, result: engine::SearchResult) {
        match self {
            Dialect::Uci(u) => u.search_done(id, result),
            Dialect::Xboard(x) => x.search_done(id, result),
        }
    }

    fn too_long(&mut self, len: usize) {
        match self {
            Dialect::Uci(u) => u.too_long(len),
            Dialect::Xboard(x) => x.too_long(len),
        }
    }

    fn shutdown(&mut self) {
        match self {
            Dialect::Uci(u) => u.shutdown(),
            Dialect::Xboard(x) => x.shutdown(),
        }
    }

    /// Ends the dialect: its engine core and its game, for the next one.
    fn into_parts(self) -> (Core, Box<dyn session::Session>) {
        match self {
            Dialect::Uci(u) => u.into_parts(),
            Dialect::Xboard(x) => x.into_parts(),
        }
    }
}

/// Reads protocol commands from standard input until `quit` or end of
/// input; the engine plays with `settings`.
pub fn run_stdio(settings: engine::Settings) {
    run(std::io::stdin(), Out::stdout(), settings);
}

/// The protocol loop on any input and output. UCI is spoken until an
/// `xboard` command switches to XBoard (and `uci` switches back), so `uci`,
/// `position`, `go` or `isready` as the first command all mean UCI. A
/// switch keeps the engine's options and the game (variant, position and
/// moves), and XBoard's clock settings and modes across a visit to UCI; a
/// search under way ends first. The
/// loop ends at `quit`, at the end of the input, or when the output fails
/// (its reader has gone). The engine plays with `settings` (the command
/// line's developer switches; `Settings::default()` normally).
pub fn run<R: Read + Send + 'static>(input: R, out: Out, settings: engine::Settings) {
    let (tx, rx) = crossbeam::channel::unbounded();
    out.notify_closed(tx.clone());
    event::spawn_reader(input, tx.clone());
    let mut dialect = Dialect::Uci(Box::new(uci::Uci::new(Core::new(out, tx, settings))));
    // XBoard's clocks and modes, kept while UCI is spoken.
    let mut xboard_settings = xboard::Settings::default();
    while let Ok(event) = rx.recv() {
        let flow = match event {
            Event::Line(line) => {
                let (first, _) = core::split_command(&line);
                match (first, &dialect) {
                    ("xboard", Dialect::Uci(_)) => {
                        let (core, game) = dialect.into_parts();
                        let settings = std::mem::take(&mut xboard_settings);
                        dialect = Dialect::Xboard(Box::new(xboard::Xboard::with_session(
                            core, game, settings,
                        )));
                        Flow::Continue
                    }
                    ("uci", Dialect::Xboard(x)) => {
                        xboard_settings = x.settings();
                        let (core, game) = dialect.into_parts();
                        dialect = Dialect::Uci(Box::new(uci::Uci::with_session(core, game)));
                        dialect.handle_line(&line)
                    }
                    _ => dialect.handle_line(&line),
                }
            }
            Event::TooLong(len) => {
                dialect.too_long(len);
                Flow::Continue
            }
            Event::SearchDone { id, result } => {
                dialect.search_done(id, result);
                Flow::Continue
            }
            Event::Eof => {
                if let Dialect::Uci(u) = &mut dialect {
                    u.end_of_input();
                }
                Flow::Quit
            }
            Event::OutputClosed => Flow::Quit,
        };
        if flow == Flow::Quit {
            break;
        }
    }
    dialect.shutdown();
}

//! `vsadnik gui`: a board for people, served on 127.0.0.1 and opened in any
//! browser. A person plays a seat of any two-player variant against vsadnik
//! or any UCI/XBoard engine (the `--engine` of `vsadnik match`), or both
//! seats with the engine analysing; or seats of a bughouse or Swedish
//! team game (friends joining through seat links), engines in the others; or it follows a running match
//! game (`--watch`). See `docs/gui.md` and `docs/gui_team.md`.
//!
//! Layout, one job each:
//! - [`options`]: what it is asked to do (the binary reads the command line);
//! - [`http`]: requests and responses (HTTP/1.1, standard library only);
//! - [`server`]: the listener, connections, event streams, origin checks;
//! - [`pending`]: connections whose request is still arriving;
//! - [`api`]: the API's requests as the room's commands;
//! - [`hub`]: where the server threads and the room meet;
//! - [`lobby`]: which room plays (two-player or team), switched by a new game;
//! - [`room`]: the arbiter thread (game, clocks, engine seat);
//! - [`team_room`], [`team_state`]: the team games' arbiter thread (the
//!   match runner's `TeamPlay` with people in some seats) and each seat's
//!   state; [`sitters`]: who sits where, and the seat links;
//! - [`table`]: the game of any variant behind one trait;
//! - [`opponent`]: the engine process (`matches::engine::Engine`);
//! - [`doc`]: every JSON document of the board as serde types (the state
//!   document and its parts, engine lines, errors, the commands' bodies);
//! - [`state`], [`view`], [`moves`]: the state document the page draws,
//!   built from the game;
//! - [`assets`]: the page (`web/`: HTML, plain JavaScript, CSS), built in;
//! - [`watch`], [`watch_state`]: `--watch FILE`, a match game followed
//!   read-only from the live file of `vsadnik match --live`.

pub mod api;
pub mod assets;
pub mod doc;
pub mod http;
pub mod hub;
pub mod lobby;
pub mod moves;
pub mod opponent;
pub mod options;
pub mod pending;
pub mod room;
pub mod server;
pub mod sitters;
pub mod state;
pub mod study;
pub mod table;
pub mod team_room;
pub mod team_state;
pub mod view;
pub mod watch;
pub mod watch_state;

use arena::console as output;
use arena::options::{EngineSpec, Proto};
use arena::UsageError;
use hub::Hub;
use lobby::{Config, Lobby};
use options::GuiOptions;
use room::Command;
use std::io::BufRead;
use std::net::TcpListener;
use std::time::Duration;

/// Runs `vsadnik gui` with `opts`: checks the engine (or, with `--watch`,
/// the file to follow), prints the URL as the first line of standard
/// output, and serves until standard input (when it is a pipe) ends or a
/// `quit` line arrives on it, or the program is interrupted.
pub fn run(opts: GuiOptions) -> Result<(), UsageError> {
    let listener = TcpListener::bind(("127.0.0.1", opts.port)).map_err(|e| {
        UsageError(format!(
            "--port {}: cannot listen on 127.0.0.1: {e}",
            opts.port
        ))
    })?;
    let port = listener
        .local_addr()
        .map_err(|e| UsageError(format!("cannot read the port: {e}")))?
        .port();
    let (tx, rx) = crossbeam::channel::unbounded();
    let hub = Hub::new(tx);
    // The thread behind the board: the lobby and its rooms (games to
    // play) or the watcher (a match game to follow). Either publishes its
    // first state here, before the server answers anyone.
    let arbiter: Box<dyn FnOnce() + Send> = match &opts.watch {
        Some(file) => {
            let watcher = watch::Watcher::new(hub.clone(), rx, file);
            Box::new(move || watcher.run())
        }
        None => {
            let lobby = Lobby::open(hub.clone(), rx, config(&opts)?, opts.variant)
                .map_err(|e| UsageError(format!("--engine: {e}")))?;
            Box::new(move || lobby.run())
        }
    };
    let room_thread = std::thread::Builder::new()
        .name("gui room".into())
        .spawn(arbiter)
        .map_err(|e| UsageError(format!("cannot start a thread: {e}")))?;
    let server = server::Server::new(listener, hub.clone())
        .map_err(|e| UsageError(format!("cannot serve: {e}")))?;
    let live = server.live();
    let server_thread = std::thread::Builder::new()
        .name("gui server".into())
        .spawn(move || server.run())
        .map_err(|e| UsageError(format!("cannot start a thread: {e}")))?;

    let url = format!("http://127.0.0.1:{port}/");
    output::line(&format!("vsadnik gui: {url}"));
    if opts.open {
        open_browser(&url);
    }
    wait_for_the_end();

    // Shut down: streams end, the room tells the engine to quit, the
    // acceptor is woken to see it, connections get a moment to finish.
    hub.shut_down();
    let _ = hub.ask(
        Command::Shutdown,
        hub::Caller::host(),
        Duration::from_secs(5),
    );
    let _ = room_thread.join();
    server::wake(port);
    let _ = server_thread.join();
    server::drain(&live, Duration::from_secs(1));
    Ok(())
}

/// The engines and settings of the rooms.
fn config(opts: &GuiOptions) -> Result<Config, UsageError> {
    let engine = match &opts.engine {
        Some(s) => s.clone(),
        None => this_program(Proto::Uci)?,
    };
    // Team games want partner messages, which only XBoard carries: this
    // program is asked in XBoard there.
    let team_engine = match &opts.engine {
        Some(s) => s.clone(),
        None => this_program(Proto::Xboard)?,
    };
    Ok(Config {
        partner: opts.partner.clone().unwrap_or_else(|| team_engine.clone()),
        engine,
        team_engine,
        side: opts.side,
        board: opts.board,
        tc: opts.tc,
        margin: opts.margin,
        pace: opts.pace,
        debug: opts.debug,
        level: opts.level,
    })
}

/// This program as the default engine, spoken to in `proto`.
fn this_program(proto: Proto) -> Result<EngineSpec, UsageError> {
    let exe = std::env::current_exe().map_err(|e| {
        UsageError(format!(
            "cannot find this program to use as the engine ({e}); give --engine"
        ))
    })?;
    Ok(EngineSpec {
        argv: vec![exe.to_string_lossy().into_owned()],
        forced: Some(proto),
    })
}

/// Returns when the server should stop: at the end of standard input or a
/// `quit` line on it, when it is a pipe or a socket (a script that started
/// the server stops it by closing the pipe). A terminal or `/dev/null` is
/// not read: the server then runs until interrupted (Ctrl-C).
fn wait_for_the_end() {
    if stdin_is_a_pipe() {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            match line {
                Ok(l) if l.trim() == "quit" => return,
                Ok(_) => {}
                Err(_) => return,
            }
        }
        return;
    }
    loop {
        std::thread::park();
    }
}

#[cfg(unix)]
fn stdin_is_a_pipe() -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata("/dev/stdin")
        .map(|m| m.file_type().is_fifo() || m.file_type().is_socket())
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn stdin_is_a_pipe() -> bool {
    use std::io::IsTerminal;
    !std::io::stdin().is_terminal()
}

/// Opens `url` in the desktop's browser; a failure is a note on standard
/// error (the URL is on standard output anyway).
fn open_browser(url: &str) {
    let program: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let started = std::process::Command::new(program[0])
        .args(&program[1..])
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match started {
        // Reaped by a thread of its own: the opener usually exits at once.
        Ok(mut child) => {
            let _ = std::thread::Builder::new()
                .name("gui browser".into())
                .spawn(move || child.wait());
        }
        Err(e) => output::note(&format!(
            "vsadnik gui: cannot open a browser ({}: {e}); open {url}",
            program[0]
        )),
    }
}

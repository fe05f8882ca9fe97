//! The web server: a listener on 127.0.0.1 only, one short-lived thread per
//! connection, the page's files, the API ([`super::api`]) and the event
//! streams (Server-Sent Events). A connection's request must arrive whole
//! within [`REQUEST_DEADLINE`]; until it has, the connection is pending
//! ([`super::pending`]), and only then takes one of the
//! [`MAX_CONNECTIONS`] served at once, so slow clients cannot starve the
//! page.
//!
//! Requests must name this server in `Host` (`127.0.0.1:PORT` or
//! `localhost:PORT`, against DNS rebinding); API requests (event streams
//! included) that carry an `Origin` must carry the page's own; commands
//! must be `POST`s of `application/json`, which a page elsewhere cannot
//! send without the browser asking first (a CORS preflight, never
//! granted).

use super::api;
use super::assets;
use super::http::{read_request, write_response, Deadline, Request, Response, COMMON_HEADERS};
use super::hub::{no_such_seat, Hub};
use super::pending::{Pending, Ticket};
use super::room::Command;
use crossbeam::channel::RecvTimeoutError;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Most connections served at once (event streams included), not counting
/// those whose request is still arriving.
pub const MAX_CONNECTIONS: usize = 32;
/// How long a client may take to send its whole request, head and body.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);
/// How long a write may block.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// A comment line on idle event streams, so that dead ones are noticed
/// (a write to a closed connection fails) and proxies keep them open.
const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// How often an idle event stream checks that its client is still there
/// (a closed connection reads as its end): a page reloaded, or a client
/// gone, frees its slot within about this long.
const CLIENT_CHECK: Duration = Duration::from_millis(500);

/// The server: its listener, the hub, the connections served and those
/// whose request is still arriving.
pub struct Server {
    listener: TcpListener,
    hub: Arc<Hub<Command>>,
    port: u16,
    live: Arc<AtomicUsize>,
    pending: Arc<Pending>,
}

impl Server {
    /// Serves on `listener` (bound to 127.0.0.1).
    pub fn new(listener: TcpListener, hub: Arc<Hub<Command>>) -> std::io::Result<Server> {
        let port = listener.local_addr()?.port();
        Ok(Server {
            listener,
            hub,
            port,
            live: Arc::new(AtomicUsize::new(0)),
            pending: Pending::new(),
        })
    }

    /// The number of connections being served.
    pub fn live(&self) -> Arc<AtomicUsize> {
        self.live.clone()
    }

    /// Accepts connections until the hub shuts down (a connection made
    /// after that, e.g. by [`wake`], ends the loop).
    pub fn run(self) {
        for stream in self.listener.incoming() {
            if self.hub.shutting_down() {
                break;
            }
            let Ok(mut stream) = stream else {
                // Out of descriptors and the like: do not spin.
                std::thread::sleep(Duration::from_millis(50));
                continue;
            };
            let Some(ticket) = self.pending.admit(&stream) else {
                let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
                let _ = write_response(&mut stream, &Response::error(503, "too many connections"));
                continue;
            };
            let hub = self.hub.clone();
            let live = self.live.clone();
            let port = self.port;
            let _ = std::thread::Builder::new()
                .name("gui connection".into())
                .spawn(move || serve(stream, ticket, &hub, &live, port));
        }
    }
}

/// Makes a blocked [`Server::run`] look at the hub again (by connecting).
pub fn wake(port: u16) {
    let _ = TcpStream::connect_timeout(
        &std::net::SocketAddr::from(([127, 0, 0, 1], port)),
        Duration::from_secs(1),
    );
}

/// Waits until no connection is served, at most `wait`.
pub fn drain(live: &AtomicUsize, wait: Duration) {
    let end = Instant::now() + wait;
    while live.load(Ordering::SeqCst) > 0 && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// True when `value` (a `Host` header, or an `Origin` without its scheme)
/// names this server.
fn is_local(value: &str, port: u16) -> bool {
    value == format!("127.0.0.1:{port}") || value == format!("localhost:{port}")
}

/// Serves one connection: its request read within [`REQUEST_DEADLINE`]
/// (while `ticket` keeps it among the pending), then one of the
/// connections served at once taken for its answer (503 when none is free).
fn serve(mut stream: TcpStream, ticket: Ticket, hub: &Hub<Command>, live: &AtomicUsize, port: u16) {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let read = read_request(Deadline::new(&stream, REQUEST_DEADLINE));
    drop(ticket);
    let req = match read {
        Ok(r) => r,
        Err(e) => {
            let _ = write_response(&mut stream, &Response::error(e.status, &e.message));
            return;
        }
    };
    if live.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
        let _ = write_response(&mut stream, &Response::error(503, "too many connections"));
    } else {
        answer(stream, &req, hub, port);
    }
    live.fetch_sub(1, Ordering::SeqCst);
}

/// Answers `req`: a response, or an event stream.
fn answer(mut stream: TcpStream, req: &Request, hub: &Hub<Command>, port: u16) {
    if let Err(r) = check_host(req, port).and_then(|_| check_origin(req, port)) {
        let _ = write_response(&mut stream, &r);
        return;
    }
    if req.method == "GET" && req.path == "/api/events" {
        events(stream, req, hub);
        return;
    }
    let response = route(req, hub);
    let _ = write_response(&mut stream, &response);
}

/// Refuses requests that do not name this server (DNS rebinding).
fn check_host(req: &Request, port: u16) -> Result<(), Response> {
    match req.header("host") {
        Some(h) if is_local(h, port) => Ok(()),
        _ => Err(Response::error(
            403,
            &format!("this server answers only to Host 127.0.0.1:{port} or localhost:{port}"),
        )),
    }
}

/// Refuses API requests (event streams included) that carry an `Origin`
/// other than the page's own: a page elsewhere may neither command the
/// board nor take its event streams. Requests without one (scripts, the
/// page's own same-origin reads) pass.
fn check_origin(req: &Request, port: u16) -> Result<(), Response> {
    if !req.path.starts_with("/api/") {
        return Ok(());
    }
    match req.header("origin") {
        None => Ok(()),
        Some(origin)
            if origin
                .strip_prefix("http://")
                .is_some_and(|o| is_local(o, port)) =>
        {
            Ok(())
        }
        Some(_) => Err(Response::error(
            403,
            "requests from another origin are refused: use the board's own page",
        )),
    }
}

/// Refuses commands not in JSON (a page elsewhere cannot send JSON here
/// without a CORS preflight, which is never granted).
fn check_command(req: &Request) -> Result<(), Response> {
    let json = req
        .header("content-type")
        .is_some_and(|t| t.split(';').next().unwrap_or("").trim() == "application/json");
    if !json {
        return Err(Response::error(
            415,
            "commands must be sent as application/json",
        ));
    }
    Ok(())
}

/// The response to a request other than an event stream.
fn route(req: &Request, hub: &Hub<Command>) -> Response {
    let path = req.path.as_str();
    if let Some(asset) = assets::find(path) {
        return if req.method == "GET" {
            Response::new(200, asset.content_type, asset.body)
        } else {
            method_not_allowed("GET")
        };
    }
    match path {
        "/api/state" | "/api/pgn" | "/api/events" if req.method != "GET" => {
            method_not_allowed("GET")
        }
        "/api/state" => api::state(hub, req),
        "/api/pgn" => api::pgn(hub, req),
        p if api::POST_PATHS.contains(&p) => {
            if req.method != "POST" {
                method_not_allowed("POST")
            } else if let Err(r) = check_command(req) {
                r
            } else {
                api::post(hub, req)
            }
        }
        _ => Response::error(404, &format!("no such page: {path}")),
    }
}

fn method_not_allowed(allow: &str) -> Response {
    Response::error(405, &format!("use {allow} here")).with_header("Allow", allow)
}

/// An event stream: the latest state at once, then every event published,
/// with a comment line when idle; ends when the client goes (its
/// connection closes, or a write fails), the stream falls behind, or the
/// server shuts down.
fn events(mut stream: TcpStream, req: &Request, hub: &Hub<Command>) {
    let seat = match api::caller(req) {
        Ok(c) => c.seat,
        Err(e) => {
            let _ = write_response(&mut stream, &api::error_response(&e));
            return;
        }
    };
    let Some(sub) = hub.subscribe(seat.as_deref()) else {
        let _ = write_response(&mut stream, &Response::error(503, "too many event streams"));
        return;
    };
    let Some(latest) = hub.latest(seat.as_deref()) else {
        let _ = write_response(&mut stream, &api::error_response(&no_such_seat()));
        return;
    };
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nConnection: close\r\n{COMMON_HEADERS}\r\nretry: 1000\n\nevent: state\ndata: {latest}\n\n"
    );
    if stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.flush())
        .is_err()
    {
        return;
    }
    let mut written = Instant::now();
    loop {
        let frame = match sub.events.recv_timeout(CLIENT_CHECK) {
            Ok(f) => f,
            Err(RecvTimeoutError::Timeout) => {
                if client_gone(&mut stream) {
                    return;
                }
                if written.elapsed() < KEEP_ALIVE {
                    continue;
                }
                ": keep-alive\n\n".into()
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if hub.shutting_down() {
            return;
        }
        if stream
            .write_all(frame.as_bytes())
            .and_then(|_| stream.flush())
            .is_err()
        {
            return;
        }
        written = Instant::now();
    }
}

/// True when the client of an event stream has closed its connection (or
/// it failed): a client sends nothing after its request, so the end of
/// the input means it has gone. Bytes it sends anyway are dropped.
fn client_gone(stream: &mut TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let mut buf = [0; 512];
    let gone = match stream.read(&mut buf) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
        ),
    };
    stream.set_nonblocking(false).is_err() || gone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_and_origin_checks() {
        let mut r = Request {
            method: "POST".into(),
            path: "/api/flip".into(),
            headers: vec![
                ("host".into(), "127.0.0.1:7".into()),
                (
                    "content-type".into(),
                    "application/json; charset=utf-8".into(),
                ),
            ],
            ..Request::default()
        };
        assert!(check_host(&r, 7).is_ok() && check_origin(&r, 7).is_ok());
        assert!(check_command(&r).is_ok());
        r.headers
            .push(("origin".into(), "http://evil.example".into()));
        assert_eq!(check_origin(&r, 7).unwrap_err().status, 403);
        r.path = "/api/events".into();
        assert_eq!(check_origin(&r, 7).unwrap_err().status, 403);
        r.path = "/app.js".into();
        assert!(check_origin(&r, 7).is_ok(), "the page's files are public");
        r.path = "/api/state".into();
        r.headers.pop();
        r.headers
            .push(("origin".into(), "http://localhost:7".into()));
        assert!(check_origin(&r, 7).is_ok());
        r.headers[1].1 = "text/plain".into();
        assert_eq!(check_command(&r).unwrap_err().status, 415);
        r.headers[0].1 = "evil.example:7".into();
        assert_eq!(check_host(&r, 7).unwrap_err().status, 403);
        r.headers[0].1 = "127.0.0.1:8".into();
        assert_eq!(check_host(&r, 7).unwrap_err().status, 403);
    }
}

//! `vsadnik gui` driven over its HTTP API: a game against the engine, the
//! arbiter's refusals, bad requests answered with 4xx while the server goes
//! on, take-back, analysis with live engine lines on the event stream,
//! loading FEN and PGN, other engines (an XBoard stub, a crashing UCI
//! stub), the command line, and the end at the end of standard input.

use crate::gui_support::*;
use serde_json::Value;
use std::time::{Duration, Instant};

#[test]
fn a_game_against_the_engine() {
    let engine = quick_engine();
    let gui = Gui::start(&["--engine", &engine, "--tc", "60+1"]);
    let s = gui.state();
    assert_eq!(text(&s, "variant"), "chess");
    assert_eq!(text(&s, "turn"), "person");
    assert_eq!(legal(&s).len(), 20);
    assert!(text(s.get("engine").unwrap(), "name").starts_with("vsadnik"));
    for (i, m) in ["e2e4", "g1f3", "f1c4"].iter().enumerate() {
        let s = gui.wait_person();
        // The person moves only from the legal list; the engine answers.
        let m = if legal(&s).contains(&m.to_string()) {
            m.to_string()
        } else {
            legal(&s)[0].clone()
        };
        let after = gui.play(&m);
        assert_eq!(played(&after).last(), Some(&m));
        let s = gui.wait_person();
        assert_eq!(played(&s).len(), 2 * (i + 1), "the engine answered");
        assert_eq!(text(&list(&s, "moves")[2 * i + 1], "color"), "black");
    }
    let s = gui.state();
    let clocks = s.get("clocks").unwrap();
    assert!(num(clocks, "white") > 0.0 && num(clocks, "black") > 0.0);
    assert_eq!(text(clocks, "tc"), "60+1");
    // SAN in the move list.
    assert_eq!(text(&list(&s, "moves")[0], "text"), "e4");
    let s = gui.ok("resign", "{}");
    let result = s.get("result").unwrap();
    assert_eq!(text(result, "result"), "0-1");
    assert_eq!(text(result, "comment"), "White resigns");
    let pgn = gui.get("/api/pgn");
    assert_eq!(pgn.status, 200);
    assert!(pgn.body.contains("[Event \"vsadnik gui\"]"), "{}", pgn.body);
    assert!(pgn.body.contains("[Result \"0-1\"]"));
    assert!(pgn.body.contains("1. e4 "), "{}", pgn.body);
    assert!(
        pgn.body.trim_end().ends_with("{White resigns} 0-1"),
        "{}",
        pgn.body
    );
    // As Black: the engine moves first.
    let s = gui.ok("new", r#"{"side":"black","tc":"30+0"}"#);
    assert_eq!(text(&s, "side"), "black");
    assert!(s.get("flipped").and_then(Value::as_bool).unwrap());
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 1);
    assert_eq!(text(&s, "to_move"), "black");
    assert!(gui.stop().success());
}

#[test]
fn the_arbiter_refuses_and_the_server_goes_on() {
    let engine = quick_engine();
    let gui = Gui::start(&["--engine", &engine]);
    // Illegal and malformed moves: 400 with a reason, nothing changes.
    for (m, why) in [
        ("e2e5", "not a legal move"),
        ("zz", "not a legal move"),
        ("e7e5", "not a legal move"),
    ] {
        let r = gui.post("move", &format!("{{\"move\":\"{m}\"}}"));
        assert_eq!(r.status, 400, "{m}: {}", r.body);
        assert!(r.error().contains(why), "{m}: {}", r.error());
    }
    assert!(played(&gui.state()).is_empty());
    gui.play("e2e4");
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 2);
    // Nothing to take back on the other side; a take-back of one's own.
    let s = gui.ok("takeback", "{}");
    assert!(
        played(&s).is_empty(),
        "the engine's reply and the person's move"
    );
    assert_eq!(text(&s, "turn"), "person");
    assert_eq!(gui.post("takeback", "{}").status, 409);
    // Over: no more moves, no resignation, no take-back of a resignation.
    gui.ok("resign", "{}");
    let r = gui.post("move", r#"{"move":"e2e4"}"#);
    assert_eq!(r.status, 409);
    assert!(r.error().contains("over"), "{}", r.error());
    assert_eq!(gui.post("resign", "{}").status, 409);
    assert_eq!(gui.post("takeback", "{}").status, 409);
    assert!(gui.stop().success());
}

#[test]
fn bad_requests_get_4xx_and_the_server_goes_on() {
    let gui = Gui::start(&["--side", "both"]);
    let p = gui.port;
    let host = format!("Host: 127.0.0.1:{p}\r\n");
    let cases: Vec<(String, u16)> = vec![
        ("GET /nosuch HTTP/1.1\r\n".to_string() + &host + "\r\n", 404),
        ("POST /api/state HTTP/1.1\r\n".to_string() + &host + "Content-Length: 0\r\n\r\n", 405),
        ("GET /api/move HTTP/1.1\r\n".to_string() + &host + "\r\n", 405),
        ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n".to_string(), 403),
        ("GET / HTTP/1.1\r\n\r\n".to_string(), 403),
        ("POST /api/flip HTTP/1.1\r\n".to_string() + &host + "Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", 415),
        ("POST /api/flip HTTP/1.1\r\n".to_string() + &host + "Origin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", 403),
        ("POST /api/flip HTTP/1.1\r\n".to_string() + &host + "Content-Type: application/json\r\n\r\n", 411),
        ("POST /api/flip HTTP/1.1\r\n".to_string() + &host + "Content-Type: application/json\r\nContent-Length: 99999999\r\n\r\n", 413),
        ("POST /api/flip HTTP/1.1\r\n".to_string() + &host + "Transfer-Encoding: chunked\r\n\r\n", 501),
        ("GARBAGE\r\n\r\n".to_string(), 400),
        ("GET / HTTP/9.9\r\n\r\n".to_string(), 505),
        ("GET / HTTP/1.1\r\n".to_string() + &"X: y\r\n".repeat(100) + "\r\n", 431),
    ];
    for (req, status) in &cases {
        let r = gui.raw(req.as_bytes());
        assert_eq!(r.status, *status, "{req:?}: {}", r.body);
        assert!(!r.error().is_empty());
    }
    for (command, body) in [
        ("move", "{"),
        ("move", "[]"),
        ("move", "{\"move\":7}"),
        ("move", "{\"move\":\"e2e4\",\"extra\":1}"),
        ("move", "\"e2e4\""),
        ("new", "{\"variant\":\"nosuch\"}"),
        ("new", "{\"variant\":\"bughouse\",\"side\":\"both\"}"),
        ("new", "{\"side\":\"green\"}"),
        ("new", "{\"tc\":\"0\"}"),
        ("new", "{\"fen\":\"8/8/8 w - - 0 1\"}"),
        (
            "new",
            "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"}",
        ),
        ("load", "{}"),
        ("load", "{\"fen\":\"x\",\"pgn\":\"y\"}"),
        ("load", "{\"pgn\":\"1. e4 e4 *\"}"),
        ("load", "{\"pgn\":\"\"}"),
        ("analysis", "{\"on\":1}"),
        ("flip", "{\"x\":true}"),
    ] {
        let r = gui.post(command, body);
        assert_eq!(r.status, 400, "{command} {body}: {}", r.body);
    }
    // A request that never ends, and one cut off: the server is not held up.
    let slow = std::net::TcpStream::connect(("127.0.0.1", p)).unwrap();
    {
        use std::io::Write;
        let mut cut = std::net::TcpStream::connect(("127.0.0.1", p)).unwrap();
        cut.write_all(b"POST /api/move HTTP/1.1\r\nContent-Length: 50\r\n\r\n{")
            .unwrap();
    }
    // Binary junk.
    let junk: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    assert_eq!(gui.raw(&junk).status, 400);
    let s = gui.state();
    assert_eq!(text(&s, "variant"), "chess");
    assert_eq!(gui.get("/").status, 200);
    assert!(gui.get("/").body.contains("<script src=\"/app.js\">"));
    assert_eq!(
        gui.get("/app.js").header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(gui.get("/").header("content-security-policy").is_some());
    gui.play("e2e4");
    drop(slow);
    assert!(gui.stop().success());
}

#[test]
fn ambiguous_heads_and_foreign_origins_are_refused() {
    let gui = Gui::start(&["--side", "both"]);
    let p = gui.port;
    let host = format!("Host: 127.0.0.1:{p}\r\n");
    let json = "Content-Type: application/json\r\n";
    // RFC 9112: two Content-Length or two Host headers are refused (400),
    // whichever comes first and whether or not they agree.
    for (req, status) in [
        (format!("POST /api/flip HTTP/1.1\r\n{host}{json}Content-Length: 2\r\nContent-Length: 100\r\n\r\n{{}}"), 400),
        (format!("POST /api/flip HTTP/1.1\r\n{host}{json}Content-Length: 2\r\nContent-Length: 2\r\n\r\n{{}}"), 400),
        (format!("GET /api/state HTTP/1.1\r\n{host}Host: evil.example\r\n\r\n"), 400),
        (format!("GET /api/state HTTP/1.1\r\n{host}{host}\r\n"), 400),
    ] {
        let r = gui.raw(req.as_bytes());
        assert_eq!(r.status, status, "{req:?}: {}", r.body);
        assert!(!r.error().is_empty());
    }
    assert_eq!(
        gui.get("/api/state").json().get("flipped"),
        Some(&Value::Bool(false)),
        "the refused flip did nothing"
    );
    // Every API request from a foreign origin is refused, the event stream
    // included (a page elsewhere must not take its slots).
    for path in ["/api/events", "/api/state", "/api/pgn"] {
        for origin in ["http://evil.example", "null", "https://127.0.0.1:1"] {
            let r = gui
                .raw(format!("GET {path} HTTP/1.1\r\n{host}Origin: {origin}\r\n\r\n").as_bytes());
            assert_eq!(r.status, 403, "{path} from {origin}: {}", r.body);
            assert!(r.error().contains("origin"), "{}", r.error());
        }
    }
    // The page's own origin, and none (scripts), are served.
    for origin in [
        format!("Origin: http://127.0.0.1:{p}\r\n"),
        format!("Origin: http://localhost:{p}\r\n"),
        String::new(),
    ] {
        let r = gui.raw(format!("GET /api/state HTTP/1.1\r\n{host}{origin}\r\n").as_bytes());
        assert_eq!(r.status, 200, "{origin:?}: {}", r.body);
    }
    assert!(gui.stop().success());
}

/// Opens `GET /api/events`, reads its head and first event, and closes
/// the connection, as a page reloaded or `curl -m1` does.
fn short_event_stream(gui: &Gui) -> String {
    use std::io::{BufRead, BufReader, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", gui.port)).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    s.write_all(
        format!(
            "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            gui.port
        )
        .as_bytes(),
    )
    .unwrap();
    let mut first = String::new();
    let mut r = BufReader::new(s);
    let _ = r.read_line(&mut first);
    if first.contains(" 200 ") {
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) && !line.starts_with("data: ") {
            line.clear();
        }
    }
    first
}

#[test]
fn closed_event_streams_free_their_slots() {
    let gui = Gui::start(&["--side", "both"]);
    // Far more short-lived streams than slots, while the game is idle
    // (nothing is published that would find the dead ones).
    for _ in 0..3 * 16 {
        let first = short_event_stream(&gui);
        if first.contains(" 503 ") {
            break;
        }
    }
    // A new stream is served once the dead ones are noticed (promptly:
    // well within the wait).
    let end = Instant::now() + WAIT;
    loop {
        let first = short_event_stream(&gui);
        if first.contains(" 200 ") {
            break;
        }
        assert!(
            Instant::now() < end,
            "no event stream after the short ones closed: {first}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // A stream that stays open gets the next state.
    let events = gui.events();
    gui.play("e2e4");
    let end = Instant::now() + WAIT;
    loop {
        let line = events
            .recv_timeout(end.saturating_duration_since(Instant::now()))
            .expect("the state after e2e4 on the stream");
        if line.starts_with("data: ") && line.contains("\"uci\":\"e2e4\"") {
            break;
        }
    }
    assert!(gui.stop().success());
}

/// A slowloris client: a request head sent one byte at a time, a byte
/// every half second, for at most `WAIT`; the status line the server
/// answered with (empty when it only closed the connection), and when.
fn slow_client(port: u16) -> (String, Duration) {
    use std::io::{Read, Write};
    let started = Instant::now();
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let head = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ");
    let mut bytes = head.bytes().chain(std::iter::repeat(b'a'));
    let mut answer = Vec::new();
    while started.elapsed() < WAIT {
        let byte = bytes.next().unwrap_or(b'a');
        if s.write_all(&[byte]).is_err() {
            break;
        }
        let mut buf = [0; 256];
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                answer.extend_from_slice(&buf[..n]);
                break;
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
    }
    let text = String::from_utf8_lossy(&answer);
    (
        text.lines().next().unwrap_or("").to_string(),
        started.elapsed(),
    )
}

#[test]
fn slow_clients_neither_hold_the_server_nor_stay_forever() {
    let gui = Gui::start(&["--side", "both"]);
    let port = gui.port;
    // 40 clients that each send a byte every half second: more than the
    // connections served at once (32).
    let slow: Vec<_> = (0..40)
        .map(|_| std::thread::spawn(move || slow_client(port)))
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    // A real page is served meanwhile: its files and the state.
    let started = Instant::now();
    for path in ["/", "/app.js", "/style.css", "/api/state"] {
        let r = gui.get(path);
        assert_eq!(
            r.status, 200,
            "{path} while 40 slow clients wait: {}",
            r.body
        );
    }
    eprintln!(
        "the page and its state while 40 slow clients wait: {:?}",
        started.elapsed()
    );
    // Each slow head has one deadline in all: the server answers 408 and
    // closes, although every byte came well within a read's timeout.
    for t in slow {
        let (status, after) = t.join().unwrap();
        assert!(
            status.starts_with("HTTP/1.1 408 "),
            "a slow head after {after:?}: {status:?}"
        );
    }
    assert!(gui.stop().success());
}

#[test]
fn takeback_flip_load_and_analysis_with_live_lines() {
    let engine = quick_engine();
    let gui = Gui::start(&["--engine", &engine, "--side", "both"]);
    let events = gui.events();
    // Both sides: no clock, one move taken back at a time.
    let s = gui.play("e2e4");
    assert_eq!(s.get("clocks"), Some(&Value::Null));
    gui.play("e7e5");
    let s = gui.ok("takeback", "{}");
    assert_eq!(played(&s), ["e2e4"]);
    let s = gui.ok("flip", "{}");
    assert_eq!(s.get("flipped"), Some(&Value::Bool(true)));
    // Analysis: engine lines with depth, score and a line in SAN.
    let s = gui.ok("analysis", r#"{"on":true}"#);
    assert_eq!(s.get("analysis"), Some(&Value::Bool(true)));
    let end = Instant::now() + WAIT;
    let thinking = loop {
        let line = events
            .recv_timeout(end.saturating_duration_since(Instant::now()))
            .expect("a thinking event");
        if let Some(data) = line.strip_prefix("data: ") {
            let doc: Value = serde_json::from_str(data).unwrap();
            if doc.get("pv").is_some() && text(&doc, "mode") == "analysis" {
                break doc;
            }
        }
    };
    assert!(num(&thinking, "depth") >= 1.0);
    assert!(
        thinking.get("score").unwrap().get("cp").is_some()
            || thinking.get("score").unwrap().get("mate").is_some()
    );
    let pv = list(&thinking, "pv");
    assert!(!pv.is_empty());
    // Black to move: the line starts with a Black move, in SAN.
    let first = pv[0].as_str().unwrap();
    assert!(!first.contains('2') || first.len() <= 4, "SAN: {first}");
    // Moves in analysis restart it on the new position.
    gui.play("c7c5");
    let s = gui.wait_for("analysis of the new position", |s| {
        text(s.get("engine").unwrap(), "status") == "analyzing"
    });
    assert_eq!(played(&s), ["e2e4", "c7c5"]);
    let s = gui.ok("analysis", r#"{"on":false}"#);
    assert_eq!(text(s.get("engine").unwrap(), "status"), "idle");
    // A FEN, and PGN games of three variants.
    let s = gui.ok("load", r#"{"fen":"8/P6k/8/8/8/8/8/K7 w - - 0 1"}"#);
    assert!(legal(&s).contains(&"a7a8q".to_string()));
    let s = gui.play("a7a8n");
    assert_eq!(text(&list(&s, "moves")[0], "text"), "a8=N");
    let s = gui.ok(
        "load",
        r#"{"pgn":"[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"}"#,
    );
    assert_eq!(text(&s, "turn"), "over");
    assert_eq!(text(s.get("result").unwrap(), "comment"), "Black mates");
    // A take-back undoes a mate.
    let s = gui.ok("takeback", "{}");
    assert_eq!(s.get("result"), Some(&Value::Null));
    let s = gui.ok(
        "load",
        r#"{"pgn":"[Variant \"tranzit\"]\n\n1. I f3 I e5 2. I g4 I Qh4# 3. II Ke1 *\n"}"#,
    );
    assert_eq!(text(&s, "variant"), "tranzit");
    let panes = list(&list(&s, "boards")[0], "panes");
    assert_eq!(text(&panes[0], "result"), "won by Black");
    assert_eq!(text(&panes[1], "result"), "live");
    let s = gui.ok("load", r#"{"variant":"tavreli","fen":"rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"}"#);
    let d5 = &list(&list(&s, "boards")[0], "squares")[4 * 8 + 3];
    let Value::Array(tower) = d5 else {
        panic!("{d5:?}")
    };
    assert_eq!(tower.len(), 2);
    assert_eq!(text(&tower[0], "id"), "H", "the pawn promotes to a Helgi");
    assert!(gui.stop().success());
}

#[test]
fn other_engines_xboard_and_a_crashing_one() {
    // An XBoard engine (the stub plays the first legal move).
    let xb = format!("{} --name XB", stub("xboard_stub.py"));
    let gui = Gui::start(&["--engine", &xb, "--tc", "60+0"]);
    let s = gui.state();
    assert_eq!(text(s.get("engine").unwrap(), "name"), "XB");
    gui.play("e2e4");
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 2);
    // A take-back, then a different move: the engine starts again from the
    // known board.
    gui.ok("takeback", "{}");
    gui.play("d2d4");
    let s = gui.wait_person();
    assert_eq!(played(&s)[0], "d2d4");
    assert_eq!(played(&s).len(), 2);
    assert!(gui.stop().success());

    // A UCI engine that crashes on its second move: the person wins, the
    // server goes on, and a new game starts the engine again.
    let crash = format!("{} --crash-after 1", stub("uci_stub.py"));
    let gui = Gui::start(&["--engine", &crash]);
    gui.play("e2e4");
    gui.wait_person();
    gui.play("d2d4");
    let s = gui.wait_for("the crash", |s| s.get("result") != Some(&Value::Null));
    let result = s.get("result").unwrap();
    assert_eq!(text(result, "result"), "1-0");
    assert_eq!(text(result, "termination"), "engine crash");
    let s = gui.ok("new", "{}");
    assert_eq!(s.get("result"), Some(&Value::Null));
    gui.play("e2e4");
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 2, "the engine runs again");
    assert!(gui.stop().success());
}

#[test]
fn the_engine_loses_on_time() {
    // The stub sleeps past its clock from its first move on.
    let slow = format!("{} --slow-after 0", stub("uci_stub.py"));
    let gui = Gui::start(&["--engine", &slow, "--tc", "1+0", "--margin", "0"]);
    gui.play("e2e4");
    let s = gui.wait_for("a flag", |s| s.get("result") != Some(&Value::Null));
    let result = s.get("result").unwrap();
    assert_eq!(text(result, "termination"), "time forfeit");
    assert_eq!(text(result, "comment"), "Black loses on time");
    assert!(gui.stop().success());
}

#[test]
fn command_line_mistakes_exit_2_with_one_line() {
    for args in [
        vec!["gui", "--variant", "bughouse", "--side", "both"],
        vec!["gui", "--variant", "nosuch"],
        vec!["gui", "--port", "x"],
        vec!["gui", "--tc", "fast"],
        vec!["gui", "--side", "red"],
        vec!["gui", "--level", "skill 99"],
        vec!["gui", "--frob"],
        vec!["gui", "stray"],
        vec!["gui", "--port", "0", "--engine", "/nonexistent/engine"],
    ] {
        let out = std::process::Command::new(bin())
            .args(&args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.lines().filter(|l| l.starts_with("vsadnik:")).count(),
            1,
            "{args:?}: {err}"
        );
    }
    let out = std::process::Command::new(bin())
        .args(["gui", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: vsadnik gui"));
    // A taken port.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = std::process::Command::new(bin())
        .args(["gui", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn it_listens_on_loopback_only_and_ends_at_the_end_of_its_input() {
    let gui = Gui::start(&["--side", "both"]);
    let port = gui.port;
    // Linux lists listening sockets in /proc/net/tcp: local address
    // 0100007F is 127.0.0.1, state 0A is LISTEN.
    if let Ok(table) = std::fs::read_to_string("/proc/net/tcp") {
        let suffix = format!(":{port:04X}");
        let listening: Vec<&str> = table
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() > 3 && f[1].ends_with(&suffix) && f[3] == "0A").then_some(f[1])
            })
            .collect();
        assert_eq!(listening, [format!("0100007F{suffix}")]);
    }
    let started = Instant::now();
    assert!(gui.stop().success());
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(
        std::net::TcpStream::connect(("127.0.0.1", port)).is_err(),
        "the port is closed"
    );
}

#[test]
fn the_engine_plays_chess_again_after_another_variant() {
    // The same engine process: UCI_Variant is set back to chess.
    let engine = quick_engine();
    let gui = Gui::start(&["--engine", &engine, "--variant", "tranzit"]);
    gui.play("e2e4");
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 2);
    gui.ok("new", r#"{"variant":"chess"}"#);
    for m in ["e2e4", "d2d4", "g1f3", "b1c3"] {
        let s = gui.wait_person();
        assert_eq!(s.get("result"), Some(&Value::Null), "{s}");
        let m = if legal(&s).contains(&m.to_string()) {
            m.to_string()
        } else {
            legal(&s)[0].clone()
        };
        gui.play(&m);
    }
    let s = gui.wait_person();
    assert_eq!(s.get("result"), Some(&Value::Null), "{s}");
    assert_eq!(played(&s).len(), 8);
    assert!(gui.stop().success());
}

/// Issue 33 (1, 5): the engine's level, from the command line and per new
/// game; the engine searches at it (a level-0 analysis stops at depth 1);
/// a bad level, or one the engine has no option for, is refused and
/// changes nothing.
#[test]
fn the_engines_level_is_chosen_per_game() {
    let gui = Gui::start(&["--level", "skill 3", "--side", "both"]);
    let engine = |s: &Value| text(s.get("engine").unwrap(), "level").to_string();
    assert_eq!(engine(&gui.state()), "skill 3");
    let s = gui.ok("new", r#"{"level":"elo 1800"}"#);
    assert_eq!(engine(&s), "elo 1800");
    for (bad, why) in [
        (
            r#"{"level":"skill 30"}"#,
            "a skill level must be a whole number from 0 to 20",
        ),
        (
            r#"{"level":"strong"}"#,
            "a level is 'full', 'skill N' (0 to 20) or 'elo N'",
        ),
        (
            r#"{"level":"elo 9000"}"#,
            "an Elo must be a whole number from 100 to 4000",
        ),
    ] {
        let r = gui.post("new", bad);
        assert_eq!(r.status, 400, "{bad}");
        assert!(r.error().starts_with(why), "{}", r.error());
    }
    // Outside the engine's own UCI_Elo range.
    let r = gui.post("new", r#"{"level":"elo 1000"}"#);
    assert_eq!(r.status, 400);
    assert!(
        r.error()
            .ends_with("takes UCI_Elo from 1350 to 2500, not 1000"),
        "{}",
        r.error()
    );
    assert_eq!(engine(&gui.state()), "elo 1800");
    let events = gui.events();
    gui.ok("new", r#"{"level":"skill 0"}"#);
    gui.ok("analysis", r#"{"on":true}"#);
    // The first line may take long; those after it come at once or never.
    let mut end = Instant::now() + WAIT;
    let mut depths = Vec::new();
    while Instant::now() < end {
        let Ok(line) = events.recv_timeout(Duration::from_millis(500)) else {
            continue;
        };
        if let Some(data) = line.strip_prefix("data: ") {
            let doc: Value = serde_json::from_str(data).unwrap();
            if doc.get("pv").is_some() {
                depths.push(num(&doc, "depth"));
                end = end.min(Instant::now() + Duration::from_secs(1));
            }
        }
    }
    assert!(
        !depths.is_empty() && depths.iter().all(|&d| d == 1.0),
        "{depths:?}"
    );
    assert!(gui.stop().success());

    // An engine without strength options plays at full strength only.
    let xb = format!("{} --name XB", stub("xboard_stub.py"));
    let gui = Gui::start(&["--engine", &xb]);
    let r = gui.post("new", r#"{"level":"skill 3"}"#);
    assert_eq!(r.status, 400);
    assert_eq!(r.error(), "the engine XB has no Skill Level option");
    assert_eq!(engine(&gui.ok("new", r#"{"level":"full"}"#)), "full");
    assert!(gui.stop().success());
}

/// Reviewing a game in the board: every position searched, the hung
/// queen marked `??` with the better move, an earlier position shown on
/// request, a hint for the person's move; bad requests change nothing.
#[test]
fn a_loaded_game_is_reviewed_and_its_positions_shown() {
    let gui = Gui::start(&["--side", "both"]);
    let r = gui.post("review", "{}");
    assert_eq!(r.status, 409, "no move yet: {}", r.error());
    gui.ok("load", r#"{"pgn":"1. e4 e5 2. Nf3 Qh4 3. Nxh4 Nc6 *"}"#);
    gui.ok("review", "{}");
    let s = gui.wait_for("the review to end", |s| {
        let r = &s["study"]["review"];
        r.is_object() && r["done"] == r["total"]
    });
    let review = &s["study"]["review"];
    assert_eq!(review["total"], 7);
    assert_eq!(review["evals"].as_array().unwrap().len(), 7);
    let marks = review["marks"].as_array().unwrap();
    assert_eq!(marks.len(), 6);
    assert_eq!(marks[3], "??", "2... Qh4 hangs the queen: {review}");
    assert!(marks[0].is_null() && marks[4].is_null(), "{review}");
    assert!(review["better"][3].is_string(), "{review}");
    let chances = review["chances"].as_array().unwrap();
    assert!(
        chances[4].as_f64().unwrap() > 0.5,
        "White is winning: {review}"
    );
    // Looking at the position after 2. Nf3: nobody moves there.
    let s = gui.ok("view", r#"{"ply":3}"#);
    assert_eq!(s["study"]["viewing"], 3);
    assert!(legal(&s).is_empty());
    let board = &s["boards"][0];
    assert_eq!(board["last"]["to"], "f3", "{board}");
    for bad in [r#"{"ply":7}"#, r#"{"ply":"3"}"#, r#"{"at":1}"#] {
        assert_eq!(gui.post("view", bad).status, 400, "{bad}");
    }
    assert_eq!(
        gui.state()["study"]["viewing"],
        3,
        "a refused view changes nothing"
    );
    let s = gui.ok("view", r#"{"ply":null}"#);
    assert!(s["study"]["viewing"].is_null());
    assert!(!legal(&s).is_empty());
    // A hint is one of the legal moves; a move drops review and hint.
    let s = gui.ok("hint", "{}");
    let hint = text(&s["study"]["hint"], "uci");
    assert!(legal(&s).contains(&hint), "{hint}");
    let s = gui.play(&hint);
    assert!(s.get("study").is_none(), "{}", s["study"]);
}

/// Issue 33 (6): a new game from a Chess960 set-up drawn at random, where
/// castling is the king taking its rook; refused where there is none.
#[test]
fn a_new_game_may_start_from_a_chess960_set_up() {
    let gui = Gui::start(&["--side", "both"]);
    let s = gui.state();
    let variants: Vec<&str> = list(&s, "chess960_variants")
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(variants, ["chess", "crazyhouse"]);
    let s = gui.ok("new", r#"{"chess960":true}"#);
    let fen = text(&s, "fen");
    let castling = fen.split_whitespace().nth(2).unwrap();
    assert_eq!(castling.len(), 4, "two rook files a side: {fen}");
    assert!(
        castling
            .chars()
            .all(|c| c.is_ascii_alphabetic() && !"KQkq".contains(c)),
        "{fen}"
    );
    assert_eq!(text(&s, "start_fen"), fen);
    // Any set-up: the pieces of rank 1 mirror those of rank 8.
    let ranks: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    assert_eq!(ranks[0].to_ascii_uppercase(), ranks[7]);
    for (body, says) in [
        (
            r#"{"variant":"tranzit","chess960":true}"#,
            "tranzit has no Chess960 starts",
        ),
        (
            r#"{"chess960":true,"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}"#,
            "either a fen or chess960",
        ),
        (r#"{"chess960":"yes"}"#, "chess960"),
    ] {
        let r = gui.post("new", body);
        assert_eq!(r.status, 400, "{body}");
        assert!(r.error().contains(says), "{body}: {}", r.error());
    }
    assert_eq!(text(&gui.state(), "fen"), fen, "a refusal changes nothing");
    // Castling in the standard set-up drawn as 960: the king takes its rook.
    let s = gui.ok(
        "load",
        r#"{"fen":"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"}"#,
    );
    assert!(legal(&s).contains(&"b1h1".to_string()), "{:?}", legal(&s));
    let s = gui.play("b1h1");
    assert!(text(&s, "fen").starts_with("rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha"));
    assert_eq!(played(&s), ["b1h1"]);
    assert_eq!(s["moves"][0]["text"], "O-O");
}

//! `vsadnik gui` team games with more than one person, over the HTTP API:
//! the host's page hands out a link per seat; a second person takes a
//! seat through it (another browser, told apart by its client id) as
//! partner or opponent, between games only; engines play the seats nobody
//! took; partner messages go between the two people; each page sees the
//! game from its own seat. Refusals: a seat already taken, a seat link of
//! a game the board no longer plays, a guest starting a game, joining or
//! leaving during a game, the host moving onto a person's seat.

use crate::gui_support::*;
use serde_json::Value;

/// vsadnik in XBoard at a small node count.
fn xboard_engine() -> String {
    format!("xboard:{} --nodes-per-move 400", bin())
}

/// A request to `command` from the page of seat link `key` in the browser
/// `client`.
fn post_as(gui: &Gui, key: &str, client: &str, command: &str, body: &str) -> Reply {
    let path = format!("/api/{command}?seat={key}&client={client}");
    gui.request("POST", &path, Some(body))
}

/// The same, which must succeed; the state the page of `key` sees.
fn ok_as(gui: &Gui, key: &str, client: &str, command: &str, body: &str) -> Value {
    let r = post_as(gui, key, client, command, body);
    assert_eq!(r.status, 200, "{command} {body}: {}", r.body);
    r.json()
}

/// The state of the page of seat link `key`.
fn state_of(gui: &Gui, key: &str) -> Value {
    let r = gui.get(&format!("/api/state?seat={key}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// The seat of `state` whose role is `role`.
fn seat<'a>(state: &'a Value, role: &str) -> &'a Value {
    list(state.get("team").unwrap(), "seats")
        .iter()
        .find(|s| text(s, "role") == role)
        .unwrap_or_else(|| panic!("no {role} seat in {state}"))
}

/// The key of a seat's link (`/?seat=KEY`).
fn key_of(seat: &Value) -> String {
    let link = text(seat, "link");
    link.strip_prefix("/?seat=")
        .unwrap_or_else(|| panic!("a seat link: {link}"))
        .to_string()
}

/// The partner messages of `state` as `from: text`.
fn messages(state: &Value) -> Vec<String> {
    list(state.get("team").unwrap(), "messages")
        .iter()
        .map(|m| format!("{}: {}", text(m, "from"), text(m, "text")))
        .collect()
}

/// Asserts that `r` is refused with `status`, saying `why`.
fn refused(r: &Reply, status: u16, why: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    assert!(r.error().contains(why), "want '{why}': {}", r.error());
}

#[test]
fn two_friends_play_as_partners_against_engines() {
    let engine = xboard_engine();
    let gui = Gui::start(&[
        "--variant",
        "swedish",
        "--engine",
        &engine,
        "--partner",
        &engine,
        "--tc",
        "120+0",
    ]);
    let host = gui.state();
    let team = host.get("team").unwrap();
    assert_eq!(team.get("host"), Some(&Value::Bool(true)));
    assert!(seat(&host, "you").get("link").unwrap().is_null());
    let partner = seat(&host, "partner");
    assert_eq!(text(partner, "seat"), "Black on board B");
    let key = key_of(partner);
    let opponent_key = key_of(seat(&host, "opponent"));

    // The partner's page before it takes the seat: its own view.
    let guest = state_of(&gui, &key);
    assert_eq!(text(&guest, "side"), "black");
    assert_eq!(text(&list(&guest, "boards")[0], "id"), "B");
    assert_eq!(
        guest.get("team").unwrap().get("host"),
        Some(&Value::Bool(false))
    );
    assert!(list(guest.get("team").unwrap(), "seats")
        .iter()
        .all(|s| s.get("link").unwrap().is_null()));
    refused(
        &post_as(&gui, &key, "anna-1", "tell", r#"{"text":"hi"}"#),
        409,
        "take the seat first",
    );

    // Taken by one browser; refused to another, to the host, to a bad key.
    let s = ok_as(&gui, &key, "anna-1", "join", r#"{"name":"Anna"}"#);
    assert_eq!(text(&s, "side"), "black", "the answer is the guest's view");
    let host = gui.state();
    let partner = seat(&host, "partner");
    assert_eq!(
        (text(partner, "name"), text(partner, "status")),
        ("Anna".to_string(), "person".to_string())
    );
    ok_as(&gui, &key, "anna-1", "join", "{}");
    assert_eq!(
        text(seat(&gui.state(), "partner"), "name"),
        "Anna",
        "a reload keeps the seat and the name"
    );
    refused(
        &post_as(&gui, &key, "boris-2", "join", "{}"),
        409,
        "already taken by Anna",
    );
    refused(
        &post_as(&gui, &key, "boris-2", "move", r#"{"move":"e7e5"}"#),
        409,
        "taken by Anna",
    );
    refused(&gui.post("join", "{}"), 409, "host's seat");
    refused(
        &post_as(&gui, "nosuchkey", "anna-1", "join", "{}"),
        404,
        "no such seat",
    );
    assert_eq!(gui.get("/api/state?seat=nosuchkey").status, 404);
    assert_eq!(gui.get("/api/state?seat=bad%20key").status, 400);
    refused(
        &post_as(&gui, &key, "anna-1", "new", "{}"),
        403,
        "only the host",
    );
    refused(
        &gui.post("new", r#"{"side":"black","board":"B"}"#),
        409,
        "taken by Anna",
    );

    // The host starts; both people move, engines answer on both boards.
    let s = gui.ok("new", "{}");
    assert_eq!(text(&s, "turn"), "person");
    refused(
        &post_as(&gui, &opponent_key, "boris-2", "join", "{}"),
        409,
        "a game is under way",
    );
    refused(
        &post_as(&gui, &key, "anna-1", "leave", "{}"),
        409,
        "a game is under way",
    );
    gui.play("e2e4");
    let guest = (0..1500)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            state_of(&gui, &key)
        })
        .find(|s| text(s, "turn") == "person")
        .expect("the guest's turn on board B");
    let reply = legal(&guest)[0].clone();
    let s = ok_as(
        &gui,
        &key,
        "anna-1",
        "move",
        &format!("{{\"move\":\"{reply}\"}}"),
    );
    assert_eq!(played(&s).len(), 2, "White's move and the guest's on B");
    assert_eq!(played(&s)[1], reply);

    // Messages both ways, each page seeing its own side of them.
    ok_as(&gui, &key, "anna-1", "tell", r#"{"text":"++n"}"#);
    gui.ok("tell", r#"{"text":"ok"}"#);
    assert_eq!(messages(&gui.state()), ["partner: ++n", "you: ok"]);
    assert_eq!(messages(&state_of(&gui, &key)), ["you: ++n", "partner: ok"]);

    // The guest resigns for the team; the BPGN names both people.
    ok_as(&gui, &key, "anna-1", "resign", "{}");
    let host = gui.state();
    let result = host.get("result").unwrap();
    assert_eq!(text(result, "comment"), "Black on board B resigns");
    assert_eq!(text(result, "outcome"), "loss");
    let pgn = gui.get("/api/pgn").body;
    assert!(
        pgn.contains("[WhiteA \"Player\"]") && pgn.contains("[BlackB \"Anna\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("to partner: ++n"), "{pgn}");

    // Between games the seat is left; an engine takes it again.
    ok_as(&gui, &key, "anna-1", "leave", "{}");
    let partner = seat(&gui.state(), "partner").clone();
    assert_ne!(text(&partner, "status"), "person", "{partner}");
    // Another friend takes an opponent's seat, and sees the host as one.
    let boris = ok_as(
        &gui,
        &opponent_key,
        "boris-2",
        "join",
        r#"{"name":"Boris"}"#,
    );
    assert_eq!(text(seat(&boris, "opponent"), "name"), "Player", "{boris}");
    let host = gui.state();
    let opponents: Vec<String> = list(host.get("team").unwrap(), "seats")
        .iter()
        .filter(|s| text(s, "role") == "opponent" && text(s, "status") == "person")
        .map(|s| text(s, "name"))
        .collect();
    assert_eq!(opponents, ["Boris"]);
    ok_as(&gui, &opponent_key, "boris-2", "leave", "{}");

    // The host moves to board B (White there), an opponent's seat.
    let s = gui.ok("new", r#"{"side":"white","board":"B"}"#);
    assert_eq!(text(&list(&s, "boards")[0], "id"), "B");
    assert_eq!(text(&s, "side"), "white");
    assert_eq!(text(&s, "turn"), "person");

    // The other team variant: a new board, new links; the old ones end.
    let s = gui.ok("new", r#"{"variant":"bughouse"}"#);
    let new_key = key_of(seat(&s, "partner"));
    assert_ne!(new_key, key);
    assert_eq!(gui.get(&format!("/api/state?seat={key}")).status, 404);
    assert_eq!(text(&state_of(&gui, &new_key), "variant"), "bughouse");

    // Another kind of game: the seat links end.
    gui.ok("new", r#"{"variant":"chess","side":"white"}"#);
    assert_eq!(gui.get(&format!("/api/state?seat={new_key}")).status, 404);
    refused(
        &post_as(&gui, &key, "anna-1", "move", r#"{"move":"e2e4"}"#),
        404,
        "no such seat",
    );
    assert!(gui.stop().success());
}

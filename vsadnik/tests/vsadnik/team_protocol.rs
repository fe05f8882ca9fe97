//! Team play over the real binary (`docs/team_play.md`): XBoard `holding`
//! during a search, when idle and while analyzing; `partner` and `ptell`;
//! sitting without a legal move (S11) in XBoard and UCI, real mates (S10);
//! obeying the partner's `sit` and `go`; the pieces told to the partner;
//! sitting scored by the clocks; malformed input.

use crate::common::{Engine, WAIT};
use std::time::{Duration, Instant};

/// Black's king on h8 is boxed in by its own rook and pawns: a white
/// knight dropped on f7 mates (White holds nothing).
const KNIGHT_MATES: &str = "6rk/6pp/8/8/8/8/8/K7[] w - - 0 1";
/// S11: White is checked along the first rank, every blocking square is on
/// rank 1 (no pawn drop there) and White holds nothing: it sits.
const SITS: &str = "k7/8/8/8/8/8/6PP/r6K[] w - - 0 1";
/// S10: a knight checks the cornered king: no drop could block, mate.
const SMOTHERED: &str = "k7/8/8/8/8/8/5nPP/6RK[Q] w - - 0 1";

fn engine_move(lines: &[String]) -> Option<String> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("move ").map(str::to_string))
}

/// An XBoard engine in `variant` at `fen`, engine playing nothing yet.
fn xboard_at(variant: &str, fen: &str) -> Engine {
    let mut e = Engine::xboard();
    e.send(&format!("variant {variant}"));
    e.send("force");
    e.send(&format!("setboard {fen}"));
    e
}

/// The legal moves of `fen` in `variant`, from a separate UCI engine.
fn legal(variant: &str, fen: &str) -> Vec<String> {
    let mut j = Engine::uci();
    j.send(&format!("setoption name UCI_Variant value {variant}"));
    j.send(&format!("position fen {fen}"));
    j.legal_moves()
}

/// The `Fen:` of an XBoard engine's `d` output.
fn xboard_fen(e: &mut Engine) -> String {
    e.send("d");
    let lines = e.ping(90);
    lines
        .iter()
        .find_map(|l| l.strip_prefix("# Fen: ").map(str::to_string))
        .expect("a Fen line")
}

#[test]
fn holding_during_a_search_restarts_it_and_the_arrived_knight_mates() {
    let mut e = xboard_at("bughouse", KNIGHT_MATES);
    e.send("st 3");
    e.send("go");
    // Without a knight there is no mate: the search takes its 3 seconds.
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("holding [N] [] WN");
    let lines = e.expect_prefix("move ");
    let m = engine_move(&lines).unwrap();
    assert_eq!(m, "N@f7", "{lines:?}");
    assert!(
        legal("bughouse", "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1").contains(&m),
        "{m}"
    );
    // A mate in one ends the restarted search long before 3 s.
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "{:?}",
        t.elapsed()
    );
    e.expect("1-0 {White mates}");
}

#[test]
fn holding_when_idle_sets_both_reserves() {
    let mut e = xboard_at(
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    );
    e.send("holding [QN] [pp] BP");
    assert!(xboard_fen(&mut e).starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNpp] w"));
    e.send("holding [] []");
    assert!(xboard_fen(&mut e).contains("RNBQKBNR[] w"));
    // The reserve is played from: a drop of an arrived piece is legal.
    e.send("holding [N] []");
    e.send("usermove N@e4");
    let lines = e.ping(2);
    assert!(lines.iter().all(|l| !l.starts_with("Illegal")), "{lines:?}");
}

#[test]
fn holding_while_analyzing_restarts_the_analysis() {
    let mut e = xboard_at("bughouse", KNIGHT_MATES);
    e.send("post");
    e.send("analyze");
    std::thread::sleep(Duration::from_millis(300));
    e.send("holding [N] []");
    e.until(
        |l| l.contains("100001") && l.ends_with("N@f7"),
        WAIT,
        "the mate with the arrived knight",
    );
    e.send("exit");
    e.ping(1);
}

#[test]
fn s11_uci_go_answers_bestmove_0000_at_once() {
    for variant in ["bughouse", "swedish"] {
        let mut e = Engine::uci();
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("position fen {SITS}"));
        for go in ["go wtime 10000 btime 10000", "go infinite", "go depth 5"] {
            let t = Instant::now();
            e.send(go);
            let lines = e.expect_prefix("bestmove");
            assert!(t.elapsed() < Duration::from_millis(500), "{variant} {go}");
            assert_eq!(lines.last().unwrap(), "bestmove 0000", "{variant} {go}");
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("info string sitting (S11)") && l.contains("n/b/r/q")),
                "{variant} {go}: {lines:?}"
            );
        }
        // With a knight to drop, a real move.
        e.send(&format!("position fen {}", SITS.replace("[]", "[N]")));
        e.send("go depth 3");
        let lines = e.expect_prefix("bestmove");
        assert!(
            lines.last().unwrap().starts_with("bestmove N@"),
            "{lines:?}"
        );
    }
}

/// S12 (decided 2026-12-05): no stalemate in Swedish chess: the player
/// sits and answers `bestmove 0000`; in bughouse and crazyhouse the
/// stalemate stands (`bestmove (none)`).
#[test]
fn s12_swedish_stalemate_sits_with_bestmove_0000() {
    const STALEMATE: &str = "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1";
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value swedish");
    e.send(&format!("position fen {STALEMATE}"));
    for go in ["go wtime 10000 btime 10000", "go infinite", "go depth 5"] {
        e.send(go);
        let lines = e.expect_prefix("bestmove");
        assert_eq!(lines.last().unwrap(), "bestmove 0000", "{go}: {lines:?}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string sitting (S12): not in check")),
            "{go}: {lines:?}"
        );
    }
    for variant in ["bughouse", "crazyhouse"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("position fen {STALEMATE}"));
        e.send("go depth 3");
        let lines = e.expect_prefix("bestmove");
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{variant}");
    }
    // XBoard: the engine does not announce a draw, it sits.
    let mut x = xboard_at("swedish", STALEMATE);
    x.send("go");
    let quiet = x.quiet_for(Duration::from_millis(500));
    assert!(
        quiet.iter().any(|l| l.starts_with("# sitting (S12)")),
        "{quiet:?}"
    );
    assert!(!quiet.iter().any(|l| l.contains("1/2-1/2")), "{quiet:?}");
}

#[test]
fn s10_a_check_no_drop_can_block_is_mate_not_sitting() {
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value bughouse");
    e.send(&format!("position fen {SMOTHERED}"));
    e.send("go depth 3");
    let lines = e.expect_prefix("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(
        lines.iter().any(|l| l == "info depth 0 score mate 0"),
        "{lines:?}"
    );

    let mut x = xboard_at("bughouse", SMOTHERED);
    x.send("go");
    x.expect("0-1 {Black mates}");
}

#[test]
fn s11_xboard_sits_until_a_holding_gives_a_piece() {
    let mut e = xboard_at("bughouse", SITS);
    e.send("partner alice");
    e.send("st 0.3");
    e.send("go");
    let lines = e.expect("tellics ptell ++n");
    assert!(
        lines.iter().any(|l| l.starts_with("# sitting (S11)")),
        "{lines:?}"
    );
    // No move while nothing arrives; the engine still answers.
    let quiet = e.quiet_for(Duration::from_millis(800));
    assert!(engine_move(&quiet).is_none(), "{quiet:?}");
    assert!(e.ping(3).iter().all(|l| !l.starts_with("move")));
    // A holding for the opponent only changes nothing for us.
    e.send("holding [] [q]");
    let quiet = e.quiet_for(Duration::from_millis(400));
    assert!(engine_move(&quiet).is_none(), "{quiet:?}");
    // A bishop arrives: the engine drops it between rook and king.
    e.send("holding [B] [q] WB");
    let lines = e.expect_prefix("move ");
    assert!(lines.iter().any(|l| l == "tellics ptell x"), "{lines:?}");
    let m = engine_move(&lines).unwrap();
    assert!(m.starts_with("B@") && m.ends_with('1'), "{m}");
    assert!(
        legal("bughouse", "k7/8/8/8/8/8/6PP/r6K[Bq] w - - 0 1").contains(&m),
        "{m}"
    );
}

#[test]
fn partner_and_ptell_are_parsed() {
    let mut e = xboard_at("bughouse", KNIGHT_MATES);
    e.send("partner bob");
    e.send("ptell help");
    let lines = e.ping(1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("tellics ptell ok, I understand: sit, go")),
        "{lines:?}"
    );
    e.send("ptell +++n");
    e.send("ptell ---q");
    e.send("ptell -trades");
    e.send("ptell x");
    let lines = e.ping(2);
    assert_eq!(
        lines,
        [
            "tellics ptell ok, n mates for you",
            "tellics ptell ok, q mates you",
            "tellics ptell ok, trades bad",
            "tellics ptell ok, normal piece values",
        ]
    );
    // Unknown messages (a partner's acknowledgements) are never answered.
    e.send("ptell Sorry, but I don't understand that command.");
    e.send("ptell ok, I move");
    assert!(e.ping(3).is_empty());
    // Without a partner nothing is told, but requests are still obeyed.
    e.send("partner");
    e.send("ptell sit");
    assert!(e.ping(4).is_empty());
}

#[test]
fn ptell_sit_holds_the_move_until_go() {
    let mut e = Engine::xboard();
    e.send("variant bughouse");
    e.send("partner bob");
    e.send("level 0 1 0");
    e.send("time 6000");
    e.send("otim 6000");
    e.send("ptell sit");
    e.expect("tellics ptell ok, I sit until you say go");
    e.send("usermove e2e4");
    e.expect("# sitting: my partner asked me to (ptell go releases me)");
    let quiet = e.quiet_for(Duration::from_millis(1000));
    assert!(engine_move(&quiet).is_none(), "{quiet:?}");
    let t = Instant::now();
    e.send("ptell go");
    let lines = e.expect_prefix("move ");
    assert!(t.elapsed() < Duration::from_millis(500));
    assert!(lines.iter().any(|l| l == "tellics ptell ok, I move"));
}

/// A bughouse engine with a long clock whose partner asked it to sit, just
/// given White's e2e4 (it is thinking on its reply).
fn asked_to_sit_after_e2e4() -> Engine {
    let mut e = Engine::xboard();
    e.send("variant bughouse");
    e.send("partner bob");
    // A minute each: the search ends within seconds, and the sit then
    // holds its move for long (it ends with 3 s left).
    e.send("level 0 1 0");
    e.send("time 6000");
    e.send("otim 6000");
    e.send("ptell sit");
    e.expect("tellics ptell ok, I sit until you say go");
    e.send("usermove e2e4");
    e
}

#[test]
fn move_now_overrides_a_partners_sit_and_pings_are_answered_while_sitting() {
    // Sitting on a found move: a ping is answered at once, `?` plays it.
    let mut e = asked_to_sit_after_e2e4();
    e.expect("# sitting: my partner asked me to (ptell go releases me)");
    let lines = e.ping(1);
    assert!(engine_move(&lines).is_none(), "{lines:?}");
    let t = Instant::now();
    e.send("?");
    e.expect_prefix("move ");
    assert!(t.elapsed() < Duration::from_millis(500));
    // `?` while thinking, with the partner's sit standing and a ping right
    // after it (as XBoard sends them): the move comes, then the pong (the
    // fuzzer's hang: the pong waited for the sit to end).
    let mut e = asked_to_sit_after_e2e4();
    std::thread::sleep(Duration::from_millis(50));
    let t = Instant::now();
    e.send("?");
    e.send("ping 2");
    let lines = e.until(|l| l == "pong 2", Duration::from_secs(2), "pong 2");
    assert!(t.elapsed() < Duration::from_millis(1000));
    assert!(engine_move(&lines).is_some(), "{lines:?}");
}

#[test]
fn ptell_sit_ends_when_the_clock_runs_low() {
    let mut e = Engine::xboard();
    e.send("variant bughouse");
    e.send("partner bob");
    e.send("level 0 0:10 0");
    // 4.5 s left; sitting stops with 3 s left.
    e.send("time 450");
    e.send("ptell sit");
    let t = Instant::now();
    e.send("usermove e2e4");
    let lines = e.until(|l| l.starts_with("move "), Duration::from_secs(6), "a move");
    let took = t.elapsed();
    assert!(
        took >= Duration::from_millis(1200) && took < Duration::from_millis(2500),
        "{took:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("# the clock runs low")));
}

#[test]
fn the_partner_hears_which_pieces_mate() {
    // Our turn: a knight would mate for us.
    let mut e = xboard_at("bughouse", KNIGHT_MATES);
    e.send("partner bob");
    e.send("st 0.2");
    e.send("go");
    let lines = e.expect_prefix("move ");
    assert!(lines.iter().any(|l| l == "tellics ptell +++n"), "{lines:?}");
    // The opponent's turn: our boxed king dies to a knight drop on f2.
    let mut e = xboard_at("bughouse", "k7/8/8/8/8/8/6PP/6RK[] b - - 0 1");
    e.send("partner bob");
    e.send("playother");
    e.send("holding [P] []");
    let lines = e.ping(1);
    assert_eq!(lines, ["tellics ptell ---n"]);
}

#[test]
fn bad_holding_is_an_error_and_the_engine_keeps_running() {
    let mut e = xboard_at("bughouse", KNIGHT_MATES);
    for bad in [
        "holding",
        "holding [N",
        "holding [K] []",
        "holding [N] [] hello",
    ] {
        e.send(bad);
        let lines = e.ping(1);
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("Error (malformed holding") && lines[0].ends_with(bad),
            "{bad}: {lines:?}"
        );
    }
    e.send("variant normal");
    e.send("holding [N] []");
    assert_eq!(
        e.ping(2),
        ["Error (holding needs a drop variant): holding [N] []"]
    );
    e.send("new");
    e.send("st 0.1");
    e.send("usermove e2e4");
    e.expect_prefix("move ");
}

#[test]
fn uci_position_during_a_search_is_for_the_next_go() {
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value bughouse");
    e.send(&format!("position fen {KNIGHT_MATES}"));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let next = "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1";
    e.send(&format!("position fen {next}"));
    e.send("stop");
    let lines = e.expect_prefix("bestmove");
    let first = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(legal("bughouse", KNIGHT_MATES).contains(&first), "{first}");
    e.send("go depth 4");
    let lines = e.expect_prefix("bestmove");
    assert!(
        lines.last().unwrap().starts_with("bestmove N@f7"),
        "{lines:?}"
    );
}

#[test]
fn ptell_sit_is_not_obeyed_on_a_low_clock() {
    let mut e = Engine::xboard();
    e.send("variant bughouse");
    e.send("partner bob");
    e.send("level 0 0:10 0");
    // 2 s left: below the 3 s a sit request leaves on the clock.
    e.send("time 200");
    e.send("ptell sit");
    e.send("usermove e2e4");
    let lines = e.until(|l| l.starts_with("move "), Duration::from_secs(3), "a move");
    assert!(
        lines.iter().all(|l| !l.starts_with("# sitting")),
        "{lines:?}"
    );
}

#[test]
fn a_mating_engine_asks_its_partner_to_sit() {
    // A knight in hand mates at once: the partner is asked to freeze its
    // board before the mate, so that no piece reaches the opponent.
    let mut e = xboard_at("bughouse", "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1");
    e.send("partner bob");
    e.send("go");
    let lines = e.expect_prefix("move ");
    assert!(lines.iter().any(|l| l == "tellics ptell sit"), "{lines:?}");
}

/// Black to move plays Ra1+, which leaves White in check with no legal
/// move (S11), partner bob; `clocks` are sent before `go`. Returns the
/// engine and the lines up to and after its move.
fn leave_the_opponent_sitting(clocks: &[String]) -> (Engine, Vec<String>) {
    let mut e = xboard_at("bughouse", "k7/r7/8/8/8/8/6PP/7K[] b - - 0 1");
    e.send("partner bob");
    for line in clocks {
        e.send(line);
    }
    e.send("sd 4");
    e.send("go");
    let mut lines = e.expect_prefix("move ");
    assert_eq!(engine_move(&lines).as_deref(), Some("a7a1"), "{lines:?}");
    lines.extend(e.ping(2));
    (e, lines)
}

#[test]
fn leaving_the_opponent_sitting_asks_the_partner_to_sit_until_it_moves() {
    // Without clocks the partner is asked to sit; once White has a piece
    // and moves, it may go.
    let (mut e, lines) = leave_the_opponent_sitting(&[]);
    assert!(lines.iter().any(|l| l == "tellics ptell sit"), "{lines:?}");
    e.send("holding [R] []");
    e.send("usermove R@b1");
    let lines = e.expect_prefix("move ");
    assert!(lines.iter().any(|l| l == "tellics ptell go"), "{lines:?}");
}

#[test]
fn the_partner_is_asked_to_sit_only_when_the_stuck_opponent_flags_first() {
    // The partner sits until 3 s are left on its clock (the engine's own
    // stands for it): worth it only when White's clock runs out before.
    for (time, otim, asked) in [(3000, 1000, true), (1000, 3000, false)] {
        let clocks = [
            "level 0 1 0".to_string(),
            format!("time {time}"),
            format!("otim {otim}"),
        ];
        let (_, lines) = leave_the_opponent_sitting(&clocks);
        assert_eq!(
            lines.iter().any(|l| l == "tellics ptell sit"),
            asked,
            "time {time}, otim {otim}: {lines:?}"
        );
    }
}

#[test]
fn s11_sitting_is_avoided_when_the_engine_would_flag_first_and_clocks_are_told() {
    // Nxb5 wins Black's queen, but Rd1+ then leaves White sitting (S11):
    // the knight was the only piece that could block. With the engine's
    // clock well ahead, sitting costs a fixed penalty and the queen is
    // worth it; with the engine's clock behind, the other team's player on
    // the other board can sit longer (the opponent's clock stands for it),
    // so sitting loses the game and the queen stays.
    // The partner's word for the other board's clocks, when given, beats
    // the stand-ins: its opponent there has 60 s.
    let take_and_sit = "3r3k/6pp/8/1q6/8/PPN1P3/2P2PPP/6K1[] w - - 0 1";
    let cases = [
        (3000, 500, None, true),
        (500, 3000, None, false),
        (3000, 500, Some("ptell otim 6000"), false),
    ];
    for (time, otim, told, takes) in cases {
        let mut e = xboard_at("bughouse", take_and_sit);
        e.send("partner bob");
        if let Some(line) = told {
            e.send(line);
        }
        e.send("level 0 1 0");
        e.send(&format!("time {time}"));
        e.send(&format!("otim {otim}"));
        e.send("sd 6");
        e.send("go");
        let lines = e.expect_prefix("move ");
        let mv = engine_move(&lines).expect("a move");
        assert_eq!(
            mv == "c3b5",
            takes,
            "time {time}, otim {otim}, {told:?}: {mv}"
        );
        for clock in [format!("time {time}"), format!("otim {otim}")] {
            let told = format!("tellics ptell {clock}");
            assert!(lines.contains(&told), "{told} missing: {lines:?}");
        }
    }
}

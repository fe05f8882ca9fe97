//! The series search of progressive chess through the generic engine:
//! the root-search hook, mate in the series, the defence, the plan kept
//! between `go` commands, `stop`, the clock, `searchmoves`, the output form
//! of the contract (pv = rest of the series, `mate 1` / `mate -1`).

use crate::common::Collect;
use engine::series::{select, MateResult, MateSolver};
use engine::{Engine, Limits, Score, SearchInfo, SearchResult, Silent};
use movegen::progressive::{
    English, EnglishPosition, Italian, ItalianPosition, Progressive, ScottishPosition, SeriesRules,
};
use movegen::variant::Position;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Default::default()
    }
}

fn go<P: engine::Searchable>(pos: &P, limits: Limits) -> (SearchResult, Vec<SearchInfo>) {
    go_on(&Engine::new(16), pos, limits)
}

/// [`go`] on `engine` (which keeps its plans from one search to the next).
fn go_on<P: engine::Searchable>(
    engine: &Engine,
    pos: &P,
    limits: Limits,
) -> (SearchResult, Vec<SearchInfo>) {
    let rep = Arc::new(Collect::default());
    let r = engine
        .start(pos.clone(), limits, Vec::new(), rep.clone())
        .wait();
    let infos = rep.0.lock().unwrap().clone();
    (r, infos)
}

/// The rules file's example: White's series 3 mates with Bc4 Qh5 Qxf7.
const EXAMPLE: &str = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";

#[test]
fn mate_in_the_series_is_mate_1_with_the_rest_of_the_series_as_pv() {
    let pos = ItalianPosition::from_fen(EXAMPLE).unwrap();
    let (r, infos) = go(&pos, depth(4));
    assert_eq!(r.score, Some(Score::Mate(1)));
    let last = infos.last().expect("an info line");
    assert_eq!(last.score, Score::Mate(1));
    assert_eq!(last.pv.len(), 3, "{:?}", last.pv);
    assert_eq!(r.best.as_deref(), Some(last.pv[0].as_str()));
    // The pv mates.
    let mut p = pos.clone();
    for m in &last.pv {
        let mv = p.parse_move(m).unwrap();
        p.make_move(mv);
    }
    assert!(matches!(p.status(), movegen::Status::Over(o) if o.white == 2));
}

#[test]
fn scottish_and_english_mates() {
    let pos = ScottishPosition::from_fen(EXAMPLE).unwrap();
    assert_eq!(go(&pos, depth(4)).0.score, Some(Score::Mate(1)));
    let pos = EnglishPosition::from_fen(EXAMPLE).unwrap();
    let (r, _) = go(&pos, depth(4));
    assert!(r.best.is_some());
}

#[test]
fn the_plan_answers_the_rest_of_the_series() {
    let engine = Engine::new(16);
    let mut pos = ItalianPosition::from_fen(EXAMPLE).unwrap();
    let (r, infos) = go_on(&engine, &pos, depth(4));
    let pv = infos.last().unwrap().pv.clone();
    for (i, want) in pv.iter().enumerate() {
        if i > 0 {
            let (r, infos) = go_on(&engine, &pos, depth(4));
            assert_eq!(r.best.as_ref(), Some(want), "move {i} from the plan");
            assert_eq!(r.nodes, 0, "no search for a planned move");
            assert_eq!(infos.last().unwrap().pv, pv[i..].to_vec());
            assert_eq!(r.score, Some(Score::Mate(1)));
        } else {
            assert_eq!(r.best.as_ref(), Some(want));
        }
        let mv = pos.parse_move(want).unwrap();
        pos.make_move(mv);
    }
}

#[test]
fn a_position_off_the_plan_is_searched_again() {
    let mut pos = ItalianPosition::from_fen(EXAMPLE).unwrap();
    // Not the engine's first move: the plan does not apply.
    let mv = pos.parse_move("a2a3").unwrap();
    pos.make_move(mv);
    let (r, _) = go(&pos, depth(3));
    assert!(r.nodes > 0);
    assert!(r.best.is_some());
}

/// Black's series 2 after 1 e2e4: e7e5 g8f6 would allow the example mate.
#[test]
fn defence_avoids_a_series_that_allows_mate_next() {
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let mut pos = ItalianPosition::from_fen(start).unwrap();
    let (_, infos) = go(&pos, depth(4));
    let pv = infos.last().unwrap().pv.clone();
    assert_eq!(pv.len(), 2);
    for m in &pv {
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
    }
    assert_eq!(pos.side_to_move(), movegen::Color::White);
    let mut solver = MateSolver::<Italian>::new(20);
    let verdict = solver.solve(pos.state(), &mut |n| n > 2_000_000);
    assert_eq!(verdict, MateResult::NoMate, "{pv:?} allows a mate");
}

#[test]
fn a_hopeless_position_still_gets_a_legal_series() {
    // Black (series 2) cannot stop White's series-3 mate: Ra1-a8 after
    // any two moves (the king is boxed in by its own pieces; Black's rook
    // is frozen by I1 and has nothing to block with).
    let pos = ItalianPosition::from_fen("6rk/6pp/8/8/8/8/8/R3K3 b - - 0 2").unwrap();
    let (r, _) = go(&pos, depth(4));
    assert!(r.best.is_some());
    if let Some(Score::Mate(m)) = r.score {
        assert_eq!(m, -1);
    }
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let pos = ItalianPosition::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 9",
    )
    .unwrap();
    let engine = Engine::new(16);
    let h = engine.start(
        pos,
        Limits {
            infinite: true,
            ..Default::default()
        },
        Vec::new(),
        Arc::new(Silent),
    );
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    h.stop();
    let r = h.wait();
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "{:?}",
        t.elapsed()
    );
    assert!(r.best.is_some());
}

#[test]
fn movetime_is_obeyed() {
    let pos = ScottishPosition::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 11",
    )
    .unwrap();
    let t = Instant::now();
    let (r, _) = go(
        &pos,
        Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Default::default()
        },
    );
    assert!(
        t.elapsed() < Duration::from_millis(450),
        "{:?}",
        t.elapsed()
    );
    assert!(r.best.is_some());
}

#[test]
fn node_limit_is_obeyed() {
    let pos = ItalianPosition::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 9",
    )
    .unwrap();
    let (r, _) = go(
        &pos,
        Limits {
            nodes: Some(20_000),
            ..Default::default()
        },
    );
    assert!(r.best.is_some());
    assert!(r.nodes < 40_000, "{}", r.nodes);
}

fn searchmoves<R: SeriesRules>(fen: &str, only: &str) {
    let pos = Progressive::<R>::from_fen(fen).unwrap();
    let m = pos.parse_move(only).unwrap();
    let engine = Engine::new(16);
    let r = engine
        .start(pos, depth(3), vec![m], Arc::new(Silent))
        .wait();
    assert_eq!(r.best.as_deref(), Some(only));
}

#[test]
fn searchmoves_restricts_the_first_move() {
    searchmoves::<Italian>(EXAMPLE, "a2a3");
    searchmoves::<movegen::progressive::Scottish>(EXAMPLE, "h2h4");
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        engine::bench::run_bench::<ItalianPosition>(
            &engine::bench::PROGRESSIVE_POSITIONS[..3],
            3,
            1,
            engine::Settings::default(),
            |_, _, _| {},
        )
        .unwrap()
        .nodes
    };
    assert_eq!(run(), run());
}

fn self_play<R: SeriesRules>(series: u32) -> movegen::Status {
    let mut pos = Progressive::<R>::startpos();
    let engine = Engine::new(16);
    while pos.state().series <= series {
        if let movegen::Status::Over(_) = pos.status() {
            break;
        }
        let r = engine
            .start(pos.clone(), depth(2), Vec::new(), Arc::new(Silent))
            .wait();
        let best = r.best.expect("a move while the game goes on");
        let mv = pos
            .parse_move(&best)
            .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen()));
        pos.make_move(mv);
    }
    pos.status()
}

#[test]
fn self_play_games_stay_legal() {
    self_play::<Italian>(14);
    self_play::<movegen::progressive::Scottish>(14);
    self_play::<movegen::progressive::English>(12);
}

/// Runs a search and returns its notes (and the result).
fn notes<P: engine::Searchable>(pos: &P, limits: Limits) -> (SearchResult, Vec<String>) {
    let engine = Engine::new(16);
    let rep = Arc::new(Collect::default());
    let r = engine
        .start(pos.clone(), limits, Vec::new(), rep.clone())
        .wait();
    let notes = rep.2.lock().unwrap().clone();
    (r, notes)
}

const PROVED: &str = "no mate in this series (proved)";

#[test]
fn a_proved_refutation_is_noted_once_and_the_search_goes_on() {
    // Hand-checked: White's series 1 has two checks, Rh8+ (Ka7) and Ra1+
    // (Kb8); neither mates.
    let pos = ItalianPosition::from_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
    let (r, got) = notes(&pos, depth(2));
    assert_eq!(got, [PROVED]);
    assert!(r.best.is_some());
    // Black's series 2 after 1 e2e4: no two black moves even give check
    // (Qh4 is blocked by f2, Bb4 by d2, a knight needs three moves), so no
    // mate under any rule set.
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let (r, got) = notes(&ItalianPosition::from_fen(start).unwrap(), depth(2));
    assert_eq!(got, [PROVED]);
    assert!(r.best.is_some());
    let (_, got) = notes(&ScottishPosition::from_fen(start).unwrap(), depth(2));
    assert_eq!(got, [PROVED]);
    let (_, got) = notes(&EnglishPosition::from_fen(start).unwrap(), depth(2));
    assert_eq!(got, [PROVED]);
}

#[test]
fn a_mate_or_a_budget_cut_is_no_proof() {
    // A mate in the series: mate 1, no note.
    let (r, got) = notes(&ItalianPosition::from_fen(EXAMPLE).unwrap(), depth(4));
    assert_eq!(r.score, Some(Score::Mate(1)));
    assert!(got.is_empty(), "{got:?}");
    // White's series of three from the start position: the search proves
    // there is no mate (a few hundred nodes) unless a node limit cuts it.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3";
    let pos = ItalianPosition::from_fen(start).unwrap();
    let (_, got) = notes(&pos, depth(2));
    assert_eq!(got, [PROVED]);
    let limits = Limits {
        nodes: Some(2),
        ..Default::default()
    };
    let (r, got) = notes(&pos, limits);
    assert!(r.best.is_some());
    assert!(got.is_empty(), "{got:?}");
}

/// An English middle game (series 7 of a game lost this way) in which the
/// defence checks alone would use up a 200,000-node budget: the series
/// played has still been compared one series deeper, so its reported
/// score is minus the score of the opponent's best reply series (the beam
/// the search uses for it: width 24 / 2 + 2 under a node limit, one series
/// kept). With the defence first, it played a series worth +697 by the
/// beam that the reply series takes apart (-772).
#[test]
fn the_series_minimax_runs_before_the_defence_uses_the_budget() {
    let fen = "r2q1k1r/pp1n2p1/2p2n2/1B1Pp2p/3bP1Q1/4B3/PP3PPP/RN2K2R w KQ - 1 7";
    let pos = EnglishPosition::from_fen(fen).unwrap();
    let limits = Limits {
        nodes: Some(200_000),
        ..Default::default()
    };
    let (_, infos) = go(&pos, limits);
    let info = infos.last().unwrap();
    let mut after = pos.clone();
    for m in &info.pv {
        let mv = after.parse_move(m).unwrap();
        after.make_move(mv);
    }
    let end = *after.state();
    assert_eq!(end.played, 0, "the pv is a whole series");
    let mut n = 0;
    let replies = select::beam::<English>(&end, 14, 1, &[], &mut n, &mut |_| false);
    assert_eq!(info.score, Score::Cp(-replies[0].score), "{:?}", info.pv);
}

/// Issue 31 (11): a node limit holds with `searchmoves` too: the proof of a
/// mate at the end of the next series stops at once when the limit is
/// reached, counting no node more (it counted one more for 1,001).
#[test]
fn a_node_limit_holds_with_searchmoves() {
    fn check<R: SeriesRules>(pos: &Progressive<R>) {
        let mut list = <Progressive<R> as Position>::MoveList::default();
        pos.generate_moves(&mut list);
        let restricted: Vec<_> = list
            .iter()
            .copied()
            .filter(|m| ["d2d3", "g1f3"].contains(&m.to_string().as_str()))
            .collect();
        for n in [500, 900, 1000, 1200] {
            let limits = Limits {
                nodes: Some(n),
                ..Default::default()
            };
            let r = Engine::new(16)
                .start(pos.clone(), limits, restricted.clone(), Arc::new(Silent))
                .wait();
            assert!(r.nodes <= n, "{} nodes for a limit of {n}", r.nodes);
        }
    }
    check(&ItalianPosition::startpos());
    check(&ScottishPosition::startpos());
    check(&EnglishPosition::startpos());
}

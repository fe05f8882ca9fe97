//! Two engines in one process share no game state (issue 32): what one
//! engine keeps between searches, another never sees.

use engine::ablation::Switch;
use engine::{Engine, Limits, SearchResult, Searchable, Settings, Silent};
use movegen::drops::BughousePosition;
use movegen::progressive::ItalianPosition;
use movegen::tranzit::TranzitPosition;
use movegen::{Chess, Color, PieceKind, Position};
use std::sync::{Arc, Barrier};

/// `pos` searched by `engine` to `depth`.
fn search<P: Searchable>(engine: &Engine, pos: &P, depth: i32) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    engine
        .start(pos.clone(), limits, Vec::new(), Arc::new(Silent))
        .wait()
}

/// A progressive series plan is the engine's own: the engine that made it
/// answers the rest of the series from it (0 nodes), another engine in the
/// same process searches, and a new game (`clear_hash`) forgets it.
#[test]
fn series_plans_belong_to_their_engine() {
    // White's series 3 mates with Bc4 Qh5 Qxf7 (Italian rules).
    let start = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    let mut pos = ItalianPosition::from_fen(start).unwrap();
    let mut planner = Engine::new(1);
    let first = search(&planner, &pos, 4).best.expect("a move");
    pos.make_move(pos.parse_move(&first).unwrap());

    let other = Engine::new(1);
    assert!(search(&other, &pos, 4).nodes > 0, "another engine searches");
    let planned = search(&planner, &pos, 4);
    assert_eq!(planned.nodes, 0, "the planner answers from its plan");

    planner.clear_hash();
    assert!(search(&planner, &pos, 4).nodes > 0, "a new game re-plans");
}

/// `plies` moves of self-play by one engine with `settings`, each searched
/// to `depth` with one thread (deterministic), from `fen`.
fn self_play<P: Searchable>(
    fen: &str,
    settings: Settings,
    plies: usize,
    depth: i32,
) -> Vec<String> {
    let mut engine = Engine::new(8);
    engine.settings = settings;
    let mut pos = P::from_fen(fen).unwrap();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(best) = search(&engine, &pos, depth).best else {
            break;
        };
        pos.make_move(pos.parse_move(&best).unwrap());
        moves.push(best);
    }
    moves
}

/// A middlegame.
const CHESS: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// Both sides have transferred a king to board II.
const TRANZIT: &str = "rnbq1bnr8/pppp1ppp4k3/16/4p11/4P11/16/PPPP1PPP4K3/RNBQ1BNR8 w - - 0 8 -- WB";
/// Black's series 2 after 1 e2e4: e7e5 g8f6 would allow a mate (Italian).
const PROGRESSIVE: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
/// A bughouse middlegame with pieces in hand.
const BUGHOUSE: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[Pn] w - - 4 5";

/// How a game of the test is played: the moves of its engine under the
/// given settings.
type Play = fn(Settings) -> Vec<String>;

/// Eight plies of chess at depth 6.
fn chess(s: Settings) -> Vec<String> {
    self_play::<Chess>(CHESS, s, 8, 6)
}

/// Eight plies of tranzit at depth 4.
fn tranzit(s: Settings) -> Vec<String> {
    self_play::<TranzitPosition>(TRANZIT, s, 8, 4)
}

/// Five moves (three series) of Italian progressive chess at depth 3.
fn progressive(s: Settings) -> Vec<String> {
    self_play::<ItalianPosition>(PROGRESSIVE, s, 5, 3)
}

/// Eight plies of bughouse at depth 5.
fn bughouse(s: Settings) -> Vec<String> {
    self_play::<BughousePosition>(BUGHOUSE, s, 8, 5)
}

/// `switch` turned off, everything else as usual.
fn ablated(switch: Switch) -> Settings {
    let mut s = Settings::default();
    s.ablate(switch);
    s
}

/// The partner wants queens and fears for White's knights (`+++q`,
/// `---n` to the White player).
fn wishes() -> Settings {
    let mut s = Settings::default();
    s.eval.team_extra[Color::White.index()][PieceKind::Queen.index()] = 250;
    s.eval.team_extra[Color::White.index()][PieceKind::Knight.index()] = 250;
    s
}

/// Each game of the test: its name, how it is played and the settings of
/// its engine. Every variant is played twice, with the default settings and
/// with a setting that changes the game (checked below), so that a setting
/// leaking from one engine into another (as the former process-wide
/// statics did) would change a game.
fn games() -> Vec<(String, Play, Settings)> {
    let changed: [(&str, Play, &str, Settings); 4] = [
        (
            "chess",
            chess,
            "hand-written evaluation",
            ablated(Switch::ChessNetwork),
        ),
        (
            "tranzit",
            tranzit,
            "tranzit-eval off",
            ablated(Switch::TranzitEval),
        ),
        (
            "progressive",
            progressive,
            "defence off",
            ablated(Switch::ProgressiveDefence),
        ),
        ("bughouse", bughouse, "partner's wishes", wishes()),
    ];
    changed
        .into_iter()
        .flat_map(|(variant, play, what, settings)| {
            [
                (format!("{variant}, default"), play, Settings::default()),
                (format!("{variant}, {what}"), play, settings),
            ]
        })
        .collect()
}

/// Engines of different variants and settings, each playing a game on a
/// thread of its own, all at the same time, play exactly the moves each
/// plays alone.
#[test]
fn engines_on_threads_at_once_play_as_each_alone() {
    let games = games();
    let alone: Vec<Vec<String>> = games.iter().map(|(_, play, s)| play(*s)).collect();
    for (pair, moves) in games.chunks(2).zip(alone.chunks(2)) {
        assert_ne!(
            moves[0], moves[1],
            "the setting changes the game: {}",
            pair[1].0
        );
    }
    let start = Barrier::new(games.len());
    let together: Vec<Vec<String>> = std::thread::scope(|scope| {
        let threads: Vec<_> = games
            .iter()
            .map(|(_, play, s)| {
                let start = &start;
                scope.spawn(move || {
                    start.wait();
                    play(*s)
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for ((name, _, _), (together, alone)) in games.iter().zip(together.iter().zip(&alone)) {
        assert_eq!(together, alone, "{name}");
    }
}

//! Playing levels and opening variety (issue 33): a level below full
//! strength searches shallower and draws among its best lines, the draws
//! replay from a seed, and variety makes self-play games differ.

use engine::bench_sets::CHESS_POSITIONS;
use engine::{Engine, Level, Limits, Score, SearchResult, Searchable, Silent, Strength};
use movegen::{Chess, Position};
use std::sync::Arc;

fn engine(level: Level, variety: bool, seed: u64) -> Engine {
    let mut e = Engine::new(8);
    e.strength = Strength { level, variety };
    e.seed(seed);
    e
}

fn search<P: Searchable>(engine: &Engine, pos: &P, limits: Limits) -> SearchResult {
    engine
        .start(pos.clone(), limits, Vec::new(), Arc::new(Silent))
        .wait()
}

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Default::default()
    }
}

#[test]
fn a_level_below_full_stops_at_its_depth() {
    let pos = Chess::from_fen(CHESS_POSITIONS[1]).unwrap();
    for (skill, expected) in [(0, 1), (5, 4), (19, 15)] {
        let e = engine(Level::from_skill(skill), false, 1);
        let r = search(&e, &pos, Limits::default());
        assert_eq!(r.depth, expected, "skill {skill}");
        assert_eq!(search(&e, &pos, depth(2)).depth, 2.min(expected));
    }
}

#[test]
fn the_same_seed_draws_the_same_moves() {
    let moves = |seed| -> Vec<String> {
        let e = engine(Level::from_skill(2), false, seed);
        CHESS_POSITIONS
            .iter()
            .map(|fen| {
                let pos = Chess::from_fen(fen).unwrap();
                search(&e, &pos, Limits::default()).best.unwrap()
            })
            .collect()
    };
    assert_eq!(moves(5), moves(5));
    assert_ne!(moves(5), moves(6), "another seed draws otherwise");
}

/// A score in centipawns, mates as +-1000.
fn cp(score: Option<Score>) -> i32 {
    match score.expect("a score") {
        Score::Cp(c) => c.clamp(-1000, 1000),
        Score::Mate(m) => 1000 * m.signum(),
    }
}

/// The mean loss per move, in centipawns, of `level` (searching to depth 8
/// at most) over the bench positions, each move judged by a full-strength
/// search to depth 8.
fn mean_loss(level: Level) -> f64 {
    let judge = Engine::new(8);
    let player = engine(level, false, 11);
    let mut total = 0;
    for fen in CHESS_POSITIONS {
        let pos = Chess::from_fen(fen).unwrap();
        let best = cp(search(&judge, &pos, depth(8)).score);
        let chosen = search(&player, &pos, depth(8)).best.unwrap();
        let mut after = pos.clone();
        after.make_move(pos.parse_move(&chosen).unwrap());
        let reply = cp(search(&judge, &after, depth(7)).score);
        total += (best + reply).clamp(0, 1000);
    }
    total as f64 / CHESS_POSITIONS.len() as f64
}

#[test]
fn weaker_levels_lose_more_per_move() {
    let losses: Vec<f64> = [0, 6, 20]
        .into_iter()
        .map(|s| mean_loss(Level::from_skill(s)))
        .collect();
    assert!(
        losses[0] > losses[1] && losses[1] > losses[2],
        "mean loss per move at skill 0, 6, 20: {losses:?}"
    );
    // A weak level plays plausible moves, not random ones: it loses less
    // than two pawns a move on average.
    assert!(losses[0] < 200.0, "{losses:?}");
}

/// A self-play game's first `plies` moves at depth 6.
fn opening(e: &Engine, plies: usize) -> Vec<String> {
    let mut pos = Chess::startpos();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let best = search(e, &pos, depth(6)).best.unwrap();
        pos.make_move(pos.parse_move(&best).unwrap());
        moves.push(best);
    }
    moves
}

#[test]
fn variety_makes_self_play_games_differ() {
    let games: Vec<Vec<String>> = (0..20)
        .map(|seed| opening(&engine(Level::FULL, true, seed), 16))
        .collect();
    for (i, a) in games.iter().enumerate() {
        for b in &games[i + 1..] {
            assert_ne!(a, b, "two games alike");
        }
    }
    let plain = opening(&engine(Level::FULL, false, 1), 12);
    assert_eq!(plain, opening(&engine(Level::FULL, false, 2), 12));
}

//! Search behaviour particular to drop chess.

use engine::searchable::SITTING_LOST;
use engine::{search_fixed_depth, Engine, Limits, Score, Searchable, Silent};
use movegen::drops::{BughousePosition, SwedishPosition};
use movegen::variant::{Position, Status};
use movegen::Color;
use std::sync::Arc;

/// White can check on the back rank (Ra8+) where only a drop could block,
/// and Black's reserve is empty: under bughouse and Swedish rules that is
/// no mate but a position in which Black sits (S10, S11). The other good
/// move wins a pawn (Nxc6).
const SIT_CHECK: &str = "7k/6pp/2p5/8/3N4/8/5PPP/R5K1[] w - - 0 1";

fn sits_after_ra8<P: Position>() {
    let mut pos = P::from_fen(SIT_CHECK).unwrap();
    let m = pos.parse_move("a1a8").unwrap();
    pos.make_move(m);
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    assert!(pos.in_check());
    assert!(list.is_empty());
    assert_eq!(pos.status(), Status::Ongoing);
}

fn best_move<P: Searchable>(fen: &str, depth: i32) -> String {
    let pos = P::from_fen(fen).unwrap();
    search_fixed_depth(&pos, depth, 16).best.unwrap()
}

#[test]
fn s11_the_sit_check_leaves_no_move_but_is_no_mate() {
    sits_after_ra8::<BughousePosition>();
    sits_after_ra8::<SwedishPosition>();
}

#[test]
fn s11_making_the_opponent_sit_beats_winning_a_pawn() {
    // Scored as a plain 0 (a position without moves that is not over), the
    // sit check would look worse than keeping the extra rook and knight.
    assert_eq!(best_move::<BughousePosition>(SIT_CHECK, 4), "a1a8");
    assert_eq!(best_move::<SwedishPosition>(SIT_CHECK, 4), "a1a8");
}

/// White can take Black's queen with the knight (Nxb5), after which Rd1+
/// leaves White sitting (S11) with an empty hand: the knight was the only
/// piece that could block on d1.
const TAKE_AND_SIT: &str = "3r3k/6pp/8/1q6/8/PPN1P3/2P2PPP/6K1[] w - - 0 1";

/// The centipawn score of `mv` in `fen` at `depth` (the root restricted to
/// it), with `loser`'s sitting lost on the clock.
fn score_sitting<P: Searchable>(fen: &str, mv: &str, depth: i32, loser: Option<Color>) -> i32 {
    let mut engine = Engine::new(16);
    if let Some(c) = loser {
        engine.settings.eval.sitting_loses[c.index()] = true;
    }
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    let pos = P::from_fen(fen).unwrap();
    let m = pos.parse_move(mv).unwrap();
    match engine
        .start(pos, limits, vec![m], Arc::new(Silent))
        .wait()
        .score
    {
        Some(Score::Cp(cp)) => cp,
        other => panic!("{mv}: a centipawn score expected, got {other:?}"),
    }
}

#[test]
fn s11_sitting_lost_on_the_clock_scores_as_a_lost_game() {
    for depth in [2, 4] {
        let plain = score_sitting::<BughousePosition>(TAKE_AND_SIT, "c3b5", depth, None);
        let black =
            score_sitting::<BughousePosition>(TAKE_AND_SIT, "c3b5", depth, Some(Color::Black));
        let white =
            score_sitting::<BughousePosition>(TAKE_AND_SIT, "c3b5", depth, Some(Color::White));
        assert!(plain > -SITTING_LOST, "depth {depth}: {plain}");
        assert_eq!(
            black, plain,
            "depth {depth}: Black's clock does not matter here"
        );
        assert_eq!(white, -SITTING_LOST, "depth {depth}");
    }
}

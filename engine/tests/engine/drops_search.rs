//! Search behaviour particular to drop chess.

use engine::{search_fixed_depth, Searchable};
use movegen::drops::{BughousePosition, SwedishPosition};
use movegen::variant::{Position, Status};

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

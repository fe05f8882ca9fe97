//! Choosing a good series when there is no mate: a beam search over single
//! moves of the mover, ranking positions in mid-series by the progressive
//! evaluation (the side to move's view, its moves left counted) and whole
//! series by the evaluation of the position they end in from the
//! opponent's side (his longer next series counted), negated.

use eval::progressive::evaluate;
use movegen::movegen::MoveList;
use movegen::progressive::{SeriesRules, SeriesState};
use movegen::Move;
use std::collections::HashSet;

/// A whole series and where it ends.
#[derive(Clone)]
pub struct Candidate {
    /// The moves of the series (from the searched position).
    pub moves: Vec<Move>,
    /// The position after them (the opponent's series start, or a
    /// mid-series stalemate).
    pub end: SeriesState,
    /// The mover's score of the end position (centipawns; mates and draws
    /// in [`super::score`] terms).
    pub score: i32,
}

/// Score of a series that mates the opponent / a drawn end.
pub const WIN: i32 = 30_000;

fn end_score<R: SeriesRules>(end: &SeriesState) -> i32 {
    if end.played == 0 {
        if super::solver::is_mated::<R>(end) {
            return WIN;
        }
        if !end.has_legal_move::<R>() || end.board.insufficient_material() {
            return 0;
        }
        -evaluate(end)
    } else {
        // A progressive stalemate in mid-series (P4).
        0
    }
}

/// The best whole series found by a beam of `width` positions per move,
/// at most `keep` of them, best first. `first` restricts the first move
/// (empty: any). `nodes` counts positions made; `stop`, called at every
/// position with that count, aborts (the best found so far is returned).
pub fn beam<R: SeriesRules>(
    s: &SeriesState,
    width: usize,
    keep: usize,
    first: &[Move],
    nodes: &mut u64,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Vec<Candidate> {
    let mut finals: Vec<Candidate> = Vec::new();
    let mut beam: Vec<(Vec<Move>, SeriesState, i32)> = vec![(Vec::new(), *s, 0)];
    let mut seen_final = HashSet::new();
    while !beam.is_empty() {
        let mut next: Vec<(Vec<Move>, SeriesState, i32)> = Vec::new();
        let mut seen = HashSet::new();
        for (moves, st, _) in &beam {
            let mut list = MoveList::new();
            st.generate::<R>(&mut list);
            if list.is_empty() && st.played > 0 {
                // Stalemate in mid-series: a (drawn) end.
                if seen_final.insert(st.hash()) {
                    finals.push(Candidate {
                        moves: moves.clone(),
                        end: *st,
                        score: 0,
                    });
                }
                continue;
            }
            for &m in list.iter() {
                if moves.is_empty() && !first.is_empty() && !first.contains(&m) {
                    continue;
                }
                *nodes += 1;
                if stop(*nodes) {
                    return best(finals, keep);
                }
                let mut c = *st;
                let ended = c.make::<R>(m);
                let mut mv = moves.clone();
                mv.push(m);
                if ended {
                    if seen_final.insert(c.hash()) {
                        let score = end_score::<R>(&c);
                        finals.push(Candidate {
                            moves: mv,
                            end: c,
                            score,
                        });
                    }
                } else if seen.insert(c.hash()) {
                    let score = evaluate(&c);
                    next.push((mv, c, score));
                }
            }
        }
        next.sort_by_key(|n| std::cmp::Reverse(n.2));
        next.truncate(width);
        beam = next;
    }
    best(finals, keep)
}

fn best(mut finals: Vec<Candidate>, keep: usize) -> Vec<Candidate> {
    finals.sort_by_key(|c| std::cmp::Reverse(c.score));
    finals.truncate(keep);
    finals
}

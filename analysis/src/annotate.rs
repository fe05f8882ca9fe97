//! The analysed game as PGN: the variant's own record of the game (tags,
//! game comment, movetext, [`movegen::variant::Position::pgn_body`]), each
//! move followed by its evaluation, and each mistake marked with its NAG, a
//! comment naming the better move and the better line as a variation.

use crate::eval::Eval;
use crate::game::Game;
use crate::judgement::Judgement;
use crate::search::{Budget, Evaluated};
use engine::Searchable;
use movegen::pgn::{is_null_move, numbered_movetext, PgnGame};

/// The tags the variant's record writes itself (replacing the game's).
const BODY_TAGS: [&str; 5] = ["Variant", "Rules", "FEN", "SetUp", "VariantFEN"];

/// The longest better line written, in moves.
const LINE_MOVES: usize = 10;

/// What the analysis says of one move.
struct Verdict<M> {
    /// The evaluation after it.
    after: Eval,
    /// How bad it was, if it was.
    judgement: Option<Judgement>,
    /// The better line from the position before it, when it was judged and
    /// the engine preferred another move.
    better: Vec<M>,
}

/// What the board shows of an analysed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The evaluation of every position, the start first.
    pub evals: Vec<Eval>,
    /// Each move's judgement.
    pub marks: Vec<Option<Judgement>>,
    /// For each judged move, the better move in the record notation.
    pub better: Vec<Option<String>>,
}

/// The review of `game` from the evaluations of its positions.
pub fn review<P: Searchable>(game: &Game<P>, evaluated: &[Evaluated<P::Move>]) -> Review {
    let mut pos = game.start.clone();
    let mut better = Vec::with_capacity(game.moves.len());
    let mut marks = Vec::with_capacity(game.moves.len());
    for (v, &m) in verdicts(game, evaluated).iter().zip(&game.moves) {
        marks.push(v.judgement);
        better.push(v.better.first().map(|&b| pos.move_to_record(b)));
        pos.make_move(m);
    }
    Review {
        evals: evaluated.iter().map(|e| e.eval).collect(),
        marks,
        better,
    }
}

/// The verdicts on the moves of `game`, from the evaluations of its
/// positions (one more than its moves).
fn verdicts<P: Searchable>(
    game: &Game<P>,
    evaluated: &[Evaluated<P::Move>],
) -> Vec<Verdict<P::Move>> {
    let mut pos = game.start.clone();
    let mut out = Vec::with_capacity(game.moves.len());
    for (i, &m) in game.moves.iter().enumerate() {
        let (before, after) = (&evaluated[i], &evaluated[i + 1]);
        let best = before.line.first().copied();
        let judgement = match best {
            Some(b) if b != m => Judgement::of_move(pos.side_to_move(), before.eval, after.eval),
            _ => None,
        };
        let better = match judgement {
            Some(_) => before.line.iter().copied().take(LINE_MOVES).collect(),
            None => Vec::new(),
        };
        out.push(Verdict {
            after: after.eval,
            judgement,
            better,
        });
        pos.make_move(m);
    }
    out
}

/// The movetext tokens after a move: its evaluation, the judgement's
/// comment, the better line.
fn notes<P: Searchable>(before: &P, v: &Verdict<P::Move>) -> Vec<String> {
    // The `[%eval ...]` command stays one token, never cut by a line end.
    let mut words: Vec<String> = v.after.pgn_command().into_iter().collect();
    if let (Some(j), Some(&best)) = (v.judgement, v.better.first()) {
        let text = format!("{}. {} was best.", j.name(), before.move_to_record(best));
        words.extend(text.split_whitespace().map(str::to_string));
    }
    let mut tokens = words;
    if let Some(first) = tokens.first_mut() {
        first.insert(0, '{');
    }
    if let Some(last) = tokens.last_mut() {
        last.push('}');
    }
    if !v.better.is_empty() {
        let body = P::pgn_body(before, &v.better);
        let mut line =
            numbered_movetext(&body.moves, &[], body.black_starts, body.first_move_number);
        if let Some(first) = line.first_mut() {
            first.insert(0, '(');
        }
        if let Some(last) = line.last_mut() {
            last.push(')');
        }
        tokens.extend(line);
    }
    tokens
}

/// The annotated PGN of `game` from the evaluations of its positions.
pub fn render<P: Searchable>(
    game: &Game<P>,
    evaluated: &[Evaluated<P::Move>],
    budget: Budget,
) -> String {
    let body = P::pgn_body(&game.start, &game.moves);
    let verdicts = verdicts(game, evaluated);
    let mut tags: Vec<(String, String)> = game
        .record
        .tags
        .iter()
        .filter(|(k, _)| !BODY_TAGS.contains(&k.as_str()) && k != "Annotator")
        .cloned()
        .collect();
    tags.extend(body.tags);
    tags.push((
        "Annotator".to_string(),
        format!(
            "vsadnik {} analyse, {budget} a position",
            env!("CARGO_PKG_VERSION")
        ),
    ));
    let mut moves = body.moves;
    let mut notes = vec![Vec::new(); moves.len()];
    let shown = moves.iter().filter(|t| !is_null_move(t)).count();
    let mut comment = body.comment.or_else(|| game.record.comment.clone());
    if shown == game.moves.len() {
        let mut pos = game.start.clone();
        let mut played = game.moves.iter().zip(&verdicts);
        for (token, note) in moves.iter_mut().zip(notes.iter_mut()) {
            if is_null_move(token) {
                continue;
            }
            let Some((&m, v)) = played.next() else { break };
            if let Some(j) = v.judgement {
                token.push_str(j.symbol());
            }
            *note = self::notes(&pos, v);
            pos.make_move(m);
        }
    } else {
        // The movetext cannot show this game (a progressive en passant
        // capture across a series): the verdicts go in the game comment.
        let summary = summary(game, &verdicts);
        comment = Some(match comment {
            Some(c) => format!("{c} {summary}"),
            None => summary,
        });
    }
    let result = game
        .record
        .result
        .clone()
        .or_else(|| game.record.tag("Result").map(str::to_string))
        .unwrap_or_else(|| "*".to_string());
    PgnGame {
        tags,
        comment,
        moves,
        black_starts: body.black_starts,
        first_move_number: body.first_move_number,
        result,
        notes,
    }
    .render()
}

/// The verdicts as one line of text: each move in the variant's record
/// notation with its judgement and the evaluation after it.
fn summary<P: Searchable>(game: &Game<P>, verdicts: &[Verdict<P::Move>]) -> String {
    let mut pos = game.start.clone();
    let mut parts = Vec::with_capacity(verdicts.len());
    for (&m, v) in game.moves.iter().zip(verdicts) {
        let mark = v.judgement.map_or("", Judgement::symbol);
        parts.push(format!("{}{mark} {}", pos.move_to_record(m), v.after));
        pos.make_move(m);
    }
    format!("Evaluations after each move: {}.", parts.join(", "))
}

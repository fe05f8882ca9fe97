//! Team games (bughouse, Swedish chess) from their BPGN: both boards
//! replayed move by move as the game went (reserves passed, S4
//! confiscations taken from their comments), each move judged on its own
//! board (that board's position searched before and after it, with the
//! reserves it had), and the BPGN written back with the marks and the
//! evaluations (from White's side of the move's board) in comments.

use crate::eval::Eval;
use crate::game::Job;
use crate::judgement::Judgement;
use crate::search::Analyst;
use arena::team::bpgn_in::{confiscation, read_team_game, ReadTeamGame};
use engine::Searchable;
use movegen::drops::{Bughouse, DropMove, DropPosition, DropRules, Swedish, TeamGame};
use movegen::pgn::{push_movetext, push_tag};
use movegen::variant::Position;
use movegen::VariantId;

/// The longest better line written, in moves.
const LINE_MOVES: usize = 8;

/// A team game replayed and ready to be analysed.
struct TeamJob<R: DropRules> {
    record: ReadTeamGame,
    start: TeamGame<R>,
}

/// Reads the team game `text` (one game's BPGN) of `variant`.
pub fn prepare(text: &str, variant: VariantId) -> Result<Box<dyn Job>, String> {
    let record = read_team_game(text)?;
    match variant {
        VariantId::Bughouse => Ok(Box::new(TeamJob::<Bughouse>::new(record)?)),
        VariantId::Swedish => Ok(Box::new(TeamJob::<Swedish>::new(record)?)),
        other => Err(format!("{other} is not a team variant")),
    }
}

impl<R: DropRules> TeamJob<R>
where
    DropPosition<R>: Searchable<Move = DropMove>,
{
    /// Checks every move of `record` by the rules.
    fn new(record: ReadTeamGame) -> Result<Self, String> {
        let start = match record.tag("FEN") {
            Some(fen) => TeamGame::from_fen(fen)?,
            None => TeamGame::default(),
        };
        let job = TeamJob { record, start };
        job.replay(|_, _, _| {})?;
        Ok(job)
    }

    /// Replays the game, calling `seen(before, move, after)` with each
    /// move and the position of its board before and after it.
    fn replay(
        &self,
        mut seen: impl FnMut(&DropPosition<R>, DropMove, &DropPosition<R>),
    ) -> Result<(), String> {
        let mut game = self.start.clone();
        for m in &self.record.moves {
            let name = format!("{}{}. {}", m.number, m.board.letter(m.color), m.san);
            let before = game.board(m.board).clone();
            if before.side_to_move() != m.color {
                return Err(format!("{name}: it is the other side's move on that board"));
            }
            let mv = before
                .parse_record_move(&m.san)
                .map_err(|_| format!("{name} is not a legal move here"))?;
            game.play(m.board, mv);
            seen(&before, mv, game.board(m.board));
            for c in &m.comments {
                if let Some((board, color, drop)) = confiscation(c) {
                    let pos = game.board(board);
                    let (kind, _) = game
                        .checking_drop(board, drop)
                        .filter(|_| pos.side_to_move() == color)
                        .ok_or_else(|| format!("{name}: the confiscation '{c}' does not fit"))?;
                    game.confiscate(board, kind);
                }
            }
        }
        Ok(())
    }
}

/// What the analysis says of one team-game move.
struct Verdict {
    after: Eval,
    judgement: Option<Judgement>,
    /// The better line in the record notation, when judged.
    better: Vec<String>,
}

impl<R: DropRules> Job for TeamJob<R>
where
    DropPosition<R>: Searchable<Move = DropMove>,
{
    fn positions(&self) -> usize {
        2 * self.record.moves.len()
    }

    fn analyse(&self, analyst: &Analyst, tick: &mut dyn FnMut()) -> String {
        let mut verdicts = Vec::with_capacity(self.record.moves.len());
        let replayed = self.replay(|before, played, after| {
            let b = analyst.evaluate(before);
            tick();
            let a = analyst.evaluate(after);
            tick();
            let judgement = match b.line.first() {
                Some(&best) if best != played => {
                    Judgement::of_move(before.side_to_move(), b.eval, a.eval)
                }
                _ => None,
            };
            let mut better = Vec::new();
            if judgement.is_some() {
                let mut p = before.clone();
                for &m in b.line.iter().take(LINE_MOVES) {
                    better.push(p.move_to_record(m));
                    p.make_move(m);
                }
            }
            verdicts.push(Verdict {
                after: a.eval,
                judgement,
                better,
            });
        });
        debug_assert!(replayed.is_ok(), "checked when prepared");
        render(&self.record, &verdicts, analyst)
    }
}

/// The analysed game as BPGN.
fn render(record: &ReadTeamGame, verdicts: &[Verdict], analyst: &Analyst) -> String {
    let mut out = String::new();
    for (k, v) in record.tags.iter().filter(|(k, _)| k != "Annotator") {
        push_tag(&mut out, k, v);
    }
    push_tag(
        &mut out,
        "Annotator",
        &format!(
            "vsadnik {} analyse, {} a position; evaluations from White's side of each move's board",
            env!("CARGO_PKG_VERSION"),
            analyst.budget()
        ),
    );
    out.push('\n');
    let mut words: Vec<String> = record.opening_comments.iter().map(|c| braces(c)).collect();
    for (m, v) in record.moves.iter().zip(verdicts) {
        words.push(format!("{}{}.", m.number, m.board.letter(m.color)));
        words.push(format!(
            "{}{}",
            m.san,
            v.judgement.map_or("", Judgement::symbol)
        ));
        words.extend(m.comments.iter().map(|c| braces(c)));
        let mut note: Vec<String> = v.after.pgn_command().into_iter().collect();
        if let (Some(j), Some(best)) = (v.judgement, v.better.first()) {
            note.push(format!(
                "{}. {best} was best ({}).",
                j.name(),
                v.better.join(" ")
            ));
        }
        if !note.is_empty() {
            words.push(braces(&note.join(" ")));
        }
    }
    words.push(record.result.clone().unwrap_or_else(|| "*".to_string()));
    push_movetext(&mut out, &words);
    out
}

/// `{text}`, a `}` inside becoming `)`.
fn braces(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

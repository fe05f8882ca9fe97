//! The BPGN record of a team game: the four players' tags, and the moves of
//! both boards in the order they were played (`1A. e4 {59.8} 1B. d4 ...`),
//! each with its player's clock after the move, plus comments for S4
//! confiscations and partner messages.

use movegen::drops::TeamBoard;
use movegen::pgn::{push_movetext, push_tag as tag};
use movegen::Color;
use movegen::VariantId;

/// One entry of the move text.
pub enum Entry {
    /// A move: board, colour, move number, SAN, clock left in milliseconds.
    Move {
        /// The board.
        board: TeamBoard,
        /// Who moved.
        color: Color,
        /// The board's move number.
        number: u32,
        /// The move in SAN (drops as `N@f3`).
        san: String,
        /// The mover's clock after the move, in milliseconds.
        clock_ms: i64,
    },
    /// A comment between moves.
    Comment(String),
}

/// Everything the BPGN of one game says.
pub struct TeamRecord<'a> {
    /// The `Event` tag value.
    pub event: &'a str,
    /// The game number.
    pub round: u32,
    /// `WhiteA`, `BlackA`, `WhiteB`, `BlackB`.
    pub players: [&'a str; 4],
    /// The variant.
    pub variant: VariantId,
    /// The `TimeControl` tag value.
    pub time_control: &'a str,
    /// `YYYY.MM.DD`.
    pub date: &'a str,
    /// The two-board FEN the game started from (`FEN-A | FEN-B`); `None`
    /// for the start position.
    pub start_fen: Option<&'a str>,
    /// Moves and comments in the order they happened.
    pub entries: &'a [Entry],
    /// `1-0` (team of White on A wins), `0-1` or `1/2-1/2`.
    pub result: &'a str,
    /// The `Termination` tag value.
    pub termination: &'a str,
    /// The result comment, without braces.
    pub comment: &'a str,
}

fn braces(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

impl TeamRecord<'_> {
    /// The game as BPGN text, ending with a blank line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        tag(&mut out, "Event", self.event);
        tag(&mut out, "Site", "?");
        tag(&mut out, "Date", self.date);
        tag(&mut out, "Round", &self.round.to_string());
        for (name, player) in ["WhiteA", "BlackA", "WhiteB", "BlackB"]
            .iter()
            .zip(self.players)
        {
            tag(&mut out, name, player);
        }
        tag(&mut out, "Variant", self.variant.name());
        tag(&mut out, "TimeControl", self.time_control);
        tag(&mut out, "Result", self.result);
        tag(&mut out, "Termination", self.termination);
        if let Some(fen) = self.start_fen {
            tag(&mut out, "SetUp", "1");
            tag(&mut out, "FEN", fen);
        }
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        for e in self.entries {
            match e {
                Entry::Move {
                    board,
                    color,
                    number,
                    san,
                    clock_ms,
                } => {
                    words.push(format!("{number}{}.", board.letter(*color)));
                    words.push(san.clone());
                    words.push(format!("{{{:.3}}}", *clock_ms as f64 / 1000.0));
                }
                Entry::Comment(c) => words.push(braces(c)),
            }
        }
        words.push(braces(self.comment));
        words.push(self.result.to_string());
        push_movetext(&mut out, &words);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bpgn_tags_and_move_numbers() {
        let entries = vec![
            Entry::Move {
                board: TeamBoard::A,
                color: Color::White,
                number: 1,
                san: "e4".into(),
                clock_ms: 59_870,
            },
            Entry::Move {
                board: TeamBoard::B,
                color: Color::White,
                number: 1,
                san: "d4".into(),
                clock_ms: 59_500,
            },
            Entry::Move {
                board: TeamBoard::A,
                color: Color::Black,
                number: 1,
                san: "e5".into(),
                clock_ms: 59_000,
            },
            Entry::Comment("ptell b: need N".into()),
        ];
        let text = TeamRecord {
            event: "vsadnik match",
            round: 3,
            players: ["w1", "b1", "w2", "b2"],
            variant: VariantId::Bughouse,
            time_control: "60+0",
            date: "2026.12.02",
            start_fen: None,
            entries: &entries,
            result: "0-1",
            termination: "time forfeit",
            comment: "White on board A loses on time",
        }
        .render();
        assert!(text.contains("[WhiteA \"w1\"]\n[BlackA \"b1\"]\n[WhiteB \"w2\"]\n[BlackB \"b2\"]"));
        assert!(text.contains("[Result \"0-1\"]"));
        let movetext = text.split("\n\n").nth(1).unwrap().replace('\n', " ");
        assert!(movetext.contains(
            "1A. e4 {59.870} 1B. d4 {59.500} 1a. e5 {59.000} {ptell b: need N} \
             {White on board A loses on time} 0-1"
        ));
        assert!(text.ends_with("0-1\n\n"));
        assert!(text.lines().all(|l| l.len() <= 79));
    }
}

//! Writing a finished game as PGN (through `movegen::pgn::PgnGame`), and the
//! result comment that goes with its `Termination` tag.

use movegen::pgn::{comment_tokens, PgnBody, PgnGame};
use movegen::Color;
use std::time::{SystemTime, UNIX_EPOCH};

/// Everything the PGN of one game says.
pub struct GameRecord<'a> {
    /// The `Event` tag (`vsadnik match`).
    pub event: &'a str,
    /// The game number (`Round`).
    pub round: u32,
    /// White's engine name.
    pub white: &'a str,
    /// Black's engine name.
    pub black: &'a str,
    /// The `TimeControl` tag value.
    pub time_control: &'a str,
    /// `YYYY.MM.DD`.
    pub date: &'a str,
    /// The variant's part: its tags, game comment and movetext
    /// (`Position::pgn_body`).
    pub body: PgnBody,
    /// The moves played (`PlyCount`; null moves of the movetext not counted).
    pub plies: usize,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'a str,
    /// The `Termination` tag value.
    pub termination: &'a str,
    /// The result comment, without braces; none when empty.
    pub comment: &'a str,
}

impl GameRecord<'_> {
    /// The game as PGN text, ending with a blank line.
    pub fn render(self) -> String {
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), self.event.into()),
            ("Site".into(), "?".into()),
            ("Date".into(), self.date.into()),
            ("Round".into(), self.round.to_string()),
            ("White".into(), self.white.into()),
            ("Black".into(), self.black.into()),
        ];
        tags.extend(self.body.tags);
        tags.push(("TimeControl".into(), self.time_control.into()));
        tags.push(("PlyCount".into(), self.plies.to_string()));
        tags.push(("Termination".into(), self.termination.into()));
        let has_comment = !self.comment.trim().is_empty();
        let comment = comment_tokens(self.comment).join(" ");
        let mut moves = self.body.moves;
        let no_moves = moves.is_empty();
        if let (Some(last), true) = (moves.last_mut(), has_comment) {
            last.push(' ');
            last.push_str(&comment);
        }
        let game = PgnGame {
            tags,
            comment: self.body.comment,
            moves,
            black_starts: self.body.black_starts,
            first_move_number: self.body.first_move_number,
            result: self.result.to_string(),
            notes: Vec::new(),
        };
        let mut text = game.render();
        if no_moves && has_comment {
            // No move to hang the comment on: put it before the result.
            let cut = text.trim_end().len() - self.result.len();
            text.replace_range(cut..cut, &format!("{comment} "));
        }
        text
    }
}

/// The colour's name in result comments.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The result comment of a game ended by the rules: `White mates`,
/// `Draw by stalemate`, `Black wins by <reason>`.
pub fn rules_comment(winner: Option<Color>, reason: &str) -> String {
    match winner {
        Some(c) if reason == "checkmate" => format!("{} mates", color_name(c)),
        Some(c) => format!("{} wins by {reason}", color_name(c)),
        None => format!("Draw by {reason}"),
    }
}

/// Today's date (UTC) as PGN writes it.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    // Count in 400-year eras of 146097 days, starting each year on 1 March
    // so that the leap day is the last day of the year.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(20_089), (2025, 1, 1));
    }

    #[test]
    fn render_with_and_without_moves() {
        use movegen::variant::{setup_position, Position};
        let moves: Vec<movegen::Move> = ["f2f3", "e7e5", "g2g4", "d8h4"]
            .iter()
            .scan(movegen::Chess::startpos(), |pos, m| {
                let mv = pos.parse_move(m).unwrap();
                pos.make_move(mv);
                Some(mv)
            })
            .collect();
        let r = GameRecord {
            event: "vsadnik match",
            round: 2,
            white: "A",
            black: "B",
            time_control: "1+0.1",
            date: "2025.01.01",
            body: PgnBody::alternating(&movegen::Chess::startpos(), &moves),
            plies: moves.len(),
            result: "0-1",
            termination: "checkmate",
            comment: "Black mates",
        };
        let text = r.render();
        assert!(text.contains("[Round \"2\"]\n"));
        assert!(text.contains("[Termination \"checkmate\"]\n"));
        assert!(text.contains("[PlyCount \"4\"]\n"));
        assert!(
            text.ends_with("1. f3 e5 2. g4 Qh4# {Black mates} 0-1\n\n"),
            "{text}"
        );
        assert!(!text.contains("Variant"));
        let start: movegen::drops::CrazyhousePosition =
            setup_position(Some("4k3/8/8/8/8/8/8/4K2R[] b K - 3 40"), &[] as &[&str]).unwrap();
        let r = GameRecord {
            event: "vsadnik match",
            round: 2,
            white: "A",
            black: "B",
            time_control: "1+0.1",
            date: "2025.01.01",
            body: PgnBody::alternating(&start, &[]),
            plies: 0,
            result: "1-0",
            termination: "engine crash",
            comment: "Black's engine crashed",
        };
        let text = r.render();
        assert!(
            text.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R[] b K - 3 40\"]\n[SetUp \"1\"]\n"),
            "{text}"
        );
        assert!(text.contains("[Variant \"crazyhouse\"]\n"));
        assert!(
            text.ends_with("\n{Black's engine crashed} 1-0\n\n"),
            "{text}"
        );
        let r = GameRecord {
            event: "vsadnik match",
            round: 2,
            white: "A",
            black: "B",
            time_control: "1+0.1",
            date: "2025.01.01",
            body: PgnBody::alternating(&movegen::Chess::startpos(), &moves),
            plies: moves.len(),
            result: "*",
            termination: "unterminated",
            comment: "",
        };
        let text = r.render();
        assert!(text.ends_with("2. g4 Qh4# *\n\n"), "{text}");
    }

    #[test]
    fn comments() {
        assert_eq!(
            rules_comment(Some(Color::White), "checkmate"),
            "White mates"
        );
        assert_eq!(rules_comment(None, "stalemate"), "Draw by stalemate");
        assert_eq!(
            rules_comment(Some(Color::Black), "king of the hill"),
            "Black wins by king of the hill"
        );
    }
}

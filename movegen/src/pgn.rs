//! A PGN writer: the seven-tag roster, optional extra tags, movetext wrapped
//! at 80 columns, and the result; and [`PgnBody`], the part of a game's PGN
//! that depends on the variant ([`crate::variant::Position::pgn_body`],
//! whose usual form `variant.rs` writes).

/// The null move of the movetext: a pass by the side that does not move,
/// written where one side moves twice in a row (progressive series), so that
/// the sides alternate for a reader.
pub const NULL_MOVE: &str = "--";

/// True for the null-move tokens readers use: `--` (written here) and `Z0`.
pub fn is_null_move(token: &str) -> bool {
    matches!(token, "--" | "Z0")
}

/// One game to be written as PGN.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// Tags in order; the seven-tag roster is filled in with `?` where absent.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move (the game comment), without braces.
    pub comment: Option<String>,
    /// The moves in SAN (or the variant's record notation), in order, sides
    /// alternating ([`NULL_MOVE`] for a pass).
    pub moves: Vec<String>,
    /// Whether Black made the first move (from a FEN with Black to move).
    pub black_starts: bool,
    /// The full-move number of the first move.
    pub first_move_number: u32,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Movetext tokens written after each move (NAGs, comments,
    /// variations), by the move's index in [`PgnGame::moves`]; a move past
    /// the end of the list has none.
    pub notes: Vec<Vec<String>>,
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl PgnGame {
    /// Renders the game; tag values are escaped.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let get = |name: &str| {
            self.tags
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };
        for name in ROSTER {
            let value = if name == "Result" {
                self.result.clone()
            } else {
                get(name).unwrap_or_else(|| "?".to_string())
            };
            push_tag(&mut out, name, &value);
        }
        for (k, v) in &self.tags {
            if !ROSTER.contains(&k.as_str()) {
                push_tag(&mut out, k, v);
            }
        }
        out.push('\n');
        let mut tokens = Vec::new();
        if let Some(c) = &self.comment {
            tokens.extend(comment_tokens(c));
        }
        tokens.extend(numbered_movetext(
            &self.moves,
            &self.notes,
            self.black_starts,
            self.first_move_number,
        ));
        tokens.push(self.result.clone());
        push_movetext(&mut out, &tokens);
        out
    }
}

/// The movetext tokens of `moves` with their move numbers (`12.` before a
/// White move, `12...` before a Black move that comes first or follows
/// notes), each move followed by its `notes`. A variation's moves are
/// numbered by the same function.
pub fn numbered_movetext<S: AsRef<str>>(
    moves: &[S],
    notes: &[Vec<String>],
    black_starts: bool,
    first_move_number: u32,
) -> Vec<String> {
    let mut tokens = Vec::with_capacity(moves.len() * 2);
    let mut number = first_move_number.max(1);
    let mut white = !black_starts;
    let mut after_notes = true;
    for (i, m) in moves.iter().enumerate() {
        if white {
            tokens.push(format!("{number}."));
        } else if after_notes {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.as_ref().to_string());
        let own = notes.get(i).map_or(&[][..], Vec::as_slice);
        tokens.extend(own.iter().cloned());
        after_notes = !own.is_empty();
        if !white {
            number += 1;
        }
        white = !white;
    }
    tokens
}

/// Appends `[name "value"]` and a newline, the value escaped.
pub fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
}

/// Appends movetext tokens separated by spaces, lines wrapped before 80
/// columns, and the blank line that ends a game.
pub fn push_movetext<S: AsRef<str>>(out: &mut String, tokens: &[S]) {
    let mut line = String::new();
    for t in tokens {
        let t = t.as_ref();
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
}

/// The words of `{comment}` as movetext tokens (so that long comments wrap);
/// a `}` inside becomes `)`.
pub fn comment_tokens(comment: &str) -> Vec<String> {
    let text = comment.replace('}', ")");
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if words.is_empty() {
        return vec!["{}".to_string()];
    }
    words[0].insert(0, '{');
    if let Some(last) = words.last_mut() {
        last.push('}');
    }
    words
}

/// The part of a game's PGN that depends on the variant: its tags (after
/// the seven-tag roster: `Variant`, `FEN`, `SetUp`, ...), the game comment
/// and the movetext moves with their numbering.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnBody {
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// The game comment (before the first move), without braces.
    pub comment: Option<String>,
    /// The movetext moves, sides alternating ([`NULL_MOVE`] for a pass).
    pub moves: Vec<String>,
    /// Whether Black makes the first movetext move.
    pub black_starts: bool,
    /// The move number of the first movetext move.
    pub first_move_number: u32,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

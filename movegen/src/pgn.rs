//! A PGN writer: the seven-tag roster, optional extra tags, movetext wrapped
//! at 80 columns, and the result.

/// One game to be written as PGN.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// Tags in order; the seven-tag roster is filled in with `?` where absent.
    pub tags: Vec<(String, String)>,
    /// The moves in SAN (or the variant's record notation), in order.
    pub moves: Vec<String>,
    /// Whether Black made the first move (from a FEN with Black to move).
    pub black_starts: bool,
    /// The full-move number of the first move.
    pub first_move_number: u32,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
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
        let mut number = self.first_move_number.max(1);
        let mut white = !self.black_starts;
        for (i, m) in self.moves.iter().enumerate() {
            if white {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(m.clone());
            if !white {
                number += 1;
            }
            white = !white;
        }
        tokens.push(self.result.clone());
        push_movetext(&mut out, &tokens);
        out
    }
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

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

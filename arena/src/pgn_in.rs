//! A small PGN reader: tag pairs, the game comment and the main line's move
//! tokens of each game, with other comments, variations, NAGs, move numbers
//! and `%` lines skipped. Used for `--openings` PGN files and for `--resume`.

use movegen::VariantId;

/// One game read from a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnRecord {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The game comment: the first comment before any move, its lines
    /// joined with spaces.
    pub comment: Option<String>,
    /// Main-line move tokens (SAN or coordinates, as written; null moves
    /// `--` kept).
    pub moves: Vec<String>,
    /// The game termination marker, if one was read.
    pub result: Option<String>,
}

impl PgnRecord {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The variant the game is in: its `Variant` tag (a name the registry
    /// knows for PGN, any case), else its `Rules` tag (progressive chess,
    /// whose records name it there), else `default`.
    pub fn variant(&self, default: VariantId) -> Result<VariantId, String> {
        match (self.tag("Variant"), self.tag("Rules")) {
            (Some(tag), _) | (None, Some(tag)) => VariantId::from_pgn(tag).ok_or_else(|| {
                format!(
                    "unknown variant '{tag}' (known: {})",
                    movegen::registry::names(VariantId::ALL)
                )
            }),
            (None, None) => Ok(default),
        }
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The text of each game of `text`, as [`read_games`] divides them: a tag
/// line after movetext starts the next game (a `[` inside a comment does
/// not).
pub fn split_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut cur = String::new();
    let (mut in_moves, mut depth) = (false, 0usize);
    for line in text.lines() {
        let trimmed = line.trim();
        if depth == 0 && trimmed.starts_with('[') && in_moves {
            games.push(std::mem::take(&mut cur));
            in_moves = false;
        }
        if depth > 0 || (!trimmed.is_empty() && !trimmed.starts_with('[') && !line.starts_with('%'))
        {
            in_moves = true;
        }
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        cur.push_str(line);
        cur.push('\n');
    }
    if !cur.trim().is_empty() {
        games.push(cur);
    }
    games
}

/// Reads every game of `text`.
pub fn read_games(text: &str) -> Vec<PgnRecord> {
    let mut reader = Reader::default();
    for line in text.lines() {
        reader.line(line);
    }
    reader.finish()
}

/// What has been read of a PGN file so far.
#[derive(Default)]
struct Reader {
    games: Vec<PgnRecord>,
    /// The game being read.
    cur: PgnRecord,
    /// Its movetext has begun.
    in_moves: bool,
    /// Inside a `{...}` comment.
    in_comment: bool,
    /// The game comment being read, if the open comment is one.
    game_comment: Option<String>,
    /// How deep in variations.
    variation: usize,
    /// The token being read.
    token: String,
}

impl Reader {
    /// Reads one line: a `%` line is skipped, a tag pair taken, movetext
    /// read character by character.
    fn line(&mut self, line: &str) {
        if line.starts_with('%') {
            return;
        }
        let trimmed = line.trim();
        if !self.in_comment && self.variation == 0 && trimmed.starts_with('[') {
            self.tag_line(trimmed);
            return;
        }
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if self.in_comment {
                self.comment_char(c);
            } else if !self.movetext_char(c, &mut chars) {
                break;
            }
        }
        if let Some(text) = self.game_comment.as_mut() {
            text.push(' ');
        }
        self.end_token();
    }

    /// A tag pair: after movetext, it starts the next game.
    fn tag_line(&mut self, trimmed: &str) {
        if self.in_moves {
            self.games.push(std::mem::take(&mut self.cur));
            self.in_moves = false;
        }
        if let Some(tag) = parse_tag(trimmed) {
            self.cur.tags.push(tag);
        }
    }

    /// A character inside a `{...}` comment.
    fn comment_char(&mut self, c: char) {
        if c == '}' {
            self.in_comment = false;
            if let Some(text) = self.game_comment.take() {
                self.cur.comment = Some(text.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        } else if let Some(text) = self.game_comment.as_mut() {
            text.push(c);
        }
    }

    /// A character of movetext, `rest` the line after it; false at a `;`,
    /// whose comment runs to the end of the line.
    fn movetext_char(&mut self, c: char, rest: &mut std::str::Chars) -> bool {
        match c {
            '{' => {
                self.flush();
                self.in_comment = true;
                if self.variation == 0 && self.cur.moves.is_empty() && self.cur.comment.is_none() {
                    self.game_comment = Some(String::new());
                }
            }
            ';' => {
                self.flush();
                return false;
            }
            '(' if self.variation == 0 && !self.token.is_empty() => {
                // A tavreli move's tower count glued to its square
                // (`e4(2)xb4`) is part of the move, not a variation.
                match glued_count(rest.clone()) {
                    Some(n) => {
                        self.token.push('(');
                        self.token.extend(rest.by_ref().take(n));
                    }
                    None => self.open_variation(),
                }
            }
            '(' => self.open_variation(),
            ')' => {
                self.token.clear();
                self.variation = self.variation.saturating_sub(1);
            }
            c if c.is_whitespace() => self.end_token(),
            c => {
                if self.variation == 0 {
                    self.token.push(c)
                }
            }
        }
        true
    }

    /// A `(`: a variation begins.
    fn open_variation(&mut self) {
        self.flush();
        self.variation += 1;
        self.in_moves = true;
    }

    /// The end of a token (a space, the end of a line): kept in the main
    /// line, dropped in a variation.
    fn end_token(&mut self) {
        if self.variation == 0 {
            self.flush();
        } else {
            self.token.clear();
        }
    }

    /// Ends the current token: a result closes the game, a move is kept.
    fn flush(&mut self) {
        if self.token.is_empty() {
            return;
        }
        let t = std::mem::take(&mut self.token);
        if RESULTS.contains(&t.as_str()) {
            self.cur.result = Some(t);
            self.games.push(std::mem::take(&mut self.cur));
            self.in_moves = false;
            return;
        }
        self.in_moves = true;
        if t.starts_with('$') {
            return;
        }
        // Strip a move number glued to the move: `12.e4`, `12...Nf6`.
        let stripped = t.trim_start_matches(|c: char| c.is_ascii_digit());
        let stripped = if stripped.len() < t.len() {
            stripped.trim_start_matches('.')
        } else {
            &t
        };
        if !stripped.is_empty() {
            self.cur.moves.push(stripped.to_string());
        }
    }

    /// The games read, the last one too if it has begun.
    fn finish(mut self) -> Vec<PgnRecord> {
        if self.in_moves || !self.cur.tags.is_empty() {
            self.games.push(self.cur);
        }
        self.games
    }
}

/// The length of `digits)` at the start of `rest` (the text after a `(`
/// glued to a move), if it is there.
fn glued_count(rest: std::str::Chars) -> Option<usize> {
    let mut n = 0;
    for c in rest {
        match c {
            '0'..='9' => n += 1,
            ')' if n > 0 => return Some(n + 1),
            _ => return None,
        }
    }
    None
}

/// `[Name "value"]` with `\"` and `\\` escapes.
pub fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut escaped = false;
    for c in quoted.chars() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_and_skips_noise() {
        let text = "[Event \"A \\\"quoted\\\" one\"]\n[Round \"3\"]\n\n\
            1. e4 {a comment\nover lines} e5 (1... c5 2. Nf3) 2.Nf3 $1 Nc6; rest\n\
            3... a6 1-0\n\n[Round \"4\"]\n\n{Black resigns} 0-1\n\n1. d4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].tag("Event"), Some("A \"quoted\" one"));
        assert_eq!(games[0].moves, vec!["e4", "e5", "Nf3", "Nc6", "a6"]);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].tag("Round"), Some("4"));
        assert!(games[1].moves.is_empty());
        assert_eq!(games[1].result.as_deref(), Some("0-1"));
        assert_eq!(games[2].moves, vec!["d4"]);
        assert_eq!(
            games[0].comment, None,
            "a comment after a move is not the game comment"
        );
        assert_eq!(games[1].comment.as_deref(), Some("Black resigns"));
    }

    #[test]
    fn a_tower_count_glued_to_a_move_is_part_of_it() {
        let text = "[Variant \"tavreli\"]\n\n19. e4(2)xb4 h6(3)-g7 (19... a6 20. b3) 20. b4-d4\n(20. a3) 21. c2(1)-d2 0-1\n";
        let games = read_games(text);
        assert_eq!(games.len(), 1);
        assert_eq!(
            games[0].moves,
            vec!["e4(2)xb4", "h6(3)-g7", "b4-d4", "c2(1)-d2"]
        );
    }

    #[test]
    fn game_comment_over_lines_and_null_moves() {
        let text =
            "[Rules \"progressive-italian\"]\n\n{1 e2e4, 2 e7e5\nf7f6} 1. e4 e5 2. -- f6 {x} *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].comment.as_deref(), Some("1 e2e4, 2 e7e5 f7f6"));
        assert_eq!(games[0].moves, vec!["e4", "e5", "--", "f6"]);
    }

    #[test]
    fn multibyte_text_is_read_by_characters() {
        let text = "[Event \"Caf\u{e9} \\\u{e9}\"]\n[\u{e9}\n\n12.\u{e9}4 \u{1d11e} {\u{e9}} (\u{e9}) 1\u{e9}. *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("Caf\u{e9} \u{e9}"));
        assert_eq!(games[0].moves, vec!["\u{e9}4", "\u{1d11e}", "\u{e9}."]);
    }
}

//! Reading a BPGN record (as [`super::bpgn`] writes it, and as bughouse
//! servers do): the tags, and the movetext's moves of both boards in the
//! order they were played (`1A. e4 {59.8} 1b. d5`), each with the comments
//! that follow it (clocks, S4 confiscations, partner messages).

use super::super::pgn_in::parse_tag;
use movegen::drops::TeamBoard;
use movegen::Color;

/// One move of a BPGN movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The board.
    pub board: TeamBoard,
    /// Who moved.
    pub color: Color,
    /// The board's move number.
    pub number: u32,
    /// The move as written (SAN, drops as `N@f3`).
    pub san: String,
    /// The comments that follow it, without braces, in order.
    pub comments: Vec<String>,
}

/// A team game as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadTeamGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub opening_comments: Vec<String>,
    /// The moves.
    pub moves: Vec<ReadMove>,
    /// The result token, if one was read.
    pub result: Option<String>,
}

impl ReadTeamGame {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `12A.`, `3b.`: the number, board and colour of the move that follows.
fn move_number(token: &str) -> Option<(u32, TeamBoard, Color)> {
    let body = token.strip_suffix('.')?;
    let letter = body.chars().last()?;
    let number = body[..body.len() - 1].parse().ok()?;
    let (board, color) = match letter {
        'A' => (TeamBoard::A, Color::White),
        'a' => (TeamBoard::A, Color::Black),
        'B' => (TeamBoard::B, Color::White),
        'b' => (TeamBoard::B, Color::Black),
        _ => return None,
    };
    Some((number, board, color))
}

/// The tokens of a movetext: words, and comments as `{text}` (variations
/// and `;` comments dropped).
fn tokens(movetext: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = movetext.chars();
    let mut variation = 0usize;
    let flush = |word: &mut String, out: &mut Vec<String>| {
        if !word.is_empty() {
            out.push(std::mem::take(word));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut out);
                let text: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if variation == 0 {
                    out.push(format!(
                        "{{{}}}",
                        text.split_whitespace().collect::<Vec<_>>().join(" ")
                    ));
                }
            }
            ';' => {
                flush(&mut word, &mut out);
                chars.by_ref().take_while(|&c| c != '\n').for_each(drop);
            }
            '(' => {
                flush(&mut word, &mut out);
                variation += 1;
            }
            ')' => {
                word.clear();
                variation = variation
                    .checked_sub(1)
                    .ok_or("a ')' closes no variation")?;
            }
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c if variation == 0 => word.push(c),
            _ => {}
        }
    }
    flush(&mut word, &mut out);
    Ok(out)
}

/// Reads one team game (the text of one game, tags and movetext).
pub fn read_team_game(text: &str) -> Result<ReadTeamGame, String> {
    let mut game = ReadTeamGame::default();
    let mut movetext = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if movetext.trim().is_empty() && trimmed.starts_with('[') {
            if let Some(tag) = parse_tag(trimmed) {
                game.tags.push(tag);
            }
        } else if !line.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let mut next: Option<(u32, TeamBoard, Color)> = None;
    for token in tokens(&movetext)? {
        if let Some(comment) = token.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            match game.moves.last_mut() {
                Some(m) => m.comments.push(comment.to_string()),
                None => game.opening_comments.push(comment.to_string()),
            }
        } else if let Some(n) = move_number(&token) {
            next = Some(n);
        } else if token.starts_with(|c: char| c.is_ascii_digit()) && token.ends_with('.') {
            return Err(format!(
                "'{token}': a team game numbers its moves with their board (12A. or 12b.)"
            ));
        } else if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            game.result = Some(token);
        } else if !token.starts_with('$') {
            let (number, board, color) = next.take().ok_or_else(|| {
                format!("move '{token}' without its number and board (as in 12A. or 12b.)")
            })?;
            game.moves.push(ReadMove {
                board,
                color,
                number,
                san: token,
                comments: Vec::new(),
            });
        }
    }
    Ok(game)
}

/// An S4 confiscation comment as [`super::play`] writes it: `12a: N@f7
/// gives check, confiscated (S4)`: the board, the colour and the drop.
pub fn confiscation(comment: &str) -> Option<(TeamBoard, Color, &str)> {
    let (head, rest) = comment.split_once(": ")?;
    let drop = rest.strip_suffix(" gives check, confiscated (S4)")?;
    let (_, board, color) = move_number(&format!("{head}."))?;
    Some((board, color, drop))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_of_both_boards_with_their_comments() {
        let text = "[Event \"t\"]\n[Variant \"swedish\"]\n\n1A. e4 {59.8} 1a. e6 {59.7}\n\
                    1B. d4 {59.9} {A to partner: ++n} 2A. N@f3 (2A. Nf3) $1 {12a: N@f7 gives\n\
                    check, confiscated (S4)} 1-0\n";
        let g = read_team_game(text).unwrap();
        assert_eq!(g.tag("Variant"), Some(movegen::VariantId::Swedish.name()));
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[2].board, TeamBoard::B);
        assert_eq!(g.moves[2].comments, ["59.9", "A to partner: ++n"]);
        assert_eq!((g.moves[3].number, g.moves[3].san.as_str()), (2, "N@f3"));
        assert_eq!(
            confiscation(&g.moves[3].comments[0]),
            Some((TeamBoard::A, Color::Black, "N@f7"))
        );
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert!(read_team_game("e4 e5")
            .unwrap_err()
            .contains("without its number"));
        assert!(read_team_game("1A. e4 )").is_err());
    }
}

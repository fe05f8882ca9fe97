//! An ASCII picture of a position drawn from its FEN, for the `d` command.
//! Works for any rectangular board written FEN-style: ranks separated by
//! `/`, empty squares as (possibly multi-digit) numbers, `~` promotion marks
//! ignored, `(...)` groups as one square, `[...]` holdings shown below.

/// The board lines, top rank first, with file letters and rank numbers.
/// A placement it cannot draw is returned as a single line.
pub fn render(fen: &str) -> Vec<String> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let (board, holdings) = match placement.split_once('[') {
        Some((board, held)) => (board, Some(held.trim_end_matches(']'))),
        None => (placement, None),
    };
    let rows: Vec<Vec<String>> = board.split('/').map(parse_rank).collect();
    let width = rows.first().map_or(0, Vec::len);
    if width == 0 || width > 26 || rows.iter().any(|r| r.len() != width) {
        return vec![placement.to_string()];
    }
    let cell = rows
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        + 2;
    let sep = format!(" {}+", format!("+{}", "-".repeat(cell)).repeat(width));
    let mut lines = vec![sep.clone()];
    let height = rows.len();
    for (i, row) in rows.iter().enumerate() {
        let mut line = String::from(" ");
        for c in row {
            line.push('|');
            line.push_str(&format!("{c:^cell$}"));
        }
        line.push_str(&format!("| {}", height - i));
        lines.push(line);
        lines.push(sep.clone());
    }
    let files: String = (0..width)
        .map(|f| format!("{:^w$}", (b'a' + f as u8) as char, w = cell + 1))
        .collect();
    lines.push(format!("  {}", files.trim_end()));
    if let Some(h) = holdings {
        lines.push(format!("Holdings: [{h}]"));
    }
    lines
}

/// The squares of one rank: piece text, or a space for an empty square.
fn parse_rank(rank: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d as usize);
                chars.next();
            }
            if n > 64 {
                return Vec::new();
            }
            out.extend(std::iter::repeat_n(" ".to_string(), n));
        } else if c == '~' {
            continue;
        } else if c == '(' {
            let mut group = String::new();
            for g in chars.by_ref() {
                if g == ')' {
                    break;
                }
                group.push(g);
            }
            out.push(group);
        } else {
            out.push(c.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_eight_by_eight() {
        let lines = render("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[15], " | R | N | B | Q | K | B | N | R | 1");
        assert_eq!(lines[17], "   a   b   c   d   e   f   g   h");
    }

    #[test]
    fn wide_boards_and_holdings() {
        let lines = render("16/16/16/16/16/16/16/K14k[Qq] w - - 0 1");
        assert!(lines[1].ends_with("| 8"));
        assert!(lines.iter().any(|l| l == "Holdings: [Qq]"));
        assert!(lines.iter().any(|l| l.trim_end().ends_with('p')));
    }

    #[test]
    fn nonsense_is_returned_raw() {
        assert_eq!(render("8/7 w"), vec!["8/7".to_string()]);
        assert_eq!(render(""), vec!["".to_string()]);
    }
}

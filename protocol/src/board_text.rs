//! An ASCII picture of a position for the `d` command, drawn from its
//! [`View`]: one cell per square (a tower's pieces top first, without the
//! promotion mark), file letters and rank numbers, the pieces in hand
//! below.

use movegen::view::View;

/// The board lines, top rank first, with file letters and rank numbers.
pub fn render(view: &View) -> Vec<String> {
    let width = view.files;
    let cells: Vec<String> = view
        .squares
        .iter()
        .map(|s| {
            if s.is_empty() {
                " ".to_string()
            } else {
                s.iter().map(|p| p.text.as_str()).collect()
            }
        })
        .collect();
    let cell = cells.iter().map(|c| c.chars().count()).max().unwrap_or(1) + 2;
    let sep = format!(" {}+", format!("+{}", "-".repeat(cell)).repeat(width));
    let mut lines = vec![sep.clone()];
    for rank in (0..view.ranks).rev() {
        let mut line = String::from(" ");
        for c in &cells[rank * width..(rank + 1) * width] {
            line.push('|');
            line.push_str(&format!("{c:^cell$}"));
        }
        line.push_str(&format!("| {}", rank + 1));
        lines.push(line);
        lines.push(sep.clone());
    }
    let files: String = (0..width)
        .map(|f| format!("{:^w$}", (b'a' + f as u8) as char, w = cell + 1))
        .collect();
    lines.push(format!("  {}", files.trim_end()));
    if let Some(h) = view.reserve_letters() {
        lines.push(format!("Holdings: [{h}]"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::CrazyhousePosition;
    use movegen::tranzit::TranzitPosition;
    use movegen::{Chess, Position};

    #[test]
    fn start_position_is_eight_by_eight() {
        let lines = render(&Chess::startpos().view());
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[15], " | R | N | B | Q | K | B | N | R | 1");
        assert_eq!(lines[17], "   a   b   c   d   e   f   g   h");
    }

    #[test]
    fn wide_boards_and_holdings() {
        let t = TranzitPosition::from_fen("4k11/16/16/16/16/16/16/4K10n w - - 0 1").unwrap();
        let lines = render(&t.view());
        assert!(lines[1].ends_with("| 8"));
        assert!(lines.iter().any(|l| l.trim_end().ends_with('p')));
        let z = CrazyhousePosition::from_fen("4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1").unwrap();
        assert!(render(&z.view()).iter().any(|l| l == "Holdings: [Qq]"));
    }
}

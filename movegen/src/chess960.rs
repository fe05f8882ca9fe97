//! The 960 start positions of Chess960, by their standard numbers
//! (Scharnagl's numbering: 518 is the standard set-up).

/// How many start positions there are.
pub const STARTS: u16 = 960;

/// The knights' places among the five squares left after the bishops and
/// the queen, by the number's last digit.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's first rank of start position `n` (0 to 959), files a to h as
/// piece letters (`RNBQKBNR` for 518).
pub fn back_rank(n: u16) -> [char; 8] {
    let n = usize::from(n % STARTS);
    let mut rank = [' '; 8];
    rank[2 * (n % 4) + 1] = 'B';
    rank[2 * (n / 4 % 4)] = 'B';
    let mut rest = n / 16;
    let empty = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == ' ').collect() };
    let queen = empty(&rank)[rest % 6];
    rank[queen] = 'Q';
    rest /= 6;
    let free = empty(&rank);
    let (a, b) = KNIGHTS[rest];
    rank[free[a]] = 'N';
    rank[free[b]] = 'N';
    for (f, letter) in empty(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[f] = letter;
    }
    rank
}

/// The FEN of start position `n` with Shredder-FEN castling (the rooks'
/// files: `HAha` for 518), which every reader takes as Chess960's.
pub fn start_fen(n: u16) -> String {
    let rank = back_rank(n);
    let white: String = rank.iter().collect();
    let black = white.to_ascii_lowercase();
    let rooks: Vec<char> = (0..8u8)
        .filter(|&f| rank[f as usize] == 'R')
        .map(|f| (b'A' + f) as char)
        .rev()
        .collect();
    let castling: String =
        rooks.iter().collect::<String>() + &rooks.iter().collect::<String>().to_ascii_lowercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use std::collections::HashSet;

    #[test]
    fn the_numbers_give_the_known_set_ups() {
        assert_eq!(back_rank(518).iter().collect::<String>(), "RNBQKBNR");
        assert_eq!(back_rank(0).iter().collect::<String>(), "BBQNNRKR");
        assert_eq!(back_rank(959).iter().collect::<String>(), "RKRNNQBB");
        // python-chess's Board.from_chess960_pos agrees on these.
        assert_eq!(back_rank(100).iter().collect::<String>(), "QBBNRNKR");
        assert_eq!(back_rank(333).iter().collect::<String>(), "NRQBKRBN");
        assert_eq!(
            start_fen(518),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        let all: HashSet<String> = (0..STARTS).map(start_fen).collect();
        assert_eq!(all.len(), 960);
        for n in 0..STARTS {
            let b = Board::from_fen(&start_fen(n)).expect("a start parses");
            assert!(b.is_chess960());
            assert_eq!(b.to_fen(), start_fen(n), "{n}");
        }
    }
}

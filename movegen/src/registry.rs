//! The variant registry: every variant vsadnik plays as a [`VariantId`],
//! with what front ends need to know about it ([`VariantInfo`]: its names
//! for the command line, UCI, XBoard and PGN, its boards, reserves, team
//! game, series and towers, and the XBoard `setup` it is shown with), and
//! [`each_variant!`], the one place where an id becomes a position type.
//!
//! Nothing outside this file and each variant's own folder spells a
//! variant's name: front ends ask the registry (`docs/adding_a_variant.md`).

/// One variant vsadnik plays.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum VariantId {
    /// Standard chess.
    Chess,
    /// Crazyhouse (captures join the capturer's reserve).
    Crazyhouse,
    /// FICS bughouse, one board of the team game.
    Bughouse,
    /// Swedish chess, one board of the team game.
    Swedish,
    /// Chess-tranzit: two boards in one position.
    Tranzit,
    /// Progressive chess, Italian rules.
    ProgressiveItalian,
    /// Progressive chess, Scottish rules.
    ProgressiveScottish,
    /// Progressive chess, English rules.
    ProgressiveEnglish,
    /// Russian chess (tavreli): towers.
    Tavreli,
}

/// How XBoard is told about a variant it does not know itself: the piece
/// table and the rules it borrows (the `setup` command of XBoard 4.8; the
/// board size and holdings come from [`VariantInfo`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct XboardSetup {
    /// XBoard's piece-to-char table (`PNBRQKpnbrqk`, dots for unused slots).
    pub pieces: &'static str,
    /// The variant whose rules XBoard borrows (`fairy`, `bughouse`).
    pub parent: &'static str,
}

/// The chess pieces in XBoard's piece table.
const CHESS_PIECES: &str = "PNBRQKpnbrqk";

/// What a front end knows about a variant.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct VariantInfo {
    /// The variant.
    pub id: VariantId,
    /// Its name on the command line, in `UCI_Variant`, in `vsadnik
    /// variants` and in the PGN `Variant` tag.
    pub name: &'static str,
    /// Its name in XBoard (`variant`, `feature variants`).
    pub xboard: &'static str,
    /// Other names a game record's `Variant` tag may give it.
    pub pgn_aliases: &'static [&'static str],
    /// Boards in one position (tranzit: two; a team game's second board is
    /// another position).
    pub boards: u8,
    /// Files of the whole position (tranzit: both boards side by side).
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Pieces in hand that may be dropped.
    pub reserves: bool,
    /// A game of four on two boards (the engine plays one board).
    pub team: bool,
    /// Each turn is a series of moves (progressive chess).
    pub series: bool,
    /// Pieces stack into towers (tavreli).
    pub towers: bool,
    /// XBoard's `setup` for variants it does not know (None: it does).
    pub xboard_setup: Option<XboardSetup>,
}

impl VariantInfo {
    /// The board geometry of XBoard's `setup`: `FILESxRANKS+HOLDINGS_PARENT`.
    pub fn xboard_board(&self) -> Option<String> {
        let setup = self.xboard_setup?;
        let holdings = if self.reserves { 5 } else { 0 };
        Some(format!(
            "{}x{}+{holdings}_{}",
            self.files, self.ranks, setup.parent
        ))
    }
}

/// A plain 8x8 variant's entry, the fields that differ set after it.
const fn board_game(id: VariantId, name: &'static str) -> VariantInfo {
    VariantInfo {
        id,
        name,
        xboard: name,
        pgn_aliases: &[],
        boards: 1,
        files: 8,
        ranks: 8,
        reserves: false,
        team: false,
        series: false,
        towers: false,
        xboard_setup: Some(XboardSetup {
            pieces: CHESS_PIECES,
            parent: "fairy",
        }),
    }
}

/// A progressive variant's entry.
const fn progressive(id: VariantId, name: &'static str) -> VariantInfo {
    VariantInfo {
        series: true,
        ..board_game(id, name)
    }
}

/// A drop variant's entry (`team`: a four-player game on two boards).
const fn drops(id: VariantId, name: &'static str, team: bool) -> VariantInfo {
    VariantInfo {
        reserves: true,
        team,
        xboard_setup: None,
        ..board_game(id, name)
    }
}

/// Every variant's entry, in the order of [`VariantId::ALL`].
static INFO: [VariantInfo; 9] = [
    VariantInfo {
        xboard: "normal",
        // Chess960 games are chess from a set-up whose FEN says how it
        // castles (file letters).
        pgn_aliases: &["standard", "normal", "chess960", "fischerandom"],
        xboard_setup: None,
        ..board_game(VariantId::Chess, "chess")
    },
    drops(VariantId::Crazyhouse, "crazyhouse", false),
    drops(VariantId::Bughouse, "bughouse", true),
    VariantInfo {
        xboard_setup: Some(XboardSetup {
            pieces: CHESS_PIECES,
            // Under XBoard's bughouse rules a capture does not join the
            // capturer's holdings (here it goes to the partner).
            parent: "bughouse",
        }),
        ..drops(VariantId::Swedish, "swedish", true)
    },
    VariantInfo {
        boards: 2,
        files: 16,
        ..board_game(VariantId::Tranzit, "tranzit")
    },
    progressive(VariantId::ProgressiveItalian, "progressive-italian"),
    progressive(VariantId::ProgressiveScottish, "progressive-scottish"),
    progressive(VariantId::ProgressiveEnglish, "progressive-english"),
    VariantInfo {
        towers: true,
        xboard_setup: Some(XboardSetup {
            // The Helgi `H` (queen + knight) in XBoard's Unicorn slot (the
            // 21st of 22), drawn as a horned knight.
            pieces: "PNBRQ...............HKpnbrq...............hk",
            parent: "fairy",
        }),
        ..board_game(VariantId::Tavreli, "tavreli")
    },
];

impl VariantId {
    /// Every variant, in the order `vsadnik variants` lists them.
    pub const ALL: [VariantId; 9] = [
        VariantId::Chess,
        VariantId::Crazyhouse,
        VariantId::Bughouse,
        VariantId::Swedish,
        VariantId::Tranzit,
        VariantId::ProgressiveItalian,
        VariantId::ProgressiveScottish,
        VariantId::ProgressiveEnglish,
        VariantId::Tavreli,
    ];

    /// The variant a new game starts with.
    pub const DEFAULT: VariantId = VariantId::Chess;

    /// What front ends know about it.
    pub fn info(self) -> &'static VariantInfo {
        &INFO[self as usize]
    }

    /// Its name (command line, UCI, `vsadnik variants`, PGN).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Its XBoard name.
    pub fn xboard_name(self) -> &'static str {
        self.info().xboard
    }

    /// The variant called `name` exactly (command line, `UCI_Variant`).
    pub fn from_name(name: &str) -> Option<VariantId> {
        Self::ALL.into_iter().find(|v| v.name() == name)
    }

    /// [`VariantId::from_name`], or an error that lists the names.
    pub fn parse(name: &str) -> Result<VariantId, String> {
        Self::from_name(name)
            .ok_or_else(|| format!("unknown variant '{name}' (known: {})", names(Self::ALL)))
    }

    /// The variant XBoard calls `name` (its own name is accepted too).
    pub fn from_xboard(name: &str) -> Option<VariantId> {
        Self::ALL
            .into_iter()
            .find(|v| v.xboard_name() == name || v.name() == name)
    }

    /// The variant of a game record's `Variant` tag (any case).
    pub fn from_pgn(tag: &str) -> Option<VariantId> {
        let tag = tag.to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|v| v.name() == tag || v.info().pgn_aliases.contains(&tag.as_str()))
    }
}

impl std::fmt::Display for VariantId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The names of `ids`, comma-separated.
pub fn names(ids: impl IntoIterator<Item = VariantId>) -> String {
    ids.into_iter()
        .map(VariantId::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs `$body` with the type alias `$P` set to the position type of the
/// variant `$id`: the one table from ids to types, for every crate's
/// dispatch (`movegen::variant::dispatch`, `engine::dispatch`).
#[macro_export]
macro_rules! each_variant {
    ($id:expr, |$P:ident| $body:expr) => {
        match $id {
            $crate::VariantId::Chess => {
                type $P = $crate::Chess;
                $body
            }
            $crate::VariantId::Crazyhouse => {
                type $P = $crate::drops::CrazyhousePosition;
                $body
            }
            $crate::VariantId::Bughouse => {
                type $P = $crate::drops::BughousePosition;
                $body
            }
            $crate::VariantId::Swedish => {
                type $P = $crate::drops::SwedishPosition;
                $body
            }
            $crate::VariantId::Tranzit => {
                type $P = $crate::tranzit::TranzitPosition;
                $body
            }
            $crate::VariantId::ProgressiveItalian => {
                type $P = $crate::progressive::ItalianPosition;
                $body
            }
            $crate::VariantId::ProgressiveScottish => {
                type $P = $crate::progressive::ScottishPosition;
                $body
            }
            $crate::VariantId::ProgressiveEnglish => {
                type $P = $crate::progressive::EnglishPosition;
                $body
            }
            $crate::VariantId::Tavreli => {
                type $P = $crate::tavreli::TavreliPosition;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Position;

    #[test]
    fn entries_are_in_id_order_and_names_round_trip() {
        for (i, id) in VariantId::ALL.into_iter().enumerate() {
            assert_eq!(id as usize, i);
            assert_eq!(id.info().id, id);
            assert_eq!(VariantId::from_name(id.name()), Some(id));
            assert_eq!(VariantId::from_xboard(id.xboard_name()), Some(id));
            assert_eq!(VariantId::from_pgn(&id.name().to_uppercase()), Some(id));
            assert_eq!(each_variant!(id, |P| P::ID), id);
        }
        assert_eq!(VariantId::from_xboard("normal"), Some(VariantId::Chess));
        assert_eq!(VariantId::from_pgn("Standard"), Some(VariantId::Chess));
        assert_eq!(VariantId::from_name("normal"), None);
        assert!(VariantId::parse("nosuch").unwrap_err().contains("tavreli"));
    }

    #[test]
    fn xboard_setup_boards() {
        let board = |id: VariantId| id.info().xboard_board();
        assert_eq!(board(VariantId::Tranzit).as_deref(), Some("16x8+0_fairy"));
        assert_eq!(board(VariantId::Swedish).as_deref(), Some("8x8+5_bughouse"));
        assert_eq!(board(VariantId::Tavreli).as_deref(), Some("8x8+0_fairy"));
        assert_eq!(board(VariantId::Chess), None);
        assert_eq!(
            VariantId::Tavreli.info().xboard_setup.unwrap().pieces.len(),
            44
        );
    }
}

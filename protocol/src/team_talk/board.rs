//! A drop-chess position as the team layer sees it: its reserves, set from
//! outside, and the questions the engine asks for its partner. The protocol
//! sessions hold positions generically; [`as_team_view`] finds the drop
//! variants among them by type.

use movegen::drops::reserve::MAX_HELD;
use movegen::drops::rules::CaptureDestination;
use movegen::drops::{
    BughousePosition, CrazyhousePosition, DropMoveList, DropPosition, DropRules, Reserve,
    SwedishPosition,
};
use movegen::{Color, PieceKind, Position, Status};
use std::any::Any;

/// The kinds in the order they are asked for: cheapest first.
pub const ASK_ORDER: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// One drop-chess board with its reserves.
pub trait TeamView {
    /// Both reserves of the current position.
    fn reserve(&self) -> Reserve;
    /// Sets how many `kind` pieces `color` holds in the current position.
    fn set_reserve(&mut self, color: Color, kind: PieceKind, n: u8);
    /// True when captures go to the partner (bughouse, Swedish chess), so
    /// that there is a partner to talk to.
    fn has_partner(&self) -> bool;
    /// S11: the side to move has no legal move, yet is not mated (a drop
    /// it does not hold would answer the check), or (Swedish S12) is not in
    /// check and has no legal move: it sits.
    fn sitting(&self) -> bool;
    /// The side to move is in check.
    fn side_in_check(&self) -> bool;
    /// The kinds that, with one more of them in the hand of the side to
    /// move, would let it mate at once, when it has no mate in one now.
    fn mating_kinds(&self) -> Vec<PieceKind>;
    /// When the side to move sits (S11, S12): the kinds whose arrival would
    /// give it a legal move, cheapest first.
    fn saving_kinds(&self) -> Vec<PieceKind>;
}

/// True when the side to move of `pos` has a move that mates at once;
/// with `only`, only drops of that kind are tried.
fn mate_in_one<R: DropRules>(pos: &DropPosition<R>, only: Option<PieceKind>) -> bool {
    let mut list = DropMoveList::new();
    pos.generate_moves(&mut list);
    let us = pos.side_to_move();
    let mut p = pos.clone();
    list.iter().any(|&m| {
        if only.is_some_and(|k| m.as_drop().map(|(d, _)| d) != Some(k)) {
            return false;
        }
        p.make_move(m);
        let mate = p.in_check() && matches!(p.status(), Status::Over(o) if o.margin(us) > 0);
        p.unmake_move();
        mate
    })
}

/// `pos` with one more `kind` in the hand of `color` (None at the limit).
fn with_one_more<R: DropRules>(
    pos: &DropPosition<R>,
    color: Color,
    kind: PieceKind,
) -> Option<DropPosition<R>> {
    let n = pos.current().reserve.count(color, kind);
    (n < MAX_HELD).then(|| {
        let mut p = pos.clone();
        p.set_reserve(color, kind, n + 1);
        p
    })
}

impl<R: DropRules> TeamView for DropPosition<R> {
    fn reserve(&self) -> Reserve {
        self.current().reserve
    }

    fn set_reserve(&mut self, color: Color, kind: PieceKind, n: u8) {
        DropPosition::set_reserve(self, color, kind, n);
    }

    fn has_partner(&self) -> bool {
        R::CAPTURES == CaptureDestination::Partner
    }

    fn side_in_check(&self) -> bool {
        self.in_check()
    }

    fn sitting(&self) -> bool {
        let mut list = DropMoveList::new();
        self.generate_moves(&mut list);
        list.is_empty() && self.status() == Status::Ongoing
    }

    fn mating_kinds(&self) -> Vec<PieceKind> {
        if self.status() != Status::Ongoing || mate_in_one(self, None) {
            return Vec::new();
        }
        let us = self.side_to_move();
        ASK_ORDER
            .into_iter()
            .filter(|&k| with_one_more(self, us, k).is_some_and(|p| mate_in_one(&p, Some(k))))
            .collect()
    }

    fn saving_kinds(&self) -> Vec<PieceKind> {
        if !self.sitting() {
            return Vec::new();
        }
        let us = self.side_to_move();
        ASK_ORDER
            .into_iter()
            .filter(|&k| {
                with_one_more(self, us, k).is_some_and(|p| {
                    let mut list = DropMoveList::new();
                    p.generate_moves(&mut list);
                    !list.is_empty()
                })
            })
            .collect()
    }
}

/// The position as a [`TeamView`] when it is one of the drop variants.
pub fn as_team_view<P: 'static>(pos: &P) -> Option<&dyn TeamView> {
    let any = pos as &dyn Any;
    if let Some(p) = any.downcast_ref::<BughousePosition>() {
        return Some(p);
    }
    if let Some(p) = any.downcast_ref::<SwedishPosition>() {
        return Some(p);
    }
    any.downcast_ref::<CrazyhousePosition>()
        .map(|p| p as &dyn TeamView)
}

/// The position as a mutable [`TeamView`] when it is one of the drop variants.
pub fn as_team_view_mut<P: 'static>(pos: &mut P) -> Option<&mut dyn TeamView> {
    let any = pos as &mut dyn Any;
    if any.is::<BughousePosition>() {
        return any
            .downcast_mut::<BughousePosition>()
            .map(|p| p as &mut dyn TeamView);
    }
    if any.is::<SwedishPosition>() {
        return any
            .downcast_mut::<SwedishPosition>()
            .map(|p| p as &mut dyn TeamView);
    }
    any.downcast_mut::<CrazyhousePosition>()
        .map(|p| p as &mut dyn TeamView)
}

/// The lower-case letter of a held kind, as the partner messages write it.
pub fn kind_letter(kind: PieceKind) -> char {
    kind.upper_char().to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bug(fen: &str) -> BughousePosition {
        BughousePosition::from_fen(fen).unwrap()
    }

    #[test]
    fn s11_sitting_and_what_saves() {
        // White in check along the first rank, nothing to drop: sits.
        let p = bug("k7/8/8/8/8/8/6PP/r6K[] w - - 0 1");
        assert!(p.sitting());
        // Every blocking square is on the first rank: no pawn drop there.
        assert_eq!(p.saving_kinds(), ASK_ORDER[1..].to_vec());
        // With a knight in hand there is a move.
        let p = bug("k7/8/8/8/8/8/6PP/r6K[N] w - - 0 1");
        assert!(!p.sitting());
        assert!(p.saving_kinds().is_empty());
    }

    #[test]
    fn a_knight_would_mate() {
        // Black king boxed in on h8 by its own pawns and rook: N@f7 mates.
        let p = bug("6rk/6pp/8/8/8/8/8/K7[] w - - 0 1");
        let kinds = p.mating_kinds();
        assert!(kinds.contains(&PieceKind::Knight), "{kinds:?}");
        assert!(!kinds.contains(&PieceKind::Pawn), "{kinds:?}");
        // Holding it already: a mate in one exists, nothing to ask for.
        let p = bug("6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1");
        assert!(p.mating_kinds().is_empty());
    }

    #[test]
    fn found_by_type() {
        let mut p = bug("k7/8/8/8/8/8/6PP/r6K[] w - - 0 1");
        let v = as_team_view_mut(&mut p).unwrap();
        v.set_reserve(Color::White, PieceKind::Rook, 1);
        assert!(!v.sitting());
        assert_eq!(p.to_fen(), "k7/8/8/8/8/8/6PP/r6K[R] w - - 0 1");
        assert!(as_team_view(&movegen::Chess::startpos()).is_none());
    }
}

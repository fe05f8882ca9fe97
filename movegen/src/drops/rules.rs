//! The three rule sets of drop chess, as zero-sized types so that the shared
//! code is monomorphised per variant.

use crate::bitboard::{Bitboard, RANK_1, RANK_2, RANK_7, RANK_8};
use crate::registry::VariantId;
use crate::types::Color;

/// Where a captured piece goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CaptureDestination {
    /// Into the capturer's own reserve (crazyhouse).
    OwnReserve,
    /// Off this board, to the partner on the other board (bughouse, Swedish).
    Partner,
}

/// What distinguishes crazyhouse, FICS bughouse and Swedish chess.
pub trait DropRules: Clone + Send + Sync + 'static {
    /// The variant.
    const ID: VariantId;
    /// Where captured pieces go.
    const CAPTURES: CaptureDestination;
    /// May a drop give check? (Swedish S4: no.)
    const DROP_MAY_CHECK: bool;
    /// Swedish rules: S5 pawn-drop ranks, S6 corner rook restores castling,
    /// S7 promotion sends the pawn away, S8 captured promoted kinds vanish.
    const SWEDISH: bool;
    /// Mate needs an unblockable check (S10, FICS bughouse); otherwise a
    /// position without legal moves may be "sat out".
    const MATE_NEEDS_UNBLOCKABLE_CHECK: bool;
    /// No stalemate (Swedish S12): a player not in check without a legal
    /// move sits until a piece arrives, as under S11; otherwise (crazyhouse,
    /// FICS bughouse) that position is a drawn stalemate.
    const STALEMATE_SITS: bool;

    /// The squares where `color` may not drop a pawn.
    fn forbidden_pawn_drops(color: Color) -> Bitboard {
        if Self::SWEDISH {
            // S5: White not on ranks 1, 7, 8; Black not on 8, 2, 1.
            match color {
                Color::White => RANK_1 | RANK_7 | RANK_8,
                Color::Black => RANK_1 | RANK_2 | RANK_8,
            }
        } else {
            RANK_1 | RANK_8
        }
    }
}

/// Crazyhouse (lichess/FICS): captures join the capturer's reserve, a
/// captured promoted piece as a pawn; drops may check and mate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Crazyhouse;

impl DropRules for Crazyhouse {
    const ID: VariantId = VariantId::Crazyhouse;
    const CAPTURES: CaptureDestination = CaptureDestination::OwnReserve;
    const DROP_MAY_CHECK: bool = true;
    const SWEDISH: bool = false;
    const MATE_NEEDS_UNBLOCKABLE_CHECK: bool = false;
    const STALEMATE_SITS: bool = false;
}

/// FICS bughouse, one board: captures go to the partner (a promoted piece as
/// a pawn); drops may check; a check that some drop could block is not mate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bughouse;

impl DropRules for Bughouse {
    const ID: VariantId = VariantId::Bughouse;
    const CAPTURES: CaptureDestination = CaptureDestination::Partner;
    const DROP_MAY_CHECK: bool = true;
    const SWEDISH: bool = false;
    const MATE_NEEDS_UNBLOCKABLE_CHECK: bool = true;
    const STALEMATE_SITS: bool = false;
}

/// Swedish chess (`docs/rules/swedish.md`), one board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Swedish;

impl DropRules for Swedish {
    const ID: VariantId = VariantId::Swedish;
    const CAPTURES: CaptureDestination = CaptureDestination::Partner;
    const DROP_MAY_CHECK: bool = false;
    const SWEDISH: bool = true;
    const MATE_NEEDS_UNBLOCKABLE_CHECK: bool = true;
    const STALEMATE_SITS: bool = true;
}

/// Code that runs generically for one drop rule set.
pub trait DropVisitor {
    /// What the visit produces.
    type Output;
    /// Runs for the rules `R`.
    fn visit<R: DropRules>(self) -> Self::Output;
}

/// Runs `visitor` for the drop rules of `id`; None when `id` is not a drop
/// variant.
pub fn dispatch_drops<V: DropVisitor>(id: VariantId, visitor: V) -> Option<V::Output> {
    match id {
        VariantId::Crazyhouse => Some(visitor.visit::<Crazyhouse>()),
        VariantId::Bughouse => Some(visitor.visit::<Bughouse>()),
        VariantId::Swedish => Some(visitor.visit::<Swedish>()),
        _ => None,
    }
}

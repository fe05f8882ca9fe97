//! Variant ids to searchable types: the run-time choice of variant for the
//! protocols, the bench and the match runner, monomorphised below (the
//! table is the registry's, `movegen::each_variant!`).

use crate::searchable::Searchable;
use movegen::VariantId;

/// Code that runs generically for one searchable variant.
pub trait SearchVisitor {
    /// What the visit produces.
    type Output;
    /// Runs for the variant `P`.
    fn visit<P: Searchable>(self) -> Self::Output;
}

/// Runs `visitor` for the variant `id`.
pub fn dispatch<V: SearchVisitor>(id: VariantId, visitor: V) -> V::Output {
    movegen::each_variant!(id, |P| visitor.visit::<P>())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl SearchVisitor for Id {
        type Output = VariantId;
        fn visit<P: Searchable>(self) -> VariantId {
            P::ID
        }
    }

    #[test]
    fn every_variant_is_searchable() {
        for v in VariantId::ALL {
            assert_eq!(dispatch(v, Id), v);
        }
    }
}

//! Variant names to searchable types: the run-time choice of variant for the
//! protocols, the bench and the match runner, monomorphised below.

use crate::searchable::Searchable;
use movegen::drops::{BughousePosition, CrazyhousePosition, SwedishPosition};
use movegen::progressive::{EnglishPosition, ItalianPosition, ScottishPosition};
use movegen::tranzit::TranzitPosition;
use movegen::Chess;

/// Code that runs generically for one searchable variant.
pub trait SearchVisitor {
    /// What the visit produces.
    type Output;
    /// Runs for the variant `P`.
    fn visit<P: Searchable>(self) -> Self::Output;
}

/// Runs `visitor` for the variant called `name`, or names the problem.
pub fn dispatch<V: SearchVisitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    match name {
        "chess" => Ok(visitor.visit::<Chess>()),
        "crazyhouse" => Ok(visitor.visit::<CrazyhousePosition>()),
        "bughouse" => Ok(visitor.visit::<BughousePosition>()),
        "swedish" => Ok(visitor.visit::<SwedishPosition>()),
        "tranzit" => Ok(visitor.visit::<TranzitPosition>()),
        "progressive-italian" => Ok(visitor.visit::<ItalianPosition>()),
        "progressive-scottish" => Ok(visitor.visit::<ScottishPosition>()),
        "progressive-english" => Ok(visitor.visit::<EnglishPosition>()),
        "tavreli" => Ok(visitor.visit::<movegen::tavreli::TavreliPosition>()),
        _ => Err(format!(
            "unknown variant '{name}' (known: {})",
            movegen::VARIANTS.join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl SearchVisitor for Name {
        type Output = &'static str;
        fn visit<P: Searchable>(self) -> &'static str {
            P::VARIANT
        }
    }

    #[test]
    fn every_listed_variant_is_searchable() {
        for v in movegen::VARIANTS {
            assert_eq!(dispatch(v, Name), Ok(*v));
        }
        assert!(dispatch("nosuch", Name).is_err());
    }
}

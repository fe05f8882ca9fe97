//! Move counters shared by every variant: half-move clocks, the draw-rule
//! counters (tranzit's quiet actions, progressive chess's series counter),
//! full-move numbers and progressive series numbers.
//!
//! One width ([`Counter`], 32 bits), one bound ([`MAX_COUNTER`]) and one FEN
//! reader ([`parse_counter`]) for all of them. A FEN counter above the bound
//! is refused. In play, a pure counter (clocks, full-move numbers) stops at
//! the bound ([`next`]) so that every FEN the engine writes reads back; a
//! progressive series number is not a pure counter (its parity says who
//! moves) and simply grows: from the bound it would need about 4·10⁹ more
//! series to overflow.

use crate::fen::FenError;
use crate::types::Color;

/// A move counter.
pub type Counter = u32;

/// The largest counter a FEN may give (and where [`next`] stops). Far above
/// any real game (the longest possible chess game has fewer than 9,000
/// moves), far below `u32::MAX`.
pub const MAX_COUNTER: Counter = 1_000_000;

/// `c + 1`, staying at [`MAX_COUNTER`] once there.
#[inline(always)]
pub const fn next(c: Counter) -> Counter {
    if c < MAX_COUNTER {
        c + 1
    } else {
        MAX_COUNTER
    }
}

/// A clock after one more ply: 0 when the ply resets it (`reset`), else
/// [`next`].
#[inline(always)]
pub const fn tick(c: Counter, reset: bool) -> Counter {
    if reset {
        0
    } else {
        next(c)
    }
}

/// The full-move number after `mover` has moved: it grows after Black's
/// move.
#[inline(always)]
pub const fn fullmove_after(fullmove: Counter, mover: Color) -> Counter {
    match mover {
        Color::White => fullmove,
        Color::Black => next(fullmove),
    }
}

/// Reads a counter field: decimal digits only (no sign), at most
/// [`MAX_COUNTER`]; `default` when the field is absent. `name` names the
/// field in the error.
pub fn parse_counter(
    field: Option<&str>,
    default: Counter,
    name: &str,
) -> Result<Counter, FenError> {
    let Some(s) = field else {
        return Ok(default);
    };
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError(format!(
            "bad {name} '{s}': expected a whole number from 0 to {MAX_COUNTER}"
        )));
    }
    match s.parse::<u64>() {
        Ok(v) if v <= u64::from(MAX_COUNTER) => Ok(v as Counter),
        _ => Err(FenError(format!(
            "{name} '{s}' is too large: at most {MAX_COUNTER}"
        ))),
    }
}

/// Reads a full-move number field: as [`parse_counter`], 1 when absent, and
/// 0 (written by some programs) read as 1.
pub fn parse_fullmove(field: Option<&str>) -> Result<Counter, FenError> {
    Ok(parse_counter(field, 1, "full-move number")?.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_counts_across_u16_and_stops_at_the_bound() {
        assert_eq!(next(0), 1);
        assert_eq!(next(65_535), 65_536);
        assert_eq!(next(MAX_COUNTER - 1), MAX_COUNTER);
        assert_eq!(next(MAX_COUNTER), MAX_COUNTER);
    }

    #[test]
    fn parse_bounds_and_refusals() {
        assert_eq!(parse_counter(None, 7, "x"), Ok(7));
        assert_eq!(parse_counter(Some("0"), 7, "x"), Ok(0));
        assert_eq!(parse_counter(Some("65536"), 7, "x"), Ok(65_536));
        assert_eq!(parse_counter(Some("1000000"), 7, "x"), Ok(MAX_COUNTER));
        let too_large = parse_counter(Some("1000001"), 7, "half-move clock").unwrap_err();
        assert!(too_large
            .0
            .contains("half-move clock '1000001' is too large"));
        let huge = "9".repeat(40);
        assert!(parse_counter(Some(&huge), 7, "x")
            .unwrap_err()
            .0
            .contains("too large"));
        assert_eq!(parse_fullmove(Some("0")), Ok(1));
        assert_eq!(parse_fullmove(None), Ok(1));
        assert!(parse_fullmove(Some("1000001")).is_err());
        for bad in ["-1", "+5", "1.5", "1e3", "x", "", "٣"] {
            let e = parse_counter(Some(bad), 7, "clock").unwrap_err();
            assert!(e.0.starts_with(&format!("bad clock '{bad}'")), "{bad}: {e}");
        }
    }
}

//! A network's weights (quantised as `tools/nnue/train.py` writes them)
//! and its output layer.

use super::accumulator::Accumulator;
use super::features::BOARD_INPUTS;
use movegen::Color;
use std::fmt;

/// Hidden neurons per side.
pub const HIDDEN: usize = 128;
/// Hidden values are scaled by `QA` (1.0 is 255).
pub const QA: i32 = 255;
/// Output weights are scaled by `QB`.
pub const QB: i32 = 64;
/// The largest output weight a file may hold: sixteen products of
/// `QA * QA` and this still fit an `i32`.
const MAX_OUT_WEIGHT: i16 = 2_000;
/// Centipawns per unit of the output logit, times 100 (400 / ln 10).
const CP_PER_LOGIT_X100: i64 = 17_372;

/// Why a network file was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with `VSNN`, version 1 or 2.
    BadHeader,
    /// The file's network has another number of inputs than the one read.
    WrongInputs { expected: usize, found: usize },
    /// The hidden layer's size is not the one this build is for.
    WrongSize(usize),
    /// The file's length does not match its header.
    BadLength { expected: usize, found: usize },
    /// An output weight is beyond ±2000, which the output layer cannot sum.
    OutOfRange,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            NetworkError::BadHeader => write!(f, "not a vsadnik network (VSNN version 1 or 2)"),
            NetworkError::WrongInputs { expected, found } => {
                write!(
                    f,
                    "the network has {found} inputs; {expected} are read here"
                )
            }
            NetworkError::WrongSize(h) => {
                write!(
                    f,
                    "the network has {h} hidden neurons; this build reads {HIDDEN}"
                )
            }
            NetworkError::BadLength { expected, found } => {
                write!(
                    f,
                    "the network file has {found} bytes, its header says {expected}"
                )
            }
            NetworkError::OutOfRange => write!(f, "an output weight is beyond ±{MAX_OUT_WEIGHT}"),
        }
    }
}

/// The weights of a network of `N` inputs (the chess network's 768 by
/// default, the crazyhouse network's 848, the tranzit network's 1616).
pub struct Network<const N: usize = BOARD_INPUTS> {
    /// Hidden weights, one row of [`HIDDEN`] per input.
    pub(super) hidden: Box<[[i16; HIDDEN]; N]>,
    /// Hidden biases.
    pub(super) bias: [i16; HIDDEN],
    /// Output weights: the side to move's neurons, then the other side's.
    out: [[i16; HIDDEN]; 2],
    /// Output bias, scaled by `QA * QA * QB`.
    out_bias: i32,
}

/// Reads little-endian i16 values from a byte slice.
fn i16s(bytes: &[u8]) -> impl Iterator<Item = i16> + '_ {
    bytes
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
}

/// The little-endian u32 at `at`, if the bytes reach that far.
fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let word = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes(word.try_into().expect("4 bytes")) as usize)
}

impl<const N: usize> Network<N> {
    /// Parses a network file (format in `tools/nnue/train.py`): version 1
    /// for the 768 board inputs, version 2 naming its number of inputs.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network<N>, NetworkError> {
        if bytes.get(..4) != Some(b"VSNN") {
            return Err(NetworkError::BadHeader);
        }
        let (start, inputs) = match u32_at(bytes, 4) {
            Some(1) => (12, BOARD_INPUTS),
            Some(2) => (16, u32_at(bytes, 12).ok_or(NetworkError::BadHeader)?),
            _ => return Err(NetworkError::BadHeader),
        };
        let h = u32_at(bytes, 8).ok_or(NetworkError::BadHeader)?;
        if h != HIDDEN {
            return Err(NetworkError::WrongSize(h));
        }
        if inputs != N {
            return Err(NetworkError::WrongInputs {
                expected: N,
                found: inputs,
            });
        }
        let expected = start + 2 * (N * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        if bytes.len() != expected {
            return Err(NetworkError::BadLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = i16s(&bytes[start..expected - 4]);
        let mut hidden = vec![[0i16; HIDDEN]; N].into_boxed_slice();
        for row in hidden.iter_mut() {
            row.iter_mut()
                .for_each(|w| *w = values.next().expect("length checked"));
        }
        let mut bias = [0i16; HIDDEN];
        bias.iter_mut()
            .for_each(|w| *w = values.next().expect("length checked"));
        let mut out = [[0i16; HIDDEN]; 2];
        for side in out.iter_mut() {
            side.iter_mut()
                .for_each(|w| *w = values.next().expect("length checked"));
        }
        if out.iter().flatten().any(|w| w.abs() > MAX_OUT_WEIGHT) {
            return Err(NetworkError::OutOfRange);
        }
        let out_bias = i32::from_le_bytes(bytes[expected - 4..].try_into().expect("4 bytes"));
        Ok(Network {
            hidden: hidden.try_into().expect("N rows"),
            bias,
            out,
            out_bias,
        })
    }

    /// The hidden layer's size per side.
    pub fn hidden(&self) -> usize {
        HIDDEN
    }

    /// The score in centipawns, from `stm`'s view, of the position whose
    /// accumulator is `acc` (inlined always, as
    /// [`super::Accumulator::update_boards`]).
    #[inline(always)]
    pub fn output<const BOARDS: usize>(&self, acc: &Accumulator<BOARDS>, stm: Color) -> i32 {
        let us = acc.view(stm);
        let them = acc.view(stm.flip());
        let sum = layer(us, &self.out[0]) + layer(them, &self.out[1]) + self.out_bias as i64;
        let scale = (QA * QA * QB) as i64 * 100;
        (sum * CP_PER_LOGIT_X100 / scale) as i32
    }
}

/// One side's share of the output: squared clipped ReLU times the weights.
#[inline(always)]
fn layer(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i64 {
    let mut sum = 0i64;
    for (chunk_v, chunk_w) in values.chunks_exact(16).zip(weights.chunks_exact(16)) {
        let mut part = 0i32;
        for (&v, &w) in chunk_v.iter().zip(chunk_w) {
            let c = v.clamp(0, QA as i16) as i32;
            part += c * w as i32 * c;
        }
        sum += part as i64;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::DROP_INPUTS;

    #[test]
    fn malformed_files_are_refused() {
        assert_eq!(
            Network::<BOARD_INPUTS>::from_bytes(b"nope").err(),
            Some(NetworkError::BadHeader)
        );
        let mut head = b"VSNN".to_vec();
        head.extend(1u32.to_le_bytes());
        head.extend(7u32.to_le_bytes());
        assert_eq!(
            Network::<BOARD_INPUTS>::from_bytes(&head).err(),
            Some(NetworkError::WrongSize(7))
        );
        let mut short = b"VSNN".to_vec();
        short.extend(1u32.to_le_bytes());
        short.extend((HIDDEN as u32).to_le_bytes());
        assert!(matches!(
            Network::<BOARD_INPUTS>::from_bytes(&short),
            Err(NetworkError::BadLength { .. })
        ));
        assert_eq!(
            Network::<DROP_INPUTS>::from_bytes(&short).err(),
            Some(NetworkError::WrongInputs {
                expected: DROP_INPUTS,
                found: BOARD_INPUTS
            })
        );
        let mut v2 = b"VSNN".to_vec();
        v2.extend(2u32.to_le_bytes());
        v2.extend((HIDDEN as u32).to_le_bytes());
        v2.extend((DROP_INPUTS as u32).to_le_bytes());
        assert!(matches!(
            Network::<DROP_INPUTS>::from_bytes(&v2),
            Err(NetworkError::BadLength { .. })
        ));
    }
}

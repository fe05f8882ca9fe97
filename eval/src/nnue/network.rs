//! The network's weights (quantised as `tools/nnue/train.py` writes them)
//! and its output layer.

use super::accumulator::Accumulator;
use super::features::INPUTS;
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
    /// The file does not start with `VSNN`, version 1.
    BadHeader,
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
            NetworkError::BadHeader => write!(f, "not a vsadnik network (VSNN version 1)"),
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

/// The weights of the network.
pub struct Network {
    /// Hidden weights, one row of [`HIDDEN`] per input.
    pub(super) hidden: Box<[[i16; HIDDEN]; INPUTS]>,
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

impl Network {
    /// Parses a network file (format in `tools/nnue/train.py`).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < 12 || &bytes[..4] != b"VSNN" || bytes[4..8] != 1u32.to_le_bytes() {
            return Err(NetworkError::BadHeader);
        }
        let h = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        if h != HIDDEN {
            return Err(NetworkError::WrongSize(h));
        }
        let expected = 12 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        if bytes.len() != expected {
            return Err(NetworkError::BadLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = i16s(&bytes[12..expected - 4]);
        let mut hidden = vec![[0i16; HIDDEN]; INPUTS].into_boxed_slice();
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
            hidden: hidden.try_into().expect("INPUTS rows"),
            bias,
            out,
            out_bias,
        })
    }

    /// The hidden layer's size per side.
    pub fn hidden(&self) -> usize {
        HIDDEN
    }

    /// The score in centipawns, from `stm`'s view, of the board whose
    /// accumulator is `acc` (inlined always, as
    /// [`super::Accumulator::update`]).
    #[inline(always)]
    pub fn output(&self, acc: &Accumulator, stm: Color) -> i32 {
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

    #[test]
    fn malformed_files_are_refused() {
        assert_eq!(
            Network::from_bytes(b"nope").err(),
            Some(NetworkError::BadHeader)
        );
        let mut head = b"VSNN".to_vec();
        head.extend(1u32.to_le_bytes());
        head.extend(7u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&head).err(),
            Some(NetworkError::WrongSize(7))
        );
        let mut short = b"VSNN".to_vec();
        short.extend(1u32.to_le_bytes());
        short.extend((HIDDEN as u32).to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&short),
            Err(NetworkError::BadLength { .. })
        ));
    }
}

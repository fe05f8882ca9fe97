//! Zobrist hashing keys, generated at compile time from a fixed seed.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// The keys of every hashed feature of a chess-like position.
pub struct Keys {
    /// Piece (index `Piece::index`, 0..12) on square.
    pub piece: [[u64; 64]; 12],
    /// Castling rights, indexed by the 4-bit rights mask.
    pub castling: [u64; 16],
    /// En passant file.
    pub ep_file: [u64; 8],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
    /// Reserve (holdings) counts for drop variants: colour, kind, count (0..16).
    pub reserve: [[[u64; 17]; 6]; 2],
    /// Spare keys for variant state (series counters, board results, ...).
    pub extra: [u64; 64],
}

const fn make_keys() -> Keys {
    let mut state = 0x7673_6164_6E69_6B00u64; // "vsadnik"
    let mut k = Keys {
        piece: [[0; 64]; 12],
        castling: [0; 16],
        ep_file: [0; 8],
        black_to_move: 0,
        reserve: [[[0; 17]; 6]; 2],
        extra: [0; 64],
    };
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (ns, v) = splitmix(state);
            state = ns;
            k.piece[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    // Castling keys are XOR-combinations of four base keys so that the key of a
    // rights mask equals the XOR of its single rights.
    let mut base = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (ns, v) = splitmix(state);
        state = ns;
        base[i] = v;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut v = 0;
        let mut b = 0;
        while b < 4 {
            if mask & (1 << b) != 0 {
                v ^= base[b];
            }
            b += 1;
        }
        k.castling[mask] = v;
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (ns, v) = splitmix(state);
        state = ns;
        k.ep_file[f] = v;
        f += 1;
    }
    let (ns, v) = splitmix(state);
    state = ns;
    k.black_to_move = v;
    let mut c = 0;
    while c < 2 {
        let mut kind = 0;
        while kind < 6 {
            let mut n = 1; // count 0 hashes to nothing
            while n < 17 {
                let (ns, v) = splitmix(state);
                state = ns;
                k.reserve[c][kind][n] = v;
                n += 1;
            }
            kind += 1;
        }
        c += 1;
    }
    let mut e = 0;
    while e < 64 {
        let (ns, v) = splitmix(state);
        state = ns;
        k.extra[e] = v;
        e += 1;
    }
    k
}

/// The keys, one table for all variants.
pub static KEYS: Keys = make_keys();

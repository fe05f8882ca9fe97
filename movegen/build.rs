//! Writes the slider attack tables (magic bitboards, or PEXT-indexed tables when
//! the target has BMI2) to `$OUT_DIR/slider_tables.rs`, so that nothing is
//! computed when the engine starts.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

#[allow(dead_code)]
mod slider_gen {
    include!("src/slider_gen.rs");
}
use slider_gen::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// All subsets of `mask` (Carry-Rippler enumeration).
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

fn find_magic(mask: u64, occs: &[u64], atts: &[u64], rng: &mut Rng) -> u64 {
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let mut used = vec![0u64; 1 << bits];
    let mut epoch = vec![0u32; 1 << bits];
    let mut tries = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        tries += 1;
        let mut ok = true;
        for (&occ, &att) in occs.iter().zip(atts) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if epoch[idx] != tries {
                epoch[idx] = tries;
                used[idx] = att;
            } else if used[idx] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return magic;
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/slider_gen.rs");
    let pext = env::var("CARGO_CFG_TARGET_FEATURE")
        .map(|f| f.split(',').any(|x| x == "bmi2"))
        .unwrap_or(false);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table: Vec<u64> = Vec::new();
    let mut src = String::new();
    for (name, dirs) in [("ROOK", &ROOK_DIRS), ("BISHOP", &BISHOP_DIRS)] {
        let mut entries = String::new();
        for sq in 0..64u8 {
            let mask = relevant_mask(sq, dirs);
            let occs = subsets(mask);
            let atts: Vec<u64> = occs.iter().map(|&o| sliding_attacks(sq, o, dirs)).collect();
            let bits = mask.count_ones();
            let offset = table.len();
            table.resize(offset + (1 << bits), 0);
            let magic = if pext {
                0
            } else {
                find_magic(mask, &occs, &atts, &mut rng)
            };
            for (&occ, &att) in occs.iter().zip(&atts) {
                let idx = if pext {
                    soft_pext(occ, mask) as usize
                } else {
                    (occ.wrapping_mul(magic) >> (64 - bits)) as usize
                };
                table[offset + idx] = att;
            }
            writeln!(
                entries,
                "    SliderEntry {{ mask: {mask:#x}, magic: {magic:#x}, shift: {}, offset: {offset} }},",
                64 - bits
            )
            .unwrap();
        }
        writeln!(
            src,
            "pub(crate) static {name}_ENTRIES: [SliderEntry; 64] = [\n{entries}];"
        )
        .unwrap();
    }
    writeln!(
        src,
        "pub(crate) static SLIDER_TABLE: [u64; {}] = [",
        table.len()
    )
    .unwrap();
    for chunk in table.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|x| format!("{x:#x}")).collect();
        writeln!(src, "    {},", line.join(", ")).unwrap();
    }
    writeln!(src, "];").unwrap();
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("slider_tables.rs");
    fs::write(out, src).unwrap();
}

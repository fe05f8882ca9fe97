//! Weights sets as flat lists of [`S`] parameters, for the tuner: visiting
//! every parameter in order, and writing a set back out as Rust source.

use crate::score::S;

/// A value made of [`S`] parameters laid out contiguously, in visiting order.
pub trait Params {
    /// The number of [`S`] parameters.
    const LEN: usize;
    /// Calls `f` on every parameter, in memory order.
    fn visit(&self, f: &mut dyn FnMut(&S));
    /// Calls `f` on every parameter mutably, in memory order.
    fn visit_mut(&mut self, f: &mut dyn FnMut(&mut S));
    /// Writes the value as a Rust expression (using the `s(mg, eg)` helper).
    fn write_rust(&self, out: &mut String, indent: usize);

    /// Every parameter, in order.
    fn to_vec(&self) -> Vec<S> {
        let mut v = Vec::with_capacity(Self::LEN);
        self.visit(&mut |s| v.push(*s));
        v
    }

    /// Overwrites every parameter from `values` (in order).
    fn set_from(&mut self, values: &[S]) {
        assert_eq!(values.len(), Self::LEN);
        let mut i = 0;
        self.visit_mut(&mut |s| {
            *s = values[i];
            i += 1;
        });
    }
}

impl Params for S {
    const LEN: usize = 1;
    fn visit(&self, f: &mut dyn FnMut(&S)) {
        f(self)
    }
    fn visit_mut(&mut self, f: &mut dyn FnMut(&mut S)) {
        f(self)
    }
    fn write_rust(&self, out: &mut String, _indent: usize) {
        out.push_str(&format!("s({}, {})", self.mg, self.eg));
    }
}

impl<T: Params, const N: usize> Params for [T; N] {
    const LEN: usize = N * T::LEN;
    fn visit(&self, f: &mut dyn FnMut(&S)) {
        self.iter().for_each(|t| t.visit(f))
    }
    fn visit_mut(&mut self, f: &mut dyn FnMut(&mut S)) {
        self.iter_mut().for_each(|t| t.visit_mut(f))
    }
    fn write_rust(&self, out: &mut String, indent: usize) {
        let pad = " ".repeat(indent + 4);
        out.push('[');
        if T::LEN == 1 {
            // Leaves: eight to a line (one board rank for square tables).
            for (i, t) in self.iter().enumerate() {
                if i % 8 == 0 {
                    out.push('\n');
                    out.push_str(&pad);
                } else {
                    out.push(' ');
                }
                t.write_rust(out, indent + 4);
                out.push(',');
            }
        } else {
            for t in self.iter() {
                out.push('\n');
                out.push_str(&pad);
                t.write_rust(out, indent + 4);
                out.push(',');
            }
        }
        out.push('\n');
        out.push_str(&" ".repeat(indent));
        out.push(']');
    }
}

/// Declares a weights struct: `#[repr(C)]`, every field made of [`S`], with
/// [`Params`] implemented field by field in declaration order and a
/// `to_rust(name)` method that writes the set as a `pub const` item.
#[macro_export]
macro_rules! weights_struct {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[repr(C)]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $crate::params::Params for $name {
            const LEN: usize = 0 $( + <$ty as $crate::params::Params>::LEN )*;
            fn visit(&self, f: &mut dyn FnMut(&$crate::score::S)) {
                $( $crate::params::Params::visit(&self.$field, f); )*
            }
            fn visit_mut(&mut self, f: &mut dyn FnMut(&mut $crate::score::S)) {
                $( $crate::params::Params::visit_mut(&mut self.$field, f); )*
            }
            fn write_rust(&self, out: &mut String, indent: usize) {
                let pad = " ".repeat(indent + 4);
                out.push_str(concat!(stringify!($name), " {\n"));
                $(
                    out.push_str(&pad);
                    out.push_str(concat!(stringify!($field), ": "));
                    $crate::params::Params::write_rust(&self.$field, out, indent + 4);
                    out.push_str(",\n");
                )*
                out.push_str(&" ".repeat(indent));
                out.push('}');
            }
        }

        impl $name {
            /// The set as Rust source: `pub const NAME: Type = Type { .. };`.
            pub fn to_rust(&self, const_name: &str) -> String {
                let mut out = format!("pub const {}: {} = ", const_name, stringify!($name));
                $crate::params::Params::write_rust(self, &mut out, 0);
                out.push_str(";\n");
                out
            }
        }
    };
}

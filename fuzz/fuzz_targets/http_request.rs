//! The board server's request reader (`gui::http::read_request`), which
//! stays the project's own (docs/gui.md, "The server"): any bytes as one
//! connection's input. Any panic is a crash. What it reads must hold
//! together: a request names a method and a target that starts with `/`,
//! its body is no longer than the limit, and its headers can be asked for.

#![no_main]

use gui::http::{read_request, MAX_BODY};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match read_request(data) {
        Ok(r) => {
            assert!(!r.method.is_empty());
            assert!(r.path.starts_with('/'), "{:?}", r.path);
            assert!(r.body.len() <= MAX_BODY);
            let _ = r.header("host");
            let _ = r.param("x");
        }
        Err(e) => assert!((400..=505).contains(&e.status), "{e:?}"),
    }
});

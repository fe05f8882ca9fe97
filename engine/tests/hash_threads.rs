//! The hash table's prefault thread never outlives the engine (found by the
//! `protocol` fuzz target: a leak report for a thread still touching the
//! table after the protocol loop had returned). One test in its own binary,
//! so that no other test's engine starts a thread meanwhile.

use engine::Engine;

/// The number of this process's threads (Linux), if it can be read.
fn threads() -> Option<usize> {
    std::fs::read_dir("/proc/self/task")
        .ok()
        .map(|tasks| tasks.count())
}

#[test]
fn the_prefault_thread_ends_with_the_engine() {
    let Some(before) = threads() else {
        eprintln!("skipped: no /proc/self/task to count threads");
        return;
    };
    // 1 GB (zeroed lazily: only the pages the thread touches cost memory):
    // bringing its pages in takes longer than getting to the check below.
    let mut e = Engine::new(1);
    e.set_hash(1024).unwrap();
    e.set_hash(1024).unwrap();
    e.clear_hash();
    drop(e);
    assert_eq!(threads(), Some(before), "a thread outlived the engine");
}

//! What the search tests share.

use engine::{Reporter, SearchInfo, SearchResult};
use std::sync::Mutex;

/// A reporter that keeps every progress report, the node count of the
/// last report of either kind (a line, or the count alone), and the notes.
#[derive(Default)]
pub struct Collect(
    pub Mutex<Vec<SearchInfo>>,
    pub Mutex<u64>,
    pub Mutex<Vec<String>>,
);

impl Reporter for Collect {
    fn info(&self, info: &SearchInfo) {
        self.0.lock().unwrap().push(info.clone());
        *self.1.lock().unwrap() = info.nodes;
    }
    fn progress(&self, nodes: u64, _time_ms: u64) {
        *self.1.lock().unwrap() = nodes;
    }
    fn finished(&self, _: &SearchResult) {}
    fn note(&self, text: &str) {
        self.2.lock().unwrap().push(text.to_string());
    }
}

//! What the search tests share.

use engine::{Reporter, SearchInfo, SearchResult};
use std::sync::Mutex;

/// A reporter that keeps every progress report.
#[derive(Default)]
pub struct Collect(pub Mutex<Vec<SearchInfo>>);

impl Reporter for Collect {
    fn info(&self, info: &SearchInfo) {
        self.0.lock().unwrap().push(info.clone());
    }
    fn finished(&self, _: &SearchResult) {}
}

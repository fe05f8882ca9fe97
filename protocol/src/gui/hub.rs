//! Where the web server and the room meet: commands go to the room on a
//! channel, each with its own reply channel; what the room publishes (the
//! state document, engine thinking) is kept (the latest state) and fanned
//! out to every open event stream. Nothing here knows chess.

use super::json::Json;
use crossbeam::channel::{self, Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Most event streams open at once.
pub const MAX_SUBSCRIBERS: usize = 16;
/// Events queued for one stream before it is dropped as too slow (the
/// page reconnects and starts again from the latest state).
const QUEUE: usize = 256;

/// A command's failure: the HTTP status and a message for the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 400 (bad input), 404, 409 (not now), 503 (busy).
    pub status: u16,
    /// What went wrong, one line.
    pub message: String,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

/// What a command answers: a JSON document or an error.
pub type Answer = Result<Json, ApiError>;

/// A command on its way to the room, with the channel for its answer.
pub struct Envelope<C> {
    /// The command.
    pub command: C,
    /// Where the answer goes.
    pub reply: Sender<Answer>,
}

/// The meeting point of the server threads and the room (`C`: the room's
/// command type).
pub struct Hub<C> {
    commands: Sender<Envelope<C>>,
    latest: Mutex<String>,
    /// Signalled when a state is published.
    published: Condvar,
    subscribers: Mutex<Vec<Sender<Arc<str>>>>,
    shutdown: AtomicBool,
}

impl<C> Hub<C> {
    /// A hub whose commands go to `commands`.
    pub fn new(commands: Sender<Envelope<C>>) -> Arc<Hub<C>> {
        Arc::new(Hub {
            commands,
            latest: Mutex::new(String::new()),
            published: Condvar::new(),
            subscribers: Mutex::new(Vec::new()),
            shutdown: AtomicBool::new(false),
        })
    }

    /// Sends `command` to the room and waits for its answer (at most
    /// `wait`: 503 when the room is busy that long or has ended).
    pub fn ask(&self, command: C, wait: Duration) -> Answer {
        let (tx, rx) = channel::bounded(1);
        let busy = || ApiError::new(503, "the board is busy or shutting down; try again");
        self.commands
            .send(Envelope { command, reply: tx })
            .map_err(|_| busy())?;
        rx.recv_timeout(wait).map_err(|_| busy())?
    }

    /// The latest state document (`{}` before the first).
    pub fn latest(&self) -> String {
        match self.latest.lock() {
            Ok(s) if !s.is_empty() => s.clone(),
            _ => "{}".to_string(),
        }
    }

    /// Waits until a state has been published, at most `wait`; true when
    /// one has.
    pub fn wait_first_state(&self, wait: Duration) -> bool {
        let Ok(latest) = self.latest.lock() else {
            return false;
        };
        self.published
            .wait_timeout_while(latest, wait, |s| s.is_empty())
            .is_ok_and(|(s, _)| !s.is_empty())
    }

    /// Publishes event `name` with `data` (one line of JSON) to every
    /// stream; a `state` event also becomes the latest state.
    pub fn publish(&self, name: &str, data: String) {
        let frame: Arc<str> = format!("event: {name}\ndata: {data}\n\n").into();
        if name == "state" {
            if let Ok(mut latest) = self.latest.lock() {
                *latest = data;
            }
            self.published.notify_all();
        }
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.retain(|s| s.try_send(frame.clone()).is_ok());
        }
    }

    /// A new event stream, or `None` when too many are open.
    pub fn subscribe(&self) -> Option<Receiver<Arc<str>>> {
        let mut subs = self.subscribers.lock().ok()?;
        subs.retain(|s| !s.is_full());
        if subs.len() >= MAX_SUBSCRIBERS {
            return None;
        }
        let (tx, rx) = channel::bounded(QUEUE);
        subs.push(tx);
        Some(rx)
    }

    /// Starts the shutdown: streams end, the server stops accepting.
    pub fn shut_down(&self) {
        self.shutdown.store(true, Ordering::SeqCst);
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.clear();
        }
    }

    /// True once the shutdown has started.
    pub fn shutting_down(&self) -> bool {
        self.shutdown.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fan_out_latest_and_answers() {
        let (tx, rx) = channel::unbounded::<Envelope<u32>>();
        let hub = Hub::new(tx);
        let stream = hub.subscribe().unwrap();
        assert_eq!(hub.latest(), "{}");
        assert!(!hub.wait_first_state(Duration::from_millis(1)));
        hub.publish("state", "{\"v\":1}".into());
        assert!(hub.wait_first_state(Duration::from_millis(1)));
        hub.publish("thinking", "{}".into());
        assert_eq!(hub.latest(), "{\"v\":1}");
        assert_eq!(
            &*stream.recv().unwrap(),
            "event: state\ndata: {\"v\":1}\n\n"
        );
        assert!(stream.recv().unwrap().starts_with("event: thinking"));
        let room = std::thread::spawn(move || {
            let e = rx.recv().unwrap();
            e.reply.send(Ok(Json::from(e.command * 2))).unwrap();
        });
        assert_eq!(hub.ask(21, Duration::from_secs(5)), Ok(Json::Num(42.0)));
        room.join().unwrap();
        assert_eq!(
            hub.ask(1, Duration::from_millis(10)).unwrap_err().status,
            503
        );
        drop(stream);
        hub.publish("state", "{}".into());
        let subs: Vec<_> = (0..MAX_SUBSCRIBERS)
            .map_while(|_| hub.subscribe())
            .collect();
        assert_eq!(subs.len(), MAX_SUBSCRIBERS);
        assert!(hub.subscribe().is_none());
    }
}

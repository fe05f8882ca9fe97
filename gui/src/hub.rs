//! Where the web server and the room meet: commands go to the room on a
//! channel, each with its own reply channel; what the room publishes (the
//! state document, engine thinking) is kept (the latest state) and fanned
//! out to every open event stream. Nothing here knows chess.

use crossbeam::channel::{self, Receiver, Sender};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
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

/// What a command answers when it succeeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    /// A JSON document (the new state), as text.
    Json(String),
    /// The game as PGN text.
    Pgn(String),
}

/// What a command answers: a [`Payload`] or an error.
pub type Answer = Result<Payload, ApiError>;

/// A command on its way to the room, with the channel for its answer.
pub struct Envelope<C> {
    /// The command.
    pub command: C,
    /// Where the answer goes.
    pub reply: Sender<Answer>,
}

/// An open event stream's end: the frames published since it opened. Its
/// slot is held while it lives and freed when it is dropped (the stream's
/// client has gone), whether or not anything is published after.
pub struct Subscription {
    /// The frames, each a whole Server-Sent Event.
    pub events: Receiver<Arc<str>>,
    _slot: Arc<()>,
}

/// The hub's side of a subscription.
struct Slot {
    frames: Sender<Arc<str>>,
    held: Weak<()>,
}

impl Slot {
    /// True while the subscription lives.
    fn held(&self) -> bool {
        self.held.strong_count() > 0
    }
}

/// The meeting point of the server threads and the room (`C`: the room's
/// command type).
pub struct Hub<C> {
    commands: Sender<Envelope<C>>,
    latest: Mutex<String>,
    subscribers: Mutex<Vec<Slot>>,
    shutdown: AtomicBool,
    numbers: AtomicU64,
}

impl<C> Hub<C> {
    /// A hub whose commands go to `commands`.
    pub fn new(commands: Sender<Envelope<C>>) -> Arc<Hub<C>> {
        Arc::new(Hub {
            commands,
            latest: Mutex::new("{}".to_string()),
            subscribers: Mutex::new(Vec::new()),
            shutdown: AtomicBool::new(false),
            numbers: AtomicU64::new(0),
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

    /// The next of a sequence shared by every room the hub serves (state
    /// versions, engine line numbers): pages keep the newest they saw, so a
    /// new room must go on counting where the last one stopped.
    pub fn next_number(&self) -> u64 {
        self.numbers.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The latest state document.
    pub fn latest(&self) -> String {
        self.latest.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Publishes event `name` with `data` (one line of JSON) to every
    /// stream; a `state` event also becomes the latest state.
    pub fn publish(&self, name: &str, data: String) {
        let frame: Arc<str> = format!("event: {name}\ndata: {data}\n\n").into();
        if name == "state" {
            if let Ok(mut latest) = self.latest.lock() {
                *latest = data;
            }
        }
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.retain(|s| s.held() && s.frames.try_send(frame.clone()).is_ok());
        }
    }

    /// A new event stream, or `None` when too many are open (streams
    /// dropped, or too slow, do not count).
    pub fn subscribe(&self) -> Option<Subscription> {
        let mut subs = self.subscribers.lock().ok()?;
        subs.retain(|s| s.held() && !s.frames.is_full());
        if subs.len() >= MAX_SUBSCRIBERS {
            return None;
        }
        let (tx, rx) = channel::bounded(QUEUE);
        let slot = Arc::new(());
        subs.push(Slot {
            frames: tx,
            held: Arc::downgrade(&slot),
        });
        Some(Subscription {
            events: rx,
            _slot: slot,
        })
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
        hub.publish("state", "{\"v\":1}".into());
        hub.publish("thinking", "{}".into());
        assert_eq!(hub.latest(), "{\"v\":1}");
        assert_eq!(
            &*stream.events.recv().unwrap(),
            "event: state\ndata: {\"v\":1}\n\n"
        );
        assert!(stream.events.recv().unwrap().starts_with("event: thinking"));
        let room = std::thread::spawn(move || {
            let e = rx.recv().unwrap();
            let answer = Payload::Json((e.command * 2).to_string());
            e.reply.send(Ok(answer)).unwrap();
        });
        assert_eq!(
            hub.ask(21, Duration::from_secs(5)),
            Ok(Payload::Json("42".into()))
        );
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

    #[test]
    fn a_dropped_stream_frees_its_slot_with_nothing_published() {
        let (tx, _rx) = channel::unbounded::<Envelope<u32>>();
        let hub = Hub::new(tx);
        for _ in 0..3 * MAX_SUBSCRIBERS {
            drop(hub.subscribe().expect("a slot"));
        }
        let mut subs: Vec<_> = (0..MAX_SUBSCRIBERS)
            .map_while(|_| hub.subscribe())
            .collect();
        assert_eq!(subs.len(), MAX_SUBSCRIBERS);
        assert!(hub.subscribe().is_none());
        subs.pop();
        assert!(hub.subscribe().is_some());
    }
}

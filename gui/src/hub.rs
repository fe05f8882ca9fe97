//! Where the web server and the room meet: commands go to the room on a
//! channel, each with its own reply channel; what the room publishes (the
//! state document, engine thinking) is kept (the latest state) and fanned
//! out to every open event stream. Nothing here knows chess.
//!
//! Who asks matters in team games, where several people sit at one board
//! page, each from a seat link: a command carries its [`Caller`], and the
//! room publishes a state for each seat link besides the host's; a stream
//! opened with a seat link's key gets that seat's states only.

use crossbeam::channel::{self, Receiver, Sender};
use std::collections::HashMap;
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

/// Who sends a command or opens a stream: the board's host (the page at
/// the server's own address), or a person holding a seat link
/// (`/?seat=KEY`, team games).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caller {
    /// The seat link's key; `None` for the host.
    pub seat: Option<String>,
    /// The browser's own id, with which a seat is held (a reload of the
    /// page, or another tab of the same browser, holds it still).
    pub client: Option<String>,
}

impl Caller {
    /// The board's host.
    pub fn host() -> Caller {
        Caller::default()
    }

    /// True for the host.
    pub fn is_host(&self) -> bool {
        self.seat.is_none()
    }
}

/// The answer to a seat link where the board has no such seat.
pub fn no_such_seat() -> ApiError {
    ApiError::new(
        404,
        "no such seat: this seat link belongs to a team game the board no longer plays",
    )
}

/// A command on its way to the room, with the channel for its answer.
pub struct Envelope<C> {
    /// The command.
    pub command: C,
    /// Who sent it.
    pub caller: Caller,
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
    /// The seat link it follows; `None`: the host's.
    seat: Option<String>,
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
    /// The latest state of each seat link, by key.
    seats: Mutex<HashMap<String, String>>,
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
            seats: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            shutdown: AtomicBool::new(false),
            numbers: AtomicU64::new(0),
        })
    }

    /// Sends `command` from `caller` to the room and waits for its answer
    /// (at most `wait`: 503 when the room is busy that long or has ended).
    pub fn ask(&self, command: C, caller: Caller, wait: Duration) -> Answer {
        let (tx, rx) = channel::bounded(1);
        let busy = || ApiError::new(503, "the board is busy or shutting down; try again");
        self.commands
            .send(Envelope {
                command,
                caller,
                reply: tx,
            })
            .map_err(|_| busy())?;
        rx.recv_timeout(wait).map_err(|_| busy())?
    }

    /// The next of a sequence shared by every room the hub serves (state
    /// versions, engine line numbers): pages keep the newest they saw, so a
    /// new room must go on counting where the last one stopped.
    pub fn next_number(&self) -> u64 {
        self.numbers.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The latest state document of the host (`seat` `None`) or of a
    /// seat link; `None` for a seat link the board does not have.
    pub fn latest(&self, seat: Option<&str>) -> Option<String> {
        match seat {
            None => Some(self.latest.lock().map(|s| s.clone()).unwrap_or_default()),
            Some(key) => self.seats.lock().ok()?.get(key).cloned(),
        }
    }

    /// Publishes event `name` with `data` (one line of JSON) to the host's
    /// streams; a `state` event also becomes the host's latest state.
    pub fn publish(&self, name: &str, data: String) {
        if name == "state" {
            if let Ok(mut latest) = self.latest.lock() {
                latest.clone_from(&data);
            }
        }
        self.send(None, name, &data);
    }

    /// Publishes `data` as the state of seat link `key` to its streams.
    pub fn publish_seat(&self, key: &str, data: String) {
        self.send(Some(key), "state", &data);
        if let Ok(mut seats) = self.seats.lock() {
            seats.insert(key.to_string(), data);
        }
    }

    /// Forgets the seat links of `keys` (their team game's room has
    /// closed): their streams end, and the keys are no longer known.
    pub fn forget_seats(&self, keys: &[&str]) {
        let gone = |seat: &str| keys.contains(&seat);
        if let Ok(mut seats) = self.seats.lock() {
            seats.retain(|k, _| !gone(k));
        }
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.retain(|s| !s.seat.as_deref().is_some_and(gone));
        }
    }

    /// Sends event `name` with `data` to the streams of `seat`.
    fn send(&self, seat: Option<&str>, name: &str, data: &str) {
        let frame: Arc<str> = format!("event: {name}\ndata: {data}\n\n").into();
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.retain(|s| {
                s.held() && (s.seat.as_deref() != seat || s.frames.try_send(frame.clone()).is_ok())
            });
        }
    }

    /// A new event stream of the host (`seat` `None`) or of a seat link,
    /// or `None` when too many are open (streams dropped, or too slow, do
    /// not count).
    pub fn subscribe(&self, seat: Option<&str>) -> Option<Subscription> {
        let mut subs = self.subscribers.lock().ok()?;
        subs.retain(|s| s.held() && !s.frames.is_full());
        if subs.len() >= MAX_SUBSCRIBERS {
            return None;
        }
        let (tx, rx) = channel::bounded(QUEUE);
        let slot = Arc::new(());
        subs.push(Slot {
            seat: seat.map(str::to_string),
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
        let stream = hub.subscribe(None).unwrap();
        hub.publish("state", "{\"v\":1}".into());
        hub.publish("thinking", "{}".into());
        assert_eq!(hub.latest(None).unwrap(), "{\"v\":1}");
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
            hub.ask(21, Caller::host(), Duration::from_secs(5)),
            Ok(Payload::Json("42".into()))
        );
        room.join().unwrap();
        assert_eq!(
            hub.ask(1, Caller::host(), Duration::from_millis(10))
                .unwrap_err()
                .status,
            503
        );
        drop(stream);
        hub.publish("state", "{}".into());
        let subs: Vec<_> = (0..MAX_SUBSCRIBERS)
            .map_while(|_| hub.subscribe(None))
            .collect();
        assert_eq!(subs.len(), MAX_SUBSCRIBERS);
        assert!(hub.subscribe(None).is_none());
    }

    #[test]
    fn each_seat_link_has_its_own_states() {
        let (tx, _rx) = channel::unbounded::<Envelope<u32>>();
        let hub = Hub::new(tx);
        assert_eq!(hub.latest(Some("k1")), None, "an unknown seat link");
        let host = hub.subscribe(None).unwrap();
        let seat = hub.subscribe(Some("k1")).unwrap();
        hub.publish_seat("k1", "{\"seat\":1}".into());
        hub.publish_seat("k2", "{\"seat\":2}".into());
        hub.publish("state", "{\"host\":true}".into());
        assert_eq!(hub.latest(Some("k1")).unwrap(), "{\"seat\":1}");
        assert_eq!(hub.latest(None).unwrap(), "{\"host\":true}");
        assert!(seat.events.recv().unwrap().ends_with("{\"seat\":1}\n\n"));
        assert!(
            seat.events.try_recv().is_err(),
            "only its own seat's states"
        );
        assert!(host.events.recv().unwrap().contains("host"));
        assert!(host.events.try_recv().is_err());
        hub.forget_seats(&["k1"]);
        assert_eq!(hub.latest(Some("k1")), None);
        assert!(
            hub.latest(Some("k2")).is_some(),
            "another room's seat stays"
        );
        assert!(seat.events.recv().is_err(), "the seat's stream ends");
        hub.publish("state", "{}".into());
        assert!(host.events.recv().is_ok(), "the host's goes on");
    }

    #[test]
    fn a_dropped_stream_frees_its_slot_with_nothing_published() {
        let (tx, _rx) = channel::unbounded::<Envelope<u32>>();
        let hub = Hub::new(tx);
        for _ in 0..3 * MAX_SUBSCRIBERS {
            drop(hub.subscribe(None).expect("a slot"));
        }
        let mut subs: Vec<_> = (0..MAX_SUBSCRIBERS)
            .map_while(|_| hub.subscribe(None))
            .collect();
        assert_eq!(subs.len(), MAX_SUBSCRIBERS);
        assert!(hub.subscribe(None).is_none());
        subs.pop();
        assert!(hub.subscribe(None).is_some());
    }
}

//! Connections whose request is still arriving. Their requests are read on
//! their own threads, each under one deadline for the whole request
//! ([`super::http::Deadline`]), and do not count among the connections
//! served, so slow clients cannot take the slots of real ones. At most
//! [`MAX_PENDING`] wait at once: one more closes the one that has waited
//! longest (a browser sends its request at once, so the oldest is the
//! slowest).

use std::collections::VecDeque;
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex};

/// Most connections whose request is still arriving.
pub const MAX_PENDING: usize = 64;

/// The connections whose request is still arriving, oldest first, each
/// with a handle to close it.
#[derive(Default)]
pub struct Pending {
    waiting: Mutex<Waiting>,
}

#[derive(Default)]
struct Waiting {
    next: u64,
    queue: VecDeque<(u64, TcpStream)>,
}

/// A connection's place among the pending ones, given up when dropped
/// (its request has been read, or it failed).
pub struct Ticket {
    pending: Arc<Pending>,
    id: u64,
}

impl Pending {
    /// A new, empty set.
    pub fn new() -> Arc<Pending> {
        Arc::new(Pending::default())
    }

    /// Takes `stream` in while its request arrives, closing the oldest
    /// pending connection when [`MAX_PENDING`] already wait; `None` when
    /// the connection cannot be kept track of (out of descriptors).
    pub fn admit(self: &Arc<Self>, stream: &TcpStream) -> Option<Ticket> {
        let handle = stream.try_clone().ok()?;
        let mut w = self.waiting.lock().ok()?;
        while w.queue.len() >= MAX_PENDING {
            if let Some((_, oldest)) = w.queue.pop_front() {
                // Its thread's read ends at once; it answers and goes.
                let _ = oldest.shutdown(Shutdown::Both);
            }
        }
        w.next += 1;
        let id = w.next;
        w.queue.push_back((id, handle));
        Some(Ticket {
            pending: self.clone(),
            id,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Ok(mut w) = self.pending.waiting.lock() {
            w.queue.retain(|(id, _)| *id != self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::net::TcpListener;

    fn waiting(p: &Pending) -> usize {
        p.waiting.lock().unwrap().queue.len()
    }

    #[test]
    fn the_oldest_is_closed_when_too_many_wait() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let pending = Pending::new();
        let mut clients = Vec::new();
        let mut tickets = Vec::new();
        let mut served = Vec::new();
        for _ in 0..=MAX_PENDING {
            clients.push(TcpStream::connect(addr).unwrap());
            let (s, _) = listener.accept().unwrap();
            tickets.push(pending.admit(&s).unwrap());
            served.push(s);
        }
        assert_eq!(waiting(&pending), MAX_PENDING);
        // The first connection was shut down: its server side reads its end.
        let mut buf = [0; 1];
        assert_eq!(served[0].read(&mut buf).unwrap(), 0);
        drop(tickets.pop());
        assert_eq!(waiting(&pending), MAX_PENDING - 1);
        tickets.clear();
        assert_eq!(waiting(&pending), 0);
    }
}

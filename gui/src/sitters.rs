//! Who sits in the seats of a team room: the host (the page at the
//! server's own address) in any seat, and in each other seat the person
//! who took it through its seat link, if any. Each seat has a seat link
//! (`/?seat=KEY`, the key drawn at random when the room opens); a person
//! holds a seat with a browser's own id (`client`), so that a reload of
//! the page keeps the seat and another browser cannot take it.

use super::hub::Caller;

/// The name the host goes by (in the record and for the partner).
pub const HOST_NAME: &str = "Player";
/// The name of a person who took a seat and gave none.
pub const GUEST_NAME: &str = "Guest";

/// A person holding a seat through its link.
struct Guest {
    client: String,
    name: String,
}

/// The people of a team room and the seat links.
pub struct Sitters {
    host: usize,
    keys: [String; 4],
    guests: [Option<Guest>; 4],
}

impl Sitters {
    /// The host in seat `host`, nobody else; new seat links.
    pub fn new(host: usize) -> Sitters {
        Sitters {
            host,
            keys: [(); 4].map(|()| format!("{:032x}", rand::random::<u128>())),
            guests: Default::default(),
        }
    }

    /// The host's seat.
    pub fn host(&self) -> usize {
        self.host
    }

    /// The key of seat `e`'s link.
    pub fn key(&self, e: usize) -> &str {
        &self.keys[e]
    }

    /// Seat `e`'s link, as a path on the server.
    pub fn link(&self, e: usize) -> String {
        format!("/?seat={}", self.keys[e])
    }

    /// The seat whose link has `key`.
    pub fn seat_of_key(&self, key: &str) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }

    /// True when a person plays seat `e`.
    pub fn is_person(&self, e: usize) -> bool {
        e == self.host || self.guests[e].is_some()
    }

    /// The name of the person in seat `e`, if a person sits there.
    pub fn name(&self, e: usize) -> Option<&str> {
        if e == self.host {
            Some(HOST_NAME)
        } else {
            self.guest_name(e)
        }
    }

    /// The name of the person who took seat `e` through its link.
    pub fn guest_name(&self, e: usize) -> Option<&str> {
        self.guests[e].as_ref().map(|g| g.name.as_str())
    }

    /// True when `caller` holds seat `e`: the host its own, a seat link's
    /// page the seat it took.
    pub fn holds(&self, e: usize, caller: &Caller) -> bool {
        if caller.is_host() {
            return e == self.host;
        }
        match (&self.guests[e], &caller.client) {
            (Some(g), Some(client)) => g.client == *client,
            _ => false,
        }
    }

    /// Seat `e` (not the host's) is taken by the browser `client`, going
    /// by `name` (or the name it had, or [`GUEST_NAME`]).
    pub fn seat_guest(&mut self, e: usize, client: &str, name: Option<String>) {
        debug_assert_ne!(e, self.host);
        let old = self.guests[e]
            .take()
            .filter(|g| g.client == client)
            .map(|g| g.name);
        self.guests[e] = Some(Guest {
            client: client.to_string(),
            name: name.or(old).unwrap_or_else(|| GUEST_NAME.to_string()),
        });
    }

    /// Seat `e` is left (an engine takes it).
    pub fn unseat(&mut self, e: usize) {
        self.guests[e] = None;
    }

    /// The host moves to seat `e`, which nobody else holds.
    pub fn move_host(&mut self, e: usize) {
        debug_assert!(self.guests[e].is_none());
        self.host = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guest(key: &str, client: &str) -> Caller {
        Caller {
            seat: Some(key.to_string()),
            client: Some(client.to_string()),
        }
    }

    #[test]
    fn seats_are_held_by_their_browser() {
        let mut s = Sitters::new(0);
        let keys: Vec<String> = (0..4).map(|e| s.key(e).to_string()).collect();
        assert!(keys.iter().all(|k| k.len() == 32));
        assert_ne!(keys[1], keys[2], "a key per seat");
        assert_ne!(Sitters::new(0).key(1), keys[1], "new keys per room");
        assert_eq!(s.seat_of_key(&keys[3]), Some(3));
        assert_eq!(s.seat_of_key("nosuch"), None);
        assert!(s.holds(0, &Caller::host()) && !s.holds(1, &Caller::host()));
        assert_eq!((s.is_person(1), s.name(0)), (false, Some(HOST_NAME)));
        s.seat_guest(1, "c1", None);
        assert!(s.is_person(1) && s.holds(1, &guest(&keys[1], "c1")));
        assert!(!s.holds(1, &guest(&keys[1], "c2")), "another browser");
        assert_eq!(s.guest_name(1), Some(GUEST_NAME));
        s.seat_guest(1, "c1", Some("Anna".into()));
        s.seat_guest(1, "c1", None);
        assert_eq!(s.name(1), Some("Anna"), "a reload keeps the name");
        assert_eq!(s.link(1), format!("/?seat={}", keys[1]));
        s.unseat(1);
        assert!(!s.is_person(1));
        s.move_host(2);
        assert_eq!(s.host(), 2);
        assert!(!s.is_person(0));
    }
}

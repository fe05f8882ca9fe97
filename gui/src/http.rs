//! Just enough HTTP/1.1 for a local board: one request per connection
//! (`Connection: close`), bodies by `Content-Length`, bounded sizes, and
//! responses with a status, a type and a body. Server-Sent Events streams
//! are written by the server module on the same connection.

use super::doc::{to_text, ErrorDoc};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Longest request line plus headers, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// Largest request body, in bytes (a PGN to load).
pub const MAX_BODY: usize = 1024 * 1024;
/// Most header lines in a request.
const MAX_HEADERS: usize = 64;
/// Headers the server decides by: each may come at most once (RFC 9112
/// makes two `Content-Length` or two `Host` headers an error, since two
/// readers may pick different ones).
const SINGLE: [&str; 5] = [
    "content-length",
    "host",
    "origin",
    "content-type",
    "transfer-encoding",
];

/// A connection read under one deadline for a whole request: no read waits
/// past it, and a read asked for after it fails at once (`TimedOut`,
/// answered with 408), however steadily the bytes trickle in.
pub struct Deadline<'a> {
    stream: &'a TcpStream,
    end: Instant,
}

impl<'a> Deadline<'a> {
    /// Reads from `stream` for at most `within` from now.
    pub fn new(stream: &'a TcpStream, within: Duration) -> Deadline<'a> {
        Deadline {
            stream,
            end: Instant::now() + within,
        }
    }
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut stream = self.stream;
        stream.read(buf)
    }
}

/// A request as read from the connection.
#[derive(Debug, Default)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, without the query (`/api/state`).
    pub path: String,
    /// The query's name=value pairs, percent-decoded.
    pub query: Vec<(String, String)>,
    /// Header names (lower case) and values.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Request {
    /// The value of header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of query parameter `name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A response: status, content type and body (and extra headers).
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// More headers.
    pub headers: Vec<(&'static str, String)>,
}

impl Response {
    /// A response with `body` of type `content_type`.
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    /// A JSON document.
    pub fn json(status: u16, text: String) -> Response {
        Response::new(status, "application/json; charset=utf-8", text)
    }

    /// An error as JSON: `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Response {
        Response::json(status, to_text(&ErrorDoc { error: message }))
    }

    /// This response with one more header.
    pub fn with_header(mut self, name: &'static str, value: &str) -> Response {
        self.headers.push((name, value.to_string()));
        self
    }
}

/// The reason phrase of a status code.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Payload Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Unknown",
    }
}

/// Headers every response carries: no caching, no sniffing, the page's
/// own scripts only.
pub const COMMON_HEADERS: &str = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n\
Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'\r\n";

/// Writes `r` and closes the exchange (`Connection: close`).
pub fn write_response<W: Write>(out: &mut W, r: &Response) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n{COMMON_HEADERS}",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    for (name, value) in &r.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())?;
    out.write_all(&r.body)?;
    out.flush()
}

/// Why a request could not be read: the status to answer with, and why.
#[derive(Debug, PartialEq, Eq)]
pub struct BadRequest {
    /// The status code (400, 408, 411, 413, 431, 501, 505).
    pub status: u16,
    /// What was wrong.
    pub message: String,
}

fn bad(status: u16, message: &str) -> BadRequest {
    BadRequest {
        status,
        message: message.to_string(),
    }
}

/// One line of the head, without its CRLF; counts the bytes against the
/// head's limit.
fn head_line<R: BufRead>(r: &mut R, used: &mut usize) -> Result<String, BadRequest> {
    let mut buf = Vec::new();
    let limit = (MAX_HEAD - *used) as u64 + 1;
    match r.take(limit).read_until(b'\n', &mut buf) {
        Ok(0) => {
            return Err(bad(
                400,
                "the connection closed before the request was complete",
            ))
        }
        Ok(_) => {}
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            return Err(bad(408, "the request took too long"))
        }
        Err(_) => return Err(bad(400, "the request could not be read")),
    }
    *used += buf.len();
    if *used > MAX_HEAD || !buf.ends_with(b"\n") {
        return Err(bad(431, "the request head is too long"));
    }
    buf.pop();
    if buf.ends_with(b"\r") {
        buf.pop();
    }
    String::from_utf8(buf).map_err(|_| bad(400, "the request head is not UTF-8"))
}

/// Reads one request from `stream`.
pub fn read_request<R: Read>(stream: R) -> Result<Request, BadRequest> {
    let mut r = BufReader::new(stream);
    let mut used = 0;
    let line = head_line(&mut r, &mut used)?;
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad(400, "malformed request line"));
    };
    if !matches!(version, "HTTP/1.1" | "HTTP/1.0") {
        return Err(bad(505, "only HTTP/1.0 and HTTP/1.1 are spoken"));
    }
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(bad(400, "malformed method"));
    }
    if !target.starts_with('/') {
        return Err(bad(400, "the target must be a path"));
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p, q),
        None => (target, ""),
    };
    let mut req = Request {
        method: method.to_string(),
        path: percent_decode(path).ok_or_else(|| bad(400, "bad escape in the path"))?,
        ..Request::default()
    };
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (n, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(n), Some(v)) = (percent_decode(n), percent_decode(v)) else {
            return Err(bad(400, "bad escape in the query"));
        };
        req.query.push((n, v));
    }
    loop {
        let line = head_line(&mut r, &mut used)?;
        if line.is_empty() {
            break;
        }
        if req.headers.len() >= MAX_HEADERS {
            return Err(bad(431, "too many headers"));
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad(400, "malformed header"));
        };
        if name.is_empty() || name.contains(|c: char| c.is_whitespace()) {
            return Err(bad(400, "malformed header name"));
        }
        req.headers
            .push((name.to_ascii_lowercase(), value.trim().to_string()));
    }
    if let Some(name) = SINGLE
        .iter()
        .find(|&&name| req.headers.iter().filter(|(n, _)| n == name).count() > 1)
    {
        return Err(bad(400, &format!("more than one {name} header")));
    }
    if req.header("transfer-encoding").is_some() {
        return Err(bad(
            501,
            "chunked bodies are not accepted; send Content-Length",
        ));
    }
    let length = match req.header("content-length") {
        None if req.method == "POST" => return Err(bad(411, "a POST needs Content-Length")),
        None => 0,
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| bad(400, "bad Content-Length"))?,
    };
    if length > MAX_BODY {
        return Err(bad(413, "the body is too large (at most 1 MiB)"));
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).map_err(|e| match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
            bad(408, "the request took too long")
        }
        _ => bad(400, "the body is shorter than Content-Length"),
    })?;
    req.body = body;
    Ok(req)
}

/// `%xx` escapes (and `+` as a space) decoded; `None` for a bad escape or
/// text that is not UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8]) -> Result<Request, BadRequest> {
        read_request(text)
    }

    #[test]
    fn reads_a_post_with_a_body_and_a_query() {
        let r = read(
            b"POST /api/move?x=a%20b&y HTTP/1.1\r\nHost: 127.0.0.1:80\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\nabcdEXTRA",
        )
        .unwrap();
        assert_eq!(r.method, "POST");
        assert_eq!(r.path, "/api/move");
        assert_eq!(r.param("x"), Some("a b"));
        assert_eq!(r.param("y"), Some(""));
        assert_eq!(r.header("content-type"), Some("application/json"));
        assert_eq!(r.body, b"abcd");
    }

    #[test]
    fn refuses_bad_requests_with_a_status() {
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        let many: String = (0..100).map(|i| format!("X{i}: y\r\n")).collect();
        let many = format!("GET / HTTP/1.1\r\n{many}\r\n");
        for (text, status) in [
            (&b""[..], 400),
            (b"GET / HTTP/1.1\r\n", 400),
            (b"GET /\r\n\r\n", 400),
            (b"GET / HTTP/2\r\n\r\n", 505),
            (b"get / HTTP/1.1\r\n\r\n", 400),
            (b"GET x HTTP/1.1\r\n\r\n", 400),
            (b"GET /%zz HTTP/1.1\r\n\r\n", 400),
            (b"GET /%ff HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nno colon\r\n\r\n", 400),
            (b"POST / HTTP/1.1\r\n\r\n", 411),
            (b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n", 400),
            (b"POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", 413),
            (b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", 400),
            (
                b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                501,
            ),
            (b"GET / HTTP/1.1\r\n\xff: x\r\n\r\n", 400),
            (long.as_bytes(), 431),
            (many.as_bytes(), 431),
            // RFC 9112: two lengths, or two hosts, are ambiguous.
            (
                b"POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 100\r\n\r\nab",
                400,
            ),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nab",
                400,
            ),
            (b"POST / HTTP/1.1\r\nContent-Length: 2, 2\r\n\r\nab", 400),
            (
                b"GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\nHost: evil.example\r\n\r\n",
                400,
            ),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(
                e.status,
                status,
                "{:?}: {}",
                String::from_utf8_lossy(text),
                e.message
            );
        }
    }

    #[test]
    fn writes_a_response() {
        let mut out = Vec::new();
        write_response(&mut out, &Response::error(409, "not your turn")).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 409 Conflict\r\n"), "{text}");
        assert!(text.contains("Content-Length: 25\r\n"), "{text}");
        assert!(text.ends_with("\r\n\r\n{\"error\":\"not your turn\"}"));
    }
}

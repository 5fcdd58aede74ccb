//! Just enough HTTP/1.1 for the board server: one request per connection (`Connection:
//! close`), a `Content-Length` body, limits on the size of both, and answers with the
//! headers that keep the page to itself (no framing, no other origin's scripts).

use std::io::{Read, Write};

/// The request line and headers may take this many bytes.
pub const MAX_HEAD: usize = 16 << 10;
/// A request body may take this many bytes (a 32x32 board's position text fits many times).
pub const MAX_BODY: usize = 64 << 10;
/// The whole request must arrive within this time (each read also has the socket's timeout).
const REQUEST_TIME: std::time::Duration = std::time::Duration::from_secs(15);
/// A body over the limit but under this is read and dropped before the 413 goes out, so
/// the client sees the answer rather than a reset connection.
const DRAIN_LIMIT: usize = 4 << 20;

/// One parsed request.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path without the query.
    pub path: String,
    pub query: String,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The query parameter `key` (no percent-decoding: the API's values are plain words).
    pub fn query_param(&self, key: &str) -> Option<&str> {
        self.query.split('&').find_map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (k == key).then_some(v)
        })
    }
}

/// An answer.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Extra headers (name, value).
    pub headers: Vec<(&'static str, String)>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    /// A JSON answer.
    pub fn json(status: u16, body: String) -> Response {
        Response::new(status, "application/json; charset=utf-8", body)
    }

    /// An error: `{"error": message}` with the status.
    pub fn error(status: u16, message: &str) -> Response {
        let v = super::json::Value::obj([("error", message.into())]);
        Response::json(status, v.to_string())
    }

    /// Writes the answer and flushes.
    pub fn write_to(&self, w: &mut impl Write) -> std::io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n\
             Content-Security-Policy: default-src 'self'; img-src 'self' data:; \
             frame-ancestors 'none'; form-action 'none'\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        for (k, v) in &self.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        w.write_all(head.as_bytes())?;
        w.write_all(&self.body)?;
        w.flush()
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

/// Why a request could not be read: the status to answer (if any) and the reason.
#[derive(Debug)]
pub struct ReadError {
    /// `None`: the connection failed or closed; nothing to answer.
    pub status: Option<u16>,
    pub message: String,
}

impl ReadError {
    fn answer(status: u16, message: impl Into<String>) -> ReadError {
        ReadError {
            status: Some(status),
            message: message.into(),
        }
    }
    fn gone(message: impl Into<String>) -> ReadError {
        ReadError {
            status: None,
            message: message.into(),
        }
    }
}

/// Reads one request from `r` (which should have a read timeout set).
pub fn read_request(r: &mut impl Read) -> Result<Request, ReadError> {
    let mut buf: Vec<u8> = Vec::with_capacity(2048);
    let mut chunk = [0u8; 4096];
    // A client trickling bytes in may not hold the connection beyond this.
    let deadline = std::time::Instant::now() + REQUEST_TIME;
    let late = || std::time::Instant::now() > deadline;
    let head_end = loop {
        if let Some(p) = find(&buf, b"\r\n\r\n") {
            break p;
        }
        if late() {
            return Err(ReadError::answer(408, "request not complete in time"));
        }
        if buf.len() > MAX_HEAD {
            return Err(ReadError::answer(
                431,
                format!("request headers over {MAX_HEAD} bytes"),
            ));
        }
        match r.read(&mut chunk) {
            Ok(0) if buf.is_empty() => return Err(ReadError::gone("closed")),
            Ok(0) => return Err(ReadError::answer(400, "incomplete request")),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(ReadError::answer(408, "request not complete in time"));
            }
            Err(e) => return Err(ReadError::gone(e.to_string())),
        }
    };
    if head_end > MAX_HEAD {
        return Err(ReadError::answer(
            431,
            format!("request headers over {MAX_HEAD} bytes"),
        ));
    }
    let head = std::str::from_utf8(&buf[..head_end])
        .map_err(|_| ReadError::answer(400, "request headers are not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ReadError::answer(400, "malformed request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(ReadError::answer(400, "only HTTP/1.x is spoken here"));
    }
    let mut headers = Vec::new();
    for line in lines {
        let Some((k, v)) = line.split_once(':') else {
            return Err(ReadError::answer(400, "malformed header line"));
        };
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut req = Request {
        method: method.to_string(),
        path: path.to_string(),
        query: query.to_string(),
        headers,
        body: Vec::new(),
    };
    if req.header("transfer-encoding").is_some() {
        return Err(ReadError::answer(
            411,
            "send the body with a Content-Length (no chunked transfer)",
        ));
    }
    let length = match req.header("content-length") {
        None => 0,
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| ReadError::answer(400, "malformed Content-Length"))?,
    };
    let mut body = buf.split_off(head_end + 4);
    if length > MAX_BODY {
        // Read (and drop) a moderate excess, so that the 413 reaches the client.
        if length <= DRAIN_LIMIT {
            let mut left = length.saturating_sub(body.len());
            while left > 0 {
                match r.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => left = left.saturating_sub(n),
                }
            }
        }
        return Err(ReadError::answer(
            413,
            format!("request body of {length} bytes is over the limit of {MAX_BODY} bytes"),
        ));
    }
    while body.len() < length {
        if late() {
            return Err(ReadError::answer(408, "request body not complete in time"));
        }
        match r.read(&mut chunk) {
            Ok(0) => {
                return Err(ReadError::answer(
                    400,
                    "request body shorter than its Content-Length",
                ))
            }
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(ReadError::answer(408, "request body not complete in time"));
            }
            Err(e) => return Err(ReadError::gone(e.to_string())),
        }
    }
    body.truncate(length);
    req.body = body;
    Ok(req)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8]) -> Result<Request, ReadError> {
        read_request(&mut std::io::Cursor::new(text.to_vec()))
    }

    #[test]
    fn requests_are_parsed_and_bad_ones_refused() {
        let r = read(b"POST /api/move?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello")
            .unwrap();
        assert_eq!((r.method.as_str(), r.path.as_str()), ("POST", "/api/move"));
        assert_eq!(r.query_param("x"), Some("1"));
        assert_eq!(r.header("host"), Some("a"));
        assert_eq!(r.body, b"hello");
        let status = |t: &[u8]| read(t).err().and_then(|e| e.status);
        assert_eq!(status(b"GARBAGE\r\n\r\n"), Some(400));
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n"),
            Some(400)
        );
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc"),
            Some(400)
        );
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Some(411)
        );
        let big = format!(
            "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY + 1
        );
        assert_eq!(status(big.as_bytes()), Some(413));
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(status(long.as_bytes()), Some(431));
        assert_eq!(status(b""), None);
    }
}

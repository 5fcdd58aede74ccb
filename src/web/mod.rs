//! `pbrain-wuzi serve`: a board in the browser. A small HTTP server (the standard library
//! only: [`http`] and [`json`] are written for it) serves one page, its script and style
//! (the files in `page/`, built into the binary) and the JSON API of [`api`], which plays
//! the game of [`game`] and runs the engine with live analysis.
//!
//! It listens on 127.0.0.1 unless told otherwise. Requests from other web pages are
//! refused: the `Host` header must name the server by an IP address, `localhost` or the
//! `--host` name with the right port (so that a domain name pointed at 127.0.0.1 cannot
//! reach it), a browser's `Origin` must be the page's own, and `Sec-Fetch-Site` must not
//! be cross-site. Request sizes are bounded ([`http::MAX_HEAD`], [`http::MAX_BODY`]),
//! and so are the connections served at once. Ctrl-C ends the process (the default
//! signal action: nothing is kept between runs, so nothing needs saving).
//!
//! Layering: `web` uses `search` and `game`; nothing uses `web`.

pub mod api;
pub mod game;
pub mod http;
pub mod json;

use http::{read_request, Request, Response};
use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const INDEX_HTML: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const STYLE_CSS: &str = include_str!("page/style.css");

/// Connections served at once; more get a 503 at once.
const MAX_CONNECTIONS: usize = 32;
/// A connection that sends nothing for this long is closed.
const IO_TIMEOUT: Duration = Duration::from_secs(10);

/// The listening server.
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    /// The `--host` name, accepted in `Host` headers besides IP addresses and localhost.
    host_name: String,
    shared: Arc<api::Shared>,
    open: Arc<AtomicUsize>,
}

impl Server {
    /// Listens on `host:port` (port 0: a free one).
    pub fn bind(host: &str, port: u16) -> std::io::Result<Server> {
        let addrs: Vec<SocketAddr> = (host, port).to_socket_addrs()?.collect();
        let listener = TcpListener::bind(&addrs[..])?;
        let addr = listener.local_addr()?;
        crate::search::engine::warm_up(crate::game::rule::Rule::Freestyle);
        Ok(Server {
            listener,
            addr,
            host_name: host.trim_matches(['[', ']']).to_ascii_lowercase(),
            shared: api::Shared::new(),
            open: Arc::new(AtomicUsize::new(0)),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address to open in a browser.
    pub fn url(&self) -> String {
        let ip = self.addr.ip();
        let shown = if ip.is_unspecified() {
            // Reachable on every interface: the loopback address works on this machine.
            match ip {
                IpAddr::V4(_) => "127.0.0.1".to_string(),
                IpAddr::V6(_) => "[::1]".to_string(),
            }
        } else {
            match ip {
                IpAddr::V4(v4) => v4.to_string(),
                IpAddr::V6(v6) => format!("[{v6}]"),
            }
        };
        format!("http://{shown}:{}/", self.addr.port())
    }

    /// Serves until the process ends.
    pub fn run(self) {
        let check = Arc::new(HostCheck {
            port: self.addr.port(),
            name: self.host_name.clone(),
        });
        for stream in self.listener.incoming() {
            let Ok(stream) = stream else {
                // Out of file descriptors, say: wait for connections to close.
                std::thread::sleep(Duration::from_millis(20));
                continue;
            };
            if self.open.load(Ordering::Relaxed) >= MAX_CONNECTIONS {
                let mut s = stream;
                let _ = Response::error(503, "too many connections at once").write_to(&mut s);
                continue;
            }
            self.open.fetch_add(1, Ordering::Relaxed);
            let open = self.open.clone();
            let shared = self.shared.clone();
            let check = check.clone();
            let spawned = std::thread::Builder::new()
                .name("http".into())
                .spawn(move || {
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        connection(stream, &shared, &check)
                    }));
                    open.fetch_sub(1, Ordering::Relaxed);
                });
            if spawned.is_err() {
                self.open.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }
}

/// What the `Host` and `Origin` headers must say.
struct HostCheck {
    port: u16,
    name: String,
}

impl HostCheck {
    /// Whether `host` (a `Host` header) names this server: an IP address, localhost or the
    /// `--host` name, with the listening port (or none, for port 80).
    fn host_ok(&self, host: &str) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            // "[::1]:8080", "127.0.0.1:8080", "localhost:8080"; a bare "[::1]" or name.
            Some((n, p)) if !p.contains(']') => (n, p.parse::<u16>().ok()),
            _ => (host, Some(80)),
        };
        if port != Some(self.port) {
            return false;
        }
        let name = name.trim_matches(['[', ']']).to_ascii_lowercase();
        name.parse::<IpAddr>().is_ok() || name == "localhost" || name == self.name
    }

    /// The refusal, if the request comes from another site.
    fn refuse(&self, req: &Request) -> Option<String> {
        let Some(host) = req.header("host") else {
            return Some("a Host header is required".into());
        };
        if !self.host_ok(host) {
            return Some(format!(
                "Host '{host}' is not this server: open it by its address"
            ));
        }
        if let Some(origin) = req.header("origin") {
            if origin != format!("http://{host}") {
                return Some(format!(
                    "cross-origin request from '{origin}' refused: only the board page may use the API"
                ));
            }
        }
        if let Some(site) = req.header("sec-fetch-site") {
            if !matches!(site, "same-origin" | "none") {
                return Some(format!("cross-site request ({site}) refused"));
            }
        }
        None
    }
}

fn connection(mut stream: TcpStream, shared: &Arc<api::Shared>, check: &HostCheck) {
    let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
    let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
    let _ = stream.set_nodelay(true);
    let response = match read_request(&mut stream) {
        Err(e) => match e.status {
            Some(status) => Response::error(status, &e.message),
            None => return,
        },
        Ok(req) => match check.refuse(&req) {
            Some(why) => Response::error(403, &why),
            None => respond(shared, &req),
        },
    };
    let _ = response.write_to(&mut stream);
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

fn respond(shared: &Arc<api::Shared>, req: &Request) -> Response {
    if req.path.starts_with("/api/") {
        return api::handle(shared, req);
    }
    let (content_type, body) = match req.path.as_str() {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX_HTML),
        "/app.js" => ("text/javascript; charset=utf-8", APP_JS),
        "/style.css" => ("text/css; charset=utf-8", STYLE_CSS),
        _ => return Response::error(404, &format!("no such page: {}", req.path)),
    };
    if req.method != "GET" && req.method != "HEAD" {
        return Response::error(405, "pages take GET");
    }
    let mut r = Response::new(200, content_type, body);
    if req.method == "HEAD" {
        r.body.clear();
    }
    r
}

/// `pbrain-wuzi serve [--port N] [--host ADDR]`: prints the address and serves until
/// Ctrl-C. Returns the exit status (on a bad argument or an address that cannot be bound).
pub fn serve_main(args: &[String]) -> i32 {
    let mut host = "127.0.0.1".to_string();
    let mut port: u16 = 8080;
    let mut k = 0;
    while k < args.len() {
        let value = args.get(k + 1);
        match (args[k].as_str(), value) {
            ("--port", Some(v)) => match v.parse() {
                Ok(p) => port = p,
                Err(_) => {
                    println!("error: --port takes a number from 0 to 65535, not '{v}'");
                    return 2;
                }
            },
            ("--host", Some(v)) => host = v.clone(),
            (other, _) => {
                println!("usage: pbrain-wuzi serve [--port N] [--host ADDR] ('{other}'?)");
                return 2;
            }
        }
        k += 2;
    }
    let server = match Server::bind(&host, port) {
        Ok(s) => s,
        Err(e) => {
            println!("error: cannot listen on {host}:{port}: {e}");
            return 1;
        }
    };
    if !server.addr().ip().is_loopback() {
        println!(
            "warning: listening on {} - every machine that can reach it can play and use the engine",
            server.addr()
        );
    }
    println!("Wuzi board: open {}", server.url());
    let _ = std::io::stdout().flush();
    server.run();
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_checked() {
        let c = HostCheck {
            port: 8080,
            name: "127.0.0.1".into(),
        };
        assert!(c.host_ok("127.0.0.1:8080"));
        assert!(c.host_ok("localhost:8080"));
        assert!(c.host_ok("[::1]:8080"));
        assert!(c.host_ok("192.168.1.5:8080"));
        assert!(!c.host_ok("evil.example:8080"));
        assert!(!c.host_ok("127.0.0.1:8081"));
        assert!(!c.host_ok("127.0.0.1"));
        let c80 = HostCheck {
            port: 80,
            name: "board.lan".into(),
        };
        assert!(c80.host_ok("board.lan"));
        assert!(c80.host_ok("[::1]"));
    }
}

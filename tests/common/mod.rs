//! Drives the built `pbrain-wuzi` over pipes, the way a manager does.
#![allow(dead_code)]

pub mod consistency;
pub mod position;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Vec<u8>>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

pub const SHORT: Duration = Duration::from_millis(300);
pub const LONG: Duration = Duration::from_secs(20);

impl Brain {
    pub fn spawn() -> Brain {
        let mut child = spawn_child(Stdio::piped());
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if tx.send(buf).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut err_pipe = child.stderr.take().unwrap();
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err_pipe.read(&mut buf) {
                if n == 0 {
                    return;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let stdin = child.stdin.take();
        Brain {
            child,
            stdin,
            lines: rx,
            stderr,
        }
    }

    /// Sends one line with a CRLF ending (what Piskvork and GomocupJudge send).
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\r\n").as_bytes());
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        if let Some(s) = self.stdin.as_mut() {
            let _ = s.write_all(bytes);
            let _ = s.flush();
        }
    }

    pub fn send_all(&mut self, lines: &[&str]) {
        for l in lines {
            self.send(l);
        }
    }

    /// Next raw line, checked against the output invariants (LF only, no trailing blanks).
    pub fn recv_line(&self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(raw) => {
                assert!(raw.ends_with(b"\n"), "unterminated line {raw:?}");
                assert!(!raw.contains(&b'\r'), "CR in output {raw:?}");
                let s = String::from_utf8(raw[..raw.len() - 1].to_vec()).expect("ASCII output");
                assert!(!s.is_empty(), "empty output line");
                assert_eq!(s.trim_end(), s, "trailing blanks in {s:?}");
                if let Some(rest) = s
                    .strip_prefix("MESSAGE")
                    .or_else(|| s.strip_prefix("DEBUG"))
                {
                    assert!(
                        rest.starts_with(' ') && rest.len() > 1,
                        "bad MESSAGE/DEBUG line {s:?}"
                    );
                }
                Some(s)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Next line that is not MESSAGE/DEBUG.
    pub fn reply(&self, timeout: Duration) -> Option<String> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let l = self.recv_line(left)?;
            if !(l.starts_with("MESSAGE ") || l.starts_with("DEBUG ")) {
                return Some(l);
            }
        }
    }

    pub fn expect(&self, want: &str) {
        assert_eq!(self.reply(LONG).as_deref(), Some(want));
    }

    /// A move reply `x,y`, parsed.
    pub fn expect_move(&self, timeout: Duration) -> (u32, u32) {
        let l = self.reply(timeout).expect("a move reply");
        parse_move(&l).unwrap_or_else(|| panic!("not a move: {l:?}"))
    }

    pub fn expect_error(&self) -> String {
        let l = self.reply(LONG).expect("an ERROR reply");
        assert!(
            l.starts_with("ERROR ") && l.len() > 6,
            "expected ERROR, got {l:?}"
        );
        l
    }

    pub fn expect_unknown(&self) -> String {
        let l = self.reply(LONG).expect("an UNKNOWN reply");
        assert!(
            l.starts_with("UNKNOWN ") && l.len() > 8,
            "expected UNKNOWN, got {l:?}"
        );
        l
    }

    /// Nothing at all (not even MESSAGE) for `d`.
    pub fn expect_silence(&self, d: Duration) {
        if let Some(l) = self.recv_line(d) {
            panic!("expected silence, got {l:?}");
        }
    }

    /// Closes stdin (EOF).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Waits for exit; returns the status and how long it took.
    pub fn wait_exit(&mut self, limit: Duration) -> (Option<ExitStatus>, Duration) {
        wait_child(&mut self.child, limit)
    }

    pub fn stderr_bytes(&self) -> Vec<u8> {
        self.stderr.lock().unwrap().clone()
    }

    /// Ends the brain with END and checks the global invariants: clean exit, nothing on stderr.
    pub fn finish(mut self) {
        self.send("END");
        let (st, _) = self.wait_exit(Duration::from_secs(3));
        let st = st.expect("brain exits after END");
        assert!(st.success(), "exit status {st:?}");
        if let Some(l) = self.recv_line(Duration::from_millis(50)) {
            panic!("output after END: {l:?}");
        }
        assert!(
            self.stderr_bytes().is_empty(),
            "stderr: {:?}",
            String::from_utf8_lossy(&self.stderr_bytes())
        );
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The brain as a child process with piped stdin and stdout, logging off. The one built
/// by cargo, or the command in `WUZI_TEST_BRAIN` when set (scripts/windows-check.sh points
/// it at a wrapper that runs pbrain-wuzi.exe under wine; `cargo test` itself never sets it).
pub fn spawn_child(stderr: Stdio) -> Child {
    let brain = std::env::var_os("WUZI_TEST_BRAIN")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_pbrain-wuzi").into());
    Command::new(brain)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .env_remove("RUST_LOG")
        .spawn()
        .expect("spawn pbrain-wuzi")
}

/// Waits for `child` to exit; returns the status and how long it took.
pub fn wait_child(child: &mut Child, limit: Duration) -> (Option<ExitStatus>, Duration) {
    let t = Instant::now();
    while t.elapsed() < limit {
        if let Ok(Some(st)) = child.try_wait() {
            return (Some(st), t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    (None, t.elapsed())
}

pub fn parse_move(l: &str) -> Option<(u32, u32)> {
    let (a, b) = l.split_once(',')?;
    let ok = |s: &str| {
        !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
    };
    if !ok(a) || !ok(b) {
        return None;
    }
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// Sends a BOARD block: `own` stones as field 1 and `opp` as field 2, interleaved in play
/// order (first player's stones first in each pair).
pub fn send_board(b: &mut Brain, first: &[(u32, u32)], second: &[(u32, u32)], we_are_first: bool) {
    b.send("BOARD");
    let (f1, f2) = if we_are_first { (1, 2) } else { (2, 1) };
    for k in 0..first.len().max(second.len()) {
        if let Some(&(x, y)) = first.get(k) {
            b.send(&format!("{x},{y},{f1}"));
        }
        if let Some(&(x, y)) = second.get(k) {
            b.send(&format!("{x},{y},{f2}"));
        }
    }
    b.send("DONE");
}

/// Parses "x,y x,y ..." into points.
pub fn pts(s: &str) -> Vec<(u32, u32)> {
    s.split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Starts the engine with one environment variable set, asks for a first move (300 ms) and
/// returns every line up to and including the move, and what it wrote on stderr.
pub fn first_move_with_env(key: &str, value: &std::ffi::OsStr) -> (Vec<String>, Vec<u8>) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-wuzi"))
        .env(key, value)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "INFO timeout_turn 300\nSTART 15\nBEGIN").unwrap();
    stdin.flush().unwrap();
    let mut got = Vec::new();
    // The reader stays open until END is written: the engine exits by itself within a few
    // milliseconds of its stdout being closed, and END would then meet a broken pipe.
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut moved = false;
    for line in lines.by_ref() {
        let line = line.unwrap();
        moved = parse_move(&line).is_some();
        got.push(line);
        if moved {
            break;
        }
    }
    assert!(moved, "no move before the engine's stdout ended: {got:?}");
    writeln!(stdin, "END").unwrap();
    drop(stdin);
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(rest.is_empty(), "lines after the move: {rest:?}");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    (got, out.stderr)
}

//! The one writer for stdout: whole lines ending in `\n`, flushed at once, and
//! serialised through a lock so the search thread's MESSAGE lines never
//! interleave with replies. A reply and the lines before it go out in one write.
//!
//! The process ends when the manager closes stdout: at the next write, or (Linux) within
//! a few milliseconds even while idle, see [`exit_when_stdout_closes`].

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(w)),
        }
    }

    /// Writes one line. `\r` and `\n` inside the text are replaced so a line stays a line.
    pub fn line(&self, text: &str) {
        self.lines(&[text]);
    }

    /// Writes several lines with one write and one flush (empty ones among several are
    /// skipped; a single empty text is an empty line, as with `line`), so the
    /// reader gets them together: a reply and the MESSAGE before it used to be two writes,
    /// and on a loaded machine the first one woke the manager, which could take the CPU
    /// before the second was written (in self-play at 100 ms a move on two busy cores, up
    /// to 12 ms between the two).
    pub fn lines(&self, texts: &[&str]) {
        let mut buf = String::new();
        for text in texts {
            let clean: String = text
                .chars()
                .map(|c| if c == '\r' || c == '\n' { ' ' } else { c })
                .collect();
            let text = clean.trim_end();
            if texts.len() > 1 && text.is_empty() {
                continue;
            }
            log::debug!("-> {text}");
            buf.push_str(text);
            buf.push('\n');
        }
        let mut guard = match self.inner.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        let ok = guard.write_all(buf.as_bytes()).and_then(|_| guard.flush());
        if ok.is_err() {
            // The manager closed our stdout: nobody is listening any more.
            log::info!("stdout closed; exiting");
            std::process::exit(0);
        }
    }

    /// `MESSAGE <text>`; empty text is not sent.
    pub fn message(&self, text: &str) {
        if !text.trim().is_empty() {
            self.line(&format!("MESSAGE {text}"));
        }
    }
}

/// Ends the process soon after the reader of stdout goes away, even while nothing is
/// being written (a write would notice, but an idle brain writes nothing). Runs a thread
/// that sleeps in poll(2) on stdout, which reports an error as soon as the pipe's
/// read end is closed. Linux only. Elsewhere (Windows included) there is no watcher, by
/// choice: a manager that exits or dies also closes our stdin, and end of input ends the
/// process at once (std reads a broken pipe on Windows as end of file); a stdout closed on
/// its own is noticed at the next write, which exits as above. Windows has no poll(2) for
/// an anonymous pipe's write end, and a zero-byte probe write is not an option: it reaches
/// the reader as a zero-length read, which many managers take for end of file.
pub fn exit_when_stdout_closes() {
    #[cfg(target_os = "linux")]
    {
        let _ = std::thread::Builder::new()
            .name("stdout-watch".into())
            .stack_size(64 << 10)
            .spawn(|| loop {
                if stdout_closed(1000) {
                    log::info!("stdout closed; exiting");
                    std::process::exit(0);
                }
            });
    }
}

#[cfg(target_os = "linux")]
#[repr(C)]
struct PollFd {
    fd: i32,
    events: i16,
    revents: i16,
}

#[cfg(target_os = "linux")]
extern "C" {
    fn poll(fds: *mut PollFd, nfds: std::os::raw::c_ulong, timeout: i32) -> i32;
}

/// Waits up to `timeout_ms` for stdout to report an error or hang-up.
#[cfg(target_os = "linux")]
fn stdout_closed(timeout_ms: i32) -> bool {
    const POLLERR: i16 = 0x008;
    const POLLHUP: i16 = 0x010;
    const POLLNVAL: i16 = 0x020;
    let mut fd = PollFd {
        fd: 1,
        // No events asked for: only error, hang-up and invalid are reported, so a pipe
        // with room to write does not wake us.
        events: 0,
        revents: 0,
    };
    // SAFETY: `fd` is a valid, exclusively borrowed pollfd and nfds is 1, as poll(2)
    // requires. std offers no way to learn that a pipe's reader has gone without
    // writing to it; measured: exit within 1-10 ms after the manager closes our stdout, where
    // without this an idle brain never noticed.
    let n = unsafe { poll(&mut fd, 1, timeout_ms) };
    n > 0 && fd.revents & (POLLERR | POLLHUP | POLLNVAL) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records each `write` call separately.
    #[derive(Clone, Default)]
    struct Calls(Arc<Mutex<Vec<Vec<u8>>>>);

    impl Write for Calls {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if let Ok(mut c) = self.0.lock() {
                c.push(buf.to_vec());
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn writes(c: &Calls) -> Vec<String> {
        let calls = c.0.lock().map(|g| g.clone()).unwrap_or_default();
        calls
            .iter()
            .map(|b| String::from_utf8_lossy(b).into_owned())
            .collect()
    }

    #[test]
    fn a_reply_and_its_message_go_out_in_one_write() {
        let calls = Calls::default();
        let out = Output::new(Box::new(calls.clone()));
        out.lines(&["MESSAGE depth 9 ev +12", "7,6"]);
        assert_eq!(
            writes(&calls),
            vec!["MESSAGE depth 9 ev +12\n7,6\n".to_string()]
        );
    }

    #[test]
    fn lines_stay_lines() {
        let calls = Calls::default();
        let out = Output::new(Box::new(calls.clone()));
        out.lines(&["MESSAGE a\nb\r", "", "1,2  "]);
        out.line("OK");
        out.message("  ");
        assert_eq!(
            writes(&calls),
            vec!["MESSAGE a b\n1,2\n".to_string(), "OK\n".to_string()]
        );
    }
}

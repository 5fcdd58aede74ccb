//! The one writer for stdout: whole lines ending in `\n`, flushed at once, and
//! serialised through a lock so the search thread's MESSAGE lines never
//! interleave with replies.

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
        let clean: String = text
            .chars()
            .map(|c| if c == '\r' || c == '\n' { ' ' } else { c })
            .collect();
        let mut guard = match self.inner.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        let ok = guard
            .write_all(clean.trim_end().as_bytes())
            .and_then(|_| guard.write_all(b"\n"))
            .and_then(|_| guard.flush());
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

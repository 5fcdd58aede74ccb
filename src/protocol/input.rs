//! The input reader, on its own thread: raw bytes from stdin cut into lines at `\n`,
//! `\r` or both (`\r\n` is one line end), decoded lossily, each stamped with the
//! instant it was read (the manager's clock for a move starts when it sends the request)
//! and sent into the brain's channel; end of input is one more event. Over-long lines
//! are cut at 64 KiB, the rest discarded, so memory stays bounded; such a line is
//! answered `UNKNOWN`.

use super::brain::Event;
use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::Sender;
use std::time::Instant;

pub const MAX_LINE: usize = 64 * 1024;

/// Reads `input` until EOF or until the receiver is gone, sending one event per line.
pub fn read_lines<R: Read>(input: R, tx: Sender<Event>) {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut line: Vec<u8> = Vec::with_capacity(256);
    let mut overlong = false;
    let mut last_was_cr = false;
    loop {
        let (consumed, eof) = match reader.fill_buf() {
            Ok([]) => (0, true),
            Ok(buf) => {
                let mut n = 0;
                for &b in buf {
                    n += 1;
                    if b == b'\n' || b == b'\r' {
                        // "\r\n" is one line end, not two.
                        let skip = b == b'\n' && last_was_cr && line.is_empty() && !overlong;
                        last_was_cr = b == b'\r';
                        if skip {
                            continue;
                        }
                        if !send(&tx, &mut line, &mut overlong) {
                            return;
                        }
                    } else {
                        last_was_cr = false;
                        if line.len() < MAX_LINE {
                            line.push(b);
                        } else {
                            overlong = true;
                        }
                    }
                }
                (n, false)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => (0, false),
            Err(_) => (0, true),
        };
        reader.consume(consumed);
        if eof {
            if !line.is_empty() || overlong {
                send(&tx, &mut line, &mut overlong);
            }
            let _ = tx.send(Event::Eof);
            return;
        }
    }
}

fn send(tx: &Sender<Event>, line: &mut Vec<u8>, overlong: &mut bool) -> bool {
    let text = if *overlong {
        // Treated as an unknown command, whatever it started with.
        "\u{1}OVERLONG-LINE".to_string()
    } else {
        String::from_utf8_lossy(line).into_owned()
    };
    line.clear();
    *overlong = false;
    log::debug!("<- {text}");
    tx.send(Event::Line(text, Instant::now())).is_ok()
}

//! Text exports of a database: the CSV layout Rapfi's `YXDBTOTXT` writes
//! (`index,key,label,value,depth,bound,text`, a key such as `r-15-15-h8i9-j10-b`), and a
//! plainer one-line-per-record form for reading.

use super::key::Key;
use super::record::{Record, LABEL_NONE, LABEL_NULL};
use crate::game::board::Color;
use std::io::{self, Write};

/// A key as Rapfi prints it: rule letter, width, height, black stones, white stones (each a
/// column letter from `a` and a row number from 1), side to move.
pub fn key_text(key: &Key) -> String {
    let rule = match key.rule() {
        0 => 'f',
        1 => 's',
        2 => 'r',
        _ => '?',
    };
    let mut s = format!("{rule}-{}-{}-", key.width(), key.height());
    let stone = |s: &mut String, (x, y): (u8, u8)| {
        s.push((b'a' + x) as char);
        s.push_str(&(y as u32 + 1).to_string());
    };
    for p in key.black() {
        stone(&mut s, p);
    }
    s.push('-');
    for p in key.white() {
        stone(&mut s, p);
    }
    s.push('-');
    s.push(if key.side() == Color::Black { 'b' } else { 'w' });
    s
}

/// The label column: `(null)`, `(none)`, the letter, or `(N)` for an unprintable byte.
pub fn label_text(rec: &Record) -> String {
    if rec.label == LABEL_NULL {
        "(null)".into()
    } else if rec.label == LABEL_NONE {
        "(none)".into()
    } else if (rec.label as u8).is_ascii_graphic() {
        (rec.label as u8 as char).to_string()
    } else {
        format!("({})", rec.label)
    }
}

/// A text quoted as C++'s `std::quoted` writes it (`"` and `\` escaped), with `\n` and
/// `\b` written as `\n` and `\b`, and NUL bytes dropped; other bytes as they are.
pub fn quoted_bytes(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 2);
    out.push(b'"');
    for &c in text {
        match c {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            8 => out.extend_from_slice(b"\\b"),
            0 => {}
            c => out.push(c),
        }
    }
    out.push(b'"');
    out
}

/// [`quoted_bytes`] as text (bytes that are not UTF-8 shown as U+FFFD).
pub fn quoted(text: &[u8]) -> String {
    String::from_utf8_lossy(&quoted_bytes(text)).into_owned()
}

/// Writes the records `keep` accepts as CSV, in key order.
pub fn write_csv<'a>(
    out: &mut impl Write,
    records: impl Iterator<Item = (&'a Key, &'a Record)>,
    keep: impl Fn(&Key) -> bool,
) -> io::Result<usize> {
    writeln!(out, "index,key,label,value,depth,bound,text")?;
    let mut n = 0;
    for (key, rec) in records.filter(|(k, _)| keep(k)) {
        write!(
            out,
            "{n},{},{},{},{},{},",
            key_text(key),
            label_text(rec),
            rec.value,
            rec.depth(),
            rec.bound().name(),
        )?;
        out.write_all(&quoted_bytes(&rec.text))?;
        out.write_all(b"\n")?;
        n += 1;
    }
    Ok(n)
}

/// Writes one readable line a record: the key, the label shown on the board, value, depth,
/// bound, the comment and the board texts.
pub fn write_lines<'a>(
    out: &mut impl Write,
    records: impl Iterator<Item = (&'a Key, &'a Record)>,
) -> io::Result<usize> {
    let mut n = 0;
    for (key, rec) in records {
        let mut line = format!(
            "{} label {} shown {} value {} depth {} bound {}",
            key_text(key),
            label_text(rec),
            if rec.display_label().is_empty() {
                "-".to_string()
            } else {
                rec.display_label()
            },
            rec.value,
            rec.depth(),
            rec.bound().name()
        );
        let c = rec.comment();
        if !c.is_empty() {
            line.push_str(" comment ");
            line.push_str(&quoted(&c));
        }
        for ((x, y), t) in rec.board_texts() {
            line.push_str(&format!(
                " text {}{}={}",
                (b'a' + x) as char,
                y + 1,
                quoted(&t)
            ));
        }
        writeln!(out, "{line}")?;
        n += 1;
    }
    Ok(n)
}

//! The Yixin database file ("yixindb"), as Yixin and Rapfi read and write it. All numbers
//! little-endian:
//!
//! ```text
//! u32 record count
//! per record:
//!   u16 key length K, then K bytes: rule (0 freestyle, 1 standard, 2 renju), width, height,
//!       then (K-3)/2 stones as (x, y) signed bytes: the first half (rounded up) black,
//!       the rest white, each colour sorted by (x, y); (-1, -1) is a pass, closing its
//!       colour's list, written when the side to move is not the one the stone count gives
//!   u16 value length V (0 for a record with no content), then V bytes:
//!       label (i8), value (i16), depth << 2 | bound (i16), then the text
//! ```
//!
//! A record with a 0 x 0 board carries metadata: Rapfi writes one first whose text is
//! `charset="UTF-8"` (texts in files without it are in a legacy code page). Records are
//! written in key order, so a file read and written again comes out byte for byte the same.
//!
//! Rapfi saves LZ4-compressed by default (an LZ4 frame around the same bytes, magic
//! `04 22 4D 18`); Yixin reads only the plain form. Both are read here; the plain form is
//! written unless the file came compressed.

use super::key::{Key, Stones, MAX_SIDE};
use super::record::{Record, LABEL_NULL};
use crate::game::board::Color;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufReader, Read, Write};

/// The first four bytes of an LZ4 frame.
pub const LZ4_MAGIC: [u8; 4] = [0x04, 0x22, 0x4d, 0x18];

const UTF8_META: &[u8] = b"charset=\"UTF-8\"";

/// Why a file was not read. The database in memory is left as it was.
#[derive(Debug)]
pub enum LoadError {
    Io(io::Error),
    /// Zero bytes long.
    Empty,
    /// Not a Yixin database (a known other format, or nothing like one).
    Foreign(String),
    /// The file ends inside record `at` of `of`.
    Truncated {
        at: u64,
        of: u64,
    },
    /// Bytes left over after the last record.
    Trailing(u64),
    /// More records were unreadable than readable.
    Damaged {
        bad: u64,
        of: u64,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "cannot read the file: {e}"),
            LoadError::Empty => write!(f, "the file is empty"),
            LoadError::Foreign(what) => write!(f, "not a Yixin database ({what})"),
            LoadError::Truncated { at, of } if *at <= 1 => write!(
                f,
                "the file is cut short in record {at} of {of} (damaged, or not a Yixin database)"
            ),
            LoadError::Truncated { at, of } => {
                write!(f, "the file is cut short in record {at} of {of}")
            }
            LoadError::Trailing(n) => {
                write!(
                    f,
                    "{n} bytes follow the last record (damaged or not a Yixin database)"
                )
            }
            LoadError::Damaged { bad, of } => {
                write!(
                    f,
                    "{bad} of {of} records are unreadable (damaged or not a Yixin database)"
                )
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// What a read found besides the records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    /// Records in the file (metadata records not counted).
    pub total: u64,
    /// Records skipped as unreadable (bad rule, board size, stone or count).
    pub skipped: u64,
    /// Records whose position appeared earlier in the file (the first one is kept).
    pub duplicates: u64,
    /// The file was an LZ4 frame.
    pub compressed: bool,
    /// The file says its texts are UTF-8.
    pub utf8: bool,
}

/// The records of one file, by key.
pub type Records = BTreeMap<Key, Record>;

/// Names the format of a file that is plainly something else, from its first bytes.
fn foreign_kind(head: &[u8]) -> Option<&'static str> {
    let kinds: [(&[u8], &str); 6] = [
        (b"\xffRenLib", "a Renlib library; import it with YXLIBTODB"),
        (b"PK\x03\x04", "a zip archive"),
        (b"\x1f\x8b", "a gzip file"),
        (b"SQLite format 3", "an SQLite file"),
        (b"\x28\xb5\x2f\xfd", "a zstd file"),
        (b"BZh", "a bzip2 file"),
    ];
    kinds
        .iter()
        .find(|(m, _)| head.starts_with(m))
        .map(|(_, k)| *k)
}

/// Reads a database from `input` (plain or LZ4).
pub fn read(input: impl Read) -> Result<(Records, ReadReport), LoadError> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut head = [0u8; 16];
    let got = read_up_to(&mut input, &mut head).map_err(LoadError::Io)?;
    if got == 0 {
        return Err(LoadError::Empty);
    }
    let head = &head[..got];
    if head.starts_with(&LZ4_MAGIC) {
        let frame = io::Cursor::new(head.to_vec()).chain(input);
        let decoder = lz4_flex::frame::FrameDecoder::new(frame);
        let (records, mut report) = read_plain(BufReader::with_capacity(1 << 16, decoder), &[])?;
        report.compressed = true;
        return Ok((records, report));
    }
    if let Some(kind) = foreign_kind(head) {
        return Err(LoadError::Foreign(kind.to_string()));
    }
    // A record count whose four bytes are all text would be over 538 million records.
    if head.len() >= 4
        && head[..4]
            .iter()
            .all(|&c| c.is_ascii_graphic() || c.is_ascii_whitespace())
    {
        return Err(LoadError::Foreign("a text file".to_string()));
    }
    read_plain(input, head)
}

fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Reads the plain form; `prefix` holds bytes already taken from `rest`.
fn read_plain(rest: impl Read, prefix: &[u8]) -> Result<(Records, ReadReport), LoadError> {
    let mut r = io::Cursor::new(prefix.to_vec()).chain(rest);
    let mut report = ReadReport::default();
    let mut word = [0u8; 4];
    let n = read_up_to(&mut r, &mut word).map_err(LoadError::Io)?;
    if n < 4 {
        return Err(LoadError::Truncated { at: 0, of: 0 });
    }
    let count = u32::from_le_bytes(word) as u64;
    let mut list: Vec<(Key, Record)> = Vec::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut keybuf: Vec<u8> = Vec::new();
    let mut meta = 0u64;
    for i in 0..count {
        let cut = |e: io::Error| {
            if e.kind() == io::ErrorKind::UnexpectedEof {
                LoadError::Truncated {
                    at: i + 1,
                    of: count,
                }
            } else {
                LoadError::Io(e)
            }
        };
        let mut len = [0u8; 2];
        r.read_exact(&mut len).map_err(cut)?;
        let klen = u16::from_le_bytes(len) as usize;
        if klen == 0 {
            // Rapfi reads nothing more for an empty key.
            report.skipped += 1;
            continue;
        }
        keybuf.resize(klen, 0);
        r.read_exact(&mut keybuf).map_err(cut)?;
        r.read_exact(&mut len).map_err(cut)?;
        let vlen = u16::from_le_bytes(len) as usize;
        buf.resize(vlen, 0);
        r.read_exact(&mut buf).map_err(cut)?;
        if klen >= 3 && (keybuf[1] == 0 || keybuf[2] == 0) {
            meta += 1;
            if vlen >= 5 && buf[5..].starts_with(UTF8_META) {
                report.utf8 = true;
            }
            continue;
        }
        let Some(stones) = parse_key(&keybuf) else {
            report.skipped += 1;
            continue;
        };
        let record = Record {
            label: if vlen > 0 { buf[0] as i8 } else { LABEL_NULL },
            value: if vlen > 2 {
                i16::from_le_bytes([buf[1], buf[2]])
            } else {
                0
            },
            depth_bound: if vlen > 4 {
                i16::from_le_bytes([buf[3], buf[4]])
            } else {
                0
            },
            text: if vlen > 5 {
                buf[5..].to_vec()
            } else {
                Vec::new()
            },
        };
        list.push((Key::of(&stones).0, record));
    }
    let mut extra = [0u8; 1];
    let mut trailing = 0u64;
    loop {
        match r.read(&mut extra) {
            Ok(0) => break,
            Ok(_) => trailing += 1,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(LoadError::Io(e)),
        }
        if trailing > 1 << 20 {
            break;
        }
    }
    if trailing > 0 {
        return Err(LoadError::Trailing(trailing));
    }
    report.total = count - meta;
    if report.skipped > 0 && report.skipped * 2 > report.total {
        return Err(LoadError::Damaged {
            bad: report.skipped,
            of: report.total,
        });
    }
    list.sort_by(|a, b| a.0.cmp(&b.0));
    let before = list.len();
    list.dedup_by(|later, earlier| later.0 == earlier.0);
    report.duplicates = (before - list.len()) as u64;
    Ok((list.into_iter().collect(), report))
}

/// The position a file key names, or `None` if it cannot be one.
fn parse_key(k: &[u8]) -> Option<Stones> {
    if k.len() < 3 {
        return None;
    }
    let (rule, w, h) = (k[0], k[1], k[2]);
    super::key::rule_from_code(rule)?;
    if w > MAX_SIDE || h > MAX_SIDE || w < 1 || h < 1 {
        return None;
    }
    let n = (k.len() - 3) / 2;
    if n > w as usize * h as usize + 1 {
        return None;
    }
    let nb = n.div_ceil(2);
    let mut seen = [0u64; (MAX_SIDE as usize * MAX_SIDE as usize) / 64];
    let mut black = Vec::with_capacity(nb);
    let mut white = Vec::with_capacity(n - nb);
    for i in 0..n {
        let (x, y) = (k[3 + 2 * i] as i8, k[4 + 2 * i] as i8);
        if x == -1 && y == -1 {
            continue;
        }
        if x < 0 || y < 0 || x as u8 >= w || y as u8 >= h {
            return None;
        }
        let cell = y as usize * w as usize + x as usize;
        if seen[cell / 64] & (1 << (cell % 64)) != 0 {
            return None;
        }
        seen[cell / 64] |= 1 << (cell % 64);
        if i < nb {
            black.push((x as u8, y as u8));
        } else {
            white.push((x as u8, y as u8));
        }
    }
    let side = if nb == n - nb {
        Color::Black
    } else {
        Color::White
    };
    Some(Stones {
        rule,
        width: w,
        height: h,
        black,
        white,
        side,
    })
}

/// The file bytes of one key: black's stones, white's, and a pass where the side to move
/// is not the one the stone count gives.
fn key_bytes(key: &Key, out: &mut Vec<u8>) {
    let s = key.stones();
    let pass = s.natural_side() != s.side;
    let n = s.black.len() + s.white.len() + usize::from(pass);
    out.extend_from_slice(&((3 + 2 * n) as u16).to_le_bytes());
    out.extend_from_slice(&[s.rule, s.width, s.height]);
    for &(x, y) in &s.black {
        out.extend_from_slice(&[x, y]);
    }
    if pass && s.natural_side() == Color::Black {
        out.extend_from_slice(&[0xff, 0xff]);
    }
    for &(x, y) in &s.white {
        out.extend_from_slice(&[x, y]);
    }
    if pass && s.natural_side() == Color::White {
        out.extend_from_slice(&[0xff, 0xff]);
    }
}

/// Writes `records` in the plain form, with the UTF-8 metadata record first when `utf8`.
pub fn write<'a>(
    out: &mut impl Write,
    records: impl ExactSizeIterator<Item = (&'a Key, &'a Record)>,
    utf8: bool,
) -> io::Result<()> {
    let count = records.len() as u64 + u64::from(utf8);
    let count = u32::try_from(count)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too many records"))?;
    out.write_all(&count.to_le_bytes())?;
    if utf8 {
        out.write_all(&3u16.to_le_bytes())?;
        out.write_all(&[0, 0, 0])?;
        out.write_all(&((5 + UTF8_META.len()) as u16).to_le_bytes())?;
        out.write_all(&[0; 5])?;
        out.write_all(UTF8_META)?;
    }
    let mut buf = Vec::with_capacity(256);
    for (key, rec) in records {
        buf.clear();
        key_bytes(key, &mut buf);
        if rec.label == LABEL_NULL {
            buf.extend_from_slice(&0u16.to_le_bytes());
        } else {
            let text = &rec.text[..rec.text.len().min(u16::MAX as usize - 5)];
            buf.extend_from_slice(&((5 + text.len()) as u16).to_le_bytes());
            buf.push(rec.label as u8);
            buf.extend_from_slice(&rec.value.to_le_bytes());
            buf.extend_from_slice(&rec.depth_bound.to_le_bytes());
            buf.extend_from_slice(text);
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

/// Writes `records` as an LZ4 frame (linked blocks, content checksum: Rapfi's settings).
pub fn write_lz4<'a, W: Write>(
    out: W,
    records: impl ExactSizeIterator<Item = (&'a Key, &'a Record)>,
    utf8: bool,
) -> io::Result<W> {
    let mut info = lz4_flex::frame::FrameInfo::new();
    info.block_mode = lz4_flex::frame::BlockMode::Linked;
    info.content_checksum = true;
    let mut enc = lz4_flex::frame::FrameEncoder::with_frame_info(info, out);
    write(&mut enc, records, utf8)?;
    enc.finish().map_err(io::Error::other)
}

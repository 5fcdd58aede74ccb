//! The analysis database: positions a player has studied, each with a label (win, loss,
//! draw or a letter of their own), a value, a depth and bound, a comment and labels for the
//! board's empty cells, kept in the Yixin database file that Yixin and Rapfi use.
//!
//! - [`key`]: one key per position up to the board's symmetries, rule and size included.
//! - [`record`]: what a position holds, the labels shown on the board, the overwrite rules.
//! - [`yxdb`]: the file format, plain and LZ4.
//! - [`tree`]: the questions asked of a board: its record, its children, its board texts,
//!   edits and deletions, merge and split.
//! - [`renlib`]: importing a Renlib `.lib` library.
//! - [`text`]: the CSV export (Rapfi's `YXDBTOTXT` layout).
//! - [`cli`]: the `pbrain-wuzi db` subcommand.
//!
//! Uses `game` only; the protocol and the engine use it.
//!
//! Nothing is lost: a save writes a new file beside the old one, flushes it to disk and
//! renames it over the old one, after keeping the old one as `NAME_bak1.EXT` (older backups
//! move up to `_bak2`, … up to [`Database::backups`]). A file that cannot be read is refused
//! with the reason, and the database in memory stays as it was. In memory the records sit in
//! one ordered map: about 110 bytes a record of 20 stones, so a million positions take
//! roughly 110 MB (see `pbrain-wuzi db bench`).

pub mod cli;
pub mod key;
pub mod record;
pub mod renlib;
pub mod text;
pub mod tree;
pub mod yxdb;

use key::Key;
use record::Record;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use yxdb::{LoadError, ReadReport, Records};

/// An open database: its records and the file they are saved to.
pub struct Database {
    records: Records,
    path: PathBuf,
    dirty: bool,
    /// Save as an LZ4 frame (kept from the file that was read; new files are plain, the form
    /// Yixin reads).
    pub compressed: bool,
    /// Write the UTF-8 metadata record (new files do; files without it keep its absence, so
    /// their legacy texts are not mislabelled).
    pub utf8: bool,
    /// How many earlier versions a save keeps.
    pub backups: usize,
}

impl Database {
    /// An empty database to be saved at `path`.
    pub fn new(path: impl Into<PathBuf>) -> Database {
        Database {
            records: Records::new(),
            path: path.into(),
            dirty: false,
            compressed: false,
            utf8: true,
            backups: 1,
        }
    }

    /// Opens the database at `path`: an empty one if there is no file yet.
    pub fn open(path: impl Into<PathBuf>) -> Result<(Database, ReadReport), LoadError> {
        let path = path.into();
        let file = match fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok((Database::new(path), ReadReport::default()));
            }
            Err(e) => return Err(LoadError::Io(e)),
        };
        let (records, report) = yxdb::read(file)?;
        let db = Database {
            records,
            path,
            // A file with unreadable records is rewritten clean at the next save; so is a
            // file written without key order or with duplicate positions.
            dirty: report.skipped > 0 || report.duplicates > 0,
            compressed: report.compressed,
            utf8: report.utf8 || report.total == 0,
            backups: 1,
        };
        Ok((db, report))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn len(&self) -> usize {
        self.records.len()
    }
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
    /// Whether there are changes since the last save.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    pub fn get(&self, key: &Key) -> Option<&Record> {
        self.records.get(key)
    }
    /// Looks a key up by its bytes ([`Key::encode_into`]).
    pub fn get_bytes(&self, key: &[u8]) -> Option<&Record> {
        self.records.get(key)
    }
    pub fn contains(&self, key: &Key) -> bool {
        self.records.contains_key(key)
    }

    /// Writes `rec` at `key`: a new record whole, an existing one in the parts `mask` names.
    pub fn set(&mut self, key: Key, rec: Record, mask: u8) {
        self.dirty = true;
        match self.records.get_mut(&key) {
            Some(old) => old.update(&rec, mask),
            None => {
                self.records.insert(key, rec);
            }
        }
    }

    pub fn remove(&mut self, key: &Key) -> Option<Record> {
        let r = self.records.remove(key);
        if r.is_some() {
            self.dirty = true;
        }
        r
    }

    /// Every record, in key order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&Key, &Record)> {
        self.records.iter()
    }

    /// Saves to the database's own file if anything changed (or the file is missing).
    pub fn save(&mut self) -> io::Result<bool> {
        if !self.dirty && self.path.exists() {
            return Ok(false);
        }
        save_atomic(
            &self.path,
            self.backups,
            self.compressed,
            self.utf8,
            self.records.iter(),
        )?;
        self.dirty = false;
        Ok(true)
    }

    /// Saves a copy to `path` (plain unless `compressed`), leaving the database's own file
    /// as it is.
    pub fn save_as(&self, path: &Path, compressed: bool) -> io::Result<()> {
        save_atomic(
            path,
            self.backups,
            compressed,
            self.utf8,
            self.records.iter(),
        )
    }
}

/// `NAME_bakN.EXT` beside `path` (Rapfi's naming).
pub fn backup_path(path: &Path, n: usize) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let mut name = format!("{}_bak{n}", stem.unwrap_or_default());
    if let Some(ext) = path.extension() {
        name.push('.');
        name.push_str(&ext.to_string_lossy());
    }
    path.with_file_name(name)
}

fn save_atomic<'a>(
    path: &Path,
    backups: usize,
    compressed: bool,
    utf8: bool,
    records: impl ExactSizeIterator<Item = (&'a Key, &'a Record)>,
) -> io::Result<()> {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".new");
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let file = fs::File::create(&tmp)?;
        let mut out = io::BufWriter::with_capacity(1 << 16, file);
        if compressed {
            out = yxdb::write_lz4(out, records, utf8)?;
        } else {
            yxdb::write(&mut out, records, utf8)?;
        }
        out.flush()?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    if backups > 0 && path.exists() {
        for n in (2..=backups).rev() {
            let older = backup_path(path, n - 1);
            if older.exists() {
                fs::rename(&older, backup_path(path, n))?;
            }
        }
        let bak = backup_path(path, 1);
        let _ = fs::remove_file(&bak);
        // The old file stays in place until the new one replaces it in one step.
        if fs::hard_link(path, &bak).is_err() {
            fs::copy(path, &bak)?;
        }
    }
    fs::rename(&tmp, path)?;
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

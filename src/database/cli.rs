//! `pbrain-wuzi db`: database files from a shell.

use super::key::{rule_code, Key};
use super::text::{write_csv, write_lines};
use super::{renlib, tree, Database};
use crate::game::board::Board;
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use anyhow::{anyhow, bail, Context, Result};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

pub const USAGE: &str = "usage:
    pbrain-wuzi db info FILE              records by rule and board size, labels, form
    pbrain-wuzi db export FILE [--format csv|lines] [--out OUT]
                                          every record as CSV (the YXDBTOTXT layout) or one
                                          readable line each, to OUT or stdout
    pbrain-wuzi db merge INTO FROM...     merge databases into INTO (a more certain record
                                          wins; texts and comments kept from both)
    pbrain-wuzi db convert IN OUT [--lz4] rewrite IN as OUT, plain (Yixin reads it) or LZ4
    pbrain-wuzi db import-lib LIB INTO [--rule freestyle|standard|renju] [--size N]
                                          import a Renlib .lib library (default renju, 15)
    pbrain-wuzi db bench [N]              build N synthetic records (default 1000000) and
                                          time the query of a position's children";

/// Runs `pbrain-wuzi db ARGS`.
pub fn db_main(args: &[String], out: &mut dyn Write) -> Result<()> {
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let positional: Vec<&String> = {
        let mut v = Vec::new();
        let mut i = 1;
        while i < args.len() {
            if args[i].starts_with("--") {
                i += if args[i] == "--lz4" { 1 } else { 2 };
                continue;
            }
            v.push(&args[i]);
            i += 1;
        }
        v
    };
    let open = |p: &str| -> Result<Database> {
        if !Path::new(p).exists() {
            bail!("{p}: no such file");
        }
        let (db, _) = Database::open(p).map_err(|e| anyhow!("{p}: {e}"))?;
        Ok(db)
    };
    match args.first().map(String::as_str) {
        Some("info") => {
            let [file] = positional[..] else {
                bail!("{USAGE}");
            };
            if !Path::new(file).exists() {
                bail!("{file}: no such file");
            }
            let (db, report) = Database::open(file.as_str()).map_err(|e| anyhow!("{file}: {e}"))?;
            writeln!(
                out,
                "{file}: {} records ({}, {}), {} unreadable skipped, {} duplicates",
                db.len(),
                if report.compressed { "LZ4" } else { "plain" },
                if report.utf8 {
                    "UTF-8 texts"
                } else {
                    "legacy texts"
                },
                report.skipped,
                report.duplicates
            )?;
            let mut groups: BTreeMap<(u8, u8, u8), usize> = BTreeMap::new();
            let mut labels: BTreeMap<String, usize> = BTreeMap::new();
            for (k, r) in db.iter() {
                *groups.entry((k.rule(), k.width(), k.height())).or_default() += 1;
                *labels.entry(super::text::label_text(r)).or_default() += 1;
            }
            for ((rule, w, h), n) in groups {
                let name = super::key::rule_from_code(rule).map_or("?", Rule::name);
                writeln!(out, "  {name} {w}x{h}: {n}")?;
            }
            let l: Vec<String> = labels.iter().map(|(l, n)| format!("{l} {n}")).collect();
            writeln!(out, "  labels: {}", l.join(", "))?;
        }
        Some("export") => {
            let [file] = positional[..] else {
                bail!("{USAGE}");
            };
            let db = open(file)?;
            let format = flag("--format").unwrap_or_else(|| "csv".into());
            let mut sink: Box<dyn Write> = match flag("--out") {
                Some(p) => Box::new(std::io::BufWriter::new(
                    std::fs::File::create(&p).with_context(|| p.clone())?,
                )),
                None => Box::new(&mut *out),
            };
            let n = match format.as_str() {
                "csv" => write_csv(&mut sink, db.iter(), |_| true)?,
                "lines" => write_lines(&mut sink, db.iter())?,
                f => bail!("unknown format '{f}' (csv or lines)"),
            };
            sink.flush()?;
            drop(sink);
            if flag("--out").is_some() {
                writeln!(out, "wrote {n} records")?;
            }
        }
        Some("merge") => {
            let Some((into, from)) = positional.split_first() else {
                bail!("{USAGE}");
            };
            if from.is_empty() {
                bail!("{USAGE}");
            }
            let (mut db, _) = Database::open(into.as_str()).map_err(|e| anyhow!("{into}: {e}"))?;
            for f in from {
                let src = open(f)?;
                let n = tree::merge(&mut db, &src);
                writeln!(out, "{f}: {n} of {} records written", src.len())?;
            }
            db.save().with_context(|| format!("saving {into}"))?;
            writeln!(out, "{into}: {} records", db.len())?;
        }
        Some("convert") => {
            let [from, to] = positional[..] else {
                bail!("{USAGE}");
            };
            let db = open(from)?;
            let lz4 = args.iter().any(|a| a == "--lz4");
            db.save_as(Path::new(to.as_str()), lz4)
                .with_context(|| format!("saving {to}"))?;
            writeln!(
                out,
                "{to}: {} records ({})",
                db.len(),
                if lz4 { "LZ4" } else { "plain" }
            )?;
        }
        Some("import-lib") => {
            let [lib, into] = positional[..] else {
                bail!("{USAGE}");
            };
            let rule = match flag("--rule") {
                Some(r) => Rule::from_name(&r).ok_or_else(|| anyhow!("unknown rule '{r}'"))?,
                None => Rule::Renju,
            };
            let code = rule_code(rule).ok_or_else(|| anyhow!("the database has no caro rules"))?;
            let size: u8 = flag("--size").map_or(Ok(15), |s| s.parse())?;
            let data = std::fs::read(lib.as_str()).with_context(|| lib.to_string())?;
            let (mut db, _) = Database::open(into.as_str()).map_err(|e| anyhow!("{into}: {e}"))?;
            let r = renlib::import(&mut db, &data, code, size);
            db.save().with_context(|| format!("saving {into}"))?;
            match r {
                Ok(n) => writeln!(out, "imported {n} records; {into}: {} records", db.len())?,
                Err(e) => bail!("{lib}: {e} (what was read before is saved)"),
            }
        }
        Some("bench") => {
            let n: usize = positional.first().map_or(Ok(1_000_000), |s| s.parse())?;
            bench(n, out)?;
        }
        _ => bail!("{USAGE}"),
    }
    Ok(())
}

/// Resident memory of this process in kB (Linux), 0 where unknown.
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Builds a database of `n` records from random games on a 15 x 15 freestyle board (every
/// position of each game recorded, so positions share their openings as a real library's
/// do), then times the children query on positions that have children.
pub fn bench(n: usize, out: &mut dyn Write) -> Result<()> {
    let mut rng = StdRng::seed_from_u64(86);
    let rule = Rule::Freestyle;
    let rss0 = rss_kb();
    let t0 = Instant::now();
    let mut db = Database::new("bench.db");
    let mut games: Vec<Vec<usize>> = Vec::new();
    while db.len() < n {
        let mut b = Board::new(15, 15);
        let mut moves = Vec::new();
        let len = rng.gen_range(8..48);
        for _ in 0..len {
            let (x, y) = loop {
                let x = rng.gen_range(3u8..12);
                let y = rng.gen_range(3u8..12);
                if b.is_empty(Pos::new(x, y)) {
                    break (x, y);
                }
            };
            b.make(Pos::new(x, y).idx());
            moves.push(Pos::new(x, y).idx());
            let s = tree::stones_of(&b, rule).expect("freestyle has a code");
            let mut r = super::record::Record::labelled(super::record::LABEL_NONE);
            r.value = rng.gen_range(-500..500);
            r.set_depth_bound(rng.gen_range(10..40), super::record::Bound::Exact);
            db.set(Key::of(&s).0, r, super::record::mask::ALL);
            if db.len() >= n {
                break;
            }
        }
        if games.len() < 2000 {
            games.push(moves);
        }
    }
    let build = t0.elapsed();
    let rss1 = rss_kb();
    // Query the children of positions along the stored games (each has at least one).
    let mut times = Vec::new();
    let mut found = 0usize;
    for g in &games {
        let mut b = Board::new(15, 15);
        for &m in g.iter().take(g.len().saturating_sub(1)).take(12) {
            b.make(m);
            let t = Instant::now();
            let c = tree::children(&db, &b, rule);
            times.push(t.elapsed().as_secs_f64() * 1e3);
            found += c.len();
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p) as usize];
    writeln!(
        out,
        "db bench: {} records built in {:.2} s, {} MB resident ({} bytes a record)",
        db.len(),
        build.as_secs_f64(),
        (rss1.saturating_sub(rss0)) / 1024,
        (rss1.saturating_sub(rss0)) * 1024 / db.len().max(1) as u64
    )?;
    writeln!(
        out,
        "children query: {} positions, {} children found, mean {:.3} ms, median {:.3} ms, 99% {:.3} ms, max {:.3} ms",
        times.len(),
        found,
        mean,
        pct(0.5),
        pct(0.99),
        pct(1.0)
    )?;
    let dir = std::env::temp_dir().join(format!("wuzi-db-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("bench.db");
    let t = Instant::now();
    db.save_as(&path, false)?;
    let save = t.elapsed();
    let size = std::fs::metadata(&path)?.len();
    drop(db);
    let t = Instant::now();
    let (back, _) = Database::open(&path).map_err(|e| anyhow!("{e}"))?;
    let load = t.elapsed();
    writeln!(
        out,
        "file: {} MB, saved in {:.2} s, loaded in {:.2} s ({} records)",
        size / (1 << 20),
        save.as_secs_f64(),
        load.as_secs_f64(),
        back.len()
    )?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

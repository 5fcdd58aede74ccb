//! The Yixin database: file round trips, refusals of damaged and foreign files, symmetry
//! keys, saves that keep the previous version, merge, split, deletion and Renlib import.

use std::fs;
use std::path::PathBuf;
use wuzi::database::key::{transform, Key, Stones};
use wuzi::database::record::{self, mask, Bound, Record, LABEL_LOSE, LABEL_NONE, LABEL_WIN};
use wuzi::database::yxdb::{self, LoadError};
use wuzi::database::{backup_path, renlib, tree, Database};
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wuzi-db-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn board(moves: &[(u8, u8)], w: usize, h: usize) -> Board {
    let mut b = Board::new(w, h);
    for &(x, y) in moves {
        b.make(Pos::new(x, y).idx());
    }
    b
}

fn stones(rule: Rule, moves: &[(u8, u8)], w: usize, h: usize) -> Stones {
    tree::stones_of(&board(moves, w, h), rule).unwrap()
}

fn rec(label: i8, value: i16, depth: i32, bound: Bound, text: &[u8]) -> Record {
    let mut r = Record {
        label,
        value,
        depth_bound: 0,
        text: text.to_vec(),
    };
    r.set_depth_bound(depth, bound);
    r
}

/// A database with a bit of everything: labels, values, comments and board texts, a
/// position where a side passed, a rectangular board, renju and standard.
fn sample(path: PathBuf) -> Database {
    let mut db = Database::new(path);
    let mut with_texts = rec(LABEL_NONE, 35, 22, Bound::Exact, b"");
    with_texts.set_board_text((3, 4), b"A");
    with_texts.set_comment("a comment, with \"quotes\" and 中文".as_bytes());
    let entries = [
        (
            stones(Rule::Freestyle, &[(7, 7)], 15, 15),
            rec(LABEL_WIN, -29990, 30, Bound::Exact, b""),
        ),
        (
            stones(Rule::Freestyle, &[(7, 7), (8, 8)], 15, 15),
            with_texts,
        ),
        (
            stones(Rule::Renju, &[(7, 7), (7, 8), (9, 9)], 15, 15),
            rec(LABEL_LOSE, 120, 12, Bound::Lower, b""),
        ),
        (
            stones(Rule::Standard, &[(0, 0), (19, 14)], 20, 15),
            rec(b'a' as i8, 0, 0, Bound::None, b""),
        ),
        (stones(Rule::Freestyle, &[], 15, 15), Record::default()),
    ];
    for (s, r) in entries {
        db.set(Key::of(&s).0, r, mask::ALL);
    }
    // White to move with one black stone and one white stone: black passed.
    let mut passed = stones(Rule::Freestyle, &[(7, 7), (6, 6)], 15, 15);
    passed.side = Color::White;
    db.set(
        Key::of(&passed).0,
        rec(LABEL_NONE, -7, 5, Bound::Upper, b""),
        mask::ALL,
    );
    db
}

#[test]
fn a_database_saved_and_opened_again_holds_the_same_records_and_file_bytes() {
    let dir = temp_dir("roundtrip");
    let path = dir.join("lib.db");
    let mut db = sample(path.clone());
    assert!(db.save().unwrap());
    let first = fs::read(&path).unwrap();
    let (back, report) = Database::open(&path).unwrap();
    assert_eq!(report.skipped, 0);
    assert!(report.utf8 && !report.compressed);
    assert_eq!(back.len(), db.len());
    for ((k1, r1), (k2, r2)) in db.iter().zip(back.iter()) {
        assert_eq!(k1, k2);
        assert_eq!(r1, r2);
    }
    // Written again, the file is byte for byte the same.
    back.save_as(&dir.join("again.db"), false).unwrap();
    assert_eq!(fs::read(dir.join("again.db")).unwrap(), first);
    // The LZ4 form reads back to the same records.
    back.save_as(&dir.join("lz4.db"), true).unwrap();
    let lz = fs::read(dir.join("lz4.db")).unwrap();
    assert_eq!(&lz[..4], &yxdb::LZ4_MAGIC);
    let (unpacked, report) = Database::open(dir.join("lz4.db")).unwrap();
    assert!(report.compressed);
    assert!(unpacked.iter().eq(back.iter()));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_file_layout_is_the_yixin_one() {
    let dir = temp_dir("layout");
    let path = dir.join("one.db");
    let mut db = Database::new(&path);
    // Black on (7,7), white to move: the move into it wins in 10 plies.
    let s = stones(Rule::Freestyle, &[(7, 7)], 15, 15);
    db.set(
        Key::of(&s).0,
        rec(LABEL_WIN, -29990, 5, Bound::Exact, b"hi"),
        mask::ALL,
    );
    db.save().unwrap();
    let mut want = vec![2, 0, 0, 0];
    want.extend_from_slice(&[3, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0]);
    want.extend_from_slice(b"charset=\"UTF-8\"");
    want.extend_from_slice(&[5, 0, 0, 15, 15, 7, 7]);
    want.extend_from_slice(&[7, 0, b'w']);
    want.extend_from_slice(&(-29990i16).to_le_bytes());
    want.extend_from_slice(&(5i16 << 2 | 3).to_le_bytes());
    want.extend_from_slice(b"hi");
    assert_eq!(fs::read(&path).unwrap(), want);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_pass_is_written_where_the_side_to_move_is_not_the_counted_one() {
    let mut db = Database::new("unused.db");
    let mut s = stones(Rule::Freestyle, &[(7, 7)], 15, 15);
    s.side = Color::Black;
    db.set(Key::of(&s).0, Record::labelled(LABEL_NONE), mask::ALL);
    let mut bytes = Vec::new();
    yxdb::write(&mut bytes, db.iter(), false).unwrap();
    // Key: rule, 15, 15, black (7,7), then a pass (-1,-1) closing white's list.
    assert_eq!(&bytes[4..13], &[7, 0, 0, 15, 15, 7, 7, 0xff, 0xff]);
    let (back, _) = yxdb::read(&bytes[..]).unwrap();
    let (k, _) = back.iter().next().unwrap();
    assert_eq!(k.side(), Color::Black);
    assert_eq!(k.white().count(), 0);
}

#[test]
fn damaged_and_foreign_files_are_refused_with_the_reason_and_nothing_changes() {
    let dir = temp_dir("refuse");
    let path = dir.join("lib.db");
    let mut db = sample(path.clone());
    db.save().unwrap();
    let good = fs::read(&path).unwrap();

    // Truncated anywhere inside the records.
    for cut in [3, 6, good.len() / 2, good.len() - 1] {
        let (err, _) = (yxdb::read(&good[..cut]).unwrap_err(), ());
        assert!(
            matches!(err, LoadError::Truncated { .. }),
            "cut at {cut}: {err}"
        );
        assert!(err.to_string().contains("cut short"), "{err}");
    }
    // Known other formats, and an empty file.
    let lib = b"\xffRenLib\xff\x03\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff";
    let err = yxdb::read(&lib[..]).unwrap_err();
    assert!(err.to_string().contains("Renlib"), "{err}");
    assert!(matches!(
        yxdb::read(&b"PK\x03\x04rest"[..]).unwrap_err(),
        LoadError::Foreign(_)
    ));
    assert!(matches!(yxdb::read(&[][..]).unwrap_err(), LoadError::Empty));
    // Text is not a database.
    let err = yxdb::read(&b"index,key,label,value\n0,f-15-15-h8--w"[..]).unwrap_err();
    assert!(err.to_string().contains("a text file"), "{err}");
    // Bytes after the last record.
    let mut long = good.clone();
    long.extend_from_slice(b"xyz");
    assert!(matches!(
        yxdb::read(&long[..]).unwrap_err(),
        LoadError::Trailing(3)
    ));

    // A refused file leaves the file and the open database as they were.
    let bad = dir.join("bad.db");
    fs::write(&bad, &good[..good.len() / 2]).unwrap();
    let before = db.len();
    match Database::open(&bad) {
        Ok(_) => panic!("a truncated file opened"),
        Err(e) => assert!(e.to_string().contains("cut short")),
    }
    assert_eq!(db.len(), before);
    assert_eq!(fs::read(&bad).unwrap(), &good[..good.len() / 2]);
    let _ = fs::remove_dir_all(&dir);
}

/// One record's bytes: a key (rule, width, height, stones) and a value part.
fn raw_record(key: &[u8], value: &[u8]) -> Vec<u8> {
    let mut v = (key.len() as u16).to_le_bytes().to_vec();
    v.extend_from_slice(key);
    v.extend_from_slice(&(value.len() as u16).to_le_bytes());
    v.extend_from_slice(value);
    v
}

#[test]
fn unreadable_records_are_skipped_and_counted_and_a_mostly_bad_file_is_refused() {
    let ok1 = raw_record(&[0, 15, 15, 7, 7], &[b'w', 0, 0, 0, 0]);
    let ok2 = raw_record(&[2, 15, 15, 7, 7, 8, 8], &[0xff, 10, 0, 0, 0]);
    let bad_rule = raw_record(&[9, 15, 15, 7, 7], &[b'l', 0, 0, 0, 0]);
    let off_board = raw_record(&[0, 15, 15, 15, 3], &[b'l', 0, 0, 0, 0]);
    let mut file = 4u32.to_le_bytes().to_vec();
    for r in [&ok1, &bad_rule, &ok2, &off_board] {
        file.extend_from_slice(r);
    }
    // Two of four bad: read, with the count.
    let (records, report) = yxdb::read(&file[..]).unwrap();
    assert_eq!((records.len(), report.skipped, report.total), (2, 2, 4));
    // Three of four bad: refused.
    let mut worse = 4u32.to_le_bytes().to_vec();
    for r in [&ok1, &bad_rule, &off_board, &bad_rule] {
        worse.extend_from_slice(r);
    }
    let err = yxdb::read(&worse[..]).unwrap_err();
    assert!(matches!(err, LoadError::Damaged { bad: 3, of: 4 }), "{err}");
}

#[test]
fn every_image_of_a_position_finds_its_record_and_its_board_texts() {
    let mut db = Database::new("unused.db");
    let moves = [(7u8, 7u8), (8, 6), (9, 9)];
    let b = board(&moves, 15, 15);
    // A record for the position after white plays (3, 5), and a board text there.
    tree::set_board_text(&mut db, &b, Rule::Freestyle, (3, 5), "好".as_bytes());
    let child = tree::stones_of(
        &board(&[(7, 7), (8, 6), (9, 9), (3, 5)], 15, 15),
        Rule::Freestyle,
    )
    .unwrap();
    db.set(
        Key::of(&child).0,
        rec(LABEL_LOSE, 29980, 9, Bound::Exact, b""),
        mask::LVDB,
    );
    for t in 0..8 {
        let image: Vec<(u8, u8)> = moves
            .iter()
            .map(|&(x, y)| transform(t, x, y, 15, 15))
            .collect();
        let ib = board(&image, 15, 15);
        let cell = transform(t, 3, 5, 15, 15);
        let kids = tree::children(&db, &ib, Rule::Freestyle);
        assert_eq!(kids.len(), 1, "symmetry {t}");
        assert_eq!(kids[0].0, cell);
        assert_eq!(kids[0].1.label, LABEL_LOSE);
        let texts = tree::board_texts(&db, &ib, Rule::Freestyle);
        assert_eq!(
            texts,
            vec![(cell, "好".as_bytes().to_vec())],
            "symmetry {t}"
        );
    }
    // Another rule or size sees nothing.
    assert!(tree::children(&db, &b, Rule::Renju).is_empty());
    assert!(tree::children(&db, &board(&moves, 16, 16), Rule::Freestyle).is_empty());
    // The caro rules have no place in the file.
    assert!(tree::stones_of(&b, Rule::Caro).is_none());
}

#[test]
fn a_save_keeps_the_previous_version_and_a_failed_save_leaves_the_file() {
    let dir = temp_dir("backup");
    let path = dir.join("work.db");
    let mut db = Database::new(&path);
    let s = stones(Rule::Freestyle, &[(7, 7)], 15, 15);
    db.set(Key::of(&s).0, Record::labelled(LABEL_NONE), mask::ALL);
    db.save().unwrap();
    let v1 = fs::read(&path).unwrap();
    assert!(!db.save().unwrap(), "nothing changed, nothing written");
    let s2 = stones(Rule::Freestyle, &[(7, 7), (8, 8)], 15, 15);
    db.set(Key::of(&s2).0, Record::labelled(LABEL_WIN), mask::ALL);
    db.save().unwrap();
    assert_eq!(fs::read(backup_path(&path, 1)).unwrap(), v1);
    assert_eq!(backup_path(&path, 1), dir.join("work_bak1.db"));
    assert_eq!(Database::open(&path).unwrap().0.len(), 2);
    // No temporary file is left behind.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    // Saving where nothing can be written fails and leaves the file alone.
    let v2 = fs::read(&path).unwrap();
    let nowhere = dir.join("missing-dir").join("x.db");
    assert!(db.save_as(&nowhere, false).is_err());
    assert_eq!(fs::read(&path).unwrap(), v2);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn merge_keeps_the_more_certain_record_and_both_comments() {
    let a_key = Key::of(&stones(Rule::Freestyle, &[(7, 7)], 15, 15)).0;
    let b_key = Key::of(&stones(Rule::Freestyle, &[(7, 7), (7, 8)], 15, 15)).0;
    let mut dst = Database::new("dst.db");
    let mut src = Database::new("src.db");
    let mut deep = rec(LABEL_NONE, 40, 30, Bound::Exact, b"");
    deep.set_comment(b"mine");
    dst.set(a_key.clone(), deep, mask::ALL);
    let mut shallow = rec(LABEL_NONE, -300, 8, Bound::Exact, b"");
    shallow.set_comment(b"theirs");
    src.set(a_key.clone(), shallow, mask::ALL);
    src.set(
        b_key.clone(),
        rec(LABEL_WIN, -29970, 1, Bound::Exact, b""),
        mask::ALL,
    );
    dst.set(
        b_key.clone(),
        rec(LABEL_NONE, 10, 40, Bound::Exact, b""),
        mask::ALL,
    );
    let written = tree::merge(&mut dst, &src);
    assert_eq!(written, 1);
    let a = dst.get(&a_key).unwrap();
    assert_eq!((a.value, a.depth()), (40, 30));
    assert_eq!(a.comment(), b"mine");
    // A win beats a deeper open value.
    assert_eq!(dst.get(&b_key).unwrap().label, LABEL_WIN);
}

#[test]
fn split_copies_a_branch_and_its_path_and_delete_removes_what_the_filter_picks() {
    let mut db = Database::new("all.db");
    let lines: [&[(u8, u8)]; 4] = [
        &[(7, 7)],
        &[(7, 7), (8, 8)],
        &[(7, 7), (8, 8), (9, 9)],
        &[(7, 7), (9, 6)],
    ];
    for (i, l) in lines.iter().enumerate() {
        let label = if i == 2 { LABEL_WIN } else { LABEL_NONE };
        db.set(
            Key::of(&stones(Rule::Freestyle, l, 15, 15)).0,
            Record::labelled(label),
            mask::ALL,
        );
    }
    let mut part = Database::new("part.db");
    let n = tree::split(
        &db,
        &mut part,
        &board(&[(7, 7), (8, 8)], 15, 15),
        Rule::Freestyle,
    );
    // The branch (9, 9) and the path (7,7), (7,7)+(8,8); not the sibling (9, 6).
    assert_eq!(n, 3);
    assert!(!part.contains(&Key::of(&stones(Rule::Freestyle, lines[3], 15, 15)).0));

    // Delete only wins under the root: the (9,9) record; then everything under (7,7).
    let root = board(&[], 15, 15);
    let f = tree::delete_filter("wrecursive", 0).unwrap();
    assert_eq!(
        tree::delete_children(&mut db, &root, Rule::Freestyle, Some(&*f)),
        1
    );
    assert_eq!(db.len(), 3);
    assert!(tree::delete_filter("nonsense", 0).is_none());
    assert_eq!(
        tree::delete_children(&mut db, &board(&[(7, 7)], 15, 15), Rule::Freestyle, None),
        2
    );
    assert_eq!(db.len(), 1);
    // Deleting one record removes the parent's board text for it.
    let b = board(&[(7, 7)], 15, 15);
    tree::set_board_text(&mut db, &b, Rule::Freestyle, (5, 5), b"X");
    // (5, 5) and its three images around the lone centre stone.
    assert_eq!(tree::board_texts(&db, &b, Rule::Freestyle).len(), 4);
    tree::delete_position(&mut db, &stones(Rule::Freestyle, &[(7, 7), (5, 5)], 15, 15));
    assert!(tree::board_texts(&db, &b, Rule::Freestyle).is_empty());
}

/// A library node: move (column, row) or a pass, flags, comment, text.
fn lib_node(
    mv: Option<(u8, u8)>,
    flag: u8,
    comment: Option<&[u8]>,
    text: Option<&[u8]>,
) -> Vec<u8> {
    let mut v = vec![mv.map_or(0, |(x, y)| (y << 4) | (x + 1)), flag];
    if text.is_some() {
        v.extend_from_slice(&[0, 1]);
    }
    for s in [comment, text].into_iter().flatten() {
        v.extend_from_slice(s);
        v.extend_from_slice(if s.len() % 2 == 0 { &[0, 0] } else { &[0] });
    }
    v
}

#[test]
fn a_renlib_library_is_imported_as_a_tree_of_records() {
    let mut lib = b"\xffRenLib\xff\x03\x00".to_vec();
    lib.resize(20, 0xff);
    // h8 (7,7); its child i9 (8,8) marked W with a comment; then i9's sibling g9 (6,8)
    // labelled "A" on the board; g9 has no child.
    lib.extend(lib_node(Some((7, 7)), 0, None, None));
    lib.extend(lib_node(
        Some((8, 8)),
        0x40 | 0x80 | 0x01 | 0x08,
        Some(b"strong"),
        Some(b"W"),
    ));
    lib.extend(lib_node(Some((6, 8)), 0x40 | 0x01, None, Some(b"A")));
    let mut db = Database::new("lib.db");
    let n = renlib::import(&mut db, &lib, 2, 15).unwrap();
    assert!(n >= 2, "{n}");
    let root = board(&[(7, 7)], 15, 15);
    let kids = tree::children(&db, &root, Rule::Renju);
    let i9 = kids.iter().find(|(c, _)| *c == (8, 8)).unwrap();
    assert_eq!(i9.1.label, LABEL_WIN);
    assert_eq!(i9.1.comment(), b"strong");
    let texts = tree::board_texts(&db, &root, Rule::Renju);
    // A lone stone on the centre is symmetric: the label shows on all four images of g9.
    let a = b"A".to_vec();
    assert_eq!(
        texts,
        vec![
            ((6, 6), a.clone()),
            ((8, 6), a.clone()),
            ((6, 8), a.clone()),
            ((8, 8), a)
        ]
    );
    // Not a library: refused.
    assert!(renlib::import(&mut db, b"PK\x03\x04", 2, 15).is_err());
    // Cut short: an error, what was read stays.
    let before = db.len();
    assert!(renlib::import(&mut db, &lib[..lib.len() - 3], 2, 15).is_err());
    assert!(db.len() >= before);
}

#[test]
fn display_labels_are_the_ones_yixin_board_draws() {
    let mut r = Record::labelled(LABEL_WIN);
    r.value = -(record::MATE as i16 - 4);
    assert_eq!(r.display_label(), "w5");
    assert_eq!(r.display_label_code(), ((b'w' as i32) << 8) | b'5' as i32);
}

#[test]
fn damaged_bytes_never_panic_the_readers() {
    use rand::{rngs::StdRng, Rng, SeedableRng};
    let mut db = sample(PathBuf::from("unused.db"));
    let b = board(&[(7, 7), (8, 8)], 15, 15);
    tree::set_board_text(&mut db, &b, Rule::Freestyle, (3, 3), b"Q");
    let mut good = Vec::new();
    yxdb::write(&mut good, db.iter(), true).unwrap();
    let mut lib = b"\xffRenLib\xff\x03\x00".to_vec();
    lib.resize(20, 0xff);
    lib.extend(lib_node(Some((7, 7)), 0, None, None));
    lib.extend(lib_node(
        Some((8, 8)),
        0x40 | 0x01 | 0x08,
        Some(b"c"),
        Some(b"W3"),
    ));
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..3000 {
        for base in [&good, &lib] {
            let mut v = base.to_vec();
            for _ in 0..rng.gen_range(1..6) {
                let i = rng.gen_range(0..v.len());
                match rng.gen_range(0..3) {
                    0 => v[i] = rng.gen(),
                    1 => v.truncate(i.max(1)),
                    _ => v.insert(i, rng.gen()),
                }
            }
            let _ = yxdb::read(&v[..]);
            let mut target = Database::new("unused.db");
            let _ = renlib::import(&mut target, &v, 2, 15);
        }
    }
}

#[test]
fn a_forbidden_point_of_black_under_renju_is_no_child() {
    // Black (6,7), (7,7) and (8,5), (8,6): (8,7) makes two open threes.
    let mut b = Board::new(15, 15);
    for &(x, y) in &[
        (6u8, 7u8),
        (0, 0),
        (7, 7),
        (0, 2),
        (8, 5),
        (0, 4),
        (8, 6),
        (0, 6),
    ] {
        b.make(Pos::new(x, y).idx());
    }
    assert!(wuzi::game::rule::is_forbidden(&b, Pos::new(8, 7).idx()));
    let s = tree::stones_of(&b, Rule::Renju).unwrap();
    let mut db = Database::new("unused.db");
    db.set(
        Key::of(&s.child(8, 7)).0,
        Record::labelled(LABEL_WIN),
        mask::ALL,
    );
    db.set(
        Key::of(&s.child(12, 12)).0,
        Record::labelled(LABEL_LOSE),
        mask::ALL,
    );
    let kids: Vec<(u8, u8)> = tree::children(&db, &b, Rule::Renju)
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert_eq!(kids, vec![(12, 12)]);
}

fn db_cli(args: &[&str]) -> Result<String, String> {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    wuzi::database::cli::db_main(&args, &mut out)
        .map(|_| String::from_utf8_lossy(&out).into_owned())
        .map_err(|e| e.to_string())
}

#[test]
fn the_db_subcommand_inspects_exports_converts_and_merges() {
    let dir = temp_dir("cli");
    let a = dir.join("a.db");
    let mut db = sample(a.clone());
    db.save().unwrap();
    let a = a.to_str().unwrap();
    let info = db_cli(&["info", a]).unwrap();
    assert!(
        info.contains("6 records (plain, UTF-8 texts), 0 unreadable skipped"),
        "{info}"
    );
    assert!(info.contains("freestyle 15x15: 4"), "{info}");
    assert!(info.contains("standard 20x15: 1"), "{info}");
    let csv = db_cli(&["export", a]).unwrap();
    assert!(csv.starts_with("index,key,label,value,depth,bound,text\n"));
    assert_eq!(csv.lines().count(), 7);
    assert!(csv.contains(",w,-29990,30,exact,\"\"\n"), "{csv}");
    let lines = db_cli(&["export", a, "--format", "lines"]).unwrap();
    assert!(lines.contains("shown w11"), "{lines}");
    // Convert to LZ4 and back: the same file.
    let z = dir.join("a.lz4");
    let p = dir.join("p.db");
    db_cli(&["convert", a, z.to_str().unwrap(), "--lz4"]).unwrap();
    db_cli(&["convert", z.to_str().unwrap(), p.to_str().unwrap()]).unwrap();
    assert_eq!(fs::read(&p).unwrap(), fs::read(a).unwrap());
    // Merge into a new file.
    let m = dir.join("m.db");
    let said = db_cli(&["merge", m.to_str().unwrap(), a]).unwrap();
    assert!(said.contains("6 of 6 records written"), "{said}");
    assert_eq!(Database::open(&m).unwrap().0.len(), 6);
    // Refusals name the file and the reason.
    let e = db_cli(&["info", dir.join("none.db").to_str().unwrap()]).unwrap_err();
    assert!(e.contains("no such file"), "{e}");
    fs::write(dir.join("t.db"), "hello world").unwrap();
    let e = db_cli(&["export", dir.join("t.db").to_str().unwrap()]).unwrap_err();
    assert!(e.contains("a text file"), "{e}");
    assert!(db_cli(&["frobnicate"]).unwrap_err().contains("usage"));
    let _ = fs::remove_dir_all(&dir);
}

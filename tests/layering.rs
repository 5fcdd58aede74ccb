//! The code's layering, read from its source: no two files of `src/` name each other, directly
//! or through a longer cycle, and the layers depend one way only
//! (`protocol` → `search` → `eval` → `game`; `train`, `bench` and `web` beside `protocol`,
//! `datafile` and `database` beside `eval`).
//!
//! A file names another through `crate::…`, `super::…` and `self::…` paths, in `use` lines or
//! inline. Comments and string literals are skipped; `mod` declarations are not uses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src/`: `src/search/tt.rs` is `["search", "tt"]`,
/// `src/search/mod.rs` is `["search"]`, `src/lib.rs` is `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("file under src/");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

/// The text with comments, string and char literals blanked out (lengths kept).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
            }
        } else if b[i] == b'r' && (b[i..].starts_with(b"r\"") || b[i..].starts_with(b"r#")) {
            // Raw string: r"…" or r#…#"…"#…#.
            let mut j = i + 1;
            let mut hashes = 0;
            while j < b.len() && b[j] == b'#' {
                hashes += 1;
                j += 1;
            }
            if j < b.len() && b[j] == b'"' {
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                let end = b[j + 1..]
                    .windows(close.len())
                    .position(|w| w == close.as_slice())
                    .map_or(b.len(), |k| j + 1 + k + close.len());
                out.extend(std::iter::repeat_n(b' ', end - i));
                i = end;
            } else {
                out.push(b[i]);
                i += 1;
            }
        } else if b[i] == b'"' {
            out.push(b' ');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    out.push(b' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
            }
            out.push(b' ');
            i += 1;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): blank only the former.
            let lit = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map(|k| i + 3 + k)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 3)
            } else {
                None
            };
            match lit {
                Some(end) => {
                    out.extend(std::iter::repeat_n(b' ', end - i));
                    i = end;
                }
                None => {
                    out.push(b'\'');
                    i += 1;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Reads a path tree at `b[*i..]`: `a::b::c`, `a::{b, c::d}`, `a::*`; every full path is
/// appended to `out`, each prefixed with `prefix`.
fn read_tree(b: &[u8], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
        if *i < b.len() && b[*i] == b'{' {
            *i += 1;
            loop {
                while *i < b.len() && (b[*i].is_ascii_whitespace() || b[*i] == b',') {
                    *i += 1;
                }
                if *i >= b.len() || b[*i] == b'}' {
                    *i += 1;
                    return;
                }
                read_tree(b, i, &path, out);
            }
        }
        let start = *i;
        while *i < b.len() && is_ident(b[*i]) {
            *i += 1;
        }
        if *i == start {
            // `*` or something else: the path so far.
            out.push(path);
            return;
        }
        path.push(String::from_utf8_lossy(&b[start..*i]).into_owned());
        let mut j = *i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if b[j..].starts_with(b"::") && !b[j + 2..].starts_with(b"<") {
            *i = j + 2;
        } else {
            out.push(path);
            return;
        }
    }
}

/// Every module path a file's code names (`crate::`, `super::` and `self::` paths,
/// resolved against the file's own module).
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let boundary = i == 0 || !(is_ident(b[i - 1]) || b[i - 1] == b':');
        if !boundary {
            i += 1;
            continue;
        }
        // The module `super`/`self` stand for here.
        let base: Option<(Vec<String>, usize)> = if b[i..].starts_with(b"crate::") {
            Some((Vec::new(), 7))
        } else if b[i..].starts_with(b"super::") {
            let mut m = module.to_vec();
            let mut k = i;
            // A `mod.rs` file is its folder's module, so `super` there is the folder's parent.
            let mut up = 0;
            while b[k..].starts_with(b"super::") {
                up += 1;
                k += 7;
            }
            for _ in 0..up {
                m.pop();
            }
            Some((m, k - i))
        } else if b[i..].starts_with(b"self::") {
            Some((module.to_vec(), 6))
        } else {
            None
        };
        match base {
            Some((m, skip)) => {
                i += skip;
                read_tree(b, &mut i, &m, &mut out);
            }
            None => i += 1,
        }
    }
    out
}

/// The file a module path lands in: the longest prefix that is a file of `src/`.
fn file_of(files: &BTreeMap<Vec<String>, PathBuf>, path: &[String]) -> Option<Vec<String>> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| files.contains_key(p))
}

struct Graph {
    /// file module → modules it names (other files only).
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    // main.rs is its own crate (it names the library as `wuzi::`): left out.
    paths.retain(|p| p.file_name().is_some_and(|n| n != "main.rs"));
    let files: BTreeMap<Vec<String>, PathBuf> = paths
        .iter()
        .map(|p| (module_of(&src, p), p.clone()))
        .collect();
    let mut edges = BTreeMap::new();
    for (module, path) in &files {
        let text = std::fs::read_to_string(path).expect("source is readable");
        let code = strip(&text);
        let mut named = BTreeSet::new();
        for p in named_paths(&code, module) {
            if let Some(f) = file_of(&files, &p) {
                if &f != module {
                    named.insert(f);
                }
            }
        }
        edges.insert(module.clone(), named);
    }
    Graph { edges }
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".to_string()
    } else {
        m.join("::")
    }
}

/// The groups of files (two or more) that reach each other through their names: each group
/// sorted, the groups in order.
fn circles(g: &Graph) -> Vec<Vec<String>> {
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for t in g.edges.get(&m).into_iter().flatten() {
                if seen.insert(t.clone()) {
                    todo.push(t.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> =
        g.edges.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (m, r) in &reaches {
        let mut group: Vec<String> = r
            .iter()
            .filter(|t| reaches.get(t).is_some_and(|back| back.contains(*m)))
            .map(|t| name(t))
            .collect();
        if group.len() > 1 {
            group.sort();
            if !out.contains(&group) {
                out.push(group);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn no_two_files_name_each_other() {
    let g = graph();
    let found = circles(&g);
    let detail: Vec<String> = found
        .iter()
        .map(|c| {
            let arrows: Vec<String> = g
                .edges
                .iter()
                .filter(|(m, _)| c.contains(&name(m)))
                .flat_map(|(m, ts)| {
                    ts.iter()
                        .filter(|t| c.contains(&name(t)))
                        .map(move |t| format!("{} -> {}", name(m), name(t)))
                })
                .collect();
            arrows.join(", ")
        })
        .collect();
    assert!(found.is_empty(), "import circles in src/: {detail:#?}");
}

/// The layer of a top-level module: a module may name only modules of a lower layer or its
/// own (the crate root, `lib.rs`, names every module and is left out).
fn layer(top: &str) -> Option<u8> {
    match top {
        "game" => Some(0),
        "eval" | "datafile" | "database" => Some(1),
        "search" => Some(2),
        "protocol" | "train" | "bench" | "web" => Some(3),
        _ => None,
    }
}

#[test]
fn layers_depend_one_way() {
    let g = graph();
    let mut wrong = Vec::new();
    for (m, targets) in &g.edges {
        let Some(from) = m.first().and_then(|t| layer(t)) else {
            continue;
        };
        for t in targets {
            let Some(to) = t.first().and_then(|t| layer(t)) else {
                continue;
            };
            if to > from || (to == from && m[0] != t[0]) {
                wrong.push(format!("{} -> {}", name(m), name(t)));
            }
        }
    }
    assert!(wrong.is_empty(), "names against the layering: {wrong:#?}");
}

/// The reader itself: a circle written into a sample is found, and `super::` in a `mod.rs` and
/// in a plain file resolve to the right files.
#[test]
fn the_reader_finds_names_and_circles() {
    let code = strip(
        "use super::{a::X, b::{self, Y}}; // crate::c::Z\nlet s = \"crate::d\"; crate::e::f();",
    );
    let paths = named_paths(&code, &["m".into(), "n".into()]);
    let names: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["m::a::X", "m::b::self", "m::b::Y", "e::f"]);
    let mut edges = BTreeMap::new();
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    edges.insert(m("a"), BTreeSet::from([m("b")]));
    edges.insert(m("b"), BTreeSet::from([m("c")]));
    edges.insert(m("c"), BTreeSet::from([m("a")]));
    edges.insert(m("d"), BTreeSet::from([m("a")]));
    assert_eq!(circles(&Graph { edges }), vec![vec!["a", "b", "c"]]);
}

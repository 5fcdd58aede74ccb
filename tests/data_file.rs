//! The one-position-per-line data format (`wuzi::datafile`): lines read back into boards,
//! the five and forbidden-point tasks checked against the rule functions, and
//! `pbrain-wuzi solve`'s puzzle run (`wuzi::bench::solve_file`) on a small file written here.
use wuzi::datafile::{parse_line, DataLine};
use wuzi::game::board::Color;
use wuzi::game::pos::Pos;
use wuzi::game::rule::{forbidden_points, is_forbidden, makes_five, Rule};

/// Rule tasks on positions made by hand (tests/rules.rs says why each answer is right).
const RULE_LINES: &str = "\
# A comment line, and a blank one, are skipped.

four.row 15 freestyle b b3,7 b4,7 b5,7 b6,7 w0,0 w0,14 w14,0 w14,14 | five 7,7 2,7 | four in a row
four.row.std 15 standard b b3,7 b4,7 b5,7 b6,7 w0,0 w0,14 w14,0 w14,14 | five 7,7 2,7 | the same
six.free 15 freestyle b b2,7 b3,7 b4,7 b5,7 b7,7 w0,0 w0,14 w14,0 w14,14 w1,1 | five 6,7 | six wins
six.std 15 standard b b2,7 b3,7 b4,7 b5,7 b7,7 w0,0 w0,14 w14,0 w14,14 w1,1 | nowin 6,7 | six does not
six.renju 15 renju b b2,7 b3,7 b4,7 b5,7 b7,7 w0,0 w0,14 w14,0 w14,14 w1,1 | nowin 6,7 | nor in renju
cross 15 renju b b7,5 b7,6 b8,7 b9,7 | forbidden 7,7 | two open threes
cross.legal 15 renju b b7,5 b7,6 b8,7 b9,7 | legal 7,4 6,7 8,6 | one three each
cross.all 15 renju b b7,5 b7,6 b8,7 b9,7 | forbidden_all 7,7 | nothing else
false.three 15 renju b b7,5 b8,5 b7,6 b9,6 b8,7 b9,7 b6,9 b6,10 b10,9 b10,10 | forbidden_all 7,4 9,4 8,6 6,7 10,7 | 7,7's row three cannot become a straight four
false.three.legal 15 renju b b7,5 b8,5 b7,6 b9,6 b8,7 b9,7 b6,9 b6,10 b10,9 b10,10 | legal 7,7 | the same
";

/// Whether a line's answer holds: `Some(true/false)` for a rule task, `None` for another task.
fn check(entry: &DataLine) -> Option<bool> {
    let (b, rule, pts) = (&entry.board, entry.rule, &entry.answers);
    let side = b.side_to_move();
    Some(match entry.task.as_str() {
        "five" => pts.iter().all(|p| makes_five(b, p.idx(), side, rule)),
        "nowin" => pts.iter().all(|p| !makes_five(b, p.idx(), side, rule)),
        "forbidden" => pts.iter().all(|p| is_forbidden(b, p.idx())),
        "legal" => pts.iter().all(|p| !is_forbidden(b, p.idx())),
        "forbidden_all" => {
            let mut got = forbidden_points(b);
            let mut want = pts.clone();
            got.sort();
            want.sort();
            got == want
        }
        _ => return None,
    })
}

#[test]
fn rule_tasks_hold() {
    let entries: Vec<DataLine> = RULE_LINES.lines().filter_map(parse_line).collect();
    assert_eq!(entries.len(), 10, "every position line is read");
    for e in &entries {
        assert_eq!(check(e), Some(true), "{}", e.id);
    }
}

#[test]
fn lines_are_read_into_the_board_they_describe() {
    let e = parse_line("x 15 renju b b7,5 b7,6 w8,7 | forbidden 7,7 1,2 | notes here").unwrap();
    assert_eq!(
        (e.id.as_str(), e.rule, e.task.as_str()),
        ("x", Rule::Renju, "forbidden")
    );
    assert_eq!(e.board.side_to_move(), Color::Black);
    assert_eq!(e.board.stones(), 3);
    assert_eq!(e.board.cell(Pos::new(8, 7).idx()), Color::White as u8);
    assert_eq!(e.answers, vec![Pos::new(7, 7), Pos::new(1, 2)]);
    let w = parse_line("y 20 freestyle w b1,1 | vcf - | no answer given").unwrap();
    assert_eq!(
        (w.rule, w.board.side_to_move()),
        (Rule::Freestyle, Color::White)
    );
    assert!(w.answers.is_empty());
    for bad in [
        "no task here",
        "z 15 freestyle b b1,1 b1,1 | five 2,2 | a stone twice",
        "z 4 freestyle b b1,1 | five 2,2 | a board below 5x5",
        "z 15 freestyle b b1,x | five 2,2 | a bad stone",
        "z 15 freestyle | five 2,2 | a short head",
    ] {
        assert!(parse_line(bad).is_none(), "{bad}");
    }
}

#[test]
fn a_wrong_answer_is_caught() {
    // The checker is not vacuous: each of these states something false.
    for line in [
        "a 15 freestyle b b3,7 b4,7 b5,7 b6,7 | five 8,7 | 8,7 leaves a gap",
        "b 15 freestyle b b2,7 b3,7 b4,7 b5,7 b7,7 | nowin 6,7 | six wins in freestyle",
        "c 15 renju b b7,5 b7,6 b8,7 b9,7 | legal 7,7 | a double three",
        "d 15 renju b b7,5 b7,6 b8,7 b9,7 | forbidden_all 7,7 6,7 | one point too many",
    ] {
        let e = parse_line(line).unwrap();
        assert_eq!(check(&e), Some(false), "{line}");
    }
    let other = parse_line("e 15 freestyle b b7,7 | vcf - | not a rule task").unwrap();
    assert_eq!(check(&other), None);
}

#[test]
fn solve_runs_the_vcf_lines_of_a_puzzle_file() {
    let text = "\
vcf.3 15 freestyle b b5,7 b6,7 b7,7 w5,9 w9,12 | vcf 4,7 8,7 | an open three
vcf.5 15 freestyle b b5,7 b6,7 b7,7 b8,5 b8,6 w4,7 w2,2 w12,2 w2,12 w12,12 | vcf 8,7 | a four-three
wrong 15 freestyle b b5,7 b6,7 b7,7 w5,9 w9,12 | vcf 0,0 | the solver's move is not this one
none 15 freestyle b b7,7 w8,8 | vcf - | no VCF
rule 15 freestyle b b3,7 b4,7 b5,7 b6,7 | five 7,7 | not a puzzle: skipped
";
    let path = std::env::temp_dir().join(format!("wuzi-solve-{}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let mut out = Vec::new();
    let r = wuzi::bench::solve_file(path.to_str().unwrap(), 1_000_000, &mut |l| {
        out.push(l.to_string())
    });
    let _ = std::fs::remove_file(&path);
    r.unwrap();
    let verdicts: Vec<(&str, &str)> = out[..out.len() - 1]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0], f[1])
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("vcf.3", "solved"),
            ("vcf.5", "solved"),
            ("wrong", "unsolved"),
            ("none", "unsolved")
        ],
        "{out:?}"
    );
    assert!(out[out.len() - 1].starts_with("solved 2/4 "), "{out:?}");
}

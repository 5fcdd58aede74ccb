//! Protocol commands: one text line in, one `Command` out. Parsing is lenient about
//! case and blanks and strict about numbers; it never panics.

/// A parsed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(i64),
    RectStart(i64, i64),
    Restart,
    Begin,
    Turn(i64, i64),
    /// Start of a BOARD block (stone lines follow until DONE).
    Board,
    /// Start of a YXBOARD block: load a position, no reply.
    YxBoard,
    /// Start of a SWAP2BOARD block.
    Swap2Board,
    Info(String, String),
    End,
    About,
    Takeback(i64, i64),
    Play(i64, i64),
    /// YXSTOP or STOP.
    Stop,
    YxShowForbid,
    YxHashClear,
    YxShowInfo,
    YxNbest(i64),
    /// Debug aid: the board as MESSAGE lines.
    TraceBoard,
    /// Start of a YXBLOCK (false) or YXBLOCKUNDO (true) block: cells the root may not play.
    YxBlock(bool),
    YxBlockReset,
    /// Start of a YXBLOCKPATH (false) or YXBLOCKPATHUNDO (true) block: a move sequence from
    /// the empty board whose last move the search may not play in the position the rest of
    /// it reaches.
    YxBlockPath(bool),
    YxBlockPathReset,
    /// YXFORBID ADD|DEL x y s: a square side `s` (0 first player, 1 second) may not play.
    YxForbid(bool, i64, i64, i64),
    /// Start of a database query block (YXQUERYDATABASEALL/ALLT/ONE/TEXT) with the position.
    YxQueryDatabase(DbQuery),
    /// Start of a database edit block (YXEDITTVDDATABASE, YXEDITTEXTDATABASE,
    /// YXEDITLABELDATABASE, YXDELETEDATABASEONE/ALL) with the position; the text of a text
    /// or board-label edit.
    YxEditDatabase(DbQuery, String),
    /// A database command with a file path (empty: the path is on the next line).
    YxDatabaseFile(DbFile, String),
    YxSaveDatabase,
    YxShowHashUsage,
    /// YXHASHDUMP / YXHASHLOAD with the path (empty: the path is on the next line).
    YxHashDump(String),
    YxHashLoad(String),
    YxSearchDefend,
    /// YXBALANCEONE (false) / YXBALANCETWO (true) with its bias.
    YxBalance(bool, i64),
    YxDraw,
    YxResign,
    /// YXSWAP2STEP1..3.
    YxSwap2Step(u8),
    /// YXSOOSORVSTEP1..6 with N (the number of fifth-move options) for steps 4 and 5;
    /// steps 2..6 are blocks of `x,y` lines.
    YxSoosorv(u8, usize),
    /// A stray `DONE` outside a block.
    Done,
    /// A stray stone line (`x,y` or `x,y,f`) outside a block.
    Stone(i64, i64, Option<i64>),
    /// Nothing on the line.
    Empty,
    /// A command word we do not know (sanitised, truncated).
    Unknown(String),
}

/// What a Yixin database block (a command, then the position's moves up to `DONE`) asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbQuery {
    /// Every cell with a record (YXQUERYDATABASEALL).
    All,
    /// Every cell with a record, then the position's comment (YXQUERYDATABASEALLT).
    AllText,
    /// The position's own record (YXQUERYDATABASEONE).
    One,
    /// The position's comment (YXQUERYDATABASETEXT).
    Text,
    /// YXEDITTVDDATABASE mask label value depth: the parts of the record `mask` names
    /// (1 label, 2 value, 4 depth).
    EditTvd {
        mask: i64,
        label: i64,
        value: i64,
        depth: i64,
    },
    /// YXEDITTEXTDATABASE "text": the position's comment.
    EditText,
    /// YXEDITLABELDATABASE x,y text: the label drawn on an empty cell.
    EditLabel(i64, i64),
    /// YXDELETEDATABASEONE: the position's record.
    DeleteOne,
    /// `YXDELETEDATABASEALL [filter [step]]`: the records under the position (`filter`
    /// indexes [`DELETE_FILTERS`], 0 for all of them).
    DeleteAll { filter: u8, step: i32 },
}

/// The filters of YXDELETEDATABASEALL, after the first (none: delete every record).
pub const DELETE_FILTERS: [&str; 17] = [
    "",
    "NONWL",
    "NONWLRECURSIVE",
    "NONWLD",
    "NONWLDRECURSIVE",
    "W",
    "WRECURSIVE",
    "L",
    "LRECURSIVE",
    "WL",
    "WLRECURSIVE",
    "WLD",
    "WLDRECURSIVE",
    "WLNOSTEP",
    "WLNOSTEPRECURSIVE",
    "WLINSTEP",
    "WLINSTEPRECURSIVE",
];

/// A database command that names a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbFile {
    /// YXSETDATABASE: open (or start) the database file.
    Set,
    /// YXDBTOTXT (false: the current rule and board size only) / YXDBTOTXTALL (true).
    ToText(bool),
    /// YXLIBTODB: import a Renlib library.
    LibToDb,
    /// YXDBTOLIB: export the tree under the current position as a Renlib library.
    DbToLib,
    /// YXDBSPLIT: copy the records under the current position into another file.
    Split,
    /// YXDBMERGE: merge another file into the database.
    Merge,
}

impl DbFile {
    /// The command word.
    pub fn name(self) -> &'static str {
        match self {
            DbFile::Set => "YXSETDATABASE",
            DbFile::ToText(false) => "YXDBTOTXT",
            DbFile::ToText(true) => "YXDBTOTXTALL",
            DbFile::LibToDb => "YXLIBTODB",
            DbFile::DbToLib => "YXDBTOLIB",
            DbFile::Split => "YXDBSPLIT",
            DbFile::Merge => "YXDBMERGE",
        }
    }
}

/// A known command with arguments we cannot accept; the text follows `ERROR `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

pub const BAD_COORDS: &str = "bad coordinates";

/// Longest command word echoed back in `UNKNOWN`.
const ECHO_MAX: usize = 40;

/// Parses one line (already stripped of its line ending).
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    if line.is_empty() {
        return Ok(Command::Empty);
    }
    let (word, rest) = match line.find(|c: char| c.is_whitespace()) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    let upper = word.to_ascii_uppercase();
    let no_args = |c: Command| Ok(c);
    match upper.as_str() {
        "START" => parse_start(rest),
        "RECTSTART" => parse_pair(rest)
            .map(|(w, h)| Command::RectStart(w, h))
            .map_err(|_| ParseError("bad board size, expected RECTSTART width,height".into())),
        "RESTART" => no_args(Command::Restart),
        "BEGIN" => no_args(Command::Begin),
        "TURN" => parse_pair(rest).map(|(x, y)| Command::Turn(x, y)),
        "TAKEBACK" => parse_pair(rest).map(|(x, y)| Command::Takeback(x, y)),
        "PLAY" => parse_pair(rest).map(|(x, y)| Command::Play(x, y)),
        "BOARD" => no_args(Command::Board),
        "YXBOARD" => no_args(Command::YxBoard),
        "SWAP2BOARD" => no_args(Command::Swap2Board),
        "INFO" => {
            let (key, value) = match rest.find(|c: char| c.is_whitespace()) {
                Some(i) => (&rest[..i], rest[i..].trim()),
                None => (rest, ""),
            };
            Ok(Command::Info(key.to_ascii_lowercase(), value.to_string()))
        }
        "END" => no_args(Command::End),
        "ABOUT" => no_args(Command::About),
        "YXSTOP" | "STOP" => no_args(Command::Stop),
        "YXSHOWFORBID" => no_args(Command::YxShowForbid),
        "YXHASHCLEAR" => no_args(Command::YxHashClear),
        "YXSHOWINFO" => no_args(Command::YxShowInfo),
        "YXNBEST" => parse_int(rest)
            .map(Command::YxNbest)
            .or(Ok(Command::YxNbest(1))),
        "DONE" => no_args(Command::Done),
        "TRACEBOARD" => no_args(Command::TraceBoard),
        "YXBLOCK" => no_args(Command::YxBlock(false)),
        "YXBLOCKUNDO" => no_args(Command::YxBlock(true)),
        "YXBLOCKRESET" => no_args(Command::YxBlockReset),
        "YXBLOCKPATH" => no_args(Command::YxBlockPath(false)),
        "YXBLOCKPATHUNDO" => no_args(Command::YxBlockPath(true)),
        "YXBLOCKPATHRESET" => no_args(Command::YxBlockPathReset),
        "YXFORBID" => parse_forbid(rest),
        "YXQUERYDATABASEALL" => no_args(Command::YxQueryDatabase(DbQuery::All)),
        "YXQUERYDATABASEALLT" => no_args(Command::YxQueryDatabase(DbQuery::AllText)),
        "YXQUERYDATABASEONE" => no_args(Command::YxQueryDatabase(DbQuery::One)),
        "YXQUERYDATABASETEXT" => no_args(Command::YxQueryDatabase(DbQuery::Text)),
        "YXEDITTVDDATABASE" => {
            let v: Vec<i64> = rest
                .split_whitespace()
                .map(parse_int)
                .collect::<Result<_, _>>()
                .map_err(|_| tvd_error())?;
            let [mask, label, value, depth] = v[..] else {
                return Err(tvd_error());
            };
            Ok(Command::YxEditDatabase(
                DbQuery::EditTvd {
                    mask,
                    label,
                    value,
                    depth,
                },
                String::new(),
            ))
        }
        "YXEDITTEXTDATABASE" => Ok(Command::YxEditDatabase(
            DbQuery::EditText,
            quoted_text(rest),
        )),
        "YXEDITLABELDATABASE" => {
            let (coord, text) = match rest.find(char::is_whitespace) {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, ""),
            };
            let (x, y) = parse_pair(coord)
                .map_err(|_| ParseError("YXEDITLABELDATABASE needs x,y and the label".into()))?;
            Ok(Command::YxEditDatabase(
                DbQuery::EditLabel(x, y),
                text.to_string(),
            ))
        }
        "YXDELETEDATABASEONE" => Ok(Command::YxEditDatabase(DbQuery::DeleteOne, String::new())),
        "YXDELETEDATABASEALL" => parse_delete_all(rest),
        "YXSETDATABASE" => Ok(Command::YxDatabaseFile(DbFile::Set, rest.to_string())),
        "YXDBTOTXT" => Ok(Command::YxDatabaseFile(
            DbFile::ToText(false),
            rest.to_string(),
        )),
        "YXDBTOTXTALL" => Ok(Command::YxDatabaseFile(
            DbFile::ToText(true),
            rest.to_string(),
        )),
        "YXLIBTODB" => Ok(Command::YxDatabaseFile(DbFile::LibToDb, rest.to_string())),
        "YXDBTOLIB" => Ok(Command::YxDatabaseFile(DbFile::DbToLib, rest.to_string())),
        "YXDBSPLIT" => Ok(Command::YxDatabaseFile(DbFile::Split, rest.to_string())),
        "YXDBMERGE" => Ok(Command::YxDatabaseFile(DbFile::Merge, rest.to_string())),
        "YXSAVEDATABASE" => no_args(Command::YxSaveDatabase),
        "YXSHOWHASHUSAGE" => no_args(Command::YxShowHashUsage),
        "YXHASHDUMP" => Ok(Command::YxHashDump(rest.to_string())),
        "YXHASHLOAD" => Ok(Command::YxHashLoad(rest.to_string())),
        "YXSEARCHDEFEND" => no_args(Command::YxSearchDefend),
        "YXBALANCEONE" | "YXBALANCETWO" => {
            let two = upper == "YXBALANCETWO";
            if rest.is_empty() {
                Ok(Command::YxBalance(two, 0))
            } else {
                parse_int(rest)
                    .ok()
                    .filter(|b| b.abs() <= 100_000)
                    .map(|b| Command::YxBalance(two, b))
                    .ok_or_else(|| {
                        ParseError(format!(
                            "bad bias {}, expected {} [integer]",
                            sanitise(rest),
                            upper
                        ))
                    })
            }
        }
        "YXSWAP2STEP1" => no_args(Command::YxSwap2Step(1)),
        "YXSWAP2STEP2" => no_args(Command::YxSwap2Step(2)),
        "YXSWAP2STEP3" => no_args(Command::YxSwap2Step(3)),
        _ if upper.starts_with("YXSOOSORVSTEP") => parse_soosorv(&upper, rest),
        "YXDRAW" => no_args(Command::YxDraw),
        "YXRESIGN" => no_args(Command::YxResign),
        _ => {
            if let Ok(stone) = parse_stone(line) {
                return Ok(stone);
            }
            Ok(Command::Unknown(sanitise(word)))
        }
    }
}

/// `START n`, or Yixin-Board's `START w h` (width and height). Yixin-Board's first
/// coordinate is the row (it ranges over the height), so `START w h` is the board whose
/// first coordinate has `h` values: `RECTSTART h,w` in the protocol's terms.
fn parse_start(rest: &str) -> Result<Command, ParseError> {
    let mut words = rest.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(n), None, None) => parse_int(n).map(Command::Start).map_err(|_| bad_size(rest)),
        (Some(w), Some(h), None) => match (parse_int(w), parse_int(h)) {
            (Ok(w), Ok(h)) if w == h => Ok(Command::Start(w)),
            (Ok(w), Ok(h)) => Ok(Command::RectStart(h, w)),
            _ => Err(bad_size(rest)),
        },
        _ => Err(bad_size(rest)),
    }
}

/// `YXSOOSORVSTEPk` (k = 1..6); steps 4 and 5 carry N, the number of fifth-move options
/// (1..8, Soosorv-8).
fn parse_soosorv(word: &str, rest: &str) -> Result<Command, ParseError> {
    let step = match word.strip_prefix("YXSOOSORVSTEP") {
        Some(k) if k.len() == 1 && ("1"..="6").contains(&k) => k.as_bytes()[0] - b'0',
        _ => return Ok(Command::Unknown(sanitise(word))),
    };
    if step != 4 && step != 5 {
        return Ok(Command::YxSoosorv(step, 0));
    }
    parse_int(rest)
        .ok()
        .filter(|n| (1..=8).contains(n))
        .map(|n| Command::YxSoosorv(step, n as usize))
        .ok_or_else(|| {
            ParseError(format!(
                "bad number of fifth moves {}, expected {word} 1..8",
                if rest.is_empty() {
                    "(none)".to_string()
                } else {
                    sanitise(rest)
                }
            ))
        })
}

fn tvd_error() -> ParseError {
    ParseError("YXEDITTVDDATABASE needs mask label value depth".into())
}

/// A text as C++'s `std::quoted` reads it: between double quotes with `\"` and `\\`
/// escaped, or (unquoted) the first word.
fn quoted_text(rest: &str) -> String {
    let Some(inner) = rest.strip_prefix('"') else {
        return rest.split_whitespace().next().unwrap_or("").to_string();
    };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `YXDELETEDATABASEALL [filter [step]]`.
fn parse_delete_all(rest: &str) -> Result<Command, ParseError> {
    let mut words = rest.split_whitespace();
    let (filter, step) = match words.next() {
        None => (0, 0),
        Some(w) => {
            let upper = w.to_ascii_uppercase();
            let Some(i) = DELETE_FILTERS[1..].iter().position(|f| *f == upper) else {
                return Err(ParseError(format!(
                    "unknown database delete type {}",
                    sanitise(w)
                )));
            };
            let step = if upper.starts_with("WLINSTEP") {
                words
                    .next()
                    .and_then(|s| parse_int(s).ok())
                    .ok_or_else(|| ParseError(format!("{upper} needs a number of steps")))?
            } else {
                0
            };
            (i + 1, step.clamp(0, 1000) as i32)
        }
    };
    Ok(Command::YxEditDatabase(
        DbQuery::DeleteAll {
            filter: filter as u8,
            step,
        },
        String::new(),
    ))
}

fn bad_size(arg: &str) -> ParseError {
    let shown = if arg.is_empty() {
        "(none)".to_string()
    } else {
        sanitise(arg)
    };
    ParseError(format!(
        "unsupported board size {shown}, supported {}..{} (15 and 20 recommended)",
        crate::game::pos::MIN_SIZE,
        crate::game::pos::MAX_SIZE
    ))
}

/// Printable ASCII only, at most 40 characters.
pub fn sanitise(s: &str) -> String {
    let t: String = s
        .chars()
        .filter(|c| c.is_ascii_graphic())
        .take(ECHO_MAX)
        .collect();
    if t.is_empty() {
        "?".to_string()
    } else {
        t
    }
}

/// `[+]digits`, no sign otherwise, no overflow.
pub fn parse_int(s: &str) -> Result<i64, ParseError> {
    let s = s.trim();
    let digits = s.strip_prefix('+').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        // Negative numbers parse (INFO time_left may be negative); callers range-check.
        if let Some(neg) = s.strip_prefix('-') {
            if !neg.is_empty() && neg.bytes().all(|b| b.is_ascii_digit()) {
                return neg
                    .parse::<i64>()
                    .map(|v| -v)
                    .map_err(|_| ParseError(BAD_COORDS.into()));
            }
        }
        return Err(ParseError(BAD_COORDS.into()));
    }
    digits
        .parse::<i64>()
        .map_err(|_| ParseError(BAD_COORDS.into()))
}

/// Comma-separated integers, blanks allowed around commas.
fn parse_list(s: &str, n: usize) -> Result<Vec<i64>, ParseError> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != n {
        return Err(ParseError(BAD_COORDS.into()));
    }
    parts.iter().map(|p| parse_int(p)).collect()
}

pub fn parse_pair(s: &str) -> Result<(i64, i64), ParseError> {
    let v = parse_list(s, 2)?;
    Ok((v[0], v[1]))
}

/// `ADD|DEL x y s` of YXFORBID (Yixin-Board's format: blanks between the numbers, `s` 0
/// for the first player, 1 for the second).
fn parse_forbid(rest: &str) -> Result<Command, ParseError> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let bad = || ParseError("YXFORBID needs ADD or DEL, then x y and a side 0 or 1".into());
    if words.len() != 4 {
        return Err(bad());
    }
    let add = match words[0].to_ascii_uppercase().as_str() {
        "ADD" => true,
        "DEL" => false,
        _ => return Err(bad()),
    };
    let (x, y, s) = (
        parse_int(words[1])?,
        parse_int(words[2])?,
        parse_int(words[3])?,
    );
    if !(0..=1).contains(&s) {
        return Err(bad());
    }
    Ok(Command::YxForbid(add, x, y, s))
}

/// A stone line of a block: `x,y,field` or `x,y`.
pub fn parse_stone(s: &str) -> Result<Command, ParseError> {
    if let Ok(v) = parse_list(s, 3) {
        return Ok(Command::Stone(v[0], v[1], Some(v[2])));
    }
    parse_pair(s).map(|(x, y)| Command::Stone(x, y, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yixin_block_paths_and_forbidden_squares() {
        assert_eq!(parse("yxblockpath"), Ok(Command::YxBlockPath(false)));
        assert_eq!(parse("YXBLOCKPATHUNDO"), Ok(Command::YxBlockPath(true)));
        assert_eq!(parse("yxblockpathreset"), Ok(Command::YxBlockPathReset));
        assert_eq!(
            parse("yxforbid add 7 8 1"),
            Ok(Command::YxForbid(true, 7, 8, 1))
        );
        assert_eq!(
            parse("YXFORBID DEL 0 14 0"),
            Ok(Command::YxForbid(false, 0, 14, 0))
        );
        for bad in [
            "yxforbid",
            "yxforbid add 7 8",
            "yxforbid put 7 8 1",
            "yxforbid add 7 8 2",
            "yxforbid add x 8 1",
            "yxforbid add 7 8 1 9",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn words_are_case_insensitive_and_blanks_tolerated() {
        assert_eq!(parse("start 20"), Ok(Command::Start(20)));
        assert_eq!(parse("   StArT\t 15  "), Ok(Command::Start(15)));
        assert_eq!(parse("TURN 10 , 11"), Ok(Command::Turn(10, 11)));
        assert_eq!(parse("TURN 07,+3"), Ok(Command::Turn(7, 3)));
        assert_eq!(
            parse("info Timeout_Turn 1000"),
            Ok(Command::Info("timeout_turn".into(), "1000".into()))
        );
        assert_eq!(
            parse("INFO folder C:\\My Dir\\"),
            Ok(Command::Info("folder".into(), "C:\\My Dir\\".into()))
        );
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(parse(" \t "), Ok(Command::Empty));
    }

    #[test]
    fn bad_arguments_are_errors() {
        for bad in [
            "TURN",
            "TURN 10",
            "TURN 10,",
            "TURN ,10",
            "TURN a,b",
            "TURN 10;10",
            "TURN 10,10,10",
            "TURN 1.5,2",
        ] {
            assert_eq!(parse(bad), Err(ParseError(BAD_COORDS.into())), "{bad}");
        }
        for bad in [
            "START",
            "START abc",
            "START 20x",
            "START 99999999999999999999",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.0.contains("20"), "{bad}: {}", e.0);
        }
        assert_eq!(parse("START -5"), Ok(Command::Start(-5)));
        for bad in ["START 15 x", "START 15 15 15", "START x 15"] {
            let e = parse(bad).unwrap_err();
            assert!(e.0.contains("20"), "{bad}: {}", e.0);
        }
    }

    #[test]
    fn yixin_start_with_width_and_height() {
        // Yixin-Board: `start %d %d` with boardsizew, boardsizeh.
        assert_eq!(parse("start 15 15"), Ok(Command::Start(15)));
        assert_eq!(parse("START 20\t20"), Ok(Command::Start(20)));
        // Its first coordinate is the row (0..h): the board is h wide in ours.
        assert_eq!(parse("start 20 15"), Ok(Command::RectStart(15, 20)));
        assert_eq!(parse("start 15 4"), Ok(Command::RectStart(4, 15)));
    }

    #[test]
    fn yixin_commands() {
        assert_eq!(parse("yxblock"), Ok(Command::YxBlock(false)));
        assert_eq!(parse("yxblockundo"), Ok(Command::YxBlock(true)));
        assert_eq!(
            parse("yxquerydatabaseone"),
            Ok(Command::YxQueryDatabase(DbQuery::One))
        );
        assert_eq!(parse("yxhashdump"), Ok(Command::YxHashDump(String::new())));
        assert_eq!(
            parse("yxhashload  C:\\my dir\\h.dat "),
            Ok(Command::YxHashLoad("C:\\my dir\\h.dat".into()))
        );
        assert_eq!(parse("yxbalanceone"), Ok(Command::YxBalance(false, 0)));
        assert_eq!(parse("yxbalancetwo -30"), Ok(Command::YxBalance(true, -30)));
        assert!(parse("yxbalanceone x").unwrap_err().0.contains("bias"));
        assert!(parse("yxbalanceone 99999999999").is_err());
        assert_eq!(parse("yxsoosorvstep1"), Ok(Command::YxSoosorv(1, 0)));
        assert_eq!(parse("yxsoosorvstep5 8"), Ok(Command::YxSoosorv(5, 8)));
        assert!(parse("yxsoosorvstep4 9").is_err());
        assert!(parse("yxsoosorvstep4").is_err());
        assert_eq!(
            parse("yxsoosorvstep7"),
            Ok(Command::Unknown("YXSOOSORVSTEP7".into()))
        );
    }

    #[test]
    fn unknown_words_and_stray_lines() {
        assert_eq!(parse("FOO bar"), Ok(Command::Unknown("FOO".into())));
        assert_eq!(parse("3,4"), Ok(Command::Stone(3, 4, None)));
        assert_eq!(parse("3,4,1"), Ok(Command::Stone(3, 4, Some(1))));
        assert_eq!(parse("done"), Ok(Command::Done));
        let long = "x".repeat(100);
        match parse(&long) {
            Ok(Command::Unknown(w)) => assert_eq!(w.len(), 40),
            other => panic!("{other:?}"),
        }
    }
}

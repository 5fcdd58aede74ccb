//! `pbrain-wuzi`: the Piskvork/Gomocup brain. Protocol on stdin/stdout; nothing on
//! stderr unless logging is switched on (`RUST_LOG`, optionally `WUZI_LOG_FILE`).

use std::io::Write;
use std::sync::mpsc;
use wuzi::protocol::{brain::Brain, input, output::Output};

const HELP: &str = "pbrain-wuzi - Gomoku/Renju engine for the Piskvork (Gomocup) brain protocol

USAGE:
    pbrain-wuzi               speak the protocol on stdin/stdout (what managers run)
    pbrain-wuzi bench [D] [T] [MB] search the built-in positions to depth D (default 9)
                              with T threads (default 1; the signature is only
                              reproducible with 1) and an MB-megabyte hash table
                              (default 16; the signature holds for the default)
    pbrain-wuzi serve [--port N] [--host ADDR]
                              a board in the browser: play and analyse with the
                              engine (default http://127.0.0.1:8080/; a --host other
                              than loopback is reachable from other machines)
    pbrain-wuzi solve FILE [N] run the VCF solver (at most N nodes each) on a puzzle file
    pbrain-wuzi selfplay --out FILE [--rule R] [--size N] [--games G] [--threads T]
                         [--nodes N] [--seed S] [--stones K] [--openings FILE [--extra E]]
                         [--jitter J (node limit per move nodes*(1±J), 0 ≤ J < 1)]
                         [--weights FILE]
                              self-play games for training data (one sample per line)
    pbrain-wuzi train --data FILE[,FILE...] --out FILE [--rule R] [--init handset|builtin|FILE]
                      [--epochs E] [--lr X] [--threat-lr M] [--batch B] [--lambda L] [--score-k K] [--l2 X] [--valid F]
                      [--side-offset N (tagged games: a bias per engine to move, N buckets of 10 stones)]
                      [--seed S] [--size N (for .csv samples)]
                              fit the evaluation table of rule R to samples (Wuzi's, or
                              c-gomoku-cli's -sample .csv/.bin) and write it
    pbrain-wuzi policy --data FILE[,FILE...] --out FILE [--rule R] [--size N] [--steps S]
                       [--lr X] [--l2 X] [--clamp C] [--valid F] [--seed S] [--near 0|1]
                       [--compare FILE]
                              fit the move-ordering corrections of rule R to the last move
                              of each sample (the move played there) and write them;
                              --compare: another table's ranking on the validation set
    pbrain-wuzi params        the search constants SPSA may tune (scripts/spsa.py): name,
                              value in force, default, range and step; a build with
                              --features tune reads them from WUZI_TUNE
    pbrain-wuzi db info|export|merge|convert|import-lib|bench ...
                              Yixin database files: inspect, export as CSV or text,
                              merge, convert, import a Renlib library, benchmark
                              (pbrain-wuzi db for the details)
    pbrain-wuzi --help        this text
    pbrain-wuzi --version     the version

ENVIRONMENT:
    RUST_LOG=info             enable logging (per-depth analysis, decisions)
    WUZI_LOG_FILE=path        write the log to this file instead of stderr
    WUZI_EVAL_FILE=path       evaluation table to use for its rule instead of the built-in one
    WUZI_POLICY_FILE=path     move-ordering corrections to use for its rule instead of the
                              built-in ones
    WUZI_TUNE=name=v,...      (--features tune builds only) search constants to use
";

fn main() {
    // Silent panics: stderr may be the protocol pipe. A panic is logged when logging is on.
    std::panic::set_hook(Box::new(|info| log::error!("panic: {info}")));
    init_logging();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => serve(),
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(9);
            let threads = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1);
            let threads = threads.clamp(1, wuzi::search::threads::MAX_THREADS);
            let hash_mb = args.get(3).and_then(|m| m.parse::<usize>().ok());
            let hash = hash_mb.map_or(wuzi::bench::BENCH_HASH_BYTES, |mb| mb.clamp(1, 4096) << 20);
            wuzi::bench::run_with_hash(depth, threads, hash, &mut |l| println!("{l}"));
        }
        Some("serve") => std::process::exit(wuzi::web::serve_main(&args[1..])),
        Some("solve") => {
            let Some(path) = args.get(1) else {
                println!("usage: pbrain-wuzi solve FILE [MAX_NODES]");
                std::process::exit(2);
            };
            let nodes = args
                .get(2)
                .and_then(|n| n.parse().ok())
                .unwrap_or(1_000_000);
            if let Err(e) = wuzi::bench::solve_file(path, nodes, &mut |l| println!("{l}")) {
                println!("error: {e}");
                std::process::exit(1);
            }
        }
        Some(tool @ ("selfplay" | "train" | "policy")) => {
            let rest = &args[1..];
            let r = match tool {
                "selfplay" => wuzi::train::cli::selfplay_main(rest),
                "train" => wuzi::train::cli::train_main(rest),
                _ => wuzi::train::policy::policy_main(rest),
            };
            if let Err(e) = r {
                println!("error: {e}");
                std::process::exit(1);
            }
        }
        Some("db") => {
            if let Err(e) = wuzi::database::cli::db_main(&args[1..], &mut std::io::stdout()) {
                println!("error: {e}");
                std::process::exit(1);
            }
        }
        Some("params") => {
            for line in wuzi::search::tune::describe() {
                println!("{line}");
            }
        }
        Some("--version" | "-V") => println!("pbrain-wuzi {}", wuzi::VERSION),
        Some("--help" | "-h") => print!("{HELP}"),
        Some(other) => {
            println!("unknown argument '{other}'\n");
            print!("{HELP}");
            std::process::exit(2);
        }
    }
}

fn init_logging() {
    if std::env::var_os("RUST_LOG").is_none() {
        return;
    }
    let mut builder = env_logger::Builder::from_default_env();
    // Each record stamped with the monotonic clock in milliseconds, the clock managers such
    // as c-gomoku-cli keep their deadlines in (its `-log` file), so the two logs line up;
    // with RUST_LOG=debug every line read and written is logged.
    builder.format(|buf, record| {
        use std::io::Write;
        writeln!(
            buf,
            "{} {} {}",
            monotonic_ms(),
            record.level(),
            record.args()
        )
    });
    if let Some(path) = std::env::var_os("WUZI_LOG_FILE") {
        match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            Ok(f) => {
                builder.target(env_logger::Target::Pipe(Box::new(f)));
            }
            Err(_) => return,
        }
    }
    let _ = builder.try_init();
}

/// The monotonic clock (CLOCK_MONOTONIC on Linux) in milliseconds, read from `Instant`'s
/// debug form (`Instant { tv_sec: s, tv_nsec: n }`) since std has no accessor; for log
/// stamps only: 0 where that form differs.
fn monotonic_ms() -> u64 {
    let text = format!("{:?}", std::time::Instant::now());
    let field = |name: &str| -> Option<u64> {
        let rest = &text[text.find(name)? + name.len()..];
        let digits: String = rest
            .trim_start_matches([':', ' '])
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        digits.parse().ok()
    };
    match (field("tv_sec"), field("tv_nsec")) {
        (Some(s), Some(n)) => s * 1000 + n / 1_000_000,
        _ => 0,
    }
}

fn serve() {
    // Pattern tables take a little while to build: do it while the manager is still talking
    // (freestyle, the default; `INFO rule` starts the one it names).
    wuzi::search::engine::warm_up(wuzi::game::rule::Rule::Freestyle);
    let (tx, rx) = mpsc::channel();
    let reader_tx = tx.clone();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || input::read_lines(std::io::stdin(), reader_tx));
    if spawned.is_err() {
        return;
    }
    wuzi::protocol::output::exit_when_stdout_closes();
    let out = Output::new(Box::new(std::io::stdout()));
    Brain::new(out, tx).run(rx);
    let _ = std::io::stdout().flush();
    // Exit at once: a search thread still running must not delay END.
    std::process::exit(0);
}

#!/usr/bin/env python3
"""SPSA tuning of Wuzi's search constants by self-play (Fishtest's form of the algorithm).

The engine must be a tuning build (`cargo build --release --features tune`): it reads its
tunable constants from WUZI_TUNE, and `BIN params` lists them (name, default, range, step;
src/search/tune.rs). Each iteration k draws a random sign per tuned constant, plays one
pair of games (one opening, each side once with each colour) between theta + c_k*delta
and theta - c_k*delta, and moves theta by a_k / c_k * result * delta, where result is the
first setting's points minus the second's over the pair (-2..2). Fishtest's schedule:
c_k = c_end * (N / k)^0.101 ends at each constant's step, and a_k = a / (A + k)^0.602 with
A = N / 10 and a chosen so that a_N / c_end^2 = r_end. Iterations run --concurrency at a
time, each on the theta current when it starts (as Fishtest's workers do).

    python3 scripts/spsa.py --engine target/tune/release/pbrain-wuzi --iterations 2000 \
        --concurrency 15 --turn 60 --openings bal.txt --seed 1 --out spsa.log \
        [--params rfp_margin,lmr_divisor,...] [--start "name=v,..."] [--minutes M]

Every iteration appends `k result theta...` to --out; at the end (or after --minutes, or on
Ctrl-C) the script prints theta as a WUZI_TUNE setting and how far each constant moved in
units of its step. The games are played by scripts/match.py's referee (play_game). The
result is a candidate, not a measurement: play it against the defaults with match.py.
"""
import argparse, math, os, random, shlex, subprocess, sys, threading, time, types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import BOARD_ENDINGS, load_openings, play_game  # noqa: E402


def read_params(engine):
    """The engine's tunables: [(name, default, min, max, step)], after checking it reads WUZI_TUNE."""
    out = subprocess.run([engine, "params"], capture_output=True, text=True, timeout=30,
                         env={k: v for k, v in os.environ.items() if k != "WUZI_TUNE"}).stdout.splitlines()
    if not out or not out[0].startswith("tune on"):
        sys.exit(f"{engine} is not a tuning build (build it with --features tune): {out[:1]}")
    params = []
    for line in out[1:]:
        name, _value, default, lo, hi, step = line.split()
        params.append((name, float(default), float(lo), float(hi), float(step)))
    return params


def setting(names, theta):
    return ",".join(f"{n}={v:.4f}" for n, v in zip(names, theta))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="a --features tune build")
    ap.add_argument("--params", help="comma-separated names to tune (default: all the engine lists)")
    ap.add_argument("--start", default="", help="starting values, name=v,... (default: the constants)")
    ap.add_argument("--iterations", type=int, required=True, help="N, the length the schedule is made for")
    ap.add_argument("--minutes", type=float, default=0, help="stop after this long (0: run all N)")
    ap.add_argument("--r-end", type=float, default=0.002, help="a_N / c_end^2 (Fishtest's default)")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--turn", type=int, default=60, help="ms per move")
    ap.add_argument("--nodes", type=int, default=0, help="a node limit per move instead (INFO max_node)")
    ap.add_argument("--memory", type=int, default=64 << 20, help="INFO max_memory for each engine")
    ap.add_argument("--openings", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="spsa.log")
    args = ap.parse_args()

    all_params = read_params(args.engine)
    chosen = args.params.split(",") if args.params else [p[0] for p in all_params]
    byname = {p[0]: p for p in all_params}
    missing = [n for n in chosen if n not in byname]
    if missing:
        sys.exit(f"not tunable: {', '.join(missing)}")
    params = [byname[n] for n in chosen]
    names = [p[0] for p in params]
    theta = [p[1] for p in params]
    for item in filter(None, (s.strip() for s in args.start.split(","))):
        n, _, v = item.partition("=")
        if n not in names:
            sys.exit(f"--start names {n}, which is not tuned")
        theta[names.index(n)] = float(v)
    start = list(theta)
    lo = [p[2] for p in params]
    hi = [p[3] for p in params]
    c_end = [p[4] for p in params]

    N = args.iterations
    A = N / 10
    alpha, gamma = 0.602, 0.101
    c0 = [c * N ** gamma for c in c_end]
    a0 = [args.r_end * c * c * (A + N) ** alpha for c in c_end]

    ops = load_openings(args.openings, args.size)
    if not ops:
        sys.exit("no usable openings in " + args.openings)
    game_args = types.SimpleNamespace(size=args.size, rule=args.rule, match=0, memory=args.memory,
                                      turn=args.turn if not args.nodes else 60000, tolerance=1000)
    opts = [f"max_node={args.nodes}"] if args.nodes else []

    lock = threading.Lock()
    state = {"next": 1, "done": 0, "sum": 0.0, "fails": 0}
    deadline = time.monotonic() + args.minutes * 60 if args.minutes > 0 else None
    log = open(args.out, "w", encoding="utf-8")
    log.write("# k result " + " ".join(names) + "\n")
    stop = threading.Event()

    def worker():
        while not stop.is_set():
            with lock:
                k = state["next"]
                if k > N or (deadline and time.monotonic() > deadline):
                    return
                state["next"] += 1
                rng = random.Random(args.seed * 1_000_003 + k)
                delta = [rng.choice((-1, 1)) for _ in names]
                ck = [c / k ** gamma for c in c0]
                plus = [min(max(t + c * d, l), h) for t, c, d, l, h in zip(theta, ck, delta, lo, hi)]
                minus = [min(max(t - c * d, l), h) for t, c, d, l, h in zip(theta, ck, delta, lo, hi)]
            opening = ops[rng.randrange(len(ops))]
            cmd = {+1: f"WUZI_TUNE={shlex.quote(setting(names, plus))} {shlex.quote(args.engine)}",
                   -1: f"WUZI_TUNE={shlex.quote(setting(names, minus))} {shlex.quote(args.engine)}"}
            result = 0.0
            for plus_black in (True, False):
                cmds = [cmd[+1], cmd[-1]] if plus_black else [cmd[-1], cmd[+1]]
                r, reason, _moves, _stats = play_game(game_args, cmds, ["plus", "minus"] if plus_black
                                                      else ["minus", "plus"], opening, [opts, opts])
                if reason not in BOARD_ENDINGS:
                    print(f"game {k}: {reason}", flush=True)
                    with lock:
                        state["fails"] += 1
                black_points = r  # 1 black won, 0 white won, 0.5 draw
                plus_points = black_points if plus_black else 1 - black_points
                result += 2 * plus_points - 1
            with lock:
                ak = [a / (A + k) ** alpha for a in a0]
                for j in range(len(theta)):
                    theta[j] = min(max(theta[j] + ak[j] / ck[j] * result * delta[j], lo[j]), hi[j])
                state["done"] += 1
                state["sum"] += result
                log.write(f"{k} {result:+g} " + " ".join(f"{t:.4f}" for t in theta) + "\n")
                log.flush()
                done = state["done"]
                if done % 50 == 0:
                    print(f"{done} pairs, plus-minus {state['sum']:+g}, failures {state['fails']}: "
                          f"{setting(names, theta)}", flush=True)

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(1.0)
    except KeyboardInterrupt:
        stop.set()
        for t in threads:
            t.join()
    log.close()
    print(f"{state['done']} pairs played of {N}; games lost to failures (crash, timeout, bad move): {state['fails']}")
    print("WUZI_TUNE=" + setting(names, theta))
    for n, s, t, c in zip(names, start, theta, c_end):
        print(f"  {n:22s} {s:10.4g} -> {t:10.4g}  ({(t - s) / c:+.2f} steps)")


if __name__ == "__main__":
    main()

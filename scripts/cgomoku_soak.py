#!/usr/bin/env python3
"""A soak under c-gomoku-cli, the real manager: many games, an optional CPU hog, and the
figures that matter for reliability (forfeits, crashes, illegal moves, the worst move time
against its limit, peak USS). With --trace each Wuzi logs every protocol line with the
monotonic clock (RUST_LOG=debug) and c-gomoku-cli writes its own -log, so a slow or
forfeited move can be followed on both sides.

  scripts/cgomoku_soak.py --engine target/release/pbrain-wuzi --games 1000 --tc 0/0.2 \\
      --concurrency 2 --hog 2 --openings OPENINGS.txt
  scripts/cgomoku_soak.py --engine target/release/pbrain-wuzi \\
      --opponent /path/to/pbrain-rapfi --tc 0/1 --opponent-tc 0/0.2 --games 80 --trace

c-gomoku-cli (the command-line match manager, built separately) is taken from --cli, else
$CGOMOKU_CLI, else c-gomoku-cli on PATH. The hog is N `yes > /dev/null` processes started
and stopped by this script. Standard library only. Each forfeit, crash or illegal move is
reported with the engine c-gomoku-cli's own message names, which is not always the engine the
result is charged to (see `blame`). Exit status 1 when one of them is Wuzi's.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

BAD = re.compile(r"forfeit|crash|illegal|time", re.I)
FINISHED = re.compile(r"\[(\d+)\] Finished game (\d+) \((\S+) vs (\S+)\): (\S+) \{([^}]*)\}")
# c-gomoku-cli's own words when an engine fails (engine.cpp wait_for_ok, game.cpp play).
FAULT = re.compile(r"\[(\d+)\] engine (\S+) (?:(?:timeout|crashed) before answering START|output error:.*"
                   r"|(?:timeout|crashed) at \d+ moves after opening|output illegal move at \d+ moves.*)")


def blame(out_text, err_text=""):
    """[(game, charged, culprit, why, message)] for each game ended by a forfeit, crash or
    illegal move: `charged` is the engine the result goes against, `culprit` the engine
    c-gomoku-cli's own message names (None if it printed none).

    The two differ when an engine refuses or misses START: c-gomoku-cli then ends the game as
    a time forfeit of the side to move (game.cpp: STATE_TIME_LOSS, result from isBlackTurn),
    whichever engine failed. Rapfi drops a START that arrives in the instant after it printed
    a move (its protocol loop ignores commands while a `thinking` flag is still set), so a game
    Rapfi ends with a five can cost the next game to the engine that moves first.

    c-gomoku-cli prints a late move and an illegal move on stdout just before the game's
    result, and a refused START, a hard time-out and a crash on stderr (unordered with stdout
    when both go to one file). So a game takes the last fault of its worker thread printed
    since that thread's previous result in `out_text`; failing that, the thread's next
    unclaimed fault: its stderr lines in order (`err_text`, or stray ones in `out_text`)."""
    spare = {}
    for m in FAULT.finditer(err_text):
        spare.setdefault(m.group(1), []).append((m.group(2), m.group(0)))
    pending, out = {}, []
    for line in out_text.splitlines():
        f = FAULT.search(line)
        if f:
            pending.setdefault(f.group(1), []).append((f.group(2), f.group(0)))
            continue
        g = FINISHED.search(line)
        if not g:
            continue
        t, num, black, white, r, why = g.groups()
        mine = pending.pop(t, [])
        if not BAD.search(why):
            # Faults printed before a clean result are stderr lines that came early.
            spare.setdefault(t, []).extend(mine)
            continue
        if mine:
            hit = mine.pop()
            spare.setdefault(t, []).extend(mine)
        else:
            queue = spare.get(t, [])
            hit = queue.pop(0) if queue else None
        charged = white if r == "1-0" else black
        out.append((int(num), charged, hit[0] if hit else None, why, hit[1] if hit else ""))
    return out


def elo(w, l, d):
    """Elo of A over B with a 95% interval (the normal approximation over games)."""
    n = w + l + d
    if n == 0:
        return "n/a"
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n
    se = math.sqrt(var / n) if n > 1 else 0

    def e(p):
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)

    return f"{e(s):+.0f} [{e(s - 1.96 * se):+.0f}, {e(s + 1.96 * se):+.0f}]"


def parse_tc(tc):
    """'match/turn' in seconds (c-gomoku-cli's form) -> turn limit in ms (0: none)."""
    parts = tc.split("/")
    turn = float(parts[1]) if len(parts) > 1 else 0.0
    return int(turn * 1000)


def wrapper(path, engine, log_dir, name):
    """A shell script that runs `engine` with protocol tracing into log_dir."""
    script = os.path.join(log_dir, f"{name}.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n")
        f.write(f'RUST_LOG=debug WUZI_LOG_FILE="{log_dir}/{name}-$$.log" exec "{engine}" "$@"\n')
    os.chmod(script, 0o755)
    return script


def uss_kib(pid):
    """Unique set size (private pages) of one process, KiB; None if it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            text = f.read()
    except OSError:
        return None
    total = 0
    for key in ("Private_Clean:", "Private_Dirty:"):
        m = re.search(key + r"\s+(\d+)", text)
        if m:
            total += int(m.group(1))
    return total


class UssSampler(threading.Thread):
    """Samples the USS of every process whose command line names one of `needles`."""

    def __init__(self, needles):
        super().__init__(daemon=True)
        self.needles = needles
        self.peak = {n: 0 for n in needles}
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        cmd = f.read().split(b"\0")[0].decode(errors="replace")
                except OSError:
                    continue
                for n in self.needles:
                    # Managers may start an engine from its own folder (`./pbrain-x`).
                    if os.path.basename(cmd) == os.path.basename(n):
                        u = uss_kib(pid)
                        if u:
                            self.peak[n] = max(self.peak[n], u)
            self.stop.wait(0.25)


def sgf_games(path):
    """(game number, black name, white name, result text, [(colour, ms)] per searched move)."""
    out = []
    try:
        text = open(path).read()
    except OSError:
        return out
    for g in re.finditer(r"\(;FF\[4\](.*?)\)\s*(?=\(;|$)", text, re.S):
        body = g.group(1)
        num = re.search(r"GN\[(\d+)\]", body)
        pb = re.search(r"PB\[([^\]]*)\]", body)
        pw = re.search(r"PW\[([^\]]*)\]", body)
        te = re.search(r"TE\[([^\]]*)\]", body)
        moves = [(c, int(ms)) for c, ms in re.findall(r";([BW])\[[a-z]*\]C\[(\d+)ms\]", body)]
        out.append((int(num.group(1)) if num else 0, pb.group(1) if pb else "?",
                    pw.group(1) if pw else "?", te.group(1) if te else "", moves))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.environ.get("CGOMOKU_CLI") or shutil.which("c-gomoku-cli"),
                    help="c-gomoku-cli binary (default: $CGOMOKU_CLI, else c-gomoku-cli on PATH)")
    ap.add_argument("--engine", required=True, help="Wuzi binary")
    ap.add_argument("--opponent", help="second engine (default: the same binary)")
    ap.add_argument("--tc", default="0/0.2", help="c-gomoku-cli tc=match/turn, seconds")
    ap.add_argument("--opponent-tc", help="the opponent's tc (default: --tc)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--openings", help="openings file (pos notation unless --type)")
    ap.add_argument("--type", default="pos")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hog", type=int, default=0, help="busy processes to run beside the games")
    ap.add_argument("--trace", action="store_true", help="protocol logs on both sides")
    ap.add_argument("--out", help="directory for the games and logs (default: a new temp dir)")
    a = ap.parse_args()

    if not a.cli:
        sys.exit("c-gomoku-cli not found: pass --cli PATH, set CGOMOKU_CLI or put it on PATH")
    if not (os.path.isfile(a.cli) and os.access(a.cli, os.X_OK)):
        sys.exit(f"c-gomoku-cli not found at {a.cli} (pass --cli PATH or set CGOMOKU_CLI)")
    for e in [a.engine] + ([a.opponent] if a.opponent else []):
        if not os.access(e, os.X_OK):
            sys.exit(f"engine {e} is not an executable file")
    out = os.path.abspath(a.out) if a.out else tempfile.mkdtemp(prefix="soak-")
    os.makedirs(out, exist_ok=True)
    engine = os.path.abspath(a.engine)
    opponent = os.path.abspath(a.opponent) if a.opponent else engine
    cmd_a, cmd_b = engine, opponent
    if a.trace:
        cmd_a = wrapper(out, engine, out, "A")
        if opponent == engine:
            cmd_b = wrapper(out, engine, out, "B")
    tc_b = a.opponent_tc or a.tc
    limits = {"A": parse_tc(a.tc), "B": parse_tc(tc_b)}
    cmd = [a.cli,
           "-engine", "name=A", f"cmd={cmd_a}", f"tc={a.tc}",
           "-engine", "name=B", f"cmd={cmd_b}", f"tc={tc_b}",
           "-rule", str(a.rule), "-boardsize", str(a.size), "-games", str(a.games), "-repeat",
           "-concurrency", str(a.concurrency), "-drawafter", str(min(a.size * a.size, 400)),
           "-sgf", os.path.join(out, "games.sgf")]
    if a.openings:
        cmd += ["-openings", f"file={os.path.abspath(a.openings)}", f"type={a.type}",
                "order=random", f"srand={a.seed}"]
    if a.trace:
        cmd.append("-log")

    hogs = []
    if a.hog > 0:
        if shutil.which("yes") is None:
            sys.exit("the hog needs `yes` (coreutils)")
        hogs = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(a.hog)]
    sampler = UssSampler(sorted({engine, opponent}))
    sampler.start()
    t0 = time.time()
    try:
        with open(os.path.join(out, "c-gomoku-cli.out"), "w") as log, \
                open(os.path.join(out, "c-gomoku-cli.err"), "w") as err_log:
            rc = subprocess.run(cmd, stdout=log, stderr=err_log, cwd=out).returncode
    finally:
        for h in hogs:
            h.kill()
            h.wait()
        sampler.stop.set()
        sampler.join()
    took = time.time() - t0

    text = open(os.path.join(out, "c-gomoku-cli.out")).read()
    err = open(os.path.join(out, "c-gomoku-cli.err")).read()
    res = FINISHED.findall(text)
    score = {"A": [0, 0, 0], "B": [0, 0, 0]}
    for _, num, black, white, r, why in res:
        if r == "1/2-1/2":
            score["A"][2] += 1
        else:
            winner = black if r == "1-0" else white
            score["A"][0 if winner == "A" else 1] += 1
    games = sgf_games(os.path.join(out, "games.sgf"))
    bad = blame(text, err)
    wuzi = {"A"} | ({"B"} if opponent == engine else set())
    worst = {"A": (0.0, None), "B": (0.0, None)}
    over = {"A": 0, "B": 0}
    for num, pb, pw, _, moves in games:
        for colour, ms in moves:
            who = pb if colour == "B" else pw
            lim = limits.get(who, 0)
            if lim <= 0 or who not in worst:
                continue
            ratio = ms / lim
            if ratio > worst[who][0]:
                worst[who] = (ratio, num)
            if ms > lim:
                over[who] += 1
    w, l, d = score["A"]
    print(f"c-gomoku-cli soak: {len(res)} games in {took / 60:.1f} min, A={engine} ({a.tc}) "
          f"vs B={opponent} ({tc_b}), rule {a.rule}, size {a.size}, concurrency {a.concurrency}, "
          f"hog {a.hog}")
    print(f"A: +{w} -{l} ={d}  Elo(A-B) {elo(w, l, d)}")
    print(f"forfeits/crashes/illegal: {len(bad)}; by c-gomoku-cli's own messages: "
          + ", ".join(f"{e} {sum(1 for b in bad if b[2] == e)}" for e in ("A", "B"))
          + f", not named {sum(1 for b in bad if b[2] is None)}")
    for num, charged, culprit, why, msg in bad:
        note = f"; c-gomoku-cli: {msg}" if msg else "; c-gomoku-cli named no engine"
        print(f"  game {num}: result line charges {charged} ({why}){note}")
    for who in ("A", "B"):
        r, g = worst[who]
        print(f"worst move time / limit, {who}: {r:.2f} (game {g}); moves over the limit: {over[who]}")
    for n, kib in sampler.peak.items():
        print(f"peak USS {os.path.basename(n)}: {kib / 1024:.1f} MiB")
    if rc != 0:
        print(f"c-gomoku-cli exit status {rc}")
    if a.trace:
        print(f"traces: {out}/c-gomoku-cli.*.log (manager), {out}/A-*.log, {out}/B-*.log (engine)")
    print(f"games and logs in {out}")
    ours = [b for b in bad if (b[2] or b[1]) in wuzi]
    return 1 if ours or rc != 0 else 0


if __name__ == "__main__":
    sys.exit(main())

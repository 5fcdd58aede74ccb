#!/usr/bin/env python3
"""A soak under c-gomoku-cli, the real manager: many games, an optional CPU hog, and the
figures that matter for reliability (forfeits, crashes, illegal moves, the worst move time
against its limit, peak USS). With --trace each Wuzi logs every protocol line with the
monotonic clock (RUST_LOG=debug) and c-gomoku-cli writes its own -log, so a slow or
forfeited move can be followed on both sides.

  scripts/cgomoku_soak.py --engine target/release/pbrain-wuzi --games 1000 --tc 0/0.2 \\
      --concurrency 2 --hog 2 --openings ../shared/data/openings/balanced_freestyle15_40_pos.txt
  scripts/cgomoku_soak.py --engine target/release/pbrain-wuzi \\
      --opponent ~/anchors/bin/pbrain-rapfi --tc 0/1 --opponent-tc 0/0.2 --games 80 --trace

c-gomoku-cli is taken from --cli, else $ANCHORS/bin/c-gomoku-cli, else ~/anchors/bin
(../shared/tools/anchors.sh builds it). The hog is N `yes > /dev/null` processes started
and stopped by this script. Standard library only. Exit status 1 when any game ended by a
forfeit, crash or illegal move.
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


def elo(w, l, d):
    """Elo of A over B with a 95% interval, as ../shared/tools/odds.py prints it."""
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
    anchors = os.environ.get("ANCHORS", os.path.expanduser("~/anchors"))
    ap.add_argument("--cli", default=os.path.join(anchors, "bin", "c-gomoku-cli"))
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

    if not (os.path.isfile(a.cli) and os.access(a.cli, os.X_OK)):
        sys.exit(f"c-gomoku-cli not found at {a.cli} (build it with ../shared/tools/anchors.sh, or pass --cli)")
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
        with open(os.path.join(out, "c-gomoku-cli.out"), "w") as log:
            rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=out).returncode
    finally:
        for h in hogs:
            h.kill()
            h.wait()
        sampler.stop.set()
        sampler.join()
    took = time.time() - t0

    text = open(os.path.join(out, "c-gomoku-cli.out")).read()
    res = re.findall(r"Finished game (\d+) \((\S+) vs (\S+)\): (\S+) \{([^}]*)\}", text)
    score = {"A": [0, 0, 0], "B": [0, 0, 0]}
    bad = []
    for num, black, white, r, why in res:
        if r == "1/2-1/2":
            score["A"][2] += 1
        else:
            winner = black if r == "1-0" else white
            score["A"][0 if winner == "A" else 1] += 1
        if BAD.search(why):
            loser = white if r == "1-0" else black
            bad.append((int(num), loser, why))
    worst = {"A": (0.0, None), "B": (0.0, None)}
    over = {"A": 0, "B": 0}
    for num, pb, pw, _, moves in sgf_games(os.path.join(out, "games.sgf")):
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
    print(f"forfeits/crashes/illegal: {len(bad)}")
    for num, who, why in bad:
        print(f"  game {num}: {who} lost by {why}")
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
    return 1 if bad or rc != 0 else 0


if __name__ == "__main__":
    sys.exit(main())

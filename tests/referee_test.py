#!/usr/bin/env python3
"""Tests of scripts/match.py's adjudication, with scripted fake engines, of how
scripts/cgomoku_soak.py reads c-gomoku-cli's account of a failed game, of how
scripts/missed_wins.py tells the kinds of a forced win apart, how scripts/yardstick.py
counts a match and splits it into shards, and that every tool in scripts/ answers --help."""
import os
import subprocess
import sys
import tempfile
import types
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts")
sys.path.insert(0, SCRIPTS)
import match  # noqa: E402
import cgomoku_soak  # noqa: E402
import missed_wins  # noqa: E402
import yardstick  # noqa: E402

FAKE = r'''
import sys, time
mode = sys.argv[1]
script = [tuple(map(int, m.split(","))) for m in sys.argv[2:]]
taken = set()
played = [0]
def out(s):
    sys.stdout.write(s + "\n"); sys.stdout.flush()
def play():
    if mode == "crash":
        sys.exit(3)
    if mode == "garbage":
        out("hello there"); return
    if mode == "timeout":
        time.sleep(5); return
    if mode == "illegal":
        out("%d,%d" % next(iter(taken))); return
    played[0] += 1
    if mode == "slow3" and played[0] == 3:
        time.sleep(1.0)
    for m in script:
        if m not in taken:
            taken.add(m); out("%d,%d" % m); return
    for y in range(15):
        for x in range(15):
            if (x, y) not in taken:
                taken.add((x, y)); out("%d,%d" % (x, y)); return
in_board = False
for line in sys.stdin:
    w = line.strip().split(" ")
    cmd = w[0].upper()
    if in_board:
        if cmd == "DONE":
            in_board = False; play()
        else:
            x, y, _ = map(int, line.strip().split(",")); taken.add((x, y))
    elif cmd == "START":
        out("OK")
    elif cmd == "BOARD":
        in_board = True
    elif cmd == "TURN":
        taken.add(tuple(map(int, w[1].split(",")))); play()
    elif cmd == "BEGIN":
        play()
    elif cmd == "END":
        break
'''


class Referee(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp()
        cls.fake = os.path.join(cls.dir, "fake.py")
        with open(cls.fake, "w") as f:
            f.write(FAKE)

    def engine(self, mode, moves=""):
        return f"{sys.executable} {self.fake} {mode} {moves}"

    def game(self, black, white, rule=0, opening=(), turn=3000):
        # Generous limits: a fake engine is a Python process that may start slowly on a busy machine.
        args = types.SimpleNamespace(size=15, rule=rule, turn=turn, match=0, tolerance=1000, memory=0)
        return match.play_game(args, [black, white], ["black", "white"], list(opening))

    def test_five_wins(self):
        res, reason, moves, _ = self.game(self.engine("script", "0,0 1,0 2,0 3,0 4,0"),
                                          self.engine("script", "0,9 2,9 4,9 6,9 8,9"))
        self.assertEqual((res, reason), (1, "five"))
        self.assertEqual(moves[-1], (4, 0))

    def test_the_worst_move_is_located(self):
        # White's third move (ply 6) sleeps a second; its first move is quick.
        res, reason, _, stats = self.game(self.engine("script", "0,0 1,0 2,0 3,0 4,0"),
                                          self.engine("slow3", "0,9 2,9 4,9 6,9 8,9"))
        self.assertEqual((res, reason), (1, "five"))
        ply, ms, first = stats["at"][1]
        self.assertEqual((ply, first), (6, False))
        self.assertGreaterEqual(ms, 1000)
        self.assertAlmostEqual(stats["worst"][1], ms / 3000)

    def test_illegal_move_loses(self):
        res, reason, _, _ = self.game(self.engine("script", "7,7 8,8"), self.engine("illegal"))
        self.assertEqual(res, 1)
        self.assertTrue(reason.startswith("illegal move"), reason)

    def test_off_board_move_loses(self):
        res, reason, _, _ = self.game(self.engine("script", "15,3"), self.engine("script", "1,1"))
        self.assertEqual(res, 0)
        self.assertTrue(reason.startswith("illegal move 15,3"), reason)

    def test_timeout_loses(self):
        # The fake sleeps 5 s; the limit plus tolerance is 1.3 s.
        res, reason, _, _ = self.game(self.engine("script", "7,7 8,8"), self.engine("timeout"), turn=300)
        self.assertEqual((res, reason), (1, "timeout"))

    def test_crash_loses(self):
        res, reason, _, _ = self.game(self.engine("crash"), self.engine("script", "1,1"))
        self.assertEqual((res, reason), (0, "crash"))

    def test_garbage_loses(self):
        res, reason, _, _ = self.game(self.engine("script", "7,7"), self.engine("garbage"))
        self.assertEqual(res, 1)
        self.assertTrue(reason.startswith("bad reply"), reason)

    def test_overline_is_no_win_under_standard(self):
        # Black fills row 0 to six (0..3, 5, then 4); white then completes five on row 9.
        black = self.engine("script", "0,0 1,0 2,0 3,0 5,0 4,0 12,12 13,13")
        white = self.engine("script", "0,9 1,9 2,9 3,9 14,14 4,9")
        res, reason, moves, _ = self.game(black, white, rule=1)
        self.assertEqual((res, reason), (0, "five"))
        self.assertIn((4, 0), moves)
        # Under freestyle the same six wins for black.
        res, reason, moves, _ = self.game(black, white, rule=0)
        self.assertEqual((res, reason, moves[-1]), (1, "five", (4, 0)))

    def test_renju_black_foul_loses(self):
        # Black builds 7,5 7,6 8,7 9,7 and then plays the double-three point 7,7.
        black = self.engine("script", "7,5 7,6 8,7 9,7 7,7")
        white = self.engine("script", "0,0 14,0 0,14 14,14 1,1")
        res, reason, moves, _ = self.game(black, white, rule=4)
        self.assertEqual((res, reason, moves[-1]), (0, "forbidden move", (7, 7)))
        # The same moves are fine in freestyle.
        res, _, moves, _ = self.game(black, white, rule=0)
        self.assertNotEqual(moves[-1], (7, 7))

    def test_caro_five_closed_at_both_ends_is_no_win(self):
        # White closes row 0 at 0,0 and 6,0 first; black's 1..5 five there is shut in.
        black = self.engine("script", "1,0 2,0 3,0 4,0 5,0 1,5 2,5 3,5 4,5 5,5")
        white = self.engine("script", "0,0 6,0 0,9 14,14 13,13 12,12")
        res, reason, moves, _ = self.game(black, white, rule=8)
        self.assertEqual((res, reason, moves[-1]), (1, "five", (5, 5)))
        res, reason, moves, _ = self.game(black, white, rule=1)
        self.assertEqual((res, reason, moves[-1]), (1, "five", (5, 0)))

    def test_caro_overline_wins_under_8_not_under_9(self):
        # GomocupJudge's ai_match.py: rule 8 wins on c > 5 or (c == 5 and blocked < 2);
        # rule 9 only on exactly five not blocked at both ends. Black fills row 0 to six
        # (0..3, 5, then 4), white would complete five on row 9 next.
        black = self.engine("script", "0,0 1,0 2,0 3,0 5,0 4,0 12,12 13,13")
        white = self.engine("script", "0,9 1,9 2,9 3,9 14,14 4,9")
        res, reason, moves, _ = self.game(black, white, rule=8)
        self.assertEqual((res, reason, moves[-1]), (1, "five", (4, 0)))
        res, reason, moves, _ = self.game(black, white, rule=9)
        self.assertEqual((res, reason, moves[-1]), (0, "five", (4, 9)))
        # A six closed at both ends by white still wins under 8.
        black = self.engine("script", "1,0 2,0 3,0 4,0 6,0 5,0")
        white = self.engine("script", "0,0 7,0 0,9 14,14 13,13 12,12")
        res, reason, moves, _ = self.game(black, white, rule=8)
        self.assertEqual((res, reason, moves[-1]), (1, "five", (5, 0)))

    def test_opening_is_sent_with_board(self):
        res, reason, moves, _ = self.game(self.engine("script", "1,0 2,0 3,0 4,0"),
                                          self.engine("script", "0,9 2,9 4,9 6,9"), opening=[(0, 0), (9, 9)])
        self.assertEqual(moves[:2], [(0, 0), (9, 9)])
        self.assertEqual((res, reason), (1, "five"))

    def test_statistics(self):
        self.assertAlmostEqual(match.elo(0.5), 0.0)
        e, err = match.elo_interval(60, 40, 0)
        self.assertTrue(60 < e < 80 and err > 0)
        self.assertGreater(match.sprt_llr(70, 30, 0, 0, 10), 0)
        self.assertLess(match.sprt_llr(30, 70, 0, 0, 10), 0)

    def test_pair_statistics(self):
        # Openings that one colour wins both times (a pair scores 1 of 2) tell nothing: by
        # pairs they add no variance, counted game by game they look like coin flips.
        pairs = [1] * 80 + [2] * 14 + [0] * 6
        games_w, games_l = 80 + 28, 80 + 12
        e, err = match.pair_elo_interval(pairs)
        ge, gerr = match.elo_interval(games_w, games_l, 0)
        self.assertAlmostEqual(e, ge)
        self.assertTrue(27 < e < 28, e)
        self.assertLess(err, gerr * 0.7)
        self.assertGreater(match.pair_sprt_llr(pairs, 0, 10), match.sprt_llr(games_w, games_l, 0, 0, 10))
        self.assertLess(match.pair_sprt_llr([2 - p for p in pairs], 0, 10), 0)
        self.assertEqual(match.pair_elo_interval([1, 1, 1]), (0.0, 0.0))
        self.assertEqual(match.pair_sprt_llr([1, 1, 1], 0, 10), 0.0)
        self.assertEqual(match.pair_elo_interval([]), (0.0, 0.0))

    def test_missed_win_kinds(self):
        kind = missed_wins.move_kind
        # Black's fourth stone in a row makes a four (an open one: still a four).
        st = {(7, 7): "B", (8, 7): "B", (9, 7): "B", (10, 7): "B"}
        self.assertEqual(kind(st, 10, 7, "B", 15), "4")
        # A third stone in an open row makes an open three; a split one too.
        self.assertEqual(kind({(7, 7): "B", (8, 7): "B", (9, 7): "B"}, 9, 7, "B", 15), "3")
        self.assertEqual(kind({(7, 7): "B", (8, 7): "B", (10, 7): "B"}, 10, 7, "B", 15), "3")
        # Closed at one end by the edge's wall of white stones, three is not open.
        st = {(0, 7): "W", (1, 7): "B", (2, 7): "B", (3, 7): "B", (5, 7): "W"}
        self.assertEqual(kind(st, 3, 7, "B", 15), "q")
        # Black on white's five point blocks; a lone stone far away is quiet.
        st = {(7, 7): "W", (8, 7): "W", (9, 7): "W", (10, 7): "W", (11, 7): "B"}
        self.assertEqual(kind(st, 11, 7, "B", 15), "b")
        self.assertEqual(kind({(0, 0): "B", (7, 7): "W"}, 0, 0, "B", 15), "q")
        # Lines: black to move (two stones each) with a three, fours and blocks is a VCT;
        # with fours and blocks only a VCF; with a quiet first move a VCT+1; a quiet move
        # later on counts as such.
        moves = [("B", 7, 7), ("W", 0, 14), ("B", 8, 7), ("W", 14, 14)]
        vct = [(9, 7), (0, 13), (10, 7), (6, 7), (11, 7)]
        self.assertEqual(missed_wins.line_kind(moves, vct, 15), ("3q4b4", "VCT"))
        moves.append(("B", 9, 7))
        moves.append(("W", 0, 13))
        self.assertEqual(missed_wins.line_kind(moves, [(10, 7), (6, 7), (11, 7)], 15), ("4b4", "VCF"))
        quiet = [(3, 3), (0, 12), (10, 7), (6, 7), (11, 7)]
        self.assertEqual(missed_wins.line_kind(moves, quiet, 15), ("qq4b4", "VCT+1"))
        later = [(10, 7), (6, 7), (3, 3), (0, 12), (11, 7)]
        self.assertEqual(missed_wins.line_kind(moves, later, 15), ("4bqq4", "quiet1"))

    def test_opening_formats(self):
        path = os.path.join(self.dir, "ops.txt")
        with open(path, "w") as f:
            f.write("0,0, 1,1, -1,1\nh8i9\nx 15 freestyle w b7,7 w8,8 b9,9 | opening - | src=test\n")
        ops = match.load_openings(path, 15)
        self.assertEqual(ops, [[(7, 7), (8, 8), (6, 8)], [(7, 7), (8, 8)], [(7, 7), (8, 8), (9, 9)]])

    def test_balance_turn_limit_reaches_the_judge_and_openings_only(self):
        # A judge that reports the turn limit it was given as its score: the openings kept
        # are those it scores within the margin, so the limit must reach it.
        judge = os.path.join(self.dir, "judge.py")
        with open(judge, "w") as f:
            f.write("import sys\nturn = 0\nfor line in sys.stdin:\n"
                    "    w = line.split()\n"
                    "    if w[:1] == ['START']: print('OK', flush=True)\n"
                    "    elif w[:2] == ['INFO', 'timeout_turn']: turn = int(w[2])\n"
                    "    elif w[:1] == ['DONE']: print('MESSAGE depth 6 ev %d' % turn); print('7,7', flush=True)\n"
                    "    elif w[:1] == ['END']: break\n")
        cmd = f"{sys.executable} {judge}"
        self.assertEqual(match.engine_score(cmd, 15, 0, [(7, 7), (8, 8)], 300), 300)
        kept = match.balanced_openings(2, 15, 0, 3, 5, cmd, 300, turn=300, jobs=2)
        self.assertEqual(kept, [match.candidate_opening(15, 3, 5, 0), match.candidate_opening(15, 3, 5, 1)])
        # The same from the command line, openings only: no engine to play, no game.
        out = os.path.join(self.dir, "ops_only.txt")
        script = os.path.join(SCRIPTS, "match.py")
        r = subprocess.run([sys.executable, script, "--openings-only", "2", "--balance", cmd, "--balance-ms", "300",
                            "--balance-margin", "300", "--random-stones", "3", "--seed", "5",
                            "--save-openings", out], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(match.load_openings(out, 15), kept)


class CgomokuBlame(unittest.TestCase):
    """c-gomoku-cli charges a refused START to the side to move; the soak names the engine."""

    # As c-gomoku-cli 0.3 prints them: results and late moves on stdout, START failures and
    # crashes on stderr (a file holding both gets the stderr lines early, stdout is buffered).
    OUT = """[1] Started game 1 of 6 (A vs B)
[2] Started game 2 of 6 (B vs A)
[1] engine A timeout at 3 moves after opening
[1] Finished game 1 (A vs B): 0-1 {White win by time forfeit}
[2] Finished game 2 (B vs A): 1-0 {Black win by five connection}
[2] Started game 3 of 6 (A vs B)
[2] Finished game 3 (A vs B): 0-1 {White win by time forfeit}
[1] Started game 4 of 6 (B vs A)
[1] Finished game 4 (B vs A): 0-1 {White win by opponent crash}
[1] Started game 5 of 6 (A vs B)
[1] engine B output illegal move at 7 moves after opening: 3,3
[1] Finished game 5 (A vs B): 1-0 {Black win by illegal move}
[2] Finished game 6 (B vs A): 1-0 {Black win by time forfeit}
"""
    ERR = """[2] engine B output error: Unknown command: 15
[1] engine B crashed at 12 moves after opening
"""

    def test_each_failure_is_pinned_on_the_engine_that_failed(self):
        got = {g: (charged, culprit) for g, charged, culprit, _, _ in cgomoku_soak.blame(self.OUT, self.ERR)}
        # Game 3: B refused START after game 2, and the result went against A (to move).
        self.assertEqual(got, {1: ("A", "A"), 3: ("A", "B"), 4: ("B", "B"), 5: ("B", "B"), 6: ("A", None)})

    def test_stderr_lines_merged_early_into_stdout_are_still_paired(self):
        merged = self.ERR + self.OUT
        got = {g: culprit for g, _, culprit, _, _ in cgomoku_soak.blame(merged)}
        self.assertEqual(got, {1: "A", 3: "B", 4: "B", 5: "B", 6: None})


# A stand-in for c-gomoku-cli: plays nothing, reports -games games alternating colours from
# its -openings file, Wuzi winning the games it plays black, and writes down what it was given.
FAKE_CLI = r'''
import os, sys
args = sys.argv[1:]
games = int(args[args.index("-games") + 1])
opening = [a for a in args if a.startswith("file=")][0][5:]
with open("given.txt", "w") as f:
    f.write(" ".join(args) + "\n")
for g in range(1, games + 1):
    black, white = ("wuzi", "ref") if g % 2 else ("ref", "wuzi")
    print(f"[1] Finished game {g} ({black} vs {white}): 1-0 {{Black win by five connection}}")
'''


class Yardstick(unittest.TestCase):
    """scripts/yardstick.py: the score from c-gomoku-cli's lines, renju openings as offsets,
    and a match split over shards that together play every game asked for."""

    OUT = """[1] Finished game 1 (wuzi vs ref): 1-0 {Black win by five connection}
[2] Finished game 2 (ref vs wuzi): 1-0 {Black win by five connection}
[1] Finished game 3 (ref vs wuzi): 1-0 {Black win by time forfeit}
[2] Finished game 4 (wuzi vs ref): 1/2-1/2 {Draw by fullfilled board}
[1] Finished game 5 (wuzi vs ref): 0-1 {White win by opponent crash}
[2] Finished game 6 (ref vs wuzi): 0-1 {White win by five connection}
"""

    def test_the_score_by_colour_and_the_games_lost_off_the_board(self):
        w, l, d, by_colour, odd = yardstick.tally(self.OUT, "wuzi")
        self.assertEqual((w, l, d), (2, 3, 1))
        self.assertEqual(by_colour, {"black": [1, 1, 1], "white": [1, 2, 0]})
        self.assertEqual(odd, ["ref vs wuzi: 1-0 Black win by time forfeit (at fault: not named)",
                               "wuzi vs ref: 0-1 White win by opponent crash (at fault: not named)"])
        # The other side's view is the mirror image.
        self.assertEqual(yardstick.tally(self.OUT, "ref")[:3], (3, 2, 1))

    def test_a_start_refused_by_the_other_engine_is_not_charged_to_the_side_to_move(self):
        # Game 3: wuzi (white) is to move, but ref refused START (its ERROR on stderr):
        # c-gomoku-cli charges wuzi; the tally gives the game to wuzi.
        err = "[1] engine ref output error: Unknown command: 15\n"
        w, l, d, by_colour, odd = yardstick.tally(self.OUT, "wuzi", err)
        self.assertEqual((w, l, d), (3, 2, 1))
        self.assertEqual(by_colour["white"], [2, 1, 0])
        self.assertEqual(odd[0], "ref vs wuzi: 1-0 Black win by time forfeit (at fault: ref)")

    def test_renju_openings_as_offsets_from_the_centre(self):
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "in.txt"), os.path.join(d, "out.txt")
            with open(src, "w") as f:
                f.write("# comment 1,2 3,4\nD1 Kansei 7,7 6,7 5,7\nI13 Suisei 7,7 6,8 9,5\n\n")
            self.assertEqual(yardstick.xy_to_offset(src, dst, 15), 2)
            with open(dst) as f:
                self.assertEqual(f.read(), "0,0, -1,0, -2,0\n0,0, -1,1, 2,-2\n")

    def test_shards_play_every_game_and_share_out_the_openings(self):
        with tempfile.TemporaryDirectory() as d:
            cli = os.path.join(d, "cli")
            with open(cli, "w") as f:
                f.write("#!" + sys.executable + "\n" + FAKE_CLI)
            os.chmod(cli, 0o755)
            openings = os.path.join(d, "open.txt")
            with open(openings, "w") as f:
                f.writelines(f"{k},0, 0,1\n" for k in range(7))
            out = os.path.join(d, "run")
            r = subprocess.run([sys.executable, os.path.join(SCRIPTS, "yardstick.py"), "--engine", cli,
                                "--opponent", cli, "--openings", openings, "--type", "offset",
                                "--games", "10", "--concurrency", "3", "--cli", cli, "--out", out],
                               capture_output=True, text=True, timeout=60)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("+5 -5 =0", r.stdout)
            games, seen = [], []
            for k in range(3):
                with open(os.path.join(out, f"shard{k}", "given.txt")) as f:
                    args = f.read().split()
                games.append(int(args[args.index("-games") + 1]))
                with open(os.path.join(out, f"shard{k}", "openings.txt")) as f:
                    seen += f.read().splitlines()
            self.assertEqual(games, [4, 4, 2])
            self.assertEqual(sorted(seen), [f"{k},0, 0,1" for k in range(7)])



class ScriptsHelp(unittest.TestCase):
    """Each tool prints what it is for and how to call it, and does nothing else."""

    PYTHON = ["cgomoku_soak.py", "fuzz_protocol.py", "games_to_samples.py", "gomocupjudge_games.py",
              "match.py", "missed_wins.py", "probe.py", "spsa.py", "teacher_games.py", "teacher_label.py",
              "yardstick.py"]
    SHELL = ["anchor_games.sh", "build-windows.sh", "learn.sh", "package-gomocup.sh", "windows-check.sh",
             "windows-matches.sh", "wine-brain.sh", "yixin_gui_check.sh"]

    def test_every_tool_answers_help(self):
        for name in self.PYTHON + self.SHELL:
            path = os.path.join(SCRIPTS, name)
            cmd = [sys.executable, path, "--help"] if name.endswith(".py") else ["bash", path, "--help"]
            with self.subTest(name):
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(r.stderr, "")
                self.assertIn("Usage:" if name.endswith(".sh") else "usage:", r.stdout)
                self.assertGreater(len(r.stdout.splitlines()), 3, r.stdout)


if __name__ == "__main__":
    unittest.main()

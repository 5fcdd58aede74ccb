#!/usr/bin/env python3
"""Training samples from scripts/match.py game records and c-gomoku-cli SGF files.

Every position of every game after its first `--skip` stones (the opening's: match.py's
records do not say how many there were) becomes one line of Wuzi's
sample format (`pbrain-wuzi train --data`): `<game> <size> <rule> <result> - <x,y> ...`,
the result (0 loss, 1 draw, 2 win) for the side to move, no search score. Games without a
decided result (a crash, a forfeit on time) are left out.

A file whose name ends in `.sgf` is read as c-gomoku-cli's `-sgf` output (what
`scripts/cgomoku_soak.py` keeps): the games of `--size` and
`--rule`, decided by a five or a full board; the opening is the moves it marks
`C[opening move]` (`--skip` is not used). Deterministic engines replay the same game from
the same opening, so a game seen before (the same moves) is left out.

    python3 scripts/games_to_samples.py --size 15 --rule 0 --skip 4 --out samples.txt a_games.txt
    python3 scripts/games_to_samples.py --size 15 --rule 0 --out samples.txt run1/games.sgf ...
"""
import argparse
import re
import sys


TAGGED_GAMES = 1 << 40


def samples(lines, size, rule, skip, first_id, tagged_black=None):
    """`tagged_black`: None for an untagged game, else whether the tagged engine had black
    (the game's id is then 2^40 + 2 * k + that bit, `first_id` counting k)."""
    gid = first_id
    for line in lines:
        head, sep, tail = line.partition(" moves=")
        if not sep:
            continue
        fields = dict(t.split("=", 1) for t in head.split() if "=" in t)
        winner = {"1-0": 0, "0-1": 1, "1/2": None}.get(fields.get("result"), "none")
        if winner == "none":
            continue
        moves = tail.split()
        gid += 1
        tag = gid if tagged_black is None else TAGGED_GAMES + 2 * gid + tagged_black
        for n in range(min(skip, len(moves)), len(moves)):
            side = n % 2  # 0: black to move
            result = 1 if winner is None else (2 if winner == side else 0)
            yield f"{tag} {size} {rule} {result} - {' '.join(moves[:n])}"


def sgf_games(text, size, rule):
    """c-gomoku-cli SGF games as match.py record lines (opening length, line, the engine
    names [black, white])."""
    for game in text.split("(;")[1:]:
        if f"SZ[{size}]" not in game or f"RU[{rule}]" not in game:
            continue
        ending = re.search(r"TE\[([^\]]*)\]", game)
        ending = ending.group(1) if ending else ""
        if "five" in ending:
            result = "1-0" if ending.startswith("Black") else "0-1"
        elif ending.startswith("Draw"):
            result = "1/2"
        else:
            continue
        nodes = re.findall(r";([BW])\[([a-z]{2})\](?:C\[([^\]]*)\])?", game)
        if any(c != "BW"[k % 2] for k, (c, _, _) in enumerate(nodes)):
            continue
        opening = sum(1 for _, _, note in nodes if note == "opening move")
        moves = " ".join(f"{ord(p[0]) - 97},{ord(p[1]) - 97}" for _, p, _ in nodes)
        names = [re.search(rf"{tag}\[([^\]]*)\]", game) for tag in ("PB", "PW")]
        names = [m.group(1) if m else "" for m in names]
        yield opening, f"result={result} moves={moves}", names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+", help="match.py --out files")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--skip", type=int, default=4, help="stones of the opening (default 4)")
    ap.add_argument("--tag-engine", metavar="NAME",
                    help="SGF games between two engines: tag each with the colour NAME had")
    args = ap.parse_args()
    n = 0
    seen = set()
    with open(args.out, "w") as out:
        gid = 0
        for path in args.games:
            with open(path) as f:
                if path.endswith(".sgf"):
                    games = []
                    for opening, line, names in sgf_games(f.read(), args.size, args.rule):
                        if line not in seen:
                            seen.add(line)
                            tag = None
                            if args.tag_engine is not None:
                                if args.tag_engine not in names:
                                    sys.exit(f"{path}: a game between {names[0]!r} and "
                                             f"{names[1]!r}, not {args.tag_engine!r}")
                                tag = names[0] == args.tag_engine
                            games.append((opening, line, tag))
                else:
                    if args.tag_engine is not None:
                        sys.exit(f"--tag-engine reads SGF files only, not {path}")
                    games = [(args.skip, line, None) for line in f]
                for skip, line, tag in games:
                    # The next game's k is gid + 1, its id 2^40 + 2k + bit: k < 2^19 keeps it
                    # within the 2^20 ids train reads as tagged.
                    if tag is not None and gid + 1 >= 1 << 19:
                        sys.exit("--tag-engine: at most 2^19 games (train reads 2^20 ids)")
                    written = 0
                    for s in samples([line], args.size, args.rule, skip, gid, tag):
                        out.write(s + "\n")
                        written += 1
                    n += written
                    gid += written > 0
    print(f"{gid} games, {n} positions -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

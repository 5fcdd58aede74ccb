#!/usr/bin/env python3
"""Train Wuzi's network ("mix-lite", see src/eval/network.rs) on self-play positions.

Input: the files `pbrain-wuzi netdata` writes (PREFIX.pos, PREFIX.cells, PREFIX.moves).
Model (float; the engine runs the same in integers, see network.rs for the scales):
    a(cell) = clamp(bias0 + sum_dir embed[code_dir], 0, 1)
    x       = sum_empty_cells a / 16
    h       = clamp(w1[stm] x + b1[stm], 0, 1)
    out     = w2[stm] . h + b2[stm]                  (evaluation units)
Every weight and intermediate is rounded as the engine rounds it (straight-through gradients):
embed, bias0 to 1/1024, x to 1/512, w1 to 1/2048, b1 and h to 1/512, w2 to 1/4 unit.
    p(win)  = sigmoid((classical + out) / K)
Target: lambda * result + (1 - lambda) * sigmoid(search score / K) (result alone without a
score); K is fitted to the classical scores first (--score-k reads the scores on a teacher's
scale instead: 200 for Rapfi's). Games are split into training and
validation by a hash of their id. The exported file is checked by emulating the engine's
integer arithmetic in numpy; the difference to the float model is printed.

Line keys (--keys; freestyle): the input of a cell and direction is the line itself, the four
cells each side (65,536 keys, a line and its reversal sharing a row), from `netdata --keys 1`.
A key's row is its pattern pair's row plus a residual of its own, penalised by --resid-l2
(1e-4; without it the residuals learn the games by heart); --init starts the shared part from
a pattern-pair network's .pt.

Usage:
    pbrain-wuzi netdata --data data/g1.txt,data/g2.txt --out data/nn
    python3 scripts/train_nnue.py --data data/nn --out data/free15.wzn [--epochs 12]
        [--check tests/data/network_check.txt]   # also write test vectors for tests/network.rs
Requirements: scripts/requirements.txt (torch, numpy). Runs on CPU; --device cuda on a GPU.
"""
import argparse
import math
import struct
import sys
import time

import numpy as np
import torch

FEATURES, HIDDEN, NPATTERNS = 16, 32, 12  # FEATURES: src/eval/network.rs (--features)
NCODES = NPATTERNS * NPATTERNS
EMBED_LIMIT, W1_LIMIT = 4096, 2048
RULES = {"freestyle": 0, "standard": 1, "renju": 4, "caro": 8}

POS_DTYPE = np.dtype([("game", "<u8"), ("sample", "<u4"), ("stm", "u1"), ("result", "u1"),
                      ("rows", "<u2"), ("score", "<i4"), ("classical", "<i4"), ("first", "<u4")])
CELL_DTYPE = np.dtype([("codes", "u1", (4,)), ("count", "<u2")])
KCELL_DTYPE = np.dtype([("codes", "<u2", (4,)), ("count", "<u2")])
NKEYS = 1 << 16
SIZE = 15  # --size: the board size the network is for (0: any)
KEYS = False  # --keys: inputs are freestyle's 8-cell line keys (netdata --keys 1)


def load(prefixes):
    pos, cells, moves = [], [], []
    offset = 0
    for p in prefixes.split(","):
        a = np.fromfile(p + ".pos", dtype=POS_DTYPE)
        c = np.fromfile(p + (".kcells" if KEYS else ".cells"), dtype=KCELL_DTYPE if KEYS else CELL_DTYPE)
        with open(p + ".moves") as f:
            m = f.read().splitlines()
        assert len(m) == len(a), f"{p}: {len(m)} move lines for {len(a)} positions"
        a = a.copy()
        a["first"] += offset
        offset += len(c)
        pos.append(a)
        cells.append(c)
        moves += m
    return np.concatenate(pos), np.concatenate(cells), moves


def game_hash(g, seed):
    x = (g ^ (seed * 0x9E3779B97F4A7C15)) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 33
    return x


def fit_k(classical, result):
    """The K for which sigmoid(classical / K) best predicts the results (cross-entropy)."""
    best = None
    for k in np.exp(np.linspace(math.log(20), math.log(3000), 200)):
        p = 1 / (1 + np.exp(-np.clip(classical / k, -30, 30)))
        p = np.clip(p, 1e-6, 1 - 1e-6)
        loss = -np.mean(result * np.log(p) + (1 - result) * np.log(1 - p))
        if best is None or loss < best[0]:
            best = (loss, k)
    return best[1], best[0]


def fq(t, scale):
    """t rounded to multiples of 1/scale in the forward pass, unchanged in the backward pass."""
    return t + (torch.round(t * scale) / scale - t).detach()


class Net(torch.nn.Module):
    def __init__(self, keymap=None):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        self.embed = torch.nn.Parameter(torch.randn(NCODES, FEATURES, generator=g) * 0.1)
        if keymap is not None:
            # Line keys: a key's row is its pattern pair's row plus a residual of its own.
            self.register_buffer("keymap", torch.from_numpy(keymap.astype(np.int64)))
            self.resid = torch.nn.Parameter(torch.zeros(NKEYS, FEATURES))
        self.bias0 = torch.nn.Parameter(torch.full((FEATURES,), 0.3))
        self.w1 = torch.nn.Parameter(torch.randn(2, HIDDEN, FEATURES, generator=g) * 0.05)
        self.b1 = torch.nn.Parameter(torch.full((2, HIDDEN), 0.1))
        self.w2 = torch.nn.Parameter(torch.randn(2, HIDDEN, generator=g) * 0.05)  # x100
        self.b2 = torch.nn.Parameter(torch.zeros(2))  # x100

    def forward(self, codes, count, owner, nbatch, stm):
        # Rounded as the engine rounds (straight-through): one code's rounding error would
        # otherwise repeat over every cell that has it.
        e, b0 = fq(self.table(), 1024), fq(self.bias0, 1024)
        a = torch.clamp(e[codes].sum(1) + b0, 0, 1)
        x = torch.zeros(nbatch, FEATURES, device=a.device)
        x.index_add_(0, owner, a * count[:, None])
        x = fq(torch.clamp(x / 16, max=32767 / 512), 512)
        w1, b1 = fq(self.w1, 2048), fq(self.b1, 512)
        h = fq(torch.clamp(torch.einsum("bj,bkj->bk", x, w1[stm]) + b1[stm], 0, 1), 512)
        w2 = fq(self.w2 * 100, 4)
        return (h * w2[stm]).sum(1) + 100 * self.b2[stm]

    def table(self):
        """The input table the engine indexes: pattern-pair rows, or line-key rows."""
        if hasattr(self, "resid"):
            return self.embed[self.keymap] + self.resid
        return self.embed

    def constrain(self):
        with torch.no_grad():
            lim = EMBED_LIMIT / 1024
            self.embed.clamp_(-lim, lim)
            if hasattr(self, "resid"):
                base = self.embed[self.keymap]
                self.resid.copy_(torch.maximum(torch.minimum(self.resid, lim - base), -lim - base))
            self.bias0.clamp_(-lim, lim)
            self.w1.clamp_(-W1_LIMIT / 2048, W1_LIMIT / 2048)
            self.w2.clamp_(-20, 20)


def batch_rows(pos, idx):
    """Cell rows of positions idx: (row indices, owner of each row within the batch)."""
    lens = pos["rows"][idx].astype(np.int64)
    starts = pos["first"][idx].astype(np.int64)
    owner = np.repeat(np.arange(len(idx)), lens)
    rows = np.repeat(starts - np.cumsum(lens) + lens, lens) + np.arange(lens.sum())
    return rows, owner


def tensors(pos, cells, idx, device):
    rows, owner = batch_rows(pos, idx)
    c = cells[rows]
    return (torch.from_numpy(c["codes"].astype(np.int64)).to(device),
            torch.from_numpy(c["count"].astype(np.float32)).to(device),
            torch.from_numpy(owner).to(device),
            torch.from_numpy(pos["stm"][idx].astype(np.int64)).to(device))


def quantise(net):
    """The engine's integer weights (network.rs scales)."""
    r = lambda t, s, lim=None: np.clip(np.rint(t.detach().cpu().double().numpy() * s),
                                       -(lim or 32767), lim or 32767).astype(np.int64)
    table = net.table()
    if KEYS:
        # Every key reads its canonical key's row (netdata writes the smaller of a line and
        # its reversal; the engine indexes the raw key).
        table = table[torch.from_numpy(canonical_keys()).to(table.device)]
    q = {
        "embed": r(table, 1024, EMBED_LIMIT),
        "bias0": r(net.bias0, 1024, EMBED_LIMIT),
        "w1": r(net.w1, 2048, W1_LIMIT),
        "b1": r(net.b1, 512),
        "w2": r(net.w2 * 100, 4),
        "b2": np.rint(net.b2.detach().cpu().double().numpy() * 100 * 2048).astype(np.int64),
    }
    return q


def canonical_keys():
    """Per 16-bit line key, the smaller of it and its reversal (train/cli.rs canonical_key)."""
    k = np.arange(NKEYS, dtype=np.int64)
    r = np.zeros_like(k)
    for j in range(8):
        r |= ((k >> (2 * j)) & 3) << (2 * (7 - j))
    return np.minimum(k, r)


def int_forward(q, codes, count, owner, nbatch, stm):
    """The engine's scalar integer arithmetic (src/eval/simd.rs), vectorised in numpy."""
    s = q["bias0"][None, :].copy()
    for d in range(4):
        s = np.clip(s + q["embed"][codes[:, d]], -32768, 32767)  # saturating adds
    a = np.clip(s, 0, 1024)
    pool = np.zeros((nbatch, FEATURES), dtype=np.int64)
    np.add.at(pool, owner, a * count[:, None])
    x = np.clip((pool + 16) >> 5, 0, 32767)
    dot = np.einsum("bj,bkj->bk", x, q["w1"][stm])
    h = np.clip(((dot + 1024) >> 11) + q["b1"][stm], 0, 512)
    return ((h * q["w2"][stm]).sum(1) + q["b2"][stm] + 1024) >> 11


def write_file(q, rule, path, inputs=None, size=None):
    """A `WUZINNUE` version 2 file of the integer weights `q`; `inputs` and `size` default to
    this run's (--keys, --size); scripts/shape_net.py writes its shape networks with it."""
    inputs = int(KEYS) if inputs is None else inputs
    size = SIZE if size is None else size
    b = bytearray(b"WUZINNUE")
    b += struct.pack("<IBBHHIH", 2, rule, inputs, FEATURES, HIDDEN, len(q["embed"]), size)
    i16 = lambda a: np.asarray(a, dtype="<i2").tobytes()
    b += i16(q["embed"]) + i16(q["bias0"])
    for c in range(2):
        b += i16(q["w1"][c]) + i16(q["b1"][c]) + i16(q["w2"][c]) + struct.pack("<i", int(q["b2"][c]))
    h = 0x811C9DC5
    for byte in b:
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    b += struct.pack("<I", h)
    with open(path, "wb") as f:
        f.write(b)
    return len(b)


def main():
    global FEATURES
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="netdata prefixes, comma-separated")
    ap.add_argument("--out", required=True, help="network file to write (.wzn)")
    ap.add_argument("--rule", default="freestyle", choices=sorted(RULES))
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5)
    ap.add_argument("--valid", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--score-k", type=float, help="read the recorded search scores on this logistic "
                    "scale (a teacher's, e.g. 200 for Rapfi; scripts/teacher_games.py) instead of the fitted K")
    ap.add_argument("--features", type=int, default=FEATURES,
                    help="features per cell; must equal the engine's network::FEATURES to load (default %(default)s)")
    ap.add_argument("--size", type=int, default=15, help="board size the network is for, written "
                    "in the file; the engine uses it on that size only (0: any) (default %(default)s)")
    ap.add_argument("--keys", action="store_true", help="inputs are line keys (netdata --keys 1)")
    ap.add_argument("--resid-l2", type=float, default=0.0, help="L2 penalty on the line-key residuals")
    ap.add_argument("--init", help="start from this .pt (a pattern-pair network's state)")
    ap.add_argument("--check", help="write test vectors (expected integer and float outputs)")
    ap.add_argument("--check-net", help="network file the test vectors go with (default --out)")
    args = ap.parse_args()
    FEATURES = args.features
    global KEYS, SIZE
    KEYS, SIZE = args.keys, args.size
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    t0 = time.time()

    pos, cells, moves = load(args.data)
    # Result 3: unknown (a teacher's score off the game path): out of K and of the
    # results-only losses; the score alone is its target.
    known = pos["result"] <= 2
    result = np.where(known, pos["result"], 1).astype(np.float64) / 2
    classical = pos["classical"].astype(np.float64)
    if not known.any():
        sys.exit("no position has a game result to fit K to")
    k, k_loss = fit_k(classical[known], result[known])
    has = pos["score"] != np.iinfo(np.int32).min
    score = np.where(has, pos["score"], 0).astype(np.float64)
    if args.score_k is not None and args.score_k <= 0:
        sys.exit("--score-k must be positive")
    sk = args.score_k or k
    teacher = 1 / (1 + np.exp(-np.clip(score / sk, -30, 30)))
    target = np.where(has, np.where(known, args.lam * result + (1 - args.lam) * teacher, teacher), result)
    valid_mask = np.array([game_hash(int(g), args.seed) % 10000 < args.valid * 10000 for g in pos["game"]])
    train_idx, valid_idx = np.nonzero(~valid_mask)[0], np.nonzero(valid_mask)[0]
    print(f"{len(pos)} positions ({len(train_idx)} train, {len(valid_idx)} validation), "
          f"{len(cells)} cell rows; K {k:.1f} (results-only loss of the classical score {k_loss:.5f}); "
          f"{time.time() - t0:.1f}s", flush=True)

    dev = torch.device(args.device)
    cls_t = torch.from_numpy(classical.astype(np.float32)).to(dev)
    tgt_t = torch.from_numpy(target.astype(np.float32)).to(dev)
    res_t = torch.from_numpy(result.astype(np.float32)).to(dev)
    known_t = torch.from_numpy(known.astype(np.float32)).to(dev)
    keymap = np.fromfile(args.data.split(",")[0] + ".keymap", dtype=np.uint8) if KEYS else None
    net = Net(keymap).to(dev)
    if args.init:
        missing = net.load_state_dict(torch.load(args.init), strict=False)
        print(f"initialised from {args.init} ({missing})", flush=True)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    bce = torch.nn.functional.binary_cross_entropy_with_logits

    def evaluate(idx, quantised=None):
        tot, tot_r, n, n_r = 0.0, 0.0, 0, 0.0
        outs = []
        with torch.no_grad():
            for s in range(0, len(idx), 4096):
                b = idx[s:s + 4096]
                codes, count, owner, stm = tensors(pos, cells, b, dev)
                if quantised is None:
                    out = net(codes, count, owner, len(b), stm)
                else:
                    out = torch.from_numpy(int_forward(quantised, codes.cpu().numpy(), count.cpu().numpy().astype(np.int64),
                                                       owner.cpu().numpy(), len(b), stm.cpu().numpy()).astype(np.float32)).to(dev)
                bt = torch.from_numpy(b).to(dev)
                logit = (cls_t[bt] + out) / k
                tot += bce(logit, tgt_t[bt], reduction="sum").item()
                tot_r += (bce(logit, res_t[bt], reduction="none") * known_t[bt]).sum().item()
                n += len(b)
                n_r += known_t[bt].sum().item()
                outs.append(out.cpu().numpy())
        return tot / n, tot_r / max(n_r, 1.0), np.concatenate(outs)

    zero_loss = None
    with torch.no_grad():
        vb = torch.from_numpy(valid_idx).to(dev)
        kv = known_t[vb]
        zero_loss = (bce(cls_t[vb] / k, tgt_t[vb]).item(),
                     ((bce(cls_t[vb] / k, res_t[vb], reduction="none") * kv).sum() / kv.sum().clamp(min=1)).item())
    print(f"classical alone: validation loss {zero_loss[0]:.5f} (results only {zero_loss[1]:.5f})", flush=True)
    best = None
    for epoch in range(1, args.epochs + 1):
        perm = rng.permutation(train_idx)
        net.train()
        tot, n = 0.0, 0
        for s in range(0, len(perm), args.batch):
            b = perm[s:s + args.batch]
            codes, count, owner, stm = tensors(pos, cells, b, dev)
            bt = torch.from_numpy(b).to(dev)
            out = net(codes, count, owner, len(b), stm)
            loss = bce((cls_t[bt] + out) / k, tgt_t[bt])
            if KEYS and args.resid_l2 > 0:
                loss = loss + args.resid_l2 * net.resid.pow(2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.constrain()
            tot += loss.item() * len(b)
            n += len(b)
        sched.step()
        v, vr, _ = evaluate(valid_idx)
        print(f"epoch {epoch:3}: train loss {tot / n:.5f} validation loss {v:.5f} (results only {vr:.5f}) "
              f"{time.time() - t0:.0f}s", flush=True)
        if best is None or v < best[0]:
            best = (v, {kk: vv.detach().clone() for kk, vv in net.state_dict().items()})
            # The best network so far is on disk after every epoch: a run stopped by a time
            # limit still leaves one (the final export below writes the same again).
            write_file(quantise(net), RULES[args.rule], args.out)
            torch.save(best[1], args.out + ".pt")
    if best is not None:  # --epochs 0: export the --init network as it is (with --check)
        net.load_state_dict(best[1])

    q = quantise(net)
    size = write_file(q, RULES[args.rule], args.out)
    vf, vfr, out_f = evaluate(valid_idx)
    vq, vqr, out_q = evaluate(valid_idx, q)
    diff = np.abs(out_f - out_q)
    print(f"written {args.out} ({size} bytes): validation loss float {vf:.5f} integer {vq:.5f} "
          f"(results only {vfr:.5f} / {vqr:.5f}); |integer - float| mean {diff.mean():.2f} "
          f"max {diff.max():.2f} eval units; network output mean |{np.abs(out_f).mean():.1f}|", flush=True)

    if args.check:
        pick = rng.choice(valid_idx, size=min(32, len(valid_idx)), replace=False)
        _, _, f_out = evaluate(pick)
        _, _, q_out = evaluate(pick, q)
        with open(args.check, "w") as f:
            f.write(f"# Test vectors for tests/network.rs, written by scripts/train_nnue.py with the network\n"
                    f"# {args.check_net or args.out}: integer output (exact), float output, moves (x,y; black first).\n")
            for i, fo, qo in zip(pick, f_out, q_out):
                f.write(f"{int(qo)} {fo:.3f} {moves[i]}\n")
        print(f"test vectors -> {args.check}")


if __name__ == "__main__":
    sys.exit(main())

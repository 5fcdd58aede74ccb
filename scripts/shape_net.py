#!/usr/bin/env python3
"""Offline test of a "shape network": does a small nonlinear model over the evaluation's own
inputs fit games better than a refit of the linear tables does?

The tables score a position as a sum over the empty cells of a value per shape (the cell's
four line patterns as a multiset, for the side to move and for the other side) plus a term
for both sides' threat levels. The shape network keeps that sum's inputs but gives each
shape F values instead of one (an embedding), sums them per side into two pools of F
numbers, and reads the pools with a small MLP. Incrementally it would cost the engine one
F-wide add per shape change, which the tables already compute; no per-cell state.

Reads `pbrain-wuzi netdata --shapes 1` output (PREFIX.spos / PREFIX.scells), holds out 10 %
of the games, and fits, from the shipped tables' scores (the `.spos` classical score):
  linear: per-shape corrections (own, opp) and threat-level corrections only;
  net:    the same corrections plus the shape network (--features F, --hidden H).
Both fit sigma((classical + delta) / K) to lambda * result + (1 - lambda) * sigma(search / K)
(lambda 1 where a sample has no search score), K fitted to the classical scores first.
Prints the validation loss (and results-only loss) of the tables as they are, of the linear
refit and of the net, per epoch.

    pip install -r scripts/requirements.txt
    pbrain-wuzi netdata --shapes 1 --data data/games.txt --out data/g
    python3 scripts/shape_net.py --data data/g --epochs 6
"""
import argparse, math, os, sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_nnue import FEATURES, HIDDEN, write_file  # noqa: E402

NSHAPES = 1365
NLEVELS = 162

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("--data", required=True, help="PREFIX[,PREFIX...] of netdata --shapes output")
ap.add_argument("--features", type=int, default=16)
ap.add_argument("--hidden", type=int, default=32)
ap.add_argument("--epochs", type=int, default=6)
ap.add_argument("--batch", type=int, default=512)
ap.add_argument("--lr", type=float, default=2e-3)
ap.add_argument("--clr", type=float, default=0.5, help="learning rate of the corrections (evaluation units)")
ap.add_argument("--l2", type=float, default=1e-6, help="weight decay of the corrections")
ap.add_argument("--lam", type=float, default=0.5, help="weight of the result where a search score exists")
ap.add_argument("--valid", type=float, default=0.1)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--only", choices=["linear", "net", "netonly"], help="fit one model only (netonly: the net without the linear corrections)")
ap.add_argument("--out", help="write the net (netonly) as a WUZINNUE version 2 file with shape inputs")
ap.add_argument("--check", metavar="FILE", help="compare the engine's scores of the first --data (PREFIX.snet, from netdata --shapes 1 --net FILE) with FILE's weights in floating point, then stop")
a = ap.parse_args()
torch.manual_seed(a.seed)

POS = np.dtype([("game", "<u8"), ("stm", "u1"), ("result", "u1"), ("rows", "<u2"),
                ("score", "<i4"), ("classical", "<i4"), ("level", "<u2"), ("pad", "<u2")])
CELL = np.dtype([("me", "<u2"), ("them", "<u2"), ("n", "<u2")])
pos_parts, cell_parts = [], []
for p in a.data.split(","):
    pos_parts.append(np.fromfile(p + ".spos", dtype=POS))
    cell_parts.append(np.fromfile(p + ".scells", dtype=CELL))
pos = np.concatenate(pos_parts)
cells = np.concatenate(cell_parts)
assert pos["rows"].sum(dtype=np.int64) == len(cells), "rows do not add up"
keep = pos["result"] != 3
n = len(pos)
offsets = np.zeros(n + 1, dtype=np.int64)
offsets[1:] = np.cumsum(pos["rows"], dtype=np.int64)
print(f"{n} positions, {len(cells)} rows", file=sys.stderr)

rng = np.random.default_rng(a.seed)
games = np.unique(pos["game"])
held = set(rng.choice(games, size=max(1, int(len(games) * a.valid)), replace=False).tolist())
is_valid = np.array([g in held for g in pos["game"]])

classical = torch.tensor(pos["classical"], dtype=torch.float32)
result = torch.tensor(np.where(pos["result"] == 3, 0.5, pos["result"] / 2.0), dtype=torch.float32)
has_result = torch.tensor(pos["result"] != 3)
has_score = torch.tensor(pos["score"] != np.iinfo(np.int32).min)
score = torch.tensor(np.where(pos["score"] == np.iinfo(np.int32).min, 0, pos["score"]), dtype=torch.float32)
level = torch.tensor(pos["level"].astype(np.int64))

# K: the scale that best turns the classical score into results (a 1-d fit).
def fit_k():
    k = torch.tensor(math.log(1000.0), requires_grad=True)
    opt = torch.optim.Adam([k], lr=0.05)
    m = has_result & torch.tensor(~is_valid)
    for _ in range(300):
        opt.zero_grad()
        p = torch.sigmoid(classical[m] / torch.exp(k))
        loss = nn.functional.binary_cross_entropy(p, result[m])
        loss.backward()
        opt.step()
    return float(torch.exp(k))

def check(path):
    """The engine's integer network scores against the same weights in floating point."""
    import struct
    b = open(path, "rb").read()
    f, h, codes = struct.unpack_from("<HHI", b, 14)
    at = 24
    embed = np.frombuffer(b, "<i2", codes * f, at).reshape(-1, f).astype(np.float64) / 32
    at += 2 * codes * f + 2 * f
    heads = []
    for _ in range(2):
        w1 = np.frombuffer(b, "<i2", h * f, at).reshape(h, f) / 2048; at += 2 * h * f
        b1 = np.frombuffer(b, "<i2", h, at) / 512; at += 2 * h
        w2 = np.frombuffer(b, "<i2", h, at) / 4; at += 2 * h
        b2 = struct.unpack_from("<i", b, at)[0] / 2048; at += 4
        heads.append((w1, b1, w2, b2))
    own, opp = embed[0::2], embed[1::2]
    engine = np.fromfile(a.data.split(",")[0] + ".snet", dtype="<i4")
    assert len(engine) == n, f"{len(engine)} engine scores for {n} positions"
    diffs = []
    for k in range(n):
        r = cells[offsets[k]:offsets[k + 1]]
        cnt = r["n"][:, None].astype(np.float64)
        x = np.clip(((own[r["me"]] * cnt).sum(0) + (opp[r["them"]] * cnt).sum(0)) / 16, 0, 63.99)
        w1, b1, w2, b2 = heads[pos["stm"][k]]
        hid = np.clip(w1 @ x + b1, 0, 1)
        diffs.append(abs(float(w2 @ hid + b2) - engine[k]))
    d = np.array(diffs)
    print(f"{n} positions: |engine - float| mean {d.mean():.2f}, max {d.max():.2f} evaluation units; engine scores mean |{np.abs(engine).mean():.1f}|")
    sys.exit(0)


if a.check:
    check(a.check)
K = fit_k()
print(f"K {K:.1f}", file=sys.stderr)
clip = lambda x: x.clamp(-20000, 20000)
target = torch.where(has_score & has_result, a.lam * result + (1 - a.lam) * torch.sigmoid(clip(score) / K),
                     torch.where(has_result, result, torch.sigmoid(clip(score) / K)))
cells_me = torch.tensor(cells["me"].astype(np.int64))
cells_them = torch.tensor(cells["them"].astype(np.int64))
cells_n = torch.tensor(cells["n"].astype(np.float32))


def batch_rows(idx):
    """Flat row indices, EmbeddingBag offsets and the positions' own indices for a batch."""
    starts, ends = offsets[idx], offsets[idx + 1]
    lens = ends - starts
    flat = np.concatenate([np.arange(s, e) for s, e in zip(starts, ends)])
    off = np.zeros(len(idx), dtype=np.int64)
    off[1:] = np.cumsum(lens)[:-1]
    return torch.tensor(flat), torch.tensor(off)


class Model(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.own = nn.EmbeddingBag(NSHAPES, 1, mode="sum")
        self.opp = nn.EmbeddingBag(NSHAPES, 1, mode="sum")
        self.thr = nn.Embedding(NLEVELS * NLEVELS, 1)
        for e in (self.own, self.opp, self.thr):
            nn.init.zeros_(e.weight)
        self.net = net
        if net:
            f, h = a.features, a.hidden
            self.e_own = nn.EmbeddingBag(NSHAPES, f, mode="sum")
            self.e_opp = nn.EmbeddingBag(NSHAPES, f, mode="sum")
            nn.init.normal_(self.e_own.weight, 0, 0.05)
            nn.init.normal_(self.e_opp.weight, 0, 0.05)
            self.l1 = nn.Linear(f, h)
            self.l2 = nn.Linear(h, 1)
            nn.init.zeros_(self.l2.weight)
            nn.init.zeros_(self.l2.bias)

    def forward(self, flat, off, idx):
        me, them, cnt = cells_me[flat], cells_them[flat], cells_n[flat]
        d = self.own(me, off, per_sample_weights=cnt) + self.opp(them, off, per_sample_weights=cnt)
        d = d.squeeze(1) + self.thr(level[idx]).squeeze(1)
        if self.net:
            # Pools scaled down: a position has up to ~200 empty cells.
            # One pool of F features: each cell adds its side-to-move shape's row of one
            # table and its other-side shape's row of another (the engine's Network head
            # reads it as it reads the pattern network's pool).
            x = (self.e_own(me, off, per_sample_weights=cnt)
                 + self.e_opp(them, off, per_sample_weights=cnt)) / 16
            # The engine's head input is the pool scaled to i16 and never negative.
            x = torch.clamp(x, 0, 63.99)
            hdn = torch.clamp(self.l1(x), 0, 1)
            d = d + self.l2(hdn).squeeze(1) * 100
        # Corrections in evaluation units (the table's sum is divided by 8 in the engine;
        # here the delta is in final units).
        return (classical[idx] + d) / K


def evaluate(model, idx_all):
    tot, tot_r, n_r = 0.0, 0.0, 0
    with torch.no_grad():
        for s in range(0, len(idx_all), 4096):
            idx = idx_all[s:s + 4096]
            flat, off = batch_rows(idx)
            t = torch.tensor(idx)
            logit = model(flat, off, t) if model else classical[t] / K
            p = torch.sigmoid(logit).clamp(1e-6, 1 - 1e-6)
            tot += nn.functional.binary_cross_entropy(p, target[t], reduction="sum").item()
            m = has_result[t]
            if m.any():
                tot_r += nn.functional.binary_cross_entropy(p[m], result[t][m], reduction="sum").item()
                n_r += int(m.sum())
    return tot / len(idx_all), tot_r / max(n_r, 1)


def export(model, path):
    """The engine's network file (`train_nnue.write_file`): inputs 2 (shapes), 16 features,
    32 hidden units, the same head for both colours to move, every weight scaled as
    `src/eval/network.rs` says; shape s's side-to-move row then its other-side row."""
    f, h = a.features, a.hidden
    assert (f, h) == (FEATURES, HIDDEN), "the engine reads 16 features and 32 hidden units"
    q = lambda t, s: np.clip(np.rint(t.detach().numpy() * s), -32768, 32767).astype("<i2")
    # Rows x32 (the head input's scale).
    own, opp = q(model.e_own.weight, 32), q(model.e_opp.weight, 32)
    head = lambda x: np.stack([x, x])
    write_file({
        "embed": np.stack([own, opp], 1).reshape(-1, f),
        "bias0": np.zeros(f, "<i2"),
        "w1": head(q(model.l1.weight, 2048)),
        "b1": head(q(model.l1.bias, 512)),
        "w2": head(q(model.l2.weight[0] * 100, 4)),
        "b2": [int(np.rint(model.l2.bias.item() * 100 * 2048))] * 2,
    }, 0, path, inputs=2, size=15)


train_idx = np.nonzero(~is_valid)[0]
valid_idx = np.nonzero(is_valid)[0]
print(f"train {len(train_idx)}, valid {len(valid_idx)} positions", file=sys.stderr)
base = evaluate(None, valid_idx)
print(f"tables as they are: valid {base[0]:.5f} (results only {base[1]:.5f})")

for kind in (["linear", "net", "netonly"] if not a.only else [a.only]):
    model = Model(kind != "linear")
    if kind == "netonly":
        for e in (model.own, model.opp, model.thr):
            e.weight.requires_grad_(False)
    corr = [p for n_, p in model.named_parameters() if n_.split(".")[0] in ("own", "opp", "thr") and p.requires_grad]
    rest = [p for n_, p in model.named_parameters() if n_.split(".")[0] not in ("own", "opp", "thr")]
    opt = torch.optim.Adam([{"params": corr, "lr": a.clr, "weight_decay": a.l2},
                            {"params": rest, "lr": a.lr}])
    best = None
    for ep in range(a.epochs):
        perm = rng.permutation(train_idx)
        for s in range(0, len(perm), a.batch):
            idx = perm[s:s + a.batch]
            flat, off = batch_rows(idx)
            t = torch.tensor(idx)
            p = torch.sigmoid(model(flat, off, t)).clamp(1e-6, 1 - 1e-6)
            loss = nn.functional.binary_cross_entropy(p, target[t])
            opt.zero_grad()
            loss.backward()
            opt.step()
            if model.net:
                with torch.no_grad():
                    # The engine's integer bounds: |w1| <= 1 (x2048 <= 2048), shape rows
                    # x32 within +/-31, w2 x4 and b2 x2048 inside i16 / i32.
                    model.l1.weight.clamp_(-1, 1)
                    model.e_own.weight.clamp_(-0.96, 0.96)
                    model.e_opp.weight.clamp_(-0.96, 0.96)
                    model.l2.weight.clamp_(-81, 81)
        v = evaluate(model, valid_idx)
        if best is None or v[0] < best[0]:
            best = v
            if a.out and kind == "netonly":
                export(model, a.out)
        print(f"{kind} epoch {ep + 1}: valid {v[0]:.5f} (results only {v[1]:.5f})", flush=True)
    print(f"{kind} best: valid {best[0]:.5f} (results only {best[1]:.5f})")

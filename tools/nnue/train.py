"""Train a network (docs/nnue.md) with numpy and write its quantised
weights for `eval/src/nnue/`.

    python3 -m tools.nnue.train DATA... --out eval/nets/chess.nnue
        [--variant chess|crazyhouse|tranzit|tavreli] [--hidden 128] [--epochs 10]
        [--batch 4096] [--lr 0.002] [--wdl 0.0] [--val 0.02] [--seed 1]
        [--no-mirror] [--init FILE]

DATA files hold ``FEN;result;cp`` lines (``label_static.py``): cp from
White's view, result 1.0/0.5/0.0 from White's view.

The network: 768 inputs (a piece's colour relative to the side viewing, its
kind, its square seen from that side), a hidden layer of H neurons whose
weights both sides share, the two sides' hidden layers after a squared
clipped ReLU, the side to move's first, and one output. The crazyhouse
network has 80 more inputs, for the pieces in hand: one per (colour relative
to the side viewing, kind pawn to queen, k from 1 to 8), on while that side
holds at least k pieces of that kind (848 in all). The tranzit network has
768 square inputs per board (1536), then the same 80 count inputs, of which
it uses three slots per colour: the colour has transferred from board I to
board II, board I is decided, board II is decided (1616 in all). The
tavreli network has one input per (colour relative to the side viewing,
kind of seven, the Helgi last, square) for the tower tops (896), then per
(the piece's relative colour, its tower top's relative colour, kind,
square) for the pieces right under a top (1792) and the same for the
pieces deeper down (1792), each piece one input (4480 in all); a pawn
covered on its last rank counts as its promotion kind. The output is a
logit: the centipawn score is output * 400 / ln 10. The loss is the squared
difference of sigmoid(output) and sigmoid(target), the target being
(1 - wdl) * cp + wdl * result on the same scale.

--init starts from the weights of a network file (``eval/nets/chess.nnue``
to refine the engine's network on new data) instead of random ones.

Every position is also learnt with files mirrored (a <-> h) unless
--no-mirror, or the variant is tavreli (whose pawns promote by their
starting file, R6). The file format (all little-endian): magic b"VSNN", u32
version 1, u32 H (version 2: u32 H, u32 N, the number of inputs; the chess
network is version 1 and has 768), then i16 hidden weights (N x H,
input-major), i16 hidden biases (H), i16 output weights (2H), i32 output
bias; hidden values scaled by QA = 255, output weights by QB = 64, output
bias by QA*QA*QB.
"""

import argparse
import math
import struct
import sys
import time

import numpy as np

QA, QB = 255, 64
CP_PER_LOGIT = 400 / math.log(10)
KINDS = "pnbrqk"
BOARD = 768  # the square inputs
HAND_KINDS = "pnbrq"
COUNT_SLOTS = 5  # counts per colour: the hand's kinds, or the tranzit flags
HAND_STEPS = 8  # count inputs per (relative colour, slot)
TRANSFERRED, BOARD_I_DECIDED, BOARD_II_DECIDED = 0, 1, 2  # tranzit's slots
MAX_PIECES = 32  # a piece is on the board or in a hand, one input each
TAVRELI_KINDS = "pnbrqkh"  # the tavreli kinds in the engine's order
TOWER_TOPS, TOWER_LAYER = 2 * 7 * 64, 4 * 7 * 64  # tavreli inputs per depth
PROMOTION_BY_FILE = "rnbqhbnr"  # a tavreli pawn's promotion kind (R6)


class Layout:
    """Where the inputs are: the square inputs of each board, the count
    inputs (crazyhouse: the hands; tranzit: the flags), the column of an
    empty slot (`pad`) and the training-only inputs (a "factoriser"): one
    per (board, relative colour, kind) whatever the square, active with
    every square input of that piece. Their weights are added into every
    square's weights when the file is written, so the engine's network is
    unchanged; they let the few positions of a rare square still learn the
    piece's common value."""

    def __init__(self, variant):
        self.variant = variant
        self.boards = 2 if variant == "tranzit" else 1
        if variant == "tavreli":
            self.board_inputs = TOWER_TOPS + 2 * TOWER_LAYER
        else:
            self.board_inputs = BOARD * self.boards
        counts = variant in ("crazyhouse", "tranzit")
        self.counts = 2 * COUNT_SLOTS * HAND_STEPS if counts else 0
        self.inputs = self.board_inputs + self.counts
        self.pad = self.inputs
        self.factors = self.pad + 1
        self.blocks = self.board_inputs // 64  # one factor per 64 squares
        self.width = self.factors + self.blocks
        # feature slots per view: every piece, and every count step
        self.slots = MAX_PIECES + (2 * 3 if variant == "tranzit" else 0)


def count_features(counts, white_view, layout):
    """The count inputs of one view: `counts` maps (white, slot) to a
    count, each step up to it one input."""
    out = []
    for (white, slot), n in counts.items():
        theirs = white != white_view
        base = layout.board_inputs + (theirs * COUNT_SLOTS + slot) * HAND_STEPS
        out.extend(base + k for k in range(min(n, HAND_STEPS)))
    return out
CLIP_HIDDEN = 3.5  # |hidden weight| bound: 33 * 3.5 * QA < 32767


def placement(text, files):
    """The pieces of a FEN placement of `files` files per rank, as (white,
    kind, file, rank); promoted pieces' marks (``~``) are passed over."""
    pieces = []
    for i, row in enumerate(text.split("/")):
        rank = 7 - i
        file = 0
        digits = ""
        for ch in row + "/":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                file += int(digits)
                digits = ""
            if ch in "~/":
                continue
            pieces.append((ch.isupper(), KINDS.index(ch.lower()), file, rank))
            file += 1
        assert file == files, f"rank {rank + 1} of {text} is not {files} files"
    return pieces


def parse(fen, variant):
    """A FEN's pieces as (white, kind, board, file, rank), its counts and
    whether White is to move. Crazyhouse: the hands (``[...]``) count per
    kind. Tranzit (a 16-file FEN with the engine's results and transferred
    fields): per colour, whether it has transferred and whether each board
    is decided."""
    fields = fen.split()
    board, side = fields[:2]
    counts = {}
    if "[" in board:
        board, hand = board.rstrip("]").split("[")
        for ch in hand:
            key = (ch.isupper(), HAND_KINDS.index(ch.lower()))
            counts[key] = counts.get(key, 0) + 1
    files = 16 if variant == "tranzit" else 8
    pieces = [(w, k, f // 8, f % 8, r) for w, k, f, r in placement(board, files)]
    if variant == "tranzit":
        results = fields[6] if len(fields) > 6 else "--"
        moved = fields[7] if len(fields) > 7 else "-"
        for white in (True, False):
            counts[(white, TRANSFERRED)] = int(("W" if white else "B") in moved)
            counts[(white, BOARD_I_DECIDED)] = int(results[0] != "-")
            counts[(white, BOARD_II_DECIDED)] = int(results[1] != "-")
    return pieces, counts, side == "w"


def towers(text):
    """The towers of a tavreli FEN placement as (file, rank, pieces), the
    pieces top first as (white, kind index, promotion letter or None);
    the markers ``^`` and ``~`` are passed over."""
    out = []
    for i, row in enumerate(text.split("/")):
        rank, file, at = 7 - i, 0, 0
        while at < len(row):
            ch = row[at]
            if ch.isdigit():
                file += int(ch)
                at += 1
                continue
            end = row.index(")", at) if ch == "(" else at + 1
            while ch != "(" and end < len(row) and row[end] in "=^~":
                end += 2 if row[end] == "=" else 1
            body = row[at + 1 : end] if ch == "(" else row[at:end]
            pieces, j = [], 0
            while j < len(body):
                white, kind, promo = body[j].isupper(), TAVRELI_KINDS.index(body[j].lower()), None
                j += 1
                while j < len(body) and body[j] in "=^~":
                    if body[j] == "=":
                        promo = body[j + 1].lower()
                        j += 1
                    j += 1
                pieces.append((white, kind, promo))
            out.append((file, rank, pieces))
            file += 1
            at = end + 1 if ch == "(" else end
        assert file == 8, f"rank {rank + 1} of {text} is not 8 files"
    return out


def tavreli_features(fen):
    """The tavreli feature indices of both views (White's, Black's) of a
    FEN and whether White is to move (`eval/src/nnue/features.rs`,
    ``tower_index``)."""
    fields = fen.split()
    views = ([], [])
    for file, rank, pieces in towers(fields[0]):
        top_white = pieces[0][0]
        for depth, (white, kind, promo) in enumerate(pieces):
            if kind == 0 and rank == (7 if white else 0):
                kind = TAVRELI_KINDS.index(promo or PROMOTION_BY_FILE[file])
            for v, view_white in enumerate((True, False)):
                theirs = white != view_white
                sq = rank * 8 + file if view_white else (rank ^ 7) * 8 + file
                cell = kind * 64 + sq
                if depth == 0:
                    views[v].append(theirs * 448 + cell)
                else:
                    layer = TOWER_TOPS + (min(depth, 2) - 1) * TOWER_LAYER
                    top_theirs = top_white != view_white
                    views[v].append(layer + (theirs * 2 + top_theirs) * 448 + cell)
    white = fields[1] == "w"
    return (views[0], views[1], white) if white else (views[1], views[0], white)


def features(fen, mirror, layout):
    """The feature indices of both views (side to move first) of a FEN and
    whether White is to move."""
    if layout.variant == "tavreli":
        return tavreli_features(fen)
    pieces, counts, stm_white = parse(fen, layout.variant)
    us, them = [], []
    for white, kind, board, file, rank in pieces:
        sq = rank * 8 + (7 - file if mirror else file)
        base = board * BOARD
        wi = base + (0 if white else 384) + kind * 64 + sq
        bi = base + (384 if white else 0) + kind * 64 + (sq ^ 56)
        if stm_white:
            us.append(wi)
            them.append(bi)
        else:
            us.append(bi)
            them.append(wi)
    white_counts = count_features(counts, True, layout)
    black_counts = count_features(counts, False, layout)
    if stm_white:
        return us + white_counts, them + black_counts, stm_white
    return us + black_counts, them + white_counts, stm_white


def load(paths, mirror, layout):
    """Feature arrays (n, slots) of both views and the targets' two parts,
    filled in place so that millions of positions fit in memory."""
    lines = 0
    for path in paths:
        with open(path) as f:
            lines += sum(1 for _ in f)
    per = 2 if mirror else 1
    us_rows = np.full((lines * per, layout.slots), layout.pad, dtype=np.int16)
    them_rows = np.full((lines * per, layout.slots), layout.pad, dtype=np.int16)
    cps = np.zeros(lines * per, dtype=np.float32)
    results = np.zeros(lines * per, dtype=np.float32)
    n = 0
    for path in paths:
        with open(path) as f:
            for line in f:
                parts = line.strip().split(";")
                if len(parts) < 3:
                    continue
                fen, res, cp = parts[0], float(parts[1]), float(parts[2])
                for m in (False, True) if mirror else (False,):
                    us, them, white = features(fen, m, layout)
                    us_rows[n, : len(us)] = us
                    them_rows[n, : len(them)] = them
                    cps[n] = cp if white else -cp
                    results[n] = res if white else 1.0 - res
                    n += 1
    return us_rows[:n], them_rows[:n], cps[:n], results[:n]


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def dense(idx, layout):
    """Input rows (n, width) of padded feature indices: the square and count
    inputs, the pad column for empty slots, and the factor inputs. An index
    that comes twice counts twice (two tavreli pieces of a kind deep in one
    tower), as the engine adds its column twice."""
    idx = idx.astype(np.int64)
    x = np.zeros((idx.shape[0], layout.width), dtype=np.float32)
    rows = np.arange(idx.shape[0])
    for slot in range(idx.shape[1]):
        x[rows, idx[:, slot]] += 1.0
    x[:, layout.pad] = 0.0
    squares = x[:, : layout.board_inputs]
    x[:, layout.factors :] = squares.reshape(-1, layout.blocks, 64).sum(axis=2)
    return x


def merged_hidden(w1, layout):
    """The hidden weights the engine uses: each square's own plus its
    factor, then the count inputs' own."""
    rows = np.arange(layout.board_inputs)
    board = w1[rows] + w1[layout.factors + rows // 64]
    return np.concatenate([board, w1[layout.board_inputs : layout.inputs]])


class Net:
    def __init__(self, hidden, rng, layout):
        self.layout = layout
        self.w1 = (rng.standard_normal((layout.width, hidden)) * 0.1).astype(np.float32)
        self.w1[layout.factors :] = 0.0
        self.w1[layout.pad] = 0.0
        self.b1 = np.zeros(hidden, dtype=np.float32)
        self.w2 = (rng.standard_normal(2 * hidden) / math.sqrt(2 * hidden)).astype(np.float32)
        self.b2 = np.float32(0.0)
        self.params = ["w1", "b1", "w2", "b2"]

    def forward(self, xu, xt):
        au = xu @ self.w1 + self.b1
        at = xt @ self.w1 + self.b1
        cu, ct = np.clip(au, 0, 1), np.clip(at, 0, 1)
        h = np.concatenate([cu * cu, ct * ct], axis=1)
        return h @ self.w2 + self.b2, (au, at, cu, ct, h)

    def grads(self, xu, xt, target):
        out, (au, at, cu, ct, h) = self.forward(xu, xt)
        s = sigmoid(out)
        err = s - target
        loss = float(np.mean(err * err))
        d = 2 * err * s * (1 - s) / len(target)
        hidden = self.b1.shape[0]
        gw2 = h.T @ d
        gb2 = np.float32(d.sum())
        du = np.outer(d, self.w2[:hidden]) * (2 * cu) * ((au > 0) & (au < 1))
        dt = np.outer(d, self.w2[hidden:]) * (2 * ct) * ((at > 0) & (at < 1))
        gw1 = xu.T @ du + xt.T @ dt
        gw1[self.layout.pad] = 0.0
        gb1 = du.sum(0) + dt.sum(0)
        return loss, {"w1": gw1, "b1": gb1, "w2": gw2, "b2": gb2}

    def loss(self, xu, xt, target):
        out, _ = self.forward(xu, xt)
        e = sigmoid(out) - target
        return float(np.mean(e * e))


def header(inputs, hidden):
    """A network file's header: version 1 for the chess inputs, else 2."""
    if inputs == BOARD:
        return b"VSNN" + struct.pack("<II", 1, hidden)
    return b"VSNN" + struct.pack("<III", 2, hidden, inputs)


def read_net(path, rng, layout):
    """A Net holding a network file's weights, dequantised, factors zero."""
    with open(path, "rb") as f:
        data = f.read()
    version = struct.unpack("<I", data[4:8])[0] if len(data) >= 12 else 0
    if data[:4] != b"VSNN" or version not in (1, 2):
        sys.exit(f"{path}: not a network file")
    hidden = struct.unpack("<I", data[8:12])[0]
    at = len(header(layout.inputs, hidden))
    if data[:at] != header(layout.inputs, hidden):
        sys.exit(f"{path}: not a network of {layout.inputs} inputs")
    sizes = [layout.inputs * hidden, hidden, 2 * hidden]
    if len(data) != at + 2 * sum(sizes) + 4:
        sys.exit(f"{path}: wrong length for {hidden} hidden neurons")
    net = Net(hidden, rng, layout)
    parts = []
    for size in sizes:
        parts.append(np.frombuffer(data, "<i2", size, at).astype(np.float32))
        at += 2 * size
    net.w1[:] = 0.0
    net.w1[: layout.inputs] = parts[0].reshape(layout.inputs, hidden) / QA
    net.b1 = parts[1] / QA
    net.w2 = parts[2] / QB
    net.b2 = np.float32(struct.unpack("<i", data[at:])[0] / (QA * QA * QB))
    return net


class Adam:
    def __init__(self, net, lr):
        self.lr = lr
        self.t = 0
        self.m = {p: np.zeros_like(getattr(net, p)) for p in net.params}
        self.v = {p: np.zeros_like(getattr(net, p)) for p in net.params}

    def step(self, net, g, b1=0.9, b2=0.999, eps=1e-8):
        self.t += 1
        for p in net.params:
            self.m[p] = b1 * self.m[p] + (1 - b1) * g[p]
            self.v[p] = b2 * self.v[p] + (1 - b2) * g[p] * g[p]
            mh = self.m[p] / (1 - b1**self.t)
            vh = self.v[p] / (1 - b2**self.t)
            setattr(net, p, (getattr(net, p) - self.lr * mh / (np.sqrt(vh) + eps)).astype(np.float32))
        net.w1 = np.clip(net.w1, -CLIP_HIDDEN, CLIP_HIDDEN)
        net.b1 = np.clip(net.b1, -CLIP_HIDDEN, CLIP_HIDDEN)


def targets(cp, result, wdl):
    return (1 - wdl) * sigmoid(cp / CP_PER_LOGIT) + wdl * result


def batched_loss(net, us, them, t, batch):
    total = 0.0
    for i in range(0, len(t), batch):
        s = slice(i, i + batch)
        total += net.loss(dense(us[s], net.layout), dense(them[s], net.layout), t[s]) * len(t[s])
    return total / len(t)


def save(net, path):
    hidden = net.b1.shape[0]
    w1 = merged_hidden(net.w1, net.layout)
    w1 = np.round(np.clip(w1, -CLIP_HIDDEN, CLIP_HIDDEN) * QA).astype(np.int16)
    b1 = np.round(net.b1 * QA).astype(np.int16)
    w2 = np.round(net.w2 * QB).astype(np.int16)
    b2 = np.int32(round(float(net.b2) * QA * QA * QB))
    with open(path, "wb") as f:
        f.write(header(net.layout.inputs, hidden))
        f.write(w1.astype("<i2").tobytes())
        f.write(b1.astype("<i2").tobytes())
        f.write(w2.astype("<i2").tobytes())
        f.write(struct.pack("<i", int(b2)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--variant", choices=["chess", "crazyhouse", "tranzit", "tavreli"],
                    default="chess")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--wdl", type=float, default=0.0)
    ap.add_argument("--val", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-mirror", action="store_true")
    ap.add_argument("--init")
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    t0 = time.time()
    layout = Layout(a.variant)
    if a.variant == "tavreli":
        a.no_mirror = True
    us, them, cp, res = load(a.data, not a.no_mirror, layout)
    t = targets(cp, res, a.wdl).astype(np.float32)
    # Validation: whole positions (both mirror images) held out.
    n = len(t)
    per = 1 if a.no_mirror else 2
    groups = rng.permutation(n // per)
    nval = int(len(groups) * a.val)
    val = (groups[:nval, None] * per + np.arange(per)).ravel()
    train = (groups[nval:, None] * per + np.arange(per)).ravel()
    print(f"{n} samples ({len(train)} train, {len(val)} validation) loaded in "
          f"{time.time() - t0:.0f} s", file=sys.stderr)
    net = read_net(a.init, rng, layout) if a.init else Net(a.hidden, rng, layout)
    opt = Adam(net, a.lr)
    best = None
    for epoch in range(a.epochs):
        if epoch >= a.epochs * 2 // 3:
            opt.lr = a.lr * 0.1
        order = rng.permutation(train)
        total = 0.0
        for i in range(0, len(order), a.batch):
            s = order[i : i + a.batch]
            loss, g = net.grads(dense(us[s], layout), dense(them[s], layout), t[s])
            opt.step(net, g)
            total += loss * len(s)
        vloss = batched_loss(net, us[val], them[val], t[val], a.batch)
        print(f"epoch {epoch + 1}: train {total / len(order):.6f} validation {vloss:.6f} "
              f"({time.time() - t0:.0f} s)", file=sys.stderr)
        if best is None or vloss < best:
            best = vloss
            save(net, a.out)
    print(f"best validation {best:.6f}; weights in {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

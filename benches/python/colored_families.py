#!/usr/bin/env python3
"""Generators of colored (XCC, DLX2 format) and multiplicity (MCC, DLX3 format) problem families.

Usage: colored_families.py FAMILY key=value ... > file.dlx
Families:
  wsearch  R C K A LMIN LMAX diag seed  -- word search: K words (random over an A-letter alphabet,
           read off a random planted grid) placed anywhere in an RxC grid, in 4 or 8 directions;
           cells secondary, colored by letter.
  edgerot  R C K seed -- edge matching with rotations: random RxC board, K interior edge colors,
           border color 0, cut into tiles; each tile may go anywhere in any of 4 rotations.
  latpc    N G seed -- Latin square completion by whole rows AND whole columns: row option = a
           permutation consistent with the givens, column option likewise; cells secondary,
           colored by symbol (N colors), so rows and columns must agree.
  polyadj  R C seed mcc -- tetrominoes (5 free types, unlimited copies, or with mcc=1 type
           items with bounds lo:hi) tile an RxC rectangle so that no two pieces of the same type
           share an edge: secondary u<cell><T> colored 1 by the piece covering it, 0 by
           neighbouring pieces of type T.
  rxcc2    P S K O LP LS planted seed -- random XCC: P primary, S secondary, K colors, O options,
           primary per option 1..LP, secondary per option 0..LS (colored with prob 0.8).
  rmcc2    P S K O LP LS seed -- random MCC: bounds from 0:2, 1:3, 2:2, 0:1, 1:1 around a
           planted solution; colored secondaries.
"""
import random
import sys
import itertools

DIRS8 = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)]
DIRS4 = [(0, 1), (1, 0), (0, -1), (-1, 0)]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def out(header, primaries, secondaries, options):
    lines = ["| " + h for h in header]
    lines.append(" ".join(primaries) + (" | " + " ".join(secondaries) if secondaries else ""))
    for o in options:
        lines.append(" ".join(o))
    sys.stdout.write("\n".join(lines) + "\n")


def wsearch(R, C, K, A, LMIN, LMAX, diag, seed):
    rng = random.Random(seed)
    alpha = LETTERS[:A]
    grid = [[rng.choice(alpha) for _ in range(C)] for _ in range(R)]
    dirs = DIRS8 if diag else DIRS4
    words = set()
    tries = 0
    while len(words) < K and tries < 100000:
        tries += 1
        L = rng.randint(LMIN, LMAX)
        di, dj = rng.choice(dirs)
        i, j = rng.randrange(R), rng.randrange(C)
        if not (0 <= i + (L - 1) * di < R and 0 <= j + (L - 1) * dj < C):
            continue
        w = "".join(grid[i + k * di][j + k * dj] for k in range(L))
        if w in words or w[::-1] in words:
            continue
        words.add(w)
    words = sorted(words)
    prim = ["w%d" % k for k in range(len(words))]
    sec = ["x%d_%d" % (i, j) for i in range(R) for j in range(C)]
    opts = []
    for k, w in enumerate(words):
        L = len(w)
        for i in range(R):
            for j in range(C):
                for di, dj in dirs:
                    if 0 <= i + (L - 1) * di < R and 0 <= j + (L - 1) * dj < C:
                        if L > 1 and w == w[::-1] and (di, dj) in DIRS8[4:]:
                            continue
                        opts.append(["w%d" % k] + ["x%d_%d:%s" % (i + t * di, j + t * dj, w[t]) for t in range(L)])
    out(["word search %dx%d, %d words (%d..%d letters over %d letters, read off a random planted grid), %s directions, seed %d"
         % (R, C, len(words), LMIN, LMAX, A, "8" if diag else "4", seed),
         "words: " + " ".join(words),
         "items: w<k> word (primary); x<i>_<j> cell (secondary, colored by its letter)"],
        prim, sec, opts)


def edgerot(R, C, K, seed):
    rng = random.Random(seed)
    # h[i][j]: edge below cell (i,j), i in 0..R-2 ; v[i][j]: edge right of (i,j), j in 0..C-2
    h = [[rng.randint(1, K) for j in range(C)] for i in range(R - 1)]
    v = [[rng.randint(1, K) for j in range(C - 1)] for i in range(R)]

    def edges(i, j):  # N E S W
        n = h[i - 1][j] if i > 0 else 0
        s = h[i][j] if i < R - 1 else 0
        w = v[i][j - 1] if j > 0 else 0
        e = v[i][j] if j < C - 1 else 0
        return (n, e, s, w)

    tiles = [edges(i, j) for i in range(R) for j in range(C)]
    order = list(range(len(tiles)))
    rng.shuffle(order)
    tiles = [tiles[k] for k in order]
    prim = ["t%d" % k for k in range(len(tiles))] + ["s%d%d" % (i, j) for i in range(R) for j in range(C)]
    sec = ["h%d%d" % (i, j) for i in range(R - 1) for j in range(C)] + ["v%d%d" % (i, j) for i in range(R) for j in range(C - 1)]
    col = lambda c: LETTERS[c]
    opts = []
    for k, t in enumerate(tiles):
        seen = set()
        for r in range(4):
            tr = t[r:] + t[:r]  # rotated: tr = (N,E,S,W)
            if tr in seen:
                continue
            seen.add(tr)
            n, e, s, w = tr
            for i in range(R):
                for j in range(C):
                    if (n == 0) != (i == 0) or (s == 0) != (i == R - 1) or (w == 0) != (j == 0) or (e == 0) != (j == C - 1):
                        continue
                    o = ["t%d" % k, "s%d%d" % (i, j)]
                    if i > 0:
                        o.append("h%d%d:%s" % (i - 1, j, col(n)))
                    if j < C - 1:
                        o.append("v%d%d:%s" % (i, j, col(e)))
                    if i < R - 1:
                        o.append("h%d%d:%s" % (i, j, col(s)))
                    if j > 0:
                        o.append("v%d%d:%s" % (i, j - 1, col(w)))
                    opts.append(o)
    out(["edge matching with rotations: random %dx%d board, %d interior edge colors, border 0, seed %d" % (R, C, K, seed),
         "tiles (N,E,S,W): " + " ".join("".join(LETTERS[c] for c in t) for t in tiles),
         "items: t<k> tile, s<i><j> cell (primary); h/v interior edges (secondary, colored); any rotation"],
        prim, sec, opts)


def random_latin(n, rng):
    # random Latin square by shuffling a cyclic one (rows, columns, symbols)
    rows = list(range(n)); cols = list(range(n)); syms = list(range(n))
    rng.shuffle(rows); rng.shuffle(cols); rng.shuffle(syms)
    return [[syms[(rows[i] + cols[j]) % n] for j in range(n)] for i in range(n)]


def latpc(N, G, seed):
    rng = random.Random(seed)
    L = random_latin(N, rng)
    # a few random row/column swaps of symbols via Jacobson-Matthews would be nicer; cyclic + shuffle is fine
    cells = [(i, j) for i in range(N) for j in range(N)]
    given = dict(((i, j), L[i][j]) for (i, j) in rng.sample(cells, G))
    prim = ["R%d" % i for i in range(N)] + ["C%d" % j for j in range(N)]
    sec = ["x%d%d" % (i, j) for i in range(N) for j in range(N)]
    opts = []
    perms = list(itertools.permutations(range(N)))
    for i in range(N):
        for p in perms:
            if all(given.get((i, j), p[j]) == p[j] for j in range(N)):
                opts.append(["R%d" % i] + ["x%d%d:%s" % (i, j, LETTERS[p[j]]) for j in range(N)])
    for j in range(N):
        for p in perms:
            if all(given.get((i, j), p[i]) == p[i] for i in range(N)):
                opts.append(["C%d" % j] + ["x%d%d:%s" % (i, j, LETTERS[p[i]]) for i in range(N)])
    gs = "/".join("".join(LETTERS[given[(i, j)]] if (i, j) in given else "." for j in range(N)) for i in range(N))
    out(["Latin square completion, order %d, %d givens from a random Latin square, seed %d" % (N, G, seed),
         "givens: " + gs,
         "items: R<i> row, C<j> column (primary): options are whole permutations consistent with the givens;",
         "x<i><j> cell (secondary, colored by its symbol) makes rows and columns agree"],
        prim, sec, opts)


TETRO = {"I": [(0, 0), (0, 1), (0, 2), (0, 3)], "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
         "T": [(0, 0), (0, 1), (0, 2), (1, 1)], "S": [(0, 1), (0, 2), (1, 0), (1, 1)],
         "L": [(0, 0), (1, 0), (2, 0), (2, 1)]}


def orientations(shape):
    res = set()
    pts = shape
    for refl in range(2):
        for rot in range(4):
            mi = min(p[0] for p in pts); mj = min(p[1] for p in pts)
            res.add(tuple(sorted((a - mi, b - mj) for a, b in pts)))
            pts = [(b, -a) for a, b in pts]
        pts = [(a, -b) for a, b in pts]
    return sorted(res)


def polyadj(R, C, seed, mcc, bounds="1:3"):
    types = list(TETRO)
    prim = []
    if mcc:
        prim += ["%s|%s" % (bounds, t) for t in types]
    prim += ["c%d_%d" % (i, j) for i in range(R) for j in range(C)]
    sec = ["u%d_%d%s" % (i, j, t) for i in range(R) for j in range(C) for t in types]
    opts = []
    for t in types:
        for o in orientations(TETRO[t]):
            for i in range(R):
                for j in range(C):
                    cs = [(i + a, j + b) for a, b in o]
                    if not all(0 <= a < R and 0 <= b < C for a, b in cs):
                        continue
                    S = set(cs)
                    nb = sorted(set((a + da, b + db) for a, b in cs for da, db in DIRS4
                                    if 0 <= a + da < R and 0 <= b + db < C and (a + da, b + db) not in S))
                    opt = ([t] if mcc else []) + ["c%d_%d" % c for c in cs]
                    opt += ["u%d_%d%s:1" % (a, b, t) for a, b in cs]
                    opt += ["u%d_%d%s:0" % (a, b, t) for a, b in nb]
                    opts.append(opt)
    out(["tetrominoes (I O T S L, all orientations) tiling a %dx%d rectangle, no two pieces of the same" % (R, C),
         "type sharing an edge; %s" % ("type items with bounds %s on the copies" % bounds if mcc else "unlimited copies"),
         "items: c<i>_<j> cell (primary); u<i>_<j><T> (secondary): color 1 when a T covers the cell,",
         "0 when a T is next to it"],
        prim, sec, opts)


def rxcc2(P, S, K, O, LP, LS, planted, seed):
    rng = random.Random(seed)
    prim = ["p%d" % i for i in range(P)]
    sec = ["s%d" % i for i in range(S)]
    opts = []
    # planted solutions: partitions of the primaries, consistent secondary colors
    for _ in range(planted):
        items = list(range(P)); rng.shuffle(items)
        colors = [rng.randrange(K) for _ in range(S)]
        while items:
            n = min(len(items), rng.randint(1, LP))
            part, items = items[:n], items[n:]
            ss = rng.sample(range(S), min(S, rng.randint(0, LS)))
            opts.append(["p%d" % i for i in sorted(part)] + ["s%d:%s" % (s, LETTERS[colors[s]]) for s in ss])
    while len(opts) < O:
        opts.append(random_option(rng, P, S, K, LP, LS))
    rng.shuffle(opts)
    out(["random XCC: %d primary, %d secondary, %d colors, %d options, %d planted solutions, seed %d" % (P, S, K, O, planted, seed),
         "options have 1..%d primary and 0..%d secondary items (colored with probability 0.8)" % (LP, LS)],
        prim, sec, opts)


def random_option(rng, P, S, K, LP, LS):
    """A random option of 1..LP of the P primary items and 0..LS of the S
    secondary ones, each colored (of K colors) with probability 0.8."""
    part = rng.sample(range(P), rng.randint(1, LP))
    ss = rng.sample(range(S), min(S, rng.randint(0, LS)))
    o = ["p%d" % i for i in sorted(part)]
    for s in ss:
        o.append("s%d:%s" % (s, LETTERS[rng.randrange(K)]) if rng.random() < 0.8 else "s%d" % s)
    return o


def rmcc2(P, S, K, O, LP, LS, seed):
    rng = random.Random(seed)
    sec = ["s%d" % i for i in range(S)]
    opts = []
    count = [0] * P
    colors = [rng.randrange(K) for _ in range(S)]
    # planted: random options, count coverage
    nplant = max(1, O // 6)
    for _ in range(nplant):
        part = rng.sample(range(P), rng.randint(1, LP))
        for i in part:
            count[i] += 1
        ss = rng.sample(range(S), min(S, rng.randint(0, LS)))
        opts.append(["p%d" % i for i in sorted(part)] + ["s%d:%s" % (s, LETTERS[colors[s]]) for s in ss])
    prim = []
    for i in range(P):
        c = count[i]
        r = rng.random()
        if r < 0.3:
            lo, hi = max(0, c - 1), c + 1
        elif r < 0.5:
            lo, hi = max(0, c - 2), c + 1
        else:
            lo, hi = c, c
        if hi == 0:
            hi = 1
        prim.append(("%d|p%d" % (lo, i)) if lo == hi else ("%d:%d|p%d" % (lo, hi, i)))
    while len(opts) < O:
        opts.append(random_option(rng, P, S, K, LP, LS))
    rng.shuffle(opts)
    out(["random MCC: %d primary with bounds, %d secondary, %d colors, %d options, seed %d" % (P, S, K, O, seed),
         "options have 1..%d primary, 0..%d secondary items; %d options planted; bounds c, c-1:c+1 or c-2:c+1" % (LP, LS, nplant)],
        prim, sec, opts)


if __name__ == "__main__":
    fam = sys.argv[1]
    kw = {}
    for a in sys.argv[2:]:
        k, v = a.split("=")
        kw[k] = v if k == "bounds" else int(v)
    globals()[fam](**kw)

#!/usr/bin/env python3
"""An additive order fitted to a phase's layers, for kbnkharness -prankfile.

The harness's `-porder MAP -pphase K -ppos FILE` writes the layers of a
phase position by position (`wk b n bk dtm layer`). This script fits
layer ~ A[the black king's band] + B[the white king's offset] + C[the
knight's offset] (offsets from the black king along and across the
diagonals, folded to its side of the long dark diagonal; with `b` also
the bishop's) by backfitting, and writes 20 x the fitted value as a rank
for every position (2^23 little-endian uint16, the harness's index), so
that `-prank -porder rf -prankfile OUT` checks it as an order
(docs/verify.md, "The bigger fall first"):

    /tmp/kbnk -xray -porder bk+wk+n -pphase 1 -dlevels 6,3,1 -ppos /tmp/ph1
    python3 scripts/kbnkharness/fitphase.py /tmp/ph1.bk+wk+n /tmp/rank.bin
    /tmp/kbnk -xray -prank -porder rf -pphase 1 -dlevels 6,3,1 -prankfile /tmp/rank.bin
"""
import sys, array, collections
fn, out = sys.argv[1], sys.argv[2]
use_b = len(sys.argv) > 3 and sys.argv[3] == 'b'
light = [s for s in range(64) if ((s & 7) + (s >> 3)) % 2 == 1]
sqIdx = {s: i for i, s in enumerate(light)}
P, Y, F = [], [], []
def diag(s): return (s & 7) - (s >> 3), (s & 7) + (s >> 3)
with open(fn) as f:
    for line in f:
        wk, b, n, bk, dtm, lay = map(int, line.split())
        bu, bv = diag(bk)
        sg = 1 if bu >= 0 else -1
        wu, wv = diag(wk); nu, nv = diag(n); Bu, Bv = diag(b)
        feats = (('bu', sg * bu), ('w', sg * (wu - bu), wv - bv), ('n', sg * (nu - bu), nv - bv))
        if use_b:
            feats += (('b', sg * (Bu - bu), Bv - bv),)
        P.append(wk << 17 | sqIdx[b] << 12 | n << 6 | bk); Y.append(lay); F.append(feats)
n = len(Y)
mean = sum(Y) / n
tabs = collections.defaultdict(float)
pred = [mean] * n
for it in range(12):
    for g in range(len(F[0])):
        s = collections.defaultdict(float); c = collections.Counter()
        for i in range(n):
            k = F[i][g]
            s[k] += Y[i] - (pred[i] - tabs[k]); c[k] += 1
        for k in s:
            new = s[k] / c[k]
            tabs[k] = new
        # recompute predictions
        for i in range(n):
            pred[i] = mean * 0 + sum(tabs[k] for k in F[i])
    err = sum((Y[i] - pred[i]) ** 2 for i in range(n)) / n
    print('iteration', it, 'mse', round(err, 4), flush=True)
lo = min(pred)
ranks = array.array('H', [0]) * (1 << 23)
for i in range(n):
    ranks[P[i]] = 1 + int(round(20 * (pred[i] - lo)))
print('max rank', max(ranks))
# agreement with the layers: pairs ordered the same (sampled)
import random
random.seed(1); agree = tot = 0
for _ in range(200000):
    i, j = random.randrange(n), random.randrange(n)
    if Y[i] != Y[j]:
        tot += 1; agree += (Y[i] < Y[j]) == (pred[i] < pred[j])
print('pairs ordered as the layers', round(agree / tot, 4))
if sys.byteorder != 'little': ranks.byteswap()
open(out, 'wb').write(ranks.tobytes())

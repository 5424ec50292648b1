#!/usr/bin/env python3
"""Candidate maps and orders on the two kings' squares for kbnkharness.

The harness's `-porder map:NAME -pmapdir DIR` reads a class for each
placement of the kings from DIR/NAME (4,096 integers, the white king on wk
and the black king on bk at wk*64+bk, a1 = 0), and `-prank` reads the same
file as an order (lower is better). This script writes the maps measured in
docs/verify.md ("The open board's order on three distances"):

    python3 scripts/kbnkharness/kingmaps.py DIR
    /tmp/kbnk -xray -porder map:wcbckd,map:we2bkkd -pmapdir DIR -pphase 0 -dlevels 6,3,1
    /tmp/kbnk -xray -prank -porder map:r431,map:r531 -pmapdir DIR -pphase 0 -dlevels 6,3,1

Every feature is read on the kings folded by the board's two diagonal
mirrors (the black king into the wedge file >= rank, file+rank >= 7), so a
map is the same on mirror images.
"""
import os
import sys


def canon(wk, bk):
    wf, wr, bf, br = wk & 7, wk >> 3, bk & 7, bk >> 3
    if bf < br:
        wf, wr, bf, br = wr, wf, br, bf
    if bf + br < 7:
        wf, wr, bf, br = 7 - wr, 7 - wf, 7 - br, 7 - bf
    if bf < br:
        wf, wr, bf, br = wr, wf, br, bf
    return wf, wr, bf, br


def centre(f, r):
    return max(3 - f, f - 4, 0) + max(3 - r, r - 4, 0)


def feats(wk, bk):
    wf, wr, bf, br = canon(wk, bk)
    return dict(
        bk=(bf, br),
        be=min(bf, 7 - bf, br, 7 - br),
        bu=bf - br,                      # across the long dark diagonal
        bv=bf + br,                      # from the long light diagonal
        d8=7 - br,                       # to the dark corner h8
        mh1=(7 - bf) + br,               # Manhattan to the mate corner h1
        bc=centre(bf, br),
        we=min(wf, 7 - wf, wr, 7 - wr),
        wc=centre(wf, wr),
        kd=max(abs(wf - bf), abs(wr - br)),
        km=abs(wf - bf) + abs(wr - br),
    )


def classes(fn):
    ids, out = {}, []
    for wk in range(64):
        for bk in range(64):
            key = fn(feats(wk, bk))
            out.append(ids.setdefault(key, len(ids)))
    return out


def ranks(fn):
    out = [fn(feats(wk, bk)) for wk in range(64) for bk in range(64)]
    assert 0 <= min(out) and max(out) < 4096
    return out


MAPS = {
    'webekd': lambda f: (min(f['we'], 2), f['be'], f['kd']),
    'we2bkkd': lambda f: (min(f['we'], 2), f['bk'], f['kd']),
    'we3bkkd': lambda f: (f['we'], f['bk'], f['kd']),
    'we1bkkd': lambda f: (min(f['we'], 1), f['bk'], f['kd']),
    'webcbekd': lambda f: (min(f['we'], 2), f['be'], f['bc'], f['kd']),
    'wcbkkd': lambda f: (f['wc'], f['bk'], f['kd']),
    'wcbk': lambda f: (f['wc'], f['bk']),
    'wckd': lambda f: (f['wc'], f['kd']),
}
for x in ('bc', 'bu', 'bv', 'd8', 'mh1'):
    MAPS['wc%skd' % x] = lambda f, x=x: (f['wc'], f[x], f['kd'])
    MAPS['we2%skd' % x] = lambda f, x=x: (min(f['we'], 2), f[x], f['kd'])
for c in (3, 4, 5):
    MAPS['we2bkkd%d' % c] = lambda f, c=c: (min(f['we'], 2), f['bk'], min(f['kd'], c))
MAPS['wcbckd4'] = lambda f: (f['wc'], f['bc'], min(f['kd'], 4))
MAPS['wc4bckd'] = lambda f: (min(f['wc'], 4), f['bc'], f['kd'])

# orders on the three distances: a*wc - b*bc + c*kd (lower is better)
RANKS = {}
for a, b, c in ((4, 3, 1), (4, 3, 0), (5, 4, 1), (4, 3, 2), (5, 3, 1), (5, 4, 2), (6, 5, 2), (4, 4, 1), (3, 2, 1), (5, 3, 2)):
    RANKS['r%d%d%d' % (a, b, c)] = lambda f, a=a, b=b, c=c: 100 + a * f['wc'] - b * f['bc'] + c * f['kd']
RANKS['rlex'] = lambda f: 16 * (f['wc'] - f['bc'] + 10) + f['kd']
RANKS['r431c'] = lambda f: 100 + 4 * f['wc'] - 3 * min(f['bc'], 5) + f['kd']
# the black king on a dark corner (a1, h8: bc 6) with the kings two steps
# apart below every other rank (ordered there by wc), else a*wc - b*bc + c*kd
for a, b, c in ((5, 3, 2), (5, 3, 3), (6, 3, 2), (5, 4, 2), (4, 3, 2), (6, 4, 3), (6, 3, 1),
                (7, 4, 3), (8, 4, 3), (6, 3, 3), (6, 2, 2), (7, 3, 3), (7, 4, 2), (7, 3, 2)):
    RANKS['e%d%d%d' % (a, b, c)] = (
        lambda f, a=a, b=b, c=c: 50 + f['wc'] if f['bc'] == 6 and f['kd'] <= 2
        else 100 + a * f['wc'] - b * f['bc'] + c * f['kd'])


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else '.'
    os.makedirs(d, exist_ok=True)
    for name, fn in MAPS.items():
        out = classes(fn)
        with open(os.path.join(d, name), 'w') as w:
            w.write(' '.join(map(str, out)) + '\n')
        print(name, len(set(out)), 'classes')
    for name, fn in RANKS.items():
        with open(os.path.join(d, name), 'w') as w:
            w.write(' '.join(map(str, ranks(fn))) + '\n')
        print(name, 'an order')


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
# gprof-synth.py - synthetic call graphs for gprof: an -S symbol file
# and the text of a gmon.out (for gmonmake) of a given shape and size.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The symbols are laid out 16 bytes apart from BASE, each with one
# histogram bin of 4 bytes (scale 2) per 4 bytes of text.  An arc
# leaves its caller at +8 and enters its callee at +4, as glibc's
# mcount records them.  A last symbol, synth_end, closes the range.
# Shapes:
#
#   chain   f0 -> f1 -> ... -> f(N-1), every function with a sample
#   cycle   a hub calling N members, each of which calls the hub back:
#           one cycle of N+1 functions
#   fanout  one parent calling N children
#   fanin   N callers of one function, with decreasing counts
#
# Used by tests/e2e/gprof-diff-gnubugs.sh and bench/gprof-speed.sh.

import argparse
import random
import sys

STEP = 16


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("shape", choices=["chain", "cycle", "fanout", "fanin"])
    ap.add_argument("n", type=int, help="size of the shape")
    ap.add_argument("syms", help="the -S symbol file to write")
    ap.add_argument("gmon", help="the gmonmake text to write")
    ap.add_argument("--base", type=lambda s: int(s, 0), default=0x100000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    n, base = a.n, a.base

    if a.shape == "chain":
        names = ["f%d" % i for i in range(n)]
        arcs = [(i, i + 1, 1) for i in range(n - 1)]
    elif a.shape == "cycle":
        names = ["hub"] + ["m%d" % i for i in range(n)]
        arcs = []
        for i in range(1, n + 1):
            arcs.append((0, i, 2))
            arcs.append((i, 0, 1))
    elif a.shape == "fanout":
        names = ["parent"] + ["c%d" % i for i in range(n)]
        arcs = [(0, i, 1 + rng.randrange(1000)) for i in range(1, n + 1)]
    else:
        names = ["callee"] + ["p%d" % i for i in range(n)]
        arcs = [(i, 0, n + 1 - i) for i in range(1, n + 1)]
    addr = [base + STEP * i for i in range(len(names))]
    end = addr[-1] + STEP

    with open(a.syms, "w") as f:
        for ad, name in zip(addr, names):
            f.write("%016x T %s\n" % (ad, name))
        # gprof ends the last symbol at the end of the image's .text,
        # which lies below these: this one ends the last function.
        f.write("%016x T %s\n" % (end, "synth_end"))
    out = []
    out.append("hist 0x%x 0x%x bins=%d" % (base, end, (end - base) // 4))
    for i, ad in enumerate(addr):
        if a.shape == "chain" or rng.random() < 0.3:
            out.append("  0x%x %d" % (ad + 4 * rng.randrange(4),
                                      1 + rng.randrange(5)))
    for fr, to, count in arcs:
        out.append("arc 0x%x 0x%x %d" % (addr[fr] + 8, addr[to] + 4, count))
    with open(a.gmon, "w") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

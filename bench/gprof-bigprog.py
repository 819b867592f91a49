#!/usr/bin/env python3
# gprof-bigprog.py - a large C program and a gmon.out for it, for the
# speed benchmark of gprof (bench/gprof-speed.sh).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write the sources of a program with N functions of random sizes (about
150 bytes of -O0 -pg code each on average, so 20 000 functions make
about 3 MB of text) into DIR as FILES files, plus DIR/Makefile.gen (the
list of sources).  With --gmon, read the built program's symbols (nm)
and write instead the text of a gmon.out (for gmonmake; with --copies,
that many different ones into files): glibc's
histogram layout with samples in a tenth of the functions, and about
3 arcs per function from call sites inside the callers."""

import argparse
import random
import subprocess
import sys


def sources(a):
    rng = random.Random(a.seed)
    per = (a.n + a.files - 1) // a.files
    names = ["fn%05d" % i for i in range(a.n)]
    for k in range(a.files):
        lo, hi = k * per, min(a.n, (k + 1) * per)
        out = ["extern volatile unsigned long bench_sink;"]
        out += ["unsigned long %s (unsigned long);" % names[i]
                for i in range(a.n) if rng.random() < 0.002 or lo <= i < hi]
        for i in range(lo, hi):
            body = []
            for _ in range(rng.choice([0, 1, 1, 2, 3, 4, 6, 10])):
                body.append("\tr = r * %du + (r >> %d);"
                            % (rng.randrange(1, 1 << 20), rng.randrange(1, 30)))
            if i + 1 < a.n and rng.random() < 0.5:
                j = min(a.n - 1, i + 1 + rng.randrange(50))
                if lo <= j < hi:
                    body.append("\tif (r == %du)\n\t\tr += %s (r);"
                                % (rng.randrange(1 << 30), names[j]))
            out.append("\nunsigned long\n%s (unsigned long x)\n{\n"
                       "\tunsigned long r = x;\n%s\n\tbench_sink += r;\n"
                       "\treturn r;\n}" % (names[i], "\n".join(body)))
        with open("%s/big%03d.c" % (a.dir, k), "w") as f:
            f.write("\n".join(out) + "\n")
    with open("%s/bigmain.c" % a.dir, "w") as f:
        f.write("volatile unsigned long bench_sink;\n"
                "unsigned long fn00000 (unsigned long);\n"
                "int\nmain (void)\n{\n\treturn (int) fn00000 (1);\n}\n")
    with open("%s/Makefile.gen" % a.dir, "w") as f:
        f.write("SRCS = bigmain.c %s\n"
                % " ".join("big%03d.c" % k for k in range(a.files)))


def gmon(a):
    if a.copies:
        for k in range(a.copies):
            with open(a.out % k, "w") as f:
                f.write(gmon_text(a, random.Random(a.seed + 1 + k)))
    else:
        sys.stdout.write(gmon_text(a, random.Random(a.seed + 1)))


def gmon_text(a, rng):
    nm = subprocess.run(["nm", "-S", "--defined-only", a.gmon],
                        capture_output=True, text=True, check=True).stdout
    funcs, start, etext = [], 0, 0
    for line in nm.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == "__executable_start":
            start = int(f[0], 16)
        elif len(f) == 3 and f[2] == "etext":
            etext = int(f[0], 16)
        elif len(f) == 4 and f[2] in "tT" and f[3].startswith("fn"):
            funcs.append((int(f[0], 16), int(f[1], 16)))
    # Where each function's call of mcount returns: an arc's self_pc,
    # as the runtime records it.
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", a.gmon],
                         capture_output=True, text=True, check=True).stdout
    after, cur, want = {}, None, False
    for line in dis.splitlines():
        if line.endswith(">:"):
            cur, want = int(line.split()[0], 16), False
        elif cur is not None and ":" in line and cur not in after:
            addr = line.split(":")[0].strip()
            if want:
                after[cur] = int(addr, 16)
            elif "<mcount" in line:
                want = True
    lo, hi = start - start % 4, etext + (4 - etext % 4) % 4
    nbins = ((hi - lo) // 2 + 7) // 8 * 8 // 2
    out = ["hist 0x%x 0x%x bins=%d rate=100" % (lo, hi, nbins)]
    for addr, size in rng.sample(funcs, len(funcs) // 10):
        out.append("  0x%x %d" % (addr + rng.randrange(size),
                                  rng.randint(1, 200)))
    # A call tree as programs have: calls go mostly forward (no big
    # strongly connected component), with a few short cycles.
    n = len(funcs)
    for _ in range(3 * n):
        i = rng.randrange(n - 1)
        if rng.random() < 0.002:
            j = max(0, i - rng.randrange(1, 5))             # a short cycle
        else:
            j = min(n - 1, i + 1 + int(rng.expovariate(1 / 200)))
        (fa, fs), (ta, ts) = funcs[i], funcs[j]
        out.append("arc 0x%x 0x%x %d" % ((fa + rng.randrange(fs)) & ~15,
                                         after.get(ta, ta),
                                         rng.randint(1, 100000)))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default=".")
    ap.add_argument("-n", type=int, default=20000)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gmon", metavar="EXE",
                    help="write a gmon.out text for EXE to stdout")
    ap.add_argument("--copies", type=int, default=0,
                    help="with --gmon: write this many different ones")
    ap.add_argument("--out", default="gmon%03d.txt",
                    help="with --copies: file names, a %%d pattern")
    a = ap.parse_args()
    if a.gmon:
        gmon(a)
    else:
        sources(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())

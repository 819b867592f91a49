#!/usr/bin/env python3
# gprof-random.py - random profiles, read by GNU gprof and by ours.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Random differential testing of gprof.

For each case SEED: a C program (two files, N functions of random
sizes, some static with the same name in both files) is generated and
compiled with -pg -g (not run; one program serves PER_PROGRAM
consecutive seeds and is cached), and a gmon.out is synthesised for it
with gmonmake: random arcs (cycles, self-recursion, fan-in, fan-out,
spontaneous callers, call sites inside the caller or at glibc's 16-byte
bucket starts, counts up to past 2^32) and random histograms (glibc's
layout or not, rates other than 100, several records, bins past
65535).  GNU gprof and ours then read it with several option sets, and
standard output, exit status and stderr (empty or not) are compared,
as are the gmon.sum files of `-s' from byte 20 on.  Differences listed
in the known-differences file (gnubug/sum-wrap) are
taken out and counted as known.

A failing case prints its seed and the command that re-runs it alone.
Exit status: 0 all passed, 1 some case failed, 99 the harness failed.
"""

import argparse
import filecmp
import fnmatch
import functools
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

# Bump when the program generator changes, so cached programs are remade.
GEN_VERSION = 2
U32 = 0xffffffff


# ---------------------------------------------------------------------
# Programs


def program_source(pid):
    """Two C files for program PID, and the names of its functions."""
    rng = random.Random("program-%d" % pid)
    nfuncs = rng.randint(6, 90)
    ndup = rng.randint(0, 4)
    funcs = []                  # (file index, name, static)
    for i in range(nfuncs):
        static = rng.random() < 0.3
        funcs.append((rng.randrange(2), ("s%d" if static else "g%d") % i,
                      static))
    for j in range(ndup):       # the same static name in both files
        funcs.append((0, "dup%d" % j, True))
        funcs.append((1, "dup%d" % j, True))
    rng.shuffle(funcs)
    globals_ = [f for f in funcs if not f[2]]
    files = ["", ""]
    head = ("#define F __attribute__ ((noinline, noclone, used))\n"
            "extern volatile unsigned long sink;\n")
    for fi, name, static in globals_:
        head += "unsigned long %s (unsigned long);\n" % name
    for k in range(2):
        files[k] = head
        for fi, name, static in funcs:
            if fi == k and static:
                files[k] += "static unsigned long %s (unsigned long);\n" % name
    for fi, name, static in funcs:
        # Callees: the globals, and the statics of the same file.
        callees = [f[1] for f in funcs if not f[2] or f[0] == fi]
        size = rng.choice([0, 1, 2, 4, 8, 16, 30, 60, 150])
        body = []
        for _ in range(size):
            r = rng.random()
            if r < 0.5:
                body.append("\tr = r * %du + %du;" % (rng.randrange(1, 1 << 20),
                                                      rng.randrange(1 << 16)))
            elif r < 0.8:
                body.append("\tif (r & %du)\n\t\tr ^= %du;"
                            % (1 << rng.randrange(16), rng.randrange(1 << 30)))
            else:
                body.append("\tif (r == %du)\n\t\tr += %s (r);"
                            % (rng.randrange(1 << 30), rng.choice(callees)))
        files[fi] += ("\nF %sunsigned long\n%s (unsigned long x)\n{\n"
                      "\tunsigned long r = x;\n%s\n\tsink += r;\n\treturn r;\n}\n"
                      % ("static " if static else "", name, "\n".join(body)))
    files[0] += ("\nvolatile unsigned long sink;\n\nint\nmain (void)\n{\n"
                 "\treturn (int) %s (1);\n}\n" % globals_[0][1]
                 if globals_ else "")
    if not globals_:
        files[0] += ("\nvolatile unsigned long sink;\n\nint\nmain (void)\n"
                     "{\n\treturn 0;\n}\n")
    return files


def build_program(pid, cache, cc):
    """Compile program PID into CACHE (once); return its directory."""
    d = os.path.join(cache, "p%d-v%d" % (pid, GEN_VERSION))
    exe = os.path.join(d, "prog")
    if os.path.exists(exe):
        return d
    rng = random.Random("flags-%d" % pid)
    tmp = tempfile.mkdtemp(dir=cache)
    srcs = program_source(pid)
    for k, text in enumerate(srcs):
        with open(os.path.join(tmp, "f%d.c" % k), "w") as f:
            f.write(text)
    flags = ["-pg", "-g", rng.choice(["-O0", "-O1"])]
    flags += (["-fPIE", "-pie"] if rng.random() < 0.5
              else ["-fno-pie", "-no-pie"])
    cmd = cc + flags + ["-o", "prog", "f0.c", "f1.c"]
    p = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("cannot compile program %d: %s\n%s"
                           % (pid, " ".join(cmd), p.stderr))
    try:
        os.rename(tmp, d)
    except OSError:             # another worker made it first
        shutil.rmtree(tmp, ignore_errors=True)
    return d


@functools.lru_cache(maxsize=None)
def program_layout(d):
    """Functions (addr, size, name) of the program, and its text range.
    Read once a program: nm and objdump took a third of a case's CPU
    time when each of the program's PER_PROGRAM cases ran them."""
    out = subprocess.run(["nm", "-S", "--defined-only", os.path.join(d, "prog")],
                         capture_output=True, text=True, check=True).stdout
    funcs, start, etext = [], 0, 0
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == "__executable_start":
            start = int(f[0], 16)
        elif len(f) == 3 and f[2] == "etext":
            etext = int(f[0], 16)
        elif len(f) == 4 and f[2] in "tTW" and int(f[1], 16) > 0:
            funcs.append((int(f[0], 16), int(f[1], 16), f[3]))
    funcs.sort()
    return funcs, start, etext, mcount_returns(d)


def mcount_returns(d):
    """Each function's return address of its call to mcount: where a
    real arc's self_pc points (gprof warns of profiles whose arcs do
    not, as of a program rebuilt after it was profiled)."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn",
                          os.path.join(d, "prog")],
                         capture_output=True, text=True, check=True).stdout
    rets, func, pending = {}, None, False
    for line in out.splitlines():
        m = re.match(r"([0-9a-f]+) <([^>]+)>:$", line)
        if m:
            func, pending = int(m.group(1), 16), False
            continue
        m = re.match(r"\s*([0-9a-f]+):\s", line)
        if not m or func is None:
            continue
        if pending:
            rets.setdefault(func, int(m.group(1), 16))
            pending = False
        if "call" in line and "mcount" in line:
            pending = True
    return rets


# ---------------------------------------------------------------------
# Profiles


def count(rng, big):
    """An arc count; past 2^32 (which gmonmake splits) only if BIG."""
    r = rng.random()
    if r < 0.70:
        return rng.randint(1, 1000)
    if r < 0.90 or not big:
        return rng.randint(1000, 10 ** 6)
    if r < 0.96:
        return rng.randint(10 ** 6, 3 * 10 ** 9)
    return rng.randint(U32 + 1, 3 * U32)


def make_profile(rng, funcs, start, etext, rets, big, hists=None):
    """gmonmake text for one random profile, and its histogram layout.

    Only a BIG profile has counts that do not fit gmon.sum's fields
    (bins past 65535, arcs past 2^32), so that whether GNU's sum wraps
    is known in advance."""
    ours = [f for f in funcs if f[2] not in ("_start", "_init", "_fini")]
    lines = []
    # Histogram records: (low, high, nbins, rate).
    if hists is None:
        lo, hi = start - start % 4, etext + (4 - etext % 4) % 4
        kind = rng.random()
        rate = rng.choice([100] * 6 + [1000, 60, 250, 1])
        if kind < 0.55:         # glibc's: a scale that is not an integer
            nb = ((hi - lo) // 2 + 7) // 8 * 8 // 2
            hists = [(lo, hi, nb, rate)]
        elif kind < 0.75:       # scale 2 (4 bytes a bin)
            hists = [(lo, hi, (hi - lo) // 4, rate)]
        elif kind < 0.9:        # two or three disjoint records, scale 2
            cuts = sorted(rng.sample(range(lo // 4 + 1, hi // 4),
                                     rng.randint(1, 2)))
            edges = [lo] + [c * 4 for c in cuts] + [hi]
            hists = [(a, b, (b - a) // 4, rate)
                     for a, b in zip(edges, edges[1:])]
        else:                   # one record, given twice: the bins add
            nb = (hi - lo) // 4
            hists = [(lo, hi, nb, rate), (lo, hi, nb, rate)]
    hot = rng.sample(ours, min(len(ours), rng.randint(0, 12))) \
        if rng.random() > 0.03 else []
    for lo, hi, nb, rate in hists:
        lines.append("hist 0x%x 0x%x bins=%d rate=%d" % (lo, hi, nb, rate))
        for addr, size, name in hot:
            for _ in range(rng.randint(1, 4)):
                a = addr + rng.randrange(size)
                if lo <= a < hi:
                    c = rng.randint(1, 400) if not big or rng.random() < 0.9 \
                        else rng.randint(65536, 200000)
                    lines.append("  0x%x %d" % (a, c))
        if rng.random() < 0.2:  # samples outside any function
            a = rng.randrange(lo, hi)
            lines.append("  0x%x %d" % (a, rng.randint(1, 50)))

    # Arcs.
    arcs = []

    def site(f):
        addr, size, _ = f
        a = addr + rng.randrange(size)
        return a & ~15 if rng.random() < 0.5 else a   # glibc: bucket start

    def entry(f):
        # Where mcount returns in the callee, as libgmon and glibc
        # record it; sometimes the function's start, as gmon.sum has.
        addr, size, _ = f
        if addr in rets and rng.random() < 0.9:
            return rets[addr]
        return addr

    def arc(fr, to, c=None):
        arcs.append((site(fr), entry(to), count(rng, big) if c is None else c))

    if ours:
        for _ in range(rng.randint(0, 3 * len(ours))):
            arc(rng.choice(ours), rng.choice(ours))
        for f in rng.sample(ours, min(len(ours), rng.randint(0, 3))):
            arc(f, f)                                   # self recursion
        for _ in range(rng.randint(0, 3)):              # cycles
            ring = rng.sample(ours, min(len(ours), rng.randint(2, 6)))
            for a, b in zip(ring, ring[1:] + ring[:1]):
                arc(a, b)
        if rng.random() < 0.4:                          # fan-out
            p = rng.choice(ours)
            for f in rng.sample(ours, rng.randint(1, len(ours))):
                arc(p, f)
        if rng.random() < 0.4:                          # fan-in
            c = rng.choice(ours)
            for f in rng.sample(ours, rng.randint(1, len(ours))):
                arc(f, c)
        for _ in range(rng.randint(0, 3)):              # spontaneous
            to = rng.choice(ours)
            fr = rng.choice([0x10, start + 8, etext + 0x1000])
            arcs.append((fr, entry(to), count(rng, big)))
        for _ in range(rng.randint(0, 2)):              # repeated records
            if arcs:
                arcs.append(rng.choice(arcs))
    for fr, to, c in arcs:
        lines.append("arc 0x%x 0x%x %d" % (fr, to, c))
    return "\n".join(lines) + "\n", hists


# ---------------------------------------------------------------------
# Running and comparing


class Known:
    def __init__(self, path):
        self.pats = []
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    pat, _, why = line.partition("\t")
                    if not why:
                        pat, _, why = line.partition(" ")
                    self.pats.append((pat, why.strip()))

    def reason(self, name):
        for pat, why in self.pats:
            if fnmatch.fnmatchcase(name, pat):
                return why
        return None


def run(exe, args, cwd):
    p = subprocess.run([exe] + args, cwd=cwd, capture_output=True)
    return p.returncode, p.stdout, p.stderr


INDEX = re.compile(rb"[\[(][0-9]+[\])]|<cycle [0-9]+")
TIME = re.compile(rb"[0-9]+\.[0-9]+")
SPACES = re.compile(rb" +")


def same_report(direct, viasum):
    """GNU's report on a sum file equals its report on the inputs: byte
    for byte, or else as gprof-lib.sh's gp_same_report allows (the arcs'
    order in a sum file: index and cycle numbers masked, lines as a
    multiset, counts exact, times within 0.01).  Returns None if they
    differ, else "exact" or "rounding"."""
    if direct == viasum:
        return "exact"

    def keyed(out):
        lines = [SPACES.sub(b" ", INDEX.sub(b"#", l)) for l in out.splitlines()]
        return sorted((TIME.sub(b"#", l), l) for l in lines)
    a, b = keyed(direct), keyed(viasum)
    if sorted(l for _, l in a) == sorted(l for _, l in b):
        return "order"
    if len(a) != len(b):
        return None
    for (ka, la), (kb, lb) in zip(a, b):
        if ka != kb:
            return None
        for x, y in zip(la.split(), lb.split()):
            if x != y and (b"." not in x or abs(float(x) - float(y)) > 0.0100001):
                return None
    return "rounding"


def option_sets(rng, funcs):
    names = [f[2] for f in funcs if not f[2].startswith("_")] or ["main"]
    n1, n2 = rng.choice(names), rng.choice(names)
    pool = [["-b", "-z"], ["-b", "-p"], ["-b", "-q"], ["-b", "-T"],
            ["-b", "-a"], ["-b", "-D"], ["-b", "-w", str(rng.randint(1, 200))],
            ["-b", "-p" + n1], ["-b", "-P" + n1], ["-b", "-q" + n1],
            ["-b", "-Q" + n1], ["-b", "-k", n1 + "/" + n2],
            ["-b", "-n" + n1], ["-b", "-N" + n1], ["-b", "-F" + n1],
            ["-b", "-E" + n1], ["-b", "-e" + n1, "-f" + n2], ["-i"], ["-r"],
            ["-b", "-T", "-z"], ["-b", "-p", "-q", "-z"]]
    # One line-level set more, drawn last so that the sets above stay
    # what they were for each seed.
    lines = [["-b", "-l"], ["-b", "-l", "-p"], ["-b", "-l", "-q"],
             ["-b", "-l", "-z"], ["-l", "-C"], ["-l", "-C", "-z"], ["-C"],
             ["-b", "-l", "-q" + n1], ["-b", "-l", "-T"]]
    return [["-b"]] + rng.sample(pool, 4) + [rng.choice(lines)]


def run_case(seed, o):
    """Run one case; return (compared, same, known, [failure text])."""
    pid = seed // o.per_program
    d = build_program(pid, o.cache, o.cc)
    funcs, start, etext, rets = program_layout(d)
    exe = os.path.join(d, "prog")
    rng = random.Random(seed)
    big = rng.random() < 0.1
    text1, hists = make_profile(rng, funcs, start, etext, rets, big)
    text2, _ = make_profile(rng, funcs, start, etext, rets, big, hists)
    w = tempfile.mkdtemp(prefix="case%d-" % seed, dir=o.work)
    for name, text in (("a.txt", text1), ("b.txt", text2)):
        with open(os.path.join(w, name), "w") as f:
            f.write(text)
        p = subprocess.run([o.gmonmake, "-o", name[0] + ".out"],
                           input=text.encode(), cwd=w, capture_output=True)
        if p.returncode != 0:
            raise RuntimeError("gmonmake failed on seed %d: %s"
                               % (seed, p.stderr.decode()))
    res = {"n": 0, "same": 0, "known": 0, "fail": [], "gnu_errors": []}

    def judge(label, g, u, extra="", name=None):
        res["n"] += 1
        name = name or "random/%s" % label
        gs, gout, gerr = g
        us, uout, uerr = u
        if gs != 0:
            res["gnu_errors"].append("%s: %s" % (label, gerr[:120].decode(errors="replace")))
        problems = []
        if gout != uout:
            problems.append("stdout differs")
        # Ours says once, without -b, that a profile looks written by
        # glibc's runtime (gmonmake's do: no run stamp, 100 Hz); GNU
        # says nothing.  Anything else on stderr counts.
        note = b": note: written by glibc's runtime, "
        lines = uerr.splitlines(keepends=True)
        notes = [l for l in lines if note in l]
        if len(notes) > 1:
            problems.append("the note on glibc's runtime said %d times"
                            % len(notes))
        uerr = b"".join(l for l in lines if note not in l)
        if gs != us:
            problems.append("exit status %d, GNU's %d" % (us, gs))
        if bool(gerr) != bool(uerr):
            problems.append("stderr: GNU %r, ours %r" % (gerr[:100], uerr[:100]))
        if extra:
            problems.append(extra)
        if not problems:
            res["same"] += 1
            return
        if o.known.reason(name):
            res["known"] += 1
            return
        diff = ""
        if gout != uout:
            gl, ul = gout.decode(errors="replace").splitlines(), \
                uout.decode(errors="replace").splitlines()
            for i in range(max(len(gl), len(ul))):
                a = gl[i] if i < len(gl) else "<end>"
                b = ul[i] if i < len(ul) else "<end>"
                if a != b:
                    diff = "  line %d\n  GNU:  %s\n  ours: %s" % (i + 1, a, b)
                    break
        res["fail"].append("%s: %s (gprof %s)\n%s"
                           % (name, "; ".join(problems), " ".join(label_args[label]), diff))

    label_args = {}
    for opts in option_sets(rng, funcs):
        label = " ".join(opts)
        args = opts + [exe, "a.out"]
        label_args[label] = args
        judge(label, run(o.gnu, args, w), run(o.ours, args, w))

    # -s: the sum of both files, compared from byte 20 on.
    label = "-s"
    args = ["-s", exe, "a.out", "b.out"]
    label_args[label] = args
    outs = []
    for who, tool in (("gnu", o.gnu), ("ours", o.ours)):
        sd = os.path.join(w, who)
        os.mkdir(sd)
        outs.append(run(tool, ["-s", exe, "../a.out", "../b.out"], sd))
    sums = []
    for who in ("gnu", "ours"):
        try:
            with open(os.path.join(w, who, "gmon.sum"), "rb") as f:
                sums.append(f.read())
        except OSError:
            sums.append(None)
    extra = ""
    if sums[0] is not None and sums[1] is not None:
        if sums[0][20:] != sums[1][20:]:
            extra = "gmon.sum differs from byte 20 on"
    elif sums[0] != sums[1]:
        extra = "only one analyser wrote gmon.sum"
    # Where GNU's sum wraps, the difference is listed; ours must still
    # be a sum that reports like its inputs.
    wraps = big
    judge(label, outs[0], outs[1], extra,
          "gnubug/sum-wrap/random" if wraps else None)
    if sums[1] is not None and not (wraps and o.ours_is_gnu):
        direct = run(o.gnu, ["-b", exe, "a.out", "b.out"], w)
        viasum = run(o.gnu, ["-b", exe, "ours/gmon.sum"], w)
        res["n"] += 1
        # Byte for byte, or with the one difference the arcs' order in
        # a sum file may make (same_report); every count is compared.
        verdict = same_report(direct[1], viasum[1])
        if verdict:
            res["same"] += 1
            if verdict != "exact":
                res.setdefault(verdict, []).append(seed)
        else:
            res["fail"].append("random/-s: GNU's report on our gmon.sum differs "
                               "from its report on the inputs (gprof %s)"
                               % " ".join(args))

    if not res["fail"] and not o.keep:
        shutil.rmtree(w, ignore_errors=True)
    else:
        res["dir"] = w
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gnu", default=os.environ.get("GNU_GPROF", "/usr/bin/gprof"))
    ap.add_argument("--ours", required=True)
    ap.add_argument("--ours-is-gnu", action="store_true",
                    help="ours is GNU gprof, even if not the same file")
    ap.add_argument("--gmonmake", required=True)
    ap.add_argument("--known", required=True, help="gprof-known-diffs.txt")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cache", required=True, help="where programs are kept")
    ap.add_argument("--work", default=None, help="scratch directory")
    ap.add_argument("--seed", type=int, action="append", default=[])
    ap.add_argument("--seeds", help="FIRST:END, END excluded")
    ap.add_argument("--per-program", type=int, default=16)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep every case's files")
    ap.add_argument("--max-failures", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="show where GNU gprof itself failed")
    o = ap.parse_args()
    o.cc = shlex.split(o.cc)
    known_path = o.known
    o.known = Known(o.known)
    if not o.ours_is_gnu:
        o.ours_is_gnu = filecmp.cmp(o.ours, o.gnu, shallow=False)
    seeds = list(o.seed)
    if o.seeds:
        a, b = o.seeds.split(":")
        seeds += range(int(a), int(b))
    if not seeds:
        ap.error("no seeds: give --seed S or --seeds A:B")
    os.makedirs(o.cache, exist_ok=True)
    if o.work is None:
        o.work = tempfile.mkdtemp(prefix="gprof-random-")
    os.makedirs(o.work, exist_ok=True)

    # Programs first (in parallel), then the cases.
    with ThreadPoolExecutor(max_workers=o.jobs) as ex:
        for _ in ex.map(lambda p: build_program(p, o.cache, o.cc),
                        sorted({s // o.per_program for s in seeds})):
            pass
        results = list(ex.map(lambda s: (s, run_case(s, o)), seeds))

    n = same = known = failed = gnu_errors = 0
    rounding, order = [], []
    for seed, r in results:
        n += r["n"]
        rounding += r.get("rounding", [])
        order += r.get("order", [])
        gnu_errors += len(r["gnu_errors"])
        if o.verbose:
            for e in r["gnu_errors"]:
                print("seed %d: GNU gprof failed: %s" % (seed, e.strip()))
        same += r["same"]
        known += r["known"]
        if r["fail"]:
            failed += 1
            if failed <= o.max_failures:
                print("FAIL: seed %d (files in %s)" % (seed, r["dir"]))
                for t in r["fail"]:
                    print("  " + t.replace("\n", "\n  "))
                print("  re-run: %s %s --ours %s --gnu %s --gmonmake %s "
                      "--known %s --cc %s --cache %s --per-program %d "
                      "--seed %d --keep"
                      % (shlex.quote(sys.executable), shlex.quote(sys.argv[0]),
                         shlex.quote(o.ours), shlex.quote(o.gnu),
                         shlex.quote(o.gmonmake), shlex.quote(known_path),
                         shlex.quote(" ".join(o.cc)), shlex.quote(o.cache),
                         o.per_program, seed))
    print("random: %d cases (seeds %d..%d), %d comparisons: %d identical, "
          "%d known differences, %d cases failed (GNU gprof exited non-zero "
          "in %d comparisons)"
          % (len(seeds), min(seeds), max(seeds), n, same, known, failed,
             gnu_errors))
    if order:
        print("random: GNU's report on the sum equals its report on the "
              "inputs with lines in another order and other index and cycle "
              "numbers (the arcs' order in a sum file) for %d seeds"
              % len(order))
    if rounding:
        print("random: GNU's report on the sum equals its report on the "
              "inputs only with times within 0.01 and lines reordered (the "
              "arcs' order in a sum file) for seeds %s"
              % " ".join(str(x) for x in rounding))
    if not o.keep and failed == 0:
        shutil.rmtree(o.work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        print("gprof-random.py: %s" % e, file=sys.stderr)
        sys.exit(99)

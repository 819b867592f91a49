#!/usr/bin/env python3
# gprof-threads-gen.py - a companion (objects.gmonx) with per-thread
# records for a gmon.out made by gmonmake, so that gprof --threads and
# its exports can be measured at scale.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: gprof-threads-gen.py PROG GMON.TXT THREADS CONTEXTS OUT.gmonx [BUSY]
#
# GMON.TXT is gmondump's text of the gmon.out (hist lines, their bins,
# arc lines).  Each bin's samples and each arc's calls go to one of
# THREADS threads, or are split between two (fixed seed), so that the
# threads add up to the profile exactly, as libgmon's do.  With BUSY,
# only the first BUSY threads get any; the others ran no -pg code (a
# thread pool's idle workers): their records hold nothing.
# With CONTEXTS > 0, each thread also gets a random tree of about
# CONTEXTS / THREADS calling contexts (as bench/gprof-ctx-gen.py makes
# them: addresses of PROG's functions, parents among the thread's own
# earlier nodes) holding its samples.  The layout is doc/format.texi's
# (gmon/gmonx_out.h): a header, PROCESS (80 bytes, no run stamp: it
# pairs with gmonmake's file), the program's OBJECT, [CONTEXT], THREADS,
# then per thread THREAD, THREAD_SAMPLES, THREAD_ARCS, [CONTEXTS].

import random, struct, subprocess, sys

prog, gmon_txt, nthreads, nctx, out = (sys.argv[1], sys.argv[2],
                                       int(sys.argv[3]), int(sys.argv[4]),
                                       sys.argv[5])
busy = int(sys.argv[6]) if len(sys.argv) > 6 else nthreads
rng = random.Random(7)
ROOT = 0xffffffff

bins, arcs = [], []
width = None
for line in open(gmon_txt):
    f = line.split()
    if not f:
        continue
    if f[0] == 'hist':
        lo, hi = int(f[1], 16), int(f[2], 16)
        n = int(f[3].split('=')[1])
        width = (hi - lo) // n
    elif f[0] == 'arc':
        arcs.append((int(f[1], 16), int(f[2], 16), int(f[3])))
    elif line.startswith('  ') and len(f) == 2 and width:
        bins.append((int(f[0], 16), int(f[1])))


def split(count):
    """COUNT over one thread, or two (as code that threads share):
    [(thread, part)...]."""
    one = rng.randrange(busy)
    if count < 2 or rng.random() < 0.7:
        return [(one, count)]
    two = rng.randrange(busy)
    k = rng.randrange(1, count)
    return [(one, k), (two, count - k)]


samples = [[] for _ in range(nthreads)]
tcalls = [[] for _ in range(nthreads)]
for addr, count in bins:
    for t, k in split(count):
        samples[t].append((addr, k))
for frm, slf, count in arcs:
    for t, k in split(count):
        tcalls[t].append((frm, slf, k))
total = sum(c for _, c in bins)

funcs = []
if nctx:
    for line in subprocess.run(['nm', '-n', prog], capture_output=True,
                               text=True, check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in 'Tt':
            funcs.append(int(f[0], 16))


def rec(tag, body):
    return struct.pack('<II', tag, len(body)) + body


def tree(nodes, want):
    """NODES context nodes whose counts add up to WANT."""
    out = bytearray()
    counted = [rng.random() < 0.5 for _ in range(nodes)]
    counted[-1] = True
    k = sum(counted)
    seen = got = 0
    for i in range(nodes):
        parent = ROOT if i == 0 or rng.random() < 0.001 \
            else rng.randrange(max(0, i - 5000), i)
        count = 0
        if counted[i]:
            # WANT spread over the K counted nodes, adding up exactly.
            seen += 1
            count = want * seen // k - got
        got += count
        out += struct.pack('<IIQQ', parent, 0,
                           rng.choice(funcs) + rng.randrange(0, 8), count)
    return out


path = prog.encode()
obj = struct.pack('<IIQQQQQQ', 0, 1, 0, 0, 0, total, 0, 0)
for s in (path, b'../gmon.out', b'', b''):
    obj += struct.pack('<H', len(s)) + s
# A bytearray: bytes' += copies the whole file each time (quadratic in
# the threads: 40 000 of them did not end in an hour).
data = bytearray(b'gmonx\0\0\0' + struct.pack('<II', 1, 0))
data += rec(1, struct.pack('<IIIIIIII', 1, 0, 0, 0, 0, 1000, 0, 0)
            + struct.pack('<QQQQQ', 0, 0, total, 0, 0) + struct.pack('<Q', 0))
data += rec(2, obj)
if nctx:
    data += rec(4, struct.pack('<IIQQ', 64, 0, 0, 0))
data += rec(9, struct.pack('<IIQQ', nthreads, nthreads, 0, 0))
CHUNK = 65536
for t in range(nthreads):
    s = sum(c for _, c in samples[t])
    c = sum(k for _, _, k in tcalls[t])
    name = b'main' if t == 0 else b'worker-%d' % (t % 8)
    body = struct.pack('<IIII', 1000 + t, 1 if t == 0 else 2, t, 0)
    body += struct.pack('<QQQQQQQQ', 1, s * 1000000, s, 0, c, 0, t, 0)
    body += struct.pack('<H', len(name)) + name
    data += rec(6, body)
    for k in range(0, len(samples[t]), CHUNK):
        data += rec(7, b''.join(struct.pack('<IIQQ', 0, 0, a, n)
                                for a, n in samples[t][k:k + CHUNK]))
    for k in range(0, len(tcalls[t]), CHUNK):
        data += rec(8, b''.join(struct.pack('<IIQQQ', 0, 0, f, g, n)
                                for f, g, n in tcalls[t][k:k + CHUNK]))
    if nctx:
        nodes = tree(max(1, nctx // nthreads), s)
        # Parents are numbered across the file: this thread's start
        # where the nodes before end.
        base = t * max(1, nctx // nthreads)
        fixed = bytearray()
        for k in range(0, len(nodes), 24):
            parent, o, a, n = struct.unpack_from('<IIQQ', nodes, k)
            if parent != ROOT:
                parent += base
            fixed += struct.pack('<IIQQ', parent, o, a, n)
        for k in range(0, len(fixed), 24 * CHUNK):
            data += rec(5, bytes(fixed[k:k + 24 * CHUNK]))
with open(out, 'wb') as f:
    f.write(data)

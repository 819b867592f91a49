#!/usr/bin/env python3
# gprof-ctx-gen.py - a companion (objects.gmonx) with N calling
# contexts for the 20 000-function bench program, so that the exports
# that write stacks can be measured on measured stacks at scale.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: gprof-ctx-gen.py PROG N SAMPLES OUT.gmonx
#
# The contexts form a random tree (fixed seed): a node's parent is an
# earlier node, or none (a root, 1 in 1000); its address is the entry
# of a function of PROG (from nm) plus a few bytes; half the nodes
# count samples, SAMPLES in all (the profile's histogram's total, which
# gprof checks a companion against).  The layout is doc/format.texi's (gmon/gmonx_out.h): a
# header, PROCESS (80 bytes, no run stamp: it pairs with a gmon.out
# made by gmonmake), the program's OBJECT, CONTEXT, CONTEXTS.

import random, struct, subprocess, sys

prog, n, total, out = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
                       sys.argv[4])
funcs = []
for line in subprocess.run(['nm', '-n', prog], capture_output=True,
                           text=True, check=True).stdout.splitlines():
    f = line.split()
    if len(f) == 3 and f[1] in 'Tt':
        funcs.append(int(f[0], 16))
rng = random.Random(1)
ROOT = 0xffffffff

def rec(tag, body):
    return struct.pack('<II', tag, len(body)) + body

counted = [rng.random() < 0.5 for _ in range(n)]
k = max(1, sum(counted))
nodes = bytearray()
samples, seen = 0, 0
for i in range(n):
    parent = ROOT if i == 0 or rng.random() < 0.001 \
        else rng.randrange(max(0, i - 5000), i)
    count = 0
    if counted[i]:
        # TOTAL spread over the K counted nodes, adding up exactly.
        seen += 1
        count = total * seen // k - samples
    samples += count
    nodes += struct.pack('<IIQQ', parent, 0,
                         rng.choice(funcs) + rng.randrange(0, 8), count)

path = prog.encode()
body = struct.pack('<IIQQQQQQ', 0, 1, 0, 0, 0, samples, 0, 0)
for s in (path, b'../gmon.out', b'', b''):
    body += struct.pack('<H', len(s)) + s
data = b'gmonx\0\0\0' + struct.pack('<II', 1, 0)
data += rec(1, struct.pack('<IIIIIIII', 1, 0, 0, 0, 0, 1000, 0, 0)
            + struct.pack('<QQQQQ', 0, 0, samples, 0, 0) + struct.pack('<Q', 0))
data += rec(2, body)
data += rec(4, struct.pack('<IIQQ', 64, 0, 0, 0))
CHUNK = 24 * 65536
for k in range(0, len(nodes), CHUNK):
    data += rec(5, bytes(nodes[k:k + CHUNK]))
with open(out, 'wb') as f:
    f.write(data)

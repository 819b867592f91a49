#!/usr/bin/env python3
# gprof-hist-gen.py - gmon files for bench/gprof-hist.sh.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   gprof-hist-gen.py dense MIB OUT     one histogram of MIB MiB of bins,
#                                       every bin set (1 to 7 samples)
#   gprof-hist-gen.py records N OUT     N histogram records of 32 bins
#                                       (64 bytes of text each, one
#                                       sample), at disjoint ranges, in
#                                       a shuffled order (fixed seed)
#
# New format, 64-bit little-endian, rate 100 Hz.

import random
import struct
import sys


def header():
    return b'gmon' + struct.pack('<I', 1) + b'\0' * 12


def hist_header(lo, hi, nbins):
    return (b'\0' + struct.pack('<QQII', lo, hi, nbins, 100)
            + b'seconds'.ljust(15, b'\0') + b's')


def dense(mib, out):
    nbins = mib * 1024 * 1024 // 2
    chunk = struct.pack('<7H', 1, 2, 3, 4, 5, 6, 7) * (1 << 16)
    with open(out, 'wb') as f:
        f.write(header())
        f.write(hist_header(0x100000, 0x100000 + 4 * nbins, nbins))
        left = nbins
        while left:
            n = min(left, len(chunk) // 2)
            f.write(chunk[:2 * n])
            left -= n


def records(n, out):
    order = list(range(n))
    random.Random(1).shuffle(order)
    with open(out, 'wb') as f:
        f.write(header())
        for i in order:
            lo = 0x100000 + i * 64
            f.write(hist_header(lo, lo + 64, 32))
            b = [0] * 32
            b[i % 32] = 1
            f.write(struct.pack('<32H', *b))


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ('dense', 'records'):
        sys.exit('usage: gprof-hist-gen.py dense|records N OUT')
    (dense if sys.argv[1] == 'dense' else records)(int(sys.argv[2]),
                                                   sys.argv[3])


main()

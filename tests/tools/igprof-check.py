#!/usr/bin/env python3
# igprof-check.py - a strict checker of the IgProf profile dump format.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# igprof-analyse is not packaged in Debian, so the tests check the files
# gprof exports with this instead.  It accepts exactly what the reader
# (igprof's src/analyse.cc, as described in the project's reference
# notes on the export formats) accepts, and refuses what makes it fail
# or misread:
#
#   file    := header node+            every line ends in "\n"
#   header  := "P=(" ["HEX "] "ID=" TOKEN " N=(" TEXT ") T=" FLOAT ")"
#   node    := "C" NUM " FN" NUM [fndef] "+" NUM counter*
#   fndef   := "=(F" NUM ["=(" TEXT ")"] "+" NUM " N=(" TEXT "))"
#   counter := " V" NUM ["=(" TEXT ")"] ":(" NUM "," NUM "," NUM ")" leak*
#   leak    := ";LK=(0x" HEX "," NUM ")"
#
# TEXT stops at the first ")", so no name or path may contain one.  No
# blank lines, comments or CR.  The first node is C1 and each node is at
# most one level deeper than the one before.  FN, F and V ids are defined
# 0, 1, 2 ... in order, before any use.  At least one counter is defined.
#
# Usage: igprof-check.py FILE...   (.gz files are read through gzip)
# Prints "FILE: ok (N nodes, ...)" or "FILE:LINE: what is wrong" and
# exits 1 on the first error in each file.

import gzip
import re
import sys


class Bad(Exception):
    pass


def parse_num(tok, hexmode, what):
    """A whole token as igprof's strtoll would take it."""
    base = 16 if hexmode else 10
    pattern = r"-?[0-9a-fA-F]+" if hexmode else r"-?[0-9]+"
    if not re.fullmatch(pattern, tok):
        raise Bad("%s: '%s' is not a %s integer" %
                  (what, tok, "hexadecimal" if hexmode else "decimal"))
    return int(tok, base)


class Checker:
    def __init__(self):
        self.fn_defined = 0      # FN ids 0..fn_defined-1 exist
        self.f_defined = 0
        self.v_defined = 0
        self.nodes = 0
        self.depth = 0
        self.counters = {}       # V id -> name
        self.totals = {}         # V id -> sum of values at leaves... (all)

    def text(self, s, pos, what):
        """TEXT up to the next ')'; returns (text, position after ')')."""
        end = s.find(")", pos)
        if end < 0:
            raise Bad("%s: no closing ')'" % what)
        t = s[pos:end]
        if t == "":
            raise Bad("%s: empty name" % what)
        return t, end + 1

    def expect(self, s, pos, lit, what):
        if not s.startswith(lit, pos):
            raise Bad("%s: expected '%s' at column %d, found '%s'" %
                      (what, lit, pos + 1, s[pos:pos + len(lit) + 8]))
        return pos + len(lit)

    def number(self, s, pos, what, stops):
        m = re.match(r"[^%s]*" % re.escape(stops), s[pos:])
        tok = m.group(0)
        return parse_num(tok, self.hexmode, what), pos + len(tok)

    def header(self, line):
        m = re.fullmatch(r"P=\((HEX )?ID=(\S+) N=\(([^)]*)\) T=([^)]+)\)",
                         line)
        if not m:
            raise Bad("header: not 'P=([HEX ]ID=... N=(...) T=...)'")
        self.hexmode = m.group(1) is not None
        if m.group(3) == "":
            raise Bad("header: empty program name")
        try:
            t = float(m.group(4))
        except ValueError:
            raise Bad("header: T=%s is not a number" % m.group(4))
        if not t > 0:
            raise Bad("header: T=%s must be positive" % m.group(4))

    def node(self, s):
        pos = self.expect(s, 0, "C", "node")
        depth, pos = self.number(s, pos, "depth", " ")
        if depth < 1:
            raise Bad("depth C%d below 1" % depth)
        if self.nodes == 0 and depth != 1:
            raise Bad("the first node must be C1, not C%d" % depth)
        if depth > self.depth + 1:
            raise Bad("depth jumps from C%d to C%d" % (self.depth, depth))
        self.depth = depth
        pos = self.expect(s, pos, " FN", "node")
        fn, pos = self.number(s, pos, "FN id", "=+")
        if s.startswith("=(F", pos):
            if fn != self.fn_defined:
                raise Bad("FN%d defined where FN%d was due (ids must be "
                          "0, 1, 2 ... in order)" % (fn, self.fn_defined))
            self.fn_defined += 1
            pos += 3
            f, pos = self.number(s, pos, "F id", "=+")
            if s.startswith("=(", pos):
                if f != self.f_defined:
                    raise Bad("F%d defined where F%d was due" %
                              (f, self.f_defined))
                self.f_defined += 1
                _, pos = self.text(s, pos + 2, "file name")
            elif f >= self.f_defined:
                raise Bad("F%d used before its definition" % f)
            pos = self.expect(s, pos, "+", "symbol")
            _, pos = self.number(s, pos, "file offset", " ")
            pos = self.expect(s, pos, " N=(", "symbol")
            _, pos = self.text(s, pos, "symbol name")
            pos = self.expect(s, pos, ")", "symbol")
        elif fn >= self.fn_defined:
            raise Bad("FN%d referenced before its definition" % fn)
        pos = self.expect(s, pos, "+", "node")
        _, pos = self.number(s, pos, "offset", " ")
        while pos < len(s):
            pos = self.counter(s, pos)
        self.nodes += 1

    def counter(self, s, pos):
        pos = self.expect(s, pos, " V", "counter")
        v, pos = self.number(s, pos, "V id", "=:")
        if s.startswith("=(", pos):
            if v != self.v_defined:
                raise Bad("V%d defined where V%d was due" %
                          (v, self.v_defined))
            self.v_defined += 1
            name, pos = self.text(s, pos + 2, "counter name")
            self.counters[v] = name
        elif v >= self.v_defined:
            raise Bad("V%d used before its definition" % v)
        pos = self.expect(s, pos, ":(", "counter")
        vals = []
        for i, stop in enumerate((",", ",", ")")):
            n, pos = self.number(s, pos, "counter value", stop)
            vals.append(n)
            pos = self.expect(s, pos, stop, "counter")
        self.totals[v] = self.totals.get(v, 0) + vals[1]
        while s.startswith(";LK=(0x", pos):
            pos += 7
            m = re.match(r"[0-9a-fA-F]+", s[pos:])
            if not m:
                raise Bad("leak: bad address")
            pos = self.expect(s, pos + len(m.group(0)), ",", "leak")
            _, pos = self.number(s, pos, "leak size", ")")
            pos = self.expect(s, pos, ")", "leak")
        return pos


def check(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rb") as f:
            data = f.read()
    except OSError as e:
        print("%s: %s" % (path, e.strerror or e))
        return False
    lineno = 0
    try:
        if not data:
            raise Bad("empty file")
        if b"\r" in data:
            raise Bad("CR characters (the reader wants \\n line ends)")
        if not data.endswith(b"\n"):
            raise Bad("the last line has no newline")
        text = data.decode("utf-8", errors="strict")
        c = Checker()
        for lineno, line in enumerate(text.split("\n")[:-1], 1):
            if line == "":
                raise Bad("blank line")
            if line.startswith("#"):
                raise Bad("comment line")
            if lineno == 1:
                c.header(line)
            else:
                c.node(line)
        if c.nodes == 0:
            raise Bad("no nodes")
        if c.v_defined == 0:
            raise Bad("no counter defined (igprof-analyse: 'No counter "
                      "values in profile data.')")
    except Bad as e:
        print("%s:%d: %s" % (path, lineno, e))
        return False
    except UnicodeDecodeError:
        print("%s: not UTF-8 text" % path)
        return False
    sums = ", ".join("%s=%d" % (c.counters[v], c.totals[v])
                     for v in sorted(c.totals))
    print("%s: ok (%d nodes, %d symbols, %d files, %s)" %
          (path, c.nodes, c.fn_defined, c.f_defined, sums))
    return True


def main(argv):
    if len(argv) < 2:
        print("usage: igprof-check.py FILE...", file=sys.stderr)
        return 2
    ok = True
    for p in argv[1:]:
        ok = check(p) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

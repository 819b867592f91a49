#!/usr/bin/env python3
# callgrind-check.py - a strict checker of the Callgrind profile format.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# callgrind_annotate (valgrind) reads what gprof exports in the tests,
# but it forgives a lot that KCachegrind does not, and KCachegrind
# cannot run in `make check'.  This checker refuses what either reader
# rejects, misreads or reads differently (the rules of the project's
# notes on the export formats):
#
#   - the first line is "# callgrind format" (KCachegrind's cue);
#   - header lines are "key: value"; version is 1; positions: comes
#     before events:, which ends the header; summary: comes after it;
#     no positions:, pid:, part: or thread: after it (a new part);
#     desc: is "desc: Name: text" with an alphanumeric Name;
#   - position lines ob= fl= fi= fe= fn= cob= cfi= cfl= cfn=; a name
#     starting with "(" and a digit is "(id) name" (defines) or "(id)"
#     (must be defined: files share one table, functions another,
#     objects a third);
#   - fi=/fe= only after fn=; every cfn= right after a cfi= (or cfl=),
#     else callgrind_annotate invents a callee in the caller's file;
#   - calls=COUNT SUBPOSITIONS, then a cost line;
#   - a cost line has exactly one subposition per position (0x hex,
#     decimal, +N, -N, *), then at most one decimal cost per event;
#     single spaces, no CR, a final newline;
#   - totals: equals the sum of the self cost lines, and summary: too
#     (a gprof export accounts for every sample).
#
# Usage: callgrind-check.py FILE...
# Prints "FILE: ok (N functions, M calls, totals ...)" or
# "FILE:LINE: what is wrong"; exits 1 on errors.

import re
import sys

HEADER_KEYS = {"version", "creator", "cmd", "pid", "thread", "part",
               "desc", "positions", "event", "events"}
SUBPOS = re.compile(r"0x[0-9a-fA-F]+|[0-9]+|[+-][0-9]+|\*")
COST = re.compile(r"[0-9]+")
POSSPEC = re.compile(r"(ob|fl|fi|fe|fn|cob|cfi|cfl|cfn)=(.*)")
TABLE = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl",
         "cfi": "fl", "cfl": "fl", "fn": "fn", "cfn": "fn"}


class Bad(Exception):
    pass


def name_of(tables, key, value):
    """The name a position line gives, resolving compression."""
    table = tables[TABLE[key]]
    m = re.fullmatch(r"\(([0-9]+)\)(?: (.*))?", value)
    if m:
        ident = int(m.group(1))
        if m.group(2) is None:
            if ident not in table:
                raise Bad("%s=(%d) refers to an undefined id" % (key, ident))
            return table[ident]
        if m.group(2) == "":
            raise Bad("%s=(%d) defines an empty name" % (key, ident))
        if ident in table and table[ident] != m.group(2):
            raise Bad("%s=(%d) redefined" % (key, ident))
        table[ident] = m.group(2)
        return m.group(2)
    if re.match(r"\([0-9]", value):
        raise Bad("%s= name starting with '(' and a digit must be "
                  "compressed" % key)
    if value == "":
        raise Bad("%s= with no name" % key)
    return value


def check(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        print("%s: %s" % (path, e.strerror or e))
        return False
    lineno = 0
    try:
        if b"\r" in data:
            raise Bad("CR characters (both readers want LF line ends only)")
        if not data.endswith(b"\n"):
            raise Bad("the last line has no newline")
        lines = data.decode("utf-8").split("\n")[:-1]
        if not lines or lines[0] != "# callgrind format":
            lineno = 1
            raise Bad("the first line is not '# callgrind format'")
        npos = 1
        events = None
        summary = None
        totals = None
        tables = {"ob": {}, "fl": {}, "fn": {}}
        fn = None
        cfile_pending = False
        call_pending = False
        self_sum = None
        nfns = set()
        ncalls = 0
        for lineno, line in enumerate(lines, 1):
            if line == "" or line.startswith("#"):
                if call_pending:
                    raise Bad("calls= not followed right away by its "
                              "cost line")
                continue
            if events is None:
                m = re.fullmatch(r"([a-z]+):\s*(.*)", line)
                if not m or m.group(1) not in HEADER_KEYS:
                    raise Bad("header line '%s' is not a known 'key: "
                              "value'" % line[:40])
                key, val = m.group(1), m.group(2)
                if key == "version" and val.strip() != "1":
                    raise Bad("version %s (readers want 1)" % val)
                if key == "desc" and not re.fullmatch(
                        r"[A-Za-z][A-Za-z0-9]*\s*:.*", val):
                    raise Bad("desc: not 'Name: text' with an "
                              "alphanumeric Name")
                if key == "positions":
                    kinds = val.split()
                    if not kinds or any(k not in ("instr", "addr", "line")
                                        for k in kinds):
                        raise Bad("positions: %s" % val)
                    npos = len(kinds)
                if key == "events":
                    events = val.split()
                    if not events:
                        raise Bad("events: names no event")
                    self_sum = [0] * len(events)
                continue
            if call_pending:
                cost_line(line, npos, events)
                call_pending = False
                ncalls += 1
                continue
            m = re.fullmatch(r"(summary|totals):\s*(.*)", line)
            if m:
                vals = [int(t) for t in m.group(2).split()
                        if COST.fullmatch(t)]
                if len(vals) != len(m.group(2).split()) or \
                        len(vals) > len(events):
                    raise Bad("%s: not up to %d decimal costs" %
                              (m.group(1), len(events)))
                vals += [0] * (len(events) - len(vals))
                if m.group(1) == "summary":
                    summary = vals
                else:
                    totals = vals
                continue
            if re.match(r"(positions|pid|part|thread|events|event):", line):
                raise Bad("'%s' after events: starts a new part (the "
                          "file would be skipped)" % line.split(":")[0])
            m = POSSPEC.fullmatch(line)
            if m:
                key, val = m.group(1), m.group(2)
                name = name_of(tables, key, val)
                if key in ("fi", "fe") and fn is None:
                    raise Bad("%s= before any fn= (callgrind_annotate "
                              "dies)" % key)
                if key == "fn":
                    fn = name
                    nfns.add(name)
                if key in ("cfi", "cfl"):
                    cfile_pending = True
                if key == "cfn":
                    if not cfile_pending:
                        raise Bad("cfn= without a cfi= before it "
                                  "(callgrind_annotate puts the callee "
                                  "in the caller's file)")
                    cfile_pending = False
                continue
            m = re.fullmatch(r"calls=([0-9]+)((?: \S+)+)", line)
            if m:
                if fn is None:
                    raise Bad("calls= before any fn=")
                subs = m.group(2).split()
                if len(subs) != npos or not all(SUBPOS.fullmatch(t)
                                                for t in subs):
                    raise Bad("calls= target is not %d subpositions" % npos)
                call_pending = True
                continue
            if re.match(r"(jump|jcnd|jfi|jfn)=", line):
                continue
            if fn is None:
                raise Bad("cost line before any fn=")
            costs = cost_line(line, npos, events)
            for i, c in enumerate(costs):
                self_sum[i] += c
        if events is None:
            raise Bad("no events: line")
        if call_pending:
            raise Bad("the file ends after calls=")
        if totals is not None and totals != self_sum:
            raise Bad("totals: %s, but the cost lines add up to %s" %
                      (totals, self_sum))
        if summary is not None and summary != self_sum:
            raise Bad("summary: %s, but the cost lines add up to %s" %
                      (summary, self_sum))
    except Bad as e:
        print("%s:%d: %s" % (path, lineno, e))
        return False
    except UnicodeDecodeError:
        print("%s: not UTF-8 text" % path)
        return False
    print("%s: ok (%d functions, %d call lines, totals %s)" %
          (path, len(nfns), ncalls, " ".join(str(t) for t in self_sum)))
    return True


def cost_line(line, npos, events):
    toks = line.split(" ")
    if "" in toks or "\t" in line:
        raise Bad("cost line not separated by single spaces")
    if len(toks) < npos:
        raise Bad("cost line with fewer than %d subpositions" % npos)
    for t in toks[:npos]:
        if not SUBPOS.fullmatch(t):
            raise Bad("subposition '%s'" % t)
    costs = toks[npos:]
    if len(costs) > len(events):
        raise Bad("%d costs for %d events" % (len(costs), len(events)))
    for t in costs:
        if not COST.fullmatch(t):
            raise Bad("cost '%s' is not decimal (callgrind_annotate reads "
                      "hex costs as 0)" % t)
    return [int(t) for t in costs] + [0] * (len(events) - len(costs))


def main(argv):
    if len(argv) < 2:
        print("usage: callgrind-check.py FILE...", file=sys.stderr)
        return 2
    ok = True
    for p in argv[1:]:
        ok = check(p) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

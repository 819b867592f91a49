#!/usr/bin/env python3
# export-compare.py - compares gprof's exports with its text reports.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   export-compare.py json FILE.json FLAT.txt GRAPH.txt
#       Every line of the flat profile (gprof -b -p) and every entry of
#       the call graph (gprof -b -q), with its callee lines, has a
#       function, cycle or arc in the JSON whose numbers, printed as the
#       report prints them, are the report's text.
#
#   export-compare.py callgrind ANNOTATE.txt GRAPH.txt ABS REL
#       Each function of the call graph outside a cycle has, in
#       callgrind_annotate's inclusive listing, self + children seconds
#       within ABS + REL * value.
#
#   export-compare.py igprof DUMP GRAPH.txt ABS REL
#       The same for an IgProf dump's cumulative ticks (the sum of
#       the subtrees under each of a function's frames) times T.
#
#   export-compare.py igprof-cumulative DUMP
#       Prints "TICKS NAME" per function, and "TICKS TOTAL".
#
# Prints one line per mismatch and a summary; exits 1 on a mismatch.

import gzip
import re
import sys
from collections import defaultdict

FLAT = re.compile(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+"
                  r"(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?\s*(\S.*)$")
ENTRY = re.compile(r"^\[(\d+)\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+"
                   r"(?:(\d+)(?:\+(\d+))?\s+)?(.*?)\s*\[(\d+)\]$")
ARCLINE = re.compile(r"^\s+([\d.]+)\s+([\d.]+)\s+(\d+)/(\d+)\s+(.*?)\s*"
                     r"[\[(](\d+)[\])]$")


def graph_entries(path):
    """(index, percent, self, children, called, recursive, name,
    callee lines) of each entry of a -b -q report."""
    entries = []
    current = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("-----"):
                current = None
                continue
            m = ENTRY.match(line)
            if m:
                current = {"index": int(m.group(1)), "pct": m.group(2),
                           "self": m.group(3), "children": m.group(4),
                           "called": m.group(5), "rec": m.group(6),
                           "name": m.group(7), "callees": []}
                entries.append(current)
                continue
            m = ARCLINE.match(line)
            if m and current is not None:
                current["callees"].append(
                    {"self": m.group(1), "children": m.group(2),
                     "calls": int(m.group(3)), "index": int(m.group(6))})
    return entries


class Report:
    def __init__(self):
        self.bad = 0
        self.good = 0

    def same(self, what, got, want):
        if got == want:
            self.good += 1
        else:
            self.bad += 1
            print("MISMATCH %s: export %s, report %s" % (what, got, want))

    def near(self, what, got, want, tol):
        if abs(got - want) <= tol:
            self.good += 1
        else:
            self.bad += 1
            print("MISMATCH %s: export %.6f, report %.6f (tolerance %.6f)"
                  % (what, got, want, tol))

    def done(self, what):
        print("%s: %d numbers agree, %d differ" % (what, self.good,
                                                    self.bad))
        return 1 if self.bad or not self.good else 0


def cmd_json(argv):
    import json
    doc = json.load(open(argv[0]))
    r = Report()
    funcs = doc["functions"]
    by_name = defaultdict(list)
    for f in funcs:
        by_name[f["name"]].append(f)

    # The flat profile.
    accum = 0.0
    with open(argv[1]) as fl:
        body = False
        for line in fl:
            line = line.rstrip("\n")
            if line.startswith(" time "):
                body = True
                continue
            if not body or not line.strip():
                continue
            m = FLAT.match(line)
            if not m:
                continue
            name = m.group(7)
            cands = by_name.get(name, [])
            f = None
            for c in cands:
                if ("%.2f" % c["self_seconds"]) == m.group(3) \
                        and c["flat_profile"]:
                    f = c
                    break
            if f is None:
                r.same("flat %s present" % name, "absent", "present")
                continue
            cands.remove(f)
            accum += f["self_seconds"]
            r.same("flat %s %%time" % name, "%.2f" % f["flat_percent"],
                   m.group(1))
            r.near("flat %s cumulative" % name, accum, float(m.group(2)),
                   0.0100001)
            r.same("flat %s calls" % name,
                   str(f["calls"]) if m.group(4) else "",
                   m.group(4) or "")
    # The call graph.
    by_index = {}
    for f in funcs:
        if f["graph"]:
            by_index[f["graph"]["index"]] = ("function", f)
    for c in doc["cycles"]:
        by_index[c["graph"]["index"]] = ("cycle", c)
    arcs = {(a["caller"], a["callee"]): a for a in doc["arcs"]}
    for e in graph_entries(argv[2]):
        kind, obj = by_index.get(e["index"], (None, None))
        if obj is None:
            r.same("graph [%d]" % e["index"], "absent", "present")
            continue
        g = obj["graph"]
        w = "graph [%d] %s" % (e["index"], e["name"])
        r.same(w + " printed", g["printed"], True)
        r.same(w + " %time", "%.1f" % g["percent"], e["pct"])
        r.same(w + " self", "%.2f" % g["self_seconds"], e["self"])
        r.same(w + " children", "%.2f" % g["children_seconds"],
               e["children"])
        if kind == "function":
            calls, rec = obj["calls"], obj["recursive_calls"]
        else:
            calls, rec = obj["calls"], obj["internal_calls"]
        if e["called"] is not None:
            r.same(w + " called", calls, int(e["called"]))
            r.same(w + " recursive", rec, int(e["rec"] or 0))
        if kind != "function":
            continue
        for cl in e["callees"]:
            k2, callee = by_index.get(cl["index"], (None, None))
            a = arcs.get((obj["id"], callee["id"])) if callee else None
            if a is None:
                r.same(w + " arc to [%d]" % cl["index"], "absent",
                       "present")
                continue
            r.same(w + " arc to [%d] self" % cl["index"],
                   "%.2f" % a["self_seconds"], cl["self"])
            r.same(w + " arc to [%d] children" % cl["index"],
                   "%.2f" % a["children_seconds"], cl["children"])
            r.same(w + " arc to [%d] calls" % cl["index"], a["calls"],
                   cl["calls"])
    return r.done("json vs text reports")


def annotate_incl(path):
    """function name -> inclusive cost (first event) of a
    callgrind_annotate --inclusive=yes listing."""
    out = {}
    pat = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(?:[\d,]+\s+"
                     r"(?:\(\s*[\d.]+%\)\s+)?)?(\S.*?)(?: \[.*\])?$")
    with open(path) as f:
        for line in f:
            m = pat.match(line.rstrip("\n"))
            if not m or "PROGRAM TOTALS" in line:
                continue
            key = m.group(2)
            name = key.split(":", 1)[1] if ":" in key else key
            out.setdefault(name, int(m.group(1).replace(",", "")))
    return out


def cmd_callgrind(argv):
    incl = annotate_incl(argv[0])
    unit = float(argv[4]) if len(argv) > 4 else 1e6
    tol_abs, tol_rel = float(argv[2]), float(argv[3])
    r = Report()
    for e in graph_entries(argv[1]):
        if "<cycle" in e["name"]:
            continue
        if e["name"] not in incl:
            # callgrind_annotate lists only what has a cost.
            if float(e["self"]) + float(e["children"]) > 0.01:
                r.same("callgrind %s" % e["name"], "absent", "present")
            continue
        want = float(e["self"]) + float(e["children"])
        r.near("callgrind %s inclusive" % e["name"],
               incl[e["name"]] / unit, want, tol_abs + tol_rel * want)
    return r.done("callgrind_annotate vs gprof -q")


def igprof_tree(path):
    """(period, [(depth, name, ticks)]) of a dump."""
    opener = gzip.open if path.endswith(".gz") else open
    names = {}
    nodes = []
    period = None
    with opener(path, "rt") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("P=("):
                period = float(re.search(r"T=([^)]+)\)", line).group(1))
                continue
            m = re.match(r"C(\d+) FN(\d+)(?:=\(F\d+(?:=\([^)]*\))?\+\d+ "
                         r"N=\(([^)]*)\)\))?\+\d+(.*)$", line)
            if not m:
                raise SystemExit("%s: cannot parse '%s'" % (path, line))
            if m.group(3) is not None:
                names[m.group(2)] = m.group(3)
            v = re.search(r"V0(?:=\([^)]*\))?:\((\d+),(\d+),(\d+)\)",
                          m.group(4))
            nodes.append((int(m.group(1)), names[m.group(2)],
                          int(v.group(2)) if v else 0))
    return period, nodes


def igprof_cumulative(nodes):
    """name -> ticks of the subtrees under its frames, counted once
    on each path (igprof-analyse's cumulative)."""
    cum = defaultdict(int)
    stack = []          # (depth, name, ticks so far)
    for depth, name, ticks in nodes:
        stack = [s for s in stack if s[0] < depth]
        stack.append([depth, name, 0])
        seen = set()
        for s in reversed(stack):
            if s[1] in seen:
                continue
            seen.add(s[1])
            cum[s[1]] += ticks
    return cum


def cmd_igprof(argv):
    period, nodes = igprof_tree(argv[0])
    cum = igprof_cumulative(nodes)
    tol_abs, tol_rel = float(argv[2]), float(argv[3])
    r = Report()
    for e in graph_entries(argv[1]):
        if "<cycle" in e["name"]:
            continue
        want = float(e["self"]) + float(e["children"])
        got = cum.get(e["name"], 0) * period
        r.near("igprof %s cumulative" % e["name"], got, want,
               tol_abs + tol_rel * want)
    return r.done("igprof cumulative vs gprof -q")


def cmd_igprof_cumulative(argv):
    period, nodes = igprof_tree(argv[0])
    cum = igprof_cumulative(nodes)
    for name in sorted(cum):
        print("%d %s" % (cum[name], name))
    print("%d TOTAL" % sum(t for _, _, t in nodes))
    return 0


def main(argv):
    cmds = {"json": cmd_json, "callgrind": cmd_callgrind,
            "igprof": cmd_igprof,
            "igprof-cumulative": cmd_igprof_cumulative}
    if len(argv) < 3 or argv[1] not in cmds:
        print(__doc__ if __doc__ else "usage: see the file's header",
              file=sys.stderr)
        return 2
    return cmds[argv[1]](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))

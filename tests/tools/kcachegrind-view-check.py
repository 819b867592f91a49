#!/usr/bin/env python3
# kcachegrind-view-check.py - checks what KCachegrind's views showed of a
# function (kcachegrind-view.py's rows) against the Callgrind file.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   kcachegrind-view-check.py CGFILE FUNCTION INSTR [SOURCE]
#
# INSTR, the rows of the "Machine Code" tab: no "There are N cost
# line(s) without machine code" banner, nor any other of its messages
# (object not found, objdump failed), no "(No Instruction)" row, and
# every address of a cost line of FUNCTION in CGFILE (self or call,
# not 0) a row with an instruction.  SOURCE, the rows of the "Source
# Code" tab, if given: no message that the source is missing, and
# every line of a self cost line of FUNCTION a row with its text and a
# cost.  Prints what it found; exits 0 if all holds, 1 if not, 2 on bad
# input.

import re
import sys

MESSAGES = ("without machine code", "does not seem to match",
            "can not be found", "cannot be found", "error trying",
            "There is no instruction info", "There is no source",
            "no debug information", "There is no cost")


def function_costs(path, function):
    """The addresses of FUNCTION's cost lines (not 0), the lines of its
    self cost lines (not 0) and the files they are in."""
    fns = {}
    files = {}
    addrs, lines = set(), set()
    cur = None
    after_calls = False
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        m = re.match(r"^(c?fn|fl|fi|fe|c?ob|cfi|cfl)=\((\d+)\)(?: (.*))?$",
                     line)
        if m:
            key, i, name = m.groups()
            if key in ("fn", "cfn") and name is not None:
                fns[i] = name
            if key in ("fl", "fi", "fe", "cfi", "cfl") and name is not None:
                files[i] = name
            if key == "fn":
                cur = fns.get(i)
            continue
        if line.startswith("calls="):
            after_calls = True
            continue
        f = line.split()
        if cur == function and len(f) >= 3 and line[:1] in "0123456789":
            if any(c != "0" for c in f[2:]):
                addrs.add(int(f[0], 0))
                if not after_calls:
                    lines.add(int(f[1]))
        if f and line[:1] in "0123456789":
            after_calls = False
    return addrs, lines


def rows(path):
    with open(path, encoding="utf-8") as f:
        out = [r.rstrip("\n").split("\t") for r in f]
    return out[0], out[1:]


def check_instr(addrs, path):
    problems = []
    headers, body = rows(path)
    at = {}
    for r in body:
        text = " ".join(r)
        for msg in MESSAGES:
            if msg in text:
                problems.append("message: " + text.strip())
                break
        if "(No Instruction)" in r:
            problems.append("row without an instruction: " + text.strip())
        # Long addresses are shown in groups of four digits: "7 02C0".
        try:
            a = int(r[0].replace(" ", ""), 16)
        except ValueError:
            continue
        if len(r) > 5 and r[5]:
            at[a] = r[5]
    missing = sorted(a for a in addrs if a not in at)
    for a in missing:
        problems.append("cost line at 0x%x: no instruction row there" % a)
    print("machine code: %d rows, %d cost addresses, %d at an instruction"
          % (len(body), len(addrs), len(addrs) - len(missing)))
    return problems


def check_source(lines, path):
    problems = []
    headers, body = rows(path)
    shown = {}
    for r in body:
        text = " ".join(r)
        for msg in MESSAGES:
            if msg in text:
                problems.append("message: " + text.strip())
                break
        try:
            n = int(r[0])
        except ValueError:
            continue
        shown[n] = r
    for n in sorted(lines):
        r = shown.get(n)
        if r is None:
            problems.append("line %d: not shown" % n)
        elif len(r) < 5 or not r[4].strip():
            problems.append("line %d: no source text" % n)
        elif not r[1].strip():
            problems.append("line %d: no cost" % n)
    print("source: %d rows, %d cost lines, %d shown with text and cost"
          % (len(body), len(lines),
             len(lines) - sum(p.startswith("line ") for p in problems)))
    return problems


def main():
    if len(sys.argv) not in (4, 5):
        sys.stderr.write("usage: kcachegrind-view-check.py CGFILE FUNCTION"
                         " INSTR [SOURCE]\n")
        return 2
    try:
        addrs, lines = function_costs(sys.argv[1], sys.argv[2])
        if not addrs:
            sys.stderr.write("%s: no cost line of %s\n"
                             % (sys.argv[1], sys.argv[2]))
            return 2
        problems = check_instr(addrs, sys.argv[3])
        if len(sys.argv) == 5:
            problems += check_source(lines, sys.argv[4])
    except (OSError, ValueError, IndexError) as e:
        sys.stderr.write("kcachegrind-view-check.py: %s\n" % e)
        return 2
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

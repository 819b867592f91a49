#!/usr/bin/env python3
# aprof-check.py - a strict checker of the aprof report format.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# aprof-plot is not packaged in Debian, so the tests check the reports
# gprof exports with this.  It refuses whatever makes aprof-plot's
# parser (AprofReport.java, as described in the project's reference
# notes) fail, misread or warn:
#
#   - "v N" must be present and N >= 4: older versions have other p-line
#     layouts and silently misread ours;
#   - r "NAME" "IMAGE" ID: name and image non-empty, no '"'; ids 0, 1,
#     2 ... in order;
#   - p ID RMS min max sum sqr occ real self self-min self-max self-sqr
#     (v >= 4; i drms adds fields): ID defined; min, max, sum non-zero
#     (aprof-plot skips such lines with a warning); min <= max; occ >= 1;
#     sqr >= sum^2/occ and self-sqr >= self^2/occ (else "Invalid
#     variance"); self-min <= self-max; min*occ <= sum <= max*occ,
#     except min 1 (the least cost aprof-plot accepts) when sum < occ;
#   - x RTN CTX PARENT and q CTX ...: a context's q lines come before its
#     x line; the parent is -1 or an earlier context; if there are
#     contexts, every routine has an x line or its r line comes after
#     the first q;
#   - k >= the largest routine cumulative (real) cost;
#   - only the tags the reader knows (v m i k a f e t c r u p q x fav).
#
# Usage: aprof-check.py [--pyaprofplot] FILE...
# --pyaprofplot also applies the second reader's rules (v, k, e and m
# present, p lines right after their r, no spaces in quoted names).
# Prints "FILE: ok (...)" or "FILE:LINE: what is wrong"; exits 1 on
# errors.

import re
import sys

KNOWN = set("v m i k a f e t c r u p q x fav".split())
R_LINE = re.compile(r'r "([^"]*)" "([^"]*)" ([0-9]+)\s*$')


class Bad(Exception):
    pass


def num(tok, what):
    try:
        v = float(tok)
    except ValueError:
        raise Bad("%s: '%s' is not a number" % (what, tok))
    if re.fullmatch(r"-?[0-9]+", tok):
        return int(tok)
    return v


def check_costs(fields, version, drms, what):
    """Checks the fields after 'p|q ID RMS'; returns the real cost."""
    need = 10
    if version >= 5 and drms:
        need = 12
    if len(fields) < need:
        raise Bad("%s: %d cost fields, version %d needs %d" %
                  (what, len(fields), version, need))
    (mn, mx, sm, sqr, occ, real, self_, smin, smax,
     ssqr) = [num(t, what) for t in fields[:10]]
    if mn == 0 or mx == 0 or sm == 0:
        raise Bad("%s: zero cost (aprof-plot skips the line with a "
                  "warning)" % what)
    if mn > mx:
        raise Bad("%s: min %s > max %s" % (what, mn, mx))
    if occ < 1:
        raise Bad("%s: %s calls (aprof-plot: 'Invalid number of calls')"
                  % (what, occ))
    # aprof-plot compares in double; exact integers here.
    if sqr * occ < sm * sm:
        raise Bad("%s: sum of squares %s below sum^2/occ (aprof-plot: "
                  "'Invalid variance')" % (what, sqr))
    if smin > smax:
        raise Bad("%s: self-min %s > self-max %s" % (what, smin, smax))
    if ssqr * occ < self_ * self_:
        raise Bad("%s: self sum of squares %s below self^2/occ" %
                  (what, ssqr))
    # min 1 is the least cost aprof-plot accepts: a routine averaging
    # less than one unit per call can only say 1.
    if (mn * occ > sm and not (mn == 1 and sm < occ)) or mx * occ < sm:
        raise Bad("%s: sum %s outside [min*occ, max*occ]" % (what, sm))
    if self_ > real:
        raise Bad("%s: self %s above the cumulative cost %s" %
                  (what, self_, real))
    return real


def check(path, pyaprofplot):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        print("%s: %s" % (path, e.strerror or e))
        return False
    lineno = 0
    version = None
    drms = False
    k = None
    routines = 0
    contexts = 0           # contexts created by q lines
    ctx_with_x = set()
    ctx_of_q = set()
    routine_ctx = set()    # routines with an x line
    first_q_routines = None
    real_of = {}
    seen_tags = set()
    last_r = None
    try:
        if b"\r" in data:
            raise Bad("CR characters")
        text = data.decode("utf-8")
        for lineno, line in enumerate(text.split("\n"), 1):
            toks = line.split()
            if not toks:
                continue
            tag = toks[0]
            if tag not in KNOWN:
                raise Bad("unknown tag '%s'" % tag)
            seen_tags.add(tag)
            if tag == "v":
                version = int(num(toks[1], "v"))
                if version < 4:
                    raise Bad("version %d: p lines would be misread "
                              "(write v 6)" % version)
            elif tag == "i":
                drms = len(toks) > 1 and toks[1] == "drms"
            elif tag == "k":
                k = num(toks[1], "k")
            elif tag == "r":
                if version is None:
                    raise Bad("r line before the v line (version -1 "
                              "misreads p lines)")
                m = R_LINE.match(line)
                if not m:
                    raise Bad("r line is not 'r \"NAME\" \"IMAGE\" ID'")
                name, image, rid = m.group(1), m.group(2), int(m.group(3))
                if not name or not image:
                    raise Bad("empty routine name or image")
                if rid != routines:
                    raise Bad("routine id %d where %d was due (ids must "
                              "be 0, 1, 2 ... in order)" % (rid, routines))
                if pyaprofplot and (" " in name or " " in image):
                    raise Bad("space in a quoted name (pyaprofplot)")
                routines += 1
                last_r = rid
                if contexts > 0:
                    routine_ctx.add(rid)
            elif tag == "u":
                if int(num(toks[1], "u")) >= routines:
                    raise Bad("u line for an undefined routine")
            elif tag == "p":
                if version is None:
                    raise Bad("p line before the v line")
                rid = int(num(toks[1], "p id"))
                if rid >= routines or rid < 0:
                    raise Bad("p line for undefined routine %d" % rid)
                if pyaprofplot and rid != last_r:
                    raise Bad("p line not right after its r (pyaprofplot)")
                real_of[rid] = real_of.get(rid, 0) + check_costs(
                    toks[3:], version, drms, "p line")
            elif tag == "q":
                cid = int(num(toks[1], "q context"))
                if cid in ctx_with_x:
                    raise Bad("q line for context %d after its x line" %
                              cid)
                if cid not in ctx_of_q:
                    if cid != contexts:
                        raise Bad("context %d where %d was due" %
                                  (cid, contexts))
                    ctx_of_q.add(cid)
                    contexts += 1
                if first_q_routines is None:
                    first_q_routines = routines
                check_costs(toks[3:], version or 6, drms, "q line")
            elif tag == "x":
                rid, cid, parent = (int(num(t, "x")) for t in toks[1:4])
                if rid >= routines:
                    raise Bad("x line for undefined routine %d" % rid)
                if cid not in ctx_of_q:
                    raise Bad("x line for context %d before its q lines "
                              "('Missing context')" % cid)
                if parent != -1 and parent >= cid:
                    raise Bad("parent context %d not defined before %d" %
                              (parent, cid))
                ctx_with_x.add(cid)
                routine_ctx.add(rid)
        if version is None:
            raise Bad("no v line")
        if routines == 0:
            raise Bad("no routines")
        if contexts:
            for rid in range(routines):
                if rid not in routine_ctx and (first_q_routines is None
                                               or rid < first_q_routines):
                    raise Bad("routine %d has no context although the "
                              "report has contexts" % rid)
        if k is not None and real_of and k < max(real_of.values()):
            raise Bad("k %s below the largest routine cost %s" %
                      (k, max(real_of.values())))
        if pyaprofplot:
            for t in "vkem":
                if t not in seen_tags:
                    raise Bad("no %s line (pyaprofplot)" % t)
    except Bad as e:
        print("%s:%d: %s" % (path, lineno, e))
        return False
    except (UnicodeDecodeError, IndexError, ValueError) as e:
        print("%s:%d: malformed line (%s)" % (path, lineno, e))
        return False
    print("%s: ok (version %d, %d routines, %d points, %d contexts)" %
          (path, version, routines, len(real_of), contexts))
    return True


def main(argv):
    args = argv[1:]
    py = False
    if args and args[0] == "--pyaprofplot":
        py = True
        args = args[1:]
    if not args:
        print("usage: aprof-check.py [--pyaprofplot] FILE...",
              file=sys.stderr)
        return 2
    ok = True
    for p in args:
        ok = check(p, py) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

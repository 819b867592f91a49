#!/usr/bin/python3
# kcachegrind-view.py - what KCachegrind's own views show of a function,
# read through the accessibility interface (AT-SPI), as a screen reader
# reads it.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   kcachegrind-view.py OUTDIR FILE FUNCTION [FILE FUNCTION ...]
#
# For each pair: starts KCachegrind on FILE with a configuration that
# makes FUNCTION its active item and shows the "Machine Code" tab
# (InstrView) above the "Source Code" tab (SourceView), the way
# KCachegrind itself restores the last function and tabs of a profile
# (TabView::restoreLayout and restoreOptions read the groups
# MainView-TabView-1); waits until both views show FUNCTION; writes
# their rows, one line each with the cells joined by tabs, to
# OUTDIR/N.instr and OUTDIR/N.source (N counting the pairs from 1),
# KCachegrind's standard error to OUTDIR/N.log; and ends it.  Prints a
# line per pair.  Exits 0 when every view was read, 1 when one could
# not be (not loaded, the function never shown), 2 on bad usage.
#
# Run it under Xvfb (DISPLAY) and a D-Bus session (dbus-run-session):
# it asks for the accessibility bus first (D-Bus starts it), so that
# Qt's bridge finds it; XDG_CONFIG_HOME must be a directory of the
# caller's, where it writes kcachegrindrc.  Needs python3-pyatspi
# (Debian's: run it with /usr/bin/python3).  The waits are bounds
# against a hang only (KCACHEGRIND_VIEW_WAIT seconds, 300 by default):
# a busy machine may take long to start KCachegrind.

import os
import subprocess
import sys
import time

os.environ["QT_ACCESSIBILITY"] = "1"
os.environ["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
import pyatspi  # noqa: E402

WAIT = float(os.environ.get("KCACHEGRIND_VIEW_WAIT", "300"))

CONFIG = """[TipOfDay]
RunOnStart=false

[MainWindow]
MenuBar=Enabled

[MainView]
Panels=1
ActivePanel=TabView-1

[MainView-TabView-1]
TopTabs=InstrView
BottomTabs=SourceView
LeftTabs=
RightTabs=
ActiveTop=InstrView
ActiveBottom=SourceView
TopSize=50
ActiveItemType=Function
ActiveItemName=%s
"""


def children(acc):
    try:
        n = acc.childCount
    except Exception:
        return []
    out = []
    for i in range(n):
        try:
            c = acc.getChildAtIndex(i)
        except Exception:
            c = None
        if c is not None:
            out.append(c)
    return out


def role(acc):
    try:
        return acc.getRoleName()
    except Exception:
        return ""


def name(acc):
    try:
        return acc.name or ""
    except Exception:
        return ""


def find_app(pid):
    desk = pyatspi.Registry.getDesktop(0)
    for app in children(desk):
        try:
            if app.get_process_id() == pid:
                return app
        except Exception:
            pass
    return None


def walk(acc, depth=0):
    yield acc
    if depth < 40:
        for c in children(acc):
            yield from walk(c, depth + 1)


def table_rows(tree):
    """The rows of a tree view: its cells in order, cut by its headers."""
    headers, cells = [], []
    for c in children(tree):
        r = role(c)
        if r == "table column header":
            headers.append(name(c))
        elif r == "table cell":
            cells.append(name(c))
    n = len(headers) or 1
    return headers, [cells[i:i + n] for i in range(0, len(cells), n)]


def views(app):
    """The name label of the tab view, and the machine-code and source
    trees (None where not found)."""
    label = instr = source = None
    for acc in walk(app):
        r = role(acc)
        if r == "label" and label is None and acc.parent is not None \
           and role(acc.parent) == "filler":
            # The tab view's label is the first label in the split
            # pane holding the tabs.
            if role(acc.parent.parent) == "split pane":
                label = name(acc)
        if r != "tree":
            continue
        hs = [name(c) for c in children(acc)[:9]
              if role(c) == "table column header"]
        if "Assembly Instructions" in hs:
            instr = acc
        elif hs and hs[0] == "#" and hs[-1].startswith("Source"):
            source = acc
    return label, instr, source


def read_case(outdir, n, path, function):
    if not os.path.isfile(path):
        print("%d %s %s: NOT READ (no such file)" % (n, path, function))
        return False
    with open(os.path.join(os.environ["XDG_CONFIG_HOME"], "kcachegrindrc"),
              "w") as f:
        f.write(CONFIG % function)
    log = open(os.path.join(outdir, "%d.log" % n), "w")
    kc = subprocess.Popen(["kcachegrind", path], stdout=log,
                          stderr=subprocess.STDOUT)
    ok = False
    last = None
    try:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            time.sleep(0.3)
            if kc.poll() is not None:
                break
            app = find_app(kc.pid)
            if app is None:
                continue
            label, instr, source = views(app)
            # A member of a cycle KCachegrind found is "f <cycle N>".
            shown = label == function or (label or "").startswith(
                function + " <cycle ")
            if not shown or instr is None or source is None:
                continue
            hi, ri = table_rows(instr)
            hs, rs = table_rows(source)
            if not ri or not rs:
                continue
            # Filled in one go; read again to be sure it was complete.
            now = (ri, rs)
            if now == last:
                for ext, h, rows in (("instr", hi, ri), ("source", hs, rs)):
                    with open(os.path.join(outdir, "%d.%s" % (n, ext)),
                              "w") as f:
                        f.write("\t".join(h) + "\n")
                        for row in rows:
                            f.write("\t".join(row) + "\n")
                ok = True
                break
            last = now
    finally:
        kc.terminate()
        try:
            kc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            kc.kill()
            kc.wait()
        log.close()
    print("%d %s %s: %s" % (n, path, function,
                            "read" if ok else "NOT READ (see %d.log)" % n))
    return ok


def main():
    if len(sys.argv) < 4 or len(sys.argv) % 2 != 0:
        sys.stderr.write("usage: kcachegrind-view.py OUTDIR FILE FUNCTION"
                         " [FILE FUNCTION ...]\n")
        return 2
    outdir = sys.argv[1]
    if not os.path.isdir(os.environ.get("XDG_CONFIG_HOME", "")):
        sys.stderr.write("kcachegrind-view.py: XDG_CONFIG_HOME must name a"
                         " directory (its kcachegrindrc is rewritten)\n")
        return 2
    # Ask for the accessibility bus before any application starts.
    pyatspi.Registry.getDesktop(0).childCount
    good = True
    args = sys.argv[2:]
    for i in range(0, len(args), 2):
        good &= read_case(outdir, i // 2 + 1, os.path.abspath(args[i]),
                          args[i + 1])
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

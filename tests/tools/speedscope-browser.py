#!/usr/bin/env python3
# speedscope-browser.py - imports a profile into speedscope, the real
# application from its npm package, in headless Chromium, and prints
# what its Sandwich view shows.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: speedscope-browser.py CHROMIUM INDEX.html FILE
#
# The file goes through speedscope's own file input (DevTools'
# DOM.setFileInputFiles, as a user choosing it with "Browse"): its
# importer picks the format by content, builds the profile, and the
# title becomes "FILE - speedscope".  Then the Sandwich view (its
# table of every function's total and self weight) is opened, and its
# rows are printed as JSON: {"title": ..., "rows": [[total, self,
# name], ...]}, weights as counts, or times in milliseconds.  Exits 99 if Chromium cannot be driven, 1 if speedscope
# did not import the file.  The browser is driven by cdp.py.

import json, os, re, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, evaluate  # noqa: E402

SANDWICH = """(function () {
  var e = Array.prototype.find.call (document.querySelectorAll ('div,span'),
    function (x) { return x.children.length <= 1
                   && /Sandwich$/.test (x.textContent); });
  if (e) e.click ();
  return !!e; }) ()"""


def rows(text):
    """The table's rows from the page's text: after the header line
    (Total, Self, Symbol Name), each row is "TOTAL (P%)", "SELF (P%)"
    and "NAME", on lines of their own."""
    lines = [l.strip() for l in text.split('\n')]
    head = next((k for k, l in enumerate(lines)
                 if l.startswith('Total') and l.endswith('Symbol Name')),
                None)
    if head is None:
        return []
    out = []
    for k in range(head + 1, len(lines) - 2, 3):
        t, s = value(lines[k]), value(lines[k + 1])
        if t is None or s is None:
            break
        out.append([t, s, lines[k + 2]])
    return out


# A weight as the table shows it: a count, or a time with its unit
# (returned in milliseconds).
MS = {'': 1.0, 'ns': 1e-6, 'us': 1e-3, '\u00b5s': 1e-3, 'ms': 1.0,
      's': 1e3, 'min': 6e4}


def value(cell):
    m = re.match(r'^([0-9.]+)\s*([a-z\u00b5]*)\s*\(', cell)
    if not m or m.group(2) not in MS:
        return None
    return float(m.group(1)) * MS[m.group(2)]


def main():
    chromium, index, path = sys.argv[1:4]
    try:
        with Browser(chromium, 'file://' + os.path.abspath(index)) as b:
            ws = b.ws
            b.wait_for("document.readyState === 'complete' && "
                       "!!document.getElementById ('file')")
            doc = ws.call('DOM.getDocument')
            node = ws.call('DOM.querySelector',
                           nodeId=doc['root']['nodeId'], selector='#file')
            ws.call('DOM.setFileInputFiles',
                    files=[os.path.abspath(path)], nodeId=node['nodeId'])
            title = b.wait_for("document.title !== 'speedscope' && "
                               "document.title")
            if not title:
                print('speedscope-browser: speedscope did not import %s'
                      % path, file=sys.stderr)
                sys.exit(1)
            # The view comes a moment after the title: click until the
            # table shows (a bound against a hang, as cdp.py's).
            got = []
            for _ in range(3000):
                if evaluate(ws, SANDWICH):
                    got = rows(evaluate(ws, 'document.body.innerText'))
                if got:
                    break
                time.sleep(0.1)
        print(json.dumps({'title': title, 'rows': got}))
    except (OSError, ValueError, TypeError, KeyError) as e:
        print('speedscope-browser: %s' % e, file=sys.stderr)
        sys.exit(99)


if __name__ == '__main__':
    main()

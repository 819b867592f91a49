#!/usr/bin/env python3
# browser-click.py - opens a file in headless Chromium, clicks on an
# element with a real mouse event, and reports what the page shows
# before and after, through Chromium's DevTools protocol.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: browser-click.py CHROMIUM FILE.svg FRAME SEARCH OUT.png
#
# Prints one JSON object: the flame graph's bars (name, x, width,
# shown) as loaded, after a click on the middle of the widest bar
# named FRAME, and the "Matched" line after the search for the regular
# expression SEARCH (through the page's own search (), since prompt()
# has no window here); saves a screenshot of the loaded page as
# OUT.png (and after the click as OUT-zoomed.png), and counts its
# colours (a blank page has one).  Exits 99 if Chromium cannot be driven.
#
# The browser is driven by cdp.py, beside this file.

import base64, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, evaluate, png_colours  # noqa: E402

BARS = '''Array.prototype.map.call (document.querySelectorAll ('g.f'),
  function (g) { var r = g.querySelector ('rect');
    return [g.getAttribute ('data-n'), +r.getAttribute ('x'),
            +r.getAttribute ('width'), g.style.display !== 'none',
            g.querySelector ('text').textContent]; })'''


def main():
    chromium, path, frame, pattern, png = sys.argv[1:6]
    try:
        with Browser(chromium, 'file://' + os.path.abspath(path)) as b:
            ws = b.ws
            # The page target may still show the blank document it
            # starts with: wait for the SVG, loaded.
            b.wait_for("document.contentType === 'image/svg+xml' && "
                       "document.readyState === 'complete'")
            out = {'before': evaluate(ws, BARS),
                   'title': evaluate(ws, "document.getElementById "
                                     "('title').textContent"),
                   'facts': evaluate(ws, "document.getElementById "
                                     "('facts').textContent")}
            size = evaluate(ws, "[+document.documentElement.getAttribute "
                            "('width'), +document.documentElement."
                            "getAttribute ('height')]")
            clip = {'x': 0, 'y': 0, 'width': size[0], 'height': size[1],
                    'scale': 1}
            shot = ws.call('Page.captureScreenshot', format='png',
                           clip=clip)
            with open(png, 'wb') as f:
                f.write(base64.b64decode(shot['data']))
            out['colours'] = png_colours(base64.b64decode(shot['data']))
            box = evaluate(ws, """(function () {
              var best = null, bw = -1;
              document.querySelectorAll ('g.f').forEach (function (g) {
                var r = g.querySelector ('rect').getBoundingClientRect ();
                if (g.getAttribute ('data-n') === %s && r.width > bw) {
                  best = r; bw = r.width; } });
              return best && [best.x + best.width / 2,
                              best.y + best.height / 2];
            }) ()""" % json.dumps(frame))
            if not box:
                raise OSError('no bar named %s' % frame)
            out['clicked_at'] = box
            for kind in ('mouseMoved', 'mousePressed', 'mouseReleased'):
                ws.call('Input.dispatchMouseEvent', type=kind, x=box[0],
                        y=box[1], button='left', clickCount=1)
            out['after'] = evaluate(ws, BARS)
            shot = ws.call('Page.captureScreenshot', format='png',
                           clip=clip)
            with open(png[:-4] + '-zoomed.png', 'wb') as f:
                f.write(base64.b64decode(shot['data']))
            out['details'] = evaluate(ws, "document.getElementById "
                                      "('details').textContent")
            out['searched'] = evaluate(ws, 'search (%s)'
                                       % json.dumps(pattern))
            out['matched'] = evaluate(ws, "document.getElementById "
                                      "('matched').textContent")
        print(json.dumps(out))
    except (OSError, ValueError, TypeError, StopIteration) as e:
        print('browser-click: %s' % e, file=sys.stderr)
        sys.exit(99)


if __name__ == '__main__':
    main()

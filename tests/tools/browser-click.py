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
# The protocol runs over a WebSocket; a minimal client (RFC 6455: text
# frames, client frames masked) is written here so that nothing but
# Python's standard library is needed.

import base64, json, os, shutil, socket, struct, subprocess, sys
import tempfile, time, urllib.request


class WebSocket:
    def __init__(self, url):
        rest = url.split('://', 1)[1]
        hostport, path = rest.split('/', 1)
        host, port = hostport.split(':')
        self.s = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(('GET /%s HTTP/1.1\r\nHost: %s\r\n'
                        'Upgrade: websocket\r\nConnection: Upgrade\r\n'
                        'Sec-WebSocket-Key: %s\r\n'
                        'Sec-WebSocket-Version: 13\r\n\r\n'
                        % (path, hostport, key)).encode())
        head = b''
        while b'\r\n\r\n' not in head:
            chunk = self.s.recv(1)
            if not chunk:
                raise OSError('handshake refused')
            head += chunk
        if b' 101 ' not in head.split(b'\r\n')[0]:
            raise OSError('handshake refused: %r' % head[:80])
        self.next_id = 0

    def _read(self, n):
        buf = b''
        while len(buf) < n:
            chunk = self.s.recv(n - len(buf))
            if not chunk:
                raise OSError('connection closed')
            buf += chunk
        return buf

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        n = len(data)
        if n < 126:
            head = struct.pack('!BB', 0x81, 0x80 | n)
        elif n < 65536:
            head = struct.pack('!BBH', 0x81, 0x80 | 126, n)
        else:
            head = struct.pack('!BBQ', 0x81, 0x80 | 127, n)
        self.s.sendall(head + mask
                       + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def recv(self):
        msg = b''
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7f
            if n == 126:
                n = struct.unpack('!H', self._read(2))[0]
            elif n == 127:
                n = struct.unpack('!Q', self._read(8))[0]
            payload = self._read(n)
            msg += payload
            if b0 & 0x80:
                return msg.decode()

    def call(self, method, **params):
        self.next_id += 1
        self.send(json.dumps({'id': self.next_id, 'method': method,
                              'params': params}))
        while True:
            reply = json.loads(self.recv())
            if reply.get('id') == self.next_id:
                if 'error' in reply:
                    raise OSError('%s: %s' % (method, reply['error']))
                return reply['result']


def png_colours(data):
    """The number of distinct colours of a PNG Chromium wrote (8-bit
    RGB or RGBA, not interlaced): a blank page has one."""
    import zlib
    pos, idat, width = 8, b'', 0
    while pos < len(data):
        n, kind = struct.unpack('!I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            width, height, depth, ctype = struct.unpack('!IIBB', body[:10])
            bpp = {2: 3, 6: 4}[ctype]
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    colours = set()
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 0xff
            elif f == 2:
                line[i] = (line[i] + b) & 0xff
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 0xff
        for x in range(0, stride, bpp):
            colours.add(bytes(line[x:x + 3]))
        prev = line
    return len(colours)


def evaluate(ws, expr):
    r = ws.call('Runtime.evaluate', expression=expr, returnByValue=True)
    if 'exceptionDetails' in r:
        raise OSError('script failed: %s' % r['exceptionDetails'])
    return r['result'].get('value')


BARS = '''Array.prototype.map.call (document.querySelectorAll ('g.f'),
  function (g) { var r = g.querySelector ('rect');
    return [g.getAttribute ('data-n'), +r.getAttribute ('x'),
            +r.getAttribute ('width'), g.style.display !== 'none',
            g.querySelector ('text').textContent]; })'''


def main():
    chromium, path, frame, pattern, png = sys.argv[1:6]
    prof = tempfile.mkdtemp(prefix='chromium-')
    proc = subprocess.Popen(
        [chromium, '--headless', '--no-sandbox', '--disable-gpu',
         '--remote-debugging-port=0', '--user-data-dir=' + prof,
         '--window-size=1200,800', '--no-first-run',
         'file://' + os.path.abspath(path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(prof, 'DevToolsActivePort')
        for _ in range(600):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        ws_url = None
        for _ in range(300):
            pages = json.load(urllib.request.urlopen(
                'http://127.0.0.1:%s/json/list' % port))
            ws_url = next((p['webSocketDebuggerUrl'] for p in pages
                           if p['type'] == 'page'
                           and p['url'].startswith('file:')), None)
            if ws_url:
                break
            time.sleep(0.1)
        ws = WebSocket(ws_url)
        for _ in range(300):
            # The page target may still show the blank document it
            # starts with: wait for the SVG, loaded.
            if evaluate(ws, "document.contentType === 'image/svg+xml' && "
                        "document.readyState === 'complete'"):
                break
            time.sleep(0.1)
        out = {'before': evaluate(ws, BARS),
               'title': evaluate(ws, "document.getElementById ('title')"
                                 ".textContent"),
               'facts': evaluate(ws, "document.getElementById ('facts')"
                                 ".textContent")}
        size = evaluate(ws, "[+document.documentElement.getAttribute "
                        "('width'), +document.documentElement.getAttribute "
                        "('height')]")
        clip = {'x': 0, 'y': 0, 'width': size[0], 'height': size[1],
                'scale': 1}
        shot = ws.call('Page.captureScreenshot', format='png', clip=clip)
        with open(png, 'wb') as f:
            f.write(base64.b64decode(shot['data']))
        out['colours'] = png_colours(base64.b64decode(shot['data']))
        box = evaluate(ws, '''(function () {
          var best = null, bw = -1;
          document.querySelectorAll ('g.f').forEach (function (g) {
            var r = g.querySelector ('rect').getBoundingClientRect ();
            if (g.getAttribute ('data-n') === %s && r.width > bw) {
              best = r; bw = r.width; } });
          return best && [best.x + best.width / 2, best.y + best.height / 2];
        }) ()''' % json.dumps(frame))
        if not box:
            raise OSError('no bar named %s' % frame)
        out['clicked_at'] = box
        for kind in ('mouseMoved', 'mousePressed', 'mouseReleased'):
            ws.call('Input.dispatchMouseEvent', type=kind, x=box[0],
                    y=box[1], button='left', clickCount=1)
        out['after'] = evaluate(ws, BARS)
        shot = ws.call('Page.captureScreenshot', format='png', clip=clip)
        with open(png[:-4] + '-zoomed.png', 'wb') as f:
            f.write(base64.b64decode(shot['data']))
        out['details'] = evaluate(ws, "document.getElementById "
                                  "('details').textContent")
        out['searched'] = evaluate(ws, 'search (%s)' % json.dumps(pattern))
        out['matched'] = evaluate(ws, "document.getElementById "
                                  "('matched').textContent")
        print(json.dumps(out))
    except (OSError, ValueError, TypeError, StopIteration) as e:
        print('browser-click: %s' % e, file=sys.stderr)
        sys.exit(99)
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(prof, ignore_errors=True)


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
# cdp.py - headless Chromium driven through its DevTools protocol, for
# the tests of the views (browser-click.py, speedscope-browser.py).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The protocol runs over a WebSocket; a minimal client (RFC 6455: text
# frames, client frames masked) is written here so that nothing but
# Python's standard library is needed.

import base64, json, os, shutil, socket, struct, subprocess
import tempfile, time, urllib.request


class WebSocket:
    def __init__(self, url):
        rest = url.split('://', 1)[1]
        hostport, path = rest.split('/', 1)
        host, port = hostport.split(':')
        self.s = socket.create_connection((host, int(port)), timeout=300)
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



class Browser:
    """Chromium, headless, showing URL; .ws is the page's protocol
    connection.  Use as a context manager: the browser is killed and
    its profile directory removed on the way out.

    Every wait here is a bound against a hang, never reached when all
    is well: beside the tests of a busy two-core machine Chromium took
    4 s to start and 2 to 3 s to show a page, and the bounds are a
    hundred times that (they were 10 to 60 s)."""

    def __init__(self, chromium, url):
        self.prof = tempfile.mkdtemp(prefix='chromium-')
        self.proc = subprocess.Popen(
            [chromium, '--headless', '--no-sandbox', '--disable-gpu',
             '--remote-debugging-port=0', '--user-data-dir=' + self.prof,
             '--window-size=1200,800', '--no-first-run', url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.ws = None

    def __enter__(self):
        port_file = os.path.join(self.prof, 'DevToolsActivePort')
        for _ in range(6000):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        ws_url = None
        for _ in range(3000):
            pages = json.load(urllib.request.urlopen(
                'http://127.0.0.1:%s/json/list' % port))
            ws_url = next((p['webSocketDebuggerUrl'] for p in pages
                           if p['type'] == 'page'
                           and p['url'].startswith('file:')), None)
            if ws_url:
                break
            time.sleep(0.1)
        if not ws_url:
            raise OSError('no page in Chromium')
        self.ws = WebSocket(ws_url)
        return self

    def wait_for(self, expr, tries=3000):
        """Polls EXPR until it is true; returns its last value."""
        v = None
        for _ in range(tries):
            v = evaluate(self.ws, expr)
            if v:
                break
            time.sleep(0.1)
        return v

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.wait()
        shutil.rmtree(self.prof, ignore_errors=True)
        return False

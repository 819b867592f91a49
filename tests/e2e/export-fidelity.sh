#!/bin/sh
# export-fidelity.sh - the exports keep what the text keeps (issue 22,
# item 6): the Callgrind export with --objects writes one ob= per
# object, with its real path and its own addresses (inside its code,
# as objdump of that file shows it); callgrind_annotate prints no
# warning when a function has calls but no samples; JSON is valid
# UTF-8 whatever the symbols' names.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
command -v python3 >/dev/null || need_tool "python3" "the checkers are Python"
TOOLS=$top_srcdir/tests/tools
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

# --- Callgrind with --objects: one ob= per object, its own addresses.
cat >m.c <<'EOS'
#include <math.h>
#include <stdio.h>
double trig (double x) { double s = 0; int i;
	for (i = 0; i < 3000000; i++) s += sin (x + i) * cos (i); return s; }
int main (void) { printf ("%f\n", trig (1)); return 0; }
EOS
RT_LIBS=-lm rt_cc prog m.c -O1 -pg -g
mkdir run && (cd run && ../prog >/dev/null) || hard_error "prog failed"
"$GPROF" -b --objects prog run/gmon.out --export=callgrind:cg.out \
	>/dev/null 2>err || bad "gprof --objects failed: $(cat err)"
check "Callgrind file" python3 "$TOOLS/callgrind-check.py" cg.out
obs=$(sed -n 's/^c\{0,1\}ob=([0-9]*) //p' cg.out)
nobs=$(echo "$obs" | sort -u | wc -l)
check "one ob= per object ($nobs: $(echo $obs))" [ "$nobs" -eq "$(echo "$obs" | wc -l)" ]
echo "$obs" | grep -q 'libm\.so\.6$' || bad "no ob= for libm: $(echo $obs)"
# Each object's cost lines lie in its own executable segments (as
# readelf shows them), none at the model's addresses (2^40 apart).
check "each object's cost lines are at its own code's addresses" python3 - cg.out <<'PY'
import re, subprocess, sys
obs, cur, costs = {}, None, {}
for line in open (sys.argv[1]):
    m = re.match (r"^(c?)ob=\((\d+)\)(?: (.*))?$", line.rstrip ("\n"))
    if m:
        if m.group (3):
            obs[m.group (2)] = m.group (3)
        if not m.group (1):
            cur = m.group (2)
        continue
    if line.startswith ("0x") and cur:
        costs.setdefault (cur, []).append (int (line.split ()[0], 16))
bad = 0
for ob, addrs in costs.items ():
    segs = []
    for l in subprocess.run (["readelf", "-lW", obs[ob]], capture_output = True,
                             text = True).stdout.splitlines ():
        f = l.split ()
        if f and f[0] == "LOAD" and "E" in f[6:-1]:
            segs.append ((int (f[2], 16), int (f[2], 16) + int (f[5], 16)))
    out = [hex (a) for a in addrs if not any (lo <= a < hi for lo, hi in segs)]
    print ("%s: %d cost lines, %d outside its code %s" % (obs[ob], len (addrs), len (out), out[:3]))
    bad += len (out) > 0 or not segs
sys.exit (bad != 0 or len (costs) < 2)
PY

# --- Every cost line at the start of an instruction, as objdump decodes
# the function from its first byte (KCachegrind's machine-code view
# runs objdump, and shows "There are cost lines without machine code"
# otherwise): glibc's bins are about 4 bytes, not instructions.  Half a
# second of samples, so that many bins of the loop have some.
cat >ins.c <<'EOS'
volatile double sink;
double mix (long n) { double s = 0; long i;
	for (i = 0; i < n; i++) s += (double) (i * 7 % 13) / (1 + (i & 3)); return s; }
int main (void) { sink = mix (400000000); return 0; }
EOS
$CC -pg -O2 -g -o ins ins.c || hard_error "cannot build ins"
mkdir ins.run && (cd ins.run && ../ins) || hard_error "ins failed"
"$GPROF" ins ins.run/gmon.out --export=callgrind:ins.cg >/dev/null 2>&1 ||
	bad "gprof --export=callgrind failed"
check "every cost line of mix is at an instruction's start" python3 - ins ins.cg <<'PY'
import re, subprocess, sys
exe, cg = sys.argv[1], sys.argv[2]
syms = {}
for l in subprocess.run (["nm", "-S", "--defined-only", exe], capture_output = True,
                         text = True).stdout.splitlines ():
    f = l.split ()
    if len (f) == 4 and f[2] in "tT":
        syms[f[3]] = (int (f[0], 16), int (f[0], 16) + int (f[1], 16))
names, cur, costs = {}, None, {}
for l in open (cg):
    m = re.match (r"^(c?)fn=\((\d+)\)(?: (.*))?$", l.rstrip ("\n"))
    if m:
        if m.group (3):
            names[m.group (2)] = m.group (3)
        if not m.group (1):
            cur = names.get (m.group (2))
        continue
    if l.startswith ("0x") and cur in syms:
        costs.setdefault (cur, set ()).add (int (l.split ()[0], 16))
bad = 0
for fn, addrs in costs.items ():
    lo, hi = syms[fn]
    out = subprocess.run (["objdump", "-d", "--start-address=%#x" % lo,
                           "--stop-address=%#x" % hi, exe],
                          capture_output = True, text = True).stdout
    starts = {int (m.group (1), 16) for m in re.finditer (r"^ *([0-9a-f]+):\t", out, re.M)}
    miss = sorted (a for a in addrs if a not in starts)
    print ("%s: %d cost addresses, %d not an instruction's start %s"
           % (fn, len (addrs), len (miss), [hex (a) for a in miss[:4]]))
    bad += len (miss)
sys.exit (bad != 0 or "mix" not in costs)
PY

# --- callgrind_annotate: a function with calls and no samples.
if command -v callgrind_annotate >/dev/null; then
	mkdir src && cd src || hard_error "mkdir"
	cat >one.c <<'EOS'
volatile long s;
void leaf (void) { long i; for (i = 0; i < 3000000; i++) s += i; }
void caller (void);
int main (void) { caller (); return 0; }
EOS
	cat >two.c <<'EOS'
void leaf (void);
void caller (void) { int i; for (i = 0; i < 100; i++) leaf (); }
EOS
	rt_cc two one.c two.c -O1 -pg -g
	./two || hard_error "two failed"
	"$GPROF" two gmon.out --export=callgrind:../two.cg >/dev/null 2>&1 ||
		bad "gprof --export=callgrind failed"
	cd ..
	# From another directory (a reader bug otherwise: see export-lib.sh).
	mkdir elsewhere
	(cd elsewhere && callgrind_annotate --inclusive=yes --tree=caller \
		../two.cg >../ann.out 2>../ann.err)
	check "callgrind_annotate succeeds" [ $? -eq 0 ]
	quiet_stderr "callgrind_annotate --inclusive=yes --tree=caller" ann.err
	grep -q 'two\.c' ann.out || bad "two.c is not annotated: $(head ann.out)"
else
	partial_skip "callgrind_annotate is not installed (package valgrind)"
fi

# --- JSON: symbol names that are not UTF-8.
cat >names.c <<'EOS'
volatile long s;
void badXname (void) { long i; for (i = 0; i < 20000000; i++) s += i; }
void cafQQ (void) { long i; for (i = 0; i < 20000000; i++) s += i; }
int main (void) { badXname (); cafQQ (); return 0; }
EOS
rt_cc names names.c -O1 -pg
python3 - <<'PY' || hard_error "cannot patch the names"
d = bytearray (open ("names", "rb").read ())
for old, new in ((b"badXname\0", b"bad\xe9name\0"), (b"cafQQ\0", b"caf\xc3\xa9\0")):
    i = d.find (old)
    assert i >= 0, old
    d[i:i + len (old)] = new
open ("names", "wb").write (bytes (d))
PY
mkdir nrun && (cd nrun && ../names) || hard_error "names failed"
"$GPROF" -b -p names nrun/gmon.out --export=json:names.json >flat.txt 2>err ||
	bad "gprof --export=json failed: $(cat err)"
check "JSON: valid UTF-8 and JSON, the names kept or replaced" python3 -c "
import json, sys
d = json.loads (open ('names.json', 'rb').read ().decode ('utf-8', 'strict'))
names = {f['name'] for f in d['functions']}
sys.exit (not ('bad\ufffdname' in names and 'caf\u00e9' in names))"
check "JSON: its schema's checker takes it" python3 "$TOOLS/json-schema-check.py" \
	--gprof "$top_srcdir/doc/gprof-json.schema.json" names.json
finish

#!/bin/sh
# gprof-objects-zlib.sh - gprof --objects on a real stripped library
# (issue 28): the system's zlib keeps only its exported symbols, and
# most of a compressor's time is in its static functions.  No
# exported function of zlib may hold time that zlib's own unwind
# tables (its FDEs, read here by readelf, not by gprof) put in another
# function; the time of each function named libz.so.1+0xADDRESS is
# that of the FDE starting at ADDRESS; and zlib's time adds up.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
[ -x "$GPROF" ] || hard_error "gprof was not built ($GPROF)"
command -v python3 >/dev/null || need_tool python3 "the check is Python"
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

# libz.so.1, as the loader finds it (zlib1g: on every Debian system).
RT_LIBS=-l:libz.so.1 rt_cc zprog "$PROGRAMS/objects-zlib.c" -O2 -pg
run_prog ./zprog 100 >out 2>err || hard_error "the program failed: $(cat err)"
libz=$("$GMONDUMP" gmon.out-objs/objects.gmonx |
	sed -n 's/^object .* file=libz\.so\.1\.gmon .* path=\(.*\)$/\1/p')
[ -n "$libz" ] || hard_error "no samples of libz.so.1: $("$GMONDUMP" gmon.out-objs/objects.gmonx)"
ok "zlib is $libz"
if nm "$libz" 2>&1 | grep -q 'no symbols'; then
	ok "it is stripped"
else
	ok "it has its symbols (then the rule holds trivially)"
fi

"$GPROF" -b -p --objects zprog gmon.out --export=json:z.json >flat.txt \
	2>flat.err || hard_error "gprof --objects failed: $(cat flat.err)"
echo "--- gprof -b -p --objects (top)"; head -20 flat.txt; cat flat.err

readelf --debug-dump=frames "$libz" 2>/dev/null |
	sed -n 's/.*FDE cie=[0-9a-f]* pc=\([0-9a-f]*\)\.\.\([0-9a-f]*\)$/\1 \2/p' >fdes.txt
[ -s fdes.txt ] || hard_error "readelf finds no FDE in $libz"
nm -D -S --defined-only "$libz" | awk 'NF == 4 && $3 ~ /^[TtWi]$/ { sub (/@.*/, "", $4); print $1, $2, $4 }' >exported.txt
"$GMONDUMP" gmon.out-objs/libz.so.1.gmon | awk '/^  0x/ { print $1, $2 }' >bins.txt

python3 - "$libz" >check.txt 2>&1 <<'EOF'
import json, sys

fdes = sorted((int(a, 16), int(b, 16)) for a, b in
              (l.split() for l in open("fdes.txt")))
exported = {}
for l in open("exported.txt"):
    a, s, n = l.split()
    exported[n] = (int(a, 16), int(s, 16))
bins = [(int(a, 16), int(c)) for a, c in (l.split() for l in open("bins.txt"))]
total = sum(c for a, c in bins)
d = json.load(open("z.json"))
rows = {f["name"]: f["self_samples"] for f in d["functions"]
        if f["name"].endswith("@libz.so.1") or f["name"].startswith("libz.so.1+")}

def fde_at(addr):
    for lo, hi in fdes:
        if lo == addr:
            return lo, hi
    return None

def in_range(lo, hi):
    # A bin is 4 bytes: those that start inside the range.
    return sum(c for a, c in bins if lo <= a < hi)

fail = 0
hidden = total - sum(in_range(*fde_at(a)) for n, (a, s) in exported.items()
                     if fde_at(a))
print("libz: %d samples, %d outside its exported functions' FDEs"
      % (total, hidden))
for name, got in sorted(rows.items(), key=lambda r: -r[1]):
    if got == 0:
        continue
    if name.endswith("@libz.so.1"):
        base = name[:-len("@libz.so.1")]
        if base not in exported:
            print("ok: %s (not exported: from a debugging file) %d" % (name, got))
            continue
        a, s = exported[base]
        r = fde_at(a)
        own = in_range(*r) if r else in_range(a, a + max(s, 1))
        where = "FDE %#x..%#x" % r if r else "no FDE"
        verdict = "ok" if got <= own + 2 else "FAIL"
        print("%s: %s holds %d samples, its own (%s) %d"
              % (verdict, name, got, where, own))
        fail += verdict == "FAIL"
    else:
        addr = int(name[len("libz.so.1+"):], 16)
        r = fde_at(addr)
        if r:
            own = in_range(*r)
            verdict = "ok" if abs(got - own) <= 2 else "FAIL"
            print("%s: %s holds %d samples, its FDE %#x..%#x %d"
                  % (verdict, name, got, r[0], r[1], own))
            fail += verdict == "FAIL"
        else:
            print("ok: %s (code no FDE covers) %d" % (name, got))
shown = sum(rows.values())
verdict = "ok" if abs(shown - total) <= 2 else "FAIL"
print("%s: zlib's functions hold %d samples of its %d" % (verdict, shown, total))
fail += verdict == "FAIL"
sys.exit(1 if fail else 0)
EOF
st=$?
cat check.txt
check "no exported zlib function holds time of another FDE's" test $st = 0
hidden=$(sed -n 's/^libz: \([0-9]*\) samples, \([0-9]*\) outside.*/\2 \1/p' check.txt)
set -- $hidden
[ $# = 2 ] && [ "$1" -gt $(($2 / 2)) ] ||
	hard_error "zlib's hidden functions got too few samples to check anything ($hidden)"
finish

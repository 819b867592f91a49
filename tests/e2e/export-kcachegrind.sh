#!/bin/sh
# export-kcachegrind.sh - KCachegrind itself loads the Callgrind exports
# (plain, line by line, gzip'ed) without a loader message; and its own
# views, read through the accessibility interface as a screen reader
# reads them (tests/tools/kcachegrind-view.py), show what the files
# say (issue 22, item 6): the "Machine Code" tab of every function
# checked, of the program alone, with -l, and with --objects of
# libraries' functions, has an instruction at each cost line and no
# "There are N cost lines without machine code" banner (a file whose
# cost lines are off the instructions' starts gets it); the "Source
# Code" tab of a library's function shows its lines with their costs.
# Skipped unless KCachegrind, Xvfb, dbus-run-session, xwininfo and
# Python's pyatspi are installed (Debian: kcachegrind xvfb dbus
# x11-utils python3-pyatspi at-spi2-core).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"
for t in kcachegrind Xvfb dbus-run-session xwininfo objdump; do
	command -v $t >/dev/null || need_tool "$t (packages kcachegrind xvfb dbus x11-utils binutils; .ci/run installs them)" \
		"KCachegrind reads our files under a virtual X server"
done
# The accessibility interface's Python module is Debian's, for
# Debian's python3 (which another python3 first on PATH may not be).
ATSPI_PY=
for py in python3 /usr/bin/python3; do
	if command -v "$py" >/dev/null &&
		"$py" -c 'import pyatspi' 2>/dev/null; then
		ATSPI_PY=$py
		break
	fi
done
[ -n "$ATSPI_PY" ] || need_tool "pyatspi (packages python3-pyatspi at-spi2-core; .ci/run installs them)" \
	"KCachegrind's views are read through the accessibility interface"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

xvfb= runner=
stop_all () {
	[ -f kc.pid ] && kill "$(cat kc.pid)" 2>/dev/null
	[ -n "$runner" ] && wait "$runner" 2>/dev/null
	[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null
	xvfb= runner=
	rm -f kc.pid
}
trap 'stop_all; cleanup' EXIT

demo_build syn glibc
demo_synth syn
mkdir plain lines gz
"$GPROF" --export=callgrind:plain/callgrind.out.syn syn/demo syn/synth.gmon \
	2>/dev/null || bad "export failed"
"$GPROF" -l --export=callgrind:lines/callgrind.out.lines syn/demo \
	syn/synth.gmon 2>/dev/null || bad "-l export failed"
"$GPROF" --export=callgrind:gz/callgrind.out.gz.gz syn/demo syn/synth.gmon \
	2>/dev/null || bad "gzip export failed"

# A display of its own (which must not reset when its last client
# goes), and a configuration without the tip of the day.
Xvfb -displayfd 3 -noreset -screen 0 1024x768x24 3>display.txt >xvfb.log 2>&1 &
xvfb=$!
i=0
while [ ! -s display.txt ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s display.txt ] || hard_error "Xvfb did not start: $(cat xvfb.log)"
DISPLAY=:$(cat display.txt)
XDG_CONFIG_HOME=$work/config
export DISPLAY XDG_CONFIG_HOME
mkdir -p config && printf '[TipOfDay]\nRunOnStart=false\n' >config/kcachegrindrc

# A file with an undefined compressed name, which the check must catch.
mkdir bad
sed 's/^cfn=(2)$/cfn=(99)/' plain/callgrind.out.syn >bad/callgrind.out.bad

for f in plain/callgrind.out.syn lines/callgrind.out.lines \
	gz/callgrind.out.gz.gz bad/callgrind.out.bad; do
	dbus-run-session -- sh -c 'kcachegrind "$1" & echo $! >kc.pid; wait' \
		sh "$work/$f" >kc.log 2>&1 &
	runner=$!
	# Loaded when its window is titled with the file (a UTF-8 title,
	# which xwininfo cannot print in the C locale).  The waits are
	# bounds against a hang, never reached when all is well: a busy
	# machine may take many seconds to start KCachegrind.
	i=0 loaded=no
	while [ $i -lt 1200 ]; do
		if LC_ALL=C.UTF-8 xwininfo -root -tree 2>/dev/null |
			grep -q "\"$work/$f \[.*KCachegrind\""; then
			loaded=yes
			break
		fi
		sleep 0.1
		i=$((i + 1))
	done
	# Its loader's complaint about the bad file, as it comes.
	case $f in
	bad/*)	i=0
		while [ $i -lt 600 ] && ! grep -q 'Loading "' kc.log; do
			sleep 0.1
			i=$((i + 1))
		done ;;
	esac
	sleep 0.5
	[ -f kc.pid ] && kill "$(cat kc.pid)" 2>/dev/null
	wait "$runner" 2>/dev/null
	runner=
	rm -f kc.pid
	msg=$(grep 'Loading "' kc.log)
	case $f,$loaded,$msg in
	bad/*,yes,*Undefined*) ok "KCachegrind complains about $f: $msg" ;;
	bad/*) bad "KCachegrind and $f: loaded=$loaded, no complaint" ;;
	*,yes,) ok "KCachegrind loads $f without a loader message" ;;
	*) bad "KCachegrind and $f: loaded=$loaded $msg" ;;
	esac
done

# --- KCachegrind's views.  view_check LABEL CGFILE FUNCTION N [source]:
# the views of case N (read below) checked against CGFILE.
view_check () {
	_src=
	[ "${5:-}" = source ] && _src=views/$4.source
	python3 "$TOOLS/kcachegrind-view-check.py" "$2" "$3" views/$4.instr \
		$_src >views/$4.check 2>&1
	_rc=$?
	# Its loader says nothing about our file.
	grep 'Loading "' views/$4.log >>views/$4.check && _rc=1
	sed 's/^/    /' views/$4.check
	if [ $_rc -eq 0 ]; then
		ok "$1: $3: KCachegrind's views show every cost line${5:+ and source line}"
	else
		bad "$1: $3: KCachegrind's views (case $4): $(head -1 views/$4.check)"
	fi
}

# The Callgrind files: the program alone (the synthetic profile, whose
# bins start anywhere, and -l) and with --objects, of a library of
# ours built -pg -g and of the C library's libm.
lib_build lib
mkdir libcg nogcg mcg
"$GPROF" --objects -b -p --export=callgrind:libcg/callgrind.out.lib \
	lib/prog lib/gmon.out >lib.flat 2>lib.err ||
	bad "--objects export failed: $(cat lib.err)"
lib_build nog -g0
"$GPROF" --objects --export=callgrind:nogcg/callgrind.out.nog nog/prog \
	nog/gmon.out >/dev/null 2>&1 || bad "--objects export (no -g) failed"
# trig's own loop has some 5% of the samples: 20 million rounds (some
# 0.4 s) give it a few dozen, never none (3 million gave it 3, and
# sometimes 0 on a busy machine).
cat >m.c <<'EOS'
#include <math.h>
#include <stdio.h>
double trig (double x) { double s = 0; int i;
	for (i = 0; i < 20000000; i++) s += sin (x + i) * cos (i); return s; }
int main (void) { printf ("%f\n", trig (1)); return 0; }
EOS
RT_LIBS=-lm rt_cc mprog m.c -O1 -pg -g
mkdir mrun && (cd mrun && ../mprog >/dev/null) || hard_error "mprog failed"
"$GPROF" --objects -b -p --export=callgrind:mcg/callgrind.out.m mprog \
	mrun/gmon.out >m.flat 2>m.err || bad "libm export failed: $(cat m.err)"
libm_fn=$(awk '$NF ~ /@libm\.so\.6$/ { print $NF; exit }' m.flat)
[ -n "$libm_fn" ] || hard_error "no libm function in the flat profile"

# A file whose cost lines are off the instructions' starts: leaf's
# self cost, from the synthetic profile's file, moved to the second
# byte of three of its instructions (KCachegrind counts all but the
# last in its banner).
mkdir offstart
check "a file with cost lines off the instructions' starts" python3 - \
	syn/demo plain/callgrind.out.syn offstart/callgrind.out.off <<'PY'
import re, subprocess, sys
exe, src, dst = sys.argv[1:4]
lo = hi = None
for l in subprocess.run (["nm", "-S", exe], capture_output = True,
                         text = True).stdout.splitlines ():
    f = l.split ()
    if len (f) == 4 and f[3] == "leaf":
        lo, hi = int (f[0], 16), int (f[0], 16) + int (f[1], 16)
out = subprocess.run (["objdump", "-d", "--start-address=%#x" % lo,
                       "--stop-address=%#x" % hi, exe],
                      capture_output = True, text = True).stdout
starts = sorted (int (m.group (1), 16)
                 for m in re.finditer (r"^ *([0-9a-f]+):\t", out, re.M))
mid = [a + 1 for a, b in zip (starts, starts[1:]) if b - a > 1][:3]
assert len (mid) == 3, starts
lines, fn, done, after_calls, names = [], None, False, False, {}
for l in open (src):
    m = re.match (r"^(c?fn)=\((\d+)\)(?: (.*))?$", l.rstrip ("\n"))
    if m:
        if m.group (3):
            names[m.group (2)] = m.group (3)
        if m.group (1) == "fn":
            fn = names[m.group (2)]
        lines.append (l)
        continue
    if fn == "leaf" and re.match (r"^0x[0-9a-f]+ \d+ ", l) and not after_calls:
        if not done:
            f = l.split ()
            lines += ["%#x %s 1000\n" % (a, f[1]) for a in mid]
            done = True
        continue
    after_calls = l.startswith ("calls=")
    lines.append (l)
open (dst, "w").writelines (lines)
print ("leaf's cost lines at", [hex (a) for a in mid])
PY

# Every case in one D-Bus session on the display, each a KCachegrind of
# its own (kcachegrind-view.py: the function and tabs restored from the
# configuration, as KCachegrind restores a profile's last state).
mkdir views
set -- \
	plain/callgrind.out.syn leaf plain/callgrind.out.syn spin \
	plain/callgrind.out.syn work plain/callgrind.out.syn main \
	plain/callgrind.out.syn is_even \
	lines/callgrind.out.lines leaf lines/callgrind.out.lines spin \
	libcg/callgrind.out.lib lib_helper@libwork.so \
	libcg/callgrind.out.lib lib_spin@libwork.so \
	libcg/callgrind.out.lib main \
	mcg/callgrind.out.m "$libm_fn" mcg/callgrind.out.m trig \
	offstart/callgrind.out.off leaf \
	nogcg/callgrind.out.nog lib_helper@libwork.so
dbus-run-session -- "$ATSPI_PY" "$TOOLS/kcachegrind-view.py" views "$@" \
	>views.out 2>views.err
rc=$?
cat views.out
[ $rc -eq 0 ] || bad "kcachegrind-view.py: exit $rc: $(grep -v -i dbus views.err | tail -3)"
view_check "program alone" plain/callgrind.out.syn leaf 1 source
view_check "program alone" plain/callgrind.out.syn spin 2
view_check "program alone" plain/callgrind.out.syn work 3
view_check "program alone" plain/callgrind.out.syn main 4
view_check "program alone" plain/callgrind.out.syn is_even 5
view_check "-l" lines/callgrind.out.lines leaf 6 source
view_check "-l" lines/callgrind.out.lines spin 7
view_check "--objects" libcg/callgrind.out.lib lib_helper@libwork.so 8 source
view_check "--objects" libcg/callgrind.out.lib lib_spin@libwork.so 9
view_check "--objects" libcg/callgrind.out.lib main 10 source
view_check "--objects, libm" mcg/callgrind.out.m "$libm_fn" 11
view_check "--objects, libm" mcg/callgrind.out.m trig 12 source
# The check fails where KCachegrind complains: its banner on the file
# off the instructions' starts, its missing source without lines.
if python3 "$TOOLS/kcachegrind-view-check.py" offstart/callgrind.out.off \
	leaf views/13.instr >views/13.check 2>&1; then
	bad "the cost lines off the instructions' starts pass: $(cat views/13.check)"
elif grep -q 'There are 2 cost lines without machine code' views/13.instr; then
	ok "KCachegrind's banner on the file off the starts: $(grep 'without machine code' views/13.instr | cut -f7)"
else
	bad "no banner for the file off the instructions' starts: $(cat views/13.check)"
fi
if python3 "$TOOLS/kcachegrind-view-check.py" nogcg/callgrind.out.nog \
	lib_helper@libwork.so views/14.instr views/14.source \
	>views/14.check 2>&1; then
	bad "a library without lines passes the source check"
elif grep -q 'no debug information' views/14.check; then
	ok "KCachegrind says a library without -g has no source: $(grep -m1 'no debug' views/14.check)"
else
	bad "the library without lines: $(cat views/14.check)"
fi
stop_all

finish

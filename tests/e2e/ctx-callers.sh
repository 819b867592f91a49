#!/bin/sh
# ctx-callers.sh - with calling contexts (GMON_CONTEXT) and --objects,
# a library function libgmon counts no call of (libm's sin, libc's
# qsort) is attached to the -pg function that called it, in the text
# call graph and in the Callgrind export, as in the JSON tree: not
# <spontaneous>, and main's time holds the whole run; both say the
# times are measured (issue 22, item 5).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
command -v python3 >/dev/null || need_tool "python3" "the checkers are Python"
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
TOOLS=$top_srcdir/tests/tools

cat >m.c <<'EOS'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
double trig (double x) { double s = 0; int i;
	for (i = 0; i < 20000000; i++) s += sin (x + i) * cos (i); return s; }
int own (long n) { volatile long s = 0; long i;
	for (i = 0; i < n; i++) s += i; return (int) s; }
int main (void) { printf ("%f %d\n", trig (1), own (20000000)); return 0; }
EOS
RT_LIBS=-lm rt_cc prog m.c -O1 -pg -g
GMON_CONTEXT=64 ./prog >/dev/null || hard_error "prog failed"
"$GPROF" -b -q --objects prog gmon.out --export=callgrind:cg.out \
	>graph.txt 2>err || bad "gprof failed: $(cat err)"
quiet_stderr "gprof" err
grep -q '^children times measured from calling contexts' graph.txt ||
	bad "the call graph does not say its times are measured"

# libm's entries: each called by trig, none spontaneous.
libm=$(awk '/^\[[0-9]+\]/ && /@libm\.so\.6 \[/ { n = $(NF-1); print n }' graph.txt | sort -u)
[ -n "$libm" ] || hard_error "no libm function in the call graph: $(head -30 graph.txt)"
for f in $libm; do
	if [ -n "$(graph_line graph.txt "$f" parent trig)" ]; then
		ok "$f: called by trig"
	else
		bad "$f: not called by trig"
		awk -v f="$f" '$0 ~ f' graph.txt | head -5
	fi
	awk -v f="$f" '
	/^-+$/ { if (hit && sp) bad = 1; hit = 0; sp = 0; next }
	/<spontaneous>/ { sp = 1 }
	/^\[/ && index ($0, f " [") { hit = 1 }
	END { exit bad }' graph.txt || bad "$f: <spontaneous>"
done
# main holds the run: trig's libm time is in its children.
main_pct=$(awk '/^\[[0-9]+\]/ && $(NF-1) == "main" { print int ($2) }' graph.txt)
check "main holds the run ($main_pct%)" [ "${main_pct:-0}" -ge 90 ]
trig_pct=$(awk '/^\[[0-9]+\]/ && $(NF-1) == "trig" { print int ($2) }' graph.txt)
check "trig holds libm's time ($trig_pct%)" [ "${trig_pct:-0}" -ge 50 ]
graph_bounded "call graph" graph.txt

# Callgrind: the same calls, measured; a file its checker takes.
check "Callgrind file" python3 "$TOOLS/callgrind-check.py" cg.out
check "Callgrind says the call costs are measured" \
	grep -q '^desc: Measured: ' cg.out
total=$(sed -n 's/^summary: //p' cg.out)
cost=$(awk -v caller=trig '
	function name (s,  id) {
		id = s; sub (/^\(/, "", id); sub (/\).*/, "", id)
		if (s ~ /\) /) { sub (/^\([0-9]+\) /, "", s); fn[id] = s }
		return fn[id]
	}
	/^fn=/ { cur = name(substr($0, 4)); next }
	/^cfn=/ { cf = name(substr($0, 5)); next }
	/^calls=/ { want = 1; next }
	want { if (cur == caller && cf ~ /@libm\.so\.6$/) sum += $3; want = 0 }
	END { print sum + 0 }' cg.out)
share "Callgrind: trig's calls into libm" "$cost" "$total" 0.4 1.0
main_cost=$(awk '
	function name (s,  id) {
		id = s; sub (/^\(/, "", id); sub (/\).*/, "", id)
		if (s ~ /\) /) { sub (/^\([0-9]+\) /, "", s); fn[id] = s }
		return fn[id]
	}
	/^fn=/ { cur = name(substr($0, 4)); next }
	/^calls=/ { want = 1; next }
	want { if (cur == "main") sum += $3; want = 0 }
	END { print sum + 0 }' cg.out)
share "Callgrind: main's calls hold the run" "$main_cost" "$total" 0.9 1.0

# Without contexts nothing changes: the estimated graph, as GNU's.
"$GPROF" -b -q --objects --no-contexts prog gmon.out >est.txt 2>/dev/null
for f in $libm; do
	check "--no-contexts: $f has no caller" \
		[ -z "$(graph_line est.txt "$f" parent trig)" ]
done
finish

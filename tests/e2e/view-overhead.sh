#!/bin/sh
# view-overhead.sh - libgmon's own time under gprof --objects (issue
# 28, item 2): a call-heavy program, most of whose time is mcount's.
# No report or export shows a function of libgmon: its time is one
# row, [profiling-overhead], which the flat profile and the call graph
# explain in a line; in the stacks (GMON_CONTEXT) it is a leaf over
# the function that called mcount, never a stack of its own; and
# --no-overhead leaves it out, the totals and percentages then of the
# rest, and says so.  Each export is read by its reader or checker.
# (The runtime's side, on every port: rt-overhead.sh.)
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
. "$top_srcdir/tests/e2e/view-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK \
	GMON_NEAR
command -v python3 >/dev/null || need_tool python3 "the checkers are Python"
command -v go >/dev/null ||
	need_tool go "go tool pprof reads the files (Debian golang-go)"
TOOLS=$top_srcdir/tests/tools
SCHEMA=$top_srcdir/doc/gprof-json.schema.json
OVH='[profiling-overhead]'

rt_cc calls.exe "$PROGRAMS/ctx-calls.c" -O2 -pg
(GMON_CONTEXT=64 ./calls.exe 35 >/dev/null) || hard_error "ctx-calls failed"

# exports OPTS...: every export into x$OPTS/ (the folded stacks, the
# flame graph, pprof, Callgrind, JSON, IgProf, aprof, DOT).
exports () {
	_d=x$*
	mkdir "$_d"
	"$GPROF" --objects "$@" calls.exe gmon.out \
		--export=folded:$_d/f.folded --export=flamegraph:$_d/fg.svg \
		--export=pprof:$_d/p.pb.gz --export=callgrind:$_d/cg.out \
		--export=json:$_d/j.json --export=igprof:$_d/ig.gz \
		--export=aprof:$_d/a.aprof --export=dot:$_d/g.dot \
		2>$_d/err || bad "gprof $* --export failed: $(cat $_d/err)"
	quiet_stderr "gprof --objects $* --export" $_d/err
	go tool pprof -traces $_d/p.pb.gz >$_d/traces.txt 2>$_d/pprof.err ||
		bad "$*: pprof -traces failed: $(cat $_d/pprof.err)"
	check "$*: Callgrind file" python3 "$TOOLS/callgrind-check.py" \
		$_d/cg.out
	check "$*: IgProf file" python3 "$TOOLS/igprof-check.py" $_d/ig.gz
	check "$*: aprof report" python3 "$TOOLS/aprof-check.py" $_d/a.aprof
	check "$*: JSON" python3 "$TOOLS/json-schema-check.py" --gprof \
		"$SCHEMA" $_d/j.json
	check "$*: DOT, read by dot" dot -Tsvg -o $_d/g.svg $_d/g.dot
}

# names DIR: the function names of every export in DIR, one a line,
# as each reader would show them.
names () {
	{
		awk '{ sub (/ [0-9]+$/, ""); n = split ($0, f, ";")
			for (i = 1; i <= n; i++) print f[i] }' "$1/f.folded"
		python3 -c "
import xml.etree.ElementTree as E
for g in E.parse ('$1/fg.svg').iter ('{http://www.w3.org/2000/svg}g'):
    if g.get ('data-n'): print (g.get ('data-n'))"
		awk '/^-+\+/ { body = 1; next }
			body && NF { sub (/^ *[0-9.]+[a-z]* +/, ""); sub (/^ +/, "")
				if ($0 !~ /^stacks:/) print }' "$1/traces.txt"
		sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$1/cg.out"
		python3 -c "
import json
for f in json.load (open ('$1/j.json'))['functions']: print (f['name'])"
		gzip -dc "$1/ig.gz" | sed -n 's/.*N=(\(.*\)))+.*/\1/p'
		sed -n 's/^r "\([^"]*\)".*/\1/p' "$1/a.aprof"
		sed -n 's/.*\[label="\([^\\"]*\).*/\1/p' "$1/g.dot"
	} | sort -u
}

# --- The flat profile and the call graph.
"$GPROF" -b -p --objects calls.exe gmon.out >flat.txt 2>err ||
	bad "gprof -p --objects failed: $(cat err)"
quiet_stderr "gprof -p --objects" err
echo "--- gprof -b -p --objects"; cat flat.txt
check "flat: no row of libgmon's functions" \
	sh -c "! awk 'NF >= 4 && \$1 ~ /^[0-9.]+\$/' flat.txt | grep -q libgmon"
ovh_pc=$(awk -v o="$OVH" '$NF == o { print $1 }' flat.txt)
ovh_s=$(flat_secs flat.txt "$OVH")
share "flat: $OVH holds a big share of a call-heavy run" "$ovh_pc" 100 \
	0.2 1.0
check "flat: a line says what $OVH is, with its share" grep -qx \
	"libgmon's own time (counting the calls, sampling) is \\$OVH: $ovh_pc%; --no-overhead leaves it out" \
	flat.txt
"$GPROF" -b -q --objects calls.exe gmon.out >graph.txt 2>err ||
	bad "gprof -q --objects failed: $(cat err)"
check "graph: no entry of libgmon's functions" \
	sh -c "! grep -e '@libgmon' -e '^ .*mcount' graph.txt"
check "graph: the line says what $OVH is" grep -q \
	"^libgmon's own time (counting the calls, sampling) is \\$OVH: $ovh_pc%" \
	graph.txt
# near DESC X Y: a check that X and Y, seconds printed to 0.01, agree.
near () {
	if awk -v x="$2" -v y="$3" 'BEGIN { d = x - y
		exit !(x != "" && y != "" && d <= 0.015 && d >= -0.015) }'; then
		ok "$1 ($2 s, $3 s)"
	else
		bad "$1 ($2 s, $3 s)"
	fi
}
fib_parent=$(graph_line graph.txt "$OVH" parent fib)
leaf_parent=$(graph_line graph.txt "$OVH" parent leaf)
echo "graph: $OVH under fib: $fib_parent; under leaf: $leaf_parent"
near "graph: fib and leaf, which call mcount, are its parents, with all its time" \
	"$(echo "$fib_parent $leaf_parent" | awk '{ print $1 + $3 }')" \
	"$ovh_s"
"$GPROF" -b -p --objects --threads calls.exe gmon.out >threads.txt 2>err ||
	bad "gprof --threads failed: $(cat err)"
check "--threads: the thread's flat profile has $OVH, no libgmon row" \
	sh -c "grep -q '\\$OVH\$' threads.txt && ! grep -q '@libgmon' threads.txt"

# --- Every export: the label, no function of libgmon; the stacks.
exports
names x >x/names.txt
for f in x/f.folded x/fg.svg x/traces.txt x/cg.out x/j.json x/ig.gz \
	 x/a.aprof x/g.dot; do
	check "$f: $OVH is in it" sh -c "gzip -dcf $f | grep -qF '$OVH'"
done
check "no export names a function of libgmon" \
	sh -c "! grep -e '@libgmon' -e '^mcount' -e '^mc_' x/names.txt"
echo "--- the stacks with $OVH:"; grep -F "$OVH" x/f.folded | sed 's/.*main;//'
fg_parse x/f.folded >x/fg.txt
total=$(head -n 1 x/fg.txt | cut -d' ' -f3)
ovh=$(awk -v o="$OVH" '$1 == "self" && $2 == o { print $3 }' x/fg.txt)
near "folded: $OVH's samples are the flat profile's time" \
	"$(awk -v n="$ovh" -v h="$(flat_hz flat.txt)" 'BEGIN { print n / h }')" \
	"$ovh_s"
check "folded: no stack starts with $OVH" \
	sh -c "! grep -q '^\\$OVH' x/f.folded"
check "folded: $OVH is always a leaf" \
	sh -c "! grep -qF '$OVH;' x/f.folded"
check "folded: fib's stacks have $OVH as a child (...;fib;$OVH)" \
	grep -q "^_start;.*;main;\(.*;\)*fib;\\$OVH [0-9]*\$" x/f.folded
under=$(awk -v o="$OVH" '{ n = $NF; s = $0; sub (/ [0-9]+$/, "", s)
	t = length (s) - length (o)
	if (t > 0 && substr (s, t + 1) == o && (substr (s, 1, t) ~ /(^|;)(fib|leaf);$/ \
	    || s ~ /;exit@libc\.so\.6;/))
		u += n } END { print u + 0 }' x/f.folded)
share "folded: $OVH is under fib or leaf, which called mcount (or exit)" "$under" \
	"$ovh" 0.98 1.0
# (Or, for a tick that came as libgmon wrote the profile, on the
# program's way out: under exit.)
check "flame graph: each $OVH bar lies on fib or leaf, nothing on it" \
	python3 -c "
import xml.etree.ElementTree as E
bars = [(int (g.get ('data-d')), int (g.get ('data-x')), int (g.get ('data-w')),
	 g.get ('data-n'))
	for g in E.parse ('x/fg.svg').iter ('{http://www.w3.org/2000/svg}g')
	if g.get ('data-n')]
def at (d, x, w):
    return [b for b in bars if b[0] == d and b[1] < x + w and x < b[1] + b[2]]
def stack (d, x, w):
    return [at (k, x, w)[0][3] for k in range (d - 1, -1, -1)]
o = [b for b in bars if b[3] == '$OVH']
assert o
for d, x, w, n in o:
    below = at (d - 1, x, w)
    assert d > 0 and len (below) == 1, (d, x, below)
    assert below[0][3] in ('fib', 'leaf') \\
        or 'exit@libc.so.6' in stack (d, x, w), (d, x, stack (d, x, w))
    assert not at (d + 1, x, w), (d, x)"
check "pprof: $OVH is the leaf of its traces, on fib or leaf" \
	awk -v o="$OVH" '
	function end () {
		if (k == 1 && f[1] == o) bad = 1
		if (k > 1 && f[1] == o && f[2] != "fib" && f[2] != "leaf" \
		    && !inexit) bad = 1
		k = 0; inexit = 0 }
	/^-+\+/ { end(); body = 1; next }
	!body || /stacks:/ { next }
	NF { sub (/^ *[0-9.]+[a-z]+ +/, ""); sub (/^ +/, ""); f[++k] = $0
		if ($0 == "exit@libc.so.6") inexit = 1
		if (k > 1 && $0 == o) bad = 1; if (f[1] == o) seen = 1 }
	END { end(); exit bad || !seen }' x/traces.txt

# --- --no-overhead: left out, and said so.
"$GPROF" -b -p --objects --no-overhead calls.exe gmon.out >noflat.txt \
	2>err || bad "gprof --no-overhead failed: $(cat err)"
quiet_stderr "gprof --no-overhead" err
echo "--- gprof -b -p --objects --no-overhead"; cat noflat.txt
check "--no-overhead: no $OVH row" sh -c \
	"! awk -v o='$OVH' '\$NF == o' noflat.txt | grep -q ."
check "--no-overhead: the header says the times exclude it" grep -qx \
	"the times exclude libgmon's own $ovh_s seconds, \\$OVH (--no-overhead): the percentages are of the rest" \
	noflat.txt
all=$(awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { c = $2 } END { print c }' flat.txt)
rest=$(awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { c = $2 } END { print c }' noflat.txt)
check "--no-overhead: the total is the rest ($all s - $ovh_s s = $rest s)" \
	awk -v a="$all" -v o="$ovh_s" -v r="$rest" \
	'BEGIN { d = a - o - r; exit !(d < 0.015 && d > -0.015) }'
check "--no-overhead: the percentages are of the rest (they add up to 100)" \
	awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { p += $1 }
		END { exit !(p > 99.5 && p < 100.5) }' noflat.txt
# fib's share: f / T with it, f / (T - o) without.
fib_pc=$(awk '$NF == "fib" { print $1 }' flat.txt)
fib_no=$(awk '$NF == "fib" { print $1 }' noflat.txt)
share "--no-overhead: fib's share is of the rest ($fib_pc% of all)" \
	"$fib_no" "$(awk -v f="$fib_pc" -v o="$ovh_pc" \
	'BEGIN { print f / (1 - o / 100) }')" 0.998 1.002
"$GPROF" -b -q --objects --no-overhead calls.exe gmon.out >nograph.txt 2>err
check "--no-overhead: the call graph neither shows it nor calls into it" \
	sh -c "! grep -v '^the times exclude' nograph.txt | grep -qF '$OVH'"
check "--no-overhead: the call graph's header says so" grep -q \
	"^the times exclude libgmon's own" nograph.txt
exports --no-overhead
names x--no-overhead >x--no-overhead/names.txt
check "--no-overhead: no export shows $OVH" \
	sh -c "! grep -qF '$OVH' x--no-overhead/names.txt"
fg_parse x--no-overhead/f.folded >x--no-overhead/fg.txt
check "--no-overhead: the stacks hold the rest ($total - $ovh samples)" \
	test "$(head -n 1 x--no-overhead/fg.txt | cut -d' ' -f3)" -eq \
	$((total - ovh))
check "--no-overhead: JSON counts it among the excluded samples" \
	python3 -c "
import json; t = json.load (open ('x--no-overhead/j.json'))['time']
assert t['excluded_samples'] == $ovh and t['total_samples'] == $total - $ovh, t"
check "--no-overhead: the flame graph says so" \
	grep -q "without libgmon's own .* (--no-overhead)" x--no-overhead/fg.svg
check "--no-overhead: pprof says so" \
	grep -q "left out: libgmon's own time" x--no-overhead/traces.txt
check "--no-overhead: DOT says so" \
	grep -q "libgmon's own time, \\$OVH (--no-overhead)" x--no-overhead/g.dot
"$GPROF" --objects --no-overhead --diff-base=gmon.out calls.exe gmon.out \
	>diff.txt 2>err || bad "--diff-base failed: $(cat err)"
check "--no-overhead: the diff says both sides are without it" grep -q \
	"^Both sides without libgmon's own time" diff.txt
"$GPROF" --objects --diff-base=gmon.out calls.exe gmon.out >diff2.txt
check "the diff: $OVH is a row, no function of libgmon" sh -c \
	"grep -q ' \\$OVH\$' diff2.txt && ! grep -q '@libgmon' diff2.txt"

# --- GNU gprof's report of the program alone stays GNU gprof's.
"$GPROF" -b --no-contexts calls.exe gmon.out >plain.txt 2>plain.err
gnu_gprof -b calls.exe gmon.out >gnu.txt 2>/dev/null
same_file "without --objects: GNU gprof's report" gnu.txt plain.txt
check "without --objects: the note calls libgmon's share its own time" \
	grep -q "libgmon.so.0 (libgmon's own time)" plain.err
finish

#!/bin/sh
# export-dot.sh - gprof --export=dot: Graphviz draws every file without
# a complaint; the thresholds leave out small nodes and arrows; cycles
# are clusters.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"
command -v dot >/dev/null || need_tool "dot (package graphviz)" "it reads our files"

# render NAME FILE: dot -Tsvg draws FILE with nothing on stderr.
render () {
	if dot -Tsvg "$2" -o "$2.svg" 2>"$2.err" && [ ! -s "$2.err" ] &&
		grep -q '<svg' "$2.svg"; then
		ok "$1: dot -Tsvg draws it"
	else
		bad "$1: dot -Tsvg: $(cat "$2.err")"
	fi
}

nodes () { grep -c '^ *n[0-9]* \[label=' "$1"; }
edges () { grep -c '^ *n[0-9]* -> n[0-9]* ' "$1"; }

# --- The synthesised profile (export-lib.sh).
demo_build syn glibc
demo_synth syn
"$GPROF" --export=dot:syn/d.dot --export=dot,node=0,edge=0:syn/all.dot \
	--export=dot,node=50:syn/big.dot --export=dot,edge=10:syn/e10.dot \
	syn/demo syn/synth.gmon 2>/dev/null || bad "gprof --export=dot failed"
for f in d all big e10; do
	render "synthesised $f" "syn/$f.dot"
done
# main, work, leaf, spin, and the cycle's is_even; is_odd (a member of
# the cycle) and fib have no time (0%): left out, as the caption says.
expect "default thresholds: nodes" "$(nodes syn/d.dot)" 5
expect "node=0: every function" "$(nodes syn/all.dot)" 7
expect "node=50: main, work, leaf" "$(nodes syn/big.dot)" 3
# main -> leaf carries 20.5 of 290 ms: 7%.
expect "edge=10: arrows" "$(edges syn/e10.dot)" $(( $(edges syn/d.dot) - 1 ))
grep -q 'subgraph "cluster_cycle1"' syn/d.dot &&
	ok "the cycle is a cluster" || bad "no cluster for the cycle"
grep -q 'calls in cycle' syn/all.dot && ok "calls within the cycle drawn" ||
	bad "no arrow within the cycle"
# No box under its threshold, cycle members included; the caption says
# what is left out, and what the boxes and arrows are.
for f in d:0.5 big:50; do
	under=$(awk -v min="${f#*:}" '/^ *n[0-9]+ \[label=/ {
		s = $0; sub (/.*\\ntotal /, "", s); sub (/%.*/, "", s)
		if (s + 0 < min) print }' "syn/${f%%:*}.dot")
	check "${f%%:*}.dot: no box under ${f#*:}%" [ -z "$under" ]
	grep -q "Left out: functions under ${f#*:}% of the time (members of cycles too)" "syn/${f%%:*}.dot" ||
		bad "${f%%:*}.dot: the caption does not say what is left out"
done
grep -q 'A box is a function, its total (self + children) and self time' syn/d.dot ||
	bad "the caption does not say what a box is"
grep -q 'are estimates' syn/d.dot && grep -q 'est\.)' syn/d.dot &&
	ok "estimates are marked" || bad "estimates not marked"
grep -q 'label="leaf\\ntotal 70\.69% (0\.20 s)\\nself 70\.69% (0\.20 s)\\n40 calls"' \
	syn/d.dot && ok "leaf's label" || bad "leaf's label: $(grep '"leaf' syn/d.dot)"
# Symspecs: -f work draws work and what it calls.
"$GPROF" -fwork --export=dot:syn/f.dot syn/demo syn/synth.gmon 2>/dev/null ||
	bad "gprof -fwork --export=dot failed"
render "synthesised -fwork" syn/f.dot
expect "-fwork: work, leaf, spin" "$(nodes syn/f.dot)" 3

# --- Real runs.
for rt in $(demo_runtimes); do
	demo_build "$rt" "$rt"
	demo_run "$rt"
	(cd "$rt" && "$GPROF" --export=dot demo gmon.out) 2>/dev/null ||
		bad "$rt: gprof --export=dot failed"
	render "$rt" "$rt/demo.dot"
	for f in main work leaf; do
		grep -q "label=\"$f\\\\n" "$rt/demo.dot" && ok "$rt: $f drawn" ||
			bad "$rt: $f not drawn"
	done
done

finish

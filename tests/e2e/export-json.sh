#!/bin/sh
# export-json.sh - gprof --export=json: every file validates against
# doc/gprof-json.schema.json, and its numbers, printed as the text
# reports print them, are the text of gprof -b -p and gprof -b -q.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"

# same_as_text NAME EXE GMON [OPTIONS...]: the JSON export validates,
# and agrees with the flat profile and call graph of the same options.
same_as_text () {
	_n=$1 _e=$2 _g=$3
	shift 3
	"$GPROF" "$@" --export=json:"$work/x.json" "$_e" "$_g" \
		>/dev/null 2>"$work/x.err" ||
		{ bad "$_n: gprof --export=json failed: $(cat "$work/x.err")"; return; }
	if out=$($JSCHECK "$work/x.json"); then
		ok "$_n: $out"
	else
		bad "$_n: $out"
		return
	fi
	"$GPROF" -b -p "$@" "$_e" "$_g" >"$work/p.txt" 2>/dev/null
	"$GPROF" -b -q "$@" "$_e" "$_g" >"$work/q.txt" 2>/dev/null
	if out=$(python3 "$TOOLS/export-compare.py" json "$work/x.json" \
		"$work/p.txt" "$work/q.txt"); then
		ok "$_n: $out"
	else
		bad "$_n: the JSON differs from the text reports"
		echo "$out" | head -20
	fi
}

# jq_py FILE EXPR: a Python expression over the document `d'.
jq_py () {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in d["functions"]}
print(eval("(" + sys.argv[2].strip() + ")"))' "$1" "$2"
}

# --- The synthesised profile (export-lib.sh).
demo_build syn glibc
demo_synth syn
same_as_text "synthesised" syn/demo syn/synth.gmon
same_as_text "synthesised -z" syn/demo syn/synth.gmon -z
same_as_text "synthesised -Pspin" syn/demo syn/synth.gmon -Pspin
same_as_text "synthesised -k main/leaf" syn/demo syn/synth.gmon -k main/leaf
same_as_text "synthesised -fwork" syn/demo syn/synth.gmon -fwork
same_as_text "synthesised -Ework" syn/demo syn/synth.gmon -Ework
"$GPROF" --export=json:syn/s.json syn/demo syn/synth.gmon 2>/dev/null
expect "samples" "$(jq_py syn/s.json 'd["time"]["total_samples"]')" 297
"$GPROF" -Pspin --export=json:syn/p.json syn/demo syn/synth.gmon \
	>/dev/null 2>&1
expect "-Pspin: samples left out" \
	"$(jq_py syn/p.json 'd["time"]["excluded_samples"]')" 55
expect "-Pspin: samples" "$(jq_py syn/p.json 'd["time"]["total_samples"]')" 242
expect "outside every function" \
	"$(jq_py syn/s.json 'd["time"]["unassigned_samples"]')" 7
expect "leaf's samples" "$(jq_py syn/s.json 'f["leaf"]["self_samples"]')" 205
expect "leaf's sampling error, sqrt(205) ms" \
	"$(jq_py syn/s.json '"%.6f" % f["leaf"]["sampling_error_seconds"]')" \
	0.014318
expect "main -> leaf: two call sites, 1 and 3 calls" \
	"$(jq_py syn/s.json 'sorted(s["calls"] for a in d["arcs"]
		if a["caller"] == f["main"]["id"] and a["callee"] == f["leaf"]["id"]
		for s in a["call_sites"])')" "[1, 3]"
expect "the cycle: is_even and is_odd" \
	"$(jq_py syn/s.json 'sorted(d["functions"][m]["name"]
		for m in d["cycles"][0]["members"])')" "['is_even', 'is_odd']"
expect "what is estimated" \
	"$(jq_py syn/s.json '"arcs.children_seconds" in d["estimated"]')" True
# -l: the lines' samples add up to their functions'.
"$GPROF" -l --export=json:syn/l.json syn/demo syn/synth.gmon 2>/dev/null ||
	bad "gprof -l --export=json failed"
check "-l: validates" $JSCHECK syn/l.json
expect "-l: lines add up to the functions" "$(jq_py syn/l.json '
	all(abs(sum(l["self_samples"] for l in d["lines"] if l["function"] == x["id"])
		- x["self_samples"]) < 1e-9 for x in d["functions"])')" True
# Only a histogram, only arcs.
grep -v '^arc' syn/synth.txt | "$GMONMAKE" -o syn/hist.gmon ||
	hard_error "gmonmake failed"
grep -v -e '^hist' -e '^  [#0]' syn/synth.txt | "$GMONMAKE" -o syn/arcs.gmon ||
	hard_error "gmonmake failed"
"$GPROF" --export=json:syn/h.json syn/demo syn/hist.gmon 2>/dev/null &&
	check "histogram only: validates" $JSCHECK syn/h.json ||
	bad "histogram only: export failed"
expect "histogram only: no graph" "$(jq_py syn/h.json 'd["arcs"] == [] and
	all(x["graph"] is None for x in d["functions"])')" True
"$GPROF" --export=json:syn/a.json syn/demo syn/arcs.gmon 2>/dev/null &&
	check "arcs only: validates" $JSCHECK syn/a.json ||
	bad "arcs only: export failed"
expect "arcs only: no time" "$(jq_py syn/a.json 'd["time"]["rate"]')" 0

# --- Real runs, and a C++ program.
for rt in $(demo_runtimes); do
	demo_build "$rt" "$rt"
	demo_run "$rt"
	same_as_text "$rt" "$rt/demo" "$rt/gmon.out"
done
if command -v g++ >/dev/null 2>&1; then
	mkdir cxx
	g++ -pg -g -O1 -fno-inline -o cxx/cxx "$PROGRAMS/gprof-smoke-cxx.cc" ||
		hard_error "cannot compile gprof-smoke-cxx.cc"
	(cd cxx && ./cxx >/dev/null) || hard_error "cxx failed"
	same_as_text "C++" cxx/cxx cxx/gmon.out
	same_as_text "C++ --no-demangle" cxx/cxx cxx/gmon.out --no-demangle
fi

finish

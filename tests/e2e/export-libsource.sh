#!/bin/sh
# export-libsource.sh - the Callgrind export with --objects names the
# source files and lines of the libraries' functions, from each
# library's own debugging information (issue 22, item 6): a -pg -g
# library of the test's, the same stripped with its debugging file
# found through .gnu_debuglink (its static functions' names too), the
# C library's libm through the distribution's debugging file (by build
# id, package libc6-dbg); `fl=???' only for a library without line
# information.  callgrind_annotate prints the library's source lines
# with their costs, and nothing on stderr; its numbers are those of
# gprof --objects -b -p.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"
need_runtime
command -v callgrind_annotate >/dev/null ||
	need_tool "callgrind_annotate (package valgrind)" \
		"the reader of the Callgrind files"
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

# fn_file LABEL CGFILE FUNCTION WANT: FUNCTION's cost lines are charged
# to file WANT.
fn_file () {
	_got=$(cg_fn_file "$2" "$3")
	if [ "$_got" = "$4" ]; then
		ok "$1: $3 in $_got"
	else
		bad "$1: $3 in '$_got', want '$4'"
	fi
}

# self_matches LABEL ANN FLAT FUNCTION: FUNCTION's self cost in
# callgrind_annotate's listing ANN (usec) is its self seconds in the
# flat profile FLAT (printed to 10 ms).
self_matches () {
	_cg=$(cg_incl "$2" "$4")
	_fl=$(awk -v f="$4" '$NF == f { print $3; exit }' "$3")
	if [ -n "$_cg" ] && [ -n "$_fl" ] &&
		awk -v c="$_cg" -v f="$_fl" 'BEGIN {
			d = c / 1e6 - f; exit !(d <= 0.0051 && d >= -0.0051) }'
	then
		ok "$1: $4's self is $_cg usec, ${_fl} s in the flat profile"
	else
		bad "$1: $4's self is '$_cg' usec, '${_fl}' s in the flat profile"
	fi
}

# annotate_clean LABEL FILE OUT [OPTIONS]: callgrind_annotate FILE,
# from another directory, into OUT; no message on stderr.
annotate_clean () {
	_l=$1 _f=$2 _o=$3; shift 3
	in_other_dir callgrind_annotate --auto=yes "$@" "$work/$_f" \
		>"$_o" 2>"$_o.err"
	_rc=$?
	if [ $_rc -eq 0 ] && [ ! -s "$_o.err" ]; then
		ok "$_l: callgrind_annotate $* reads it, nothing on stderr"
	else
		bad "$_l: callgrind_annotate $* exit $_rc: $(head -3 "$_o.err")"
	fi
}

# insn_starts LABEL CGFILE: every cost line of every object's functions
# is at the start of an instruction, as objdump of that object decodes
# it (KCachegrind's machine-code view runs objdump on the ob= file, and
# shows "There are N cost lines without machine code" otherwise).
insn_starts () {
	check "$1: every cost line at an instruction's start" python3 - "$2" <<'PY'
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
    f = line.split ()
    if line.startswith ("0x") and cur and len (f) > 2 and f[2] != "0":
        costs.setdefault (cur, set ()).add (int (f[0], 16))
bad = 0
for ob, addrs in sorted (costs.items ()):
    out = subprocess.run (["objdump", "-d", obs[ob]], capture_output = True,
                          text = True).stdout
    starts = {int (m.group (1), 16) for m in re.finditer (r"^ *([0-9a-f]+):\t", out, re.M)}
    miss = sorted (a for a in addrs if a not in starts)
    print ("%s: %d cost addresses, %d not an instruction's start %s"
           % (obs[ob], len (addrs), len (miss), [hex (a) for a in miss[:4]]))
    bad += len (miss)
sys.exit (bad != 0 or len (costs) < 2)
PY
}

# --- A library of ours, built -pg -g.
lib_build full
src=$work/full/src/export-lib.c
"$GPROF" --objects -b -p full/prog full/gmon.out \
	--export=callgrind:full.cg >full.flat 2>full.err ||
	bad "gprof --objects failed: $(cat full.err)"
quiet_stderr "gprof --objects --export=callgrind" full.err
check "Callgrind file" $CGCHECK full.cg
fn_file "own -g" full.cg lib_helper@libwork.so "$src"
fn_file "own -g" full.cg lib_spin@libwork.so "$src"
insn_starts "own -g" full.cg
annotate_clean "own -g" full.cg full.ann
annotate_clean "own -g" full.cg full.inc --inclusive=yes --tree=caller
self_matches "own -g" full.ann full.flat lib_helper@libwork.so
# The source, annotated: lib_helper's first line with its cost.
line=$(grep -n '^lib_helper (long n)$' "$src" | cut -d: -f1)
check "callgrind_annotate annotates the library's source" awk -v f="$src" '
	/^-- Auto-annotated source: / { on = ($NF == f) }
	on && /^ *[1-9][0-9,]* .*\{$/ { found = 1 }
	END { exit !found }' full.ann
grep -q "^-- Auto-annotated source: $src\$" full.ann ||
	bad "no annotated source of $src: $(grep '^--' full.ann | head -5)"

# With -l: the lines inside the library's functions, the inlined
# header's under fi=.
"$GPROF" --objects -l -b -p full/prog full/gmon.out \
	--export=callgrind:full-l.cg >full-l.flat 2>full-l.err ||
	bad "gprof --objects -l failed: $(cat full-l.err)"
quiet_stderr "gprof --objects -l --export=callgrind" full-l.err
check "Callgrind file (-l)" $CGCHECK full-l.cg
insn_starts "-l" full-l.cg
annotate_clean "-l" full-l.cg full-l.ann
loop=$(grep -n 'for (i = 0; i < n; i++)' "$src" | cut -d: -f1)
check "-l: cost on the lines of lib_helper's loop ($src:$loop...)" \
	awk -v f="$src" -v first="$loop" '
	/^-- Auto-annotated source: / { on = ($NF == f); n = 0; next }
	on && /^-- line [0-9]+ / { n = $3 - 1; next }
	on && /^ *[.0-9]/ { n++; if (n >= first && n <= first + 1 &&
				$1 != "." && $1 != "0") hit = 1 }
	END { exit !hit }' full-l.ann
check "-l: the inlined header's lines under fi=" \
	grep -q "^fi=([0-9]*) $work/full/src/export-lib.h\$" full-l.cg
grep -q "Auto-annotated source: $work/full/src/export-lib.h\$" full-l.ann ||
	bad "-l: export-lib.h is not annotated"
# -l's text names the library's functions with their own addresses.
addr=$(nm full/libwork.so | awk '$3 == "lib_spin" { sub(/^0+/, "", $1); print $1 }')
check "-l text: lib_spin@libwork.so at its own address ($addr)" \
	grep -q "lib_spin@libwork.so (export-lib.c:[0-9]* @ $addr)" full-l.flat

# --- The same library stripped, its debugging information in a file
# of its own that .gnu_debuglink names.
lib_build strip
(cd strip && objcopy --only-keep-debug libwork.so libwork.so.debug &&
	strip --strip-all libwork.so &&
	objcopy --add-gnu-debuglink=libwork.so.debug libwork.so) ||
	hard_error "cannot strip the library"
nm strip/libwork.so >/dev/null 2>&1 && nm strip/libwork.so 2>&1 |
	grep -q lib_helper && hard_error "lib_helper still in the symbol table"
"$GPROF" --objects -b -p strip/prog strip/gmon.out \
	--export=callgrind:strip.cg >strip.flat 2>strip.err ||
	bad "gprof --objects (stripped) failed: $(cat strip.err)"
quiet_stderr "gprof --objects (stripped library)" strip.err
check "stripped: lib_helper's name from the debugging file" \
	grep -q 'lib_helper@libwork.so$' strip.flat
fn_file "stripped + .gnu_debuglink" strip.cg lib_helper@libwork.so \
	"$work/strip/src/export-lib.c"
annotate_clean "stripped" strip.cg strip.ann
self_matches "stripped" strip.ann strip.flat lib_helper@libwork.so

# --- A library without debugging information: `???'.
lib_build nog -g0
"$GPROF" --objects -b nog/prog nog/gmon.out \
	--export=callgrind:nog.cg >/dev/null 2>nog.err ||
	bad "gprof --objects (no -g) failed: $(cat nog.err)"
fn_file "no line information" nog.cg lib_helper@libwork.so "???"
fn_file "the program's own lines still" nog.cg main \
	"$work/nog/src/export-lib-main.c"
annotate_clean "no -g" nog.cg nog.ann

# --- The C library's libm, whose lines are in the distribution's
# debugging file, found by build id.
# trig's own loop has some 5% of the samples: 20 million rounds (some
# 0.4 s) give it a few dozen, never none (3 million gave it about 4,
# and on a busy machine sometimes none: one object with costs).
cat >m.c <<'EOS'
#include <math.h>
#include <stdio.h>
double trig (double x) { double s = 0; int i;
	for (i = 0; i < 20000000; i++) s += sin (x + i) * cos (i); return s; }
int main (void) { printf ("%f\n", trig (1)); return 0; }
EOS
RT_LIBS=-lm rt_cc mprog m.c -O1 -pg -g
mkdir mrun && (cd mrun && ../mprog >/dev/null) || hard_error "mprog failed"
"$GPROF" --objects -b -p mprog mrun/gmon.out --export=callgrind:m.cg \
	>m.flat 2>m.err || bad "gprof --objects (libm) failed: $(cat m.err)"
libm=$(sed -n 's/^ob=([0-9]*) \(.*libm\.so\.6\)$/\1/p' m.cg)
id=$(readelf -n "$libm" 2>/dev/null | awk '/Build ID/ { print $3 }')
dbg=/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug
if [ -n "$id" ] && [ -f "$dbg" ]; then
	fn=$(awk '$NF ~ /@libm\.so\.6$/ { print $NF; exit }' m.flat)
	file=$(cg_fn_file m.cg "$fn")
	case $file in
	*.c) ok "libm: $fn in $file (from $dbg)" ;;
	*) bad "libm: $fn in '$file', want a source file of $dbg" ;;
	esac
	annotate_clean "libm" m.cg m.ann --inclusive=yes --tree=caller
	insn_starts "libm" m.cg
else
	missing_tool "libm's debugging file ($dbg, package libc6-dbg)" \
		"the lines of a system library"
fi

finish

#!/bin/sh
# hint-no-profile.sh - without a profile, gprof says how to make one:
# `gprof PROG` with no gmon.out, `gprof` alone with no a.out, and a
# program that was not compiled with -pg (issue 22, item 3).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"

cat >p.c <<'PROG'
int f (int x) { return x * 2; }
int main (void) { int s = 0, i; for (i = 0; i < 100; i++) s += f (i); return s & 1; }
PROG
$CC -pg -o pg p.c || hard_error "cannot compile pg"
$CC -o plain p.c || hard_error "cannot compile plain"

# expect_note NAME PATTERN ARGS...: gprof ARGS fails, prints nothing on
# stdout, and says on stderr the error first, then a note matching
# PATTERN; at most two lines in all.
expect_note () {
	_name=$1 _pat=$2; shift 2
	"$GPROF" "$@" >out 2>err
	_rc=$?
	if [ $_rc -ne 1 ]; then
		bad "$_name: exit $_rc, not 1"
	elif [ -s out ]; then
		bad "$_name: something on stdout: $(head -3 out)"
	elif [ "$(wc -l <err)" -gt 2 ]; then
		bad "$_name: more than two lines: $(cat err)"
	elif ! grep -Eq "^gprof: note: $_pat" err; then
		bad "$_name: no note /$_pat/: $(cat err)"
	else
		ok "$_name: $(tail -1 err)"
	fi
}

expect_note "no gmon.out" \
	'no profile: run pg to its end \(exit, or return from main\); compiled and linked with -pg, it then writes gmon.out into its working directory' \
	pg
grep -q '^gprof: gmon.out: No such file or directory$' err ||
	bad "no gmon.out: the error first: $(cat err)"
expect_note "a profile named but missing" 'no profile: run pg' pg run1.out
grep -q '^gprof: run1.out: No such file' err || bad "run1.out is not named: $(cat err)"
expect_note "--objects, no gmon.out" 'no profile: run pg' --objects pg
expect_note "not compiled with -pg" \
	'plain was not compiled with -pg \(it never calls mcount\), so it writes no profile: compile and link it with -pg' \
	plain
expect_note "gprof alone, no a.out" \
	'usage: gprof \[OPTION\]\.\.\. \[PROGRAM \[PROFILE\]\.\.\.\]; PROGRAM \(a.out if not named\) is compiled and linked with -pg .* writes its profile, gmon.out, into its working directory' 
grep -q '^gprof: a.out: No such file or directory$' err || bad "a.out is not named: $(cat err)"

# With a.out there and no gmon.out: the note about the program.
cp pg a.out
expect_note "gprof alone, a.out without gmon.out" 'no profile: run a.out'

# A program named that does not exist is an error, without the note
# on profiles (the name was a typo, not a missing run).
"$GPROF" nosuch >out 2>err
check "a missing program fails" [ $? -eq 1 ]
grep -q 'nosuch' err || bad "a missing program is not named: $(cat err)"

# A real profile: nothing of the kind.
./pg || true
"$GPROF" -b pg gmon.out >out 2>err || bad "gprof on a real profile failed: $(cat err)"
check "no note with a profile" [ ! -s err ]
finish

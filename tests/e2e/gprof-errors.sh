#!/bin/sh
# gprof-errors.sh - bad input ends in a message naming the file and
# what is wrong, and a non-zero exit, where GNU gprof fails too; a
# profile of another build is diagnosed.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof

build_pg fix -O1 -fno-inline "$PROGRAMS/fixture.c"
./fix 0.1 >/dev/null || hard_error "fixture failed"
"$GMONDUMP" -e fix gmon.out >dump.txt || hard_error "gmondump failed"

# fails PATTERN ARGS...: both exit non-zero; ours says PATTERN on
# stderr, after "gprof: ".
fails () {
	pat=$1; shift
	run_both "$@"
	if [ "$(cat ours.rc)" -ne 0 ] && [ "$(cat gnu.rc)" -ne 0 ] &&
		grep -q "^gprof: .*$pat" ours.err; then
		ok "fails as it should: $*"
	else
		bad "$*: exit $(cat ours.rc) (GNU $(cat gnu.rc)), message: $(cat ours.err)"
	fi
}

fails "nosuch.out: No such file" fix nosuch.out
fails "nosuch: " nosuch gmon.out
echo "not an executable" >text.txt
fails "text.txt: not an executable" text.txt gmon.out
mkdir adir
fails "adir: is a directory" adir gmon.out
fails "adir: is a directory" fix adir
fails "/dev/zero: not a gmon file" fix /dev/zero
fails "/dev/null: empty file" fix /dev/null
fails "/dev/zero: not an executable" /dev/zero gmon.out
cp fix stripped && strip stripped
fails "stripped: has no symbols" stripped gmon.out
head -c 10 gmon.out >short.out
fails "short.out" fix short.out
printf 'gmon\002\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >v2.out
fails "v2.out: unsupported version 2" fix v2.out
{ head -c 20 gmon.out; printf '\007'; } >tag.out
fails "tag.out: unknown record tag 7" fix tag.out
head -c 100 gmon.out >cut.out
fails "cut.out: unexpected end of file" fix cut.out
awk '$1 == "arc"' dump.txt | "$GMONMAKE" -o arcs.out
fails "no histogram" -p fix arcs.out
awk '$1 != "arc"' dump.txt | "$GMONMAKE" -o hist.out
fails "no call-graph data" -q fix hist.out
fails "only one of" -r -R /dev/null fix gmon.out
fails "unknown file format z" -Oz fix gmon.out
fails "prof" -Op fix gmon.out
fails "unknown demangling style" --demangle=nosuch fix gmon.out
"$GPROF" -j fix gmon.out >/dev/null 2>err.txt
check "an unknown option exits 1" [ $? -eq 1 ]
grep -q '^Usage:' err.txt || bad "no usage after an unknown option"
"$GPROF" --help >help.txt
check "--help exits 0" [ $? -eq 0 ]
grep -q -- '--flat-profile' help.txt || bad "--help does not list the options"
"$GPROF" -v | grep -q gmonkit || bad "-v does not name gmonkit"

# A profile of another build: the same program, its code moved.
$CC -pg -O1 -fno-inline -I"$PROGRAMS" -o moved -x c - <<'SRC' ||
static volatile int pad;
void padding (void) { pad = 1; }
void padding2 (void) { pad = 2; }
#include "fixture.c"
SRC
	hard_error "cannot compile moved"
"$GPROF" -b moved gmon.out >/dev/null 2>err.txt
grep -q "rebuilt" err.txt ||
	bad "a profile of another build is not diagnosed: $(cat err.txt)"
"$GPROF" -b fix gmon.out >/dev/null 2>err.txt
check "the right program is not diagnosed" [ ! -s err.txt ]
sed 's/^\(hist\) 0x[0-9a-f]* 0x[0-9a-f]*/\1 0x7f0000000000 0x7f00000013c8/;
	s/^  0x/  0x7f000000/' dump.txt | awk '$1 != "arc"' | "$GMONMAKE" -o far.out
"$GPROF" -b -p fix far.out >/dev/null 2>err.txt
grep -q "no function of fix lies in its histogram" err.txt ||
	bad "a histogram far from the code is not diagnosed: $(cat err.txt)"

finish

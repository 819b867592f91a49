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

# GNU gprof takes /dev/zero for a profile of the old BSD format whose
# histogram is 16 GiB of zeros: it allocates them, and reads and
# touches them all, for minutes, where the kernel lets it (11 GiB
# resident on a machine of 24, beside the other tests of make -j2).
# With a gigabyte of address space it fails at once, as it should.
gnu_gprof () { (ulimit -v 1048576 && exec "$GNU_GPROF" "$@"); }

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
"$GPROF" -v >version.txt 2>&1
check "-v exits 0" [ $? -eq 0 ]
grep -q gmonkit version.txt || bad "-v does not name gmonkit"

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

# Debugging information that asks for far more work than its size:
# 20 000 units sharing one line program of 100 000 rows (2 * 10^9 rows
# to decode).  Ours stops within its budget, warns, and goes on.  The
# sanitizer build, where each row costs some 30 times more, gets a
# tenth of each (2 * 10^7 rows, twenty times its budget): this test
# took 128 s of CPU there, 6 s now; the warning below still tells a
# budget from none.
units=20000 rows=100000
case $GPROF_BUILD_CFLAGS in *-fsanitize=*) units=2000 rows=10000 ;; esac
if command -v python3 >/dev/null && command -v objcopy >/dev/null; then
	export UNITS=$units ROWS=$rows
	python3 - <<'PY' || hard_error "cannot make the hostile sections"
import os, struct
units = int (os.environ["UNITS"])
rows = int (os.environ["ROWS"])
# abbreviation 1: a compile unit, no children, DW_AT_stmt_list sec_offset
open("abbrev.bin", "wb").write(bytes([1, 0x11, 0, 0x10, 0x17, 0, 0, 0]))
unit = struct.pack("<IHIB", 2 + 4 + 1 + 1 + 4, 4, 0, 8) + bytes([1]) \
    + struct.pack("<I", 0)
open("info.bin", "wb").write(unit * units)
hdr = bytes([1, 1, 1, (-5) & 0xff, 14, 13, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0,
             0, 1]) + b"\0" + b"a.c\0" + bytes([0, 0, 0]) + b"\0"
prog = bytes([0, 9, 2]) + struct.pack("<Q", 0x1000)
prog += bytes([2, 4, 1]) * rows + bytes([0, 1, 1])
body = struct.pack("<H", 4) + struct.pack("<I", len(hdr)) + hdr + prog
open("line.bin", "wb").write(struct.pack("<I", len(body)) + body)
PY
	$CC -g -O1 -pg -fno-inline -I"$PROGRAMS" -o hostile "$PROGRAMS/fixture.c" ||
		hard_error "cannot compile hostile"
	objcopy --update-section .debug_info=info.bin \
		--update-section .debug_abbrev=abbrev.bin \
		--update-section .debug_line=line.bin \
		--remove-section .debug_rnglists --remove-section .debug_aranges \
		hostile 2>objcopy.err || hard_error "objcopy: $(cat objcopy.err)"
	# A minute of CPU time at most (ulimit -t: SIGXCPU), which load
	# does not stretch: it takes 1.6 s of CPU here (half of it the
	# kernel's, for the 250 MB of rows decoded before the budget ends
	# it), and took 35 s of real time on a busy machine, where the
	# minute of real time this was (timeout 60) was within reach of the
	# sanitizer build.  The full size took 75 s of CPU there
	# (AddressSanitizer makes each page of the rows costlier); its
	# tenth takes a second.  The decoding without its budget, 2 * 10^9 rows,
	# takes hours (2 * 10^7 under the sanitizers: minutes).
	# (timeout: only if it blocks, which it never should.)
	cpu=60
	(ulimit -t $cpu && exec timeout 3600 "$GPROF" -b -l hostile gmon.out) \
		>/dev/null 2>err.txt
	rc=$?
	check "gprof -l on a costly line table exits 0 within $cpu s of CPU time ($rc)" \
		[ $rc -eq 0 ]
	grep -q "^gprof: hostile: warning: the debugging information asks for far more work" err.txt ||
		bad "the exhausted budget is not reported: $(cat err.txt)"
else
	missing_tool "python3 or objcopy (binutils)" \
		"a line table that asks for too much work"
fi

finish

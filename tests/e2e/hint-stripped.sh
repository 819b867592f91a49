#!/bin/sh
# hint-stripped.sh - a stripped program with a debugging file
# (.gnu_debuglink) gets its symbols from that file, and the reports are
# those of the unstripped program; one without is told about -S and
# debugging packages (issue 22, item 4).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof

build_pg full -O1 -fno-inline "$PROGRAMS/fixture.c"
./full 0.2 >/dev/null || hard_error "fixture failed"
"$GPROF" -b full gmon.out >full.txt 2>full.err || hard_error "gprof on the unstripped program failed"
grep -q '^Flat profile' full.txt || hard_error "no flat profile: $(head full.txt)"

# Debugging file beside it, found through .gnu_debuglink.
objcopy --only-keep-debug full full.debug || hard_error "objcopy failed"
strip -o linked full || hard_error "strip failed"
objcopy --add-gnu-debuglink=full.debug linked || hard_error "objcopy --add-gnu-debuglink failed"
"$GPROF" -b linked gmon.out >linked.txt 2>linked.err
check "debuglink: gprof succeeds" [ $? -eq 0 ]
same_file "debuglink: the report of the unstripped program" full.txt linked.txt
check "debuglink: nothing on stderr" [ ! -s linked.err ]
# -l takes its lines from the same file.
"$GPROF" -b -l -p full gmon.out >fl.txt 2>/dev/null
"$GPROF" -b -l -p linked gmon.out >ll.txt 2>/dev/null
same_file "debuglink: -l's lines" fl.txt ll.txt
# GNU gprof does not look there.
gnu_gprof -b linked gmon.out >/dev/null 2>gnu.err
grep -q 'has no symbols' gnu.err && ok "GNU gprof: $(cat gnu.err)"

# In its .debug directory, as Debian's packages put it.
mkdir -p sub/.debug && cp linked sub/prog && cp full.debug sub/.debug/
"$GPROF" -b sub/prog gmon.out >sub.txt 2>/dev/null
same_file "debuglink: found in .debug/" full.txt sub.txt

# Stripped without a debugging file: the error, then what to do.
strip -o bare full || hard_error "strip failed"
"$GPROF" -b bare gmon.out >bare.txt 2>bare.err
check "stripped: exit 1" [ $? -eq 1 ]
check "stripped: nothing on stdout" [ ! -s bare.txt ]
grep -q '^gprof: bare: has no symbols (it was stripped): cannot say which function an address belongs to$' bare.err ||
	bad "stripped: the error: $(cat bare.err)"
grep -q '^gprof: note: give them with -S FILE (the output of nm on an unstripped copy of the same build), or install its debugging file (Debian: its -dbgsym package' bare.err ||
	bad "stripped: the note: $(cat bare.err)"
# ... and what it says works: -S with nm's listing.
nm full >full.syms
"$GPROF" -b -p -S full.syms bare gmon.out >s.txt 2>s.err
check "stripped: -S works" [ $? -eq 0 ]
"$GPROF" -b -p full gmon.out >fp.txt
same_file "stripped: -S gives the flat profile" fp.txt s.txt

# A debuglink whose file is gone: as stripped.
rm full.debug
"$GPROF" -b linked gmon.out >/dev/null 2>gone.err
grep -q '^gprof: note: give them with -S' gone.err || bad "debuglink to a missing file: $(cat gone.err)"
finish

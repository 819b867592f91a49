#!/bin/sh
# hint-glibc.sh - a profile written by glibc's runtime (a -pg program
# linked without -lgmon: no companion, no run stamp, 100 Hz) gets one
# note on standard error, once however many profiles are read, saying
# what it lacks and what -lgmon would add (issue 28, item 5); none
# with -b (brief: the tables alone, GNU gprof's bytes on both streams),
# none for a profile libgmon wrote (with or without its companion, at
# 100 Hz too), none for a machine libgmon does not run on.  Standard
# output is never touched.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
unset GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CONTEXT GMON_THREADS

note="^gprof: [^ ]+: note: written by glibc's runtime, which samples 100 times a second, only in the program's own code .*; linked with -lgmon, .*$"

# glibc's runtime.
$CC -pg -g -O1 -o glibc.exe "$PROGRAMS/rt-calls.c" || hard_error "cannot build glibc.exe"
mkdir g && (cd g && ../glibc.exe >/dev/null) || hard_error "glibc.exe failed"
[ -f g/gmon.out ] && [ ! -d g/gmon.out-objs ] || hard_error "glibc.exe wrote no gmon.out, or a companion"
cd g || hard_error "cd g"
"$GPROF" ../glibc.exe gmon.out >plain.out 2>plain.err
check "glibc: exit 0" [ $? -eq 0 ]
one_line "glibc's runtime: the note" plain.err "$note"
check "the note is not on standard output" test -z "$(grep "glibc's runtime" plain.out)"
"$GPROF" -b ../glibc.exe gmon.out >brief.out 2>brief.err
quiet_stderr "-b" brief.err
gnu_gprof -b ../glibc.exe gmon.out >gnu.out 2>gnu.err
same_file "-b: standard output is GNU gprof's" gnu.out brief.out
"$GPROF" --brief -p ../glibc.exe gmon.out >/dev/null 2>long.err
quiet_stderr "--brief -p" long.err
cp gmon.out gmon.2
"$GPROF" -p ../glibc.exe gmon.out gmon.2 >/dev/null 2>two.err
one_line "two profiles: the note once" two.err "$note"
"$GPROF" -p ../glibc.exe - <gmon.out >/dev/null 2>stdin.err
one_line "standard input: the note once" stdin.err "$note"
"$GPROF" --diff-base=gmon.2 ../glibc.exe gmon.out >/dev/null 2>diff.err
one_line "--diff-base: the note once for both sides" diff.err "$note"
cd ..

# libgmon: never, whatever it wrote beside the profile.
rt_cc gmon.exe "$PROGRAMS/rt-calls.c" -O1 -pg -g
mkdir l && (cd l && ../gmon.exe >/dev/null) || hard_error "gmon.exe failed"
"$GPROF" l/../gmon.exe l/gmon.out >/dev/null 2>l.err
quiet_stderr "libgmon" l.err
mkdir l0 && (cd l0 && GMON_OBJECTS=0 GMON_RATE=100 ../gmon.exe >/dev/null) ||
	hard_error "gmon.exe (GMON_OBJECTS=0 GMON_RATE=100) failed"
[ ! -d l0/gmon.out-objs ] || hard_error "GMON_OBJECTS=0 wrote a companion"
"$GPROF" gmon.exe l0/gmon.out >/dev/null 2>l0.err
quiet_stderr "libgmon at 100 Hz without its companion (its run stamp tells)" l0.err
# glibc's profile beside an object directory of another run: still
# glibc's.
cp -r l/gmon.out-objs g/
"$GPROF" -p glibc.exe g/gmon.out >/dev/null 2>stale.err
check "glibc's profile beside a companion of another run: the note" \
	grep -Eq "$note" stale.err

# 32-bit x86, where libgmon does not run: no word of -lgmon.  (Under
# qemu-i386 where the kernel runs no 32-bit programs, as
# gprof-targets-lib.sh does.)
run32=
$CC -m32 -pg -O1 -o i386.exe "$PROGRAMS/rt-calls.c" 2>/dev/null &&
	! ./i386.exe >/dev/null 2>&1 && command -v qemu-i386 >/dev/null &&
	run32=qemu-i386
rm -f gmon.out
if [ -x i386.exe ] && mkdir i && (cd i && $run32 ../i386.exe >/dev/null 2>&1) &&
   [ -f i/gmon.out ]; then
	"$GPROF" i386.exe i/gmon.out >/dev/null 2>i.err
	quiet_stderr "i386 (no libgmon there)" i.err
else
	partial_skip "no 32-bit x86 programs here (gcc -m32 or running them)"
fi

finish

#!/bin/sh
# rt-overhead.sh - the samples libgmon takes in its own code (mcount's
# fast path in the library and in its copy next to the program, the
# slow path) have the function that called mcount as their caller in
# the calling contexts (GMON_CONTEXT): never a stack of their own
# with no caller, which a flame graph draws as a tower beside the
# program (issue 28, item 2).  A call-heavy program, with -pg (and
# -mfentry on x86-64), with the copy near the program (the default,
# x86-64's) and without it (GMON_NEAR=0).  The contexts are read with
# gmondump, so the check runs on every port (gprof's side:
# view-overhead.sh).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK \
	GMON_NEAR

# Under qemu-user every instruction is emulated: a smaller run.
n=35
qemu && n=31

# callers DIR: "SAMPLES ROOTED PAID" of the samples taken in libgmon
# (the contexts' leaves in its object): all of them, those whose
# stack has no frame outside libgmon (a tower of its own), and those
# whose first frame outside libgmon is in the program (the function
# that called mcount).
callers () {
	"$GMONDUMP" "$1/gmon.out-objs/objects.gmonx" >"$1/dump.txt" ||
		hard_error "$1: gmondump cannot read the companion"
	awk '
	$1 == "object" {
		for (i = 3; i <= NF; i++)
			if ($i ~ /^path=.*\/libgmon\.so/)
				gmon = $2
		if ($3 == "main")
			main = $2
	}
	$1 == "node" {
		split ($4, a, ":")
		obj[$2] = a[1]; up[$2] = $3; where[$2] = $4
		if (a[1] != gmon || $5 == 0)
			next
		n += $5
		k = $2
		while (k != "root" && k != "cut" && obj[k] == gmon)
			k = up[k]
		if (k == "root")
			rooted += $5
		else if (k != "cut" && obj[k] == main)
			paid += $5
		else if (shown++ < 8) {
			# Where a sample not under the program sat, to the
			# log (stderr): its first frames, leaf first.
			line = $5 " samples:"
			for (k = $2; k != "root" && k != "cut" && d++ < 8; k = up[k])
				line = line " " where[k]
			d = 0
			if (k != "root" && k != "cut")
				k = "..."
			print "not under the program: " line " " k >"/dev/stderr"
		}
	}
	END { print n + 0, rooted + 0, paid + 0 }' "$1/dump.txt"
}

for e in $RT_ENTRIES; do
	flags=-pg
	[ "$e" = fentry ] && flags="-pg -mfentry"
	# shellcheck disable=SC2086
	rt_cc $e.exe "$PROGRAMS/ctx-calls.c" -O2 $flags
	for near in 1 0; do
		d=$e-near$near
		mkdir $d
		(cd $d && GMON_CONTEXT=64 GMON_NEAR=$near \
			run_prog "$work/$e.exe" $n >/dev/null) ||
			hard_error "$d: the program failed"
		set -- $(callers $d)
		echo "$d: $1 samples in libgmon, $2 in stacks of their own," \
			"$3 under the program"
		if [ "$1" -lt 20 ]; then
			bad "$d: only $1 samples in libgmon: no test"
			continue
		fi
		# A sample in libgmon's start-up or dump may lack a caller
		# in the program (the dynamic linker starts libgmon, exit
		# dumps under libc's exit): the dump's share varies with the
		# machine's load, so 90% of libgmon's samples, or all but
		# five, must be under the program; mcount's always are.
		at_most "$d: libgmon's samples in stacks of their own" \
			"$(($2 * 100))" "$(($1 + 200))"
		at_most "$d: libgmon's samples under the program (90%)" \
			"$(($1 * 90))" "$(($3 * 100 + 500))"
	done
done
finish

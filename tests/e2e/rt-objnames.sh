#!/bin/sh
# rt-objnames.sh - the files of many libraries, and of long names.
#
#   Two libraries whose file names share their first 200 bytes (the
#   part a classic file's name keeps) get a file each, and gprof
#   --objects counts each one's calls exactly once.  With 1030
#   libraries loaded, the exit of a second run, which replaces the
#   first one's files, costs about what the first one's did (it was
#   cubic in the objects: 12 s against 1 s for 1000).  Objects beyond
#   the table (GMON_MAX_OBJECTS, 1024 by default) are said at exit,
#   counted, with the knob, and the knob makes room for them.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o base.so "$PROGRAMS/rt-dso-s.c" ||
	hard_error "cannot build base.so"
RT_LIBS=-ldl rt_cc prog "$PROGRAMS/rt-dlmany.c" -O2 -pg

# ---------------------------------------------------------------------
# Two names alike in their first 200 bytes.

x=$(printf '%0197d' 0 | tr 0 x)
mkdir long && cp base.so "long/lib${x}-first.so" && cp base.so "long/lib${x}-second.so"
(cd long && run_prog ../prog -k 1000 "$work/long/lib${x}-first.so" \
	"$work/long/lib${x}-second.so" 2>err) || bad "long names: the program failed"
quiet_stderr "long names" long/err
# (Under qemu-user libc and libgmon may get samples, and files, too.)
set -- long/gmon.out-objs/libxx*.gmon
check "long names: two files ($#)" test $# = 2
want=1000
for f in "$@"; do
	n=$(flat_calls base.so "$f" s_inner)
	check "long names: $(basename "$f" | cut -c1-8)...$(basename "$f" | cut -c190-): s_inner called ${n:-no} times, $want by the program" \
		test "$n" = $want
	want=2000
done
(cd long && "$GPROF" -b -p --objects ../prog gmon.out >flat 2>gerr) ||
	bad "long names: gprof --objects failed: $(cat long/gerr)"
calls=$(awk '$NF ~ /^s_inner@/ { print $4 }' long/flat | sort | tr '\n' ' ')
check "long names: gprof --objects: s_inner of the libraries called 1000 and 2000 times ($calls)" \
	test "$calls" = "1000 2000 "

# ---------------------------------------------------------------------
# 1030 libraries: the second run replaces the first one's files.

mkdir libs
i=1000
while [ $i -lt 2030 ]; do cp base.so libs/lib$i.so; i=$((i + 1)); done
mkdir many
# run R: the program in many/, its CPU seconds (user and system, the
# shell's `times' of its children) in many/cpuR.
run () {
	(cd many && GMON_MAX_OBJECTS=2048 $RUN_TARGET ../prog 10 \
		"$work"/libs/*.so >out 2>err$1 || echo failed >>err$1; times) |
		awk 'NR == 2 { for (i = 1; i <= 2; i++) { split ($i, a, "m")
			t += a[1] * 60 + a[2] } print t }' >many/cpu$1
	if [ -s many/err$1 ]; then
		bad "1030 libraries: run $1 failed"
		cat many/err$1
	fi
}
run 1
run 2
c1=$(cat many/cpu1) c2=$(cat many/cpu2)
check "1030 libraries: the second run took ${c2:-?} s of CPU time, about the first one's (${c1:-?} s)" \
	awk -v a="${c1:-0}" -v b="${c2:-99}" 'BEGIN { exit !(a > 0 && b <= 2 * a + 0.3) }'
n=$(ls many/gmon.out-objs | grep -c '^lib[0-9]*\.so\.gmon$')
check "1030 libraries: a file each ($n)" test "$n" = 1030
check "1030 libraries: lib1777.so's s_inner called 10 times" \
	test "$(flat_calls base.so many/gmon.out-objs/lib1777.so.gmon s_inner)" = 10

# ... and without GMON_MAX_OBJECTS, 1024 objects are profiled, and the
# others said.
mkdir cap
(cd cap && run_prog ../prog 10 "$work"/libs/*.so 2>err) || bad "cap: the program failed"
total=$("$GMONDUMP" many/gmon.out-objs/objects.gmonx | grep -c '^object ')
over=$((total - 1024))
one_line "cap" cap/err \
	"^libgmon: $over objects loaded beyond the first GMON_MAX_OBJECTS=1024 have no histogram and no file of their own .*: raise GMON_MAX_OBJECTS\$"
check "cap: the companion lists 1024 objects" \
	test "$("$GMONDUMP" cap/gmon.out-objs/objects.gmonx | grep -c '^object ')" = 1024
finish

#!/bin/sh
# rt-sleds-patch.sh - GMON_PATCH and functions with several names.
#
#   A function with aliases (three symbols at one entry) is patched
#   when GMON_PATCH names any of them, with -fcf-protection too
#   (endbr64 first: the record is after it, and the symbol before the
#   record was the last alias only).
#
#   A program built with -pg and -fpatchable-function-entry (linked
#   with libgmon) counts each call once: its sleds are left as they
#   are (each call was counted twice).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
case $($CC -dumpmachine 2>/dev/null) in
x86_64*) ;;
*) skip "patchable function entries are patched on x86-64 only yet" ;;
esac

SLED=-fpatchable-function-entry=5
PRE=$LIBGMON_DIR/libgmon.so
O="$RT_CFLAGS_TEST -O2"

cat >alias.c <<'EOF2'
#include <stdio.h>
#define NOIPA __attribute__ ((noipa))
NOIPA long work (long x) { return x * 2 + 1; }
extern long work_alias (long) __attribute__ ((alias ("work")));
extern long work_other (long) __attribute__ ((alias ("work")));
int
main (void)
{
	long s = 0, i;

	for (i = 0; i < 1000; i++)
		s += work (i);
	printf ("%ld\n", s);
	return 0;
}
EOF2
for cf in plain cet; do
	f=
	[ $cf = cet ] && f=-fcf-protection
	# shellcheck disable=SC2086
	$CC $O $SLED $f -o alias-$cf alias.c || hard_error "cannot build alias-$cf"
	for n in work work_alias work_other; do
		rm -rf gmon.out gmon.out-objs
		GMON_PATCH="^$n\$" LD_PRELOAD=$PRE ./alias-$cf >out 2>err
		check "$cf, GMON_PATCH=^$n\$: runs" \
			test $? -eq 0 -a "$(cat out)" = 1000000
		quiet_stderr "$cf, GMON_PATCH=^$n\$" err
		# gprof names the function by one of its symbols.
		got=$(gnu_gprof -b -p alias-$cf gmon.out 2>/dev/null |
			awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $4 }')
		check "$cf, GMON_PATCH=^$n\$: 1000 calls (got '$got')" \
			test "$got" = 1000
	done
done

# -pg and sleds: each call once.
rt_cc pg-sled alias.c $O -pg $SLED -Wl,--no-as-needed
rm -rf gmon.out gmon.out-objs
./pg-sled >out 2>err
check "-pg and sleds: runs" test $? -eq 0 -a "$(cat out)" = 1000000
quiet_stderr "-pg and sleds" err
got=$(gnu_gprof -b -p pg-sled gmon.out 2>/dev/null |
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $4 }')
check "-pg and sleds: each call counted once (1000 calls, got '$got')" \
	test "$got" = 1000

finish

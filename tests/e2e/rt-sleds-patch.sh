#!/bin/sh
# rt-sleds-patch.sh - GMON_PATCH and functions with several names.
#
#   A function with aliases (three symbols at one entry) is patched
#   when GMON_PATCH names any of them, with -fcf-protection too
#   (endbr64 first: the record is after it, and the symbol before the
#   record was the last alias only; bti c with
#   -mbranch-protection=standard on aarch64).  On x86-64, aarch64 and
#   riscv64 (under qemu-user in a cross build).
#
#   A program built with -pg and -fpatchable-function-entry (linked
#   with libgmon) counts each call once: its sleds are left as they
#   are (each call was counted twice).
#
#   An object none of whose pages could be moved into place (mremap
#   refused by a seccomp filter) keeps no jump page (GMON_NEAR=0) of
#   its own mapped: the program finds no anonymous executable mapping
#   (under qemu-user: no more than it finds alone; the filter is set
#   on qemu, whose mremap the guest's is).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
. "$top_srcdir/tests/e2e/sleds-lib.sh"
# GUARD: the flag that puts a landing pad (endbr64, bti c) first.
case $($CC -dumpmachine 2>/dev/null) in
x86_64*)  GUARD=-fcf-protection ;;
aarch64*) GUARD=-mbranch-protection=standard ;;
riscv64*) GUARD= ;;
*) skip "patchable function entries are patched on x86-64, aarch64" \
	"and riscv64 Linux only" ;;
esac
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
for cf in plain ${GUARD:+guard}; do
	f=
	[ $cf = guard ] && f=$GUARD
	# shellcheck disable=SC2086
	$CC $O $SLED $f -o alias-$cf alias.c || hard_error "cannot build alias-$cf"
	for n in work work_alias work_other; do
		rm -rf gmon.out gmon.out-objs
		GMON_PATCH="^$n\$" preloaded ./alias-$cf >out 2>err
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
run_prog ./pg-sled >out 2>err
check "-pg and sleds: runs" test $? -eq 0 -a "$(cat out)" = 1000000
quiet_stderr "-pg and sleds" err
got=$(gnu_gprof -b -p pg-sled gmon.out 2>/dev/null |
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $4 }')
check "-pg and sleds: each call counted once (1000 calls, got '$got')" \
	test "$got" = 1000

# mremap refused: no page is left behind.
cat >anonx.c <<'EOF2'
#include <stdio.h>
#include <string.h>
#define NOIPA __attribute__ ((noipa))
NOIPA long work (long x) { return x + 1; }
/* Prints how many anonymous executable mappings the process has.  */
int
main (void)
{
	FILE *f = fopen ("/proc/self/maps", "r");
	char line[4096], perms[8];
	unsigned long ino;
	int n = 0, path;

	if (!f)
		return 99;
	while (fgets (line, sizeof line, f))
		if (sscanf (line, "%*s %7s %*s %*s %lu %n", perms, &ino, &path) == 2
		    && strchr (perms, 'x') && ino == 0
		    && !strpbrk (line + path, "/["))	/* no name */
			n++;
	printf ("%d\n", n + (int) work (0) - 1);
	return 0;
}
EOF2
$CC $O $SLED -o anonx anonx.c || hard_error "cannot build anonx"
# Under qemu-user the filter is the build machine's, set before qemu
# starts (run-target.sh): the guest's mremap is a host mremap there.
if qemu; then
	hostcc=${CC_FOR_BUILD:-cc}
	set -- "" "$RUN_TARGET" --preload "$PRE" ./anonx
else
	hostcc=$CC
	set -- "$PRE" ./anonx
fi
if $hostcc -o deny "$PROGRAMS/rt-deny.c" 2>/dev/null &&
	./deny mremap "" /bin/true; then
	rm -rf gmon.out gmon.out-objs
	GMON_NEAR=0 ./deny mremap "$@" >out 2>err
	check "mremap refused: runs" test $? -eq 0
	# qemu-user maps one such page of its own for an aarch64 guest
	# (its signal trampoline): the program alone finds it too.
	alone=$(run_prog ./anonx)
	check "mremap refused: no anonymous executable page left (got $(cat out), alone $alone)" \
		test "$(cat out)" = "$alone"
	said "mremap refused: said" err "were not patched (mremap: "
else
	partial_skip "no seccomp filter here: mremap refused"
fi

finish

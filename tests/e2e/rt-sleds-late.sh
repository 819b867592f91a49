#!/bin/sh
# rt-sleds-late.sh - libraries built with -fpatchable-function-entry
# (=5 on x86-64, =2 on aarch64, =4 on riscv64; under qemu-user in a
# cross build) that a program loads after start, with libgmon preloaded: where
# their sleds are patched, and what is said when they are not.
#
#   A library dlopen'ed by a bare name (libgmon.so's dlopen leaves it
#   to the C library) is never patched in the slow path, which may run
#   in a signal handler (a new arc there: the handler's interrupted
#   code could be in a sled, its malloc held): the program's handler
#   sees the library's code unchanged.  It is patched at the next
#   dlopen or gmon_dump (its later calls counted, exactly), and without
#   either the line at exit says it was not patched, and why.
#
#   A plain program (no sleds, no -pg) that dlopens such a library by
#   its path gets it patched before dlopen returns: its calls are the
#   -pg build's of the library, exactly.
#
#   Without /proc (how many threads run cannot be told) nothing is
#   patched, and one line says why.  A library without a build id
#   replaced on disk (another build renamed over it) before its sleds
#   are patched is left alone: its file is not the one loaded.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
. "$top_srcdir/tests/e2e/sleds-lib.sh"
[ -n "$SLED" ] || skip "patchable function entries are patched on" \
	"x86-64, aarch64 and riscv64 Linux only"
O="$RT_CFLAGS_TEST -O2"

$CC $O $SLED -fPIC -shared -o libsl.so "$PROGRAMS/rt-sleds-lib.c" &&
	$CC $O $SLED -o prog "$PROGRAMS/rt-sleds-late.c" -ldl ||
	hard_error "cannot build the programs"

for mode in dlopen dump; do
	rm -rf gmon.out gmon.out-objs
	LD_LIBRARY_PATH=. preloaded ./prog libsl.so $mode >out 2>err
	rc=$?
	check "bare name, then $mode: runs, not patched in the handler (exit $rc)" \
		test $rc -eq 0 -a "$(cat out)" = ok
	one_line "bare name, then $mode" err \
		"1 objects loaded after start .*libsl.so.* patched at the next dlopen or gmon_dump"
	expect_calls libsl.so gmon.out-objs/libsl.so.gmon lib_leaf 100
	expect_calls prog gmon.out in_handler 1
done

rm -rf gmon.out gmon.out-objs
LD_LIBRARY_PATH=. preloaded ./prog libsl.so none >out 2>err
rc=$?
check "bare name, nothing after: runs (exit $rc)" \
	test $rc -eq 0 -a "$(cat out)" = ok
one_line "bare name, nothing after" err \
	"2 patchable function entries of .*libsl.so, loaded by a dlopen of a bare name, were not patched"
check "bare name, nothing after: no profile of the library" \
	test ! -e gmon.out-objs/libsl.so.gmon

# No build id, and another build renamed over the library's file.
mkdir swap && (cd swap &&
	$CC $O $SLED -fPIC -shared -Wl,--build-id=none -o libsl.so \
		"$PROGRAMS/rt-sleds-lib.c" &&
	$CC $O -O0 $SLED -fPIC -shared -Wl,--build-id=none -o new.so \
		"$PROGRAMS/rt-sleds-lib.c") ||
	hard_error "cannot build the libraries without a build id"
(cd swap && LD_LIBRARY_PATH=. preloaded ../prog libsl.so swap new.so \
	>out 2>err)
check "replaced without a build id: runs" \
	test $? -eq 0 -a "$(cat swap/out)" = ok
one_line "replaced without a build id" swap/err \
	"2 patchable function entries of .*libsl.so were not patched \\(its file is not the one loaded: no build id, and /proc/self/maps does not map that file there"
check "replaced without a build id: no profile of the library" \
	test ! -e swap/gmon.out-objs/libsl.so.gmon

# A plain program: the -pg library is the oracle.
mkdir plain pg sled && (cd pg &&
	$CC $O -pg -fPIC -shared -o libsl.so "$PROGRAMS/rt-sleds-lib.c") &&
	$CC $O -o plain/prog "$PROGRAMS/rt-sleds-late.c" -ldl &&
	cp libsl.so sled/ ||
	hard_error "cannot build the plain program"
for d in pg sled; do
	(cd $d && preloaded ../plain/prog "$work/$d/libsl.so" none \
		>out 2>err)
	check "plain program, $d library by its path: runs" \
		test $? -eq 0 -a "$(cat $d/out)" = ok
	gnu_gprof -b -p $d/libsl.so $d/gmon.out-objs/libsl.so.gmon 2>/dev/null |
		awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort >$d.calls
done
one_line "plain program, library with sleds" sled/err \
	"^libgmon: nothing to profile: .*a library with them that the program dlopens is patched"
echo 'lib_leaf 200' >want
same_file "plain program, -pg library: the calls" want pg.calls
same_file "plain program, library with sleds: the -pg library's calls" \
	pg.calls sled.calls

# No /proc: a mount namespace of its own with an empty /proc (root).
cat >noproc.c <<'EOF2'
#include <stdio.h>
long lib_work (long);
int main (void) { printf ("%ld\n", lib_work (100)); return 0; }
EOF2
mkdir noproc && cp libsl.so noproc/ &&
	$CC $O -o noproc/prog noproc.c -Lnoproc -lsl -Wl,-rpath,"$work/noproc" ||
	hard_error "cannot build noproc"
if qemu; then
	# Started in the namespace through run-target.sh, the guest was
	# patched and profiled: qemu answers its /proc/self/stat and
	# /proc/self/maps itself, with no /proc mounted.
	not_under_qemu "the run without /proc (qemu answers the guest's" \
		"/proc/self/stat and /proc/self/maps itself)"
elif [ "$(id -u)" = 0 ] &&
	unshare -m sh -c 'mount -t tmpfs none /proc && test ! -e /proc/self' 2>/dev/null; then
	(cd noproc && PRE=$PRE unshare -m sh -c \
		'mount -t tmpfs none /proc && LD_PRELOAD=$PRE exec ./prog' \
		>out 2>err)
	check "no /proc: runs" test $? -eq 0 -a "$(cat noproc/out)" = 5050
	one_line "no /proc" noproc/err \
		"2 patchable function entries of .*libsl.so were not patched \\(how many threads run cannot be told.*\\): nothing is profiled"
	check "no /proc: no profile" test ! -e noproc/gmon.out
else
	partial_skip "not root, or no mount namespace: the run without /proc"
fi

finish

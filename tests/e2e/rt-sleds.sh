#!/bin/sh
# rt-sleds.sh - programs built with -fpatchable-function-entry (=5 on
# x86-64, =2 on aarch64, =4 on riscv64), with and without libgmon
# preloaded; natively, and in a cross build under qemu-user.
#
#   Without libgmon the program runs as it does (no file, nothing on
#   stderr).  Preloaded, libgmon patches the sleds of the program and
#   of its library before main, and every call count and arc equals the
#   -pg -lgmon build's (GNU gprof on both): PIE, -no-pie and a third
#   build per processor: -fcf-protection (endbr64 stays first) on
#   x86-64, -mbranch-protection=standard (bti c stays first) on
#   aarch64, no C extension (two 4-byte nops, not four c.nops) on
#   riscv64; on aarch64 a library marked for BTI keeps its guard once
#   patched.  GMON_PATCH naming one
#   function: only it has calls, all of them.  The program finds no
#   writable and executable mapping at main, and its own signal
#   handler runs.  A library dlopen'ed after start by its path is
#   patched before dlopen returns (its counts equal -pg's); by a bare
#   name, only at a later dlopen or gmon_dump (rt-sleds-late.sh), and
#   the line at exit says it was not patched; one
#   dlopen'ed while another thread runs is left alone, and said.  A program
#   without sleds, a kernel that refuses executable memory (a seccomp
#   filter here) and a set-uid program (as root) each get one line and
#   an unpatched run.  Under qemu-user a few parts cannot be made (see
#   each): the thread count, exec of a target program, set-uid.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
. "$top_srcdir/tests/e2e/sleds-lib.sh"
# VARIANT3: the third build's name, its flags and the
# instruction that must come first at a function's entry (empty: none).
case $($CC -dumpmachine 2>/dev/null) in
x86_64*)
	VARIANT3=cet V3FLAGS=-fcf-protection V3FIRST=endbr64 ;;
aarch64*)
	VARIANT3=bti V3FLAGS=-mbranch-protection=standard
	V3FIRST='bti[[:space:]]+c' ;;
riscv64*)
	VARIANT3=norvc V3FIRST=
	V3FLAGS="-march=rv64g -mabi=lp64d -fpatchable-function-entry=2" ;;
*) skip "patchable function entries are patched on x86-64, aarch64 and" \
	"riscv64 Linux only" ;;
esac
OBJDUMP=${OBJDUMP:-objdump}
STRIP=${OBJDUMP%objdump}strip
O="$RT_CFLAGS_TEST -O2 -pthread"

# The oracle: -pg, linked with libgmon, its library -pg too.
mkdir pg && (cd pg &&
	$CC $O -pg -fPIC -shared -o libsl.so "$PROGRAMS/rt-sleds-lib.c" &&
	RT_LIBS="-L. -lsl -Wl,-rpath,$work/pg -ldl" \
		rt_cc prog "$PROGRAMS/rt-sleds.c" $O -pg -Wl,--no-as-needed) ||
	hard_error "cannot build the -pg programs"
(cd pg && run_prog ./prog 4 dl "$work/pg/libsl.so" >out 2>err) || bad "-pg: the program failed"
[ -f pg/gmon.out ] && [ -f pg/gmon.out-objs/libsl.so.gmon ] ||
	hard_error "-pg: no profile"

for v in pie no-pie $VARIANT3; do
	case $v in
	pie) f= ;;
	no-pie) f="-no-pie" ;;
	*) f=$V3FLAGS ;;
	esac
	mkdir $v && cd $v || hard_error "mkdir $v"
	# shellcheck disable=SC2086
	$CC $O $SLED $f -fPIC -shared -o libsl.so "$PROGRAMS/rt-sleds-lib.c" &&
		$CC $O $SLED $f -o prog "$PROGRAMS/rt-sleds.c" \
			-Wl,--no-as-needed -L. -lsl -Wl,-rpath,"$work/$v" -ldl ||
		hard_error "cannot build $v"
	if [ $v = "$VARIANT3" ] && [ -n "$V3FIRST" ]; then
		check "$v: $V3FIRST before the sled" sh -c \
			"$OBJDUMP -d prog | grep -A1 '<leaf>:' | grep -Eq '$V3FIRST'"
	fi
	case $v-$VARIANT3 in
	pie-norvc)
		check "$v: four 2-byte c.nops at the entry" sh -c \
			"$OBJDUMP -d prog | grep -A4 '<leaf>:' | grep -Ec ':[[:space:]]+0001[[:space:]]+nop' | grep -qx 4" ;;
	esac
	if [ $v = norvc ]; then
		check "$v: two 4-byte nops at the entry" sh -c \
			"$OBJDUMP -d prog | grep -A2 '<leaf>:' | grep -c '00000013[[:space:]]*nop' | grep -qx 2"
	fi
	run_prog ./prog 4 dl "$work/$v/libsl.so" >out 2>err
	check "$v, alone: runs (exit 0, ok)" test $? -eq 0 -a "$(cat out)" = ok
	quiet_stderr "$v, alone" err
	check "$v, alone: no profile" test ! -e gmon.out
	preloaded ./prog 4 dl "$work/$v/libsl.so" >out 2>err
	rc=$?
	check "$v, preloaded: runs (exit $rc: 0, no wx mapping, handler ran)" \
		test $rc -eq 0 -a "$(cat out)" = ok
	quiet_stderr "$v, preloaded" err
	same_profile "$v: program" ../pg/prog ../pg/gmon.out prog gmon.out
	same_profile "$v: library" ../pg/libsl.so ../pg/gmon.out-objs/libsl.so.gmon \
		libsl.so gmon.out-objs/libsl.so.gmon
	# Our gprof checks that arcs return just after a call of mcount;
	# in the file a sled is NOPs still (a false "rebuilt?" warning).
	"$GPROF" -b prog gmon.out >/dev/null 2>gerr
	check "$v: our gprof reads it with no warning" \
		sh -c '! grep -i warning gerr'
	cd ..
done
expect_calls pie/prog pie/gmon.out leaf 4007
expect_calls pie/libsl.so pie/gmon.out-objs/libsl.so.gmon lib_leaf 100

# bad_note: the BTI library with a malformed property note (its
# descriptor 12 bytes, its one property not FEATURE_1_AND), which
# glibc ignores: the program runs unguarded, and so it must preloaded
# (libgmon once read on past the note, and crashed).
bad_note () {
	mkdir bad || hard_error "mkdir bad"
	at=$(od -An -tx1 -v -N 4096 libbt.so | tr -s ' \n' '\n\n' |
		awk 'NF { b[n++] = $1 }
		END {
			want = "04 00 00 00 10 00 00 00 05 00 00 00 47 4e 55 00" \
				" 00 00 00 c0"
			for (i = 0; i + 20 <= n; i++) {
				s = b[i]
				for (j = 1; j < 20; j++)
					s = s " " b[i + j]
				if (s == want) { print i; exit }
			}
		}')
	[ -n "$at" ] || hard_error "no BTI property note in libbt.so"
	cp libbt.so bad/libbt.so &&
		printf '\014' | dd of=bad/libbt.so bs=1 seek=$((at + 4)) \
			conv=notrunc 2>/dev/null &&
		printf '\002' | dd of=bad/libbt.so bs=1 seek=$((at + 16)) \
			conv=notrunc 2>/dev/null &&
		$CC $O -o bad/prog main.c -Lbad -lbt \
			-Wl,-rpath,"$work/btilib/bad" 2>/dev/null ||
		hard_error "cannot build the malformed note's library"
	(cd bad && run_prog ./prog >alone 2>&1)
	if [ "$(cat bad/alone)" != "1499500 unguarded" ]; then
		partial_skip "malformed note read by glibc: $(cat bad/alone)"
		return
	fi
	(cd bad && preloaded ./prog >out 2>err)
	check "BTI library, malformed note, preloaded: runs, unguarded" \
		test $? -eq 0 -a "$(cat bad/out)" = "1499500 unguarded"
	quiet_stderr "BTI library, malformed note, preloaded" bad/err
}

# aarch64: a library marked for BTI (its property note; -z force-bti,
# and no start files, whose code has no landing pads) is mapped
# PROT_BTI where the processor has BTI (qemu's does): an indirect call
# past a function's bti c faults.  Patched, its pages keep the guard,
# and its calls are counted.
if [ "$VARIANT3" = bti ]; then
	mkdir btilib && cd btilib || hard_error "mkdir btilib"
	cat >lib.c <<'EOF'
#define NOIPA __attribute__ ((noipa))
NOIPA long bt_leaf (long x) { return x * 3 + 1; }
NOIPA long bt_work (long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += bt_leaf (i);
	return s;
}
/* An indirect call past bt_leaf's bti c and sled.  */
NOIPA long bt_probe (void)
{
	long (*volatile f) (long) = (long (*) (long)) ((char *) bt_leaf + 12);
	return f (1);
}
EOF
	cat >main.c <<'EOF'
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
long bt_work (long);
long bt_probe (void);
static sigjmp_buf jb;
static void on_ill (int s) { (void) s; siglongjmp (jb, 1); }
int
main (void)
{
	long s = bt_work (1000);

	signal (SIGILL, on_ill);
	if (sigsetjmp (jb, 1))
		printf ("%ld guarded\n", s);
	else {
		bt_probe ();
		printf ("%ld unguarded\n", s);
	}
	return 0;
}
EOF
	# shellcheck disable=SC2086
	$CC $O $V3FLAGS $SLED -fPIC -shared -nostartfiles -Wl,-z,force-bti \
		-o libbt.so lib.c 2>/dev/null &&
		$CC $O -o prog main.c -L. -lbt -Wl,-rpath,"$work/btilib" ||
		hard_error "cannot build the BTI library"
	run_prog ./prog >alone 2>&1
	if [ "$(cat alone)" = "1499500 guarded" ]; then
		preloaded ./prog >out 2>err
		check "BTI library, preloaded: runs, still guarded" \
			test $? -eq 0 -a "$(cat out)" = "1499500 guarded"
		quiet_stderr "BTI library, preloaded" err
		expect_calls libbt.so gmon.out-objs/libbt.so.gmon bt_leaf 1000
		bad_note
	else
		partial_skip "no BTI here (the library alone: $(cat alone))"
	fi
	cd ..
fi

# Contexts (GMON_CONTEXT): every stack through a patched function
# walks on to main, those of samples in libgmon's entry and in the
# sled itself included (on aarch64 and riscv64 the function's return
# address is still in a register there, and gcc puts the sled before
# the function's unwind table: the walk stopped at the function, or
# skipped its caller).
mkdir ctx && cd ctx || hard_error "mkdir ctx"
cat >ctx.c <<'EOF2'
#include <stdio.h>
#define NOIPA __attribute__ ((noipa))
NOIPA long leaf (long x) { long s = 0; int i; for (i = 0; i < 20; i++) s += x ^ i; return s; }
NOIPA long mid (long n) { long s = 0, i; for (i = 0; i < n; i++) s += leaf (i); return s; }
NOIPA long top (long n) { return mid (n) + 1; }
int main (void) { long s = 0; int i; for (i = 0; i < 400; i++) s += top (20000);
	printf ("%ld\n", s); return 0; }
EOF2
$CC $O $SLED -g -o prog ctx.c || hard_error "cannot build ctx"
GMON_CONTEXT=64 GMON_RATE=4000 preloaded ./prog >out 2>err ||
	bad "contexts: the program failed"
quiet_stderr "contexts" err
"$GPROF" --objects --export=folded:f.folded prog gmon.out >/dev/null 2>gerr ||
	bad "contexts: gprof --export=folded failed: $(cat gerr)"
# Each stack with leaf or mid in it, and its samples.
grep -E '(^|;)(leaf|mid)(;|$| )' f.folded | grep -v '^\[unknown\]' >ours
grep -vE '(^|;)main;top;mid(;leaf)?(;\[profiling-overhead\])? [0-9]+$' ours >broken
check "contexts: stacks through mid or leaf ($(wc -l <ours)), each from main (none broken: $(wc -l <broken))" \
	test -s ours -a ! -s broken ||
	cat broken
check "contexts: libgmon's entry sampled under main;top;mid;leaf" \
	grep -q '^.*main;top;mid;leaf;\[profiling-overhead\] [0-9]' ours
cd ..

# GMON_PATCH: one function.
cd pie || hard_error "cd pie"
rm -rf gmon.out gmon.out-objs
GMON_PATCH='^leaf$' preloaded ./prog 4 dl "$work/pie/libsl.so" >out 2>err ||
	bad "GMON_PATCH: the program failed"
quiet_stderr "GMON_PATCH" err
calls prog gmon.out >got
echo "leaf 4007" >want
same_file "GMON_PATCH=^leaf\$: leaf alone has calls, all 4007" want got
check "GMON_PATCH: the library's entries stay NOPs (no arcs)" sh -c \
	"! gnu_gprof -b -p libsl.so gmon.out-objs/libsl.so.gmon 2>/dev/null | grep -q lib_leaf"
GMON_PATCH='(' preloaded ./prog 1 >out 2>err
check "GMON_PATCH=(: runs" test $? -eq 0 -a "$(cat out)" = ok
one_line "GMON_PATCH=( (not a regex)" err "not a valid POSIX extended regular expression"
cd ..

# A library dlopen'ed after start (not linked): by its path, patched
# before dlopen returns (libgmon.so's dlopen), every call counted; by
# a bare name (its search path is the caller's business), not patched
# (no dlopen or gmon_dump follows), and said; dlopen'ed while a thread
# waits: left alone, and said.
mkdir dl && cd dl || hard_error "mkdir dl"
$CC $O $SLED -fPIC -shared -o libsl.so "$PROGRAMS/rt-sleds-lib.c" &&
	$CC $O $SLED -o prog "$PROGRAMS/rt-sleds.c" -ldl ||
	hard_error "cannot build dl"
preloaded ./prog 4 dl "$work/dl/libsl.so" >out 2>err
check "dlopen'ed by path: runs" test $? -eq 0 -a "$(cat out)" = ok
quiet_stderr "dlopen'ed by path" err
same_profile "dlopen'ed by path: program" ../pg/prog ../pg/gmon.out prog gmon.out
same_profile "dlopen'ed by path: library" ../pg/libsl.so \
	../pg/gmon.out-objs/libsl.so.gmon libsl.so gmon.out-objs/libsl.so.gmon
rm -rf gmon.out gmon.out-objs
LD_LIBRARY_PATH=. preloaded ./prog 4 dl libsl.so >out 2>err
check "dlopen'ed by name: runs" test $? -eq 0 -a "$(cat out)" = ok
one_line "dlopen'ed by name" err "2 patchable function entries of .*libsl.so, loaded by a dlopen of a bare name, were not patched"
expect_calls prog gmon.out leaf 4007
rm -rf gmon.out gmon.out-objs
# qemu-user's /proc/self/stat has no thread count (0: not known).
if qemu; then
	not_under_qemu "a dlopen while a thread runs (no thread count)"
else
	preloaded ./prog 4 late "$work/dl/libsl.so" >out 2>err
	check "dlopen'ed while a thread runs: runs" test $? -eq 0 -a "$(cat out)" = ok
	one_line "dlopen'ed while a thread runs" err "2 patchable function entries of .*libsl.so, loaded while 2 threads ran, were not patched"
	expect_calls prog gmon.out leaf 4007
fi

# No sleds, no -pg: one line, nothing patched, nothing written.
$CC $O -o plain "$PROGRAMS/rt-sleds.c" -ldl || hard_error "cannot build plain"
rm -rf gmon.out gmon.out-objs
preloaded ./plain 2 >out 2>err
check "no sleds: runs" test $? -eq 0 -a "$(cat out)" = ok
one_line "no sleds" err "^libgmon: nothing to profile: no object has patchable function entries or -pg code"
check "no sleds: no profile" test ! -e gmon.out
# ... and a library with sleds it dlopens while a thread runs is not
# patched: said at exit (nothing was, though nothing else is said).
if ! qemu; then
	preloaded ./plain 4 late "$work/dl/libsl.so" >out 2>err
	check "no sleds, late library: runs" test $? -eq 0 -a "$(cat out)" = ok
	check "no sleds, late library: two lines, the library's said" sh -c \
		"test \$(wc -l <err) -eq 2 && grep -q '^libgmon: 2 patchable function entries of .*libsl.so, loaded while 2 threads ran, were not patched' err" ||
		cat err
else
	not_under_qemu "a late library in a program without sleds (no thread count)"
fi
# LD_PRELOAD is inherited: a shell's programs are told by the shell's
# line, not once each.
if qemu; then
	not_under_qemu "a shell's programs inheriting LD_PRELOAD (no exec of a target program)"
else
	LD_PRELOAD=$PRE sh -c './plain 2 >/dev/null; ./plain 2 >/dev/null' 2>err
	one_line "no sleds, a shell and its two programs" err "^libgmon: nothing to profile"
fi

# Stripped libraries.  $SLED: a static helper
# just before an exported function is its own function, not the
# other's M NOPs (the whole object was refused as "not sleds").
# =6,1 (one NOP before each entry): a function without a symbol has a
# record that is not its entry, and where that is cannot be told: not
# patched, and said (a call was written over the entry: SIGSEGV).
cat >strip-lib.c <<'EOF'
#define NOIPA __attribute__ ((noipa))
NOIPA static long helper (long x) { return x * 3 + 1; }
NOIPA long exported (long x) { return helper (x) + 2; }
static long tail (long x);
NOIPA long exported2 (long x) { return tail (x); }
NOIPA static long tail (long x) { return x - 1; }	/* last: no symbol after */
EOF
cat >strip-main.c <<'EOF'
#include <stdio.h>
long exported (long);
long exported2 (long);
int main (void) { long s = 0, i; for (i = 0; i < 1000; i++) s += exported (i) + exported2 (1);
	printf ("%ld\n", s); return 0; }
EOF
n=${SLED#*=}
for m in $n $((n + 1)),1; do
	d=strip-${m%%,*}
	mkdir "$d" && (cd "$d" &&
		$CC $O -fpatchable-function-entry=$m -fno-toplevel-reorder -fPIC -shared -o libx.so \
			../strip-lib.c &&
		$STRIP libx.so &&
		$CC $O -o prog ../strip-main.c -L. -lx -Wl,-rpath,"\$ORIGIN") ||
		hard_error "cannot build the stripped library (=$m)"
	(cd "$d" && preloaded ./prog >out 2>err)
	check "stripped, =$m: runs preloaded (exit 0, its output)" \
		test $? -eq 0 -a "$(cat $d/out)" = 1501500
	case $m in
	$n)	check "stripped, =$m: both functions patched, nothing said" \
			test ! -s $d/err
		check "stripped, =$m: the library's calls counted" \
			test -s $d/gmon.out-objs/libx.so.gmon ;;
	*)	said "stripped, =$m: the function without a symbol is said" \
			$d/err "functions without a symbol" ;;
	esac
done

# Executable memory refused (SELinux execmem, PaX): a seccomp filter
# makes mprotect with PROT_EXEC fail with EACCES (rt-deny.c).
if qemu; then
	not_under_qemu "the mprotect refusal (no exec of a target program)"
elif $CC -o deny "$PROGRAMS/rt-deny.c" 2>/dev/null &&
	./deny exec "" /bin/true; then
	rm -rf gmon.out gmon.out-objs
	./deny exec "$PRE" ./prog 2 >out 2>err
	check "mprotect refused: runs" test $? -eq 0 -a "$(cat out)" = ok
	one_line "mprotect refused" err "were not patched \\(mprotect: .*\\): nothing is profiled"
	check "mprotect refused: no profile" test ! -e gmon.out
else
	partial_skip "no seccomp filter here: the mprotect refusal"
fi
cd ..

# The program's file unreadable: without /proc (a mount namespace
# with an empty /proc), read by the path it was run by, and said why
# it is not patched (how many threads run cannot be told); its user
# may only execute it (mode 711, run by another user): said.  Both
# once said "nothing to profile: no object has patchable function
# entries".
if qemu; then
	not_under_qemu "the program's file unreadable (no exec of a target program)"
elif [ "$(id -u)" != 0 ]; then
	partial_skip "not root: the program's file unreadable"
else
	mkdir noproc && cd noproc || hard_error "mkdir noproc"
	# rt-sleds.c reads /proc/self/maps: a program that does not.
	cat >prog.c <<'EOF2'
#include <stdio.h>
__attribute__ ((noipa)) long leaf (long x) { return x + 1; }
int main (void) { long s = 0, i; for (i = 0; i < 1000; i++) s += leaf (i);
	puts (s == 500500 ? "ok" : "wrong"); return 0; }
EOF2
	$CC $O $SLED -o prog prog.c || hard_error "cannot build noproc"
	if unshare -m --propagation private sh -c \
		'mount -t tmpfs none /proc && test ! -e /proc/self' 2>/dev/null
	then
		unshare -m --propagation private sh -c \
			'mount -t tmpfs none /proc && exec env LD_PRELOAD="$1" ./prog' \
			sh "$PRE" >out 2>err
		check "no /proc: runs" test $? -eq 0 -a "$(cat out)" = ok
		one_line "no /proc" err "patchable function entries of \./prog were not patched \(how many threads run cannot be told"
	else
		partial_skip "no mount namespace here: the program without /proc"
	fi
	other=gmonkit-sleds
	id $other >/dev/null 2>&1 ||
		useradd -r -M -N -s /usr/sbin/nologin $other 2>/dev/null ||
		hard_error "cannot make the user $other"
	chmod 711 prog && chmod 755 "$work" . && chmod 1777 . &&
		setpriv --reuid=$other --regid=nogroup --clear-groups \
			env LD_PRELOAD="$PRE" ./prog >out 2>err
	check "execute-only: runs" test $? -eq 0 -a "$(cat out)" = ok
	one_line "execute-only" err "^libgmon: the program's file cannot be read \(/proc/self/exe: Permission denied\)"
	cd ..
fi

# A set-uid program (linked with libgmon: the dynamic linker ignores
# LD_PRELOAD there) is never patched.
if qemu; then
	not_under_qemu "a set-uid target program is not set-uid (the kernel runs qemu)"
elif [ "$(id -u)" != 0 ]; then
	partial_skip "not root: the set-uid program"
else
	mkdir suid && chmod 755 "$work" suid && cd suid || hard_error "mkdir suid"
	RT_LIBS=-ldl rt_cc prog "$PROGRAMS/rt-sleds.c" $O $SLED \
		-Wl,--no-as-needed
	chmod 4755 prog && chmod 1777 .
	setpriv --reuid=$other --regid=nogroup --clear-groups ./prog 2 >out 2>err
	check "set-uid: runs" test $? -eq 0 -a "$(cat out)" = ok
	one_line "set-uid" err "a set-uid program is never patched"
	check "set-uid: no profile" test ! -e gmon.out
	cd ..
fi

finish

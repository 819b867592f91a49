#!/bin/sh
# rt-link.sh - every way a program gets libgmon: linked as libgmon.so
# or libgmon.a, -static and -static-pie, preloaded into a program built
# against glibc's gmon (-pg and -pg -mfentry), and a program compiled
# with -pg but linked without it (no gcrt1.o, so nothing calls
# __monstartup: glibc writes nothing then).  Each run must write the
# profile through libgmon, with the exact counts, and stay silent.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

src=$PROGRAMS/rt-calls.c
for v in so a static static-pie preload preload-fentry nolinkpg-so \
	nolinkpg-a; do
	case " $RT_ENTRIES " in
	*" fentry "*) ;;
	*)	[ $v = preload-fentry ] && continue ;;	# no -mfentry here
	esac
	# Debian's riscv64 C library has no start file for -static-pie
	# -pg (grcrt1.o): no such program can be linked there.
	if [ $v = static-pie ] &&
		[ ! -f "$($CC -print-file-name=grcrt1.o)" ]; then
		echo "note: $($CC -dumpmachine) has no grcrt1.o: no -static-pie -pg program"
		continue
	fi
	mkdir "$v" && cd "$v" || hard_error "mkdir $v"
	pre=
	case $v in
	so)	rt_cc prog "$src" -O2 -pg ;;
	a)	rt_cc_static prog "$src" -O2 -pg ;;
	static)	rt_cc_static prog "$src" -O2 -pg -static ;;
	static-pie)
		rt_cc_static prog "$src" -O2 -pg -static-pie ;;
	preload|preload-fentry)
		flags="-O2 -pg"
		[ $v = preload-fentry ] && flags="$flags -mfentry"
		# shellcheck disable=SC2086
		$CC $RT_CFLAGS_TEST $flags -o prog "$src" ||
			hard_error "cannot build $v"
		nm -D prog | grep -q 'mcount@GLIBC\|__fentry__@GLIBC' ||
			hard_error "$v: not linked against glibc's mcount"
		pre=$LIBGMON_DIR/libgmon.so ;;
	nolinkpg-so|nolinkpg-a)
		$CC $RT_CFLAGS_TEST -O2 -pg -c -o prog.o "$src" ||
			hard_error "cannot compile"
		if [ $v = nolinkpg-so ]; then
			$CC -o prog prog.o -L"$LIBGMON_DIR" -lgmon \
				-Wl,-rpath,"$LIBGMON_DIR"
		else
			$CC -o prog prog.o "$LIBGMON_DIR/libgmon.a"
		fi || hard_error "cannot link $v"
		# gcrt1.o defines __gmon_start__ (riscv64's crt files
		# do not even refer to it otherwise).
		! ${NM:-nm} prog | grep -q ' [Tt] __gmon_start__$' ||
			hard_error "$v: linked with gcrt1.o after all" ;;
	esac
	if [ -n "$pre" ] && qemu; then
		"$RUN_TARGET" --preload "$pre" ./prog 100
	elif [ -n "$pre" ]; then
		LD_PRELOAD=$pre ./prog 100
	else
		run_prog ./prog 100
	fi >out 2>err || bad "$v: the program failed"
	if [ -f gmon.out ]; then
		the_calls_are_right prog gmon.out
		by_libgmon "$v" gmon.out
	else
		bad "$v: no gmon.out"
	fi
	quiet_stderr "$v" err
	cd ..
done

finish

# rt-lib.sh - sourced by the runtime's end-to-end tests, after lib.sh.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds -pg programs against the libgmon of the build tree and reads
# their profiles with GNU gprof, the oracle.

RT_CFLAGS_TEST="-fno-optimize-sibling-calls"

# riscv64's gcc 12 makes no unwind tables by default (x86-64's and
# aarch64's do), and -pg at -O2 keeps no frame pointer: without
# tables GMON_CONTEXT's walk stops at the sampled function (the
# manual's "aarch64 and RISC-V" says so).
case $($CC -dumpmachine 2>/dev/null) in
riscv64*) RT_CFLAGS_TEST="$RT_CFLAGS_TEST -fasynchronous-unwind-tables" ;;
esac

# RT_ENTRIES: the entry points the compiler's -pg has here: mcount
# (pg) everywhere, __fentry__ (-mfentry) on x86-64 only; a cross
# build's tests (RUN_TARGET) are for its target's compiler.
case $($CC -dumpmachine 2>/dev/null) in
x86_64*) RT_ENTRIES="pg fentry" ;;
*)	 RT_ENTRIES=pg ;;
esac
RT_PG_FLAGS=-pg
# clang builds for the cross build's target too (Debian's clang finds
# the cross toolchain's C library and crt files).  It takes the newest
# GCC it finds for the target's processor, and a bare-metal one
# (riscv64-unknown-elf 12.2.0, for the firmware tests) is newer than
# the cross one (12): then it read the build machine's headers.  A
# prefix of the test's own holds only the cross GCC and its C library.
RT_CLANG_TARGET=
if [ -n "$RUN_TARGET" ]; then
	_rt_t=$($CC -dumpmachine)
	RT_CLANG_TARGET=--target=$_rt_t
	if [ -d "/usr/lib/gcc-cross/$_rt_t" ] && [ -d "/usr/$_rt_t" ]; then
		mkdir -p "$work/.clang-gcc/lib" &&
			ln -s /usr/lib/gcc-cross "$work/.clang-gcc/lib/gcc-cross" &&
			ln -s "/usr/$_rt_t" "$work/.clang-gcc/$_rt_t" &&
			RT_CLANG_TARGET="$RT_CLANG_TARGET --gcc-toolchain=$work/.clang-gcc"
	fi
fi

# qemu: true when the programs run under qemu-user (a cross build).
# There perf_event_open is missing (ENOSYS): the default clock, the
# timer, runs as it does natively, and a test that asks for the perf
# clock (GMON_SAMPLER=perf) does so natively only.  A set-uid target
# program is not set-uid under qemu (the kernel runs qemu), and
# nothing registers qemu with binfmt_misc, so a program cannot exec
# another one of the target.
qemu () { [ -n "$RUN_TARGET" ]; }

# not_under_qemu WHAT: WHAT cannot be checked under qemu-user (a
# partial skip, which tests/allowed-skips-cross.txt allows).
not_under_qemu () {
	partial_skip "under qemu-user: $*"
}
[ "$RT_ENTRIES" = pg ] || RT_PG_FLAGS="-pg -pg_-mfentry"

# need_runtime: libgmon is built, or the test skips saying why (it is
# x86-64 Linux only: the tests of the runtime stay in TESTS everywhere
# and skip elsewhere); a build for x86-64 Linux without it is an error.
need_runtime () {
	if [ ! -f "$LIBGMON_DIR/libgmon.so" ] || [ ! -f "$LIBGMON_DIR/libgmon.a" ]; then
		case $($CC -dumpmachine 2>/dev/null) in
		aarch64-*linux*|riscv64-*linux*|x86_64-*linux*)
			hard_error "libgmon was not built ($LIBGMON_DIR)" ;;
		esac
		case $(uname -m)-$(uname -s) in
		x86_64-Linux) hard_error "libgmon was not built ($LIBGMON_DIR)" ;;
		*) skip "libgmon, the runtime, is built for x86-64 Linux only" \
			"(this is $(uname -m) $(uname -s))" ;;
		esac
	fi
	need_gnu_gprof
}

# rt_cc OUT SOURCE FLAGS...: a -pg program linked with libgmon.so
# (and $RT_LIBS, after the source).
rt_cc () {
	_out=$1 _src=$2; shift 2
	# shellcheck disable=SC2086
	$CC $RT_CFLAGS_TEST "$@" -o "$_out" "$_src" ${RT_LIBS:-} \
		-L"$LIBGMON_DIR" -lgmon -Wl,-rpath,"$LIBGMON_DIR" -lpthread ||
		hard_error "cannot build $_out"
}

# rt_cc_static OUT SOURCE FLAGS...: the same with libgmon.a.
rt_cc_static () {
	_out=$1 _src=$2; shift 2
	$CC $RT_CFLAGS_TEST "$@" -o "$_out" "$_src" \
		"$LIBGMON_DIR/libgmon.a" -lpthread ||
		hard_error "cannot build $_out"
}

# flat_calls EXE GMON FUNC: FUNC's calls in GNU gprof's flat profile
# (empty if it has none).
flat_calls () {
	gnu_gprof -b -p "$1" "$2" 2>/dev/null |
		awk -v f="$3" '$NF == f && NF == 7 { print $4; exit }'
}

# flat_self EXE GMON FUNC: FUNC's self seconds in the flat profile.
flat_self () {
	gnu_gprof -b -p "$1" "$2" 2>/dev/null |
		awk -v f="$3" '$NF == f { print $3; exit }'
}

# flat_total EXE GMON: the seconds the flat profile accounts for.
flat_total () {
	gnu_gprof -b -p "$1" "$2" 2>/dev/null |
		awk 'NR > 5 && NF >= 4 { t = $2 } END { print t + 0 }'
}

# expect_calls EXE GMON FUNC N: a check that FUNC has N calls.
expect_calls () {
	_got=$(flat_calls "$1" "$2" "$3")
	if [ "$_got" = "$4" ]; then
		ok "$1: $3 called $4 times"
	else
		bad "$1: $3 called '${_got}' times, expected $4"
	fi
}

# expect_graph EXE GMON PATTERN DESC: a check that GNU gprof's call
# graph has a line matching the extended regular expression PATTERN.
expect_graph () {
	if gnu_gprof -b -q "$1" "$2" 2>/dev/null | grep -Eq "$3"; then
		ok "$1: $4"
	else
		bad "$1: $4 (no line matches '$3')"
	fi
}

# the_calls_are_right EXE GMON: the counts rt-calls.c promises.
the_calls_are_right () {
	expect_calls "$1" "$2" leaf 1000
	expect_calls "$1" "$2" apply 10
	expect_calls "$1" "$2" square 5
	expect_calls "$1" "$2" cube 5
	expect_calls "$1" "$2" is_even 6
	expect_calls "$1" "$2" is_odd 5
	expect_calls "$1" "$2" loop 1
	expect_calls "$1" "$2" burn 1
	expect_graph "$1" "$2" '1\+21890 +fib' "fib called 1+21890 times"
	expect_graph "$1" "$2" '1000/1000 +leaf' \
		"leaf called 1000 times from loop"
}

# said DESC FILE PATTERN: a check that FILE (a program's stderr, say)
# has PATTERN (grep).
said () {
	if grep -q -- "$3" "$2"; then
		ok "$1"
	else
		bad "$1: $2 lacks '$3':"
		cat "$2"
	fi
}

# quiet_stderr DESC FILE: a check that FILE (a program's stderr) is
# empty.
quiet_stderr () {
	if [ -s "$2" ]; then
		bad "$1: stderr is not empty:"
		cat "$2"
	else
		ok "$1: nothing on stderr"
	fi
}

# one_line DESC FILE PATTERN: FILE holds exactly one line, matching
# PATTERN.
one_line () {
	if [ "$(wc -l <"$2")" -eq 1 ] && grep -Eq "$3" "$2"; then
		ok "$1: one line on stderr"
	else
		bad "$1: expected one line matching '$3' on stderr, got:"
		cat "$2"
	fi
}

# by_libgmon DESC GMON: the file was written by libgmon, not glibc:
# whole-byte bins (glibc's are 3.99 bytes wide).
by_libgmon () {
	_h=$("$GMONDUMP" -s "$2" | awk '$1 == "hist" { print $2, $3, $4; exit }')
	set -- "$1" $_h
	if [ $# -eq 4 ] && [ $(( ($3 - $2) % ${4#bins=} )) -eq 0 ]; then
		ok "$1: written by libgmon (whole-byte bins)"
	else
		bad "$1: not written by libgmon ($_h)"
	fi
}

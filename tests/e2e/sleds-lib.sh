# sleds-lib.sh - what the tests of the patched sleds share (sourced by
# rt-sleds*.sh after lib.sh and rt-lib.sh): the flag, libgmon
# preloaded, natively or under qemu-user, and the profiles compared
# through GNU gprof.

PRE=$LIBGMON_DIR/libgmon.so
# SLED: the processor's -fpatchable-function-entry (empty: no port).
case $($CC -dumpmachine 2>/dev/null) in
x86_64*)  SLED=-fpatchable-function-entry=5 ;;
aarch64*) SLED=-fpatchable-function-entry=2 ;;
riscv64*) SLED=-fpatchable-function-entry=4 ;;
*)	  SLED= ;;
esac

# preloaded PROGRAM ARGS...: PROGRAM with libgmon preloaded (under
# qemu-user into the target's dynamic linker, not the shell's).
preloaded () {
	if qemu; then
		run_prog --preload "$PRE" "$@"
	else
		LD_PRELOAD=$PRE "$@"
	fi
}

# calls EXE GMON: "name calls" of every function GNU gprof's flat
# profile gives calls, sorted.
calls () {
	gnu_gprof -b -p "$1" "$2" 2>/dev/null |
		awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort
}

# arcs EXE GMON: "caller callee count" of every arc of the call graph
# (each function's children), sorted.  -z: with no time sampled, GNU
# gprof leaves out the entries of functions nothing called.
arcs () {
	gnu_gprof -b -q -z "$1" "$2" 2>/dev/null | awk '
		/^\[/ { cur = $(NF - 1); kids = 1; next }
		/^---/ { kids = 0; next }
		kids && NF >= 3 && $NF ~ /^\[/ {
			n = $(NF - 2); sub (/\/.*/, "", n); print cur, $(NF - 1), n }' |
		sort
}

# same_profile DESC EXE-A GMON-A EXE-B GMON-B: the same calls and arcs
# (A: the -pg build's, B: the patched one's).
same_profile () {
	calls "$2" "$3" >calls.a; calls "$4" "$5" >calls.b
	arcs "$2" "$3" >arcs.a; arcs "$4" "$5" >arcs.b
	if [ -s calls.a ] && cmp -s calls.a calls.b && cmp -s arcs.a arcs.b; then
		ok "$1: the same calls ($(wc -l <calls.a) functions) and arcs ($(wc -l <arcs.a))"
	else
		bad "$1: calls or arcs differ (left: -pg, right: sleds)"
		diff calls.a calls.b | head -20
		diff arcs.a arcs.b | head -20
	fi
}

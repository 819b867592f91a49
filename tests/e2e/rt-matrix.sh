#!/bin/sh
# rt-matrix.sh - libgmon across the compiler's variants: -pg and
# -pg -mfentry, -O0 and -O2, PIE and non-PIE.  Each build of
# rt-calls.c must give GNU gprof the exact call counts (recursion,
# mutual recursion, calls through pointers, two call sites), most of
# the time in burn (), whole-byte histogram bins, nothing on stderr,
# and arcs whose from address is exactly the return address of their
# call (glibc rounds it to 16 bytes).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

# call_returns EXE CALLEE: the return address of every call to CALLEE
# in EXE, in hex without 0x, one a line, sorted.
call_returns () {
	${OBJDUMP:-objdump} -d "$1" | awk -v c="<$2>" '
		want && $1 ~ /^[0-9a-f]+:$/ {
			sub (":", "", $1); print $1; want = 0 }
		/(call|\tbl|\tjalr?)[ \t]/ && index ($0, c) { want = 1 }' |
		sed 's/^0*//' | sort
}

# arc_froms GMON SELF_LO SIZE: the from address of every arc into the
# function at SELF_LO (hex, no 0x) of SIZE bytes (hex), sorted.
arc_froms () {
	"$GMONDUMP" "$1" | while read -r kind from self count; do
		[ "$kind" = arc ] || continue
		d=$(( $self - 0x$2 ))
		[ "$d" -ge 0 ] && [ "$d" -lt $((0x$3)) ] && printf '%x\n' "$from"
	done | sort
}

for entry in $RT_ENTRIES; do
	for opt in O0 O2; do
		for pie in pie no-pie; do
			v=$entry-$opt-$pie
			flags="-$opt -pg"
			[ $entry = fentry ] && flags="$flags -mfentry"
			if [ $pie = pie ]; then
				flags="$flags -fPIE -pie"
			else
				flags="$flags -fno-pie -no-pie"
			fi
			mkdir "$v" && cd "$v" || hard_error "mkdir $v"
			# shellcheck disable=SC2086
			rt_cc prog "$PROGRAMS/rt-calls.c" $flags
			run_prog ./prog 150 >out 2>err || bad "$v: the program failed"
			the_calls_are_right prog gmon.out
			by_libgmon "$v" gmon.out
			quiet_stderr "$v" err
			total=$(flat_total prog gmon.out)
			burn=$(flat_self prog gmon.out burn)
			if awk -v t="$total" -v b="$burn" \
				'BEGIN { exit !(t >= 0.05 && b >= 0.8 * t) }'
			then
				ok "$v: burn has $burn of $total seconds"
			else
				bad "$v: burn has $burn of $total seconds"
			fi
			want=$(call_returns prog leaf)
			got=$(arc_froms gmon.out "$(sym_addr prog leaf)" \
				"$(${NM:-nm} -S prog |
				   awk '$4 == "leaf" { print $2; exit }')")
			if [ -n "$want" ] && [ "$want" = "$got" ]; then
				ok "$v: leaf's arcs come from its call sites" \
					"($(echo $got))"
			else
				bad "$v: arcs into leaf come from '$(echo $got)'," \
					"its calls return to '$(echo $want)'"
			fi
			cd ..
		done
	done
done

finish

#!/bin/sh
# gmon-glibc.sh - the format library reads what glibc's runtime writes.
#
# A -pg program (PIE and non-PIE) is profiled by glibc.  Its gmon.out is
# read by gmondump; the record counts must match what GNU gprof -i
# counts, and the profile, rewritten by our writer from what our reader
# read, must give GNU gprof exactly the report the original gives.

. "$top_srcdir/tests/e2e/lib.sh"
need_gnu_gprof

for pie in pie no-pie; do
	case $pie in
	pie) flags="-fPIE -pie" ;;
	*) flags="-fno-pie -no-pie" ;;
	esac
	$CC -pg -O1 -fno-inline $flags -o fix-$pie "$PROGRAMS/fixture.c" ||
		hard_error "cannot compile the fixture with -pg"
	./fix-$pie 0.3 >/dev/null || hard_error "fixture failed"
	[ -f gmon.out ] || hard_error "glibc wrote no gmon.out"
	mv gmon.out gmon-$pie.out

	if "$GMONDUMP" -e fix-$pie gmon-$pie.out >dump-$pie.txt 2>err.txt; then
		ok "$pie: gmondump reads glibc's file"
	else
		bad "$pie: gmondump failed: $(cat err.txt)"
	fi

	# Record counts, as GNU gprof -i counts them.
	gnu_gprof -i fix-$pie gmon-$pie.out >info.txt
	want=$(awk '/histogram record/ { h = $1 } /call-graph record/ { a = $1 }
		/basic-block/ { b = $1 }
		END { printf "%d histogram, %d arc, %d basic-block", h, a, b }' \
		info.txt)
	got=$(sed -n 's/^total: \([0-9]*\) histogram, \([0-9]*\) arc ([0-9]* calls), \([0-9]*\) basic-block records$/\1 histogram, \2 arc, \3 basic-block/p' dump-$pie.txt)
	if [ "$want" = "$got" ]; then
		ok "$pie: record counts agree with gprof -i ($got)"
	else
		bad "$pie: record counts: gprof -i says '$want', gmondump '$got'"
	fi

	# fib was called 21891 times: the arcs into it (self_pc just past
	# its entry) must add up to that.
	fib=$(sym_addr fix-$pie fib)
	calls=0
	while read -r kind from self count; do
		[ "$kind" = arc ] || continue
		d=$((self - 0x$fib))
		if [ "$d" -ge 0 ] && [ "$d" -lt 32 ]; then
			calls=$((calls + count))
		fi
	done <dump-$pie.txt
	check "$pie: fib's arcs sum to 21891 calls ($calls)" [ "$calls" = 21891 ]

	# Our reader and writer lose nothing GNU gprof can see.
	"$GMONDUMP" -e fix-$pie gmon-$pie.out | "$GMONMAKE" -o copy-$pie.out ||
		bad "$pie: gmonmake could not rewrite the dump"
	gnu_gprof -b fix-$pie gmon-$pie.out >orig.txt
	gnu_gprof -b fix-$pie copy-$pie.out >copy.txt
	same_file "$pie: GNU gprof reports the rewritten file identically" \
		orig.txt copy.txt
	grep -q 'fib' orig.txt || bad "$pie: the report does not mention fib"

	# The merged view of two copies doubles every count.
	"$GMONDUMP" -m -e fix-$pie gmon-$pie.out gmon-$pie.out >m2.txt
	a1=$(awk '$1 == "arc" { n += $4 } END { print n }' dump-$pie.txt)
	a2=$(sed -n 's/^total: .* arcs (\([0-9]*\) calls).*/\1/p' m2.txt)
	check "$pie: merging a file with itself doubles the calls" \
		[ "$((a1 * 2))" = "$a2" ]
done

finish

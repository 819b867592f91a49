#!/bin/sh
# gprof-diff-c.sh - our gprof against GNU gprof on a C program, across
# the option matrix.
#
# The fixture (tests/programs/gprof-main.c + gprof-util.c: recursion,
# two cycles, a function pointer, two static `helper's, a function never
# called) is built with -pg -g at -O0 and -O2, PIE and not, run under
# glibc's runtime, and each gmon.out is read by both analysers with
# every option set below: once with -b (compared byte for byte) and
# once without (blurbs masked, tables and page breaks compared).
# See tests/e2e/gprof-lib.sh for the rules.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

# One option set per line; "." is no option at all.  Symbol names and
# file names are those of the fixture.
option_sets='.
-p
-q
-P
-Q
-p -q
-p -P
-P -p
-z
-p -z
-q -z
-T
-T -z
-w 40
-w 200
-w 1
-pleaf
-Pleaf
-pnonexist.c
-pgprof-util.c
-pgprof-main.c:helper
-pgprof-util.c:helper
-p@FIBLINE@
-Pheavy
-qfib
-Qfib
-qcyc_b
-Qis_odd
-qheavy/util_entry
-Qmain/apply
-k is_even/leaf
-k cyc_c/cyc_a
-k gprof-util.c:helper/leaf
-nleaf
-Nleaf
-ncyc_a
-Ncyc_b
-n cyc_b
-eleaf
-Eleaf
-e helper
-Ecyc_c
-fheavy
-Fheavy
-fcyc_b
-Fgprof-util.c:helper
-f fib -e leaf
-a
-a -z
-D
-D -z
-c
-c -z
--inline-file-names
-L
--inline-file-names -L
--no-demangle
--demangle=gnu-v3
-i
-i -p
-r
-R map.txt
-m 100
--flat-profile=leaf
--graph=fib
--no-graph
--brief --no-flat-profile'

set -f
fibline=$(grep -n '^fib (' "$PROGRAMS/gprof-main.c" | cut -d: -f1)
echo "$option_sets" | sed "s/@FIBLINE@/$fibline/" >option-sets.txt

for opt in O0 O2; do
	for pie in pie nopie; do
		v=$opt-$pie
		case $pie in
		pie) pflags="-fPIE" lflags="-pie" ;;
		*) pflags="-fno-pie" lflags="-no-pie" ;;
		esac
		# Objects first, for the -R map; then the program.
		for f in gprof-main gprof-util; do
			$CC -pg -g -$opt $pflags -I"$PROGRAMS" -c \
				-o $f-$v.o "$PROGRAMS/$f.c" ||
				hard_error "cannot compile $f.c ($v)"
		done
		$CC -pg $lflags -o c-$v gprof-main-$v.o gprof-util-$v.o ||
			hard_error "cannot link c-$v"
		nm --extern-only --defined-only -v --print-file-name \
			gprof-main-$v.o gprof-util-$v.o >map-$v.txt
		case $opt in O2) scale=150 ;; *) scale=50 ;; esac
		gp_profile c-$v gmon-$v.out $scale
		cp map-$v.txt map.txt
		while IFS= read -r line; do
			[ "$line" = . ] && line=
			# shellcheck disable=SC2086
			gp_case "c/$v/-b $line" -- -b $line c-$v gmon-$v.out
			case $line in
			-T*) mode=bsd ;;
			*) mode=fsf ;;
			esac
			case $line in
			*--brief*) ;;
			# shellcheck disable=SC2086
			*) gp_case -m $mode "c/$v/$line" -- $line c-$v gmon-$v.out ;;
			esac
		done <option-sets.txt
	done
done
gp_summary

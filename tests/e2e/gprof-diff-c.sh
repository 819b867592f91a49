#!/bin/sh
# gprof-diff-c.sh - our gprof against GNU gprof on a C program, across
# the option matrix.
#
# The fixture (tests/programs/gprof-main.c + gprof-util.c: recursion,
# two cycles, a function pointer, two static `helper's, a function never
# called) is built with -pg -g at -O0 and -O2, PIE and not, run under
# glibc's runtime, and each gmon.out is read by both analysers with
# every option set of tests/e2e/gprof-cmatrix.sh: once with -b (compared byte for byte) and
# once without (blurbs masked, tables and page breaks compared).
# See tests/e2e/gprof-lib.sh for the rules.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
gp_setup

set -f

# GPROF_DIFF_VARIANTS (e.g. "O0-pie") runs fewer builds: the mutants of
# gprof-diff-selftest.sh need only one.
for opt in O0 O2; do
	for pie in pie nopie; do
		case " ${GPROF_DIFF_VARIANTS:-$opt-$pie} " in
		*" $opt-$pie "*) ;;
		*) continue ;;
		esac
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
		# A FILE:LINE symspec names the line of fib's first row
		# (addr2line, binutils': the C fixture has no DWARF 5 file
		# 0 trouble).
		fibline=$(addr2line -e c-$v "0x$(sym_addr c-$v fib)" |
			sed -n 's/.*gprof-main\.c:\([0-9]*\)$/\1/p')
		[ -n "$fibline" ] || hard_error "no line for fib in c-$v"
		"$OURS" -b -p -pgprof-main.c:$fibline c-$v gmon-$v.out 2>&1 |
			awk '/^ *[0-9]+\.[0-9]+ / { n++; if ($NF != "fib") bad = 1 }
			     END { exit !(n == 1 && !bad) }' ||
			bad "c/$v: -pgprof-main.c:$fibline does not select fib alone"
		gp_backward_calls c-$v >backward-$v.txt
		# (x86-64 calls: elsewhere the list is what it is.)
		[ "$(uname -m)" != x86_64 ] ||
			grep -q '^never_called burn$' backward-$v.txt ||
			hard_error "objdump shows no backward call never_called -> burn in c-$v"
		cm_c_drop=$work/backward-$v.txt cm_c_gmon=
		cm_matrix "c/$v" c-$v gmon-$v.out "$fibline"
	done
done
gp_summary

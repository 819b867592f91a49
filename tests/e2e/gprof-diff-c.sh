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
-pgprof-main.c:@FIBLINE@
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

# c_case ARGS...: gp_case, through $filter if there is one.
c_case () {
	if [ -n "$filter" ]; then gp_case -f "$filter" "$@"; else gp_case "$@"; fi
}

# c_forgiven NAME: the lines the filter took out of ours, checked
# against their oracle ($forgiven, @ for the case's directory).
c_forgiven () {
	[ -n "$forgiven" ] || return 0
	_chk=$(echo "$forgiven" | sed "s|@|$gp_case_dir|")
	# shellcheck disable=SC2086
	if $_chk >"$gp_case_dir/forgiven.check" 2>&1; then
		ok "$1: the $(wc -l <"$gp_case_dir/ours.forgiven") line(s) taken out of ours are right (${forgiven%% *})"
	else
		bad "$1: lines taken out of ours are wrong (${forgiven%% *}):"
		head -10 "$gp_case_dir/forgiven.check"
	fi
}

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
		echo "$option_sets" | sed "s/@FIBLINE@/$fibline/" >option-sets.txt
		"$OURS" -b -p -pgprof-main.c:$fibline c-$v gmon-$v.out 2>&1 |
			awk '/^ *[0-9]+\.[0-9]+ / { n++; if ($NF != "fib") bad = 1 }
			     END { exit !(n == 1 && !bad) }' ||
			bad "c/$v: -pgprof-main.c:$fibline does not select fib alone"
		gp_backward_calls c-$v >backward-$v.txt
		# (x86-64 calls: elsewhere the list is what it is.)
		[ "$(uname -m)" != x86_64 ] ||
			grep -q '^never_called burn$' backward-$v.txt ||
			hard_error "objdump shows no backward call never_called -> burn in c-$v"
		while IFS= read -r line; do
			[ "$line" = . ] && line=
			# The known differences of -c and -R: their lines out
			# of both outputs, those of ours checked.
			case $line in
			"-c" | "-c -z")
				filter="gp_drop_backward $work/backward-$v.txt"
				forgiven="gp_backward_forgiven @ $work/backward-$v.txt" ;;
			"-R map.txt")
				filter=gp_uniq
				forgiven="gp_objects_forgiven @ map.txt" ;;
			*) filter= forgiven= ;;
			esac
			# shellcheck disable=SC2086
			c_case "c/$v/-b $line" -- -b $line c-$v gmon-$v.out
			c_forgiven "c/$v/-b $line"
			case $line in
			-T*) mode=bsd ;;
			*) mode=fsf ;;
			esac
			case $line in
			*--brief*) ;;
			# shellcheck disable=SC2086
			*) c_case -m $mode "c/$v/$line" -- $line c-$v gmon-$v.out
			   c_forgiven "c/$v/$line" ;;
			esac
		done <option-sets.txt
	done
done
gp_summary

# gprof-cmatrix.sh - sourced (after gprof-lib.sh) by the differential
# tests that run the C fixture (tests/programs/gprof-main.c +
# gprof-util.c) through the whole option matrix: gprof-diff-c.sh on
# this host, gprof-targets-lib.sh on every other target.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# One option set per line; "." is no option at all.  Symbol names and
# file names are those of the fixture.
cm_option_sets='.
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

# cm_matrix PREFIX EXE GMON FIBLINE: every option set on EXE and GMON,
# with -b (compared byte for byte) and without (blurbs masked), as the
# cases PREFIX/-b OPTIONS and PREFIX/OPTIONS, in the current directory,
# where map.txt is the -R map of EXE's objects.  FIBLINE is the line of
# fib's first row (for a FILE:LINE symspec).  Set by the caller:
#   cm_c_drop    for -c, a file of calls "CALLER CALLEE" whose arc
#                lines are taken out of both outputs and checked in
#                ours (gp_drop_backward, gp_backward_forgiven): the
#                backward calls GNU misses on x86
#                (gp_backward_calls), or empty;
#   cm_c_gmon    for -c, where GNU has no -c for the target: the file
#                GNU reads instead of GMON, without -c (GMON with an
#                arc of count 0 for each call objdump shows: what -c
#                adds), or empty;
#   cm_r_filter  the filter of -R's known difference (default gp_uniq).
cm_matrix () {
	_pre=$1 _exe=$2 _gmon=$3
	echo "$cm_option_sets" | sed "s/@FIBLINE@/$4/" >option-sets.txt
	while IFS= read -r line; do
		[ "$line" = . ] && line=
		gargs= filter= forgiven=
		case $line in
		"-c" | "-c -z")
			if [ -n "${cm_c_drop:-}" ]; then
				filter="gp_drop_backward $cm_c_drop"
				forgiven="gp_backward_forgiven @ $cm_c_drop"
			fi
			[ -z "${cm_c_gmon:-}" ] ||
				gargs="${line#-c} $_exe $cm_c_gmon" ;;
		"-R map.txt")
			filter=${cm_r_filter:-gp_uniq}
			forgiven="gp_objects_forgiven @ map.txt" ;;
		esac
		# shellcheck disable=SC2086
		c_case "$_pre/-b $line" ${gargs:+-g "-b $gargs"} -- -b $line \
			"$_exe" "$_gmon"
		c_forgiven "$_pre/-b $line"
		case $line in
		-T*) mode=bsd ;;
		*) mode=fsf ;;
		esac
		case $line in
		*--brief*) ;;
		# shellcheck disable=SC2086
		*) c_case -m $mode "$_pre/$line" ${gargs:+-g "$gargs"} -- \
			$line "$_exe" "$_gmon"
		   c_forgiven "$_pre/$line" ;;
		esac
	done <option-sets.txt
}

# gprof-lib.sh - sourced (after lib.sh) by the differential tests of
# the analyser, tests/e2e/gprof-diff-*.sh.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs GNU gprof (the oracle, $GNU_GPROF) and ours ($OURS) on the same
# arguments and compares what they print:
#
#   stdout       byte for byte; or, for output with blurbs (no -b),
#                after each blurb is replaced by one marker line, so the
#                tables, the page breaks and the place of every blurb
#                are still compared while the blurb words are not;
#   exit status  must be equal;
#   stderr       both empty or both non-empty (the wording may differ);
#                without -b, ours may say once that glibc's runtime
#                wrote the profile: that note is our own words, as the
#                blurbs are, and is taken out (gp_take_note); with -b
#                it must not be there.
#
# A case whose output differs is a failure unless its name matches a
# pattern of tests/e2e/gprof-known-diffs.txt (the one list of deliberate
# differences, kept in step with the manual's compatibility chapter):
# then it is reported as a known difference, with the start of the
# diff, and does not fail.  Each known difference that is a bug of GNU
# gprof also gets a check of its own (gp_bug_check) that shows ours is
# right.
#
# Which gprof is ours: $GPROF_UNDER_TEST if set; otherwise
# $top_builddir/gprof/gprof once the build has an analyser (then a
# missing binary is a failure, never a skip); otherwise, while the tree
# has no analyser yet, GNU gprof itself, in "harness self-check" mode.
# When ours is GNU gprof, every comparison must pass, and every
# gp_bug_check must FAIL on GNU's output: that proves each check can
# tell GNU's bug from a fix, and the harness counts it as a pass.

KNOWN_DIFFS=$top_srcdir/tests/e2e/gprof-known-diffs.txt
gp_cases=0
gp_same=0
gp_known=0
gp_failed=0

# True if the build is meant to have our analyser: the Makefile lists
# gprof/gprof among its programs (GPROF_PROGRAMS comes from
# tests/local.mk), or gprof/ has C sources.
gp_analyser_expected () {
	case " ${GPROF_PROGRAMS:-} " in
	*" gprof/gprof "* | *" gprof/gprof${EXEEXT:-} "*) return 0 ;;
	esac
	for _f in "$top_srcdir"/gprof/*.c; do
		[ -f "$_f" ] && return 0
	done
	return 1
}

# gp_setup: choose ours, or fail; skip only without GNU gprof.
gp_setup () {
	need_gnu_gprof
	if [ -n "${GPROF_UNDER_TEST:-}" ]; then
		OURS=$GPROF_UNDER_TEST
		_why="GPROF_UNDER_TEST"
	elif gp_analyser_expected; then
		OURS=$top_builddir/gprof/gprof
		_why="the build's analyser"
	else
		OURS=$GNU_GPROF
		_why="harness self-check: this tree has no analyser yet"
	fi
	case $OURS in
	/*) ;;
	*) OURS=$(command -v "$OURS" || echo "$OURS") ;;
	esac
	if [ ! -x "$OURS" ]; then
		echo "FAIL: our gprof ($OURS, from $_why) does not exist"
		exit 1
	fi
	OURS_IS_GNU=${GPROF_OURS_IS_GNU:-}
	if [ -z "$OURS_IS_GNU" ]; then
		if cmp -s "$OURS" "$GNU_GPROF"; then
			OURS_IS_GNU=1
		else
			OURS_IS_GNU=0
		fi
	fi
	echo "oracle: $GNU_GPROF"
	echo "ours:   $OURS ($_why)"
	[ "$OURS_IS_GNU" = 1 ] &&
		echo "note:   ours IS GNU gprof: comparisons pass trivially," \
		     "bug checks must fail"
	return 0
}

# gp_listed NAME: true if NAME is a listed difference, its reason then
# in gp_reason.  It prints nothing, so that no $(...) is needed: each
# subshell is a fork, and the harness's forks and execs, not the two
# analysers, were four fifths of a case's CPU time (0.17 s a case).
gp_listed () {
	[ -f "$KNOWN_DIFFS" ] || hard_error "missing $KNOWN_DIFFS"
	# Fields are separated by a tab: patterns may contain spaces.
	while IFS='	' read -r _gl_pat gp_reason; do
		case $_gl_pat in
		'' | '#'*) continue ;;
		esac
		# shellcheck disable=SC2254
		case $1 in
		$_gl_pat) return 0 ;;
		esac
	done <"$KNOWN_DIFFS"
	gp_reason=
	return 1
}

# gp_known_reason NAME: print the reason if NAME is a listed difference.
gp_known_reason () {
	gp_listed "$1" && printf '%s\n' "$gp_reason"
}

# gp_case_dir_name NAME: NAME with each byte but [A-Za-z0-9_.=,+-]
# made '_', in gp_dn (in the shell, where tr costs a fork and an exec).
gp_case_dir_name () {
	_gd_s=$1 gp_dn=
	while [ -n "$_gd_s" ]; do
		_gd_c=${_gd_s%"${_gd_s#?}"}
		_gd_s=${_gd_s#?}
		case $_gd_c in
		[A-Za-z0-9_.=,+-]) gp_dn=$gp_dn$_gd_c ;;
		*) gp_dn=${gp_dn}_ ;;
		esac
	done
}

# gp_strip_blurbs fsf|bsd < OUT: replace each blurb by "[blurb]".
#
# FSF layout: a blurb starts at the first empty line after the rows of
# the flat profile (after the " time   seconds" header) or of the call
# graph (after the "index % time" header), and runs to the next section
# heading, the form feed before it staying part of the page structure.
# BSD layout (-T): the output starts with the call-graph blurb and the
# flat profile's blurb follows its "flat profile:" line; each runs to
# the next "granularity:" line.  A stretch of blank lines alone is
# layout, not a blurb, and is kept as it is.
gp_strip_blurbs () {
	awk -v mode="$1" '
	function heading(l) {
		return l ~ /^Flat profile:$/ || l ~ /^\t\t +Call graph/ ||
		       l ~ /^Index by function name$/ ||
		       l ~ /^granularity: / || l ~ /^flat profile:$/
	}
	function flush(   i, text) {
		text = 0
		for (i = 1; i <= nbuf; i++)
			if (buf[i] !~ /^[ \t\f]*$/)
				text = 1
		if (text) {
			print "[blurb]"
			# The form feed that ends the page is structure.
			if (nbuf > 0 && buf[nbuf] == "\f")
				print "\f"
		} else {
			for (i = 1; i <= nbuf; i++)
				print buf[i]
		}
		nbuf = 0
	}
	BEGIN { blurb = (mode == "bsd"); rows = 0; nbuf = 0 }
	blurb && mode == "fsf" && heading($0) { flush(); blurb = 0 }
	blurb && mode == "bsd" && /^granularity: / { flush(); blurb = 0 }
	blurb && mode == "bsd" && /^flat profile:$/ { flush(); print; next }
	blurb { buf[++nbuf] = $0; next }
	mode == "fsf" && rows && $0 == "" { rows = 0; blurb = 1
		buf[++nbuf] = $0; next }
	{ print }
	mode == "fsf" && (/^ time   seconds/ || /^index % time/) { rows = 1 }
	mode == "bsd" && /^flat profile:$/ { blurb = 1 }
	END { if (blurb) flush() }
	'
}

# gp_run WHO OUTDIR STDIN ARGS...: run GNU's (WHO=gnu) or our gprof.
# STDIN is a file, or |FILE for a pipe that FILE is written into.  It
# runs in its caller's shell: its variables are its own (_gr_*).
gp_run () {
	_gr_who=$1 _gr_dir=$2 _gr_in=$3
	shift 3
	if [ "$_gr_who" = gnu ]; then _gr_exe=$GNU_GPROF; else _gr_exe=$OURS; fi
	case $_gr_in in
	'|'*)
		# The status of the pipe's last command is the analyser's.
		cat "${_gr_in#|}" |
			"$_gr_exe" "$@" >"$_gr_dir/$_gr_who.out" 2>"$_gr_dir/$_gr_who.err"
		;;
	*)
		"$_gr_exe" "$@" <"$_gr_in" >"$_gr_dir/$_gr_who.out" \
			2>"$_gr_dir/$_gr_who.err"
		;;
	esac
	echo $? >"$_gr_dir/$_gr_who.status"
}

# gp_case [-m fsf|bsd] [-i STDIN] [-e SED] [-f FILTER] [-d DIR] [-G DIR]
#         [-g GNU-ARGS] NAME -- ARGS...
#
# Runs both analysers with ARGS in the current directory (or DIR; GNU
# gprof in the -G DIR, where a copy of a program it reads right may
# stand under the same name) and compares them.  -m: the output has blurbs of that layout; -i: file on
# standard input (default /dev/null; |FILE: through a pipe); -e: a sed script applied to both
# outputs before they are compared, to take out a listed difference
# so that the rest is still checked; -f: the same with a shell command
# (a function of this file and its arguments, run by eval) that reads
# standard input and writes standard output, and each line it takes
# out to the file $gp_forgiven (DIR/gnu.forgiven, DIR/ours.forgiven),
# where the test checks them against an oracle of their own; -g: GNU
# gprof runs GNU-ARGS (split at blanks) instead of ARGS, for a case
# whose oracle is GNU gprof on other input (gprof-targets-lib.sh: a
# profile with the calls objdump shows, for a target where GNU gprof
# has no -c).  The outputs are kept in $work/cases/NAME/ (DIR).
# Returns 0 if the case passed.
gp_case () {
	_mode= _in=/dev/null _sed= _cd=. _filter= _gcd= _gargs=
	while [ $# -gt 0 ]; do
		case $1 in
		-G) _gcd=$2; shift 2 ;;
		-g) _gargs=$2; shift 2 ;;
		-m) _mode=$2; shift 2 ;;
		-i) _in=$2; shift 2 ;;
		-e) _sed=$2; shift 2 ;;
		-f) _filter=$2; shift 2 ;;
		-d) _cd=$2; shift 2 ;;
		--) shift; break ;;
		*) _name=$1; shift ;;
		esac
	done
	gp_cases=$((gp_cases + 1))
	gp_case_dir_name "$_name"
	_d=$work/cases/$gp_dn
	mkdir -p "$_d"
	printf '%s\n' "$*" >"$_d/args"
	case $_in in /* | '|/'*) ;; '|'*) _in="|$PWD/${_in#|}" ;; *) _in=$PWD/$_in ;; esac
	# A subshell only to run in another directory.
	_gc_dir=${_gcd:-$_cd}
	if [ -n "$_gargs" ]; then
		printf 'GNU: %s\n' "$_gargs" >>"$_d/args"
		if [ "$_gc_dir" = . ]; then
			# shellcheck disable=SC2086
			gp_run gnu "$_d" "$_in" $_gargs
		else
			# shellcheck disable=SC2086
			(cd "$_gc_dir" && gp_run gnu "$_d" "$_in" $_gargs)
		fi
	elif [ "$_gc_dir" = . ]; then
		gp_run gnu "$_d" "$_in" "$@"
	else
		(cd "$_gc_dir" && gp_run gnu "$_d" "$_in" "$@")
	fi
	if [ "$_cd" = . ]; then
		gp_run ours "$_d" "$_in" "$@"
	else
		(cd "$_cd" && gp_run ours "$_d" "$_in" "$@")
	fi
	gp_brief "$@" || gp_take_note "$_d"
	# What is compared: the outputs themselves (.out), or copies with
	# the blurbs, the -e script's and the -f filter's lines taken out
	# (.cmp).
	_gc_ext=out
	[ -z "$_mode$_sed$_filter" ] || _gc_ext=cmp
	for _w in gnu ours; do
		[ "$_gc_ext" = cmp ] || break
		if [ -n "$_mode" ]; then
			gp_strip_blurbs "$_mode" <"$_d/$_w.out"
		else
			cat "$_d/$_w.out"
		fi >"$_d/$_w.cmp"
		if [ -n "$_sed" ]; then
			sed -E "$_sed" "$_d/$_w.cmp" >"$_d/$_w.tmp" &&
				mv "$_d/$_w.tmp" "$_d/$_w.cmp"
		fi
		if [ -n "$_filter" ]; then
			# What the filter takes out goes to $gp_forgiven.
			gp_forgiven=$_d/$_w.forgiven
			: >"$gp_forgiven"
			eval "$_filter" <"$_d/$_w.cmp" >"$_d/$_w.tmp" &&
				mv "$_d/$_w.tmp" "$_d/$_w.cmp"
		fi
	done
	gp_case_dir=$_d
	gp_judge "$_name" "$_d" "$_gc_ext"
}

# gp_brief ARGS...: true if ARGS hold -b (or --brief, or an
# abbreviation of it).
gp_brief () {
	for _a in "$@"; do
		case $_a in -b | --b | --br | --bri | --brie | --brief) return 0 ;; esac
	done
	return 1
}

# gp_take_note DIR: ours' note on a profile of glibc's runtime, which
# it prints without -b, moved from DIR/ours.err to DIR/ours.note
# (gp_judge: at most one line).
gp_take_note () {
	_note=": note: written by glibc's runtime, "
	grep -F -e "$_note" "$1/ours.err" >"$1/ours.note"
	grep -v -F -e "$_note" "$1/ours.err" >"$1/ours.tmp"
	mv "$1/ours.tmp" "$1/ours.err"
}

# gp_judge NAME DIR [EXT]: the verdict on DIR/{gnu,ours}.{EXT,status,err}
# (EXT: cmp unless told).
gp_judge () {
	_problem= _gj_x=${3:-cmp}
	if ! cmp -s "$2/gnu.$_gj_x" "$2/ours.$_gj_x"; then
		_problem="stdout differs"
	fi
	read -r _gs <"$2/gnu.status"
	read -r _os <"$2/ours.status"
	if [ "$_gs" != "$_os" ]; then
		_problem="${_problem:+$_problem; }exit status $_os, GNU's $_gs"
	fi
	if [ -s "$2/gnu.err" ] && [ ! -s "$2/ours.err" ]; then
		_problem="${_problem:+$_problem; }GNU reports an error, ours is silent"
	elif [ ! -s "$2/gnu.err" ] && [ -s "$2/ours.err" ]; then
		_problem="${_problem:+$_problem; }ours writes to stderr: $(head -c 200 "$2/ours.err")"
	fi
	if [ -f "$2/ours.note" ] && [ "$(wc -l <"$2/ours.note")" -gt 1 ]; then
		_problem="${_problem:+$_problem; }the note on glibc's runtime is said $(wc -l <"$2/ours.note") times"
	fi
	if [ -z "$_problem" ]; then
		gp_same=$((gp_same + 1))
		if gp_listed "$1"; then
			case $gp_reason in
			filtered:*) ok "$1 (identical but for the lines a filter takes out of both: ${gp_reason#filtered: })" ;;
			*) ok "$1 (listed as a known difference, but identical)" ;;
			esac
		else
			ok "$1"
		fi
		return 0
	fi
	# A reason starting "stderr:" forgives only a message on standard
	# error; standard output and exit status must still be GNU's.  One
	# starting "filtered:" forgives nothing more than its filter took
	# out (gp_case -f, gprof-forgive.sh).
	if _r=$(gp_known_reason "$1") &&
	   { case $_r in filtered:*) false ;; *) true ;; esac; } &&
	   { case $_r in stderr:*) false ;; esac ||
	     case $_problem in "ours writes to stderr: "*) true ;; *) false ;; esac; }; then
		gp_known=$((gp_known + 1))
		echo "known: $1: $_problem -- $_r"
		diff -u "$2/gnu.$_gj_x" "$2/ours.$_gj_x" | head -12 | sed 's/^/	/'
		return 0
	fi
	gp_failed=$((gp_failed + 1))
	bad "$1: $_problem (gprof $(cat "$2/args"))"
	diff -u "$2/gnu.$_gj_x" "$2/ours.$_gj_x" | head -30
	return 1
}

# gp_same_report A B: GNU's report on a sum file (B) is its report on
# the files summed (A): byte for byte, or else with one difference a
# sum may make and no more.  A sum file lists the arcs in the order
# GNU writes them (by caller), not the order they were first read in;
# that order decides the order of arcs of equal weight, the numbering
# of cycles (depth-first order) and the rounding of the sums of
# doubles that propagate time, hence the last digit of a time and the
# order of near-equal entries.  So then the lines are compared as a
# multiset, index and cycle numbers masked, every count (an integer)
# exactly and every time within 0.01 (its last digit), and the report
# says that it took that rule.
gp_same_report () {
	cmp -s "$1" "$2" && return 0
	_n='s/[[(][0-9]+[])]|<cycle [0-9]+/#/g; s/ +/ /g'
	sed -E "$_n" "$1" | awk '{ k = $0; gsub(/[0-9]+\.[0-9]+/, "#", k)
		print k "\t" $0 }' | sort >"$1.masked"
	sed -E "$_n" "$2" | awk '{ k = $0; gsub(/[0-9]+\.[0-9]+/, "#", k)
		print k "\t" $0 }' | sort >"$2.masked"
	paste -d '\n' "$1.masked" "$2.masked" | awk -F '\t' '
	NR % 2 { k = $1; a = $2; next }
	{ if ($1 != k) { bad++; print "- " a; print "+ " $2; next }
	  n = split(a, x, " "); split($2, y, " ")
	  for (i = 1; i <= n; i++)
		if (x[i] != y[i] && (x[i] !~ /\./ || (x[i] - y[i] > 0.0100001) ||
		    (y[i] - x[i] > 0.0100001))) { bad++; print "- " a; print "+ " $2; break } }
	END { exit bad > 0 }' >"$2.rounding" || return 1
	[ "$(wc -l <"$1.masked")" = "$(wc -l <"$2.masked")" ] || return 1
	echo "note: $2 equals $1 only as a multiset of lines, times within 0.01" \
	     "(the arcs' order in a sum file)"
	return 0
}

# gp_sum_case [-i STDIN] -x EXE NAME -- ARGS...: a `gprof -s' case.
#
# Both analysers run ARGS (with absolute paths: each runs in a
# directory of its own, where it writes gmon.sum) and are compared as
# by gp_case; then the two gmon.sum files, from byte 20 on for the new
# format (GNU leaves the header's spare bytes uninitialised) and whole
# for BSD ones, and GNU gprof's -b reports on both.  Also checked: GNU
# gprof reports on our sum file what it reports on the inputs (ARGS
# without -s; split at blanks for that), as gp_same_report compares.
gp_sum_case () {
	_in=/dev/null _exe=
	while [ $# -gt 0 ]; do
		case $1 in
		-i) _in=$2; shift 2 ;;
		-x) _exe=$2; shift 2 ;;
		--) shift; break ;;
		*) _name=$1; shift ;;
		esac
	done
	gp_cases=$((gp_cases + 1))
	_d=$work/cases/$(printf '%s' "$_name" | tr -c 'A-Za-z0-9_.=,+-' '_')
	mkdir -p "$_d/gnu" "$_d/ours"
	printf '%s\n' "$*" >"$_d/args"
	case $_in in /*) ;; *) _in=$PWD/$_in ;; esac
	(cd "$_d/gnu" && gp_run gnu "$_d" "$_in" "$@")
	(cd "$_d/ours" && gp_run ours "$_d" "$_in" "$@")
	gp_brief "$@" || gp_take_note "$_d"
	cp "$_d/gnu.out" "$_d/gnu.cmp"
	cp "$_d/ours.out" "$_d/ours.cmp"
	for _w in gnu ours; do
		_f=$_d/$_w/gmon.sum
		if [ ! -f "$_f" ]; then
			echo "(no gmon.sum)"
		elif [ "$(head -c 4 "$_f")" = gmon ]; then
			echo "gmon.sum, new format, from byte 20:"
			tail -c +21 "$_f" | od -An -tx1 -v
		else
			echo "gmon.sum, BSD format:"
			od -An -tx1 -v "$_f"
		fi >>"$_d/$_w.cmp"
		if [ -f "$_f" ]; then
			echo "GNU gprof -b on it:"
			"$GNU_GPROF" -b "$_exe" "$_f" 2>&1
		fi >>"$_d/$_w.cmp"
	done
	if ! gp_judge "$_name" "$_d"; then
		for _w in gnu ours; do
			[ -f "$_d/$_w/gmon.sum" ] &&
				"$GMONDUMP" -e "$_exe" "$_d/$_w/gmon.sum" \
					>"$_d/$_w.dump" 2>&1
		done
		[ -f "$_d/gnu.dump" ] && [ -f "$_d/ours.dump" ] &&
			diff -u "$_d/gnu.dump" "$_d/ours.dump" | head -20
	fi
	# Our sum must report like its inputs (the cases where GNU's
	# wraps are gnubug/sum-wrap and have a gp_bug_check instead).
	if [ -f "$_d/gnu/gmon.sum" ] && ! gp_known_reason "$_name" >/dev/null; then
		_inputs=
		for _a; do
			[ "$_a" = -s ] || _inputs="$_inputs $_a"
		done
		# shellcheck disable=SC2086
		"$GNU_GPROF" -b $_inputs <"$_in" >"$_d/inputs.report" 2>&1
		"$GNU_GPROF" -b "$_exe" "$_d/ours/gmon.sum" >"$_d/sum.report" 2>&1
		if gp_same_report "$_d/inputs.report" "$_d/sum.report"; then
			ok "$_name: GNU's report on our sum equals its report on the inputs"
		else
			bad "$_name: GNU's report on our sum differs from the one on the inputs"
			diff -u "$_d/inputs.report" "$_d/sum.report" | head -20
		fi
	fi
}

# gp_bug_check [-flaky] NAME DESCRIPTION COMMAND...: COMMAND checks
# that ours is right where GNU gprof is wrong.  NAME must be listed in
# the known-differences file.  When ours is GNU gprof the command must
# fail (it then proves that the check can tell), unless -flaky says
# GNU's bug does not show every time.
gp_bug_check () {
	_flaky=0
	[ "$1" = -flaky ] && { _flaky=1; shift; }
	_name=$1 _desc=$2
	shift 2
	if ! gp_known_reason "$_name" >/dev/null; then
		bad "$_name: bug check for a difference that is not listed in $KNOWN_DIFFS"
	fi
	if "$@"; then
		if [ "$OURS_IS_GNU" != 1 ]; then
			ok "$_name: ours is right: $_desc"
		elif [ $_flaky = 1 ]; then
			ok "$_name: GNU's bug did not show this time: $_desc"
		else
			gnu_bug_absent "$_name: the check passes on GNU gprof's output, so it cannot fail: $_desc"
		fi
	else
		if [ "$OURS_IS_GNU" = 1 ]; then
			ok "$_name: the check fails on GNU gprof, as it must: $_desc"
		else
			bad "$_name: ours is wrong: $_desc"
		fi
	fi
}

# gp_summary: one line, then finish.
gp_summary () {
	echo "$gp_cases cases: $gp_same identical, $gp_known known differences, $gp_failed failed"
	finish
}

# gp_build OUT SOURCE... -- CFLAGS...: compile a -pg fixture, or stop
# the test with a hard error.
gp_build () {
	_out=$1; shift
	_srcs=
	while [ "$1" != -- ]; do _srcs="$_srcs $1"; shift; done
	shift
	case $_srcs in
	*.cc*) _cc=${CXX:-g++} ;;
	*) _cc=$CC ;;
	esac
	# shellcheck disable=SC2086
	$_cc -pg "$@" -o "$_out" $_srcs >"$_out.log" 2>&1 ||
		{ cat "$_out.log"; hard_error "cannot build $_out"; }
}

# gp_profile EXE OUT [ARGS...]: run a -pg program, keep its gmon.out.
gp_profile () {
	_exe=$1 _out=$2
	shift 2
	rm -f gmon.out
	"./$_exe" "$@" >/dev/null || hard_error "$_exe failed"
	[ -f gmon.out ] || hard_error "$_exe wrote no gmon.out"
	mv gmon.out "$_out"
}

# The checks that ours is right where GNU gprof is wrong, one per bug;
# used by gprof-diff-gnubugs.sh, and by gprof-diff-selftest.sh, which
# shows each passes on right output and fails on GNU's.

# gp_no_nan FILE: no "nan" anywhere.
gp_no_nan () { ! grep -q 'nan' "$1"; }


# gp_index_whole FILE N: the call-graph entry [N] is printed whole.
gp_index_whole () { grep -q "^\\[$2\\] " "$1"; }

# gp_chain_whole FILE N: the last entry of an N-function chain (see
# gprof-synth.py) is there, numbered N.
gp_chain_whole () { grep -q "^\\[$2\\] .* f$(($2 - 1)) \\[$2\\]\$" "$1"; }

# gp_backward_found FILE: -c output where late, which never runs, is
# listed as a static (0 calls) caller of early (gprof-backcall.c).
gp_backward_found () { grep -Eq '^ +0\.00 +0\.00 +0/1 +late \[' "$1"; }

# gp_clones_kept FILE: flat-profile rows for the clones of
# gprof-clones.c, with their own calls.
gp_clones_kept () {
	awk '$NF == "work.constprop.0" && $4 == 1000 { a = 1 }
	     $NF == "pick.isra.0" && $4 == 2000 { b = 1 }
	     END { exit !(a && b) }' "$1"
}

# gp_granularity FILE BYTES: every granularity line says BYTES.
gp_granularity () {
	grep -q 'granularity: each sample hit covers' "$1" &&
		! grep 'granularity: each sample hit covers' "$1" |
			grep -vq "covers $2 byte(s)"
}

# gp_spare_zero FILE: the 12 spare bytes of a gmon header are zero.
gp_spare_zero () {
	[ "$(od -An -tx1 -j8 -N12 "$1" | tr -d ' \n')" = 000000000000000000000000 ]
}

# gp_not_fsf_text FILE: none of the FSF blurbs' sentences.
gp_not_fsf_text () {
	! grep -q -e 'Free Software Foundation' \
		-e 'the percentage of the total running time of the' \
		-e 'This table describes the call tree of the program' "$1"
}

# The checks of the line-level tests (gprof-diff-lines.sh).

# gp_check_fails_on_gnu CHECK ARGS...: CHECK, run on GNU gprof's output
# (the first of ARGS), must fail: else it could not tell GNU's bug from
# the fix.  Nothing to show when ours is GNU (gp_bug_check does it).
gp_check_fails_on_gnu () {
	[ "$OURS_IS_GNU" = 1 ] && return 0
	if "$@"; then
		gnu_bug_absent "$1 passes on GNU gprof's output ($2)"
	else
		ok "$1 fails on GNU gprof's output ($2)"
	fi
}

# gp_mask_anno MULTI < LISTING: an annotated listing with the label of
# every line named in MULTI (FILE:LINE, a line several symbols start
# on) replaced by [multi], and the summary after each file by
# [summary].
gp_mask_anno () {
	awk -v multi="$1" '
	BEGIN { while ((getline l < multi) > 0) m[l] = 1 }
	/^\*\*\* File .*:$/ { f = substr($0, 10, length($0) - 10)
		n = 0; print; next }
	/^Top [0-9]+ Lines:$/ || /^Execution Summary:$/ { s = 1 }
	s && /Average executions per line$/ { print "[summary]"; s = 0; next }
	s { next }
	f != "" && length($0) >= 16 { n++
		if ((f ":" n) in m) { print "[multi]" substr($0, 17); next } }
	{ print }'
}

# gp_lines_of EXE ADDR2LINE < ADDRESSES: FILE:LINE of each address.
gp_lines_of () {
	sed 's/^/0x/' | "$2" -e "$1" | sed -E 's/ \(discriminator [0-9]+\)$//'
}

# gp_labels LISTING: FILE:LINE LABEL for every line of an -A listing.
gp_labels () {
	awk '/^\*\*\* File .*:$/ { f = substr($0, 10, length($0) - 10)
		n = 0; next }
	f != "" && length($0) >= 16 { n++
		l = substr($0, 1, 16); gsub(/ /, "", l); print f ":" n, l }' "$1"
}

# gp_blocks_labelled EXE GMON BLOCKS [LISTING]: in the -l -A listing
# (ours of EXE and GMON, or LISTING), every line where a block of
# BLOCKS (a bb record's text) that ran starts has a label.
gp_blocks_labelled () {
	if [ -n "${4:-}" ]; then
		_lst=$4
	else
		_lst=$work/labelled.$$
		"$OURS" -l -A "$1" "$2" >"$_lst" 2>/dev/null
	fi
	_a2l=$ADDR2LINE
	[ -n "$_a2l" ] || _a2l=addr2line
	awk '/^  0x/ && $2 > 0 { sub(/^0x/, "", $1); print $1 }' "$3" |
		gp_lines_of "$1" "$_a2l" | grep -v ':0$' |
		sort -u >"$work/blocklines.$$"
	gp_labels "$_lst" | awk 'NR == FNR { want[$1] = 1; next }
		($1 in want) { seen[$1] = 1; if ($2 == "") { bad++
			print "no label: " $1 } }
		END { for (w in want) if (!(w in seen)) print "not listed: " w
			exit bad > 0 }' "$work/blocklines.$$" - >&2
}

# gp_executed_counted LISTING: each file's "Lines executed" is the
# number of its lines labelled with a count (not #####).
gp_executed_counted () {
	awk '/^\*\*\* File / { c = 0; infile = 1; next }
	infile && length($0) >= 16 && substr($0, 1, 16) ~ /[0-9] -> ?$/ { c++ }
	/^Top [0-9]+ Lines:$/ || /^Execution Summary:$/ { infile = 0 }
	/   Lines executed$/ { files++; if ($1 != c) bad++ }
	END { exit !(files > 0 && !bad) }' "$1"
}

# gp_updcrc_summary LISTING: the loop lines top updcrc's table, and the
# total counts the blocks (2 entry calls, five lines run twice, three
# once, two 26312 times).
gp_updcrc_summary () {
	grep -q '^       14      26312$' "$1" &&
		grep -q '^       15      26312$' "$1" &&
		grep -q '^    52637   Total number of line executions$' "$1"
}

# gp_block_rows EXEC-COUNTS LINE N: N block rows for LINE (whose line
# symbol has no calls, so every row of it is a block).
gp_block_rows () {
	[ "$(grep -c "^[^ ]*:$2: (" "$1")" = "$3" ]
}

# gp_included_named OUT: -l names part_work by its own file.
gp_included_named () {
	grep -q 'part_work (gprof-incl-part\.c:' "$1" &&
		! grep -q 'part_work (gprof-incl\.c:' "$1"
}

# gp_line_profile OUT: a line-level flat profile is there.
gp_line_profile () {
	grep -q '^Flat profile:$' "$1" && grep -q ' @ [0-9a-f]*)$' "$1"
}

# gp_ann_separate DIR: -y wrote a listing for each dup.c.
gp_ann_separate () {
	grep -q work_a "$1/a#dup.c-ann" 2>/dev/null &&
		grep -q work_b "$1/b#dup.c-ann" 2>/dev/null
}

# gp_lines_addr2line EXE GMON ADDR2LINE: every line symbol of ours (-l
# -z) has the file and line llvm-addr2line gives for its address;
# prints how many there are.
gp_lines_addr2line () {
	"$OURS" -b -l -z -L -p "$1" "$2" 2>/dev/null |
		sed -nE 's/.* \(([^ ]*):([0-9]+) @ ([0-9a-f]+)\)$/\3 \1:\2/p' \
		>"$work/a2l.ours"
	[ -s "$work/a2l.ours" ] || { echo "no line symbols"; return 1; }
	cut -d' ' -f1 "$work/a2l.ours" | gp_lines_of "$1" "$3" \
		>"$work/a2l.llvm"
	paste -d' ' "$work/a2l.ours" "$work/a2l.llvm" | awk '
		$2 != $3 { bad++; if (bad <= 5) print "0x" $1 ": ours " $2 ", llvm " $3 }
		END { if (!bad) printf "%d line symbols\n", NR; exit bad > 0 }'
}

# gp_touched_addr2line EXE GMON ADDR2LINE: every address the profile
# touches (arc ends, blocks, the start of each bin with samples) is
# charged to a line symbol of ours (-l -z) whose file and line are
# llvm-addr2line's for that address (addresses of line 0, where the
# symbol before goes on, and outside the line tables are left out);
# prints how many were checked.  Addresses are compared as hexadecimal
# strings padded to 16 digits, a symbol (tag 0) before an address
# (tag 1) at one place.
gp_touched_addr2line () {
	_pad='{ printf "%s %s %s\n", substr("0000000000000000", 1, 16 - length($1)) $1, t, $2 }'
	"$OURS" -b -l -z -L -p "$1" "$2" 2>/dev/null |
		sed -nE 's/.* \(([^ ]*):([0-9]+) @ ([0-9a-f]+)\)$/\3 \1:\2/p' |
		awk -v t=0 "$_pad" >"$work/t.syms"
	"$GMONDUMP" "$2" | awk '
		/^arc / { print $2; print $3 }
		/^bb/ { b = 1; next } /^hist/ { h = 1; b = 0; next }
		/^  0x/ && b { print $1 }
		/^  0x/ && h && $2 > 0 { print $1 }
		/^[a-z]/ { b = 0; h = 0 }' | sed 's/^0x//' | sort -u >"$work/t.addrs"
	gp_lines_of "$1" "$3" <"$work/t.addrs" >"$work/t.llvm"
	paste -d' ' "$work/t.addrs" "$work/t.llvm" | awk -v t=1 "$_pad" \
		>"$work/t.want"
	sort "$work/t.syms" "$work/t.want" | awk '
		$2 == 0 { cur = $3; next }
		$3 ~ /:0$/ || $3 ~ /^\?\?/ || cur == "" { next }
		{ n++; if ($3 != cur) { bad++
			if (bad <= 5) print "0x" $1 ": ours " cur ", llvm " $3 } }
		END { if (!bad) printf "%d addresses\n", n; exit bad > 0 }'
}

. "$top_srcdir/tests/e2e/gprof-forgive.sh"

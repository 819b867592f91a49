# gprof-smoke-lib.sh - helpers of the gprof end-to-end tests (after lib.sh).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# noblurb FILE: FILE with each explanation (GNU gprof's or ours) cut to
# one line "<BLURB>", so that two reports compare by their tables and
# by where the explanations sit.
noblurb () {
	awk '
	function flush_blank() { if (pend) { print ""; pend = 0 } }
	skip {
		if ($0 ~ /^notice and this notice are preserved\.$/ ||
		    $0 ~ /^Notes by gmonkit.s gprof/) {
			skip = 0; print "<BLURB>"
		}
		next
	}
	/^ %         the percentage of the total running time of the$/ ||
	/^ %         share of all the time sampled/ ||
	/^ This table describes the call tree of the program/ ||
	/^ How to read the call graph\.$/ ||
	/^call graph profile:$/ { pend = 0; skip = 1; next }
	/^$/ { flush_blank(); pend = 1; next }
	{ flush_blank(); print }
	END { flush_blank() }
	' "$1"
}

# run_both ARGS...: ours into ours.out/ours.err/ours.rc, GNU gprof's
# into gnu.out/gnu.err/gnu.rc.
run_both () {
	"$GPROF" "$@" >ours.out 2>ours.err
	echo $? >ours.rc
	gnu_gprof "$@" >gnu.out 2>gnu.err
	echo $? >gnu.rc
}

# same_as_gnu ARGS...: stdout byte for byte and the exit status.
same_as_gnu () {
	run_both "$@"
	if cmp -s ours.out gnu.out && cmp -s ours.rc gnu.rc; then
		ok "same as GNU gprof: $*"
	else
		bad "differs from GNU gprof: $* (exit $(cat gnu.rc) vs $(cat ours.rc))"
		diff gnu.out ours.out | head -20
		head -5 ours.err
	fi
}

# same_but_blurbs ARGS...: the same, with the explanations set aside
# (ours are our own words); there must be as many, in the same places.
same_but_blurbs () {
	run_both "$@"
	noblurb ours.out >ours.nb
	noblurb gnu.out >gnu.nb
	if cmp -s ours.nb gnu.nb && cmp -s ours.rc gnu.rc; then
		ok "same as GNU gprof but the explanations: $*"
	else
		bad "differs from GNU gprof: $*"
		diff gnu.nb ours.nb | head -20
	fi
	if cmp -s ours.out gnu.out; then
		bad "our explanations are GNU gprof's: $*"
	fi
}

# build_pg NAME SOURCE... [-- FLAGS...]: compiles a -pg program.
build_pg () {
	_name=$1; shift
	$CC -pg -g "$@" -o "$_name" || hard_error "cannot compile $_name"
}

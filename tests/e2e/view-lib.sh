# view-lib.sh - sourced by the tests of the views (folded stacks, the
# flame graph, pprof): where their readers are, and numbers off a flat
# profile.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# Where tests/tools/readers-install.sh puts the readers from npm.
READERS_DIR=${GMONKIT_READERS:-${XDG_CACHE_HOME:-$HOME/.cache}/gmonkit-readers}

# speedscope_bundle: the script of speedscope's npm package (its
# application, which holds its importers), or nothing.
speedscope_bundle () {
	for _f in "$READERS_DIR"/node_modules/speedscope/dist/release/speedscope-*.js; do
		[ -f "$_f" ] && { echo "$_f"; return 0; }
	done
	return 1
}

# flat_hz GPROF_P: samples per second, from "Each sample counts as S
# seconds." of a flat profile.
flat_hz () {
	sed -n 's/^ *Each sample counts as \([0-9.e-]*\) seconds.*/\1/p' "$1" |
		awk '{ printf "%.0f\n", 1 / $1 }' | head -n 1
}

# flat_secs GPROF_P FUNC: FUNC's self seconds in a flat profile printed
# by gprof -b -p (0 if it is not there).
flat_secs () {
	awk -v f="$2" '$NF == f && $1 ~ /%|[0-9]/ && NF >= 4 { print $3; found = 1; exit }
		END { if (!found) print 0 }' "$1"
}

# nofunc_samples FOLDED: the samples of a folded export in no function
# (leaf frame [unknown]), which a flat profile leaves out.
nofunc_samples () {
	awk '{ s = $0; sub (/[ \t]+[0-9.]+$/, "", s)
		if (s ~ /(^|;)\[unknown\]$/) u += $NF } END { print u + 0 }' "$1"
}

# flat_holds DESC SECONDS NOFUNC GPROF_P: a check that SECONDS, the
# time an export shows, less NOFUNC seconds in no function, are the
# time of the flat profile GPROF_P (gprof -b -p).  Its total is the
# last row's cumulative seconds, rounded once, to 0.01 s: within
# 0.005 s of the samples, whatever they are.  (Its self column, summed,
# strays by up to 0.005 s a row: 2% of a run of 1 s in four rows,
# beyond the 1% this check allowed before, on a machine fast enough.)
flat_holds () {
	_cum=$(awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { c = $2 }
		END { print c + 0 }' "$4")
	if awk -v s="$2" -v u="$3" -v c="$_cum" 'BEGIN {
		d = s - u - c; exit !(s > 0 && d <= 0.0051 && d >= -0.0051) }'
	then
		ok "$1 ($2 s, $3 s in no function; the flat profile's $_cum s)"
	else
		bad "$1 ($2 s, $3 s in no function; the flat profile's $_cum s)"
	fi
}

# fg_parse FOLDED: reads FOLDED as flamegraph.pl does (its line pattern,
# /^(.*)\s+?(\d+(?:\.\d*)?)$/; other lines ignored, with a count) and
# prints "lines ignored total", then "self NAME N" per leaf frame.
fg_parse () {
	awk '
	{
		if (!match ($0, /[ \t]+[0-9]+(\.[0-9]*)?$/)) { ign++; next }
		stack = substr ($0, 1, RSTART - 1)
		n = substr ($0, RSTART) + 0
		nl++; tot += n
		k = split (stack, f, ";")
		self[f[k]] += n
		if (stack ~ /(^|;)(;|$)/) empty++
	}
	END {
		printf "%d %d %d %d\n", nl, ign, tot, empty
		for (s in self) printf "self %s %d\n", s, self[s]
	}' "$1"
}

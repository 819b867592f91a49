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

# flat_total GPROF_P: the seconds of a flat profile (its self column).
flat_total () {
	awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { s += $3 } END { printf "%.2f\n", s }' "$1"
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

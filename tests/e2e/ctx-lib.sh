# ctx-lib.sh - sourced by the calling-context tests, after lib.sh and
# rt-lib.sh: reading numbers off a call graph.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# graph_total GRAPH: the seconds of the header ("... of 1.23 seconds").
graph_total () {
	sed -n 's/.* of \([0-9.]*\) seconds$/\1/p' "$1" | head -n 1
}

# graph_line GRAPH ENTRY SIDE WHO: "self children" of a line of ENTRY's
# block in a call graph printed by gprof -b -q: SIDE is "self" (ENTRY's
# own line; WHO is ignored), "parent" (WHO's line above it) or "child"
# (WHO's line below it).  Empty if there is no such line.
graph_line () {
	awk -v entry="$2" -v side="$3" -v who="${4:-}" '
	function name_of (l,  s, n, f) {
		s = l
		sub (/ [[(][0-9]+[])]$/, "", s)
		sub (/ <cycle [0-9]+>$/, "", s)
		n = split (s, f, " ")
		return f[n]
	}
	function flush (  i, p, f) {
		p = 0
		for (i = 1; i <= nb; i++)
			if (blk[i] ~ /^\[/ && name_of(blk[i]) == entry)
				p = i
		for (i = 1; p && i <= nb; i++) {
			split (blk[i], f, " ")
			if (side == "self" && i == p)
				print f[3], f[4]
			else if (side == "parent" && i < p \
				 && name_of(blk[i]) == who)
				print f[1], f[2]
			else if (side == "child" && i > p \
				 && name_of(blk[i]) == who)
				print f[1], f[2]
		}
		nb = 0
	}
	/^-+$/ { flush(); next }
	{ blk[++nb] = $0 }
	END { flush() }' "$1"
}

# graph_bounded DESC GRAPH: a check that no line of the call graph shows
# more time than the whole run: no entry above 100%, no entry's or
# arc's self + children above the total (each printed to 0.01 s).
graph_bounded () {
	_bad=$(awk -v total="$(graph_total "$2")" '
	/^\[/ && $2 + 0 > 100.0 { print "over 100%: " $0 }
	/^\[/ && $3 + $4 > total + 0.015 { print "over the total: " $0 }
	/^ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ / \
		&& $1 + $2 > total + 0.015 { print "over the total: " $0 }
	' "$2")
	if [ -z "$_bad" ] && [ -n "$(graph_total "$2")" ]; then
		ok "$1: no line exceeds the total ($(graph_total "$2") s)"
	else
		bad "$1: lines exceed the total:"
		echo "$_bad"
	fi
}

# at_most DESC X Y: a check that X <= Y (decimal numbers).
at_most () {
	if [ -z "$2" ] || [ -z "$3" ]; then
		bad "$1 (a number is missing: '$2' <= '$3')"
	elif awk -v x="$2" -v y="$3" 'BEGIN { exit !(x + 0 <= y + 0) }'; then
		ok "$1 ($2 <= $3)"
	else
		bad "$1 ($2 > $3)"
	fi
}

# share DESC PART WHOLE LO HI: a check that PART / WHOLE lies in
# [LO, HI].  PART and WHOLE must be numbers: an empty one (the line
# it comes from is missing) fails, whatever LO is.
share () {
	if awk -v p="$2" -v w="$3" -v lo="$4" -v hi="$5" \
		'BEGIN { num = "^[0-9]+([.][0-9]*)?$"
			 exit !(p ~ num && w ~ num && w > 0 &&
				p / w >= lo && p / w <= hi) }'; then
		ok "$1 ($2 of $3)"
	else
		bad "$1 ($2 of $3, not within $4..$5)"
	fi
}

# col N "A B": the Nth of two numbers.
col () {
	set -- "$1" $2
	shift "$1"
	echo "${1:-}"
}

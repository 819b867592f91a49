# gprof-forgive.sh - sourced by gprof-lib.sh: the filters that take a
# known difference out of both outputs (gp_case -f), one per reason of
# tests/e2e/gprof-known-diffs.txt that is not a whole output, and the
# checks of what each filter took out of OUR output against an oracle
# of its own (objdump, llvm-addr2line, GNU gprof on a copy it reads
# right, the counts the test program's construction implies).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A filter reads an output on standard input, writes it without the
# lines it forgives, and appends each forgiven line to $gp_forgiven
# (set by gp_case: CASE/gnu.forgiven, CASE/ours.forgiven), prefixed
# with what the check needs to place it.  The rest of the output is
# still compared byte for byte.

# -------------------------------------------------------------------
# -c: GNU gprof misses backward calls (gnubug/c-backward).

# gp_backward_calls EXE: "CALLER CALLEE" for every direct call in EXE's
# code to an address below the call's own (objdump's disassembly):
# the calls GNU's -c cannot find on x86-64.
gp_backward_calls () {
	objdump -d --no-show-raw-insn "$1" | awk '
	function pad(h) { return substr("0000000000000000", 1, 16 - length(h)) h }
	/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f); next }
	$2 == "call" && $4 ~ /^<[^@+]*>$/ {
		a = $1; sub(/:$/, "", a); c = $4; gsub(/[<>]/, "", c)
		if (pad($3) < pad(a)) print f, c }' | sort -u
}

# gp_graph_entries: the call graph of a report (-q, or the default
# report) as one line per arc line: "ENTRY<TAB>SIDE<TAB>NAME<TAB>LINE",
# SIDE parent, self or child; other lines as "<TAB>other<TAB><TAB>LINE".
# Names are the C fixture's (no blanks).
gp_graph_entries () {
	awk '
	function name(l,  f, n) {
		n = split(l, f, " ")
		if (f[n] !~ /^\[[0-9]+\]$/) return l
		if (n >= 4 && f[n - 1] ~ /^[0-9]+>$/ && f[n - 2] == "<cycle")
			return f[n - 3]
		return f[n - 1]
	}
	function flush(  i, side) {
		side = "parent"
		for (i = 1; i <= nb; i++)
			if (buf[i] ~ /^\[[0-9]+\]/) primary = name(buf[i])
		for (i = 1; i <= nb; i++) {
			if (buf[i] ~ /^\[[0-9]+\]/) { print primary "\tself\t" primary "\t" buf[i]; side = "child"; continue }
			print primary "\t" side "\t" name(buf[i]) "\t" buf[i]
		}
		nb = 0
	}
	/^index % time/ { graph = 1; print "\tother\t\t" $0; next }
	graph && /^-+$/ { flush(); print "\tother\t\t" $0; next }
	graph && ($0 == "" || /^\f/ || /^\[blurb\]$/ || /^Index by function name/) {
		flush(); graph = 0 }
	graph { buf[++nb] = $0; next }
	{ print "\tother\t\t" $0 }
	END { flush() }'
}

# gp_drop_backward ARCS < OUTPUT: OUTPUT without the arc lines that
# GNU's -c misses: a static arc (0 calls) between the CALLER and CALLEE
# of a line of ARCS (gp_backward_calls), in the callee's entry (parent)
# or the caller's (child), and the "<spontaneous>" that GNU prints
# instead in the entry of a callee it leaves without a parent.
gp_drop_backward () {
	gp_graph_entries | awk -F '\t' -v arcs="$1" -v out="$gp_forgiven" '
	BEGIN { while ((getline l < arcs) > 0) { split(l, f, " ")
		a[f[1] "\t" f[2]] = 1; callee[f[2]] = 1 } }
	function static_arc(l,  f, n) {
		n = split(l, f, " ")
		return n >= 5 && f[1] == "0.00" && f[2] == "0.00" && f[3] ~ /^0\/[0-9]+$/
	}
	$2 == "parent" && static_arc($4) && (($3 "\t" $1) in a) ||
	$2 == "child" && static_arc($4) && (($1 "\t" $3) in a) ||
	$2 == "parent" && $4 ~ /^ +<spontaneous>$/ && ($1 in callee) {
		print $1 "\t" $2 "\t" $3 "\t" $4 >> out; next }
	{ print $4 }'
}

# gp_backward_forgiven CASEDIR ARCS: what gp_drop_backward took out is
# exactly what GNU gprof misses: from GNU's output only "<spontaneous>"
# lines; from ours, for every backward call of ARCS that GNU shows no
# arc for, its line in the callee's entry and in the caller's (where
# GNU prints that entry), each "0.00 0.00 0/N NAME [K]", N the callee's
# calls (GNU's; 0 if GNU prints no entry for it, as for a function
# never called) and K the index GNU gives NAME, or one past all of
# GNU's entries for a function GNU numbers not at all (never_called,
# which only the missed arc puts in the graph).
gp_backward_forgiven () {
	gp_graph_entries <"$1/gnu.out" >"$1/gnu.entries"
	if grep -v '<spontaneous>$' "$1/gnu.forgiven" | grep -q .; then
		echo "GNU's output lost more than <spontaneous> lines:"
		cat "$1/gnu.forgiven"
		return 1
	fi
	awk -F '\t' -v arcs="$2" '
	function expect(e, side, o, n,  g, h, w, key, found, k) {
		key = e "\t" side "\t" o "\t"
		found = 0
		for (g in got) if (index(g, key) == 1) {
			split(g, h, "\t"); split(h[4], w, " ")
			k = substr(w[5], 2, length(w[5]) - 2) + 0
			if (w[1] == "0.00" && w[2] == "0.00" && w[3] == "0/" n &&
			    w[4] == o && (o in idx ? w[5] == idx[o] : k > maxidx))
				found = 1
			else { print "wrong: " h[4]; bad++ }
			delete got[g]
		}
		if (!found) { print "missing: " key; bad++ }
	}
	FILENAME == arcs { split($0, f, " "); want[f[1] "\t" f[2]] = 1; next }
	FILENAME ~ /gnu.entries$/ {
		if ($2 == "self") { split($4, f, " "); idx[$1] = f[1]
			k = substr(f[1], 2, length(f[1]) - 2) + 0
			if (k > maxidx) maxidx = k
			calls[$1] = f[5] ~ /^[0-9]/ ? f[5] : 0
			sub(/\+.*/, "", calls[$1]) }
		if ($2 == "child") shown[$1 "\t" $3] = 1
		next }
	{ got[$1 "\t" $2 "\t" $3 "\t" $4] = 1 }
	END {
		for (a in want) {
			split(a, f, "\t")
			# A call that ran is in both; a self call is no arc.
			if ((a in shown) || f[1] == f[2]) continue
			n = f[2] in calls ? calls[f[2]] : 0
			if (f[2] in idx) expect(f[2], "parent", f[1], n)
			if (f[1] in idx) expect(f[1], "child", f[2], n)
		}
		for (g in got) { print "forgiven without a reason: " g; bad++ }
		exit bad > 0
	}' "$2" "$1/gnu.entries" "$1/ours.forgiven"
}

# -------------------------------------------------------------------
# -R: GNU's list of objects repeats names (uninitialised memory).

# gp_uniq < OUTPUT: OUTPUT with each run of equal lines as one.
gp_uniq () {
	awk -v out="$gp_forgiven" 'NR > 1 && $0 == prev { print >> out; next }
		{ print; prev = $0 }'
}

# gp_objects_forgiven CASEDIR MAP: nothing was taken out of ours (it
# repeats no object), and what it lists are objects of MAP (nm's
# map), each once.
gp_objects_forgiven () {
	if [ -s "$1/ours.forgiven" ]; then
		echo "ours repeats an object:"; cat "$1/ours.forgiven"; return 1
	fi
	cut -d: -f1 "$2" | sort -u >"$1/objects"
	awk 'NR == FNR { o[$0] = 1; next } NF && !($0 in o) { print "not in the map: " $0; bad++ }
		NF && seen[$0]++ { print "listed twice: " $0; bad++ }
		NF { n++ } END { if (!n) { print "no objects listed"; bad++ } exit bad > 0 }' \
		"$1/objects" "$1/ours.out"
}

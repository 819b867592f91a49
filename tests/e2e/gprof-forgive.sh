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
# .text (where -c looks) to an address below the call's own (objdump's
# disassembly): the calls GNU's -c cannot find on x86.
gp_backward_calls () {
	objdump -d -j .text --no-show-raw-insn "$1" | awk '
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
	# The index is the last field: a cycle member is "NAME <cycle N>
	# [K]".
	function expect(e, side, o, n,  g, h, w, nw, key, found, k) {
		key = e "\t" side "\t" o "\t"
		found = 0
		for (g in got) if (index(g, key) == 1) {
			split(g, h, "\t"); nw = split(h[4], w, " ")
			k = substr(w[nw], 2, length(w[nw]) - 2) + 0
			if (w[1] == "0.00" && w[2] == "0.00" && w[3] == "0/" n &&
			    w[4] == o && (o in idx ? index(idx[o], " " w[nw] " ") : k > maxidx))
				found = 1
			else { print "wrong: " h[4]; bad++ }
			delete got[g]
		}
		if (!found) { print "missing: " key; bad++ }
	}
	FILENAME == arcs { split($0, f, " "); want[f[1] "\t" f[2]] = 1; next }
	FILENAME ~ /gnu.entries$/ {
		# Every index GNU gives a name (two static functions
		# may share it).
		# (mawk makes idx[$1] before it reads the right side).
		if ($2 == "self") { split($4, f, " ")
			prev = ($1 in idx) ? idx[$1] : " "
			idx[$1] = prev f[1] " "
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

# gp_uniq_sorted < OUTPUT: the same, then sorted: where a function is
# in two objects (i386's __x86.get_pc_thunk.bx, a comdat), the
# functions GNU's uninitialised is_first flags take for objects change
# the order of the list too.
gp_uniq_sorted () {
	gp_uniq | sort
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

# -------------------------------------------------------------------
# -l -A with blocks: GNU labels a line where several symbols start from
# the first of them only (gnubug/bb-first-symbol).

# gp_crows EXE GMON: GNU gprof's -l -C (a row per block: FILE:LINE:
# (FUNC:ADDR) N executions), as "FILE:LINE COUNT" in its order: the
# oracle of the counts on each line.
gp_crows () {
	"$GNU_GPROF" -l -C "$1" "$2" 2>/dev/null |
		sed -nE 's/^(.*:[0-9]+): \(.*\) ([0-9]+) executions$/\1 \2/p'
}

# gp_mask_multi MULTI CROWS [x] < LISTING: the listing with the label
# of every line named in MULTI (FILE:LINE, a line several symbols start
# on) replaced by [multi], and the summary after each file by
# [summary] (gnubug/lines-executed, gnubug/bb-summary).  With x (-x),
# also the lines after such a line that carry its last count on: up
# to the first with blocks of its own (CROWS, from gp_crows), which
# carries its own on.  Each label taken out goes to $gp_forgiven as
# "FILE:LINE<TAB>LABEL".
gp_mask_multi () {
	awk -v multi="$1" -v crows="$2" -v x="${3:-}" -v out="$gp_forgiven" '
	BEGIN { while ((getline l < multi) > 0) m[l] = 1
		while ((getline l < crows) > 0) { split(l, w, " "); c[w[1]] = 1 } }
	/^\*\*\* File .*:$/ { f = substr($0, 10, length($0) - 10)
		n = 0; dep = 0; print; next }
	/^Top [0-9]+ Lines:$/ || /^Execution Summary:$/ { s = 1 }
	s && /Average executions per line$/ { print "[summary]"; s = 0; next }
	s { next }
	f != "" && length($0) >= 16 { n++; k = f ":" n
		lab = substr($0, 1, 16)
		if ((k in m) || (dep && lab !~ /^ +$/)) {
			print k "\t" lab >> out
			print "[multi]" substr($0, 17)
			if (x != "") dep = !(k in c) || (k in m)
			next }
		if (lab !~ /^ +$/) dep = 0 }
	{ print }'
}

# gp_line_calls EXE GMON ADDR2LINE: "FILE:LINE CALLS" for each line
# where functions with calls start (GNU's flat profile, by the address
# nm gives the function and the line llvm-addr2line gives that), their
# calls added up.
gp_line_calls () {
	"$GNU_GPROF" -b -p --no-demangle "$1" "$2" 2>/dev/null |
		awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort >"$work/lc.calls"
	nm "$1" | awk '$2 ~ /^[tTwW]$/ { print $3, $1 }' | sort -k1,1 >"$work/lc.addrs"
	join "$work/lc.calls" "$work/lc.addrs" | awk '{ print $3, $2 }' >"$work/lc.both"
	cut -d' ' -f1 "$work/lc.both" | gp_lines_of "$1" "$3" |
		paste -d' ' - "$work/lc.both" |
		awk '{ c[$1] += $3 } END { for (l in c) print l, c[l] }'
}

# gp_multi_forgiven CASEDIR CROWS LINECALLS [x]: each label taken out
# of ours is made of the counts of its line only: the blocks that start
# on it (CROWS: GNU's -l -C rows), the calls of the functions that start
# on it (LINECALLS: gp_line_calls), and with x the count the line above
# carries on (its label's last number, in ours); and on a line where no
# function starts, every block's count is there (but where the label is
# cut at 16 characters, or with x where it equals the count printed
# before it).  "#####" (below -m) is a count below -m.
gp_multi_forgiven () {
	_min=$(sed -nE 's/.*-m ([0-9]+).*/\1/p' "$1/args")
	awk -F '\t' -v crows="$2" -v lcalls="$3" -v x="${4:-}" -v min="${_min:-1}" \
		-v list="$1/ours.out" '
	BEGIN {
		while ((getline l < crows) > 0) { split(l, f, " ")
			cnt[f[1], ++nc[f[1]]] = f[2] }
		while ((getline l < lcalls) > 0) { split(l, f, " "); calls[f[1]] = f[2] }
		# The counts a labelled line of ours may carry on from the
		# line labelled before it (-x): the last one printed there,
		# or any count of that line (its label may be cut), or what
		# that line carried on itself if nothing starts on it.
		while ((getline l < list) > 0) {
			if (l ~ /^\*\*\* File .*:$/) { file = substr(l, 10, length(l) - 10); n = 0; continue }
			if (file == "" || length(l) < 16) continue
			n++; lab = substr(l, 1, 16)
			if (lab ~ /^ +$/) continue
			k = file ":" n
			carry[k] = cand
			sub(/ -> $/, "", lab); gsub(/ /, "", lab); sub(/.*,/, "", lab)
			own = " " lab " "
			for (i = 1; i <= nc[k]; i++) own = own cnt[k, i] " "
			if (k in calls) own = own calls[k] " "
			# "#####": a count below -m, 0 for a function no call
			# of which was counted (main).
			if (lab == "#####") for (i = 0; i < min && i < 10; i++) own = own i " "
			cand = (nc[k] || (k in calls)) ? own : own carry[k]
		}
	}
	{ k = $1; lab = $2
	  if (lab ~ /^ +$/) { if (nc[k] || (k in calls) && calls[k] > 0) { bad++
		print k ": not labelled, but " nc[k] " blocks start on it" } ; next }
	  cut = lab !~ / -> $/
	  sub(/ -> $/, "", lab); gsub(/ /, "", lab)
	  if (lab == "#####") {
		for (i = 1; i <= nc[k]; i++) if (cnt[k, i] >= min && !(k in calls)) {
			bad++; print k ": ##### for a block of " cnt[k, i] }
		next }
	  n = split(lab, v, ",")
	  delete ok
	  for (i = 1; i <= nc[k]; i++) ok[cnt[k, i]] = 1
	  if (k in calls) ok[calls[k]] = 1
	  if (x != "") { m = split(carry[k], w, " ")
		for (i = 1; i <= m; i++) ok[w[i]] = 1 }
	  for (i = 1; i <= n; i++)
		if (!(v[i] in ok) && !(cut && i == n)) { bad++
			print k ": " v[i] " in \"" lab "\" is no count of the line" }
	  if ((k in calls) || cut) next
	  delete shown
	  for (i = 1; i <= n; i++) shown[v[i]] = 1
	  for (i = 1; i <= nc[k]; i++) if (!(cnt[k, i] in shown)) { bad++
		print k ": the block count " cnt[k, i] " is missing from \"" lab "\"" } }
	END { exit bad > 0 }' "$1/ours.forgiven"
}

# -------------------------------------------------------------------
# GNU gprof drops functions whose names have a '.' (gnubug/clones):
# on a copy with each such name's dots made underscores (same length,
# same code) it keeps them.

# gp_unclone EXE DIR: DIR/EXE, EXE with its clones renamed
# (objcopy --redefine-sym); prints the sed script that turns the new
# names back.
gp_unclone () {
	_ren= _back=
	for _n in $(nm "$1" | awk '$2 ~ /^[tTwW]$/ && $3 ~ /\./ { print $3 }'); do
		_r=$(echo "$_n" | tr . _)
		_ren="$_ren --redefine-sym $_n=$_r"
		_back="${_back}s/$_r/$_n/g;"
	done
	mkdir -p "$2"
	# shellcheck disable=SC2086
	objcopy $_ren "$1" "$2/${1##*/}" || return 1
	echo "$_back"
}

# -------------------------------------------------------------------
# -l where GNU gives up (gnubug/line-miscount): GNU's function-level
# profile is the oracle of the numbers of ours.

# gp_lines_vs_functions EXE GMON: ours' -l flat profile against GNU's
# function-level reports of a copy of EXE whose clones GNU keeps
# (gp_unclone): the calls on each function's entry line symbol are all
# the calls GNU's call graph counts for it (recursive ones too: at line
# level a call from another line of the function is no self call), for
# every function GNU counts calls of, and the seconds add up to GNU's
# total.  Prints what it compared.
gp_lines_vs_functions () {
	_back=$(gp_unclone "$1" "$work/unclone") || { echo "objcopy failed"; return 1; }
	"$GNU_GPROF" -b -q --no-demangle "$work/unclone/${1##*/}" "$2" 2>&1 |
		sed "$_back" >"$work/lvf.gnuq"
	"$GNU_GPROF" -b -p --no-demangle "$work/unclone/${1##*/}" "$2" 2>&1 |
		sed "$_back" >"$work/lvf.gnup"
	"$OURS" -b -l -p --no-demangle "$1" "$2" >"$work/lvf.ours" 2>&1
	awk '
	FNR == 1 { file++ }
	# GNU graph: [N] %time self children called name [N]
	file == 1 && /^\[[0-9]+\]/ {
		if ($5 ~ /^[0-9]+(\+[0-9]+)?$/) { split($5, c, "+"); g[$6] = c[1] + c[2] }
		next }
	# A flat row: %, cumulative, self, [calls, self/call, total/call,] name.
	{ n = split($0, f, " ")
	  if (n < 4 || f[1] !~ /^[0-9.]+$/ || f[2] !~ /^[0-9.]+$/) next }
	file == 2 { total[1] = f[2]; next }
	file == 3 { total[2] = f[2]
	  if (n >= 9 && f[4] ~ /^[0-9]+$/ && f[n - 1] == "@") o[f[n - 3]] += f[4] }
	END {
		for (k in g) { ng++; if (o[k] != g[k]) { bad++
			print k ": calls " o[k] " in -l, GNU " g[k] } }
		for (k in o) if (!(k in g)) { bad++; print k ": " o[k] " calls in -l, GNU none" }
		if (total[1] + 0 != total[2] + 0) { bad++
			print "total seconds " total[2] " in -l, GNU " total[1] }
		if (!ng) { bad++; print "GNU counts no calls" }
		if (!bad) printf "%d functions called, %s s\n", ng, total[1]
		exit bad > 0
	}' "$work/lvf.gnuq" "$work/lvf.gnup" "$work/lvf.ours"
}

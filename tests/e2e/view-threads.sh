#!/bin/sh
# view-threads.sh - gprof --threads with --export=folded, flamegraph and
# pprof, read by the real readers: speedscope's own parser (its npm
# package, under node) and flamegraph.pl's line pattern for the folded
# stacks, each thread a frame at the root holding that thread's time;
# `go tool pprof' for the labels (-tags, -tagfocus, -tagroot), each
# thread's time and calls where its flat profile has them; the flame
# graph in headless Chromium, a click on a thread's bar filling the
# width with that thread.  Estimated and measured (GMON_CONTEXT) stacks,
# and the threads of one name together.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
. "$top_srcdir/tests/e2e/view-lib.sh"
need_runtime
unset GMON_THREADS GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
command -v node >/dev/null ||
	need_tool node "speedscope's parser runs under node (Debian nodejs)"
SS=$(speedscope_bundle) ||
	need_tool speedscope "tests/tools/readers-install.sh installs it from npm"
SSREAD="node $top_srcdir/tests/tools/speedscope-folded.mjs $SS"
command -v go >/dev/null || need_tool go "go tool pprof reads the files (Debian golang-go)"
GOCACHE=$work/gocache HOME=$work
export GOCACHE HOME
pprof () { go tool pprof "$@" 2>pprof.err; }

# js FILE.json EXPR: EXPR of the JSON speedscope's reading printed.
js () {
	node -e "const d = JSON.parse (require ('fs').readFileSync ('$1')); \
		console.log ($2)"
}

# section OUT TITLE: a thread's section of gprof --threads's output.
section () {
	awk -v t="$2" '
	/^(Thread [0-9]+ |Threads [^ ]* \([0-9]+:|Other threads \()/ {
		on = index ($0, t) == 1 }
	on' "$1"
}

# tid NAME: the thread id of the thread NAME in the table of thr.txt.
tid () {
	awk -v n="$1" '/^Threads:$/ { on = 1 } on && $NF == n && $1 ~ /^[0-9.]+$/ {
		print $6; exit }' thr.txt
}

# top_ms TOP FUNC: FUNC's flat milliseconds in `pprof -top -unit=ms'.
top_ms () {
	awk -v f="$2" '$NF == f { sub (/ms$/, "", $1); print $1 + 0; found = 1; exit }
		END { if (!found) print 0 }' "$1"
}

rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -g -pg -pthread
# N = 10^6: its 500 barrier waits (libc's time, whatever N) stay well
# under the 5% of the samples at which gprof notes libc's time left
# out (beside two busy loops 400000 gave 7%: a note on stderr).
run_prog ./prog 1000000 >out 2>err || hard_error "the program failed"
"$GPROF" -b --threads prog gmon.out >thr.txt 2>/dev/null || hard_error "gprof --threads"
hz=$(flat_hz thr.txt)
A=$(tid alpha) B=$(tid beta)
section thr.txt "Thread $A alpha" >alpha.txt
section thr.txt "Thread $B beta" >beta.txt

# Folded stacks: a frame per thread at the root.
"$GPROF" --threads prog gmon.out --export=folded:t.folded 2>err ||
	bad "gprof --threads --export=folded failed: $(cat err)"
quiet_stderr "gprof --threads --export=folded" err
echo "--- t.folded (quoted in doc/viewers.texi)"; cat t.folded
$SSREAD t.folded >ss.json || bad "speedscope's parser failed"
fg_parse t.folded >fg.txt
check "speedscope accepts every line" \
	test "$(js ss.json 'd.lines === d.accepted && d.accepted > 0')" = true
check "flamegraph.pl's pattern accepts every line, no empty frame" \
	sh -c "head -n 1 fg.txt | awk '\$1 > 0 && \$2 == 0 && \$4 == 0 { ok = 1 } END { exit !ok }'"
check "every stack starts at a thread's frame" \
	test "$(js ss.json "d.stacks.every (s => /^\\[thread [0-9]+ [a-z]+\\];/.test (s[0]))")" = true
for t in alpha:$A beta:$B; do
	id=${t#*:} t=${t%:*}
	want=$(awk -v h="$hz" '$1 ~ /^[0-9.]+$/ && NF >= 4 { s = $2 }
		END { printf "%.0f", s * h }' $t.txt)
	got=$(js ss.json "d.totals['[thread $id $t]']")
	# (The flat profile's seconds are rounded to 0.01.)
	check "[thread $id $t] holds its flat profile's samples ($got, $want)" \
		awk -v g="$got" -v w="$want" -v h="$hz" \
		'BEGIN { d = g - w; e = 0.005 * h + 1; exit !(d <= e && d >= -e) }'
done
check "fa's stacks are all alpha's" test "$(js ss.json \
	"d.stacks.filter (s => /;fa(;|$)/.test (s[0]) && !s[0].startsWith ('[thread $A alpha];')).length")" = 0
share "alpha: its burn is under fa" "$(js ss.json \
	"d.stacks.filter (s => s[0].startsWith ('[thread $A alpha];') && s[0].endsWith (';fa;burn')).reduce ((a, s) => a + s[1], 0)")" \
	"$(js ss.json "d.totals['[thread $A alpha]']")" 0.98 1.0
share "beta: its burn is under spin" "$(js ss.json \
	"d.stacks.filter (s => s[0].startsWith ('[thread $B beta];') && s[0].endsWith (';spin;burn')).reduce ((a, s) => a + s[1], 0)")" \
	"$(js ss.json "d.totals['[thread $B beta]']")" 0.98 1.0
# The threads of one name: one frame.
"$GPROF" --threads=name prog gmon.out --export=folded:n.folded 2>/dev/null ||
	bad "--threads=name: gprof failed"
$SSREAD n.folded >n.json
workers=$(js ss.json "Object.keys (d.totals).filter (k => / worker\\]$/.test (k)).reduce ((a, k) => a + d.totals[k], 0)")
check "=name: [threads worker x4] holds the four workers' ($workers)" \
	test "$(js n.json "d.totals['[threads worker x4]']")" = "$workers"

# Measured stacks: each thread's own, from its contexts.
mkdir ctx
(cd ctx && GMON_CONTEXT=64 run_prog ../prog 1000000 >out 2>err) || bad "ctx: the program failed"
"$GPROF" --threads prog ctx/gmon.out --export=folded:m.folded 2>err ||
	bad "ctx: gprof failed: $(cat err)"
$SSREAD m.folded >m.json || bad "speedscope's parser failed (measured)"
(cd ctx && "$GPROF" -b --threads ../prog gmon.out >thr.txt 2>/dev/null) ||
	bad "ctx: gprof --threads failed"
ma=$(awk '/^Threads:$/ { on = 1 } on && $NF == "alpha" { print $6; exit }' ctx/thr.txt)
check "measured: no stack of alpha says it is estimated" \
	sh -c "! grep -q '^\\[thread $ma alpha\\];\\[estimated' m.folded"
share "measured: alpha's time is under alpha;fa;burn" "$(js m.json \
	"d.stacks.filter (s => s[0].startsWith ('[thread $ma alpha];') && s[0].endsWith ('alpha;fa;burn')).reduce ((a, s) => a + s[1], 0)")" \
	"$(js m.json "d.totals['[thread $ma alpha]']")" 0.9 1.0

# pprof: labels thread and tid on every sample.
"$GPROF" --threads prog gmon.out --export=pprof:t.pb.gz 2>err ||
	bad "gprof --threads --export=pprof failed: $(cat err)"
pprof -tags t.pb.gz >tags.txt || bad "pprof -tags failed: $(cat pprof.err)"
echo "--- go tool pprof -tags t.pb.gz"; cat tags.txt
for t in alpha beta worker prog; do
	check "-tags: thread $t" grep -Eq "^ +[0-9.]+m?s +\\( *[0-9.]+%\\): $t\$" tags.txt
done
check "-tags: alpha's tid" grep -Eq ": $A\$" tags.txt
pprof -tagfocus=thread=alpha -top -unit=ms t.pb.gz >alpha.top ||
	bad "pprof -tagfocus failed: $(cat pprof.err)"
echo "--- go tool pprof -tagfocus=thread=alpha -top -unit=ms t.pb.gz"; cat alpha.top
want=$(awk '$NF == "burn" { print $3 * 1000 }' alpha.txt)
got=$(top_ms alpha.top burn)
check "-tagfocus=thread=alpha: burn's ${got}ms is alpha's (${want}ms)" \
	awk -v g="$got" -v w="$want" -v h="$hz" \
	'BEGIN { d = g - w; exit !(d <= 5 + 1000 / h && d >= -5 - 1000 / h) }'
check "-tagfocus=thread=alpha: no spin" sh -c "! grep -q ' spin\$' alpha.top"
pprof -tagfocus=thread=beta -sample_index=calls -top t.pb.gz >beta.calls
check "-tagfocus=thread=beta, calls: gb 3000" \
	test "$(awk '$NF == "gb" { print $1 }' beta.calls)" = 3000
pprof -tagfocus=thread=worker -sample_index=calls -top t.pb.gz >w.calls
check "-tagfocus=thread=worker, calls: work 800, the four's" \
	test "$(awk '$NF == "work" { print $1 }' w.calls)" = 800
pprof -tagfocus=tid=$B -sample_index=calls -top t.pb.gz >tid.calls
check "-tagfocus=tid=$B, calls: gb 3000" \
	test "$(awk '$NF == "gb" { print $1 }' tid.calls)" = 3000
pprof -tagroot=thread -traces t.pb.gz >traces.txt || bad "pprof -tagroot failed"
check "-tagroot=thread: alpha's burn has alpha at its root" awk '
	/^-+\+/ { if (b && last == "alpha") ok = 1; b = 0; next }
	NF == 2 && $2 == "burn" { b = 1 } NF == 1 { last = $1 }
	END { exit !ok }' traces.txt
"$GPROF" --threads=name prog gmon.out --export=pprof:n.pb.gz 2>/dev/null
pprof -tags n.pb.gz >ntags.txt
check "=name: the workers' samples say threads 4" grep -Eq ': 4$' ntags.txt

# The flame graph: a bar per thread at the bottom.
"$GPROF" --threads prog gmon.out --export=flamegraph:t.svg 2>err ||
	bad "gprof --threads --export=flamegraph failed: $(cat err)"
check "the SVG is well-formed" python3 -c "
import xml.etree.ElementTree as E; E.parse ('t.svg')"
check "its title says by thread" grep -q '>Flame graph of prog, by thread</text>' t.svg
# (A thread with no samples in the program, as the main thread may
# be, has no stacks and no bar.)
check "a bar at the bottom for each thread with stacks" test "$(grep -c \
	'data-d="0" data-n="\[thread [0-9]* [a-z]*\]"' t.svg)" = \
	"$(cut -d';' -f1 t.folded | sort -u | wc -l)"
if CHROMIUM=$(command -v chromium || command -v chromium-browser); then
	python3 "$top_srcdir/tests/tools/browser-click.py" "$CHROMIUM" t.svg \
		"[thread $A alpha]" '^fa$' threads.png >t.json ||
		bad "Chromium could not be driven"
	pyq () {
		python3 -c "import json
d = json.load (open ('t.json'))
def bar (k, name): return max ((b for b in d[k] if b[0] == name), key = lambda b: b[2])
print ($1)"
	}
	echo "before: $(pyq "[(b[0], b[2]) for b in d['before'] if b[0].startswith ('[')]")"
	check "Chromium drew it" test "$(pyq "d['colours'] > 4")" = True
	check "after a click on alpha's bar: it fills the width" \
		test "$(pyq "bar ('after', '[thread $A alpha]')[2] == 1180")" = True
	check "... and beta's is gone" \
		test "$(pyq "not bar ('after', '[thread $B beta]')[3]")" = True
	check "the search for fa matches alpha's share ($(pyq "d['matched']"))" \
		test "$(pyq "d['matched'] not in ('', 'Matched: 0.0%', 'Matched: 100.0%')")" = True
	echo "the pictures: threads.png, threads-zoomed.png (doc/viewers-flamegraph-threads.png)"
else
	missing_tool chromium "the flame graph by thread in a browser"
fi

finish

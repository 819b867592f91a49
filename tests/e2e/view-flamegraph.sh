#!/bin/sh
# view-flamegraph.sh - --export=flamegraph, opened in headless Chromium
# through its DevTools protocol (tests/tools/browser-click.py): the
# picture is drawn, a real click on a frame zooms to it (the frame and
# its callees fill the width, its callers stay, the rest goes), the
# search finds what it should, and the file fetches nothing.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/view-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
command -v python3 >/dev/null || need_tool python3 "the harness is Python"
CHROMIUM=$(command -v chromium || command -v chromium-browser) ||
	need_tool chromium "the flame graph is checked in a real browser"
CLICK="python3 $top_srcdir/tests/tools/browser-click.py $CHROMIUM"

# pyq FILE.json EXPR: EXPR of the harness's report D; bars are
# [name, x, width, shown, label].
pyq () {
	python3 -c "import json, sys
d = json.load (open ('$1'))
def bar (k, name): return max ((b for b in d[k] if b[0] == name), key = lambda b: b[2])
print ($2)"
}

rt_cc foo.exe "$PROGRAMS/ctx-foo.c" -O2 -pg
(GMON_CONTEXT=64 ./foo.exe >/dev/null) || hard_error "ctx-foo failed"

# Estimated: a and b share foo; a click on b zooms to it.
"$GPROF" --no-contexts foo.exe gmon.out --export=flamegraph:est.svg 2>err ||
	bad "gprof --export=flamegraph failed: $(cat err)"
quiet_stderr "gprof --export=flamegraph" err
check "the file is well-formed XML" python3 -c "
import xml.etree.ElementTree as E; E.parse ('est.svg')"
check "it fetches nothing: no href, no src, one inline script" sh -c \
	"! grep -Eq 'href|src=|@import|url\\(' est.svg &&
	 test \$(grep -c '<script' est.svg) = 1 &&
	 ! grep -E '<script[^>]*src' est.svg"
$CLICK est.svg b '^foo$' est.png >est.json || bad "Chromium could not be driven"
echo "Chromium: $(pyq est.json "d['title'], d['facts'], d['colours'], 'colours'")"
echo "before: $(pyq est.json "[(b[0], b[2]) for b in d['before']]")"
echo "after a click on b: $(pyq est.json "[(b[0], b[2], b[3]) for b in d['after']]")"
check "Chromium drew it (more than one colour: $(pyq est.json "d['colours']"))" \
	test "$(pyq est.json "d['colours'] > 4")" = True
check "the title names the program" test "$(pyq est.json "d['title']")" = \
	"Flame graph of foo.exe"
check "the facts say the stacks are estimated" \
	test "$(pyq est.json "'estimated' in d['facts'] and 'samples at' in d['facts']")" = True
check "before: b is about half the width" test "$(pyq est.json \
	"0.4 < bar ('before', 'b')[2] / bar ('before', 'main')[2] < 0.6")" = True
check "after: b fills the width" test "$(pyq est.json \
	"abs (bar ('after', 'b')[2] - 1180) < 0.01 and bar ('after', 'b')[1] == 10")" = True
check "after: foo over b fills it too, as its share of b" test "$(pyq est.json \
	"bar ('after', 'foo')[2] > 1100 and bar ('after', 'foo')[3]")" = True
check "after: a is gone" test "$(pyq est.json "not bar ('after', 'a')[3]")" = True
check "after: main, b's caller, is still drawn, full width" test "$(pyq est.json \
	"bar ('after', 'main')[3] and bar ('after', 'main')[2] == 1180")" = True
check "the pointer over b names it" test \
	"$(pyq est.json "d['details'].startswith ('b (')")" = True
# What the search must match: foo's share of the samples, read off the
# folded export of the same estimate (whole samples, the split of foo
# between a and b adding up), to the 0.05% that toFixed (1) rounds
# off.  A run of about 900 samples puts none to three of them in main,
# a or b themselves (measured: two or more in 4% of runs), so foo's
# share is not a constant "99.9% or 100.0%"; it is always above 99%.
# The search finding one foo frame of two would match half of it.
"$GPROF" --no-contexts foo.exe gmon.out --export=folded:est.folded 2>err ||
	bad "gprof --export=folded failed: $(cat err)"
foo_pct=$(awk '{ t += $NF; if ($1 ~ /;foo$/) f += $NF }
	END { if (t > 0) printf "%.4f\n", 100 * f / t }' est.folded)
check "search ^foo\$: both foo frames, foo's ${foo_pct:-?}% of the samples ($(pyq est.json "d['matched']"))" \
	test "$(pyq est.json "d['matched'].startswith ('Matched: ') and
		abs (float (d['matched'][9:-1]) - ${foo_pct:-0}) <= 0.0501 and
		${foo_pct:-0} > 99")" = True

# Measured: foo is only under b, and the file says it was sampled.
"$GPROF" foo.exe gmon.out --export=flamegraph:foo.svg 2>err ||
	bad "gprof failed (measured): $(cat err)"
$CLICK foo.svg b 'a' foo.png >foo.json || bad "Chromium could not be driven"
check "measured: the facts say so" test \
	"$(pyq foo.json "'sampled by libgmon' in d['facts']")" = True
check "measured: foo over b fills the width once b is clicked" test "$(pyq foo.json \
	"bar ('after', 'foo')[2] > 0.95 * 1180 and bar ('after', 'b')[2] == 1180")" = True
# a takes next to no time of its own (4000 calls of a few
# instructions): no frame a, or in a run or two in a hundred a sliver
# for the sample that fell in it, never what the estimate gives it,
# half of foo.
check "measured: a took next to no time (no frame a, or under 5% of main's width)" \
	test "$(pyq foo.json "all (b[2] <= 0.05 * bar ('before', 'main')[2]
		for b in d['before'] if b[0] == 'a')")" = True

finish

#!/bin/sh
# view-folded.sh - --export=folded, read by speedscope's own parser
# (from its npm package, under node) and by flamegraph.pl's line
# pattern: the gprof manual's counter-example measured (GMON_CONTEXT)
# and estimated, the totals of the flat profile, unit=, symspecs, and a
# callee without -pg named by its library (sin@libm.so.6).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
. "$top_srcdir/tests/e2e/view-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
command -v node >/dev/null ||
	need_tool node "speedscope's parser runs under node (Debian nodejs)"
SS=$(speedscope_bundle) ||
	need_tool speedscope "tests/tools/readers-install.sh installs it from npm"
SSREAD="node $top_srcdir/tests/tools/speedscope-folded.mjs $SS"

# js FILE.json EXPR: EXPR of the JSON speedscope's reading printed.
js () {
	node -e "const d = JSON.parse (require ('fs').readFileSync ('$1')); \
		console.log ($2)"
}

rt_cc foo.exe "$PROGRAMS/ctx-foo.c" -O2 -pg
(GMON_CONTEXT=64 ./foo.exe >/dev/null) || hard_error "ctx-foo failed"
"$GPROF" -b -p foo.exe gmon.out >flat.txt 2>err || hard_error "gprof -p"
hz=$(flat_hz flat.txt)

# Measured: the stacks as sampled.
"$GPROF" foo.exe gmon.out --export=folded:foo.folded 2>err ||
	bad "gprof --export=folded failed: $(cat err)"
quiet_stderr "gprof --export=folded" err
$SSREAD foo.folded >ss.json || bad "speedscope's parser failed"
fg_parse foo.folded >fg.txt
echo "--- foo.folded (quoted in doc/viewers.texi)"; cat foo.folded
echo "speedscope read: $(js ss.json '[d.lines, d.accepted, d.total]')"
check "speedscope accepts every line" \
	test "$(js ss.json 'd.lines === d.accepted && d.accepted > 0')" = true
check "flamegraph.pl's pattern accepts every line, no empty frame" \
	sh -c "head -n 1 fg.txt | awk '\$1 > 0 && \$2 == 0 && \$4 == 0 { ok = 1 } END { exit !ok }'"
total=$(js ss.json d.total)
check "both read the same total" test "$(head -n 1 fg.txt | cut -d' ' -f3)" = "$total"
flat_holds "the total is the flat profile's (at $hz Hz)" \
	"$(awk -v t="$total" -v h="$hz" 'BEGIN { print t / h }')" \
	"$(awk -v u="$(nofunc_samples foo.folded)" -v h="$hz" 'BEGIN { print u / h }')" \
	flat.txt
for f in foo main a b; do
	s=$(js ss.json "d.self['$f'] || 0")
	want=$(flat_secs flat.txt $f)
	check "$f's self samples ($s) are its flat profile seconds ($want)" \
		awk -v s="$s" -v h="$hz" -v w="$want" \
		'BEGIN { d = s / h - w; exit !(d < 0.0051 && d > -0.0051) }'
done
foo=$(js ss.json "d.self.foo")
viab=$(js ss.json "d.stacks.filter (s => s[0].endsWith ('main;b;foo')).reduce ((a, s) => a + s[1], 0)")
viaa=$(js ss.json "d.stacks.filter (s => s[0].endsWith ('main;a;foo')).reduce ((a, s) => a + s[1], 0)")
share "measured: main;b;foo holds foo's time" "$viab" "$foo" 0.95 1.0
share "measured: main;a;foo holds next to none" "$viaa" "$foo" 0 0.05
check "measured: no stack says it is estimated" \
	sh -c "! grep -q 'estimated' foo.folded"

# Estimated (--no-contexts): every stack under the frame that says so,
# foo's time shared out by the calls, as gprof's call graph does.
"$GPROF" --no-contexts foo.exe gmon.out --export=folded:est.folded 2>err ||
	bad "--no-contexts: gprof failed: $(cat err)"
$SSREAD est.folded >est.json || bad "speedscope's parser failed (estimated)"
echo "--- est.folded"; cat est.folded
check "estimated: speedscope accepts every line" \
	test "$(js est.json 'd.lines === d.accepted')" = true
check "estimated: every stack starts at [estimated-from-call-counts]" \
	sh -c "! grep -v '^\[estimated-from-call-counts\];' est.folded"
check "estimated: the same total" test "$(js est.json d.total)" = "$total"
share "estimated: a's calls get half of foo" "$(js est.json \
	"d.stacks.filter (s => s[0].endsWith ('main;a;foo')).reduce ((a, s) => a + s[1], 0)")" \
	"$foo" 0.45 0.55

# speedscope's whole application, in Chromium: it imports the files
# (its format detection by content, its call-tree builder) and its
# Sandwich view shows each function's self and total.
if CHROMIUM=$(command -v chromium || command -v chromium-browser); then
	SSB="python3 $top_srcdir/tests/tools/speedscope-browser.py $CHROMIUM ${SS%/*}/index.html"
	$SSB foo.folded >app.json || bad "speedscope in Chromium failed"
	$SSB est.folded >eapp.json || bad "speedscope in Chromium failed (estimated)"
	echo "speedscope's Sandwich view: $(cat app.json)"
	echo "... estimated: $(cat eapp.json)"
	check "speedscope (the application) imported it" test \
		"$(js app.json d.title)" = "foo.folded - speedscope"
	check "speedscope (the application): foo's self is $foo samples" test \
		"$(js app.json "d.rows.find (r => r[2] === 'foo')[1]")" = "$foo"
	check "speedscope (the application): b's total holds foo" test \
		"$(js app.json "d.rows.find (r => r[2] === 'b')[0] >= $viab")" = true
	share "speedscope (the application), estimated: a's total is half of foo" \
		"$(js eapp.json "d.rows.find (r => r[2] === 'a')[0]")" "$foo" 0.45 0.55
else
	missing_tool chromium "speedscope's application reading the files"
fi

# unit=us: microseconds, adding up to the run.
"$GPROF" foo.exe gmon.out --export=folded,unit=us:us.folded 2>err ||
	bad "unit=us: gprof failed: $(cat err)"
$SSREAD us.folded >us.json
check "unit=us: the total is the samples' microseconds" test \
	"$(js us.json d.total)" = "$(awk -v t="$total" -v h="$hz" \
	'BEGIN { printf "%.0f", t * 1e6 / h }')"
"$GPROF" foo.exe gmon.out --export=folded,unit=parsecs:x 2>err && bad "unit=parsecs accepted"
check "unit=parsecs: a clear message" grep -q \
	'unit=parsecs is not one of samples, ms, us, ns' err

# Symspecs: -Pfoo leaves foo's time out, as of the flat profile.
"$GPROF" -Pfoo foo.exe gmon.out --export=folded:nofoo.folded >/dev/null 2>err ||
	bad "-Pfoo: gprof failed: $(cat err)"
check "-Pfoo: foo is on no stack" sh -c "! grep -q 'foo ' nofoo.folded"
check "-Pfoo: the rest is all there" test "$($SSREAD nofoo.folded |
	node -e "const d = JSON.parse (require ('fs').readFileSync (0)); console.log (d.total)")" \
	= "$((total - foo))"

# A callee without -pg: sin in libm, named by its library.
RT_LIBS=-lm rt_cc libm.exe "$PROGRAMS/views-libm.c" -O2 -pg
mkdir m
(cd m && GMON_CONTEXT=64 ../libm.exe >/dev/null) || hard_error "views-libm failed"
"$GPROF" --objects libm.exe m/gmon.out --export=folded:m.folded 2>err ||
	bad "--objects: gprof failed: $(cat err)"
$SSREAD m.folded >m.json
cat m.folded
libm_share=$(js m.json "d.stacks.filter (s => /(^|;)main;wave;[^;]*@libm\\.so\\.6$/.test (s[0])).reduce ((a, s) => a + s[1], 0)")
share "libm's functions, under main;wave, by their library's name" \
	"$libm_share" "$(js m.json d.total)" 0.6 1.0

finish

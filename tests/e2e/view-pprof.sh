#!/bin/sh
# view-pprof.sh - --export=pprof, read by `go tool pprof' (Debian
# golang-go): -top, -traces, -tree, -list and -sample_index=calls show
# the flat profile's totals, times and calls; the gprof manual's
# counter-example measured (GMON_CONTEXT) and estimated; symspecs; a
# mapping per object with --objects.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
. "$top_srcdir/tests/e2e/view-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
command -v go >/dev/null || need_tool go "go tool pprof reads the files (Debian golang-go)"
GOCACHE=$work/gocache HOME=$work
export GOCACHE HOME
pprof () { go tool pprof "$@" 2>pprof.err; }

# top_ms TOP FUNC: FUNC's flat milliseconds in `pprof -top -unit=ms'.
top_ms () {
	awk -v f="$2" '$NF == f { sub (/ms$/, "", $1); print $1 + 0; found = 1; exit }
		END { if (!found) print "" }' "$1"
}

rt_cc foo.exe "$PROGRAMS/ctx-foo.c" -O2 -g -pg
(GMON_CONTEXT=64 ./foo.exe >/dev/null) || hard_error "ctx-foo failed"
"$GPROF" -b -p foo.exe gmon.out >flat.txt 2>&1 || hard_error "gprof -p"
hz=$(flat_hz flat.txt)
# The samples in no function, which pprof shows and the flat profile
# does not.
"$GPROF" foo.exe gmon.out --export=folded:foo.folded 2>/dev/null ||
	hard_error "gprof --export=folded failed"
nofunc=$(awk -v u="$(nofunc_samples foo.folded)" -v h="$hz" 'BEGIN { print u / h }')

"$GPROF" foo.exe gmon.out --export=pprof:foo.pb.gz 2>err ||
	bad "gprof --export=pprof failed: $(cat err)"
quiet_stderr "gprof --export=pprof" err
check "the file is gzipped" gzip -t foo.pb.gz
pprof -top -unit=ms foo.pb.gz >top.txt || bad "pprof -top failed: $(cat pprof.err)"
echo "--- go tool pprof -top -unit=ms foo.pb.gz"; cat top.txt
shown=$(sed -n 's/^Showing nodes accounting for \([0-9]*\)ms, 100% of \([0-9]*\)ms total$/\1 \2/p' top.txt)
check "-top: all of the time shown ($shown)" test -n "$shown"
flat_holds "-top: the total is the flat profile's" \
	"$(awk -v m="${shown#* }" 'BEGIN { print m / 1000 }')" "$nofunc" flat.txt
for f in foo a b main; do
	# A function with no time is not listed: 0.
	got=$(top_ms top.txt $f)
	got=${got:-0}
	want=$(awk -v s="$(flat_secs flat.txt $f)" 'BEGIN { print s * 1000 }')
	check "-top: $f's flat ${got}ms is its self time (${want}ms)" \
		awk -v g="$got" -v w="$want" -v h="$hz" \
		'BEGIN { d = g - w; exit !(d <= 5 + 1000 / h && d >= -5 - 1000 / h) }'
done
check "-top: the comments say the stacks were sampled" \
	grep -q 'stacks: sampled by libgmon' top.txt

# In milliseconds: without -unit=ms a total of a second or more is
# printed in seconds ("1.03s"), to 10 ms.
pprof -traces -unit=ms foo.pb.gz >traces.txt ||
	bad "pprof -traces failed: $(cat pprof.err)"
echo "--- go tool pprof -traces -unit=ms foo.pb.gz"; cat traces.txt
# Each trace: the value on its first frame, the callers under it.
via_b=$(awk '/^-+\+/ { inb = 0; next }
	NF == 2 && $1 ~ /ms$|s$/ { v = $1; f = $2; next }
	f == "foo" && $1 == "b" { sub (/ms$/, "", v); s += v; f = "" }
	END { print s + 0 }' traces.txt)
share "-traces: foo's time is under b" "$via_b" "$(top_ms top.txt foo)" 0.95 1.0
check "-traces: the samples with time say sampled, the arcs' none" awk '
	/stacks:/ { l = $2; next }
	NF == 2 && l != "" { if (($1 != "0") != (l == "sampled")) bad = 1;
			     n[l]++; l = "" }
	END { exit bad || !n["sampled"] || !n["arc"] }' traces.txt

pprof -list '^foo$' foo.pb.gz >list.txt || bad "pprof -list failed: $(cat pprof.err)"
echo "--- go tool pprof -list '^foo\$' foo.pb.gz"; cat list.txt
check "-list: foo's source, from its file" grep -q '^ROUTINE =* foo in .*ctx-foo.c' list.txt
lines_ms=$(awk '$3 ~ /^[0-9]+:/ && $1 != "." { v = $1; sub (/ms$/, "", v); if ($1 ~ /[0-9]s$/ && $1 !~ /ms$/) v *= 1000; s += v } END { print s + 0 }' list.txt)
share "-list: foo's lines add up to its time" "$lines_ms" "$(top_ms top.txt foo)" 0.99 1.01
check "-list: the time is on the loop's line" grep -Eq '^ +[0-9.]+m?s +[0-9.]+m?s +[0-9]+:.*2862933555777941757' list.txt

pprof -sample_index=calls -top foo.pb.gz >calls.txt || bad "pprof calls failed: $(cat pprof.err)"
echo "--- go tool pprof -sample_index=calls -top foo.pb.gz"; cat calls.txt
for f in foo a b; do
	got=$(awk -v f="$f" '$NF == f { print $1; exit }' calls.txt)
	want=$(awk -v f="$f" '$NF == f { print $4; exit }' flat.txt)
	check "calls: $f received $got, as the flat profile says ($want)" \
		test "$got" = "$want"
done

# speedscope's application (npm) imports pprof files too.
CHROMIUM=$(command -v chromium || command -v chromium-browser) || CHROMIUM=
if [ -n "$CHROMIUM" ] && SS=$(speedscope_bundle); then
	python3 "$top_srcdir/tests/tools/speedscope-browser.py" "$CHROMIUM" \
		"${SS%/*}/index.html" foo.pb.gz >app.json ||
		bad "speedscope in Chromium failed"
	echo "speedscope's Sandwich view of foo.pb.gz: $(cat app.json)"
	# speedscope shows a time of a second or more in seconds with two
	# decimals ("1.03s"): within half of its last digit.
	check "speedscope (the application): foo's self is -top's" python3 -c "
import json, sys
d = json.load (open ('app.json'))
r = [x for x in d['rows'] if x[2] == 'foo']
top = $(top_ms top.txt foo)
sys.exit (not r or abs (r[0][1] - top) > (0.5 if top < 1000 else 5))"
else
	missing_tool "chromium or speedscope" "speedscope's reading of the pprof file"
fi

# Estimated: --no-contexts, a and b share foo.
"$GPROF" --no-contexts foo.exe gmon.out --export=pprof:est.pb.gz 2>err ||
	bad "--no-contexts: gprof failed: $(cat err)"
pprof -tree -unit=ms est.pb.gz >tree.txt || bad "pprof -tree failed: $(cat pprof.err)"
echo "--- go tool pprof -tree -unit=ms est.pb.gz"; cat tree.txt
check "-tree: the comments say the stacks are estimated" \
	grep -q 'stacks: estimated from call counts' tree.txt
pprof -top -unit=ms est.pb.gz >etop.txt
share "estimated: a's cumulative is half of foo" "$(awk '$NF == "a" { sub (/ms$/, "", $4); print $4 }' etop.txt)" \
	"$(top_ms etop.txt foo)" 0.45 0.55

# Symspecs: -Pfoo leaves foo out.
"$GPROF" -Pfoo foo.exe gmon.out --export=pprof:nofoo.pb.gz >/dev/null 2>&1
pprof -top -unit=ms nofoo.pb.gz >ntop.txt
check "-Pfoo: foo has no time" test -z "$(awk '$NF == "foo" && $1 != "0" { print }' ntop.txt)"

# --objects: a mapping per object, libm's with its build id.
RT_LIBS=-lm rt_cc libm.exe "$PROGRAMS/views-libm.c" -O2 -pg
mkdir m
(cd m && GMON_CONTEXT=64 ../libm.exe 5000000 >/dev/null) || hard_error "views-libm failed"
"$GPROF" --objects libm.exe m/gmon.out --export=pprof:m.pb.gz 2>err ||
	bad "--objects: gprof failed: $(cat err)"
pprof -raw m.pb.gz >raw.txt || bad "pprof -raw failed: $(cat pprof.err)"
sed -n '/^Mappings/,$p' raw.txt
check "--objects: the program has a mapping" grep -q "^1: .*libm.exe" raw.txt
id=$(readelf -n libm.exe | sed -n 's/.*Build ID: *\([0-9a-f]*\).*/\1/p')
check "--objects: the program's mapping has its build id ($id)" \
	grep -Eq "^1: .*libm\.exe $id " raw.txt
"$GPROF" foo.exe gmon.out --export=pprof:plain.pb.gz >/dev/null 2>&1
pprof -raw plain.pb.gz >rawp.txt 2>&1 || bad "pprof -raw failed on plain.pb.gz"
id=$(readelf -n foo.exe | sed -n 's/.*Build ID: *\([0-9a-f]*\).*/\1/p')
check "without --objects: the program's mapping has its build id ($id)" \
	grep -Eq "^1: .*foo\.exe $id " rawp.txt
check "--objects: so has libm, with a build id" \
	grep -Eq '^[0-9]+: 0x[0-9a-f]+/0x[0-9a-f]+/0x0 .*libm\.so\.6 [0-9a-f]{16,}' raw.txt
pprof -top m.pb.gz >mtop.txt
check "--objects: libm's time is in a libm function" grep -q '@libm.so.6' mtop.txt

finish

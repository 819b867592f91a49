#!/bin/sh
# view-diff.sh - gprof --diff-base: two runs with known differences
# (tests/programs/views-diff.c), the base sampled at another rate:
# calls exact, times in the right proportions, raw and normalised, the
# order by largest change, JSON, every row's delta and percent (the
# JSON's arithmetic, and the table printing the JSON's numbers),
# symspecs, --diff-base-exe, a base of several files, and the pprof
# base read by go tool pprof -diff_base.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

# col TABLE FUNC N: column N of FUNC's row (base self is 1).
col () {
	awk -v f="$2" -v n="$3" '$NF == f && NF == 13 { print $n; exit }' "$1"
}

rt_cc d.exe "$PROGRAMS/views-diff.c" -O2 -pg
mkdir b n
(cd b && GMON_RATE=100 ../d.exe 1) || hard_error "base run failed"
(cd n && ../d.exe 2) || hard_error "new run failed"

"$GPROF" --diff-base=b/gmon.out --diff-normalize=none d.exe n/gmon.out \
	>raw.txt 2>err || bad "gprof --diff-base failed: $(cat err)"
quiet_stderr "gprof --diff-base" err
echo "--- gprof --diff-base=b/gmon.out --diff-normalize=none d.exe n/gmon.out"
cat raw.txt
check "the header names both rates" sh -c "grep -q '^base: .*, 100 Hz;\$' raw.txt &&
	grep -q '^new: .*, 1000 Hz\\.\$' raw.txt"
check "the header says the times are as measured" grep -q 'as measured (not normalised)' raw.txt
for f in "counted 1000 2000 +1000 +100.0" "fresh 0 10 +10 new" \
	 "gone 10 0 -10 -100.0" "grows 10 10 +0 +0.0" "steady 10 10 +0 +0.0"; do
	set -- $f
	check "calls of $1: $2 -> $3 ($4, $5)" test \
		"$(col raw.txt $1 9) $(col raw.txt $1 10) $(col raw.txt $1 11) $(col raw.txt $1 12)" \
		= "$2 $3 $4 $5"
done
share "grows: three times the work (new self / base self)" \
	"$(col raw.txt grows 2)" "$(col raw.txt grows 1)" 1.8 5
share "steady: the same work" "$(col raw.txt steady 2)" "$(col raw.txt steady 1)" 0.5 2
check "gone: no time in the new run" test "$(col raw.txt gone 2)" = 0.000
check "fresh: no time in the base, percent says new" test \
	"$(col raw.txt fresh 1) $(col raw.txt fresh 4)" = "0.000 new"
check "sorted: grows among the first two rows, counted after the timed ones" \
	awk 'NF == 13 && $1 ~ /^[0-9]/ { n++; if ($NF == "grows") g = n;
		if ($NF == "counted") c = n; if ($3 != "+0.000") last = n }
		END { exit !(g >= 1 && g <= 2 && c > last) }' raw.txt

# Normalised (the default): the base scaled to the new run's CPU time
# (the companions': view-diff-cpu.sh checks it against the process's).
"$GPROF" --diff-base=b/gmon.out d.exe n/gmon.out >norm.txt 2>err ||
	bad "gprof --diff-base failed: $(cat err)"
echo "--- gprof --diff-base=b/gmon.out d.exe n/gmon.out"; cat norm.txt
k=$(sed -n 's/.*scaled by \([0-9.]*\) (new CPU time.*/\1/p' norm.txt)
tb=$(sed -n 's/^base: \([0-9.]*\) seconds of CPU.*/\1/p' norm.txt)
tn=$(sed -n 's/^new: \([0-9.]*\) seconds of CPU.*/\1/p' norm.txt)
share "normalised: the factor ($k) is new CPU time / base CPU time ($tn / $tb)" \
	"$k" "$(awk -v a="$tn" -v b="$tb" 'BEGIN { print a / b }')" 0.97 1.03
share "normalised: grows's base is its raw base times the factor" \
	"$(col norm.txt grows 1)" "$(awk -v r="$(col raw.txt grows 1)" -v k="$k" \
	'BEGIN { print r * k }')" 0.98 1.02
check "normalised: calls are not scaled" test "$(col norm.txt counted 9)" = 1000

# JSON: the same numbers.
"$GPROF" --diff-base=b/gmon.out --diff-format=json --diff-normalize=none \
	d.exe n/gmon.out >diff.json 2>err || bad "--diff-format=json failed: $(cat err)"
check "JSON: parses, and has the table's numbers" python3 -c "
import json, sys
d = json.load (open ('diff.json'))
f = {x['name']: x for x in d['functions']}
assert d['base']['hz'] == 100 and d['new']['hz'] == 1000, d['base']
assert not d['normalized'] and d['base_scale'] == 1
assert f['counted']['calls'] == {'base': 1000, 'new': 2000, 'delta': 1000, 'percent': 100}, f['counted']
assert f['fresh']['calls']['percent'] is None
assert abs (f['grows']['self_seconds']['new'] - float ('$(col raw.txt grows 2)')) < 0.0006
assert [x['name'] for x in d['functions']][:2].count ('grows') == 1
"

# The whole table, every row and column: the JSON's delta is new -
# base and its percent 100 * delta / base (null with no base), and the
# text table prints the JSON's numbers, each rounded as its column is
# (seconds to 3 places, calls whole, percent to 1 place, "new" or
# "."), in the same order.  For the raw table and the normalised one.
"$GPROF" --diff-base=b/gmon.out --diff-format=json d.exe n/gmon.out \
	>norm.json 2>err || bad "--diff-format=json (normalised) failed: $(cat err)"
for t in raw:diff.json norm:norm.json; do
	check "${t%%:*}: every delta and percent is the row's new - base (${t#*:} and ${t%%:*}.txt)" \
		python3 - "${t#*:}" "${t%%:*}.txt" <<'EOP'
import json, sys
d = json.load (open (sys.argv[1]))
keys = ('self_seconds', 'total_seconds', 'calls')
rows = [l.split () for l in open (sys.argv[2]) if len (l.split ()) == 13
	and l.split ()[0][0] in '0123456789']
names = [r[-1] for r in rows]
assert names == [f['name'] for f in d['functions']], (names, 'order')
assert len (rows) >= 5, rows
def fmt (v, places):
	s = '%.*f' % (places, v)
	return '0' if places == 0 and s == '-0' else s
def fpc (base, new):
	if base != 0:
		return '%+.1f' % (100.0 * (new - base) / base)
	return 'new' if new != 0 else '.'
bad = 0
for f, r in zip (d['functions'], rows):
	for j, k in enumerate (keys):
		c = f[k]
		b, n, dl, pc = c['base'], c['new'], c['delta'], c['percent']
		if abs (dl - (n - b)) > 1e-9 * max (1.0, abs (n), abs (b)):
			print ('%s %s: delta %r is not new - base (%r - %r)'
			       % (f['name'], k, dl, n, b)); bad += 1
		want = None if b == 0 else 100.0 * (n - b) / b
		if (pc is None) != (want is None) or (want is not None
			and abs (pc - want) > 1e-5 * max (1.0, abs (want))):
			print ('%s %s: percent %r, not %r' % (f['name'], k, pc, want))
			bad += 1
		places = 0 if k == 'calls' else 3
		text = r[4 * j:4 * j + 4]
		exp = [fmt (b, places), fmt (n, places),
		       ('%+.*f' % (places, n - b)), fpc (b, n)]
		if text != exp:
			print ('%s %s: the table says %s, the JSON %s'
			       % (f['name'], k, ' '.join (text), ' '.join (exp)))
			bad += 1
print ('%d rows, %d columns each checked, %d wrong' % (len (rows), 12, bad))
sys.exit (1 if bad else 0)
EOP
done

# Symspecs: -Pgrows leaves grows out of both sides.
"$GPROF" -Pgrows --diff-base=b/gmon.out d.exe n/gmon.out >P.txt 2>&1
check "-Pgrows: no row for grows" test -z "$(col P.txt grows 1)"
check "-Pgrows: steady is still there" test -n "$(col P.txt steady 1)"

# A base of two files: their sum (twice the calls).
"$GPROF" --diff-base=b/gmon.out --diff-base=b/gmon.out d.exe n/gmon.out \
	>two.txt 2>err || bad "two bases failed: $(cat err)"
check "two base files: summed (counted's base calls 2000)" \
	test "$(col two.txt counted 9)" = 2000

# --diff-base-exe: the base from another build of the program.
rt_cc d0.exe "$PROGRAMS/views-diff.c" -O0 -pg
mkdir b0
(cd b0 && ../d0.exe 1) || hard_error "base run (-O0) failed"
"$GPROF" --diff-base=b0/gmon.out --diff-base-exe=d0.exe d.exe n/gmon.out \
	>exe.txt 2>err || bad "--diff-base-exe failed: $(cat err)"
check "--diff-base-exe: calls read against the base's executable" test \
	"$(col exe.txt counted 9) $(col exe.txt gone 9)" = "1000 10"
check "--diff-base-exe: the header names both executables" \
	grep -q '(d.exe) against the base b0/gmon.out (d0.exe)' exe.txt

# pprof: the base written beside the export, for -diff_base.
"$GPROF" --diff-base=b/gmon.out d.exe n/gmon.out --export=pprof:new.pb.gz \
	>/dev/null 2>err || bad "--export=pprof with --diff-base failed: $(cat err)"
check "pprof: the base is written as new.base.pb.gz" test -s new.base.pb.gz
if command -v go >/dev/null; then
	GOCACHE=$work/gocache HOME=$work
	export GOCACHE HOME
	go tool pprof -top -unit=ms -diff_base=new.base.pb.gz new.pb.gz \
		>pp.txt 2>pp.err || bad "go tool pprof -diff_base failed: $(cat pp.err)"
	echo "--- go tool pprof -top -unit=ms -diff_base=new.base.pb.gz new.pb.gz"
	cat pp.txt
	d_grows=$(awk '$NF == "grows" { sub (/ms$/, "", $1); print $1 }' pp.txt)
	d_gone=$(awk '$NF == "gone" { sub (/ms$/, "", $1); print $1 }' pp.txt)
	share "pprof: grows's change is the table's (raw)" "$d_grows" \
		"$(awk -v d="$(col raw.txt grows 3)" 'BEGIN { print d * 1000 }')" 0.97 1.03
	check "pprof: gone went down by its base time" test \
		"$d_gone" = "$(awk -v b="$(col raw.txt gone 1)" 'BEGIN { print -b * 1000 }')"
else
	missing_tool go "pprof's reading of the diff base"
fi

"$GPROF" --diff-base=b/gmon.out --diff-format=yaml d.exe n/gmon.out >/dev/null 2>yerr &&
	bad "--diff-format=yaml accepted"
check "--diff-format=yaml: refused, with a message" grep -q 'not text or json' yerr
"$GPROF" --diff-base=b/gmon.out --export=folded:- d.exe n/gmon.out >/dev/null 2>serr &&
	bad "an export to standard output accepted with the comparison"
check "an export to standard output: refused with the comparison" \
	grep -q 'cannot go with a report' serr
"$GPROF" --diff-base=nosuch.out d.exe n/gmon.out >/dev/null 2>nerr &&
	bad "a missing base accepted"
check "a missing base: named in the error" grep -q 'nosuch.out' nerr

finish

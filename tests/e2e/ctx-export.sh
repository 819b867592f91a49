#!/bin/sh
# ctx-export.sh - the exports of a profile with calling contexts
# (GMON_CONTEXT) carry the measured times: Callgrind's call costs,
# IgProf's stacks (sampled, not made up), aprof's calling-context
# lines, DOT's and JSON's numbers; each passes its reader's checker,
# and --no-contexts gives the estimated exports back.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
command -v python3 >/dev/null || need_tool "python3" "the checkers are Python"
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
TOOLS=$top_srcdir/tests/tools
SCHEMA=$top_srcdir/doc/gprof-json.schema.json

# call_cost CALLGRIND CALLER CALLEE: the inclusive cost of CALLER's
# calls of CALLEE (summed over its call sites; CALLEE `*': all its
# calls).
call_cost () {
	awk -v caller="$2" -v callee="$3" '
	function name (s,  id) {
		id = s; sub (/^\(/, "", id); sub (/\).*/, "", id)
		if (s ~ /\) /) { sub (/^\([0-9]+\) /, "", s); fn[id] = s }
		return fn[id]
	}
	/^fn=/ { cur = name(substr($0, 4)); next }
	/^cfn=/ { cf = name(substr($0, 5)); next }
	/^calls=/ { want = 1; next }
	want {
		if (cur == caller && (cf == callee || callee == "*"))
			sum += $3
		want = 0
	}
	END { print sum + 0 }' "$1"
}

rt_cc foo.exe "$PROGRAMS/ctx-foo.c" -O2 -pg
rt_cc rec.exe "$PROGRAMS/ctx-rec.c" -O2 -pg
for p in foo rec; do
	mkdir $p
	(cd $p && GMON_CONTEXT=64 $RUN_TARGET "$work/$p.exe" >/dev/null) ||
		hard_error "$p failed"
	"$GPROF" -b -q $p.exe $p/gmon.out --export=callgrind:$p/cg.out \
		--export=igprof:$p/ig.gz --export=aprof:$p/$p.aprof \
		--export=dot:$p/$p.dot --export=json:$p/$p.json \
		>$p/graph.txt 2>$p/err || bad "$p: gprof failed: $(cat $p/err)"
	quiet_stderr "$p: gprof" $p/err
	check "$p: Callgrind file" python3 "$TOOLS/callgrind-check.py" \
		$p/cg.out
	check "$p: IgProf file" python3 "$TOOLS/igprof-check.py" $p/ig.gz
	check "$p: aprof report" python3 "$TOOLS/aprof-check.py" \
		--pyaprofplot $p/$p.aprof
	check "$p: JSON" python3 "$TOOLS/json-schema-check.py" --gprof \
		"$SCHEMA" $p/$p.json
	check "$p: Callgrind says the call costs are measured" \
		grep -q '^desc: Measured: ' $p/cg.out
	check "$p: IgProf's stacks are the sampled ones" \
		sh -c "gzip -dc $p/ig.gz | grep -q '<stacks-sampled-by-libgmon>'"
	check "$p: aprof has calling contexts" \
		grep -q '^x [0-9]* 0 -1$' $p/$p.aprof
	check "$p: DOT marks no time estimated" sh -c \
		"! grep -q 'est\\.' $p/$p.dot && grep -q 'are measured' $p/$p.dot"
	check "$p: JSON lists nothing as estimated" python3 -c "
import json, sys
d = json.load (open ('$p/$p.json'))
sys.exit (d['estimated'] != [] or not d['measured']
          or not d['contexts']['nodes'])"
done

# The counter-example in every format: b's calls of foo carry all of
# foo, a's nothing.
total=$(sed -n 's/^summary: //p' foo/cg.out)
share "Callgrind: b's calls of foo" "$(call_cost foo/cg.out b foo)" \
	"$total" 0.95 1.01
share "Callgrind: a's calls of foo" "$(call_cost foo/cg.out a foo)" \
	"$total" 0 0.05
ticks=$(gzip -dc foo/ig.gz | sed -n 's/.*N=(foo))+0 V0.*:(\([0-9]*\),.*/\1/p')
share "IgProf: foo's ticks are under main, b" "$(gzip -dc foo/ig.gz |
	awk '/N=\(main\)/ { m = 1 } m && /N=\(b\)/ { b = 1 }
	     b && /N=\(foo\)/ { sub (/.*:\(/, ""); sub (/,.*/, ""); print; exit }')" \
	"$(awk '/^summary:/ { print $2 / 1000 }' foo/cg.out)" 0.95 1.01
# a's own time is next to nothing (4000 calls of a few instructions),
# not none: a sample falls in a, or in foo called from it, in about one
# run in a hundred (measured), and under qemu-user the translation of
# a's code is charged to a.  Estimated, a's stacks would hold half of
# foo.  The ticks of every stack through a (C<depth> lines: a frame
# named at its first use, FN<id> after; a leaf's ticks after ":(").
share "IgProf: the stacks through a hold next to none of the ticks" \
	$(gzip -dc foo/ig.gz | awk '/^C[0-9]+ / {
		d = substr ($1, 2) + 0; id = $2; sub (/[=+].*/, "", id)
		if (match ($0, /N=\([^()]*\)/))
			name[id] = substr ($0, RSTART + 3, RLENGTH - 4)
		st[d] = name[id]
		if (!match ($0, /:\([0-9]+,/))
			next
		n = substr ($0, RSTART + 2, RLENGTH - 3) + 0
		t += n
		for (i = 1; i <= d; i++)
			if (st[i] == "a") { in_a += n; break }
	} END { print in_a + 0, t + 0 }') 0 0.05
q_of_foo=$(awk '$1 == "r" && $2 == "\"foo\"" { foo = $4 }
	$1 == "r" && $2 == "\"b\"" { b = $4 }
	$1 == "q" { sum[$2] = $6 }
	$1 == "x" { rtn[$3] = $2; par[$3] = $4 }
	END { for (c in rtn) if (rtn[c] == foo && rtn[par[c]] == b)
		print sum[c] }' foo/foo.aprof)
share "aprof: foo's context under b" "$q_of_foo" "$total" 0.95 1.01
share "JSON: the arc b -> foo carries foo" "$(python3 -c "
import json
d = json.load (open ('foo/foo.json'))
f = {x['name']: x['id'] for x in d['functions']}
print (sum (a['self_seconds'] + a['children_seconds'] for a in d['arcs']
            if a['caller'] == f['b'] and a['callee'] == f['foo']))")" \
	"$(graph_total foo/graph.txt)" 0.95 1.02

# Recursion and a cycle: main's calls hold the whole run, once.
share "Callgrind: main's calls hold the run, once" "$(call_cost rec/cg.out \
	main '*')" "$(sed -n 's/^summary: //p' rec/cg.out)" 0.97 1.0

# -l: the exports describe functions, and are measured too.
"$GPROF" -l -b foo.exe foo/gmon.out --export=callgrind:lines.out \
	>/dev/null 2>lines.err || bad "-l: gprof failed: $(cat lines.err)"
check "-l: Callgrind says the call costs are measured" \
	grep -q '^desc: Measured: ' lines.out
share "-l: Callgrind's b calls of foo" "$(call_cost lines.out b foo)" \
	"$total" 0.95 1.01

# --no-contexts: the estimates again.
"$GPROF" --no-contexts -b -q foo.exe foo/gmon.out --export=igprof:est.gz \
	--export=json:est.json >/dev/null 2>&1
check "--no-contexts: IgProf's stacks are estimated" sh -c \
	"gzip -dc est.gz | grep -q '<stacks-estimated-from-gmon-arcs>'"
check "--no-contexts: JSON's children are estimated" python3 -c "
import json, sys
d = json.load (open ('est.json'))
sys.exit (not d['estimated'] or 'contexts' in d)"

finish

#!/bin/sh
# export-checkers.sh - the strict IgProf, aprof and Callgrind checkers
# and the JSON Schema validator accept good files and refuse each kind
# of file the real readers reject or misread (the cases of the
# project's reference notes on the export formats).

. "$top_srcdir/tests/e2e/lib.sh"

command -v python3 >/dev/null || hard_error "python3 is needed"
IGCHECK="python3 $top_srcdir/tests/tools/igprof-check.py"
APCHECK="python3 $top_srcdir/tests/tools/aprof-check.py"
CGCHECK="python3 $top_srcdir/tests/tools/callgrind-check.py"
SCHEMA=$top_srcdir/doc/gprof-json.schema.json
JSCHECK="python3 $top_srcdir/tests/tools/json-schema-check.py --gprof $SCHEMA"

# accept CHECKER NAME FILE / refuse CHECKER NAME FILE WORDS
accept () {
	if out=$($1 "$3" 2>&1); then ok "$2: $out"; else bad "$2 refused: $out"; fi
}
refuse () {
	if out=$($1 "$3" 2>&1); then
		bad "$2 accepted: $out"
	else
		case $out in
		*"$4"*) ok "$2: $out" ;;
		*) bad "$2: wrong reason: $out (want '$4')" ;;
		esac
	fi
}

# --- IgProf ------------------------------------------------------------
cat >ig.good <<'EOT'
P=(ID=0 N=(demo) T=0.01)
C1 FN0=(F0=(/tmp/demo)+4096 N=(main))+0 V0=(PERF_TICKS):(20,20,20)
C2 FN1=(F0+4200 N=(A))+12 V0:(20,20,20)
C3 FN2=(F0+4300 N=(C))+0 V0:(75,75,75)
C2 FN3=(F0+4400 N=(B))+12 V0:(5,5,5)
C3 FN2+0 V0:(25,25,25)
EOT
accept "$IGCHECK" "igprof: a good file" ig.good
gzip -c ig.good >ig.good.gz
accept "$IGCHECK" "igprof: a gzipped file" ig.good.gz
printf 'P=(HEX ID=1f N=(demo) T=0.01)\nC1 FN0=(F0=(/tmp/demo)+ff N=(main))+0 V0=(PERF_TICKS):(1a,1a,1a)\n' >ig.hex
accept "$IGCHECK" "igprof: HEX numbers" ig.hex

head -c -1 ig.good >ig.nonl
refuse "$IGCHECK" "igprof: no final newline" ig.nonl "no newline"
sed '2a\\' ig.good >ig.blank
refuse "$IGCHECK" "igprof: blank line" ig.blank "blank line"
sed '2a# note' ig.good >ig.comment
refuse "$IGCHECK" "igprof: comment line" ig.comment "comment"
sed 's/$/\r/' ig.good >ig.crlf
refuse "$IGCHECK" "igprof: CRLF" ig.crlf "CR"
sed 's/N=(A)/N=(ns::f(int))/' ig.good >ig.parens
refuse "$IGCHECK" "igprof: ')' in a name" ig.parens "expected"
sed 's/(20,20,20)/(20,20.5,20)/' ig.good >ig.float
refuse "$IGCHECK" "igprof: fractional value" ig.float "not a decimal"
sed 's/^C3 FN2=/C4 FN2=/' ig.good >ig.jump
refuse "$IGCHECK" "igprof: depth jumps by two" ig.jump "depth jumps"
sed '2s/^C1/C2/' ig.good >ig.first
refuse "$IGCHECK" "igprof: first node not C1" ig.first "must be C1"
sed 's/ V0=(PERF_TICKS):(20,20,20)//; s/ V0:([0-9,]*)//' ig.good >ig.nocounter
refuse "$IGCHECK" "igprof: no counter" ig.nocounter "no counter"
sed 's/^C3 FN2=(F0+4300 N=(C))+0/C3 FN7+0/' ig.good >ig.undef
refuse "$IGCHECK" "igprof: FN used before definition" ig.undef "before its definition"
sed 's/FN1=(F0+4200 N=(A))/FN5=(F0+4200 N=(A))/' ig.good >ig.order
refuse "$IGCHECK" "igprof: FN ids out of order" ig.order "in order"
sed '2s/V0=(PERF_TICKS)/V0/' ig.good >ig.vundef
refuse "$IGCHECK" "igprof: counter used before definition" ig.vundef "V0 used before"

# --- aprof -------------------------------------------------------------
cat >ap.good <<'EOT'
c rms is not measured by gmon: one point per routine, rms 0
v 6
k 1290000
e 0
m time-usec
i rms
a /tmp/demo
f ./demo
r "main" "/tmp/demo" 0
p 0 0 1290000 1290000 1290000 1664100000000 1 1290000 0 0 0 0
r "leaf" "/tmp/demo" 1
p 1 0 64 65 1290000 83184204 20005 1290000 1290000 64 65 83184204
r "fib" "/tmp/demo" 2
EOT
accept "$APCHECK" "aprof: a good file" ap.good
cat >ap.cct <<'EOT'
v 6
k 100
i rms
r "main" "/tmp/demo" 0
q 0 0 100 100 100 10000 1 100 0 0 0 0
r "leaf" "/tmp/demo" 1
q 1 0 100 100 100 10000 1 100 100 100 100 10000
x 0 0 -1
x 1 1 0
EOT
accept "$APCHECK" "aprof: a calling-context tree" ap.cct

sed '/^v 6$/d' ap.good >ap.nov
refuse "$APCHECK" "aprof: no version" ap.nov "before the v line"
sed 's/^v 6$/v 2/' ap.good >ap.v2
refuse "$APCHECK" "aprof: version 2" ap.v2 "misread"
sed 's/" 0$/" 1/; s/^p 0 /p 1 /' ap.good | sed '/"leaf"/,$d' >ap.from1
refuse "$APCHECK" "aprof: ids from 1" ap.from1 "in order"
sed 's|"main" "/tmp/demo"|"main" ""|' ap.good >ap.emptyimg
refuse "$APCHECK" "aprof: empty image" ap.emptyimg "empty routine name or image"
sed 's|"leaf"|"le"af"|' ap.good >ap.quote
refuse "$APCHECK" "aprof: quote in a name" ap.quote "is not"
sed 's/^p 1 0 64 65 /p 1 0 0 65 /' ap.good >ap.zero
refuse "$APCHECK" "aprof: zero cost" ap.zero "zero cost"
sed 's/^p 1 0 64 65 /p 1 0 66 65 /' ap.good >ap.minmax
refuse "$APCHECK" "aprof: min above max" ap.minmax "min 66 > max 65"
sed 's/ 83184204 20005 / 83184204 0 /' ap.good >ap.nocalls
refuse "$APCHECK" "aprof: zero calls" ap.nocalls "calls"
sed 's/1290000 83184204 20005/1290000 83184200 20005/' ap.good >ap.sqr
refuse "$APCHECK" "aprof: sum of squares too small" ap.sqr "Invalid variance"
sed '/^x 0 0 -1$/d; /^q 0 /i x 0 0 -1' ap.cct >ap.xfirst
refuse "$APCHECK" "aprof: x before its q lines" ap.xfirst "Missing context"
sed 's/^x 1 1 0$/x 1 1 1/' ap.cct >ap.parent
refuse "$APCHECK" "aprof: parent defined later" ap.parent "parent context"
{ sed '/^q 0 /,$d' ap.cct; echo 'r "loner" "/tmp/demo" 1'; sed -n '/^q 0 /,$p' ap.cct | sed 's/"leaf" "\/tmp\/demo" 1/"leaf" "\/tmp\/demo" 2/; s/^q 1 /q 1 /; s/^x 1 1 0$/x 2 1 0/'; } >ap.noctx
refuse "$APCHECK" "aprof: routine without a context" ap.noctx "has no context"
sed 's/^k 1290000$/k 1000/' ap.good >ap.k
refuse "$APCHECK" "aprof: k below a routine's cost" ap.k "below the largest"
sed 's/^e 0$/z 0/' ap.good >ap.tag
refuse "$APCHECK" "aprof: unknown tag" ap.tag "unknown tag"
sed 's/"leaf"/"operator new"/' ap.good >ap.space
accept "$APCHECK" "aprof: a space in a name (aprof-plot)" ap.space
refuse "$APCHECK --pyaprofplot" "aprof: a space in a name (pyaprofplot)" \
	ap.space "pyaprofplot"
# Less than one unit per call: min 1 (the least cost aprof-plot takes),
# but not more.
sed 's/^p 1 0 64 65 .*/p 1 0 1 1 5000 1250 20005 5000 5000 0 1 1250/' \
	ap.good >ap.tiny
accept "$APCHECK" "aprof: min 1 below one unit per call" ap.tiny
sed 's/^p 1 0 1 1 /p 1 0 2 2 /' ap.tiny >ap.tiny2
refuse "$APCHECK" "aprof: min 2 below one unit per call" ap.tiny2 "outside"

# --- Callgrind -----------------------------------------------------------
cat >cg.good <<'EOT'
# callgrind format
version: 1
creator: test
desc: Trigger: a test
positions: instr line
event: usec : microseconds
events: usec
summary: 1300

ob=(1) /tmp/demo
fl=(1) /tmp/demo.c
fn=(1) leaf
0x1000 10 1000
fl=(1)
fn=(2) main
0x1100 20 300
cfi=(1)
cfn=(1)
calls=5 0x1000 10
0x1104 21 1000

totals: 1300
EOT
accept "$CGCHECK" "callgrind: a good file" cg.good
sed 1d cg.good >cg.nohead
refuse "$CGCHECK" "callgrind: no first line" cg.nohead "# callgrind format"
sed 's/^version: 1/version: 2/' cg.good >cg.v2
refuse "$CGCHECK" "callgrind: version 2" cg.v2 "version 2"
sed '/^positions:/d; s/^summary: 1300$/summary: 1300\npositions: instr line/' cg.good >cg.posafter
refuse "$CGCHECK" "callgrind: positions after events" cg.posafter "new part"
sed '/^summary:/d; s/^positions: instr line$/positions: instr line\nsummary: 1300/' cg.good >cg.sumbefore
refuse "$CGCHECK" "callgrind: summary before events" cg.sumbefore "known"
sed '/^cfi=(1)$/d' cg.good >cg.nocfi
refuse "$CGCHECK" "callgrind: cfn without cfi" cg.nocfi "without a cfi"
sed 's/^cfn=(1)$/cfn=(7)/' cg.good >cg.undef
refuse "$CGCHECK" "callgrind: undefined compressed name" cg.undef "undefined id"
sed 's/^0x1000 10 1000$/0x1000 1000/' cg.good >cg.onepos
refuse "$CGCHECK" "callgrind: one subposition of two" cg.onepos "totals"
sed 's/^0x1100 20 300$/0x1100 20 0x12c/' cg.good >cg.hexcost
refuse "$CGCHECK" "callgrind: hexadecimal cost" cg.hexcost "not decimal"
sed 's/^0x1100 20 300$/0x1100 20 300 1/' cg.good >cg.toomany
refuse "$CGCHECK" "callgrind: more costs than events" cg.toomany "2 costs"
sed 's/^totals: 1300$/totals: 1301/' cg.good >cg.totals
refuse "$CGCHECK" "callgrind: totals that do not add up" cg.totals "add up"
sed 's/^summary: 1300$/summary: 1200/' cg.good >cg.summary
refuse "$CGCHECK" "callgrind: summary that is not the total" cg.summary "summary"
sed '/^calls=/a # between' cg.good >cg.callgap
refuse "$CGCHECK" "callgrind: a line between calls= and its cost" cg.callgap \
	"right away"
sed 's/^fl=(1) \/tmp\/demo.c$/fl=(1) \/tmp\/demo.c\nfi=(2) x.h/' cg.good >cg.fifirst
refuse "$CGCHECK" "callgrind: fi= before any fn=" cg.fifirst "before any fn"
sed 's/^desc: Trigger: a test$/desc: Call costs: estimated/' cg.good >cg.desc
refuse "$CGCHECK" "callgrind: desc name with a space" cg.desc "alphanumeric"
sed 's/$/\r/' cg.good >cg.crlf
refuse "$CGCHECK" "callgrind: CRLF" cg.crlf "CR"

# --- JSON Schema ---------------------------------------------------------
cat >js.good <<'EOT'
{"format": "gmonkit-gprof", "version": 1, "generator": "test",
 "executable": "/tmp/demo", "profiles": ["gmon.out"],
 "time": {"dimension": "seconds", "rate": 100, "sample_period": 0.01,
  "total_samples": 2, "unassigned_samples": 0, "excluded_samples": 0,
  "flat_total_seconds": 0.02,
  "graph_total_seconds": 0.02},
 "estimated": [],
 "functions": [
  {"id": 0, "name": "main", "mangled": "main", "address": "0x1100",
   "file": null, "line": null, "self_seconds": 0.02, "self_samples": 2,
   "sampling_error_seconds": 0.014, "calls": 0, "recursive_calls": 0,
   "children_seconds": 0, "flat_profile": true, "flat_percent": 100,
   "cycle": null, "graph": {"index": 1, "printed": true, "percent": 100,
   "self_seconds": 0.02, "children_seconds": 0}}],
 "arcs": [], "cycles": []}
EOT
accept "$JSCHECK" "json: a good file" js.good
sed 's/"version": 1/"version": 2/' js.good >js.version
refuse "$JSCHECK" "json: another version" js.version "is not 1"
sed 's/"address": "0x1100"/"address": "4352"/' js.good >js.addr
refuse "$JSCHECK" "json: an address not in hex" js.addr "does not match"
sed 's/"calls": 0,/"calls": -1,/' js.good >js.neg
refuse "$JSCHECK" "json: a negative count" js.neg "below 0"
sed 's/"calls": 0,/"calls": 0.5,/' js.good >js.frac
refuse "$JSCHECK" "json: a fractional count" js.frac "integer"
sed 's/"cycle": null,/"cycle": null, "colour": "red",/' js.good >js.extra
refuse "$JSCHECK" "json: an unknown member" js.extra "unexpected member"
sed 's/"mangled": "main", //' js.good >js.missing
refuse "$JSCHECK" "json: a missing member" js.missing "no member 'mangled'"
sed 's/"id": 0,/"id": 1,/' js.good >js.id
refuse "$JSCHECK" "json: ids not in order" js.id "in order"
sed 's/"arcs": \[\]/"arcs": [{"caller": 0, "callee": 5, "calls": 1, "self_seconds": 0, "children_seconds": 0, "within_cycle": false, "call_sites": []}]/' \
	js.good >js.arc
refuse "$JSCHECK" "json: an arc to no function" js.arc "no function 5"
echo '{"type": "object", "patternProperties": {}}' >bad.schema
refuse "python3 $top_srcdir/tests/tools/json-schema-check.py bad.schema" \
	"json: a schema keyword the validator does not know" js.good \
	"unsupported keyword"

finish

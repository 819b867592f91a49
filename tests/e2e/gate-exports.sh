#!/bin/sh
# gate-exports.sh - --fail-if's verdicts for a CI system (issue 33):
# --export=junit:FILE read by Python's XML parser (Debian has no JUnit
# schema: the structure the CI readers take is checked: testsuites,
# testsuite, one testcase per function and rule, a failure per
# crossing, skipped below the floor, the counts adding up), and
# --export=markdown:FILE rendered by Python-Markdown (Debian's
# python3-markdown: markdown_py -x tables) into HTML that Python's XML
# parser reads: a table, failures first.  Names that need escaping (<, &, |) come from a C++ program.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

rt_cc a.exe "$PROGRAMS/gate-work.c" -O2 -pg
rt_cc b.exe "$PROGRAMS/gate-work.c" -O2 -pg -DEXTRA
mkdir a b
(cd a && run_prog ../a.exe 1000 3) && (cd b && run_prog ../b.exe 1000 3) ||
	hard_error "a run failed"

AB="--diff-base=a/gmon.out --diff-base-exe=a.exe"
"$GPROF" $AB --fail-if=calls:+0% --fail-if=self:+20% \
	--export=junit:v.xml --export=markdown:v.md b.exe b/gmon.out \
	>out 2>err
st=$?
check "A/B with exports: status 3 ($st)" test $st = 3
cat err
echo "--- v.xml"; cat v.xml
echo "--- v.md"; cat v.md

check "JUnit: parsed, and the structure CI readers take" python3 -c "
import sys, xml.etree.ElementTree as ET
root = ET.parse ('v.xml').getroot ()
assert root.tag == 'testsuites', root.tag
suites = root.findall ('testsuite')
assert len (suites) == 1, suites
s = suites[0]
cases = s.findall ('testcase')
fails = [c for c in cases if c.find ('failure') is not None]
skips = [c for c in cases if c.find ('skipped') is not None]
for e in (root, s):
    assert int (e.get ('tests')) == len (cases), (e.tag, e.attrib)
    assert int (e.get ('failures')) == len (fails) == 1, (e.tag, e.attrib)
    assert int (e.get ('skipped')) == len (skips), (e.tag, e.attrib)
    assert e.get ('errors') == '0', e.attrib
for c in cases:
    assert c.get ('classname').startswith ('gprof.fail-if.'), c.attrib
    assert c.get ('name') and c.get ('time') == '0', c.attrib
    assert len (c) <= 1, list (c)
f = fails[0]
assert f.get ('name') == 'helper (calls:+0%)', f.attrib
assert f.get ('classname') == 'gprof.fail-if.calls', f.attrib
m = f.find ('failure')
assert m.get ('type') == 'threshold', m.attrib
assert m.get ('message').startswith ('calls 1000 -> 2000 (+1000, +100.0%) over calls:+0%'), m.attrib
assert m.text.startswith ('helper: calls 1000 -> 2000'), m.text
names = sorted (c.get ('name') for c in cases if c.get ('classname') == 'gprof.fail-if.calls')
assert names == ['helper (calls:+0%)', 'other (calls:+0%)', 'spin (calls:+0%)', 'steady (calls:+0%)'], names
for c in skips:
    assert 'fewer than the floor' in c.find ('skipped').get ('message'), c
"
check "JUnit: well-formed for xmllint too" sh -c \
	'! command -v xmllint >/dev/null || xmllint --noout v.xml'

if command -v markdown_py >/dev/null; then
	markdown_py -x tables v.md >v.html || bad "markdown_py failed on v.md"
	echo "--- v.html"; cat v.html
	check "Markdown: rendered, a table whose first row is the failure" python3 -c "
import xml.etree.ElementTree as ET
html = open ('v.html').read ()
doc = ET.fromstring ('<div>' + html + '</div>')
h = doc.find ('h2')
assert h is not None and 'threshold crossed' in h.text, html[:200]
t = doc.find ('table')
assert t is not None, html
head = [th.text for th in t.find ('thead').iter ('th')]
assert head[:4] == ['Verdict', 'Function', 'Metric', 'Threshold'], head
rows = t.find ('tbody').findall ('tr')
cells = [[''.join (td.itertext ()) for td in r.findall ('td')] for r in rows]
assert all (len (c) == len (head) for c in cells), cells
assert cells[0][:4] == ['FAIL', 'helper', 'calls', 'calls:+0%'], cells[0]
assert cells[0][4:8] == ['1000', '2000', '+1000', '+100.0%'], cells[0]
assert all (c[0] != 'FAIL' for c in cells[1:]), cells
"
else
	missing_tool "markdown_py (Debian's python3-markdown)" \
		"the Markdown summary rendered"
fi

# Names that XML and Markdown must escape: C++ templates and operator|.
cat >t.cc <<'EOF'
#define NOIPA __attribute__ ((noipa))
volatile unsigned long sink;
template <typename T> struct box { T v; };
template <typename T> NOIPA void put (box<T> &b) { sink += b.v; }
struct flags { unsigned v; };
NOIPA flags operator| (flags a, flags b) { return flags { a.v | b.v }; }
int main (int argc, char **)
{
	box<int> b { 1 };
	flags f { 1 };
	for (int i = 0; i < 100 * argc; i++) {
		put (b);
		f = f | flags { 2 };
	}
	return f.v == 3 ? 0 : 1;
}
EOF
RT_CC=${CXX:-g++}
$RT_CC $RT_CFLAGS_TEST -O2 -pg -o t.exe t.cc -L"$LIBGMON_DIR" -lgmon \
	-Wl,-rpath,"$LIBGMON_DIR" -lpthread || hard_error "cannot build t.exe"
mkdir t1 t2
(cd t1 && run_prog ../t.exe) && (cd t2 && run_prog ../t.exe 2) ||
	hard_error "t.exe failed"
"$GPROF" --diff-base=t1/gmon.out --fail-if=calls:+0% \
	--export=junit:t.xml --export=markdown:t.md t.exe t2/gmon.out \
	>out 2>err
st=$?
check "C++: a second run calling twice as often fails ($st)" test $st = 3
check "C++: the JUnit file parses with every name in it" python3 -c "
import xml.etree.ElementTree as ET
root = ET.parse ('t.xml').getroot ()
names = [c.get ('name') for c in root.iter ('testcase')]
assert any ('operator|' in n or 'orEE' in n for n in names), names
assert len ([c for c in root.iter ('failure')]) >= 2, names
"
if command -v markdown_py >/dev/null; then
	markdown_py -x tables t.md >t.html || bad "markdown_py failed on t.md"
	check "C++: the Markdown table keeps its columns (| escaped)" python3 -c "
import xml.etree.ElementTree as ET
html = open ('t.html').read ()
doc = ET.fromstring ('<div>' + html + '</div>')
t = doc.find ('table')
n = len (list (t.find ('thead').iter ('th')))
for r in t.find ('tbody').findall ('tr'):
    assert len (r.findall ('td')) == n, ET.tostring (r)
"
fi

finish

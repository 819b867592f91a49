#!/bin/sh
# gprof-names-text.sh - names of any bytes (issue 32, items 10, 11, 16):
# functions, threads and libraries whose names hold U+FFFE, U+FFFF, an
# escape sequence, C1 controls, bidirectional overrides and bytes of
# no UTF-8 character (the symbols assembled from raw bytes, the
# threads' names and the libraries' paths written into a companion by
# tests/tools/gmonxgen) never reach an output raw:
#
#   - the flame graph is well-formed XML (U+FFFE made it ill-formed);
#   - the JSON export and --diff-format=json are valid UTF-8 and JSON
#     (diff.c wrote the bytes as they were);
#   - the text reports (flat profile, --threads' table and headings)
#     show '?' for each, never a control or an override;
#   - gmondump escapes them: \xNN, \uNNNN (it printed paths raw).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
GEN=$top_builddir/tests/tools/gmonxgen
command -v python3 >/dev/null ||
	need_tool "python3" "it checks the outputs' characters"

# Functions named with raw bytes: gas takes any byte in a quoted name.
for n in 'fn_\357\277\276' 'ffff_\357\277\277' 'esc_\033[31m' \
	'c1_\302\205x' 'bidi_\342\200\256gnp' 'iso_\342\201\246x' \
	'bad_\377z'; do
	printf "\t.text\n\t.globl\t\"$n\"\n\t.type\t\"$n\", @function\n\"$n\":\n\tret\n"
done >odd.s
printf '\t.section\t.note.GNU-stack,"",@progbits\n' >>odd.s
cat >main.c <<'EOF'
int main (void) { return 0; }
EOF
$CC -O1 -o prog main.c odd.s || hard_error "cannot build the program"
funcs=$(nm prog | awk '$2 == "T" && $3 ~ /^(fn|ffff|esc|c1|bidi|iso|bad)_/ {
	printf "%s0x%s", n++ ? "," : "", $1 }')
[ "$(echo "$funcs" | tr ',' '\n' | wc -l)" = 7 ] ||
	hard_error "the odd symbols are not in prog: $funcs"
lo=$(echo "$funcs" | tr ',' '\n' | sort | head -n 1)
lo=$(printf '0x%x' $((lo & ~0xff)))
hi=$(printf '0x%x' $((lo + 0x1000)))
"$GEN" -t "$lo:$hi" -f "$funcs" names || hard_error "gmonxgen failed"

# clean MODE FILE: FILE is valid UTF-8 with nothing that gmon/text.c
# does not show: no C0 control but newline, tab and the reports' form
# feeds, no C1,
# no bidirectional formatting, no noncharacter.  MODE xml: and it is
# well-formed XML; json: and valid JSON.
clean () {
	python3 - "$@" <<'EOF'
import json, sys, xml.dom.minidom
mode, path = sys.argv[1], sys.argv[2]
data = open (path, 'rb').read ()
try:
	text = data.decode ('utf-8')
except UnicodeDecodeError as e:
	sys.exit ('%s: not UTF-8: %s' % (path, e))
for i, ch in enumerate (text):
	c = ord (ch)
	if ((c < 0x20 and ch not in '\n\t\f') or 0x7f <= c <= 0x9f
	    or c in (0x61c, 0x200e, 0x200f) or 0x202a <= c <= 0x202e
	    or 0x2066 <= c <= 0x2069 or 0xfdd0 <= c <= 0xfdef
	    or (c & 0xfffe) == 0xfffe):
		sys.exit ('%s: U+%04X at %d: %r' % (path, c, i,
						    text[max (0, i - 20):i + 20]))
if mode == 'xml':
	xml.dom.minidom.parse (path)
elif mode == 'json':
	json.loads (text)
EOF
}

# --- Item 16: the text reports -----------------------------------------
"$GPROF" -b -p prog gmon.out >flat.txt 2>flat.err ||
	bad "gprof -b -p failed: $(cat flat.err)"
check "the flat profile shows no name raw" clean text flat.txt
for n in 'fn_?' 'ffff_?' 'esc_?\[31m' 'c1_?x' 'bidi_?gnp' 'iso_?x' 'bad_?z'; do
	check "... $n is in it" grep -q " $n\$" flat.txt
done
"$GPROF" -b -q prog gmon.out >graph.txt 2>/dev/null ||
	bad "gprof -b -q failed"
check "the call graph shows no name raw" clean text graph.txt
"$GPROF" -b -p --threads prog gmon.out >thr.txt 2>thr.err ||
	bad "gprof --threads failed: $(cat thr.err)"
check "--threads: no thread's name raw, in the table or the headings" \
	clean text thr.txt
check "... the override is a '?'" grep -q '  bidi?gnp\.exe$' thr.txt
check "... the C1 controls too" grep -q '^Thread 205 c1??2J: ' thr.txt

# --- Item 10: XML and JSON ---------------------------------------------
"$GPROF" --threads --export=flamegraph:fg.svg prog gmon.out >/dev/null \
	2>fg.err || bad "the flame graph by thread failed: $(cat fg.err)"
check "the flame graph by thread is well-formed XML, nothing raw" \
	clean xml fg.svg
"$GPROF" --export=flamegraph:fg1.svg prog gmon.out >/dev/null 2>&1 ||
	bad "the flame graph failed"
check "the flame graph of the functions: the same" clean xml fg1.svg
check "... U+FFFE is a '?' in it" grep -q '>fn_?<\|fn_? (' fg1.svg
"$GPROF" --export=json:p.json prog gmon.out >/dev/null 2>&1 ||
	bad "the JSON export failed"
check "the JSON export: valid JSON of valid UTF-8" clean json p.json
check "... U+202E escaped" grep -q 'bidi_\\u202egnp' p.json
check "... a byte of no character as U+FFFD" grep -q 'bad_\\ufffdz' p.json

# --- Item 11: --diff-format=json ---------------------------------------
"$GPROF" --diff-base=gmon.out --diff-format=json prog gmon.out >d.json \
	2>d.err || bad "gprof --diff-format=json failed: $(cat d.err)"
check "--diff-format=json: valid JSON of valid UTF-8" clean json d.json
check "... the byte of no character as U+FFFD, as the export writes it" \
	grep -q '"bad_\\ufffdz"' d.json

# --- Item 16: gmondump -------------------------------------------------
"$GMONDUMP" gmon.out-objs/objects.gmonx >dump.txt 2>dump.err ||
	bad "gmondump failed: $(cat dump.err)"
check "gmondump: nothing raw" clean text dump.txt
check "... one line per object (the newline escaped)" \
	[ "$(grep -c '^object ' dump.txt)" = 10 ]
check "... ESC as \\x1b" grep -q 'path=/nonexistent/esc\\x1b\[31mred\.so$' \
	dump.txt
check "... a newline as \\x0a" grep -q 'path=/nonexistent/nl\\x0aline\.so$' \
	dump.txt
check "... C1 controls as \\u0085 and \\u009b" \
	grep -q 'name=c1\\u0085\\u009b2J$' dump.txt
check "... an override as \\u202e" grep -q 'name=bidi\\u202egnp\.exe$' \
	dump.txt
check "... U+FFFE as \\ufffe" grep -q 'name=job\\ufffe$' dump.txt
"$GMONDUMP" -e prog gmon.out >dumpe.txt 2>&1 || bad "gmondump -e failed"
check "gmondump -e: the functions' names escaped" clean text dumpe.txt
check "... as \\uNNNN" grep -q ' bidi_\\u202egnp$' dumpe.txt
finish

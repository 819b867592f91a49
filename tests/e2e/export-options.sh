#!/bin/sh
# export-options.sh - the --export option: formats, their options,
# default names, standard output, and every mistake refused before a
# profile is read.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"

demo_build syn glibc
demo_synth syn
cd syn || hard_error "cd syn"

# refused WHAT WORDS ARGS...: gprof exits 1 with WORDS in its message
# and writes nothing to standard output.
refused () {
	_what=$1 _words=$2
	shift 2
	"$GPROF" "$@" >out.txt 2>err.txt
	_rc=$?
	if [ $_rc -eq 1 ] && grep -q -- "$_words" err.txt && [ ! -s out.txt ]; then
		ok "$_what: $(cat err.txt)"
	else
		bad "$_what: exit $_rc, $(cat err.txt)"
	fi
}

refused "unknown format" "unknown format \`pdf'" --export=pdf demo synth.gmon
refused "unknown option" "igprof has no option \`color'" \
	--export=igprof,color demo synth.gmon
refused "an option of another format" "dot has no option \`gzip'" \
	--export=dot,gzip demo synth.gmon
refused "a bad number" "node=many is not a number" \
	--export=dot,node=many demo synth.gmon
refused "an empty file name" "empty file name" --export=json: demo synth.gmon
refused "aprof cannot be compressed" "cannot be compressed" \
	--export=aprof:x.aprof.gz demo synth.gmon
refused "two exports to one file" "both write x.json" \
	--export=json:x.json --export=json,:x.json demo synth.gmon
refused "two exports to standard output" "both write standard output" \
	--export=json:- --export=dot:- demo synth.gmon
refused "standard output and a report" "cannot go with a report" \
	--export=json:- -p demo synth.gmon
refused "a directory that does not exist" "nosuchdir/x.json: cannot write" \
	--export=json:nosuchdir/x.json demo synth.gmon
# Mistakes are found before the profile is read.
refused "checked first" "unknown format" --export=pdf demo no-such.gmon

# Default names, in the current directory, and nothing on stdout.
"$GPROF" --export=callgrind --export=igprof --export=aprof --export=dot \
	--export=json demo synth.gmon >out.txt 2>/dev/null ||
	bad "exports with default names failed"
for f in callgrind.out.demo igprof.demo.gz demo.aprof demo.dot demo.json; do
	[ -s "$f" ] && ok "default name $f" || bad "no $f"
done
[ -s out.txt ] && bad "exports alone printed a report" ||
	ok "exports alone print no report"
# With a report option, the report too.
"$GPROF" -b -p --export=json:p.json demo synth.gmon >out.txt 2>/dev/null
grep -q '^Flat profile:' out.txt && [ -s p.json ] &&
	ok "-p and --export: the flat profile and the file" ||
	bad "-p and --export"
# Standard output.
"$GPROF" --export=json:- demo synth.gmon >stdout.json 2>/dev/null &&
	cmp -s stdout.json demo.json && ok "json to standard output" ||
	bad "json to standard output differs"
"$GPROF" --export=igprof,gzip:- demo synth.gmon 2>/dev/null |
	gzip -dc >stdout.ig && $IGCHECK stdout.ig >/dev/null &&
	ok "gzip'ed igprof to standard output" || bad "igprof,gzip:-"
# Abbreviated, as getopt_long allows; and from an @FILE.
"$GPROF" --exp=json:abbr.json demo synth.gmon 2>/dev/null &&
	cmp -s abbr.json demo.json && ok "--exp= abbreviates --export=" ||
	bad "--exp="
echo '--export=dot:at.dot' >opts
"$GPROF" @opts demo synth.gmon 2>/dev/null && cmp -s at.dot demo.dot &&
	ok "--export from an @FILE" || bad "@FILE"
"$GPROF" --help | grep -q -- '--export=FORMAT' && ok "--help shows --export" ||
	bad "--help"

# Profiles with only arcs, only a histogram, nothing at all, and an odd
# clock rate: every file still passes its checker.
grep '^arc' synth.txt | "$GMONMAKE" -o arcs.gmon || hard_error "gmonmake"
grep -v -e '^arc' -e '^bb' -e '^  0x[0-9a-f]* 1000$' -e '^  0x[0-9a-f]* 40$' \
	synth.txt | "$GMONMAKE" -o hist.gmon || hard_error "gmonmake"
sed -n 1p synth.txt | "$GMONMAKE" -o empty.gmon || hard_error "gmonmake"
{ sed -n 1p synth.txt | sed 's/rate=1000/rate=1024/'; sed -n 2,5p synth.txt; } |
	"$GMONMAKE" -o r1024.gmon || hard_error "gmonmake"
for g in arcs hist empty r1024; do
	mkdir "$g"
	(cd "$g" && "$GPROF" --export=callgrind --export=igprof \
		--export=igprof,flat:flat.ig --export=dot --export=json \
		../demo "../$g.gmon") 2>/dev/null || bad "$g: export failed"
	check "$g: callgrind" $CGCHECK "$g/callgrind.out.demo"
	check "$g: igprof" $IGCHECK "$g/igprof.demo.gz" "$g/flat.ig"
	check "$g: json" $JSCHECK "$g/demo.json"
	check "$g: dot" dot -Tsvg -o "$g/demo.svg" "$g/demo.dot"
	if [ "$g" = empty ]; then
		refused "empty: aprof" "an aprof report needs a routine" \
			--export=aprof:empty/x.aprof demo empty.gmon
		[ -e empty/x.aprof ] && bad "empty: a file was left" ||
			ok "empty: no aprof file left"
	else
		(cd "$g" && "$GPROF" --export=aprof ../demo "../$g.gmon") \
			2>/dev/null || bad "$g: aprof export failed"
		check "$g: aprof" $APCHECK "$g/demo.aprof"
	fi
done
expect "rate 1024: one sample in psec" \
	"$(sed -n 's/^desc: Histogram: .*1 sample = //p' r1024/callgrind.out.demo)" \
	"976562500 psec"

finish

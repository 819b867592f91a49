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

finish

#!/bin/sh
# gate.sh - gprof as a CI gate on demo/demo.c (the manual's "CI gate").
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   sh demo/gate.sh base [CFLAGS...]
#       builds demo.c with -pg and libgmon, runs it, and keeps the build
#       and its profile in $BASE (default demo-gate-base/): the files a
#       project commits, or keeps as its CI's artifact of the main
#       branch;
#   sh demo/gate.sh check [CFLAGS...]
#       builds demo.c as it is now, runs it, and gates it against
#       $BASE: exits with gprof's status (0: no threshold crossed, 3:
#       one was, 1: an error), the verdicts in $OUT/gate.xml (JUnit) and
#       $OUT/gate.md (Markdown, for a pull request's comment).
#
#   sh demo/gate.sh base && sh demo/gate.sh check               # passes
#   sh demo/gate.sh check -DDEMO_REGRESSION     # fails: hash_word, 3
#
# The environment: CC (gcc), GMONKIT_BUILD (a build tree, default
# build/ beside this script, else the installed gprof and libgmon),
# BASE, OUT (demo-gate/), RULES (default: calls:+0% and self:+20%,
# the times as measured: the runs do the same work).

set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
cc=${CC:-gcc}
base=${BASE:-demo-gate-base}
out=${OUT:-demo-gate}
rules=${RULES:---fail-if=calls:+0% --fail-if=self:+20% --diff-normalize=none}
b=${GMONKIT_BUILD:-$top/build}
if [ -x "$b/gprof/gprof" ] && [ -f "$b/mcount/.libs/libgmon.so" ]; then
	gprof=$b/gprof/gprof
	link="-L$b/mcount/.libs -Wl,-rpath,$b/mcount/.libs -lgmon"
else
	gprof=gprof
	link=-lgmon
fi

# build_run DIR CFLAGS...: demo.c built into DIR/demo and run there.
build_run () {
	_dir=$1; shift
	mkdir -p "$_dir" && rm -f "$_dir/gmon.out" || exit 1
	echo "gate.sh: $cc -pg -O2 $* demo.c -lgmon -o $_dir/demo"
	# shellcheck disable=SC2086
	"$cc" -pg -O2 "$@" "$here/demo.c" -o "$_dir/demo" $link || exit 1
	(cd "$_dir" && ./demo >run.txt) || {
		echo "gate.sh: $_dir/demo failed" >&2; exit 1; }
}

case ${1:-} in
base)
	shift
	build_run "$base" "$@"
	echo "gate.sh: the base is $base/demo and $base/gmon.out"
	;;
check)
	shift
	[ -f "$base/gmon.out" ] || {
		echo "gate.sh: no base in $base: run \`sh $0 base' first" >&2
		exit 1; }
	build_run "$out" "$@"
	echo "gate.sh: gprof --diff-base=$base/gmon.out" \
		"--diff-base-exe=$base/demo $rules $out/demo $out/gmon.out"
	# shellcheck disable=SC2086
	"$gprof" --diff-base="$base/gmon.out" --diff-base-exe="$base/demo" \
		$rules --export=junit:"$out/gate.xml" \
		--export=markdown:"$out/gate.md" \
		"$out/demo" "$out/gmon.out" >"$out/diff.txt"
	status=$?
	echo "gate.sh: gprof exited with $status (the diff: $out/diff.txt;" \
		"the verdicts: $out/gate.xml, $out/gate.md)"
	exit $status
	;;
*)
	echo "usage: sh $0 base|check [CFLAGS...]" >&2
	exit 1
	;;
esac

#!/bin/sh
# rt-fds.sh - libgmon's descriptors are never 0, 1 or 2.
#
#   A program that closed its standard input, output and error, with a
#   thread writing to descriptor 2 and another reading descriptor 0
#   all along, dumps its profile 50 times: every gmon.out and companion
#   is whole, none of the program's bytes is in any file libgmon
#   wrote (the lock file included), and the reader never reads one of
#   libgmon's files.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-lowfds.c" -O2 -pg -I"$top_srcdir/include"

# lowfds DESC FDS [VAR=VALUE...]: 50 dumps with the descriptors FDS
# closed, in a directory of their own.
lowfds () {
	_desc=$1 _fds=$2; shift 2
	mkdir "$_desc" "$_desc/keep" && cd "$_desc" || hard_error "mkdir $_desc"
	env "$@" $RUN_TARGET ../prog 50 keep "$_fds"
	rc=$?
	check "$_desc: the program ran (status $rc: 3 read a file of libgmon's, 4 a dump failed)" \
		test $rc -eq 0
	bad_files=0 n=0
	for f in keep/gmon.out.*; do
		n=$((n + 1))
		for g in "$f" "keep/objects.gmonx.${f##*.}"; do
			[ -e "$g" ] || continue
			"$GMONDUMP" "$g" >/dev/null 2>gerr && continue
			bad_files=$((bad_files + 1))
			echo "$g: $(cat gerr)"
		done
	done
	check "$_desc: 50 dumps kept ($n)" test $n -eq 50
	check "$_desc: every dump is whole ($bad_files damaged)" test $bad_files -eq 0
	marked=$(grep -l -r -a 'PROGRAM-BYTES-ON-FD' . 2>/dev/null | head -5)
	check "$_desc: no program bytes in any file libgmon wrote${marked:+: $marked}" \
		test -z "$marked"
	if [ -e gmon.out-objs/.lock ]; then
		check "$_desc: the lock file is empty ($(wc -c <gmon.out-objs/.lock) bytes)" \
			test ! -s gmon.out-objs/.lock
	fi
	cd ..
}

lowfds all-closed 012
lowfds out-err-closed 12 GMON_OBJECTS=0
lowfds err-closed 2 GMON_OBJECTS=0
lowfds wall-contexts 012 GMON_CLOCK=wall GMON_CONTEXT=8
finish

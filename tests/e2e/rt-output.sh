#!/bin/sh
# rt-output.sh - where the profile goes and what libgmon says.
#
#   gmon.out in the directory the program started in, whatever chdir
#   it did; PREFIX.PID with GMON_OUT_PREFIX; written to a temporary file
#   and renamed, so a symbolic link named gmon.out is replaced, never
#   followed, and no temporary file is left; the environment ignored
#   for a set-uid program; nothing on stderr when all is well, one line
#   naming the cause and the knob when not; and the API of <gmonkit.h>.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-api.c" -O2 -pg -I"$top_srcdir/include"

# chdir: the file stays where the program started.
mkdir elsewhere
run_prog ./prog chdir elsewhere 2>err || bad "chdir: the program failed"
quiet_stderr "chdir" err
check "chdir: gmon.out where the program started" test -f gmon.out
check "chdir: none where it went" test ! -e elsewhere/gmon.out
expect_calls prog gmon.out tick 3

# A symbolic link is replaced, not followed.
rm -f gmon.out
echo "precious" >target
ln -s target gmon.out
run_prog ./prog reset 2>err || bad "symlink: the program failed"
quiet_stderr "symlink" err
check "symlink: gmon.out is now a file of its own" \
	test -f gmon.out -a ! -L gmon.out
check "symlink: its target is untouched" grep -qx precious target
check "no temporary file left" test -z "$(ls -a | grep '\.tmp$')"

# GMON_OUT_PREFIX, relative to the starting directory.
mkdir out
GMON_OUT_PREFIX=out/p run_prog ./prog chdir elsewhere 2>err ||
	bad "prefix: the program failed"
quiet_stderr "prefix" err
check "prefix: one out/p.PID" test "$(ls out | grep -c '^p\.[0-9][0-9]*$')" -eq 1
check "prefix: nothing in elsewhere" test -z "$(ls elsewhere)"

# No place to write: one line, naming the file and the knob; the
# program's own exit status is kept.
GMON_OUT_PREFIX=$work/no/such/dir/p run_prog ./prog reset 2>err
check "unwritable: the program's exit status is kept" test $? -eq 0
one_line "unwritable" err \
	'^libgmon: no profile written: .*/no/such/dir/p\.[0-9]+: No such file or directory \(set GMON_OUT_PREFIX'

# A bad value: one line naming it, and the profile all the same.
rm -f gmon.out
GMON_RATE=fast run_prog ./prog reset 2>err
one_line "bad GMON_RATE" err '^libgmon: GMON_RATE=fast was ignored'
check "bad GMON_RATE: the profile is written" test -f gmon.out

# A perf clock dies (the program closes every descriptor): the file
# gets the rate really reached, and one line says so.
rm -f gmon.out
if qemu; then
	not_under_qemu "a perf clock the program closes (no perf_event_open)"
else
GMON_SAMPLER=perf GMON_RATE=1000 run_prog ./prog closefds 2>err ||
	bad "closefds: the program failed"
one_line "closed clock" err \
	'^libgmon: the sampling clock reached only [0-9]+ of the 1000 samples .*GMON_SAMPLER=timer'
rate=$("$GMONDUMP" -s gmon.out | sed -n 's/^hist .* rate=\([0-9]*\) .*/\1/p')
check "closed clock: the file says $rate Hz, less than 1000" \
	test -n "$rate" -a "$rate" -lt 750
fi

# The API.
rm -f gmon.out mid.out
run_prog ./prog dump 2>err || bad "gmon_dump failed"
quiet_stderr "gmon_dump" err
expect_calls prog mid.out tick 3
expect_calls prog gmon.out tick 5
run_prog ./prog reset 2>err || bad "gmon_reset failed"
expect_calls prog gmon.out tick 2
run_prog ./prog control 2>err || bad "moncontrol failed"
expect_calls prog gmon.out tick 5
run_prog ./prog fd fd.out 2>err || bad "gmon_dump_fd failed"
expect_calls prog fd.out tick 3
expect_calls prog gmon.out tick 4

# Set-uid: GMON_OUT_PREFIX is ignored, as glibc does.  Needs root, to
# run a set-uid-root copy as another user, in a directory of that
# user's (the only place it may write: rt-objdir.sh).
if qemu; then
	not_under_qemu "set-uid (the kernel makes qemu set-uid, not the program)"
elif [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	mkdir suid
	rt_cc_static suid/prog "$PROGRAMS/rt-api.c" -O2 -pg \
		-I"$top_srcdir/include"
	chmod 755 "$work" suid
	chmod 4755 suid/prog
	chown 65534 suid
	(cd suid && GMON_OUT_PREFIX=$work/suid/pfx setpriv --reuid=65534 \
		--regid=65534 --clear-groups $RUN_TARGET ./prog reset) 2>err ||
		bad "set-uid: the program failed: $(cat err)"
	check "set-uid: gmon.out written, GMON_OUT_PREFIX ignored" \
		test -f suid/gmon.out -a -z "$(ls suid | grep pfx)"
elif [ "$(id -u)" = 0 ]; then
	missing_tool "setpriv (package util-linux)" "the set-uid case"
else
	partial_skip "the set-uid case needs root (to run a set-uid-root copy" \
		"as another user)"
fi

finish

#!/bin/sh
# gprof-fifo.sh - a FIFO (or another file that is not a regular file)
# where a companion, the executable or its line tables name a file
# never blocks gprof: it says what is wrong and goes on as for a
# missing file, or stops with a message.  A FIFO the user names as the
# gmon file is read as a pipe, as standard input is.  Every run is
# under timeout(1): a hang fails the check instead of blocking the
# suite.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
[ -x "$GPROF" ] || skip "gprof was not built"
command -v mkfifo >/dev/null 2>&1 || skip "no mkfifo"
command -v timeout >/dev/null 2>&1 || skip "no timeout(1)"
LIMIT=${FIFO_TIMEOUT:-120}

# run NAME ARGS...: ours, in NAME.out/NAME.err/NAME.rc, at most $LIMIT
# seconds.
run () {
	_n=$1; shift
	timeout "$LIMIT" "$GPROF" "$@" >"$_n.out" 2>"$_n.err"
	echo $? >"$_n.rc"
}
# no_hang NAME: it did not run into the time limit.
no_hang () {
	if [ "$(cat "$1.rc")" = 124 ]; then
		bad "$1: gprof was still blocked after $LIMIT s"
		return 1
	fi
	ok "$1: gprof did not block (exit $(cat "$1.rc"))"
}
# says NAME PATTERN: its stderr matches PATTERN.
says () {
	if grep -q "$2" "$1.err"; then
		ok "$1: says '$2'"
	else
		bad "$1: stderr is not '$2': $(cat "$1.err")"
	fi
}

$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o libpga.so \
	"$PROGRAMS/rt-dso-a.c" || hard_error "cannot build libpga.so"
RT_LIBS="-L. -lpga -Wl,-rpath,$work -ldl -lm" \
	rt_cc prog "$PROGRAMS/rt-dso.c" -O2 -g -pg -I"$top_srcdir/include"
run_prog ./prog nodl >prog.log 2>&1 || hard_error "the program failed"
[ -f gmon.out-objs/objects.gmonx ] && [ -f gmon.out-objs/libpga.so.gmon ] ||
	hard_error "libgmon wrote no companion or no libpga.so.gmon"
run base -b -p --objects prog gmon.out
grep -q '@libpga.so' base.out ||
	hard_error "--objects shows no function of libpga.so: $(cat base.err)"

# 1. The companion names a library that is now a FIFO: left out, as a
# missing one, with a warning that says why.
mv libpga.so libpga.so.real && mkfifo libpga.so
run objfifo -b -p --objects prog gmon.out
no_hang objfifo
check "objfifo: exit 0" [ "$(cat objfifo.rc)" = 0 ]
says objfifo "libpga.so: a FIFO, not a regular file: its samples and calls are left out"
check "objfifo: libpga.so's functions are left out" \
	sh -c '! grep -q "@libpga.so" objfifo.out'
rm libpga.so && mkdir libpga.so
run objdir -b -p --objects prog gmon.out
no_hang objdir
says objdir "libpga.so: a directory, not a regular file"
rmdir libpga.so && mv libpga.so.real libpga.so

# 2. The object's classic file in gmon.out-objs/ is a FIFO: an error,
# as when it is missing, never a wait.
mv gmon.out-objs/libpga.so.gmon classic.gmon && mkfifo gmon.out-objs/libpga.so.gmon
run classic -b -p --objects prog gmon.out
no_hang classic
check "classic: exit non-zero" [ "$(cat classic.rc)" != 0 ]
says classic "gmon.out-objs/libpga.so.gmon: a FIFO, not a gmon file"
rm gmon.out-objs/libpga.so.gmon && mv classic.gmon gmon.out-objs/libpga.so.gmon

# 3. The companion itself is a FIFO.
mv gmon.out-objs/objects.gmonx companion.gmonx && mkfifo gmon.out-objs/objects.gmonx
run companion -b -p --objects prog gmon.out
no_hang companion
check "companion: exit non-zero" [ "$(cat companion.rc)" != 0 ]
says companion "objects.gmonx: a FIFO, not a gmonx file"
rm gmon.out-objs/objects.gmonx && mv companion.gmonx gmon.out-objs/objects.gmonx

# 4. The executable is a FIFO: libbfd would wait for a writer.
mkfifo exefifo
run exe -b -p exefifo gmon.out
no_hang exe
check "exe: exit non-zero" [ "$(cat exe.rc)" != 0 ]
says exe "^gprof: exefifo: not an executable: a FIFO, not a regular file"

# 5. A source of -A is a FIFO: its listing is left out, with a warning.
mkdir src && cp "$PROGRAMS/fixture.c" src/fix.c
$CC -pg -g -O0 -o src/fix src/fix.c || hard_error "cannot build src/fix"
(cd src && run_prog ./fix 0.1 >/dev/null 2>&1) || hard_error "src/fix failed"
run srcok -A src/fix src/gmon.out
grep -q 'main' srcok.out || hard_error "-A lists nothing: $(cat srcok.err)"
mv src/fix.c src/fix.c.real && mkfifo src/fix.c
run srcfifo -A src/fix src/gmon.out
no_hang srcfifo
check "srcfifo: exit 0" [ "$(cat srcfifo.rc)" = 0 ]
says srcfifo "a FIFO is found under its name, not a regular file; its listing is left out"

# 6. The debug link of a stripped program points where a FIFO is.
cp prog dbgprog && objcopy --only-keep-debug dbgprog dbgprog.debug &&
	objcopy --strip-debug --add-gnu-debuglink=dbgprog.debug dbgprog ||
	hard_error "cannot split the debugging information"
rm dbgprog.debug && mkfifo dbgprog.debug
run debuglink -b -l dbgprog gmon.out
no_hang debuglink
says debuglink "dbgprog.debug: warning: a FIFO, not a regular file, where the debugging information"

# 7. A FIFO the user names as the gmon file is a pipe: read as it comes,
# with the output of the file itself.
"$GPROF" -b prog gmon.out >plain.out 2>plain.err || bad "gprof on gmon.out failed"
mkfifo fifo.gmon
timeout "$LIMIT" sh -c 'cat gmon.out >fifo.gmon' &
run pipe -b prog fifo.gmon
no_hang pipe
wait
same_file "a gmon file read through a FIFO gives the file's report" plain.out pipe.out
"$GMONDUMP" gmon.out >dump-plain.txt 2>&1
timeout "$LIMIT" sh -c 'cat gmon.out >fifo.gmon' &
timeout "$LIMIT" "$GMONDUMP" fifo.gmon >dump-pipe.txt 2>&1
rc=$?
wait
check "gmondump on a FIFO does not block" [ $rc != 124 ]
sed 's/^fifo\.gmon:/gmon.out:/' dump-pipe.txt >dump-pipe2.txt
same_file "gmondump reads a FIFO whole, as the file" dump-plain.txt dump-pipe2.txt
finish

#!/bin/sh
# rt-dumps.sh - files of two dumps of one run are never paired.
#
#   Every file of a dump carries the dump's number in its run stamp
#   (gmondump shows it); gprof --objects and --threads refuse
#   gmon.out of one dump with the companion (or an object's file) of
#   another, saying so and what to do, and gprof without them leaves
#   the other dump's calling contexts out, with a warning.  A reader
#   racing a program that dumps every second (GMON_DUMP_INTERVAL=1)
#   and that reads gmon.out before a dump and the object directory
#   after it is refused every time it got two dumps, and never
#   otherwise.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-dumps.c" -O2 -pg -I"$top_srcdir/include"

# dump_of FILE: the dump number gmondump gives FILE's stamp.
dump_of () {
	"$GMONDUMP" "$1" 2>/dev/null | sed -n 's/^run .*, dump \([0-9]*\)$/\1/p
		s/^run .* dump=\([0-9]*\)$/\1/p' | head -1
}

# ---------------------------------------------------------------------
# Two dumps, their files kept: paired right, and crossed.

mkdir k
GMON_CONTEXT=8 run_prog ./prog keep 2 k || bad "keep: the program failed"
check "dump 1: gmon.out says dump 1 ($(dump_of k/1/gmon.out))" \
	test "$(dump_of k/1/gmon.out)" = 1
check "dump 2: gmon.out says dump 2 ($(dump_of k/2/gmon.out))" \
	test "$(dump_of k/2/gmon.out)" = 2
check "dump 2: its companion says dump 2 ($(dump_of k/2/gmon.out-objs/objects.gmonx))" \
	test "$(dump_of k/2/gmon.out-objs/objects.gmonx)" = 2
lib=
for f in k/2/gmon.out-objs/*.gmon; do
	[ -f "k/1/gmon.out-objs/${f##*/}" ] && { lib=${f##*/}; break; }
done
if [ -z "$lib" ]; then
	# Under qemu-user the program's few samples may all be its own:
	# then no other object has a file in both dumps (riscv64).
	qemu || hard_error "no object's file in both dumps"
	not_under_qemu "no other object's file in both dumps (few samples under the emulator): an object file's dump number is checked natively"
else
	check "dump 2: $lib says dump 2" \
		test "$(dump_of k/2/gmon.out-objs/$lib)" = 2
fi
for o in --objects --threads; do
	(cd k/2 && "$GPROF" -b $o ../../prog gmon.out >/dev/null 2>gerr) ||
		bad "dump 2: gprof $o refuses its own files: $(cat k/2/gerr)"
done

mkdir torn && cp k/1/gmon.out torn/ && cp -R k/2/gmon.out-objs torn/
for o in --objects --threads; do
	(cd torn && "$GPROF" -b $o ../prog gmon.out >/dev/null 2>gerr$o)
	check "gmon.out of dump 1, companion of dump 2: gprof $o refuses them" \
		test $? -ne 0
	said "... saying why" torn/gerr$o \
		"gmon.out and .*objects.gmonx are of two different dumps of one run (gmon.out: pid [0-9]*, started .*, dump 1; .*objects.gmonx: .*, dump 2): the program wrote a new dump while they were read; read them again"
done
(cd torn && "$GPROF" -b ../prog gmon.out >/dev/null 2>gerr) ||
	bad "torn: gprof without --objects failed: $(cat torn/gerr)"
said "torn: gprof leaves the other dump's calling contexts out, and says so" \
	torn/gerr "two different dumps of one run.*estimated"

if [ -n "$lib" ]; then
	mkdir torn2 && cp -R k/2/gmon.out k/2/gmon.out-objs torn2/ &&
		cp "k/1/gmon.out-objs/$lib" torn2/gmon.out-objs/
	(cd torn2 && "$GPROF" -b --objects ../prog gmon.out >/dev/null 2>gerr)
	check "$lib of dump 1 in dump 2's directory: gprof --objects refuses it" \
		test $? -ne 0
	said "... naming it" torn2/gerr "$lib and .*objects.gmonx are of two different dumps of one run"
fi

# ---------------------------------------------------------------------
# A reader racing a dump a second: it copies gmon.out, waits 0.3 s,
# copies the object directory.  It tore a pair when gmon.out's samples
# are not those the companion says its program's file has.

mkdir race && cd race || hard_error "cd race"
GMON_DUMP_INTERVAL=1 GMON_CONTEXT=8 $RUN_TARGET ../prog burn 8000 &
pid=$!
# samples FILE: the samples of a classic file's histograms.
samples () {
	"$GMONDUMP" -s "$1" 2>/dev/null |
		awk '$1 == "hist" { for (i = 2; i <= NF; i++)
			if ($i ~ /^samples=/) s += substr ($i, 9) } END { print s + 0 }'
}
i=0 torn=0 whole=0 silent=0 other=0
while kill -0 $pid 2>/dev/null; do
	i=$((i + 1))
	mkdir r$i
	cp gmon.out r$i/ 2>/dev/null || { rm -r r$i; sleep 0.2; continue; }
	sleep 0.3
	cp -R gmon.out-objs r$i/ 2>/dev/null || { rm -r r$i; continue; }
	s1=$(samples r$i/gmon.out)
	s2=$("$GMONDUMP" r$i/gmon.out-objs/objects.gmonx 2>/dev/null |
		awk '$1 == "object" && $3 == "main" { for (i = 4; i <= NF; i++)
			if ($i ~ /^samples=/) print substr ($i, 9) }')
	if [ "$s1" = "$s2" ]; then whole=$((whole + 1)); else torn=$((torn + 1)); fi
	for o in --objects --threads; do
		if (cd r$i && "$GPROF" -b $o ../../prog gmon.out >/dev/null 2>gerr); then
			[ "$s1" = "$s2" ] || {
				silent=$((silent + 1))
				echo "read $i: gprof $o paired $s1 samples with a companion of $s2"
			}
		elif ! grep -q "are of two different dumps of one run" r$i/gerr; then
			other=$((other + 1))
			echo "read $i: gprof $o: $(cat r$i/gerr)"
		fi
	done
done
wait $pid || bad "race: the program failed"
cd ..
check "race: $i reads ($torn of two dumps): gprof paired none of those ($silent)" \
	test $silent -eq 0
check "race: and refused nothing else ($other)" test $other -eq 0
if [ $torn -eq 0 ]; then
	partial_skip "race: no read caught two dumps ($whole whole ones)"
fi

# ---------------------------------------------------------------------
# A program that mostly dumps: the dumps' calls of libc (open, write,
# rename...) are libgmon's own time, [profiling-overhead] under
# --objects, not functions of libc with no calling context.  (The
# program's own calls of libc, clock_gettime, are its.)

mkdir many
(cd many && GMON_CONTEXT=64 run_prog ../prog many 300) ||
	bad "many: the program failed"
(cd many && "$GPROF" -b -p --objects ../prog gmon.out >flat.txt 2>gerr) ||
	bad "many: gprof --objects failed: $(cat many/gerr)"
check "many: libgmon's time is a row of the flat profile" \
	grep -qF ' [profiling-overhead]' many/flat.txt
if qemu; then
	# gprof reads the target's libc at the path the program saw.
	not_under_qemu "many: gprof cannot read the target's libc, whose" \
		"rows are left out: checked natively"
else
	quiet_stderr "many: gprof --objects" many/gerr
	others=$(awk 'NR > 5 && $NF ~ /@/ && $NF !~ /^clock_gettime@/ \
		{ print $NF }' many/flat.txt | tr '\n' ' ')
	check "many: no function of another object (${others:-none})" \
		test -z "$others"
fi
finish

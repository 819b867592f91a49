#!/bin/sh
# bm-calls.sh - libgmon on bare metal, the whole way on every board of
# the build: a picolibc -pg program with known call counts
# (tests/programs/bm/calls.c), linked with `-pg ... -lgmon' and nothing
# more, run under qemu-system on virtual time; its gmon.out has the
# exact counts and the hot function on top in the target's GNU gprof,
# which our gprof prints the same (flat profile, call graph, -l, -A);
# the runtime's RAM in the link map is its budget; our exports and
# --diff-base read it.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"
need_gnu_gprof

# json_calls FILE NAME: the calls of function NAME in a JSON document
# (--export=json: a number; --diff-format=json: "BASE NEW").
json_calls () {
	python3 -c '
import json, sys
d = json.load (open (sys.argv[1]))
for f in d["functions"]:
    if f["name"] == sys.argv[2]:
        c = f["calls"]
        print (c if isinstance (c, int) else "%s %s" % (c["base"], c["new"]))
' "$1" "$2" 2>&1
}

# GNU's -A summary counts the lines it labels ##### as executed (a GNU
# bug, gprof-diff-lines.sh): masked on both sides.
mask_executed () {
	sed -E 's/^ +[0-9]+   Lines executed$/[executed]/;
		s/^ +[0-9.]+   Percent of the file executed$/[percent]/' "$1"
}

first=
for b in $bm_boards; do
	bm_board "$b"
	bm_build c-$b -- "$BM_PROGRAMS/calls.c"
	bm_run run-$b "$work/c-$b" $BM_ICOUNT
	if [ "$bm_status" = 0 ] && [ -s run-$b/gmon.out ] &&
		grep -q '^calls: done' run-$b/console; then
		ok "$b: the program ran and wrote gmon.out ($(wc -c <run-$b/gmon.out) bytes)"
	else
		bad "$b: exit $bm_status, gmon.out: $(ls -l run-$b/gmon.out 2>&1); console: $(head -c 300 run-$b/console)"
		continue
	fi
	g=run-$b/gmon.out

	# Exact counts, as GNU gprof reads them.
	got=
	for f in main leaf tenth fact hot; do
		got="$got $f=$(bm_calls c-$b "$g" $f)"
	done
	want=" main=1 leaf=22000 tenth=2000 fact=1+9 hot=200"
	if [ "$got" = "$want" ]; then
		ok "$b: exact calls in $(basename "$GNU_GPROF"):$got"
	else
		bad "$b: calls:$got, not$want"
	fi
	top=$(bm_top c-$b "$g")
	if [ "$top" = hot ]; then
		ok "$b: hot is on top of the flat profile"
	else
		bad "$b: $top is on top of the flat profile, not hot"
		"$GNU_GPROF" -b -p c-$b "$g" | head -12
	fi

	# The runtime's RAM, all of it in its budget.
	ram=$(bm_ram c-$b)
	if [ "$ram" = 4096 ]; then
		ok "$b: libgmon's RAM in the link map: $ram bytes, GMON_RAM_DEFAULT"
	else
		bad "$b: libgmon's RAM in the link map: $ram bytes, not 4096"
		grep -n 'libgmon\.a(' c-$b.map | grep -i 'bss\|data' | head
	fi

	# Ours prints what the target's GNU gprof prints.
	for o in "-b" "-b -p" "-b -q" "-b -i"; do
		# shellcheck disable=SC2086
		bm_same "$b" c-$b "$g" $o
	done
	# picolibc's code of #include'd files, compiled with DWARF 5:
	# libbfd names the including file (gnubug/dwarf5-file), in the
	# index of every function (-z): the files' names taken out.
	bm_known gnubug/dwarf5-file 's/ \([A-Za-z0-9_.-]+\.[ch]\)//g; s/ +/ /g'
	bm_same "$b" c-$b "$g" -b -z
	if [ "$bm_arch" = arm ]; then
		# Thumb: libbfd answers differently in GNU's two passes
		# over .text for the first byte of some functions, whose
		# first line symbol then starts a byte late, on no
		# instruction (gnubug/line-miscount): the addresses taken
		# out; ours are all even.
		bm_known gnubug/line-miscount 's/ @ [0-9a-f]+\)/)/'
		bm_same "$b" c-$b "$g" -b -l -p
		if grep -q '@ [0-9a-f]*[13579bdf])' ours.out; then
			bad "$b: a line symbol of ours at an odd address: $(grep '@ [0-9a-f]*[13579bdf])' ours.out | head -3)"
		fi
	else
		bm_same "$b" c-$b "$g" -b -l
		bm_same "$b" c-$b "$g" -b -l -p
	fi
	"$GNU_GPROF" -A c-$b "$g" >gnu.A 2>gnu.err
	"$GPROF" -A c-$b "$g" >ours.A 2>ours.err
	mask_executed gnu.A >gnu.Am
	mask_executed ours.A >ours.Am
	same_file "$b: gprof -A identical to $(basename "$GNU_GPROF")" \
		gnu.Am ours.Am
	# Our stderr: nothing, but on RISC-V the note that the machine
	# timer's clock was assumed (QEMU's 10 MHz, the default), for
	# every sample.
	samples=$("$GMONDUMP" -e c-$b "$g" | awk '$1 == "total:" { }
		/^  0x/ { s += $2 } END { print s + 0 }')
	case $bm_arch in
	riscv) want="gprof: $g: warning: $samples samples timed by a clock whose rate the runtime assumed: the times may be off; give the clock's rate (SystemCoreClock, GMON_CONFIG's .clock_hz)" ;;
	*) want= ;;
	esac
	if [ "$(cat ours.err)" = "$want" ]; then
		ok "$b: our gprof's standard error: ${want:-nothing}"
	else
		bad "$b: our gprof said on stderr: $(head -c 400 ours.err); not: ${want:-nothing}"
	fi

	# The exports read it: leaf's calls in the JSON export, its
	# calls from main and from tenth in the Callgrind export.
	if "$GPROF" --export=json:c-$b.json -b -p c-$b "$g" >/dev/null 2>ex.err &&
		[ "$(json_calls c-$b.json leaf)" = 22000 ]; then
		ok "$b: --export=json has leaf's 22000 calls"
	else
		bad "$b: --export=json: $(head -c 300 ex.err) $(json_calls c-$b.json leaf | head -c 300)"
	fi
	if "$GPROF" --export=callgrind:c-$b.cg -b -p c-$b "$g" >/dev/null 2>ex.err &&
		grep -q '^calls=20000 ' c-$b.cg && grep -q '^calls=2000 ' c-$b.cg; then
		ok "$b: --export=callgrind has leaf's 20000 + 2000 calls"
	else
		bad "$b: --export=callgrind: $(head -c 300 ex.err)"
	fi

	# --diff-base: this board against the first (another build of the
	# same program): the calls never change.
	if [ -n "$first" ]; then
		if "$GPROF" --diff-base="run-$first/gmon.out" \
			--diff-base-exe="c-$first" --diff-format=json \
			c-$b "$g" >diff.json 2>diff.err &&
			[ "$(json_calls diff.json leaf)" = "22000 22000" ]; then
			ok "$b: --diff-base against $first: leaf's calls 22000 on both"
		else
			bad "$b: --diff-base against $first: $(head -c 300 diff.err) $(json_calls diff.json leaf | head -c 300)"
		fi
	fi
	[ -n "$first" ] || first=$b
done
finish

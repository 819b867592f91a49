#!/bin/sh
# rt-objects.sh - shared libraries and time outside the program.
#
#   -pg libraries, linked and dlopen'ed, get their own classic files in
#   gmon.out-objs/, in their own link-time addresses, which GNU gprof
#   reads as `gprof LIB FILE'; two libraries of the same name get two
#   files; gmon.out stays the classic file of the program alone; the
#   companion objects.gmonx has the load map (paths, build ids) and the
#   calls between objects, at the right addresses; time in libm and
#   libc is kept, so the samples of all objects add up to the CPU time;
#   GMON_OBJECTS=0 writes the program's file only; files of objects a
#   later run did not load are removed.  (glibc keeps none of this: 0
#   samples and 0 arcs for a library that burns a second.)

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

objs=gmon.out-objs

mkdir d1 d2
$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o libpga.so \
	"$PROGRAMS/rt-dso-a.c" || hard_error "cannot build libpga.so"
$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o d1/libsame.so \
	"$PROGRAMS/rt-dso-s.c" || hard_error "cannot build d1/libsame.so"
# The second libsame.so differs (another build id) but has the same
# name and functions.
$CC $RT_CFLAGS_TEST -O0 -pg -fPIC -shared -o d2/libsame.so \
	"$PROGRAMS/rt-dso-s.c" || hard_error "cannot build d2/libsame.so"
RT_LIBS="-L. -lpga -Wl,-rpath,$work -ldl -lm" \
	rt_cc prog "$PROGRAMS/rt-dso.c" -O2 -pg -I"$top_srcdir/include"

# gmondump lines of the companion, and the fields of one object.
companion () { "$GMONDUMP" "$objs/objects.gmonx"; }
obj_field () {	# PATH-PATTERN FIELD
	companion | awk -v p="$1" -v f="$2" '$1 == "object" && $NF ~ p {
		for (i = 1; i <= NF; i++)
			if (index ($i, f "=") == 1) {
				print substr ($i, length (f) + 2); exit } }'
}
obj_id () { companion | awk -v p="$1" '$1 == "object" && $NF ~ p { print $2; exit }'; }
hist_samples () {	# FILE: the samples of its histograms
	"$GMONDUMP" -s "$1" | awk '$1 == "hist" {
		for (i = 2; i <= NF; i++)
			if ($i ~ /^samples=/) s += substr ($i, 9) }
		END { print s + 0 }'
}

run_prog ./prog >out 2>err || bad "the program failed"
quiet_stderr "libraries" err
check "the object directory is there, with its companion" \
	test -f "$objs/objects.gmonx"

# The libraries, each read by GNU gprof with its own symbols.
for f in libpga.so.gmon libsame.so.gmon "libsame.so~2.gmon"; do
	check "$objs/$f is there" test -f "$objs/$f"
done
expect_calls libpga.so "$objs/libpga.so.gmon" a_inner 1000
expect_graph libpga.so "$objs/libpga.so.gmon" \
	'1000/1000 +a_outer' "a_inner called 1000 times from a_outer"
expect_calls d1/libsame.so "$objs/libsame.so.gmon" s_inner 111
expect_calls d2/libsame.so "$objs/libsame.so~2.gmon" s_inner 222
by_libgmon "libpga.so.gmon" "$objs/libpga.so.gmon"

# gmon.out is the program's classic file: every address in it lies in
# the program, and nothing of the libraries is there.
lo=$(nm prog | awk '$2 ~ /^[Tt]$/ { print $1 }' | sort | head -1)
hi=$(nm prog | awk '$2 ~ /^[Tt]$/ { print $1 }' | sort | tail -1)
outside=0
"$GMONDUMP" gmon.out >dump.txt
while read -r kind a b rest; do
	case $kind in
	hist)	[ $((a)) -ge $((0x$lo - 4096)) ] &&
			[ $((b)) -le $((0x$hi + 4096)) ] ||
			outside=$((outside + 1)) ;;
	arc)	for x in $a $b; do
			[ $((x)) -ge $((0x$lo)) ] && [ $((x)) -le $((0x$hi + 4096)) ] ||
				outside=$((outside + 1))
		done ;;
	esac
done <dump.txt
check "gmon.out: every address is the program's ($outside are not)" \
	test "$outside" = 0
check "gmon.out: one histogram" \
	test "$("$GMONDUMP" -s gmon.out | grep -c '^hist')" -eq 1
[ -z "$(flat_calls prog gmon.out a_inner)" ] ||
	bad "gmon.out has the library's a_inner"
gnu_gprof -b prog gmon.out >/dev/null 2>&1 ||
	bad "GNU gprof cannot read gmon.out"

# The companion: the load map.
main=$(obj_id '/prog$')
pga=$(obj_id '/libpga.so$')
s1=$(obj_id '/d1/libsame.so$')
s2=$(obj_id '/d2/libsame.so$')
check "the companion lists the program ($main), libpga ($pga), both libsame ($s1, $s2)" \
	test -n "$main" -a -n "$pga" -a -n "$s1" -a -n "$s2"
check "the program is object 0, its file ../gmon.out" \
	test "$main" = 0 -a "$(obj_field '/prog$' file)" = ../gmon.out
check "libpga's file is libpga.so.gmon" \
	test "$(obj_field '/libpga.so$' file)" = libpga.so.gmon
check "d2/libsame.so's file is libsame.so~2.gmon, and it is unloaded" \
	test "$(obj_field '/d2/libsame.so$' file)" = 'libsame.so~2.gmon' \
	-a -n "$(companion | awk '$1 == "object" && / unloaded / && /d2\/libsame/')"
want=$(readelf -n libpga.so | awk '/Build ID/ { print $3 }')
check "libpga's build id is its note ($want)" \
	test -n "$want" -a "$(obj_field '/libpga.so$' build-id)" = "$want"

# The calls between objects, at link-time addresses inside the right
# functions: main -> a_outer, a_callback -> prog_cb, each s_work ->
# prog_cb.
in_func () {	# FILE FUNC ADDR(hex): ADDR inside FUNC of FILE
	set -- $(nm -S "$1" | awk -v f="$2" '$4 == f { print $1, $2; exit }') "$3"
	[ $# -eq 3 ] && [ $(($3)) -ge $((0x$1)) ] &&
		[ $(($3)) -lt $((0x$1 + 0x$2)) ]
}
# cross_arc FROM_ID FROM_FILE FROM_FUNC SELF_ID SELF_FILE SELF_FUNC
# COUNT DESC: one arc between those functions, with that count.
cross_arc () {
	companion | awk -v f="$1" -v s="$4" '$1 == "arc" {
		split ($2, a, ":"); split ($3, b, ":")
		if (a[1] == f && b[1] == s) print a[2], b[2], $4 }' >arcs.txt
	_found=
	while read -r _from _self _count; do
		if in_func "$2" "$3" "$_from" && in_func "$5" "$6" "$_self"; then
			_found=$_count
		fi
	done <arcs.txt
	if [ "$_found" = "$7" ]; then
		ok "$8: $7 calls"
	else
		bad "$8: '$_found' calls, expected $7 (arcs: $(cat arcs.txt))"
	fi
}
cross_arc "$main" prog main "$pga" libpga.so a_outer 1 "main -> a_outer"
cross_arc "$pga" libpga.so a_callback "$main" prog prog_cb 300 \
	"a_callback -> prog_cb"
cross_arc "$s1" d1/libsame.so s_work "$main" prog prog_cb 1 \
	"s_work of d1/libsame.so -> prog_cb"
cross_arc "$s2" d2/libsame.so s_work "$main" prog prog_cb 1 \
	"s_work of d2/libsame.so -> prog_cb"
cross_arc "$main" prog call_same "$s2" d2/libsame.so s_work 1 \
	"call_same -> s_work of d2/libsame.so (through a pointer)"

# Time: a second in libm and libc, which the program's histogram does
# not hold and glibc drops; here all objects together hold the CPU
# time.
rm -rf gmon.out "$objs"
run_prog ./prog libs 600 >out 2>err || bad "libs: the program failed"
quiet_stderr "libs" err
set -- $(companion | awk '$1 == "process" {
	for (i = 2; i <= NF; i++) { split ($i, kv, "="); v[kv[1]] = kv[2] }
	print v["samples"], v["unknown"], v["rate"] }')
samples=$1 unknown=$2 rate=$3
# The CPU time from main () on, which rt-dso measures: the companion's
# cpu_ns holds the start-up before the clocks start, under qemu-user
# 60 to 110 ms (0.83 of it sampled, once, on a busy machine).
cpu_ns=$(awk '$1 == "cpu_us" { print $2 * 1000 }' out)
sum=0
for f in gmon.out "$objs"/*.gmon; do
	n=$(hist_samples "$f")
	sum=$((sum + n))
done
check "libs: the histograms hold every sample ($sum of $samples, $unknown in no object)" \
	test "$sum" -eq "$samples" -a "$unknown" -eq 0
if awk -v s="$samples" -v r="$rate" -v c="$cpu_ns" \
	'BEGIN { t = s / r; exit !(c > 0 && t / (c / 1e9) > 0.85 &&
				    t / (c / 1e9) < 1.15) }'; then
	ok "libs: $samples samples at $rate Hz for $cpu_ns ns of CPU"
else
	bad "libs: $samples samples at $rate Hz for $cpu_ns ns of CPU"
fi
prog_s=$(hist_samples gmon.out)
libm_s=$(obj_field '/libm.so' samples)
check "libs: libm has a good part of them ($libm_s), the program few ($prog_s)" \
	test -n "$libm_s" -a "${libm_s:-0}" -gt $((samples / 5)) \
	-a "$prog_s" -lt $((samples / 2))
if qemu && [ ! -f "$objs/libc.so.6.gmon" ]; then
	# qemu's memcpy of a small buffer is over in a few instructions:
	# no sample may fall in libc there.
	check "libs: libm.so.6.gmon is there" test -f "$objs/libm.so.6.gmon"
	not_under_qemu "libs: no sample fell in libc's memcpy"
else
check "libs: libm.so.6.gmon and libc.so.6.gmon are there" \
	test -f "$objs/libm.so.6.gmon" -a -f "$objs/libc.so.6.gmon"
fi

# A later run that loads fewer libraries leaves no stale files.
run_prog ./prog >/dev/null 2>&1 || bad "the program failed"
check "libsame.so.gmon is back" test -f "$objs/libsame.so.gmon"
run_prog ./prog nodl >/dev/null 2>err || bad "nodl: the program failed"
check "nodl: the libsame files of the run before are gone" \
	test ! -e "$objs/libsame.so.gmon" -a ! -e "$objs/libsame.so~2.gmon"
check "nodl: libpga.so.gmon is still there" test -f "$objs/libpga.so.gmon"

# Two runs' files of a library add up in GNU gprof: their histogram
# records cover the same chunks of the library, or disjoint ones.
mkdir sum
GMON_OUT_PREFIX=sum/r run_prog ./prog nodl >/dev/null 2>&1 || bad "sum: failed"
GMON_OUT_PREFIX=sum/r run_prog ./prog nodl >/dev/null 2>&1 || bad "sum: failed"
set -- sum/r-objs.*/libpga.so.gmon
check "sum: two runs, two libpga.so.gmon" test $# -eq 2 -a -f "$1" -a -f "$2"
_got=$(gnu_gprof -b -p libpga.so "$@" 2>&1 |
	awk '$NF == "a_inner" && NF == 7 { print $4 }')
check "sum: GNU gprof adds them: a_inner called $_got times" \
	test "$_got" = 2000

# GMON_OBJECTS=0: the program's file, nothing else.
rm -rf gmon.out "$objs"
GMON_OBJECTS=0 run_prog ./prog >/dev/null 2>err || bad "GMON_OBJECTS=0: failed"
quiet_stderr "GMON_OBJECTS=0" err
check "GMON_OBJECTS=0: gmon.out only" test -f gmon.out -a ! -e "$objs"
gnu_gprof -b prog gmon.out >/dev/null 2>&1 ||
	bad "GMON_OBJECTS=0: GNU gprof cannot read gmon.out"

# A dump in the middle writes the same set, and the one at exit
# replaces it.
rm -rf gmon.out "$objs"
run_prog ./prog dump >/dev/null 2>err || bad "dump: the program failed"
quiet_stderr "dump" err
expect_calls libpga.so "$objs/libpga.so.gmon" a_inner 1000
check "dump: the companion says the last dump was at exit" \
	test -n "$(companion | awk '$1 == "process" && / end=exit /')"

finish

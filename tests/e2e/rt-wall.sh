#!/bin/sh
# rt-wall.sh - GMON_CLOCK=wall: samples of real time.
#
#   rt-wall.c computes 450 ms and sleeps 600 ms in nanosleep, and waits
#   150 ms for a lock.  With the CPU clock (the default) the samples
#   add up to the CPU time and the sleep is not there; with the wall
#   clock they add up to the threads' real time, the sleep is in libc's
#   clock_nanosleep (where the thread waited), the histogram's
#   dimension says "wall secs" (GNU gprof: "Each sample counts as 0.001
#   wall secs."), GNU gprof refuses to add a wall profile to a CPU one,
#   and the sampler never cuts a sleep short (no EINTR).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-wall.c" -O2 -pg -pthread

# process_field NAME: a field of the companion's process line.
process_field () {
	"$GMONDUMP" gmon.out-objs/objects.gmonx |
		awk -v f="$1" '$1 == "process" { for (i = 2; i <= NF; i++) {
			split ($i, kv, "="); if (kv[1] == f) print kv[2] } }'
}
# near DESC GOT WANT: GOT within 15% of WANT (seconds).
near () {
	if awk -v g="$2" -v w="$3" 'BEGIN { exit !(w > 0 && g / w > 0.85 &&
						   g / w < 1.15) }'; then
		ok "$1: $2 s, expected $3 s"
	else
		bad "$1: $2 s, expected $3 s"
	fi
}

for clock in cpu wall; do
	mkdir $clock && cd $clock || hard_error "mkdir $clock"
	GMON_CLOCK=$clock ../prog >out 2>err || bad "$clock: the program failed"
	quiet_stderr "$clock" err
	check "$clock: no sleep was cut short" grep -qx 'eintr 0' out
	samples=$(process_field samples)
	rate=$(process_field rate)
	cpu=$(process_field cpu_ns)
	wall=$(process_field wall_ns)
	secs=$(awk -v s="$samples" -v r="$rate" 'BEGIN { print s / r }')
	gnu_gprof -b -p ../prog gmon.out >flat.txt 2>&1 ||
		bad "$clock: GNU gprof cannot read gmon.out"
	if [ $clock = cpu ]; then
		near "cpu: the samples add up to the CPU time" "$secs" \
			"$(awk -v c="$cpu" 'BEGIN { print c / 1e9 }')"
		check "cpu: GNU gprof says seconds" \
			grep -qx 'Each sample counts as 0.001 seconds.' flat.txt
	else
		# The worker thread lives about 150 ms beside the main one.
		wms=$(awk '$1 == "worker_ms" { print $2 }' out)
		near "wall: the samples add up to the threads' real time" \
			"$secs" "$(awk -v w="$wall" -v k="$wms" \
				   'BEGIN { print w / 1e9 + k / 1e3 }')"
		check "wall: GNU gprof says wall secs" \
			grep -qx 'Each sample counts as 0.001 wall secs.' flat.txt
		check "wall: and so do its columns" \
			grep -q '^ time wall secs  wall sec    calls' flat.txt
		# Where the time asleep went: libc's clock_nanosleep.
		libc=$(ldd ../prog | awk '/libc\.so/ { print $3 }')
		"$GMONDUMP" gmon.out-objs/libc.so.6.gmon |
			awk '$1 ~ /^0x/' | sort -k2n | tail -1 >top.txt
		read -r addr count <top.txt
		fn=$(nm -D -S --defined-only "$libc" | while read -r a s t n; do
			[ $((addr)) -ge $((0x$a)) ] &&
				[ $((addr)) -lt $((0x$a + 0x$s)) ] &&
				{ echo "$n"; break; }
			done)
		case $fn in
		*nanosleep*) ok "wall: $count samples in libc's $fn" ;;
		*)	bad "wall: libc's busiest place is '$fn' ($addr)" ;;
		esac
		check "wall: about the 600 ms asleep ($count samples)" \
			test "${count:-0}" -gt 500 -a "${count:-0}" -lt 720
	fi
	compute=$(flat_self ../prog gmon.out compute)
	if [ $clock = cpu ]; then
		near "cpu: compute's time" "$compute" 0.45
	else
		# Its real time: more than its CPU time when it waits for
		# a CPU (a loaded machine).
		check "wall: compute's time ($compute s) is its CPU time or more" \
			awk -v c="$compute" 'BEGIN { exit !(c > 0.4 && c < 1.5) }'
	fi
	cd ..
done

if gnu_gprof -b -p prog cpu/gmon.out wall/gmon.out >sum.txt 2>&1; then
	bad "GNU gprof added a wall profile to a CPU one"
else
	check "GNU gprof refuses to add a wall profile to a CPU one" \
		grep -q 'dimension unit changed' sum.txt
fi

finish

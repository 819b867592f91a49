#!/bin/sh
# rt-wide.sh - counts never wrap.  In memory they are 64-bit; in the
# file a bin above 65535 samples and an arc above 2^32-1 calls go on in
# further records, which GNU gprof adds up (glibc wraps both: 69999
# samples read as 4463, 4.4e9 calls as 105032704).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

# Through the runtime's own tables and histogram (rt-wide.c raises the
# counts in place): 2^32 + 5 calls, 70000 samples.
rt_cc_static prog "$PROGRAMS/rt-wide.c" -O2 -pg -I"$top_srcdir"
GMON_RATE=1000 run_prog ./prog >out 2>err || bad "rt-wide failed: $(cat out)"
quiet_stderr "injected" err
"$GMONDUMP" -s gmon.out >dump.txt
cat dump.txt
check "the wide bin takes two histogram records" \
	test "$(grep -c '^hist' dump.txt)" -eq 2
expect_calls prog gmon.out leaf 4294967301
self=$(flat_self prog gmon.out leaf)
check "GNU gprof: leaf has 70.00 seconds ($self)" test "$self" = 70.00

# A real run: a loop in one 64-byte bin, 100000 samples per CPU second
# (the tick-bound timer clock, each signal weighted by its overruns,
# which any machine has), until the process has run 0.9 s of CPU: about
# 90000 samples, whatever the load (the clock counts CPU time, and the
# periods a late signal missed come as its overruns).  Fewer than 0.8
# of them means the sampler lost samples, not that the machine was
# busy.
rm -f gmon.out
GMON_SAMPLER=timer GMON_RATE=100000 GMON_BIN_SIZE=64 \
	run_prog ./prog tight 900 >out 2>err || bad "rt-wide tight failed"
quiet_stderr "tight" err
"$GMONDUMP" gmon.out >dump.txt
nrec=$(grep -c '^hist' dump.txt)
samples=$(awk '$1 == "hist" { for (i = 1; i <= NF; i++)
	if ($i ~ /^samples=/) { sub ("samples=", "", $i); s += $i } }
	END { print s + 0 }' dump.txt)
check "tight: $samples samples at 100000 Hz for 0.9 s of CPU (72000 or more)" \
	test "$samples" -ge 72000
check "tight: $samples samples take $nrec histogram records (2 or more)" \
	test "$nrec" -ge 2
# GNU gprof shares a bin between the functions it overlaps (tight is
# shorter than 64 bytes), so compare the total.
total=$(flat_total prog gmon.out)
want=$(awk -v s="$samples" 'BEGIN { printf "%.2f", s / 100000 }')
if awk -v t="$total" -v w="$want" \
	'BEGIN { d = t - w; exit !(d < 0.015 && d > -0.015) }'; then
	ok "GNU gprof: $total s of the $want s sampled"
else
	bad "GNU gprof: $total s, the file has $want s"
fi

finish

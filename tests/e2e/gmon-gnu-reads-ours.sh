#!/bin/sh
# gmon-gnu-reads-ours.sh - GNU gprof reads the files our writer makes,
# with the values we wrote, including counts too wide for the fields:
# a bin of 150000 samples (16-bit field) and an arc of 2^32+7 calls
# (32-bit field) come out whole.

. "$top_srcdir/tests/e2e/lib.sh"
need_gnu_gprof

cat >prog.c <<'SRC'
int leaf (int x) { return x * 3; }
int fib (int n) { return n < 2 ? n : fib (n - 1) + fib (n - 2); }
int main (void) { return leaf (fib (3)) & 1; }
SRC
$CC -O0 -fno-pie -no-pie -o prog prog.c || hard_error "cannot compile"

leaf=$(sym_addr prog leaf)
fib=$(sym_addr prog fib)
main=$(sym_addr prog main)
[ -n "$leaf" ] && [ -n "$fib" ] && [ -n "$main" ] ||
	hard_error "nm found no leaf/fib/main"
low=$(printf '%x' $((0x$leaf & ~0xff)))
high=$(printf '%x' $((0x$low + 0x1000)))

# 2-byte bins; rate 1000 Hz, so 150000 samples are 150 seconds.
cat >prof.txt <<EOT
hist 0x$low 0x$high bins=2048 rate=1000
  0x$leaf 150000
  0x$fib 70000
arc 0x$(printf '%x' $((0x$main + 9))) 0x$(printf '%x' $((0x$leaf + 4))) 4294967303
arc 0x$(printf '%x' $((0x$main + 20))) 0x$(printf '%x' $((0x$fib + 4))) 5
EOT
"$GMONMAKE" -o gmon.out <prof.txt || hard_error "gmonmake failed"

"$GMONDUMP" -s gmon.out >dump.txt
check "the bin of 150000 samples takes three histogram records" \
	grep -q '^total: 3 histogram, 3 arc (4294967308 calls)' dump.txt

gnu_gprof -b -p prog gmon.out >flat.txt 2>err.txt ||
	bad "GNU gprof failed: $(cat err.txt)"
cat flat.txt
check "GNU gprof: 'Each sample counts as 0.001 seconds'" \
	grep -q 'Each sample counts as 0.001 seconds' flat.txt
check "GNU gprof: leaf has 150.00 s of self time and 4294967303 calls" \
	awk '$NF == "leaf" && $3 == "150.00" && $4 == "4294967303" { f = 1 }
	     END { exit !f }' flat.txt
check "GNU gprof: fib has 70.00 s of self time" \
	awk '$NF == "fib" && $3 == "70.00" { f = 1 } END { exit !f }' flat.txt

gnu_gprof -b -q prog gmon.out >graph.txt
check "GNU gprof: the call graph shows 4294967303/4294967303" \
	grep -q '4294967303/4294967303 *leaf' graph.txt

# Basic-block counts: GNU gprof -l -C reads the block record.
cat >>prof.txt <<EOT
bb 1
  0x$leaf 123456
EOT
"$GMONMAKE" -o gmon-bb.out <prof.txt || hard_error "gmonmake failed"
gnu_gprof -l -C prog gmon-bb.out >c.txt 2>/dev/null
check "GNU gprof -l -C reads the basic-block count" \
	grep -q "(leaf:0x$leaf) 123456 executions" c.txt

finish

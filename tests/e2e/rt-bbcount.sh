#!/bin/sh
# rt-bbcount.sh - basic-block execution counts.
#
#   A program built with -fsanitize-coverage=trace-pc (gcc) or
#   trace-pc-guard (clang) and linked with libgmon gets basic-block
#   records in gmon.out, exact with any number of threads, which GNU
#   gprof reads: -l -C lists the counts by line, -l -A -x annotates the
#   source with them (-z too when the program has no -pg call counts:
#   GNU gprof skips files whose functions have none).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

src=$PROGRAMS/rt-bb.c
then_line=$(grep -n 'THEN \*/' "$src" | cut -d: -f1)
else_line=$(grep -n 'ELSE \*/' "$src" | cut -d: -f1)
n=1000000
then_n=$(( (n + 2) / 3 ))
else_n=$(( n - then_n ))

# line_count EXE LINE: the executions GNU gprof -l -C gives a line
# (the sum of its blocks).
line_count () {
	gnu_gprof -b -l -C "$1" gmon.out 2>/dev/null |
		awk -v l="rt-bb.c:$2:" 'index ($1, l) { s += $(NF - 1) }
			END { print s + 0 }'
}

# exact DESC EXE THREADS: the counts of the THEN and ELSE blocks.
exact () {
	rm -f gmon.out
	run_prog ./"$2" "$3" $n >out 2>err || bad "$1: the program failed"
	quiet_stderr "$1" err
	_t=$(line_count "$2" "$then_line")
	_e=$(line_count "$2" "$else_line")
	if [ "$_t" = $(($3 * then_n)) ] && [ "$_e" = $(($3 * else_n)) ]; then
		ok "$1, $3 threads: THEN $_t, ELSE $_e executions"
	else
		bad "$1, $3 threads: THEN $_t, ELSE $_e executions," \
			"expected $(($3 * then_n)), $(($3 * else_n))"
	fi
}

rt_cc bb "$src" -O0 -g -fsanitize-coverage=trace-pc -pthread
for t in 1 4 8; do
	exact "trace-pc" bb $t
done
check "the blocks are in a basic-block record" \
	grep -q '^bb ' "$("$GMONDUMP" -s gmon.out >d.txt; echo d.txt)"
gnu_gprof -l -A -x -z bb gmon.out >ann.txt 2>&1
check "gprof -l -A -x -z annotates the THEN line with its count" \
	grep -Eq "(^|[ ,])$((8 * then_n))[ ,].*THEN" ann.txt

# With -pg too: calls and blocks in one file.
rt_cc bbpg "$src" -O0 -g -pg -fsanitize-coverage=trace-pc -pthread
exact "trace-pc and -pg" bbpg 4
gnu_gprof -l -A -x bbpg gmon.out >ann.txt 2>&1
check "gprof -l -A -x annotates the THEN line with its count" \
	grep -Eq "(^|[ ,])$((4 * then_n))[ ,].*THEN" ann.txt
expect_calls bbpg gmon.out count_to 4

# The static archive.
rt_cc_static bba "$src" -O0 -g -fsanitize-coverage=trace-pc -pthread
exact "libgmon.a" bba 4

# clang: trace-pc-guard.  Its driver links a sanitizer runtime of its
# own with default (weak) hooks into the program, which would take
# the calls; -fno-sanitize-link-runtime leaves them to libgmon.
if [ -n "${CLANG:-}" ] && command -v "$CLANG" >/dev/null 2>&1; then
	"$CLANG" $RT_CLANG_TARGET -O0 -g -fsanitize-coverage=trace-pc-guard \
		-fno-sanitize-link-runtime -o bbc "$src" -L"$LIBGMON_DIR" \
		-lgmon -Wl,-rpath,"$LIBGMON_DIR" -lpthread ||
		hard_error "cannot build with clang"
	exact "clang trace-pc-guard" bbc 4
else
	missing_tool "clang" "trace-pc-guard (clang's block counts)"
fi

finish

#!/bin/sh
# gprof-objects.sh - gprof --objects: the program and its shared
# libraries in one flat profile and one call graph.
#
#   From gmon.out and the files libgmon writes beside it
#   (gmon.out-objs/): the functions of each library, named
#   FUNCTION@LIBRARY (two libraries of one name apart), with their calls
#   and samples; the calls between the program and the libraries in the
#   call graph; the time in libm and libc in the flat profile, so that
#   its total is the process's CPU time; two processes' profiles added
#   up; the program's PLT entries named as a library's (NAME@plt), not
#   charged to _init.  Without --objects the output is GNU gprof's,
#   byte for byte.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
[ -x "$GPROF" ] || hard_error "gprof was not built ($GPROF)"

mkdir d1 d2
$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o libpga.so \
	"$PROGRAMS/rt-dso-a.c" || hard_error "cannot build libpga.so"
$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o d1/libsame.so \
	"$PROGRAMS/rt-dso-s.c" || hard_error "cannot build d1/libsame.so"
$CC $RT_CFLAGS_TEST -O0 -pg -fPIC -shared -o d2/libsame.so \
	"$PROGRAMS/rt-dso-s.c" || hard_error "cannot build d2/libsame.so"
RT_LIBS="-L. -lpga -Wl,-rpath,$work -ldl -lm" \
	rt_cc prog "$PROGRAMS/rt-dso.c" -O2 -pg -I"$top_srcdir/include"

# ours_calls FUNC: FUNC's calls in our --objects flat profile.
ours_calls () {
	awk -v f="$1" '$NF == f && NF == 7 { print $4; exit }' flat.txt
}
expect () {	# FUNC N
	_got=$(ours_calls "$1")
	if [ "$_got" = "$2" ]; then
		ok "--objects: $1 called $2 times"
	else
		bad "--objects: $1 called '$_got' times, expected $2"
	fi
}

run_prog ./prog >out 2>err || bad "the program failed"
"$GPROF" -b -p --objects prog gmon.out >flat.txt 2>err ||
	bad "gprof --objects failed: $(cat err)"
quiet_stderr "gprof --objects" err
expect a_inner@libpga.so 1000
expect a_outer@libpga.so 1
expect s_inner@libsame.so 111
expect 's_inner@libsame.so~2' 222
expect prog_cb 302
"$GPROF" -b -q --objects prog gmon.out >graph.txt 2>err ||
	bad "gprof -q --objects failed"
check "the graph: main calls a_outer@libpga.so" \
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +1/1 +a_outer@libpga.so \[' graph.txt
check "the graph: prog_cb's callers include a_callback@libpga.so (300)" \
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +300/302 +a_callback@libpga.so \[' graph.txt
check "the graph: and s_work of each libsame.so" \
	grep -Eq '1/302 +s_work@libsame.so~2 \[' graph.txt
# (named by address, libc.so.6+0x..., where libc has only its exported
# symbols: its start-up function is static.)
check "the graph: a function of libc calls main (libc's start-up)" \
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +1/1 +([^ ]+@libc\.so\.6|libc\.so\.6\+0x[0-9a-f]+) \[' graph.txt

# Each file is read once: the companion too, which the symbols need
# before the profile is read (it was found and read twice).
if command -v strace >/dev/null 2>&1 &&
   strace -f -o /dev/null true >/dev/null 2>&1; then
	# (LeakSanitizer cannot run under ptrace: in the sanitizer build
	# it ends gprof with status 1.  The leaks are checked on the other
	# runs of gprof here.)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -e trace=openat -o strace.txt \
		"$GPROF" -b -p --objects prog gmon.out >/dev/null 2>strace.err ||
		bad "gprof --objects under strace failed: $(tail -n 3 strace.err)"
	for _f in objects.gmonx libpga.so.gmon; do
		check "--objects opens $_f once" \
			test "$(grep -c "gmon\.out-objs/$_f\"" strace.txt)" = 1
	done
else
	echo "note: no strace (or no ptrace here): the opens are not counted"
fi

# Without --objects: GNU gprof's output, byte for byte, and its
# messages, but for the note about the time left in shared libraries
# (which a run that got few samples of its own, on a busy machine, may
# earn: hint-left-out.sh tests it).
"$GPROF" -b prog gmon.out >ours.txt 2>ours.err
gnu_gprof -b prog gmon.out >gnu.txt 2>gnu.err
same_file "without --objects, the output is GNU gprof's" gnu.txt ours.txt
grep -v '^gprof: gmon.out: note: [0-9]*% of the samples are in .*, left out of this report: add --objects to see them$' \
	ours.err >ours.err2
same_file "without --objects, GNU gprof's messages" gnu.err ours.err2

# Time in libm and libc: in the flat profile, all of it.
rm -rf gmon.out gmon.out-objs
run_prog ./prog libs 500 >out 2>err || bad "libs: the program failed"
"$GPROF" -b -p --objects prog gmon.out >flat.txt 2>err ||
	bad "libs: gprof --objects failed: $(cat err)"
total=$(awk 'NR > 4 && NF >= 4 && $1 ~ /^[0-9.]+$/ { t = $2 } END { print t + 0 }' flat.txt)
libm=$(awk '$NF ~ /@libm\.so/ { s += $3 } END { print s + 0 }' flat.txt)
cpu=$("$GMONDUMP" gmon.out-objs/objects.gmonx |
	sed -n 's/.* cpu_ns=\([0-9]*\) .*/\1/p')
if awk -v t="$total" -v c="$cpu" 'BEGIN { c /= 1e9;
	exit !(c > 0 && t / c > 0.85 && t / c < 1.15) }'; then
	ok "libs: the flat profile holds $total s of $cpu ns of CPU"
else
	bad "libs: the flat profile holds $total s of $cpu ns of CPU"
fi
check "libs: libm's functions have a good part of it ($libm s)" \
	awk -v l="$libm" -v t="$total" 'BEGIN { exit !(l > t / 5) }'
prog_total=$(gnu_gprof -b -p prog gmon.out 2>/dev/null |
	awk 'NR > 4 && NF >= 4 && $1 ~ /^[0-9.]+$/ { t = $2 } END { print t + 0 }')
check "libs: the program's own file has little of it ($prog_total s)" \
	awk -v p="$prog_total" -v t="$total" 'BEGIN { exit !(p < t / 2) }'

# Two processes: their profiles add up, libraries included.
mkdir two
GMON_OUT_PREFIX=two/p run_prog ./prog nodl >/dev/null 2>&1 || bad "two: failed"
GMON_OUT_PREFIX=two/p run_prog ./prog nodl >/dev/null 2>&1 || bad "two: failed"
set -- two/p.[0-9]*
"$GPROF" -b -p --objects prog "$@" >flat.txt 2>err ||
	bad "two: gprof --objects failed: $(cat err)"
expect a_inner@libpga.so 2000
expect prog_cb 600

# The program's PLT: a loop that calls a library's function 10^8
# times spends a few percent in the PLT entry's jump.  GNU's rule (a
# function ends where the next begins) charged it to _init, which has
# no size; with --objects it is tiny@plt, as a library's is
# NAME@plt@OBJECT.
cat >tiny.c <<'EOF2'
int tiny (int x) { return x + 1; }
EOF2
cat >plt.c <<'EOF2'
int tiny (int);
__attribute__ ((noipa)) long
work (long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += tiny ((int) i);
	return s;
}
int main (void) { return work (100000000) == 42; }
EOF2
$CC $RT_CFLAGS_TEST -O2 -fPIC -shared -o libtiny.so tiny.c ||
	hard_error "cannot build libtiny.so"
RT_LIBS="-L. -ltiny -Wl,-rpath,$work" rt_cc plt plt.c -O2 -pg
rm -rf gmon.out gmon.out-objs
run_prog ./plt >/dev/null 2>&1 || bad "plt: the program failed"
"$GPROF" -b -p -z --objects plt gmon.out >flat.txt 2>err ||
	bad "plt: gprof --objects failed: $(cat err)"
check "plt: the program's PLT entry is a row of its own (tiny@plt)" \
	grep -q ' tiny@plt$' flat.txt
init=$(awk '$NF == "_init" { print $3; exit }' flat.txt)
plt=$(awk '$NF == "tiny@plt" { print $3; exit }' flat.txt)
check "plt: _init has none of the PLT's time (_init ${init:-none}, tiny@plt $plt s)" \
	test "${init:-0.00}" = 0.00
"$GPROF" -b -p plt gmon.out >gnurule.txt 2>/dev/null
check "plt: without --objects, GNU's rule: no tiny@plt row" \
	test -z "$(grep ' tiny@plt$' gnurule.txt)"

# Refusals.
rm -rf gmon.out-objs
if "$GPROF" --objects prog gmon.out >/dev/null 2>err; then
	bad "--objects without a companion was not refused"
else
	check "--objects without a companion: one message naming it" \
		grep -q 'gmon.out-objs/objects.gmonx' err
fi
if "$GPROF" -s --objects prog gmon.out >/dev/null 2>err; then
	bad "--objects -s was not refused"
else
	ok "--objects -s is refused: $(cat err)"
fi

finish

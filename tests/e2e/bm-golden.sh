#!/bin/sh
# bm-golden.sh - libgmon on bare metal against golden files: on each
# board of the build, fixed programs run under QEMU's -icount (virtual
# time: every run the same run, bm-icount.sh) and their profiles,
# printed as text, must be tests/golden/bm/LIB-BOARD.txt to the byte
# (LIB: the library's processor, arm-v6m, arm-v7m, rv32, rv64 ...).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What a golden holds, for tests/programs/bm/calls.c (the default
# configuration) and tests/programs/bm/arcs.c (a budget of 2048 bytes:
# more arcs than fit): the program's exit status and console, the
# profile as gmondump prints it with every address made SYMBOL+OFFSET
# (the target's nm on the program; arcs sorted, loss notes in words),
# so that the histograms' ranges, bin width, rate, where each sample
# fell, the arcs, their counts and what was lost are all there, then
# our gprof -b -p -q of calls.c and what our gprof says on standard
# error.  Its second line says what made it: the library's flags, the
# target's compiler, binutils, picolibc and QEMU.
#
# A golden keeps what the runtime does, and a reviewer reads it: on the
# microbit, arcs.c's main is built by GCC's Thumb-1 -pg with a prologue
# that hands __gnu_mcount_nc r8's value (0), not main's caller, so its
# one call is the arc `arc __interrupt_vector+0x0 main+0xc 1' (from 0;
# until the arc table counted such a call apart, it was in no arc).
#
# A golden changes, legitimately, when the runtime changes what it
# records (mcount/: its code's size moves the samples that fall in it
# and the bins' edges; its rate, budget, arcs, notes), when the
# programs change, or when a tool of the "made with" line does: the
# compiler's code, picolibc's, the linker's layout, QEMU's timers.
# Then make the goldens again, in each bare-metal build
# (sh ./quickstart check-baremetal makes them: build-bm-*):
#
#   BM_GOLDEN_UPDATE=1 make check TESTS=tests/e2e/bm-golden.sh
#
# (that run compares nothing: it writes the goldens into the source
# tree and skips), and review `git diff tests/golden/bm': a change of
# the runtime's own code moves samples between bins of mc_bm_* and
# of the functions after it, the histograms' high ends and bin counts,
# and nothing else; the arcs, their counts, the rate, samples=, the
# notes and the call graph's counts change only when the runtime
# records differently, which is then the change's point or its bug.
# (The ARMv7-M build: BM_BOARDS=an385, as quickstart runs it.)  Every
# run leaves what it printed in the build's tests/bm-golden/ for that.
#
# A golden made with other tools than this build's (its "made with"
# line differs) that does not match is a partial skip, not a failure:
# the difference may be the tools'.  BM_GOLDEN_STRICT=1 makes it one.
# A board with no golden is a partial skip too.  In CI either fails
# the run (tests/skip-gate.sh: the test is not an allowed skip).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"

GOLDEN_DIR=$top_srcdir/tests/golden/bm
GOLDEN_OUT=$top_builddir/tests/bm-golden
GOLDEN_RAM=2048			# arcs.c: room for fewer than its 120 arcs
bm_nm=${GNU_GPROF%gprof}nm
[ -x "$bm_nm" ] || command -v "$bm_nm" >/dev/null 2>&1 ||
	need_tool "the target's nm ($bm_nm, binutils)" "it names the addresses"
mkdir -p "$GOLDEN_OUT" || hard_error "cannot make $GOLDEN_OUT"

# The library's processor, the golden's first name.
if [ "$bm_arch" = riscv ]; then
	case $bm_all in
	virt64) golden_lib=rv64 ;;
	*) golden_lib=rv32 ;;
	esac
elif bm_has __ARM_ARCH_6M__; then
	golden_lib=arm-v6m
elif bm_has __ARM_ARCH_7M__; then
	golden_lib=arm-v7m
elif bm_has __ARM_ARCH_7EM__; then
	golden_lib=arm-v7em
else
	golden_lib=arm-v8m
fi

# golden_made_with: the line that says what made a golden (after
# bm_board): the library's flags and the versions of the tools.
golden_made_with () {
	# shellcheck disable=SC2086
	_pico=$(echo '#include <picolibc.h>' |
		$CC --specs=picolibc.specs $bm_cflags -dM -E - 2>/dev/null |
		sed -n 's/^#define __PICOLIBC_VERSION__ "\(.*\)"$/\1/p')
	_ld=$("${GNU_GPROF%gprof}ld" --version 2>/dev/null |
		sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
	_qemu=$("$bm_qemu" --version 2>/dev/null |
		sed -n '1s/^QEMU emulator version \([^ ]*\).*/\1/p')
	echo "# made with: libgmon CFLAGS $BM_LIB_CFLAGS;" \
	     "$(basename "$CC") $($CC -dumpfullversion 2>/dev/null);" \
	     "binutils ${_ld:-?}; picolibc ${_pico:-?}; QEMU ${_qemu:-?}"
}

# golden_symbols EXE: EXE's symbols of code for golden_names, one a
# line, "ADDRESS NAME", the address hexadecimal.  Of the names of one
# address: a global one, then the first in byte order.  nm's local
# labels (.L*, $t, $d) and absolute symbols are left out.
golden_symbols () {
	"$bm_nm" -n "$1" | awk '
	# Addresses compared as strings: mawk takes 00001e00 for a number.
	NF == 3 && $2 ~ /^[tTwWvV]$/ && $3 !~ /^[.$]/ {
		r = ($2 ~ /[TWV]/ ? 0 : 1)
		if (have && $1 "" == last) {
			if (r < rank || (r == rank && $3 "" < name)) {
				rank = r; name = $3 ""
			}
			next
		}
		if (have)
			print last, name
		have = 1; last = $1 ""; rank = r; name = $3 ""
	}
	END { if (have) print last, name }'
}

# golden_names SYMBOLS: gmondump's lines on standard input, each
# address made NAME+0xOFFSET by SYMBOLS (golden_symbols'), the arcs
# sorted, the loss notes in words alone.
golden_names () {
	awk -v syms="$1" '
	function num(h,   i, v) {
		sub(/^0x/, "", h); h = tolower(h); v = 0
		for (i = 1; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v
	}
	function name(h,   a, lo, hi, mid) {
		a = num(h); lo = 1; hi = n
		if (n == 0 || a < addr[1])
			return h
		while (lo < hi) {
			mid = int((lo + hi + 1) / 2)
			if (addr[mid] <= a) lo = mid; else hi = mid - 1
		}
		return sprintf("%s+0x%x", sym[lo], a - addr[lo])
	}
	function arcs_out(   i, j, t) {
		for (i = 2; i <= na; i++)
			for (j = i; j > 1 && arc[j - 1] > arc[j]; j--) {
				t = arc[j]; arc[j] = arc[j - 1]; arc[j - 1] = t
			}
		for (i = 1; i <= na; i++)
			print arc[i]
		for (i = 1; i <= nn; i++)
			print note[i]
		na = nn = 0
	}
	FILENAME == syms { n++; addr[n] = num($1); sym[n] = $2; next }
	$1 == "arc" && / # note: / {
		sub(/^.* # note: /, "note: "); note[++nn] = $0; next
	}
	$1 == "arc" { arc[++na] = "arc " name($2) " " name($3) " " $4; next }
	na || nn { arcs_out() }
	$1 == "hist" { $2 = name($2); $3 = name($3); print; next }
	/^  0x[0-9a-f]+ [0-9]+$/ { print "  " name($1), $2; next }
	{ print }
	END { arcs_out() }' "$1" -
}

# golden_profile TITLE EXE DIR [GPROF]: the part of the golden of one
# run: EXE ran in DIR; with GPROF, our gprof -b -p -q of it.
golden_profile () {
	echo "== $1: exit $bm_status"
	sed 's/^/console: /' "$3/console"
	golden_symbols "$2" >syms
	(cd "$3" && "$GMONDUMP" gmon.out) | golden_names syms
	if [ "${4:-}" = gprof ]; then
		echo "== $1: gprof -b -p -q"
		(cd "$3" && "$GPROF" -b -p -q "$work/$2" gmon.out 2>/dev/null)
	fi
	echo "== $1: gprof's standard error"
	# shellcheck disable=SC2069
	(cd "$3" && "$GPROF" -b -p "$work/$2" gmon.out 2>&1 >/dev/null)
}

golden_update=${BM_GOLDEN_UPDATE:-0}
for b in $bm_boards; do
	bm_board "$b"
	name=$golden_lib-$b
	bm_build "c-$b" -- "$BM_PROGRAMS/calls.c"
	bm_build "a-$b" -DBM_RAM=$GOLDEN_RAM -- "$BM_PROGRAMS/arcs.c"
	{
		echo "# tests/e2e/bm-golden.sh on $b ($bm_machine), libgmon for $golden_lib"
		golden_made_with
		# shellcheck disable=SC2086
		bm_run "run-c-$b" "$work/c-$b" $BM_ICOUNT
		golden_profile "calls.c" "c-$b" "run-c-$b" gprof
		# shellcheck disable=SC2086
		bm_run "run-a-$b" "$work/a-$b" $BM_ICOUNT
		golden_profile "arcs.c, GMON_RAM ($GOLDEN_RAM)" "a-$b" "run-a-$b"
	} >"$GOLDEN_OUT/$name.txt" ||
		hard_error "$b: cannot print the profiles"
	got=$GOLDEN_OUT/$name.txt
	golden=$GOLDEN_DIR/$name.txt
	if [ "$golden_update" = 1 ]; then
		if cmp -s "$golden" "$got"; then
			echo "$b: $golden unchanged"
		else
			mkdir -p "$GOLDEN_DIR" && cp "$got" "$golden" ||
				hard_error "cannot write $golden"
			echo "$b: wrote $golden ($(wc -l <"$golden") lines): review git diff"
		fi
		continue
	fi
	if [ ! -f "$golden" ]; then
		partial_skip "$b: no golden $golden for libgmon of $golden_lib: make it (BM_GOLDEN_UPDATE=1) and review it"
		continue
	fi
	what="$b: calls.c and arcs.c under -icount as $name.txt ($(wc -l <"$got") lines)"
	if cmp -s "$golden" "$got"; then
		ok "$what"
		continue
	fi
	sed -n 2p "$golden" >made.golden
	sed -n 2p "$got" >made.got
	sed 2d "$golden" >body.golden
	sed 2d "$got" >body.got
	if cmp -s made.golden made.got || [ "${BM_GOLDEN_STRICT:-0}" = 1 ]; then
		bad "$what: differs (- golden, + this run; $got)"
	elif cmp -s body.golden body.got; then
		ok "$what, though the golden was made with other tools"
		continue
	else
		partial_skip "$what: differs, but the golden was made with other tools ($(sed 's/^# made with: //' made.golden); here: $(sed 's/^# made with: //' made.got)): review the difference, make it again (BM_GOLDEN_UPDATE=1)"
	fi
	diff -u "$golden" "$got" | head -60
done
[ "$golden_update" != 1 ] || skip "BM_GOLDEN_UPDATE=1: goldens made, none compared"
finish

# export-lib.sh - helpers of the export tests (after lib.sh).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every export test profiles tests/programs/export-demo.c: for real,
# under glibc's runtime and under libgmon (when it was built), and
# through a synthesised profile of the same executable whose every
# number is known (demo_synth), so that the exports can be checked to
# the microsecond.

command -v python3 >/dev/null || hard_error "python3 is needed"
TOOLS=$top_srcdir/tests/tools
SCHEMA=$top_srcdir/doc/gprof-json.schema.json
CGCHECK="python3 $TOOLS/callgrind-check.py"
IGCHECK="python3 $TOOLS/igprof-check.py"
APCHECK="python3 $TOOLS/aprof-check.py"
JSCHECK="python3 $TOOLS/json-schema-check.py --gprof $SCHEMA"

# The runtimes a real run uses: glibc always, libgmon if it was built.
demo_runtimes () {
	echo glibc
	[ -f "$LIBGMON_DIR/libgmon.so" ] && echo libgmon
}

# demo_build DIR RUNTIME: DIR/demo, compiled -pg for RUNTIME.
demo_build () {
	mkdir -p "$1" || hard_error "mkdir $1"
	case $2 in
	libgmon)
		$CC -pg -g -O1 -fno-optimize-sibling-calls -o "$1/demo" \
			"$PROGRAMS/export-demo.c" -L"$LIBGMON_DIR" -lgmon \
			-Wl,-rpath,"$LIBGMON_DIR" ;;
	*)
		$CC -pg -g -O1 -fno-optimize-sibling-calls -o "$1/demo" \
			"$PROGRAMS/export-demo.c" ;;
	esac || hard_error "cannot compile export-demo.c for $2"
}

# demo_run DIR: runs DIR/demo there, which writes DIR/gmon.out.
demo_run () {
	(cd "$1" && ./demo >/dev/null) || hard_error "demo failed in $1"
	[ -s "$1/gmon.out" ] || hard_error "no gmon.out in $1"
}

# addr EXE NAME: a symbol's address, as a number.
addr () {
	_h=$(sym_addr "$1" "$2") || hard_error "no symbol $2 in $1"
	[ -n "$_h" ] || hard_error "no symbol $2 in $1"
	echo $((0x$_h))
}

# demo_synth DIR: DIR/synth.gmon, a profile of DIR/demo at 1000 Hz
# with every number known:
#
#   samples   spin 50, leaf 200, and 10 in the bin that straddles the
#             boundary of the two (adjacent) functions, 5 each: spin
#             55, leaf 205; is_even 30; 7 outside every function
#   calls     main -> work 4, main -> leaf 1 + 3 (two call sites),
#             work -> leaf 36, work -> spin 4, main -> fib 1, fib ->
#             fib 5, main -> is_even 1, is_even <-> is_odd 2 and 2
#   blocks    leaf 1000, work 40
#
# so that, in usec, leaf's 205000 go 20500 to main (5125 + 15375 by
# site) and 184500 to work; work's total is 184500 + 55000 = 239500;
# the cycle's 30000 go to main; main's total is 290000; the file's
# total 297000.
demo_synth () {
	_e=$1/demo
	_spin=$(addr "$_e" spin) _leaf=$(addr "$_e" leaf)
	_work=$(addr "$_e" work) _main=$(addr "$_e" main)
	_fib=$(addr "$_e" fib) _even=$(addr "$_e" is_even)
	_odd=$(addr "$_e" is_odd)
	if [ "$_spin" -lt "$_leaf" ]; then _later=$_leaf; else _later=$_spin; fi
	# The split bin starts one unit (2 bytes) before the later
	# function's first unit: it covers one unit of each.
	_split=$(( _later / 2 * 2 - 2 ))
	_low=$(( _split - 4 * 64 ))
	_nbins=$(( (_main + 1024 - _low) / 4 ))
	{
		printf 'hist 0x%x 0x%x bins=%d rate=1000\n' $_low \
			$((_low + 4 * _nbins)) $_nbins
		printf '  0x%x 50\n' $((_spin + 8))
		printf '  #64 10\n'
		printf '  0x%x 200\n' $((_leaf + 12))
		printf '  0x%x 30\n' $((_even + 8))
		printf 'hist 0x7000000 0x7000010 bins=4 rate=1000\n  #1 7\n'
		printf 'arc 0x%x 0x%x 4\n' $((_main + 4)) $((_work + 1))
		printf 'arc 0x%x 0x%x 1\n' $((_main + 8)) $((_leaf + 1))
		printf 'arc 0x%x 0x%x 3\n' $((_main + 12)) $((_leaf + 1))
		printf 'arc 0x%x 0x%x 36\n' $((_work + 4)) $((_leaf + 1))
		printf 'arc 0x%x 0x%x 4\n' $((_work + 8)) $((_spin + 1))
		printf 'arc 0x%x 0x%x 1\n' $((_main + 16)) $((_fib + 1))
		printf 'arc 0x%x 0x%x 5\n' $((_fib + 4)) $((_fib + 1))
		printf 'arc 0x%x 0x%x 1\n' $((_main + 20)) $((_even + 1))
		printf 'arc 0x%x 0x%x 2\n' $((_even + 4)) $((_odd + 1))
		printf 'arc 0x%x 0x%x 2\n' $((_odd + 4)) $((_even + 1))
		printf 'bb\n  0x%x 1000\n  0x%x 40\n' $((_leaf + 4)) \
			$((_work + 4))
	} >"$1/synth.txt"
	"$GMONMAKE" -o "$1/synth.gmon" <"$1/synth.txt" ||
		hard_error "gmonmake failed"
}

# in_other_dir CMD...: runs CMD from a directory that is no prefix of
# the source paths (callgrind_annotate strips $PWD from fl= names but
# not from cfi= names, and would see every callee twice).
in_other_dir () {
	mkdir -p "$work/elsewhere" && (cd "$work/elsewhere" && "$@")
}

# annotate FILE OUT: callgrind_annotate's inclusive view of FILE into
# OUT; fails if it warns or fails.
annotate () {
	case $1 in /*) _f=$1 ;; *) _f=$work/$1 ;; esac
	in_other_dir callgrind_annotate --inclusive=yes --threshold=100 \
		"$_f" >"$2" 2>"$2.err"
	_rc=$?
	if [ $_rc -ne 0 ] || grep -q WARNING "$2.err"; then
		cat "$2.err"
		return 1
	fi
	return 0
}

# cg_incl OUT FUNCTION: FUNCTION's number in callgrind_annotate's
# listing OUT, as an integer.
cg_incl () {
	awk -v f=":$2 [" 'index($0, f) { n = $1; gsub(",", "", n); print n; exit }' \
		"$1"
}

# cg_total OUT: the PROGRAM TOTALS of callgrind_annotate's listing.
cg_total () {
	awk '/PROGRAM TOTALS/ { n = $1; gsub(",", "", n); print n; exit }' "$1"
}

# expect WHAT GOT WANT: a check that two numbers are equal.
expect () {
	if [ "$2" = "$3" ]; then ok "$1: $2"; else bad "$1: $2, want $3"; fi
}

# lib_build DIR [FLAGS...]: DIR/prog, linked with libgmon and with
# DIR/libwork.so, a -pg library of tests/programs/export-lib.c built
# with FLAGS (-g by default), and its sources copied to DIR/src (so
# that the test may change or remove them); runs it in DIR, which
# writes DIR/gmon.out and DIR/gmon.out-objs/.  Needs rt-lib.sh.
lib_build () {
	_d=$1; shift
	[ $# -eq 0 ] && set -- -g
	mkdir -p "$_d/src" || hard_error "mkdir $_d"
	cp "$PROGRAMS/export-lib.c" "$PROGRAMS/export-lib.h" \
		"$PROGRAMS/export-lib-main.c" "$_d/src/" || hard_error "cp"
	(cd "$_d" &&
		$CC -pg -O1 -fPIC -shared "$@" -o libwork.so src/export-lib.c &&
		$CC $RT_CFLAGS_TEST -pg -g -O1 -o prog src/export-lib-main.c \
			-L. -lwork -Wl,-rpath,"$PWD" -L"$LIBGMON_DIR" -lgmon \
			-Wl,-rpath,"$LIBGMON_DIR") ||
		hard_error "cannot build the library's program in $_d"
	(cd "$_d" && ./prog >/dev/null) || hard_error "$_d/prog failed"
	[ -s "$_d/gmon.out" ] || hard_error "no gmon.out in $_d"
}

# cg_fn_file FILE FUNCTION: the file (fl=, or the fi=/fe= before its
# first cost line) FUNCTION's first cost line is charged to in the
# Callgrind file FILE, names uncompressed.
cg_fn_file () {
	python3 - "$1" "$2" <<'PY'
import re, sys
files, fns, cur_fl, cur_fi, fn = {}, {}, None, None, None
for line in open (sys.argv[1]):
    line = line.rstrip ("\n")
    m = re.match (r"^(fl|fi|fe|fn|cfi|cfl|cfn|ob|cob)=\((\d+)\)(?: (.*))?$", line)
    if m:
        key, i, name = m.groups ()
        table = fns if key in ("fn", "cfn") else files if key[-2:] != "ob" else {}
        if name is not None:
            table[i] = name
        if key == "fl":
            cur_fl = cur_fi = files[i]
        elif key in ("fi", "fe"):
            cur_fi = files[i]
        elif key == "fn":
            fn = fns[i]
            cur_fi = cur_fl
        continue
    if fn == sys.argv[2] and re.match (r"^(0x[0-9a-f]+|\d+) ", line):
        print (cur_fi)
        sys.exit (0)
sys.exit (1)
PY
}

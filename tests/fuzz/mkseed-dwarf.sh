#!/bin/sh
# mkseed-dwarf.sh - make seeds for the DWARF fuzz target (fuzz_dwarf.c).
#
#   tests/fuzz/mkseed-dwarf.sh OUTDIR
#
# Compiles test programs of tests/programs with gcc (-O0 and -O2 -g,
# DWARF 5 and 4, C and C++) and, when it is installed, clang, links
# them, cuts their nine debugging sections out with objcopy and packs
# each executable's into one container file in OUTDIR (format: see
# fuzz_dwarf.c).  The stored corpus tests/fuzz/corpus-dwarf was started
# from these, then grown by fuzzing and minimised with libFuzzer's
# -merge=1.

set -eu
out=${1:?usage: mkseed-dwarf.sh OUTDIR}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
prog=$srcdir/tests/programs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$out"

sections=".debug_info .debug_abbrev .debug_line .debug_str .debug_line_str
.debug_str_offsets .debug_addr .debug_ranges .debug_rnglists"

# pack EXE NAME: the container of EXE's sections as OUTDIR/NAME.
pack () {
	i=0
	for s in $sections; do
		rm -f "$tmp/s$i"
		objcopy --dump-section "$s=$tmp/s$i" "$1" "$tmp/junk" \
			2>/dev/null || :
		[ -f "$tmp/s$i" ] || : > "$tmp/s$i"
		i=$((i + 1))
	done
	python3 - "$tmp" "$out/$2" <<'PY'
import struct, sys
tmp, dest = sys.argv[1], sys.argv[2]
parts = [open("%s/s%d" % (tmp, i), "rb").read() for i in range(9)]
with open(dest, "wb") as f:
    f.write(b"\0" + b"".join(struct.pack("<I", len(p)) for p in parts))
    f.write(b"".join(parts))
PY
}

n=0
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || continue
	for flags in "-O0 -g" "-O2 -g" "-O2 -gdwarf-4" "-O2 -g -gsplit-dwarf"; do
		for set in "gprof-updcrc.c gprof-updcrc-main.c" "gprof-incl.c" \
			"gprof-two-a.c gprof-two-b.c gprof-two-main.c" \
			"gprof-dup-a.c gprof-dup-b.c gprof-dup-main.c"; do
			srcs=
			for f in $set; do srcs="$srcs $prog/$f"; done
			if (cd "$tmp" && $cc $flags -w -std=gnu89 -I"$prog" \
				-include "$prog/gprof-updcrc.h" -o prog $srcs) \
				>/dev/null 2>&1; then
				n=$((n + 1))
				pack "$tmp/prog" "$cc-$n"
			fi
		done
	done
	cxx=g++; [ $cc = clang ] && cxx=clang++
	command -v $cxx >/dev/null 2>&1 || continue
	for flags in "-O0 -g" "-O2 -g"; do
		if $cxx $flags -o "$tmp/prog" "$prog/gprof-lines-stl.cc" \
			>/dev/null 2>&1; then
			n=$((n + 1))
			pack "$tmp/prog" "$cxx-$n"
		fi
	done
done
echo "mkseed-dwarf: $n seeds in $out"

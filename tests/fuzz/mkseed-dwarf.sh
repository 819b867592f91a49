#!/bin/sh
# mkseed-dwarf.sh - make seeds for the DWARF fuzz targets (fuzz_dwarf.c,
# fuzz_linemap.c, fuzz_frames.c).
#
#   tests/fuzz/mkseed-dwarf.sh OUTDIR [dwarf|linemap|frames]
#
# Compiles test programs of tests/programs with gcc (-O0 and -O2 -g,
# DWARF 5 and 4, C and C++) and, when it is installed, clang, links
# them, cuts their nine debugging sections out with objcopy and packs
# each executable's into one container file in OUTDIR (format: see
# dwarf-container.h).  For linemap, each container comes after the
# bounds of the executable's .text and its symbols of .text (format:
# see fuzz_linemap.c), and containers over 64 KiB, which run-fuzz.sh's
# -max_len would cut, are left out.  For frames, each executable's
# .eh_frame and .debug_frame (the latter from builds without
# asynchronous unwind tables, and 32-bit ones with gcc -m32) become a
# seed each, after a header of their own (see fuzz_frames.c), and so
# do those of the system's zlib and liblzma.  The stored corpora
# tests/fuzz/corpus-dwarf, corpus-linemap and corpus-frames were
# started from these, then grown by fuzzing and minimised with
# libFuzzer's -merge=1.

set -eu
out=${1:?usage: mkseed-dwarf.sh OUTDIR [dwarf|linemap|frames]}
mode=${2:-dwarf}
case $mode in
dwarf|linemap|frames) ;;
*)	echo "mkseed-dwarf: unknown target $mode (dwarf, linemap or frames)"; exit 1 ;;
esac
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
	readelf -SW "$1" > "$tmp/sections"
	readelf -sW "$1" > "$tmp/symbols"
	python3 - "$tmp" "$out/$2" "$mode" <<'PY'
import re, struct, sys
tmp, dest, mode = sys.argv[1:4]
parts = [open("%s/s%d" % (tmp, i), "rb").read() for i in range(9)]
data = b"\0" + b"".join(struct.pack("<I", len(p)) for p in parts)
data += b"".join(parts)
if mode == "linemap":
    # .text: its index, address and size.
    for line in open(tmp + "/sections"):
        m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+([0-9a-f]+)"
                     r"\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m and m.group(2) == ".text":
            ndx, lo, size = m.group(1), int(m.group(3), 16), int(m.group(4), 16)
            break
    else:
        sys.exit(0)
    # Its symbols, as libbfd reads them: functions, kept in the table;
    # objects and thread-local ones, no fallback names; a profile that
    # touches some of them.
    recs, nsym = b"", 0
    in_symtab = False
    for line in open(tmp + "/symbols"):
        if line.startswith("Symbol table"):
            in_symtab = "'.symtab'" in line
            continue
        f = line.split()
        if not in_symtab or len(f) < 8 or f[6] != ndx:
            continue
        addr, typ, bind, name = int(f[1], 16), f[3], f[4], f[7]
        if typ in ("SECTION", "FILE"):
            continue
        kind = 0
        if typ == "FUNC":
            kind |= 0x01
        if bind == "LOCAL":
            kind |= 0x02
        if typ in ("OBJECT", "TLS"):
            kind |= 0x04
        kind |= (0x08, 0x10, 0x20, 0)[nsym % 4]
        nsym += 1
        name = name.encode()[:255]
        recs += struct.pack("<IBB", (addr - lo) & 0xffffffff, kind,
                            len(name)) + name
    data = (struct.pack("<QIB", lo, size, 0x10) + struct.pack("<I", len(recs))
            + recs + data)
    if len(data) > 65536:
        sys.exit(0)
open(dest, "wb").write(data)
PY
}

# pack_frames EXE NAME: EXE's .eh_frame and .debug_frame as
# OUTDIR/NAME-eh and OUTDIR/NAME-debug (format: see fuzz_frames.c).
pack_frames () {
	readelf -hSW "$1" > "$tmp/sections"
	for s in .eh_frame .debug_frame; do
		rm -f "$tmp/frame"
		objcopy --dump-section "$s=$tmp/frame" "$1" "$tmp/junk" \
			2>/dev/null || :
		[ -f "$tmp/frame" ] || continue
		kind=eh
		[ "$s" = .debug_frame ] && kind=debug
		python3 - "$tmp" "$out/$2-$kind" "$s" <<'PY'
import re, struct, sys
tmp, dest, name = sys.argv[1:4]
data = open(tmp + "/frame", "rb").read()
hdr = open(tmp + "/sections").read()
flags = 0
if "big endian" in hdr:
    flags |= 1
if name == ".debug_frame":
    flags |= 2
if "ELF32" in hdr:
    flags |= 4
addr = 0
for line in hdr.splitlines():
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)", line)
    if m and m.group(1) == name:
        addr = int(m.group(2), 16)
if data and len(data) <= 65536 - 9:
    open(dest, "wb").write(struct.pack("<BQ", flags, addr) + data)
PY
	done
}

n=0
if [ "$mode" = frames ]; then
	for flags in "-O0" "-O2" "-O2 -g -fno-asynchronous-unwind-tables" \
		"-m32 -O2" "-m32 -O2 -g -fno-asynchronous-unwind-tables"; do
		for cc in gcc clang g++; do
			command -v $cc >/dev/null 2>&1 || continue
			src="$prog/gprof-two-a.c $prog/gprof-two-b.c $prog/gprof-two-main.c"
			[ $cc = g++ ] && src=$prog/gprof-cxx.cc
			if (cd "$tmp" && $cc $flags -w -I"$prog" -o prog $src) \
				>/dev/null 2>&1; then
				n=$((n + 1))
				pack_frames "$tmp/prog" "$cc-$n"
			fi
		done
	done
	for lib in libz.so.1 liblzma.so.5; do
		f=$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')
		[ -n "$f" ] && pack_frames "$f" "${lib%%.*}"
	done
	echo "mkseed-dwarf: $(ls "$out" | wc -l) seeds in $out"
	exit 0
fi
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
		for src in gprof-lines-stl.cc gprof-inline.cc gprof-cxx.cc; do
			if $cxx $flags -o "$tmp/prog" "$prog/$src" \
				>/dev/null 2>&1; then
				n=$((n + 1))
				pack "$tmp/prog" "$cxx-$n"
			fi
		done
	done
done
echo "mkseed-dwarf: $(ls "$out" | wc -l) seeds in $out"

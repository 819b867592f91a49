# bm-lib.sh - sourced (after lib.sh) by the tests of libgmon on bare
# metal, tests/e2e/bm-*.sh, run by a bare-metal build's make check.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The boards, under qemu-system (never a board in CI), and how a
# program is built for each with the installed library (BM_PREFIX,
# tests/baremetal.mk): picolibc's specs, its semihosting crt0, the
# board's memory given to picolibc.ld, -pg, and -lgmon.
#
#   board      qemu                 machine     core       RAM
#   microbit   qemu-system-arm      microbit    Cortex-M0  16 KiB
#   an385      qemu-system-arm      mps2-an385  Cortex-M3  4 MiB
#   an505      qemu-system-arm      mps2-an505  Cortex-M33 4 MiB
#   virt32     qemu-system-riscv32  virt        RV32IMAC   2 MiB
#   sifive_e   qemu-system-riscv32  sifive_e    RV32IMAC   16 KiB
#   virt64     qemu-system-riscv64  virt        RV64IMAC   2 MiB
#
# Which of them a build tests follows from its CFLAGS (BM_LIB_CFLAGS):
# an ARMv6-M library runs on every M-profile core, a v7-M one on the
# M3 and the M33, a v8-M one on the M33; RV32 on virt32 and sifive_e,
# RV64 on virt64.  BM_BOARDS narrows the list.
#
# Ours are the native build's (BM_HOST_BUILD): gprof, gmondump and
# gmonmake; the oracle is the target's GNU gprof (GNU_GPROF).

: "${BM_PREFIX:?run me through make check in a bare-metal build}"
: "${BM_HOST_BUILD:?the native build with gprof (BM_HOST_BUILD)}"

GPROF=${GPROF_UNDER_TEST:-$BM_HOST_BUILD/gprof/gprof}
GMONDUMP=$BM_HOST_BUILD/gmon/gmondump
GMONMAKE=$BM_HOST_BUILD/tests/tools/gmonmake
BM_LIBDIR=$(cat "$BM_PREFIX/libdir" 2>/dev/null) ||
	hard_error "no $BM_PREFIX/libdir: the library was not installed"
BM_PROGRAMS=$PROGRAMS/bm
# The bound against a hang of one run; a run takes a second or two.
BM_TIMEOUT=${BM_TIMEOUT:-300}
# Runs on virtual time: 8 ns an instruction, nothing of the host's
# clock, so every run of a program is the same run.
BM_ICOUNT='-icount shift=3,align=off,sleep=off'

for _t in "$GPROF" "$GMONDUMP" "$GMONMAKE"; do
	[ -x "$_t" ] || hard_error "$_t is missing: build the native tree" \
		"(BM_HOST_BUILD=$BM_HOST_BUILD) first"
done

# The predefined macros of the library's compiler and flags.
bm_macros=$($CC $BM_LIB_CFLAGS -dM -E - </dev/null 2>/dev/null) ||
	hard_error "$CC $BM_LIB_CFLAGS cannot preprocess"
bm_has () { printf '%s\n' "$bm_macros" | grep -q "^#define $1 "; }

if bm_has __thumb__; then
	bm_arch=arm
	if bm_has __ARM_ARCH_6M__; then
		bm_all="microbit an385 an505"
	elif bm_has __ARM_ARCH_7M__ || bm_has __ARM_ARCH_7EM__; then
		bm_all="an385 an505"
	else
		bm_all="an505"
	fi
elif bm_has __riscv; then
	bm_arch=riscv
	if bm_has __riscv_xlen && printf '%s\n' "$bm_macros" |
		grep -q '^#define __riscv_xlen 64'; then
		bm_all="virt64"
	else
		bm_all="virt32 sifive_e"
	fi
else
	hard_error "no board for the library's processor ($CC $BM_LIB_CFLAGS)"
fi
bm_boards=${BM_BOARDS:-$bm_all}

# bm_board NAME: the board's qemu, machine, compiler flags, memory and
# core clock (0: SysTick's calibration says it).
bm_board () {
	bm_name=$1 bm_clock=0
	case $1 in
	microbit)
		bm_qemu=qemu-system-arm bm_machine=microbit
		bm_cflags="-mcpu=cortex-m0 -mthumb"
		bm_mem="0 256K 0x20000000 16K" bm_clock=16000000 ;;
	an385)
		bm_qemu=qemu-system-arm bm_machine=mps2-an385
		bm_cflags="-mcpu=cortex-m3 -mthumb"
		bm_mem="0 4M 0x20000000 4M" ;;
	an505)
		bm_qemu=qemu-system-arm bm_machine=mps2-an505
		bm_cflags="-mcpu=cortex-m33 -mthumb -mfloat-abi=soft"
		bm_mem="0x10000000 4M 0x38000000 4M" bm_clock=20000000 ;;
	virt32)
		bm_qemu=qemu-system-riscv32 bm_machine=virt
		bm_cflags="-march=rv32imac -mabi=ilp32 -mcmodel=medany"
		bm_mem="0x80000000 2M 0x80200000 2M" ;;
	sifive_e)
		bm_qemu=qemu-system-riscv32 bm_machine=sifive_e
		bm_cflags="-march=rv32imac -mabi=ilp32 -mcmodel=medany"
		bm_mem="0x20400000 4M 0x80000000 16K" ;;
	virt64)
		bm_qemu=qemu-system-riscv64 bm_machine=virt
		bm_cflags="-march=rv64imac -mabi=lp64 -mcmodel=medany"
		bm_mem="0x80000000 2M 0x80200000 2M" ;;
	*) hard_error "bm_board: no board $1" ;;
	esac
	case $bm_qemu in
	*arm) _pkg=qemu-system-arm ;;
	*) _pkg=qemu-system-misc ;;
	esac
	command -v "$bm_qemu" >/dev/null 2>&1 ||
		need_tool "$bm_qemu (package $_pkg)" "the programs run on it"
	set -- $bm_mem
	bm_ldflags="-Wl,--defsym=__flash=$1 -Wl,--defsym=__flash_size=$2"
	bm_ldflags="$bm_ldflags -Wl,--defsym=__ram=$3 -Wl,--defsym=__ram_size=$4"
	bm_clockdef=
	[ "$bm_clock" = 0 ] || bm_clockdef="-DBM_CLOCK_HZ=$bm_clock"
}

# bm_build OUT [FLAGS...] -- SOURCE...: a -pg picolibc program for the
# current board, linked with the installed libgmon (its map in
# OUT.map): `-pg ... -L PREFIX/lib -lgmon', nothing more.  Its C
# library's options are BM_LIBC's (picolibc's semihosting crt0 and
# host calls unless it says).
bm_build () {
	_out=$1
	shift
	_flags=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		_flags="$_flags $1"
		shift
	done
	[ $# -gt 0 ] && shift
	# shellcheck disable=SC2086
	$CC ${BM_LIBC:---specs=picolibc.specs --oslib=semihost --crt0=semihost} \
		$bm_cflags -O2 -g -pg $bm_clockdef -I"$BM_PREFIX/include" \
		$_flags $bm_ldflags -Wl,-Map="$_out.map" -o "$_out" "$@" \
		-L"$BM_LIBDIR" -lgmon >"$_out.ldlog" 2>&1 ||
		hard_error "cannot build $_out for $bm_name: $(grep -v 'GNU-stack\|deprecated' "$_out.ldlog" | head -c 600)"
}

# bm_run DIR ELF [QEMU OPTIONS...]: runs ELF on the current board with
# semihosting, in DIR (where its gmon.out lands); its console output
# in DIR/console, its exit status in bm_status.
bm_run () {
	_dir=$1 _elf=$2
	shift 2
	mkdir -p "$_dir"
	_bios=
	[ "$bm_machine" != virt ] || _bios="-bios none"
	# shellcheck disable=SC2086
	(cd "$_dir" && timeout "$BM_TIMEOUT" "$bm_qemu" -M "$bm_machine" \
		$_bios -nographic -monitor none -serial none \
		-semihosting-config enable=on,target=native "$@" \
		-kernel "$_elf" >console 2>&1)
	bm_status=$?
	[ "$bm_status" != 124 ] ||
		hard_error "$_elf did not end on $bm_name in $BM_TIMEOUT s"
}

# bm_ram ELF: the bytes of RAM libgmon has in ELF: its budget,
# gmon_ram (libgmon's default, or the program's GMON_RAM), and what the
# link map ELF.map gives the members of libgmon.a besides (.data, .bss,
# COMMON: nothing, every byte is in gmon_ram).
bm_ram () {
	_budget=$("${GNU_GPROF%gprof}nm" -S "$1" |
		awk '$4 == "gmon_ram" { print $2 }')
	[ -n "$_budget" ] || { echo "no gmon_ram"; return; }
	_other=$(bm_map_ram "$1.map")
	echo $(($(printf '%d' "0x$_budget") + _other))
}

# bm_map_ram MAP: the bytes of RAM (.data, .bss, COMMON) the link MAP
# gives to the members of libgmon.a, but for gmon_ram's (ram.c's).
bm_map_ram () {
	awk '
	# An input section line: " .bss.x  0xADDR  0xSIZE  FILE", the
	# name alone on a line when long.
	/^ \.(data|bss|sdata|sbss|tdata|tbss)[^ ]*$/ { pend = 1; next }
	/^ \.(data|bss|sdata|sbss|tdata|tbss)[^ ]* +0x/ ||
	    (pend && /^ +0x[0-9a-f]+ +0x[0-9a-f]+ /) ||
	    /^ COMMON +0x/ {
		n = split($0, f, /[ \t]+/)
		for (i = 1; i < n; i++)
			if (f[i] ~ /^0x/ && f[i + 1] ~ /^0x/) {
				if ($0 ~ /libgmon\.a\(/ && $0 !~ /-ram\.o\)/)
					sum += strtonum_(f[i + 1])
				break
			}
		pend = 0; next }
	{ pend = 0 }
	function strtonum_(h,   i, v) { sub(/^0x/, "", h); v = 0
		for (i = 1; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v }
	END { print sum + 0 }' "$1"
}

# bm_unclone EXE: EXE's copy for GNU gprof in unclone-EXE/, its names
# with a '.' made '_' (GNU drops them: gnubug/clones, the compatibility
# chapter: picolibc's `none.1'), and in bm_back the sed script that
# turns them back.
bm_unclone () {
	_ren= bm_back=
	for _n in $("${GNU_GPROF%gprof}nm" "$1" |
		awk '$2 ~ /^[tTwW]$/ && $3 ~ /\./ { print $3 }'); do
		_r=$(echo "$_n" | tr . _)
		_ren="$_ren --redefine-sym $_n=$_r"
		bm_back="${bm_back}s/$_r/$_n/g;"
	done
	mkdir -p "unclone-$1"
	# shellcheck disable=SC2086
	"${GNU_GPROF%gprof}objcopy" $_ren "$1" "unclone-$1/$1" ||
		hard_error "${GNU_GPROF%gprof}objcopy cannot copy $1"
}

# bm_same WHAT EXE GMON OPTIONS...: the target's GNU gprof (on EXE's
# copy bm_unclone made, its names turned back) and ours print the same
# (standard output, byte for byte; our loss notes on standard error are
# ours alone).
bm_same () {
	_what=$1 _exe=$2 _gmon=$3
	shift 3
	[ -d "unclone-$_exe" ] || bm_unclone "$_exe"
	"$GNU_GPROF" "$@" "unclone-$_exe/$_exe" "$_gmon" >gnu.raw 2>gnu.err
	_g=$?
	sed "$bm_back" gnu.raw >gnu.out
	"$GPROF" "$@" "$_exe" "$_gmon" >ours.out 2>ours.err
	_o=$?
	if [ "$_g" = "$_o" ] && cmp -s gnu.out ours.out; then
		ok "$_what: gprof $* identical to $(basename "$GNU_GPROF") ($(wc -l <ours.out) lines)"
	elif [ "$_g" = "$_o" ] && [ -n "${bm_known:-}" ] &&
		sed -E "$bm_mask" gnu.out >gnu.masked &&
		sed -E "$bm_mask" ours.out >ours.masked &&
		cmp -s gnu.masked ours.masked; then
		ok "$_what: gprof $* identical to $(basename "$GNU_GPROF") but for the known difference $bm_known ($(diff gnu.out ours.out | grep -c '^>') lines)"
	else
		bad "$_what: gprof $* differs from $(basename "$GNU_GPROF") (exit $_g, ours $_o)"
		diff gnu.out ours.out | head -20
	fi
	bm_known=
}

# bm_known NAME MASK: the next bm_same may differ by the listed
# difference NAME (tests/e2e/gprof-known-diffs.txt, the manual's
# compatibility chapter), which the sed script MASK takes out of both
# outputs; all the rest must still be the same.
bm_known () {
	grep -q "^$1" "$top_srcdir/tests/e2e/gprof-known-diffs.txt" ||
		hard_error "bm_known: $1 is not a listed difference"
	bm_known=$1 bm_mask=$2
}

# bm_calls EXE GMON FUNCTION: the calls of FUNCTION in GNU gprof's flat
# profile (-b -p), with its recursive ones as GNU's call graph says
# (1+9), or "none".
bm_calls () {
	"$GNU_GPROF" -b -q "$1" "$2" 2>/dev/null | awk -v f="$3" '
	/^\[[0-9]+\]/ && $NF ~ /^\[[0-9]+\]$/ && $(NF - 1) == f {
		print $(NF - 2); found = 1; exit }
	END { if (!found) print "none" }'
}

# bm_top EXE GMON: the function at the top of GNU gprof's flat profile.
bm_top () {
	"$GNU_GPROF" -b -p "$1" "$2" 2>/dev/null |
		awk 'NR > 5 && NF >= 4 { print $NF; exit }'
}

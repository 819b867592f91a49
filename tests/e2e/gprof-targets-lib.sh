# gprof-targets-lib.sh - sourced (after lib.sh, gprof-lib.sh and
# gprof-cmatrix.sh) by the differential tests of the analyser on other
# targets than this host's: gprof-diff-aarch64.sh, gprof-diff-riscv64.sh,
# gprof-diff-arm.sh, gprof-diff-i386.sh, and gprof-diff-cortexm.sh (a
# bare-metal Cortex-M3 under qemu-system-arm).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The C fixture of gprof-diff-c.sh is cross-compiled with -pg for the
# target, run under qemu-user (the profile is the target's own: its
# word size, its runtime), and its gmon.out read by the target's GNU
# gprof (the oracle: aarch64-linux-gnu-gprof, ...) and by ours, the
# host's, through the whole option matrix of gprof-cmatrix.sh.  -c is
# compared with GNU's where GNU has it (aarch64; x86, but for the
# backward calls it misses); where it has not (RISC-V, Arm: "-c not
# supported"), with GNU's report on the profile plus an arc of count 0
# for each call objdump (the target's) shows in .text: the arcs -c
# adds.  The
# Callgrind export must find every call instruction objdump shows.
#
# TG_RUNTIME names the -pg runtime that writes the profiles: glibc
# (the default: gcc's gcrt1.o and glibc's mcount) or libgmon, linked
# from TG_LIBGMON_DIR (a libgmon built for the target).
# GPROF_DIFF_VARIANTS narrows the builds, as in gprof-diff-c.sh.

: "${TG_RUNTIME:=glibc}"

# tg_need PROGRAM PACKAGE: PROGRAM is there, or the test stops (a skip
# by hand, a hard error in CI, which installs PACKAGE).
tg_need () {
	command -v "$1" >/dev/null 2>&1 ||
		need_tool "$1 (package $2)" "the $tg_name profiles are made and read with it"
}

# tg_target NAME: the toolchain, emulator and oracle of target NAME
# (aarch64, riscv64, arm, i386) and its builds (tg_variants: NAME:CFLAGS:
# LDFLAGS, one a line).
tg_target () {
	tg_name=$1 tg_ret=4
	case $1 in
	aarch64 | riscv64)
		tg_cc=$1-linux-gnu-gcc
		tg_bin=$1-linux-gnu-
		tg_run="qemu-$1 -L /usr/$1-linux-gnu"
		GNU_GPROF=$1-linux-gnu-gprof
		tg_pkgs="gcc-$1-linux-gnu, qemu-user, binutils-$1-linux-gnu" ;;
	arm)
		tg_cc=arm-linux-gnueabihf-gcc
		tg_bin=arm-linux-gnueabihf-
		tg_run="qemu-arm -L /usr/arm-linux-gnueabihf"
		GNU_GPROF=arm-none-eabi-gprof
		tg_pkgs="gcc-arm-linux-gnueabihf, qemu-user, binutils-arm-none-eabi" ;;
	cortexm)
		# A bare-metal Cortex-M3 under qemu-system-arm (mps2-an385):
		# the fixture with no C library, profiled by the installed
		# libgmon of a bare-metal build (bm-lib.sh's BM_LIBDIR),
		# which writes gmon.out through semihosting; the start-up is
		# tests/programs/cortexm/start.c.
		tg_cc=${CC:-arm-none-eabi-gcc}
		tg_bin=arm-none-eabi-
		tg_run="qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none -semihosting-config enable=on,target=native -kernel"
		GNU_GPROF=arm-none-eabi-gprof
		tg_pkgs="gcc-arm-none-eabi, qemu-system-arm, binutils-arm-none-eabi" ;;
	i386)
		tg_cc="${CC:-gcc} -m32"
		tg_bin=
		tg_run=
		GNU_GPROF=${GNU_GPROF:-/usr/bin/gprof}
		tg_ret=5
		tg_pkgs="libc6-dev-i386, binutils"
		# Natively where the kernel runs 32-bit programs; under
		# qemu-i386 where it does not (a kernel without IA-32
		# emulation, or booted with it off, as some virtual
		# machines are: "Exec format error").
		echo 'int main (void) { return 0; }' >m32-probe.c
		if $tg_cc -o m32-probe m32-probe.c 2>/dev/null &&
			! ./m32-probe 2>/dev/null; then
			if command -v qemu-i386 >/dev/null; then
				echo "note: this kernel does not run 32-bit x86 programs: they run under qemu-i386"
				tg_run=qemu-i386
			fi
			tg_pkgs="$tg_pkgs, qemu-user"
		fi ;;
	*) hard_error "tg_target: no target $1" ;;
	esac
	case $1 in
	aarch64)
		tg_variants='O0-pie:-O0 -fPIE:-pie
O2-nopie:-O2 -fno-pie:-no-pie' ;;
	riscv64)
		# Unrelaxed, every call is AUIPC+JALR.
		tg_variants='O0-pie:-O0 -fPIE:-pie
O2-norelax:-O2 -fno-pie -mno-relax:-no-pie -Wl,--no-relax' ;;
	arm)
		# Debian's armhf compiles Thumb-2 by default; -marm is A32.
		tg_variants='O2-thumb:-O2 -mthumb -fPIE:-pie
O0-arm:-O0 -marm -fno-pie:-no-pie' ;;
	i386)
		tg_variants='O0-pie:-O0 -fPIE:-pie
O2-nopie:-O2 -fno-pie:-no-pie' ;;
	cortexm)
		tg_variants='O2:-O2:
O0:-O0:' ;;
	esac
	tg_need "${tg_cc%% *}" "${tg_pkgs%%,*}"
	case $tg_run in
	qemu-system-*) tg_need "${tg_run%% *}" qemu-system-arm ;;
	?*) tg_need "${tg_run%% *}" qemu-user ;;
	esac
	tg_need "$GNU_GPROF" "${tg_pkgs##*, }"
	tg_need "${tg_bin}objdump" "${tg_pkgs##*, }"
	GNU_GPROF=$(command -v "$GNU_GPROF")
	export GNU_GPROF
	[ "$1" != cortexm ] || return 0
	# A program that cannot be linked means a missing C library for
	# the target (libc6-dev-*-cross, libc6-dev-i386).
	printf 'int main (void) { return 0; }\n' >tg-probe.c
	$tg_cc -pg -o tg-probe tg-probe.c >tg-probe.log 2>&1 ||
		need_tool "a C library for $1 (${tg_pkgs%%,*})" \
			"$(head -c 200 tg-probe.log)"
}

# tg_build V CFLAGS LDFLAGS: c-V from the fixture, its -R map in map-V.txt.
tg_build () {
	if [ "$tg_name" = cortexm ]; then
		tg_build_cortexm "$@"
		return
	fi
	for _f in gprof-main gprof-util; do
		# shellcheck disable=SC2086
		$tg_cc -pg -g $2 -I"$PROGRAMS" -c -o $_f-$1.o "$PROGRAMS/$_f.c" ||
			hard_error "cannot compile $_f.c for $tg_name ($1)"
	done
	case $TG_RUNTIME in
	glibc) _rt= ;;
	libgmon)
		[ -n "${TG_LIBGMON_DIR:-}" ] ||
			hard_error "TG_RUNTIME=libgmon needs TG_LIBGMON_DIR"
		_rt="-L$TG_LIBGMON_DIR -Wl,-rpath,$TG_LIBGMON_DIR -lgmon" ;;
	*) hard_error "TG_RUNTIME: glibc or libgmon, not $TG_RUNTIME" ;;
	esac
	# shellcheck disable=SC2086
	$tg_cc -pg $3 -o c-$1 gprof-main-$1.o gprof-util-$1.o $_rt ||
		hard_error "cannot link c-$1 for $tg_name"
	"${tg_bin}nm" --extern-only --defined-only -v --print-file-name \
		gprof-main-$1.o gprof-util-$1.o >map-$1.txt
}

# tg_build_cortexm V CFLAGS: c-V for the bare-metal Cortex-M3, with no
# C library: the fixture's headers are tests/programs/cortexm's; its
# start-up cortexm/start.c; its runtime the installed libgmon.
tg_build_cortexm () {
	_cm="-mcpu=cortex-m3 -mthumb -mfloat-abi=soft -fno-pie -ffreestanding"
	_cm="$_cm -nostdinc -I$PROGRAMS/cortexm -I$PROGRAMS -g"
	for _f in gprof-main gprof-util; do
		# shellcheck disable=SC2086
		$tg_cc $_cm $2 -pg -c -o $_f-$1.o "$PROGRAMS/$_f.c" ||
			hard_error "cannot compile $_f.c for $tg_name ($1)"
	done
	# shellcheck disable=SC2086
	$tg_cc $_cm -O2 -c -o start-$1.o "$PROGRAMS/cortexm/start.c" ||
		hard_error "cannot compile cortexm/start.c"
	$tg_cc -mcpu=cortex-m3 -mthumb -nostdlib -nostartfiles -static \
		-no-pie -T "$PROGRAMS/cortexm/mps2.ld" -Wl,--build-id=none \
		-o c-$1 gprof-main-$1.o gprof-util-$1.o start-$1.o \
		-L"$BM_LIBDIR" -lgmon -lgcc ||
		hard_error "cannot link c-$1 for $tg_name"
	"${tg_bin}nm" --extern-only --defined-only -v --print-file-name \
		gprof-main-$1.o gprof-util-$1.o >map-$1.txt
}

# tg_profile EXE OUT [ARGS...]: run EXE under the target's emulator.
tg_profile () {
	_exe=$1 _out=$2
	shift 2
	rm -f gmon.out
	if [ "$tg_name" = cortexm ]; then
		# The program ends itself (semihosting's exit); the time
		# limit is only for a program that hangs.
		# shellcheck disable=SC2086
		timeout 300 $tg_run "./$_exe" </dev/null >/dev/null ||
			hard_error "$_exe failed under qemu-system-arm"
	else
		# shellcheck disable=SC2086
		$tg_run "./$_exe" "$@" >/dev/null || hard_error "$_exe failed"
	fi
	[ -f gmon.out ] || hard_error "$_exe wrote no gmon.out"
	mv gmon.out "$_out"
}

# tg_calls EXE: "ADDRESS CALLEE-ADDRESS CALLER CALLEE KIND" for every
# direct call in EXE's .text (where -c looks) that -c's rule counts, as
# the target's objdump
# disassembles it: the calls (bl, blx, jal, call pairs; x86's call),
# and the unconditional jumps (b, j, tail pairs) that land on a
# function's start; the callee named by objdump without an offset, a
# symbol of nm's classes T, t or W; KIND f if it is a function
# (readelf's FUNC), n if not (as a label of crt code).  The address of
# an AUIPC+JALR pair is its JALR's; every call returns $tg_ret bytes
# after ADDRESS.
tg_calls () {
	"${tg_bin}nm" --defined-only "$1" |
		awk '$2 ~ /^[TtW]$/ { print $1 }' >"$work/tg-starts"
	# FUNC symbols' values, Arm's Thumb bit taken off.
	"${tg_bin}readelf" -sW "$1" | awk "$tg_hex"'
		$4 == "FUNC" { v = hex($2); if (v % 2) v--; printf "%x\n", v }' \
		>"$work/tg-funcs"
	"${tg_bin}objdump" -d -j .text --no-show-raw-insn "$1" |
		awk -v t="${tg_name%cortexm}" -v S="$work/tg-starts" -v F="$work/tg-funcs" '
	BEGIN { while ((getline l < S) > 0) { sub(/^0+/, "", l); st[l] = 1 }
		while ((getline l < F) > 0) fn[l] = 1 }
	/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f); next }
	/^ *[0-9a-f]+:\t/ {
		a = $1; sub(/:$/, "", a); m = $2
		if (t == "aarch64") ok = m == "b" || m == "bl"
		else if (t == "riscv64")
			ok = m == "jal" || m == "j" || m == "jalr" || m == "jr"
		else if (t == "i386") ok = m == "call"
		else ok = m ~ /^(bl|blx|b|b\.n|b\.w)$/ ||
			m ~ /^bl(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)$/
		if (!ok || $0 !~ /[0-9a-f]+ <[^<>+@]*>$/) next
		n = split($0, w, /[ \t,]+/); d = w[n - 1]; sub(/^0+/, "", d)
		c = w[n]; gsub(/[<>]/, "", c)
		if (d in st) print a, d, f, c, (d in fn) ? "f" : "n"
	}'
}

# The awk function hex(H): the number a hexadecimal string (0x or not)
# stands for (mawk has no strtonum; doubles hold 53 bits).
tg_hex='function hex(h,  i, v) { sub(/^0x/, "", h); v = 0
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v }'


# tg_static_gmon EXE GMON OUT DROP: GMON with an arc of count 0
# appended for each call of tg_calls whose place and target lie in a
# histogram, in address order: the arcs GNU gprof's -c would add
# (find_call), in its order, for a target where it has no -c.  Only
# calls of functions: GNU charges an arc read from a file whose callee
# is no function (crt's load_gp, a label) to the function before it,
# which its -c does not; those calls go to DROP as "CALLER CALLEE", the
# lines cm_matrix takes out of both outputs (gp_drop_backward) and
# checks in ours.
tg_static_gmon () {
	"$GMONDUMP" -e "$1" "$2" >"$work/tg-dump" ||
		hard_error "gmondump cannot read $2"
	tg_calls "$1" >"$work/tg-calls"
	awk "$tg_hex"'
	FILENAME ~ /tg-dump$/ && $1 == "hist" {
		lo[++nh] = hex($2); hi[nh] = hex($3); next }
	FILENAME ~ /tg-dump$/ { next }
	{ a = hex($1); d = hex($2); ia = id = 0
	  for (i = 1; i <= nh; i++) {
		if (lo[i] <= a && a < hi[i]) ia = 1
		if (lo[i] <= d && d < hi[i]) id = 1 }
	  if (!ia || !id) next
	  if ($5 == "f") printf "arc 0x%s 0x%s 0\n", $1, $2
	  else print $3, $4 > drop }' drop="$4" "$work/tg-dump" \
		"$work/tg-calls" >"$work/tg-static-arcs"
	[ -f "$4" ] || : >"$4"
	sort -u "$4" -o "$4"
	{
		echo "target $(tg_layout "$1")"
		cat "$work/tg-dump" "$work/tg-static-arcs"
	} | "$GMONMAKE" -o "$3" || hard_error "gmonmake cannot write $3"
}

# tg_layout EXE: 64le, 32le ... of an ELF executable.
tg_layout () {
	_h=$(od -An -tx1 -N6 "$1" | tr -d ' \n')
	case $_h in
	7f454c460201) echo 64le ;;
	7f454c460202) echo 64be ;;
	7f454c460101) echo 32le ;;
	7f454c460102) echo 32be ;;
	*) hard_error "$1 is not an ELF file" ;;
	esac
}

# tg_sites EXE GMON: the Callgrind export names the call instruction of
# every arc whose return address follows (within glibc's 16-byte
# bucket) a direct call of tg_calls to its callee, and no other.
tg_sites () {
	"$OURS" --export=callgrind:"$work/tg.callgrind" -b -p "$1" "$2" \
		>/dev/null 2>"$work/tg-sites.err" ||
		{ bad "$tg_name: --export=callgrind fails: $(head -c 200 "$work/tg-sites.err")"; return; }
	_got=$(sed -n 's/^desc: Sites: \([0-9]*\) of \([0-9]*\) .*/\1 \2/p' \
		"$work/tg.callgrind")
	# The arcs, each with the function its self_pc lies in.
	tg_calls "$1" >"$work/tg-calls"
	"${tg_bin}nm" --defined-only -n "$1" |
		awk '$2 ~ /^[TtW]$/ { print $1 }' >"$work/tg-starts"
	"$GMONDUMP" -e "$1" "$2" | awk '$1 == "arc" && $4 > 0 { print $2, $3 }' |
		awk -v ret="$tg_ret" "$tg_hex"'
		function n(h) { return hex(h) }
		FILENAME ~ /tg-starts$/ { s[++ns] = n($1); next }
		FILENAME ~ /tg-calls$/ { c[++nc] = n($1) + ret; to[nc] = n($2); next }
		{ f = n($1); self = n($2); callee = -1
		  for (i = 1; i <= ns; i++) if (s[i] <= self) callee = s[i]
		  sites++
		  for (i = 1; i <= nc; i++)
			if (to[i] == callee && c[i] >= f && c[i] <= f + 16) { found++; break } }
		END { printf "%d %d\n", found, sites }' \
		"$work/tg-starts" "$work/tg-calls" - >"$work/tg-sites.want"
	_want=$(cat "$work/tg-sites.want")
	if [ -n "$_got" ] && [ "$_got" = "$_want" ] && [ "${_got%% *}" -gt 0 ]; then
		ok "$tg_name: the Callgrind export finds ${_got%% *} of ${_got#* } call sites, as objdump's calls say"
	else
		bad "$tg_name: the Callgrind export finds '${_got:-no Sites line}' (found, sites); objdump's calls say '$_want'"
	fi
	# Every cost line at an instruction's start as the target's
	# objdump decodes it (KCachegrind's machine-code view): RISC-V's
	# and Thumb's instructions of two and four bytes do not start
	# where glibc's 4-byte bins do.
	"${tg_bin}objdump" -d "$1" >"$work/tg.dis" 2>/dev/null ||
		hard_error "${tg_bin}objdump -d $1 fails"
	_cost=$(awk 'FILENAME ~ /tg.dis$/ {
			if (match ($0, /^ *[0-9a-f]+:\t/)) {
				a = substr ($0, 1, RLENGTH - 2); sub (/^ */, "", a)
				start[a] = 1 }
			next }
		/^0x[0-9a-f]+ / { a = substr ($1, 3); sub (/^0+/, "", a)
			n++; if (!(a in start)) { bad++; if (bad <= 3) l = l " 0x" a } }
		END { printf "%d %d%s\n", n, bad, l }' "$work/tg.dis" "$work/tg.callgrind")
	case $_cost in
	"0 "*) bad "$tg_name: the Callgrind export has no cost lines" ;;
	*" 0") ok "$tg_name: all ${_cost%% *} cost lines of the Callgrind export at instructions' starts" ;;
	*) bad "$tg_name: cost lines of the Callgrind export not at an instruction's start (lines, not, first ones): $_cost" ;;
	esac
}

# The line-level options (gprof-diff-lines.sh's matrix, without the
# basic-block profiles, which glibc's runtime does not write): -l's
# line symbols, -A's listings and -C's counts come from the target's
# DWARF and symbols.
tg_line_sets='-l -b
-l
-l -p -b
-l -q -b
-l -z -b
-l -T -b
-l -L -b
-l -b -r
-C
-C -z
-l -C
-l -C -z
-l -b -pleaf
-l -b -qfib
-l -C -Zleaf
-A
-A -b
-A -z
-A -x
-l -A
-l -A -x
-Aleaf
-Agprof-util.c'

# GNU's -A summary counts the lines it labels ##### as executed
# (gnubug/lines-executed, shown by gprof-diff-lines.sh): masked.
tg_mask_executed='s/^ +[0-9]+   Lines executed$/[executed]/;
s/^ +[0-9.]+   Percent of the file executed$/[percent]/'

# tg_lines PREFIX EXE GMON: the line-level options.
tg_lines () {
	echo "$tg_line_sets" >line-sets.txt
	while IFS= read -r o; do
		case " $o " in
		*" -b "*) _m= ;;
		*" -T "*) _m="-m bsd" ;;
		*) _m="-m fsf" ;;
		esac
		case $o in
		-A* | "-l -A"*) _e=$tg_mask_executed ;;
		*) _e= ;;
		esac
		# shellcheck disable=SC2086
		gp_case $_m ${_e:+-e "$_e"} "$1/$o" -- $o "$2" "$3"
	done <line-sets.txt
}

# tg_no_decoder EXE GMON: EXE made of a machine no decoder knows (its
# ELF header says PowerPC 64, e_machine 21): every report is printed
# all the same, and one warning says what is missing, once in a run,
# for -c and the export together.
tg_no_decoder () {
	cp "$1" nodec
	printf '\025\000' | dd of=nodec bs=1 seek=18 conv=notrunc 2>/dev/null
	_w='^gprof: nodec: warning: this gprof cannot decode the machine code of ELF machine 21: -c finds no calls$'
	"$OURS" -b "$1" "$2" >nodec.want 2>&1
	"$OURS" -b -c nodec "$2" >nodec.out 2>nodec.err
	_rc=$?
	"$OURS" -b -c --export=callgrind:nodec.cg nodec "$2" >/dev/null \
		2>nodec2.err
	_rc2=$?
	if [ $_rc = 0 ] && [ $_rc2 = 0 ] && cmp -s nodec.want nodec.out &&
	   [ "$(wc -l <nodec.err)" = 1 ] && grep -q "$_w" nodec.err &&
	   [ "$(wc -l <nodec2.err)" = 1 ] && grep -q "$_w" nodec2.err &&
	   grep -q '^desc: Sites: 0 of ' nodec.cg; then
		ok "$tg_name: a machine without a decoder: the reports as they are, one warning"
	else
		bad "$tg_name: a machine without a decoder: exit $_rc/$_rc2, stderr: $(cat nodec.err nodec2.err | head -c 300)"
		diff nodec.want nodec.out | head -5
	fi
}

# tg_main: every variant of the target through the matrix.
tg_main () {
	set -f
	case $tg_name in
	cortexm) _rt="the installed libgmon, $BM_LIBDIR (semihosting)" ;;
	*) _rt=$TG_RUNTIME ;;
	esac
	echo "target: $tg_name, compiler: $tg_cc, runtime: $_rt, oracle: $GNU_GPROF"
	echo "$tg_variants" >variants.txt
	while IFS=: read -r v cflags ldflags; do
		case " ${GPROF_DIFF_VARIANTS:-$v} " in
		*" $v "*) ;;
		*) continue ;;
		esac
		tg_build "$v" "$cflags" "$ldflags"
		case $v in O2*) scale=150 ;; *) scale=50 ;; esac
		tg_profile c-$v gmon-$v.out $scale
		cp map-$v.txt map.txt
		fibline=$("${tg_bin}addr2line" -e c-$v \
			"0x$("${tg_bin}nm" c-$v | awk '$3 == "fib" { print $1; exit }')" |
			sed -n 's/.*gprof-main\.c:\([0-9]*\)$/\1/p')
		[ -n "$fibline" ] || hard_error "no line for fib in c-$v"
		case $tg_name in
		aarch64) cm_c_drop= cm_c_gmon= ;;
		cortexm)
			tg_static_gmon c-$v gmon-$v.out static-$v.out \
				nonfunc-$v.txt
			cm_c_drop=$work/nonfunc-$v.txt
			cm_c_gmon=$work/static-$v.out ;;
		i386)
			cm_r_filter=gp_uniq_sorted
			gp_backward_calls c-$v >backward-$v.txt
			cm_c_drop=$work/backward-$v.txt cm_c_gmon= ;;
		*)
			tg_static_gmon c-$v gmon-$v.out static-$v.out \
				nonfunc-$v.txt
			cm_c_drop=$work/nonfunc-$v.txt
			cm_c_gmon=$work/static-$v.out
			# GNU's own -c: a warning and no arc (a known difference).
			gp_case "target/$tg_name/$v/gnu-c-unsupported" -- -b -c c-$v gmon-$v.out ;;
		esac
		cm_matrix "target/$tg_name/$v" c-$v gmon-$v.out "$fibline"
		tg_lines "target/$tg_name/$v/lines" c-$v gmon-$v.out
		tg_sites c-$v gmon-$v.out
		[ "$tg_name" != aarch64 ] || tg_no_decoder c-$v gmon-$v.out
	done <variants.txt
	set +f
	gp_summary
}

#!/bin/sh
# bm-hook.sh - libgmon on bare metal without semihosting, and with
# interrupts built with -pg (tests/programs/bm/hook.c): the samples
# from a timer the program owns (the hook timer), the profile out
# through the program's UART as text (a gmon_output of its own), read
# back on the host; every call of main's loop and of the -pg
# interrupt handler that comes in the middle of it (20 000 times a
# second, mcount and all) counted, none lost.  Then the same program
# writing through semihosting: with QEMU's it writes gmon.out; with
# none (no debugger) nothing is written, no HardFault comes (the probe
# catches the BKPT, the ebreak), and the program lives on.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"
need_gnu_gprof

# hook_run DIR ELF [QEMU OPTIONS]: ELF with its UART in DIR/uart,
# until it says "alive" (it never ends), or BM_TIMEOUT.
hook_run () {
	_dir=$1 _elf=$2
	shift 2
	mkdir -p "$_dir"
	_bios=
	[ "$bm_machine" != virt ] || _bios="-bios none"
	# shellcheck disable=SC2086
	(cd "$_dir" && exec "$bm_qemu" -M "$bm_machine" $_bios -nographic \
		-monitor none -serial file:uart $BM_ICOUNT "$@" \
		-kernel "$_elf" >console 2>&1) &
	_q=$!
	_t=0
	while [ $_t -lt "$BM_TIMEOUT" ] && ! grep -q '^alive$' "$_dir/uart" 2>/dev/null; do
		sleep 1
		_t=$((_t + 1))
	done
	kill $_q 2>/dev/null
	wait $_q 2>/dev/null
}

set -- $bm_boards
case $1 in
microbit) b=an385 ;;		# hook.c has the mps2's timers and UART
virt32 | sifive_e) b=virt32 ;;
*) b=$1 ;;
esac
bm_board "$b"

# The profile through the UART.
BM_LIBC="--specs=picolibc.specs --crt0=minimal --oslib=dummyhost"
bm_build h-$b -- "$BM_PROGRAMS/hook.c"
hook_run u-$b "$work/h-$b"
grep '^G ' u-$b/uart | sed 's/^G //' | tr -d '\n' | xxd -r -p >u-$b/gmon.out
if grep -q '^G-END$' u-$b/uart && grep -q '^dump: written$' u-$b/uart &&
	[ -s u-$b/gmon.out ]; then
	ok "$b: the profile came through the UART ($(wc -c <u-$b/gmon.out) bytes)"
else
	bad "$b: the UART said: $(grep -v '^G ' u-$b/uart | head -c 300)"
fi
isr=$(sed -n 's/^isr //p' u-$b/uart)
got=$(bm_calls h-$b u-$b/gmon.out leaf)/$(bm_calls h-$b u-$b/gmon.out isr_leaf)
if [ "$got" = "60000/$isr" ] && [ "${isr:-0}" -gt 500 ]; then
	ok "$b: exact calls: leaf 60000 from main, isr_leaf $isr from the -pg interrupt handler"
else
	bad "$b: calls of leaf/isr_leaf: $got, not 60000/$isr"
fi
"$GPROF" -b -p h-$b u-$b/gmon.out >ours.out 2>ours.err
if [ ! -s ours.err ]; then
	ok "$b: nothing lost (no loss note)"
else
	bad "$b: our gprof says: $(head -c 300 ours.err)"
fi
rate=$("$GMONDUMP" u-$b/gmon.out | sed -n 's/.* rate=\([0-9]*\) .*/\1/p' | head -1)
want=$(sed -n 's/^#define HOOK_RATE\t*\([0-9]*\).*/\1/p' "$BM_PROGRAMS/hook.c" |
	if [ "$bm_arch" = arm ]; then head -1; else tail -1; fi)
[ "$rate" = "$want" ] && ok "$b: the file's rate is the hook's, $rate Hz" ||
	bad "$b: the file's rate is $rate, not the hook's $want Hz"
bm_same "$b" h-$b u-$b/gmon.out -b

# Semihosting, taken by QEMU, then by nobody.
bm_build s-$b -DHOOK_SEMIHOST -- "$BM_PROGRAMS/hook.c"
hook_run sh-$b "$work/s-$b" -semihosting-config enable=on,target=native
if grep -q '^dump: written$' sh-$b/uart && [ -s sh-$b/gmon.out ] &&
	[ "$(bm_calls s-$b sh-$b/gmon.out leaf)" = 60000 ]; then
	ok "$b: through QEMU's semihosting: gmon.out written, leaf's 60000 calls"
else
	bad "$b: through QEMU's semihosting: $(head -c 300 sh-$b/uart)"
fi
hook_run no-$b "$work/s-$b"
if grep -q '^dump: not written$' no-$b/uart && grep -q '^alive$' no-$b/uart &&
	! grep -q 'fault' no-$b/uart && [ ! -e no-$b/gmon.out ]; then
	ok "$b: no debugger: gmon_dump said it could not write, no HardFault, the program lives on"
else
	bad "$b: no debugger: the UART said: $(head -c 300 no-$b/uart)"
fi
finish

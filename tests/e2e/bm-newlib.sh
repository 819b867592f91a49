#!/bin/sh
# bm-newlib.sh - libgmon with newlib: the test program built with
# newlib-nano and its semihosting (--specs=nano.specs
# --specs=rdimon.specs), its own vector table and linker script
# (newlib has neither), and linked with -pg ... -L PREFIX/lib -lgmon,
# nothing more: newlib's specs ask for a profiled C library, -lc_p,
# when -pg links, which the install's empty libc_p.a satisfies.  The
# counts are exact, our gprof prints what arm-none-eabi-gprof prints.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"
need_gnu_gprof

[ "$bm_arch" = arm ] || skip "newlib for bare metal is Arm's only (Debian has no newlib for riscv64-unknown-elf)"
case " $bm_boards " in
*" an385 "*) ;;
*) skip "newlib's test runs on mps2-an385, not a board of this build ($bm_boards)" ;;
esac
bm_board an385
$CC --specs=nano.specs -print-file-name=libc_nano.a | grep -q / ||
	need_tool "newlib (package libnewlib-arm-none-eabi)" "the program is built with it"
"$CC" $bm_cflags -O2 -c -o vec.o "$BM_PROGRAMS/newlib-vec.c" ||
	hard_error "cannot compile newlib-vec.c"
BM_LIBC="--specs=nano.specs --specs=rdimon.specs -T $BM_PROGRAMS/newlib.ld"
bm_ldflags=
bm_build n "$work/vec.o" -- "$BM_PROGRAMS/calls.c"
bm_run r "$work/n" $BM_ICOUNT
if [ "$bm_status" = 0 ] && [ -s r/gmon.out ] && grep -q '^calls: done' r/console; then
	ok "newlib: the program ran and wrote gmon.out"
else
	bad "newlib: exit $bm_status: $(head -c 300 r/console)"
fi
got=
for f in main leaf tenth fact hot; do
	got="$got $f=$(bm_calls n r/gmon.out $f)"
done
want=" main=1 leaf=22000 tenth=2000 fact=1+9 hot=200"
[ "$got" = "$want" ] && ok "newlib: exact calls:$got" || bad "newlib: calls:$got, not$want"
[ "$(bm_top n r/gmon.out)" = hot ] && ok "newlib: hot on top" ||
	bad "newlib: $(bm_top n r/gmon.out) on top, not hot"
for o in "-b" "-b -q"; do
	# shellcheck disable=SC2086
	bm_same newlib n r/gmon.out $o
done
finish

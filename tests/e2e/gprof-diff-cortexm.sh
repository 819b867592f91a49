#!/bin/sh
# gprof-diff-cortexm.sh - our gprof against arm-none-eabi-gprof on a
# bare-metal Cortex-M3 profile: the C fixture built -pg -mthumb
# -mcpu=cortex-m3 with no C library, run on qemu-system-arm's
# mps2-an385 board with the installed libgmon (its SysTick timer at
# 1000 Hz), which writes gmon.out to the host through semihosting.  A
# test of an Arm bare-metal build (tests/baremetal.mk: the library
# installed there, our gprof the native build's).  See
# tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"
[ "$bm_arch" = arm ] || skip "a test of an Arm M-profile build of libgmon"
case " $bm_boards " in
*" an385 "*) ;;
*) skip "the library of this build does not run on a Cortex-M3 ($bm_boards)" ;;
esac
# A Cortex-M3's library: an ARMv6-M one divides with libgcc's routines,
# Thumb assembly whose debugging information libbfd answers for
# differently from one lookup to the next (gnubug/line-miscount).
bm_has __ARM_ARCH_6M__ &&
	skip "an ARMv6-M library; the ARMv7-M build runs this test"

GPROF_UNDER_TEST=$GPROF
export GPROF_UNDER_TEST
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
tg_target cortexm
gp_setup
tg_main

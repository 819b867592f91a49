#!/bin/sh
# gprof-diff-cortexm.sh - our gprof against arm-none-eabi-gprof on a
# bare-metal Cortex-M3 profile: the C fixture built -pg -mthumb
# -mcpu=cortex-m3 with no C library, run on qemu-system-arm's
# mps2-an385 board with tests/programs/cortexm/rt.c, a small -pg
# runtime (__gnu_mcount_nc, SysTick sampling at 1000 Hz), which writes
# gmon.out to the host through semihosting.  See
# tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
tg_target cortexm
gp_setup
tg_main

#!/bin/sh
# gprof-diff-arm.sh - our gprof against GNU gprof built for the target,
# on 32-bit Arm: profiles of arm-linux-gnueabihf programs, Thumb-2 and
# A32, taken under qemu-arm, read by arm-none-eabi-gprof and ours; GNU
# has no -c for Arm.
# See tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
tg_target arm
gp_setup
tg_main

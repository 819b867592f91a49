#!/bin/sh
# gprof-diff-aarch64.sh - our gprof against GNU gprof built for the
# target, on aarch64 (64-bit Arm): profiles of aarch64-linux-gnu
# programs taken under qemu-aarch64, read by aarch64-linux-gnu-gprof and
# ours; -c is GNU's own (it decodes BL and B).
# See tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
tg_target aarch64
gp_setup
tg_main

#!/bin/sh
# gprof-diff-target-libgmon.sh - in a cross build (make check of
# build-aarch64-linux-gnu/ or build-riscv64-linux-gnu/), the target's
# differential test (gprof-diff-aarch64.sh, gprof-diff-riscv64.sh) on
# profiles written by this build's libgmon under qemu-user instead of
# glibc's gmon (TG_RUNTIME=libgmon): the target's GNU gprof must read
# every file our runtime writes, and ours (the build machine's gprof,
# GPROF_UNDER_TEST) must print what it prints, through the whole
# option matrix.  See tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
case $($CC -dumpmachine) in
aarch64-*) target=aarch64 ;;
riscv64-*) target=riscv64 ;;
*) skip "not a cross build for aarch64 or riscv64 ($($CC -dumpmachine))" ;;
esac
[ -f "$LIBGMON_DIR/libgmon.so" ] || hard_error "libgmon was not built ($LIBGMON_DIR)"
TG_RUNTIME=libgmon
TG_LIBGMON_DIR=$LIBGMON_DIR
tg_target $target
gp_setup
tg_main

#!/bin/sh
# gprof-diff-i386.sh - our gprof against GNU gprof built for the target,
# on 32-bit x86: profiles of gcc -m32 programs (run natively, or under
# qemu-i386 on a kernel that runs no 32-bit programs), read by
# GNU's x86-64 gprof, which reads 32-bit x86 too, and ours.
# See tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
tg_target i386
gp_setup
tg_main

#!/bin/sh
# gprof-diff-riscv64.sh - our gprof against GNU gprof built for the
# target, on riscv64: profiles of riscv64-linux-gnu programs taken under
# qemu-riscv64 (relaxed calls, JAL, and unrelaxed ones, AUIPC+JALR),
# read by riscv64-linux-gnu-gprof and ours; GNU has no -c for RISC-V.
# See tests/e2e/gprof-targets-lib.sh.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
. "$top_srcdir/tests/e2e/gprof-cmatrix.sh"
. "$top_srcdir/tests/e2e/gprof-targets-lib.sh"
tg_target riscv64
gp_setup
tg_main

#!/bin/sh
# run-target.sh PROGRAM ARGS... - runs a program built for a cross
# build's host under qemu-user, with the target's C library.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The tests of a cross build (./configure --host=aarch64-linux-gnu,
# riscv64-linux-gnu) call their programs through this (lib.sh's
# `run_prog'), with TARGET_QEMU and TARGET_SYSROOT from configure:
#     qemu-aarch64 -L /usr/aarch64-linux-gnu PROGRAM ARGS...
# LD_PRELOAD is the target program's, not qemu's: it is handed to the
# guest (-E) and taken out of qemu's own environment, where the host's
# dynamic linker would refuse the target's library with a message
# (--preload LIB does the same without putting it in the environment
# of this script's own commands).
# Anything that is not an ELF file (a shell script, a host tool) runs
# as it is.  Under qemu-user the program has no perf_event_open and
# cannot exec another target program (nothing registers qemu with the
# kernel's binfmt_misc here): the tests that need either say so.

: "${TARGET_QEMU:?TARGET_QEMU: the qemu-user binary (configure sets it)}"
: "${TARGET_SYSROOT:?TARGET_SYSROOT: the target C library (configure sets it)}"

# --preload LIB: the target's LD_PRELOAD (set in the environment, it
# would reach this script's own host programs first).
pre=
if [ "${1:-}" = --preload ]; then
	pre=$2
	shift 2
fi
if [ -n "${LD_PRELOAD+set}" ]; then
	pre=${pre:-$LD_PRELOAD}
	unset LD_PRELOAD
fi

prog=$1
case $prog in
*/*) path=$prog ;;
*)   path=$(command -v "$prog") || path=$prog ;;
esac
if [ "$(head -c 4 "$path" 2>/dev/null | od -An -c | tr -d ' ')" != 177ELF ]; then
	exec "$@"
fi
shift
set -- "$path" "$@"
if [ -n "$pre" ]; then
	exec "$TARGET_QEMU" -L "$TARGET_SYSROOT" -E LD_PRELOAD="$pre" "$@"
fi
exec "$TARGET_QEMU" -L "$TARGET_SYSROOT" "$@"

#!/bin/sh
# bm-gdb.sh - the memory-image transport: one profile written through
# semihosting and then as a memory image (tests/programs/bm/calls.c
# with BM_TRANSPORTS), copied by the installed gmon.gdb from QEMU's
# gdbstub with gdb-multiarch: the same bytes.  Once in parts through
# libgmon's 256-byte buffer (gmon-image, following each part), once
# whole in the program's GMON_IMAGE buffer, copied after the program
# wrote it (gmon-image-saved, post mortem).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"

command -v gdb-multiarch >/dev/null 2>&1 ||
	need_tool "gdb-multiarch (package gdb-multiarch)" "it copies the image"
gdb_script=$BM_PREFIX/share/gmonkit/gmon.gdb
[ -f "$gdb_script" ] || hard_error "gmon.gdb was not installed ($gdb_script)"

# A free TCP port for the gdbstub.
port () {
	python3 -c 'import socket; s = socket.socket (); s.bind (("127.0.0.1", 0)); print (s.getsockname ()[1])'
}

# gdb_run DIR ELF GDB-COMMANDS...: ELF on the board, stopped at its
# start for GDB, which runs the commands (each an -ex) and kills it.
gdb_run () {
	_dir=$1 _elf=$2
	shift 2
	mkdir -p "$_dir"
	_p=$(port)
	_bios=
	[ "$bm_machine" != virt ] || _bios="-bios none"
	# shellcheck disable=SC2086
	(cd "$_dir" && exec timeout "$BM_TIMEOUT" "$bm_qemu" -M "$bm_machine" \
		$_bios -nographic -monitor none -serial none \
		-semihosting-config enable=on,target=native $BM_ICOUNT \
		-S -gdb tcp:127.0.0.1:$_p -kernel "$_elf" >console 2>&1) &
	_q=$!
	_ex=
	for _c in "target remote 127.0.0.1:$_p" "source $gdb_script" "$@" kill; do
		_ex="$_ex -ex '$_c'"
	done
	# The gdbstub listens as soon as qemu is up: a few tries.
	for _t in 1 2 3 4 5 6 7 8 9 10; do
		(cd "$_dir" && eval timeout "$BM_TIMEOUT" gdb-multiarch -q -batch -nx \
			$_ex "$_elf") >"$_dir/gdb.log" 2>&1
		grep -q 'Connection refused' "$_dir/gdb.log" || break
		sleep 1
	done
	wait $_q
}

# The first board of each architecture the build has.
set -- $bm_boards
b=$1
bm_board "$b"
for v in parts whole; do
	case $v in
	parts) bm_build t-$v -DBM_TRANSPORTS -- "$BM_PROGRAMS/calls.c"
		gdb_run g-$v "$work/t-$v" "gmon-image gmon-gdb.out" ;;
	whole) bm_build t-$v -DBM_TRANSPORTS -DBM_IMAGE_SIZE=8192 -- \
			"$BM_PROGRAMS/calls.c"
		gdb_run g-$v "$work/t-$v" "tbreak _exit" continue \
			"gmon-image-saved gmon-gdb.out" ;;
	esac
	if [ -s g-$v/gmon.out ] && [ -s g-$v/gmon-gdb.out ] &&
		cmp -s g-$v/gmon.out g-$v/gmon-gdb.out; then
		ok "$b: $v: GDB's copy of the memory image is the semihosting file ($(wc -c <g-$v/gmon.out) bytes; $(grep -h 'gmon-image' g-$v/gdb.log | head -1))"
	else
		bad "$b: $v: GDB's copy differs from the semihosting file: $(ls -l g-$v/ 2>&1 | tail -n +2 | tr '\n' ' '); gdb: $(tail -5 g-$v/gdb.log)"
	fi
	[ "$(bm_calls t-$v g-$v/gmon-gdb.out leaf)" = 22000 ] ||
		bad "$b: $v: leaf's calls in GDB's copy: $(bm_calls t-$v g-$v/gmon-gdb.out leaf)"
done
finish

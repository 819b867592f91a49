#!/bin/sh
# gprof-sum-safe.sh - gprof -s replaces gmon.sum whole: a symbolic link
# planted at gmon.sum is replaced, never written through, and a write
# that fails (a full disk) leaves the previous gmon.sum as it was, no
# temporary behind, and a message naming the error.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"

build_pg fix -O1 -fno-inline "$PROGRAMS/fixture.c"
./fix 0.1 >/dev/null || hard_error "fixture failed"
mv gmon.out g1.out || hard_error "the fixture wrote no gmon.out"
mkdir clean && (cd clean && "$GPROF" -s ../fix ../g1.out) ||
	hard_error "gprof -s failed in a clean directory"
[ -s clean/gmon.sum ] || hard_error "gprof -s wrote no gmon.sum"

# no_temp DIR: nothing but what the test put there.
no_temp () { ! ls -a "$1" | grep -q '^\.gmon\.sum\..*\.tmp$'; }

# 1. A link to a file that must stay as it is.
mkdir link && echo keep >link/victim && ln -s victim link/gmon.sum
(cd link && "$GPROF" -s ../fix ../g1.out) >link.err 2>&1
rc=$?
check "-s over a link exits 0" [ $rc = 0 ]
check "the link's target is unchanged" [ "$(cat link/victim)" = keep ]
check "gmon.sum is no longer a link" [ ! -L link/gmon.sum ]
same_file "gmon.sum written over the link is the sum" clean/gmon.sum link/gmon.sum
check "no temporary file is left beside gmon.sum" no_temp link

# 2. A dangling link into another directory: nothing is created there.
mkdir dangle other && ln -s ../other/made dangle/gmon.sum
(cd dangle && "$GPROF" -s ../fix ../g1.out) >dangle.err 2>&1
check "a dangling link's target is not created" [ ! -e other/made ]
same_file "gmon.sum written over a dangling link is the sum" \
	clean/gmon.sum dangle/gmon.sum

# 3. An existing gmon.sum keeps its permissions, as when written in place.
mkdir perm && echo old >perm/gmon.sum && chmod 600 perm/gmon.sum
(cd perm && "$GPROF" -s ../fix ../g1.out) >perm.err 2>&1
check "a replaced gmon.sum keeps mode 600" \
	[ "$(stat -c %a perm/gmon.sum)" = 600 ]
same_file "the replaced gmon.sum is the sum" clean/gmon.sum perm/gmon.sum

# 4. A full disk: a small tmpfs (root only), filled before -s runs.
# skip_rest REASON: the checks so far passed, this one cannot be made.
skip_rest () {
	[ "$failures" -ne 0 ] && finish
	skip "$* (the link and permission checks above passed)"
}
[ "$(id -u)" = 0 ] ||
	skip_rest "the full-disk check mounts a tmpfs, which needs root"
mkdir full
mount -t tmpfs -o size=256k gmonkit-test "$work/full" 2>mount.err ||
	skip_rest "cannot mount a tmpfs: $(cat mount.err)"
trap 'umount "$work/full" 2>/dev/null; cleanup' EXIT
cp clean/gmon.sum full/gmon.sum && cp clean/gmon.sum old.sum
# A bigger profile, so that the new sum is other bytes than the old.
./fix 0.2 >/dev/null && mv gmon.out g2.out || hard_error "fixture failed"
dd if=/dev/zero of=full/fill bs=4096 >/dev/null 2>&1
[ "$(df --output=avail "$work/full" | tail -1)" -eq 0 ] ||
	hard_error "could not fill the tmpfs"
(cd full && "$GPROF" -s ../fix ../g1.out ../g2.out) >full.out 2>full.err
rc=$?
check "-s on a full disk exits non-zero" [ $rc != 0 ]
if grep -qx 'gprof: gmon.sum: cannot write: No space left on device' full.err
then
	ok "the message names gmon.sum and the error"
else
	bad "the message: $(cat full.err)"
fi
same_file "the previous gmon.sum is left byte for byte" old.sum full/gmon.sum
check "no temporary file is left on the full disk" no_temp full
umount "$work/full" || hard_error "cannot unmount the tmpfs"
trap cleanup EXIT
finish

#!/bin/sh
# export-replace.sh - every file gprof writes is replaced whole, as
# gmon.sum is (issue 32, item 4): each --export format and -y's
# listings are written to a temporary of an unpredictable name beside
# the file and renamed over it, so that
#
#   - a symbolic link planted under the name (a shared directory) is
#     replaced, and the file it points to is left as it was;
#   - a FIFO, a device or a directory there is refused at once with a
#     message, never opened (a FIFO blocked gprof for ever);
#   - a write that fails (a file-size limit; as root, a full tmpfs)
#     leaves the previous file byte for byte, no temporary behind, and
#     a message naming the file and the error, with a non-zero exit.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"

demo_build syn glibc
demo_synth syn
cd syn || hard_error "cd syn"
formats="folded flamegraph json dot callgrind pprof igprof aprof"
# name FORMAT: the file --export=FORMAT writes for the program demo.
name () {
	case $1 in
	folded) echo demo.folded ;; flamegraph) echo demo.svg ;;
	json) echo demo.json ;; dot) echo demo.dot ;;
	callgrind) echo callgrind.out.demo ;; pprof) echo demo.pb.gz ;;
	igprof) echo igprof.demo.gz ;; aprof) echo demo.aprof ;;
	esac
}
exports () { for f in $formats; do printf ' --export=%s' $f; done; }

mkdir ref && (cd ref && "$GPROF" -b $(exports) ../demo ../synth.gmon \
	>/dev/null 2>err) || hard_error "the exports failed: $(cat ref/err)"

# no_temp DIR: no temporary file of gprof's is left in DIR.
no_temp () { ! ls -a "$1" | grep -q '\.tmp$'; }

# 1. Links planted in a directory open to all: replaced, not followed.
mkdir -m 1777 shared
for f in $formats; do
	echo "another user's $f" >victim.$f
	ln -s ../victim.$f shared/$(name $f)
done
(cd shared && "$GPROF" -b $(exports) ../demo ../synth.gmon >/dev/null \
	2>err) || bad "the exports over links failed: $(cat shared/err)"
for f in $formats; do
	check "$f: the link's target is left as it was" \
		[ "$(cat victim.$f)" = "another user's $f" ]
	check "$f: the link is replaced by the export" \
		test -f shared/$(name $f) -a ! -L shared/$(name $f)
done
same_file "the folded file written over a link is the export" \
	ref/demo.folded shared/demo.folded
same_file "the JSON written over a link is the export" \
	ref/demo.json shared/demo.json
check "no temporary is left beside them" no_temp shared

# 2. What is not a regular file is refused at once, never opened.
mkdir fifo
mkfifo fifo/demo.folded fifo/demo.pb.gz || hard_error "mkfifo failed"
for f in folded pprof; do
	(cd fifo && timeout -k 10 120 "$GPROF" -b --export=$f ../demo \
		../synth.gmon >/dev/null 2>err.$f)
	rc=$?
	check "$f: a FIFO in its place: refused, without waiting ($rc)" \
		[ $rc = 1 ]
	check "$f: ... with a message naming it" grep -qx \
		"gprof: $(name $f): a FIFO, not a regular file: not replaced" \
		fifo/err.$f
	check "$f: ... the FIFO is left" [ -p fifo/$(name $f) ]
done
mkdir dir dir/demo.json
(cd dir && "$GPROF" -b --export=json ../demo ../synth.gmon >/dev/null \
	2>err)
check "a directory in its place: refused" [ $? = 1 ]
check "... with a message" grep -qx \
	'gprof: demo.json: a directory, not a regular file: not replaced' \
	dir/err
"$GPROF" -b --export=folded:/dev/null demo synth.gmon >/dev/null 2>err
check "a device: refused" [ $? = 1 ]
check "... with a message" grep -qx \
	'gprof: /dev/null: a character device, not a regular file: not replaced' \
	err

# 3. A write that fails keeps the previous file: a file-size limit,
# which gprof meets as an error (EFBIG), not as SIGXFSZ.
# old FORMAT DIR: DIR/NAME holds an older export, kept in old.FORMAT.
old () {
	mkdir -p "$2" && printf 'an older export of %s\n' "$1" >"$2/$(name $1)" &&
		cp "$2/$(name $1)" old.$1 || hard_error "cannot write $2"
}
for f in flamegraph pprof; do
	old $f fsize
	(cd fsize && prlimit --fsize=256 "$GPROF" -b --export=$f ../demo \
		../synth.gmon >/dev/null 2>err.$f)
	rc=$?
	check "$f: past the file-size limit: exits 1 ($rc)" [ $rc = 1 ]
	check "$f: ... says why" grep -qx \
		"gprof: $(name $f): cannot write: File too large" fsize/err.$f
	same_file "$f: ... the older export is left byte for byte" \
		old.$f fsize/$(name $f)
	check "$f: ... no temporary behind" no_temp fsize
done

# 4. -y's listings: the same.
$CC -pg -g -O1 -o ydemo "$PROGRAMS/export-demo.c" ||
	hard_error "cannot build ydemo"
./ydemo >/dev/null || hard_error "ydemo failed"
mkdir -m 1777 ylink
echo "another user's file" >victim.ann
ln -s ../victim.ann ylink/export-demo.c-ann
(cd ylink && "$GPROF" -A -y -I"$PROGRAMS" ../ydemo ../gmon.out >/dev/null \
	2>err) || bad "-A -y failed: $(cat ylink/err)"
check "-y: the link's target is left as it was" \
	[ "$(cat victim.ann)" = "another user's file" ]
check "-y: the listing replaces the link" \
	grep -q '^ *[0-9]* -> ' ylink/export-demo.c-ann
check "-y: no temporary behind" no_temp ylink

# 5. A full disk (root only: a small tmpfs, filled).
if [ "$(id -u)" != 0 ]; then
	partial_skip "not root: the full-disk check mounts a tmpfs"
	finish
fi
mkdir full
if ! mount -t tmpfs -o size=256k gmonkit-test "$work/syn/full" 2>mount.err
then
	partial_skip "cannot mount a tmpfs: $(cat mount.err)"
	finish
fi
trap 'umount "$work/syn/full" 2>/dev/null; cleanup' EXIT
old flamegraph full
dd if=/dev/zero of=full/fill bs=4096 >/dev/null 2>&1
(cd full && "$GPROF" -b --export=flamegraph ../demo ../synth.gmon \
	>/dev/null 2>../full.err)
rc=$?
check "a full disk: exits 1 ($rc)" [ $rc = 1 ]
check "... says why" grep -qx \
	'gprof: demo.svg: cannot write: No space left on device' full.err
same_file "... the older export is left byte for byte" old.flamegraph \
	full/demo.svg
check "... no temporary behind" no_temp full
umount "$work/syn/full" || hard_error "cannot unmount the tmpfs"
trap cleanup EXIT
finish

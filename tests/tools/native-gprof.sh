#!/bin/sh
# native-gprof.sh - gprof built to run on another target (aarch64),
# run under qemu-user, prints what this host's gprof prints.
#
# Usage: tests/tools/native-gprof.sh TRIPLET [WORKDIR]
#   TRIPLET  aarch64-linux-gnu (Debian 12 has no riscv64 packages to
#            build against: riscv64 is an architecture of Debian 13)
#
# Debian's binutils-dev cannot be installed beside the host's for
# another architecture (it is not Multi-Arch: same), so its packages
# for the target are downloaded and unpacked into a sysroot of their
# own (WORKDIR/sysroot), the tree is configured with --host=TRIPLET
# --enable-analyser against it, and the target's gprof reads a profile
# of the C fixture taken under qemu-user, with the option sets below;
# each output is compared with the host gprof's (the one in build/,
# which must be built) and with the target's GNU gprof's.  Prints one
# line per option set and exits 1 if the target's gprof and the host's
# differ anywhere.  Needs network access (apt-get download) and the
# cross packages of ./quickstart's targets block.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu
triplet=${1:?usage: native-gprof.sh TRIPLET [WORKDIR]}
case $triplet in
aarch64-linux-gnu) debarch=arm64 qemu=qemu-aarch64 ;;
riscv64-linux-gnu) debarch=riscv64 qemu=qemu-riscv64
	apt-cache show binutils-dev:riscv64 >/dev/null 2>&1 || {
		echo "native-gprof.sh: this system's archive has no riscv64 binutils-dev" >&2
		exit 2; } ;;
*) echo "native-gprof.sh: $triplet: not a target it knows" >&2; exit 2 ;;
esac
top=$(cd "$(dirname "$0")/../.." && pwd)
work=${2:-$top/build-native-$triplet}
host_gprof=$top/build/gprof/gprof
[ -x "$host_gprof" ] || { echo "native-gprof.sh: $host_gprof is not built" >&2; exit 2; }
mkdir -p "$work/debs" "$work/sysroot" "$work/build" "$work/run"
work=$(cd "$work" && pwd)

# The target's libbfd, libiberty and what libbfd links.
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
dpkg --print-foreign-architectures | grep -qx "$debarch" || {
	$sudo dpkg --add-architecture "$debarch" && $sudo apt-get update -qq; }
(cd "$work/debs" && apt-get download -q binutils-dev:$debarch \
	libbinutils:$debarch libctf0:$debarch libctf-nobfd0:$debarch \
	libiberty-dev:$debarch zlib1g:$debarch zlib1g-dev:$debarch \
	libzstd1:$debarch libzstd-dev:$debarch libjansson4:$debarch \
	>download.log 2>&1) || {
	echo "native-gprof.sh: apt-get download of the $debarch libraries failed:" >&2
	tail -3 "$work/debs/download.log" >&2
	exit 1; }
for d in "$work"/debs/*.deb; do dpkg -x "$d" "$work/sysroot"; done
R=$work/sysroot
L=$R/usr/lib/$triplet:$R/lib/$triplet

(cd "$work/build" &&
	"$top/configure" --host="$triplet" --enable-analyser \
		CPPFLAGS="-I$R/usr/include" \
		LDFLAGS="-L$R/usr/lib/$triplet -L$R/lib/$triplet -Wl,-rpath-link=$L" \
		>configure.log 2>&1 &&
	make -j2 gprof/gprof >make.log 2>&1) || {
	echo "native-gprof.sh: the $triplet build failed: see $work/build/*.log" >&2
	exit 1; }

# A profile of the C fixture, taken under qemu-user.
cd "$work/run"
P=$top/tests/programs
"$triplet-gcc" -pg -g -O1 -I"$P" -o c "$P/gprof-main.c" "$P/gprof-util.c"
"$qemu" -L "/usr/$triplet" ./c 30 >/dev/null

native () {
	"$qemu" -L "/usr/$triplet" -E LD_LIBRARY_PATH="$L" \
		"$work/build/gprof/gprof" "$@"
}
differ=0
for o in "-b" "-p -b" "-q -b" "-b -c" "-l -b" "-A -b" "-C -b" "" "-s"; do
	# shellcheck disable=SC2086
	native $o c gmon.out >native.txt 2>native.err || echo "exit $?" >>native.txt
	[ "$o" = -s ] && mv gmon.sum native.sum && cat native.sum >>native.txt
	# shellcheck disable=SC2086
	"$host_gprof" $o c gmon.out >host.txt 2>host.err || echo "exit $?" >>host.txt
	[ "$o" = -s ] && mv gmon.sum host.sum && cat host.sum >>host.txt
	# shellcheck disable=SC2086
	LC_ALL=C "$triplet-gprof" $o c gmon.out >gnu.txt 2>/dev/null || :
	[ "$o" = -s ] && rm -f gmon.sum
	if cmp -s native.txt host.txt; then same=identical; else same=DIFFERENT; differ=1; fi
	if cmp -s native.txt gnu.txt; then gnu=identical; else gnu=differs; fi
	printf '%-8s target gprof vs host gprof: %-9s vs %s-gprof: %s\n' \
		"${o:-(none)}" "$same" "$triplet" "$gnu"
done
exit $differ

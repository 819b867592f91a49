#!/bin/sh
# gprof-fixture.sh - our gprof prints what GNU gprof prints for a real
# -pg program (PIE and not), byte for byte, for the common options.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Options GNU gprof shares with us are compared with -b (no
# explanations) byte for byte; the default output and -T are compared
# with the explanations set aside, since ours are our own words.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof

for pie in pie no-pie; do
	case $pie in
	pie) flags="-fPIE -pie" ;;
	*) flags="-fno-pie -no-pie" ;;
	esac
	build_pg fix-$pie -O1 -fno-inline $flags "$PROGRAMS/fixture.c"
	./fix-$pie 0.2 >/dev/null || hard_error "fixture failed"
	[ -f gmon.out ] || hard_error "glibc wrote no gmon.out"
	mv gmon.out gmon-$pie.out
	exe=fix-$pie
	prof=gmon-$pie.out

	same_but_blurbs $exe $prof
	same_but_blurbs -T $exe $prof
	same_but_blurbs -p $exe $prof
	same_but_blurbs -q $exe $prof
	for o in -b "-b -p" "-b -q" "-b -P" "-b -Q" "-b -B" "-b -z" \
		"-b -T" "-b -T -z" "-b -w 40" "-b -w 200" "-b -a" "-b -D" \
		"-b --inline-file-names" "-b -L --inline-file-names" \
		"-b -p -q" "-b -p -P" "-b -P -p" "-b -c" \
		-i "-i -b -p" -r "-r -z" -C "-C -z" \
		"-b -pleaf" "-b -Pleaf" "-b -p20" "-b -pfixture.c" \
		"-b -pfixture.c:leaf" "-b -pnonexist.c" "-b -qfib" "-b -Qfib" \
		"-b -k is_even/is_odd" "-b -Nleaf" "-b -nspin" "-b -Espin" \
		"-b -espin" "-b -fmain" "-b -Fmain" "-b -qmain/leaf" \
		"-b -Qmain/spin" "-b -k /leaf" "-b -q -Espin -z" \
		"-b --flat-profile=leaf" "-b --no-graph" "-b --brief --graph"
	do
		# shellcheck disable=SC2086
		same_as_gnu $o $exe $prof
	done
	same_as_gnu -b $exe $prof $prof
	same_as_gnu -i $exe $prof $prof

	# Standard input, and options in a response file.
	"$GPROF" -b $exe - <$prof >ours.out 2>&1
	gnu_gprof -b $exe $prof >gnu.out 2>&1
	same_file "$pie: the profile from standard input" gnu.out ours.out
	printf '%s\n' -b -q $exe $prof >args.txt
	"$GPROF" @args.txt >ours.out 2>&1
	gnu_gprof -b -q $exe $prof >gnu.out 2>&1
	same_file "$pie: options from @FILE" gnu.out ours.out

	# gmon.sum of two copies: the same records as GNU gprof writes
	# (its 12 spare header bytes are not initialised; ours are 0).
	rm -f gmon.sum
	"$GPROF" -s $exe $prof $prof || bad "$pie: -s failed"
	mv gmon.sum ours.sum
	gnu_gprof -s $exe $prof $prof
	tail -c +21 gmon.sum >gnu.tail
	tail -c +21 ours.sum >ours.tail
	same_file "$pie: gmon.sum has GNU gprof's records" gnu.tail ours.tail
	spare=$(od -An -tx1 -j8 -N12 ours.sum | tr -d ' \n')
	check "$pie: gmon.sum header spare bytes are zero ($spare)" \
		[ "$spare" = 000000000000000000000000 ]
	# Reading the sum is reading both files.
	"$GPROF" -b $exe ours.sum >sum.out
	"$GPROF" -b $exe $prof $prof >two.out
	same_file "$pie: gmon.sum reads as the two files" two.out sum.out
done

finish

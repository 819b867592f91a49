#!/bin/sh
# gprof-diff-gnubugs.sh - where GNU gprof 2.40 is wrong, ours is right.
#
# Each bug of GNU gprof that ours fixes (shared/reference/gnu-gprof-2.40.md
# §5) is provoked here.  The comparison with GNU is still made, under a
# name listed in tests/e2e/gprof-known-diffs.txt, so it is reported as
# a known difference; where the difference can be taken out with a sed
# script (the -e of gp_case), the rest of the output must still be
# identical.  Then gp_bug_check checks that ours is right.  When ours is
# GNU gprof (the harness self-check), every such check must fail.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

: "${PYTHON3:=python3}"
SYNTH=$top_srcdir/tests/tools/gprof-synth.py
command -v "$PYTHON3" >/dev/null 2>&1 ||
	hard_error "python3 is needed for the synthetic profiles"
[ -x "$GMONMAKE" ] && [ -x "$GMONDUMP" ] ||
	hard_error "gmonmake or gmondump is not built"

gp_build c "$PROGRAMS/gprof-main.c" "$PROGRAMS/gprof-util.c" -- \
	-g -O0 -fPIE -pie -I"$PROGRAMS"
gp_profile c g1.out 50

# edit NAME AWK-PROGRAM: NAME.out from g1.out's text through AWK-PROGRAM.
edit () {
	"$GMONDUMP" -e c g1.out | awk "$2" >"$1.txt" ||
		hard_error "cannot edit the profile for $1"
	"$GMONMAKE" -o "$1.out" <"$1.txt" || hard_error "gmonmake: $1.txt"
}

# 1. No histogram: hz stays 0 and GNU divides by it.
edit nohist '/^hist / { h = 1; next } h && /^  / { next } { h = 0; print }'
gp_case -e 's/-nan/0.00/g' gnubug/nan-no-histogram -- -b c nohist.out
gp_case -m fsf -e 's/-nan/0.00/g' gnubug/nan-no-histogram/blurbs -- c nohist.out
gp_bug_check gnubug/nan-no-histogram "no nan in the call graph without a histogram" \
	gp_no_nan cases/gnubug_nan-no-histogram/ours.out

# 2. A histogram without samples: no function has time, and GNU heads
# the per-call columns (all 0.00) with the first unit of its table,
# Ts/call.  The label changes no number; ours keeps it, so that such
# reports and every -l report stay identical (manual, compatibility).
edit nosamples '/^hist / { h = 1; print; next } h && /^  / { next } { h = 0; print }'
gp_case design/ts-call-kept -- -b c nosamples.out
gp_case design/ts-call-kept/p -- -p -b c nosamples.out
check "design/ts-call-kept: the no-time header is GNU's Ts/call" \
	grep -q 'calls  Ts/call  Ts/call' cases/design_ts-call-kept/ours.out

# 3. Index numbers from 10000 on.
"$PYTHON3" "$SYNTH" chain 10050 chain10k.syms chain10k.txt ||
	hard_error "gprof-synth.py failed"
"$GMONMAKE" -o chain10k.out <chain10k.txt || hard_error "gmonmake: chain10k"
gp_case -e 's/^\[([0-9]+)\]? +/[\1] /' gnubug/index-10000 -- \
	-b -q -S chain10k.syms c chain10k.out
gp_bug_check gnubug/index-10000 "the entry [10000] keeps its ']'" \
	gp_index_whole cases/gnubug_index-10000/ours.out 10000

# 4. gmon.sum: bins summed past 65535 and arc counts past 2^32.
burn=$(printf '0x%x' $((0x$(sym_addr c burn) + 8)))
edit big "{ print } /^hist / { print \"  $burn 40000\" }
	/^arc / && !done { print \"arc \" \$2 \" \" \$3 \" 3000000000\"; done = 1 }"
gp_sum_case -x "$work/c" gnubug/sum-wrap -- -s "$work/c" "$work/big.out" "$work/big.out"
"$GNU_GPROF" -b c big.out big.out >big2.report
if [ -f cases/gnubug_sum-wrap/ours/gmon.sum ]; then
	"$GNU_GPROF" -b c cases/gnubug_sum-wrap/ours/gmon.sum >oursum.report
else
	echo "no gmon.sum" >oursum.report
fi
gp_bug_check gnubug/sum-wrap "our gmon.sum of two files reports like the two files" \
	gp_same_report big2.report oursum.report
grep -Eq ' 6[0-9]{9}/' big2.report ||
	bad "the profile for the wrap check has no arc over 2^32 calls"
# The wide bin and the wide arc themselves, in our gmon.sum: every
# record for them (the continuations) adds up to the two files' sum.
wide_sums () {	# GMON BIN: "bin BIN COUNT", summed over the records, and
		# "arc COUNT": the arc with the most calls, summed over the
		# records of its ends (a sum names a function's start)
	"$GMONDUMP" "$1" | awk -v bin="$2" '
		/^  0x/ && $1 == bin { b += $2 }
		/^arc / { a[$2 " " $3] += $4 }
		END { for (k in a) if (a[k] > m) m = a[k]
		      printf "bin %s %.0f\narc %.0f\n", bin, b, m }'
}
bigbin=$("$GMONDUMP" big.out | awk '/^  0x/ && $2 >= 40000 { print $1; exit }')
[ -n "$bigbin" ] || hard_error "big.out has no bin over 40000"
wide_sums big.out "$bigbin" | awk '{ $NF = sprintf("%.0f", 2 * $NF); print }' \
	>wide.want
if [ -f cases/gnubug_sum-wrap/ours/gmon.sum ]; then
	wide_sums cases/gnubug_sum-wrap/ours/gmon.sum "$bigbin"
else
	echo "no gmon.sum"
fi >wide.ours
wide_right () { cmp -s wide.want "$1"; }
gp_bug_check gnubug/sum-wrap "our gmon.sum holds the wide bin and arc summed ($(tr '\n' ';' <wide.want))" \
	wide_right wide.ours

gp_bug_check -flaky gnubug/sum-spare "the spare bytes of our gmon.sum header are zero" \
	gp_spare_zero cases/gnubug_sum-wrap/ours/gmon.sum

# 5. -c and a backward call that never runs (x86-64 code: GNU's bug
# and ours' decoder of calls are x86-64's).
[ "$(uname -m)" = x86_64 ] ||
	partial_skip "-c's backward calls: x86-64 code only (this is $(uname -m))"
[ "$(uname -m)" = x86_64 ] && for v in pie nopie; do
	case $v in pie) f="-fPIE -pie" ;; *) f="-fno-pie -no-pie" ;; esac
	# shellcheck disable=SC2086
	gp_build bc-$v "$PROGRAMS/gprof-backcall.c" -- -g -O0 $f
	gp_profile bc-$v bc-$v.out
	gp_case -e '/ 0\/1 +(late|early) \[/d' gnubug/c-backward/$v -- \
		-b -c bc-$v bc-$v.out
	gp_bug_check gnubug/c-backward/$v "late, which never runs, is a static caller of early" \
		gp_backward_found cases/gnubug_c-backward_$v/ours.out
done

# 6. -O2 clones: work.constprop.0 (1000 calls), pick.isra.0 (2000).
# GNU gprof drops them; on a copy whose clones are renamed (a '.' made
# a '_', objcopy --redefine-sym: same length, same code) it keeps them,
# and its reports, the names turned back, are what ours must print for
# the original, byte for byte.
for v in pie nopie; do
	case $v in pie) f="-fPIE -pie" ;; *) f="-fno-pie -no-pie" ;; esac
	# shellcheck disable=SC2086
	gp_build cl-$v "$PROGRAMS/gprof-clones.c" -- -g -O2 $f
	nm cl-$v | grep -q 'pick\.isra' ||
		bad "gcc made no pick.isra clone in cl-$v: the test lost its point"
	gp_profile cl-$v cl-$v.out 50000
	back=$(gp_unclone cl-$v renamed-$v) || hard_error "objcopy cl-$v"
	cp cl-$v.out renamed-$v/
	for o in -p -q "" -z; do
		# shellcheck disable=SC2086
		gp_case -G renamed-$v -e "$back" "clones/$v/renamed/-b $o" -- \
			-b $o cl-$v cl-$v.out
	done
	"$OURS" -b -p cl-$v cl-$v.out >clones-$v.out 2>&1
	gp_bug_check gnubug/clones/$v "work.constprop.0 and pick.isra.0 keep their calls" \
		gp_clones_kept clones-$v.out
done

# 7. A call chain 300 000 deep (GNU's recursive search overflows).
"$PYTHON3" "$SYNTH" chain 300000 chain300k.syms chain300k.txt ||
	hard_error "gprof-synth.py failed"
"$GMONMAKE" -o chain300k.out <chain300k.txt || hard_error "gmonmake: chain300k"
deep_ok () {
	"$OURS" -b -q -S chain300k.syms c chain300k.out >deep.out 2>deep.err &&
		gp_chain_whole deep.out 300000
}
gp_bug_check gnubug/deep-chain "a 300 000-deep chain is printed whole" deep_ok

# 8. One bin over the whole address space: GNU's granularity,
# (long) hist_scale * 2L, is undefined beyond a long and its build
# prints 0 bytes (or a negative width for a bin of 2^62 bytes or more).
for r in full:0xffffffffffffffff half:0x8000000000000000 \
	quarter3:0xc000000000000000; do
	printf 'hist 0x0 %s bins=1 rate=100\n  0x0 5\narc 0x%s 0x%s 3\n' \
		"${r#*:}" "$(sym_addr c main)" "$(sym_addr c main)" >"wide-${r%%:*}.txt"
	"$GMONMAKE" -o "wide-${r%%:*}.out" <"wide-${r%%:*}.txt" ||
		hard_error "gmonmake: wide-${r%%:*}.txt"
done
for r in full half quarter3; do
	gp_case -e 's/covers -*[0-9]* byte/covers W byte/' \
		gnubug/granularity-wrap/$r -- -b c wide-$r.out
	gp_case -e 's/covers -*[0-9]* byte/covers W byte/' \
		gnubug/granularity-wrap/$r/T -- -b -T c wide-$r.out
done
gp_bug_check gnubug/granularity-wrap "a bin of 2^64 bytes covers 18446744073709551616 bytes" \
	gp_granularity cases/gnubug_granularity-wrap_full/ours.out 18446744073709551616
gp_bug_check gnubug/granularity-wrap "a bin of 2^63 bytes covers 9223372036854775808 bytes" \
	gp_granularity cases/gnubug_granularity-wrap_half/ours.out 9223372036854775808
gp_bug_check gnubug/granularity-wrap "-T: a bin of 0xc000000000000000 bytes is not negative" \
	gp_granularity cases/gnubug_granularity-wrap_quarter3_T/ours.out 13835058055282163712

# Ours explains the tables in its own words.
gp_case -m fsf design/own-blurbs -- c g1.out
gp_bug_check design/own-blurbs "our blurbs are not the FSF text" \
	gp_not_fsf_text cases/design_own-blurbs/ours.out
grep -q '^\[blurb\]$' cases/design_own-blurbs/ours.cmp ||
	bad "design/own-blurbs: our default output has no blurbs"
gp_summary

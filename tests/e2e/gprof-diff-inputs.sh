#!/bin/sh
# gprof-diff-inputs.sh - our gprof against GNU gprof on what it reads:
# several profile files, standard input, BSD files, profiles edited to
# hit the numeric corner cases, `-s' sum files, and the error paths.
#
# The C fixture (tests/programs/gprof-main.c, -O0, PIE) is profiled
# twice; the other profiles are made from those with gmondump (binary
# to text), a little awk, and gmonmake (text to binary).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

[ -x "$GMONMAKE" ] && [ -x "$GMONDUMP" ] ||
	hard_error "gmonmake or gmondump is not built"

gp_build c "$PROGRAMS/gprof-main.c" "$PROGRAMS/gprof-util.c" -- \
	-g -O0 -fPIE -pie -I"$PROGRAMS"
gp_profile c g1.out 50
gp_profile c g2.out 20
W=$work

# edit NAME AWK-PROGRAM: NAME.out from g1.out's text through AWK-PROGRAM.
edit () {
	"$GMONDUMP" -e c g1.out | awk "$2" >"$1.txt" ||
		hard_error "cannot edit the profile for $1"
	"$GMONMAKE" -o "$1.out" <"$1.txt" || hard_error "gmonmake: $1.txt"
}
addr () { printf '0x%x' $((0x$(sym_addr c "$1") + ${2:-0})); }

slow=$(addr slow 8)
burn=$(addr burn 8)
edit slow '{ print } /^hist / { print "  '"$slow"' 300" }'
edit rate1000 '/^hist / { sub(/rate=100 /, "rate=1000 ") } { print }'
edit ticks '/^hist / { sub(/dimen="seconds"/, "dimen=\"ticks\""); sub(/abbrev=s/, "abbrev=t") } { print }'
# A bin above 65535: gmonmake continues it in a second record of the
# same range, which both readers must add up.
edit bigbin '{ print } /^hist / { print "  '"$burn"' 70000" }'
# The histogram twice over the same range: the bins add up.
edit twohist '/^hist / { h = 1 } h && !/^(hist|  )/ { h = 0 }
	h { hist[++n] = $0 } { print }
	END { for (i = 1; i <= n; i++) print hist[i] }'
# Two disjoint histogram records of the same scale, split at burn.
edit split '
	function hex(s,   i, v) {
		v = 0
		sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^hist / { lo = hex($2); hi = hex($3); h = 1; next }
	h && /^  / { a[++n] = hex($1); c[n] = $2; next }
	{ h = 0; rest[++m] = $0 }
	END {
		mid = '"$((0x$(sym_addr c burn) & ~3))"'
		lo -= lo % 4
		hi += (4 - hi % 4) % 4
		printf "hist 0x%x 0x%x bins=%d\n", lo, mid, (mid - lo) / 4
		for (i = 1; i <= n; i++) if (a[i] < mid) printf "  0x%x %s\n", a[i], c[i]
		printf "hist 0x%x 0x%x bins=%d\n", mid, hi, (hi - mid) / 4
		for (i = 1; i <= n; i++) if (a[i] >= mid) printf "  0x%x %s\n", a[i], c[i]
		for (i = 1; i <= m; i++) print rest[i]
	}'
edit nohist '/^hist / { h = 1; next } h && /^  / { next } { h = 0; print }'
edit noarcs '!/^arc / { print }'
edit bsd 'NR == 1 { print "format bsd" } { print }'
edit bsd44 'NR == 1 { print "format 4.4bsd" } { print }'
"$GMONDUMP" -e c g2.out | awk 'NR == 1 { print "format bsd" } { print }' |
	"$GMONMAKE" -o bsd2.out || hard_error "gmonmake: bsd2"

# Broken files for the error paths.
head -c 30 g1.out >short.out
head -c 2000 g1.out >cut.out
{ head -c 4 g1.out; printf '\002\000\000\000'; tail -c +9 g1.out; } >v2.out
{ cat g1.out; printf '\007'; } >badtag.out
cp c stripped && strip stripped
nm --extern-only --defined-only -v --print-file-name c >map.txt

set -f
while IFS=';' read -r name in args; do
	case $name in '' | '#'*) continue ;; esac
	if [ -n "$in" ]; then in="-i $in"; fi
	mode=
	case $name in *-blurbs) mode="-m fsf" ;; esac
	# shellcheck disable=SC2086
	gp_case $mode $in "inputs/$name" -- $args
done <<'EOF'
two-files;;-b c g1.out g2.out
two-files-blurbs;;c g1.out g2.out
same-file-thrice;;-b c g1.out g1.out g1.out
stdin;g1.out;-b c -
stdin-second;g2.out;-b c g1.out -
bsd;;-b c bsd.out
bsd44;;-b c bsd44.out
bsd-Ob;;-b -Ob c bsd.out
bsd44-O4;;-b -O4 c bsd44.out
bsd-two;;-b c bsd.out bsd2.out
new-then-bsd;;-b c g1.out bsd2.out
info-new-then-bsd;;-i c g1.out bsd2.out
info-bsd-then-new;;-i c bsd.out g2.out
info-three;;-i c g1.out g2.out bsd44.out
slow-s-per-call;;-b c slow.out
slow-s-per-call-blurbs;;c slow.out
slow-T;;-b -T c slow.out
rate1000;;-b c rate1000.out
ticks;;-b c ticks.out
bigbin;;-b c bigbin.out
bigbin-i;;-i c bigbin.out
twohist;;-b c twohist.out
split-hist;;-b c split.out
split-hist-i;;-i c split.out
split-hist-T;;-b -T c split.out
noarcs;;-b c noarcs.out
noarcs-q;;-b -q c noarcs.out
error-missing-file;;-b c missing.out
error-missing-exe;;-b nosuchprog g1.out
error-stripped;;-b stripped g1.out
error-not-elf;;-b g1.out g1.out
error-short;;-b c short.out
error-cut;;-b c cut.out
error-version;;-b c v2.out
error-badtag;;-b c badtag.out
bsd-stdin-file;bsd.out;-b c -
error-bsd-stdin-pipe;|bsd.out;-b c -
error-Oz;;-b -Oz c g1.out
error-Op;;-b -Op c g1.out
error-Om-bsd;;-b -Om c bsd.out
error-r-and-R;;-r -R map.txt c g1.out
error-demangle-style;;--demangle=bogus c g1.out
error-p-no-histogram;;-b -p c nohist.out
error-q-no-arcs;;-b -q c noarcs.out
error-bsd-mismatch;;-b c bsd.out split.out
error-unknown-option;;--no-such-option c g1.out
EOF

gp_sum_case -x "$W/c" "inputs/sum-two" -- -s "$W/c" "$W/g1.out" "$W/g2.out"
gp_sum_case -x "$W/c" "inputs/sum-one" -- -s "$W/c" "$W/g1.out"
gp_sum_case -x "$W/c" "inputs/sum-stdin" -i g2.out -- -s "$W/c" "$W/g1.out" -
gp_sum_case -x "$W/c" "inputs/sum-bsd-input" -- -s "$W/c" "$W/bsd.out" "$W/bsd2.out"
gp_sum_case -x "$W/c" "inputs/sum-Ob" -- -s -Ob "$W/c" "$W/bsd.out" "$W/bsd2.out"
gp_sum_case -x "$W/c" "inputs/sum-O4" -- -s -O4 "$W/c" "$W/bsd44.out"
gp_sum_case -x "$W/c" "inputs/sum-split-hist" -- -s "$W/c" "$W/split.out" "$W/split.out"
gp_sum_case -x "$W/c" "inputs/sum-k" -- -s -k is_even/leaf "$W/c" "$W/g1.out"
gp_sum_case -x "$W/c" "inputs/sum-noarcs" -- -s "$W/c" "$W/noarcs.out"
gp_sum_case -x "$W/c" "inputs/sum-b" -- -s -b "$W/c" "$W/g1.out" "$W/g2.out"
# A sum of a sum: GNU's own gmon.sum as an input.
cp "$work/cases/inputs_sum-two/gnu/gmon.sum" sum-two.out
gp_sum_case -x "$W/c" "inputs/sum-of-sum" -- -s "$W/c" "$W/sum-two.out" "$W/g1.out"

# GNU gprof cannot read a BSD file from a pipe ("Illegal seek"); ours
# reads it exactly as from a file.
same_file "a BSD profile from a pipe reads as from a file" \
	cases/inputs_bsd-stdin-file/ours.out \
	cases/inputs_error-bsd-stdin-pipe/ours.out

# The edits did what they are for.
grep -q ' s/call' cases/inputs_slow-s-per-call/gnu.out ||
	bad "the synthesised slow profile does not give s/call"
grep -q 'Each sample counts as 0.001 seconds' cases/inputs_rate1000/gnu.out ||
	bad "the rate 1000 profile is not read as such"
grep -q '2 histogram records' cases/inputs_split-hist-i/gnu.out ||
	bad "the split profile does not have two histogram records"
gp_summary

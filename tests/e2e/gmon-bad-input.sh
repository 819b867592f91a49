#!/bin/sh
# gmon-bad-input.sh - damaged and hostile inputs get a clear message
# naming the file, a non-zero exit, and never a crash or a hang.
#
# Each case runs gmondump under `timeout`; a signal (exit > 128) or a
# timeout (124) fails the case, and so does a message that does not
# start with "gmondump: FILE: " or does not contain the expected words.

. "$top_srcdir/tests/e2e/lib.sh"

# expect_fail NAME WORDS FILE [OPTIONS...]
expect_fail () {
	name=$1 words=$2 file=$3
	shift 3
	timeout 10 "$GMONDUMP" "$@" "$file" >out.txt 2>err.txt
	rc=$?
	msg=$(head -n 1 err.txt)
	if [ "$rc" -eq 124 ]; then
		bad "$name: gmondump hung"
	elif [ "$rc" -gt 128 ]; then
		bad "$name: gmondump died of signal $((rc - 128))"
	elif [ "$rc" -eq 0 ]; then
		bad "$name: gmondump accepted it"
	else
		case $msg in
		"gmondump: $file: "*"$words"*)
			ok "$name: $msg" ;;
		*)
			bad "$name: unexpected message '$msg' (want '$words')" ;;
		esac
	fi
}

# Binary files from octal escapes (POSIX printf has no \x).
hdr='gmon\001\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'

: >empty
expect_fail "empty file" "empty file" empty
printf 'gmon\001\000' >short
expect_fail "short header" "too short" short -t 64le
printf 'gmxn\001\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' \
	>badmagic
expect_fail "bad magic with -O magic" "bad magic" badmagic -O magic
printf 'gmon\002\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' \
	>version2
expect_fail "unknown version" "unsupported version 2" version2 -t 64le
printf "$hdr\\007" >badtag
expect_fail "unknown tag" "unknown record tag 7" badtag -t 64le
printf "$hdr\\000\\000\\020" >shorthist
expect_fail "truncated histogram header" "histogram record header" \
	shorthist -t 64le

# A histogram of 4 bins over 0x1000-0x1010 with only 1 bin present.
hist="$hdr\\000\\000\\020\\000\\000\\000\\000\\000\\000\\020\\020\\000\\000\\000\\000\\000\\000\\004\\000\\000\\000\\144\\000\\000\\000seconds\\000\\000\\000\\000\\000\\000\\000\\000s"
printf "$hist\\001\\000" >shortbins
expect_fail "truncated bins" "after reading 1 of 4 samples" shortbins -t 64le
# low_pc 0x2000 above high_pc 0x1010.
printf "$hdr\\000\\000\\040\\000\\000\\000\\000\\000\\000\\020\\020\\000\\000\\000\\000\\000\\000\\004\\000\\000\\000\\144\\000\\000\\000seconds\\000\\000\\000\\000\\000\\000\\000\\000s" >lowhigh
expect_fail "low_pc above high_pc" "is above high_pc" lowhigh -t 64le
# Four billion bins over 16 bytes.
printf "$hdr\\000\\000\\020\\000\\000\\000\\000\\000\\000\\020\\020\\000\\000\\000\\000\\000\\000\\377\\377\\377\\377\\144\\000\\000\\000seconds\\000\\000\\000\\000\\000\\000\\000\\000s" >manybins
expect_fail "impossible bin count" "impossible bin count" manybins -t 64le
printf "$hdr\\001\\000\\020" >shortarc
expect_fail "truncated arc" "call-graph arc" shortarc -t 64le
printf "$hdr\\002\\003\\000\\000\\000\\000\\020" >shortbb
expect_fail "truncated basic-block record" "after 0 of 3 blocks" shortbb \
	-t 64le
# A BB record that claims four billion blocks in 20 bytes.
printf "$hdr\\002\\360\\377\\377\\377\\000\\020\\000\\000\\000\\000\\000\\000\\001" \
	>bbcount
expect_fail "lying block count" "blocks of the basic-block record" \
	bbcount -t 64le
printf 'this is a text file, not a profile\n' >text
expect_fail "text file" "not a gmon file" text -t 64le

# Records that contradict each other: two histograms that overlap.
printf 'hist 0x1000 0x1010 bins=4\n  0x1000 1\nhist 0x1008 0x1018 bins=4\n  0x1008 1\n' |
	"$GMONMAKE" -o overlap || hard_error "gmonmake failed"
expect_fail "overlapping histograms" "overlapping histogram records" \
	overlap -m -t 64le
printf 'hist 0x1000 0x1010 bins=4\nhist 0x1000 0x1010 bins=8\n' |
	"$GMONMAKE" -o rebinned || hard_error "gmonmake failed"
expect_fail "same range, other bin count" "differ from the 4-byte bins" \
	rebinned -m -t 64le
printf 'hist 0x1000 0x1010 bins=4\nhist 0x2000 0x2010 bins=4 dimen="cycles"\n' |
	"$GMONMAKE" -o dimen || hard_error "gmonmake failed"
expect_fail "dimension changed" "dimension of the histogram changed" \
	dimen -m -t 64le

mkdir adir
expect_fail "a directory" "is a directory" adir
expect_fail "a missing file" "No such file or directory" missing.out
expect_fail "/dev/zero" "not a gmon file" /dev/zero -t 64le
expect_fail "/dev/null" "empty file" /dev/null

# Standard input: a good file is read, a bad one refused.
printf 'hist 0x1000 0x1010 bins=4\n  0x1004 9\narc 0x1000 0x1008 3\n' |
	"$GMONMAKE" -o good || hard_error "gmonmake failed"
if "$GMONDUMP" -t 64le - <good | grep -q '^arc 0x1000 0x1008 3$'; then
	ok "standard input read"
else
	bad "standard input not read"
fi
timeout 10 "$GMONDUMP" -t 64le - <text >/dev/null 2>err.txt
rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -lt 124 ] && grep -q '^gmondump: -: ' err.txt; then
	ok "bad standard input refused: $(cat err.txt)"
else
	bad "bad standard input: rc $rc, $(cat err.txt)"
fi

finish

#!/bin/sh
# gprof-objects-stripped.sh - gprof --objects on a stripped library
# (issue 28, item 1): its hot function is static, right after a tiny
# exported one, and `strip --strip-unneeded' leaves only the exported
# symbols.  The exported function holds nothing past its end: the hot
# code is a function of its own, named libhid.so+0xADDRESS by the
# address its FDE and objdump give, in the flat profile, the call
# graph and every export (folded, flame graph, pprof, Callgrind, JSON,
# IgProf, aprof, DOT, the comparison).  One note on stderr names the
# library and where its symbols would come from; with its debugging
# file beside it (.gnu_debuglink) the hot function has its name and
# there is no note.  A stripped program gets the same treatment.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
[ -x "$GPROF" ] || hard_error "gprof was not built ($GPROF)"
command -v python3 >/dev/null || need_tool python3 "the checkers are Python"
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
TOOLS=$top_srcdir/tests/tools
SCHEMA=$top_srcdir/doc/gprof-json.schema.json

$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -fno-toplevel-reorder \
	-o libhid.so.full "$PROGRAMS/objects-stripped-lib.c" ||
	hard_error "cannot build libhid.so"
strip --strip-unneeded -o libhid.so libhid.so.full || hard_error "strip failed"
RT_LIBS="-L. -lhid -Wl,-rpath,$work" \
	rt_cc prog "$PROGRAMS/objects-stripped.c" -O2 -pg

# The layout, from the unstripped copy: hid_hot right after hid_tiny,
# in the padding's reach, and an FDE of the stripped file starting
# there.
set -- $(nm -S libhid.so.full | awk '$4 == "hid_tiny" { print $1, $2 }')
tiny_end=$((0x$1 + 0x$2))
hot=$(nm libhid.so.full | awk '$3 ~ /^hid_hot/ { print $1 }')
[ -n "$hot" ] || hard_error "no hid_hot in libhid.so.full"
hot=0x$(printf %x "0x$hot")
[ $((hot - tiny_end)) -ge 0 ] && [ $((hot - tiny_end)) -lt 16 ] ||
	hard_error "hid_hot ($hot) is not right after hid_tiny (ends at $tiny_end)"
nm libhid.so 2>&1 | grep -q 'no symbols' || hard_error "libhid.so kept its symbols"
nm -D libhid.so | grep -q hid_hot && hard_error "hid_hot is exported"
readelf --debug-dump=frames libhid.so |
	grep -Eq "FDE cie=[0-9a-f]+ pc=0*${hot#0x}\.\." ||
	hard_error "no FDE of libhid.so starts at $hot"
check "objdump -d shows an instruction at $hot" sh -c \
	"objdump -d --start-address=$hot --stop-address=$((hot + 1)) libhid.so | grep -Eq '^ +${hot#0x}:'"
name=libhid.so+$hot
ename=$(printf %s "$name" | sed 's/[.+]/\\&/g')	# as a regular expression
ok "the hot function is $name"

n=150000000
ncb=$(( (n + 1048575) / 1048576 ))
run_prog ./prog $n >out 2>err || hard_error "the program failed: $(cat err)"

# flat_col FILE FUNC FIELD: a field of FUNC's row in a flat profile (1
# %, 3 self seconds, 4 calls).
flat_col () {
	awk -v f="$2" -v c="$3" '$NF == f { print (NF >= 6 || c < 4) ? $c : ""; exit }' "$1"
}

"$GPROF" -b -p --objects prog gmon.out >flat.txt 2>flat.err ||
	hard_error "gprof --objects failed: $(cat flat.err)"
echo "--- gprof -b -p --objects"; cat flat.txt flat.err
pct=$(flat_col flat.txt "$name" 1)
check "flat: $name holds the time (${pct:-none}%)" \
	awk -v p="${pct:-0}" 'BEGIN { exit !(p >= 95) }'
check "flat: $name is called once" test "$(flat_col flat.txt "$name" 4)" = 1
check "flat: hid_tiny@libhid.so holds no time" \
	test "$(flat_col flat.txt hid_tiny@libhid.so 3)" = 0.00
check "flat: hid_tiny@libhid.so is called twice" \
	test "$(flat_col flat.txt hid_tiny@libhid.so 4)" = 2
check "flat: hid_callback is called $ncb times" \
	test "$(flat_col flat.txt hid_callback 4)" = "$ncb"

# The note: once, naming the library, its file and its debugging file.
id=$(readelf -n libhid.so | sed -n 's/.*Build ID: *//p')
check "the note: one, on libhid.so" test "$(grep -c 'note: --objects: libhid.so has only the symbols it exports' flat.err)" = 1
check "the note: how the others are named" grep -q 'OBJECT+0xADDRESS' flat.err
check "the note: its file and debugging file by build id" grep -Fq \
	"libhid.so is $work/libhid.so, of no package: gprof would read its symbols from its debugging file /usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug" flat.err
check "the note: nothing else on stderr" test "$(grep -vc 'note: ' flat.err)" = 0

# The call graph: the hidden function called by hid_work, calling the
# program back.
"$GPROF" -b -q --objects prog gmon.out >graph.txt 2>graph.err ||
	bad "gprof -q --objects failed: $(cat graph.err)"
# Its entry: the lines between the separators around its primary line.
awk -v f="$name" '/^-+$/ { if (hit) exit; n = 0; next }
	{ l[++n] = $0 } $1 ~ /^\[[0-9]+\]$/ && $(NF - 1) == f { hit = 1 }
	END { if (hit) for (i = 1; i <= n; i++) print l[i] }' graph.txt >entry.txt
echo "--- its entry"; cat entry.txt
check "graph: $name is called once, by hid_work@libhid.so" \
	grep -Eq "^ +[0-9.]+ +[0-9.]+ +1/1 +hid_work@libhid\.so \[[0-9]+\]$" entry.txt
check "graph: $name is its primary line" \
	grep -Eq "^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +1 +$ename \[[0-9]+\]$" entry.txt
check "graph: $name calls hid_callback $ncb times" \
	grep -Eq "^ +[0-9.]+ +[0-9.]+ +$ncb/$ncb +hid_callback \[[0-9]+\]$" entry.txt
check "graph: hid_tiny@libhid.so called twice" \
	grep -Eq "^\[[0-9]+\] +[0-9.]+ +0\.00 +0\.00 +2 +hid_tiny@libhid.so \[[0-9]+\]$" graph.txt
check "graph: the index names it" grep -Fq "$name" graph.txt
check "graph: one note" test "$(grep -c 'note: --objects:' graph.err)" = 1

# Every export, in one run (one note for all).
"$GPROF" --objects prog gmon.out --export=folded:p.folded \
	--export=flamegraph:p.svg --export=pprof:p.pb.gz \
	--export=callgrind:p.callgrind --export=json:p.json \
	--export=igprof:p.igprof --export=aprof:p.aprof --export=dot:p.dot \
	2>ex.err || bad "gprof --export failed: $(cat ex.err)"
check "exports: one note" test "$(grep -c 'note: --objects:' ex.err)" = 1
# share LEAF: the part of the folded stacks' samples ending in LEAF, %.
share () {
	awk -v f="$1" '{ n = $NF; sub (/ [0-9]+$/, ""); k = split ($0, s, ";")
		t += n; if (s[k] == f) m += n } END { print t ? int (100 * m / t) : 0 }' p.folded
}
check "folded: $name is the leaf of the samples ($(share "$name")%)" \
	test "$(share "$name")" -ge 95
check "folded: hid_tiny@libhid.so is the leaf of none" \
	test "$(share hid_tiny@libhid.so)" = 0
check "folded: its stack runs through hid_work" \
	grep -Eq ";main;hid_work@libhid\.so;$ename [0-9]+$" p.folded
check "flame graph: $name is a frame" grep -Fq "data-n=\"$name\"" p.svg
check "flame graph: hid_tiny@libhid.so is none" \
	sh -c "! grep -Fq 'data-n=\"hid_tiny@libhid.so\"' p.svg"
check "Callgrind: the checker passes" python3 "$TOOLS/callgrind-check.py" p.callgrind
callgrind_annotate p.callgrind >annotate.txt 2>&1 ||
	bad "callgrind_annotate failed: $(cat annotate.txt)"
check "Callgrind: callgrind_annotate gives $name the time" \
	grep -Eq "\((9[5-9]|100)\.[0-9]+%\) +\?\?\?:$ename " annotate.txt
check "Callgrind: hid_tiny@libhid.so has none" \
	sh -c "! grep -q 'hid_tiny@libhid.so' annotate.txt"
check "JSON: the schema's checker passes" \
	python3 "$TOOLS/json-schema-check.py" --gprof "$SCHEMA" p.json
check "JSON: $name has the samples, hid_tiny@libhid.so none" python3 -c "
import json, sys
d = json.load (open ('p.json'))
f = {x['name']: x for x in d['functions']}
tot = d['time']['total_samples']
sys.exit (not (f['$name']['self_samples'] >= 0.95 * tot
	       and f['$name']['calls'] == 1
	       and f['hid_tiny@libhid.so']['self_samples'] == 0
	       and f['hid_tiny@libhid.so']['calls'] == 2))"
check "IgProf: the checker passes" python3 "$TOOLS/igprof-check.py" p.igprof
check "IgProf: $name is the node with the ticks" \
	grep -Eq "N=\($ename\)\)\+[0-9]+ V0=\(PERF_TICKS\)" p.igprof
check "aprof: the checker passes" python3 "$TOOLS/aprof-check.py" p.aprof
check "aprof: $name is a routine with a cost" awk -v f="\"$name\"" '
	$1 == "r" && $2 == f { id = $NF } $1 == "p" && id != "" && $2 == id { ok = 1 }
	END { exit !ok }' p.aprof
check "DOT: $name is a node" grep -Fq "$name" p.dot
if command -v dot >/dev/null; then
	check "DOT: dot reads it" dot -Tsvg -o p.dot.svg p.dot
else
	missing_tool dot "dot (graphviz) reads the DOT export"
fi
if command -v go >/dev/null; then
	GOCACHE=$work/gocache HOME=$work go tool pprof -top p.pb.gz \
		>top.txt 2>top.err || bad "go tool pprof failed: $(cat top.err)"
	check "pprof: $name holds the time" awk -v f="$name" '
		$NF == f { sub (/%/, "", $2); ok = $2 + 0 >= 95 } END { exit !ok }' top.txt
	check "pprof: hid_tiny@libhid.so holds none" \
		sh -c "! grep -q 'hid_tiny@libhid.so' top.txt"
else
	missing_tool go "go tool pprof reads the pprof export (Debian golang-go)"
fi
# The comparison with a base profile names it the same way.
"$GPROF" --objects --diff-base=gmon.out prog gmon.out >diff.txt 2>diff.err ||
	bad "gprof --diff-base failed: $(cat diff.err)"
check "--diff-base: $name is a row" grep -Fq " $name" diff.txt

# -a (static functions left out) asks for GNU gprof's rule: the static
# code is the exported function's before it.
"$GPROF" -a -b -p --objects prog gmon.out >a.txt 2>a.err ||
	bad "gprof -a --objects failed: $(cat a.err)"
check "-a: hid_tiny@libhid.so holds the time, as -a asks" \
	awk -v p="$(flat_col a.txt hid_tiny@libhid.so 1)" 'BEGIN { exit !(p >= 95) }'
check "-a: no function named by address" sh -c "! grep -q 'libhid.so+0x' a.txt"

# Its debugging file beside it (.gnu_debuglink): the real name, no note.
objcopy --only-keep-debug libhid.so.full libhid.dbg || hard_error "objcopy failed"
cp libhid.so libhid.so.stripped
objcopy --add-gnu-debuglink=libhid.dbg libhid.so || hard_error "objcopy --add-gnu-debuglink failed"
"$GPROF" -b -p --objects prog gmon.out >dbg.txt 2>dbg.err ||
	bad "gprof --objects with the debugging file failed: $(cat dbg.err)"
hname=$(awk '$NF ~ /^hid_hot/ { print $NF; exit }' dbg.txt)
check "debug file: the hot function is ${hname:-missing}" test -n "$hname"
check "debug file: it holds the time" \
	awk -v p="$(flat_col dbg.txt "$hname" 1)" 'BEGIN { exit !(p >= 95) }'
check "debug file: no function named by address" sh -c "! grep -q 'libhid.so+0x' dbg.txt"
check "debug file: no note" test ! -s dbg.err
cp libhid.so.stripped libhid.so

# A damaged unwind table: the last FDE's length runs past the section.
# The functions before it are still told apart, and it is said.
off=$(readelf -SW libhid.so | awk '$2 == ".eh_frame" { print $5 }')
python3 - "$((0x$off))" <<'EOF' || hard_error "cannot damage libhid.so"
import struct, sys
off = int(sys.argv[1])
b = bytearray(open("libhid.so", "rb").read())
p, last = off, None
while True:
    n, cie = struct.unpack_from("<II", b, p)
    if n == 0:
        break
    if cie != 0:
        last = p
    p += 4 + n
struct.pack_into("<I", b, last, 0x7ffffff0)
open("libhid.so", "wb").write(bytes(b))
EOF
"$GPROF" -b -p --objects prog gmon.out >dam.txt 2>dam.err ||
	bad "gprof --objects on a damaged .eh_frame failed: $(cat dam.err)"
check "damaged .eh_frame: said" grep -Fq \
	"libhid.so: warning: --objects: .eh_frame is damaged: the functions of libhid.so it describes after the damage are not told apart" dam.err
check "damaged .eh_frame: $name still holds the time" \
	awk -v p="$(flat_col dam.txt "$name" 1)" 'BEGIN { exit !(p >= 95) }'
cp libhid.so.stripped libhid.so

# The program stripped as well: its functions named by address too.
strip -o sprog prog || hard_error "strip failed"
main=0x$(printf %x "0x$(nm prog | awk '$3 == "main" { print $1 }')")
cb=0x$(printf %x "0x$(nm prog | awk '$3 == "hid_callback" { print $1 }')")
"$GPROF" -b -p --objects sprog gmon.out >sflat.txt 2>sflat.err ||
	bad "gprof --objects on the stripped program failed: $(cat sflat.err)"
check "stripped program: sprog+$cb is hid_callback ($ncb calls)" \
	test "$(flat_col sflat.txt "sprog+$cb" 4)" = "$ncb"
check "stripped program: sprog+$main is main (1 call)" \
	test "$(flat_col sflat.txt "sprog+$main" 4)" = 1
check "stripped program: $name holds the time" \
	awk -v p="$(flat_col sflat.txt "$name" 1)" 'BEGIN { exit !(p >= 95) }'
check "stripped program: the note names it" grep -Fq \
	"note: --objects: sprog, libhid.so have only the symbols each exports" sflat.err
check "stripped program: its line" grep -Fq "sprog is $work/sprog, of no package" sflat.err
# Without --objects it stays GNU gprof's error (hint-stripped.sh).
"$GPROF" -b sprog gmon.out >/dev/null 2>serr.txt
check "stripped program without --objects: still refused" \
	grep -q 'has no symbols (it was stripped)' serr.txt
finish

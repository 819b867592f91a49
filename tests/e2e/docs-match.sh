#!/bin/sh
# docs-match.sh - the docs say what the code does (issue 22, item 7):
# GMON_RATE's range, clang's flag for trace-pc-guard, what -l -A shows
# without block counts, how to link with pkg-config so that the program
# finds libgmon.so.0 when it runs (the README's command, run), the HTML
# manual's pictures beside it and installed with it, the Info menu's
# option names.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
README=$top_srcdir/README.md
DOC=$top_srcdir/doc

# GMON_RATE: the README's range is the one the runtime takes.
range=$(sed -n 's/.*GMON_RATE *samples per CPU second, \([0-9]* to [0-9]*\).*/\1/p' \
	"$top_srcdir/mcount/linux/settings.c")
[ -n "$range" ] || hard_error "no GMON_RATE range in mcount/linux/settings.c"
grep -q "GMON_RATE\`, $range Hz" "$README" ||
	bad "README: GMON_RATE's range is not '$range': $(grep -o 'GMON_RATE`[^)]*' "$README")"
cat >p.c <<'EOS'
int main (void) { return 0; }
EOS
rt_cc p p.c -pg
# (Above 25 kHz perf clocks say at exit that they sample at 25 kHz;
# the KILL is a bound against a hang only: at 100 kHz they once took
# all of the program's time.)
GMON_RATE=${range#* to } timeout -s KILL 600 ./p 2>max.err
check "GMON_RATE=${range#* to } is taken" [ $? -eq 0 ]
check "GMON_RATE=${range#* to } is not refused" [ -z "$(grep 'GMON_RATE.*ignored' max.err)" ]
GMON_RATE=$((${range#* to } + 1)) ./p 2>over.err
grep -q "from $range" over.err || bad "GMON_RATE past the range: $(cat over.err)"

# clang's trace-pc-guard needs its flag, in the README and the manual.
grep -q 'trace-pc-guard -fno-sanitize-link-runtime' "$README" ||
	bad "README: trace-pc-guard without -fno-sanitize-link-runtime"
# -l -A without block counts: only calls, and what to do instead.
grep -q 'Without them, `-l -A`' "$README" && grep -q 'gprof -l -p prog' "$README" ||
	bad "README: -l -A without block counts is not explained"
grep -q 'shows the call counts only' "$DOC/lines.texi" ||
	bad "manual: -l -A without block counts is not explained"

# pkg-config: the README's command links a program that runs.
if command -v pkg-config >/dev/null; then
	mkdir pc
	sed -e "s|^libdir=.*|libdir=$LIBGMON_DIR|" \
	    -e "s|^includedir=.*|includedir=$top_srcdir/include|" \
	    "$top_builddir/gmonkit.pc" >pc/gmonkit.pc
	cmd=$(awk '/^gcc -pg -o prog prog.c \$\(pkg-config/ { c = $0; sub (/ *\\$/, "", c)
		getline; sub (/^ */, " ", $0); print c $0; exit }' "$README")
	[ -n "$cmd" ] || { bad "README: no pkg-config command with a run path"; cmd=false; }
	cat >prog.c <<'EOS'
int f (int x) { return x + 1; }
int main (void) { return f (-1); }
EOS
	PKG_CONFIG_PATH=$work/pc sh -c "$cmd" || bad "README's command fails: $cmd"
	(unset LD_LIBRARY_PATH; ./prog) 2>run.err
	check "README's pkg-config command: the program runs" [ $? -eq 0 ]
	check "... and writes its profile" [ -s gmon.out ]
	# Without the run path it does not: what the README warns about.
	PKG_CONFIG_PATH=$work/pc $CC -pg -o bare prog.c $(PKG_CONFIG_PATH=$work/pc pkg-config --cflags --libs gmonkit)
	(unset LD_LIBRARY_PATH; ./bare) 2>bare.err && bad "runs without the run path?"
	grep -q 'libgmon.so.0' bare.err || bad "without the run path: $(cat bare.err)"
else
	partial_skip "pkg-config is not installed"
fi

# Info: option names keep both dashes in the menus.
if grep -a -q "Viewing profiles in other tools ('--export')" "$DOC/gmonkit.info"; then
	ok "Info menu: '--export'"
else
	bad "Info menu: $(grep -a 'Viewing profiles' "$DOC/gmonkit.info" | head -n 1)"
fi
grep -a -q "^\* .*::.* (-[a-z]" "$DOC/gmonkit.info" &&
	bad "an Info menu lost a dash: $(grep -a "^\* .*::.* (-[a-z]" "$DOC/gmonkit.info")"

# The manual's chapter of warnings and hints has every one of them:
# each gp_warn and gp_note of the analyser, by its first words.
check "the manual lists every warning and hint of gprof" python3 - "$top_srcdir" <<'PY'
import glob, re, sys
top = sys.argv[1]
doc = open (top + "/doc/messages.texi").read ()
doc = re.sub (r"@(samp|var|option|file|code|env|command)\{([^}]*)\}", r"\2", doc)
doc = re.sub (r"\s+", " ", doc.replace ("@dots{}", "...").replace ("@@", "@"))
missing = 0
for f in sorted (glob.glob (top + "/gprof/**/*.c", recursive = True)):
    if f.endswith ("util/util.c"):
        continue
    for m in re.finditer (r'gp_(?:warn|note)\s*\([^,]*,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)',
                          open (f).read ()):
        text = "".join (re.findall (r'"((?:[^"\\]|\\.)*)"', m.group (1)))
        parts = [p.strip (" :,;") for p in re.split (r"%%|%[-.0-9]*[a-zA-Z]+|[()\"'`]", text)]
        parts = [p for p in parts if len (p) > 12]
        if parts and parts[0][:30] not in doc:
            print ("%s: not in doc/messages.texi: %s" % (f[len (top) + 1:], parts[0]))
            missing += 1
sys.exit (missing != 0)
PY

# HTML: the pictures beside the manual, and installed with it.
if command -v makeinfo >/dev/null; then
	make -C "$top_builddir" html >html.log 2>&1 || hard_error "make html: $(tail html.log)"
	for img in $(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$top_builddir/doc/gmonkit.html"); do
		check "HTML: $img beside the manual" [ -s "$top_builddir/doc/$img" ]
	done
	make -C "$top_builddir" install-html DESTDIR="$work/inst" >inst.log 2>&1 ||
		hard_error "make install-html: $(tail inst.log)"
	html=$(find "$work/inst" -name gmonkit.html | head -n 1)
	[ -n "$html" ] || hard_error "install-html installed no gmonkit.html"
	for img in $(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$html"); do
		check "HTML installed: $img beside it" [ -s "$(dirname "$html")/$img" ]
	done
	grep -q '<img src="viewers-kcachegrind.png" alt="[^"]*spin 12.99%"' "$html" ||
		bad "HTML: an image's description is cut at a comma"
else
	partial_skip "makeinfo is not installed"
fi
finish

#!/bin/sh
# export-kcachegrind.sh - KCachegrind itself loads the Callgrind exports
# (plain, line by line, gzip'ed) without a loader message.  Skipped
# unless KCachegrind, Xvfb, dbus-run-session and xwininfo are installed
# (Debian: kcachegrind xvfb x11-utils).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"
for t in kcachegrind Xvfb dbus-run-session xwininfo; do
	command -v $t >/dev/null || need_tool "$t (packages kcachegrind xvfb dbus x11-utils; .ci/run installs them)" \
		"KCachegrind reads our files under a virtual X server"
done

xvfb= runner=
stop_all () {
	[ -f kc.pid ] && kill "$(cat kc.pid)" 2>/dev/null
	[ -n "$runner" ] && wait "$runner" 2>/dev/null
	[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null
	xvfb= runner=
	rm -f kc.pid
}
trap 'stop_all; cleanup' EXIT

demo_build syn glibc
demo_synth syn
mkdir plain lines gz
"$GPROF" --export=callgrind:plain/callgrind.out.syn syn/demo syn/synth.gmon \
	2>/dev/null || bad "export failed"
"$GPROF" -l --export=callgrind:lines/callgrind.out.lines syn/demo \
	syn/synth.gmon 2>/dev/null || bad "-l export failed"
"$GPROF" --export=callgrind:gz/callgrind.out.gz.gz syn/demo syn/synth.gmon \
	2>/dev/null || bad "gzip export failed"

# A display of its own (which must not reset when its last client
# goes), and a configuration without the tip of the day.
Xvfb -displayfd 3 -noreset -screen 0 1024x768x24 3>display.txt >xvfb.log 2>&1 &
xvfb=$!
i=0
while [ ! -s display.txt ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s display.txt ] || hard_error "Xvfb did not start: $(cat xvfb.log)"
DISPLAY=:$(cat display.txt)
XDG_CONFIG_HOME=$work/config
export DISPLAY XDG_CONFIG_HOME
mkdir -p config && printf '[TipOfDay]\nRunOnStart=false\n' >config/kcachegrindrc

# A file with an undefined compressed name, which the check must catch.
mkdir bad
sed 's/^cfn=(2)$/cfn=(99)/' plain/callgrind.out.syn >bad/callgrind.out.bad

for f in plain/callgrind.out.syn lines/callgrind.out.lines \
	gz/callgrind.out.gz.gz bad/callgrind.out.bad; do
	dbus-run-session -- sh -c 'kcachegrind "$1" & echo $! >kc.pid; wait' \
		sh "$work/$f" >kc.log 2>&1 &
	runner=$!
	# Loaded when its window is titled with the file (a UTF-8 title,
	# which xwininfo cannot print in the C locale).  The waits are
	# bounds against a hang, never reached when all is well: a busy
	# machine may take many seconds to start KCachegrind.
	i=0 loaded=no
	while [ $i -lt 1200 ]; do
		if LC_ALL=C.UTF-8 xwininfo -root -tree 2>/dev/null |
			grep -q "\"$work/$f \[.*KCachegrind\""; then
			loaded=yes
			break
		fi
		sleep 0.1
		i=$((i + 1))
	done
	# Its loader's complaint about the bad file, as it comes.
	case $f in
	bad/*)	i=0
		while [ $i -lt 600 ] && ! grep -q 'Loading "' kc.log; do
			sleep 0.1
			i=$((i + 1))
		done ;;
	esac
	sleep 0.5
	[ -f kc.pid ] && kill "$(cat kc.pid)" 2>/dev/null
	wait "$runner" 2>/dev/null
	runner=
	rm -f kc.pid
	msg=$(grep 'Loading "' kc.log)
	case $f,$loaded,$msg in
	bad/*,yes,*Undefined*) ok "KCachegrind complains about $f: $msg" ;;
	bad/*) bad "KCachegrind and $f: loaded=$loaded, no complaint" ;;
	*,yes,) ok "KCachegrind loads $f without a loader message" ;;
	*) bad "KCachegrind and $f: loaded=$loaded $msg" ;;
	esac
done
stop_all

finish

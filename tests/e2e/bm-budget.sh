#!/bin/sh
# bm-budget.sh - libgmon's RAM on bare metal is a budget, not a bill:
# with the default (4096 bytes, on the 16 KiB parts too) and with
# budgets set at link time (GMON_RAM), the link map gives libgmon's
# members exactly the budget (every byte it writes is in gmon_ram).  A
# program with more arcs than the budget holds
# (tests/programs/bm/arcs.c: 120 arcs of 3 calls) writes a profile
# that accounts for every call: those of the arcs that fit, and a loss
# note of the rest, which GNU gprof never sees (its reports are
# unchanged), and which our gprof and gmondump say in words; a
# budget that holds all its arcs loses none.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"
need_gnu_gprof

calls=360				# 120 functions, 3 calls each
# One board of 16 KiB and one of more, of each architecture.
for b in $bm_boards; do
	case $b in
	microbit | sifive_e) budgets="default 2048" ;;	# 16 KiB of RAM
	an385 | virt32) budgets="16384" ;;
	virt64) budgets="32768" ;;	# 64-bit addresses: arcs twice as large
	*) continue ;;
	esac
	bm_board "$b"
	for m in $budgets; do
		case $m in
		default) flags= want=4096 ;;
		*) flags=-DBM_RAM=$m want=$m ;;
		esac
		# shellcheck disable=SC2086
		bm_build a-$b-$m $flags -- "$BM_PROGRAMS/arcs.c"
		ram=$(bm_ram a-$b-$m)
		if [ "$ram" = "$want" ]; then
			ok "$b: budget $m: libgmon's RAM in the link map: $ram bytes"
		else
			bad "$b: budget $m: libgmon's RAM in the link map: $ram bytes, not $want"
		fi
		bm_run r-$b-$m "$work/a-$b-$m" $BM_ICOUNT
		g=r-$b-$m/gmon.out
		[ "$bm_status" = 0 ] && [ -s "$g" ] ||
			{ bad "$b: budget $m: exit $bm_status, no gmon.out: $(head -c 300 r-$b-$m/console)"; continue; }
		"$GMONDUMP" -e a-$b-$m "$g" >dump-$b-$m
		# The calls of main's call site, and the note.
		counted=$(awk '$1 == "arc" && $6 ~ /^main/ && $8 ~ /^f[0-9]+\+/ { s += $4 }
			END { print s + 0 }' dump-$b-$m)
		lost=$(awk '$1 == "arc" && / # note: / && /arc table was full/ { s += $4 }
			END { print s + 0 }' dump-$b-$m)
		arcs=$(awk '$1 == "arc" && $6 ~ /^main/ && $8 ~ /^f[0-9]+\+/' dump-$b-$m | wc -l)
		if [ $((counted + lost)) = $calls ]; then
			ok "$b: budget $m: $arcs arcs of 120 kept, $counted calls counted + $lost noted lost = $calls"
		else
			bad "$b: budget $m: $counted calls counted + $lost noted lost, not $calls"
			grep '^arc' dump-$b-$m | head
		fi
		# GNU gprof reads the file as it reads any, notes unseen.
		if "$GNU_GPROF" -b -p a-$b-$m "$g" >gnu.out 2>gnu.err &&
			[ ! -s gnu.err ]; then
			ok "$b: budget $m: $(basename "$GNU_GPROF") reads it, silent"
		else
			bad "$b: budget $m: $(basename "$GNU_GPROF"): $(head -c 300 gnu.err)"
		fi
		"$GPROF" -b -p a-$b-$m "$g" >ours.out 2>ours.err
		same_file "$b: budget $m: our flat profile is GNU's" gnu.out ours.out
		note="gprof: $g: warning: $lost calls not counted: the arc table was full; give libgmon more RAM (GMON_RAM)"
		if [ "$lost" -gt 0 ]; then
			if grep -qxF "$note" ours.err; then
				ok "$b: budget $m: our gprof says: $note"
			else
				bad "$b: budget $m: our gprof said: $(head -c 400 ours.err)"
			fi
			grep -q "^arc .* $lost  # note: $lost calls not counted: the arc table was full" dump-$b-$m ||
				bad "$b: budget $m: gmondump does not say the note in words"
		fi
		case $m in
		16384 | 32768) [ "$lost" = 0 ] && [ "$arcs" = 120 ] ||
			bad "$b: budget $m holds every arc, yet $lost calls were lost" ;;
		*) [ "$lost" -gt 0 ] ||
			bad "$b: budget $m cannot hold 120 arcs, yet nothing was lost" ;;
		esac
	done
done
finish

#!/bin/sh
# rt-objdir.sh - the object directory cannot be turned against its user,
# and files of two runs are never paired.
#
#   A gmon.out-objs (or PREFIX-objs.PID) that is a symbolic link, not a
#   directory, another user's, or writable by others without the sticky
#   bit is left alone, and the exit line says why; libgmon removes only
#   the files the companion it replaces named, never other files of the
#   directory nor what a link points to; when the program's file cannot
#   be written (a directory in its way, a full disk), the object
#   directory is not written either, and the older pair stays whole;
#   every file names its run, two runs writing in one directory at once
#   leave one run's files, and gprof refuses files of two runs; a
#   set-uid program writes only in a directory of the user who ran it;
#   another user who plants the temporary file's name (or a link by
#   that name) in a shared sticky directory does not stop the profile.
#   The parts that need a second user, a set-uid file or a tmpfs run
#   only as root.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

objs=gmon.out-objs
other=gmonkit-other

$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o libpga.so \
	"$PROGRAMS/rt-dso-a.c" || hard_error "cannot build libpga.so"
mkdir d1 d2
$CC $RT_CFLAGS_TEST -O2 -pg -fPIC -shared -o d1/libsame.so \
	"$PROGRAMS/rt-dso-s.c" || hard_error "cannot build d1/libsame.so"
$CC $RT_CFLAGS_TEST -O0 -pg -fPIC -shared -o d2/libsame.so \
	"$PROGRAMS/rt-dso-s.c" || hard_error "cannot build d2/libsame.so"
RT_LIBS="-L. -lpga -Wl,-rpath,$work -ldl -lm" \
	rt_cc prog "$PROGRAMS/rt-dso.c" -O2 -pg -I"$top_srcdir/include"
prog=$work/prog
rt_cc calls "$PROGRAMS/rt-calls.c" -O2 -pg

# run DIR ARGS...: the program in DIR (which gets the d1/ and d2/ it
# dlopens), its stderr in DIR/err.
run () {
	_d=$1; shift
	[ -e "$_d/d1" ] || ln -s "$work/d1" "$work/d2" "$_d/"
	(cd "$_d" && $RUN_TARGET "$prog" "$@" >/dev/null 2>err) || bad "$_d: prog $* failed"
}

# stamp FILE: the run line gmondump prints for FILE (pid start id).
stamp () {
	"$GMONDUMP" "$1" 2>/dev/null |
		awk '$1 == "run" { print $2, $3, $4; exit }'
}

# ---------------------------------------------------------------------
# A planted link is not followed, and nothing behind it is touched.

mkdir link && cd link || hard_error "cd"
mkdir v
echo keep >v/a.gmon
ln -s v $objs
run . nodl
check "link: v/a.gmon is still there" test "$(cat v/a.gmon)" = keep
check "link: nothing was written into v" test "$(ls v)" = a.gmon
check "link: the link is left as it was" test -L $objs
said "link: the exit line says why" err "$objs is a symbolic link, which libgmon does not follow"
$RUN_TARGET "$work/calls" >/dev/null 2>&1 || bad "link: calls failed"
the_calls_are_right "$work/calls" gmon.out
check "link: still nothing written into v" test "$(ls v)" = a.gmon
cd "$work" || hard_error "cd"

# The same for GMON_OUT_PREFIX's PREFIX-objs.PID.
mkdir plink && cd plink || hard_error "cd"
mkdir v
echo keep >v/a.gmon
GMON_OUT_PREFIX=pre sh -c 'ln -s v pre-objs.$$ && exec $RUN_TARGET "$0" nodl' "$prog" \
	>/dev/null 2>err || bad "prefix link: the program failed"
check "prefix link: v/a.gmon is still there" test "$(cat v/a.gmon)" = keep
check "prefix link: nothing was written into v" test "$(ls v)" = a.gmon
said "prefix link: the exit line says why" err "pre-objs\.[0-9]* is a symbolic link"
set -- pre.*
check "prefix link: the program's own file is written ($1)" test -f "$1"
cd "$work" || hard_error "cd"

# A file in the way is not replaced; a directory others may write in
# is refused; one with the sticky bit is not.
mkdir file && echo keep >file/$objs
run file nodl
check "file in the way: kept" test "$(cat file/$objs)" = keep
said "file in the way: the exit line says why" file/err "is not a directory"

mkdir open open/$objs && echo keep >open/$objs/a.gmon &&
	chmod 777 open/$objs
run open nodl
check "writable by others: a.gmon kept" test "$(cat open/$objs/a.gmon)" = keep
check "writable by others: no companion written" \
	test ! -e open/$objs/objects.gmonx
said "writable by others: the exit line says why" open/err "may be written by other users"

mkdir sticky sticky/$objs && chmod 1777 sticky/$objs
run sticky nodl
check "writable by others with the sticky bit: written" \
	test -f sticky/$objs/objects.gmonx

# ---------------------------------------------------------------------
# Only what the old companion named, and this dump did not write, goes.

mkdir stale
run stale
echo mine >stale/$objs/notes.gmon
echo mine >stale/$objs/libother.so.gmon
echo victim >stale/victim
echo victim >stale/victim2
rm stale/$objs/libsame.so~2.gmon stale/$objs/libpga.so.gmon
ln -s ../victim "stale/$objs/libsame.so~2.gmon"
ln -s ../victim2 stale/$objs/libpga.so.gmon
check "stale: the first run wrote libsame.so.gmon" test -f stale/$objs/libsame.so.gmon
run stale nodl
check "stale: libsame.so.gmon, named by the old companion, is gone" \
	test ! -e stale/$objs/libsame.so.gmon
check "stale: files the companion never named are kept" \
	test "$(cat stale/$objs/notes.gmon stale/$objs/libother.so.gmon)" = "mine
mine"
check "stale: what a link in the directory points to is untouched" \
	test "$(cat stale/victim stale/victim2)" = "victim
victim"
check "stale: a link in the way of a file written is replaced" \
	test -f stale/$objs/libpga.so.gmon -a ! -L stale/$objs/libpga.so.gmon
expect_calls libpga.so stale/$objs/libpga.so.gmon a_inner 1000

# A umask of 0 does not make a directory others may write in (which
# libgmon would then refuse).
mkdir umask0
(umask 0 && cd umask0 && $RUN_TARGET "$prog" nodl >/dev/null 2>err) || bad "umask 0: failed"
quiet_stderr "umask 0" umask0/err
check "umask 0: the object directory is not writable by others" \
	test -z "$(find umask0/$objs -maxdepth 0 -perm -o+w)"
check "umask 0: and written" test -f umask0/$objs/objects.gmonx

# One object's file cannot be written: the companion does not name the
# older one, which goes, and the rest pairs.
mkdir onefails
run onefails
mkdir onefails/$objs/libpga.so.gmon.x && rm onefails/$objs/libpga.so.gmon &&
	mv onefails/$objs/libpga.so.gmon.x onefails/$objs/libpga.so.gmon
run onefails nodl
said "one file fails: the exit line says so" onefails/err \
	"the files of the shared libraries were not written: .*Is a directory"
check "one file fails: the companion does not name it" \
	test -z "$("$GMONDUMP" onefails/$objs/objects.gmonx | grep 'file=libpga.so.gmon')"
(cd onefails && "$GPROF" -b -p --objects "$prog" gmon.out >/dev/null 2>gerr) ||
	bad "one file fails: gprof --objects refuses the rest: $(cat onefails/gerr)"

# The lock: a file only this user may open.
check "lock: .lock is this user's, mode 0600" \
	test "$(stat -c '%a %u' stale/$objs/.lock)" = "600 $(id -u)"

# A fork while another thread dumps: the child holds none of the dump's
# descriptors (it would keep the lock as long as it lives).
mkdir forkdump
rt_cc forkdump/p "$PROGRAMS/rt-forkdump.c" -O2 -pg -I"$top_srcdir/include"
(cd forkdump && run_prog ./p >out 2>err) || bad "forkdump: the program failed"
quiet_stderr "forkdump" forkdump/err
check "forkdump: $(sed -n 's/^children //p' forkdump/out) children forked during dumps, none holding a descriptor of the dump" \
	test -z "$(grep '^leak' forkdump/out)" -a -n "$(grep '^children [1-9]' forkdump/out)"
grep '^leak' forkdump/out | head -5

# ---------------------------------------------------------------------
# The program's file fails: no object directory beside the older one.

mkdir blocked blocked/gmon.out
run blocked nodl
check "gmon.out blocked: no object directory made" test ! -e blocked/$objs
said "gmon.out blocked: the exit line says so" blocked/err \
	"no profile written: .*gmon.out: Is a directory.*nor its shared libraries' files"

mkdir older
run older
cp older/$objs/objects.gmonx older.companion
mv older/gmon.out older/gmon.keep && mkdir older/gmon.out
run older nodl
check "gmon.out blocked: the older companion is unchanged" \
	cmp -s older.companion older/$objs/objects.gmonx
check "gmon.out blocked: the older libsame.so.gmon stays" \
	test -f older/$objs/libsame.so.gmon
rmdir older/gmon.out && mv older/gmon.keep older/gmon.out
(cd older && "$GPROF" -b -p --objects "$prog" gmon.out >flat 2>gerr) ||
	bad "gmon.out blocked: gprof --objects cannot read the older pair"
check "gmon.out blocked: the older pair still adds up (s_inner)" \
	grep -q 's_inner@libsame.so' older/flat

# ---------------------------------------------------------------------
# Run stamps: every file of a dump names its run; GNU gprof ignores it.

d=stale
s=$(stamp $d/gmon.out)
check "stamp: gmon.out has one ($s)" test -n "$s"
for f in $d/$objs/objects.gmonx $d/$objs/libpga.so.gmon; do
	check "stamp: $f has the same" test "$(stamp "$f")" = "$s"
done
gnu_gprof -b -p "$prog" $d/gmon.out >/dev/null 2>gerr ||
	bad "stamp: GNU gprof cannot read a stamped gmon.out"
quiet_stderr "stamp: GNU gprof" gerr
expect_calls libpga.so $d/$objs/libpga.so.gmon a_inner 1000

# A gmon.out of glibc's runtime (no stamp) beside libgmon's object
# directory: refused too.
$CC $RT_CFLAGS_TEST -O2 -pg -o calls-glibc "$PROGRAMS/rt-calls.c" ||
	hard_error "cannot build calls-glibc"
mkdir glibc
(cd glibc && $RUN_TARGET "$work/calls" >/dev/null 2>&1) || bad "calls failed"
check "glibc: libgmon's run left a companion" test -f glibc/$objs/objects.gmonx
(cd glibc && $RUN_TARGET "$work/calls-glibc" >/dev/null 2>&1) || bad "calls-glibc failed"
check "glibc: its gmon.out has no stamp" test -z "$(stamp glibc/gmon.out)"
(cd glibc && "$GPROF" -b --objects "$work/calls-glibc" gmon.out >/dev/null 2>gerr)
check "glibc: gprof --objects refuses glibc's gmon.out with libgmon's companion" \
	test $? -ne 0
said "glibc: and says why" glibc/gerr "are of different runs (gmon.out: no run stamp; "

# Files of two runs are refused by gprof, with a message that says so.
mkdir mixa mixb
run mixa nodl
run mixb nodl
cp mixb/$objs/objects.gmonx mixa/$objs/objects.gmonx
(cd mixa && "$GPROF" -b --objects "$prog" gmon.out >/dev/null 2>gerr)
check "mixed: gprof --objects refuses gmon.out with another run's companion" \
	test $? -ne 0
said "mixed: and says why" mixa/gerr "are of different runs"
run mixa nodl
cp mixb/$objs/libpga.so.gmon mixa/$objs/libpga.so.gmon
(cd mixa && "$GPROF" -b --objects "$prog" gmon.out >/dev/null 2>gerr)
check "mixed: gprof --objects refuses another run's libpga.so.gmon" \
	test $? -ne 0
said "mixed: naming it" mixa/gerr "libpga.so.gmon and .*objects.gmonx are of different runs"
(cd mixa && GMON_CONTEXT=8 $RUN_TARGET "$prog" nodl >/dev/null 2>&1) || bad "ctx run"
(cd mixb && GMON_CONTEXT=8 $RUN_TARGET "$prog" nodl >/dev/null 2>&1) || bad "ctx run"
cp mixb/$objs/objects.gmonx mixa/$objs/objects.gmonx
(cd mixa && "$GPROF" -b -p "$prog" gmon.out >/dev/null 2>gerr) ||
	bad "mixed contexts: gprof failed"
said "mixed contexts: the other run's contexts are not used, and it says so" \
	mixa/gerr "are of different runs.*estimated"

# Two runs at once in one directory: one run's files, whole.
mkdir race
i=0 mixed=0
while [ $i -lt 40 ]; do
	(cd race && { $RUN_TARGET "$prog" nodl >/dev/null 2>&1 & $RUN_TARGET "$prog" nodl >/dev/null 2>&1; wait; })
	s=$(stamp race/gmon.out)
	[ -n "$s" ] || { mixed=$((mixed + 1)); echo "race $i: gmon.out has no stamp"; }
	for f in race/$objs/objects.gmonx race/$objs/*.gmon; do
		[ "$(stamp "$f")" = "$s" ] || { mixed=$((mixed + 1)); echo "race $i: $f: $(stamp "$f") vs $s"; }
	done
	(cd race && "$GPROF" -b -p --objects "$prog" gmon.out >/dev/null 2>&1) ||
		mixed=$((mixed + 1))
	i=$((i + 1))
done
check "race: 40 pairs of runs at once, each leaving one run's files ($mixed mixed)" \
	test $mixed -eq 0

# ---------------------------------------------------------------------
# As root: another user's directory, a set-uid program, a full disk.

if [ "$(id -u)" != 0 ]; then
	partial_skip "not root: the checks with a second user, a set-uid program and a full disk"
	finish
fi
id $other >/dev/null 2>&1 ||
	useradd -r -M -N -s /usr/sbin/nologin $other 2>/dev/null ||
	hard_error "cannot make the user $other"
as_other () { setpriv --reuid=$other --regid=nogroup --clear-groups "$@"; }
fails () { ! "$@"; }
chmod 755 "$work"

# Another user's directory (they could plant it in a shared one).
mkdir shared && chmod 1777 shared
as_other mkdir shared/$objs && as_other sh -c "echo keep >shared/$objs/a.gmon"
run shared nodl
check "another user's: a.gmon kept" test "$(cat shared/$objs/a.gmon)" = keep
check "another user's: nothing written into it" test "$(ls shared/$objs)" = a.gmon
said "another user's: the exit line says why" shared/err "belongs to another user"
# ... and a link they planted.
rm -rf shared/$objs && mkdir theirs && chmod 755 theirs &&
	echo keep >theirs/a.gmon
as_other ln -s "$work/theirs" shared/$objs
run shared nodl
check "another user's link: theirs/a.gmon kept" test "$(cat theirs/a.gmon)" = keep
check "another user's link: nothing written behind it" test "$(ls theirs)" = a.gmon

# A set-uid program: only where the user who ran it owns the directory;
# its environment is not read.
if qemu; then
	not_under_qemu "set-uid (the kernel makes qemu set-uid, not the program)"
else
rt_cc_static suid "$PROGRAMS/rt-calls.c" -O2 -pg
chmod 4755 suid
mkdir rootdir && chmod 1777 rootdir
mkdir userdir && chown $other userdir
(cd rootdir && as_other $RUN_TARGET "$work/suid" >/dev/null 2>err)
check "set-uid in a directory the user does not own: no gmon.out" \
	test ! -e rootdir/gmon.out
said "set-uid: the exit line says why" rootdir/err "a set-uid or set-gid program writes its profile only in a directory that the user who ran it owns (start it in one)"
(cd userdir && GMON_OUT_PREFIX="$work/rootdir/x" as_other $RUN_TARGET "$work/suid" \
	>/dev/null 2>err)
check "set-uid in the user's directory: gmon.out written" test -f userdir/gmon.out
check "set-uid: gmon.out belongs to the user who ran it" \
	test "$(stat -c %U userdir/gmon.out)" = $other
check "set-uid: no object directory (its files would be root's)" \
	test ! -e userdir/$objs
check "set-uid: GMON_OUT_PREFIX is not read" test -z "$(ls rootdir | grep -v err)"
the_calls_are_right suid userdir/gmon.out
fi
# ... and the lock of this user's object directory is not theirs.
check "lock: another user cannot open this user's .lock" \
	fails as_other sh -c ": <'$work/stale/$objs/.lock' 2>/dev/null"

# Another user plants the temporary file's name of the program's pid in
# a shared sticky directory (a file, or a link): the profile is
# written all the same, under a name nobody could guess, and what they
# planted is left alone.  (The program runs as nobody: root may remove
# another user's file from a sticky directory.)
as_nobody () { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
mkdir squat && chmod 1777 squat
for how in file link prefix; do
	rm -rf squat/* squat/.[!.]*
	case $how in
	prefix) tmpl=.p.PID.PID.tmp pre=$work/squat/p ;;
	*) tmpl=.gmon.out.PID.tmp pre= ;;
	esac
	(cd squat && GMON_OUT_PREFIX=$pre sh -c '
		t=$(echo "$1" | sed "s/PID/$$/g")
		case $2 in
		link) setpriv --reuid=$3 --regid=nogroup --clear-groups ln -s /etc/passwd "$t" ;;
		*) setpriv --reuid=$3 --regid=nogroup --clear-groups sh -c "echo theirs >$t" ;;
		esac
		[ -n "$GMON_OUT_PREFIX" ] || unset GMON_OUT_PREFIX
		exec setpriv --reuid=nobody --regid=nogroup --clear-groups $4 "$0"' \
		"$work/calls" "$tmpl" "$how" "$other" "$RUN_TARGET" >/dev/null 2>err) ||
		bad "squat $how: the program failed"
	set -- squat/.*.tmp
	planted=$1
	quiet_stderr "squat $how" squat/err
	if [ $how = prefix ]; then
		set -- squat/p.[0-9]*
	else
		set -- squat/gmon.out
	fi
	check "squat $how: the profile is written ($1)" test -f "$1"
	[ ! -f "$1" ] || the_calls_are_right "$work/calls" "$1"
	check "squat $how: what they planted is left alone ($planted)" \
		test "$(stat -c %U "$planted")" = "$other"
	check "squat $how: no temporary file of ours left" \
		test "$(ls -A squat | grep -c '\.tmp$')" = 1
done

# A full disk: the older pair stays whole, and says so.
mkdir full
if mount -t tmpfs -o size=2m gmonkit-test full 2>/dev/null; then
	trap 'umount "$work/full" 2>/dev/null; cleanup' EXIT
	run full
	cp full/gmon.out full.gmon && cp full/$objs/objects.gmonx full.companion
	dd if=/dev/zero of=full/filler bs=4k 2>/dev/null
	# (its stderr cannot go on the full disk)
	(cd full && $RUN_TARGET "$prog" nodl >/dev/null 2>"$work/full.err") ||
		bad "full disk: the program failed"
	said "full disk: the exit line says so" full.err \
		"no profile written: .*gmon.out: No space left on device"
	check "full disk: the older gmon.out is unchanged" cmp -s full.gmon full/gmon.out
	check "full disk: the older companion is unchanged" \
		cmp -s full.companion full/$objs/objects.gmonx
	check "full disk: no temporary file left" \
		test -z "$(ls -A full full/$objs | grep '\.tmp$')"
	(cd full && "$GPROF" -b -p --objects "$prog" gmon.out >/dev/null 2>&1) ||
		bad "full disk: gprof --objects cannot read the older pair"
	umount full
else
	partial_skip "cannot mount a tmpfs: the full-disk checks"
fi

finish

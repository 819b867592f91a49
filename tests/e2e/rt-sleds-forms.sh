#!/bin/sh
# rt-sleds-forms.sh - the two other compilers' sleds libgmon patches
# when preloaded, beside -fpatchable-function-entry's (rt-sleds.sh):
#
#   gcc -pg -mnop-mcount -mrecord-mcount (x86-64; gcc refuses it with
#   -fpic and -fpie, so programs built -no-pie): a 5-byte NOP where the
#   call of mcount would be, listed in __mcount_loc.  Without -mfentry
#   it comes after the function's frame and saved registers and
#   becomes a call of mcount; with -mfentry (and -fcf-protection, after
#   the endbr64) it is the entry and becomes __fentry__'s.  Stripped,
#   the unwind tables say where each function starts.  Linked with -pg
#   too (gcrt1.o), which calls __monstartup and _mcleanup: libgmon's.
#   Their library, dlopen'ed, has -fpatchable-function-entry's sleds:
#   both forms in one process.
#
#   clang -fxray-instrument (x86-64 and aarch64): XRay's entry sleds,
#   listed in xray_instr_map, each a jump over NOPs, become calls; the
#   exit sleds stay.  With -fcf-protection (endbr64) or
#   -mbranch-protection=standard (bti c) first; stripped; and an XRay
#   library dlopen'ed by its path.
#
# Each runs as it would without libgmon (no file, nothing said), and
# preloaded its every call count and arc is the -pg build's (GNU gprof
# on both), it finds no writable and executable mapping at main and
# its own signal handler runs.  GMON_PATCH naming one function: only
# it has calls, all of them.  On riscv64 neither compiler makes them.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
. "$top_srcdir/tests/e2e/sleds-lib.sh"
case $($CC -dumpmachine 2>/dev/null) in
x86_64*)
	FORMS="mcount fentry cet mcount-stripped pg-linked xray xray-cet"
	FORMS="$FORMS xray-stripped" XFIRST=cet XFLAGS=-fcf-protection ;;
aarch64*)
	FORMS="xray xray-bti xray-stripped"
	XFIRST=bti XFLAGS=-mbranch-protection=standard ;;
*) skip "gcc -mnop-mcount is x86-64's, clang's XRay x86-64's and" \
	"aarch64's: none here" ;;
esac
OBJDUMP=${OBJDUMP:-objdump}
STRIP=${OBJDUMP%objdump}strip
O="$RT_CFLAGS_TEST -O2 -pthread"
MC="-pg -mnop-mcount -mrecord-mcount -fno-pie"
PFE=-fpatchable-function-entry=5	# their library's (-mnop-mcount is not
					# for -fpic)

# clang, for the target, and its spelling of "no XRay runtime" (the
# sleds stay NOPs without it): 14's -fnoxray-link-deps, later ones'
# -fno-xray-link-deps.
CLANG=
if command -v clang >/dev/null 2>&1; then
	echo 'int main (void) { return 0; }' >probe.c
	for f in -fno-xray-link-deps -fnoxray-link-deps; do
		# shellcheck disable=SC2086
		if clang $RT_CLANG_TARGET -fxray-instrument $f -o probe \
			probe.c 2>/dev/null; then
			CLANG="clang $RT_CLANG_TARGET"
			XRAY="-fxray-instrument -fxray-instruction-threshold=1 $f"
			break
		fi
	done
	[ -n "$CLANG" ] || hard_error "clang cannot build with -fxray-instrument"
fi

# pg DIR CC: the oracle, built by CC with -pg and linked with libgmon,
# its library -pg too, run with the library dlopen'ed.
pg () {
	mkdir "$1" && (cd "$1" &&
		# shellcheck disable=SC2086
		$2 $O -pg -fPIC -shared -o libsl.so "$PROGRAMS/rt-sleds-lib.c" &&
		$2 $RT_CFLAGS_TEST -O2 -pthread -pg -o prog \
			"$PROGRAMS/rt-sleds.c" -Wl,--no-as-needed \
			-L"$LIBGMON_DIR" -Wl,-rpath,"$LIBGMON_DIR" -lgmon -ldl) ||
		hard_error "cannot build the -pg programs with $2"
	(cd "$1" && run_prog ./prog 4 dl "$work/$1/libsl.so" >out 2>err) ||
		bad "$1: the -pg program failed"
	[ -f "$1/gmon.out" ] && [ -f "$1/gmon.out-objs/libsl.so.gmon" ] ||
		hard_error "$1: no profile"
}

# build FORM: prog (and libsl.so, for XRay) in FORM/.  The recipe
# for __mcount_loc: compile with the flags, link without -pg (gcrt1.o
# would start glibc's runtime in a run without libgmon).
build () {
	mkdir "$1" && cd "$1" || hard_error "mkdir $1"
	# shellcheck disable=SC2086
	case $1 in
	*-stripped)
		cp ../"${1%-stripped}"/* . && $STRIP prog ;;
	mcount|fentry|cet)
		case $1 in
		mcount) _f= ;;
		fentry) _f=-mfentry ;;
		cet) _f="-mfentry -fcf-protection" ;;
		esac
		$CC $O $PFE -fPIC -shared -o libsl.so \
			"$PROGRAMS/rt-sleds-lib.c" &&
			$CC $O $MC $_f -c -o prog.o "$PROGRAMS/rt-sleds.c" &&
			$CC $O -no-pie -o prog prog.o -ldl ;;
	pg-linked)
		$CC $O $PFE -fPIC -shared -o libsl.so \
			"$PROGRAMS/rt-sleds-lib.c" &&
			$CC $O $MC -no-pie -o prog "$PROGRAMS/rt-sleds.c" -ldl ;;
	xray*)
		_f=
		[ "$1" = xray ] || _f=$XFLAGS
		$CLANG $O $XRAY $_f -fPIC -shared -o libsl.so \
			"$PROGRAMS/rt-sleds-lib.c" &&
			$CLANG $O $XRAY $_f -o prog "$PROGRAMS/rt-sleds.c" -ldl ;;
	esac || hard_error "cannot build $1"
	cd ..
}

# form FORM ORACLE: FORM's program alone and preloaded.
form () {
	cd "$1" || hard_error "cd $1"
	_dl=
	[ -f libsl.so ] && _dl="dl $work/$1/libsl.so"
	# shellcheck disable=SC2086
	run_prog ./prog 4 $_dl >out 2>err
	check "$1, alone: runs (exit 0, ok)" test $? -eq 0 -a "$(cat out)" = ok
	if [ "$1" = pg-linked ]; then
		rm -f gmon.out	# glibc's runtime, from gcrt1.o: no arcs
	else
		quiet_stderr "$1, alone" err
		check "$1, alone: no profile" test ! -e gmon.out
	fi
	# shellcheck disable=SC2086
	GMON_DEBUG=1 preloaded ./prog 4 $_dl >out 2>debug
	rc=$?
	check "$1, preloaded: runs (exit $rc: 0, no wx mapping, handler ran)" \
		test $rc -eq 0 -a "$(cat out)" = ok
	grep -v '^libgmon: [a-z]*: ' debug >err
	quiet_stderr "$1, preloaded" err
	check "$1: every sled patched ($(sed -n \
		's/^libgmon: sleds: \([0-9]* of [0-9]*\) .*/\1/p' debug))" \
		grep -q '^libgmon: sleds: \([1-9][0-9]*\) of \1 patchable' debug
	_p=prog
	case $1 in
	*stripped) _p=../${1%-stripped}/prog ;;
	esac
	same_profile "$1: program" "../$2/prog" "../$2/gmon.out" "$_p" gmon.out
	if [ -n "$_dl" ]; then
		same_profile "$1: dlopen'ed library" "../$2/libsl.so" \
			"../$2/gmon.out-objs/libsl.so.gmon" libsl.so \
			gmon.out-objs/libsl.so.gmon
	fi
	"$GPROF" -b "$_p" gmon.out >/dev/null 2>gerr
	check "$1: our gprof reads it with no warning" \
		sh -c '! grep -i warning gerr'
	cd ..
}

mcount_forms=
xray_forms=
for f in $FORMS; do
	case $f in
	xray*) xray_forms="$xray_forms $f" ;;
	*) mcount_forms="$mcount_forms $f" ;;
	esac
done

# The oracle: gcc -pg (clang -pg on aarch64 calls _mcount without the
# caller's return address in x0, which glibc's ABI, and libgmon's,
# wants there).  The program's functions are never inlined, and its
# calls never dropped, by either compiler: the same calls.
pg pg "$CC"
if [ -n "$mcount_forms" ]; then
	for f in $mcount_forms; do
		build "$f"
	done
	check "mcount: the NOP comes after the frame and saved registers" \
		sh -c "$OBJDUMP -d mcount/prog | grep -A8 '<worker>:' |
			grep -B3 'nopl *0x0(%rax,%rax,1)' | grep -q push"
	check "cet: endbr64, then the NOP" sh -c \
		"$OBJDUMP -d cet/prog | grep -A2 '<leaf>:' |
			tr '\\n' ' ' | grep -Eq 'endbr64.*nopl'"
	check "pg-linked: the program calls __monstartup (gcrt1.o)" sh -c \
		"${OBJDUMP%objdump}nm -D pg-linked/prog | grep -q __monstartup"
	for f in $mcount_forms; do
		form "$f" pg
	done
fi

if [ -n "$xray_forms" ] && [ -z "$CLANG" ]; then
	missing_tool clang "XRay's sleds"
elif [ -n "$xray_forms" ]; then
	for f in $xray_forms; do
		build "$f"
	done
	case $XFIRST in
	cet) first=endbr64 ;;
	bti) first='bti[[:space:]]+c' ;;
	esac
	check "xray-$XFIRST: $first, then XRay's sled" sh -c \
		"$OBJDUMP -d xray-$XFIRST/prog | grep -A2 '<leaf>:' |
			tr '\\n' ' ' | grep -Eq '$first.*(jmp|b)[[:space:]]'"
	for f in $xray_forms; do
		form "$f" pg
	done
fi

# GMON_PATCH: one function, in each compiler's form.
for f in mcount xray; do
	case " $FORMS " in
	*" $f "*) ;;
	*) continue ;;
	esac
	[ $f = xray ] && [ -z "$CLANG" ] && continue
	cd $f || hard_error "cd $f"
	rm -rf gmon.out gmon.out-objs
	GMON_PATCH='^leaf$' preloaded ./prog 4 >out 2>err ||
		bad "$f, GMON_PATCH: the program failed"
	quiet_stderr "$f, GMON_PATCH" err
	calls prog gmon.out >got
	echo "leaf 4007" >want
	same_file "$f, GMON_PATCH=^leaf\$: leaf alone has calls, all 4007" want got
	cd ..
done

finish

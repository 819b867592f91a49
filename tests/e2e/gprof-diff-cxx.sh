#!/bin/sh
# gprof-diff-cxx.sh - our gprof against GNU gprof on a C++ program.
#
# The fixture (tests/programs/gprof-cxx.cc: namespaces, a class,
# templates, overloads, an operator; microseconds per call) is built
# at -O0 (PIE) and -O2 (not PIE), run, and both analysers read its
# gmon.out with the options that touch names: demangling on and off,
# -T (which never demangles), symspecs written as mangled names, the
# index (sorted by mangled name) at several widths.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

: "${CXX:=g++}"
command -v "$CXX" >/dev/null 2>&1 ||
	hard_error "no C++ compiler ($CXX): install g++"

option_sets='.
-p
-q
-z
-T
-T -z
-w 40
-w 200
--no-demangle
--no-demangle -w 60
--demangle
--demangle=gnu-v3
--demangle=auto
-T --demangle
-L
--inline-file-names
-i
-r
-a
-D
-c
-p_ZN4text7measureEi
-P_Z5alpham
-q_Z5alpham
-Q_Z4zetam
-k _Z5alpham/_Z4zetam
-N_ZNK3geo3Vec3dotERKS0_
-F_Z5alpham
-pgprof-cxx.cc:_Z4zetam'

set -f
echo "$option_sets" >option-sets.txt
for v in O0-pie O2-nopie; do
	case $v in
	O0-pie) flags="-O0 -fPIE -pie" scale=300 ;;
	*) flags="-O2 -fno-pie -no-pie" scale=900 ;;
	esac
	# shellcheck disable=SC2086
	gp_build cxx-$v "$PROGRAMS/gprof-cxx.cc" -- -g $flags
	gp_profile cxx-$v gmon-$v.out $scale
	while IFS= read -r line; do
		[ "$line" = . ] && line=
		# shellcheck disable=SC2086
		gp_case "cxx/$v/-b $line" -- -b $line cxx-$v gmon-$v.out
		case $line in -T*) mode=bsd ;; *) mode=fsf ;; esac
		# shellcheck disable=SC2086
		gp_case -m $mode "cxx/$v/$line" -- $line cxx-$v gmon-$v.out
	done <option-sets.txt
done

# The point of the fixture: demangled names, and a unit of us/call.
grep -q 'geo::detail::twice<int>(int)' cases/cxx_O0-pie_-b_/gnu.out ||
	bad "the C++ fixture's report has no demangled template name"
grep -q 'us/call' cases/cxx_O0-pie_-b_/gnu.out ||
	echo "note: the -O0 run's unit is not us/call this time (sampling)"
gp_summary

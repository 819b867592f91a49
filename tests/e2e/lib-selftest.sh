#!/bin/sh
# lib-selftest.sh - what lib.sh promises every test: finish exits 1
# after a failed check, 0 otherwise; skip exits 77, but 1 when a check
# failed before it (a skip never discards a failure it saw); hard_error
# exits 99.

. "$top_srcdir/tests/e2e/lib.sh"

# status BODY: the exit status of a test whose body is BODY.
status () {
	TMPDIR=$work KEEP=0 sh -c ". \"\$top_srcdir/tests/e2e/lib.sh\"; $1" >child.log 2>&1
	echo $?
}

# expect DESC BODY STATUS
expect () {
	_s=$(status "$2")
	if [ "$_s" = "$3" ]; then
		ok "$1: exit $3"
	else
		bad "$1: exit $_s, expected $3"
		cat child.log
	fi
}

expect "checks that pass" 'ok a; finish' 0
expect "a failed check" 'bad a; ok b; finish' 1
expect "a skip" 'ok a; skip "no tool"' 77
expect "a skip after a failed check" 'bad a; skip "no tool"' 1
expect "a skip after a failed check (check)" 'check a false; skip "x"' 1
expect "a hard error" 'ok a; hard_error "broken"' 99
status 'bad a; skip "no tool"' >/dev/null
check "the skip after a failure says so" \
	grep -q '^FAIL: not skipped (no tool): 1 check(s) failed before' \
	child.log

finish

## tests/: unit tests (CUnit), end-to-end shell tests, fuzz targets.
##
## Every test exits 0 (pass), 77 (skip), 99 (hard error) or 1 (fail).

TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(abs_top_srcdir)'; top_builddir='$(abs_top_builddir)'; \
	GNU_GPROF='$(GNU_GPROF)'; CC='$(CC)'; CLANG='$(CLANG)'; \
	LC_ALL=C; \
	export top_srcdir top_builddir GNU_GPROF CC CLANG LC_ALL;

EXTRA_DIST += tests/e2e/lib.sh

# Tools the tests use to make and inspect profiles.
check_PROGRAMS += tests/tools/gmonmake
tests_tools_gmonmake_SOURCES = tests/tools/gmonmake.c
tests_tools_gmonmake_LDADD = gmon/libgmonfmt.la

# Unit tests.
check_PROGRAMS += tests/unit/test_gmon
tests_unit_test_gmon_SOURCES = tests/unit/test_gmon.c tests/unit/cunit_main.h
tests_unit_test_gmon_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_gmon_LDADD = gmon/libgmonfmt.la $(CUNIT_LIBS)
TESTS += tests/unit/test_gmon

# Unit tests of the analyser, one per module.
GPROF_UNIT_LDADD = gprof/libgprof.la $(BFD_LIBS) $(IBERTY_LIBS) $(LIBM) \
	$(CUNIT_LIBS)
check_PROGRAMS += tests/unit/test_symtab tests/unit/test_assign \
	tests/unit/test_callgraph tests/unit/test_symspec tests/unit/test_fmt
tests_unit_test_symtab_SOURCES = tests/unit/test_symtab.c tests/unit/cunit_main.h
tests_unit_test_symtab_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_symtab_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_assign_SOURCES = tests/unit/test_assign.c tests/unit/cunit_main.h
tests_unit_test_assign_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_assign_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_callgraph_SOURCES = tests/unit/test_callgraph.c \
	tests/unit/cunit_main.h
tests_unit_test_callgraph_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_callgraph_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_symspec_SOURCES = tests/unit/test_symspec.c \
	tests/unit/cunit_main.h
tests_unit_test_symspec_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_symspec_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_fmt_SOURCES = tests/unit/test_fmt.c tests/unit/cunit_main.h
tests_unit_test_fmt_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_fmt_LDADD = $(GPROF_UNIT_LDADD)
TESTS += tests/unit/test_symtab tests/unit/test_assign \
	tests/unit/test_callgraph tests/unit/test_symspec tests/unit/test_fmt

# End-to-end tests of the format library.
TESTS += \
	tests/e2e/gmon-glibc.sh \
	tests/e2e/gmon-gnu-reads-ours.sh \
	tests/e2e/gmon-bad-input.sh \
	tests/e2e/gmon-bsd.sh
EXTRA_DIST += \
	tests/e2e/gmon-glibc.sh \
	tests/e2e/gmon-gnu-reads-ours.sh \
	tests/e2e/gmon-bad-input.sh \
	tests/e2e/gmon-bsd.sh \
	tests/programs/fixture.c

# Fuzz targets: built with clang's libFuzzer by `make fuzz`, and their
# seed corpus replayed by `make check` through the standalone driver.
check_PROGRAMS += tests/fuzz/fuzz_read_replay
tests_fuzz_fuzz_read_replay_SOURCES = tests/fuzz/fuzz_read.c \
	tests/fuzz/replay_main.c
tests_fuzz_fuzz_read_replay_LDADD = gmon/libgmonfmt.la
TESTS += tests/fuzz/replay-corpus.sh
EXTRA_DIST += tests/fuzz/replay-corpus.sh tests/fuzz/corpus tests/fuzz/run-fuzz.sh

# End-to-end tests of the analyser, against GNU gprof.
GPROF_E2E = \
	tests/e2e/gprof-fixture.sh \
	tests/e2e/gprof-programs.sh \
	tests/e2e/gprof-formats.sh \
	tests/e2e/gprof-compat.sh \
	tests/e2e/gprof-errors.sh \
	tests/e2e/gprof-deep.sh
TESTS += $(GPROF_E2E)
EXTRA_DIST += $(GPROF_E2E) \
	tests/e2e/gprof-smoke-lib.sh \
	tests/programs/gprof-smoke-cxx.cc \
	tests/programs/gprof-two-a.c \
	tests/programs/gprof-two-b.c \
	tests/programs/gprof-two-main.c \
	tests/programs/gprof-back.c \
	tests/programs/gprof-clone.c

## tests/: unit tests (CUnit), end-to-end shell tests, fuzz targets.
##
## Every test exits 0 (pass), 77 (skip), 99 (hard error) or 1 (fail).

TEST_EXTENSIONS = .sh
# Every test runs under a bound against a hang (tests/hang-guard.sh).
LOG_COMPILER = $(SHELL) $(srcdir)/tests/hang-guard.sh
SH_LOG_COMPILER = $(SHELL) $(srcdir)/tests/hang-guard.sh $(SHELL)
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(abs_top_srcdir)'; top_builddir='$(abs_top_builddir)'; \
	GNU_GPROF='$(GNU_GPROF)'; CC='$(CC)'; CLANG='$(CLANG)'; \
	GPROF_PROGRAMS='$(bin_PROGRAMS) $(noinst_PROGRAMS)'; EXEEXT='$(EXEEXT)'; \
	GPROF_BUILD_CFLAGS='$(DEFS) -I$(abs_top_builddir) -I$(abs_top_srcdir) \
		-I$(abs_top_srcdir)/include $(CPPFLAGS) $(SAN_CFLAGS) $(CFLAGS)'; \
	GPROF_BUILD_LIBS='$(SAN_LDFLAGS) $(LDFLAGS) $(OPCODES_LIBS) $(BFD_LIBS) $(IBERTY_LIBS) \
		$(LIBM) $(ZLIB_LIBS) $(LIBS) -lm'; \
	LC_ALL=C; RUN_TARGET='$(RUN_TARGET)'; \
	TARGET_QEMU='$(TARGET_QEMU)'; TARGET_SYSROOT='$(TARGET_SYSROOT)'; \
	OBJDUMP='$(OBJDUMP)'; NM='$(NM)'; PYTHON3='$(PYTHON3)'; \
	export top_srcdir top_builddir GNU_GPROF CC CLANG LC_ALL RUN_TARGET \
		TARGET_QEMU TARGET_SYSROOT OBJDUMP NM PYTHON3 \
		GPROF_PROGRAMS EXEEXT GPROF_BUILD_CFLAGS GPROF_BUILD_LIBS;

EXTRA_DIST += tests/e2e/lib.sh tests/skip-gate.sh tests/allowed-skips.txt \
	tests/hang-guard.sh tests/cpu-report.sh

# After the tests: the CPU time they took, the costliest first
# (tests/cpu-report.sh), which skipped and why, then one line that
# counts them; in CI (CI=true) a skip that tests/allowed-skips.txt does
# not list fails the run.
check-local: check-TESTS
	@$(SHELL) $(srcdir)/tests/cpu-report.sh $(TEST_LOGS)
	@$(SHELL) $(srcdir)/tests/skip-gate.sh $(SKIPS_ALLOWED) $(TEST_LOGS)

# Tools the tests use to make and inspect profiles (a bare-metal build
# has none: its tests use the build machine's, tests/baremetal.mk).
if !BUILD_BAREMETAL
check_PROGRAMS += tests/tools/gmonmake
tests_tools_gmonmake_SOURCES = tests/tools/gmonmake.c
tests_tools_gmonmake_LDADD = gmon/libgmonfmt.la
# Crafted companions and their gmon.out (gprof-crafted.sh, the seeds of
# the fuzz targets).
check_PROGRAMS += tests/tools/gmonxgen
tests_tools_gmonxgen_SOURCES = tests/tools/gmonxgen.c
tests_tools_gmonxgen_LDADD = gmon/libgmonfmt.la
endif

# Everything of the analyser, and the unit tests (CUnit), in a build
# that has them (not a cross build: configure's --disable-analyser).
if BUILD_ANALYSER
# Unit tests.
check_PROGRAMS += tests/unit/test_gmon
tests_unit_test_gmon_SOURCES = tests/unit/test_gmon.c tests/unit/cunit_main.h
tests_unit_test_gmon_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_gmon_LDADD = gmon/libgmonfmt.la $(CUNIT_LIBS)
TESTS += tests/unit/test_gmon

check_PROGRAMS += tests/unit/test_hist_merge
tests_unit_test_hist_merge_SOURCES = tests/unit/test_hist_merge.c \
	tests/unit/cunit_main.h
tests_unit_test_hist_merge_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_hist_merge_LDADD = gmon/libgmonfmt.la $(CUNIT_LIBS)
TESTS += tests/unit/test_hist_merge

check_PROGRAMS += tests/unit/test_hist_memory
tests_unit_test_hist_memory_SOURCES = tests/unit/test_hist_memory.c \
	tests/unit/cunit_main.h
tests_unit_test_hist_memory_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_hist_memory_LDADD = gmon/libgmonfmt.la $(CUNIT_LIBS)
TESTS += tests/unit/test_hist_memory

check_PROGRAMS += tests/unit/test_gmonx
tests_unit_test_gmonx_SOURCES = tests/unit/test_gmonx.c
tests_unit_test_gmonx_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_gmonx_LDADD = gmon/libgmonfmt.la $(CUNIT_LIBS)
TESTS += tests/unit/test_gmonx

# Unit tests of the analyser, one per module.
GPROF_UNIT_LDADD = gprof/libgprof.la $(BFD_LIBS) $(IBERTY_LIBS) $(ZLIB_LIBS) $(LIBM) \
	$(CUNIT_LIBS)
check_PROGRAMS += tests/unit/test_symtab tests/unit/test_assign \
	tests/unit/test_callgraph tests/unit/test_symspec tests/unit/test_fmt \
	tests/unit/test_export_round
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
tests_unit_test_export_round_SOURCES = tests/unit/test_export_round.c \
	tests/unit/cunit_main.h
tests_unit_test_export_round_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_export_round_LDADD = $(GPROF_UNIT_LDADD)
check_PROGRAMS += tests/unit/test_dwarf tests/unit/test_arch \
	tests/unit/test_threads tests/unit/test_frames
tests_unit_test_frames_SOURCES = tests/unit/test_frames.c \
	tests/unit/cunit_main.h
tests_unit_test_frames_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_frames_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_threads_SOURCES = tests/unit/test_threads.c \
	tests/unit/cunit_main.h
tests_unit_test_threads_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_threads_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_arch_SOURCES = tests/unit/test_arch.c tests/unit/cunit_main.h
tests_unit_test_arch_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_arch_LDADD = $(GPROF_UNIT_LDADD)
tests_unit_test_dwarf_SOURCES = tests/unit/test_dwarf.c tests/unit/cunit_main.h
tests_unit_test_dwarf_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_dwarf_LDADD = $(GPROF_UNIT_LDADD)
TESTS += tests/unit/test_symtab tests/unit/test_assign \
	tests/unit/test_callgraph tests/unit/test_symspec tests/unit/test_fmt \
	tests/unit/test_export_round tests/unit/test_dwarf tests/unit/test_arch \
	tests/unit/test_threads tests/unit/test_frames

# End-to-end tests of the format library.
TESTS += \
	tests/e2e/lib-selftest.sh \
	tests/e2e/gmon-glibc.sh \
	tests/e2e/gmon-gnu-reads-ours.sh \
	tests/e2e/gmon-bad-input.sh \
	tests/e2e/gmon-bsd.sh
EXTRA_DIST += \
	tests/e2e/lib-selftest.sh \
	tests/e2e/gmon-glibc.sh \
	tests/e2e/gmon-gnu-reads-ours.sh \
	tests/e2e/gmon-bad-input.sh \
	tests/e2e/gmon-bsd.sh \
	tests/programs/fixture.c

# Fuzz targets: built with clang's libFuzzer by `make fuzz`, and their
# seed corpus replayed by `make check` through the standalone driver.
check_PROGRAMS += tests/fuzz/fuzz_read_replay tests/fuzz/fuzz_gmonx_replay \
	tests/fuzz/fuzz_dwarf_replay tests/fuzz/fuzz_linemap_replay \
	tests/fuzz/fuzz_frames_replay tests/fuzz/fuzz_companion_replay
tests_fuzz_fuzz_read_replay_SOURCES = tests/fuzz/fuzz_read.c \
	tests/fuzz/replay_main.c
tests_fuzz_fuzz_read_replay_LDADD = gmon/libgmonfmt.la
tests_fuzz_fuzz_gmonx_replay_SOURCES = tests/fuzz/fuzz_gmonx.c \
	tests/fuzz/replay_main.c
tests_fuzz_fuzz_gmonx_replay_LDADD = gmon/libgmonfmt.la
tests_fuzz_fuzz_dwarf_replay_SOURCES = tests/fuzz/fuzz_dwarf.c \
	tests/fuzz/dwarf-container.h tests/fuzz/replay_main.c
tests_fuzz_fuzz_dwarf_replay_LDADD = gprof/libgprof.la $(BFD_LIBS) \
	$(IBERTY_LIBS) $(ZLIB_LIBS) $(LIBM)
tests_fuzz_fuzz_linemap_replay_SOURCES = tests/fuzz/fuzz_linemap.c \
	tests/fuzz/dwarf-container.h tests/fuzz/replay_main.c
tests_fuzz_fuzz_linemap_replay_LDADD = gprof/libgprof.la $(BFD_LIBS) \
	$(IBERTY_LIBS) $(ZLIB_LIBS) $(LIBM)
tests_fuzz_fuzz_frames_replay_SOURCES = tests/fuzz/fuzz_frames.c \
	tests/fuzz/replay_main.c
tests_fuzz_fuzz_frames_replay_LDADD = gprof/libgprof.la $(BFD_LIBS) \
	$(IBERTY_LIBS) $(ZLIB_LIBS) $(LIBM)
# gprof's main, compiled in, on crafted companions; its exit(1) on an
# error jumps back into the target (fuzz_companion.c).
tests_fuzz_fuzz_companion_replay_SOURCES = tests/fuzz/fuzz_companion.c \
	tests/fuzz/replay_main.c
tests_fuzz_fuzz_companion_replay_LDFLAGS = -Wl,--wrap=exit
tests_fuzz_fuzz_companion_replay_LDADD = gprof/libgprof.la $(BFD_LIBS) \
	$(IBERTY_LIBS) $(ZLIB_LIBS) $(LIBM)
TESTS += tests/fuzz/replay-corpus.sh
EXTRA_DIST += tests/fuzz/replay-corpus.sh tests/fuzz/corpus \
	tests/fuzz/corpus-gmonx tests/fuzz/corpus-dwarf \
	tests/fuzz/corpus-linemap tests/fuzz/corpus-frames \
	tests/fuzz/corpus-companion \
	tests/fuzz/run-fuzz.sh tests/fuzz/mkseed-dwarf.sh

# make fuzz [FUZZ_TARGET=read|gmonx|dwarf|linemap|frames|companion]
# [FUZZ_SECONDS=n]
FUZZ_SECONDS = 60
FUZZ_TARGET = read
fuzz: all tests/tools/gmonxgen$(EXEEXT)
	CLANG='$(CLANG)' CC='$(CC)' $(SHELL) $(top_srcdir)/tests/fuzz/run-fuzz.sh \
		$(FUZZ_SECONDS) $(abs_top_builddir) $(FUZZ_TARGET)

# Strict checkers of the IgProf, aprof and Callgrind formats (the
# readers of the first two are not packaged; KCachegrind cannot run in
# make check) and of the JSON schema, and their own tests.
TESTS += tests/e2e/export-checkers.sh
EXTRA_DIST += tests/e2e/export-checkers.sh tests/tools/igprof-check.py \
	tests/tools/native-gprof.sh \
	tests/tools/aprof-check.py tests/tools/callgrind-check.py \
	tests/tools/json-schema-check.py

# The exports of gprof (--export), read by the real readers where they
# run here (callgrind_annotate, graphviz; KCachegrind under Xvfb if it
# is installed, else that test skips) and by the checkers.
EXPORT_E2E = \
	tests/e2e/export-callgrind.sh \
	tests/e2e/export-igprof.sh \
	tests/e2e/export-aprof.sh \
	tests/e2e/export-dot.sh \
	tests/e2e/export-json.sh \
	tests/e2e/export-options.sh \
	tests/e2e/export-replace.sh \
	tests/e2e/export-kcachegrind.sh \
	tests/e2e/export-fidelity.sh \
	tests/e2e/export-libsource.sh
TESTS += $(EXPORT_E2E)
EXTRA_DIST += $(EXPORT_E2E) \
	tests/e2e/export-lib.sh \
	tests/tools/export-compare.py \
	tests/tools/kcachegrind-view.py \
	tests/tools/kcachegrind-view-check.py \
	tests/programs/export-demo.c \
	tests/programs/export-lib.c \
	tests/programs/export-lib.h \
	tests/programs/export-lib-main.c

# What gprof says when the inputs do not match, or a profile is partial
# or missing (issue 22): one test per case, each with the message it
# expects.
HINT_E2E = \
	tests/e2e/hint-no-profile.sh \
	tests/e2e/hint-gmondump-names.sh \
	tests/e2e/hint-stripped.sh \
	tests/e2e/hint-build.sh \
	tests/e2e/hint-left-out.sh \
	tests/e2e/hint-glibc.sh \
	tests/e2e/docs-match.sh
TESTS += $(HINT_E2E)
EXTRA_DIST += $(HINT_E2E)

# Differential tests of the analyser against GNU gprof (the oracle).
# Ours is $(top_builddir)/gprof/gprof, or GPROF_UNDER_TEST if set in the
# environment; see tests/e2e/gprof-lib.sh and doc/testing.texi.
TESTS += \
	tests/e2e/gprof-diff-selftest.sh \
	tests/e2e/gprof-diff-c.sh \
	tests/e2e/gprof-diff-cxx.sh \
	tests/e2e/gprof-diff-inputs.sh \
	tests/e2e/gprof-diff-gnubugs.sh \
	tests/e2e/gprof-diff-lines.sh \
	tests/e2e/gprof-diff-inline.sh \
	tests/e2e/gprof-random.sh \
	$(GPROF_TARGET_E2E)
# The same on the profiles of other targets (cross compilers, qemu-user,
# GNU gprof built for each target): tests/e2e/gprof-targets-lib.sh.
GPROF_TARGET_E2E = \
	tests/e2e/gprof-diff-aarch64.sh \
	tests/e2e/gprof-diff-riscv64.sh \
	tests/e2e/gprof-diff-arm.sh \
	tests/e2e/gprof-diff-i386.sh
# (gprof-diff-cortexm.sh, on a Cortex-M profile that the installed
# libgmon writes, is a test of the Arm bare-metal build:
# tests/baremetal.mk.)
EXTRA_DIST += \
	$(GPROF_TARGET_E2E) \
	tests/programs/cortexm/start.c \
	tests/programs/cortexm/mps2.ld \
	tests/programs/cortexm/stdio.h \
	tests/programs/cortexm/stdlib.h \
	tests/e2e/gprof-targets-lib.sh \
	tests/e2e/gprof-cmatrix.sh \
	tests/e2e/gprof-lib.sh \
	tests/e2e/gprof-forgive.sh \
	tests/e2e/gprof-known-diffs.txt \
	tests/e2e/gprof-diff-selftest.sh \
	tests/e2e/gprof-diff-c.sh \
	tests/e2e/gprof-diff-cxx.sh \
	tests/e2e/gprof-diff-inputs.sh \
	tests/e2e/gprof-diff-gnubugs.sh \
	tests/e2e/gprof-diff-lines.sh \
	tests/e2e/gprof-diff-inline.sh \
	tests/e2e/gprof-random.sh \
	tests/tools/gprof-random.py \
	tests/tools/gprof-synth.py \
	tests/tools/gprof-mutant.sh \
	tests/programs/gprof-fixture.h \
	tests/programs/gprof-main.c \
	tests/programs/gprof-util.c \
	tests/programs/gprof-cxx.cc \
	tests/programs/gprof-clones.c \
	tests/programs/gprof-backcall.c \
	tests/programs/gprof-bbcount.c \
	tests/programs/gprof-updcrc.h \
	tests/programs/gprof-updcrc.c \
	tests/programs/gprof-updcrc-main.c \
	tests/programs/gprof-incl.c \
	tests/programs/gprof-incl-part.c \
	tests/programs/gprof-dup-a.c \
	tests/programs/gprof-dup-b.c \
	tests/programs/gprof-dup-main.c \
	tests/programs/gprof-lines-stl.cc \
	tests/programs/gprof-inline.cc \
	tests/programs/gprof-inlined.c \
	tests/programs/gprof-inlined-tie.c

# More random cases than `make check' runs: make check-random N=5000
# [FIRST=seed] [JOBS=n].  Seeds start past those of make check.
check-random: tests/tools/gmonmake$(EXEEXT)
	@n='$(N)'; first='$(FIRST)'; jobs='$(JOBS)'; \
	$(AM_TESTS_ENVIRONMENT) \
	GPROF_RANDOM_CASES=$${n:-5000} GPROF_RANDOM_FIRST=$${first:-256} \
	GPROF_RANDOM_JOBS=$${jobs:-2} \
	$(SHELL) $(srcdir)/tests/e2e/gprof-random.sh

endif BUILD_ANALYSER

# The programs the random tests and the benchmarks generate are kept
# between runs.  (Outside the conditional: doc/local.mk's clean-local
# is unconditional, and automake wants one definition.)
clean-local: clean-gprof-caches
clean-gprof-caches:
	-rm -rf tests/random-cache bench/cache
.PHONY: fuzz check-random clean-gprof-caches

# The runtime (libgmon), x86-64 Linux only.  Its unit test links the
# runtime's objects and two helpers compiled with -pg and -pg -mfentry
# (never with the sanitizers: they run inside mcount's tests, like any
# -pg code).  Elsewhere the unit test is a program that skips, and the
# end-to-end tests skip (rt-lib.sh's need_runtime), each saying why.
#
# A cross build (no CUnit for the target) runs the end-to-end tests
# only, RT_CROSS_TESTS, each program through qemu-user
# (tests/run-target.sh, RUN_TARGET in AM_TESTS_ENVIRONMENT), with the
# native build's gprof as ours (GPROF_UNDER_TEST: sh ./quickstart
# check-cross).  Left out there: gprof-objects*.sh, gprof-fifo.sh,
# ctx-callers.sh and the views' tests, tests of the analyser that only
# use the runtime to make a profile (the analyser reads the targets'
# profiles in gprof-diff-TARGET.sh).
# Added there: gprof-diff-target-libgmon.sh, the target's differential
# test on profiles our runtime wrote.
EXTRA_DIST += tests/unit/rt_unsupported.c tests/run-target.sh \
	tests/allowed-skips-cross.txt tests/e2e/gprof-diff-target-libgmon.sh
if BUILD_ANALYSER
TESTS += $(RT_E2E_TESTS)
check_PROGRAMS += tests/unit/test_rt_arcs
TESTS += tests/unit/test_rt_arcs
SKIPS_ALLOWED = $(srcdir)/tests/allowed-skips.txt
else
if !BUILD_BAREMETAL
TESTS += $(RT_CROSS_TESTS) tests/e2e/gprof-diff-target-libgmon.sh
SKIPS_ALLOWED = $(srcdir)/tests/allowed-skips-cross.txt
endif
endif
include tests/baremetal.mk
if BUILD_RUNTIME_UNIT
check_LTLIBRARIES += tests/unit/librtpg_pg.la tests/unit/librtpg_fentry.la
tests_unit_librtpg_pg_la_SOURCES = tests/unit/rt_pg_helper.c
tests_unit_librtpg_pg_la_CFLAGS = -O2 -pg -fno-optimize-sibling-calls \
	-DRT_PG_SUFFIX=_pg $(WARN_CFLAGS)
tests_unit_librtpg_fentry_la_SOURCES = tests/unit/rt_pg_helper.c
tests_unit_librtpg_fentry_la_CFLAGS = -O2 -pg -mfentry \
	-fno-optimize-sibling-calls -DRT_PG_SUFFIX=_fentry $(WARN_CFLAGS)

tests_unit_test_rt_arcs_SOURCES = tests/unit/test_rt_arcs.c
tests_unit_test_rt_arcs_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_unit_test_rt_arcs_LDADD = tests/unit/librtpg_pg.la \
	tests/unit/librtpg_fentry.la mcount/libmc.la gmon/libgmonfmt.la \
	$(CUNIT_LIBS) -lpthread
else
tests_unit_test_rt_arcs_SOURCES = tests/unit/rt_unsupported.c
endif
RT_E2E_TESTS = $(RT_CROSS_TESTS) \
	tests/e2e/gprof-objects.sh \
	tests/e2e/gprof-objects-stripped.sh \
	tests/e2e/gprof-objects-zlib.sh \
	tests/e2e/gprof-fifo.sh \
	tests/e2e/ctx-callers.sh \
	tests/e2e/gprof-threads.sh \
	tests/e2e/view-folded.sh \
	tests/e2e/view-flamegraph.sh \
	tests/e2e/view-pprof.sh \
	tests/e2e/view-threads.sh \
	tests/e2e/view-diff.sh \
	tests/e2e/view-diff-cpu.sh \
	tests/e2e/view-overhead.sh \
	tests/e2e/gate-calls.sh \
	tests/e2e/gate-time.sh \
	tests/e2e/gate-exports.sh \
	tests/e2e/gate-demo.sh
RT_CROSS_TESTS = \
	tests/e2e/rt-matrix.sh \
	tests/e2e/rt-link.sh \
	tests/e2e/rt-regs.sh \
	tests/e2e/rt-threads.sh \
	tests/e2e/rt-thread-records.sh \
	tests/e2e/rt-fork.sh \
	tests/e2e/rt-arcs.sh \
	tests/e2e/rt-limit.sh \
	tests/e2e/rt-wide.sh \
	tests/e2e/rt-output.sh \
	tests/e2e/rt-sampler.sh \
	tests/e2e/rt-pages.sh \
	tests/e2e/rt-objects.sh \
	tests/e2e/rt-objdir.sh \
	tests/e2e/rt-exits.sh \
	tests/e2e/rt-wall.sh \
	tests/e2e/rt-bbcount.sh \
	tests/e2e/rt-fds.sh \
	tests/e2e/rt-signals.sh \
	tests/e2e/rt-objnames.sh \
	tests/e2e/rt-dumps.sh \
	tests/e2e/rt-manythreads.sh \
	tests/e2e/rt-clone.sh \
	tests/e2e/rt-sleds.sh \
	tests/e2e/rt-sleds-late.sh \
	tests/e2e/rt-sleds-patch.sh \
	tests/e2e/rt-sleds-forms.sh \
	tests/e2e/ctx-measured.sh \
	tests/e2e/ctx-stress.sh \
	tests/e2e/ctx-export.sh \
	tests/e2e/rt-overhead.sh
EXTRA_DIST += $(RT_E2E_TESTS) \
	tests/e2e/view-lib.sh \
	tests/tools/speedscope-folded.mjs \
	tests/tools/readers-install.sh \
	tests/tools/browser-click.py \
	tests/tools/cdp.py \
	tests/tools/speedscope-browser.py \
	tests/programs/views-libm.c \
	tests/programs/views-diff.c \
	tests/programs/views-cpu.c \
	tests/programs/gate-work.c \
	tests/e2e/rt-lib.sh \
	tests/e2e/sleds-lib.sh \
	tests/e2e/ctx-lib.sh \
	tests/programs/ctx-foo.c \
	tests/programs/ctx-rec.c \
	tests/programs/ctx-calls.c \
	tests/programs/ctx-stress.c \
	tests/programs/rt-wall.c \
	tests/programs/rt-bb.c \
	tests/programs/rt-calls.c \
	tests/programs/rt-sleds.c \
	tests/programs/rt-sleds-lib.c \
	tests/programs/rt-sleds-late.c \
	tests/programs/rt-deny.c \
	tests/programs/noipa.h \
	tests/programs/rt-dso.c \
	tests/programs/rt-dso-a.c \
	tests/programs/rt-dso-s.c \
	tests/programs/objects-stripped.c \
	tests/programs/objects-stripped-lib.c \
	tests/programs/objects-zlib.c \
	tests/programs/rt-exits.c \
	tests/programs/rt-threads.c \
	tests/programs/rt-threads-named.c \
	tests/programs/rt-limit.c \
	tests/programs/rt-fork.c \
	tests/programs/rt-forkdump.c \
	tests/programs/rt-api.c \
	tests/programs/rt-signal.c \
	tests/programs/rt-regs.c \
	tests/programs/rt-wide.c \
	tests/programs/rt-pages.c \
	tests/programs/rt-rusage.c \
	tests/programs/rt-lowfds.c \
	tests/programs/rt-syscalls.c \
	tests/programs/rt-sigprof.c \
	tests/programs/rt-sigprof-early.c \
	tests/programs/rt-sigsend.c \
	tests/programs/rt-dlmany.c \
	tests/programs/rt-dumps.c \
	tests/programs/rt-manythreads.c \
	tests/programs/rt-clone.c

if BUILD_ANALYSER
# End-to-end tests of the analyser, against GNU gprof.
GPROF_E2E = \
	tests/e2e/gprof-fixture.sh \
	tests/e2e/gprof-programs.sh \
	tests/e2e/gprof-formats.sh \
	tests/e2e/gprof-compat.sh \
	tests/e2e/gprof-errors.sh \
	tests/e2e/gprof-sum-safe.sh \
	tests/e2e/gprof-deep.sh \
	tests/e2e/gprof-crafted.sh \
	tests/e2e/gprof-names-text.sh
TESTS += $(GPROF_E2E)
EXTRA_DIST += $(GPROF_E2E) \
	tests/e2e/gprof-smoke-lib.sh \
	tests/programs/gprof-smoke-cxx.cc \
	tests/programs/gprof-sites.c \
	tests/programs/gprof-two-a.c \
	tests/programs/gprof-two-b.c \
	tests/programs/gprof-two-main.c \
	tests/programs/gprof-back.c \
	tests/programs/gprof-clone.c
endif BUILD_ANALYSER

# The tests where AddressSanitizer and UndefinedBehaviorSanitizer see
# something (`make check-sanitize' in a build configured with
# --enable-sanitizers, which instruments the analyser, the format
# library, gmondump, gmonmake and the unit tests, never the runtime):
# the fuzzers' corpora and the end-to-end tests that give those
# programs inputs no other test of this list gives; check-sanitize
# adds every unit test of TESTS.  Not here: the runtime's tests (rt-*,
# ctx-stress, ctx-measured: the runtime is not instrumented), the
# readers' tests (export-kcachegrind, export-checkers, view-folded,
# view-flamegraph, view-pprof, view-threads: the exports they read are
# written under the sanitizers by export-*, gprof-threads and
# view-diff), the other targets' (gprof-diff-TARGET: their decoders
# under test_arch), the mutants (gprof-diff-selftest) and the
# harness's and docs' own (lib-selftest, docs-match).
# doc/testing.texi, "What CI runs", says why.
SANITIZE_TESTS = \
	tests/fuzz/replay-corpus.sh \
	tests/e2e/gmon-glibc.sh tests/e2e/gmon-gnu-reads-ours.sh \
	tests/e2e/gmon-bad-input.sh tests/e2e/gmon-bsd.sh \
	$(GPROF_E2E) tests/e2e/gprof-fifo.sh tests/e2e/gprof-objects.sh \
	tests/e2e/gprof-threads.sh \
	tests/e2e/gprof-diff-c.sh tests/e2e/gprof-diff-cxx.sh \
	tests/e2e/gprof-diff-inputs.sh tests/e2e/gprof-diff-gnubugs.sh \
	tests/e2e/gprof-diff-lines.sh tests/e2e/gprof-diff-inline.sh \
	tests/e2e/gprof-random.sh tests/e2e/export-callgrind.sh tests/e2e/export-igprof.sh \
	tests/e2e/export-aprof.sh tests/e2e/export-dot.sh \
	tests/e2e/export-json.sh tests/e2e/export-options.sh \
	tests/e2e/export-fidelity.sh tests/e2e/export-libsource.sh \
	tests/e2e/hint-no-profile.sh tests/e2e/hint-gmondump-names.sh \
	tests/e2e/hint-stripped.sh tests/e2e/hint-build.sh \
	tests/e2e/hint-left-out.sh \
	tests/e2e/view-diff.sh tests/e2e/ctx-export.sh tests/e2e/ctx-callers.sh \
	tests/e2e/gate-calls.sh tests/e2e/gate-exports.sh

# The tarball's tests (`make distcheck-tarball', which CI runs, adds
# every unit test of TESTS): what a tarball can lack or get wrong, not
# the suite a third time.  The unit tests and the fuzz corpus (every
# source of the analyser and the format library builds and links), one
# end-to-end test of each part (the format library, the analyser, the
# runtime, the exports, the hints) and docs-match (the manual and the
# man pages are in it).  `make distcheck' runs them all.
DISTCHECK_TESTS = \
	tests/fuzz/replay-corpus.sh \
	tests/e2e/lib-selftest.sh tests/e2e/gmon-gnu-reads-ours.sh \
	tests/e2e/gmon-bad-input.sh tests/e2e/gprof-compat.sh \
	tests/e2e/gprof-programs.sh tests/e2e/rt-arcs.sh \
	tests/e2e/rt-output.sh tests/e2e/rt-thread-records.sh \
	tests/e2e/export-checkers.sh tests/e2e/export-dot.sh \
	tests/e2e/hint-no-profile.sh tests/e2e/docs-match.sh

# The unit tests of TESTS, for the two below.
list_unit_tests = for t in $(TESTS); do \
		case $$t in tests/unit/*) printf '%s ' "$$t" ;; esac; \
	done

# check-sanitize: the unit tests and SANITIZE_TESTS, in a sanitizer
# build only.  The random profiles there are 64 others than the 256
# of `make check' (seeds 256-319): under the sanitizers the same 256
# took 502 s of CPU, a third of the step, and saw nothing the plain
# run's oracle had not; new seeds give both runs together 320 cases.
check-sanitize:
	@if test -z '$(SAN_CFLAGS)'; then \
		echo "check-sanitize: configure with --enable-sanitizers" >&2; \
		exit 1; \
	fi
	units=`$(list_unit_tests)`; \
	GPROF_RANDOM_FIRST=256 GPROF_RANDOM_CASES=64; \
	export GPROF_RANDOM_FIRST GPROF_RANDOM_CASES; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$units $(SANITIZE_TESTS)"

# distcheck-tarball: distcheck with the unit tests and DISTCHECK_TESTS.
distcheck-tarball:
	units=`$(list_unit_tests)`; \
	$(MAKE) $(AM_MAKEFLAGS) distcheck TESTS="$$units $(DISTCHECK_TESTS)"

.PHONY: check-sanitize distcheck-tarball

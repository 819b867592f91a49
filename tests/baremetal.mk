## tests/baremetal.mk: the tests of a bare-metal build (configure
## --host=arm-none-eabi ...), included by tests/local.mk.
##
## They link the library as a user does, installed (into a scratch
## prefix, tests/bm-prefix, once before the tests), into programs
## built by the target's compiler and run under qemu-system (never a
## board), read by the target's GNU gprof (configure's GNU_GPROF:
## arm-none-eabi-gprof ...) and by the build machine's gprof and
## gmondump, from the native build BM_HOST_BUILD (../build unless the
## environment says; sh ./quickstart check-baremetal gives it).  Which
## boards a build runs on follows from its CFLAGS (tests/e2e/bm-lib.sh).

BM_TESTS = \
	tests/e2e/bm-calls.sh \
	tests/e2e/bm-icount.sh \
	tests/e2e/bm-golden.sh \
	tests/e2e/bm-budget.sh \
	tests/e2e/bm-gdb.sh \
	tests/e2e/bm-hook.sh \
	tests/e2e/bm-newlib.sh \
	tests/e2e/bm-regions.sh \
	tests/e2e/bm-gate.sh \
	tests/e2e/gprof-diff-cortexm.sh
# bm-golden.sh's goldens, one a library and board (LIB-BOARD.txt).
BM_GOLDEN = \
	tests/golden/bm/arm-v6m-microbit.txt \
	tests/golden/bm/arm-v6m-an385.txt \
	tests/golden/bm/arm-v6m-an505.txt \
	tests/golden/bm/arm-v7m-an385.txt \
	tests/golden/bm/rv32-virt32.txt \
	tests/golden/bm/rv32-sifive_e.txt \
	tests/golden/bm/rv64-virt64.txt
if BUILD_BAREMETAL
TESTS += $(BM_TESTS)
SKIPS_ALLOWED = $(srcdir)/tests/allowed-skips-baremetal.txt

BM_PREFIX = $(abs_top_builddir)/tests/bm-prefix
$(TEST_LOGS): tests/bm-prefix.stamp
tests/bm-prefix.stamp: $(bmlib_LIBRARIES) $(srcdir)/include/gmonkit.h \
		$(srcdir)/mcount/baremetal/gmon.gdb
	$(AM_V_GEN)rm -rf tests/bm-prefix && \
	$(MAKE) $(AM_MAKEFLAGS) prefix='$(BM_PREFIX)' \
		install-bmlibLIBRARIES install-includeHEADERS \
		install-dist_pkgdataDATA >/dev/null && \
	$(MAKE) -s --no-print-directory prefix='$(BM_PREFIX)' bm-print-libdir \
		>tests/bm-prefix/libdir && \
	touch $@
AM_TESTS_ENVIRONMENT += \
	BM_PREFIX='$(BM_PREFIX)'; BM_LIB_CFLAGS='$(CFLAGS)'; \
	BM_HOST_BUILD=$${BM_HOST_BUILD:-$(abs_top_builddir)/../build}; \
	export BM_PREFIX BM_LIB_CFLAGS BM_HOST_BUILD;
endif
bm-print-libdir:
	@echo '$(bmlibdir)'
clean-local: clean-bm-prefix
clean-bm-prefix:
	-rm -rf tests/bm-prefix tests/bm-prefix.stamp tests/bm-golden
.PHONY: bm-print-libdir clean-bm-prefix
EXTRA_DIST += tests/baremetal.mk tests/allowed-skips-baremetal.txt \
	tests/e2e/bm-lib.sh $(BM_TESTS) tests/programs/bm/calls.c \
	tests/programs/bm/arcs.c tests/programs/bm/hook.c \
	tests/programs/bm/newlib.ld tests/programs/bm/newlib-vec.c \
	tests/programs/bm/regions.c $(BM_GOLDEN)

## bench/: benchmarks that print ratios against GNU gprof and glibc's
## runtime, measured in the same run.  Run with `make bench' (all of
## them), or one part: `make bench-gprof', `make bench-runtime'.  Never
## part of `make check'.

.PHONY: bench bench-gprof bench-runtime bench-bbcount bench-context \
	bench-hist bench-target bench-real bench-sleds
if BUILD_ANALYSER
bench: bench-gprof bench-hist bench-runtime bench-bbcount bench-context \
	bench-real bench-sleds
else
# A cross build: the runtime's overhead against glibc's under qemu-user.
bench: bench-target
endif

# The runtime on a cross build's target, under qemu-user, against
# glibc's: see the header of bench/rt-target-bench.sh.
bench-target: all
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' RUN_TARGET='$(RUN_TARGET)' TARGET_QEMU='$(TARGET_QEMU)' \
	TARGET_SYSROOT='$(TARGET_SYSROOT)' GNU_GPROF='$(GNU_GPROF)' \
	$(SHELL) $(srcdir)/bench/rt-target-bench.sh
EXTRA_DIST += bench/rt-target-bench.sh

EXTRA_DIST += bench/gprof-speed.sh bench/gprof-bigprog.py bench/gprof-ctx-gen.py \
	bench/gprof-threads-gen.py

# The analyser against GNU gprof: see the header of bench/gprof-speed.sh.
# Inputs are generated once into bench/cache.  BENCH_REPEAT=n (default
# 5) runs each measurement n times, in n rounds that each run every
# measurement once; `make bench BENCH_FLAGS=--strict' fails when a
# target is missed.
bench-gprof: all tests/tools/gmonmake$(EXEEXT) bench/runstat$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	GNU_GPROF='$(GNU_GPROF)' CC='$(CC)' \
	$(SHELL) $(srcdir)/bench/gprof-speed.sh $(BENCH_FLAGS)

# Histograms: the peak RSS of our gprof and gmondump against GNU gprof
# on a 64 MiB histogram, and the time of 40 000 and 80 000 histogram
# records (n log n against GNU's quadratic merge): see the header of
# bench/gprof-hist.sh.
bench-hist: all bench/runstat$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	GNU_GPROF='$(GNU_GPROF)' CC='$(CC)' \
	$(SHELL) $(srcdir)/bench/gprof-hist.sh $(BENCH_FLAGS)

EXTRA_DIST += bench/gprof-hist.sh bench/gprof-hist-gen.py

# The runtime: CPU-time ratios of -pg with libgmon and with glibc to no
# profiling, peak RSS, exact arcs (BENCH_ROUNDS=n, default 5); then the
# sampler's accuracy per rate and thread count.  See the headers of
# bench/rt-bench.sh and bench/rt-sampler-bench.sh.
EXTRA_PROGRAMS = bench/runstat
bench_runstat_SOURCES = bench/runstat.c
CLEANFILES += bench/runstat

bench-runtime: all bench/runstat$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' $(SHELL) $(srcdir)/bench/rt-bench.sh
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' $(SHELL) $(srcdir)/bench/rt-sampler-bench.sh

EXTRA_DIST += bench/rt-bench.sh bench/rt-sampler-bench.sh bench/calls.c \
	bench/spin.c bench/bench-lib.sh

# Basic-block counts (-fsanitize-coverage=trace-pc and libgmon) against
# gcc's -fprofile-arcs and no instrumentation, on the call-heavy and a
# loop-heavy program: see the header of bench/rt-bb-bench.sh.
bench-bbcount: all bench/runstat$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' $(SHELL) $(srcdir)/bench/rt-bb-bench.sh

EXTRA_DIST += bench/rt-bb-bench.sh bench/loops.c

# Patchable function entries: plain, sleds left alone, all patched by
# a preloaded libgmon, one patched (GMON_PATCH), and -pg with libgmon,
# on the call-heavy program: see the header of bench/rt-sleds-bench.sh.
bench-sleds: all bench/runstat$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' $(SHELL) $(srcdir)/bench/rt-sleds-bench.sh; \
	rc=$$?; test $$rc = 0 || test $$rc = 77

EXTRA_DIST += bench/rt-sleds-bench.sh

# Calling contexts (GMON_CONTEXT) against classic sampling, at the
# default rate and at 10 kHz, on the call-heavy and a deep-recursion
# program: see the header of bench/rt-context-bench.sh.
bench-context: all bench/runstat$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' $(SHELL) $(srcdir)/bench/rt-context-bench.sh

EXTRA_DIST += bench/rt-context-bench.sh bench/deep.c

# The runtime on real programs built from Debian's sources (fetched
# with apt-get source into bench/cache/debsrc, built there once): CPU
# time of no profiling, glibc's -pg and libgmon under each sampler,
# and libgmon's added time against glibc's.  Exit 77 (nothing could be
# fetched or built) is a skip.  See the header of bench/rt-real-bench.sh.
bench-real: all bench/runstat$(EXEEXT) gmon/gmondump$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	CC='$(CC)' $(SHELL) $(srcdir)/bench/rt-real-bench.sh $(BENCH_FLAGS); \
	rc=$$?; test $$rc = 0 || test $$rc = 77

EXTRA_DIST += bench/rt-real-bench.sh

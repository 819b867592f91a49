## bench/: benchmarks that print ratios against GNU gprof and glibc's
## runtime, measured in the same run.  Run with `make bench'; never
## part of `make check'.

BENCH_TARGETS = bench-runtime
EXTRA_PROGRAMS = bench/runstat
bench_runstat_SOURCES = bench/runstat.c
CLEANFILES += bench/runstat

BENCH_ENV = top_srcdir='$(abs_top_srcdir)' \
	top_builddir='$(abs_top_builddir)' CC='$(CC)'

.PHONY: bench bench-runtime
bench: $(BENCH_TARGETS)

# The runtime: CPU-time ratios of -pg with libgmon and with glibc to no
# profiling, peak RSS, exact arcs; then the sampler's accuracy.
bench-runtime: all bench/runstat
	$(BENCH_ENV) $(SHELL) $(srcdir)/bench/rt-bench.sh
	$(BENCH_ENV) $(SHELL) $(srcdir)/bench/rt-sampler-bench.sh

EXTRA_DIST += bench/rt-bench.sh bench/rt-sampler-bench.sh bench/calls.c \
	bench/spin.c

## bench/: benchmarks that print ratios against GNU gprof and glibc's
## runtime, measured in the same run.  Run with `make bench'.

EXTRA_DIST += bench/gprof-speed.sh bench/gprof-bigprog.py

# The analyser against GNU gprof: see the header of bench/gprof-speed.sh.
# Inputs are generated once into bench/cache.  BENCH_REPEAT=n (default
# 3) runs each measurement n times; `make bench BENCH_FLAGS=--strict'
# fails when a target is missed.
bench: all tests/tools/gmonmake$(EXEEXT)
	@top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	GNU_GPROF='$(GNU_GPROF)' CC='$(CC)' \
	$(SHELL) $(srcdir)/bench/gprof-speed.sh $(BENCH_FLAGS)
.PHONY: bench

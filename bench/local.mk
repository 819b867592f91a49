## bench/: benchmarks that print ratios against GNU gprof and glibc's
## runtime, measured in the same run.  Run with `make bench`.

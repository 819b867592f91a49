## mcount/: libgmon, the runtime linked into -pg programs.

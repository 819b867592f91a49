## gprof/: the analyser.
##
## Everything but main.c goes into a convenience library, which the
## program and the unit tests link.

noinst_LTLIBRARIES += gprof/libgprof.la
gprof_libgprof_la_SOURCES = \
	gprof/model.h \
	gprof/options.h gprof/options.c \
	gprof/util.h gprof/util.c \
	gprof/replace.h gprof/replace.c \
	gprof/stage.h gprof/stage.c \
	gprof/msort.h gprof/msort.c \
	gprof/rsort.h gprof/rsort-body.h gprof/rsort.c \
	gprof/objfile.h gprof/objfile-bfd.h gprof/objfile.c \
	gprof/debuglink.c \
	gprof/dwarf.h gprof/dwarf-private.h gprof/dwarf.c \
	gprof/dwarf-line.c gprof/dwarf-func.c \
	gprof/lines.h gprof/lines-private.h gprof/lines.c \
	gprof/linemap.c gprof/linesyms.h gprof/linesyms.c \
	gprof/blocks.h gprof/blocks.c \
	gprof/symtab.h gprof/symtab.c \
	gprof/symspec.h gprof/symspec.c \
	gprof/profile.h gprof/profile.c \
	gprof/assign.h gprof/assign.c \
	gprof/callgraph.h gprof/callgraph.c \
	gprof/cycles.h gprof/cycles.c \
	gprof/context.h gprof/context.c \
	gprof/staticcalls.h gprof/staticcalls.c \
	gprof/diagnose.h gprof/diagnose.c \
	gprof/report/report.h \
	gprof/report/names.c \
	gprof/report/fmt.h gprof/report/fmt.c \
	gprof/report/blurbs.c \
	gprof/report/flat.c \
	gprof/report/graph.c \
	gprof/report/index.c \
	gprof/report/fileinfo.c \
	gprof/report/execcount.c \
	gprof/report/source.h gprof/report/source.c \
	gprof/report/annotate.c \
	gprof/report/ordering.c \
	gprof/report/sum.c \
	gprof/export/export.h gprof/export/xport.h \
	gprof/export/export.c \
	gprof/export/output.c \
	gprof/export/round.c \
	gprof/export/samples.c \
	gprof/export/estimate.c \
	gprof/export/contexts.c \
	gprof/export/callgrind.c \
	gprof/export/igprof.c \
	gprof/export/aprof.c \
	gprof/export/dot.c \
	gprof/export/json.c
gprof_libgprof_la_LIBADD = gmon/libgmonfmt.la

bin_PROGRAMS += gprof/gprof
gprof_gprof_SOURCES = gprof/main.c
gprof_gprof_LDADD = gprof/libgprof.la $(BFD_LIBS) $(IBERTY_LIBS) $(LIBM) \
	$(ZLIB_LIBS)

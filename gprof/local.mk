## gprof/: the analyser.
##
## Everything but main.c goes into a convenience library, which the
## program and the unit tests link.

noinst_LTLIBRARIES += gprof/libgprof.la
gprof_libgprof_la_SOURCES = \
	gprof/model.h \
	gprof/options.h gprof/options.c \
	gprof/util/util.h gprof/util/util.c \
	gprof/util/hindex.h gprof/util/hindex.c \
	gprof/util/uniqname.h gprof/util/uniqname.c \
	gprof/util/utf8.h gprof/util/utf8.c \
	gprof/util/replace.h gprof/util/replace.c \
	gprof/util/stage.h gprof/util/stage.c \
	gprof/util/msort.h gprof/util/msort.c \
	gprof/util/rsort.h gprof/util/rsort-body.h gprof/util/rsort.c \
	gprof/symbols/objfile.h gprof/symbols/objfile-bfd.h gprof/symbols/objfile.c \
	gprof/symbols/debuglink.c gprof/arch/machsyms.c \
	gprof/symbols/objects.h gprof/symbols/objects.c gprof/symbols/bounds.h gprof/symbols/bounds.c \
	gprof/symbols/debugpkg.h gprof/symbols/debugpkg.c \
	gprof/symbols/symfile.h gprof/symbols/symfile.c \
	gprof/dwarf/dwarf.h gprof/dwarf/private.h gprof/dwarf/dwarf.c \
	gprof/dwarf/forms.c gprof/dwarf/line.c gprof/dwarf/func.c gprof/dwarf/frames.c \
	gprof/lines/lines.h gprof/lines/private.h gprof/lines/lines.c \
	gprof/lines/linemap.c gprof/lines/claims.c \
	gprof/lines/linesyms.h gprof/lines/linesyms.c \
	gprof/lines/blocks.h gprof/lines/blocks.c \
	gprof/symbols/symtab.h gprof/symbols/symtab.c \
	gprof/analysis.h gprof/analysis.c \
	gprof/symbols/symspec.h gprof/symbols/symspec.c \
	gprof/profile/profile.h gprof/profile/profpriv.h \
	gprof/profile/gmonread.c gprof/profile/companion.c \
	gprof/profile/contexts.c gprof/profile/threadprof.c \
	gprof/leftout.h gprof/leftout.c \
	gprof/overhead.h gprof/overhead.c \
	gprof/lossnotes.h gprof/lossnotes.c \
	gprof/graph/assign.h gprof/graph/assign.c \
	gprof/graph/callgraph.h gprof/graph/callgraph.c \
	gprof/graph/arclists.h gprof/graph/arclists.c \
	gprof/graph/propagate.h gprof/graph/propagate.c \
	gprof/graph/cycles.h gprof/graph/cycles.c \
	gprof/diff.h gprof/diff.c \
	gprof/gate.h gprof/gate.c \
	gprof/measure.h gprof/measure.c \
	gprof/threadrows.h gprof/threadrows.c \
	gprof/arch/arch.h gprof/arch/arch.c gprof/arch/x86.c \
	gprof/arch/aarch64.c gprof/arch/riscv.c gprof/arch/arm.c \
	gprof/arch/insn.h gprof/arch/insn.c \
	gprof/arch/staticcalls.h gprof/arch/staticcalls.c \
	gprof/diagnose.h gprof/diagnose.c \
	gprof/report/report.h \
	gprof/report/names.c \
	gprof/report/fmt.h gprof/report/fmt.c \
	gprof/report/blurbs.c \
	gprof/report/flat.c \
	gprof/report/threadtable.c \
	gprof/report/graph.c \
	gprof/report/index.c \
	gprof/report/fileinfo.c \
	gprof/report/execcount.c \
	gprof/report/source.h gprof/report/source.c \
	gprof/report/annotate.c \
	gprof/report/linkorder.c \
	gprof/report/arcorder.h gprof/report/arcorder.c \
	gprof/sumfile.h gprof/sumfile.c \
	gprof/export/export.h gprof/export/private.h \
	gprof/export/export.c \
	gprof/export/out.c \
	gprof/export/round.c \
	gprof/export/samples.c \
	gprof/export/estimate.c \
	gprof/export/ctxtree.c \
	gprof/export/callgrind.c \
	gprof/export/igprof.c \
	gprof/export/stacks.c \
	gprof/export/folded.c \
	gprof/export/flamegraph.c \
	gprof/export/pprof.c \
	gprof/export/protobuf.c \
	gprof/export/aprof.c \
	gprof/export/dot.c \
	gprof/export/json.c \
	gprof/export/verdicts.c
gprof_libgprof_la_LIBADD = gmon/libgmonfmt.la $(OPCODES_LIBS)

bin_PROGRAMS += gprof/gprof
gprof_gprof_SOURCES = gprof/main.c
gprof_gprof_LDADD = gprof/libgprof.la $(BFD_LIBS) $(IBERTY_LIBS) $(LIBM) \
	$(ZLIB_LIBS)

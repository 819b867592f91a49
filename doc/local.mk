## doc/: the Texinfo manual and the man pages.
##
## One chapter per file, included by gmonkit.texi.

info_TEXINFOS = doc/gmonkit.texi
doc_gmonkit_TEXINFOS = \
	doc/intro.texi \
	doc/runtime.texi \
	doc/format.texi \
	doc/analyser.texi \
	doc/lines.texi \
	doc/viewers.texi \
	doc/contexts.texi \
	doc/compat.texi \
	doc/tools.texi \
	doc/testing.texi \
	doc/performance.texi
AM_MAKEINFOFLAGS = --no-split
# distcheck would build DVI, which needs TeX; HTML needs only makeinfo.
AM_DISTCHECK_DVI_TARGET = html

dist_man_MANS += doc/gmon.5 doc/gmondump.1 doc/libgmon.3 doc/gprof.1

# The schema of gprof --export=json, installed next to the manual; the
# pictures of the viewers chapter (.txt: what Info shows instead).
dist_doc_DATA = doc/gprof-json.schema.json
EXTRA_DIST += doc/viewers-kcachegrind.png doc/viewers-kcachegrind.txt \
	doc/viewers-callgraph.svg doc/viewers-callgraph.txt \
	doc/viewers-flamegraph.png doc/viewers-flamegraph-zoomed.png \
	doc/viewers-flamegraph-measured.png

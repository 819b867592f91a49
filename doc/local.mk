## doc/: the Texinfo manual and the man pages.
##
## One chapter per file, included by gmonkit.texi.

info_TEXINFOS = doc/gmonkit.texi
doc_gmonkit_TEXINFOS = \
	doc/intro.texi \
	doc/runtime.texi \
	doc/firmware.texi \
	doc/format.texi \
	doc/analyser.texi \
	doc/lines.texi \
	doc/viewers.texi \
	doc/gate.texi \
	doc/contexts.texi \
	doc/messages.texi \
	doc/compat.texi \
	doc/tools.texi \
	doc/testing.texi \
	doc/performance.texi
AM_MAKEINFOFLAGS = --no-split
# distcheck would build DVI, which needs TeX; HTML needs only makeinfo.
AM_DISTCHECK_DVI_TARGET = html

dist_man_MANS += doc/gmon.5 doc/gmondump.1 doc/libgmon.3
# gprof's page goes where gprof goes (a cross build has none).
if BUILD_ANALYSER
dist_man_MANS += doc/gprof.1
else
EXTRA_DIST += doc/gprof.1
endif

# The schema of gprof --export=json, installed next to the manual; the
# pictures of the viewers chapter (.txt: what Info shows instead).
dist_doc_DATA = doc/gprof-json.schema.json
EXTRA_DIST += doc/viewers-kcachegrind.png doc/viewers-kcachegrind.txt \
	doc/viewers-callgraph.svg doc/viewers-callgraph.txt \
	doc/viewers-flamegraph.png doc/viewers-flamegraph-zoomed.png \
	doc/viewers-flamegraph-measured.png doc/viewers-flamegraph-threads.png

# The HTML manual shows the pictures by their plain names, beside it:
# a build outside the source tree copies them there, and install-html
# installs them with it.
DOC_IMAGES = doc/viewers-kcachegrind.png doc/viewers-callgraph.svg \
	doc/viewers-flamegraph.png doc/viewers-flamegraph-zoomed.png \
	doc/viewers-flamegraph-measured.png doc/viewers-flamegraph-threads.png
html-local: $(DOC_IMAGES)
	@for f in $(DOC_IMAGES); do \
	  if test ! -f "$$f" || test "$(srcdir)/$$f" -nt "$$f"; then \
	    echo " cp $(srcdir)/$$f $$f"; \
	    $(MKDIR_P) doc && cp "$(srcdir)/$$f" "$$f" || exit 1; \
	  fi; \
	done
install-html-local: $(DOC_IMAGES)
	$(MKDIR_P) "$(DESTDIR)$(htmldir)"
	@for f in $(DOC_IMAGES); do \
	  echo " $(INSTALL_DATA) $(srcdir)/$$f $(DESTDIR)$(htmldir)"; \
	  $(INSTALL_DATA) "$(srcdir)/$$f" "$(DESTDIR)$(htmldir)" || exit 1; \
	done
uninstall-local: uninstall-doc-images
uninstall-doc-images:
	@for f in $(DOC_IMAGES); do \
	  rm -f "$(DESTDIR)$(htmldir)/$${f#doc/}"; \
	done
clean-local: clean-doc-images
# Only copies: never the sources of an in-tree build.
clean-doc-images:
	@test "$(srcdir)" = "." || rm -f $(DOC_IMAGES)
.PHONY: uninstall-doc-images clean-doc-images

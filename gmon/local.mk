## gmon/: the gmon file format, shared by the runtime and the analyser.
##
## The analyser links this convenience library; the runtime compiles
## the writer (write.c) into libgmon itself, with its own flags.  A
## bare-metal build has the runtime only: no tools (they would run on
## the microcontroller).

if !BUILD_BAREMETAL

noinst_LTLIBRARIES += gmon/libgmonfmt.la
gmon_libgmonfmt_la_SOURCES = \
	gmon/gmon_out.h gmon/gmon.h gmon/bytes.h \
	gmon/error.c gmon/file.c gmon/notes.c gmon/bins.c \
	gmon/reader.h gmon/read.c gmon/read_records.c gmon/stamps.c \
	gmon/merge.c gmon/ranges.c gmon/write.c gmon/text.c \
	gmon/gmonx_out.h gmon/gmonx.h gmon/gmonx_reader.h gmon/gmonx_read.c \
	gmon/gmonx_objects.c gmon/gmonx_contexts.c gmon/gmonx_threads.c \
	gmon/gmonx_write.c gmon/gmonx_names.c

bin_PROGRAMS += gmon/gmondump
gmon_gmondump_SOURCES = gmon/gmondump.h gmon/gmondump.c gmon/dumpx.c \
	gmon/elfsyms.c gmon/elfsyms.h
gmon_gmondump_LDADD = gmon/libgmonfmt.la $(LIBM)
endif !BUILD_BAREMETAL

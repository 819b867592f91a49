## mcount/linux/: libgmon for Linux, the runtime linked into or
## preloaded by -pg programs (libgmon.so, libgmon.a), included by
## mcount/local.mk.
##
## The runtime is compiled with its own flags, never AM_CFLAGS: the
## sanitizer build must not instrument code that runs inside every call
## of the profiled program and inside signal handlers, and the C code
## must not touch vector registers (the mcount stub does not save them
## on the fast path).  -fPIC for the static archive too: gcc makes PIE
## programs by default, and they cannot link non-PIC code.
##
## Everything goes into a convenience library first, which libgmon.la
## takes whole and the unit tests link to reach the internals.
##
## What knows the processor is in mcount/arch/ARCH/ (the interface:
## mcount/arch/arch.h), whose local.mk adds its files to the library
## when configure chose that port (RT_ARCH_ARCH).  The arc table and
## the histogram are the portable core's, mcount/core/, which the
## bare-metal build (mcount/baremetal/local.mk) compiles too; the rest
## is this platform's, in mcount/linux/.

if BUILD_RUNTIME

MC_CFLAGS = $(RT_CFLAGS) $(WARN_CFLAGS) -fPIC

noinst_LTLIBRARIES += mcount/libmc.la
mcount_libmc_la_SOURCES = \
	mcount/linux/runtime.h \
	mcount/linux/records.h \
	mcount/linux/modules.h \
	mcount/linux/samples.h \
	mcount/linux/settings.h \
	mcount/linux/msgline.h \
	mcount/linux/process.h \
	mcount/arch/arch.h
# What the shared library alone has (below), the ports' too.
MC_SHARED_SOURCES = mcount/linux/dlopen.c
include mcount/arch/x86_64/local.mk
include mcount/arch/aarch64/local.mk
include mcount/arch/riscv64/local.mk
mcount_libmc_la_SOURCES += \
	mcount/core/core.h \
	mcount/core/atomic.h \
	mcount/core/arctab.c \
	mcount/core/hist.c \
	mcount/linux/arcs.c \
	mcount/linux/threads.c \
	mcount/linux/modules.c \
	mcount/linux/sampler.h \
	mcount/linux/sampler.c \
	mcount/linux/clocks.c \
	mcount/linux/wall.c \
	mcount/linux/cctree.c \
	mcount/linux/unwind.h \
	mcount/linux/unwind.c \
	mcount/linux/ehframe.c \
	mcount/linux/bbcount.c \
	mcount/linux/settings.c \
	mcount/linux/control.c \
	mcount/linux/msgline.c \
	mcount/linux/exitline.c \
	mcount/linux/fds.c \
	mcount/linux/pages.c \
	mcount/linux/dump.h \
	mcount/linux/dump.c \
	mcount/linux/snapshot.c \
	mcount/linux/classic.c \
	mcount/linux/outfile.c \
	mcount/linux/objdir.c \
	mcount/linux/exits.c \
	mcount/linux/near.c \
	mcount/linux/sleds.h \
	mcount/linux/sleds.c \
	mcount/linux/sledfile.c \
	mcount/linux/sledsite.c \
	mcount/linux/start.c \
	gmon/write.c \
	gmon/gmonx_write.c \
	gmon/gmonx_names.c \
	include/gmonkit.h
mcount_libmc_la_CFLAGS = $(MC_CFLAGS)
mcount_libmc_la_CCASFLAGS = -fPIC
mcount_libmc_la_LDFLAGS =

lib_LTLIBRARIES += mcount/libgmon.la
# What the shared library alone has (PIC: libtool defines it for the
# shared objects, not the archive's): dlopen, which a program that
# links libgmon.a keeps the C library's for.
mcount_libgmon_la_SOURCES = $(MC_SHARED_SOURCES)
mcount_libgmon_la_CCASFLAGS = -fPIC
mcount_libgmon_la_LIBADD = mcount/libmc.la
# Per-target CFLAGS also keep AM_CFLAGS (the sanitizers) off the link.
mcount_libgmon_la_CFLAGS = $(MC_CFLAGS)
mcount_libgmon_la_LDFLAGS = -version-info 0:0:0 -no-undefined \
	-Wl,--version-script=$(srcdir)/mcount/linux/libgmon.map \
	-Wl,-z,now
# -z now: the few libc functions the slow path and the signal handler
# call are bound at load time, not by the lazy resolver in the middle
# of a profiled call.
EXTRA_mcount_libgmon_la_DEPENDENCIES = $(srcdir)/mcount/linux/libgmon.map

include_HEADERS += include/gmonkit.h

endif

EXTRA_DIST += mcount/linux/libgmon.map

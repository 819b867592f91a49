## mcount/: libgmon, the runtime linked into -pg programs.
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
## bare-metal build (mcount/baremetal/local.mk) compiles too.

if BUILD_RUNTIME

MC_CFLAGS = $(RT_CFLAGS) $(WARN_CFLAGS) -fPIC

noinst_LTLIBRARIES += mcount/libmc.la
mcount_libmc_la_SOURCES = \
	mcount/runtime.h \
	mcount/records.h \
	mcount/modules.h \
	mcount/samples.h \
	mcount/settings.h \
	mcount/msgline.h \
	mcount/process.h \
	mcount/arch/arch.h
include mcount/arch/x86_64/local.mk
include mcount/arch/aarch64/local.mk
include mcount/arch/riscv64/local.mk
mcount_libmc_la_SOURCES += \
	mcount/core/core.h \
	mcount/core/atomic.h \
	mcount/core/arctab.c \
	mcount/core/hist.c \
	mcount/arcs.c \
	mcount/threads.c \
	mcount/modules.c \
	mcount/sampler.h \
	mcount/sampler.c \
	mcount/clocks.c \
	mcount/wall.c \
	mcount/cctree.c \
	mcount/unwind.h \
	mcount/unwind.c \
	mcount/ehframe.c \
	mcount/bbcount.c \
	mcount/settings.c \
	mcount/control.c \
	mcount/msgline.c \
	mcount/exitline.c \
	mcount/fds.c \
	mcount/pages.c \
	mcount/dump.h \
	mcount/dump.c \
	mcount/snapshot.c \
	mcount/classic.c \
	mcount/outfile.c \
	mcount/objdir.c \
	mcount/exits.c \
	mcount/near.c \
	mcount/start.c \
	gmon/write.c \
	gmon/gmonx_write.c \
	gmon/gmonx_names.c \
	include/gmonkit.h
mcount_libmc_la_CFLAGS = $(MC_CFLAGS)
mcount_libmc_la_CCASFLAGS = -fPIC
mcount_libmc_la_LDFLAGS =

lib_LTLIBRARIES += mcount/libgmon.la
mcount_libgmon_la_SOURCES =
mcount_libgmon_la_LIBADD = mcount/libmc.la
# Per-target CFLAGS also keep AM_CFLAGS (the sanitizers) off the link.
mcount_libgmon_la_CFLAGS = $(MC_CFLAGS)
mcount_libgmon_la_LDFLAGS = -version-info 0:0:0 -no-undefined \
	-Wl,--version-script=$(srcdir)/mcount/libgmon.map \
	-Wl,-z,now
# -z now: the few libc functions the slow path and the signal handler
# call are bound at load time, not by the lazy resolver in the middle
# of a profiled call.
EXTRA_mcount_libgmon_la_DEPENDENCIES = $(srcdir)/mcount/libgmon.map

include_HEADERS += include/gmonkit.h

endif

EXTRA_DIST += mcount/libgmon.map

# Bare metal: libgmon.a for microcontrollers.
include mcount/baremetal/local.mk

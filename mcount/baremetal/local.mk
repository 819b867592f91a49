## mcount/baremetal/: libgmon for microcontrollers (a bare-metal host:
## configure --host=arm-none-eabi, riscv64-unknown-elf ...), included
## by mcount/local.mk.
##
## One static library: the portable core (mcount/core/), this
## platform, the port of the processor (mcount/arch/arm/ or riscv/)
## and the shared writer (gmon/write.c).  Each file is an archive member
## the linker takes only if the program needs it: defaults.c and ram.c
## hold what a program's GMON_CONFIG and GMON_RAM replace, the timers
## and transports are taken when the configuration names them.
##
## The flags make it a library no C library needs (libc.c, and the
## three C functions of gmon/write.c renamed to it), that keeps every
## change of its tables with interrupts off (MC_CORE_IRQ) in 32-bit
## counts (MC_CORE_COUNT32), and writes through its transports, not
## write(2).  The installed empty libc_p.a is for newlib: its specs ask
## for a profiled C library (-lc_p) when -pg links, and there is none.

if BUILD_BAREMETAL

bmlib_LIBRARIES += mcount/libgmon.a
mcount_libgmon_a_SOURCES = \
	mcount/core/core.h \
	mcount/core/atomic.h \
	mcount/core/arctab.c \
	mcount/core/hist.c \
	mcount/baremetal/bm.h \
	mcount/baremetal/port.h \
	mcount/baremetal/lifecycle.c \
	mcount/baremetal/budget.c \
	mcount/baremetal/regions.c \
	mcount/baremetal/defaults.c \
	mcount/baremetal/ram.c \
	mcount/baremetal/hook.c \
	mcount/baremetal/semihost.c \
	mcount/baremetal/image.c \
	mcount/baremetal/libc.c \
	gmon/write.c \
	gmon/gmon.h \
	gmon/gmon_out.h \
	gmon/bytes.h \
	gmon/nolibc.h \
	include/gmonkit.h
include mcount/arch/arm/local.mk
include mcount/arch/riscv/local.mk
mcount_libgmon_a_CPPFLAGS = $(AM_CPPFLAGS) \
	-DMC_CORE_IRQ=1 -DMC_CORE_COUNT32=1 \
	-DGMON_WRITER_NO_FD=1 -DGMON_FILL_CHUNK=16 \
	-Dmemcpy=mc_memcpy -Dmemset=mc_memset -Dstrnlen=mc_strnlen
mcount_libgmon_a_CFLAGS = $(BM_CFLAGS) $(WARN_CFLAGS)
mcount_libgmon_a_CCASFLAGS =

bmlib_LIBRARIES += mcount/libc_p.a
mcount_libc_p_a_SOURCES =
mcount_libc_p_a_LIBADD =

include_HEADERS += include/gmonkit.h
dist_pkgdata_DATA = mcount/baremetal/gmon.gdb

endif BUILD_BAREMETAL

EXTRA_DIST += mcount/baremetal/gmon.gdb

## mcount/arch/aarch64/: libgmon's port to AArch64 (see
## mcount/arch/arch.h), included by mcount/linux/local.mk.

if RT_ARCH_AARCH64
mcount_libmc_la_SOURCES += \
	mcount/arch/aarch64/arch.h \
	mcount/arch/aarch64/mcount.S \
	mcount/arch/aarch64/sleds.c
MC_SHARED_SOURCES += mcount/arch/aarch64/dlopen.S
endif

## mcount/arch/x86_64/: libgmon's port to x86-64 (see
## mcount/arch/arch.h), included by mcount/linux/local.mk.

if RT_ARCH_X86_64
mcount_libmc_la_SOURCES += \
	mcount/arch/x86_64/arch.h \
	mcount/arch/x86_64/mcount.S \
	mcount/arch/x86_64/near.c \
	mcount/arch/x86_64/sleds.c
MC_SHARED_SOURCES += mcount/arch/x86_64/dlopen.S
endif

## mcount/arch/riscv64/: libgmon's port to RISC-V (RV64) (see
## mcount/arch/arch.h), included by mcount/linux/local.mk.

if RT_ARCH_RISCV64
mcount_libmc_la_SOURCES += \
	mcount/arch/riscv64/arch.h \
	mcount/arch/riscv64/mcount.S \
	mcount/arch/riscv64/sleds.c
MC_SHARED_SOURCES += mcount/arch/riscv64/dlopen.S
endif

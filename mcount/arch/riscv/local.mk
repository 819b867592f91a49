## mcount/arch/riscv/: libgmon's bare-metal port to RISC-V (see
## mcount/arch/riscv/arch.h), included by mcount/baremetal/local.mk.

if RT_ARCH_RISCV
mcount_libgmon_a_SOURCES += \
	mcount/arch/riscv/arch.h \
	mcount/arch/riscv/mcount.S \
	mcount/arch/riscv/trap.S \
	mcount/arch/riscv/port.c \
	mcount/baremetal/mtime.c
endif

## mcount/arch/arm/: libgmon's bare-metal port to Arm M-profile (see
## mcount/arch/arm/arch.h), included by mcount/baremetal/local.mk.

if RT_ARCH_ARM
mcount_libgmon_a_SOURCES += \
	mcount/arch/arm/arch.h \
	mcount/arch/arm/frame.h \
	mcount/arch/arm/mcount.S \
	mcount/arch/arm/systick-isr.S \
	mcount/arch/arm/timer-isr.S \
	mcount/arch/arm/fault-catch.S \
	mcount/arch/arm/port.c \
	mcount/baremetal/systick.c
endif

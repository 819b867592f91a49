## mcount/: libgmon, the runtime linked into -pg programs.
##
## A portable core (mcount/core/: the arc table and the histogram),
## a platform that builds it into a library (mcount/linux/: threads,
## signals, clocks, objects, files; mcount/baremetal/: timers and
## transports of a microcontroller), and the processors' entry points
## (mcount/arch/ARCH/, included by the platform's local.mk).
## configure chooses the platform (BUILD_RUNTIME, BUILD_BAREMETAL).

# Linux: libgmon.so and libgmon.a.
include mcount/linux/local.mk

# Bare metal: libgmon.a for microcontrollers.
include mcount/baremetal/local.mk

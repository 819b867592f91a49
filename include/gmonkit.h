/* gmonkit.h - control the libgmon profiling runtime from the program.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A program compiled with gcc -pg and linked with -lgmon (or run with
   libgmon.so preloaded) is profiled without calling anything here: the
   profile is written to gmon.out at exit.  These functions are for the
   program that wants more: a profile now, a fresh start, a pause.
   Compile with `pkg-config --cflags --libs gmonkit'.  See libgmon(3).  */

#ifndef GMONKIT_H
#define GMONKIT_H

/* A program for no operating system (arm-none-eabi, riscv64-unknown-elf
   ...): libgmon's bare-metal build, and the part of this file at its
   end.  */
#if !defined GMON_BAREMETAL && !defined __linux__ && !defined __unix__ \
	&& !defined _WIN32 && !defined __APPLE__
#define GMON_BAREMETAL 1
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the profile gathered so far to its file (gmon.out, or
   $GMON_OUT_PREFIX.PID) and goes on profiling.  Returns 0, or -1 with
   errno set (EBUSY: another thread is writing it now).  Threads that
   are running meanwhile may have their latest calls left out.
   Bare metal: through the configured output (semihosting unless
   GMON_CONFIG says otherwise); returns 0 or -1.  */
int gmon_dump (void);

#ifndef GMON_BAREMETAL
/* The same, to the open file descriptor FD (not closed).  */
int gmon_dump_fd (int fd);
#endif

/* Empties the profile: every arc count and histogram bin back to zero.
   Calls that other threads make while it runs may survive it.  */
void gmon_reset (void);

/* 1 while arcs are being counted, 0 after moncontrol (0).  */
int gmon_enabled (void);

/* The functions glibc's gmon has, with its meaning.  */

/* MODE 0 stops counting calls and sampling, any other value resumes
   them.  */
void moncontrol (int mode);

/* Starts profiling, the histogram covering [LOWPC, HIGHPC).  gcrt1.o
   calls __monstartup for programs linked with -pg; libgmon also starts
   by itself at the first call of an instrumented function.  */
void monstartup (unsigned long lowpc, unsigned long highpc);
void __monstartup (unsigned long lowpc, unsigned long highpc);

/* Stops profiling and writes the profile.  gcrt1.o registers it with
   atexit; later calls do nothing.  */
void _mcleanup (void);

#ifdef GMON_BAREMETAL
/* ------------------------------------------------------------------ */
/* Bare metal (the manual's "Profiling firmware").

   A program built with -pg and linked with -lgmon is profiled as it
   is: libgmon starts before main (or at the first call of a -pg
   function, with no C library), samples the program counter with the
   core's timer (SysTick on Arm M-profile, the machine timer on RISC-V)
   at 1000 Hz, uses at most GMON_RAM_DEFAULT bytes of RAM, and writes
   gmon.out through semihosting at exit and at each gmon_dump ().
   Everything else is set at link time, by defining in one file of the
   program what libgmon otherwise takes from its own defaults:

     GMON_RAM (8192);                   the RAM budget, bytes
     GMON_CONFIG (.rate = 2000,         the configuration: any of the
                  .timer = &gmon_timer_hook,    fields of struct
                  .output = &my_uart);          gmon_config  */

/* The budget without GMON_RAM: room beside a small program on a part
   of 16 KiB of RAM.  */
#define GMON_RAM_DEFAULT	4096
#define GMON_REGIONS_MAX	4

/* A range of code to sample: [start, end).  */
struct gmon_region {
	unsigned long start;		/* first address */
	unsigned long end;		/* one past the last */
};

/* How samples are taken: libgmon's timers (opaque).  */
struct gmon_timer;
/* SysTick, Arm M-profile: its clock is SystemCoreClock if the program
   defines it (CMSIS), else .clock_hz, else what SysTick's calibration
   says, else an assumed 16 MHz (the profile says so).  It names its
   handler SysTick_Handler and arm_systick_isr: the program's vector
   table must call it.  */
extern const struct gmon_timer gmon_timer_systick;
/* RISC-V's machine timer (mtime, mtimecmp), machine mode: .mtime and
   .mtimecmp, else the CLINT's of QEMU's virt and sifive_e and of
   SiFive's parts (0x200bff8, 0x2004000 + 8 * hart); its clock
   .clock_hz, else an assumed 10 MHz (QEMU's; the profile says so).
   libgmon takes the trap vector (mtvec) and hands back every trap
   that is not its timer's.  */
extern const struct gmon_timer gmon_timer_mtime;
/* No timer of libgmon's: the program calls gmon_sample (PC) from a
   timer interrupt of its own, .rate times a second.  */
extern const struct gmon_timer gmon_timer_hook;

/* Where the profile goes: open (the file's name), write (LEN bytes at
   BUF), close, each returning 0 or -1; open and close may be NULL.
   BUFFER, if not NULL, lends the bytes the file is written in (and
   says how many); else libgmon writes in 256 bytes of its budget.  */
struct gmon_output {
	int (*open) (const char *name);
	int (*write) (const void *buf, unsigned long len);
	int (*close) (void);
	void *(*buffer) (unsigned long *size);
};
/* Semihosting: the host's file, through the debugger (or QEMU's
   -semihosting-config enable=on,target=native).  Where the core can
   tell that no debugger is there, nothing is written (no HardFault):
   ARMv7-M and later, and every core whose vector table can be moved
   (VTOR), RISC-V.  */
extern const struct gmon_output gmon_output_semihost;
/* A memory image: the file's bytes, a part at a time, at
   gmon_image_data (the start of gmon_ram: struct gmon_image), and
   gmon_image_ready () called after each part, where a debugger stops
   to copy it (the GDB script libgmon installs: gmon.gdb).  With
   GMON_IMAGE (BYTES) the image is one buffer of that size, which
   keeps the whole file after a dump if it fits.  */
extern const struct gmon_output gmon_output_image;

struct gmon_config {
	unsigned long rate;		/* samples a second asked for;
					   0: 1000 (the file has the rate
					   the timer could give) */
	unsigned long clock_hz;		/* the timer's clock, Hz; 0: found
					   (see the timers) */
	const struct gmon_timer *timer;	/* how to sample; NULL: not at all */
	const struct gmon_output *output;	/* where the profile goes */
	const char *file;		/* its name; NULL: "gmon.out" */
	unsigned long mtime;		/* RISC-V: address of mtime; 0: the
					   default */
	unsigned long mtimecmp;		/* ... of hart 0's mtimecmp */
	struct gmon_region regions[GMON_REGIONS_MAX];	/* the code to
					   sample, one histogram each; none:
					   the program's text, from the
					   linker's symbols */
};

#if defined __arm__ || defined __thumb__
#define GMON_TIMER_DEFAULT	(&gmon_timer_systick)
#else
#define GMON_TIMER_DEFAULT	(&gmon_timer_mtime)
#endif

/* The fields GMON_CONFIG gives override its defaults, which -Wextra
   would warn about.  */
#ifdef __clang__
#define GMON_OVERRIDE_OK_						\
	_Pragma ("GCC diagnostic ignored \"-Winitializer-overrides\"")
#else
#define GMON_OVERRIDE_OK_						\
	_Pragma ("GCC diagnostic ignored \"-Woverride-init\"")
#endif

/* The configuration, replacing libgmon's default: the default timer,
   semihosting, and the fields given.  In one C file of the program.  */
#define GMON_CONFIG(...)						\
	extern const struct gmon_config gmon_config;			\
	_Pragma ("GCC diagnostic push")					\
	GMON_OVERRIDE_OK_						\
	const struct gmon_config gmon_config = {			\
		.timer = GMON_TIMER_DEFAULT,				\
		.output = &gmon_output_semihost,			\
		__VA_ARGS__						\
	};								\
	_Pragma ("GCC diagnostic pop")					\
	extern const struct gmon_config gmon_config

/* The RAM budget, replacing libgmon's default of GMON_RAM_DEFAULT
   bytes: every byte of RAM libgmon uses is in gmon_ram.  */
#define GMON_RAM(bytes)							\
	extern const unsigned long gmon_ram_size;			\
	unsigned char gmon_ram[(bytes)] __attribute__ ((aligned (8)));	\
	const unsigned long gmon_ram_size = (bytes)

/* A buffer of its own for the memory image (gmon_output_image).  */
#define GMON_IMAGE(bytes)						\
	extern const unsigned long gmon_image_size;			\
	unsigned char gmon_image_buf[(bytes)] __attribute__ ((aligned (8))); \
	const unsigned long gmon_image_size = (bytes)

/* The memory image's descriptor, at the start of gmon_ram, which a
   debugger reads at gmon_image_ready.  */
struct gmon_image {
	const unsigned char *data;	/* the part's bytes */
	unsigned long len;		/* ... how many */
	unsigned long offset;		/* where in the file they belong */
	unsigned long done;		/* 1: the file ends with this part */
};
void gmon_image_ready (void);

/* The hook timer's sample: one at PC (the interrupted program
   counter), from the program's timer interrupt.  */
void gmon_sample (unsigned long pc);
#if defined __arm__ || defined __thumb__
/* Arm: a handler for the program's timer to use as its vector: it
   calls the program's gmon_timer_ack (), if defined, to clear the
   timer's event, then takes the sample where the interrupt came.  */
void gmon_timer_isr (void);
void gmon_timer_ack (void);
#else
/* RISC-V: the sample at mepc, from the program's machine-mode trap
   handler.  */
void gmon_tick (void);
#endif
#endif /* GMON_BAREMETAL */

#ifdef __cplusplus
}
#endif

#endif /* GMONKIT_H */

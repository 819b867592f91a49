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

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the profile gathered so far to its file (gmon.out, or
   $GMON_OUT_PREFIX.PID) and goes on profiling.  Returns 0, or -1 with
   errno set (EBUSY: another thread is writing it now).  Threads that
   are running meanwhile may have their latest calls left out.  */
int gmon_dump (void);

/* The same, to the open file descriptor FD (not closed).  */
int gmon_dump_fd (int fd);

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

#ifdef __cplusplus
}
#endif

#endif /* GMONKIT_H */

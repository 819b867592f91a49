/* gprof-fixture.h - shared by the C fixtures of the differential tests.

   Every function of the fixtures is kept out of line and uncloned, so
   that the -O2 builds have the same functions as the -O0 builds and no
   compiler-made symbols (.constprop, .isra, .cold), which GNU gprof
   drops: gprof-clones.c is the fixture for those.  */

#ifndef GPROF_FIXTURE_H
#define GPROF_FIXTURE_H

#define NOINL __attribute__ ((noinline, noclone))

extern volatile unsigned long sink;
extern unsigned long spin_scale;

/* Spend time in the function that uses it, so that its own histogram
   bins get the samples.  */
#define SPIN(n)								\
	do {								\
		unsigned long i_, s_ = 0;				\
		for (i_ = 0; i_ < (unsigned long) (n) * spin_scale; i_++) \
			s_ += i_ ^ (i_ >> 3);				\
		sink += s_;						\
	} while (0)

unsigned long leaf (unsigned long x);
unsigned long burn (unsigned long n);
unsigned long util_entry (unsigned long n);
unsigned long util_twice (unsigned long n);

#endif

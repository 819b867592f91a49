/* rt-wide.c - counts too wide for the file's fields, through the real
   dump path.

   Linked with libgmon.a, so it can reach the runtime's internals:
   after leaf () has been called once from main, the count of that arc
   is raised to 2^32 + 5 in main's table, and 70000 samples are added
   to the histogram bin of leaf ().  GNU gprof must then report leaf
   with 4294967301 calls and 70.00 seconds (at GMON_RATE=1000).

   rt-wide tight MS: the real thing for the bins, no internals: MS
   milliseconds of CPU in a loop that fits one 64-byte bin
   (GMON_BIN_SIZE=64), to be sampled well past 65535 times.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcount/linux/runtime.h"

#define NOIPA __attribute__ ((noipa))

NOIPA int leaf (int x) { return x + 1; }

__attribute__ ((noipa, aligned (64))) void
tight (long n)
{
	long i;

	for (i = 0; i < n; i++)
		__asm__ volatile ("");
}

int
main (int argc, char **argv)
{
	struct mc_thread *r;
	uint64_t raised = 0;

	if (argc > 2 && strcmp (argv[1], "tight") == 0) {
		long ms = atol (argv[2]);
		struct timespec ts;

		do {
			tight (1000000);
			clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
		} while (ts.tv_sec * 1000 + ts.tv_nsec / 1000000 < ms);
		return 0;
	}
	leaf (1);
	for (r = mc_threads (); r; r = r->next) {
		struct mc_arctab *t = r->tab;
		uint64_t i;

		for (i = 0; i <= t->mask; i++) {
			uintptr_t self = t->slots[i].self;

			/* The arc into leaf: its self is in leaf's body.  */
			if (self > (uintptr_t) leaf
			    && self < (uintptr_t) leaf + 32) {
				t->slots[i].count += ((uint64_t) 1 << 32) + 4;
				raised++;
			}
		}
	}
	if (raised != 1) {
		printf ("found %llu arcs into leaf\n",
			(unsigned long long) raised);
		return 99;
	}
	mc_hist_add ((uintptr_t) leaf + 4, 70000);
	return 0;
}

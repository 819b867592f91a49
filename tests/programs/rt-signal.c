/* rt-signal.c - -pg code in a signal handler, interrupting a thread
   whose arc table grows.

   A POSIX timer fires every 100 us; its handler calls in_handler (),
   which calls one of 16 functions g_k through a pointer, and counts how
   often it ran.  Meanwhile main reaches 32 x 64 = 2048 distinct arcs
   (32 call sites, each calling 64 functions f_j through a pointer),
   the sites one by one at first, so its table grows from 128 slots to
   4096 while signals land anywhere, inside mcount too.  Prints
   "handler N": in_handler must have N calls, the g_k N together, each
   f_j exactly 32 * ROUNDS and each site ROUNDS.  */

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define NOIPA __attribute__ ((noipa))
#define ROUNDS 2000

static volatile long handled;

#define G(i) NOIPA int g##i (int x) { return x * i; }
G (0) G (1) G (2) G (3) G (4) G (5) G (6) G (7)
G (8) G (9) G (10) G (11) G (12) G (13) G (14) G (15)
static int (*const gs[16]) (int) = {
	g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15
};

NOIPA int in_handler (int x) { return gs[x & 15] (x); }

static void
on_signal (int sig)
{
	(void) sig;
	in_handler ((int) handled);
	handled++;
}

#define F(i) NOIPA int f##i (int x) { return x + i; }
#define F8(i) F(i##0) F(i##1) F(i##2) F(i##3) F(i##4) F(i##5) F(i##6) F(i##7)
F8 (1) F8 (2) F8 (3) F8 (4) F8 (5) F8 (6) F8 (7) F8 (8)

#define P8(i) f##i##0, f##i##1, f##i##2, f##i##3, f##i##4, f##i##5, f##i##6, f##i##7
static int (*const fns[64]) (int) = {
	P8 (1), P8 (2), P8 (3), P8 (4), P8 (5), P8 (6), P8 (7), P8 (8)
};

/* Each site is its own function, so its indirect call is a call site
   of its own.  */
#define SITE(i) NOIPA int site##i (int x) { int s = 0, j; \
	for (j = 0; j < 64; j++) s += fns[j] (x); return s; }
#define SITE8(i) SITE(i##0) SITE(i##1) SITE(i##2) SITE(i##3) SITE(i##4) \
	SITE(i##5) SITE(i##6) SITE(i##7)
SITE8 (1) SITE8 (2) SITE8 (3) SITE8 (4)

#define S8(i) site##i##0, site##i##1, site##i##2, site##i##3, site##i##4, \
	site##i##5, site##i##6, site##i##7
static int (*const sites[32]) (int) = { S8 (1), S8 (2), S8 (3), S8 (4) };

int
main (void)
{
	struct sigaction sa;
	struct sigevent ev;
	struct itimerspec its;
	timer_t t;
	int r, i, s = 0;

	memset (&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigaction (SIGUSR1, &sa, NULL);
	memset (&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR1;
	if (timer_create (CLOCK_MONOTONIC, &ev, &t) != 0)
		return 99;
	memset (&its, 0, sizeof its);
	its.it_interval.tv_nsec = 100000;
	its.it_value.tv_nsec = 100000;
	timer_settime (t, 0, &its, NULL);
	for (r = 0; r < ROUNDS; r++)
		for (i = 0; i < 32; i++)
			s += sites[(i + r) & 31] (r);
	memset (&its, 0, sizeof its);
	timer_settime (t, 0, &its, NULL);
	printf ("handler %ld\n", handled);
	return s == 12345 ? 1 : 0;
}

/* lifecycle.c - the life of a profile on bare metal, in order: start,
   count, sample, dump, reset, stop.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   start   before main (a constructor), or at the first call of a -pg
           function in a program without a C library to run
           constructors: the budget laid out for the code's regions
           (budget.c, regions.c), the timer started;
   count   every call of a -pg function (the port's mcount), interrupts
           off while the arc is found and counted: an interrupt handler
           built with -pg waits for it and then counts its own, exactly;
           only what cannot wait (a non-maskable interrupt, a fault)
           and comes in the middle is lost, and counted as lost;
   sample  the timer's interrupt: the interrupted pc into the histogram
           of its region;
   dump    gmon_dump (), and at exit (a destructor): the file written
           through the configured output, the samples that come
           meanwhile left out (the writing's time is libgmon's), the
           calls still counted;
   reset   gmon_reset (): every count back to 0;
   stop    at exit: the timer stopped, the last profile written.

   Whatever is left out is counted by kind (struct mc_bm_state's lost[]) and
   written into the profile as loss notes (gmon/gmon_out.h), which
   gprof and gmondump say in words; a program that never gets its
   file still keeps them in gmon_ram for a debugger.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

/* The state may be used only if the budget holds it.  */
static bool
fits (void)
{
	return gmon_ram_size >= sizeof (struct mc_bm_state);
}

/* Started, or found that it cannot be: the budget is too small.  */
static bool
tried (void)
{
	return mc_bm.magic == MC_BM_MAGIC || mc_bm.phase == MC_BM_NO_ROOM;
}

static void
barrier (void)
{
	__asm__ volatile ("" : : : "memory");
}

/* ------------------------------------------------------------------ */
/* start */

MC_BM_NOPROF void
mc_bm_start (void)
{
	struct gmon_region r[GMON_REGIONS_MAX];
	const struct gmon_timer *timer = gmon_config.timer;
	unsigned int n;
	mc_irq_t irq;
	int why;

	if (!fits ())
		return;
	irq = mc_port_irq_off ();
	if (tried ()) {
		mc_port_irq_restore (irq);
		return;
	}
	n = mc_bm_regions (r);
	if (!mc_bm_layout (r, n)) {
		mc_bm.phase = MC_BM_NO_ROOM;
		mc_port_irq_restore (irq);
		return;
	}
	mc_bm.phase = MC_BM_ON;
	mc_port_irq_restore (irq);
	why = timer ? timer->start (gmon_config.rate ? (uint32_t)
				    gmon_config.rate : MC_BM_RATE)
		: MC_BM_TIMER_NONE;
	mc_bm.timer_on = why == MC_BM_TIMER_OK || why == MC_BM_TIMER_HOOK;
	mc_bm.timer_why = (uint8_t) why;
}

__attribute__ ((constructor (101))) MC_BM_NOPROF static void
mc_bm_init (void)
{
	mc_bm_start ();
}

/* The period, in ticks of a CLOCK Hz clock, closest to RATE Hz but at
   most MAX, preferring within 3% one that divides the clock (10 MHz:
   10000 for 1000 Hz; 32768 Hz: 32 ticks, 1024 Hz, rather than 33 ticks
   at 992.97 Hz): the rate written is then exact.  *REAL gets the rate
   the period gives, rounded.  */
MC_BM_NOPROF uint32_t
mc_bm_period (uint32_t clock, uint32_t rate, uint32_t max, uint32_t *real)
{
	uint32_t p, d, best;

	if (rate == 0)
		rate = MC_BM_RATE;
	p = (clock + rate / 2) / rate;
	if (p < 1)
		p = 1;
	if (p > max)
		p = max;
	best = p;
	for (d = 0; d <= p / 32 && clock % best; d++) {
		if (p + d <= max && clock % (p + d) == 0)
			best = p + d;
		else if (d < p && clock % (p - d) == 0)
			best = p - d;
	}
	*real = (clock + best / 2) / best;
	return best;
}

/* ------------------------------------------------------------------ */
/* count */

MC_BM_NOPROF void
mc_bm_arc (uintptr_t from, uintptr_t self)
{
	struct mc_arc *a;
	mc_irq_t irq;

	if (!fits ())
		return;
	if (!tried ())
		mc_bm_start ();
	irq = mc_port_irq_off ();
	if (mc_bm.phase != MC_BM_ON)
		goto out;
	if (mc_bm.busy) {
		mc_bm.lost[GMON_NOTE_CALLS_NESTED]++;
		goto out;
	}
	mc_bm.busy = 1;
	barrier ();
	if (mc_bm.lent_mtvec && gmon_config.timer
	    && gmon_config.timer->reclaim)
		gmon_config.timer->reclaim ();
	from = mc_port_pc (from);
	self = mc_port_pc (self);
	a = mc_bm.tab ? mc_tab_find (mc_bm.tab, from, self, false) : NULL;
	if (!a && mc_bm.tab && mc_tab_room (mc_bm.tab))
		a = mc_tab_find (mc_bm.tab, from, self, true);
	if (!a)
		mc_bm.lost[GMON_NOTE_CALLS_FULL]++;
	else if (!mc_arc_bump (a))
		mc_bm.lost[GMON_NOTE_CALLS_MAX]++;
	barrier ();
	mc_bm.busy = 0;
out:
	mc_port_irq_restore (irq);
}

/* ------------------------------------------------------------------ */
/* sample */

MC_BM_NOPROF void
mc_bm_sample (uintptr_t pc)
{
	unsigned int i;
	mc_irq_t irq;

	if (!fits ())
		return;
	irq = mc_port_irq_off ();
	if (mc_bm.phase != MC_BM_ON)
		goto out;
	/* The time the profile takes to write is libgmon's, not the
	   program's: its samples are left out (and the histograms stay
	   still while the writer reads them).  */
	if (mc_bm.writing)
		goto out;
	pc = mc_port_pc (pc);
	for (i = 0; i < mc_bm.nhist; i++) {
		struct mc_hist *h = &mc_bm.hist[i];
		uint64_t left;

		if (pc < h->lo || pc >= h->hi)
			continue;
		left = mc_hist_put (h, pc, 1);
		mc_bm.lost[GMON_NOTE_BIN_FULL] += left;
		mc_bm.samples += 1 - left;
		if (mc_bm.clock_guessed)
			mc_bm.lost[GMON_NOTE_CLOCK_GUESS]++;
		goto out;
	}
	if (!mc_bm.lost[GMON_NOTE_OUTSIDE]++ || pc < mc_bm.outside_lo)
		mc_bm.outside_lo = pc;
	if (pc > mc_bm.outside_hi)
		mc_bm.outside_hi = pc;
out:
	mc_port_irq_restore (irq);
}

MC_BM_NOPROF void
mc_bm_missed (uint64_t n)
{
	mc_irq_t irq = mc_port_irq_off ();

	if (mc_bm.phase == MC_BM_ON)
		mc_bm.lost[GMON_NOTE_TICKS_MISSED] += n;
	mc_port_irq_restore (irq);
}

/* ------------------------------------------------------------------ */
/* dump */

struct mc_bm_sink {
	const struct gmon_output *out;	/* the transport */
};

MC_BM_NOPROF static int
transport_sink (void *ctx, const void *buf, size_t len)
{
	const struct mc_bm_sink *k = ctx;

	return k->out->write (buf, len) == 0 ? 0 : 5;	/* EIO */
}

MC_BM_NOPROF static void
write_arc (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	gmon_write_arc (ctx, from, self, count);
}

/* The whole file: the header (no run stamp: no clock of the day, no
   process), a histogram per region, the arcs, the notes.  */
MC_BM_NOPROF static int
write_body (struct gmon_writer *w)
{
	struct gmon_hist_hdr hdr;
	unsigned int i;

	if (gmon_write_header (w) < 0)
		return -1;
	for (i = 0; i < mc_bm.nhist; i++) {
		const struct mc_hist *h = &mc_bm.hist[i];
		struct mc_hist_part part = { h, 0 };

		mc_memset (&hdr, 0, sizeof hdr);
		hdr.low_pc = h->lo;
		hdr.high_pc = h->hi;
		hdr.nbins = (uint32_t) h->nbins;
		hdr.rate = mc_bm.rate ? mc_bm.rate : MC_BM_RATE;
		mc_memcpy (hdr.dimen, "seconds", sizeof "seconds");
		hdr.abbrev = 's';
		if (gmon_write_hist_fill (w, &hdr, mc_hist_fill, &part) < 0)
			return -1;
	}
	if (mc_bm.tab)
		mc_tab_each (mc_bm.tab, write_arc, w);
	for (i = GMON_NOTE_FIRST; i <= GMON_NOTE_LAST; i++)
		gmon_write_note (w, i, mc_bm.lost[i]);
	return gmon_writer_flush (w);
}

/* The profile through the configured output.  */
MC_BM_NOPROF static int
write_profile (void)
{
	const struct gmon_output *out = gmon_config.output;
	const char *name = gmon_config.file ? gmon_config.file : MC_BM_FILE;
	struct mc_bm_sink k = { out };
	struct gmon_writer w;
	struct gmon_target t;
	unsigned long size = 0;
	void *buf = NULL;
	int rc;

	if (!out || !out->write)
		return -1;
	if (out->open && out->open (name) != 0) {
		if (mc_bm.out_why != MC_BM_OUT_NO_DEBUGGER)
			mc_bm.out_why = MC_BM_OUT_OPEN;
		return -1;
	}
	if (out->buffer)
		buf = out->buffer (&size);
	if (!buf) {
		buf = mc_bm.buf;
		size = mc_bm.buf_size;
	}
	mc_bm_target (&t);
	gmon_writer_init_sink (&w, transport_sink, &k, buf, size, &t);
	rc = write_body (&w);
	if (out->close && out->close () != 0)
		rc = -1;
	mc_bm.out_why = rc == 0 ? MC_BM_OUT_OK : MC_BM_OUT_WRITE;
	if (rc == 0)
		mc_bm.dumps++;
	return rc;
}

MC_BM_NOPROF int
gmon_dump (void)
{
	mc_irq_t irq;
	int rc;

	mc_bm_start ();
	if (!fits () || mc_bm.magic != MC_BM_MAGIC)
		return -1;
	irq = mc_port_irq_off ();
	if (mc_bm.writing) {
		mc_port_irq_restore (irq);
		mc_bm.out_why = MC_BM_OUT_BUSY;
		return -1;
	}
	mc_bm.writing = 1;
	mc_port_irq_restore (irq);
	rc = write_profile ();
	mc_bm.writing = 0;
	return rc;
}

/* ------------------------------------------------------------------ */
/* reset, and the switch */

MC_BM_NOPROF void
gmon_reset (void)
{
	unsigned int i;
	mc_irq_t irq;

	if (!fits () || mc_bm.magic != MC_BM_MAGIC)
		return;
	irq = mc_port_irq_off ();
	if (mc_bm.tab)
		mc_tab_zero (mc_bm.tab);
	for (i = 0; i < mc_bm.nhist; i++)
		mc_hist_zero (&mc_bm.hist[i]);
	for (i = 0; i <= GMON_NOTE_LAST; i++)
		mc_bm.lost[i] = 0;
	mc_bm.outside_lo = mc_bm.outside_hi = 0;
	mc_bm.samples = 0;
	mc_port_irq_restore (irq);
}

MC_BM_NOPROF void
moncontrol (int mode)
{
	mc_irq_t irq;

	mc_bm_start ();
	if (!fits () || mc_bm.magic != MC_BM_MAGIC)
		return;
	irq = mc_port_irq_off ();
	if (mc_bm.phase == MC_BM_ON || mc_bm.phase == MC_BM_PAUSED)
		mc_bm.phase = mode ? MC_BM_ON : MC_BM_PAUSED;
	mc_port_irq_restore (irq);
}

MC_BM_NOPROF int
gmon_enabled (void)
{
	return fits () && mc_bm.phase == MC_BM_ON;
}

/* ------------------------------------------------------------------ */
/* stop */

/* At exit (a destructor; a program without a C library that ends
   calls gmon_dump itself): the timer stopped, the profile written.  */
MC_BM_NOPROF void
_mcleanup (void)
{
	const struct gmon_timer *timer = gmon_config.timer;

	if (!fits () || mc_bm.magic != MC_BM_MAGIC
	    || mc_bm.phase == MC_BM_NO_ROOM)
		return;
	if (timer && mc_bm.timer_on) {
		timer->stop ();
		mc_bm.timer_on = false;
	}
	gmon_dump ();
	moncontrol (0);
}

__attribute__ ((destructor (101))) MC_BM_NOPROF static void
mc_bm_fini (void)
{
	_mcleanup ();
}

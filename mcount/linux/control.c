/* control.c - the control API of <gmonkit.h>, and moncontrol.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What a program calls to write its profile while it runs, to
   zero the counts, and to turn profiling off and on.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>

#include "include/gmonkit.h"
#include "mcount/linux/runtime.h"

MC_EXPORT int
gmon_dump (void)
{
	int err = mc_dump_now (GMONX_END_DUMP, 0);

	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

MC_EXPORT int
gmon_dump_fd (int fd)
{
	int err = mc_dump_fd (fd);

	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

MC_EXPORT void
gmon_reset (void)
{
	mc_arcs_reset ();
	mc_hists_reset ();
	mc_ctx_reset ();
	mc_threads_reset ();
}

MC_EXPORT int
gmon_enabled (void)
{
	return mc_arcs_on != 0;
}

MC_EXPORT void
moncontrol (int mode)
{
	if (mode) {
		if (!mc_started ())
			mc_lazy_start ();
		if (!mc_started ())
			return;		/* already finished */
		mc_arcs_switch (true);
		mc_sampler_start ();
	} else {
		mc_arcs_switch (false);
		mc_sampler_stop ();
	}
}

/* assign.h - histogram samples to symbols.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_ASSIGN_H
#define GPROF_ASSIGN_H

#include "gprof/model.h"

/* Credits the samples of every histogram of P to the symbols of ST
   (their `time'), and returns the total time in ticks: every sample,
   less what went to symbols whose flat_off is set.  *OVERHEAD_OUT
   (if not NULL) gets the ticks of those that are libgmon's own time
   (--no-overhead), which the reports say they leave out.  */
double assign_samples (const struct profile *p, struct symtab *st,
		       double *overhead_out);

#endif /* GPROF_ASSIGN_H */

/* stage.h - what main() does between the stages of the pipeline.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_STAGE_H
#define GPROF_STAGE_H

/* Sets up the heap for the analyser's way of using it; call it
   first.  */
void stage_init (void);

/* Ends the stage WHAT: with -d's DBG_STAGES bit, its CPU time and the
   peak memory so far go to stderr.  */
void stage_end (const char *what);

#endif /* GPROF_STAGE_H */

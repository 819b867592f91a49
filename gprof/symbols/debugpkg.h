/* debugpkg.h - which package installed a file (debugpkg.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_DEBUGPKG_H
#define GPROF_DEBUGPKG_H

/* The name of the installed Debian package that has PATH (by dpkg's
   lists of files, as `dpkg -S PATH' finds it, the /usr merge either
   way), without its architecture; malloc'ed.  NULL if none has it or
   the system has no dpkg.  */
char *debugpkg_owner (const char *path);

#endif /* GPROF_DEBUGPKG_H */

/* utf8.h - text from bytes that need not be UTF-8.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Symbol and thread names are bytes: a thread's name is whatever
   pthread_setname_np was given (any byte but NUL), a symbol's whatever
   the assembler took.  The outputs that must be text (XML, JSON, a
   line of a report) check or clean them with these.  */

#ifndef GPROF_UTIL_UTF8_H
#define GPROF_UTIL_UTF8_H

#include <stddef.h>

/* The length of the well-formed UTF-8 sequence at S (1 to 4), or 0 if
   the bytes there are none: a stray continuation byte, a sequence cut
   short, an overlong form, a surrogate or a code point past U+10FFFF
   (RFC 3629).  */
size_t utf8_len (const unsigned char *s);

/* A copy of S (malloc'd) with each control character (below 0x20, and
   DEL) and each byte of no well-formed UTF-8 sequence replaced by '?':
   a line of its own in any output, valid in XML and JSON.  */
char *utf8_clean (const char *s);

#endif /* GPROF_UTIL_UTF8_H */

/* utf8.h - text from bytes that need not be UTF-8.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Symbol and thread names are bytes: a thread's name is whatever
   pthread_setname_np was given (any byte but NUL), a symbol's whatever
   the assembler took.  The outputs that must be text (XML, JSON, a
   line of a report) check or clean them with these, which show raw
   only what gmon_text_shown (gmon/text.c) allows: never a control
   character, a bidirectional override or a noncharacter.  */

#ifndef GPROF_UTIL_UTF8_H
#define GPROF_UTIL_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The length of the well-formed UTF-8 sequence at S (1 to 4), or 0 if
   the bytes there are none: a stray continuation byte, a sequence cut
   short, an overlong form, a surrogate or a code point past U+10FFFF
   (RFC 3629).  */
size_t utf8_len (const unsigned char *s);

/* Whether S is shown as it is by utf8_clean.  */
bool utf8_is_clean (const char *s);

/* A copy of S (malloc'd) with each character not shown raw (control
   characters, bidirectional formatting characters, noncharacters) and
   each byte of no well-formed UTF-8 sequence replaced by '?': a line
   of its own in any output, valid in XML and JSON, that reads as it
   is stored.  */
char *utf8_clean (const char *s);

/* Where the writers below put their bytes: N bytes of S.  */
typedef void utf8_put_fn (void *arg, const char *s, size_t n);

/* S as a JSON string, quotes included: the characters not shown raw
   as \uNNNN (\n, \t, \" and \\ as such), each byte of no UTF-8
   character as \ufffd, so that the file is valid UTF-8 whatever the
   names.  */
void utf8_json (const char *s, utf8_put_fn *put, void *arg);

/* S in XML character data or an attribute value: &, <, > and " as
   entities, each character not shown raw and each byte of no UTF-8
   character as '?' (XML 1.0 cannot hold U+FFFE, U+FFFF or C0
   controls at all).  */
void utf8_xml (const char *s, utf8_put_fn *put, void *arg);

#endif /* GPROF_UTIL_UTF8_H */

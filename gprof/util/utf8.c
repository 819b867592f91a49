/* utf8.c - text from bytes that need not be UTF-8.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   What may be shown raw is gmon/text.c's rule, shared with gmondump;
   the analyser's text outputs write the rest as '?' (reports, XML) or
   as JSON's \uNNNN escapes.  */

#include <config.h>

#include <stdio.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/gmon.h"
#include "gprof/util/utf8.h"

size_t
utf8_len (const unsigned char *s)
{
	uint32_t cp;

	return gmon_utf8_char (s, &cp);
}

/* How many bytes from S on are shown as they are, stopping at the
   ASCII characters of SPECIAL too.  */
static size_t
shown_until (const char *s, const char *special)
{
	const unsigned char *p = (const unsigned char *) s;
	uint32_t cp;
	size_t n;

	for (;;) {
		if (*p >= 0x20 && *p < 0x7f) {
			if (strchr (special, *p))
				break;
			p++;
			continue;
		}
		if (!*p)
			break;
		n = gmon_utf8_char (p, &cp);
		if (n == 0 || !gmon_text_shown (cp))
			break;
		p += n;
	}
	return (size_t) (p - (const unsigned char *) s);
}

bool
utf8_is_clean (const char *s)
{
	return !s[shown_until (s, "")];
}

char *
utf8_clean (const char *s)
{
	char *copy = xmalloc (strlen (s) + 1), *out = copy;
	const unsigned char *p;
	uint32_t cp;
	size_t n;

	while (*s) {
		n = shown_until (s, "");
		memcpy (out, s, n);
		out += n;
		s += n;
		if (!*s)
			break;
		/* One '?' for a character, one for each stray byte.  */
		p = (const unsigned char *) s;
		n = gmon_utf8_char (p, &cp);
		*out++ = '?';
		s += n ? n : 1;
	}
	*out = '\0';
	return copy;
}

void
utf8_json (const char *s, utf8_put_fn *put, void *arg)
{
	char esc[8];
	uint32_t cp;
	size_t n;

	put (arg, "\"", 1);
	for (;;) {
		n = shown_until (s, "\"\\");
		put (arg, s, n);
		s += n;
		if (!*s)
			break;
		n = gmon_utf8_char ((const unsigned char *) s, &cp);
		if (n == 0) {
			put (arg, "\\ufffd", 6);
			s++;
			continue;
		}
		if (cp == '"' || cp == '\\')
			snprintf (esc, sizeof esc, "\\%c", (char) cp);
		else if (cp == '\n')
			strcpy (esc, "\\n");
		else if (cp == '\t')
			strcpy (esc, "\\t");
		else
			snprintf (esc, sizeof esc, "\\u%04x",
				  (unsigned int) cp);
		put (arg, esc, strlen (esc));
		s += n;
	}
	put (arg, "\"", 1);
}

void
utf8_xml (const char *s, utf8_put_fn *put, void *arg)
{
	uint32_t cp;
	size_t n;

	for (;;) {
		n = shown_until (s, "&<>\"");
		put (arg, s, n);
		s += n;
		if (!*s)
			break;
		switch (*s) {
		case '&': put (arg, "&amp;", 5); break;
		case '<': put (arg, "&lt;", 4); break;
		case '>': put (arg, "&gt;", 4); break;
		case '"': put (arg, "&quot;", 6); break;
		default: put (arg, "?", 1); break;
		}
		n = gmon_utf8_char ((const unsigned char *) s, &cp);
		s += n ? n : 1;
	}
}

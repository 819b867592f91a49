/* text.c - names of any bytes, shown as text.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A thread's name is whatever pthread_setname_np was given, a path
   whatever the file system took, a symbol whatever the assembler
   took: any byte but NUL.  Printed raw, an escape sequence recolours
   or clears the user's terminal, a newline forges a line of a
   report, a bidirectional override shows "gnp.exe" for "exe.png", and
   U+FFFE makes an XML file ill-formed.  gmondump and gprof ask here
   which characters may be shown as they are, and each writes the
   others in its own visible way (gmondump's \xNN and \uNNNN, gprof's
   '?', JSON's \uNNNN).  */

#include <config.h>

#include "gmon/gmon.h"

size_t
gmon_utf8_char (const unsigned char *s, uint32_t *cp)
{
	size_t n, i;
	uint32_t c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, c = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;	/* the NUL ends it too */
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)))
	    || (n == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	*cp = c;
	return n;
}

bool
gmon_text_shown (uint32_t cp)
{
	if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
		return false;		/* C0, DEL, C1 */
	if (cp == 0x61c || cp == 0x200e || cp == 0x200f
	    || (cp >= 0x202a && cp <= 0x202e)
	    || (cp >= 0x2066 && cp <= 0x2069))
		return false;		/* bidirectional formatting */
	if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe)
		return false;		/* noncharacters */
	return true;
}

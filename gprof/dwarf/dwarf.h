/* dwarf.h - a decoder of the DWARF 2-5 line tables and function ranges.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Bytes in, tables out: the caller hands over the contents of the
   .debug_* sections (decompressed) and gets, per compilation unit, its
   line table and its functions with their address ranges and names.
   Nothing here knows BFD or the rest of the analyser, so the unit tests
   can feed it hand-made sections.  The call frame information
   (.eh_frame, .debug_frame) is read here too, for the function ranges
   its entries give (frames.c).

   The answers are the ones libbfd 2.40 gives (the file names it builds,
   the name it picks for a function), because GNU gprof prints those,
   except where libbfd is wrong: a line program starts in file 1, in
   DWARF 5 as in every version before it (libbfd starts it in file 0,
   which names the main source for code from an #include'd file); the
   indexed forms of DWARF 5 (strx, addrx, rnglistx, startx ranges) are
   read, which libbfd 2.40 partly skips.  Every read is bounds-checked:
   a damaged section ends the decoding of its unit, never the program.  */

#ifndef GPROF_DWARF_H
#define GPROF_DWARF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The sections the decoder reads, in this order.  */
enum dwarf_sect {
	DWS_INFO, DWS_ABBREV, DWS_LINE, DWS_STR, DWS_LINE_STR,
	DWS_STR_OFFSETS, DWS_ADDR, DWS_RANGES, DWS_RNGLISTS,
	DWS_COUNT
};

/* Their names in an ELF file, indexed by enum dwarf_sect.  */
extern const char *const dwarf_section_names[DWS_COUNT];

struct dwarf_section {
	const unsigned char *data;	/* contents, or NULL if absent */
	size_t size;			/* bytes */
};

struct dwarf_range {
	uint64_t lo;			/* first address */
	uint64_t hi;			/* one past the last */
};

/* One row of a line table: from ADDR up to the next row's address,
   the code comes from line LINE of file FILE.  */
struct dwarf_row {
	uint64_t addr;			/* first address */
	uint32_t file;			/* file number, as the program says */
	uint32_t line;			/* line number; 0: no source line */
};

/* A sequence: rows [FIRST, FIRST + NROWS) cover [LOW, HIGH).  */
struct dwarf_seq {
	uint64_t low;			/* first address covered */
	uint64_t high;			/* end address (its end_sequence row) */
	size_t first;			/* first row */
	size_t nrows;			/* rows, the end row not counted */
};

/* The line table of one unit.  Sequences are sorted by address, and
   made disjoint as libbfd makes them (a sequence nested in an earlier
   one is dropped, an overlapping one starts where the earlier ends);
   within a sequence the rows ascend, one per address (the last one
   given for an address wins, as in libbfd).  */
struct dwarf_lines {
	char **files;			/* path of each file number, or NULL */
	uint32_t nfiles;
	struct dwarf_row *rows;
	size_t nrows;
	struct dwarf_seq *seqs;
	size_t nseqs;
};

/* A function of one unit: a subprogram, an entry point or an inlined
   instance.  */
struct dwarf_func {
	const char *name;		/* libbfd's choice: the linkage name if
					   any, else DW_AT_name, following
					   abstract origins and specifications;
					   NULL if none */
	bool is_linkage;		/* NAME is what libbfd reports (a linkage
					   name, or any name in a C-like
					   language); else libbfd looks for an
					   ELF symbol */
	bool inlined;			/* a DW_TAG_inlined_subroutine */
	uint32_t first;			/* its ranges in dwarf_funcs.ranges */
	uint32_t nranges;		/* libbfd's order: the first range,
					   then the others newest first */
};

struct dwarf_funcs {
	struct dwarf_func *v;		/* in the order of their entries */
	size_t n;
	struct dwarf_range *ranges;
	size_t nranges;
};

struct dwarf;

/* Reads the unit headers of SECS[DWS_INFO] and each unit's first entry
   (which names its line table and compilation directory).  The
   section contents must outlive the result; function names and file
   names point into them.  Returns NULL if there is no .debug_info.  */
struct dwarf *dwarf_open (const struct dwarf_section secs[DWS_COUNT],
			  bool big_endian);
void dwarf_close (struct dwarf *d);

/* Whether decoding stopped early because the sections asked for far
   more work than their size explains (units sharing one line table or
   range list over and over, endless chains of references): what was
   decoded before stands, the rest is left out.  */
bool dwarf_exhausted (const struct dwarf *d);

/* How many units there are (type units are left out).  */
size_t dwarf_units (const struct dwarf *d);

/* The address ranges unit U's first entry claims (low/high pc or a
   range list), in *OUT (malloc'ed); returns their number, 0 if it
   claims none.  */
size_t dwarf_unit_ranges (struct dwarf *d, size_t u, struct dwarf_range **out);

/* The line table of unit U, decoded the first time it is asked for;
   NULL if the unit has none or it is damaged beyond its first
   sequences (what was decoded before the damage is kept).  */
const struct dwarf_lines *dwarf_unit_lines (struct dwarf *d, size_t u);

/* The functions of unit U, read the first time they are asked for
   (an empty table if the unit has none or is damaged).  */
const struct dwarf_funcs *dwarf_unit_funcs (struct dwarf *d, size_t u);

/* Frees what was decoded of unit U; a later call decodes it again.  */
void dwarf_unit_release (struct dwarf *d, size_t u);

/* The path of file number FILE of a line table, as libbfd builds it
   (the compilation directory, then the file's directory, then its
   name, unless one is absolute), or "<unknown>" for a number the
   table does not have.  */
const char *dwarf_file_name (const struct dwarf_lines *l, uint32_t file);

/* The row of L that covers ADDR, or NULL: ADDR is in no sequence.  */
const struct dwarf_row *dwarf_find_row (const struct dwarf_lines *l,
					uint64_t addr);

/* Call frame information (frames.c): the ranges of code its frame
   description entries (FDEs) describe, one per function gcc or clang
   compiled, which a stripped object still has.  */
struct dwarf_frame_input {
	const unsigned char *data;	/* the section's contents */
	size_t size;			/* bytes */
	uint64_t addr;			/* the section's address (.eh_frame's
					   pc-relative pointers count from it) */
	bool eh;			/* .eh_frame, else .debug_frame */
	bool big_endian;		/* the target's byte order */
	unsigned int addr_size;		/* 4 or 8: bytes of an address */
};

/* The FDEs' ranges of F, in the section's order, in *OUT (malloc'ed,
   or NULL if none); returns their number.  FDEs whose
   addresses are encoded relative to something else than their own
   place (text, data, function bases; indirect) are left out: no
   compiler writes those in a linked object.  *DAMAGED is set when a
   record runs past the section or its own length: the walk stops
   there, and the ranges read before are kept.  */
size_t dwarf_frame_ranges (const struct dwarf_frame_input *f,
			   struct dwarf_range **out, bool *damaged);

#endif /* GPROF_DWARF_H */

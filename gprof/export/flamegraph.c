/* flamegraph.c - the profile as an interactive SVG flame graph.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The stacks of the folded export (stacks.c's, named by folded.c),
   drawn as Brendan Gregg's flame graphs are: a bar per frame, as wide
   as the time in it and above it, the outermost frame at the bottom,
   callees on their caller, the biggest first.  The file stands alone:
   one inline script, no font, style sheet or script fetched, so that
   it opens in any browser from a mail or a CI artifact.  The script
   zooms on a click (the frame fills the width, its callers stay under
   it, dimmed; "Reset Zoom" or a click on the bottom frame goes back),
   searches by regular expression (the matching frames turn magenta and
   the share they hold is shown), and names the frame under the
   pointer at the bottom.

   With --threads, each row of the threads is a bar at the bottom
   (blue, its name the folded export's frame), its own stacks on it.

   Frames narrower than MIN_WIDTH pixels of the whole are not written
   (flamegraph.pl's --minwidth): a made-up call tree of many thousand
   functions would otherwise fill the file with bars nobody can see.
   They are in the folded export.

   Each bar's place is computed here, in the profile's units, and
   written in data- attributes: x (the left edge), w (the width), d
   (the depth); the script scales them to the zoomed range.  Colours
   come from a hash of the name, so that a function has the same
   colour in every graph; frames that are no function are grey.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/export/private.h"
#include "gprof/overhead.h"
#include "gprof/symbols/objfile.h"
#include "gprof/util/utf8.h"

#define WIDTH		1200		/* pixels */
#define FRAME_H		16		/* pixels per frame */
#define PAD		10		/* left and right margins */
#define TOP		68		/* title, facts, controls */
#define BOTTOM		34		/* the details line */
#define MIN_WIDTH	0.1		/* pixels: narrower frames are left out */

/* The script: layout () scales every bar to the zoomed range [zx, zx +
   zw) at depth zd; frames below zd are drawn full width if they hold
   the range (the zoomed frame's callers), else hidden.  */
static const char script[] =
"var svg = document.documentElement, W = +svg.getAttribute ('width'),\n"
"  PAD = 10, total = +svg.getAttribute ('data-total'),\n"
"  unit = svg.getAttribute ('data-unit');\n"
"var frames = Array.prototype.slice.call (document.querySelectorAll ('g.f'));\n"
"var zx = 0, zw = total, zd = 0, re = null;\n"
"function fit (t, name, w) {\n"
"  var n = Math.floor ((w - 6) / 7);\n"
"  t.textContent = n < 3 ? '' : name.length <= n ? name\n"
"    : name.substring (0, n - 2) + '..';\n"
"}\n"
"function layout () {\n"
"  var s = (W - 2 * PAD) / zw;\n"
"  frames.forEach (function (g) {\n"
"    var x = +g.getAttribute ('data-x'), w = +g.getAttribute ('data-w'),\n"
"      d = +g.getAttribute ('data-d'), r = g.querySelector ('rect'),\n"
"      t = g.querySelector ('text'), px, pw, show;\n"
"    if (d < zd) {\n"
"      show = x <= zx + 1e-9 * total && x + w >= zx + zw - 1e-9 * total;\n"
"      px = PAD; pw = W - 2 * PAD;\n"
"      g.setAttribute ('class', 'f anc');\n"
"    } else {\n"
"      show = x >= zx - 1e-9 * total && x + w <= zx + zw + 1e-9 * total;\n"
"      px = PAD + (x - zx) * s; pw = w * s;\n"
"      g.setAttribute ('class', 'f');\n"
"    }\n"
"    if (!show || pw < 0.1) { g.style.display = 'none'; return; }\n"
"    g.style.display = '';\n"
"    r.setAttribute ('x', px.toFixed (2));\n"
"    r.setAttribute ('width', pw.toFixed (2));\n"
"    t.setAttribute ('x', (px + 3).toFixed (2));\n"
"    fit (t, g.getAttribute ('data-n'), pw);\n"
"  });\n"
"  document.getElementById ('unzoom').style.opacity = zw < total ? 1 : 0.3;\n"
"}\n"
"function zoom (g) {\n"
"  zx = +g.getAttribute ('data-x'); zw = +g.getAttribute ('data-w');\n"
"  zd = +g.getAttribute ('data-d');\n"
"  if (zw <= 0) { zx = 0; zw = total; zd = 0; }\n"
"  layout ();\n"
"}\n"
"function unzoom () { zx = 0; zw = total; zd = 0; layout (); }\n"
"function search (pattern) {\n"
"  var spans = [], sum = 0, end = -1;\n"
"  re = pattern ? new RegExp (pattern) : null;\n"
"  frames.forEach (function (g) {\n"
"    var r = g.querySelector ('rect'), hit = re && re.test (g.getAttribute ('data-n'));\n"
"    if (!r.hasAttribute ('data-fill')) r.setAttribute ('data-fill', r.getAttribute ('fill'));\n"
"    r.setAttribute ('fill', hit ? 'rgb(230,0,230)' : r.getAttribute ('data-fill'));\n"
"    if (hit) spans.push ([+g.getAttribute ('data-x'), +g.getAttribute ('data-w')]);\n"
"  });\n"
"  spans.sort (function (a, b) { return a[0] - b[0] || b[1] - a[1]; });\n"
"  spans.forEach (function (p) {\n"
"    if (p[0] >= end) { sum += p[1]; end = p[0] + p[1]; }\n"
"    else if (p[0] + p[1] > end) { sum += p[0] + p[1] - end; end = p[0] + p[1]; }\n"
"  });\n"
"  document.getElementById ('matched').textContent = re\n"
"    ? 'Matched: ' + (total ? 100 * sum / total : 0).toFixed (1) + '%' : '';\n"
"  document.getElementById ('search').textContent = re ? 'Reset Search' : 'Search';\n"
"  return sum;\n"
"}\n"
"function ask () {\n"
"  if (re) { search (null); return; }\n"
"  var p = prompt ('Search for (a regular expression):', '');\n"
"  if (p) search (p);\n"
"}\n"
"frames.forEach (function (g) {\n"
"  g.addEventListener ('click', function () { zoom (g); });\n"
"  g.addEventListener ('mouseover', function () {\n"
"    document.getElementById ('details').textContent =\n"
"      g.querySelector ('title').textContent;\n"
"  });\n"
"  g.addEventListener ('mouseout', function () {\n"
"    document.getElementById ('details').textContent = ' ';\n"
"  });\n"
"});\n"
"document.getElementById ('unzoom').addEventListener ('click', unzoom);\n"
"document.getElementById ('search').addEventListener ('click', ask);\n"
"document.addEventListener ('keydown', function (e) {\n"
"  if (e.ctrlKey && e.key === 'f') { e.preventDefault (); ask (); }\n"
"  if (e.key === 'Escape') { search (null); unzoom (); }\n"
"});\n"
"layout ();\n";

/* S in XML (util/utf8.c): what XML cannot hold, and what should not
   be shown raw, as '?'.  */
static void
put_xml (struct out *o, const char *s)
{
	utf8_xml (s, out_put, o);
}

/* FNV-1a of NAME: the colour of a function, the same in every graph.  */
static uint32_t
name_hash (const char *name)
{
	uint32_t h = 2166136261u;

	for (; *name; name++)
		h = (h ^ (unsigned char) *name) * 16777619u;
	return h;
}

/* A bar to draw: a frame of the stacks, named, with its cost (in the
   unit asked for), in depth-first order (depth from 0, the bottom).  */
struct fg_frame {
	uint32_t depth;
	enum stacks_kind kind;
	char *name;			/* malloc'd */
	uint64_t cost;			/* its own, not what is above it */
};

/* The bars of one graph: one profile's stacks, or every row's under
   their frames (--threads).  */
struct fg {
	struct fg_frame *v;
	size_t n, cap;
	uint64_t samples;		/* of the profile(s) drawn */
	uint64_t overhead_out;		/* libgmon's, left out of them
					   (--no-overhead) */
	bool sampled;			/* stacks sampled (GMON_CONTEXT) */
	bool threads;			/* by thread */
};

static void
fg_push (struct fg *f, uint32_t depth, enum stacks_kind kind, char *name,
	 uint64_t cost)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 1024;
		f->v = xrealloc (f->v, f->cap * sizeof *f->v);
	}
	f->v[f->n++] = (struct fg_frame) { depth, kind, name, cost };
}

/* The stacks of C's profile into F, their depths from BASE: sampled
   stacks start below the label, as in the folded file; estimated ones
   keep it, the bottom bar that says so.  */
static void
fg_collect (struct fg *f, struct export_ctx *c, uint32_t base)
{
	struct stacks t;
	uint64_t *cost;
	uint32_t first;
	size_t i;

	stacks_build (&t, c);
	first = t.sampled ? 2 : 1;
	f->sampled = t.sampled;
	f->samples = gmon_add_sat (f->samples, c->samples->samples);
	f->overhead_out += c->samples->overhead_out
		/ c->samples->per_sample;
	cost = folded_costs (c, &t);
	for (i = 0; i < t.n; i++)
		if (t.v[i].depth >= first && t.v[i].subtree)
			fg_push (f, t.v[i].depth - first + base, t.v[i].kind,
				 folded_frame_name (c, &t.v[i]), cost[i]);
	free (cost);
	stacks_free (&t);
}

static void
fg_free (struct fg *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free (f->v[i].name);
	free (f->v);
	free (f);
}

static void
put_fill (struct out *o, const struct fg_frame *fr)
{
	uint32_t h = name_hash (fr->name);

	if (fr->kind == STACKS_THREAD) {
		/* The threads: blues, apart from the functions.  */
		out_printf (o, "rgb(%u,%u,%u)", 80 + (h & 0xff) * 60 / 255,
			    140 + ((h >> 8) & 0xff) * 60 / 255, 230);
		return;
	}
	if (fr->kind != STACKS_FUNC && fr->kind != STACKS_CYCLE) {
		out_puts (o, "rgb(190,190,190)");
		return;
	}
	/* flamegraph.pl's "hot" palette: red to yellow.  */
	out_printf (o, "rgb(%u,%u,%u)", 205 + (h & 0xff) * 50 / 255,
		    ((h >> 8) & 0xff) * 230 / 255,
		    ((h >> 16) & 0xff) * 55 / 255);
}

/* The title, the profile's facts and the controls.  */
static void
put_head (struct out *o, struct export_ctx *c, const struct fg *f,
	  uint64_t total, double height)
{
	const struct export_input *in = c->in;
	const char *unit = c->req->unit ? c->req->unit : "samples";
	const char *slash = strrchr (c->image_abs, '/');
	size_t i;

	out_printf (o, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		    "<svg version=\"1.1\" width=\"%d\" height=\"%.0f\" "
		    "viewBox=\"0 0 %d %.0f\" "
		    "xmlns=\"http://www.w3.org/2000/svg\" "
		    "data-total=\"%llu\" data-unit=\"%s\">\n",
		    WIDTH, height, WIDTH, height, (unsigned long long) total,
		    unit);
	out_puts (o, "<style>text { font-family: monospace; font-size: 12px; "
		  "fill: rgb(0,0,0); } g.f:hover rect { stroke: black; "
		  "stroke-width: 0.5; cursor: pointer; } g.anc { opacity: 0.5; }"
		  " .ctl { cursor: pointer; fill: rgb(0,0,160); } "
		  "#title { font-size: 17px; }</style>\n");
	out_printf (o, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.0f\" "
		    "fill=\"rgb(248,248,238)\"/>\n", WIDTH, height);
	out_printf (o, "<text id=\"title\" x=\"%d\" y=\"24\" "
		    "text-anchor=\"middle\">Flame graph of ", WIDTH / 2);
	put_xml (o, slash ? slash + 1 : c->image_abs);
	out_puts (o, f->threads ? ", by thread</text>\n" : "</text>\n");
	out_printf (o, "<text id=\"facts\" x=\"%d\" y=\"44\" "
		    "text-anchor=\"middle\">", WIDTH / 2);
	for (i = 0; i < (in->opt->ngmon ? in->opt->ngmon : 1); i++) {
		put_xml (o, in->opt->ngmon ? in->opt->gmon_files[i]
			 : "gmon.out");
		out_puts (o, i + 1 < in->opt->ngmon ? ", " : "");
	}
	out_printf (o, ": %.2f s of CPU, %llu samples at %.0f Hz; %s; "
		    "widths in %s",
		    export_secs (c, (double) f->samples),
		    (unsigned long long) f->samples,
		    (double) in->p->hz,
		    f->sampled ? "stacks sampled by libgmon (GMON_CONTEXT)"
		    : c->req->flat ? "one frame per function"
		    : "stacks estimated from call counts (gprof's rule)",
		    unit);
	if (f->overhead_out)
		out_printf (o, "; without libgmon's own %.2f s, "
			    OVERHEAD_NAME " (--no-overhead)",
			    export_secs (c, (double) f->overhead_out));
	out_puts (o, "</text>\n");
	out_printf (o, "<text id=\"unzoom\" class=\"ctl\" x=\"%d\" y=\"24\" "
		    "style=\"opacity: 0.3\">Reset Zoom</text>\n", PAD);
	out_printf (o, "<text id=\"search\" class=\"ctl\" x=\"%d\" y=\"24\" "
		    "text-anchor=\"end\">Search</text>\n", WIDTH - PAD);
	out_printf (o, "<text id=\"matched\" x=\"%d\" y=\"%.0f\" "
		    "text-anchor=\"end\"> </text>\n", WIDTH - PAD,
		    height - 12);
	out_printf (o, "<text id=\"details\" x=\"%d\" y=\"%.0f\"> </text>\n",
		    PAD, height - 12);
}

/* NAME as it fits a bar PW pixels wide (the script's fit ()): whole,
   or cut with "..", or nothing; never inside a UTF-8 character.  */
static void
put_label (struct out *o, const char *name, double pw)
{
	double room = (pw - 6.0) / 7.0;
	size_t n, len = strlen (name);
	char *cut;

	/* (A NaN is no room.)  */
	if (!(room >= 3.0))
		return;
	if (room >= (double) len) {
		put_xml (o, name);
		return;
	}
	n = (size_t) room - 2;
	while (n > 0 && ((unsigned char) name[n] & 0xc0) == 0x80)
		n--;
	cut = xstrndup (name, n);
	put_xml (o, cut);
	out_puts (o, "..");
	free (cut);
}

/* One bar: frame FR at X (units) of width W, depth D from 0.  */
static void
put_frame (struct out *o, struct export_ctx *c, const struct fg_frame *fr,
	   uint64_t x, uint64_t w, uint32_t d, uint64_t total, double y)
{
	const char *unit = c->req->unit ? c->req->unit : "samples";
	double scale = (double) (WIDTH - 2 * PAD) / (double) total;

	out_printf (o, "<g class=\"f\" data-x=\"%llu\" data-w=\"%llu\" "
		    "data-d=\"%u\" data-n=\"", (unsigned long long) x,
		    (unsigned long long) w, d);
	put_xml (o, fr->name);
	out_puts (o, "\"><title>");
	put_xml (o, fr->name);
	out_printf (o, " (%llu %s, %.2f%%)</title>", (unsigned long long) w,
		    unit, 100.0 * (double) w / (double) total);
	out_printf (o, "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
		    "height=\"%d\" rx=\"2\" fill=\"", PAD + (double) x * scale,
		    y, (double) w * scale, FRAME_H - 1);
	put_fill (o, fr);
	out_printf (o, "\"/><text x=\"%.2f\" y=\"%.1f\">",
		    PAD + (double) x * scale + 3, y + FRAME_H - 4.5);
	put_label (o, fr->name, (double) w * scale);
	out_puts (o, "</text></g>\n");
}

/* The graph of F's bars.  */
static void
fg_draw (struct fg *f, struct export_ctx *c, struct out *o)
{
	uint64_t *sub, *xat, total = 0;
	size_t i, *stack, sp = 0;
	uint32_t maxd = 1;
	double height, min_w;

	/* Each frame's cost and what is above it; frames are depth
	   first, so a frame's subtree is the run of deeper ones after
	   it.  */
	sub = XNEWVEC (uint64_t, f->n + 1);
	stack = XNEWVEC (size_t, f->n + 1);
	for (i = f->n; i-- > 0;) {
		uint64_t sum = f->v[i].cost;

		while (sp > 0 && f->v[stack[sp - 1]].depth > f->v[i].depth) {
			if (f->v[stack[sp - 1]].depth == f->v[i].depth + 1)
				sum = gmon_add_sat (sum, sub[stack[sp - 1]]);
			sp--;
		}
		sub[i] = sum;
		stack[sp++] = i;
		if (f->v[i].depth == 0)
			total = gmon_add_sat (total, sum);
		if (sum && f->v[i].depth + 1 > maxd)
			maxd = f->v[i].depth + 1;
	}
	height = TOP + (double) maxd * FRAME_H + BOTTOM;
	put_head (o, c, f, total, height);
	/* The left edge of the next callee at each depth.  */
	xat = XCNEWVEC (uint64_t, maxd + 2);
	min_w = total ? MIN_WIDTH * (double) total / (WIDTH - 2 * PAD) : 1.0;
	for (i = 0; i < f->n; i++) {
		const struct fg_frame *fr = &f->v[i];
		uint32_t d = fr->depth;
		uint64_t x;

		if (sub[i] == 0)
			continue;
		x = xat[d];
		xat[d] = gmon_add_sat (xat[d], sub[i]);
		xat[d + 1] = x;
		if ((double) sub[i] < min_w)
			continue;
		put_frame (o, c, fr, x, sub[i], d, total,
			   height - BOTTOM - (double) (d + 1) * FRAME_H);
	}
	out_puts (o, "<script type=\"text/ecmascript\"><![CDATA[\n");
	out_puts (o, script);
	out_puts (o, "]]></script>\n</svg>\n");
	free (xat);
	free (stack);
	free (sub);
}

static void
flamegraph_write (struct export_ctx *c, struct out *o)
{
	struct fg *f = XCNEW (struct fg);

	fg_collect (f, c, 0);
	fg_draw (f, c, o);
	fg_free (f);
}

/* --threads: each row's stacks on a bar of its own at the bottom; the
   graph is drawn once all are in.  */
static void
flamegraph_thread (struct export_ctx *c, struct out *o, void **state)
{
	struct fg *f = *state;
	struct stacks_node th = { .kind = STACKS_THREAD };

	(void) o;
	if (!f)
		*state = f = XCNEW (struct fg);
	f->threads = true;
	fg_push (f, 0, STACKS_THREAD, folded_frame_name (c, &th), 0);
	fg_collect (f, c, 1);
}

static void
flamegraph_end_threads (struct export_ctx *c, struct out *o, void *state)
{
	struct fg *f = state;

	if (!f) {
		f = XCNEW (struct fg);
		f->threads = true;
	}
	fg_draw (f, c, o);
	fg_free (f);
}

const struct export_format export_flamegraph = {
	.name = "flamegraph",
	.options = "unit=samples|ms|us|ns, flat, prune=TICKS, nodes=N",
	.allows = EXPORT_OPT_UNIT | EXPORT_OPT_FLAT | EXPORT_OPT_PRUNE
		| EXPORT_OPT_NODES,
	.path_prefix = "",
	.path_suffix = ".svg",
	.check = NULL,
	.write = flamegraph_write,
	.write_thread = flamegraph_thread,
	.end_threads = flamegraph_end_threads,
};

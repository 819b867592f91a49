// speedscope-folded.mjs - reads a folded-stacks file with speedscope's
// own parser, taken from its npm package, and prints what it read.
//
// Copyright (C) 2026 The gmonkit developers.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// usage: node speedscope-folded.mjs BUNDLE.js FILE
//
// speedscope's npm package is its web application, one bundled
// script, not a library: its importers are not exported.  So the
// function of the bundle that parses the collapsed-stack format (the
// one that holds its line pattern, /^(.*) (\d+)$/gm) is cut out of the
// bundle as it is and run here, on the file's text, through the one
// method of its text wrapper it calls (splitLines).  What it returns
// -- a stack of frames and a duration per line it accepted -- is what
// speedscope's call-tree builder adds up; this prints, as JSON, the
// lines accepted and ignored, the total, and each frame's self and
// total weight (a frame counted once per stack, as speedscope's
// "total" column does).

import fs from 'node:fs'

const [bundlePath, file] = process.argv.slice(2)
const bundle = fs.readFileSync(bundlePath, 'utf8')
const pattern = '/^(.*) (\\d+)$/gm'
const at = bundle.indexOf(pattern)
if (at < 0) {
	console.error('speedscope-folded: no collapsed-stack parser in ' + bundlePath)
	process.exit(99)
}
const start = bundle.lastIndexOf('function ', at)
let depth = 0, end = bundle.indexOf('{', start)
for (let i = end; i < bundle.length; i++) {
	if (bundle[i] === '{') depth++
	else if (bundle[i] === '}' && --depth === 0) { end = i + 1; break }
}
const source = bundle.slice(start, end)
const name = /^function ([\w$]+)/.exec(source)[1]
const parse = new Function(source + '; return ' + name + ';')()
const text = fs.readFileSync(file, 'utf8')
const lines = text.split('\n')
if (lines.length && lines[lines.length - 1] === '') lines.pop()
const samples = parse({ splitLines: () => lines })
const self = {}, total = {}
let sum = 0
for (const s of samples) {
	sum += s.duration
	const leaf = s.stack[s.stack.length - 1].name
	self[leaf] = (self[leaf] || 0) + s.duration
	for (const f of new Set(s.stack.map(f => f.name)))
		total[f] = (total[f] || 0) + s.duration
}
console.log(JSON.stringify({ parser: name, lines: lines.length,
	accepted: samples.length, total: sum, self, totals: total,
	stacks: samples.map(s => [s.stack.map(f => f.name).join(';'), s.duration]) }))

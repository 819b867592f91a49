#!/bin/sh
# readers-install.sh - the readers of the views that are not Debian
# packages, from their registries, into a cache the tests look in
# (tests/e2e/view-lib.sh: $GMONKIT_READERS, else
# ~/.cache/gmonkit-readers): speedscope, from npm.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu
dir=${GMONKIT_READERS:-${XDG_CACHE_HOME:-$HOME/.cache}/gmonkit-readers}
# The version the tests were written against (its parser is cut out of
# its bundle by tests/tools/speedscope-folded.mjs).
version=1.25.0
# Installed already: nothing to fetch (quickstart runs this each time).
if grep -q "\"version\": \"$version\"" \
	"$dir/node_modules/speedscope/package.json" 2>/dev/null; then
	exit 0
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --silent "speedscope@$version"

#!/usr/bin/env python3
# json-schema-check.py - validates JSON files against a JSON Schema.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# python3 has no JSON Schema validator in Debian's base system, so the
# tests use this one.  It knows the part of draft 2020-12 that
# doc/gprof-json.schema.json uses, and refuses a schema that uses any
# other keyword (so the schema cannot say more than is checked):
#
#   type (a name or a list; "integer" is a number without a fraction,
#   booleans are not numbers), const, enum, properties, required,
#   additionalProperties (false or a schema), items, minItems, minimum,
#   maximum (numbers only), pattern (strings only, re.search), oneOf,
#   $ref to "#/$defs/NAME"; and the annotations $schema, $id, $defs,
#   title, description, $comment.
#
# With --gprof it also checks what a schema cannot: function ids are
# 0, 1, 2 ... in order, and every id an arc, cycle or line names exists.
#
# Usage: json-schema-check.py [--gprof] SCHEMA FILE...
# Prints "FILE: ok" or "FILE: PATH: what is wrong"; exits 1 on errors,
# 2 on a bad schema.

import json
import re
import sys

ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description",
               "$comment"}
KEYWORDS = {"type", "const", "enum", "properties", "required",
            "additionalProperties", "items", "minItems", "minimum",
            "maximum", "pattern", "oneOf", "$ref"} | ANNOTATIONS


class SchemaError(Exception):
    pass


class Invalid(Exception):
    pass


def type_ok(value, name):
    if name == "null":
        return value is None
    if name == "boolean":
        return isinstance(value, bool)
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value,
                                                                  bool)
    if name == "integer":
        if isinstance(value, bool):
            return False
        return isinstance(value, int) or (isinstance(value, float)
                                          and value.is_integer())
    raise SchemaError("unknown type '%s'" % name)


class Validator:
    def __init__(self, root):
        self.root = root

    def resolve(self, ref):
        m = re.fullmatch(r"#/\$defs/([A-Za-z0-9_]+)", ref)
        if not m or m.group(1) not in self.root.get("$defs", {}):
            raise SchemaError("unresolvable $ref '%s'" % ref)
        return self.root["$defs"][m.group(1)]

    def check(self, value, schema, path):
        if not isinstance(schema, dict):
            raise SchemaError("%s: a schema must be an object" % path)
        for k in schema:
            if k not in KEYWORDS:
                raise SchemaError("unsupported keyword '%s'" % k)
        if "$ref" in schema:
            self.check(value, self.resolve(schema["$ref"]), path)
        if "type" in schema:
            types = schema["type"]
            if isinstance(types, str):
                types = [types]
            if not any(type_ok(value, t) for t in types):
                raise Invalid("%s: %s is not of type %s" %
                              (path, json.dumps(value)[:60],
                               " or ".join(types)))
        if "const" in schema and value != schema["const"]:
            raise Invalid("%s: %s is not %s" %
                          (path, json.dumps(value)[:60],
                           json.dumps(schema["const"])))
        if "enum" in schema and value not in schema["enum"]:
            raise Invalid("%s: %s is not one of %s" %
                          (path, json.dumps(value)[:60], schema["enum"]))
        numeric = type_ok(value, "number")
        if numeric and "minimum" in schema and value < schema["minimum"]:
            raise Invalid("%s: %s is below %s" %
                          (path, value, schema["minimum"]))
        if numeric and "maximum" in schema and value > schema["maximum"]:
            raise Invalid("%s: %s is above %s" %
                          (path, value, schema["maximum"]))
        if (isinstance(value, str) and "pattern" in schema
                and not re.search(schema["pattern"], value)):
            raise Invalid("%s: '%s' does not match %s" %
                          (path, value[:60], schema["pattern"]))
        if isinstance(value, dict):
            props = schema.get("properties", {})
            for k in schema.get("required", []):
                if k not in value:
                    raise Invalid("%s: no member '%s'" % (path, k))
            for k, v in value.items():
                if k in props:
                    self.check(v, props[k], "%s.%s" % (path, k))
                elif "additionalProperties" in schema:
                    extra = schema["additionalProperties"]
                    if extra is False:
                        raise Invalid("%s: unexpected member '%s'" %
                                      (path, k))
                    if extra is not True:
                        self.check(v, extra, "%s.%s" % (path, k))
        if isinstance(value, list):
            if len(value) < schema.get("minItems", 0):
                raise Invalid("%s: fewer than %d items" %
                              (path, schema["minItems"]))
            if "items" in schema:
                for i, v in enumerate(value):
                    self.check(v, schema["items"], "%s[%d]" % (path, i))
        if "oneOf" in schema:
            matched = 0
            for sub in schema["oneOf"]:
                try:
                    self.check(value, sub, path)
                    matched += 1
                except Invalid:
                    pass
            if matched != 1:
                raise Invalid("%s: matches %d of the oneOf schemas, not 1"
                              % (path, matched))


def gprof_checks(doc):
    """What the schema cannot say about gprof's JSON."""
    funcs = doc["functions"]
    for i, f in enumerate(funcs):
        if f["id"] != i:
            raise Invalid("functions[%d]: id %d (ids are 0, 1, 2 ... in "
                          "order)" % (i, f["id"]))
    n = len(funcs)
    for i, a in enumerate(doc["arcs"]):
        for k in ("caller", "callee"):
            if a[k] >= n:
                raise Invalid("arcs[%d].%s: no function %d" % (i, k, a[k]))
        if sum(s["calls"] for s in a["call_sites"]) not in (0, a["calls"]):
            raise Invalid("arcs[%d]: the call sites' calls do not add up "
                          "to the arc's" % i)
    for i, c in enumerate(doc["cycles"]):
        for m in c["members"]:
            if m >= n or funcs[m]["cycle"] != c["number"]:
                raise Invalid("cycles[%d]: member %d is not in cycle %d" %
                              (i, m, c["number"]))
    for i, ln in enumerate(doc.get("lines", [])):
        if ln["function"] >= n:
            raise Invalid("lines[%d]: no function %d" % (i, ln["function"]))
    nodes = doc.get("contexts", {}).get("nodes", [])
    below = [0.0] * len(nodes)
    for i, c in enumerate(nodes):
        if c["function"] is not None and c["function"] >= n:
            raise Invalid("contexts.nodes[%d]: no function %d" %
                          (i, c["function"]))
        if c["parent"] is not None:
            if c["parent"] >= i:
                raise Invalid("contexts.nodes[%d]: parent %d does not come "
                              "before it" % (i, c["parent"]))
            below[c["parent"]] += c["total_seconds"]
    for i, c in enumerate(nodes):
        if c["self_seconds"] + below[i] > c["total_seconds"] * (1 + 1e-9) \
                + 1e-12:
            raise Invalid("contexts.nodes[%d]: self and children add up to "
                          "more than its total" % i)


def main(argv):
    args = argv[1:]
    gprof = False
    if args and args[0] == "--gprof":
        gprof = True
        args = args[1:]
    if len(args) < 2:
        print("usage: json-schema-check.py [--gprof] SCHEMA FILE...",
              file=sys.stderr)
        return 2
    try:
        with open(args[0]) as f:
            schema = json.load(f)
    except (OSError, ValueError) as e:
        print("%s: %s" % (args[0], e))
        return 2
    v = Validator(schema)
    status = 0
    for path in args[1:]:
        try:
            with open(path) as f:
                doc = json.load(f)
            v.check(doc, schema, "$")
            if gprof:
                gprof_checks(doc)
            print("%s: ok" % path)
        except SchemaError as e:
            print("%s: bad schema: %s" % (args[0], e))
            return 2
        except (Invalid, ValueError, OSError) as e:
            print("%s: %s" % (path, e))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))

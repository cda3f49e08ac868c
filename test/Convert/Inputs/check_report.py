#!/usr/bin/env python3
"""Checks a JSON report of sonnx-convert against its schema
(docs/sonnx-convert.md, "Report", schema sonnx-convert/1): every key, its
type, the values a key may take. Prints "valid: N changes, M findings" or
the first difference, exit 1.

Usage: check_report.py REPORT.json
"""
import json
import sys

REWRITES = {"explicit-default", "explicit-broadcast", "fixed-input-shape",
            "folded-node", "inlined-if", "removed-dead-node", "removed-identity",
            "removed-initializer", "opset-form"}


def fail(message):
    print("invalid: " + message)
    sys.exit(1)


def expect(obj, key, kind):
    if key not in obj:
        fail(f"no key '{key}' in {sorted(obj)}")
    if not isinstance(obj[key], kind):
        fail(f"'{key}' is {type(obj[key]).__name__}, not {kind}")
    return obj[key]


def main():
    with open(sys.argv[1]) as f:
        report = json.load(f)
    if expect(report, "schema", str) != "sonnx-convert/1":
        fail("schema is not sonnx-convert/1")
    tool = expect(report, "tool", dict)
    if expect(tool, "name", str) != "sonnx-convert":
        fail("tool.name is not sonnx-convert")
    expect(tool, "version", str)
    expect(report, "model", str)
    written = expect(report, "written", bool)
    expect(report, "output", str if written else type(None))
    expect(report, "rewrite", bool)
    code = expect(report, "exit_code", int)
    if code not in (0, 1, 2) or written != (code == 0):
        fail(f"exit_code {code} with written {written}")
    for error in expect(report, "errors", list):
        if not isinstance(error, str):
            fail("an error is no string")
    findings = expect(report, "findings", list)
    for finding in findings:
        expect(finding, "node", str)
        expect(finding, "rule", (str, type(None)))
        expect(finding, "message", str)
    if (code == 1) != bool(findings):
        fail(f"exit_code {code} with {len(findings)} findings")
    external = expect(report, "external_data", list)
    for entry in external:
        expect(entry, "location", str)
        expect(entry, "copied_to", (str, type(None)))
    if external and not written:
        fail("external data listed, but nothing written")
    changes = expect(report, "changes", list)
    for change in expect(report, "kept", list) + changes:
        if expect(change, "rewrite", str) not in REWRITES:
            fail(f"unknown rewrite {change['rewrite']}")
        expect(change, "node", str)
        expect(change, "index", int)
        expect(change, "name", str)
        expect(change, "op_type", str)
        for scope in expect(change, "path", list):
            if not isinstance(scope, str):
                fail("a path entry is no string")
        expect(change, "change", str)
        expect(change, "why", str)
    files = (f", {len(external)} external data file"
             f"{'' if len(external) == 1 else 's'}" if external else "")
    print(f"valid: {len(changes)} changes, {len(findings)} findings{files}")


if __name__ == "__main__":
    main()

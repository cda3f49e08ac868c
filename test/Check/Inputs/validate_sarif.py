#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema
(Inputs/sarif-2.1.0-rtm.5.json: the OASIS schema as the npm package
@microsoft/jest-sarif 1.0.0-beta.0, MIT, ships it) with python3-jsonschema,
then checks what sonnx-check promises beyond the schema: one rule per
constraint ID, with its text and a link to docs/traceability.md (for
sonnx-check's own rules, sonnx-check.*, to docs/sonnx-check.md), every
result citing a rule of the log by ruleId and ruleIndex, and the tool's
version and information URI. Prints a line per run (one per model).

Usage: validate_sarif.py SCHEMA.json LOG.sarif
"""
import json
import sys

import jsonschema


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        log = json.load(f)
    jsonschema.Draft4Validator(schema).validate(log)
    for run in log["runs"]:
        rules = run["tool"]["driver"]["rules"]
        ids = [rule["id"] for rule in rules]
        assert len(ids) == len(set(ids)), "a rule is listed twice"
        driver = run["tool"]["driver"]
        assert driver["version"] and driver["semanticVersion"], driver
        assert "docs/sonnx-check.md" in driver["informationUri"], driver
        for rule in rules:
            assert rule["shortDescription"]["text"], rule
            doc = ("docs/sonnx-check.md#" if rule["id"].startswith(
                "sonnx-check.") else "docs/traceability.md#")
            assert doc in rule["helpUri"], rule
        for result in run["results"]:
            assert ids[result["ruleIndex"]] == result["ruleId"], result
        print("valid SARIF 2.1.0: %d rules, %d results"
              % (len(rules), len(run["results"])))


if __name__ == "__main__":
    main()

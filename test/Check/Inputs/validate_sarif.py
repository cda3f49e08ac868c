#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema
(Inputs/sarif-2.1.0-rtm.5.json: the OASIS schema as the npm package
@microsoft/jest-sarif 1.0.0-beta.0, MIT, ships it) with python3-jsonschema,
then checks what sonnx-check promises beyond the schema: one rule per
constraint ID, with its text and a link to docs/traceability.md, and every
result citing a rule of the log by ruleId and ruleIndex.

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
        for rule in rules:
            assert rule["shortDescription"]["text"], rule
            assert "docs/traceability.md#" in rule["helpUri"], rule
        for result in run["results"]:
            if "ruleId" in result:
                assert ids[result["ruleIndex"]] == result["ruleId"], result
        print("valid SARIF 2.1.0: %d rules, %d results"
              % (len(rules), len(run["results"])))


if __name__ == "__main__":
    main()

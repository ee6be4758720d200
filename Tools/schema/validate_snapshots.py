#!/usr/bin/env python3
"""Validate Facet snapshots against the schema `rpc.discover` publishes.

An independent check (the `jsonschema` package, not Facet's own code) used by
Tests/EndToEndTests/SnapshotSchemaTests.swift and usable by hand:

    python3 Tools/schema/validate_snapshots.py input.json

input.json: {"discover": <rpc.discover result>,
             "screens": <screens.list result>,
             "snapshots": [{"screen": id, "snapshot": {...}}, ...]}

Checks, per snapshot: the whole snapshot against components/schemas/Snapshot;
every list row's values against the screen's published `Screen.<id>.values`
and each value against `Value.<type>` of its column's type (date-time and uri
formats checked here too); every detail row's data against its type; and that
columns a screen declares in screens.list agree with those its snapshots use.
Prints one line per problem and exits 1 if there is any, else prints a summary.
"""
import datetime
import json
import sys
import urllib.parse

import jsonschema


def main(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    schemas = data["discover"]["components"]["schemas"]
    root = {"components": {"schemas": schemas}}
    declared = {s["id"]: {c["id"]: c["type"] for c in s.get("columns", [])} for s in data["screens"]}
    problems = []
    checked_values = 0

    def validator(name):
        schema = dict(root)
        schema["$ref"] = "#/components/schemas/" + name
        jsonschema.Draft202012Validator.check_schema(schema)
        return jsonschema.Draft202012Validator(schema)

    snapshot_validator = validator("Snapshot")
    value_validators = {}

    def check_value(where, value_type, value):
        nonlocal checked_values
        name = "Value." + value_type
        if name not in schemas:
            problems.append(f"{where}: type '{value_type}' has no published schema")
            return
        if name not in value_validators:
            value_validators[name] = validator(name)
        for error in value_validators[name].iter_errors(value):
            problems.append(f"{where}: {json.dumps(value)} is not a valid '{value_type}': {error.message}")
        fmt = schemas[name].get("format")
        if isinstance(value, str) and fmt == "date-time":
            try:
                parsed = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
                if parsed.tzinfo is None:
                    problems.append(f"{where}: date-time {value!r} has no offset")
            except ValueError:
                problems.append(f"{where}: {value!r} is not an ISO 8601 date-time")
        if isinstance(value, str) and fmt == "uri":
            parts = urllib.parse.urlsplit(value)
            if not parts.scheme or not (parts.netloc or parts.path):
                problems.append(f"{where}: {value!r} is not an absolute URI")
        checked_values += 1

    for entry in data["snapshots"]:
        screen, snapshot = entry["screen"], entry["snapshot"]
        for error in snapshot_validator.iter_errors(snapshot):
            location = "/".join(str(p) for p in error.absolute_path)
            problems.append(f"{screen}: snapshot at /{location}: {error.message}")
        content = snapshot.get("content", {})
        for index, row in enumerate((content.get("detail") or {}).get("rows", [])):
            check_value(f"{screen}: detail row {index} ({row.get('id')})", row.get("type"), row.get("data"))
        listing = content.get("list")
        if not listing:
            continue
        columns = {c["id"]: c["type"] for c in listing.get("columns", [])}
        for column, value_type in columns.items():
            if declared.get(screen) and column in declared[screen] and declared[screen][column] != value_type:
                problems.append(f"{screen}: column {column!r} is '{value_type}' in a snapshot "
                                f"but '{declared[screen][column]}' in screens.list")
            if declared.get(screen) and column not in declared[screen]:
                problems.append(f"{screen}: column {column!r} is not declared in screens.list")
        values_name = f"Screen.{screen}.values"
        if values_name not in schemas:
            problems.append(f"{screen}: no published {values_name}")
            continue
        row_validator = validator(values_name)
        for index, row in enumerate(listing.get("items", [])):
            where = f"{screen}: row {index} ({row.get('id')})"
            for error in row_validator.iter_errors(row.get("values", {})):
                problems.append(f"{where}: values: {error.message}")
            for column, value in row.get("values", {}).items():
                if column not in columns:
                    problems.append(f"{where}: a value for {column!r}, which is not a column of the list")
                    continue
                check_value(f"{where} column {column!r}", columns[column], value)

    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"ok: {len(data['snapshots'])} snapshots of {len({e['screen'] for e in data['snapshots']})} screens, "
          f"{checked_values} typed values")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

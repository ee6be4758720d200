import JSONCore
import ScreenKit

/// The JSON Schema of a `ScreenSnapshot` as the server encodes it, and of
/// each screen's typed row values, published in `rpc.discover` so a program
/// can check (or generate code for) what it reads without running a screen.
///
/// Written by hand beside the Codable types it describes; a test validates
/// real snapshots of every registered screen against it with an independent
/// validator, so the two cannot drift apart unnoticed. Optional fields are
/// left out of the JSON when absent (JSONEncoder's `encodeIfPresent`).
public enum SnapshotSchema {
    /// Every schema, keyed by its name under `#/components/schemas/`.
    public static func components(screens: [ScreenDescriptor]) -> [String: JSONValue] {
        var schemas: [String: JSONValue] = [
            "Snapshot": snapshot,
            "Status": status,
            "Content": content,
            "Form": form,
            "FormField": formField,
            "Detail": detail,
            "DetailRow": detailRow,
            "List": list,
            "ListItem": listItem,
            "ListColumn": listColumn,
            "Action": action,
            "Param": param,
            "TypedValue": typedValue,
            "ValueType": .object(["type": .string("string"), "enum": .array(ValueType.allCases.map { .string($0.rawValue) })]),
        ]
        for type in ValueType.allCases { schemas["Value.\(type.rawValue)"] = value(type) }
        for screen in screens {
            schemas["Screen.\(screen.id).values"] = rowValues(screen)
            schemas["Screen.\(screen.id).columns"] = .object([
                "description": .string("The columns of the screen's list (ScreenDescriptor.columns), as data."),
                "const": columnsData(screen.columns),
            ])
        }
        return schemas
    }

    /// Values of one kind: its JSON type (or null, for "unknown"), its format.
    public static func value(_ type: ValueType) -> JSONValue {
        var schema: [String: JSONValue] = [
            "type": .array([.string(type.jsonType), .string("null")]),
            "description": .string("A value of type '\(type.rawValue)'."),
        ]
        if let format = type.jsonFormat { schema["format"] = .string(format) }
        if type == .path { schema["pattern"] = .string("^/") }  // absolute
        return .object(schema)
    }

    /// A row's `values` on one screen: each declared column's value typed.
    static func rowValues(_ screen: ScreenDescriptor) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for column in screen.columns {
            properties[column.id] = .object([
                "title": .string(column.label),
                "allOf": .array([ref("Value.\(column.type.rawValue)")]),
            ])
        }
        return .object([
            "type": .string("object"),
            "description": .string("Typed values of a row of '\(screen.id)', by column id."),
            "properties": .object(properties),
            "additionalProperties": ref("TypedValue"),
        ])
    }

    static func columnsData(_ columns: [ListColumn]) -> JSONValue {
        .array(columns.map { column in
            var fields: [String: JSONValue] = [
                "id": .string(column.id), "label": .string(column.label), "type": .string(column.type.rawValue),
                "jsonType": .string(column.type.jsonType), "alignment": .string(column.alignment.rawValue),
                "priority": .int(column.priority),
            ]
            if let format = column.type.jsonFormat { fields["jsonFormat"] = .string(format) }
            if let sortKey = column.sortKey { fields["sortKey"] = .string(sortKey) }
            if let kind = column.kind { fields["kind"] = .string(kind.rawValue) }
            return .object(fields)
        })
    }

    // MARK: The snapshot's parts

    static let snapshot = object(
        "The whole visible state of one screen (ScreenKit.ScreenSnapshot).",
        required: ["screen": string, "title": string, "status": ref("Status"), "content": ref("Content"),
                   "actions": array(ref("Action"))],
        optional: [
            "summary": string,
            "actionsOf": .object([
                "type": .string("integer"),
                "description": .string("Only to a client that asked for listDeltas: actions is empty, they are those of the snapshot of this version"),
            ]),
        ])

    static let status = object(
        "What the screen is doing: idle, loading (with a message), error (message and stable code), notice.",
        required: ["kind": .object(["type": .string("string"), "enum": .array(["idle", "loading", "error", "notice"].map(JSONValue.string))])],
        optional: ["message": string, "code": string])

    static let content = object(
        "The parts present, drawn in this order: form, detail, list.",
        optional: ["form": ref("Form"), "detail": ref("Detail"), "list": ref("List")])

    static let form = object(
        "Fields edited with set-field; submitAction names the action that submits them.",
        required: ["fields": array(ref("FormField"))], optional: ["submitAction": string])

    static let formField = object(
        "One field. A secret field's value is always empty.",
        required: ["id": string, "label": string, "value": string, "secret": boolean, "readOnly": boolean],
        optional: ["placeholder": string, "message": string, "choices": array(string), "maxLength": integer])

    static let detail = object("Label/value rows.", required: ["rows": array(ref("DetailRow"))])

    static let detailRow = object(
        "A fact: display text in value, the same fact typed in data (of the kind type).",
        required: ["id": string, "label": string, "value": string, "data": ref("TypedValue"), "type": ref("ValueType")])

    static let list = object(
        "A window (offset, items) onto a list of total rows; columns declare the rows' typed values.",
        required: [
            "items": array(ref("ListItem")), "offset": integer, "total": integer, "hasMore": boolean,
            "loadingMore": boolean, "columns": array(ref("ListColumn")), "emptyMessage": string,
        ],
        optional: ["filter": string, "sort": string, "sortDescending": boolean, "reused": reused])

    static let reused = object(
        "Only to a client that asked for listDeltas: items holds only the rows it lacks; each run puts back count rows from index from of the window of version base at index at.",
        required: [
            "base": integer,
            "runs": array(object("A stretch of rows the client holds.", required: ["at": integer, "from": integer, "count": integer])),
        ])

    static let listItem = object(
        "A row: values by column id (typed as the column says), display text where it differs, badges.",
        required: [
            "id": string, "title": string,
            "values": .object(["type": .string("object"), "additionalProperties": ref("TypedValue")]),
            "cells": .object(["type": .string("object"), "additionalProperties": string]),
            "badges": array(string),
        ])

    static let listColumn = object(
        "A table column: its values' type, alignment, priority (lower stays longer), sort key and kind.",
        required: [
            "id": string, "label": string, "type": ref("ValueType"),
            "alignment": .object(["type": .string("string"), "enum": .array([.string("leading"), .string("trailing")])]),
            "priority": integer,
        ],
        optional: [
            "sortKey": string,
            "kind": .object([
                "type": .string("string"), "enum": .array(ListColumn.Kind.allCases.map { .string($0.rawValue) }),
                "description": .string("share: the value is the row's percentage of the list's whole (a bar may be drawn)"),
            ]),
        ])

    static let action = object(
        "An action as the screen offers it now; a disabled one says why in disabledReason.",
        required: ["name": string, "label": string, "enabled": boolean, "destructive": boolean,
                   "effect": .object([
                       "type": .string("string"),
                       "enum": .array(ActionEffect.allCases.map { JSONValue.string($0.rawValue) }),
                   ]),
                   "params": array(ref("Param")), "summary": string],
        optional: ["disabledReason": string, "key": string, "network": boolean, "picture": boolean])

    static let param = object(
        "One argument of an action or of opening a screen.",
        required: [
            "name": string, "label": string, "required": boolean, "positional": boolean,
            "kind": .object(["type": .string("string"), "enum": .array(["string", "int", "bool", "choice", "item", "path"].map(JSONValue.string))]),
        ],
        optional: ["choices": array(string), "minimum": integer, "maximum": integer, "suggestion": string, "several": boolean])

    static let typedValue = JSONValue.object([
        "description": .string("A JSON scalar (ScreenKit.TypedValue)."),
        "type": .array(["null", "boolean", "integer", "number", "string"].map(JSONValue.string)),
    ])

    // MARK: Building blocks

    static let string = JSONValue.object(["type": .string("string")])
    static let integer = JSONValue.object(["type": .string("integer")])
    static let boolean = JSONValue.object(["type": .string("boolean")])

    static func array(_ items: JSONValue) -> JSONValue { .object(["type": .string("array"), "items": items]) }

    static func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/components/schemas/\(name)")]) }

    /// An object with exactly these members (no others).
    static func object(
        _ description: String, required: [String: JSONValue] = [:], optional: [String: JSONValue] = [:]
    ) -> JSONValue {
        .object([
            "type": .string("object"),
            "description": .string(description),
            "properties": .object(required.merging(optional) { first, _ in first }),
            "required": .array(required.keys.sorted().map(JSONValue.string)),
            "additionalProperties": .bool(false),
        ])
    }
}

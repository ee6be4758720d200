import ScreenKit

/// The `--jsonl` output: a screen's data as JSON objects, one per line, with
/// typed values (bytes are integers, times ISO 8601, paths absolute), so a
/// script reads exact values without parsing display text:
///
///     facet folders ~/src --fields name,bytes | jq -r 'select(.bytes > 1e9) | .name'
///
/// A screen with a list gives one object per loaded row: `id` (what item
/// parameters take) and every column by id. A screen without a list gives
/// one object: its detail rows by id and its form fields by id.
struct RowExport {
    let snapshot: ScreenSnapshot

    /// Every field this screen can print, in the default order.
    var available: [String] {
        if let list = snapshot.content.list {
            return ["id"] + list.columns.map(\.id).filter { $0 != "id" }
        }
        var names: [String] = []
        for row in snapshot.content.detail?.rows ?? [] where !names.contains(row.id) { names.append(row.id) }
        for field in snapshot.content.form?.fields ?? [] where !field.secret && !names.contains(field.id) {
            names.append(field.id)
        }
        return names
    }

    /// Checks `fields` against what the screen has (case ignored, as the
    /// table headers print them upper-cased); an unknown one is a usage
    /// error naming the closest field and all of them.
    func validate(_ fields: [String]?) throws(ScreenError) {
        guard let fields else { return }
        let known = available
        for field in fields where canonical(field) == nil {
            throw .invalidParams(
                "screen '\(snapshot.screen)' has no field '\(field)'\(Suggestion.hint(for: field, in: known)); "
                    + "fields: \(known.joined(separator: ", "))",
                code: "unknown_field")
        }
    }

    /// The lines to print (no trailing newline on each).
    func lines(fields: [String]?) -> [String] {
        let names = fields.map { $0.map { canonical($0) ?? $0 } } ?? available
        if let list = snapshot.content.list {
            return list.items.map { item in
                JSONText.object(names.map { name in
                    (name, name == "id" ? .string(item.id) : item.values[name] ?? .null)
                })
            }
        }
        var values: [String: TypedValue] = [:]
        for field in snapshot.content.form?.fields ?? [] where !field.secret { values[field.id] = .string(field.value) }
        for row in snapshot.content.detail?.rows ?? [] { values[row.id] = row.data }
        guard !values.isEmpty else { return [] }
        return [JSONText.object(names.map { ($0, values[$0] ?? .null) })]
    }
}

import ScreenKit

extension RowExport {
    /// The screen's own spelling of `field`: exact first, then ignoring
    /// ASCII case (`BYTES` as the table header shows it is `bytes`).
    func canonical(_ field: String) -> String? {
        let known = available
        if known.contains(field) { return field }
        let lowered = field.lowercased()
        return known.first { $0.lowercased() == lowered }
    }

    /// `--json a,b`, as `gh` prints it: the named fields as one JSON value,
    /// an array of objects for a list screen (every loaded row), one object
    /// for a screen without a list. One row per line inside the array, so
    /// a large list is still readable with line tools.
    func json(fields: [String]) -> String {
        let objects = lines(fields: fields)
        if snapshot.content.list == nil { return objects.first ?? "{}" }
        guard !objects.isEmpty else { return "[]" }
        return "[\n" + objects.joined(separator: ",\n") + "\n]"
    }
}

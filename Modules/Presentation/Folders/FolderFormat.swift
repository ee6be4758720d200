import Domain
import Foundation
import ScreenKit

/// How folder figures read on every screen, so the list, the detail and the
/// rename screen agree (and snapshots are stable across locales).
public enum FolderFormat {
    /// 1536 → "1.5 KB"; binary units, as the seed's KB = bytes / 1024.
    public static func size(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB", "PB"]
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let text = value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
        return "\(text) \(units[unit])"
    }

    /// The seed's figure: "1,234 KB".
    public static func kilobytes(_ bytes: Int64) -> String { "\(Formatters.grouped(Int(bytes / 1024))) KB" }

    /// "1.2 MB · 1,234 KB": a row's trailing column.
    public static func sizeColumn(_ entry: FolderEntry) -> String {
        "\(size(entry.bytes)) · \(kilobytes(entry.bytes))"
    }

    /// The seed's title: "<name> (<size/1024> KB)".
    public static func title(name: String, entry: FolderEntry?) -> String {
        guard let entry, entry.complete else { return name }
        return "\(name) (\(Formatters.grouped(Int(entry.kilobytes))) KB)"
    }

    /// "12,345 items" or "12,345 items (2 unreadable)" for a directory row.
    public static func items(_ entry: FolderEntry) -> String {
        var text = Formatters.count(entry.items, "item")
        if entry.issueCount > 0 { text += " (\(Formatters.count(entry.issueCount, "unreadable folder")))" }
        return text
    }

    /// "1,234 files, 56 folders".
    public static func counts(_ entry: FolderEntry) -> String {
        "\(Formatters.count(entry.files, "file")), \(Formatters.count(entry.directories, "folder"))"
    }

    /// A loading line: "Scanning /usr/share: 12,345 entries — /usr/share/doc/x".
    public static func progress(path: String, _ progress: FolderScanProgress?) -> String {
        guard let progress else { return "Scanning \(path)…" }
        return "Scanning \(path): \(Formatters.count(progress.entries, "entry", "entries")) — \(progress.currentPath)"
    }

    /// A total's problem summary, nil when there is none.
    public static func problems(_ entry: FolderEntry) -> String? {
        guard entry.issueCount > 0 else { return nil }
        var text = "\(Formatters.count(entry.issueCount, "folder")) could not be read"
        if let issue = entry.issue { text += " (first: \(issue.path): \(issue.summary))" }
        return text
    }

    /// The status a folder's scan state shows (shared by list and detail).
    @MainActor static func status(_ folder: FolderModel) -> ScreenStatus {
        switch folder.state {
        case .notScanned: return .loading(progress(path: folder.path, nil))
        case .scanning(let current): return .loading(progress(path: folder.path, current))
        case .failed(let error): return .error(ErrorPresentation.screenError(error))
        case .cancelled: return .notice("Scan cancelled: sizes are partial; 'rescan' to measure again.")
        case .done:
            if let entry = folder.entry, let problems = problems(entry) { return .notice(problems + ".") }
            return .idle
        }
    }

    static func modified(_ entry: FolderEntry) -> String { Formatters.timestamp(entry.modified) }
}

import FoldersDomain
import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit

/// How folder figures read on every screen, so the list, the detail and the
/// rename screen agree (and snapshots are stable across locales).
///
/// One unit system: binary, labelled as such (KiB = 1024 bytes), and cut
/// down rather than rounded up, so "296.9 KiB" never reads larger than the
/// seed's "296 KB" (bytes / 1024, rounded down) beside it.
public enum FolderFormat {
    static let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    /// 1536 → "1.5 KiB", 112_197_632 → "107.0 MiB", 10 → "10 bytes".
    public static func size(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var scale: Int64 = 1024
        var unit = 0
        while bytes / scale >= 1024, unit < units.count - 1 {
            scale *= 1024
            unit += 1
        }
        // Exact integer arithmetic: a Double would round 8 EiB - 1 up to 8.0.
        let whole = bytes / scale
        let tenth = scale.dividingFullWidth((bytes % scale).multipliedFullWidth(by: 10)).quotient
        return "\(whole).\(tenth) \(units[unit])"
    }

    /// "1.9 MiB (1,957,000 bytes)": a total, with the exact figure.
    public static func exactSize(_ bytes: Int64) -> String {
        bytes < 1024 ? size(bytes) : "\(size(bytes)) (\(Formatters.grouped(Int(bytes))) bytes)"
    }

    /// The seed's figure, bytes / 1024 rounded down: "1,911".
    public static func kilobytes(_ bytes: Int64) -> String { Formatters.grouped(Int(bytes / 1024)) }

    /// The seed's title: "<name> (<size/1024> KB)".
    public static func title(name: String, entry: FolderEntry?) -> String {
        guard let entry, entry.complete else { return name }
        return "\(name) (\(kilobytes(entry.bytes)) KB)"
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
    @MainActor static func status(
        _ folder: FolderModel, notice: String? = nil, exclude: FolderExcludePatterns = .none
    ) -> ScreenStatus {
        switch folder.state {
        case .notScanned: return .loading(progress(path: folder.path, nil))
        case .scanning(let current): return .loading(progress(path: folder.path, current))
        case .failed(let error): return .error(ErrorPresentation.screenError(error))
        case .cancelled: return .notice("Scan cancelled: sizes are partial; 'rescan' to measure again.")
        case .done:
            return finished(
                folder.entry, notice: FolderExcludeParam.notice(folder.entry, exclude: exclude, then: notice),
                unwatched: folder.unwatchedFolders)
        }
    }

    /// Why live updates miss part of the tree, nil when nothing is missed.
    static func unwatched(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        let folders = count == 1 ? "1 folder is" : "\(Formatters.grouped(count)) folders are"
        return "\(folders) not watched (watch limit or permission): changes in them show only after 'rescan'."
    }

    /// A finished scan's status: a scan that met unreadable folders is a
    /// warning (the sizes stand, but leave those folders out), never a
    /// success notice; `notice` (what the user's last action did) leads.
    static func finished(_ entry: FolderEntry?, notice: String?, unwatched count: Int = 0) -> ScreenStatus {
        let watching = unwatched(count)
        if let entry, let problems = problems(entry) {
            return .warning((notice.map { $0 + " " } ?? "") + problems + "." + (watching.map { " " + $0 } ?? ""))
        }
        if let watching { return .warning((notice.map { $0 + " " } ?? "") + watching) }
        return notice.map(ScreenStatus.notice) ?? .idle
    }

    /// A time as typed value and display text.
    static func modified(_ entry: FolderEntry) -> (value: TypedValue, display: String) {
        Formatters.datetime(entry.modified)
    }

    /// Why a folder cannot be opened, listed or renamed, nil when it can.
    @MainActor static func unavailable(_ folder: FolderModel) -> String? {
        guard case .failed(let error) = folder.state else { return nil }
        return ErrorPresentation.screenError(error).message
    }
}

import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// What an import or `add` tells the user: the songs that came in and, as a
/// warning (the songs stand, but part of the folder was not read), the
/// folders skipped and the files whose tags could not be read.
enum PlaylistImportNotice {
    /// `lead` says what happened ("Imported 12 songs into "Road"").
    static func status(_ lead: String, _ skipped: SkippedFolders) -> ScreenStatus {
        guard !skipped.isEmpty else { return .notice(lead + ".") }
        var parts: [String] = []
        if !skipped.unreadable.isEmpty {
            parts.append(
                "\(Formatters.count(skipped.unreadable.count, "folder")) could not be read (\(list(skipped.unreadable)))")
        }
        if !skipped.loops.isEmpty {
            parts.append(
                "\(Formatters.count(skipped.loops.count, "link")) back to a folder already read "
                    + "\(skipped.loops.count == 1 ? "was" : "were") not followed (\(list(skipped.loops)))")
        }
        if !skipped.unreadableFiles.isEmpty {
            let count = skipped.unreadableFiles.count
            parts.append(
                "the tags of \(Formatters.count(count, "file")) could not be read, "
                    + "\(count == 1 ? "its song is" : "their songs are") named after the file (\(list(skipped.unreadableFiles)))")
        }
        return .warning(lead + "; " + parts.joined(separator: "; ") + ".")
    }

    /// The first few paths, and how many more.
    static func list(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ")
        return paths.count > 3 ? shown + " and \(paths.count - 3) more" : shown
    }
}

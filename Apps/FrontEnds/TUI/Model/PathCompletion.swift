import Foundation

/// Tab in a path prompt, as a shell does it: the name typed so far is
/// completed from what the folder holds — a single match whole (with `/`
/// after a directory, so the next Tab goes inside), several matches as far
/// as they agree, and those matches listed so the user sees the choice.
///
/// Only reads directory listings; relative paths are taken from the working
/// directory and `~/` from the home folder, as the screens resolve them.
enum PathCompletion {
    /// The path separator (spelled by code: the filter key is the same character).
    static let slash = Character(Unicode.Scalar(0x2F))
    static let slashText = String(slash)
    struct Result: Equatable {
        /// The text for the field (unchanged when nothing matches).
        var text: String
        /// The matching names when more than one matches (directories end in `/`).
        var candidates: [String]
    }

    static func complete(
        _ typed: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
        home: String? = ProcessInfo.processInfo.environment["HOME"]
    ) -> Result {
        if typed == "~" { return Result(text: "~" + slashText, candidates: []) }
        let cut = typed.lastIndex(of: slash)
        let folderPart = cut.map { String(typed[...$0]) } ?? ""
        let prefix = cut.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let folder = resolve(folderPart, workingDirectory: workingDirectory, home: home)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let matches = names
            .filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { isDirectory(folder + slashText + $0) ? $0 + slashText : $0 }
        guard let first = matches.first else { return Result(text: typed, candidates: []) }
        if matches.count == 1 { return Result(text: folderPart + first, candidates: []) }
        var common = first
        for name in matches.dropFirst() {
            common = String(zip(common, name).prefix { $0 == $1 }.map(\.0))
        }
        // A shared `/` belongs to one directory only; stop before it.
        if common.last == slash { common.removeLast() }
        return Result(text: folderPart + (common.count > prefix.count ? common : prefix), candidates: matches)
    }

    /// The folder to list for the typed folder part (`""` is the working directory).
    static func resolve(_ folderPart: String, workingDirectory: String, home: String?) -> String {
        if folderPart.isEmpty { return workingDirectory }
        if folderPart.hasPrefix("~" + slashText), let home { return home + slashText + folderPart.dropFirst(2) }
        if folderPart.first == slash { return folderPart }
        return workingDirectory + slashText + folderPart
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The candidates as one line for the prompt: the first few, then how many more.
    static func summary(_ candidates: [String], limit: Int = 8) -> String {
        let shown = candidates.prefix(limit).joined(separator: "  ")
        return candidates.count > limit ? shown + "  … \(candidates.count - limit) more" : shown
    }
}

import Foundation

/// Completion of a typed path, as a shell does it, shared by every front end
/// that edits a `path` parameter (the terminal's Tab, the web page's
/// suggestions): the name typed so far is completed from what its folder
/// holds — a single match whole (with `/` after a directory, so the next
/// completion goes inside), several matches as far as they agree, and those
/// matches listed so the user sees the choice.
///
/// Only reads directory listings; relative paths are taken from the working
/// directory, as the screens resolve them. The screens take `~` literally
/// (a shell expands it before Facet sees it), so completing `~/` writes the
/// home folder out: the text left in the field names what the user meant.
/// Names come from the disk: a front end shows them as text, never markup.
public enum PathCompletion {
    /// The path separator (spelled by code: the filter key is the same character).
    public static let slash = Character(Unicode.Scalar(0x2F))
    public static let slashText = String(slash)
    /// How many matches a listing names: enough to choose from by eye, few
    /// enough that a folder of a million files answers at once.
    public static let defaultLimit = 200
    /// Longer than any path the system takes: a typed path over it is
    /// refused rather than listed (by every face that lists paths).
    public static let longestTypedPath = 4096

    /// What a typed path's folder holds that starts with its last part.
    public struct Listing: Codable, Equatable, Sendable {
        /// The typed text up to and including its last `/`: every match is this plus a name.
        public var folder: String
        /// The matching names, sorted, a directory's ending in `/`; at most the limit.
        public var names: [String]
        /// How many names matched in all (more than `names.count` when the limit cut the list).
        public var total: Int
        /// The typed text completed as far as every match agrees (the text itself when nothing does).
        public var completion: String

        public init(folder: String, names: [String], total: Int, completion: String) {
            self.folder = folder
            self.names = names
            self.total = total
            self.completion = completion
        }
    }

    public struct Result: Equatable, Sendable {
        /// The text for the field (unchanged when nothing matches).
        public var text: String
        /// The matching names when more than one matches (directories end in `/`).
        public var candidates: [String]
        /// How many names matched in all (candidates may stop at the limit).
        public var total: Int

        public init(text: String, candidates: [String], total: Int? = nil) {
            self.text = text
            self.candidates = candidates
            self.total = total ?? candidates.count
        }
    }

    /// Tab in a path field: the completed text, and the choice when there is one.
    public static func complete(
        _ typed: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
        home: String? = ProcessInfo.processInfo.environment["HOME"], limit: Int = defaultLimit
    ) -> Result {
        completion(list(typed, workingDirectory: workingDirectory, home: home, limit: limit))
    }

    /// Tab's answer from a listing (made here or on the host whose paths they are).
    public static func completion(_ listing: Listing) -> Result {
        if listing.total < 2 { return Result(text: listing.completion, candidates: []) }
        return Result(text: listing.completion, candidates: listing.names, total: listing.total)
    }

    /// The matches for a typed path, sorted, at most `limit` of them named.
    public static func list(
        _ typed: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
        home: String? = ProcessInfo.processInfo.environment["HOME"], limit: Int = defaultLimit
    ) -> Listing {
        let typedPath = expandingHome(typed, home: home)
        let nothing = Listing(folder: "", names: [], total: 0, completion: typed)
        // No path holds a NUL, and the system would cut the name at one.
        guard !typedPath.utf8.contains(0) else { return nothing }
        let cut = typedPath.lastIndex(of: slash)
        let folderPart = cut.map { String(typedPath[...$0]) } ?? ""
        let prefix = cut.map { String(typedPath[typedPath.index(after: $0)...]) } ?? typedPath
        let folder = resolve(folderPart, workingDirectory: workingDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let matches = names
            .filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
        guard let first = matches.first else { return Listing(folder: folderPart, names: [], total: 0, completion: typedPath) }
        let marked = matches.prefix(max(limit, 0)).map { isDirectory(folder + slashText + $0) ? $0 + slashText : $0 }
        let common: String
        if matches.count == 1 {
            common = isDirectory(folder + slashText + first) ? first + slashText : first
        } else {
            // Names hold no `/`, so several matches never agree past a folder's end.
            var agreed = first
            for name in matches.dropFirst() { agreed = String(zip(agreed, name).prefix { $0 == $1 }.map(\.0)) }
            common = agreed
        }
        let completion = common.count > prefix.count ? folderPart + common : typedPath
        return Listing(folder: folderPart, names: marked, total: matches.count, completion: completion)
    }

    /// The folder to list for the typed folder part (`""` is the working directory).
    public static func resolve(_ folderPart: String, workingDirectory: String) -> String {
        if folderPart.isEmpty { return workingDirectory }
        if folderPart.first == slash { return folderPart }
        return workingDirectory + slashText + folderPart
    }

    /// `~` or `~/…` with the home folder written out (unchanged without one).
    public static func expandingHome(_ typed: String, home: String?) -> String {
        guard let home, !home.isEmpty, typed == "~" || typed.hasPrefix("~" + slashText) else { return typed }
        let folder = home.last == slash ? String(home.dropLast()) : home
        return folder + slashText + typed.dropFirst(typed == "~" ? 1 : 2)
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}

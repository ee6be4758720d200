import KernelDomain

/// What a file name says about its song, when nothing else does:
/// `Artist - Title.mp3` gives both, and a leading track number is not part
/// of either (`01 - Intro.mp3` is "Intro" with no artist, not artist "01").
enum SongFileName {
    /// Separators that may follow a leading track number, longest first.
    static let numberSeparators = [" - ", " – ", ". ", " ", ".", "-", "_"]

    /// `Music/01 - Intro.mp3` → ("", "Intro"); `Queen - Bohemian Rhapsody.mp3`
    /// → ("Queen", "Bohemian Rhapsody"); `01 - Queen - Bohemian Rhapsody.mp3`
    /// → ("Queen", "Bohemian Rhapsody").
    static func artistAndTitle(ofPath path: String) -> (artist: String, title: String) {
        M3USongParser.splitArtist(withoutTrackNumber(stem(ofPath: path)))
    }

    /// `Music/01 Song.mp3` → `01 Song`.
    static func stem(ofPath path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// Drops one to three leading digits and the separator after them when
    /// a title follows (`01 - Intro`, `1. Intro`, `07_Intro` → `Intro`). A
    /// name that is only a number, or has four digits (`1999 - Prince`, a
    /// year more likely than a track), is kept whole.
    static func withoutTrackNumber(_ name: String) -> String {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count) else { return name }
        let rest = name[digits.endIndex...]
        for separator in numberSeparators where rest.hasPrefix(separator) {
            let title = rest.dropFirst(separator.count).trimmingWhiteSpace
            return title.isEmpty ? name : title
        }
        return name
    }
}

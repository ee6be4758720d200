import Foundation

/// How Facet ignores case, everywhere it does (playlist names, user names,
/// filters): Unicode lowercase, so "Café" and "CAFÉ" are one name, as a user
/// expects, and canonically equivalent spellings (a precomposed "é" or "e"
/// plus a combining accent) are one too. The SQLite stores call the same
/// code through the SQL functions `facet_fold` and `facet_contains`, so the
/// database and an in-memory store can never disagree.
public enum CaseFolding {
    /// The key two texts are equal by when case is ignored (NFC of the
    /// Unicode lowercase).
    public static func fold(_ text: String) -> String {
        text.lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether `text` contains `needle` ignoring case; `needle` is already
    /// folded (`fold`), as a filter folds its text once per query.
    public static func contains(_ text: String, foldedNeedle needle: String) -> Bool {
        needle.isEmpty || fold(text).contains(needle)
    }

    /// The same test on UTF-8 bytes, without building a string when the text
    /// is ASCII (most titles): ASCII's lowercase is its Unicode lowercase.
    /// A carriage return sends the text the slow way, since "\r\n" is one
    /// character and a byte search would match inside it.
    public static func contains(utf8 text: UnsafeBufferPointer<UInt8>, foldedNeedle needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if needle.isEmpty { return true }
        var ascii = true
        for byte in text where byte >= 0x80 || byte == 0x0D {
            ascii = false
            break
        }
        guard ascii else { return contains(String(decoding: text, as: UTF8.self), foldedNeedle: String(decoding: needle, as: UTF8.self)) }
        guard needle.count <= text.count, !needle.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return false }
        let first = needle[0]
        var start = 0
        let last = text.count - needle.count
        while start <= last {
            if lower(text[start]) == first {
                var matched = 1
                while matched < needle.count, lower(text[start + matched]) == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    @inline(__always) private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

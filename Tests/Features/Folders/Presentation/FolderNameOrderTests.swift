import FoldersDomain
@testable import FoldersPresentation
@testable import KernelPresentation
import Testing

/// The name order of the folder list, and the per-row prefix that settles
/// most comparisons of a million-row sort: the two must never disagree.
@Suite struct FolderNameOrderTests {
    static let names = [
        "a", "A", "b", "B", "ab", "Ab", "aB", "abc", "abcdefgh", "abcdefghi", "ABCDEFGHZ", "abcdefgh1",
        "readme", "README", "Readme.md", "readme.md", "_x", "x_", "[", "Z", "z", "0", "9", "10",
        "élan", "Élan", "elan", "e\u{301}lan", "über", "Uber", "zzz", "日本", "日本語", ".hidden", "é", "É",
        "photo_2024_01.jpg", "photo_2024_02.jpg", "PHOTO_2024_01.JPG", "\u{10FF41}", "f0000001", "f0000010",
    ]

    /// The documented rule: the lower-cased names' bytes, then the names' own bytes.
    static func reference(_ a: String, _ b: String) -> Bool {
        let (lowerA, lowerB) = (Array(a.lowercased().utf8), Array(b.lowercased().utf8))
        if lowerA != lowerB { return lowerA.lexicographicallyPrecedes(lowerB) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    @Test func ordersAsTheRuleSays() {
        for a in Self.names {
            for b in Self.names {
                #expect(FolderNameOrder.before(a, b) == Self.reference(a, b), "\(a) vs \(b)")
            }
        }
    }

    @Test func aDifferentPrefixNeverContradictsTheFullComparison() {
        for a in Self.names {
            for b in Self.names {
                let (prefixA, prefixB) = (FolderNameOrder.prefix(a), FolderNameOrder.prefix(b))
                if prefixA < prefixB { #expect(FolderNameOrder.before(a, b), "\(a) vs \(b)") }
                if prefixA > prefixB { #expect(!FolderNameOrder.before(a, b), "\(a) vs \(b)") }
            }
        }
    }

    @Test func caseIsIgnoredFirstAndDecidesTies() {
        let sorted = ["b", "B", "a", "A", "ab"].sorted(by: FolderNameOrder.before)
        #expect(sorted == ["A", "a", "ab", "B", "b"])
    }
}

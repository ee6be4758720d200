import KernelDomain
import KernelPresentation
import FoldersDomain

/// A→Z ignoring case, as the folder list sorts names: by the UTF-8 bytes of
/// the lower-cased names, then by the exact bytes (two names that differ
/// only in case, or are two spellings of one accented letter, are two
/// files and keep a fixed order).
///
/// Bytes rather than `String`'s `<` so that the eight-byte prefix a sort
/// keeps per row orders rows exactly as the whole comparison does; and
/// ASCII names, nearly all of them, are folded byte by byte without making
/// a lower-cased copy per comparison (a million rows take ~20 million).
enum FolderNameOrder {
    static func before(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        var exact: Bool?
        while true {
            guard let x = left.next() else { return right.next() != nil || exact == true }
            guard let y = right.next() else { return false }
            if x >= 0x80 || y >= 0x80 { return slowBefore(a, b) }
            if x != y {
                let (foldedX, foldedY) = (fold(x), fold(y))
                if foldedX != foldedY { return foldedX < foldedY }
                if exact == nil { exact = x < y }
            }
        }
    }

    /// The first eight bytes of the lower-cased name, big-endian, zero-padded:
    /// when two prefixes differ they order the names as `before` does.
    static func prefix(_ name: String) -> UInt64 {
        var key: UInt64 = 0
        var taken = 0
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in name.utf8.prefix(8) {
                key = key << 8 | UInt64(fold(byte))
                taken += 1
            }
        } else {
            for byte in name.lowercased().utf8.prefix(8) {
                key = key << 8 | UInt64(byte)
                taken += 1
            }
        }
        return taken == 8 ? key : key << (8 * UInt64(8 - taken))
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func slowBefore(_ a: String, _ b: String) -> Bool {
        let (lowerA, lowerB) = (a.lowercased(), b.lowercased())
        if !lowerA.utf8.elementsEqual(lowerB.utf8) { return lowerA.utf8.lexicographicallyPrecedes(lowerB.utf8) }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

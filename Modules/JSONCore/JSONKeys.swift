/// The keys a reader looks for in each of many objects, for
/// `JSONParser.nextKey(among:)`: a key is matched by its bytes where it
/// stands, so no string is built for it. A 5,000-photo list has 25,000 keys;
/// building and comparing a `String` for each was a fifth of its parse.
public struct JSONKeys: Sendable {
    /// Which key of the set came next.
    public enum Match: Equatable, Sendable {
        /// `names[index]`.
        case known(Int)
        /// A key not in the set (a reader skips its value).
        case unknown
    }

    public let names: [String]
    /// Every name's UTF-8, one after the other, and where each ends.
    private let bytes: [UInt8]
    private let ends: [Int]

    public init(_ names: String...) {
        self.names = names
        bytes = names.flatMap(\.utf8)
        var end = 0
        ends = names.map { name in
            end += name.utf8.count
            return end
        }
    }

    /// The key whose UTF-8 is exactly `raw`.
    func match(_ raw: UnsafeBufferPointer<UInt8>) -> Match {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for (index, end) in ends.enumerated() {
                defer { start = end }
                guard end - start == raw.count else { continue }
                if raw.count == 0 || memoryEqual(all.baseAddress! + start, raw.baseAddress!, raw.count) { return .known(index) }
            }
            return .unknown
        }
    }

    /// The key equal to `name` (a key written with escapes, decoded).
    func match(_ name: String) -> Match {
        names.firstIndex(of: name).map(Match.known) ?? .unknown
    }

    private func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for offset in 0..<count where a[offset] != b[offset] { return false }
        return true
    }
}

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
    private let utf8: [[UInt8]]

    public init(_ names: String...) {
        self.names = names
        utf8 = names.map { Array($0.utf8) }
    }

    /// The key whose UTF-8 is exactly `raw`.
    func match(_ raw: UnsafeBufferPointer<UInt8>) -> Match {
        for (index, key) in utf8.enumerated() where key.count == raw.count && key.elementsEqual(raw) {
            return .known(index)
        }
        return .unknown
    }

    /// The key equal to `name` (a key written with escapes, decoded).
    func match(_ name: String) -> Match {
        names.firstIndex(of: name).map(Match.known) ?? .unknown
    }
}

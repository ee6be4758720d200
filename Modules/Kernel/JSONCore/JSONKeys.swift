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
    /// Every name's UTF-8, one after another, and where each lies in it:
    /// `known(in:at:)` compares without reaching into an array per name.
    private let packed: [UInt8]
    private let spans: [Range<Int>]

    public init(_ names: String...) {
        self.names = names
        utf8 = names.map { Array($0.utf8) }
        packed = utf8.flatMap { $0 }
        var start = 0
        spans = utf8.map { name in
            defer { start += name.count }
            return start..<(start + name.count)
        }
    }

    /// Which name `text` holds from `start` up to a closing quote, and that
    /// name's length: the common case of a key as it stands, compared
    /// without scanning for its end first (half the time of reading a
    /// photo list went to finding and matching its 25,000 keys). Nil when
    /// none does; the caller then reads the key in full.
    func known(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> (index: Int, length: Int)? {
        packed.withUnsafeBufferPointer { packed in
            spans.withUnsafeBufferPointer { spans in
                for (index, span) in spans.enumerated() {
                    let end = start + span.count
                    guard end < text.count, text[end] == UInt8(ascii: "\"") else { continue }
                    var offset = 0
                    while offset < span.count, packed[span.lowerBound + offset] == text[start + offset] { offset += 1 }
                    if offset == span.count { return (index, span.count) }
                }
                return nil
            }
        }
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

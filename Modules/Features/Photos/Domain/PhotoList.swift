import KernelDomain

/// A whole fetched photo list, packed: every photo's numbers in one array
/// and all of their text, UTF-8, in one buffer.
///
/// A refresh handles 5,000 photos once, in bulk: checked by id, written to
/// the cache, then dropped. As `[Photo]` that was 15,000 strings allocated
/// while parsing, retained and released again for every row written, and
/// freed one by one afterwards; packed, it is two buffers, and the cache
/// binds each text where it lies (`withTexts`). Reading an element makes the
/// `Photo`, for code that wants one.
public struct PhotoList: RandomAccessCollection, Equatable, Sendable {
    /// The text fields of a photo, in the order `Entry.ends` keeps them.
    public enum TextField: Int, Sendable, CaseIterable {
        case title, url, thumbnailUrl
    }

    private struct Entry: Sendable {
        var albumId: Int
        var id: Int
        /// Where each text field starts and ends in `text` (its fields may
        /// have arrived in any order).
        var starts: (Int32, Int32, Int32)
        var ends: (Int32, Int32, Int32)
    }

    private var entries: [Entry] = []
    private var text: [UInt8] = []

    public init() {}

    public init(_ photos: some Sequence<Photo>) {
        for photo in photos { append(photo) }
    }

    /// Room for `count` photos with `textBytes` of text in all.
    public mutating func reserveCapacity(_ count: Int, textBytes: Int) {
        entries.reserveCapacity(count)
        text.reserveCapacity(textBytes)
    }

    mutating func append(_ photo: Photo) {
        var fields = TextFieldMarks()
        for field in TextField.allCases {
            fields.begin(field, in: self)
            let value = switch field {
            case .title: photo.title
            case .url: photo.url
            case .thumbnailUrl: photo.thumbnailUrl
            }
            text.append(contentsOf: value.utf8)
            fields.end(field, in: self)
        }
        append(albumId: photo.albumId, id: photo.id, fields)
    }

    /// Where a photo's text fields lie, noted while a reader appends their
    /// bytes (`appendText`) in whatever order they come.
    public struct TextFieldMarks: Sendable {
        fileprivate var starts: (Int32, Int32, Int32) = (0, 0, 0)
        fileprivate var ends: (Int32, Int32, Int32) = (0, 0, 0)
        fileprivate var seen = 0

        public init() {}

        public mutating func begin(_ field: TextField, in list: PhotoList) {
            PhotoList.set(&starts, field, Int32(list.text.count))
        }

        public mutating func end(_ field: TextField, in list: PhotoList) {
            PhotoList.set(&ends, field, Int32(list.text.count))
            seen |= 1 << field.rawValue
        }

        /// Whether `field` was read.
        public func has(_ field: TextField) -> Bool { seen & (1 << field.rawValue) != 0 }
    }

    /// UTF-8 for the photo being read (valid UTF-8: the list hands it out
    /// as strings).
    public mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    /// The bytes of text so far; `truncateText(to:)` forgets what a photo
    /// that could not be read whole appended after that.
    public var textCount: Int { text.count }

    public mutating func truncateText(to count: Int) {
        text.removeSubrange(count...)
    }

    /// Adds the photo whose three text fields `fields` marked.
    public mutating func append(albumId: Int, id: Int, _ fields: TextFieldMarks) {
        precondition(fields.seen == 0b111, "a photo needs all three text fields")
        entries.append(Entry(albumId: albumId, id: id, starts: fields.starts, ends: fields.ends))
    }

    // MARK: Reading

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(position: Int) -> Photo {
        let entry = entries[position]
        return Photo(
            albumId: entry.albumId, id: entry.id, title: string(entry, .title), url: string(entry, .url),
            thumbnailUrl: string(entry, .thumbnailUrl))
    }

    public func id(at index: Int) -> Int { entries[index].id }

    public func albumId(at index: Int) -> Int { entries[index].albumId }

    /// Lends photo `index`'s title, URL and thumbnail URL, as UTF-8, to `body`.
    public func withTexts<Result>(
        at index: Int,
        _ body: (_ title: UnsafeBufferPointer<UInt8>, _ url: UnsafeBufferPointer<UInt8>, _ thumbnailUrl: UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let entry = entries[index]
        return try text.withUnsafeBufferPointer { text in
            try body(
                UnsafeBufferPointer(rebasing: text[Self.range(entry, .title)]),
                UnsafeBufferPointer(rebasing: text[Self.range(entry, .url)]),
                UnsafeBufferPointer(rebasing: text[Self.range(entry, .thumbnailUrl)]))
        }
    }

    private func string(_ entry: Entry, _ field: TextField) -> String {
        text.withUnsafeBufferPointer { String(decoding: $0[Self.range(entry, field)], as: UTF8.self) }
    }

    private static func range(_ entry: Entry, _ field: TextField) -> Range<Int> {
        Int(get(entry.starts, field))..<Int(get(entry.ends, field))
    }

    /// A field's offset in a (title, url, thumbnailUrl) triple.
    fileprivate static func set(_ offsets: inout (Int32, Int32, Int32), _ field: TextField, _ value: Int32) {
        switch field {
        case .title: offsets.0 = value
        case .url: offsets.1 = value
        case .thumbnailUrl: offsets.2 = value
        }
    }

    private static func get(_ offsets: (Int32, Int32, Int32), _ field: TextField) -> Int32 {
        switch field {
        case .title: offsets.0
        case .url: offsets.1
        case .thumbnailUrl: offsets.2
        }
    }

    /// Equal when the photos are, however their text was laid out.
    public static func == (lhs: PhotoList, rhs: PhotoList) -> Bool {
        lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[$0] }
    }
}

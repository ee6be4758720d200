import ScreenKit

/// `--jsonl` rows written straight into UTF-8 bytes, a page at a time: the
/// same text as `JSONText` (keys in the order asked for, the same escapes),
/// without building a `String` per value. A printed list may run to a
/// million rows, and most of their text (ASCII with nothing to escape) is
/// copied as it is.
struct JSONLineBuffer {
    private(set) var bytes: [UInt8] = []
    /// `"name":` of every field, encoded once, one after another in one
    /// array (`keyRanges` says where each is): copying a key into a line
    /// then touches no reference count.
    private let keyBytes: [UInt8]
    private let keyRanges: [Range<Int>]
    private let names: [String]

    init(fields names: [String]) {
        self.names = names
        var keyBytes: [UInt8] = []
        var keyRanges: [Range<Int>] = []
        for name in names {
            let start = keyBytes.count
            keyBytes += (JSONText.string(name) + ":").utf8
            keyRanges.append(start..<keyBytes.count)
        }
        self.keyBytes = keyBytes
        self.keyRanges = keyRanges
    }

    /// Appends every row of a page as lines. Each field's column is looked
    /// up once for the page, then read by position in every row: a page
    /// holds its values by column, not a dictionary per row (`ListPage`).
    mutating func append(_ page: ListPage) {
        // -1: the row's id, which is not a value column.
        let slots: [Int?] = names.map { name -> Int? in name == "id" ? -1 : page.column(name) }
        let keys = keyBytes
        keys.withUnsafeBufferPointer { keys in
            for row in 0..<page.count {
                bytes.append(UInt8(ascii: "{"))
                for index in slots.indices {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: keys[keyRanges[index]]))
                    switch slots[index] {
                    case .some(-1): append(page.ids[row])
                    case .some(let column): page.withValue(row: row, column: column) { append($0) }
                    case nil: append(TypedValue.null)
                    }
                }
                bytes.append(UInt8(ascii: "}"))
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// Empties the buffer, keeping its capacity for the next page.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ value: TypedValue) {
        switch value {
        case .string(let text): append(text)
        case .int(let number): bytes += String(number).utf8
        default: bytes += JSONText.value(value).utf8
        }
    }

    private mutating func append(_ text: String) {
        // Read in place (a `var` copy to call `withUTF8` would retain and
        // release every string printed).
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 {
                return false
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        } ?? false
        // Escapes, and non-ASCII text (which may hold characters written as
        // `\uXXXX`), take the one careful path.
        if !plain { bytes += JSONText.string(text).utf8 }
    }
}

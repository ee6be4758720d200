/// The tag worker's wire format (see `TagWorker`, `IsolatedTagReader`).
///
/// Parent to child: each file's path as its exact bytes (`FileSystemName`),
/// NUL-terminated (a path holds no NUL). Child to parent, one answer per
/// path in order: a kind byte (0: no tags, 1: tags), and for tags the
/// title and artist as a little-endian 32-bit byte count and UTF-8 bytes,
/// then the length in seconds as a little-endian 32-bit integer (-1: none).
enum TagRecord {
    /// The most text bytes an answer may claim: the worker caps tag text to
    /// `AudioTags.textLimit` characters, so more means a confused worker.
    static let maximumText = AudioTags.textLimit * 16

    static func encode(_ tags: AudioTags?) -> [UInt8] {
        guard let tags else { return [0] }
        var out: [UInt8] = [1]
        for text in [tags.title, tags.artist] {
            let bytes = Array(text.utf8)
            append(Int32(bytes.count), to: &out)
            out += bytes
        }
        append(Int32(tags.duration ?? -1), to: &out)
        return out
    }

    enum Decoded: Equatable {
        case answer(AudioTags?)
        /// Bytes no worker writes: the child is not to be trusted further.
        case malformed
    }

    /// The first whole answer in `bytes`, removed from them; nil while the
    /// bytes are not yet a whole answer.
    static func decode(_ bytes: inout [UInt8]) -> Decoded? {
        guard let kind = bytes.first else { return nil }
        if kind == 0 {
            bytes.removeFirst()
            return .answer(nil)
        }
        guard kind == 1 else { return .malformed }
        var offset = 1
        var texts: [String] = []
        for _ in 0..<2 {
            guard let count = integer(bytes, at: offset) else { return nil }
            guard (0...maximumText).contains(count) else { return .malformed }
            guard bytes.count >= offset + 4 + count else { return nil }
            texts.append(String(decoding: bytes[(offset + 4)..<(offset + 4 + count)], as: UTF8.self))
            offset += 4 + count
        }
        guard let seconds = integer(bytes, at: offset) else { return nil }
        bytes.removeFirst(offset + 4)
        return .answer(AudioTags(title: texts[0], artist: texts[1], duration: seconds > 0 ? seconds : nil))
    }

    static func append(_ value: Int32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    static func integer(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard bytes.count >= offset + 4 else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
        return Int(Int32(bitPattern: value))
    }
}

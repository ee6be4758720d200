/// Commands as the bytes MPD reads (`name "arg" "arg"\n`, each argument in
/// double quotes with `"` and `\` escaped), built straight into one buffer:
/// a command list of ten thousand songs makes no string per song to be
/// joined again, and each command's end is kept so a list MPD stopped at a
/// refused command resumes right after it. Every command Facet sends is
/// written here, so the quoting rule lives in one place.
struct MPDCommands {
    private(set) var bytes: [UInt8] = []
    /// Where each command ends in `bytes`.
    private(set) var ends: [Int] = []

    var count: Int { ends.count }

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// One command with its arguments.
    mutating func append(_ name: String, _ arguments: [String] = []) {
        bytes += name.utf8
        for argument in arguments { quote(argument.utf8) }
        end()
    }

    /// One command whose last argument is given as its UTF-8 bytes (a song's
    /// URI sliced from its path, with no string made for it).
    mutating func append(_ name: String, _ arguments: [String], last: some Collection<UInt8>) {
        bytes += name.utf8
        for argument in arguments { quote(argument.utf8) }
        quote(last)
        end()
    }

    private mutating func end() {
        bytes.append(0x0A)
        ends.append(bytes.count)
    }

    private mutating func quote(_ argument: some Collection<UInt8>) {
        bytes.append(0x20)
        bytes.append(0x22)
        let copied: Bool? = argument.withContiguousStorageIfAvailable { source in
            // Most arguments need no escape: copied whole.
            guard !source.contains(where: { $0 == 0x22 || $0 == 0x5C }) else { return false }
            bytes.append(contentsOf: source)
            return true
        }
        if copied != true {
            for byte in argument {
                if byte == 0x22 || byte == 0x5C { bytes.append(0x5C) }
                bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    /// The bytes of commands `range` (indices into the commands).
    func bytes(of range: Range<Int>) -> ArraySlice<UInt8> {
        let start = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
        return bytes[start..<(range.isEmpty ? start : ends[range.upperBound - 1])]
    }
}

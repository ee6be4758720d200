/// Names a scan leaves out, like `du --exclude=PATTERN` and `ncdu --exclude`:
/// shell globs (`*`, `?`, `[…]`, `\` quoting, as `fnmatch(3)` without flags)
/// matched against each entry's own name at every depth. An excluded entry
/// is neither listed nor counted, and nothing below it is read.
///
/// Matching works on the name's bytes, so the scanner's hot loop can test
/// the kernel's name without decoding it first.
public struct FolderExcludePatterns: Equatable, Sendable {
    public let patterns: [String]
    private let compiled: [[UInt8]]

    public static let none = FolderExcludePatterns(checked: [])

    public enum Problem: Error, Equatable, Sendable {
        case empty
        case containsSlash(String)
        case unterminatedBracket(String)
        case trailingBackslash(String)

        public var message: String {
            switch self {
            case .empty: "an --exclude pattern is empty"
            case .containsSlash(let pattern):
                "--exclude '\(pattern)' contains '/': patterns match entry names, not paths (e.g. --exclude node_modules)"
            case .unterminatedBracket(let pattern): "--exclude '\(pattern)' has a '[' without its closing ']'"
            case .trailingBackslash(let pattern): "--exclude '\(pattern)' ends with a lone '\\'"
            }
        }
    }

    /// The patterns, each checked; the first bad one is the error.
    public init(_ patterns: [String]) throws(Problem) {
        for pattern in patterns {
            if let problem = Self.problem(with: pattern) { throw problem }
        }
        self.init(checked: patterns)
    }

    private init(checked patterns: [String]) {
        self.patterns = patterns
        compiled = patterns.map { Array($0.utf8) }
    }

    public var isEmpty: Bool { patterns.isEmpty }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.patterns == rhs.patterns }

    public static func problem(with pattern: String) -> Problem? {
        let bytes = Array(pattern.utf8)
        if bytes.isEmpty { return .empty }
        if bytes.contains(UInt8(ascii: "/")) { return .containsSlash(pattern) }
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 >= bytes.count { return .trailingBackslash(pattern) }
                index += 2
            case UInt8(ascii: "["):
                guard let end = bracketEnd(bytes, from: index) else { return .unterminatedBracket(pattern) }
                index = end + 1
            default:
                index += 1
            }
        }
        return nil
    }

    /// Whether a name (its bytes, as the disk has them) is excluded.
    public func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        for pattern in compiled where pattern.withUnsafeBufferPointer({ Self.glob($0, name) }) { return true }
        return false
    }

    public func matches(_ name: String) -> Bool {
        guard !compiled.isEmpty else { return false }
        var name = name
        return name.withUTF8 { matches($0) }
    }

    /// The index of the `]` closing the bracket expression opening at
    /// `start` (a `]` right after `[`, `[!` or `[^` is a member), or nil.
    static func bracketEnd<C: RandomAccessCollection>(_ pattern: C, from start: Int) -> Int?
    where C.Element == UInt8, C.Index == Int {
        var index = start + 1
        if index < pattern.endIndex, pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^") { index += 1 }
        if index < pattern.endIndex, pattern[index] == UInt8(ascii: "]") { index += 1 }
        while index < pattern.endIndex {
            if pattern[index] == UInt8(ascii: "]") { return index }
            index += 1
        }
        return nil
    }

    /// `fnmatch(pattern, name, 0)`: `*` and `?` match any byte (a leading
    /// dot too, as du's `--exclude` does), with backtracking on the last `*`.
    static func glob(_ pattern: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var p = 0
        var n = 0
        var starP = -1
        var starN = 0
        while n < name.count {
            if p < pattern.count {
                let c = pattern[p]
                if c == UInt8(ascii: "*") {
                    starP = p
                    starN = n
                    p += 1
                    continue
                }
                if c == UInt8(ascii: "?") {
                    p += 1
                    n += 1
                    continue
                }
                if c == UInt8(ascii: "["), let end = bracketEnd(pattern, from: p) {
                    if bracket(pattern, from: p, to: end, contains: name[n]) {
                        p = end + 1
                        n += 1
                        continue
                    }
                } else {
                    var literal = c
                    var width = 1
                    if c == UInt8(ascii: "\\"), p + 1 < pattern.count {
                        literal = pattern[p + 1]
                        width = 2
                    }
                    if literal == name[n] {
                        p += width
                        n += 1
                        continue
                    }
                }
            }
            guard starP >= 0 else { return false }
            p = starP + 1
            starN += 1
            n = starN
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    private static func bracket(_ pattern: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, contains byte: UInt8) -> Bool {
        var index = start + 1
        var negated = false
        if pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var found = false
        while index < end {
            var low = pattern[index]
            if low == UInt8(ascii: "\\"), index + 1 < end { index += 1; low = pattern[index] }
            if index + 2 < end, pattern[index + 1] == UInt8(ascii: "-") {
                let high = pattern[index + 2]
                if low <= byte && byte <= high { found = true }
                index += 3
            } else {
                if low == byte { found = true }
                index += 1
            }
        }
        return found != negated
    }
}

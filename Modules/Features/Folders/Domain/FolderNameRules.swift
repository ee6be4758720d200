import KernelDomain

/// What a new folder name may be. Pure, so the rename screen can validate as
/// the user types and the renamer can refuse the same names again.
///
/// Unlike playlist names these are not trimmed: spaces are legal in file
/// names, and renaming must produce exactly what the user typed.
public enum FolderNameRules {
    /// Linux's `NAME_MAX`, in bytes of UTF-8.
    public static let maxBytes = 255

    public enum Problem: Equatable, Sendable {
        case empty
        case containsSlash
        case dotName
        case controlCharacters
        case tooLong(bytes: Int)

        public var message: String {
            switch self {
            case .empty: "must not be empty"
            case .containsSlash: "must not contain \"/\" (a rename stays in the same folder)"
            case .dotName: "cannot be \".\" or \"..\""
            case .controlCharacters: "must not contain NUL, control characters or escape sequences"
            case .tooLong(let bytes): "is \(bytes) bytes long; the limit is \(FolderNameRules.maxBytes) bytes (UTF-8)"
            }
        }
    }

    /// The first problem with `name`, or nil when it is a valid name.
    public static func problem(with name: String) -> Problem? {
        if name.isEmpty { return .empty }
        if name.contains("/") { return .containsSlash }
        if name == "." || name == ".." { return .dotName }
        if name.unicodeScalars.contains(where: isControl) { return .controlCharacters }
        // Counted as the bytes it will have on disk (escaped bytes are one each).
        guard let bytes = FileSystemName.bytes(of: name)?.count else { return .controlCharacters }
        if bytes > maxBytes { return .tooLong(bytes: bytes) }
        return nil
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
    }
}

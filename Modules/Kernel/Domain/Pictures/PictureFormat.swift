/// The only picture formats Facet keeps: what every face can show and a
/// browser decodes. Recognised from the bytes alone (`PictureHeader.sniff`),
/// never from a server's `Content-Type` or a file's extension, so an SVG,
/// an HTML page or a script labelled `image/png` is refused, never served.
public enum PictureFormat: String, Codable, CaseIterable, Sendable {
    case png, jpeg, gif, webp

    /// The MIME type a face sends with the bytes (the sniffed one, only).
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// The file extension for a picture written to disk.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}

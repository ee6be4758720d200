/// Why there is no picture to show. Every picture comes from the network
/// or a folder someone else filled, so each refusal names what was wrong
/// with it; a face shows a placeholder and the message, never crashes.
public enum PictureError: DomainError, Equatable {
    /// The body passed the size bound: cut off there and refused.
    case tooLarge(limit: Int)
    /// The bytes are no PNG, JPEG, GIF or WebP (`what` names what they look like).
    case unsupported(what: String)
    /// The header declares more pixels than the bound: refused before decoding.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The header is cut short or inconsistent.
    case corrupt(String)
    /// Nothing could be read (network down and nothing cached, no such file).
    case unavailable(String)
    /// The thing asked about has no picture at all.
    case none(String)

    public var code: String {
        switch self {
        case .tooLarge: "picture.too_large"
        case .unsupported: "picture.unsupported"
        case .tooManyPixels: "picture.too_many_pixels"
        case .corrupt: "picture.corrupt"
        case .unavailable: "picture.unavailable"
        case .none: "picture.none"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .none: .notFound
        case .unavailable: .failure
        default: .invalidInput
        }
    }

    public var message: String {
        switch self {
        case .tooLarge(let limit):
            "The picture is larger than \(limit / (1 << 20)) MiB; it was cut off there and refused."
        case .unsupported(let what):
            "The picture is \(what), not PNG, JPEG, GIF or WebP; it was refused."
        case .tooManyPixels(let width, let height, let limit):
            "The picture declares \(width)×\(height) pixels, more than \(limit / 1_000_000) million; it was refused before decoding."
        case .corrupt(let detail): "The picture is damaged (\(detail)); it was refused."
        case .unavailable(let detail): "The picture could not be read: \(detail)"
        case .none(let detail): detail
        }
    }
}

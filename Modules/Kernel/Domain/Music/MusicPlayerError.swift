/// Why the music engine could not do what was asked, in words that say what
/// to do about it.
public struct MusicPlayerError: DomainError, Equatable {
    public enum Reason: String, Sendable {
        /// Nothing answers at the address (or it is not MPD).
        case unreachable
        /// The server broke the protocol (garbage, a line or a list past the bounds).
        case protocolViolation = "protocol"
        /// It stopped answering within the deadline.
        case timeout
        /// It answered with an error (`ACK`): a bad argument, a missing song.
        case refused
        /// A password is needed, or the one given is wrong.
        case permission
        /// The queue (or a stored playlist) holds as many songs as MPD allows.
        case queueFull = "queue_full"
        case notFound = "not_found"
        case invalidInput = "invalid_input"
    }

    public var reason: Reason
    public var detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    public var code: String { "player.\(reason.rawValue)" }
    public var category: DomainErrorCategory {
        switch reason {
        case .notFound: .notFound
        case .invalidInput: .invalidInput
        default: .failure
        }
    }
    public var message: String { detail }
}

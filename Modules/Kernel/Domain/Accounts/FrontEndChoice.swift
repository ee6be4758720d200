/// A front end a user may prefer (the `ui` setting); `facet` with no command
/// starts the signed-in user's choice (after `--ui` and `FACET_UI`).
///
/// Domain does not know which front ends exist: the launcher's registry
/// does, and hands their names down (`AccountCenter.frontEnds`), so adding a
/// front end never touches Domain. A stored name this build does not offer
/// is kept and simply passed over by the launcher.
public struct FrontEndChoice: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}

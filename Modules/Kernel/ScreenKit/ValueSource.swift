/// Where the values a parameter takes can be listed from: the items of
/// another screen's list (`playlist NAME` takes a name from `playlists`).
/// Shell completion reads it, so a feature that declares one gets its
/// values completed with no change to the completion scripts.
public struct ValueSource: Equatable, Sendable {
    /// The screen whose list holds the values.
    public var screen: ScreenRequest
    /// The column whose value is taken; nil for the item's id.
    public var field: String?

    public init(screen: String, params: ActionArguments = [:], field: String? = nil) {
        self.screen = ScreenRequest(screen: screen, params: params)
        self.field = field
    }
}

extension ParamDescriptor {
    /// The same parameter, its values listed by `source` (for completion).
    public func values(from source: ValueSource) -> ParamDescriptor {
        var copy = self
        copy.valuesFrom = source
        return copy
    }
}

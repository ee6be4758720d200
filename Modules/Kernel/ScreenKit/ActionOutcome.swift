/// What happened when an action ran, beyond the change in the screen's own
/// state. Navigation is an outcome, not front-end code: the view model says
/// "open this screen" and each front end does that in its own way.
public struct ActionOutcome: Codable, Equatable, Sendable {
    /// Open this screen (a child such as a playlist from the playlists list).
    public var navigate: ScreenRequest?
    /// Leave this screen (e.g. after deleting what it showed).
    public var back: Bool
    /// A URL the user asked to open.
    public var openURL: String?
    /// Whether a browser was started for `openURL`: false when there is
    /// none to start (no `BROWSER`, no graphical session), so a front end
    /// shows the URL instead of saying it opened; nil when nothing tried
    /// (the front end opens it itself, as the web page does).
    public var urlOpened: Bool?
    /// Work goes on after this answer; its result arrives as a state change.
    public var pending: Bool
    /// The list item the action's result is about (a moved song at its new
    /// place, by item id): a front end with a cursor puts it there.
    public var focus: String?
    /// The action's answer in lines of text, for a one-shot front end to
    /// print instead of the whole screen (`settings get KEY` prints the
    /// value, as `gh config get` does); nil: print the screen as usual.
    public var reply: [String]?
    /// A picture the action fetched (a photo's image, a song's cover), for
    /// a face to write, send or draw.
    public var picture: PictureContent?

    public init(
        navigate: ScreenRequest? = nil, back: Bool = false, openURL: String? = nil, urlOpened: Bool? = nil,
        pending: Bool = false, focus: String? = nil, reply: [String]? = nil, picture: PictureContent? = nil
    ) {
        self.navigate = navigate
        self.back = back
        self.openURL = openURL
        self.urlOpened = urlOpened
        self.pending = pending
        self.focus = focus
        self.reply = reply
        self.picture = picture
    }

    public static let done = ActionOutcome()
    public static let started = ActionOutcome(pending: true)
}

/// A screen to open: its registered id and the parameters to open it with.
public struct ScreenRequest: Codable, Equatable, Sendable {
    public var screen: String
    public var params: ActionArguments

    public init(screen: String, params: ActionArguments = [:]) {
        self.screen = screen
        self.params = params
    }
}

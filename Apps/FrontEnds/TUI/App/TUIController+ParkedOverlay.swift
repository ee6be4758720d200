import ScreenKit

/// A question a tab's screen was asking (a prompt half typed, a confirmation
/// not answered yet) goes aside with the tab and is back in front of it when
/// the tab is shown again: leaving a tab for a moment loses nothing typed.
extension TUIController {
    /// The overlay as it is kept with a parked tab: only what belongs to the
    /// screen; help, the palette and an error already read are not brought back.
    static func keptWithTab(_ overlay: Overlay?) -> Overlay? {
        switch overlay {
        case .prompt: overlay
        case .confirm(let confirmation):
            if case .run = confirmation.then { overlay } else { nil }
        default: nil
        }
    }
}

extension Command {
    /// Shows another tab (which parks the one shown, with its prompt).
    var switchesTab: Bool {
        switch self {
        case .nextScreen, .previousScreen, .switchScreen: true
        default: false
        }
    }
}

import ScreenKit

/// The one modal thing in front of the screen, if any. Keys go to it first.
enum Overlay {
    case error(title: String, message: String)
    /// The help text, scrolled down by this many lines (it can be taller than the terminal).
    case help(scroll: Int)
    case confirm(Confirmation)
    case prompt(Prompt)
    case palette(Palette)
}

/// A yes/no question before something that removes or destroys data
/// (`ActionEffect.asksFirst`).
struct Confirmation {
    enum Then {
        case run(action: String, arguments: ActionArguments)
        case quit
    }

    var title: String
    var message: String
    var then: Then
}

/// How a message names the action that fixes what it reports ("3 files
/// are not listed: list them with 'toggle-files'"): by the action's name in
/// quotes. The CLI runs it by that word and a machine face calls it by that
/// name, so the text stands as it is there; a face with keys and buttons
/// (the TUI, the web page) shows its own key and label in its place. No
/// face then tells the user another face's way (a CLI flag inside the TUI).
public enum ActionMention {
    /// The mention of the action named `name`, to write into a message.
    public static func of(_ name: String) -> String { "'\(name)'" }

    /// `text` with each mention of one of `actions` replaced by `shown(action)`.
    public static func render(
        _ text: String, actions: [ActionDescriptor], as shown: (ActionDescriptor) -> String
    ) -> String {
        guard text.contains("'") else { return text }
        var rendered = text
        for action in actions where rendered.contains(of(action.name)) {
            rendered = rendered.replacing(of(action.name), with: shown(action))
        }
        return rendered
    }

    /// The mention as a face with keys and buttons shows it: the key, then
    /// the label the help, the key hints and the toolbar show
    /// (`f (Files on/off)`); the label alone for an action without a key.
    public static func keyAndLabel(_ action: ActionDescriptor) -> String {
        guard let key = action.key, !key.isEmpty else { return action.label }
        return "\(key) (\(action.label))"
    }
}

extension ScreenAction {
    /// This action named in a message (see `ActionMention`).
    public var mention: String { ActionMention.of(name) }
}

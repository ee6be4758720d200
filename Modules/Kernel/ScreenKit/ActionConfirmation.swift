/// How an action whose effect asks first (`ActionEffect.asksFirst`) is
/// confirmed, the same way on every screen and in every face.
///
/// A front end that confirms (the CLI on a terminal, the TUI) asks the
/// screen's `confirmation(of:_:)` question before running the action; the
/// words naming the target come from the screen, never from the front end.
/// Once the user said yes, the action runs with `StandardParam.yes` set
/// when it declares that parameter (an action that otherwise only asks, or
/// refuses to overwrite); a front end that does not confirm (MCP, JSON
/// lines) leaves the asking to its client, which reads `effect`.
public enum ActionConfirmation {
    /// The question from the contract alone: the action's label and the row
    /// (by its title when the list shows it) or the screen it acts on.
    public static func generic(_ action: String, _ arguments: ActionArguments, on snapshot: ScreenSnapshot) -> String {
        let label = snapshot.action(action)?.label ?? action
        guard let item = arguments.string(StandardParam.item) else {
            return "\(label) \"\(TerminalText.sanitize(snapshot.title))\"?"
        }
        let row = snapshot.content.list?.items.first { $0.id == item }
        return "\(label) \"\(TerminalText.sanitize(row?.title ?? item))\"?"
    }

    /// `generic`, ending in what the action's effect says of undoing it:
    /// the question of a screen that declares none of its own.
    public static func question(_ action: String, _ arguments: ActionArguments, on snapshot: ScreenSnapshot) -> String {
        let words = generic(action, arguments, on: snapshot)
        return snapshot.action(action)?.effect.question(words) ?? words
    }

    /// Whether `param` of `action` is answered by the confirmation dialog
    /// (yes, and the typed second answer) rather than asked for beforehand:
    /// a front end that confirms never shows it in a form.
    public static func answeredByDialog(_ param: ParamDescriptor, of action: ActionDescriptor) -> Bool {
        action.destructive && (param.name == StandardParam.yes || param.name == StandardParam.confirmPath)
    }

    /// `arguments` as confirmed: `yes` set when the action takes it.
    public static func confirmed(_ arguments: ActionArguments, for action: ActionDescriptor) -> ActionArguments {
        guard action.params.contains(where: { $0.name == StandardParam.yes }) else { return arguments }
        var copy = arguments
        copy[StandardParam.yes] = .bool(true)
        return copy
    }
}

import ScreenKit

/// Which actions leave the user's data alone, for `readOnlyHint` and for
/// `--read-only` (which offers nothing else).
///
/// ScreenKit states its standard actions' meaning once (`StandardAction`):
/// these change only what a screen shows (its window, filter, order,
/// selection, the form being typed, the screen shown), never stored data.
/// Any other action is taken to change something, unless proven otherwise:
/// a new feature's action is hidden in read-only mode until it is named
/// here, never offered by mistake. `open-url` is left out on purpose: it
/// starts a browser on the machine the server runs on.
public enum ActionSafety {
    public static let viewOnlyActions: Set<String> = [
        StandardAction.setField, StandardAction.loadMore, StandardAction.loadPrevious, StandardAction.reload,
        StandardAction.filter, StandardAction.sort, StandardAction.select, StandardAction.open, StandardAction.up,
    ]

    public static func isReadOnly(_ action: ActionDescriptor) -> Bool {
        !action.destructive && viewOnlyActions.contains(action.name)
    }
}

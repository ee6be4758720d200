import ScreenKit

/// Filtering as you type: after the filter key, keys edit the filter text
/// and the screen's `StandardAction.filter` runs a moment after the last
/// key (debounced, so a fast typist sends one request, not one per key).
/// Enter keeps the result, Esc puts back the filter there was before.
struct LiveFilter {
    /// How long typing must pause before the filter runs.
    static let debounce: Duration = .milliseconds(120)

    var action: ActionDescriptor
    var editor: FieldEditor
    /// The filter in force when filtering began (Esc restores it).
    var original: String
    /// When the typed text should be sent; nil when it has been.
    var due: ContinuousClock.Instant?

    init(action: ActionDescriptor, current: String) {
        self.action = action
        var editor = FieldEditor(current)
        editor.selectAll()
        self.editor = editor
        original = current
    }

    /// Whether `action` is a filter the TUI can drive as you type: the
    /// standard filter with its one text parameter.
    static func drives(_ action: ActionDescriptor) -> Bool {
        action.name == StandardAction.filter && action.params.map(\.name) == [StandardParam.text]
    }
}

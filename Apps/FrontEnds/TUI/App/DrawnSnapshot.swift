import ScreenKit

/// What the TUI draws of a screen's snapshot, which every face shares:
/// an action a message mentions is named by its key and label here (the
/// user presses `f`, not the CLI's word), and a detail row that repeats a
/// form field (the Settings form and its saved values) is left out, so
/// each fact is on screen once.
enum DrawnSnapshot {
    static func of(_ snapshot: ScreenSnapshot) -> ScreenSnapshot {
        var drawn = snapshot
        let actions = snapshot.actions
        func shown(_ text: String) -> String { ActionMention.render(text, actions: actions, as: ActionMention.keyAndLabel) }
        if let message = drawn.status.message { drawn.status.message = shown(message) }
        drawn.content.list?.emptyMessage = shown(snapshot.content.list?.emptyMessage ?? "")
        drawn.content.detail = snapshot.content.detailBesideForm
        if var detail = drawn.content.detail {
            for index in detail.rows.indices { detail.rows[index].value = shown(detail.rows[index].value) }
            drawn.content.detail = detail
        }
        return drawn
    }
}

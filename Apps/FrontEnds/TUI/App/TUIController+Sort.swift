import ScreenKit

/// Sorting by column from the keyboard: the columns that declare a
/// `sortKey` are the choices, the screen's `StandardAction.sort` does the
/// work, and the list header shows the result (the mark on the column).
extension TUIController {
    /// The screen's sort action and the keys it accepts, when it sorts.
    private func sorting(_ snapshot: ScreenSnapshot) -> (action: ActionDescriptor, keys: [String])? {
        guard let list = snapshot.content.list, let action = snapshot.action(StandardAction.sort),
            let by = action.params.first(where: { $0.name == StandardParam.by })
        else { return nil }
        let keys = list.columns.compactMap(\.sortKey).filter { by.choices?.contains($0) ?? true }
        return keys.isEmpty ? nil : (action, keys)
    }

    /// Sorts by the column `step` places after the current one (wrapping).
    func sortByColumn(step: Int, _ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        guard let (action, keys) = sorting(snapshot) else {
            refuse("This list has no column to sort by.")
            return
        }
        guard action.enabled else {
            refuse(Self.unavailable(action))
            return
        }
        let current = snapshot.content.list?.sort.flatMap { keys.firstIndex(of: $0) }
        let next = current.map { (($0 + step) % keys.count + keys.count) % keys.count } ?? (step > 0 ? 0 : keys.count - 1)
        run(StandardAction.sort, [StandardParam.by: .string(keys[next])], on: session)
    }

    /// Sorts by the same column the other way round, when the screen can.
    func reverseSort(_ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        guard let (action, keys) = sorting(snapshot), let list = snapshot.content.list else {
            refuse("This list has no column to sort by.")
            return
        }
        guard action.params.contains(where: { $0.name == StandardParam.descending }) else {
            refuse("This list sorts one way only.")
            return
        }
        guard action.enabled else {
            refuse(Self.unavailable(action))
            return
        }
        let key = list.sort.flatMap { keys.contains($0) ? $0 : nil } ?? keys[0]
        let arguments: ActionArguments = [
            StandardParam.by: .string(key), StandardParam.descending: .bool(!(list.sortDescending ?? false)),
        ]
        run(StandardAction.sort, arguments, on: session)
    }

    /// A click on a column's header: sort by it, or reverse when it is
    /// already the sort column (as in most table views).
    func sortByClick(on column: ListColumn, _ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        guard let key = column.sortKey, let (action, keys) = sorting(snapshot), keys.contains(key) else {
            refuse("The list cannot be sorted by \(TerminalText.sanitize(column.label)).")
            return
        }
        if snapshot.content.list?.sort == key {
            reverseSort(session)
            return
        }
        guard action.enabled else {
            refuse(Self.unavailable(action))
            return
        }
        run(StandardAction.sort, [StandardParam.by: .string(key)], on: session)
    }
}

import ScreenKit

/// What a descriptor's JSON leaves out, put back on this side of the wire:
/// a sort choice's aliases, the columns' labels (`ListGrammar.sortParam`),
/// so `--sort Size` is taken attached as it is locally, by the command
/// line's check and by the validation a screen's `run` does against its
/// snapshot. A choice is a sort choice when its choices are exactly the
/// sortable columns.
enum SortAliases {
    static func restored(_ params: [ParamDescriptor], columns: [ListColumn]) -> [ParamDescriptor] {
        let keys = columns.sortKeys
        guard !keys.isEmpty else { return params }
        return params.map { param in
            guard param.kind == .choice, param.choices == keys else { return param }
            var copy = param
            copy.choiceAliases = columns.sortLabels
            return copy
        }
    }

    static func restored(_ actions: [ActionDescriptor], columns: [ListColumn]) -> [ActionDescriptor] {
        actions.map { action in
            var copy = action
            copy.params = restored(action.params, columns: columns)
            return copy
        }
    }

    static func restored(_ screen: ScreenDescriptor) -> ScreenDescriptor {
        var copy = screen
        copy.params = restored(screen.params, columns: screen.columns)
        copy.actions = restored(screen.actions, columns: screen.columns)
        return copy
    }

    static func restored(_ snapshot: ScreenSnapshot) -> ScreenSnapshot {
        guard let columns = snapshot.content.list?.columns else { return snapshot }
        var copy = snapshot
        copy.actions = restored(snapshot.actions, columns: columns)
        return copy
    }
}

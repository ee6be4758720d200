import PlaylistsDomain
import ScreenKit

/// The playlist screen's actions, each declared once: what faces show of
/// it, when it is unavailable and why, its question and what it does.
extension PlaylistViewModel {
    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Song position", kind: .item, positional: true)
    /// One position or several, comma-separated (the TUI's marked rows).
    static let itemsParam = ParamDescriptor(
        name: StandardParam.item, label: "Song positions (as 1,4,7)", kind: .item, positional: true
    ).acceptingSeveral()

    public static let filterAction = ScreenAction<PlaylistViewModel>(
        StandardAction.filter, key: StandardKey.filter, label: "Filter",
        summary: "Show only songs whose title or artist contains the text.", effect: .view,
        params: [ParamDescriptor(name: StandardParam.text, label: "Text (empty for all)", positional: true)],
        unavailable: { $0.missing ?? $0.busy }
    ) { model, arguments throws(ScreenError) in
        try await model.setFilter(arguments.string(StandardParam.text) ?? "")
        return .done
    }
    public static let sortAction = ScreenAction<PlaylistViewModel>(
        StandardAction.sort, key: "s", label: "Sort",
        summary: "Order songs by position, title, artist or duration; --reverse the other way round.", effect: .view,
        params: ListGrammar.sortParams(columns: SongRow.columns), unavailable: { $0.missing ?? $0.busy }
    ) { model, arguments throws(ScreenError) in
        let sort = SongSort(rawValue: try arguments.require(StandardParam.by)) ?? .position
        try await model.setSort(sort, descending: ListGrammar.descending(arguments, natural: sort.naturallyDescending))
        return .done
    }
    public static let loadMoreAction = ScreenAction<PlaylistViewModel>(
        StandardAction.loadMore, key: "m", label: "Load more", summary: "Append the next page of songs.", effect: .view,
        unavailable: { $0.missing ?? $0.paging ?? ($0.hasMore ? nil : "Already at the end of the list") }
    ) { model, _ throws(ScreenError) in
        try await model.loadMore()
        return .done
    }
    public static let loadPreviousAction = ScreenAction<PlaylistViewModel>(
        StandardAction.loadPrevious, label: "Load previous", summary: "Prepend the page before the first one shown.",
        effect: .view, unavailable: { $0.missing ?? $0.paging ?? ($0.offset > 0 ? nil : "Already at the top of the list") }
    ) { model, _ throws(ScreenError) in
        try await model.loadPrevious()
        return .done
    }
    public static let scrollToAction = ScreenAction<PlaylistViewModel>.scrollTo(
        unavailable: { $0.missing ?? $0.busy }
    ) { model, offset throws(ScreenError) in try await model.scroll(to: offset) }
    public static let pageAction = ScreenAction<PlaylistViewModel>(
        "page", key: "p", label: "Go to page", summary: "Show one page of songs.", effect: .view,
        params: [ParamDescriptor(name: "number", label: "Page number", kind: .int, positional: true, minimum: 1)],
        unavailable: { $0.missing ?? $0.busy }
    ) { model, arguments throws(ScreenError) in
        try await model.showPage(try arguments.requireInt("number"))
        return .done
    }
    public static let removeAction = ScreenAction<PlaylistViewModel>(
        "remove-song", key: "x", label: "Remove song",
        summary: "Remove the song at a position, or the songs at several (--items 1,4,7), in one step.", effect: .removes,
        params: [itemsParam], unavailable: { $0.missing ?? $0.noSongs.map { "Nothing to remove: " + $0 } },
        asks: { model, arguments throws(ScreenError) in try await model.removeQuestion(arguments) }
    ) { model, arguments throws(ScreenError) in
        try await model.removeSongs(at: try positions(arguments))
        return .done
    }
    public static let moveAction = ScreenAction<PlaylistViewModel>(
        "move-song", key: "M", label: "Move song",
        summary: "Move the song at a position, or the songs at several (--items 1,4,7) in their order, to another position.",
        effect: .changes,
        params: [itemsParam, ParamDescriptor(name: "to", label: "New position", kind: .int, positional: true, minimum: 1)],
        unavailable: { $0.missing ?? $0.noSongs.map { "Nothing to move: " + $0 } }
    ) { model, arguments throws(ScreenError) in
        let to = try arguments.requireInt("to")
        try await model.moveSongs(from: try positions(arguments), to: to)
        // Front ends with a cursor follow the song to its new place.
        return ActionOutcome(focus: String(to))
    }
    public static let moveUpAction = stepAction("move-up", key: "K", label: "Move up", direction: "up", by: -1)
    public static let moveDownAction = stepAction("move-down", key: "J", label: "Move down", direction: "down", by: 1)

    /// Moving the song (or the marked songs) one place up or down; a cursor
    /// follows the first of them.
    private static func stepAction(
        _ name: String, key: String, label: String, direction: String, by step: Int
    ) -> ScreenAction<PlaylistViewModel> {
        ScreenAction(
            name, key: key, label: label, summary: "Move the song (or the marked songs) one place \(direction).",
            effect: .changes, params: [itemsParam],
            unavailable: { $0.missing ?? $0.noSongs.map { "Nothing to move: " + $0 } }
        ) { model, arguments throws(ScreenError) in
            ActionOutcome(focus: String(try await model.step(try positions(arguments), by: step)))
        }
    }

    public static let addAction = ScreenAction<PlaylistViewModel>(
        "add", key: "a", label: "Add songs",
        summary: "Append the songs of a .json or .m3u/.m3u8 file, or of a folder of audio files and its subfolders; "
            + "all are added or none.",
        effect: .changes, params: [ParamDescriptor(name: "path", label: "File or folder", kind: .path, positional: true)],
        unavailable: { $0.missing ?? $0.busy }
    ) { model, arguments throws(ScreenError) in
        try await model.add(from: try arguments.require("path"))
        return .done
    }
    public static let exportAction = ScreenAction<PlaylistViewModel>(
        "export", key: "E", label: "Export",
        summary: "Write the playlist to FILE: .m3u/.m3u8 (M3U8) or .json (seed format); "
            + "an existing FILE is replaced only with --yes.",
        effect: .destroys,
        params: [
            ParamDescriptor(name: "file", label: "Export file (.m3u8, .m3u or .json)", kind: .path, positional: true),
            .replaceExistingFile,
        ],
        unavailable: { $0.missing ?? $0.busy },
        asks: { model, arguments throws(ScreenError) in try await model.exportQuestion(arguments) }
    ) { model, arguments throws(ScreenError) in
        try await model.export(to: try arguments.require("file"), replacing: arguments.bool("yes") ?? false)
        return .done
    }
    public static let renameAction = ScreenAction<PlaylistViewModel>(
        "rename", key: "R", label: "Rename", summary: "Rename the playlist.", effect: .changes,
        params: [ParamDescriptor(name: "name", label: "New name", positional: true)], unavailable: { $0.missing }
    ) { model, arguments throws(ScreenError) in
        try await model.rename(to: try arguments.require("name"))
        return .done
    }
    public static let deleteAction = ScreenAction<PlaylistViewModel>(
        "delete", key: "D", label: "Delete playlist", summary: "Delete this playlist and its songs.",
        effect: .removes, unavailable: { $0.missing },
        asks: { model, _ throws(ScreenError) in PlaylistsViewModel.deleteQuestion(try model.presentPlaylist()) }
    ) { model, _ throws(ScreenError) in
        try await model.delete()
        return ActionOutcome(back: true)
    }
    public static let undoAction = ScreenAction<PlaylistViewModel>(
        StandardAction.undo, key: StandardKey.undo, label: "Undo",
        summary: "Undo the last change to this playlist (remove, move, rename).", effect: .changes,
        unavailable: { $0.missing ?? ($0.hasUndo ? nil : PlaylistUndoText.nothing) }
    ) { model, _ throws(ScreenError) in
        // Front ends with a cursor show the song put back.
        let restored = try await model.undo()
        return ActionOutcome(focus: restored.map(String.init))
    }
    public static let reloadAction = ScreenAction<PlaylistViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Read the playlist again from the database.", effect: .view
    ) { model, _ throws(ScreenError) in
        try await model.reload()
        return .done
    }

    public static let playAction = ScreenAction<PlaylistViewModel>(
        "play", key: "P", label: "Play on MPD",
        summary: "Replace MPD's queue with this playlist and play (from a position).",
        effect: .changes, reachesNetwork: true,
        params: [ParamDescriptor(name: "position", label: "Start at song", kind: .int, required: false, positional: true, minimum: 1)],
        unavailable: { $0.missing ?? $0.busy ?? $0.noPlayer }
    ) { model, arguments throws(ScreenError) in
        try await model.sendToPlayer(replacing: true, startAt: arguments.int("position"))
        return .done
    }
    public static let enqueueAction = ScreenAction<PlaylistViewModel>(
        "enqueue", key: "e", label: "Add to MPD's queue", summary: "Append this playlist's songs to MPD's queue.",
        effect: .adds, reachesNetwork: true, unavailable: { $0.missing ?? $0.busy ?? $0.noPlayer }
    ) { model, _ throws(ScreenError) in
        try await model.sendToPlayer(replacing: false, startAt: nil)
        return .done
    }
    public static let saveToPlayerAction = ScreenAction<PlaylistViewModel>(
        "save-to-mpd", key: "W", label: "Save to MPD",
        summary: "Save as an MPD stored playlist (this name by default), replacing one of that name.",
        effect: .destroys, reachesNetwork: true,
        params: [ParamDescriptor(name: "name", label: "MPD playlist name", required: false, positional: true)],
        unavailable: { $0.missing ?? $0.busy ?? $0.noPlayer },
        asks: { model, arguments throws(ScreenError) in
            let playlist = try model.presentPlaylist()
            let target = arguments.string("name").flatMap { $0.isEmpty ? nil : $0 } ?? playlist.name
            return "Save \"\(playlist.name)\" as MPD's stored playlist \"\(target)\", replacing one of that name?"
        }
    ) { model, arguments throws(ScreenError) in
        try await model.saveToPlayer(as: arguments.string("name"))
        return .done
    }

    public static let actions = [
        filterAction, sortAction, loadMoreAction, loadPreviousAction, scrollToAction, pageAction, removeAction, moveAction,
        moveUpAction, moveDownAction, addAction, exportAction, renameAction, deleteAction, undoAction, reloadAction,
        playAction, enqueueAction, saveToPlayerAction, coverAction,
    ]
}

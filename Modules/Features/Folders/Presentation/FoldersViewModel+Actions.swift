import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// The folders screen's actions, each declared once: what faces show of
/// it, when it is unavailable and why, its question and what it does.
extension FoldersViewModel {
    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Folder", kind: .item, positional: true)

    public static let openAction = ScreenAction<FoldersViewModel>(
        StandardAction.open, key: StandardKey.enter, label: "Open", summary: "Show the folders inside a subfolder.", effect: .view,
        params: [itemParam], unavailable: { $0.unavailable ?? ($0.folder.directoryCount > 0 ? nil : "No subfolders to open") }
    ) { model, arguments throws(ScreenError) in
        let name = try arguments.require(StandardParam.item)
        guard model.folder.children.contains(where: { $0.name == name }) else {
            throw await model.missingRow(name)
        }
        let child = try model.row(name)
        guard child.isDirectory else {
            throw ErrorPresentation.screenError(FolderError.notADirectory(child.path))
        }
        return model.navigate(to: child.path)
    }
    public static let upAction = ScreenAction<FoldersViewModel>(
        StandardAction.up, key: "backspace", label: "Up", summary: "Show the parent folder.", effect: .view,
        unavailable: { $0.atTop ? "Already at the top folder" : nil }
    ) { model, _ throws(ScreenError) in
        if let tree = model.library.imported, tree.rootPath == model.folder.path {
            throw .invalidParams("\(model.folder.path) is the top of the imported scan.", code: "folder.no_parent")
        }
        guard let parent = FolderPath.parent(model.folder.path) else {
            throw .invalidParams("\(model.folder.path) has no parent folder.", code: "folder.no_parent")
        }
        return model.navigate(to: parent)
    }
    public static let sortAction = ScreenAction<FoldersViewModel>(
        StandardAction.sort, key: "s", label: "Sort",
        summary: "Order rows by size (largest first), name, or item count; --reverse the other way round.", effect: .view,
        params: ListGrammar.sortParams(columns: FolderRow.columns)
    ) { model, arguments throws(ScreenError) in
        // Without `reverse` or `descending` the direction stays as it was.
        let sort = Sort(rawValue: try arguments.require(StandardParam.by)) ?? .size
        let asked = arguments.bool(StandardParam.descending) != nil || arguments.bool(ListGrammar.reverse) != nil
        model.setSort(sort, descending: asked ? ListGrammar.descending(arguments, natural: sort != .name) : nil)
        return .done
    }
    public static let reverseAction = ScreenAction<FoldersViewModel>(
        "reverse", key: "v", label: "Reverse order", summary: "List the rows the other way round (smallest first, Z→A).",
        effect: .view
    ) { model, _ in
        model.reverse()
        return .done
    }
    public static let filterAction = ScreenAction<FoldersViewModel>(
        StandardAction.filter, key: StandardKey.filter, label: "Filter",
        summary: "Show only rows whose name contains the text (case ignored).", effect: .view,
        params: [ParamDescriptor(name: StandardParam.text, label: "Text (empty for all)", positional: true)]
    ) { model, arguments in
        model.setFilter(arguments.string(StandardParam.text) ?? "")
        return .done
    }
    public static let filesAction = ScreenAction<FoldersViewModel>(
        "toggle-files", key: "f", label: "Files on/off", summary: "List files as rows too, or folders only (measures again).",
        effect: .view, unavailable: { $0.importFile != nil ? "An imported scan is shown as it was exported" : nil }
    ) { model, _ in
        await model.toggleFiles()
        return .done
    }
    public static let hiddenAction = ScreenAction<FoldersViewModel>(
        "toggle-hidden", key: ".", label: "Hidden on/off",
        summary: "Show or hide names starting with \".\" (sizes count them either way).", effect: .view
    ) { model, _ in
        model.toggleHidden()
        return .done
    }
    public static let usageAction = ScreenAction<FoldersViewModel>(
        "toggle-usage", key: "a", label: "Disk/apparent",
        summary: "Sort and share by disk usage (du) or apparent size (du -b, the default).", effect: .view
    ) { model, _ in
        model.toggleUsage()
        return .done
    }
    public static let rescanAction = ScreenAction<FoldersViewModel>(
        "rescan", key: "r", label: "Rescan", summary: "Measure the folder again.", effect: .view,
        unavailable: { $0.scanning ? "A scan is running" : nil }
    ) { model, _ in
        model.rescan()
        return .started
    }
    public static let cancelAction = ScreenAction<FoldersViewModel>(
        "cancel", key: "c", label: "Cancel scan", summary: "Stop the running scan; sizes stay partial.", effect: .view,
        unavailable: { $0.scanning ? nil : "No scan is running" }
    ) { model, _ in
        model.cancel()
        return .done
    }
    public static let renameAction = ScreenAction<FoldersViewModel>(
        "rename", key: "R", label: "Rename",
        summary: "Rename a subfolder: with NAME at once, without it on the rename screen; never replaces anything.",
        effect: .changes, params: [itemParam, ParamDescriptor(name: "name", label: "New name", required: false, positional: true)],
        unavailable: { model in
            model.importFile != nil ? "An imported scan cannot be renamed"
                : model.unavailable ?? (model.shownCount > 0 ? nil : "Nothing to rename: no subfolders here")
        }
    ) { model, arguments throws(ScreenError) in
        let child = try model.row(try arguments.require(StandardParam.item))
        guard let name = arguments.string("name") else {
            return ActionOutcome(navigate: ScreenRequest(screen: RenameFolderViewModel.screenID, params: ["path": .string(child.path)]))
        }
        try model.rename(child, to: name)
        return .done
    }
    public static let detailAction = ScreenAction<FoldersViewModel>(
        "detail", key: "i", label: "Details",
        summary: "Show size, counts and modification time of a subfolder (or of this folder).", effect: .view,
        params: [ParamDescriptor(name: StandardParam.item, label: "Folder (default: this one)", kind: .item, required: false, positional: true)],
        unavailable: { $0.unavailable }
    ) { model, arguments throws(ScreenError) in
        let path = try arguments.string(StandardParam.item).map { name throws(ScreenError) in try model.row(name).path } ?? model.folder.path
        var params: ActionArguments = ["path": .string(path)]
        if let importFile = model.importFile { params["import"] = .string(importFile) }
        return ActionOutcome(navigate: ScreenRequest(screen: FolderDetailViewModel.screenID, params: params))
    }
    /// Replaces an existing file only with yes, so it asks, and for good.
    public static let exportAction = ScreenAction<FoldersViewModel>(
        "export", key: "E", label: "Export",
        summary: "Write this folder's whole tree to FILE in ncdu's JSON export format (ncdu -f FILE reads it); "
            + "an existing FILE is replaced only with --yes.",
        effect: .destroys,
        params: [
            ParamDescriptor(name: "file", label: "Export file", kind: .path, positional: true),
            .replaceExistingFile,
        ],
        loadsContent: true,
        // Offered while a scan runs: the export is a scan and takes over.
        unavailable: { $0.importFile != nil ? "This is already an imported scan" : $0.unavailable },
        asks: { model, arguments throws(ScreenError) in try model.exportQuestion(arguments) }
    ) { model, arguments throws(ScreenError) in
        try await model.export(to: try arguments.require("file"), replacing: arguments.bool("yes") ?? false)
        return .done
    }
    public static let deleteAction = ScreenAction<FoldersViewModel>(
        "delete", key: "d", label: "Delete",
        summary: "Delete a row (or this folder) and all it holds, never across file systems; without --yes it only says what and how much would go.",
        effect: .destroys,
        params: [
            ParamDescriptor(name: StandardParam.item, label: "File or folder, or several marked ones as a,b,c (default: this folder)", kind: .item, required: false, positional: true)
                .acceptingSeveral(),
            ParamDescriptor(name: StandardParam.yes, label: "Delete without asking first", kind: .bool, required: false),
            ParamDescriptor(name: StandardParam.confirmPath, label: "The full path again (needed for the home folder)", required: false),
        ],
        unavailable: { model in
            model.importFile != nil ? "An imported scan has nothing to delete" : model.scanning ? "A scan is running" : model.unavailable
        },
        asks: { model, arguments throws(ScreenError) in try await model.deleteQuestion(arguments) },
        // The home folder also needs its path typed (`confirm-path`).
        asksTyped: { model, arguments throws(ScreenError) in model.homeQuestion(try await model.deletionPaths(arguments)) }
    ) { model, arguments throws(ScreenError) in
        let name = arguments.string(StandardParam.item)
        try await model.delete(name, confirmed: arguments.bool("yes") ?? false, confirmPath: arguments.string("confirm-path"))
        if name == nil, model.pendingDeletion == nil, model.pendingMarked == nil, let parent = FolderPath.parent(model.folder.path) {
            return model.navigate(to: parent)  // this folder is gone
        }
        return .done
    }
    public static let confirmDeleteAction = ScreenAction<FoldersViewModel>(
        "confirm-delete", key: "Y", label: "Confirm delete",
        summary: "Delete what 'delete' asked about, if it is still the same file or folder.", effect: .destroys,
        params: [ParamDescriptor(name: StandardParam.confirmPath, label: "The full path again (needed for the home folder)", required: false)],
        unavailable: { $0.pendingDeletion == nil && $0.pendingMarked == nil ? "Nothing asked about: use delete first" : nil },
        asks: { model, _ throws(ScreenError) in try model.confirmDeleteQuestion() },
        asksTyped: { model, _ in model.homeQuestion(model.pendingPaths) }
    ) { model, arguments throws(ScreenError) in
        let deletingThis = model.pendingDeletion?.path == model.folder.path
        try await model.confirmDeletion(confirmPath: arguments.string("confirm-path"))
        if deletingThis, let parent = FolderPath.parent(model.folder.path) { return model.navigate(to: parent) }
        return .done
    }
    public static let loadMoreAction = ScreenAction<FoldersViewModel>(
        StandardAction.loadMore, key: "m", label: "Load more", summary: "Show more rows of a very large folder.", effect: .view,
        unavailable: { $0.shownCount > $0.limit ? nil : "Every row is shown" }
    ) { model, _ in
        model.loadMore()
        return .done
    }

    public static let actions = [
        openAction, upAction, sortAction, reverseAction, filterAction, filesAction, hiddenAction, usageAction, rescanAction,
        cancelAction, renameAction, detailAction, exportAction, deleteAction, confirmDeleteAction, loadMoreAction,
    ]
}

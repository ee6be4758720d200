import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// The questions a front end asks before a delete, in ncdu's words: the
/// entry by its own name (never the folder shown around it) with its size
/// in human units and, for a folder, how many files go with it.
extension FoldersViewModel {
    /// "Delete old (1.2 GiB, 3,400 files)?"; a file: "Delete notes.txt (12 bytes)?"
    static func deleteQuestion(_ plan: FolderDeletionPlan) -> String {
        "Delete \(FolderPath.name(plan.path)) (\(shortAmount(plan)))?"
    }

    /// "1.2 GiB, 3,400 files"; a file's size alone, as it is its only file.
    static func shortAmount(_ plan: FolderDeletionPlan) -> String {
        let size = FolderFormat.size(plan.bytes)
        guard plan.kind == .directory else { return size }
        return "\(size), \(Formatters.count(plan.files, "file"))"
    }

    /// The second, typed answer the home folder needs after yes: its path
    /// typed in full, so a slipped `y` alone never deletes it.
    static func typedQuestion(_ home: String) -> String {
        "\(home) is your home folder. To delete it, type its full path:"
    }

    /// The question before `delete`: the same target `delete` acts on (a
    /// listed row, several marked ones, a file in this folder that is summed
    /// but not listed, or this folder), measured now.
    func deleteQuestion(_ arguments: ActionArguments) async throws(ScreenError) -> String {
        if let item = arguments.string(StandardParam.item), let marked = try markedNames(item) {
            return Self.markedQuestion(try await planMarked(marked))
        }
        var target = folder.path
        if let name = arguments.string(StandardParam.item) { target = try await deletionTarget(name) }
        do {
            return Self.deleteQuestion(try await library.planDeletion(target))
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    /// The question before `confirm-delete`: what `delete` asked about.
    func confirmDeleteQuestion() throws(ScreenError) -> String {
        if let marked = pendingMarked { return Self.markedQuestion(marked) }
        guard let plan = pendingDeletion else {
            throw .invalidParams("Nothing to confirm: ask with 'delete NAME' first.", code: "folder.nothing_pending")
        }
        return Self.deleteQuestion(plan)
    }

    /// The question before an `export` that would replace a file; nil when
    /// the file does not exist yet.
    func exportQuestion(_ arguments: ActionArguments) throws(ScreenError) -> String? {
        let file = try arguments.require("file")
        guard let bytes = library.exporter?.existing(file) else { return nil }
        return "Replace \(file) (\(FolderFormat.exactSize(bytes))) with the export of \(folder.path)?"
    }

    /// The paths `delete` with `item` (one row, several marked, or none:
    /// this folder) would delete, without measuring them.
    func deletionPaths(_ arguments: ActionArguments) async throws(ScreenError) -> [String] {
        guard let item = arguments.string(StandardParam.item) else { return [folder.path] }
        var paths: [String] = []
        for name in try markedNames(item) ?? [item] { paths.append(try await deletionTarget(name)) }
        return paths
    }

    /// The paths `confirm-delete` would delete: what `delete` asked about.
    var pendingPaths: [String] { (pendingMarked ?? pendingDeletion.map { [$0] } ?? []).map(\.path) }

    /// The typed question when one of `paths` is the home folder.
    func homeQuestion(_ paths: [String]) -> String? {
        paths.first(where: library.needsSecondConfirmation).map(Self.typedQuestion)
    }
}

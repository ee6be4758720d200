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

    /// The paths `delete` with `item` (one row, several marked, or none:
    /// this folder) or `confirm-delete` would delete, without measuring them.
    func deletionPaths(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> [String] {
        switch action {
        case "delete":
            guard let item = arguments.string(StandardParam.item) else { return [folder.path] }
            var paths: [String] = []
            for name in try markedNames(item) ?? [item] { paths.append(try await deletionTarget(name)) }
            return paths
        case "confirm-delete":
            return (pendingMarked ?? pendingDeletion.map { [$0] } ?? []).map(\.path)
        default:
            return []
        }
    }

    /// The typed question when one of the targets is the home folder.
    func homeQuestion(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        let paths = try await deletionPaths(of: action, arguments)
        return paths.first(where: library.needsSecondConfirmation).map(Self.typedQuestion)
    }
}

import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// Deleting several marked rows in one action: `delete a,b,c` (the item
/// parameter holding a comma-separated list, the shape marks take in every
/// list screen). One question names the count and the total; each entry
/// gets every check a single delete makes (mount points, the home folder,
/// a running scan), all before anything is deleted.
extension FoldersViewModel {
    /// The names an `item` marks, or nil when it names one entry (a row
    /// whose own name holds a comma stays one entry).
    func markedNames(_ item: String) throws(ScreenError) -> [String]? {
        guard item.contains(","), !folder.children.contains(where: { $0.name == item }) else { return nil }
        var names: [String] = []
        for part in item.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !part.isEmpty else {
                throw .invalidParams("'\(item)' has an empty name in its list: give names separated by single commas.")
            }
            if !names.contains(part) { names.append(part) }
        }
        return names
    }

    /// Measures every marked entry; the first that cannot be deleted is the
    /// error, and then nothing is.
    func planMarked(_ names: [String]) async throws(ScreenError) -> [FolderDeletionPlan] {
        var plans: [FolderDeletionPlan] = []
        for name in names {
            let target = try await deletionTarget(name)
            do {
                if folder.isScanning { throw FolderError.busy(folder.path) }
                plans.append(try await library.planDeletion(target))
            } catch {
                throw ErrorPresentation.screenError(error)
            }
        }
        return plans
    }

    func deleteMarked(_ names: [String], confirmed: Bool, confirmPath: String?) async throws(ScreenError) {
        let plans = try await planMarked(names)
        guard confirmed else {
            askAboutMarked(plans, names: names)
            return
        }
        try await carryOutMarked(plans, confirmPath: confirmPath)
    }

    func carryOutMarked(_ plans: [FolderDeletionPlan], confirmPath: String?) async throws(ScreenError) {
        do {
            for plan in plans where library.needsSecondConfirmation(plan.path)
                && confirmPath.map({ FolderPath.normalize($0) }) != plan.path {
                throw FolderError.protected(
                    plan.path, reason: "is your home folder; to delete it, confirm a second time with --confirm-path \(plan.path)")
            }
            forgetMarked()
            var done: [FolderDeletionPlan] = []
            do {
                for plan in plans {
                    try await library.delete(plan)
                    done.append(plan)
                }
            } catch {
                // What went before the failure is gone: say so beside the error.
                if !done.isEmpty { tell("Deleted \(Self.markedAmount(done)) before the error.") }
                throw error
            }
            tell("Deleted \(Self.markedAmount(plans)).")
        } catch let error as ScreenError {
            throw error
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    /// "Delete 3 items (1.2 GiB, 3,400 files): a, b, c?"
    static func markedQuestion(_ plans: [FolderDeletionPlan]) -> String {
        let names = plans.map { FolderPath.name($0.path) }.joined(separator: ", ")
        return "Delete \(markedAmount(plans)): \(names)?"
    }

    /// "3 items (1.2 GiB, 3,400 files)": a file counts itself.
    static func markedAmount(_ plans: [FolderDeletionPlan]) -> String {
        var bytes: Int64 = 0
        var files = 0
        for plan in plans {
            bytes.addSize(plan.bytes)
            files += plan.kind == .directory ? plan.files : 1
        }
        return "\(Formatters.count(plans.count, "item")) (\(FolderFormat.size(bytes)), \(Formatters.count(files, "file")))"
    }
}

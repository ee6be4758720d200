import Domain
import FeatureKit
import Foundation
import Presentation
import ScreenKit
import Services

/// Wires the folder screens (seed 002): the list, the detail and the rename
/// screen, all sharing the one `FolderLibrary` so they share folder models.
/// No tables: folders live on disk.
final class FoldersFeature: Feature {
    let environment: [String: String]

    /// Built when a folder screen first opens (a one-shot playlist command
    /// never builds the scanner or the watcher); then shared by every screen.
    private(set) lazy var library = Self.makeLibrary(environment: environment)

    init(context: FeatureContext) {
        environment = context.environment
    }

    func register(in registry: ScreenRegistry) {
        registry.register(ScreenRegistration(FoldersViewModel.descriptor) { params in
            FoldersViewModel(
                library: self.library, path: Self.path(params),
                sort: params.string("sort").flatMap(FoldersViewModel.Sort.init(rawValue:)) ?? .size,
                showFiles: params.bool("files") ?? false, crossDevices: params.bool("cross-devices") ?? false)
        })
        registry.register(ScreenRegistration(FolderDetailViewModel.descriptor) { params in
            FolderDetailViewModel(library: self.library, path: Self.path(params))
        })
        registry.register(ScreenRegistration(RenameFolderViewModel.descriptor) { params in
            RenameFolderViewModel(library: self.library, path: Self.path(params))
        })
    }

    /// The `path` parameter made absolute against the current directory
    /// (its default); a `..` is resolved as the kernel means it (through
    /// symlinks), the rest lexically.
    nonisolated static func path(_ params: ActionArguments) -> String {
        let current = FileManager.default.currentDirectoryPath
        let given = params.string("path") ?? "."
        return KernelPath.resolvingParents(given.hasPrefix("/") ? given : current + "/" + given)
    }

    /// Scans use two threads (both cores of the machines Facet targets);
    /// `FACET_SCAN_THREADS` overrides it, for benchmarks and bigger machines.
    static func makeLibrary(environment: [String: String]) -> FolderLibrary {
        let threads = environment["FACET_SCAN_THREADS"].flatMap(Int.init).map { min(max($0, 1), 64) } ?? 2
        return FolderLibrary(
            scanner: DirectoryScanner(threads: threads), renamer: NoReplaceRenamer(), watcher: InotifyWatcher())
    }
}
